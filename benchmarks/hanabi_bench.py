"""Hanabi engine speed: random self-play, 2 players, standard deck.

Plays random games through the public State API (``legal_actions()`` then a checked
``apply()`` each move, exactly what an agent loop does) for a fixed wall-clock budget and
prints moves/s and games/s. When the DeepMind Hanabi Learning Environment is importable
(``CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment``; it is not a
dependency of this project) the same work runs through its Python API (``pyhanabi``:
``legal_moves()`` then ``apply_move()``, dealing at chance nodes) and the ratio is printed.

With ``--against NAME`` the variant is timed against another one (e.g. a heavy hanab.live
variant against the standard game, issue 10's speed check), the two taking turns in short
rounds, and the cost ratio per move and per game is printed.

Usage::

    python benchmarks/hanabi_bench.py --seconds 5
    python benchmarks/hanabi_bench.py --seconds 5 --players 3 --variant rainbow
    python benchmarks/hanabi_bench.py --seconds 6 --variant "Prism (6 Suits)" --against standard

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import cardgames
from cardgames.hanabi import HanabiState, Play


class Throughput:
    """Moves, games and total score over an elapsed time."""

    def __init__(self, label: str, moves: int, games: int, score_sum: int, seconds: float):
        self.label = label
        self.moves = moves
        self.games = games
        self.score_sum = score_sum
        self.seconds = seconds

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def line(self) -> str:
        mean = self.score_sum / self.games if self.games else 0.0
        return (
            f"{self.label:<34} {self.moves_per_second:>12,.0f} moves/s "
            f"{self.games_per_second:>10,.1f} games/s   "
            f"({self.games} games, {self.moves} moves, mean score {mean:.2f})"
        )


def run_for(
    seconds: float, play_one: Callable[[int], tuple[int, int]], label: str,
    before: Throughput | None = None,
) -> Throughput:
    """Call ``play_one(game_index)`` -> (moves, score) until `seconds` have passed.

    `before` carries on from an earlier run (its games are not replayed).
    """
    moves = games = score_sum = 0
    elapsed = 0.0
    if before is not None:
        moves, games, score_sum, elapsed = (before.moves, before.games, before.score_sum,
                                            before.seconds)
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game_moves, score = play_one(games)
        moves += game_moves
        score_sum += score
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return Throughput(label, moves, games, score_sum, elapsed + now - start)


def ours(
    players: int, variant: str, seed: int, sensible: bool = False
) -> Callable[[int], tuple[int, int]]:
    """One random game through cardgames' public API, seeded per game.

    `sensible`: four moves in five are drawn among the legal moves that are not misplays
    (the player peeks at its own hand), so that games last to their final round instead of
    burning their fuses in a dozen moves.
    """

    def play_one(game_index: int) -> tuple[int, int]:
        rng = random.Random(seed * 1_000_003 + game_index)
        state = cardgames.new_game(
            "hanabi", players=players, seed=seed + game_index, variant=variant
        )
        assert isinstance(state, HanabiState)
        choice = rng.choice
        legal_actions = state.legal_actions
        apply = state.apply
        moves = 0
        while not state.is_over:
            legal = legal_actions()
            if sensible and rng.random() < 0.8:
                hand = state.hand(state.current_player or 0)
                fits = state.playable_cards()
                legal = [a for a in legal
                         if not isinstance(a, Play) or hand[a.slot - 1] in fits] or legal
            apply(choice(legal))
            moves += 1
        return moves, state.scores()[0]

    return play_one


def load_pyhanabi() -> Any | None:
    """HLE's pyhanabi module, or None when it is not installed."""
    try:
        from hanabi_learning_environment import pyhanabi  # type: ignore[import-not-found]
    except ImportError:  # HLE is optional: the benchmark then measures only our engine.
        return None
    return pyhanabi


def hle(pyhanabi: Any, players: int, seed: int) -> Callable[[int], tuple[int, int]]:
    """One random game through HLE's Python API; chance nodes deal a card (not counted)."""
    chance = pyhanabi.CHANCE_PLAYER_ID

    def play_one(game_index: int) -> tuple[int, int]:
        rng = random.Random(seed * 1_000_003 + game_index)
        game = pyhanabi.HanabiGame({"players": players, "seed": seed + game_index})
        state = game.new_initial_state()
        choice = rng.choice
        moves = 0
        while not state.is_terminal():
            if state.cur_player() == chance:
                state.deal_random_card()
                continue
            state.apply_move(choice(state.legal_moves()))
            moves += 1
        return moves, state.score()

    return play_one


def against(args: argparse.Namespace) -> None:
    """Our engine on `args.variant` and on `args.against`, in alternating rounds: their
    throughputs and the cost ratio (how many times the base's time a move or a game takes)."""
    rounds = max(1, args.rounds)
    slice_ = args.seconds / rounds
    play_variant = ours(args.players, args.variant, args.seed, args.sensible)
    play_base = ours(args.players, args.against, args.seed, args.sensible)
    mine: Throughput | None = None
    base: Throughput | None = None
    for _ in range(rounds):
        base = run_for(slice_, play_base, args.against[:34], base)
        mine = run_for(slice_, play_variant, args.variant[:34], mine)
    assert mine is not None
    assert base is not None
    print(base.line())
    print(mine.line())
    print(
        f"cost ratio {args.variant!r} / {args.against!r}: "
        f"{base.moves_per_second / mine.moves_per_second:.2f}x per move, "
        f"{base.games_per_second / mine.games_per_second:.2f}x per game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time per engine")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="standard",
                        help="our variant name, a + spec or a hanab.live variant name")
    parser.add_argument("--sensible", action="store_true",
                        help="random moves that are mostly not misplays (games last longer)")
    parser.add_argument("--against", default=None,
                        help="time the variant against this one and print the cost ratio")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternate the engines this many times")
    args = parser.parse_args()

    print(
        f"Hanabi random self-play, {args.players} players, variant {args.variant!r}, "
        f"{args.seconds:g} s per engine"
    )
    if args.against is not None:
        against(args)
        return
    pyhanabi = load_pyhanabi()
    compare = pyhanabi is not None and args.variant in ("standard", "no-empty-clues")
    # The engines take turns in short rounds, so a busy machine slows both alike.
    rounds = max(1, args.rounds)
    slice_ = args.seconds / rounds
    play_ours = ours(args.players, args.variant, args.seed, args.sensible)
    play_hle = hle(pyhanabi, args.players, args.seed) if compare else None
    mine: Throughput | None = None
    theirs: Throughput | None = None
    for _ in range(rounds):
        mine = run_for(slice_, play_ours, "cardgames", mine)
        if play_hle is not None:
            theirs = run_for(slice_, play_hle, "HLE pyhanabi (C++ via cffi)", theirs)
    assert mine is not None
    print(mine.line())
    if pyhanabi is None:
        print("hanabi-learning-environment is not installed: no comparison")
        return
    if theirs is None:
        print("HLE comparison runs only on the standard deck")
        return
    print(theirs.line())
    print(
        f"ratio cardgames/HLE: {mine.moves_per_second / theirs.moves_per_second:.2f}x moves/s, "
        f"{mine.games_per_second / theirs.games_per_second:.2f}x games/s"
    )


if __name__ == "__main__":
    main()
