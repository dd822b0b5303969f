"""The arena: seeded games among any seats, written one JSON line a game, and reported.

A seat is a bundled bot by name or level, a Python bot (``module:factory``) or any program
speaking JSON lines on its standard input and output (``exec:COMMAND``); see
:mod:`cardgames.arena.seats` and docs/arena.md::

    job = cardgames.arena.plan("hanabi", ["h-group", "convention"], players=2, games=100)
    lines = list(cardgames.arena.run(job))          # one dict a game, in order
    report = cardgames.arena.summarize(lines, cooperative=True)
    report.matrix["h-group", "convention"]          # Mean(n=200, mean=..., low=..., high=...)

The modes (:mod:`cardgames.arena.schedule`): ``crossplay`` (cooperative games: self-play and
every mix of every pair, the cross-play matrix), ``roundrobin`` (competitive games: each pair
on the same deals with the seats swapped; win rates and ratings) and ``adhoc`` (each bot with
partners drawn from a pool). A seat that crashes, runs past the move limit or answers no legal
move is recorded against that seat and the game scored by the rule of
:mod:`cardgames.arena.play`; the run goes on.

:mod:`cardgames.arena.agreement` measures any seat's agreement with the moves people made in
recorded games (``agreement_plan``, ``run_agreement``, ``agreement_rows``).
"""

from cardgames.arena.agreement import agreement_plan, agreement_rows, run_agreement
from cardgames.arena.play import TIME_FIELD, ArenaGame, ArenaJob, play_game
from cardgames.arena.report import Mean, Rate, Rating, Report, summarize
from cardgames.arena.run import DEFAULT_MOVE_LIMIT, plan, run, without_times, write_line
from cardgames.arena.schedule import MODES
from cardgames.arena.seats import FAULT_KINDS, SeatFault, SeatSpec, parse_seat, split_seats
from cardgames.arena.wire import PROTOCOL

__all__ = [
    "DEFAULT_MOVE_LIMIT",
    "FAULT_KINDS",
    "MODES",
    "PROTOCOL",
    "TIME_FIELD",
    "ArenaGame",
    "ArenaJob",
    "Mean",
    "Rate",
    "Rating",
    "Report",
    "SeatFault",
    "SeatSpec",
    "agreement_plan",
    "agreement_rows",
    "parse_seat",
    "plan",
    "play_game",
    "run",
    "run_agreement",
    "split_seats",
    "summarize",
    "without_times",
    "write_line",
]
