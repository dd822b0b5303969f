"""One arena game: its seats made, played to the end or to a seat's fault, written as one
JSON line (a plain dict, see :func:`play_game`).

The scoring rule for a fault (a seat that crashes, runs past the move limit, or answers a
move that is illegal or no move at all): the game stops there and is recorded against that
seat. In a cooperative game (Hanabi) the team scores 0, as a game lost. In a competitive
game the scores stand as they were, but the faulting seat ranks last whatever its score;
the others rank among themselves by their scores.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

import cardgames
from cardgames.arena.seats import Seat, SeatFault, SeatSpec, make_seat
from cardgames.core.game import State

__all__ = ["TIME_FIELD", "ArenaGame", "ArenaJob", "bot_seed", "play_chunk", "play_game", "ranks"]

TIME_FIELD: Final = "time"
"""The one field of a game's line that differs between two runs of the same arguments: the
seats' decision times (seconds and count by seat)."""


@attrs.frozen
class ArenaGame:
    """One game to play: its number in the run, its deal's seed and who sits where."""

    index: int
    seed: int
    seats: tuple[str, ...]
    """The seat labels (:attr:`SeatSpec.label`), by seat."""
    focus: int | None = None
    """The seat under test (mode ``adhoc``), else None."""


@attrs.frozen
class ArenaJob:
    """What every game of a run shares; sent to the workers with each chunk."""

    game: str
    mode: str
    players: int
    options: Mapping[str, Any]
    specs: tuple[SeatSpec, ...]
    move_limit: float
    games: tuple[ArenaGame, ...]


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game dealt from `seed`: a hash of both, so that
    a program is not handed the deal's seed (from which it could deal the deck itself)."""
    digest = hashlib.blake2b(f"{seed}/{seat}".encode(), digest_size=4,
                             person=b"cardgames-arena").digest()
    return int.from_bytes(digest, "big") >> 1


def ranks(scores: Sequence[int], faulted: int | None = None) -> list[int]:
    """Each seat's place, 0 the best (seats of equal scores share a place); a seat that
    faulted is last, the others placed among themselves."""
    def better(seat: int, other: int) -> bool:
        if faulted is not None and faulted in (seat, other):
            return other != faulted
        return scores[other] > scores[seat]
    return [sum(better(seat, other) for other in range(len(scores)) if other != seat)
            for seat in range(len(scores))]


def play_game(job: ArenaJob, game: ArenaGame) -> dict[str, Any]:
    """Play `game` of `job`; its JSON line, as a dict with the fields in a fixed order."""
    info = cardgames.get_game(job.game)
    by_label = {spec.label: spec for spec in job.specs}
    state: State[Any] = info.new_game(job.players, game.seed, **job.options)
    seats: list[Seat] = []
    seconds = [0.0] * job.players
    decisions = [0] * job.players
    moves: list[str] = []
    fault: dict[str, Any] | None = None
    try:
        for seat, label in enumerate(game.seats):
            made = make_seat(by_label[label], info, job.move_limit)
            seats.append(made)
            try:
                made.start(state, seat, bot_seed(game.seed, seat))
            except SeatFault as exc:
                fault = _fault(seat, label, exc, state)
                break
        while fault is None and not state.is_over:
            if state.move_count >= info.max_moves:
                fault = {"seat": None, "label": None, "kind": "no_end", "move": state.move_count,
                         "detail": f"the game did not end within {info.max_moves} moves"}
                break
            mover = state.current_player
            assert mover is not None, "a game that is not over has a player to act"
            started = time.perf_counter()
            try:
                action = seats[mover].act(state, mover)
            except SeatFault as exc:
                fault = _fault(mover, game.seats[mover], exc, state)
            finally:
                seconds[mover] += time.perf_counter() - started
                decisions[mover] += 1
            if fault is None:
                moves.append(str(action))
                state.apply(action)
        scores = list(state.scores())
        faulted = None if fault is None else fault["seat"]
        if faulted is not None and info.cooperative:
            scores = [0] * len(scores)
        for seat, made in enumerate(seats):
            if seat != faulted:
                made.finish(state, seat, scores, fault)
    finally:
        for made in seats:
            made.close()
    line: dict[str, Any] = {
        "index": game.index, "game": job.game, "mode": job.mode, "seed": game.seed,
        "players": job.players, "options": dict(job.options), "seats": list(game.seats),
    }
    if game.focus is not None:
        line["focus"] = game.focus
    line["scores"] = scores
    if not info.cooperative:
        line["ranks"] = ranks(scores, faulted)
    line.update({"moves": moves, "fault": fault,
                 TIME_FIELD: {"seconds": [round(value, 6) for value in seconds],
                              "decisions": decisions}})
    return line


def _fault(seat: int, label: str, exc: SeatFault, state: State[Any]) -> dict[str, Any]:
    return {"seat": seat, "label": label, "kind": exc.kind, "move": state.move_count,
            "detail": exc.detail}


def play_chunk(job: ArenaJob, start: int, stop: int) -> list[dict[str, Any]]:
    """Games `start` to `stop` (not included) of `job`: one task for an executor."""
    return [play_game(job, game) for game in job.games[start:stop]]
