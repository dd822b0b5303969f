"""The Koi-Koi and Ikebana web tables in a real browser against a real server: two pages as
different seats play a whole game by clicking what the table draws, or by its keys (Ikebana
with a bot in the third seat), while a spectator page is searched for every card it may not
see.

Screenshots of each game at phone and desktop sizes are taken on the way; with
``CARDGAMES_DOCS_IMAGES=1`` they are kept in docs/images/ (the docs' pictures).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import cardgames
from cardgames.core.game import State
from cardgames.core.record import Record
from server.kit import TIMEOUT, Running
from view_leaks import hidden_cards, leaks
from web.conftest import DOCS_IMAGES

PHONE = (390, 844)
DESKTOP = (1280, 800)
WAIT_MS = int(TIMEOUT * 1000)


def open_page(new_page: Callable[..., Any], site: Running, table: str, size: tuple[int, int],
              seat: tuple[int, str] | None = None) -> Any:
    """A page at `table` (the fixture's pages fail the test on any script error): as a seat
    (its number and token, kept where the table page keeps them) or, without `seat`, as a
    spectator."""
    page = new_page(*size)
    if seat is not None:
        page.context.add_init_script(
            f"localStorage.setItem('cardgames.seat.{table}', "
            f"JSON.stringify({{seat: {seat[0]}, token: '{seat[1]}'}}));")
    page.goto(f"{site.http}/#/table/{table}")
    return page


def screenshot(page: Any, name: str, tmp_path: Path) -> None:
    """A picture of the whole page from its top; ``CARDGAMES_DOCS_IMAGES=1`` keeps it as
    one of the docs' pictures."""
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("CARDGAMES_DOCS_IMAGES") == "1":
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS_IMAGES / f"{name}.png")


READ_PAGE = """(board) => ({
  move: Number(board.dataset.move),
  text: document.body.innerText,
  cards: [...document.querySelectorAll('[data-card]')].map((node) => node.dataset.card),
})"""


def board(page: Any, game: str) -> Any:
    return page.locator(".kk-table" if game == "koikoi" else ".ib-table")


def wait_for_move(page: Any, game: str, move: int) -> None:
    """Until `page` draws the position after `move` moves (or a later one)."""
    selector = ".kk-table" if game == "koikoi" else ".ib-table"
    page.wait_for_function(
        f"(m) => Number(document.querySelector('{selector}')?.dataset.move) >= m", arg=move,
        timeout=WAIT_MS)


def play(game: str, site: Running, table: str, pages: list[Any], spectator: Any,
         act: Callable[[Any], bool], on_move: Callable[[int], None]) -> list[dict[str, Any]]:
    """Click through the game until it is over: each round, whichever seat page draws an
    action acts (`act`). Returns what the spectator page showed at each position."""
    shown: list[dict[str, Any]] = []
    # A busy machine may make the whole game slow: what fails is a game that stops moving.
    last_move, stalled_after = -1, 0.0
    while True:
        info = site.info(table)
        move = info["moves"]
        if move != last_move:
            last_move, stalled_after = move, time.monotonic() + TIMEOUT
        assert time.monotonic() < stalled_after, f"the game made no move after move {move}"
        for page in [*pages, spectator]:
            wait_for_move(page, game, move)
        shown.append(board(spectator, game).evaluate(READ_PAGE))
        if info["status"] == "over":
            return shown
        on_move(move)
        acted = False
        for page in pages:
            before = board(page, game).evaluate("(b) => Number(b.dataset.move)")
            if act(page):
                wait_for_move(page, game, before + 1)
                acted = True
                break
        if not acted:  # the bot's turn: its move comes by itself
            time.sleep(0.02)


def check_spectator(game: str, record: dict[str, Any], shown: list[dict[str, Any]]) -> None:
    """No position the spectator page drew names a card hidden from a spectator then."""
    full = Record.from_dict(record)
    state: State[Any] = cardgames.replay(attrs.evolve(full, actions=(), meta={}))
    states = [state.clone()]
    for action in full.actions:
        state.apply_text(action)
        states.append(state.clone())
    hidden_seen = 0
    for page in shown:
        hidden = hidden_cards(states[page["move"]], None, hands_shown=True)
        hidden_seen += len(hidden)
        found = leaks(game, {"text": page["text"], "cards": page["cards"]}, hidden)
        assert not found, f"the spectator saw {found[:3]} at move {page['move']}"
    assert hidden_seen > 0  # the search had cards to look for


def final_record(site: Running, table: str) -> dict[str, Any]:
    watcher = site.client()
    try:
        watcher.send({"type": "spectate", "table": table, "password": None})
        over: dict[str, Any] = watcher.until("game_over")
        return dict(over["record"])
    finally:
        watcher.close()


# ---------------------------------------------------------------------- Koi-Koi
CLICKED: dict[str, int] = {}
"""How often Ann acted each way (a lit field card is clicked wherever one is offered)."""


def koikoi_act(page: Any) -> bool:
    """One action by clicking, if the page's seat is to act: stop when asked (to end the
    round), a lit field card when the turned-over card has a choice, else a hand card and
    then what it captures: the lit field card when it has a choice, or the play button."""
    stop = page.locator(".kk-action.stop")
    if stop.count():
        stop.click()
        CLICKED["stop"] = CLICKED.get("stop", 0) + 1
        return True
    lit = page.locator(".kk-field .kk-tile-button.capturable")
    if page.locator(".kk-action.capture").count():
        lit.first.click()
        CLICKED["capture"] = CLICKED.get("capture", 0) + 1
        return True
    hand = page.locator(".kk-hand.mine .kk-tile-button.playable")
    if not hand.count():
        return False
    if not page.locator(".kk-tile-button.selected").count():
        hand.first.click()
    play_button = page.locator(".kk-action.play").first
    play_button.wait_for(timeout=WAIT_MS)
    card = page.locator(".kk-tile-button.selected").get_attribute("data-card")
    assert card is not None
    assert str(play_button.get_attribute("data-action")).startswith(f"play {card}")
    if page.locator(".kk-action.play").count() > 1:  # a choice: click the field card
        target = lit.first.get_attribute("data-card")
        lit.first.click()
        CLICKED[f"play {card} capture {target}"] = 1
    else:
        play_button.click()
    CLICKED["play"] = CLICKED.get("play", 0) + 1
    return True


def koikoi_keys(page: Any) -> bool:
    """:func:`koikoi_act` by the keyboard alone: the keys the table shows on its buttons
    (a hand card's number, then ``p`` to play it; ``s`` to stop, ``a`` for a capture)."""
    if page.locator(".kk-action.stop").count():
        page.keyboard.press("s")
        return True
    if page.locator(".kk-action.capture").count():
        page.keyboard.press("a")
        return True
    hand = page.locator(".kk-hand.mine .kk-tile-button.playable")
    if not hand.count():
        return False
    if not page.locator(".kk-tile-button.selected").count():
        page.keyboard.press(str(hand.first.get_attribute("data-key")))
    page.locator(".kk-action.play").first.wait_for(timeout=WAIT_MS)
    page.keyboard.press("p")
    return True


def test_two_pages_play_a_whole_koikoi_match_and_a_spectator_sees_no_hidden_card(
        server: Running, new_page: Callable[..., Any], tmp_path: Path) -> None:
    site = server
    table = site.create("koikoi", [None, None], options={"rounds": "1"}, seed=148,
                        autostart=True, hints=True)
    seats = [site.sit(table, name) for name in ("Ann", "Ben")]
    desk = open_page(new_page, site, table, DESKTOP, seats[0])
    phone = open_page(new_page, site, table, PHONE, seats[1])
    spectator = open_page(new_page, site, table, DESKTOP)
    pictures: set[str] = set()

    def on_move(move: int) -> None:
        if move == 0:  # the first to play asks for a hint: the card it would play is marked
            first = desk if desk.locator(".kk-tile-button.playable").count() else phone
            first.keyboard.press("h")
            first.locator(".kk-hand.mine .kk-tile-button.hinted").wait_for(timeout=WAIT_MS)
        for page, name in ((desk, "web-koikoi-desktop"), (phone, "web-koikoi-phone")):
            # Each seat's picture at its turn: a card that captures selected, its capture lit.
            playable = page.locator(".kk-hand.mine .kk-tile-button.playable")
            if move >= 7 and name not in pictures and playable.count():
                pictures.add(name)
                for index in range(playable.count()):
                    playable.nth(index).click()
                    page.locator(".kk-action.play").first.wait_for(timeout=WAIT_MS)
                    if page.locator(".kk-field .capturable").count():
                        break
                screenshot(page, name, tmp_path)

    def act(page: Any) -> bool:  # Ann clicks, Ben uses the keyboard
        return koikoi_act(page) if page is desk else koikoi_keys(page)

    shown = play("koikoi", site, table, [desk, phone], spectator, act, on_move)
    for page in (desk, phone, spectator):
        page.locator("#final .kk-summary").wait_for(timeout=WAIT_MS)
    assert "Match over" in desk.locator("#final .kk-summary").inner_text()
    screenshot(phone, "web-koikoi-phone-over", tmp_path)
    record = final_record(site, table)
    assert cardgames.replay(Record.from_dict(record)).is_over
    check_spectator("koikoi", record, shown)
    # The deal (seed 148) puts both choices to Ann: she chose by clicking the lit field card.
    assert pictures == {"web-koikoi-desktop", "web-koikoi-phone"}
    assert CLICKED["capture"] >= 1
    assert any(way.startswith("play ") for way in CLICKED)


# ---------------------------------------------------------------------- Ikebana
def ikebana_act(page: Any) -> bool:
    """One action by clicking, if the page's seat is to act: keep a drawn card, else buy a
    discard top now and then (clicking the card on its pile), else draw."""
    keep = page.locator(".ib-action.keep")
    if keep.count():
        refuse = page.locator(".ib-action.refuse")
        move = board(page, "ikebana").evaluate("(b) => Number(b.dataset.move)")
        (refuse if refuse.count() and move % 5 == 0 else keep).click()
        return True
    buy = page.locator(".ib-discard .ib-buy")
    if buy.count():
        buy.first.click()
        return True
    draw = page.locator(".ib-action.draw")
    if draw.count():
        draw.click()
        return True
    return False


def test_two_pages_and_a_bot_play_a_whole_ikebana_game_and_a_spectator_sees_no_hidden_card(
        server: Running, new_page: Callable[..., Any], tmp_path: Path) -> None:
    site = server
    table = site.create("ikebana", [None, None, "easy"], options={"rounds": "1"}, seed=5,
                        autostart=True)
    seats = [site.sit(table, name) for name in ("Ann", "Ben")]
    desk = open_page(new_page, site, table, DESKTOP, seats[0])
    phone = open_page(new_page, site, table, PHONE, seats[1])
    spectator = open_page(new_page, site, table, PHONE)
    pictures: set[str] = set()

    def on_move(move: int) -> None:
        # Each seat's picture on its turn (the bot's seed is the server's secret, so the game
        # differs from run to run: a rarer moment, such as a drawn card to keep, is not sure
        # to come while the page is looked at).
        for page, name, shows in ((desk, "web-ikebana-desktop", ".ib-action"),
                                  (phone, "web-ikebana-phone", ".ib-action")):
            if move >= 10 and name not in pictures and page.locator(shows).count():
                pictures.add(name)
                screenshot(page, name, tmp_path)

    shown = play("ikebana", site, table, [desk, phone], spectator, ikebana_act, on_move)
    for page in (desk, phone, spectator):
        page.locator("#final .ib-summary").wait_for(timeout=WAIT_MS)
    assert "Game over" in desk.locator("#final .ib-summary").inner_text()
    # The winner said plainly, and each round's prestige change explained.
    names = "|".join(re.escape(seat["name"]) for seat in site.info(table)["seats"])
    assert re.search(rf"\b({names}) wins with \d+ prestige|share the victory",
                     desk.locator("#final .ib-winner").inner_text())
    assert "for the bouquet" in desk.locator("#final .ib-how").first.inner_text()
    screenshot(desk, "web-ikebana-desktop-over", tmp_path)
    assert pictures == {"web-ikebana-desktop", "web-ikebana-phone"}
    record = final_record(site, table)
    assert cardgames.replay(Record.from_dict(record)).is_over
    check_spectator("ikebana", record, shown)
