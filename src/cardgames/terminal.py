"""Playing at the terminal: the one interactive loop and the one ``play`` command of every game.

A game supplies a :class:`GameUI` (how to draw its table for a seat, its notation help, extra
words such as ``yaku``); :func:`make_play_command` turns it into the game's ``play`` command,
with the same flags for every game, and :func:`play_command` builds or resumes the game and
runs it with humans and bots. Input is read line by line from stdin, so piped input works. The
game is saved after every move; ``quit``, the end of input or Ctrl-C leaves it saved, and
``--resume FILE`` continues.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

import attrs
import typer
from rich.console import Console, RenderableType
from rich.markup import escape

from cardgames.core.errors import (
    CardgamesError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
    clip,
    did_you_mean,
    one_line,
    summarize,
)
from cardgames.core.files import SaveLock, check_writable_target, write_atomically
from cardgames.core.game import Event, State
from cardgames.core.limits import MAX_LINE, read_text
from cardgames.core.options import parse_option_pairs
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo

__all__ = [
    "HUMAN",
    "GameUI",
    "SavedSession",
    "default_save_path",
    "fail",
    "full_screen",
    "game_app",
    "load_session",
    "make_play_command",
    "option_values",
    "parse_bots",
    "play_command",
    "run_session",
    "save_session",
    "seat_bots",
]

S = TypeVar("S", bound=State[Any])

HUMAN = "human"
"""The seat kind of a person at the keyboard (any other seat kind names a bot)."""

SESSION_WORDS = {
    "help": "this help",
    "moves": "list the moves that are legal now",
    "quit": "save the game and leave (continue later with --resume FILE); Ctrl-C too",
}


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


def _default_describe(
    state: State[Any], actor: int, action: Any, events: Sequence[Event], viewer: int | None
) -> RenderableType:
    lines = [f"[bold]{escape(state.players[actor])}[/]: {escape(str(action))}"]
    lines.extend(f"  {escape(str(event))}" for event in events)
    return "\n".join(lines)


@attrs.frozen(kw_only=True)
class GameUI(Generic[S]):
    """How a game shows itself at the terminal.

    `render(state, seat)` draws the table as `seat` sees it and must use only
    ``state.view(seat)``. `describe(state, actor, action, events, viewer)` announces a move to
    `viewer` (None when every seat is a bot); a game whose events carry hidden cards (a card
    drawn into the viewer's own hand) must supply it. `commands` are extra prompt words (e.g.
    ``yaku``) drawn for the seat at the prompt, each explained in `help` by `command_help`.
    `final(state)` is the end-of-game summary of a finished game. `name_seats` names the
    human seat "You" and each bot seat after its bot (Koi-Koi's two-player table), instead of
    the game's default names.
    """

    render: Callable[[S, int], RenderableType]
    help_text: str
    commands: Mapping[str, Callable[[S, int], RenderableType]] = attrs.field(factory=dict)
    command_help: Mapping[str, str] = attrs.field(factory=dict)
    describe: Callable[[S, int, Any, Sequence[Event], int | None], RenderableType] = (
        _default_describe
    )
    final: Callable[[S], RenderableType] | None = None
    prompt: Callable[[S, int], str] | None = None
    name_seats: bool = False


@attrs.frozen
class SavedSession(Generic[S]):
    """A game in progress (or finished) and who sits where."""

    state: S
    seats: tuple[str, ...]
    bot_seed: int


def data_home() -> Path:
    """Where saved games go: $CARDGAMES_HOME, else ~/.local/share/cardgames."""
    root = os.environ.get("CARDGAMES_HOME")
    return Path(root) if root else Path.home() / ".local" / "share" / "cardgames"


def default_save_path(game: str, seed: int | None) -> Path:
    """The file a new game autosaves to when no --save is given."""
    return data_home() / "saves" / f"{game}-{seed if seed is not None else 'deck'}.json"


def _unfinished(path: Path, info: GameInfo[Any, Any]) -> bool:
    try:
        return not load_session(path, info).state.is_over
    except RecordError:
        return False


def _taken(path: Path, info: GameInfo[Any, Any]) -> bool:
    """Whether `path` holds a game to keep: one a live process plays, or an unfinished one."""
    return SaveLock.in_use(path) or (path.exists() and _unfinished(path, info))


def _free_save_path(
    info: GameInfo[Any, Any], seed: int | None, out: Console, *, quiet: bool = False
) -> Path:
    """The default save file, moved aside when it holds an unfinished game or another
    process is playing it (never lose one). `quiet`: do not say where the game went."""
    path = default_save_path(info.name, seed)
    if not _taken(path, info):
        return path
    number = 2
    while _taken(candidate := path.with_name(f"{path.stem}-{number}{path.suffix}"), info):
        number += 1
    if not quiet:
        out.print(
            f"[yellow]an unfinished game with this seed is saved in {escape(str(path))} "
            f"(continue it with --resume); this game saves to {escape(str(candidate))}[/]",
            soft_wrap=True,
        )
    return candidate


def save_session(path: Path, session: SavedSession[Any]) -> None:
    """Write the session's record atomically and durably (a crash, even a kill -9, leaves the
    old file or the new one, never half a file); OSError if it cannot be written."""
    meta = {"session": {"seats": list(session.seats), "bot_seed": session.bot_seed}}
    write_atomically(path, session.state.record(meta).to_json() + "\n")


def load_session(path: Path, info: GameInfo[S, Any]) -> SavedSession[S]:
    """Read a saved game back; RecordError says what is wrong with the file."""
    record = Record.from_json(read_text(path, "saved game"), source=clip(str(path)))
    if record.game != info.name:
        raise RecordError(f"{clip(str(path))!r} holds a game of {record.game}, not {info.name}")
    state = info.replay(record)
    session = record.meta.get("session")
    players = len(record.players)
    seats = session.get("seats") if isinstance(session, dict) else None
    bot_seed = session.get("bot_seed") if isinstance(session, dict) else None
    if (
        not isinstance(seats, list)
        or len(seats) != players
        # Each seat is checked to be a string first: a list in it is unhashable.
        or not all(isinstance(s, str) and (s == HUMAN or s in info.bots) for s in seats)
        or isinstance(bot_seed, bool)
        or not isinstance(bot_seed, int)
    ):
        raise RecordError(
            f"{clip(str(path))!r} is a record but not a saved session: 'meta.session' must "
            f"name the {players} seats ({HUMAN} or one of: {', '.join(info.bots)}) and a "
            "bot_seed"
        )
    return SavedSession(state, tuple(seats), bot_seed)


def _read_line(stream: IO[str] | None) -> str | None:
    """One line of input, or None at the end of input (or a closed stream).

    `stream` is None when the process was started with stdin closed (``<&-``). A line longer
    than :data:`~cardgames.core.limits.MAX_LINE` is read to its end and refused with a
    NotationError (no move is near that long; quoting it back would flood the screen).
    """
    if stream is None:
        return None
    try:
        line = stream.readline(MAX_LINE + 1)
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
            raise NotationError(
                f"that line is longer than {MAX_LINE:,} characters, more than any move; "
                "nothing changed"
            )
    except (ValueError, OSError) as exc:
        if isinstance(exc, NotationError):
            raise
        return None
    return line if line else None


class _Autosave:
    """Saves the session after every move, and never claims a save that did not happen.

    When the chosen file cannot be written (a full disk, no permission), the game moves to
    a free file in the default save folder, saying so; when that fails too the player is told
    plainly that the game is NOT saved, and :meth:`leave_unsaved` offers another file before
    the player leaves. Each file in use is locked (:class:`~cardgames.core.files.SaveLock`).
    """

    def __init__(
        self, info: GameInfo[Any, Any], session: SavedSession[Any], path: Path | None,
        out: Console,
    ) -> None:
        self.info, self.session, self.path, self.out = info, session, path, out
        self.problem: str | None = None  # why the last save failed; None when saved
        self.lock = SaveLock(path) if path is not None else None
        self._warned: str | None = None

    def start(self) -> None:
        """Lock the save file and save once (RecordError if another process uses it)."""
        if self.lock is not None:
            with contextlib.suppress(OSError):
                # A place that cannot hold the lock cannot hold the save either: save() below
                # fails there the same way and moves the game somewhere it can be saved.
                self.lock.acquire()
            self.save()

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()

    def _try(self, path: Path) -> str | None:
        """Save to `path`; the reason it failed, or None."""
        try:
            save_session(path, self.session)
        except OSError as exc:
            return exc.strerror or str(exc)
        except UnicodeEncodeError:
            # Text a caller put into the game (a name, an option) that UTF-8 cannot hold.
            return "the game holds text that cannot be written as UTF-8"
        return None

    def _move_to(self, path: Path) -> str | None:
        """Lock `path` and save there, using it from now on; the reason it failed (another
        process uses it, it cannot be written), or None."""
        lock = SaveLock(path)
        try:
            lock.acquire()
        except (RecordError, OSError) as exc:
            return str(exc) if isinstance(exc, RecordError) else exc.strerror or str(exc)
        reason = self._try(path)
        if reason is not None:
            lock.release()
            return reason
        if self.lock is not None:
            self.lock.release()
        self.path, self.lock = path, lock
        return None

    def save(self) -> bool:
        """Save now; True when the game is saved."""
        if self.path is None:
            return False
        reason = self._try(self.path)
        if reason is None:
            self.problem = None
            return True
        self.problem = f"cannot write {self.path}: {reason}"
        fallback = _free_save_path(self.info, self.session.state.seed, self.out, quiet=True)
        if fallback != self.path and self._move_to(fallback) is None:
            self.out.print(
                f"[yellow]warning: {escape(self.problem)}; the game is saved to "
                f"{escape(str(fallback))} instead[/]", soft_wrap=True,
            )
            self.problem = None
            return True
        if self.problem != self._warned:
            # Once per problem: every move would repeat the same line.
            self.out.print(
                f"[bold red]warning: the game is NOT saved ({escape(self.problem)}); "
                "play on and it is saved when it can be, or type quit to save it elsewhere[/]",
                soft_wrap=True,
            )
            self._warned = self.problem
        return False

    def where(self) -> str:
        """Where the game is, for the line said on leaving."""
        if self.path is None:
            return "game not saved (no save file)"
        path = escape(str(self.path))
        return f"game saved to {path}; continue with --resume {path}"

    def leave_unsaved(self, read: Callable[[], str | None]) -> bool:
        """The game is not saved: offer other files until one works or the player declines.

        `read` reads the answer (None at the end of input). True once the game is saved.
        """
        while True:
            self.out.print(
                f"[bold red]The game is NOT saved ({escape(self.problem or '')}).[/] Type a "
                "file to save it to, or an empty line to leave without saving it: ", end="",
                soft_wrap=True,
            )
            try:
                answer = read()
            except NotationError as exc:
                self.out.print(f"[red]{escape(str(exc))}[/]")
                continue
            except KeyboardInterrupt:
                answer = None  # Ctrl-C at the question: leave as asked
            if answer is None or not answer.strip():
                self.out.print()
                return False
            path = Path(answer.strip()).expanduser()
            try:
                check_writable_target(path, "the file")
            except RecordError as exc:
                self.out.print(f"[red]{escape(str(exc))}[/]")
                continue
            reason = self._move_to(path)
            if reason is None:
                self.problem = None
                return True
            self.problem = f"cannot write {path}: {reason}"


def run_session(
    info: GameInfo[S, Any],
    ui: GameUI[S],
    session: SavedSession[S],
    *,
    save_path: Path | None,
    console: Console | None = None,
    input_stream: IO[str] | None = None,
) -> int:
    """Play `session` to the end or until the human leaves; return the exit code (0).

    Humans type moves in the game's notation or one of the words ``help``, ``moves``,
    ``quit`` and the game's own commands. Invalid input re-prompts with the reason and changes
    nothing. The game is saved after every move, so nothing is lost; Ctrl-C saves and leaves.
    """
    out = console if console is not None else Console(highlight=False)
    stream: IO[str] | None = input_stream if input_stream is not None else sys.stdin
    state = session.state
    agents = {
        seat: info.bots[kind](session.bot_seed + seat)
        for seat, kind in enumerate(session.seats)
        if kind != HUMAN
    }
    humans = [seat for seat, kind in enumerate(session.seats) if kind == HUMAN]
    viewer = humans[0] if humans else None
    autosave = _Autosave(info, session, save_path, out)
    autosave.start()  # refuses a save another live process is playing, before any output

    def leave(reason: str) -> int:
        if autosave.path is None or autosave.save():
            out.print(f"{reason}: {autosave.where()}", soft_wrap=True)
            return 0
        # Never "game saved" when it is not: a player who typed quit can still name a file.
        if reason == "quit" and autosave.leave_unsaved(lambda: _read_line(stream)):
            out.print(f"{reason}: {autosave.where()}", soft_wrap=True)
            return 0
        out.print(f"[bold red]{reason}: the game is NOT saved ({escape(autosave.problem or '')})"
                  "[/]", soft_wrap=True)
        return 2

    def help_text() -> str:
        words = {
            **SESSION_WORDS,
            **{word: ui.command_help.get(word, "show it") for word in ui.commands},
        }
        lines = [ui.help_text.rstrip(), "", "Other words:"]
        lines += [f"  {word:<8} {meaning}" for word, meaning in words.items()]
        return "\n".join(lines)

    seats_text = ", ".join(
        f"{name} ({'you' if kind == HUMAN else kind})"
        for name, kind in zip(state.players, session.seats, strict=True)
    )
    out.print(f"[bold]{escape(info.title)}[/] — {escape(seats_text)}")
    if humans:
        out.print("Type [bold]help[/] for the notation, [bold]moves[/] for what is legal now.")

    try:
        return _play(state, ui, agents, viewer, out, stream, help_text, leave, autosave)
    finally:
        autosave.close()


def _play(
    state: S,
    ui: GameUI[S],
    agents: Mapping[int, Any],
    viewer: int | None,
    out: Console,
    stream: IO[str] | None,
    help_text: Callable[[], str],
    leave: Callable[[str], int],
    autosave: _Autosave,
) -> int:
    """The turn loop of :func:`run_session`."""
    try:
        while not state.is_over:
            seat = state.current_player
            assert seat is not None  # the game is not over, so a seat is to act
            if seat in agents:
                action = agents[seat].act(state.view(seat), state.legal_actions())
                events = state.apply(action)
            else:
                out.print(ui.render(state, seat))
                while True:
                    label = ui.prompt(state, seat) if ui.prompt else ""
                    out.print(f"{escape(label)}{escape(state.players[seat])}> ", end="")
                    try:
                        line = _read_line(stream)
                    except NotationError as exc:
                        out.print(f"[red]{escape(str(exc))}[/]")
                        continue
                    if line is None:
                        out.print()
                        return leave("end of input")
                    text = line.strip()
                    word = text.lower()
                    if not text:
                        continue
                    if word in ("help", "?"):
                        out.print(escape(help_text()))
                    elif word == "moves":
                        out.print("legal now: " + escape(summarize(
                            (str(a) for a in state.legal_actions()), limit=60)))
                    elif word in ("quit", "exit"):
                        return leave("quit")
                    elif word in ui.commands:
                        out.print(ui.commands[word](state, seat))
                    else:
                        try:
                            action = state.parse(text)
                            events = state.apply(action)
                        except (NotationError, IllegalActionError) as exc:
                            # Word-wrapped (not soft-wrapped): a narrow terminal breaks the
                            # line between words, never inside one.
                            out.print(f"[red]{escape(str(exc))}[/]")
                            continue
                        break
            out.print(ui.describe(state, seat, action, events, viewer))
            autosave.save()
    except KeyboardInterrupt:
        # Every move is saved as it is made, so an interrupted game loses nothing.
        out.print()
        return leave("interrupted")
    out.print(ui.final(state) if ui.final else escape(state.result_text()))
    return 0


def parse_bots(text: str | None) -> tuple[str, ...]:
    """``--bot`` as typed: one name, or a comma-separated list in seat order."""
    if text is None:
        return ()
    return tuple(name.strip() for name in text.split(",") if name.strip())


def seat_bots(
    info: GameInfo[Any, Any], bots: Sequence[str], count: int, *, flag: str = "--bot"
) -> list[str]:
    """The bots of `count` seats: one name for every seat, or exactly one name per seat.

    OptionsError names an unknown bot or a list of the wrong length.
    """
    chosen = list(bots) if bots else [info.default_bot]
    for name in chosen:
        if name not in info.bots:
            raise OptionsError(
                f"unknown bot {name!r}{did_you_mean(name, info.bots)}; bots: "
                f"{', '.join(info.bots)}"
            )
    if len(chosen) == 1:
        return chosen * count
    if len(chosen) != count:
        raise OptionsError(
            f"{flag} names {len(chosen)} bots for {count} seats: give one name for every "
            f"seat or exactly {count}, comma-separated in seat order"
        )
    return chosen


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

    `preset` is the rule set by name (``--variant`` in Hanabi, ``--preset`` elsewhere) and
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
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            values = option_values(option_pairs)
            if preset is not None:
                values[info.preset_word] = preset
            count = info.check_players(info.default_players if players is None else players)
            if not 1 <= human_seat <= count:
                raise OptionsError(f"'--seat' must be in 1..{count} (got {human_seat})")
            others = seat_bots(info, bots, count if autoplay else count - 1)
            kinds = iter(others)
            seats = tuple(
                HUMAN if (seat == human_seat - 1 and not autoplay) else next(kinds)
                for seat in range(count)
            )
            names = _seat_names(seats) if ui.name_seats else None
            state = info.new_game(count, seed, names=names, **values)
            session = SavedSession(state, seats, seed)
            save_path = save or _free_save_path(info, seed, out)
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
    from cardgames.app import play_in_app  # the app imports this module: import it late

    return play_in_app


def _seat_names(seats: Sequence[str]) -> tuple[str, ...]:
    """"You" for the human, the bot's name for a bot (numbered when two share it)."""
    names = ["You" if kind == HUMAN else kind.capitalize() for kind in seats]
    for seat, name in enumerate(names):
        if names.count(name) > 1:
            names[seat] = f"{name} {seat + 1}"
    return tuple(names)


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

    def play(
        preset: str | None = typer.Option(
            None, f"--{word}", "-r" if word == "preset" else "-v",
            help=f"The {word} (default {info.default_preset}): {shown}.",
        ),
        players: int | None = typer.Option(
            None, "--players", "-p", help=f"Number of players, {count_text} "
            f"(default {info.default_players})."
        ),
        seat: int = typer.Option(1, "--seat", "-k", help="Your seat, 1 = the first seat."),
        bot: str | None = typer.Option(
            None, "--bot", "-b", help=f"The bot in every other seat, or one per seat in seat "
            f"order, comma-separated ({', '.join(info.bots)}; default {info.default_bot})."
        ),
        seed: int | None = typer.Option(
            None, "--seed", "-s", help="Seed of the deal (random if not given)."
        ),
        option: list[str] = typer.Option(
            [], "--option", "-o", help=f"A single rule KEY=VALUE over the {word} "
            "(repeatable), e.g. -o rounds=6."
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
