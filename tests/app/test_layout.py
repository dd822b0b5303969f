"""Every card and every legal action of a dealt table is fully drawn and reachable at every
terminal size from 80×24 to 200×60, and the move log stays readable (issue 22).

One app per table, resized through the sizes: a resize must lay the table out anew (the log
too, with no line drawn for the old width).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

import cardgames
from cardgames.app.app import CardgamesApp
from cardgames.app.screens import TableScreen
from cardgames.app.session import new_session
from cardgames.app.widgets import (
    ActionBar,
    ActionButton,
    CardTile,
    MoveLog,
    OfferedAction,
    ShownCard,
    action_keys,
)

from .conftest import settle

SIZES = [
    (80, 24), (86, 26), (100, 30), (110, 34), (120, 40), (140, 45), (160, 50), (200, 60),
]
"""The issue's range, its corners, the snapshot sizes and a few in between."""

TABLES = [
    # The Koi-Koi deal: 8 cards in hand, the 8th tile cut at 120×40.
    pytest.param("koikoi", 2, 11, {}, id="koikoi-seed11"),
    # A full hand of 8 and a field of 10 (the bot played first and took nothing).
    pytest.param("koikoi", 2, 174, {}, id="koikoi-big-field"),
    # The clue bar: Player 2 has ten clues.
    pytest.param("hanabi", 3, 5, {}, id="hanabi-3"),
    pytest.param("hanabi", 5, 7, {}, id="hanabi-5"),
    pytest.param("hanabi", 5, 7, {"variant": "6-suits"}, id="hanabi-5-six-suits"),
    pytest.param("ikebana", 4, 7, {}, id="ikebana-4"),
]


def _problem(widget: Widget) -> str | None:
    """Why `widget` is not fully drawn (None: it is): outside the screen, cut by its
    container, or narrower than what it shows."""
    screen = widget.screen
    try:
        geometry = screen.find_widget(widget)
    except NoWidget:
        return "not laid out"
    region = geometry.region
    if not region:
        return "of size zero"
    if not Region(0, 0, *screen.size).contains_region(region):
        return f"outside the screen {screen.size}: {region}"
    if not geometry.clip.contains_region(region):
        return f"cut by its container: {region} shown in {geometry.clip}"
    if isinstance(widget, Static | ActionButton):
        face = _face(widget)
        wanted = max((cell_len(line) for line in face.splitlines()), default=0)
        if widget.content_region.width < wanted:
            return f"{widget.content_region.width} columns for {face!r}"
    return None


def _face(widget: Static | ActionButton) -> str:
    """What a card or button shows, as text."""
    if isinstance(widget, ActionButton):
        label = widget.label
        return label if isinstance(label, str) else label.plain
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


def _name(widget: Widget) -> str:
    if isinstance(widget, CardTile):
        return f"card {widget.key}"
    face = _face(widget) if isinstance(widget, Static | ActionButton) else ""
    return f"{type(widget).__name__} {face!r}"


def _not_drawn(widgets: list[Widget]) -> list[str]:
    return [f"{_name(w)}: {why}" for w in widgets if (why := _problem(w)) is not None]


async def _check_table(pilot: Any, screen: TableScreen, size: tuple[int, int]) -> list[str]:
    """Each card, once the keyboard is on it (the table scrolls to it), is fully drawn; so is
    each action offered with any card selected; every legal action is offered."""
    problems: list[str] = []
    cards: list[Widget] = [*screen.query(CardTile), *screen.query(ShownCard)]
    assert cards, "a dealt table shows cards"
    table = screen.query_one("#table")
    for card in cards:
        if _problem(card) is not None:  # only scrolled to where it is not in view
            table.scroll_to_widget(card, animate=False, immediate=True)
            await pilot.pause()
            problems += [f"{size}: {p}" for p in _not_drawn([card])]
    view = screen.session.state.view(screen.viewer)
    legal = screen.session.state.legal_actions()
    for key in _selections(screen, legal):
        if key is not None:
            await screen.select(key)
            await pilot.pause()
        buttons = list(screen.query_one(ActionBar).query(ActionButton))
        problems += [f"{size} {key}: {p}" for p in _not_drawn(list(buttons))]
        problems += _check_log(screen, size)  # the bar and the details take room too
        shortcuts = [button.key for button in buttons]
        if "" in shortcuts or len(set(shortcuts)) != len(shortcuts):
            problems.append(f"{size} {key}: actions without a key of their own: {shortcuts}")
        wanted = [a for a in legal if (ks := screen.adapter.keys_of(a, view)) == () or key in ks]
        if len(buttons) != len(wanted):
            problems.append(f"{size} {key}: {len(buttons)} buttons for {len(wanted)} actions")
    await screen.action_deselect()
    await pilot.pause()
    # Every legal action needs no card, or belongs to a card that may be selected.
    selectable = {card.key for card in screen.query(CardTile)}
    missing = [
        a for a in legal
        if (ks := screen.adapter.keys_of(a, view)) and not selectable.intersection(ks)
    ]
    if missing:
        problems.append(f"{size}: on no card: {missing}")
    return problems


def _selections(screen: TableScreen, legal: list[Any]) -> list[str | None]:
    """No card, then the cards whose bars differ: a card whose actions are all offered with
    another card too is left out (a Hanabi card a clue touches offers some of its player's
    clues: if the player's bar fits, so does the card's, a flow with fewer buttons being no
    wider), and so is one whose buttons are as wide as another's (your Hanabi cards: "Play
    #1", "Discard #1"), since the flow places buttons by their widths alone."""
    view = screen.session.state.view(screen.viewer)
    adapter = screen.adapter
    keys = [card.key for card in screen.query(CardTile)]
    actions = {
        key: {i for i, a in enumerate(legal) if key in adapter.keys_of(a, view)}
        for key in keys
    }
    chosen: list[str | None] = [None]
    widths: set[tuple[int, ...]] = set()
    for key in keys:
        if any(actions[key] < actions[other] for other in keys):
            continue
        shape = tuple(sorted(cell_len(adapter.button_label(legal[i], view)) for i in actions[key]))
        if shape not in widths:
            widths.add(shape)
            chosen.append(key)
    return chosen


def _check_log(screen: TableScreen, size: tuple[int, int]) -> list[str]:
    """The log shows at least four lines, each whole (wrapped, never cut at the side)."""
    log = screen.query_one(MoveLog)
    problems = [f"{size}: log {w}" for w in _not_drawn([log])]
    region = log.scrollable_content_region
    if region.height < 4:
        problems.append(f"{size}: the log shows {region.height} lines")
    if log.virtual_size.width > region.width:
        problems.append(f"{size}: log lines {log.virtual_size.width} wide in {region.width}")
    return problems


@pytest.mark.parametrize(("game", "players", "seed", "options"), TABLES)
def test_every_card_and_action_is_fully_drawn_at_every_size(
    game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    session, _ = new_session(cardgames.get_game(game), players=players, seed=seed,
                             options=options, save=False)

    async def walk() -> list[str]:
        problems: list[str] = []
        app = CardgamesApp(session, speed="instant")
        async with app.run_test(size=SIZES[0]) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            for size in SIZES:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                problems += await _check_table(pilot, screen, size)
                problems += _check_log(screen, size)
        return problems

    problems = asyncio.run(walk())
    assert not problems, "\n".join(problems[:40])


def test_every_clue_has_its_key_and_an_empty_clue_comes_last() -> None:
    # The bar: Player 2 has ten clues, three of them touch no card.
    session, _ = new_session(cardgames.get_game("hanabi"), players=3, seed=5, save=False)

    async def clue_white() -> None:
        app = CardgamesApp(session, speed="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await screen.select("player-1")
            await pilot.pause()
            buttons = list(screen.query(ActionButton))
            assert len(buttons) == 10
            wasted = [button for button in buttons if button.has_class("-wasted")]
            assert wasted, "seed 5 deals Player 2 no blue, 4 or 5"
            assert buttons[-len(wasted):] == wasted, "a clue that touches nothing comes last"
            natural = set("rygbw12345")
            for button in buttons:
                value = str(button.game_action.value)
                if button in wasted:
                    # No key meant for a clue: pressing "b" for blue never wastes the turn.
                    assert button.key not in natural, button.label
                    assert "(wasted)" in _face(button)
                else:
                    assert button.key == (value if value.isdigit() else value[0]), button.label
            await pilot.press("w")
            await settle(pilot)

    asyncio.run(clue_white())
    move = session.state.view(0).history[0]
    assert move.seat == 0
    assert (move.action.target, move.action.value) == (1, "white")


def test_the_log_wraps_whole_lines_and_is_written_anew_after_a_resize() -> None:
    # Greedy's moves name the cards it took: no line may be cut at the log's side, and a
    # resize leaves no line drawn for the old width.
    session, _ = new_session(cardgames.get_game("koikoi"), players=2, seed=174, save=False)

    async def resize() -> None:
        app = CardgamesApp(session, speed="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            for _ in range(4):
                await screen.perform(screen.session.state.legal_actions()[0])
                await settle(pilot)
            log = screen.query_one(MoveLog)
            written = "".join("".join(plain_text(entry).split()) for entry in log.entries)
            assert len(log.entries) >= 4
            for size in [(80, 24), (120, 40), (200, 60), (80, 24), (160, 50)]:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                width = log.scrollable_content_region.width
                assert all(line.cell_length <= width for line in log.lines), size
                shown = "".join("".join(line.text.split()) for line in log.lines)
                assert shown == written, size
                assert log.max_scroll_x == 0, size

    asyncio.run(resize())


def plain_text(entry: object) -> str:
    return entry.plain if isinstance(entry, Text) else str(entry)


def test_action_keys_keep_shortcuts_and_never_give_a_wasted_action_a_shortcut() -> None:
    offered = [
        OfferedAction("red → #1", "red", "r"),
        OfferedAction("1 → #2", 1, "1"),
        OfferedAction("Play", "play"),
        OfferedAction("blue → none", "blue", "b", wasted=True),
        OfferedAction("again red", "red2", "r"),  # a second action on the same shortcut
        OfferedAction("hint?", "h", "h"),  # a command's key is never an action's
    ]
    assert action_keys(offered, reserved={"h", "q"}) == ["r", "1", "2", "3", "4", "5"]
    # Once the pool is spent the rest have no key (clicked, or reached with Tab).
    many = [OfferedAction(str(n), n) for n in range(40)]
    keys = action_keys(many, reserved=set())
    assert keys[:11] == [*"1234567890", "a"]
    assert keys[36:] == [""] * 4
