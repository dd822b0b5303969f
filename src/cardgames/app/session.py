"""A game in progress at the app's table: the live session (:mod:`cardgames.session`) and
what the app shows around it. No Textual here, so the rules of the session are tested
without a screen.

Saving is the line mode's: the same file format, the same lock against a second process
playing the same file, the same fallback to the default save folder when a file cannot be
written. So a game started in the app resumes in the line mode and the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from rich.markup import escape

from cardgames.core.errors import OptionsError
from cardgames.core.game import Move, State
from cardgames.core.registry import GameInfo
from cardgames.session import LiveSession, SavedSession, SaveWarning, new_save_path, seat_kinds

__all__ = ["GameSession", "new_session"]

S = TypeVar("S", bound=State[Any])


class GameSession(LiveSession[S]):
    """One game at the table. Every move goes through :meth:`apply`, which saves.

    The game, its bots, who moved and undo are the :class:`~cardgames.session.LiveSession`'s;
    this adds the notes on cards, the autosave's warnings as messages to show, and the lines
    the terminal shows once the app has closed. The save file is locked from the start
    (RecordError when another process plays it) until :meth:`close`.
    """

    def __init__(
        self, info: GameInfo[S, Any], saved: SavedSession[S], save_path: Path | None
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
) -> tuple[GameSession[S], str]:
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
    saved = SavedSession.new(info, seats, seed=seed, named=named, options=options)
    path, message = save_path, None
    if save and path is None:
        path, message = new_save_path(info, saved.state.seed)
    return GameSession(info, saved, path if save else None), message or ""
