"""Hanabi ConventionBot strength: seeded self-play, by player count and variant.

Plays `games` seeded games through the arena (seeds ``seed .. seed + games - 1``; bot seeds
derived from them)
and reports the mean score ± its standard error, the strikeout rate, the share of the
variant's maximum score and the milliseconds per decision (the bots' ``act`` calls only;
other processes share the machine, so read times as rough). Issue 15's targets on the
standard deck: 21.5 / 22.0 / 21.5 / 21.0 at 2 / 3 / 4 / 5 players; in every variant at 3
players at least 60% of the maximum score with at most 2% strikeouts (``--variants``
measures a seeded sample of the variant list).

Usage::

    python benchmarks/strength_convention.py --games 1000
    python benchmarks/strength_convention.py --games 200 --players 2 --variant rainbow
    python benchmarks/strength_convention.py --games 20 --variants 200 --worst 20
    cardgames arena hanabi --seats convention --players 3 --games 1000   # one row, as the arena

``measure(games, seed)`` returns the table's rows for ``benchmarks/strength.py``.
Not collected by pytest: floors over small samples are asserted in tests/hanabi.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from benchkit import arena_games, mean_error, ms_per_decision, player_counts, print_table, replay
from cardgames.core.errors import CardgamesError
from cardgames.hanabi import GAME, variant_names
from cardgames.hanabi.names import variant, variant_from_name

TARGETS = {2: 21.5, 3: 22.0, 4: 21.5, 5: 21.0}
"""Issue 15's targets for the convention bot, standard deck."""

LISTED = frozenset(variant_names())
"""Every variant ``cardgames hanabi variants`` lists."""


def self_play(games: int, seed: int, players: int, name: str = "standard",
              jobs: int = 1) -> dict[str, Any]:
    """`games` seeded ConventionBot games at `players` players of the variant `name` (a
    listed name, or a + spec), played by the arena (``cardgames arena hanabi --seats
    convention -o variant=NAME``): one table row."""
    options = variant(name) if name in LISTED else variant_from_name(name)
    lines = arena_games("hanabi", ["convention"], games=games, seed=seed, players=players,
                        options={"variant": name}, jobs=jobs)
    scores = [line["scores"][0] for line in lines]
    strikeouts = sum(replay(line).fuses == 0 for line in lines)
    target = TARGETS.get(players) if name == "standard" else None
    return {
        "matchup": f"hanabi {name} {players}p: ConventionBot self-play",
        "n": games,
        "mean ± s.e.": mean_error(scores),
        "of max": f"{sum(scores) / games / options.max_score:.1%}",
        "target": "" if target is None else f">= {target}",
        "strikeouts": f"{strikeouts / games:.1%}",
        "ms per decision": ms_per_decision(lines),
    }


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/strength.py``: `games` seeded standard games at 2-5 players."""
    return [self_play(games, seed, players) for players in (2, 3, 4, 5)]


def variant_sample(count: int, seed: int) -> list[str]:
    """`count` variant names drawn (seeded) from every variant the catalogue lists."""
    names = sorted(LISTED)
    return sorted(random.Random(seed).sample(names, min(count, len(names))))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per row")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--players", default="2,3,4,5", help="comma-separated player counts")
    parser.add_argument("--variant", default="standard", help="a variant name or + spec")
    parser.add_argument("--variants", type=int, default=0,
                        help="measure this many variants drawn (seeded) from the list, at "
                             "3 players, instead of --variant")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--worst", type=int, default=25,
                        help="with --variants: print only this many worst rows")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    counts = player_counts(parser, args.players, GAME.player_counts)
    if args.variants:
        rows = [self_play(args.games, args.seed, 3, name, args.jobs)
                for name in variant_sample(args.variants, args.seed)]
        rows.sort(key=lambda row: (float(row["of max"].rstrip("%"))
                                   - 10 * float(row["strikeouts"].rstrip("%"))))
        low = sum(float(row["of max"].rstrip("%")) < 60 for row in rows)
        struck = sum(float(row["strikeouts"].rstrip("%")) > 2 for row in rows)
        print(f"{len(rows)} variants, {args.games} games each at 3 players: {low} below 60% "
              f"of the maximum score, {struck} with strikeouts above 2%; the worst:")
        print_table(rows[:args.worst])
        return
    if args.variant not in LISTED:
        try:
            variant_from_name(args.variant)
        except CardgamesError as error:
            parser.error(str(error))
    print_table([self_play(args.games, args.seed, players, args.variant, args.jobs)
                 for players in counts])


if __name__ == "__main__":
    main()
