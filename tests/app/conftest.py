"""Driving the app in tests: a player that uses only the keyboard, or only the mouse."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot  # the test extra brings Textual (pytest-textual-snapshot)

from cardgames.app.app import CardgamesApp
from cardgames.app.screens import (
    FinalScreen,
    HintScreen,
    PassScreen,
    SummaryScreen,
    TableScreen,
)
from cardgames.app.widgets import ActionBar, CardTile

Chooser = Callable[[TableScreen, list[Any]], Any]


def screen_text(app: Any) -> list[str]:
    """The lines the screen shows now, as text (from the screenshot the snapshots also use)."""
    svg = app.export_screenshot()
    lines: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(
        r'<text class="terminal-[\w-]*?r\d+" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg
    ):
        lines.setdefault(float(y), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return ["".join(text for _, text in sorted(parts)) for _, parts in sorted(lines.items())]


def first_legal(screen: TableScreen, legal: list[Any]) -> Any:
    """The first legal action: quick, deterministic games."""
    return legal[0]


async def settle(pilot: Pilot[Any], limit: int = 2000) -> None:
    """Wait until the app waits for a person: a summary, the pass screen, the final screen,
    or the table with a human to move and the bots done."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, SummaryScreen | PassScreen | FinalScreen | HintScreen):
            return
        if isinstance(screen, TableScreen) and not screen.busy and (
            screen.session.human_to_move or screen.session.state.is_over
        ):
            return
    raise AssertionError(f"the app did not settle: {app.screen!r}")


async def focus_card(pilot: Pilot[Any], key: str) -> None:
    """Tab to the card `key` (the keyboard's only way to a card)."""
    for _ in range(60):
        focused = pilot.app.focused
        if isinstance(focused, CardTile) and focused.key == key:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached the card {key}")


async def act_by_keys(pilot: Pilot[Any], screen: TableScreen, action: Any) -> None:
    """Select the action's card with Tab and Enter, then press the action's digit."""
    view = screen.session.state.view(screen.viewer)
    keys = screen.adapter.keys_of(action, view)
    if keys:
        await focus_card(pilot, keys[0])
        await pilot.press("enter")
        await pilot.pause()
    number = _number_of(screen, action)
    await pilot.press(str(number))


async def act_by_mouse(pilot: Pilot[Any], screen: TableScreen, action: Any) -> None:
    """Click the action's card, then its button."""
    view = screen.session.state.view(screen.viewer)
    keys = screen.adapter.keys_of(action, view)
    if keys:
        card = next(c for c in screen.query(CardTile) if c.key == keys[0])
        assert await pilot.click(card), f"the card {keys[0]} could not be clicked"
        await pilot.pause()
    number = _number_of(screen, action)
    assert await pilot.click(f"#action-{number}"), f"action {number} could not be clicked"


def _number_of(screen: TableScreen, action: Any) -> int:
    bar = screen.query_one(ActionBar)
    for number in range(1, 10):
        button = bar.button(number)
        if button is not None and button.game_action == action:
            return number
    raise AssertionError(f"{action} is not offered (among the first nine actions)")


async def play_to_the_end(
    pilot: Pilot[Any], *, mouse: bool, choose: Chooser = first_legal, limit: int = 3000
) -> FinalScreen:
    """Play every human move through the interface until the final screen."""
    app = pilot.app
    assert isinstance(app, CardgamesApp)
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, FinalScreen):
            return screen
        if isinstance(screen, SummaryScreen):
            await (pilot.click("#continue") if mouse else pilot.press("enter"))
            continue
        if isinstance(screen, PassScreen):
            await (pilot.click("#ready") if mouse else pilot.press("enter"))
            continue
        assert isinstance(screen, TableScreen)
        legal = screen.session.state.legal_actions()
        action = choose(screen, legal)
        before = screen.session.state.move_count
        await (act_by_mouse if mouse else act_by_keys)(pilot, screen, action)
        await pilot.pause()
        assert screen.session.state.move_count > before, f"{action} was not made"
    raise AssertionError("the game did not end")


@pytest.fixture
def run_app() -> Callable[..., Any]:
    """``async with run_app(session, size) as pilot``: the app at instant bot speed."""

    def start(session: Any, size: tuple[int, int] = (80, 24)) -> Any:
        return CardgamesApp(session, speed="instant").run_test(size=size)

    return start
