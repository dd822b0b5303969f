"""The ``cardgames`` command: list, play, replay, simulate, bench, and one sub-app per game.

Bad input anywhere is one red line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import io
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer._click.core import Command, Context  # Typer vendors click: its own classes
from typer.core import TyperCommand, TyperGroup

import cardgames
from cardgames.core.agents import RandomAgent
from cardgames.core.errors import CardgamesError, OptionsError, RecordError, clip, one_line
from cardgames.core.game import State
from cardgames.core.limits import MAX_WORKERS, load_json, read_text
from cardgames.core.loop import play as play_loop
from cardgames.core.record import Record, write_records
from cardgames.core.registry import GameInfo
from cardgames.terminal import fail, option_values, parse_bots, seat_bots

__all__ = ["app", "main"]

out = Console(highlight=False)
# soft_wrap: an error stays one line however narrow the terminal.
err = Console(stderr=True, highlight=False, soft_wrap=True)



class OneLineErrors(TyperGroup):
    """The root group: a usage error (unknown command, bad option) is one line, exit code 2.

    Typer's own handler draws a multi-line box; a person at a terminal and a script reading
    stderr both want one line that says what was wrong and where to look.
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        try:
            result = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except typer.TyperException as exc:
            # Typer vendors click; its usage errors derive from the public TyperException
            # and carry click's `ctx`, `exit_code` and `format_message`.
            ctx = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError":
                # Building the error already rendered the help when rich draws it; the
                # plain formatter leaves it in the message instead.
                help_text = exc.format_message() if hasattr(exc, "format_message") else ""
                if help_text.strip():
                    typer.echo(help_text)
                sys.exit(0)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
            _exit_with(f"{message}{where}", getattr(exc, "exit_code", 2))
        except typer.Abort:
            _exit_with("aborted", 1)
        sys.exit(result if isinstance(result, int) else 0)


def _exit_with(message: str, code: int) -> NoReturn:
    err.print(f"[red]error: {escape(one_line(message))}[/]")
    sys.exit(code)


class _Placeholder(TyperCommand):
    """A game's command as listed in help, before the game is imported."""


def _game_cli(name: str) -> Any:
    """The game's command-line module (importing the game), or None."""
    return cardgames.get_game(name).load_cli()


class GamesGroup(OneLineErrors):
    """The root group: the built-in commands plus one sub-app per registered game.

    A game's sub-app is imported only when it is run, so ``cardgames --help`` and the
    commands that do not need a game stay quick: help lists the games by name alone.
    """

    def list_commands(self, ctx: Context) -> list[str]:
        games = [name for name in cardgames.registry.names() if name not in self.commands]
        return [*super().list_commands(ctx), *games]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in cardgames.registry.names():
            return _Placeholder(
                cmd_name, help=f"The {cmd_name} game's own commands "
                f"('cardgames {cmd_name} --help'); 'cardgames {cmd_name} play' plays it."
            )
        return found

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, _Placeholder) and name is not None:
            module = _game_cli(name)
            command = typer.main.get_command(module.app)
        return name, command, rest


class PlayGroup(TyperGroup):
    """``cardgames play GAME``: one play command per registered game, imported when run."""

    def list_commands(self, ctx: Context) -> list[str]:
        return cardgames.registry.names()

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        if cmd_name not in cardgames.registry.names():
            return None
        return _Placeholder(
            cmd_name, help=f"Play {cmd_name} in the terminal ('cardgames play {cmd_name} "
            "--help' for its flags)."
        )

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, _Placeholder) and name is not None:
            game_app = typer.main.get_command(_game_cli(name).app)
            # Every game's sub-app is a group holding its play command.
            command = game_app.commands["play"]  # type: ignore[attr-defined]
        return name, command, rest


app = typer.Typer(
    cls=GamesGroup,
    name="cardgames",
    help="Rule engines for Hanabi, Ikebana and Koi-Koi: play, replay, simulate, benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
play_app = typer.Typer(
    cls=PlayGroup,
    name="play",
    help="Play a game in the terminal against bots (cardgames play GAME --help).",
    no_args_is_help=True,
)
app.add_typer(play_app)


def _version(value: bool) -> None:
    if value:
        out.print(f"cardgames {cardgames.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Rule engines for Hanabi, Ikebana and Koi-Koi."""


@app.command("list")
def list_games() -> None:
    """List the games, one line each."""
    table = Table(box=None, show_header=True, header_style="bold")
    table.add_column("game")
    table.add_column("players")
    table.add_column("description")
    for name, info in cardgames.games().items():
        counts = info.player_counts
        table.add_row(name, f"{counts.start}–{counts.stop - 1}", info.description)
    out.print(table)


def _game(name: str) -> GameInfo[Any, Any]:
    try:
        return cardgames.get_game(name)
    except OptionsError as exc:
        raise fail(str(exc)) from None


# ---------------------------------------------------------------------------- replay
def _read_json_documents(path: Path) -> list[Any]:
    """One JSON document, or JSON Lines (one record per line, as simulate --out writes)."""
    text = read_text(path, "file")
    name = clip(str(path))
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1)
             if line.strip()]
    if not lines:
        raise RecordError(f"{name!r} is empty: expected a record or a hanab.live export")
    try:
        return [load_json(text, "the file")]
    except RecordError as exc:
        if len(lines) == 1:
            raise _not_json(name, exc) from None
    documents = []
    for number, line in lines:
        try:
            documents.append(load_json(line, f"line {number}"))
        except RecordError as exc:
            raise _not_json(name, exc) from None
    return documents


def _not_json(name: str, problem: RecordError) -> RecordError:
    return RecordError(
        f"{name!r} is not JSON ({problem}): expected a cardgames record, JSON Lines of "
        "records, or a hanab.live export"
    )


def _load_any_record(data: Any, source: str) -> State[Any]:
    """Our record, or any registered game's foreign export, replayed to its final state."""
    if isinstance(data, dict) and "game" in data:
        return cardgames.replay(Record.from_dict(data, source=source))
    problems = []
    for info in cardgames.games().values():
        for fmt, importer in info.importers.items():
            try:
                state: State[Any] = importer(data)
                return state
            except RecordError as exc:
                problems.append(f"not a {info.name} {fmt} export ({exc})")
    raise RecordError(
        f"{source} is neither a cardgames record (it has no 'game' field) nor a known export: "
        + "; ".join(problems)
    )


@app.command()
def replay(
    file: Path = typer.Argument(
        ..., help="A cardgames record (.json), JSON Lines of records, or a hanab.live export."
    ),
    index: int = typer.Option(
        1, "--index", "-i", min=1, help="Which record of a JSON Lines file (from 1)."
    ),
    moves: bool = typer.Option(True, "--moves/--no-moves", help="List every move."),
) -> None:
    """Show a recorded game move by move, with what each move did, and its result."""
    try:
        documents = _read_json_documents(file)
        if index > len(documents):
            raise RecordError(
                f"--index {index} is past the end: {str(file)!r} holds {len(documents)} "
                f"record(s)"
            )
        source = str(file) if len(documents) == 1 else f"{file!s} record {index}"
        final = _load_any_record(documents[index - 1], source)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    info = cardgames.get_game(final.game_name)
    ui = getattr(info.load_cli(), "UI", None)
    header = f"{info.title} — {', '.join(final.players)}"
    if len(documents) > 1:
        header += f" (record {index} of {len(documents)})"
    out.print(f"[bold]{escape(header)}[/]")
    if moves:
        # Play the history again from the start to show who made each move and what it did.
        state = info.new_game(
            len(final.players), final.seed, names=final.players, deck=final.deck,
            options=final.options,
        )
        for number, action in enumerate(final.history, start=1):
            seat = state.current_player
            assert seat is not None  # the record replayed, so every move had a seat to act
            events = state.apply(action)
            out.print(f"[dim]{number:>4}.[/] ", end="")
            if ui is not None:
                out.print(ui.describe(state, seat, action, events, None))
            else:
                out.print(f"{escape(state.players[seat])}: {escape(str(action))}")
    if not final.is_over:
        # An unfinished game has no result: say how far it got and show where it stands,
        # from the seat to move.
        out.print(f"[bold]The game is {escape(final.result_text())}.[/]")
        seat = final.current_player
        if ui is not None and seat is not None:
            out.print(ui.render(final, seat))
    elif ui is not None and ui.final is not None:
        out.print(ui.final(final))
    else:
        out.print(escape(final.result_text()))


# -------------------------------------------------------------------------- simulate
@attrs.frozen
class _Job:
    game: str
    players: int | None
    options: dict[str, str]
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    keep_records: bool


def _play_one(job: _Job, index: int) -> tuple[list[int], list[str], str | None, int]:
    """Play game number `index` of a simulation; returns scores, bots by seat, record, moves."""
    info = cardgames.get_game(job.game)
    seed = job.seed + index
    state = info.new_game(job.players, seed, **job.options)
    count = len(state.players)
    shift = index % count if job.rotate else 0
    bots = [job.bots[(seat - shift) % len(job.bots)] for seat in range(count)]
    agents = [info.bots[name](seed * 7919 + seat) for seat, name in enumerate(bots)]
    record = play_loop(state, agents, max_moves=info.max_moves)
    text = None
    if job.keep_records:
        text = attrs.evolve(record, meta={**record.meta, "bots": bots}).to_json()
    return state.scores(), bots, text, state.move_count


def _play_chunk(args: tuple[_Job, int, int]) -> list[tuple[list[int], list[str], str | None, int]]:
    job, start, stop = args
    return [_play_one(job, index) for index in range(start, stop)]


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


@app.command()
def simulate(
    game: str = typer.Argument(..., help="The game to simulate."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games."),
    bots: str = typer.Option(
        "", "--bots", help="Bots by seat, comma-separated (one name: every seat). "
        "Default: the game's default bot."
    ),
    players: int | None = typer.Option(None, "--players", "-p", help="Players per game."),
    seed: int = typer.Option(0, "--seed", "-s", help="Game i uses seed S+i."),
    workers: int = typer.Option(
        1, "--workers", "-w", min=1, max=MAX_WORKERS,
        help=f"Processes to use (at most {MAX_WORKERS}).",
    ),
    rotate: bool = typer.Option(
        True, "--rotate/--no-rotate", help="Rotate the bots through the seats game by game."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A game option KEY=VALUE (repeatable), e.g. variant=rainbow."
    ),
    out_file: Path | None = typer.Option(
        None, "--out", help="Write every game's record to this JSON Lines file."
    ),
) -> None:
    """Play many bot games and report mean scores, win rates and games per second."""
    info = _game(game)
    try:
        count = info.check_players(info.default_players if players is None else players)
        names = tuple(seat_bots(info, parse_bots(bots), count, flag="--bots"))
        if len(set(names)) == 1:
            names = names[:1]
        job = _Job(
            info.name, count, option_values(option), names, seed, rotate,
            out_file is not None,
        )
        _play_one(attrs.evolve(job, keep_records=False), 0)  # checks the options up front
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    chunk = max(1, min(50, games // (workers * 8) or 1))
    results: list[tuple[list[int], list[str], str | None, int]] = []
    started = time.perf_counter()
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=err, transient=True,
    )
    with progress:
        task = progress.add_task(f"{info.name}", total=games)
        work = [(job, start, stop) for start, stop in _chunks(games, chunk)]
        if workers == 1:
            for item in work:
                done = _play_chunk(item)
                results.extend(done)
                progress.advance(task, len(done))
        else:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for done in pool.imap(_play_chunk, work):
                    results.extend(done)
                    progress.advance(task, len(done))
    elapsed = time.perf_counter() - started
    if out_file is not None:
        try:
            with out_file.open("w", encoding="utf-8") as stream:
                write_records(
                    (Record.from_json(text) for _, _, text, _ in results if text), stream
                )
        except OSError as exc:
            raise fail(f"cannot write {str(out_file)!r}: {exc.strerror}") from None
    _report(info, results, elapsed)


def _report(
    info: GameInfo[Any, Any],
    results: list[tuple[list[int], list[str], str | None, int]],
    elapsed: float,
) -> None:
    count = len(results)
    moves = sum(r[3] for r in results)
    out.print(
        f"{count} games of {info.name} in {elapsed:.2f} s: {count / elapsed:,.1f} games/s, "
        f"{moves / elapsed:,.0f} moves/s"
    )
    if info.cooperative:
        team = [scores[0] for scores, _, _, _ in results]
        out.print(
            f"mean score {statistics.fmean(team):.3f} (sd {statistics.pstdev(team):.2f}, "
            f"min {min(team)}, max {max(team)}); bots by seat: {', '.join(results[0][1])}"
        )
        return
    table = Table(box=None, header_style="bold")
    for column in ("bot", "seats played", "wins", "draws", "losses", "win rate", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    tally: dict[str, list[float]] = {bot: [0, 0, 0, 0, 0.0] for bot in results[0][1]}
    for scores, bots, _, _ in results:
        best = max(scores)
        winners = [seat for seat, s in enumerate(scores) if s == best]
        for seat, bot in enumerate(bots):
            row = tally.setdefault(bot, [0, 0, 0, 0, 0.0])
            row[0] += 1
            if seat in winners:
                row[1 if len(winners) == 1 else 2] += 1
            else:
                row[3] += 1
            row[4] += scores[seat]
    # The tally was filled in seat order of the first game, so the rows keep that order.
    for bot, (played, wins, draws, losses, total) in tally.items():
        table.add_row(
            bot, str(int(played)), str(int(wins)), str(int(draws)), str(int(losses)),
            f"{wins / played:.1%}", f"{total / played:.2f}",
        )
    out.print(table)


# ----------------------------------------------------------------------------- bench
MAX_BENCH_SECONDS = 86_400
"""A day: ``--seconds inf`` would never end."""


def _finite(value: float) -> float:
    # A range check lets NaN through (every comparison with it is false).
    if not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number of seconds")
    return value


@app.command()
def bench(
    game: str = typer.Argument(..., help="The game to benchmark."),
    seconds: float = typer.Option(
        3.0, "--seconds", min=0.1, max=MAX_BENCH_SECONDS, callback=_finite,
        help=f"How long to run (at most {MAX_BENCH_SECONDS:,} s).",
    ),
    players: int | None = typer.Option(None, "--players", "-p", help="Players per game."),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option KEY=VALUE."),
    seed: int = typer.Option(0, "--seed", "-s", help="The first game's seed."),
) -> None:
    """Random self-play through the public API: moves/s and games/s."""
    info = _game(game)
    try:
        values = option_values(option)
        info.new_game(players, seed, **values)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    agent = RandomAgent(seed)
    games = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = info.new_game(players, seed + games, **values)
        while not state.is_over:
            state.apply(agent.act(None, state.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - started
    out.print(
        f"{info.name}: {games} random games, {moves} moves in {elapsed:.2f} s — "
        f"{moves / elapsed:,.0f} moves/s, {games / elapsed:,.1f} games/s"
    )


# ----------------------------------------------------------------------------- serve
@app.command()
def serve(
    host: str = typer.Option(
        "127.0.0.1", "--host", help="The address to listen on (loopback by default: only "
        "this machine can connect)."
    ),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="The port to listen on."),
) -> None:
    """Serve the full-screen app to a web browser at http://HOST:PORT (needs the app extra)."""
    import importlib.util  # here, not at the top: the other commands never need it

    if importlib.util.find_spec("textual_serve") is None:
        raise fail("cardgames serve needs the app extra: pip install 'cardgames-engines[app]'")
    from cardgames.app.serve import is_loopback
    from cardgames.app.serve import serve as serve_app

    if not is_loopback(host):
        # Anyone who reaches the address plays on this machine and saves games here.
        err.print(f"[yellow]warning: serving on {escape(host)}: other machines can connect[/]")
    out.print(f"Serving cardgames at http://{escape(host)}:{port} (Ctrl-C stops it)")
    serve_app(host, port)


def main() -> None:
    """The console script's entry point.

    Output that the terminal's encoding cannot show (a card glyph on an ASCII or Latin-1
    terminal) is replaced instead of failing, bytes typed that are not in its encoding are
    read as replacement characters, and Ctrl-C outside a game (while starting, reading a
    file) leaves quietly with exit code 130.
    """
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    try:
        app()
    except KeyboardInterrupt:
        _exit_with("interrupted", 130)
