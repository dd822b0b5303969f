"""Driving the app in tests: a player that uses only the keyboard, or only the mouse."""

from __future__ import annotations

import html
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import textual._wait  # the test extra brings Textual (pytest-textual-snapshot)
from textual.pilot import Pilot

from cardgames.app.app import CardgamesApp
from cardgames.app.screens import (
    FinalScreen,
    HintScreen,
    PassScreen,
    SummaryScreen,
    TableScreen,
)
from cardgames.app.widgets import ActionBar, ActionButton, CardTile

Chooser = Callable[[TableScreen, list[Any]], Any]

WAIT_SECONDS = 60.0
"""How long a test lets the app work towards a condition. In seconds, not in pauses: a pause
lasts a few milliseconds however busy the machine is, while a bot's thinking slows with it."""


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


def hinted(screen: TableScreen, legal: list[Any]) -> Any:
    """The move the hint proposes: a game played as the bundled bot plays it, to its real end
    (Hanabi to the last card rather than three misplays)."""
    return screen.adapter.hint(screen.session.state.view(screen.viewer), legal).action


async def wait_until(pilot: Pilot[Any], condition: Callable[[], bool], what: str) -> None:
    """Let the app work until `condition` holds (a key or click has had its effect)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"the app never got there: {what}")


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the app waits for a person: a summary, the pass screen, the final screen,
    or the table with a human to move and the bots done."""
    app = pilot.app
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
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


def _card_for(screen: TableScreen, action: Any) -> str | None:
    """The card to select for `action`: of the cards it belongs to, the one with the fewest
    actions (a Hanabi clue: a card it touches rather than the player, who has up to ten), so
    that the bar offers few. None: it needs no card."""
    view = screen.session.state.view(screen.viewer)
    keys = screen.adapter.keys_of(action, view)
    if not keys:
        return None
    legal = screen.session.state.legal_actions()
    counts = Counter(key for other in legal for key in screen.adapter.keys_of(other, view))
    return min(keys, key=lambda key: counts[key])


def _offered(screen: TableScreen, card: str | None) -> Callable[[], bool]:
    return lambda: card is None or screen.selected == card


async def act_by_keys(pilot: Pilot[Any], screen: TableScreen, action: Any) -> None:
    """Select the action's card with Tab and Enter, then press the action's key."""
    card = _card_for(screen, action)
    if card is not None:
        await focus_card(pilot, card)
        await pilot.press("enter")
        await wait_until(pilot, _offered(screen, card), f"{card} selected")
    await pilot.press(_button_of(screen, action).key)


async def act_by_mouse(pilot: Pilot[Any], screen: TableScreen, action: Any) -> None:
    """Click the action's card, then its button."""
    card = _card_for(screen, action)
    if card is not None:
        tile = next(c for c in screen.query(CardTile) if c.key == card)
        assert await pilot.click(tile), f"the card {card} could not be clicked"
        await wait_until(pilot, _offered(screen, card), f"{card} selected")
    button = _button_of(screen, action)
    assert await pilot.click(button), f"action {button.label} could not be clicked"


def _button_of(screen: TableScreen, action: Any) -> ActionButton:
    for button in screen.query_one(ActionBar).query(ActionButton):
        if button.game_action == action:
            assert button.key, f"{action} is offered without a key"
            return button
    raise AssertionError(f"{action} is not offered")


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
        if isinstance(screen, SummaryScreen | PassScreen):
            button = "#continue" if isinstance(screen, SummaryScreen) else "#ready"
            await (pilot.click(button) if mouse else pilot.press("enter"))
            await wait_until(pilot, lambda gone=screen: app.screen is not gone, "dismissed")
            continue
        assert isinstance(screen, TableScreen)
        legal = screen.session.state.legal_actions()
        action = choose(screen, legal)
        before = screen.session.state.move_count
        await (act_by_mouse if mouse else act_by_keys)(pilot, screen, action)
        session = screen.session
        await wait_until(pilot, lambda s=session, n=before: s.state.move_count > n,
                         f"{action} made")
    raise AssertionError("the game did not end")


@pytest.fixture(autouse=True)
def _quick_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot waits after each key and click until the app is idle, judged by the CPU it used
    in 20 ms sleeps (at least 40 ms a key). Judged every 2 ms, by the same 5 % of CPU, whole
    games play three times faster; the helpers above still wait for each effect they need.
    """
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.002 / 20)


@pytest.fixture
def run_app() -> Callable[..., Any]:
    """``async with run_app(session, size) as pilot``: the app at instant bot speed."""

    def start(session: Any, size: tuple[int, int] = (80, 24)) -> Any:
        return CardgamesApp(session, speed="instant").run_test(size=size)

    return start
