"""The ``cardgames`` command: list, play, replay, simulate, train, bench, server, bot, join,
and one sub-app per game.

The command layer: it stands above every other part of the library and nothing below imports
it. Each game's own commands and its line-mode table live beside this module
(``cardgames/cli/<game>.py``), named by the game's ``GameInfo.cli_module`` and imported only
when that game's command runs; the pieces every command shares are in
:mod:`cardgames.cli.commands`.

Bad input anywhere is one red line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import importlib.util
import io
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer.core import TyperCommand, TyperGroup

import cardgames
from cardgames.cli.commands import fail, is_loopback, option_values
from cardgames.core.agents import RandomAgent
from cardgames.core.errors import CardgamesError, OptionsError, RecordError, clip, one_line
from cardgames.core.game import State
from cardgames.core.limits import MAX_WORKERS, load_json, read_text
from cardgames.core.record import Record, write_records
from cardgames.core.registry import GameInfo
from cardgames.core.text import counted
from cardgames.session import data_home, parse_bots, seat_bots
from cardgames.simulate import (
    GameResult,
    check_plot_path,
    plot,
    ray_address,
    ray_cluster,
    score_counts,
    tally,
)

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

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        untyped_flags(self, ctx)
        rest: list[str] = super().parse_args(ctx, args)
        return rest


def untyped_flags(command: Any, ctx: Any) -> Any:
    """`command` (and its subcommands) with no type shown for its flags in help: Typer shows
    ``<bool>`` after ``--plain`` or ``--help`` as if they took a value. A flag's empty
    metavar is what help shows instead (`ctx`: where the help option's names come from)."""
    for param in [*command.params, command.get_help_option(ctx)]:
        if param is not None and getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        untyped_flags(sub, ctx)
    return command


def _exit_with(message: str, code: int) -> NoReturn:
    err.print(f"[red]error: {escape(one_line(message))}[/]")
    sys.exit(code)


class _Placeholder(TyperCommand):
    """A game's command as listed in help, before the game is imported."""


def _game_cli(name: str) -> Any:
    """The game's command-line module (importing the game), or None."""
    return cardgames.get_game(name).load_cli()


# This group and PlayGroup replace click's get_command and resolve_command. Typer vendors
# click and exports neither its Command class nor the Context these methods receive
# (typer.Context is a subclass, for commands' parameters): the click objects pass as Any.
class GamesGroup(OneLineErrors):
    """The root group: the built-in commands plus one sub-app per registered game.

    A game's sub-app is imported only when it is run, so ``cardgames --help`` and the
    commands that do not need a game stay quick: help lists the games by name alone.
    """

    def list_commands(self, ctx: Any) -> list[str]:
        games = [name for name in cardgames.registry.names() if name not in self.commands]
        return [*super().list_commands(ctx), *games]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in cardgames.registry.names():
            return _Placeholder(
                cmd_name, help=f"The {cmd_name} game's own commands "
                f"('cardgames {cmd_name} --help'); 'cardgames {cmd_name} play' plays it."
            )
        return found

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, _Placeholder) and name is not None:
            module = _game_cli(name)
            command = typer.main.get_command(module.app)
        return name, untyped_flags(command, ctx) if command is not None else None, rest


class PlayGroup(TyperGroup):
    """``cardgames play GAME``: one play command per registered game, imported when run."""

    def list_commands(self, ctx: Any) -> list[str]:
        return cardgames.registry.names()

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in cardgames.registry.names():
            return None
        return _Placeholder(
            cmd_name, help=f"Play {cmd_name} in the terminal ('cardgames play {cmd_name} "
            "--help' for its flags)."
        )

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, _Placeholder) and name is not None:
            # Every game's sub-app is a group holding its play command.
            command = typer.main.get_group(_game_cli(name).app).commands["play"]
        return name, untyped_flags(command, ctx) if command is not None else None, rest


app = typer.Typer(
    cls=GamesGroup,
    name="cardgames",
    help="Card games' rule engines: list the games, play, replay, simulate, train and bench "
    "them, seat any bots in an arena, and play at a game server (server, join, bot).",
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
    """Card games' rule engines (``cardgames list`` names the games)."""


def install_command(extras: str) -> str:
    """The command that installs the optional extras `extras` (``"server"``, ``"app,server"``)
    for this copy of the package: from a checkout (the package imported from the source tree
    beside its pyproject.toml), the editable install of that tree, which works there; else the
    distribution's name with the extras."""
    # The tree's root is the nearest folder above this file with the project's pyproject.toml
    # (src/ layout: two or three levels up, whichever module holds this function).
    for root in Path(__file__).resolve().parents[1:5]:
        try:
            project = (root / "pyproject.toml").read_text(encoding="utf-8")
        except OSError:
            continue
        if 'name = "cardgames-engines"' in project:
            return f"python -m pip install -e '{root}[{extras}]'"
    return f"pip install 'cardgames-engines[{extras}]'"


@app.command("list")
def list_games() -> None:
    """List the games, one line each."""
    table = Table(box=None, show_header=True, header_style="bold")
    table.add_column("game")
    table.add_column("players")
    table.add_column("description")
    for name, info in cardgames.games().items():
        counts = info.player_counts
        players = f"{counts.start}" if len(counts) == 1 else f"{counts.start}–{counts.stop - 1}"
        table.add_row(name, f"{players} players", info.description)
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
HISTOGRAM_WIDTH = 40
"""The longest bar of simulate's text histograms, in characters."""


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
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, max=MAX_WORKERS, show_default=False,
        help=f"Processes to use (default 1; with --cluster local, the CPUs Ray may use: "
        f"default all of this machine's). At most {MAX_WORKERS}.",
    ),
    cluster: str | None = typer.Option(
        None, "--cluster", help="Run on Ray: 'local' starts it on this machine, 'auto' or "
        "'ray://HOST:PORT' joins a running cluster (needs the cluster extra).",
    ),
    rotate: bool = typer.Option(
        True, "--rotate/--no-rotate", help="Rotate the bots through the seats game by game."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A game option KEY=VALUE (repeatable), e.g. variant=rainbow."
    ),
    out_file: Path | None = typer.Option(
        None, "--out", help="Write every game's record to this JSON Lines file, as it comes."
    ),
    plot_file: Path | None = typer.Option(
        None, "--plot", help="Draw the scores (a cooperative game) or win rates to this PNG "
        "(needs the plot extra; .svg and .pdf work too).",
    ),
) -> None:
    """Play many bot games and report games per second, then scores or win rates."""
    info = _game(game)
    try:
        count = info.check_players(players)
        names = seat_bots(info, parse_bots(bots), count, flag="--bots")
        run = functools.partial(
            cardgames.simulate, info.name, bots=names, players=count, seed=seed,
            rotate=rotate, records=out_file is not None, options=option_values(option),
        )
        run(games=1, records=False)  # checks the options before any process starts
        if cluster is not None:
            address = ray_address(cluster)
            if address != "local" and workers is not None:
                raise OptionsError(
                    f"--workers sets the CPUs of --cluster local; --cluster {cluster} uses "
                    "the CPUs of the cluster it joins"
                )
        if plot_file is not None:
            check_plot_path(plot_file)
        stream = None if out_file is None else out_file.open("w", encoding="utf-8")
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(_cannot_write(exc.filename, exc)) from None
    with contextlib.ExitStack() as stack:
        if stream is not None:
            stack.enter_context(stream)
        progress = stack.enter_context(Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), console=err, transient=True,
        ))
        starting = {None: "", "local": " (starting Ray)"}.get(cluster, " (joining Ray)")
        task = progress.add_task(info.name + starting, total=games)
        try:
            executor = _executor(stack, cluster, workers)
        except CardgamesError as exc:
            raise fail(str(exc)) from None
        progress.update(task, description=info.name)
        started = time.perf_counter()
        results = []
        # Closed before the executor: chunks not yet started are cancelled, not waited for.
        played = stack.enter_context(contextlib.closing(run(
            games, executor=executor, progress=lambda done, _: progress.update(task, completed=done)
        )))
        for result in played:
            if stream is not None and result.record is not None:
                try:
                    write_records([result.record], stream)
                    stream.flush()  # readable as the run goes on (tail -f, a crash)
                except OSError as exc:
                    raise fail(_cannot_write(out_file, exc)) from None
                result = attrs.evolve(result, record=None)  # written: no need to hold it
            results.append(result)
        elapsed = time.perf_counter() - started
    _report(info, results, elapsed)
    if plot_file is not None:
        try:
            plot(results, plot_file, title=_plot_title(info, results),
                 cooperative=info.cooperative)
        except CardgamesError as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(_cannot_write(plot_file, exc)) from None
        out.print(f"plot written to {escape(str(plot_file))}")


def _cannot_write(path: object, exc: OSError) -> str:
    return f"cannot write {clip(str(path))!r}: {exc.strerror or exc}"


def _executor(
    stack: contextlib.ExitStack, cluster: str | None, workers: int | None
) -> concurrent.futures.Executor | None:
    """Where simulate's games run: here, a process pool, or Ray (closed with `stack`)."""
    if cluster is not None:
        # Only a local Ray takes a CPU count (simulate refuses --workers with any other).
        return stack.enter_context(ray_cluster(cluster, num_cpus=workers or _usable_cpus()))
    if workers is None or workers == 1:
        return None
    # spawn: a forked child would inherit the progress bar's thread and its locks.
    return stack.enter_context(concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn")
    ))


def _usable_cpus() -> int:
    """The CPUs this process may run on, at most MAX_WORKERS."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        usable = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, usable))


def _plot_title(info: GameInfo[Any, Any], results: list[GameResult]) -> str:
    players = len(results[0].bots)
    bots = ", ".join(dict.fromkeys(bot for result in results for bot in result.bots))
    title = f"{info.title}: {counted(len(results), 'game')}, {players} players ({bots})"
    if info.cooperative:
        title += f", mean score {statistics.fmean(r.scores[0] for r in results):.2f}"
    return title


def _bar(fraction: float) -> str:
    """A text bar of `fraction` of HISTOGRAM_WIDTH, in eighths of a character."""
    eighths = round(fraction * HISTOGRAM_WIDTH * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("" if part == 0 else " ▏▎▍▌▋▊▉"[part])


def _interval_line(rate: float, low: float, high: float) -> str:
    """A win rate on a 0–100% scale of HISTOGRAM_WIDTH + 1 marks: ● the rate, ├─┤ its
    interval."""
    marks = [" "] * (HISTOGRAM_WIDTH + 1)
    first, last = round(low * HISTOGRAM_WIDTH), round(high * HISTOGRAM_WIDTH)
    for place in range(first, last + 1):
        marks[place] = "─"
    marks[first], marks[last] = "├", "┤"
    marks[round(rate * HISTOGRAM_WIDTH)] = "●"
    return "".join(marks)


def _report(info: GameInfo[Any, Any], results: list[GameResult], elapsed: float) -> None:
    count = len(results)
    moves = sum(result.moves for result in results)
    out.print(
        f"{counted(count, 'game')} of {info.name} in {elapsed:.2f} s: "
        f"{count / elapsed:,.1f} games/s, "
        f"{moves / elapsed:,.0f} moves/s"
    )
    out.print(f"bots by seat: {escape(', '.join(results[0].bots))}")
    if info.cooperative:
        team = [result.scores[0] for result in results]
        out.print(
            f"mean score {statistics.fmean(team):.3f} (sd {statistics.pstdev(team):.2f}, "
            f"min {min(team)}, max {max(team)})"
        )
        counts = score_counts(results)
        most = max(counts.values())
        out.print("score  games")
        for score, games in counts.items():
            out.print(f"{score:>5}  {games:>5} {_bar(games / most)}")
        return
    table = Table(box=None, header_style="bold")
    columns = ("bot", "seats played", "wins", "draws", "losses", "win rate", "95% interval",
               "mean score")
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    rows = tally(results)  # in the seat order of the first game
    for row in rows:
        low, high = row.interval
        table.add_row(
            escape(row.bot), str(row.played), str(row.wins), str(row.draws), str(row.losses),
            f"{row.win_rate:.1%}", f"{low:.1%}–{high:.1%}", f"{row.mean_score:.2f}",
        )
    out.print(table)
    out.print("win rates: ● and its 95% interval ├─┤")
    out.print(f" 0%{'100%':>{HISTOGRAM_WIDTH - 1}}")
    for row in rows:
        out.print(f"|{_interval_line(row.win_rate, *row.interval)}| {escape(row.bot)}")


# ----------------------------------------------------------------------------- bench
MAX_BENCH_SECONDS = 86_400
"""A day: ``--seconds inf`` would never end."""


def _finite(value: float) -> float:
    # A range check lets NaN through (every comparison with it is false).
    if not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number of seconds")
    return value


# -------------------------------------------------------------------------- train
DEVICES = ("auto", "cpu", "gpu")


@app.command("train")
def train_command(
    game: str = typer.Argument(
        ..., help="The game to train an agent for (one with a trainer: any other is refused, "
        "naming those that have one)."),
    steps: int = typer.Option(
        1_000_000, "--steps", min=1, help="Environment steps to play in all."),
    seed: int = typer.Option(0, "--seed", "-s", help="The seed of every random key."),
    preset: str | None = typer.Option(
        None, "--preset", show_default=False,
        help="The rule preset (default: the first the game's trainer supports)."),
    device: str = typer.Option(
        "auto", "--device", help="cpu, gpu (JAX with CUDA) or auto (a GPU when present)."),
    out_dir: Path | None = typer.Option(
        None, "--out", show_default=False, help="Folder for weights.npz, figures.json, "
        "curve.png and the checkpoint (default: GAME-training)."),
    checkpoint: Path | None = typer.Option(
        None, "--checkpoint", help="Resume from / save to this file (default: OUT/"
        "checkpoint.npz; an existing one is resumed)."),
    envs: int = typer.Option(256, "--envs", min=2, help="Matches played side by side."),
    rollout: int = typer.Option(32, "--rollout", min=1, help="Steps per match per update."),
    hidden: int = typer.Option(256, "--hidden", min=1, help="Units per hidden layer."),
    eval_every: int = typer.Option(
        25, "--eval-every", min=1, help="Updates between two points of the curve."),
    eval_matches: int = typer.Option(
        256, "--eval-matches", min=2, help="Matches per opponent at each point of the curve."),
    time_limit: float | None = typer.Option(
        None, "--time-limit", min=1, help="Stop after this many seconds (checkpointed: the "
        "same command goes on from there)."),
) -> None:
    """Train an agent by self-play on the JAX engine (needs the train extra)."""
    info = _game(game)
    if info.trainer is None:
        trainable = [name for name, found in cardgames.games().items()
                     if found.trainer is not None]
        raise fail(f"cannot train {game!r}: training is offered for "
                   f"{', '.join(trainable) or 'no game'}")
    if device not in DEVICES:
        raise fail(f"--device must be one of {', '.join(DEVICES)} (got {device!r})")
    try:
        import jax  # noqa: PLC0415  # the train extra is optional

        trainer = info.load_trainer()
    except ImportError as exc:
        raise fail(str(exc)) from None
    if preset is None:
        preset = str(trainer.SUPPORTED_PRESETS[0])
    if out_dir is None:
        out_dir = Path(f"{info.name}-training")
    try:
        trainer.check_preset(preset)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    if device != "auto":
        platform = {"cpu": "cpu", "gpu": "cuda"}[device]
        jax.config.update("jax_platforms", platform)  # type: ignore[no-untyped-call]
    try:
        jax.devices()
    except RuntimeError:
        raise fail(f"JAX finds no {device.upper()} here (install jax[cuda12] for an NVIDIA "
                   "GPU, or use --device cpu)") from None
    config = trainer.TrainConfig(
        steps=steps, seed=seed, preset=preset, num_envs=envs, rollout=rollout, hidden=hidden,
        eval_every=eval_every, eval_matches=eval_matches)
    saved = checkpoint if checkpoint is not None else out_dir / "checkpoint.npz"
    err.print(f"training {info.name} ({preset}) on {jax.devices()[0]}: {config.updates} updates of "
              f"{config.steps_per_update} steps; compiling first (a minute or two)")
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("{task.fields[figures]}"), console=err,
                  transient=False) as progress:
        task = progress.add_task("updates", total=config.updates, figures="")

        def report(done: int, total: int, metrics: dict[str, float]) -> None:
            figures = " ".join(f"{name} {metrics[name]:.2f}" for name in (
                *trainer.CURVE, "entropy") if name in metrics)
            progress.update(task, completed=done, total=total, figures=figures)

        try:
            figures = trainer.train(config, out_dir, saved, report, time_limit)
        except CardgamesError as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(_cannot_write(exc.filename, exc)) from None
    final = figures["final"]
    wins = ", ".join(f"{final[name]:.1%} {words}" for name, words in trainer.CURVE.items())
    out.print(f"{figures['env_steps']:,} steps in {figures['seconds']:.0f} s on "
              f"{escape(figures['device'])}: wins {escape(wins)}")
    out.print(f"written to {escape(str(out_dir))}: weights.npz, figures.json"
              + (", curve.png" if (out_dir / "curve.png").exists() else ""))


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
        f"{info.name}: {counted(games, 'random game')}, {counted(moves, 'move')} in "
        f"{elapsed:.2f} s — "
        f"{moves / elapsed:,.0f} moves/s, {games / elapsed:,.1f} games/s"
    )


# ----------------------------------------------------------------------------- serve
@app.command(hidden=True, context_settings={"allow_extra_args": True,
                                            "ignore_unknown_options": True})
def serve() -> None:
    """Gone: `cardgames server` serves the web table (and `cardgames join` the terminal's)."""
    raise fail("cardgames serve is gone: `cardgames server` serves the web table to browsers, "
               "and `cardgames join URL` plays a server's table in this terminal")


# ---------------------------------------------------------------------------- server
@app.command("server")
def server_command(
    host: str = typer.Option(
        "127.0.0.1", "--host", help="The address to listen on (loopback by default: only "
        "this machine can connect)."
    ),
    port: int = typer.Option(8765, "--port", min=1, max=65535, help="The port to listen on."),
    db: str | None = typer.Option(
        None, "--db", help="The database: a SQLite file, or a SQLAlchemy URL such as "
        "postgresql+psycopg://user@host/name. Default: server.db in the data folder."
    ),
    origin: list[str] = typer.Option(
        [], "--origin", help="A web origin whose pages may connect besides the server's own "
        "(repeatable; '*' allows any)."
    ),
    idle_timeout: float = typer.Option(
        300.0, "--idle-timeout", min=1.0, max=86_400.0,
        help="Seconds a silent connection stays open."
    ),
    max_tables_per_client: int = typer.Option(
        20, "--max-tables-per-client", min=1, help="Tables one address may have open."
    ),
    max_connections_per_client: int = typer.Option(
        32, "--max-connections-per-client", min=1, help="WebSockets one address may hold."
    ),
) -> None:
    """Run the game server: people and bots at shared tables (needs the server extra)."""
    if importlib.util.find_spec("fastapi") is None or importlib.util.find_spec("uvicorn") is None:
        raise fail(f"cardgames server needs the server extra: {install_command('server')}")
    # The server extra is optional: imported only when the command runs.
    from cardgames.server.app import Settings, serve  # noqa: PLC0415
    from cardgames.server.store import Store, database_url  # noqa: PLC0415

    if not is_loopback(host):
        # Anyone who reaches the address can create tables and play here.
        err.print(f"[yellow]warning: serving on {escape(host)}: other machines can connect[/]")
    url = database_url(db if db is not None else str(data_home() / "server.db"))
    shown = url.split("@")[-1] if "@" in url else url  # never print a password in a URL
    try:
        # Opened (and its schema upgraded) once here, so a bad --db is one line, not a
        # traceback from inside the server's start.
        Store.open(url).close()
    except Exception as exc:  # SQLAlchemy, a driver or the disk: any reason to refuse it
        raise fail(f"cannot open the database {shown!r}: {one_line(str(exc))} (--db takes a "
                   "SQLite file or a URL such as postgresql+psycopg://user@host/name)") from None
    settings = Settings(
        db=url, origins=tuple(origin), idle_timeout=idle_timeout,
        max_tables_per_client=max_tables_per_client,
        max_connections_per_client=max_connections_per_client,
    )
    out.print(f"cardgames server: open http://{escape(host)}:{port}/ in a browser (the lobby "
              f"and the tables; programs at ws://{escape(host)}:{port}/ws), database "
              f"{escape(shown)}; Ctrl-C stops it")
    serve(host, port, settings)


# ---------------------------------------------------------------------------- bot
@app.command("bot")
def bot_command(
    url: str = typer.Argument(..., help="The server, e.g. http://127.0.0.1:8765."),
    table: str = typer.Option(..., "--table", "-t", help="The table's id."),
    seat: int | None = typer.Option(
        None, "--seat", "-s", min=1, help="The seat to take, from 1 (default: the first open "
        "one)."
    ),
    bot: str = typer.Option(
        "hard", "--bot", "-b", help="A bot or level of the table's game (easy, normal, hard, "
        "or a bot's name), or module:attr naming any Agent or a function making one from a "
        "seed."
    ),
    name: str | None = typer.Option(None, "--name", help="The seat's name (default: the "
                                    "bot's)."),
    password: str | None = typer.Option(None, "--password", help="A private table's "
                                        "password."),
    token: str | None = typer.Option(
        None, "--token", help="Play a seat taken before, by its token (reconnects to it)."
    ),
    seed: int | None = typer.Option(None, "--seed", help="The bot's seed (default: random)."),
) -> None:
    """Play a seat at a game server's table with a bot, through the protocol people use
    (needs the server extra)."""
    if importlib.util.find_spec("websockets") is None or importlib.util.find_spec("cattrs") is None:
        raise fail(f"cardgames bot needs the server extra: {install_command('server')}")
    # The server extra is optional: imported only when the command runs.
    from cardgames import net  # noqa: PLC0415

    try:
        lobby = net.Lobby(url)
        game = lobby.table(table)["game"]
        agent = net.load_agent(bot, game, seed)
        if token is not None:
            ticket = net.Ticket(table, None if seat is None else seat - 1, token)
        else:
            taken_name = name or bot.rpartition(":")[2].capitalize()
            ticket = lobby.take_seat(table, taken_name, seat=None if seat is None else seat - 1,
                                     password=password)
            out.print(f"seat {(ticket.seat or 0) + 1} at table {escape(table)} (token "
                      f"{ticket.token}: --token plays it again)")
        over = net.play_seat(url, ticket, agent, game=game)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    out.print(f"game over: {escape(str(over.get('result', '')))}")


# ---------------------------------------------------------------------------- join
@app.command("join")
def join_command(
    url: str = typer.Argument(..., help="A table's link (http://HOST:PORT/table/ID, "
                              "...?table=ID) or the server's address with --table."),
    table: str | None = typer.Option(None, "--table", "-t", help="The table's id."),
    seat: int | None = typer.Option(
        None, "--seat", "-s", min=1, help="The seat to take, from 1 (default: the first open "
        "one)."
    ),
    name: str | None = typer.Option(None, "--name", help="Your name at the table (default: "
                                    "the name you used last; asked the first time)."),
    password: str | None = typer.Option(None, "--password", help="A private table's "
                                        "password."),
    token: str | None = typer.Option(
        None, "--token", help="Play a seat taken before, by its token (the seats taken with "
        "join are remembered: joining the same table again takes yours back)."
    ),
) -> None:
    """Sit at a game server's table in the full-screen app: the same table, keys, hints and
    notes as `play`, the game kept by the server (needs the app and server extras)."""
    missing = [module for module in ("textual", "websockets", "cattrs")
               if importlib.util.find_spec(module) is None]
    if missing:
        raise fail("cardgames join needs the app and server extras: "
                   f"{install_command('app,server')}")
    # The app and server extras are optional: imported only when the command runs.
    from cardgames.app import join_in_app  # noqa: PLC0415
    from cardgames.app.online import (  # noqa: PLC0415
        OnlineTable,
        SeatBook,
        join_table,
        seat_name,
    )

    book = SeatBook()
    login = os.environ.get("USER") or os.environ.get("USERNAME") or "Player"
    ask = ((lambda default: str(typer.prompt("Your name at the table", default=default)))
           if token is None and sys.stdin.isatty() else None)
    who = seat_name(name, book, ask, login)
    try:
        base, ticket, info, said = join_table(
            url, table=table, seat=None if seat is None else seat - 1, name=who,
            password=password, token=token, book=book)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    for line in said:
        err.print(f"[yellow]{escape(line)}[/]")
    # Nothing more is printed before the full-screen table: a line such as "waiting for the
    # game to start" would still stand, stale, when the table closes (the table says it).
    code = join_in_app(OnlineTable(base, ticket, str(info["game"])), console=out)
    if code:
        raise typer.Exit(code)


from cardgames.cli.arena import arena as _arena  # noqa: E402  # it reads cli.commands, loaded above

app.command("arena")(_arena)


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
