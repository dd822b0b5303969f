"""Hanabi environment speed with observations: cardgames.rl against HLE and OpenSpiel.

Random agents play the standard game (HLE's: empty clues forbidden) for a fixed wall-clock
budget; every step produces observations, as a learning loop needs them. Measured:

* ``cardgames.rl.hanabi_hle``: our HLE drop-in, ``env.step(uid)`` returning HLE's dicts for every
  seat (each with its legal moves and its 658.. -value ``vectorized`` list), exactly what
  HLE's ``rl_env`` does;
* ``cardgames step + observation``: the lean loop a PettingZoo or search agent runs:
  ``state.step(id)``, then the player to act's ``observation(view)`` vector and
  ``legal_action_ids()``;
* HLE's ``rl_env`` (C++ through cffi), when ``hanabi_learning_environment`` is importable;
* OpenSpiel's hanabi (C++, wrapping HLE): ``apply_action`` with ``observation_tensor`` and
  ``legal_actions`` of the player to act, chance deals not counted, when ``pyspiel`` is
  importable.

HLE and OpenSpiel are not dependencies. Installed in another virtualenv, they are measured by
running this script there (``--peer-python``); the engines take turns in short rounds so a
busy machine slows them alike, and the ratios are printed. Usage::

    python benchmarks/rl_bench.py --seconds 10 --players 2
    python benchmarks/rl_bench.py --seconds 10 --players 2 --peer-python /tmp/hle/bin/python

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Steps = Callable[[float], int]
"""Play random games for about the given seconds; return the steps taken."""


def _until(seconds: float, play_one: Callable[[], int]) -> int:
    steps = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        steps += play_one()
    return steps


def _rl_env_steps(rl_env: Any, players: int, seed: int) -> Steps:
    """Random play through an ``rl_env`` module's API: HLE's, or ours (the same code)."""
    env = rl_env.HanabiEnv({"players": players, "seed": seed})
    rng = random.Random(seed)

    def play_one() -> int:
        observations = env.reset()
        done = False
        steps = 0
        while not done:
            seat = observations["current_player"]
            legal = observations["player_observations"][seat]["legal_moves_as_int"]
            observations, _, done, _ = env.step(rng.choice(legal))
            steps += 1
        return steps

    return lambda seconds: _until(seconds, play_one)


def ours_hle_api(players: int, seed: int) -> Steps:
    from cardgames.rl import hanabi_hle  # noqa: PLC0415  # a --peer-python interpreter has no cardgames

    return _rl_env_steps(hanabi_hle, players, seed)


def ours_lean(players: int, seed: int) -> Steps:
    from cardgames.hanabi import HanabiState, variant_from_name  # noqa: PLC0415  # as above
    from cardgames.rl import hanabi  # noqa: PLC0415  # as above

    rng = random.Random(seed)
    games = iter(range(seed, sys.maxsize))
    variant = variant_from_name("no-empty-clues")

    def play_one() -> int:
        state = HanabiState.new(variant, players=players, seed=next(games))
        steps = 0
        seat = state.current_player
        while seat is not None:
            hanabi.observation(state.view(seat))
            state.step(rng.choice(state.legal_action_ids()))
            steps += 1
            seat = state.current_player
        return steps

    return lambda seconds: _until(seconds, play_one)


def hle_rl_env(players: int, seed: int) -> Steps | None:
    try:
        from hanabi_learning_environment import rl_env  # type: ignore[import-not-found]  # noqa: PLC0415  # a peer, when installed
    except ImportError:  # optional: measured only where installed
        return None
    return _rl_env_steps(rl_env, players, seed)


def open_spiel(players: int, seed: int) -> Steps | None:
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  # a peer, when installed
    except ImportError:  # optional: measured only where installed
        return None
    game = pyspiel.load_game("hanabi", {"players": players})
    rng = random.Random(seed)

    def play_one() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return lambda seconds: _until(seconds, play_one)


SIDES: dict[str, tuple[str, Callable[[int, int], Steps | None]]] = {
    "ours-hle": ("cardgames.rl.hanabi_hle (HLE's dicts, every seat)", ours_hle_api),
    "ours-lean": ("cardgames step + observation", ours_lean),
    "hle": ("HLE rl_env (C++ via cffi)", hle_rl_env),
    "openspiel": ("OpenSpiel hanabi observation_tensor", open_spiel),
}
PEERS = ("hle", "openspiel")


def _peer(python: str, side: str, seconds: float, players: int, seed: int) -> int | None:
    """Steps `side` took in `seconds` when run by another interpreter (None: not there)."""
    done = subprocess.run(
        [python, str(Path(__file__).resolve()), "--side", side, "--seconds", str(seconds),
         "--players", str(players), "--seed", str(seed)],
        capture_output=True, text=True, check=True)
    answer: dict[str, Any] = json.loads(done.stdout)
    steps: int | None = answer["steps"]
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="wall time per engine")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternate the engines this many times")
    parser.add_argument("--peer-python", help="an interpreter with HLE and/or OpenSpiel")
    parser.add_argument("--side", choices=sorted(SIDES), help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.side:  # one engine, for a parent run in another interpreter: JSON out
        steps_for = SIDES[args.side][1](args.players, args.seed)
        steps = None if steps_for is None else steps_for(args.seconds)
        print(json.dumps({"steps": steps}))
        return

    print(f"Hanabi environment steps with observations, {args.players} players, "
          f"{args.seconds:g} s per engine")
    rounds = max(1, args.rounds)
    slice_ = args.seconds / rounds
    local = {name: SIDES[name][1](args.players, args.seed) for name in SIDES}
    totals: dict[str, int | None] = dict.fromkeys(SIDES, 0)
    for _ in range(rounds):
        for name, steps_for in local.items():
            if steps_for is not None:
                totals[name] = (totals[name] or 0) + steps_for(slice_)
            elif args.peer_python and name in PEERS and totals[name] is not None:
                steps = _peer(args.peer_python, name, slice_, args.players, args.seed)
                totals[name] = None if steps is None else (totals[name] or 0) + steps
            else:
                totals[name] = None
    rates = {name: None if steps is None else steps / args.seconds
             for name, steps in totals.items()}
    for name, rate in rates.items():
        label = SIDES[name][0]
        shown = "not installed" if rate is None else f"{rate:>10,.0f} steps/s"
        print(f"  {label:<46} {shown}")
    for ours, theirs in (("ours-hle", "hle"), ("ours-lean", "openspiel"), ("ours-lean", "hle")):
        mine, peer = rates[ours], rates[theirs]
        if mine is not None and peer is not None:
            print(f"  ratio {SIDES[ours][0]} / {SIDES[theirs][0]}: {mine / peer:.2f}x")


if __name__ == "__main__":
    main()
