"""``cardgames arena GAME``: seeded games among any seats, one JSON line a game, then a report.

Bad input (an unknown bot, a bad seat, a mode the game does not have, a bad player count)
is one red line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import math
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import cardgames
from cardgames.arena.agreement import agreement_plan, agreement_rows, read_games, run_agreement
from cardgames.arena.report import RATINGS_EXTRA, Report, plot, summarize
from cardgames.arena.run import DEFAULT_MOVE_LIMIT, plan, run, write_line
from cardgames.arena.schedule import MODES
from cardgames.arena.seats import split_seats
from cardgames.cli.commands import fail, option_values
from cardgames.core.errors import CardgamesError, OptionsError, clip
from cardgames.core.limits import MAX_WORKERS
from cardgames.core.text import counted
from cardgames.simulate import check_plot_path, open_executor

__all__ = ["app", "arena"]

# A report piped to a file keeps its columns whole (rich would fold them at 80 characters).
out = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
err = Console(stderr=True, highlight=False, soft_wrap=True)

AGREEMENT = "agreement"
"""The mode that measures agreement with recorded games (:mod:`cardgames.arena.agreement`)."""

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command("arena")
def arena(
    game: str = typer.Argument(..., help="The game to play."),
    seats: list[str] = typer.Option(
        ..., "--seats", help="The seats, comma-separated (repeatable): a bot or level by name, "
        "a Python bot as module:factory, or a program as exec:COMMAND (which runs to the end "
        "of its value); NAME=SPEC names a seat.",
    ),
    mode: str | None = typer.Option(
        None, "--mode", "-m", help=f"One of {', '.join(MODES)} (default: crossplay for a "
        "cooperative game, roundrobin for a competitive one), or agreement (with --records).",
        show_default=False,
    ),
    players: int | None = typer.Option(None, "--players", "-p", help="Players per game."),
    games: int = typer.Option(
        100, "--games", "-n", help="Games of each matchup (a round robin: an even number)."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="Game i of each matchup is dealt from "
                             "seed S+i (a round robin: S+i//2, twice)."),
    pool: list[str] = typer.Option(
        [], "--pool", help="adhoc: the partners drawn for each seat under test, as --seats "
        "(default: the seats themselves).",
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A game option KEY=VALUE (repeatable), e.g. variant=rainbow."
    ),
    records: list[Path] = typer.Option(
        [], "--records", help="agreement: files of recorded games (cardgames records, "
        "hanab.live exports, AH2AC2's games.json; repeatable) whose every move each seat is "
        "asked to make.",
    ),
    move_limit: float = typer.Option(
        DEFAULT_MOVE_LIMIT, "--move-limit", help="Seconds an exec: seat has for a move (the "
        "program's start counts in its first).",
    ),
    out_file: Path | None = typer.Option(
        None, "--out", help="The JSON Lines file of the games (default "
        "arena-GAME-MODE.jsonl).", show_default=False,
    ),
    jobs: int | None = typer.Option(
        None, "--jobs", "-j", "--workers", min=1, max=MAX_WORKERS, show_default=False,
        help=f"Processes to use (default 1; with --cluster local, the CPUs Ray may use). "
        f"At most {MAX_WORKERS}.",
    ),
    cluster: str | None = typer.Option(
        None, "--cluster", help="Run on Ray: 'local', 'auto' or 'ray://HOST:PORT' (the "
        "cluster extra).",
    ),
    plot_file: Path | None = typer.Option(
        None, "--plot", help="Draw the matrix, the ratings or the scores to this PNG (.svg, "
        ".pdf; the plot extra).",
    ),
) -> None:
    """Play seeded games among any seats and report cross-play, win rates and ratings."""
    if mode == AGREEMENT or records:
        _agreement(game, mode, split_seats(seats), records, move_limit, out_file, jobs,
                   cluster)
        return
    try:
        info = cardgames.get_game(game)
        job = plan(
            info.name, split_seats(seats), mode=mode, players=players, games=games, seed=seed,
            pool=split_seats(pool), options=option_values(option), move_limit=move_limit,
        )
        if plot_file is not None:
            check_plot_path(plot_file)
        target = out_file or Path(f"arena-{job.game}-{job.mode}.jsonl")
        stream = target.open("w", encoding="utf-8")
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(_cannot_write(exc.filename, exc)) from None
    lines: list[dict[str, Any]] = []
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        stack.enter_context(stream)
        progress = stack.enter_context(_progress())
        task = progress.add_task(f"{job.game} {job.mode}", total=len(job.games))
        try:
            executor = stack.enter_context(open_executor(jobs, cluster))
        except CardgamesError as exc:
            raise fail(str(exc)) from None
        played = stack.enter_context(contextlib.closing(run(
            job, executor=executor,
            progress=lambda done, _: progress.update(task, completed=done),
        )))
        for line in played:
            _write(line, stream, target)
            lines.append(line)
    elapsed = time.perf_counter() - started
    report = summarize(lines, cooperative=info.cooperative)
    out.print(f"{counted(len(lines), 'game')} of {job.game} ({job.mode}, "
              f"{job.players} players, seeds from {seed}) in {elapsed:.1f} s; "
              f"written to {escape(str(target))}")
    show(report)
    if plot_file is not None:
        try:
            plot(report, plot_file)
        except CardgamesError as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(_cannot_write(plot_file, exc)) from None
        out.print(f"plot written to {escape(str(plot_file))}")


def _agreement(game: str, mode: str | None, seats: list[str], records: list[Path],
               move_limit: float, out_file: Path | None, jobs: int | None,
               cluster: str | None) -> None:
    """``--mode agreement``: each seat's agreement with the recorded moves."""
    try:
        if mode != AGREEMENT:
            raise OptionsError(f"--records is for the agreement mode, not {mode or 'the default'}")
        if not records:
            raise OptionsError("the agreement mode needs the recorded games: --records FILE")
        info = cardgames.get_game(game)
        games = [state for path in records for state in read_games(path, info.name)]
        job = agreement_plan(games, seats, move_limit=move_limit)
        target = out_file or Path(f"arena-{info.name}-{AGREEMENT}.jsonl")
        stream = target.open("w", encoding="utf-8")
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(_cannot_write(exc.filename, exc)) from None
    lines: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        stack.enter_context(stream)
        progress = stack.enter_context(_progress())
        task = progress.add_task(f"{info.name} {AGREEMENT}",
                                 total=len(job.records) * len(job.specs))
        try:
            executor = stack.enter_context(open_executor(jobs, cluster))
        except CardgamesError as exc:
            raise fail(str(exc)) from None
        played = stack.enter_context(contextlib.closing(run_agreement(
            job, executor=executor,
            progress=lambda done, _: progress.update(task, completed=done),
        )))
        for line in played:
            _write(line, stream, target)
            lines.append(line)
    out.print(f"{counted(len(job.records), 'recorded game')} of {info.name}, "
              f"{counted(len(job.specs), 'seat')}; written to {escape(str(target))}")
    table = _table("agreement with the recorded moves (95% interval: a game one cluster)",
                   ("seat", "games", "positions", "agreed", "agreement", "interval", "faults",
                    "ms per position"), ("seat", "faults"))
    for row in agreement_rows(lines):
        table.add_row(escape(row.seat), str(row.games), str(row.positions), str(row.agreed),
                      f"{row.rate:.1%}", _interval(row.low, row.high),
                      ", ".join(f"{kind} {count}" for kind, count in row.faults.items())
                      or "none", f"{row.ms_per_position:.1f}")
    out.print(table)


def _progress() -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err, transient=True)


def _write(line: dict[str, Any], stream: Any, target: Path) -> None:
    try:
        write_line(line, stream)
        stream.flush()  # readable as the run goes on
    except OSError as exc:
        raise fail(_cannot_write(target, exc)) from None


def _cannot_write(path: object, exc: OSError) -> str:
    return f"cannot write {clip(str(path))!r}: {exc.strerror or exc}"


def _interval(low: float, high: float) -> str:
    return f"{low:.1%}–{high:.1%}"


def _table(title: str, columns: tuple[str, ...], left: tuple[str, ...]) -> Table:
    table = Table(title=title, header_style="bold", title_justify="left", box=None)
    for column in columns:
        table.add_column(column, justify="left" if column in left else "right")
    return table


def show(report: Report, console: Console = out) -> None:
    """Print `report` as tables: the mode's, then the seats' decisions, times and faults."""
    for table in {"crossplay": _crossplay_tables, "roundrobin": _roundrobin_tables,
                  "adhoc": _adhoc_tables}[report.mode](report):
        console.print(table)
    if report.mode == "roundrobin" and report.ratings is None:
        console.print(f"(no ratings: they need openskill, the arena extra: {RATINGS_EXTRA})")
    seats = _table("seats", ("seat", "seat-games", "decisions", "ms per decision", "faults"),
                   ("seat", "faults"))
    for row in report.seats:
        ms = row.ms_per_decision
        seats.add_row(escape(row.label), str(row.games), str(row.decisions),
                      "–" if math.isnan(ms) else f"{ms:.2f}",
                      ", ".join(f"{kind} {count}" for kind, count in row.faults.items())
                      or "none")
    console.print(seats)


def _crossplay_tables(report: Report) -> list[Table]:
    labels = report.labels
    matrix = _table("cross-play: team score, one seat (row) with the rest (column), mean ± "
                    "95% interval", ("one \\ rest", *labels), ("one \\ rest",))
    for one in labels:
        matrix.add_row(escape(one), *(str(report.matrix.get((one, rest), "–"))
                                      for rest in labels))
    mixes = _table("every table", ("seats", "games", "mean ± 95% interval"), ("seats",))
    for name, mean in report.mixes.items():
        mixes.add_row(escape(name), str(mean.n), str(mean))
    return [matrix, mixes]


def _roundrobin_tables(report: Report) -> list[Table]:
    pairs = _table(
        "round robin: the first bot's record (a draw counts half; 95% Wilson interval), "
        "rating (openskill)",
        ("bot", "against", "games", "W-D-L", "win rate", "interval", "points ahead", "±",
         "mu", "sigma", "mu-3σ"), ("bot", "against"))
    ratings = report.ratings
    for row in report.pairs:
        record = row.record
        rated = ["", "", ""]
        if row.second is None and ratings is not None:
            rating = ratings[row.first]
            rated = [f"{rating.mu:.2f}", f"{rating.sigma:.2f}", f"{rating.ordinal:.2f}"]
        pairs.add_row(
            escape(row.first), escape(row.second or "(all)"), str(record.n),
            f"{record.wins}-{record.draws}-{record.losses}", f"{record.rate:.1%}",
            _interval(*record.interval), f"{row.difference.mean:+.1f}",
            f"{row.difference.high - row.difference.mean:.1f}", *rated,
        )
    return [pairs]


def _adhoc_tables(report: Report) -> list[Table]:
    rows = _table("ad hoc: the seat under test with drawn partners",
                  ("bot", "games", "score (mean ± 95%)", "win rate", "interval"), ("bot",))
    for row in report.adhoc:
        record = row.record
        rows.add_row(escape(row.label), str(row.score.n), str(row.score),
                     "" if record is None else f"{record.rate:.1%}",
                     "" if record is None else _interval(*record.interval))
    return [rows]
