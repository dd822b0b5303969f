"""The server's own work per move, in one process: what a table does after a move (the move
made on a copy, then every seat's view built and encoded) for whole random games, measured
in CPU time, without the network, the database or other clients.

Printed per game: moves, the CPU milliseconds per move (mean over `--runs` runs of `--games`
games each, with a 95% interval over the runs) and the bytes sent per move to all the seats.
The figure is the server's part of ``benchmarks/server_bench.py``'s CPU per move, steadier
on a busy machine (CPU time, no sockets).

Usage::

    python benchmarks/server_move_cost.py                 # hanabi (4 seats), koikoi, ikebana
    python benchmarks/server_move_cost.py --games 20 --runs 5 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pydantic_core

import cardgames
from cardgames.server.store import SeatRow, TableRow
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


def encoded_view(table: LiveTable, seat: int, log_start: int) -> bytes:
    """A seat's view as sent (through the View model where the server has no
    ``view_data``: earlier versions, to compare against)."""
    view_data = getattr(table, "view_data", None)
    if view_data is None:
        return table.view(seat, log_start).model_dump_json().encode()
    return pydantic_core.to_json(view_data(seat, log_start))


def one_run(game: str, games: int, seed: int) -> tuple[int, float, int]:
    """Moves, CPU seconds and bytes sent for `games` random games from `seed`."""
    rng = random.Random(seed)
    moves = sent = 0
    spent = 0.0
    for number in range(games):
        table = new_table(game, seed * 1000 + number)
        logged = [0] * len(table.seats)
        state = table.state
        assert state is not None
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            started = time.process_time()
            state = state.clone()
            state.apply(action)
            table.state = state
            for seat in range(len(table.seats)):
                sent += len(encoded_view(table, seat, logged[seat]))
                logged[seat] = state.move_count
            spent += time.process_time() - started
            moves += 1
    return moves, spent, sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(SEATS))
    args = parser.parse_args()
    for game in args.game or list(SEATS):
        results = [one_run(game, args.games, args.seed + run) for run in range(args.runs)]
        per_move = [spent / moves * 1000 for moves, spent, _sent in results]
        mean = statistics.fmean(per_move)
        half = (1.96 * statistics.stdev(per_move) / len(per_move) ** 0.5
                if len(per_move) > 1 else float("nan"))
        moves = sum(result[0] for result in results)
        sent = sum(result[2] for result in results)
        print(f"{game} ({SEATS[game]} seats): {moves} moves, {mean:.2f} ± {half:.2f} ms CPU "
              f"per move, {sent / moves / 1024:.1f} KiB sent per move")


if __name__ == "__main__":
    main()
