"""Ikebana bot strength: the planner bot against greedy bots, seeded games.

Plays whole games (4 rounds, preset ``default`` unless ``--preset`` says otherwise) of
:class:`~cardgames.ikebana.search.PlannerBot` against :class:`~cardgames.ikebana.bots.GreedyBot`:
at 2 players one greedy opponent, at 4 players three. Game ``i`` is dealt from seed
``seed + i``, the planner sits in seat ``i % players`` (so it starts as often as each other
seat), and every bot is seeded from the game's seed. A game the planner wins alone counts
1, a victory shared by k players 1/k ("ties split"); chance is 1/2 and 1/4. It reports the
planner's win rate with a 95% Wilson interval (ties as fractions of a win: the interval of a
binomial rate, slightly wider than needed), the mean final prestige of the planner and of
the greedy bots, and the planner's milliseconds per decision (wall-clock time inside
``act``, over the decisions with more than one legal move, and over all of them). The
machine is shared, so the times vary with its load.

Usage::

    python benchmarks/strength_ikebana.py --games 1000
    python benchmarks/strength_ikebana.py --games 200 --players 4 --seed 5000
    python benchmarks/strength_ikebana.py --games 2000 --players 2 --seed 30000 --jobs 2

``measure(games, seed)`` returns the table's rows (2 and 4 players) for
``benchmarks/strength.py``. Not collected by pytest: strength floors on small samples are
asserted in ``tests/ikebana/test_planner.py``.
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Sequence
from typing import Any, TypeVar

import cardgames
from benchkit import TimedBot, print_table
from cardgames.core.agents import Agent
from cardgames.ikebana import PRESETS, IkebanaState
from cardgames.ikebana.bots import GreedyBot
from cardgames.ikebana.search import PlannerBot
from cardgames.simulate import wilson_interval

A = TypeVar("A")


def _play_slice(task: tuple[int, int, int, int, str]) -> dict[str, Any]:
    """Games ``first .. stop - 1`` of a run (seed `seed`): raw sums (one worker's share)."""
    first, stop, seed, players, preset = task
    points = 0.0
    wins = shared = 0
    planner_prestige = greedy_prestige = 0
    timed = TimedBot(PlannerBot(seed))
    for index in range(first, stop):
        game_seed = seed + index
        planner_seat = index % players
        timed.bot = PlannerBot(game_seed)
        bots: list[Agent] = [
            timed if seat == planner_seat else GreedyBot(game_seed * 7 + seat)
            for seat in range(players)
        ]
        state = cardgames.new_game("ikebana", players=players, seed=game_seed, preset=preset)
        assert isinstance(state, IkebanaState)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None, "a game that is not over has a player to act"
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        winners = state.winners()
        if planner_seat in winners:
            points += 1 / len(winners)
            wins += len(winners) == 1
            shared += len(winners) > 1
        scores = state.scores()
        planner_prestige += scores[planner_seat]
        greedy_prestige += sum(scores) - scores[planner_seat]
    return {
        "points": points,
        "wins": wins,
        "shared": shared,
        "planner_prestige": planner_prestige,
        "greedy_prestige": greedy_prestige,
        "seconds": timed.seconds,
        "decisions": timed.decisions,
        "choice_seconds": timed.choice_seconds,
        "choices": timed.choices,
    }


def play_games(
    games: int,
    seed: int,
    players: int,
    preset: str = "default",
    jobs: int = 1,
) -> dict[str, Any]:
    """Play `games` games of the planner against `players - 1` greedy bots, in `jobs` processes
    (each game is seeded on its own, so the counts do not depend on `jobs`); raw counts."""
    slices = max(1, min(games, jobs * 8))  # small slices: a slow one does not hold the rest
    bounds = [games * k // slices for k in range(slices + 1)]
    tasks = [(bounds[k], bounds[k + 1], seed, players, preset) for k in range(slices)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_play_slice, tasks, chunksize=1)
    else:
        parts = [_play_slice(task) for task in tasks]
    total = {key: sum(part[key] for part in parts) for key in parts[0]}
    return {
        "players": players,
        "preset": preset,
        "n": games,
        "points": total["points"],
        "wins": total["wins"],
        "shared": total["shared"],
        "planner_prestige": total["planner_prestige"] / games,
        "greedy_prestige": total["greedy_prestige"] / games / (players - 1),
        "seconds": total["seconds"],
        "decisions": total["decisions"],
        "choice_seconds": total["choice_seconds"],
        "choices": total["choices"],
    }


def row(counts: dict[str, Any]) -> dict[str, Any]:
    """One table row from :func:`play_games`' counts."""
    n = counts["n"]
    low, high = wilson_interval(counts["points"], n)
    players = counts["players"]
    opponents = "GreedyBot" if players == 2 else f"{players - 1} GreedyBots"
    return {
        "matchup": f"ikebana {counts['preset']} {players}p: PlannerBot vs {opponents}",
        "n": n,
        "win rate": counts["points"] / n,
        "95% interval": (low, high),
        "chance": 1 / players,
        "won alone-shared": f"{counts['wins']}-{counts['shared']}",
        "mean prestige": (f"{counts['planner_prestige']:.1f} to "
                          f"{counts['greedy_prestige']:.1f}"),
        "ms per decision": 1000 * counts["choice_seconds"] / max(counts["choices"], 1),
        "ms per act call": 1000 * counts["seconds"] / max(counts["decisions"], 1),
    }


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/strength.py``: `games` seeded games at 2 and at 4 players."""
    return [row(play_games(games, seed, players)) for players in (2, 4)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per row (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--players", type=int, choices=range(2, 6), action="append",
                        help="player counts to play (repeatable; default 2 and 4)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (default 1; the counts do not depend on it)")
    parser.add_argument("--preset", default="default", help="rule preset (default default)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1 (got {args.jobs})")
    if args.preset not in PRESETS:
        parser.error(f"--preset must be one of {', '.join(PRESETS)} (got {args.preset!r})")
    print_table([row(play_games(args.games, args.seed, players, args.preset, args.jobs))
                 for players in args.players or (2, 4)])


if __name__ == "__main__":
    main()
