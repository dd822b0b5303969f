"""How like people a seat plays: its top-1 agreement with the move a person made at every
position of a set of recorded games (hanab.live exports, AH2AC2's among them).

At every position the seat to act is asked for its move and the move made there is played
on. A Python seat (a bundled bot, ``module:factory``) is made afresh at every position, with
seed 0, as a partner joining the game there would be: it reads the whole history from its
view. An ``exec:`` program is started once for each seat of each game and asked at each of
that seat's positions in turn, as in a game it plays, except that the moves played on are
the recorded ones. A fault (a crash, the move limit, an illegal or unreadable answer) counts
as a move not agreed and is counted by kind; a program that faulted is started again for the
seat's next position.

The agreement's 95% interval counts the positions of one game as one cluster (a ratio
estimator over games): positions of the same game are not independent.
"""

from __future__ import annotations

import concurrent.futures
import math
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import cardgames
from cardgames.arena.play import TIME_FIELD
from cardgames.arena.seats import Seat, SeatFault, SeatSpec, make_seat, parse_seats
from cardgames.core.errors import OptionsError, RecordError, clip
from cardgames.core.game import State
from cardgames.core.limits import load_json, read_text
from cardgames.core.record import Record
from cardgames.simulate import IN_FLIGHT, map_chunks

__all__ = ["PYTHON_SEED", "AgreementJob", "AgreementRow", "agreement_plan", "agreement_rows",
           "cluster_interval", "read_games", "run_agreement"]

PYTHON_SEED: Final = 0
"""The seed of a Python seat made afresh at a position."""


@attrs.frozen
class AgreementJob:
    """The games and the seats of an agreement run; sent to the workers with each chunk."""

    specs: tuple[SeatSpec, ...]
    records: tuple[Record, ...]
    move_limit: float


def read_games(path: Path, game: str) -> list[State[Any]]:
    """The recorded games of `game` in the file `path`: a JSON document or JSON Lines, each
    document a cardgames record, a foreign export the game reads (a hanab.live export), a
    list of them, or such an export wrapped as ``{"export": ...}`` (AH2AC2's ``games.json``).
    RecordError names the file and what is wrong."""
    info = cardgames.get_game(game)
    name = clip(str(path))
    text = read_text(path, "file")
    try:
        documents = [load_json(text, name)]
    except RecordError:
        documents = [load_json(line, f"{name} line {number}")
                     for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(documents) == 1 and isinstance(documents[0], list):
        documents = documents[0]
    games = []
    for number, document in enumerate(documents, start=1):
        source = f"{name} game {number}"
        if isinstance(document, dict) and "export" in document:
            document = document["export"]
        if isinstance(document, dict) and "game" in document:
            games.append(info.replay(Record.from_dict(document, source=source)))
            continue
        problems = []
        for fmt, importer in info.importers.items():
            try:
                games.append(importer(document))
                break
            except RecordError as exc:
                problems.append(f"not a {fmt} export ({exc})")
        else:
            raise RecordError(f"{source} is neither a cardgames record nor an export "
                              f"{info.title} reads: {'; '.join(problems) or 'it reads none'}")
    if not games:
        raise RecordError(f"{name} holds no games")
    return games


def agreement_plan(
    games: Iterable[State[Any]], seats: Sequence[str | SeatSpec], *, move_limit: float = 10.0
) -> AgreementJob:
    """An agreement run of `seats` over the recorded `games` (finished or not), checked:
    OptionsError names a bad seat."""
    records = tuple(game.record() for game in games)
    if not records:
        raise OptionsError("no games to measure agreement on")
    names = {record.game for record in records}
    if len(names) != 1:
        raise OptionsError(f"the games are of more than one game: {', '.join(sorted(names))}")
    info = cardgames.get_game(records[0].game)
    specs = parse_seats(seats, info)
    if not specs:
        raise OptionsError("no seats: name at least one bot or program")
    if not (math.isfinite(move_limit) and move_limit > 0):
        raise OptionsError(f"the move limit must be a number of seconds above 0, got "
                           f"{move_limit!r}")
    return AgreementJob(specs, records, float(move_limit))


def run_agreement(
    job: AgreementJob,
    *,
    executor: concurrent.futures.Executor | None = None,
    in_flight: int = IN_FLIGHT,
    progress: Callable[[int, int], object] | None = None,
) -> Generator[dict[str, Any], None, None]:
    """One line for each seat and recorded game, in order (seats within a game): the
    positions, the moves agreed, the faults by kind and the seconds deciding."""
    count = len(job.specs) * len(job.records)
    return map_chunks(_agreement_chunk, job, count, executor=executor, chunk_size=1,
                      in_flight=in_flight, progress=progress)


def _agreement_chunk(job: AgreementJob, start: int, stop: int) -> list[dict[str, Any]]:
    seats = len(job.specs)
    return [_measure(job, index // seats, job.specs[index % seats])
            for index in range(start, stop)]


def _measure(job: AgreementJob, number: int, spec: SeatSpec) -> dict[str, Any]:
    record = job.records[number]
    info = cardgames.get_game(record.game)
    state: State[Any] = info.replay(attrs.evolve(record, actions=()))
    programs: dict[int, Seat] = {}
    agreed = positions = 0
    seconds = 0.0
    faults: Counter[str] = Counter()
    try:
        for text in record.actions:
            human = state.parse(text)
            seat = state.current_player
            assert seat is not None, "a recorded move has a player to make it"
            positions += 1
            started = time.perf_counter()
            try:
                chosen = _ask(job, spec, programs, state, seat, info)
            except SeatFault as exc:
                faults[exc.kind] += 1
                stale = programs.pop(seat, None)
                if stale is not None:
                    stale.close()  # started again at the seat's next position
            else:
                agreed += chosen == human
            seconds += time.perf_counter() - started
            state.apply(human)
    finally:
        for program in programs.values():
            program.close()
    return {"index": number, "mode": "agreement", "game": record.game, "seat": spec.label,
            "positions": positions, "agreed": agreed, "faults": dict(faults),
            TIME_FIELD: {"seconds": round(seconds, 6), "decisions": positions}}


def _ask(job: AgreementJob, spec: SeatSpec, programs: dict[int, Seat], state: State[Any],
         seat: int, info: Any) -> Any:
    if spec.kind != "exec":
        fresh = make_seat(spec, info, job.move_limit)
        try:
            fresh.start(state, seat, PYTHON_SEED)
            return fresh.act(state, seat)
        finally:
            fresh.close()
    program = programs.get(seat)
    if program is None:
        program = programs[seat] = make_seat(spec, info, job.move_limit)
        program.start(state, seat, PYTHON_SEED)
    return program.act(state, seat)


def cluster_interval(hits: Sequence[int], counts: Sequence[int]) -> tuple[float, float, float]:
    """The rate ``sum(hits) / sum(counts)`` and its 95% interval, each game one cluster."""
    total = sum(counts)
    if total == 0:
        return math.nan, 0.0, 1.0
    rate = sum(hits) / total
    clusters = len(counts)
    if clusters < 2:
        return rate, 0.0, 1.0
    spread = sum((hit - rate * count) ** 2 for hit, count in zip(hits, counts, strict=True))
    half = 1.96 * math.sqrt(clusters / (clusters - 1) * spread) / total
    return rate, max(0.0, rate - half), min(1.0, rate + half)


@attrs.frozen
class AgreementRow:
    """One seat's agreement over a run."""

    seat: str
    games: int
    positions: int
    agreed: int
    rate: float
    low: float
    high: float
    faults: Mapping[str, int]
    ms_per_position: float


def agreement_rows(lines: Iterable[Mapping[str, Any]]) -> list[AgreementRow]:
    """Each seat's agreement from an agreement run's lines, in the order of the seats."""
    by_seat: dict[str, list[Mapping[str, Any]]] = {}
    for line in lines:
        by_seat.setdefault(line["seat"], []).append(line)
    rows = []
    for seat, found in by_seat.items():
        hits = [line["agreed"] for line in found]
        counts = [line["positions"] for line in found]
        rate, low, high = cluster_interval(hits, counts)
        faults: Counter[str] = Counter()
        for line in found:
            faults.update(line["faults"])
        seconds = sum(line[TIME_FIELD]["seconds"] for line in found)
        rows.append(AgreementRow(seat, len(found), sum(counts), sum(hits), rate, low, high,
                                 dict(faults), 1000 * seconds / max(1, sum(counts))))
    return rows
