"""Ikebana engine speed: random self-play games/s for 2 and 4 players, and bouquet scorings/s.

Random self-play goes through the public State API (``legal_actions()`` then a checked
``apply()`` each move, what an agent loop does). Scoring is measured twice: the fast path the
engine and bots use (:func:`bouquet_total` on card codes) and the full breakdown
(:func:`score_bouquet` on cards). The greedy bot's decisions are timed on the views of
seeded greedy games (2 and 4 players); given another version of ``bots.py`` (say the one
before a change: ``git show REV:src/cardgames/ikebana/bots.py > /tmp/old_bots.py``) it is
timed on the same views, interleaved, and the ratio printed. A greedy-vs-random strength
run is available too.

Usage::

    python benchmarks/ikebana_bench.py --seconds 3
    python benchmarks/ikebana_bench.py --greedy-reference /tmp/old_bots.py
    python benchmarks/ikebana_bench.py --strength 1000

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cardgames
from cardgames.core.agents import RandomAgent
from cardgames.core.loop import play
from cardgames.ikebana import IkebanaAction, IkebanaState, IkebanaView, bouquet_total, score_bouquet
from cardgames.ikebana.bots import GreedyBot
from cardgames.ikebana.cards import FULL_DECK, FULL_DECK_CODES

Decision = tuple[IkebanaView, list[IkebanaAction]]


def self_play(players: int, seconds: float, preset: str = "default") -> str:
    """Random games through legal_actions/apply for `seconds`; a line with the rates."""
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardgames.new_game("ikebana", players=players, seed=games, preset=preset)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return (
        f"random self-play, {players} players ({preset}): {games / elapsed:8,.1f} games/s "
        f"{moves / elapsed:10,.0f} moves/s ({games} games)"
    )


def scorings(seconds: float) -> list[str]:
    """Bouquet scorings per second, fast path and with breakdown."""
    rng = random.Random(2)
    hands = [rng.sample(range(len(FULL_DECK_CODES)), 5) for _ in range(10_000)]
    code_hands = [[FULL_DECK_CODES[i] for i in hand] for hand in hands]
    card_hands = [[FULL_DECK[i] for i in hand] for hand in hands]
    lines = []
    cases: tuple[tuple[str, Callable[[Any], object], list[Any]], ...] = (
        ("bouquet_total (codes)", bouquet_total, code_hands),
        ("score_bouquet (breakdown)", score_bouquet, card_hands),
    )
    for label, function, data in cases:
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for hand in data:
                function(hand)
            count += len(data)
        elapsed = time.perf_counter() - start
        lines.append(f"{label:<28} {count / elapsed:12,.0f} scorings/s")
    return lines


def greedy_decisions(players: int, games: int = 30) -> list[Decision]:
    """Every decision (view and legal actions) of `games` seeded greedy self-play games."""
    decisions: list[Decision] = []
    for seed in range(games):
        state = cardgames.new_game("ikebana", players=players, seed=seed)
        bots = [GreedyBot(seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            decision = (state.view(seat), state.legal_actions())
            decisions.append(decision)
            state.apply(bots[seat].act(*decision))
    return decisions


def _time_bot(make: Callable[[int], Any], decisions: Sequence[Decision]) -> float:
    """Microseconds per decision of a fresh bot over `decisions`."""
    bot = make(0)
    start = time.perf_counter()
    for view, legal in decisions:
        bot.act(view, legal)
    return (time.perf_counter() - start) / len(decisions) * 1e6


def greedy_speed(seconds: float, reference: Path | None) -> list[str]:
    """The greedy bot's time per decision at 2 and 4 players (the best of interleaved
    repeats), beside `reference`'s GreedyBot on the same views when given."""
    old: Callable[[int], Any] | None = None
    if reference is not None:
        spec = importlib.util.spec_from_file_location("reference_bots", reference)
        if spec is None or spec.loader is None:
            raise SystemExit(f"--greedy-reference: cannot load {reference} as a Python module")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        old = module.GreedyBot
    lines = []
    for players in (2, 4):
        decisions = greedy_decisions(players)
        new_times: list[float] = []
        old_times: list[float] = []
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or not new_times:
            new_times.append(_time_bot(GreedyBot, decisions))
            if old is not None:
                old_times.append(_time_bot(old, decisions))
        line = (f"greedy decision, {players} players: {min(new_times):6.2f} us "
                f"({len(decisions)} decisions, best of {len(new_times)})")
        if old_times:
            line += (f"; reference {min(old_times):6.2f} us, "
                     f"{min(old_times) / min(new_times):.2f}x faster now")
        lines.append(line)
    return lines


def strength(games: int, players: int = 2) -> str:
    """Greedy bot (rotating seats) against random bots: its win rate over `games` games."""
    wins = shared = 0
    start = time.perf_counter()
    for seed in range(games):
        state = cardgames.new_game("ikebana", players=players, seed=seed)
        assert isinstance(state, IkebanaState)
        greedy_seat = seed % players
        agents = [
            GreedyBot(seed) if seat == greedy_seat else RandomAgent(seed * 7 + seat)
            for seat in range(players)
        ]
        play(state, agents)
        winners = state.winners()
        if greedy_seat in winners:
            if len(winners) == 1:
                wins += 1
            else:
                shared += 1
    elapsed = time.perf_counter() - start
    return (
        f"greedy vs random, {players} players: {wins}/{games} won ({wins / games:.1%}), "
        f"{shared} shared, {elapsed:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--strength", type=int, default=0, help="also play N strength games")
    parser.add_argument("--greedy-reference", type=Path, default=None, metavar="BOTS_PY",
                        help="another bots.py whose GreedyBot to time on the same views")
    args = parser.parse_args()
    for players in (2, 4):
        print(self_play(players, args.seconds))
    for line in scorings(args.seconds):
        print(line)
    for line in greedy_speed(args.seconds, args.greedy_reference):
        print(line)
    if args.strength:
        print(strength(args.strength))


if __name__ == "__main__":
    main()
