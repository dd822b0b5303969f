"""A whole arena run: checked once (:func:`plan`), then played on any executor (:func:`run`),
its games yielded in order as JSON-ready dicts, and written one a line (:func:`write_line`).
"""

from __future__ import annotations

import concurrent.futures
import json
import math
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import IO, Any, Final

import cardgames
from cardgames.arena import schedule
from cardgames.arena.play import TIME_FIELD, ArenaJob, play_chunk
from cardgames.arena.seats import SeatSpec, parse_seats
from cardgames.core.errors import OptionsError, clip
from cardgames.simulate import IN_FLIGHT, map_chunks

__all__ = ["DEFAULT_MOVE_LIMIT", "plan", "run", "without_times", "write_line"]

DEFAULT_MOVE_LIMIT: Final = 10.0
"""Seconds an ``exec:`` seat has for one move (its program's start included, on its first)."""


def plan(
    game: str,
    seats: Sequence[str | SeatSpec],
    *,
    mode: str | None = None,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    pool: Sequence[str | SeatSpec] = (),
    options: Mapping[str, Any] | None = None,
    move_limit: float = DEFAULT_MOVE_LIMIT,
) -> ArenaJob:
    """An arena run, checked: OptionsError (one line) names any bad argument before a game
    is played.

    `seats` are seat specs (see :mod:`cardgames.arena.seats`); `mode` is ``crossplay``
    (the default of a cooperative game), ``roundrobin`` (of a competitive one) or ``adhoc``
    (with partners drawn from `pool`, default the seats themselves); `games` is the number
    of games of each matchup (see :mod:`cardgames.arena.schedule`).
    """
    info = cardgames.get_game(game)
    mode = mode or ("crossplay" if info.cooperative else "roundrobin")
    if mode not in schedule.MODES:
        raise OptionsError(f"unknown mode {clip(str(mode))!r}; modes: {', '.join(schedule.MODES)}")
    if mode == "crossplay" and not info.cooperative:
        raise OptionsError(
            f"crossplay is for cooperative games; {info.title} is competitive: use roundrobin "
            "or adhoc"
        )
    if mode == "roundrobin" and info.cooperative:
        raise OptionsError(
            f"roundrobin is for competitive games; {info.title} is cooperative: use crossplay "
            "or adhoc"
        )
    if pool and mode != "adhoc":
        raise OptionsError(f"a pool of partners is for the adhoc mode, not {mode}")
    count = info.check_players(players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionsError(f"'games' must be a whole number of at least 1, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"'seed' must be a whole number, got {clip(repr(seed))}")
    if not (isinstance(move_limit, int | float) and math.isfinite(move_limit)
            and move_limit > 0):
        raise OptionsError(f"the move limit must be a number of seconds above 0, got "
                           f"{clip(repr(move_limit))}")
    specs = parse_seats(seats, info)
    if not specs:
        raise OptionsError("no seats: name at least one bot or program")
    if mode == "roundrobin" and len(specs) < 2:
        raise OptionsError("a round robin needs at least two seats (it plays every pair)")
    labels = [spec.label for spec in specs]
    options = dict(options or {})
    info.new_game(count, seed, **options)  # bad options fail here, not in a worker
    if mode == "crossplay":
        games_list = schedule.crossplay(labels, count, games, seed)
    elif mode == "roundrobin":
        games_list = schedule.roundrobin(labels, count, games, seed)
    else:
        partners = parse_seats(pool, info) if pool else specs
        known = {spec.label: spec for spec in specs}
        for spec in partners:
            if known.setdefault(spec.label, spec) != spec:
                raise OptionsError(f"the pool's seat {spec.label!r} names another seat of "
                                   "that name: name it otherwise (NAME=SPEC)")
        specs = tuple(known.values())
        games_list = schedule.adhoc(labels, [spec.label for spec in partners], count, games,
                                    seed)
    return ArenaJob(info.name, mode, count, options, specs, float(move_limit),
                    tuple(games_list))


def run(
    job: ArenaJob,
    *,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    in_flight: int = IN_FLIGHT,
    progress: Callable[[int, int], object] | None = None,
) -> Generator[dict[str, Any], None, None]:
    """Play `job`'s games here or on `executor` (see :func:`cardgames.simulate.map_chunks`)
    and yield each game's line in game order. The lines are the same on any executor and in
    any chunks, but for their ``time`` field (:func:`without_times`)."""
    size = chunk_size or max(1, min(8, len(job.games) // 16))
    return map_chunks(play_chunk, job, len(job.games), executor=executor, chunk_size=size,
                      in_flight=in_flight, progress=progress)


def write_line(line: Mapping[str, Any], stream: IO[str]) -> None:
    """One game as one line of JSON."""
    stream.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")


def without_times(line: Mapping[str, Any]) -> dict[str, Any]:
    """A game's line without its decision times: what two runs of the same arguments share."""
    return {key: value for key, value in line.items() if key != TIME_FIELD}
