"""The app's widgets: a card (a button you select), the table of rows, the action bar."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Static

from cardgames.app.base import Row, Tile

__all__ = ["ActionBar", "ActionButton", "CardTile", "KeyFooter", "TableView"]


def _id(key: str) -> str:
    """A widget id from a selection key (ids allow letters, digits, ``-`` and ``_``)."""
    return "card-" + "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)


class CardTile(Static, can_focus=True):
    """A card that may be selected: a click, or Enter or Space when it has the focus.

    A focusable Static rather than a Button: a card is drawn edge to edge in its colour,
    without a button's padding.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "choose", "Select", show=False,
                tooltip="select the focused card (again: make its action, if it has one)"),
    ]

    class Chosen(Message):
        """The player selected the card `key`."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, tile: Tile, tile_class: str, *, selected: bool) -> None:
        assert tile.key is not None
        classes = f"tile {tile_class} {tile.classes}" + (" -selected" if selected else "")
        super().__init__(tile.face, id=_id(tile.key), classes=classes)
        self.key = tile.key

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.key))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.key))


class ShownCard(Static):
    """A card that is only shown (no legal action belongs to it now)."""

    def __init__(self, tile: Tile, tile_class: str) -> None:
        super().__init__(tile.face, classes=f"tile {tile_class} {tile.classes} shown")


class TableView(VerticalScroll):
    """The table: one line per :class:`~cardgames.app.base.Row`, cards as tiles.

    A line whose shape (its cards and which of them are selectable) is unchanged is updated
    in place: mounting widgets anew for every move is what makes a table slow.
    """

    can_focus = False

    async def show(self, rows: Sequence[Row], tile_class: str, selected: str | None) -> None:
        """Show `rows` (the selected card marked)."""
        lines = list(self.query_children(RowView))
        with self.app.batch_update():
            for index, row in enumerate(rows):
                if index < len(lines) and lines[index].shape == _shape(row):
                    lines[index].update(row, tile_class, selected)
                    continue
                new = RowView(row, tile_class, selected)
                if index < len(lines):
                    await lines[index].remove()
                    await self.mount(new, before=index if index < len(self.children) else None)
                    lines[index] = new
                else:
                    await self.mount(new)
                    lines.append(new)
            for extra in lines[len(rows):]:
                await extra.remove()

    def cards(self) -> list[CardTile]:
        """The selectable cards, in table order."""
        return list(self.query(CardTile))


def _shape(row: Row) -> tuple[object, ...]:
    return (bool(row.title), tuple(tile.key for tile in row.tiles), bool(row.note))


class RowView(Horizontal):
    """One line of the table."""

    def __init__(self, row: Row, tile_class: str, selected: str | None) -> None:
        self.shape = _shape(row)
        # Rows without a title leave the whole width to their cards.
        parts: list[Widget] = [Static(row.title, classes="row-title")] if row.title else []
        for tile in row.tiles:
            if tile.key is None:
                parts.append(ShownCard(tile, tile_class))
            else:
                parts.append(CardTile(tile, tile_class, selected=tile.key == selected))
        if row.note:
            parts.append(Static(row.note, classes="row-note"))
        super().__init__(*parts, classes="row")

    def update(self, row: Row, tile_class: str, selected: str | None) -> None:
        """Show `row`, which has this line's shape, in the same widgets.

        Only what changed is touched: every update or class change costs Textual a layout
        and a restyle, and most of a table is the same after a move.
        """
        widgets = list(self.children)
        if row.title:
            _show(widgets.pop(0), row.title, None)
        for tile, widget in zip(row.tiles, widgets, strict=False):
            classes = f"tile {tile_class} {tile.classes}"
            if tile.key is None:
                classes += " shown"
            elif tile.key == selected:
                classes += " -selected"
            # A tile's size is fixed by its class: a new face needs no layout.
            _show(widget, tile.face, classes, layout=False)
        if row.note:
            _show(widgets[-1], row.note, None)


def _show(
    widget: Widget, content: RenderableType, classes: str | None, *, layout: bool = True
) -> None:
    """Give a Static of a row `content` and `classes` (None: keep them), if they changed."""
    assert isinstance(widget, Static)
    # Rich's Text compares by text and styles; other renderables by identity.
    if content != widget.content:
        widget.update(content, layout=layout)
    if classes is not None and set(classes.split()) != set(widget.classes):
        widget.set_classes(classes)


class ActionButton(Button):
    """One legal action, numbered: its digit key presses it too."""

    def __init__(self, number: int, label: str, action: Any) -> None:
        super().__init__(f"{number} {label}", id=f"action-{number}", compact=True,
                         classes="action")
        self.number = number
        self.game_action = action


class ActionBar(Horizontal):
    """The actions offered now: those of no card, then those of the selected card."""

    can_focus = False

    async def show(self, actions: Sequence[tuple[str, Any]], empty: RenderableType) -> None:
        """Offer `actions` (label, action) as numbered buttons, or show `empty`."""
        buttons = list(self.query_children(ActionButton))
        if actions and len(buttons) == len(actions):
            for button, (label, action) in zip(buttons, actions, strict=True):
                button.label = f"{button.number} {label}"
                button.game_action = action
                # A button ignores clicks for a moment after it was pressed (Textual's
                # "-active" effect); relabelled, it offers a new move that a quick player
                # may click at once.
                button.remove_class("-active")
            return
        idle = list(self.query_children(".idle"))
        if not actions and idle:
            assert isinstance(idle[0], Static)
            idle[0].update(empty)
            return
        widgets: list[Widget] = [
            ActionButton(number, label, action)
            for number, (label, action) in enumerate(actions, start=1)
        ]
        if not widgets:
            widgets = [Static(empty, classes="idle")]
        with self.app.batch_update():
            await self.remove_children()
            await self.mount_all(widgets)

    def button(self, number: int) -> ActionButton | None:
        """The action button with `number`, if offered."""
        for button in self.query(ActionButton):
            if button.number == number:
                return button
        return None


class KeyFooter(Footer):
    """Textual's footer, redrawn only when the keys it shows change.

    Textual rebuilds its footer whenever the focus moves (every card has bindings of its own,
    hidden), which was most of the app's work per move; the keys shown seldom change.
    """

    _keys: tuple[tuple[str, str, bool], ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        keys = tuple(
            (binding.key, binding.description, enabled)
            for _, binding, enabled, _ in screen.active_bindings.values()
            if binding.show
        )
        if keys == self._keys:
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._keys = keys  # a redraw is on its way (Footer skips it otherwise)
