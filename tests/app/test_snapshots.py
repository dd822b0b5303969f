"""Snapshots of the app's main screens, each game's table at 80×24, 100×30, 120×40 and 160×50
(``--snapshot-update`` rewrites them after a deliberate change; the README shows the tables'
SVGs). tests/app/test_layout.py checks every size in between by the widgets' regions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

import cardgames
from cardgames.app.app import CardgamesApp
from cardgames.app.screens import (
    FinalScreen,
    HintScreen,
    NoteScreen,
    PassScreen,
    SummaryScreen,
    TableScreen,
)
from cardgames.app.session import new_session

from .conftest import hinted, play_to_the_end, settle

SIZES = [pytest.param(size, id=f"{size[0]}x{size[1]}")
         for size in [(80, 24), (100, 30), (120, 40), (160, 50)]]
KOIKOI_DEALS = {"shuffle": "per-deal"}
"""Koi-Koi's seed 7 deals the cards these screens were drawn with (rules version 2's shuffle)."""
GAMES = [("koikoi", 2, KOIKOI_DEALS), ("hanabi", 3, {}), ("ikebana", 4, {})]


def _app(game: str, players: int, seed: int = 7, **options: Any) -> CardgamesApp:
    # No save file: the screens must not show a temporary path.
    session, _ = new_session(cardgames.get_game(game), players=players, seed=seed,
                             options=options, save=False)
    return CardgamesApp(session, speed="instant")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_table(
    snap_compare: Any, game: str, players: int, options: dict[str, Any], size: tuple[int, int]
) -> None:
    async def first_card_selected(pilot: Any) -> None:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        cards = screen.query_one("#table").cards()
        if cards:  # a card selected shows its actions (and in Hanabi, what you know of it)
            await pilot.press("enter")
            await pilot.pause()

    assert snap_compare(_app(game, players, **options), terminal_size=size,
                        run_before=first_card_selected)


def test_hanabi_clue_bar(snap_compare: Any) -> None:
    # The issue's bar: Player 2's ten clues, each on its colour letter or rank, the three that
    # touch no card last and marked.
    async def select_player_2(pilot: Any) -> None:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        await screen.select("player-1")
        await pilot.pause()

    assert snap_compare(_app("hanabi", 3, seed=5), terminal_size=(80, 24),
                        run_before=select_player_2)


def test_new_game_screen(snap_compare: Any) -> None:
    assert snap_compare(CardgamesApp(game="ikebana"), terminal_size=(80, 24))


def test_koikoi_round_summary(snap_compare: Any) -> None:
    async def to_the_summary(pilot: Any) -> None:
        for _ in range(200):
            await settle(pilot)
            if isinstance(pilot.app.screen, SummaryScreen):
                return
            screen = pilot.app.screen
            assert isinstance(screen, TableScreen)
            await screen.perform(screen.session.state.legal_actions()[0])
        raise AssertionError("no round ended")

    assert snap_compare(_app("koikoi", 2, **KOIKOI_DEALS), terminal_size=(80, 24),
                        run_before=to_the_summary)


@pytest.mark.parametrize(("game", "players", "options"), [
    ("koikoi", 2, {"rounds": 2, **KOIKOI_DEALS}), ("ikebana", 4, {"rounds": 2}), ("hanabi", 3, {}),
], ids=["koikoi", "ikebana", "hanabi"])
def test_final_screen(snap_compare: Any, game: str, players: int, options: dict[str, Any]) -> None:
    async def to_the_end(pilot: Any) -> None:
        final = await play_to_the_end(pilot, mouse=False)
        assert isinstance(final, FinalScreen)

    assert snap_compare(_app(game, players, **options), terminal_size=(80, 24),
                        run_before=to_the_end)


def test_hint_screen(snap_compare: Any) -> None:
    # Koi-Koi's reasons are the longest: the dialog must still fit 80×24.
    async def ask_for_a_hint(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(pilot.app.screen, HintScreen)
        # It fits: the whole reason shows without scrolling.
        assert pilot.app.screen.query_one("#dialog-body").max_scroll_y == 0

    assert snap_compare(_app("koikoi", 2, **KOIKOI_DEALS), terminal_size=(80, 24),
                        run_before=ask_for_a_hint)


def test_note_screen(snap_compare: Any) -> None:
    async def write_a_note(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("enter")  # select your slot 1
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(pilot.app.screen, NoteScreen)
        await pilot.press(*"chop, keep")
        await pilot.pause()

    assert snap_compare(_app("hanabi", 3), terminal_size=(80, 24), run_before=write_a_note)


def test_pass_screen(snap_compare: Any) -> None:
    async def pass_the_screen(pilot: Any) -> None:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, TableScreen)
        await screen.perform(screen.session.state.legal_actions()[0])
        await settle(pilot)
        assert isinstance(pilot.app.screen, PassScreen)

    session, _ = new_session(cardgames.get_game("hanabi"), players=3, humans=3, seed=7,
                             save=False)
    assert snap_compare(CardgamesApp(session, speed="instant"), terminal_size=(80, 24),
                        run_before=pass_the_screen)


def test_ikebana_in_progress(snap_compare: Any) -> None:
    # The README's Ikebana screenshot: bouquets growing, discards to buy, prestige paid.
    async def play_on(pilot: Any) -> None:
        for _ in range(20):  # until your bouquet has four flowers
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, TableScreen)
            view = screen.session.state.view(0)
            if len(view.bouquets[0]) == 4 and view.pending is None:
                break
            await screen.perform(hinted(screen, screen.session.state.legal_actions()))
        assert len(view.bouquets[0]) == 4
        assert any(view.discard_tops)

    assert snap_compare(_app("ikebana", 4), terminal_size=(120, 40), run_before=play_on)


def test_the_readme_shows_snapshots_that_exist() -> None:
    root = Path(__file__).parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    shots = re.findall(r"!\[[^\]]*\]\((tests/app/__snapshots__/[^)]+\.svg)\)", readme)
    assert len(shots) == 3, "one screenshot per game"
    for shot in shots:
        assert (root / unquote(shot)).is_file(), shot
