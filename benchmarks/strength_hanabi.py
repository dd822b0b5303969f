"""Hanabi bot strength: the information-strategy HatBot in seeded self-play, standard deck.

Plays `games` seeded games (seeds ``seed .. seed + games - 1``; bot seeds derived from them)
at 2, 3, 4 and 5 players and reports the mean score ± its standard error, the strikeout and
perfect-game rates and the milliseconds per decision (the bots' ``act`` calls only, not the
engine; other processes share the machine, so read times as rough). The targets are the
published WTFWThat information-strategy means (issue 15): 24.8 at 3 players, 24.9 at 4 and
24.9 at 5; 2 players is shown beside them for reference (WTFWThat 22.52).

Usage::

    python benchmarks/strength_hanabi.py --games 1000
    python benchmarks/strength_hanabi.py --games 200 --players 3,5 --variant rainbow

``measure(games, seed)`` returns the table's rows for ``benchmarks/strength.py``.
Not collected by pytest: floors over small samples are asserted in tests/hanabi.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from typing import Any, cast

from cardgames.core.agents import Agent
from cardgames.core.errors import CardgamesError
from cardgames.core.loop import play
from cardgames.hanabi import GAME
from cardgames.hanabi.actions import HanabiAction
from cardgames.hanabi.hat import HatBot
from cardgames.hanabi.knowledge import HanabiView
from cardgames.hanabi.state import HanabiState
from cardgames.hanabi.variants import variant_from_name

TARGETS = {3: 24.8, 4: 24.9, 5: 24.9}
"""Issue 15's targets: the published WTFWThat means, standard deck."""


class Timed:
    """A bot whose ``act`` calls are timed."""

    def __init__(self, bot: HatBot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def act(self, view: HanabiView, legal: Sequence[HanabiAction]) -> HanabiAction:
        started = time.perf_counter()
        action = self.bot.act(view, legal)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action


def self_play(games: int, seed: int, players: int, variant: str = "standard") -> dict[str, Any]:
    """`games` seeded HatBot games at `players` players: one table row."""
    options = variant_from_name(variant)
    scores: list[int] = []
    strikeouts = perfect = decisions = 0
    seconds = 0.0
    for game_seed in range(seed, seed + games):
        state = HanabiState(options, players=players, seed=game_seed)
        bots = [Timed(HatBot(game_seed * 10 + seat)) for seat in range(players)]
        play(state, cast(list[Agent], bots), max_moves=GAME.max_moves)
        scores.append(state.score)
        strikeouts += state.fuses == 0
        perfect += state.score == options.max_score
        seconds += sum(bot.seconds for bot in bots)
        decisions += sum(bot.decisions for bot in bots)
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / math.sqrt(games) if games > 1 else 0.0
    target = TARGETS.get(players) if variant == "standard" else None
    return {
        "matchup": f"hanabi {variant} {players}p: HatBot self-play",
        "n": games,
        "mean ± s.e.": f"{mean:.3f} ± {error:.3f}",
        "target": "" if target is None else f">= {target}",
        "strikeouts": f"{strikeouts / games:.1%}",
        "perfect": f"{perfect / games:.1%}",
        "ms per decision": round(1000 * seconds / max(decisions, 1), 2),
    }


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/strength.py``: `games` seeded standard games at 2-5 players."""
    return [self_play(games, seed, players) for players in (2, 3, 4, 5)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", default="2,3,4,5", help="comma-separated player counts")
    parser.add_argument("--variant", default="standard", help="a variant name or + spec")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    try:
        counts = [int(word) for word in args.players.split(",")]
    except ValueError:
        parser.error(f"--players must be counts such as 3,4,5 (got {args.players!r})")
    if not all(count in GAME.player_counts for count in counts):
        parser.error(f"--players must each be in {GAME.player_counts.start}.."
                     f"{GAME.player_counts.stop - 1} (got {args.players!r})")
    try:
        variant_from_name(args.variant)
    except CardgamesError as error:
        parser.error(str(error))
    rows = [self_play(args.games, args.seed, players, args.variant) for players in counts]
    columns = list(rows[0])
    widths = [max(len(column), *(len(str(row[column])) for row in rows)) for column in columns]
    print("  ".join(column.ljust(width) for column, width in zip(columns, widths, strict=True)))
    for row in rows:
        print("  ".join(str(row[column]).ljust(width)
                        for column, width in zip(columns, widths, strict=True)))


if __name__ == "__main__":
    main()
