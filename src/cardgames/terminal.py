"""The line mode: every game played at the terminal, one typed line at a time.

A game supplies a :class:`GameUI` (how to draw its table for a seat, its notation help, extra
words such as ``yaku``); :func:`run_session` plays a game with humans and bots on it. Input is
read line by line from stdin, so piped input works; at a terminal with line editing and Tab
completion. The game is saved after every move (:class:`cardgames.session.LocalGame`);
``quit``, the end of input or Ctrl-C leaves it saved. The ``play`` command that starts it is
in :mod:`cardgames.cli.commands`.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Generic, TypeVar

import attrs
from rich.console import Console, RenderableType
from rich.markup import escape

from cardgames.core.agents import Hint
from cardgames.core.errors import IllegalActionError, NotationError, RecordError, summarize
from cardgames.core.game import Event, Move, State
from cardgames.core.limits import MAX_LINE
from cardgames.core.registry import GameInfo
from cardgames.core.text import counted
from cardgames.session import (
    HUMAN,
    LocalGame,
    SavedGame,
    SaveWarning,
    check_writable_target,
)

__all__ = [
    "SESSION_WORDS",
    "UNDO_WORDS",
    "GameUI",
    "completions",
    "run_session",
]

S = TypeVar("S", bound=State[Any])

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

HELP_WIDTH = 79
"""The help's lines fit an 80-column terminal (one column spare: some terminals wrap a line
that fills the last column)."""


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
    human seat "You" and each bot seat after its bot (a two-player table), instead of
    the game's default names. `hint(view, legal)` says what a bundled bot would do in the
    view's seat and why (the ``hint`` word; the game's ``hints`` module). `rules(state)`
    describes the game's rule set (its preset or variant), shown after `help`.
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


def run_session(
    info: GameInfo[S, Any],
    ui: GameUI[S],
    session: SavedGame[S],
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
    live = LocalGame(info, session, save_path, lambda warning: _say(out, warning))
    live.start()  # refuses a save another live process is playing, before any output
    humans = live.humans
    seats_text = ", ".join(
        f"{name} ({'you' if kind == HUMAN else kind})"
        for name, kind in zip(session.state.players, session.seats, strict=True)
    )
    out.print(f"[bold]{escape(info.title)}[/] — {escape(seats_text)}")
    if humans:
        out.print("Type [bold]help[/] for the notation, [bold]moves[/] for what is legal now.")
    reader = _LineReader(stream, interactive)
    try:
        return _TurnLoop(live, ui, out, reader, humans[0] if humans else None).play()
    finally:
        reader.close()
        live.close()


def _say(out: Console, warning: SaveWarning) -> None:
    """Print the autosave's warning: yellow when the game is saved elsewhere, bold red when
    it is not saved at all."""
    style = "yellow" if warning.saved else "bold red"
    out.print(f"[{style}]{escape(warning.text)}[/]", soft_wrap=True)


def _at_a_terminal() -> bool:
    stdin, stdout = sys.stdin, sys.stdout
    return stdin is not None and stdout is not None and stdin.isatty() and stdout.isatty()


def completions(line: str, moves: Iterable[str], words: Iterable[str] = ()) -> list[str]:
    """What Tab offers for the word being typed at the end of `line` (the text before the
    cursor): the next word of each legal move whose first words are those typed, and at the
    start of a line the prompt's words too; by prefix, any case, sorted, once each.

    >>> completions("play j", ["play jack", "play joker", "pass"])
    ['jack', 'joker']
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
        self._readline: ModuleType | None = None
        if interactive:
            self._install_completion()

    def _install_completion(self) -> None:
        try:
            # Only at a terminal: importing readline changes how input() behaves (and can
            # write to the terminal), and it is missing where Python has none (Windows).
            import readline  # noqa: PLC0415  # only at a terminal (above)
        except ImportError:
            return  # no line editing here; input() still reads the line
        self._readline = readline
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
        readline = self._readline
        if index == 0 and readline is not None:
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


class _TurnLoop(Generic[S]):
    """The turn loop of :func:`run_session`: bots move, humans type."""

    def __init__(
        self, live: LocalGame[S], ui: GameUI[S], out: Console, reader: _LineReader,
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
                live.save()
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
        self.out.print(f"took back {counted(taken, 'move')}")
        return True

    def help_text(self) -> str:
        ui = self.ui
        words = {
            **SESSION_WORDS,
            **UNDO_WORDS,
            **{word: ui.command_help.get(word, "show it") for word in ui.commands},
        }
        lines = [ui.help_text.rstrip(), "", "Other words:"]
        # Wrapped here, each meaning under itself, to fit an 80-column terminal (the console
        # would break the lines at its edge instead).
        lines += [
            textwrap.fill(meaning, width=HELP_WIDTH, initial_indent=f"  {word:<8} ",
                          subsequent_indent=" " * 11)
            for word, meaning in words.items()
        ]
        return "\n".join(lines)

    def leave(self, reason: str) -> int:
        """Leave the game (saved, or said plainly that it is not); the exit code."""
        autosave, out = self.live.autosave, self.out
        # Never "game saved" when it is not: a player who typed quit can still name a file.
        if (
            autosave.path is None
            or autosave.save()
            or (reason == "quit" and self._save_elsewhere())
        ):
            out.print(f"{reason}: {escape(autosave.where())}", soft_wrap=True)
            return 0
        out.print(f"[bold red]{reason}: the game is NOT saved ({escape(autosave.problem or '')})"
                  "[/]", soft_wrap=True)
        return 2

    def _save_elsewhere(self) -> bool:
        """The game is not saved: offer other files until one works or the player declines;
        True once the game is saved."""
        autosave, out = self.live.autosave, self.out
        while True:
            out.print(
                f"[bold red]The game is NOT saved ({escape(autosave.problem or '')}).[/] Type a "
                "file to save it to, or an empty line to leave without saving it: ", end="",
                soft_wrap=True,
            )
            try:
                answer = self.reader.read("", out)
            except NotationError as exc:
                out.print(f"[red]{escape(str(exc))}[/]")
                continue
            except KeyboardInterrupt:
                answer = None  # Ctrl-C at the question: leave as asked
            if answer is None or not answer.strip():
                out.print()
                return False
            path = Path(answer.strip()).expanduser()
            try:
                check_writable_target(path, "the file")
            except RecordError as exc:
                out.print(f"[red]{escape(str(exc))}[/]")
                continue
            if autosave.save_to(path):
                return True
