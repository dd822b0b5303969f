"""Which games a mode plays: who sits where, on which deal.

Every mode deals from the same seeds (``seed``, ``seed + 1``, ...) for every matchup, so two
matchups differ by their seats, not by their cards (paired decks):

* ``crossplay`` (cooperative games): each bot in self-play, and each pair of bots in every
  mix of the seats (at 2 players one of each; at 3 to 5, 1 of A with the rest B, 2 of A with
  the rest B, ...), game *i* of a mix in its *i*-th seating (of every place the bots can take)
  in turn, on deal ``seed + i``;
* ``roundrobin`` (competitive games): each pair of bots, deal ``seed + i // 2`` played twice,
  the seats swapped (A in the even seats and B in the odd ones, then the other way round);
* ``adhoc``: each bot with partners (or opponents) drawn from a pool, the bot under test in
  seat ``i % players``: game *i* has the same deal and the same partners for every bot.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final

from cardgames.arena.play import ArenaGame
from cardgames.core.errors import OptionsError

__all__ = ["MODES", "adhoc", "crossplay", "roundrobin"]

MODES: Final = ("crossplay", "roundrobin", "adhoc")
"""The arena's modes, by name."""


def crossplay(labels: Sequence[str], players: int, games: int, seed: int) -> list[ArenaGame]:
    """`games` games of each bot's self-play, then of each mix of each pair (see the module
    docstring)."""
    schedule: list[ArenaGame] = []
    for label in labels:
        schedule += _mix(len(schedule), [(label,) * players], games, seed)
    for first, second in itertools.combinations(labels, 2):
        for count in range(1, players):
            # Every way of giving `count` seats to `first` and the rest to `second`.
            seatings = [tuple(first if seat in chosen else second for seat in range(players))
                        for chosen in itertools.combinations(range(players), count)]
            schedule += _mix(len(schedule), seatings, games, seed)
    return schedule


def _mix(start: int, seatings: Sequence[tuple[str, ...]], games: int,
         seed: int) -> list[ArenaGame]:
    """`games` games numbered from `start`, game *i* on deal ``seed + i`` in seating
    ``i % len(seatings)``."""
    return [ArenaGame(start + game, seed + game, seatings[game % len(seatings)])
            for game in range(games)]


def roundrobin(labels: Sequence[str], players: int, games: int, seed: int) -> list[ArenaGame]:
    """`games` games (an even number) of each pair of bots: each deal twice, seats swapped."""
    if games % 2:
        raise OptionsError(
            f"a round robin plays each deal twice, seats swapped: --games must be even "
            f"(got {games})"
        )
    schedule: list[ArenaGame] = []
    for first, second in itertools.combinations(labels, 2):
        for game in range(games):
            swapped = game % 2
            seats = tuple(first if (seat + swapped) % 2 == 0 else second
                          for seat in range(players))
            schedule.append(ArenaGame(len(schedule), seed + game // 2, seats))
    return schedule


def adhoc(labels: Sequence[str], pool: Sequence[str], players: int, games: int,
          seed: int) -> list[ArenaGame]:
    """`games` games of each bot with `players` - 1 partners drawn from `pool`."""
    schedule: list[ArenaGame] = []
    draws = [_partners(pool, players - 1, seed, game) for game in range(games)]
    for label in labels:
        for game, partners in enumerate(draws):
            focus = game % players
            seats = (*partners[:focus], label, *partners[focus:])
            schedule.append(ArenaGame(len(schedule), seed + game, seats, focus))
    return schedule


def _partners(pool: Sequence[str], count: int, seed: int, game: int) -> tuple[str, ...]:
    # Seeded by the run's seed and the game's number alone: every bot under test meets the
    # same partners on the same deal.
    rng = random.Random(f"adhoc/{seed}/{game}")
    return tuple(rng.choice(pool) for _ in range(count))

