"""Koi-Koi engine speed: random self-play rounds/s, 12-round matches/s, greedy-bot decisions/s.

Plays random games through the public State API (``legal_actions()`` then a checked
``apply()`` every move, what an agent loop does, without building views) for a wall-clock
budget each, and reports rates per CPU second of this process:

* **rounds**: one-round matches (``rounds=1``), so every game is a fresh deal, one round
  played out (koi-koi and stop chosen at random like every other decision) and scored; once
  through the checked ``apply()`` (events built) and once through the id fast path
  (``legal_action_ids()`` then ``step()``, no events built: what a learning loop does);
* **matches**: whole matches of the preset's rounds (12 for ``nintendo``), reported as
  matches/s and, counting their rounds, rounds/s;
* **greedy decisions**: greedy bot against greedy bot, timing only the decisions (the seat's
  view built, then ``GreedyBot.choose``) of positions with more than one legal action;
* **clone, view**: the cost of ``clone()`` and of ``view()`` in a position mid-match.

With ``--bots`` it also times a match between the greedy and the random bot through the
agent loop (views built every move), the cost of a simulation.

Speed is compared with an older version of the library by running this same file against
it, alternating, e.g. with the pre-issue-13 commit checked out in /tmp/kk-base::

    git worktree add /tmp/kk-base <commit>
    PYTHONPATH=/tmp/kk-base/src python benchmarks/koikoi_bench.py --seconds 3
    PYTHONPATH=src python benchmarks/koikoi_bench.py --seconds 3

Usage::

    python benchmarks/koikoi_bench.py --seconds 5
    python benchmarks/koikoi_bench.py --seconds 5 --preset online --bots

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import cardgames
from cardgames.core.agents import RandomAgent
from cardgames.core.loop import play
from cardgames.koikoi import KoiKoiState, make_rules
from cardgames.koikoi.bots import GreedyBot


def run_for(
    seconds: float, play_one: Callable[[int], tuple[int, int]]
) -> tuple[int, int, int, float]:
    """Call ``play_one(i)`` -> (rounds, moves) until `seconds` pass: (games, rounds, moves, s).

    The time returned is this process's CPU time, so that other work on a shared machine
    does not count against the engine (the wall-clock budget still bounds the run).
    """
    games = rounds = moves = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        game_rounds, game_moves = play_one(games)
        rounds += game_rounds
        moves += game_moves
        games += 1
        if time.perf_counter() >= deadline:
            return games, rounds, moves, time.process_time() - cpu_start


def random_games(
    preset: str, rounds: int | None, seed: int, *, by_id: bool = False
) -> Callable[[int], tuple[int, int]]:
    """One random game (match) per call through the public API, seeded per game: actions
    through ``apply`` (or ids through ``step`` when `by_id`)."""
    info = cardgames.get_game("koikoi")
    # Options are built and validated once, as a simulation does, not once per game.
    rules = make_rules(preset) if rounds is None else make_rules(preset, rounds=rounds)

    def play_one(index: int) -> tuple[int, int]:
        state = info.new_game(2, seed + index, options=rules)
        assert isinstance(state, KoiKoiState)
        rng = random.Random(seed * 1_000_003 + index)
        choice = rng.choice
        moves = 0
        if by_id:
            legal_ids = state.legal_action_ids
            step = state.step
            while not state.is_over:
                step(choice(legal_ids()))
                moves += 1
        else:
            legal_actions = state.legal_actions
            apply = state.apply
            while not state.is_over:
                apply(choice(legal_actions()))
                moves += 1
        return len(state.round_results), moves

    return play_one


def bot_matches(preset: str, seed: int) -> Callable[[int], tuple[int, int]]:
    """One greedy-vs-random match per call through the agent loop (views every move)."""

    info = cardgames.get_game("koikoi")
    rules = make_rules(preset)

    def play_one(index: int) -> tuple[int, int]:
        state = info.new_game(2, seed + index, options=rules)
        assert isinstance(state, KoiKoiState)
        agents = [GreedyBot(index), RandomAgent(index)]
        if index % 2:
            agents.reverse()
        play(state, agents)  # type: ignore[arg-type]  # a list of two different Agent types
        return len(state.round_results), state.move_count

    return play_one


def greedy_decisions(preset: str, seconds: float, seed: int) -> tuple[int, float]:
    """Greedy-vs-greedy matches for `seconds`: (decisions, CPU seconds spent deciding)."""
    info = cardgames.get_game("koikoi")
    rules = make_rules(preset)
    decisions = 0
    spent = 0.0
    deadline = time.perf_counter() + seconds
    index = 0
    while time.perf_counter() < deadline:
        state = info.new_game(2, seed + index, options=rules)
        assert isinstance(state, KoiKoiState)
        bots = (GreedyBot(index), GreedyBot(index + 1))
        index += 1
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            start = time.process_time()
            action = bots[seat].choose(state.view(seat), legal)
            spent += time.process_time() - start
            decisions += 1
            state.apply(action)
    return decisions, spent


def per_call(function: Callable[[], object], calls: int = 20_000) -> float:
    """Microseconds per call of `function`, the best of five timed runs."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(calls):
            function()
        best = min(best, time.process_time() - start)
    return best / calls * 1e6


def mid_match(preset: str, seed: int) -> KoiKoiState:
    """A match played at random for 40 moves (into its third round or so)."""
    state = cardgames.get_game("koikoi").new_game(2, seed, options=make_rules(preset))
    assert isinstance(state, KoiKoiState)
    rng = random.Random(seed)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="budget per measurement")
    parser.add_argument("--preset", default="nintendo", help="the rules preset")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--bots", action="store_true", help="also time greedy-vs-random")
    args = parser.parse_args()

    games, rounds, moves, elapsed = run_for(args.seconds, random_games(args.preset, 1, args.seed))
    print(
        f"random one-round games ({args.preset}): {rounds / elapsed:>9,.0f} rounds/s "
        f"{moves / elapsed:>10,.0f} moves/s   ({games} games in {elapsed:.2f} CPU s)"
    )
    games, rounds, moves, elapsed = run_for(
        args.seconds, random_games(args.preset, 1, args.seed, by_id=True)
    )
    print(
        f"random one-round games by id ({args.preset}): {rounds / elapsed:>9,.0f} rounds/s "
        f"{moves / elapsed:>10,.0f} moves/s   ({games} games in {elapsed:.2f} CPU s)"
    )
    games, rounds, moves, elapsed = run_for(
        args.seconds, random_games(args.preset, None, args.seed)
    )
    print(
        f"random whole matches ({args.preset}):  {games / elapsed:>9,.1f} matches/s "
        f"{rounds / elapsed:>8,.0f} rounds/s {moves / elapsed:>10,.0f} moves/s   "
        f"({games} matches, {rounds} rounds in {elapsed:.2f} CPU s)"
    )
    decisions, spent = greedy_decisions(args.preset, args.seconds, args.seed)
    print(
        f"greedy bot decisions ({args.preset}): {decisions / spent:>9,.0f} decisions/s "
        f"({decisions} decisions, view + choose, in {spent:.2f} CPU s)"
    )
    state = mid_match(args.preset, args.seed)
    seat = state.current_player or 0
    print(
        f"clone ({args.preset}, move {state.move_count}): {per_call(state.clone):>9.2f} us   "
        f"view: {per_call(lambda: state.view(seat)):.2f} us"
    )
    if args.bots:
        games, rounds, moves, elapsed = run_for(args.seconds, bot_matches(args.preset, args.seed))
        print(
            f"greedy vs random matches ({args.preset}): {games / elapsed:>7,.1f} matches/s "
            f"{rounds / elapsed:>8,.0f} rounds/s   ({games} matches in {elapsed:.2f} CPU s)"
        )


if __name__ == "__main__":
    main()
