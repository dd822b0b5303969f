"""How like people Hanabi's bots play: top-1 agreement with the human move at every position
of the 221 real three-player hanab.live games of AH2AC2, and the bots' exceptions there.

At each position a **fresh** bot of the seat to act (seed 0) is asked for its move; it reads
the seat's view and the whole history, as a partner joining the game there would. The move is
the human's when the two actions are equal. Agreement is reported per bot with a 95% interval
that counts the positions of one game as one cluster (a ratio estimator over games; positions
of the same game are not independent), and every exception is counted: the bots' promise is
that they never raise (``tests/hanabi/test_never_fails.py`` checks every position for the
bots that sit with people and a stratified sample for the others; this script checks them all).

The games (``../shared/conformance/hanabi/ah2ac2/games.json``) are for measuring only: no bot
and no threshold is fitted to them.

Usage::

    python benchmarks/hanabi_agreement.py                      # every bundled bot
    python benchmarks/hanabi_agreement.py --bots convention,h-group-1,h-group
    python benchmarks/hanabi_agreement.py --bots hat --games 20  # the first 20 games

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import math
import time
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardgames.hanabi import GAME
from cardgames.hanabi.actions import HanabiAction
from cardgames.hanabi.hanablive import from_hanablive
from cardgames.hanabi.state import HanabiState
from cardgames.testing import positions

GAMES = (Path(__file__).resolve().parents[2] / "shared" / "conformance" / "hanabi" / "ah2ac2"
         / "games.json")
"""The AH2AC2 games, in ``../shared`` beside the checkout."""


def load_games(limit: int | None = None) -> list[HanabiState]:
    """The AH2AC2 games as finished states (the first `limit` of them)."""
    data: list[dict[str, Any]] = json.loads(GAMES.read_text(encoding="utf-8"))
    return [from_hanablive(game["export"]) for game in data[:limit]]


def human_positions(game: HanabiState) -> Iterator[tuple[HanabiState, HanabiAction]]:
    """Each position of `game` before a move, with the move its player made."""
    yield from positions(game)


def cluster_interval(hits: Sequence[int], counts: Sequence[int]) -> tuple[float, float, float]:
    """The rate ``sum(hits) / sum(counts)`` and its 95% interval, each game one cluster."""
    total = sum(counts)
    rate = sum(hits) / total
    clusters = len(counts)
    if clusters < 2:
        return rate, 0.0, 1.0
    spread = sum((h - rate * n) ** 2 for h, n in zip(hits, counts, strict=True))
    half = 1.96 * math.sqrt(clusters / (clusters - 1) * spread) / total
    return rate, max(0.0, rate - half), min(1.0, rate + half)


def measure(bot_name: str, games: Sequence[HanabiState]) -> dict[str, Any]:
    """Agreement and exceptions of `bot_name` at every position of `games`."""
    factory = GAME.bots[bot_name]
    hits: list[int] = []
    counts: list[int] = []
    failures: list[str] = []
    started = time.perf_counter()
    for number, game in enumerate(games):
        agreed = seen = 0
        for state, human in human_positions(game):
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            seen += 1
            try:
                chosen = factory(0).act(state.view(seat), legal)
            except Exception:  # counting every failure is the point
                failures.append(f"game {number} move {state.move_count}: "
                                f"{traceback.format_exc(limit=1).splitlines()[-1]}")
                continue
            if chosen not in legal:
                failures.append(f"game {number} move {state.move_count}: illegal {chosen}")
            agreed += chosen == human
        hits.append(agreed)
        counts.append(seen)
    rate, low, high = cluster_interval(hits, counts)
    positions_seen = sum(counts)
    return {"bot": bot_name, "positions": positions_seen, "agreed": sum(hits), "rate": rate,
            "low": low, "high": high, "failures": failures,
            "ms": 1000 * (time.perf_counter() - started) / max(1, positions_seen)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    bundled = [name for name in GAME.bots if name not in GAME.levels]  # a level is a bot's alias
    parser.add_argument("--bots", default=",".join(bundled),
                        help="comma-separated bot names (default: every bundled bot)")
    parser.add_argument("--games", type=int, default=None,
                        help="only the first GAMES games (default: all 221)")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in names if name not in GAME.bots]
    if unknown:
        parser.error(f"unknown bots {', '.join(unknown)}; bots: {', '.join(GAME.bots)}")
    games = load_games(args.games)
    print(f"AH2AC2: {len(games)} games, fresh bot (seed 0) per position")
    print(f"{'bot':<14} {'positions':>9} {'agreed':>7} {'agreement':>9} {'95% interval':>15} "
          f"{'errors':>6} {'ms/pos':>7}")
    for name in names:
        row = measure(name, games)
        print(f"{name:<14} {row['positions']:>9} {row['agreed']:>7} {row['rate']:>9.1%} "
              f"{row['low']:>7.1%}–{row['high']:<7.1%} {len(row['failures']):>6} "
              f"{row['ms']:>7.1f}", flush=True)
        for failure in row["failures"][:3]:
            print(f"    {failure}")


if __name__ == "__main__":
    main()
