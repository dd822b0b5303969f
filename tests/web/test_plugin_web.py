"""A plug-in game at the web table, through its GameInfo alone: the tiny test game
(tests/tinygame) is offered by the lobby with what its own module says of its form, and is
played to its end in a browser with the module its ``web_assets`` folder holds; registered
without a web folder, the shell draws it generically and it is played all the same."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardgames
from cardgames.core.registry import Registry
from cardgames.server.catalogue import game_catalogue
from server.kit import Running
from tinygame import make_info
from web.test_koikoi_ikebana import DESKTOP, WAIT_MS, open_page


def register_tiny(monkeypatch: pytest.MonkeyPatch, **changes: Any) -> None:
    """The tiny game registered beside the built-in ones (the lobby's catalogue read again)."""
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info(**changes))
    monkeypatch.setattr(cardgames, "registry", registry)
    game_catalogue.cache_clear()


@pytest.fixture(autouse=True)
def _catalogue_read_again() -> Iterator[None]:
    yield
    game_catalogue.cache_clear()  # the next tests' catalogue has the built-in games alone


def play_to_the_end(page: Any, buttons: str) -> list[str]:
    """Click the first of the `buttons` (a selector) whenever the seat may act, until the game
    is over; the moves' notations, in order."""
    played: list[str] = []
    for _ in range(20):
        page.wait_for_function(
            f"() => document.querySelector('#final') || document.querySelector({buttons!r})",
            timeout=WAIT_MS)
        if page.locator("#final").count():
            return played
        move = page.locator("#board").get_attribute("data-move")
        button = page.locator(buttons).first
        played.append(button.get_attribute("title") or button.inner_text())
        button.click()
        page.wait_for_function(
            f"() => document.querySelector('#board')?.dataset.move !== {move!r}",
            timeout=WAIT_MS)
    raise AssertionError(f"the game did not end: {played}")


def test_the_lobby_offers_the_plugin_game_as_its_module_says(
        server: Running, new_page: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    register_tiny(monkeypatch)
    page = new_page(*DESKTOP)
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    page.select_option("select[name=game]", "tiny")
    # Its module's `lobby`: hands of three first, with its line of help.
    assert page.locator("select[name=preset]").input_value() == "three"
    assert page.locator(".preset-help").inner_text() == "Each hand holds three cards."
    page.fill("input[name=me]", "Ann")
    page.click("#create")
    page.locator(".tiny-hand").wait_for(timeout=WAIT_MS)
    table = page.evaluate("location.hash").split("/")[-1]
    assert server.info(table)["options"]["preset"] == "three"


def test_the_plugin_game_is_played_to_its_end_with_its_own_web_module(
        server: Running, new_page: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    register_tiny(monkeypatch)
    table = server.create("tiny", [None, "high"], seed=3, autostart=True)
    seat = server.sit(table, "Ann")
    page = open_page(new_page, server, table, DESKTOP, seat)
    page.locator(".tiny-hand").wait_for(timeout=WAIT_MS)
    # Its stylesheet is linked from its own folder, beside its module.
    assert page.locator("link[data-game=tiny]").get_attribute("href") == "games/tiny/tiny.css"
    played = play_to_the_end(page, ".tiny-hand button")
    assert played
    assert all(move.startswith("play ") for move in played)
    page.locator("#final", has_text="Game over").wait_for(timeout=WAIT_MS)
    assert server.info(table)["status"] == "over"
    assert page.locator(".tiny-row").count() == 2  # each seat's row, drawn by tiny.js


def test_a_game_without_a_web_folder_is_drawn_generically_and_played(
        server: Running, new_page: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    register_tiny(monkeypatch, web_assets=None)
    table = server.create("tiny", [None, "high"], seed=4, autostart=True)
    seat = server.sit(table, "Ann")
    page = open_page(new_page, server, table, DESKTOP, seat)
    page.locator(".generic-view").wait_for(timeout=WAIT_MS)
    # The view's fields as the server sends them: the seat's hand among them.
    assert "hand" in page.locator(".generic-view dt").all_inner_texts()
    assert not page.locator("link[data-game=tiny]").count()
    played = play_to_the_end(page, ".generic-moves button")
    assert played
    assert all(move.startswith("play ") for move in played)
    page.locator("#final", has_text="Game over").wait_for(timeout=WAIT_MS)
    assert server.info(table)["status"] == "over"
