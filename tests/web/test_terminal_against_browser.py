"""The terminal app and the web table at one server table (issue 25): the Textual app, joined to
a real server with ``cardgames join``'s session, plays a whole Hanabi game against a seat played
in Chromium by the web table."""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import textual._wait  # the app extra (dev has it)

from cardgames.app.app import CardgamesApp
from cardgames.app.online import OnlineTable, SeatBook, join_table
from cardgames.app.screens import FinalScreen, TableScreen
from server.kit import TIMEOUT, Running
from server.test_join import act_by_keys
from web.test_web_table import my_turn, take_seat

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="the web tests need playwright (the dev extra)")


class BrowserSeat:
    """Seat 1 of a table, played in its own thread by a Chromium page (Playwright's sync API
    must not run inside the app's asyncio loop): it selects its first card and plays it."""

    def __init__(self, server: Running, table: str) -> None:
        self.server, self.table = server, table
        self.seated = threading.Event()
        self.moves = 0
        self.final_text = ""
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            with playwright_api.sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium,
                                                     args=["--no-sandbox"])
                page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                page.set_default_timeout(TIMEOUT * 1000)
                take_seat(page, self.server, self.table, "Ann")
                self.seated.set()
                # Until the game ends, however slowly a busy machine plays it: what fails
                # is the other seat not moving for as long as a seat may think.
                stalled_after = time.monotonic() + TIMEOUT * 6
                while not page.locator("#final").count():
                    assert time.monotonic() < stalled_after, (
                        f"the terminal made no move for {TIMEOUT * 6:.0f} s after the "
                        f"browser's move {self.moves}")
                    if my_turn(page):
                        page.keyboard.press("1")
                        page.locator("#card-details").wait_for()
                        page.keyboard.press("p")
                        self.moves += 1
                        page.locator(".hand.own.to-move").wait_for(state="detached")
                        stalled_after = time.monotonic() + TIMEOUT * 6
                    page.wait_for_timeout(50)
                self.final_text = page.locator("#final").inner_text()
                browser.close()
        except BaseException as error:  # reported by the test, in its own thread
            self.error = error
            self.seated.set()


@pytest.fixture(autouse=True)
def _quick_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot judges the app idle every 2 ms (as the app tests do: whole games, quicker)."""
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.002 / 20)


def test_the_terminal_app_plays_a_whole_game_against_a_browser_seat(
    server: Running, tmp_path: Path
) -> None:
    if shutil.which("chromium") is None and shutil.which("chromium-browser") is None:
        pytest.skip("no chromium on PATH: the web tests drive the system's Chromium "
                    "(apt-get install chromium)")
    table = server.create("hanabi", [None, None], seed=3)
    browser = BrowserSeat(server, table)
    browser.thread.start()
    assert browser.seated.wait(TIMEOUT * 3)
    assert browser.error is None, browser.error
    book = SeatBook(tmp_path / "seats.json")
    base, ticket, info, _said = join_table(
        f"{server.http}/#/table/{table}", table=None, seat=None, name="Tom", password=None,
        token=None, book=book)
    assert info["status"] == "playing"  # the terminal filled the last seat: the game began
    session = OnlineTable(base, ticket, "hanabi", records=tmp_path / "records")

    async def our_turn_or_the_end(pilot: Any) -> Any:
        """The final screen, or the table at our turn; the browser may think slowly on a
        loaded machine, so this waits for it as long as the seat's own timeout."""
        app = pilot.app
        for _ in range(int(TIMEOUT * 3 / 0.02)):
            screen = app.screen
            if isinstance(screen, FinalScreen) or (
                    isinstance(screen, TableScreen) and not screen.busy and not screen.acting
                    and screen.session.legal(screen.viewer)):
                return screen
            await pilot.pause(0.02)
        raise AssertionError(f"neither our turn nor the end: the browser made {browser.moves} "
                             f"moves, its error: {browser.error!r}")

    async def play() -> Any:
        async with CardgamesApp(session).run_test(size=(120, 40)) as pilot:
            for _ in range(200):
                screen = await our_turn_or_the_end(pilot)
                if isinstance(screen, FinalScreen):
                    return screen
                await act_by_keys(pilot, screen, screen.session.legal(screen.viewer)[0])
            raise AssertionError("the game did not end in 200 of our turns")

    # No cap on the whole game (a busy machine may make it slow): every wait inside is for
    # one turn, as long as a seat may think.
    final = asyncio.run(play())
    browser.thread.join(TIMEOUT * 3)
    assert browser.error is None, browser.error
    assert browser.moves > 0
    assert "Game over" in browser.final_text
    # Both ends saw the same game end: the terminal's final state is the server's record.
    score = final.session.final_state().scores()[0]
    moves = len(final.session.final_state().moves())
    assert f"Game over: {score} of 25" in browser.final_text
    assert f"{moves} moves" in browser.final_text
