"""A game installed as a plug-in is offered by the app and played to its end there (the
``tiny_plugin`` fixture installs the tiny game through its entry point alone)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Select

from cardgames.app.app import CardgamesApp
from cardgames.app.screens import FinalScreen, NewGameScreen, TableScreen

from .conftest import hinted, play_to_the_end, screen_text, wait_until

pytestmark = pytest.mark.usefixtures("tiny_plugin")


@pytest.mark.parametrize("mouse", [False, True], ids=["keys", "mouse"])
def test_the_app_offers_the_plugin_game_and_plays_it_to_the_end(mouse: bool) -> None:
    async def play() -> None:
        app = CardgamesApp(game="tiny", speed="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            games = screen.query_one("#game", Select)
            assert ("Tiny", "tiny") in [(str(label), value) for label, value in games._options]
            assert games.value == "tiny"
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "started")
            table: Any = app.screen
            final = await play_to_the_end(pilot, mouse=mouse, choose=hinted)
            state = table.session.state
            assert state.is_over
            assert state.game_name == "tiny"
            assert isinstance(final, FinalScreen)
            # The final screen shows the game's own result table (its adapter's final()).
            assert any(line.startswith("Result") for line in screen_text(app))

    asyncio.run(play())
