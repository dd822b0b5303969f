"""How like people Hanabi's bots play: top-1 agreement with the human move at every position
of the 221 real three-player hanab.live games of AH2AC2, and the bots' exceptions there.

Played by :mod:`cardgames.arena.agreement`, so any arena seat can be measured (an ``exec:``
program too). At each position a **fresh** bot of the seat to act (seed 0) is asked for its
move; it reads the seat's view and the whole history, as a partner joining the game there
would (an ``exec:`` program is started once for each seat of a game and asked at each of its
positions in turn). The move is the human's when the two actions are equal. Agreement is
reported per bot with a 95% interval that counts the positions of one game as one cluster (a
ratio estimator over games; positions of the same game are not independent), and every fault
(an exception, an illegal move) is counted: the bots' promise is that they never raise
(``tests/hanabi/test_never_fails.py`` checks every position for the bots that sit with people
and a stratified sample for the others; this script checks them all).

The games (``../shared/conformance/hanabi/ah2ac2/games.json``) are for measuring only: no bot
and no threshold is fitted to them.

Usage::

    python benchmarks/hanabi_agreement.py                      # every bundled bot
    python benchmarks/hanabi_agreement.py --bots convention,h-group-1,h-group
    python benchmarks/hanabi_agreement.py --bots hat --games 20  # the first 20 games
    python benchmarks/hanabi_agreement.py --bots "exec:node docs/examples/arena/bot.js"

Not collected by pytest.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchkit import print_table
from cardgames.arena.agreement import agreement_plan, agreement_rows, read_games, run_agreement
from cardgames.core.errors import CardgamesError
from cardgames.core.game import State
from cardgames.hanabi import GAME
from cardgames.simulate import open_executor

GAMES = (Path(__file__).resolve().parents[2] / "shared" / "conformance" / "hanabi" / "ah2ac2"
         / "games.json")
"""The AH2AC2 games, in ``../shared`` beside the checkout."""


def load_games(path: Path = GAMES, limit: int | None = None) -> list[State[Any]]:
    """The AH2AC2 games as finished states (the first `limit` of them)."""
    return read_games(path, "hanabi")[:limit]


def measure(seats: Sequence[str], games: Sequence[State[Any]],
            jobs: int = 1) -> list[dict[str, Any]]:
    """Agreement and faults of each seat at every position of `games`: the table's rows."""
    job = agreement_plan(games, seats)
    with open_executor(jobs if jobs > 1 else None) as executor:
        lines = list(run_agreement(job, executor=executor))
    return [{"seat": row.seat, "positions": row.positions, "agreed": row.agreed,
             "agreement": f"{row.rate:.1%}", "95% interval": f"{row.low:.1%}–{row.high:.1%}",
             "faults": sum(row.faults.values()), "ms/position": round(row.ms_per_position, 1)}
            for row in agreement_rows(lines)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    bundled = [name for name in GAME.bots if name not in GAME.levels]  # a level is a bot's alias
    parser.add_argument("--bots", default=",".join(bundled),
                        help="comma-separated seats: bots by name, module:factory or "
                             "exec:COMMAND (default: every bundled bot)")
    parser.add_argument("--games", type=int, default=None,
                        help="only the first GAMES games (default: all 221)")
    parser.add_argument("--file", type=Path, default=GAMES,
                        help="the AH2AC2 games.json (default: ../shared beside the checkout)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    seats = [name.strip() for name in args.bots.split(",") if name.strip()]
    try:
        games = load_games(args.file, args.games)
        print(f"AH2AC2: {len(games)} games; a Python bot is made afresh (seed 0) at each "
              "position")
        print_table(measure(seats, games, args.jobs))
    except CardgamesError as error:
        parser.error(str(error))


if __name__ == "__main__":
    main()
