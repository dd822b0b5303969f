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

With ``--openspiel`` random play runs side by side with OpenSpiel's C++ hanabi driven from
Python (``pyspiel``: ``legal_actions()`` then ``apply_action()``, its chance nodes dealt by
sampling ``chance_outcomes()``; not a dependency of this project), at 2 and 4 players (or
``--players``): ours through ``legal_actions()`` + ``apply()`` (events built) and through
``legal_action_ids()`` + ``step()`` (no events), the three taking turns in short rounds.
It prints each round's moves/s and the median ratios. Run it with the interpreter that has
``pyspiel`` and this project's sources on the path, so that both use the same Python::

    PYTHONPATH=src /path/to/venv-with-open_spiel/bin/python benchmarks/hanabi_bench.py \
        --openspiel --seconds 60 --rounds 15

OpenSpiel's hanabi plays HLE's rules, where a clue must touch a card: ``--variant
no-empty-clues`` is the like-for-like game (the default, ``standard``, allows empty clues,
so its legal lists are longer but need no touching-clue filter). To compare two commits of
this project, run the same command with ``PYTHONPATH`` pointing at each one's ``src`` in
turn (e.g. a ``git worktree`` of the older commit).

Usage::

    python benchmarks/hanabi_bench.py --seconds 5
    python benchmarks/hanabi_bench.py --seconds 5 --players 3 --variant rainbow
    python benchmarks/hanabi_bench.py --seconds 6 --variant "Prism (6 Suits)" --against standard
    PYTHONPATH=src python benchmarks/hanabi_bench.py --openspiel --seconds 60 --rounds 15

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
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
    before: Throughput | None = None, clock: Callable[[], float] = time.perf_counter,
) -> Throughput:
    """Call ``play_one(game_index)`` -> (moves, score) until `seconds` have passed on
    `clock` (wall time by default; ``time.process_time`` counts only this process's CPU
    time, which a busy machine disturbs far less).

    `before` carries on from an earlier run (its games are not replayed).
    """
    moves = games = score_sum = 0
    elapsed = 0.0
    if before is not None:
        moves, games, score_sum, elapsed = (before.moves, before.games, before.score_sum,
                                            before.seconds)
    start = clock()
    deadline = start + seconds
    while True:
        game_moves, score = play_one(games)
        moves += game_moves
        score_sum += score
        games += 1
        now = clock()
        if now >= deadline:
            return Throughput(label, moves, games, score_sum, elapsed + now - start)


def ours(
    players: int, variant: str, seed: int, sensible: bool = False
) -> Callable[[int], tuple[int, int]]:
    """One random game through cardgames' public API; game i is dealt from `seed` + i.

    `sensible`: four moves in five are drawn among the legal moves that are not misplays
    (the player peeks at its own hand), so that games last to their final round instead of
    burning their fuses in a dozen moves.
    """

    # One generator for the whole run: seeding one per game would time the harness.
    rng = random.Random(seed)

    def play_one(game_index: int) -> tuple[int, int]:
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
        from hanabi_learning_environment import pyhanabi  # type: ignore[import-not-found]  # noqa: PLC0415  # a peer, when installed
    except ImportError:  # HLE is optional: the benchmark then measures only our engine.
        return None
    return pyhanabi


def hle(pyhanabi: Any, players: int, seed: int) -> Callable[[int], tuple[int, int]]:
    """One random game through HLE's Python API; chance nodes deal a card (not counted)."""
    chance = pyhanabi.CHANCE_PLAYER_ID

    # One generator for the whole run: seeding one per game would time the harness.
    rng = random.Random(seed)

    def play_one(game_index: int) -> tuple[int, int]:
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


def ours_by_id(players: int, variant: str, seed: int) -> Callable[[int], tuple[int, int]]:
    """One random game through the action-id fast path: ``legal_action_ids()`` then
    ``step()``, which builds no events (what a learning loop does)."""

    # One generator for the whole run: seeding one per game would time the harness.
    rng = random.Random(seed)

    def play_one(game_index: int) -> tuple[int, int]:
        state = cardgames.new_game(
            "hanabi", players=players, seed=seed + game_index, variant=variant
        )
        choice = rng.choice
        legal_ids = state.legal_action_ids
        step = state.step
        moves = 0
        while not state.is_over:
            step(choice(legal_ids()))
            moves += 1
        return moves, state.scores()[0]

    return play_one


def load_pyspiel() -> Any | None:
    """OpenSpiel's pyspiel module, or None when it is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  # a peer, when installed
    except ImportError:  # OpenSpiel is optional: there is then nothing to compare with.
        return None
    return pyspiel


def openspiel(pyspiel: Any, players: int, seed: int) -> Callable[[int], tuple[int, int]]:
    """One random game through OpenSpiel's Python API: ``legal_actions()`` then
    ``apply_action()``; a chance node deals the outcome sampled from ``chance_outcomes()``
    (not counted as a move)."""
    game = pyspiel.load_game("hanabi", {"players": players, "seed": seed})

    # One generator for the whole run: seeding one per game would time the harness.
    rng = random.Random(seed)

    def play_one(game_index: int) -> tuple[int, int]:
        state = game.new_initial_state()
        choice = rng.choice
        draw = rng.random
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                point = draw()
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    point -= probability
                    if point < 0:
                        action = outcome
                        break
                state.apply_action(action)
                continue
            state.apply_action(choice(state.legal_actions()))
            moves += 1
        return moves, int(state.returns()[0])

    return play_one


def versus_openspiel(args: argparse.Namespace, pyspiel: Any) -> None:
    """Ours (apply, step) and OpenSpiel in alternating rounds, per player count: each
    round's moves/s and the median ratios."""
    rounds = max(1, args.rounds)
    counts = [args.players] if args.players_given else [2, 4]
    slice_ = args.seconds / rounds / len(counts) / 3
    print(f"variant {args.variant!r}; {rounds} rounds of {slice_:.2f} s of CPU time per "
          f"engine and player count; load average before: {_load()}")
    for players in counts:
        engines = {
            "apply": ours(players, args.variant, args.seed),
            "step": ours_by_id(players, args.variant, args.seed),
            "openspiel": openspiel(pyspiel, players, args.seed),
        }
        rates: dict[str, list[float]] = {name: [] for name in engines}
        for _ in range(rounds):
            for name, play_one in engines.items():
                rates[name].append(
                    run_for(slice_, play_one, name, clock=time.process_time).moves_per_second)
        apply_ratio = [a / o for a, o in zip(rates["apply"], rates["openspiel"], strict=True)]
        step_ratio = [s / o for s, o in zip(rates["step"], rates["openspiel"], strict=True)]
        print(f"{players} players: median moves/s  apply {statistics.median(rates['apply']):,.0f}"
              f"  step {statistics.median(rates['step']):,.0f}"
              f"  OpenSpiel {statistics.median(rates['openspiel']):,.0f}")
        print(f"{players} players: ratio to OpenSpiel (median of rounds)  "
              f"apply {statistics.median(apply_ratio):.2f}x "
              f"(rounds {min(apply_ratio):.2f}-{max(apply_ratio):.2f})  "
              f"step {statistics.median(step_ratio):.2f}x "
              f"(rounds {min(step_ratio):.2f}-{max(step_ratio):.2f})")
    print(f"load average after: {_load()}")


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # not every system reports it
        return "unknown"


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
    parser.add_argument("--players", type=int, default=None,
                        help="2 by default (with --openspiel: 2 and 4)")
    parser.add_argument("--variant", default="standard",
                        help="our variant name, a + spec or a hanab.live variant name")
    parser.add_argument("--sensible", action="store_true",
                        help="random moves that are mostly not misplays (games last longer)")
    parser.add_argument("--against", default=None,
                        help="time the variant against this one and print the cost ratio")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternate the engines this many times")
    parser.add_argument("--openspiel", action="store_true",
                        help="compare apply() and step() with OpenSpiel's hanabi (pyspiel)")
    args = parser.parse_args()
    args.players_given = args.players is not None
    if args.players is None:
        args.players = 2
    if args.openspiel:
        pyspiel = load_pyspiel()
        if pyspiel is None:
            print("pyspiel (OpenSpiel) is not importable with this interpreter: no comparison")
            return
        print(f"Hanabi random play, cardgames against OpenSpiel, {args.seconds:g} s in all")
        versus_openspiel(args, pyspiel)
        return

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
