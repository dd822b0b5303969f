"""The table's keys: speed, Escape, the help screen and the command palette (issue 22,
points 6 and 7)."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import cardgames
from cardgames.app.app import CardgamesApp
from cardgames.app.screens import SPEEDS, TableScreen
from cardgames.app.session import GameSession, new_session
from cardgames.app.widgets import CardTile

from .conftest import focus_card, settle, wait_until


def _session(game: str, tmp_path: Path, **kwargs: Any) -> GameSession[Any]:
    session, _ = new_session(
        cardgames.get_game(game), save_path=tmp_path / "save.json", **kwargs
    )
    return session


def test_the_speed_key_steps_through_the_speeds_in_order(tmp_path: Path) -> None:
    session = _session("koikoi", tmp_path, seed=3)
    names = [name for name, _ in SPEEDS]

    async def run() -> list[str]:
        app = CardgamesApp(session, speed="normal")
        seen = [names[app.speed]]
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            for _ in range(8):
                await pilot.press("s")
                await pilot.pause()
                seen.append(names[app.speed])
        return seen

    seen = asyncio.run(run())
    # Each press moves one step along instant, fast, normal, slow: never from one end to the
    # other.
    steps = [abs(names.index(b) - names.index(a)) for a, b in itertools.pairwise(seen)]
    assert steps == [1] * 8, seen
    assert set(seen) == set(names), seen


def test_escape_leaves_the_focus_on_the_card_it_was_on(tmp_path: Path, run_app: Any) -> None:
    session = _session("hanabi", tmp_path, players=3, seed=5)

    async def run() -> None:
        async with run_app(session, (120, 40)) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, TableScreen)
            await focus_card(pilot, "card-1-3")
            await pilot.press("enter")
            await wait_until(pilot, lambda: screen.selected == "card-1-3", "selected")
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen.selected is None, "deselected")
            focused = pilot.app.focused
            assert isinstance(focused, CardTile)
            assert focused.key == "card-1-3"

    asyncio.run(run())
