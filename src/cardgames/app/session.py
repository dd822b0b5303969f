"""A game in progress at the app's table: the state, who sits where, the bots, the save file,
undo. No Textual here, so the rules of the session are tested without a screen.

Saving is the line mode's autosave (:mod:`cardgames.terminal`): the same file format, the
same lock against a second process playing the same file, the same fallback to the default
save folder when a file cannot be written. So a game started in the app resumes in the line
mode and the other way round.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

from rich.console import Console
from rich.markup import escape

from cardgames.core.errors import OptionsError
from cardgames.core.game import Move, State
from cardgames.core.registry import GameInfo
from cardgames.terminal import (
    HUMAN,
    LiveSession,
    SavedSession,
    free_save_path,
    seat_bots,
    seat_names,
)

__all__ = ["GameSession", "new_session"]

S = TypeVar("S", bound=State[Any])


class GameSession(Generic[S]):
    """One game at the table. Every move goes through :meth:`apply`, which saves.

    The game itself, its bots, who moved and undo are the line mode's
    (:class:`~cardgames.terminal.LiveSession`); this adds what the app needs around them.
    """

    def __init__(
        self, info: GameInfo[S, Any], saved: SavedSession[S], save_path: Path | None
    ) -> None:
        self.info = info
        self.notes: dict[int, str] = {}
        # The autosave's warnings (a file that cannot be written, where the game went
        # instead) are collected here and shown by the app as notifications.
        self._said = io.StringIO()
        self.live = LiveSession(
            info, saved, save_path, Console(file=self._said, width=400, highlight=False)
        )
        self._autosave = self.live.autosave
        self._autosave.start()  # RecordError when another process plays this file

    @property
    def save_path(self) -> Path | None:
        """Where the game is saved (the autosave may have moved it to the default folder)."""
        return self._autosave.path

    def messages(self) -> list[str]:
        """What the autosave has said since the last call (warnings), oldest first."""
        text = self._said.getvalue()
        self._said.seek(0)
        self._said.truncate()
        return [line for line in text.splitlines() if line.strip()]

    def close(self) -> None:
        """Release the save file's lock (the app is closing)."""
        self._autosave.close()

    # ------------------------------------------------------------------ who sits where
    @property
    def saved(self) -> SavedSession[S]:
        """The game and who sits where (replaced by :meth:`undo`)."""
        return self.live.session

    @property
    def state(self) -> S:
        """The game's state (replaced by :meth:`undo`)."""
        return self.live.state

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat's kind: ``human`` or a bot's name."""
        return self.saved.seats

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == HUMAN)

    @property
    def to_move(self) -> int | None:
        """The seat to act, None once the game is over."""
        return self.state.current_player

    @property
    def human_to_move(self) -> bool:
        """Whether a person is to act now."""
        seat = self.to_move
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot is to act now."""
        seat = self.to_move
        return seat is not None and self.seats[seat] != HUMAN

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that took each move so far, oldest first."""
        return tuple(self.live.movers)

    # ------------------------------------------------------------------ moves
    def apply(self, action: Any) -> Move[Any]:
        """Apply a legal action of the seat to move, save, and return the move."""
        move = self.live.apply(action)
        self.save()
        return move

    def bot_action(self) -> Any:
        """The action the bot to move chooses on its own view."""
        return self.live.bot_action()

    # ------------------------------------------------------------------ undo
    def undo_seat(self) -> int | None:
        """The seat whose moves undo takes back (None: undo is not offered)."""
        return self.live.undo_seat()

    def undo(self) -> int:
        """Take back the human's last move and every bot move after it; return how many moves
        were taken back (0: nothing to undo). Saved at once."""
        return self.live.undo()

    # ------------------------------------------------------------------ saving
    def save(self) -> bool:
        """Save now (the autosave says what went wrong in :meth:`messages`); True if saved."""
        return self._autosave.save()

    def leave_message(self, reason: str) -> str:
        """What the terminal shows after the app closes on an unfinished game (rich markup,
        as the line mode says it)."""
        if self._autosave.path is not None and not self._autosave.save():
            problem = escape(self._autosave.problem or "")
            return f"[bold red]{reason}: the game is NOT saved ({problem})[/]"
        return f"{reason}: {self._autosave.where()}"

    @property
    def is_saved(self) -> bool:
        """False when the last save failed (the game is not in its file)."""
        return self._autosave.problem is None

    def end_message(self) -> str:
        """What the terminal shows after the app closes: the result and the record's file."""
        if not self.state.is_over:
            return self.leave_message("quit")
        where = f"; record in {escape(str(self.save_path))}" if self.save_path is not None else ""
        return f"game over: {escape(self.state.result_text())}{where}"

    def seat_label(self, seat: int) -> str:
        """``Ann (you)``, ``P2 (greedy)``."""
        kind = self.seats[seat]
        return f"{self.state.players[seat]} ({'you' if kind == HUMAN else kind})"


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
    """A new game as the new-game screen (or ``cardgames play``) sets it up: `humans` people
    in the first seats, bots in the others. Returns the session and a message to show
    (where it saves, when the default file holds an unfinished game); OptionsError names a
    bad option. Without `save_path` the game saves to the default file; `save=False`: nowhere.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    count = info.check_players(info.default_players if players is None else players)
    if not 0 <= humans <= count:
        raise OptionsError(f"'humans' must be in 0..{count} (got {humans})")
    others = iter(seat_bots(info, bots, count - humans, flag="bots") if humans < count else ())
    seats = tuple(HUMAN if seat < humans else next(others) for seat in range(count))
    cli = info.load_cli()
    named = humans <= 1 and getattr(getattr(cli, "UI", None), "name_seats", False)
    state = info.new_game(
        count, seed, names=seat_names(seats) if named else None, **(options or {})
    )
    said = io.StringIO()
    path = (save_path or free_save_path(info, seed, Console(file=said, width=400))
            if save else None)
    session = GameSession(info, SavedSession(state, seats, seed), path)
    return session, said.getvalue().strip()
