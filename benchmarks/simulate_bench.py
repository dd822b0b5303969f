"""Simulation scaling: bot games/s through ``cardgames.simulate`` on one process, a pool of
two processes, and a local Ray instance of two CPUs, printed as ratios to one process.

Each run plays the same seeded games (so the same work) and is timed by the wall clock, the
time a person waits, from the first game submitted to the last result read; the setups take
turns, run after run, and each reports its median. The pool and Ray are started and warmed up
(every worker has imported the game) before the clock starts: the figures are the steady
rate, and their start-up is printed apart. On a machine with two cores, two workers can reach
at most 2.0x; other work on the machine lowers that, so the load average is printed too.

Usage::

    python benchmarks/simulate_bench.py
    python benchmarks/simulate_bench.py --game koikoi --bots greedy,random --games 600
    python benchmarks/simulate_bench.py --no-cluster     # without Ray

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import importlib
import multiprocessing
import os
import statistics
import time
from collections.abc import Iterator

import cardgames

simulation = importlib.import_module("cardgames.simulate")


def timed_run(args: argparse.Namespace, executor: concurrent.futures.Executor | None) -> float:
    """Games/s of one seeded run of `args.games` games on `executor`."""
    started = time.perf_counter()
    played = sum(1 for _ in cardgames.simulate(
        args.game, args.games, bots=args.bots.split(","), players=args.players,
        seed=args.seed, records=False, executor=executor,
    ))
    return played / (time.perf_counter() - started)


def warm_up(args: argparse.Namespace, executor: concurrent.futures.Executor, workers: int) -> None:
    """Let every worker start and import the game before the timing begins."""
    for _ in cardgames.simulate(args.game, workers * 2, bots=args.bots.split(","),
                                players=args.players, records=False, executor=executor,
                                chunk_size=1):
        pass


@contextlib.contextmanager
def process_pool(workers: int) -> Iterator[concurrent.futures.Executor]:
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=spawn) as pool:
        yield pool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hanabi")
    parser.add_argument("--bots", default="", help="comma-separated; default the game's bot")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=300, help="games a run")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved runs of each setup")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="processes or Ray CPUs")
    parser.add_argument("--no-cluster", action="store_true", help="skip the Ray run")
    args = parser.parse_args()
    if not args.bots:
        args.bots = cardgames.get_game(args.game).default_bot
    print(f"{args.games} games of {args.game} ({args.bots}) a run, median of {args.rounds} "
          f"interleaved runs; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    with contextlib.ExitStack() as stack:
        setups: dict[str, concurrent.futures.Executor | None] = {"--workers 1": None}
        startup: dict[str, float] = {}
        labels = [(f"--workers {args.workers}", process_pool)]
        if args.no_cluster:
            pass
        elif simulation.installed("ray"):
            labels.append((f"--cluster local ({args.workers} CPUs)",
                           lambda cpus: simulation.ray_cluster("local", num_cpus=cpus)))
        else:
            print(f"  --cluster local: Ray is not installed ({simulation.CLUSTER_EXTRA})")
        for label, setup in labels:
            started = time.perf_counter()
            executor = stack.enter_context(setup(args.workers))
            warm_up(args, executor, args.workers)
            startup[label] = time.perf_counter() - started
            setups[label] = executor
        rates: dict[str, list[float]] = {label: [] for label in setups}
        for _ in range(args.rounds):
            for label, executor in setups.items():
                rates[label].append(timed_run(args, executor))
    one = statistics.median(rates["--workers 1"])
    for label, runs in rates.items():
        rate = statistics.median(runs)
        extra = f"   (start-up {startup[label]:.1f} s)" if label in startup else ""
        print(f"  {label + ':':26} {rate:8.1f} games/s   {rate / one:.2f}x{extra}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
