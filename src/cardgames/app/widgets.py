"""The app's widgets: a card (a button you select), the table of rows, the action bar."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar, Final

import attrs
from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.events import Click, Resize
from textual.geometry import Region, Size
from textual.layout import ArrangeResult, Layout
from textual.layouts.horizontal import HorizontalLayout
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, RichLog, Static

from cardgames.app.base import Row, Tile

__all__ = [
    "ActionBar",
    "ActionButton",
    "CardTile",
    "FlowContainer",
    "FlowLayout",
    "KeyFooter",
    "MoveLog",
    "OfferedAction",
    "TableView",
    "action_keys",
]


class FlowLayout(Layout):
    """Children left to right, each on the line of the one before while it fits, else at the
    start of a new line (as words wrap): a row of cards or of actions is never cut by a
    narrow terminal, and a wide one shows it on fewer lines.

    Each child keeps the size Textual's horizontal layout gives it (a tile's width from its
    class, a note's from its text, at most the whole width); only where it goes changes.
    """

    name = "flow"

    def arrange(
        self, parent: Widget, children: list[Widget], size: Size, greedy: bool = True
    ) -> ArrangeResult:
        placed = HorizontalLayout().arrange(parent, children, size, greedy)
        flowed: ArrangeResult = []
        x = y = line_height = 0
        for placement in placed:
            region, margin = placement.region, placement.margin
            if placement.overlay or placement.absolute:
                flowed.append(placement)
                continue
            left = x + margin.left
            if x and left + region.width > size.width:
                x, y, line_height = 0, y + line_height, 0
                left = margin.left
            flowed.append(placement._replace(
                region=Region(left, y + margin.top, region.width, region.height)
            ))
            x = left + region.width + margin.right
            line_height = max(line_height, margin.top + region.height + margin.bottom)
        return flowed


FLOW: Final = FlowLayout()
"""One flow layout serves every container that flows (it keeps no state)."""


class FlowContainer(Widget):
    """A widget whose children flow (:class:`FlowLayout`): Textual's CSS names only its own
    layouts, so the layout is the widget's."""

    @property
    def layout(self) -> Layout:
        return FLOW


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


class RowView(FlowContainer):
    """One line of the table: its cards flow onto more lines where the width is short."""

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
        self.parts = tuple(parts)
        """The line's widgets, kept here: :meth:`update` may come before they are mounted
        (a redraw right after the line was mounted, on a busy machine), when ``children``
        does not list them yet."""
        super().__init__(*parts, classes="row")

    def update(self, row: Row, tile_class: str, selected: str | None) -> None:
        """Show `row`, which has this line's shape, in the same widgets.

        Only what changed is touched: every update or class change costs Textual a layout
        and a restyle, and most of a table is the same after a move.
        """
        widgets = list(self.parts)
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


KEY_POOL: Final = "1234567890abcdefghijklmnopqrstuvwxyz"
"""The keys given, in order, to actions that have no shortcut of their own."""


@attrs.frozen
class OfferedAction:
    """A legal action as the action bar offers it."""

    label: str
    action: Any
    shortcut: str | None = None
    """The key the game gives it (a clue's colour letter or rank digit, say), if any."""
    wasted: bool = False
    """It would waste the turn (a clue that touches no card): it never gets its shortcut,
    nor any other action's, so a key pressed for the real thing never makes it."""


def action_keys(offered: Sequence[OfferedAction], reserved: Collection[str]) -> list[str]:
    """One key per action: its shortcut where it has one that is free, else the first free
    key of :data:`KEY_POOL` that is no offered action's shortcut (a key pressed for one clue
    never makes another action); "" once the pool is spent (the button is still clicked or
    reached with Tab). `reserved`: the screen's command keys."""
    keys = [""] * len(offered)
    used = set(reserved)
    for index, choice in enumerate(offered):
        if choice.shortcut and not choice.wasted and choice.shortcut not in used:
            keys[index] = choice.shortcut
            used.add(choice.shortcut)
    used |= {choice.shortcut for choice in offered if choice.shortcut}
    pool = (key for key in KEY_POOL if key not in used)
    for index in range(len(offered)):
        if not keys[index]:
            keys[index] = next(pool, "")
    return keys


def _button_label(key: str, choice: OfferedAction) -> Text:
    # The key on its own style, not the label's (a Text's own style covers all it holds).
    label = Text.assemble((key, "bold reverse"), " ") if key else Text()
    return label.append(choice.label + (" (wasted)" if choice.wasted else ""))


class ActionButton(Button):
    """One legal action; its key presses it too."""

    def __init__(self, position: int, key: str, choice: OfferedAction) -> None:
        super().__init__(_button_label(key, choice), id=f"action-{position}", compact=True,
                         classes="action -wasted" if choice.wasted else "action")
        self.position = position
        self.key = key
        self.game_action = choice.action


class ActionBar(FlowContainer):
    """The actions offered now: those of no card, then those of the selected card. They flow
    onto more lines where one is not enough."""

    can_focus = False

    async def show(
        self, actions: Sequence[OfferedAction], keys: Sequence[str], empty: RenderableType
    ) -> None:
        """Offer `actions` as buttons with their `keys`, or show `empty` when there are none."""
        buttons = list(self.query_children(ActionButton))
        if actions and len(buttons) == len(actions):
            for button, key, choice in zip(buttons, keys, actions, strict=True):
                label = _button_label(key, choice)
                # A new label is drawn in the old width unless the button is laid out anew
                # (Textual's label is no layout reactive): a longer one would be cut.
                relayout = label.cell_len != Content.from_text(button.label).cell_length
                button.label = label
                if relayout:
                    button.refresh(layout=True)
                button.key = key
                button.game_action = choice.action
                button.set_class(choice.wasted, "-wasted")
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
            ActionButton(position, key, choice)
            for position, (key, choice) in enumerate(zip(keys, actions, strict=True), start=1)
        ]
        if not widgets:
            widgets = [Static(empty, classes="idle")]
        with self.app.batch_update():
            await self.remove_children()
            await self.mount_all(widgets)

    def button(self, key: str) -> ActionButton | None:
        """The action button that `key` presses, if one is offered."""
        for button in self.query(ActionButton):
            if key and button.key == key:
                return button
        return None


class MoveLog(RichLog):
    """The move log: each entry wrapped to the log's width, all of them written anew when the
    width changes (lines kept from another width would be cut, or leave half the log empty).
    """

    def __init__(self, *, id: str | None = None) -> None:
        # RichLog renders at 78 columns at least unless told otherwise: cut in a narrow log.
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=1)
        self.entries: list[RenderableType] = []
        self.drawn_width = 0

    def add(self, entry: RenderableType) -> None:
        """Write `entry` under the others."""
        self.entries.append(entry)
        self.write(entry)

    def reset(self, entries: Sequence[RenderableType]) -> None:
        """Show `entries` alone."""
        self.entries = list(entries)
        self.clear()
        for entry in self.entries:
            self.write(entry)

    def on_resize(self, event: Resize) -> None:
        # The first size comes with RichLog's own writing of what waited for it.
        width = self.scrollable_content_region.width
        if self.drawn_width and width != self.drawn_width:
            self.reset(self.entries)
        self.drawn_width = width


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
