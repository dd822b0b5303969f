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
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

import attrs
import typer
from rich.console import Console, RenderableType
from rich.markup import escape

from cardgames.core.agents import Agent, Hint
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
from cardgames.core.game import Event, Move, State
from cardgames.core.limits import MAX_LINE, read_text
from cardgames.core.options import parse_option_pairs
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo

__all__ = [
    "HUMAN",
    "SESSION_WORDS",
    "UNDO_WORDS",
    "Autosave",
    "GameUI",
    "LiveSession",
    "SavedSession",
    "completions",
    "default_save_path",
    "fail",
    "free_save_path",
    "full_screen",
    "game_app",
    "load_session",
    "make_play_command",
    "move_seats",
    "option_values",
    "parse_bots",
    "play_command",
    "run_session",
    "save_session",
    "seat_agents",
    "seat_bots",
    "seat_names",
]

S = TypeVar("S", bound=State[Any])

HUMAN = "human"
"""The seat kind of a person at the keyboard (any other seat kind names a bot)."""

SESSION_WORDS = {
    "help": "this help",
    "moves": "list the moves that are legal now",
    "hint": "what a bundled bot would do in your seat, and why",
    "quit": "save the game and leave (continue later with --resume FILE); Ctrl-C too",
}
"""The prompt's own words besides moves; none of them changes the game."""

UNDO_WORDS = {
    "undo": "take back your last move and the bots' replies (with one human at the table)",
}
"""The prompt's word that changes the game without being a move."""


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
    the game's default names. `hint(view, legal)` says what a bundled bot would do in the
    view's seat and why (the ``hint`` word; the game's ``hints`` module). `rules(state)`
    describes the game's rule set (Hanabi's variant), shown after `help`.
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
    hint: Callable[[Any, Sequence[Any]], Hint[Any]] | None = None
    rules: Callable[[S], RenderableType] | None = None


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


def free_save_path(
    info: GameInfo[Any, Any], seed: int | None, out: Console, *, quiet: bool = False
) -> Path:
    """The file a new game saves to when none is given: :func:`default_save_path`, or the
    first free ``GAME-SEED-N.json`` beside it when that file holds an unfinished game or
    another process is playing it (never lose one). Says so on `out` unless `quiet`."""
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


def seat_agents(info: GameInfo[Any, Any], session: SavedSession[Any]) -> dict[int, Agent]:
    """The session's bots by seat, each seeded from the session's bot seed and its seat, so a
    resumed game (or one rebuilt by undo) plays on as it would have."""
    return {
        seat: info.bots[kind](session.bot_seed + seat)
        for seat, kind in enumerate(session.seats)
        if kind != HUMAN
    }


def move_seats(info: GameInfo[S, Any], state: S) -> list[int]:
    """The seat that made each move of `state`, oldest first (a state keeps its actions, not
    who took them: its record is replayed)."""
    record = state.record()
    replay = info.new_game(
        len(record.players), record.seed, names=record.players, deck=record.deck,
        options=state.options,
    )
    seats = []
    for action in state.history:
        seat = replay.current_player
        assert seat is not None  # the game replayed, so each move had a seat to act
        seats.append(seat)
        replay.apply(action)
    return seats


class LiveSession(Generic[S]):
    """A game being played, as the line mode and the app play it: the session (the state and
    who sits where), its bots, who made each move, its autosave; and undo.

    Moves go through :meth:`apply` (the caller saves with ``autosave.save()`` when it has
    shown the move); :meth:`undo` rebuilds the game without the human's last move.
    """

    def __init__(
        self, info: GameInfo[S, Any], session: SavedSession[S], save_path: Path | None,
        out: Console,
    ) -> None:
        self.info = info
        self.session = session
        """The game now (replaced by :meth:`undo`)."""
        self.agents = seat_agents(info, session)
        self.movers = move_seats(info, session.state)
        """The seat that made each move so far, oldest first."""
        self.autosave = Autosave(info, session, save_path, out)

    @property
    def state(self) -> S:
        """The game's state (a new object after :meth:`undo`)."""
        return self.session.state

    def bot_action(self) -> Any:
        """The action the bot to move chooses on its own view."""
        state = self.state
        seat = state.current_player
        assert seat is not None, "the game is over"
        assert seat in self.agents, "no bot is to move"
        return self.agents[seat].act(state.view(seat), state.legal_actions())

    def apply(self, action: Any) -> Move[Any]:
        """Make a move of the seat to act (IllegalActionError: nothing changed)."""
        state = self.state
        seat = state.current_player
        assert seat is not None, "the game is over"
        events = state.apply(action)
        self.movers.append(seat)
        return Move(seat, action, tuple(events))

    def undo_seat(self) -> int | None:
        """The seat whose moves undo takes back: the only human, once they have moved. None
        with no human or several: in a hot-seat game taking back a move would show the next
        player another's cards."""
        humans = [seat for seat, kind in enumerate(self.session.seats) if kind == HUMAN]
        if len(humans) != 1 or humans[0] not in self.movers:
            return None
        return humans[0]

    def undo(self) -> int:
        """Take back the human's last move and every bot move after it, save, and return how
        many moves were taken back (0: nothing to undo, see :meth:`undo_seat`).

        The game is rebuilt from its record without those moves, so it is exactly the state
        it was in; the bots are made afresh and rebuild their memory from its history.
        """
        seat = self.undo_seat()
        if seat is None:
            return 0
        keep = max(number for number, mover in enumerate(self.movers) if mover == seat)
        record = self.state.record()
        state = self.info.replay(attrs.evolve(record, actions=record.actions[:keep], meta={}))
        self.session = SavedSession(state, self.session.seats, self.session.bot_seed)
        self.autosave.session = self.session
        taken = len(self.movers) - keep
        del self.movers[keep:]
        self.agents = seat_agents(self.info, self.session)
        self.autosave.save()
        return taken


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
            raise _too_long()
    except (ValueError, OSError) as exc:
        if isinstance(exc, NotationError):
            raise
        return None
    return line if line else None


class Autosave:
    """Saves the session after every move, and never claims a save that did not happen.

    When the chosen file cannot be written (a full disk, no permission), the game moves to
    a free file in the default save folder, saying so; when that fails too the player is told
    plainly that the game is NOT saved, and :meth:`leave_unsaved` offers another file before
    the player leaves. Each file in use is locked (:class:`~cardgames.core.files.SaveLock`).

    The line mode and the app save through it: :meth:`start` once, :meth:`save` after every
    move, :meth:`close` at the end. `session` is what is saved (replace it when undo replaces
    the game); `path` is where the game is now (None: not saved anywhere); `problem` says why
    the last save failed (None when it did not); warnings are printed on `out`.
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
        """Release the save file's lock (the game is left)."""
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
        fallback = free_save_path(self.info, self.session.state.seed, self.out, quiet=True)
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
    ``hint``, ``undo``, ``quit`` and the game's own commands. Invalid input re-prompts with
    the reason and changes nothing. The game is saved after every move, so nothing is lost;
    Ctrl-C saves and leaves. Undo replaces the state: after one, the game as it ends is in the
    save file, not in `session`.

    Without `input_stream`, at a terminal (stdin and stdout are TTYs), lines are read with
    line editing, history and Tab completion of moves and words (Python's ``readline``, where
    it exists); otherwise line by line from the stream, as piped input is.
    """
    out = console if console is not None else Console(highlight=False)
    stream: IO[str] | None = input_stream if input_stream is not None else sys.stdin
    interactive = input_stream is None and _at_a_terminal()
    live = LiveSession(info, session, save_path, out)
    live.autosave.start()  # refuses a save another live process is playing, before any output
    humans = [seat for seat, kind in enumerate(session.seats) if kind == HUMAN]
    seats_text = ", ".join(
        f"{name} ({'you' if kind == HUMAN else kind})"
        for name, kind in zip(session.state.players, session.seats, strict=True)
    )
    out.print(f"[bold]{escape(info.title)}[/] — {escape(seats_text)}")
    if humans:
        out.print("Type [bold]help[/] for the notation, [bold]moves[/] for what is legal now.")
    reader = _LineReader(stream, interactive)
    try:
        return _LineSession(live, ui, out, reader, humans[0] if humans else None).play()
    finally:
        reader.close()
        live.autosave.close()


def _at_a_terminal() -> bool:
    stdin, stdout = sys.stdin, sys.stdout
    return stdin is not None and stdout is not None and stdin.isatty() and stdout.isatty()


def completions(line: str, moves: Iterable[str], words: Iterable[str] = ()) -> list[str]:
    """What Tab offers for the word being typed at the end of `line` (the text before the
    cursor): the next word of each legal move whose first words are those typed, and at the
    start of a line the prompt's words too; by prefix, any case, sorted, once each.

    >>> completions("play j", ["play jan-crane", "play jun-butterflies", "koikoi"])
    ['jan-crane', 'jun-butterflies']
    """
    typed = [word.lower() for word in line.split()]
    partial = "" if not line or line[-1].isspace() else typed.pop()
    found = set()
    for move in moves:
        parts = move.split()
        if (
            len(parts) > len(typed)
            and [part.lower() for part in parts[: len(typed)]] == typed
            and parts[len(typed)].lower().startswith(partial)
        ):
            found.add(parts[len(typed)])
    if not typed:
        found.update(word for word in words if word.lower().startswith(partial))
    return sorted(found)


class _LineReader:
    """The player's lines: from a stream line by line (pipes, tests), or at a terminal through
    :func:`input` with readline's line editing, history and Tab completion.

    Where Python has no ``readline`` (Windows) a terminal still reads through :func:`input`,
    without them. `offer` sets what Tab completes at the next prompt.
    """

    def __init__(self, stream: IO[str] | None, interactive: bool) -> None:
        self.stream = stream
        self.interactive = interactive
        self.offer: Callable[[], tuple[list[str], list[str]]] = lambda: ([], [])
        """The legal moves and the prompt's words, asked for when Tab is pressed."""
        self._matches: list[str] = []
        self._restore: Callable[[], None] | None = None
        if interactive:
            self._install_completion()

    def _install_completion(self) -> None:
        try:
            import readline
        except ImportError:
            return  # no line editing here; input() still reads the line
        completer, delimiters = readline.get_completer(), readline.get_completer_delims()
        # Card names hold '-' (jun-butterflies): only blanks separate words.
        readline.set_completer_delims(" \t\n")
        readline.set_completer(self._complete)
        # macOS's readline is libedit, which spells its key bindings differently.
        libedit = "libedit" in (readline.__doc__ or "")
        readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")

        def restore() -> None:
            readline.set_completer(completer)
            readline.set_completer_delims(delimiters)

        self._restore = restore

    def _complete(self, text: str, index: int) -> str | None:
        """readline's completer: the `index`-th completion of the word being typed."""
        if index == 0:
            import readline

            line = readline.get_line_buffer()[: readline.get_endidx()]
            moves, words = self.offer()
            # Python's readline adds no space after a word it completes: the matches carry
            # one, so that the next Tab goes on to the move's next word.
            self._matches = [word + " " for word in completions(line, moves, words)]
        return self._matches[index] if index < len(self._matches) else None

    def read(self, prompt: str, out: Console) -> str | None:
        """Show `prompt` and read a line; None at the end of input. NotationError for a line
        longer than any move (nothing is read of it then)."""
        if not self.interactive:
            out.print(escape(prompt), end="")
            return _read_line(self.stream)
        # The prompt goes to input() itself, so that readline redraws it when editing; in
        # what the terminal's encoding can show.
        encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
        shown = prompt.encode(encoding, "replace").decode(encoding, "replace")
        try:
            line = input(shown)
        except EOFError:
            return None
        if len(line) > MAX_LINE:
            raise _too_long()
        return line

    def close(self) -> None:
        """Give readline back the completer it had."""
        if self._restore is not None:
            self._restore()


def _too_long() -> NotationError:
    return NotationError(
        f"that line is longer than {MAX_LINE:,} characters, more than any move; nothing changed"
    )


class _LineSession(Generic[S]):
    """The turn loop of :func:`run_session`: bots move, humans type."""

    def __init__(
        self, live: LiveSession[S], ui: GameUI[S], out: Console, reader: _LineReader,
        viewer: int | None,
    ) -> None:
        self.live, self.ui, self.out, self.reader = live, ui, out, reader
        self.viewer = viewer  # "you" in the move descriptions (None: bots only, or hot seat)

    def play(self) -> int:
        live, out, ui = self.live, self.out, self.ui
        try:
            while not live.state.is_over:
                state = live.state
                seat = state.current_player
                assert seat is not None  # the game is not over, so a seat is to act
                if seat in live.agents:
                    move = live.apply(live.bot_action())
                else:
                    turn = self._human_turn(state, seat)
                    if isinstance(turn, int):
                        return turn  # the player left
                    if turn is None:
                        continue  # a move was taken back: the game is another state now
                    move = turn
                out.print(ui.describe(state, seat, move.action, move.events, self.viewer))
                live.autosave.save()
        except KeyboardInterrupt:
            # Every move is saved as it is made, so an interrupted game loses nothing.
            out.print()
            return self.leave("interrupted")
        state = live.state
        out.print(ui.final(state) if ui.final else escape(state.result_text()))
        return 0

    def _human_turn(self, state: S, seat: int) -> Move[Any] | int | None:
        """Read lines until `seat` moves (the move), leaves (the exit code) or undoes (None:
        the state is replaced)."""
        ui, out = self.ui, self.out
        out.print(ui.render(state, seat))
        words = [*SESSION_WORDS, *UNDO_WORDS, *ui.commands]
        self.reader.offer = lambda: ([str(a) for a in state.legal_actions()], words)
        while True:
            label = ui.prompt(state, seat) if ui.prompt else ""
            try:
                line = self.reader.read(f"{label}{state.players[seat]}> ", out)
            except NotationError as exc:
                out.print(f"[red]{escape(str(exc))}[/]")
                continue
            if line is None:
                out.print()
                return self.leave("end of input")
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in ("help", "?"):
                out.print(escape(self.help_text()))
                if ui.rules is not None:
                    out.print(ui.rules(state))
            elif word == "moves":
                out.print("legal now: " + escape(summarize(
                    (str(a) for a in state.legal_actions()), limit=60)))
            elif word == "hint":
                self._hint(state, seat)
            elif word in UNDO_WORDS:
                if self._undo():
                    return None
            elif word in ("quit", "exit"):
                return self.leave("quit")
            elif word in ui.commands:
                out.print(ui.commands[word](state, seat))
            else:
                try:
                    return self.live.apply(state.parse(text))
                except (NotationError, IllegalActionError) as exc:
                    # Word-wrapped (not soft-wrapped): a narrow terminal breaks the line
                    # between words, never inside one.
                    out.print(f"[red]{escape(str(exc))}[/]")

    def _hint(self, state: S, seat: int) -> None:
        if self.ui.hint is None:
            self.out.print("[yellow]this game has no hints[/]")
            return
        hint = self.ui.hint(state.view(seat), state.legal_actions())
        self.out.print(f"[bold]hint: {escape(str(hint.action))}[/] — {escape(hint.reason)}")

    def _undo(self) -> bool:
        """Take the human's last move back; False (and why) when there is none to take."""
        taken = self.live.undo()
        if not taken:
            self.out.print(
                "[red]nothing to undo: undo takes back your last move and the bots' replies, "
                "in a game with one human player[/]"
            )
            return False
        self.out.print(f"took back {taken} move{'' if taken == 1 else 's'}")
        return True

    def help_text(self) -> str:
        ui = self.ui
        words = {
            **SESSION_WORDS,
            **UNDO_WORDS,
            **{word: ui.command_help.get(word, "show it") for word in ui.commands},
        }
        lines = [ui.help_text.rstrip(), "", "Other words:"]
        lines += [f"  {word:<8} {meaning}" for word, meaning in words.items()]
        return "\n".join(lines)

    def leave(self, reason: str) -> int:
        """Leave the game (saved, or said plainly that it is not); the exit code."""
        autosave, out = self.live.autosave, self.out
        if autosave.path is None or autosave.save():
            out.print(f"{reason}: {autosave.where()}", soft_wrap=True)
            return 0
        # Never "game saved" when it is not: a player who typed quit can still name a file.
        if reason == "quit" and autosave.leave_unsaved(lambda: self.reader.read("", out)):
            out.print(f"{reason}: {autosave.where()}", soft_wrap=True)
            return 0
        out.print(f"[bold red]{reason}: the game is NOT saved ({escape(autosave.problem or '')})"
                  "[/]", soft_wrap=True)
        return 2


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
                f"{', '.join(info.bot_names())}"
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
            names = seat_names(seats) if ui.name_seats else None
            state = info.new_game(count, seed, names=names, **values)
            session = SavedSession(state, seats, seed)
            save_path = save or free_save_path(info, seed, out)
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


def seat_names(seats: Sequence[str]) -> tuple[str, ...]:
    """Player names for a table of `seats` (:data:`HUMAN` or a bot's name each), as games
    with :attr:`GameUI.name_seats` use them: "You" for the human, the bot's name for a bot
    (numbered when two share it): ``("You", "Greedy")``."""
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
            f"order, comma-separated ({', '.join(info.bot_names())}; default "
            f"{info.default_bot})."
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
