"""The server's own work per move, in one process: a table's move path (the act resolved and
checked, the move made on a copy, then every seat's view built, encoded and handed to its
connection) for whole random games, measured in CPU time, without the network, the database
or other clients.

Printed per game: moves, the CPU milliseconds per move (mean over `--runs` runs of `--games`
games each, with a 95% interval over the runs) and the bytes sent per move to all the seats.
The figure is the server's part of ``benchmarks/server_bench.py``'s CPU per move, steadier
on a busy machine (CPU time, no sockets). Where the table has the one move path
(``LiveTable.play``) it is what runs; on earlier versions the same steps are made one by one
(``resolve``, a copy, ``broadcast_views``), so that one command compares them.

Usage::

    python benchmarks/server_move_cost.py                 # hanabi (4 seats), koikoi, ikebana
    python benchmarks/server_move_cost.py --games 20 --runs 5 --seed 1
    python benchmarks/server_move_cost.py --protocol 1    # whole views (version 1 clients)

`--protocol` is the version the seats' connections speak: 2 (the default) sends each view
after the first as a ``view_patch``, 1 every view whole (and on versions before 2, every
connection gets whole views whatever it says).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

import cardgames
from cardgames.server.store import ActionRow, SeatRow, TableRow
from cardgames.server.tables import LiveTable

SEATS = {"hanabi": 4, "koikoi": 2, "ikebana": 4}


def new_table(game: str, seed: int) -> LiveTable:
    info = cardgames.get_game(game)
    seats = tuple(SeatRow(seat, "person", f"P{seat + 1}", None, "hash")
                  for seat in range(SEATS[game]))
    row = TableRow(id="bench", name="bench", game=game, options={}, seed=seed, bot_seed=seed,
                   password_hash=None, hints=False, autostart=False, status="waiting",
                   header=None, creator="bench", created=0.0, seats=seats)
    table = LiveTable(row, info, list(seats))
    table.start()
    return table


async def _kept_nowhere(row: ActionRow) -> None:
    """The commit of a table without a database."""


class Seat:
    """A seat's connection as the table sees it (a Listener): what it is sent, kept."""

    def __init__(self, seat: int, version: int) -> None:
        self.seat: int | None = seat
        self.version = version
        self.logged = 0
        self.sent: dict[str, Any] | None = None
        self.texts: list[str] = []

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def send(self, message: Any) -> None:
        self.texts.append(message.model_dump_json())

    def close(self) -> None:
        pass


async def _step(table: LiveTable, seat: int, action: int) -> None:
    """One move (an action id, as a client sends it) through the table's move path (or,
    before there was one, its steps)."""
    play = getattr(table, "play", None)
    if play is not None:
        await play(seat, action)
        return
    async with table.lock:  # as the server's _accept did, the database left out
        chosen = table.resolve(seat, action, None)
        state = table.state
        assert state is not None
        after = state.clone()
        after.apply(chosen)
        await _kept_nowhere(ActionRow(state.move_count, seat, str(chosen)))
        table.state = after
        table.broadcast_views()
        if after.is_over:
            table.broadcast(table.game_over())


async def one_run(game: str, games: int, seed: int, version: int = 2
                  ) -> tuple[int, float, int, int, list[int]]:
    """Moves, CPU seconds, bytes sent, the largest view message and every view message's
    size for `games` random games from `seed`, the seats speaking protocol `version`."""
    rng = random.Random(seed)
    moves = sent = largest = 0
    views: list[int] = []
    spent = 0.0
    for number in range(games):
        table = new_table(game, seed * 1000 + number)
        seats = [Seat(seat, version) for seat in range(len(table.seats))]
        table.listeners.update(seats)
        for listener in seats:  # the whole view a connection gets on joining
            table.send_view(listener)
            listener.texts.clear()
        state = table.state
        assert state is not None
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            action = state.action_id(rng.choice(state.legal_actions()))
            started = time.process_time()
            await _step(table, seat, action)
            spent += time.process_time() - started
            state = table.state
            assert state is not None
            moves += 1
        sent += sum(len(text.encode()) for listener in seats for text in listener.texts)
        sizes = [len(text.encode()) for listener in seats for text in listener.texts
                 if '"game_over"' not in text[:40]]
        largest = max(largest, *sizes)
        views += sizes
    return moves, spent, sent, largest, views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(SEATS))
    parser.add_argument("--protocol", type=int, choices=(1, 2), default=2,
                        help="the protocol version the seats speak (2: patches)")
    args = parser.parse_args()
    for game in args.game or list(SEATS):
        results = [asyncio.run(one_run(game, args.games, args.seed + run, args.protocol))
                   for run in range(args.runs)]
        per_move = [result[1] / result[0] * 1000 for result in results]
        mean = statistics.fmean(per_move)
        half = (1.96 * statistics.stdev(per_move) / len(per_move) ** 0.5
                if len(per_move) > 1 else float("nan"))
        moves = sum(result[0] for result in results)
        sent = sum(result[2] for result in results)
        largest = max(result[3] for result in results)
        views = [size for result in results for size in result[4]]
        print(f"{game} ({SEATS[game]} seats, protocol {args.protocol}): {moves} moves, "
              f"{mean:.2f} ± {half:.2f} ms CPU per move, {sent / moves / 1024:.1f} KiB sent "
              f"per move to all seats; a seat's view message: median "
              f"{statistics.median(views) / 1024:.2f} KiB, largest {largest / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
