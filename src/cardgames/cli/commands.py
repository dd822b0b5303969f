"""What the commands share (typer): the one-line error, a game's sub-app and its ``play``
command, with the same flags for every game.

A game's command module (``cardgames/cli/<game>.py``, named by ``GameInfo.cli_module``)
makes its commands with these and :class:`~cardgames.terminal.GameUI`; :mod:`cardgames.cli`
mounts them under ``cardgames``. :func:`make_play_command` turns a
game's UI into its ``play`` command, and :func:`play_command` builds or resumes the game
(:mod:`cardgames.session`) and plays it full screen (:mod:`cardgames.app`) or in the line mode
(:mod:`cardgames.terminal`).
"""

from __future__ import annotations

import importlib.util
import inspect
import ipaddress
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from cardgames.app import play_in_app
from cardgames.core.errors import CardgamesError, OptionsError, RecordError, clip, one_line
from cardgames.core.game import State
from cardgames.core.options import option_example, parse_option_pairs
from cardgames.core.registry import GameInfo
from cardgames.session import (
    SavedGame,
    check_writable_target,
    load_session,
    new_save_path,
    parse_bots,
    seat_kinds,
)
from cardgames.terminal import GameUI, run_session

__all__ = [
    "fail",
    "full_screen",
    "game_app",
    "is_loopback",
    "make_play_command",
    "option_values",
    "play_command",
]

S = TypeVar("S", bound=State[Any])


def is_loopback(host: str) -> bool:
    """Whether `host` is only reachable from this machine (``127.0.0.1``, ``::1``,
    ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def fail(message: str) -> typer.Exit:
    """Print one red error line on stderr and return the exit (code 2) to raise.

    The line is bounded and has no line breaks, whatever input it quotes.
    """
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[red]error: {escape(one_line(message))}[/]"
    )
    return typer.Exit(2)


_NEW_GAME_ARGUMENTS = tuple(
    name for name, parameter in inspect.signature(GameInfo.new_game).parameters.items()
    if name != "self" and parameter.kind is not inspect.Parameter.VAR_KEYWORD
)
"""new_game's own arguments (players, seed, names, deck, options): as ``-o KEY=VALUE`` they
would collide with the flags ("got multiple values"), so they are no game options."""


def option_values(pairs: Sequence[str]) -> dict[str, str]:
    """``-o KEY=VALUE`` pairs as game option values; OptionsError for a key that is one of
    new_game's own arguments, naming the flag for it (every command with ``-o`` has
    ``--players`` and ``--seed``)."""
    values = parse_option_pairs(pairs)
    for key in values:
        if key in _NEW_GAME_ARGUMENTS:
            hint = f": use --{key}" if key in ("players", "seed") else ""
            raise OptionsError(f"-o {clip(key)}=... is not a game option{hint}")
    return values


def play_command(
    info: GameInfo[S, Any],
    *,
    ui: GameUI[S],
    preset: str | None = None,
    players: int | None = None,
    seed: int | None = None,
    human_seat: int = 1,
    bots: Sequence[str] = (),
    autoplay: bool = False,
    resume: Path | None = None,
    save: Path | None = None,
    option_pairs: Sequence[str] = (),
    plain: bool = False,
) -> None:
    """The body of every ``cardgames play GAME`` command.

    `preset` is the rule set by name (``--preset``, or the word the game's players use:
    ``GameInfo.preset_word``) and
    `option_pairs` single ``-o KEY=VALUE`` options over it. `human_seat` counts from 1.
    `bots` names the bots of the other seats in seat order (one name is used for all).
    A bad option or save file is one red line and exit code 2. The game runs full screen
    (:func:`full_screen`) unless `plain` or the terminal cannot show it.
    """
    out = Console(highlight=False)
    try:
        if save is not None:
            check_writable_target(save)
        if resume is not None:
            session = load_session(resume, info)
            save_path: Path | None = save or resume
            if session.state.is_over:
                raise RecordError(
                    f"the game in {str(resume)!r} is already over "
                    f"({session.state.result_text()}); start a new one without --resume"
                )
        else:
            values = option_values(option_pairs)
            if preset is not None:
                values[info.preset_word] = preset
            # A person plays here (or watches bots): the rule set people start with.
            values.setdefault(info.preset_word, info.people_preset)
            count = info.check_players(players)
            if not 1 <= human_seat <= count:
                raise OptionsError(f"'--seat' must be in 1..{count} (got {human_seat})")
            seats = seat_kinds(info, count, () if autoplay else (human_seat - 1,), bots)
            session = SavedGame.new(
                info, seats, seed=seed, named=ui.name_seats, options=values
            )
            save_path = save
            if save_path is None:
                save_path, note = new_save_path(info, session.state.seed)
                if note is not None:
                    out.print(f"[yellow]{escape(note)}[/]", soft_wrap=True)
        app = full_screen(plain)
        if app is not None:
            code = app(info, session, save_path=save_path, console=out)
        else:
            code = run_session(info, ui, session, save_path=save_path, console=out)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    raise typer.Exit(code)


def full_screen(plain: bool = False) -> Callable[..., int] | None:
    """The full-screen app's entry point (:func:`cardgames.app.play_in_app`) when a game should
    use it: stdin and stdout are terminals, `plain` (``--plain``) is off and the ``app`` extra
    (Textual) is installed. None: the line mode (pipes, scripts, --plain)."""
    stdin, stdout = sys.stdin, sys.stdout
    if plain or stdin is None or stdout is None or not (stdin.isatty() and stdout.isatty()):
        return None
    if importlib.util.find_spec("textual") is None:
        return None
    return play_in_app


def game_app(name: str, help_text: str) -> typer.Typer:
    """A game's sub-app (``cardgames GAME ...``), with the settings every game shares: a bare
    group prints its help, and errors are left to the root's one-line handler."""
    return typer.Typer(
        name=name,
        help=help_text,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )


def make_play_command(info: GameInfo[S, Any], ui: GameUI[S]) -> Callable[..., None]:
    """The game's ``play`` command, with the flags every game shares.

    Mounted as ``cardgames play GAME`` and ``cardgames GAME play``. The rule set is
    ``--variant`` or ``--preset``, as the game's players call it (``GameInfo.preset_word``).
    """
    counts = info.player_counts
    count_text = (
        f"{counts.start} only" if len(counts) == 1 else f"{counts.start}-{counts.stop - 1}"
    )
    word = info.preset_word
    shown = ", ".join(list(info.presets)[:8]) + (", ..." if len(info.presets) > 8 else "")
    # The game's own example: another game's option would be refused.
    example = option_example(info.presets[info.people_preset])
    example = f", e.g. -o {example}" if example else ""

    def play(
        preset: str | None = typer.Option(
            None, f"--{word}", "-r" if word == "preset" else "-v",
            help=f"The {word} (default {info.people_preset}): {shown}.",
        ),
        players: int | None = typer.Option(
            None, "--players", "-p", help=f"Number of players, {count_text} "
            f"(default {info.default_players})."
        ),
        seat: int = typer.Option(1, "--seat", "-k", help="Your seat, 1 = the first seat."),
        bot: str | None = typer.Option(
            None, "--bot", "-b", help=f"The bot in every other seat, or one per seat in seat "
            f"order, comma-separated ({', '.join(info.bot_names())}; default "
            f"{info.people_bot}{_beside_you(info)})."
        ),
        seed: int | None = typer.Option(
            None, "--seed", "-s", help="Seed of the deal (random if not given)."
        ),
        option: list[str] = typer.Option(
            [], "--option", "-o", help=f"A single rule KEY=VALUE over the {word} "
            f"(repeatable){example}."
        ),
        autoplay: bool = typer.Option(False, "--autoplay", help="Bots in every seat; watch."),
        resume: Path | None = typer.Option(
            None, "--resume", help="Continue the game saved in FILE (after quit, Ctrl-C or "
            "end of input)."
        ),
        save: Path | None = typer.Option(
            None, "--save", help="Save the game to FILE after every move (default: a file "
            "under $CARDGAMES_HOME)."
        ),
        plain: bool = typer.Option(
            False, "--plain", help="Type moves line by line even at a terminal (the "
            "full-screen app is used when stdin and stdout are terminals and the app extra "
            "is installed)."
        ),
    ) -> None:
        play_command(
            info, ui=ui, preset=preset, players=players, seed=seed, human_seat=seat,
            bots=parse_bots(bot), autoplay=autoplay, resume=resume, save=save,
            option_pairs=option, plain=plain,
        )

    play.__doc__ = f"Play {info.title} in the terminal against bots."
    return play


def _beside_you(info: GameInfo[Any, Any]) -> str:
    """What the levels that mean another bot beside a person mean there (``play`` seats
    one): ``"; beside you hard = h-group"``, or nothing."""
    meant = ", ".join(f"{level} = {name}" for level, name in info.levels_with_people.items())
    return f"; beside you {meant}" if meant else ""
