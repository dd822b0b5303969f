"""Ikebana engine speed: random self-play games/s for 2 and 4 players, and bouquet scorings/s.

Random self-play goes through the public State API (``legal_actions()`` then a checked
``apply()`` each move, what an agent loop does). Scoring is measured twice: the fast path the
engine and bots use (:func:`bouquet_total` on card codes) and the full breakdown
(:func:`score_bouquet` on cards). A greedy-vs-random strength run is available too.

Usage::

    python benchmarks/ikebana_bench.py --seconds 3
    python benchmarks/ikebana_bench.py --strength 1000

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import random
import time

import cardgames
from cardgames.core.agents import RandomAgent
from cardgames.core.loop import play
from cardgames.ikebana import IkebanaState, bouquet_total, score_bouquet
from cardgames.ikebana.bots import GreedyBot
from cardgames.ikebana.cards import FULL_DECK, FULL_DECK_CODES


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
    for label, function, data in (
        ("bouquet_total (codes)", bouquet_total, code_hands),
        ("score_bouquet (breakdown)", score_bouquet, card_hands),
    ):
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for hand in data:
                function(hand)  # type: ignore[operator]  # both take a 5-card sequence
            count += len(data)
        elapsed = time.perf_counter() - start
        lines.append(f"{label:<28} {count / elapsed:12,.0f} scorings/s")
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
    args = parser.parse_args()
    for players in (2, 4):
        print(self_play(players, args.seconds))
    for line in scorings(args.seconds):
        print(line)
    if args.strength:
        print(strength(args.strength))


if __name__ == "__main__":
    main()
