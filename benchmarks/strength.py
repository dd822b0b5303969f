"""Bot strength, every game: runs each ``benchmarks/strength_<part>.py`` and prints one table.

Each part module has ``measure(games: int, seed: int) -> list[dict]``: rows naming the
matchup, the sample size and the result (a mean ± standard error for Hanabi's shared score, a
win rate with its 95% interval for the duels) and the milliseconds per decision. This script
runs them in turn with the same ``--games`` and ``--seed``, prints the rows, and states the
machine's load before and after (times per decision depend on it).

Usage::

    python benchmarks/strength.py --games 100
    python benchmarks/strength.py --games 1000 --only hanabi,koikoi

The targets of the bots (the published anchors) are in docs/games/*.md, section "Bots".
Not collected by pytest: strength floors on small samples are asserted in the tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the parts and this script import their shared helpers, benchkit
    sys.path.insert(0, str(HERE))

from benchkit import table  # noqa: E402  # found once benchmarks/ is on the path


def parts() -> dict[str, Path]:
    """The strength modules beside this script, by part name (``strength_koikoi`` →
    ``koikoi``)."""
    return {path.stem.removeprefix("strength_"): path
            for path in sorted(HERE.glob("strength_*.py"))}


def load(path: Path) -> ModuleType:
    """Import a part module from its file (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def load_text() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main(argv: list[str] | None = None) -> int:
    known = parts()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games or matches per matchup")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--only", default="", help=f"comma-separated parts: {', '.join(known)}")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()] or list(known)
    unknown = [name for name in chosen if name not in known]
    if unknown:
        parser.error(f"unknown part(s) {', '.join(unknown)}; parts: {', '.join(known)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"before: {load_text()}")
    for name in chosen:
        started = time.perf_counter()
        rows = load(known[name]).measure(args.games, args.seed)
        print(f"\n## {name} ({args.games} games or matches a row, seed {args.seed}, "
              f"{time.perf_counter() - started:.0f} s)\n")
        print(table(rows))
    print(f"\nafter: {load_text()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
