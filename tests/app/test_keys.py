"""The table's keys: speed, Escape, the help screen and the command palette (issue 22,
points 6 and 7)."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.command import CommandPalette
from textual.widgets import Input, Select

import cardgames
from cardgames.app.app import CardgamesApp
from cardgames.app.games import adapter_for
from cardgames.app.games.koikoi import TILE_TEXT_WIDTH, tile_face
from cardgames.app.screens import SPEEDS, HelpScreen, NewGameScreen, TableScreen
from cardgames.app.session import LocalTable, new_session
from cardgames.app.widgets import CardTile
from cardgames.koikoi import CARDS, RibbonKind, yaku_progress

from .conftest import focus_card, settle, wait_until


def _session(game: str, tmp_path: Path, **kwargs: Any) -> LocalTable[Any]:
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


def test_left_and_right_move_between_cards(tmp_path: Path, run_app: Any) -> None:
    # On a card inside the scrolling table, ← and → once scrolled the table instead.
    session = _session("hanabi", tmp_path, players=3, seed=5)

    async def run() -> None:
        async with run_app(session, (80, 24)) as pilot:
            await settle(pilot)
            await focus_card(pilot, "card-1-2")
            await pilot.press("right")
            await wait_until(pilot, lambda: getattr(pilot.app.focused, "key", None) == "card-1-3",
                             "→ moves to the next card")
            await pilot.press("left", "left")
            await wait_until(pilot, lambda: getattr(pilot.app.focused, "key", None) == "card-1-1",
                             "← moves back")

    asyncio.run(run())


@pytest.mark.parametrize(("game", "players", "page"), [
    ("koikoi", 2, "Yaku, and where you stand"),
    ("hanabi", 3, "This game's variant"),
    ("ikebana", 3, "Scoring"),
])
def test_f1_and_question_mark_open_the_help_and_escape_closes_it(
    game: str, players: int, page: str, tmp_path: Path, run_app: Any
) -> None:
    session = _session(game, tmp_path, players=players, seed=5)

    async def run() -> None:
        async with run_app(session, (100, 30)) as pilot:
            await settle(pilot)
            table = pilot.app.screen
            assert isinstance(table, TableScreen)
            for key in ("f1", "question_mark"):
                await pilot.press(key)
                await wait_until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen),
                                 f"{key} opens the help")
                help_screen = pilot.app.screen
                assert isinstance(help_screen, HelpScreen)
                keys = {name: (shown, what) for shown, name, what in help_screen.keys}
                # Every key says what it does, in words beyond its name.
                assert keys["Action"] == (
                    "1-9 a-z", "make the action with that key, shown on its button at the bottom"
                )
                # Textual's own copy key and its plain ctrl+q quit are not listed (issue 32).
                assert "Copy selected text" not in keys, sorted(keys)
                assert "Quit" not in keys, sorted(keys)
                assert not any("super+c" in shown for shown, _ in keys.values())
                for name in ("Hint", "Speed", "Save & quit", "Deselect", "Select"):
                    assert name in keys, sorted(keys)
                    assert keys[name][1]
                    assert keys[name][1] != name
                headings = [heading for heading, _ in help_screen.sections]
                assert headings[0].endswith("in short")
                assert page in headings
                await pilot.press("escape" if key == "f1" else "question_mark")
                await wait_until(pilot, lambda: pilot.app.screen is table, "closed")

    asyncio.run(run())


def test_the_help_shows_the_variant_and_the_yaku_progress(tmp_path: Path) -> None:
    hanabi = _session("hanabi", tmp_path, players=3, seed=5,
                      options={"variant": "rainbow"})
    view = hanabi.state.view(0)
    sections = dict(adapter_for("hanabi").help_sections(view))
    console = Console(width=300, record=True)
    with console.capture() as captured:
        console.print(sections["This game's variant"])
    assert view.variant.describe() in captured.get()

    koikoi = _session("koikoi", tmp_path / "koikoi", seed=11)
    state = koikoi.state
    while len(state.view(0).piles[0]) < 6 and not state.is_over:
        koikoi.apply(koikoi.bot_action() if koikoi.bot_to_move
                     else adapter_for("koikoi").hint(state.view(0), state.legal_actions()).action)
    view = state.view(0)
    progress = yaku_progress(view.piles[0], view.piles[1], view.rules, view.month)
    assert progress, "a pile of six cards has begun some yaku"
    table = dict(adapter_for("koikoi").help_sections(view))["Yaku, and where you stand"]
    console = Console(width=200, record=True)
    with console.capture() as captured:
        console.print(table)
    rows = captured.get().splitlines()
    for begun in progress:
        row = next(line for line in rows if f" {begun.name} (" in line)
        assert f"{begun.have}/{begun.need}" in row, row


def test_the_palettes_keys_command_opens_the_help_and_escape_closes_it(
    tmp_path: Path, run_app: Any
) -> None:
    session = _session("koikoi", tmp_path, seed=5)

    async def run() -> None:
        async with run_app(session, (100, 30)) as pilot:
            await settle(pilot)
            table = pilot.app.screen
            await pilot.press("ctrl+p")
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette),
                             "the palette opens")
            for letter in "keys":
                await pilot.press(letter)
            await pilot.pause(0.3)
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen),
                             "the palette's Keys opens the help")
            keys = {name: what for _, name, what in pilot.app.screen.keys}
            assert keys["Hint"].startswith("what the bundled bot would do")
            await pilot.press("escape")
            await wait_until(pilot, lambda: pilot.app.screen is table, "closed")

    asyncio.run(run())


def test_a_selected_hand_card_shows_what_it_would_take(tmp_path: Path, run_app: Any) -> None:
    session = _session("koikoi", tmp_path, seed=5)

    async def run() -> None:
        async with run_app(session, (120, 40)) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, TableScreen)
            view = session.state.view(0)
            card = next(c for c in view.hand if any(f.month == c.month for f in view.field))
            await focus_card(pilot, f"hand-{card.id}")
            await pilot.press("enter")
            await wait_until(pilot, lambda: screen.selected == f"hand-{card.id}", "selected")
            marked = [widget.id for widget in screen.query(".-capturable")]
            takes = [f for f in view.field if f.month == card.month]
            tiles = [w for w in screen.query(".koikoi-tile") if "-capturable" in w.classes]
            assert len(tiles) == len(takes), marked
            shown = [str(w.render()) for w in tiles]
            for field_card, face in zip(takes, shown, strict=True):
                assert tile_face(field_card).plain == face
            details = str(screen.query_one("#details").render())
            assert card.code in details
            assert "takes" in details
            for field_card in takes:
                assert field_card.code in details
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen.selected is None, "deselected")
            assert not list(screen.query(".-capturable"))

    asyncio.run(run())


def test_koikoi_tiles_name_each_card_as_the_actions_and_log_do() -> None:
    for card in CARDS:
        first, second = tile_face(card).plain.split("\n")
        name = card.code.split("-", 1)[1]  # after the month: what the actions write
        assert second == name or (second.endswith("…") and name.startswith(second[:-1]))
        assert len(second) <= TILE_TEXT_WIDTH
        if card.ribbon is RibbonKind.POETRY:
            assert first.endswith("poem")
        elif card.ribbon is RibbonKind.BLUE:
            assert first.endswith("blue")
    # The example: the tile said "poetry" where the action said "feb-ribbon".
    assert tile_face(next(c for c in CARDS if c.code == "feb-ribbon")).plain == "Feb ▬poem\nribbon"


def test_the_new_game_forms_option_example_is_the_games_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rounds=6 (a Koi-Koi option) was the example for every game; Hanabi refuses it.
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path))

    async def run() -> None:
        app = CardgamesApp(game="hanabi", speed="instant")
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "form")
            # A person starts at hanab.live's No Variant, as the web lobby does.
            assert app.screen.query_one("#preset", Select).value == "no-variant"
            field = app.screen.query_one("#options", Input)
            example = field.placeholder.split("e.g. ", 1)[1]
            assert "rounds" not in example
            field.value = example
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "started")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            key, value = example.split("=")
            assert str(getattr(screen.session.state.variant, key)) == value
            assert not screen.session.state.variant.empty_clues

    asyncio.run(run())
