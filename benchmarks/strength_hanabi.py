"""Hanabi bot strength: the information-strategy HatBot and the two-player DuoBot in seeded
self-play, standard deck.

Plays `games` seeded games through the arena (seeds ``seed .. seed + games - 1``; bot seeds
derived from them by :func:`cardgames.arena.play.bot_seed`)
at 2, 3, 4 and 5 players (HatBot; at 2 players DuoBot too) and reports the mean score ± its
standard error, the strikeout and perfect-game rates and the milliseconds per decision (the
bots' ``act`` calls only, not the engine; other processes share the machine, so read times as
rough). The targets (issue 15)
are the published WTFWThat information-strategy means at 3 to 5 players (24.8, 24.9, 24.9)
and SmartBot's 23.09 at 2 players, for DuoBot (HatBot's 2-player row is for reference;
WTFWThat 22.52), within 50 ms a decision.

Usage::

    python benchmarks/strength_hanabi.py --games 1000
    python benchmarks/strength_hanabi.py --games 200 --players 3,5 --variant rainbow
    cardgames arena hanabi --seats hat --players 3 --games 1000     # one row, as the arena

``measure(games, seed)`` returns the table's rows for ``benchmarks/strength.py``.
Not collected by pytest: floors over small samples are asserted in tests/hanabi.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from benchkit import arena_games, mean_error, ms_per_decision, player_counts, print_table, replay
from cardgames.core.errors import CardgamesError
from cardgames.hanabi import GAME
from cardgames.hanabi.names import variant_from_name

TARGETS = {("HatBot", 3): 24.8, ("HatBot", 4): 24.9, ("HatBot", 5): 24.9, ("DuoBot", 2): 23.1}
"""Issue 15's targets by bot and player count: the published WTFWThat means at 3 to 5
players and SmartBot's 23.09 at 2, standard deck."""
BOTS = {"HatBot": "hat", "DuoBot": "duo"}
"""The bots measured, by the bundled bot's name."""


def self_play(games: int, seed: int, players: int, variant: str = "standard",
              bot: str = "HatBot", jobs: int = 1) -> dict[str, Any]:
    """`games` seeded self-play games of `bot` at `players` players, played by the arena
    (``cardgames arena hanabi --seats BOT --players N --games G``): one table row."""
    options = variant_from_name(variant)
    lines = arena_games("hanabi", [BOTS[bot]], games=games, seed=seed, players=players,
                        options={"variant": variant}, jobs=jobs)
    scores = [line["scores"][0] for line in lines]
    strikeouts = sum(replay(line).fuses == 0 for line in lines)
    target = TARGETS.get((bot, players)) if variant == "standard" else None
    return {
        "matchup": f"hanabi {variant} {players}p: {bot} self-play",
        "n": games,
        "mean ± s.e.": mean_error(scores),
        "target": "" if target is None else f">= {target}",
        "strikeouts": f"{strikeouts / games:.1%}",
        "perfect": f"{sum(score == options.max_score for score in scores) / games:.1%}",
        "ms per decision": ms_per_decision(lines),
    }


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/strength.py``: `games` seeded standard games at 2-5 players
    (HatBot), and at 2 players DuoBot."""
    return [self_play(games, seed, 2, bot="DuoBot"),
            *(self_play(games, seed, players) for players in (2, 3, 4, 5))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", default="2,3,4,5", help="comma-separated player counts")
    parser.add_argument("--variant", default="standard", help="a variant name or + spec")
    parser.add_argument("--bots", default="HatBot,DuoBot",
                        help="comma-separated bots (DuoBot plays only at 2 players)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    counts = player_counts(parser, args.players, GAME.player_counts)
    try:
        variant_from_name(args.variant)
    except CardgamesError as error:
        parser.error(str(error))
    bots = args.bots.split(",")
    if not bots or not all(bot in BOTS for bot in bots):
        parser.error(f"--bots must be among {', '.join(BOTS)} (got {args.bots!r})")
    rows = [self_play(args.games, args.seed, players, args.variant, bot, args.jobs)
            for bot in bots for players in counts if bot != "DuoBot" or players == 2]
    if not rows:
        parser.error("DuoBot plays only at 2 players: add 2 to --players")
    print_table(rows)


if __name__ == "__main__":
    main()
