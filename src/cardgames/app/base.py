"""What the app needs from each game, as plain values: a :class:`GameAdapter` turns one seat's
view into rows of tiles and text, says which tile each legal action belongs to, describes
moves for the log and explains a bundled bot's choice.

Adapters know nothing of Textual: the screens lay the rows out as widgets. That keeps every
game's table a pure function of its view (what the seat may not know is never drawn, because
the view does not hold it) and lets the tests check the tables without running the app.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs
from rich.console import RenderableType
from rich.text import Text

from cardgames.core.agents import Hint
from cardgames.core.game import Move, State

__all__ = ["GameAdapter", "Row", "TableContext", "Tile"]

S = TypeVar("S", bound=State[Any])
V = TypeVar("V")


@attrs.frozen
class Tile:
    """A card on the table. `key` names it when it is a card the player may select (the
    legal actions that belong to it are offered once it is selected)."""

    face: Text
    """One or two lines: what the card shows."""
    key: str | None = None
    """The selection key; None for a card that is only shown."""
    classes: str = ""
    """CSS classes: its colour group (a suit, a month, a colour: the adapter's stylesheet
    colours it)."""


@attrs.frozen
class Row:
    """One line of the table: a title, cards, and text after them."""

    title: RenderableType = ""
    tiles: tuple[Tile, ...] = ()
    note: RenderableType = ""


@attrs.frozen
class TableContext(Generic[V]):
    """What a table is drawn from: the seat's view and the player's own marks."""

    view: V
    keys: frozenset[str]
    """The tiles that have a legal action now (only these are selectable)."""
    notes: Mapping[int, str] = attrs.field(factory=dict)
    """Free-text notes by card id (the game's card order, say)."""
    selected: str | None = None


class GameAdapter(abc.ABC, Generic[S, V]):
    """One game's table, actions and words for the app."""

    game: str
    """The registry name."""
    tile_class: str
    """The CSS class giving the game's tiles their size (in `stylesheet`; none: as wide as
    their face)."""
    stylesheet: Path | None = None
    """The game's own Textual stylesheet (a ``.tcss`` file: its tiles' sizes and colours),
    loaded with its table after the app's; None: the app's styles alone."""
    notes: bool = False
    """Whether the game keeps free-text notes on cards (as players of a game of hidden hands
    do)."""

    @abc.abstractmethod
    def rows(self, context: TableContext[V]) -> list[Row]:
        """The table as `context.view`'s seat sees it, top to bottom."""

    @abc.abstractmethod
    def title(self, view: V) -> str:
        """One line over the table: round, scores, tokens."""

    @abc.abstractmethod
    def keys_of(self, action: Any, view: V) -> tuple[str, ...]:
        """The tiles an action belongs to: selecting any of them offers it (none: it is
        offered without selecting a card)."""

    @abc.abstractmethod
    def label(self, action: Any, view: V) -> str:
        """The action's button label."""

    def button_label(self, action: Any, view: V) -> str:
        """The action's label on its button, where the selected card already says part of it
        (a clue's receiver, say): the label by default."""
        return self.label(action, view)

    def shortcut(self, action: Any, view: V) -> str | None:
        """The key that makes `action` when it is offered (a clue's colour letter or rank
        digit, say); None: the action bar gives it the next free digit or letter."""
        return None

    def wasted(self, action: Any, view: V) -> bool:
        """Whether `action` would waste the turn (a clue that touches no card, say): it is
        offered last, marked, and on no key meant for another action."""
        return False

    @abc.abstractmethod
    def describe(self, move: Move[Any], view: V, viewer: int | None) -> Text:
        """A move and what it caused, for the move log (`view`: the table's view, for names
        and colours; `viewer`: the seat called "You", None in a hot-seat game)."""

    @abc.abstractmethod
    def hint(self, view: V, legal: Sequence[Any]) -> Hint[Any]:
        """What the game's default bot would do in the view's seat, and why (the game's
        ``hints`` module says it, for the line mode too)."""

    @abc.abstractmethod
    def final(self, state: S) -> RenderableType:
        """The end of the game: the result and a table per round."""

    def summary(self, move: Move[Any], state: S) -> RenderableType | None:
        """A summary screen the move calls for (a round's end), else None."""
        return self.round_summary(move, state.players)

    def round_summary(self, move: Move[Any], players: Sequence[str]) -> RenderableType | None:
        """The summary screen `move` calls for, from the move and the players' names alone
        (what a seat at a server table has too), else None."""
        return None

    def details(self, context: TableContext[V], key: str) -> RenderableType | None:
        """What the selected tile shows in detail (what you know of it, its clues)."""
        return None

    def help_sections(self, view: V) -> list[tuple[str, RenderableType]]:
        """The help screen's pages after the keys, as (heading, body): the rules in short
        and the game's reference, as `view`'s seat stands now (none: only the keys)."""
        return []

    def tile_name(self, view: V, key: str) -> str:
        """The tile `key` in words, for the note dialog (``your #2``)."""
        return key

    def note_id(self, view: V, key: str) -> int | None:
        """The card a note on tile `key` belongs to (None: no notes there)."""
        return None


def plain(text: RenderableType) -> str:
    """A renderable's text without styles (for labels and tests)."""
    return text.plain if isinstance(text, Text) else str(text)
