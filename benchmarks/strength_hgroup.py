"""Hanabi H-Group bots' strength: self-play per level and player count, and cross-play of
``h-group`` with ``convention``, ``casual`` and its own lower levels.

Plays `games` seeded games (seeds ``seed .. seed + games - 1``, bot seeds derived from them)
and reports the mean score ± its standard error, the strikeout and perfect-game rates and the
milliseconds per decision (the bots' ``act`` calls only; other processes share the machine,
so read times as rough): each row on stderr as it is done, then the table on stdout. The
games run in ``--jobs`` processes.

Seeds: the conventions were tuned on games of seeds at or above 1,000,000 only; the figures
are measured on seeds 0 .. n-1 (the default ``--seed 0``), held out from tuning.

Issue 36's targets for ``h-group`` (the top level), standard deck: 23.5 / 24.3 / 24.1 / 23.5
at 2 / 3 / 4 / 5 players, within 50 ms a decision.

A cross-play row seats the bots in turn: seat ``i`` gets the ``i``-th of the row's bots,
cycling (``h-group+convention`` at 3 players: h-group, convention, h-group).

Usage::

    python benchmarks/strength_hgroup.py --games 1000 --levels top --cross none
    python benchmarks/strength_hgroup.py --games 100 --players 2,3 --levels 1,2,3,4
    python benchmarks/strength_hgroup.py --games 100 --variant rainbow --cross none

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any, cast

from benchkit import TimedBot, player_counts, print_table
from cardgames.core.agents import Agent
from cardgames.core.errors import CardgamesError
from cardgames.core.loop import play
from cardgames.hanabi import GAME
from cardgames.hanabi.hgroup import LEVELS, TOP_LEVEL
from cardgames.hanabi.names import variant_from_name
from cardgames.hanabi.state import HanabiState

TARGETS = {2: 23.5, 3: 24.3, 4: 24.1, 5: 23.5}
"""Issue 36's targets for ``h-group`` self-play, standard deck (will-bot level 5 or better)."""

CROSS = ("h-group+convention", "h-group+casual",
         *(f"h-group+h-group-{level}" for level in sorted(LEVELS) if level != TOP_LEVEL))
"""The default cross-play rows."""


def one_game(job: tuple[str, int, int, tuple[str, ...]]) -> tuple[int, int, bool, float, int]:
    """One seeded game: (score, max score, struck out, seconds deciding, decisions)."""
    name, seed, players, bots = job
    options = variant_from_name(name)
    state = HanabiState.new(options, players=players, seed=seed)
    seats = [TimedBot(GAME.bots[bots[seat % len(bots)]](seed * 10 + seat))
             for seat in range(players)]
    play(state, cast(list[Agent], seats), max_moves=GAME.max_moves)
    return (state.score, options.max_score, state.fuses == 0,
            sum(bot.seconds for bot in seats), sum(bot.decisions for bot in seats))


def row(pool: Any, games: int, seed: int, players: int, name: str,
        bots: tuple[str, ...]) -> dict[str, Any]:
    """`games` seeded games of `bots` (cycled over the seats): one table row."""
    jobs = [(name, game_seed, players, bots) for game_seed in range(seed, seed + games)]
    results = pool.map(one_game, jobs, chunksize=max(1, games // 16))
    scores = [score for score, *_ in results]
    maximum = results[0][1]
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / math.sqrt(games) if games > 1 else 0.0
    seconds = sum(result[3] for result in results)
    decisions = sum(result[4] for result in results)
    target = (TARGETS.get(players) if bots == ("h-group",) and name == "standard" else None)
    return {
        "matchup": f"{name} {players}p: {'+'.join(bots)}",
        "n": games,
        "mean ± s.e.": f"{mean:.2f} ± {error:.2f}",
        "target": "" if target is None else f">= {target}",
        "perfect": f"{sum(score == maximum for score in scores) / games:.1%}",
        "strikeouts": f"{sum(result[2] for result in results) / games:.1%}",
        "ms per decision": round(1000 * seconds / max(decisions, 1), 2),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per row")
    parser.add_argument("--seed", type=int, default=0,
                        help="the first game's seed (0: the held-out seeds; tune at 1000000+)")
    parser.add_argument("--players", default="2,3,4,5", help="comma-separated player counts")
    parser.add_argument("--variant", default="standard", help="a variant name or + spec")
    parser.add_argument("--levels", default="all",
                        help="self-play levels: 'all', 'top', 'none' or a list such as 1,3")
    parser.add_argument("--cross", default="all",
                        help="cross-play rows: 'all', 'none' or bot+bot[,bot+bot...]")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    counts = player_counts(parser, args.players, GAME.player_counts)
    try:
        variant_from_name(args.variant)
    except CardgamesError as error:
        parser.error(str(error))
    if args.levels == "all":
        levels = sorted(LEVELS)
    elif args.levels == "top":
        levels = [TOP_LEVEL]
    elif args.levels == "none":
        levels = []
    else:
        try:
            levels = [int(word) for word in args.levels.split(",")]
        except ValueError:
            parser.error(f"--levels must be all, top, none or levels such as 1,3 "
                         f"(got {args.levels!r})")
        if not set(levels) <= set(LEVELS):
            parser.error(f"--levels must each be one of {sorted(LEVELS)} (got {args.levels!r})")
    matchups = [("h-group",) if level == TOP_LEVEL else (f"h-group-{level}",)
                for level in levels]
    crosses = (CROSS if args.cross == "all" else () if args.cross == "none"
               else tuple(args.cross.split(",")))
    for cross in crosses:
        bots = tuple(cross.split("+"))
        unknown = [bot for bot in bots if bot not in GAME.bots]
        if unknown:
            parser.error(f"--cross names unknown bots {unknown}; known: {sorted(GAME.bots)}")
        matchups.append(bots)
    started = time.perf_counter()
    rows = []
    with multiprocessing.Pool(args.jobs) as pool:
        for bots in matchups:
            for players in counts:
                rows.append(row(pool, args.games, args.seed, players, args.variant, bots))
                print("  ".join(map(str, rows[-1].values())), file=sys.stderr, flush=True)
    print_table(rows)
    print(f"({time.perf_counter() - started:.0f} s; seeds {args.seed}..."
          f"{args.seed + args.games - 1})")


if __name__ == "__main__":
    main()
