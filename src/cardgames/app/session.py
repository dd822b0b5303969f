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

import attrs
from rich.console import Console
from rich.markup import escape

from cardgames.core.agents import Agent
from cardgames.core.errors import OptionsError
from cardgames.core.game import Move, State
from cardgames.core.registry import GameInfo
from cardgames.terminal import (
    HUMAN,
    SavedSession,
    _Autosave,
    _free_save_path,
    _seat_names,
    seat_bots,
)

__all__ = ["GameSession", "new_session"]

S = TypeVar("S", bound=State[Any])


class GameSession(Generic[S]):
    """One game at the table. Every move goes through :meth:`apply`, which saves."""

    def __init__(
        self, info: GameInfo[S, Any], saved: SavedSession[S], save_path: Path | None
    ) -> None:
        self.info = info
        self.saved = saved
        self.notes: dict[int, str] = {}
        self.agents = self._make_agents()
        self._actors = self._replay_actors()
        # The autosave's warnings (a file that cannot be written, where the game went
        # instead) are collected here and shown by the app as notifications.
        self._said = io.StringIO()
        self._autosave = _Autosave(
            info, saved, save_path, Console(file=self._said, width=400, highlight=False)
        )
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
    def state(self) -> S:
        """The game's state (replaced by :meth:`undo`)."""
        return self.saved.state

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
        return tuple(self._actors)

    def _make_agents(self) -> dict[int, Agent]:
        # Seeded as the line mode seeds them, so a resumed game plays on the same way.
        return {
            seat: self.info.bots[kind](self.saved.bot_seed + seat)
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }

    def _replay_actors(self) -> list[int]:
        """Who took each move of the (possibly resumed) game, by replaying its record."""
        record = self.state.record()
        state = self.info.new_game(
            len(record.players), record.seed, names=record.players, deck=record.deck,
            options=self.state.options,
        )
        actors = []
        for action in self.state.history:
            seat = state.current_player
            assert seat is not None  # the record replayed, so each move had a seat to act
            actors.append(seat)
            state.apply(action)
        return actors

    # ------------------------------------------------------------------ moves
    def apply(self, action: Any) -> Move[Any]:
        """Apply a legal action of the seat to move, save, and return the move."""
        seat = self.to_move
        assert seat is not None, "the game is over"
        events = self.state.apply(action)
        self._actors.append(seat)
        self.save()
        return Move(seat, action, tuple(events))

    def bot_action(self) -> Any:
        """The action the bot to move chooses on its own view."""
        seat = self.to_move
        assert seat in self.agents, "no bot is to move"
        assert seat is not None
        return self.agents[seat].act(self.state.view(seat), self.state.legal_actions())

    # ------------------------------------------------------------------ undo
    def undo_seat(self) -> int | None:
        """The seat whose moves undo takes back: the only human (None with none or several:
        in a hot-seat game taking back a move would show the next player another's cards)."""
        humans = self.humans
        if len(humans) != 1:
            return None
        return humans[0] if humans[0] in self._actors else None

    def undo(self) -> int:
        """Take back the human's last move and every bot move after it; return how many moves
        were taken back (0: nothing to undo).

        The state is rebuilt from the record without those moves, so it is exactly the state
        the game was in, and the bots start afresh (their memory follows the history).
        """
        seat = self.undo_seat()
        if seat is None:
            return 0
        keep = max(i for i, actor in enumerate(self._actors) if actor == seat)
        record = self.state.record()
        shorter = attrs.evolve(record, actions=record.actions[:keep], meta={})
        state = self.info.replay(shorter)
        taken = len(self._actors) - keep
        self.saved = SavedSession(state, self.seats, self.saved.bot_seed)
        self._autosave.session = self.saved
        del self._actors[keep:]
        self.agents = self._make_agents()
        self.save()
        return taken

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
        count, seed, names=_seat_names(seats) if named else None, **(options or {})
    )
    said = io.StringIO()
    path = (save_path or _free_save_path(info, seed, Console(file=said, width=400))
            if save else None)
    session = GameSession(info, SavedSession(state, seats, seed), path)
    return session, said.getvalue().strip()
