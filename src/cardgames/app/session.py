"""A game in progress at the app's table. No Textual here, so the rules of a session are
tested without a screen.

:class:`AppTable` is what the table screen plays through, wherever the game is:
:class:`LocalTable` is a game on this machine (the local game of :mod:`cardgames.session`,
its bots, undo and save file), :class:`cardgames.app.online.OnlineTable` a seat at a
``cardgames server`` table (``cardgames join``). The screen draws the seat's view, offers its
legal actions, and lets the game go on by itself (bots here, or the other seats there) one
batch of moves at a time.

Saving is the line mode's: the same file format, the same lock against a second process
playing the same file, the same fallback to the default save folder when a file cannot be
written. So a game started in the app resumes in the line mode and the other way round.
"""

from __future__ import annotations

import abc
import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, TypeVar

from rich.markup import escape

from cardgames.app.base import GameAdapter
from cardgames.core.agents import Hint
from cardgames.core.errors import CardgamesError, OptionsError
from cardgames.core.game import Move, State
from cardgames.core.registry import GameInfo
from cardgames.core.renamed import old_name
from cardgames.session import LocalGame, SavedGame, SaveWarning, new_save_path, seat_kinds

__all__ = ["AppTable", "LocalTable", "new_session"]

S = TypeVar("S", bound=State[Any])


class AppTable(abc.ABC):
    """A game as the table screen plays it, here or at a server.

    The screen shows :meth:`view` of one of the :attr:`humans` seats, offers :meth:`legal`,
    makes a move with :meth:`act`, and while :meth:`goes_on` waits for :meth:`next_moves`
    (bots here, the other seats at a server); the moves come back to be logged and summed up.
    """

    online: ClassVar[bool] = False
    """Whether the game is kept by a server (no undo there, no speed of its bots)."""
    hints: bool = True
    """Whether the bundled bot gives hints here (a server's table may have been made
    without them: the screen then offers no hint key)."""
    info: GameInfo[Any, Any]
    notes: dict[int, str]
    """Free-text notes on cards, by card id."""
    listener: Callable[[CardgamesError | None], None] | None = None
    """Told of news that come while nobody waits for :meth:`next_moves` (a server's seat):
    something to say (None: see :meth:`messages`), or the game lost (the error)."""

    @property
    @abc.abstractmethod
    def players(self) -> tuple[str, ...]:
        """The seats' names."""

    @property
    @abc.abstractmethod
    def humans(self) -> tuple[int, ...]:
        """The seats played at this screen."""

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """The seat to act (None: nobody, the game is over)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What `seat` (one of :attr:`humans`) sees now."""

    @abc.abstractmethod
    def legal(self, seat: int) -> list[Any]:
        """The actions offered to `seat`: the legal ones when it is to act here, else none."""

    @abc.abstractmethod
    def goes_on(self) -> bool:
        """Whether the game goes on without this screen now (a bot or another seat acts, or
        the end is on its way)."""

    async def connect(self) -> None:
        """Be ready to draw (a server's seat: joined, the game started). CardgamesError
        names why not."""
        return  # a game on this machine is ready from the start

    @abc.abstractmethod
    async def act(self, action: Any) -> list[Move[Any]]:
        """Make a legal `action` of the seat to act; the moves it made, to log."""

    @abc.abstractmethod
    async def next_moves(self, delay: float) -> list[Move[Any]]:
        """Wait for what happens next while :meth:`goes_on` (a bot's move after `delay`
        seconds here; the server's next news there): the moves made, to log."""

    @abc.abstractmethod
    async def hint(self, seat: int, adapter: GameAdapter[Any, Any]) -> Hint[Any]:
        """What the bundled bot advises `seat` (to act now); CardgamesError where none is
        given."""

    @abc.abstractmethod
    async def set_note(self, card: int, text: str) -> None:
        """Keep `text` as the note on `card` (empty: remove it)."""

    @abc.abstractmethod
    def messages(self) -> list[str]:
        """What the session has to say since the last call (plain text), oldest first."""

    @abc.abstractmethod
    def final_state(self) -> State[Any]:
        """The whole game, once it is over (every card shown)."""

    @abc.abstractmethod
    def record_where(self) -> str:
        """Where the game's record is, in words."""

    def undo_seat(self) -> int | None:
        """The seat whose last move undo takes back (None: undo is not offered)."""
        return None

    def undo(self) -> int:
        """Take back that seat's last move and the replies; how many moves went."""
        raise OptionsError("undo is not offered here")

    def save(self) -> bool:
        """Save the game where it is kept; whether it is."""
        return True

    @abc.abstractmethod
    def leave_message(self, reason: str) -> str:
        """What the terminal shows after the app closes on an unfinished game (rich
        markup)."""

    @abc.abstractmethod
    def end_message(self) -> str:
        """What the terminal shows after the app closes (rich markup)."""

    def close(self) -> None:
        """Let go of what the session holds (a save file's lock, a connection)."""
        return  # nothing held by default


class LocalTable(LocalGame[S], AppTable):
    """One game at the table. Every move goes through :meth:`apply`, which saves.

    The game, its bots, who moved and undo are the :class:`~cardgames.session.LocalGame`'s;
    this adds the notes on cards, the autosave's warnings as messages to show, and the lines
    the terminal shows once the app has closed. The save file is locked from the start
    (RecordError when another process plays it) until :meth:`close`.
    """

    def __init__(
        self, info: GameInfo[S, Any], saved: SavedGame[S], save_path: Path | None
    ) -> None:
        self._heard: list[str] = []
        super().__init__(info, saved, save_path, self._hear)
        self.notes: dict[int, str] = {}
        """Free-text notes on cards, by card id."""
        self.start()

    def _hear(self, warning: SaveWarning) -> None:
        self._heard.append(warning.text)

    def messages(self) -> list[str]:
        """What the autosave has said since the last call (warnings, plain text), oldest
        first."""
        heard, self._heard = self._heard, []
        return heard

    def apply(self, action: Any) -> Move[Any]:
        """Apply a legal action of the seat to move, save, and return the move."""
        move = super().apply(action)
        self.save()
        return move

    # ------------------------------------------------------------------ the table's session
    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.state.players)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def view(self, seat: int) -> Any:
        return self.state.view(seat)

    def legal(self, seat: int) -> list[Any]:
        if not self.human_to_move or self.to_move != seat:
            return []
        legal: list[Any] = self.state.legal_actions()
        return legal

    def goes_on(self) -> bool:
        return self.bot_to_move

    async def act(self, action: Any) -> list[Move[Any]]:
        return [self.apply(action)]

    async def next_moves(self, delay: float) -> list[Move[Any]]:
        await asyncio.sleep(delay)
        action = await asyncio.to_thread(self.bot_action)
        return [self.apply(action)]

    async def hint(self, seat: int, adapter: GameAdapter[Any, Any]) -> Hint[Any]:
        return adapter.hint(self.view(seat), self.legal(seat))

    async def set_note(self, card: int, text: str) -> None:
        if text:
            self.notes[card] = text
        else:
            self.notes.pop(card, None)

    def final_state(self) -> State[Any]:
        return self.state

    def record_where(self) -> str:
        return str(self.save_path or "not saved")

    def leave_message(self, reason: str) -> str:
        """What the terminal shows after the app closes on an unfinished game (rich markup,
        as the line mode says it)."""
        if self.save_path is not None and not self.save():
            problem = escape(self.autosave.problem or "")
            return f"[bold red]{reason}: the game is NOT saved ({problem})[/]"
        return f"{reason}: {escape(self.autosave.where())}"

    def end_message(self) -> str:
        """What the terminal shows after the app closes: the result and the record's file."""
        if not self.state.is_over:
            return self.leave_message("quit")
        where = f"; record in {escape(str(self.save_path))}" if self.save_path is not None else ""
        return f"game over: {escape(self.state.result_text())}{where}"


def new_session(
    info: GameInfo[S, Any],
    *,
    players: int | None = None,
    humans: int = 1,
    bots: Sequence[str] = (),
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    save_path: Path | None = None,
    save: bool = True,
) -> tuple[LocalTable[S], str]:
    """A new game as the new-game screen sets it up: `humans` people in the first seats, bots
    in the others. Returns the session and a message to show (where it saves, when the
    default file holds an unfinished game); OptionsError names a bad option. Without
    `save_path` the game saves to the default file; `save=False`: nowhere.
    """
    count = info.check_players(players)
    if not 0 <= humans <= count:
        raise OptionsError(f"'humans' must be in 0..{count} (got {humans})")
    seats = seat_kinds(info, count, range(humans), bots, flag="bots")
    ui = getattr(info.load_cli(), "UI", None)
    named = humans <= 1 and getattr(ui, "name_seats", False)
    saved = SavedGame.new(info, seats, seed=seed, named=named, options=options)
    path, message = save_path, None
    if save and path is None:
        path, message = new_save_path(info, saved.state.seed)
    return LocalTable(info, saved, path if save else None), message or ""


RENAMED: Final = {"GameSession": "LocalTable", "TableSession": "AppTable"}
"""Old names kept for one release (a DeprecationWarning names the new one)."""


def __getattr__(name: str) -> Any:
    return old_name(__name__, name, RENAMED, globals())
