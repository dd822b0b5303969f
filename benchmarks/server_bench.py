"""The game server under load: many tables of scripted protocol clients on loopback.

A ``cardgames server`` (its app on uvicorn, a SQLite database in a temporary folder) runs in
its own process; this process creates `--tables` tables of `--players` open seats, takes
every seat through the lobby and plays them all at once through :mod:`cardgames.net`, one
asyncio loop for every WebSocket. A seat to act waits `--think` seconds (drawn around that
mean: a person or a bot deciding, left out of the latency) and sends a random legal action
(mostly clues and discards in Hanabi, so games last). Printed:

* the load held: tables, connected seats, moves made, seats that fell off;
* moves/s over the measured window;
* p50/p90/p99/max latency from an action sent to its view received, at every seat of the
  table (the server commits the action to its database before it broadcasts);
* the server's CPU time per move over the measured window (its user and system time, read
  from /proc: the figure least moved by other work on the machine);
* the server's memory per table (its resident set with the tables playing, less before).

``--clients N`` spreads the seats over N load processes (spawned), so the clients' own work
(decoding every view) does not queue behind one Python thread.

``--kill-at S`` kills the server with SIGKILL S seconds into the load and starts it again on
the same database: every client reconnects by itself, and the check is that no accepted
action is lost (for every table, the moves the server has after the restart are at least
the moves any client saw a view of before the kill).

Usage::

    python benchmarks/server_bench.py                       # 500 tables x 4 seats
    python benchmarks/server_bench.py --tables 100 --duration 30 --kill-at 15

Both the server and the clients run on this machine, so on two cores the clients (decoding
every view) take a large share of the CPU the server would have: the latencies are a floor,
the server's CPU per move is not.
Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import signal
import socket
import statistics
import tempfile
import threading
import time
from collections import defaultdict
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from cardgames import net
from cardgames.server.app import Settings, serve


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_server(port: int, db: str) -> None:
    """The server process: limits raised for one address holding every client."""
    settings = Settings(
        db=db, max_connections_per_client=100_000, max_tables_per_client=100_000,
        max_tables=100_000, request_rate=100_000.0, request_burst=100_000.0,
        idle_timeout=3600.0)
    serve("127.0.0.1", port, settings, log_level="warning")


def start_server(port: int, db: str) -> BaseProcess:
    process = multiprocessing.get_context("spawn").Process(
        target=run_server, args=(port, db), daemon=True)
    process.start()
    lobby = net.Lobby(f"http://127.0.0.1:{port}", timeout=2)
    deadline = time.monotonic() + 60
    while True:
        try:
            lobby.tables()
            return process
        except net.ServerError:
            if time.monotonic() > deadline or not process.is_alive():
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system, its own threads), in seconds (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """A process's resident memory in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Load:
    """What the clients saw: when each action was sent, when each view arrived."""

    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.latencies: list[float] = []
        self.moves_seen: dict[str, int] = defaultdict(int)
        self.moves = 0
        self.measuring = False
        self.finished = 0
        self.errors: dict[str, int] = defaultdict(int)
        self.elapsed = 0.0
        self.seen_at_start: dict[str, int] = {}


async def play_seat(url: str, ticket: net.Ticket, load: Load, think: float,
                    rng: random.Random, stop: asyncio.Event) -> None:
    table = ticket.table
    async with net.RemoteSeat.seat(url, ticket, retry_for=120) as session:
        async for message in session.messages():
            kind = message["type"]
            if kind == "view":
                move = message["move"]
                sent = load.sent.get((table, move))
                if sent is not None and load.measuring:
                    load.latencies.append(time.perf_counter() - sent)
                if move > load.moves_seen[table]:
                    if load.measuring:
                        load.moves += move - load.moves_seen[table]
                    load.moves_seen[table] = move
                legal = message["legal"]
                if legal and not stop.is_set():
                    await asyncio.sleep(think * (0.5 + rng.random()))
                    careful = [c for c in legal if not c["notation"].startswith("play")]
                    pool = careful if careful and rng.random() < 0.85 else legal
                    load.sent[(table, move + 1)] = time.perf_counter()
                    await session.act(rng.choice(pool)["id"], move)
            elif kind == "game_over":
                load.finished += 1
                return
            elif kind == "error":
                load.errors[message.get("code", "?")] += 1
            if stop.is_set():
                return


def seat_tables(url: str, tables: int, players: int, game: str, seed: int,
                ) -> list[net.Ticket]:
    lobby = net.Lobby(url, timeout=30)
    tickets: list[net.Ticket] = []
    for number in range(tables):
        table = lobby.create_table(game, [None] * players, seed=seed + number)["table"]
        mine = [lobby.take_seat(table, f"P{seat + 1}", seat=seat) for seat in range(players)]
        lobby.start(mine[0])
        tickets.extend(mine)
    return tickets


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def drive(args: argparse.Namespace, url: str, tickets: list[net.Ticket],
                restart: Any, start_at: float, seed: int) -> Load:
    load = Load()
    stop = asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(play_seat(url, ticket, load, args.think,
                                           random.Random(rng.random()), stop))
             for ticket in tickets]
    await asyncio.sleep(max(0.0, start_at - time.time()))
    load.measuring = True
    load.seen_at_start = dict(load.moves_seen)
    started = time.perf_counter()
    if args.kill_at is not None:
        await asyncio.sleep(args.kill_at)
        kill, restart_and_check = restart
        await asyncio.to_thread(kill)
        # Views already on their way (in the sockets' buffers) are read before the count:
        # each was sent after its action was committed.
        await asyncio.sleep(1.0)
        seen = dict(load.moves_seen)
        await asyncio.to_thread(restart_and_check, seen)
    remaining = start_at + args.duration - time.time()
    await asyncio.wait(tasks, timeout=max(remaining, 0.001))
    load.measuring = False
    load.elapsed = time.perf_counter() - started
    load.latencies.sort()
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return load


def client_process(job: tuple[argparse.Namespace, str, list[net.Ticket], float, int],
                   ) -> dict[str, Any]:
    """One load process (``--clients``): its share of the seats, played over the same
    measured window as the others; what it saw, to be summed."""
    args, url, tickets, start_at, seed = job
    load = asyncio.run(drive(args, url, tickets, None, start_at, seed))
    return {"latencies": load.latencies, "moves_seen": dict(load.moves_seen),
            "seen_at_start": load.seen_at_start, "finished": load.finished,
            "errors": dict(load.errors), "elapsed": load.elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="hanabi")
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a seat waits before acting (default 2)")
    parser.add_argument("--duration", type=float, default=60.0,
                        help="seconds of measured load (default 60)")
    parser.add_argument("--warm-up", type=float, default=5.0)
    parser.add_argument("--kill-at", type=float, default=None,
                        help="kill -9 the server this many seconds into the load, restart it")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clients", type=int, default=1,
                        help="load processes sharing the seats (default 1; --kill-at needs 1)")
    args = parser.parse_args()
    if args.kill_at is not None and args.clients != 1:
        parser.error("--kill-at runs with one load process (--clients 1)")

    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{folder}/bench.db"
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start_server(port, db)
        base = rss_mib(server.pid or 0)
        began = time.perf_counter()
        tickets = seat_tables(url, args.tables, args.players, args.game, args.seed)
        print(f"{args.tables} tables x {args.players} seats of {args.game} created and seated "
              f"in {time.perf_counter() - began:.1f} s; server {base:.0f} MiB before")
        running = [server]
        lost: list[str] = []

        def kill() -> None:
            old = running[-1]
            os.kill(old.pid or 0, signal.SIGKILL)
            old.join()

        def restart_and_check(seen: dict[str, int]) -> None:
            killed = time.perf_counter()
            running.append(start_server(port, db))
            print(f"killed with -9 and restarted in {time.perf_counter() - killed:.1f} s")
            lobby = net.Lobby(url, timeout=30)
            lost.extend(table for table, moves in seen.items()
                        if lobby.table(table)["moves"] < moves)

        start_at = time.time() + args.warm_up
        cpu: list[float] = []

        def sample_cpu() -> None:
            # The server's CPU over the measured window (a killed server's is lost: no
            # figure then).
            time.sleep(max(0.0, start_at - time.time()))
            cpu.append(cpu_seconds(server.pid or 0))
            time.sleep(max(0.0, start_at + args.duration - time.time()))
            if args.kill_at is None:
                cpu.append(cpu_seconds(server.pid or 0))

        sampler = threading.Thread(target=sample_cpu, daemon=True)
        sampler.start()
        if args.clients == 1:
            load = asyncio.run(drive(args, url, tickets, (kill, restart_and_check), start_at,
                                     args.seed))
        else:
            shares = [tickets[index::args.clients] for index in range(args.clients)]
            with multiprocessing.get_context("spawn").Pool(args.clients) as pool:
                parts = pool.map(client_process, [
                    (args, url, share, start_at, args.seed + index)
                    for index, share in enumerate(shares)])
            load = Load()
            for part in parts:
                load.latencies.extend(part["latencies"])
                for table, moves in part["moves_seen"].items():
                    load.moves_seen[table] = max(load.moves_seen[table], moves)
                for table, moves in part["seen_at_start"].items():
                    load.seen_at_start[table] = max(load.seen_at_start.get(table, 0), moves)
                load.finished += part["finished"]
                for code, count in part["errors"].items():
                    load.errors[code] += count
                load.elapsed = max(load.elapsed, part["elapsed"])
            # Every table's moves are seen by each of its seats' processes: counted once.
            load.moves = sum(moves - load.seen_at_start.get(table, 0)
                             for table, moves in load.moves_seen.items())
        sampler.join()
        memory = rss_mib(running[-1].pid or 0)
        latencies = [seconds * 1000 for seconds in load.latencies]
        elapsed = load.elapsed
        playing = sum(1 for moves in load.moves_seen.values() if moves > 0)
        print(f"load: {playing}/{args.tables} tables played, {len(tickets)} seats, "
              f"{load.finished} seats saw their game end, errors {dict(load.errors) or 0}")
        print(f"moves/s: {load.moves / elapsed:.1f} ({load.moves} moves in {elapsed:.1f} s, "
              f"think {args.think} s)")
        if len(cpu) == 2 and load.moves:
            print(f"server CPU: {cpu[1] - cpu[0]:.1f} s over the window, "
                  f"{(cpu[1] - cpu[0]) / load.moves * 1000:.2f} ms per move")
        if latencies:
            print(f"action -> view (ms, {len(latencies)} receipts): "
                  f"p50 {statistics.median(latencies):.1f}  p90 {percentile(latencies, .9):.1f}  "
                  f"p99 {percentile(latencies, .99):.1f}  max {max(latencies):.1f}")
        if args.kill_at is None:
            print(f"server memory: {memory:.0f} MiB, {(memory - base) / args.tables * 1024:.0f} "
                  f"KiB per table")
        else:
            print(f"kill -9: accepted actions lost at {len(lost)} tables "
                  f"({'none' if not lost else lost[:5]})")
        running[-1].kill()


if __name__ == "__main__":
    main()
