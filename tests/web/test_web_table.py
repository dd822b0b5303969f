"""The web table in a real browser against a real server: people at one Hanabi table with a
bot play a whole game (by keyboard and by mouse, with a hint, a note and chat), a page
reloads mid-game and keeps its seat,
a spectator's page and the seats' pages never show a card hidden from them, the finished game
replays move by move, and the lobby creates a private table. Screenshots at phone and desktop
sizes are taken on the way (``CARDGAMES_DOCS_IMAGES=1`` keeps them as the docs' pictures)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import attrs

import cardgames
from cardgames.core.record import Record
from cardgames.server.tables import bot_names
from server.kit import Running
from view_leaks import hidden_cards
from web.conftest import DOCS_IMAGES

PHONE = (390, 844)
DESKTOP = (1280, 800)
SNAPSHOT = """() => ({
  move: Number(document.querySelector('#board')?.dataset.move ?? -1),
  slots: Object.fromEntries([...document.querySelectorAll('#board [data-order]')].map(
    (e) => [e.dataset.order,
            {html: e.outerHTML, known: e.querySelector('.known')?.textContent ?? ''}])),
})"""


def screenshot(page: Any, name: str, tmp_path: Path) -> None:
    """A full-page picture; nothing may stick out sideways (a phone would cut it off)."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the page is {overflow} px wider than the screen"
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if os.environ.get("CARDGAMES_DOCS_IMAGES") == "1":
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, DOCS_IMAGES / f"{name}.png")


def answer_dialog(page: Any, **fields: str) -> None:
    dialog = page.locator("#dialog")
    dialog.wait_for(state="visible")
    for name, value in fields.items():
        dialog.locator(f"[name={name}]").fill(value)
    dialog.locator("button[value=ok]").click()


def take_seat(page: Any, server: Running, table: str, name: str) -> None:
    page.goto(f"{server.http}/#/table/{table}")
    page.locator("button", has_text="Take this seat").first.click()
    answer_dialog(page, name=name)
    page.locator("#seats li", has_text="(you)").or_(page.locator(".hand.own")).first.wait_for()


def my_turn(page: Any) -> bool:
    return bool(page.locator(".hand.own.to-move").count()) and not page.locator("#final").count()


def leaked(snapshot: dict[str, Any], hidden: frozenset[Any]) -> list[str]:
    """The hidden cards a page's table shows: a face drawn for one, or its name where the
    clues (public) do not pin it down."""
    found = []
    for card in hidden:
        slot = snapshot["slots"].get(str(card.order))
        if slot is None:
            continue
        if "hcard face" in slot["html"]:
            found.append(f"{card.card} (order {card.order}) drawn face up")
        elif re.search(rf"\b{card.card}\b", slot["html"]) and slot["known"] != card.card:
            found.append(f"{card.card} (order {card.order}) named")
    return found


def test_two_seats_and_a_bot_play_a_whole_game(
    server: Running, new_page: Any, tmp_path: Path
) -> None:
    table = server.create("hanabi", [None, None, "easy"], autostart=True, hints=True,
                          name="Friday", seed=11)  # one deal: the same pictures each time
    ann, bob = new_page(*DESKTOP), new_page(*PHONE)
    watcher = new_page(*DESKTOP)
    # What Bob's and the watcher's pages send and receive (protocol version 2: patches).
    frames: dict[str, list[str]] = {"sent": [], "received": []}

    def watch_frames(socket: Any) -> None:
        socket.on("framesent", lambda payload: frames["sent"].append(str(payload)))
        socket.on("framereceived", lambda payload: frames["received"].append(str(payload)))

    for page in (bob, watcher):
        page.on("websocket", watch_frames)
    take_seat(ann, server, table, "Ann")
    take_seat(bob, server, table, "Bob")
    watcher.goto(f"{server.http}/#/table/{table}?watch")
    for page in (ann, bob, watcher):
        page.locator(".hanabi").wait_for()
    seen: list[tuple[int | None, dict[str, Any]]] = []  # (seat, snapshot) along the game
    hinted = reloaded = False
    pictured: set[str] = set()
    for _turn in range(200):
        if watcher.locator("#final").count():
            break
        seen.append((None, watcher.evaluate(SNAPSHOT)))
        for seat, page in ((0, ann), (1, bob)):
            if not my_turn(page):
                continue
            seen.append((seat, page.evaluate(SNAPSHOT)))
            before = page.evaluate(SNAPSHOT)["move"]
            if seat == 0 and not hinted:
                # A note on a card (kept by the server for the seat), a chat line to all.
                page.keyboard.press("2")
                page.keyboard.press("n")
                answer_dialog(page, text="keep: a five?")
                page.locator(".hand.own .slot[data-slot='2'] .noted").wait_for()
                page.keyboard.press("Escape")
                page.keyboard.press("/")
                page.keyboard.type("good luck")
                page.keyboard.press("Enter")
                page.keyboard.press("Escape")  # out of the chat box: keys act again
                for other in (bob, watcher):
                    other.locator("#chat-lines", has_text="Ann: good luck").wait_for()
                # The hint, with its reason, then done as the hint says.
                page.keyboard.press("h")
                page.locator("#hint-text").wait_for()
                assert re.search(r"Hint: \S.* — \S", page.locator("#hint-text").inner_text())
                if "web-hanabi-desktop" not in pictured:
                    screenshot(page, "web-hanabi-desktop", tmp_path)
                    pictured.add("web-hanabi-desktop")
                page.locator("#hint-text button", has_text="Do it").click()
                hinted = True
            elif seat == 0:  # by keyboard: select slot 1, play it
                page.keyboard.press("1")
                page.locator("#card-details").wait_for()
                page.keyboard.press("p")
            else:  # by touch and mouse: tap the card, then Play
                page.locator(".hand.own .slot").first.click()
                if "web-hanabi-phone" not in pictured:
                    screenshot(page, "web-hanabi-phone", tmp_path)
                    pictured.add("web-hanabi-phone")
                page.locator("#card-details button", has_text="Play #1").click()
            page.locator("#board").and_(page.locator(f":not([data-move='{before}'])")).wait_for()
            if seat == 1 and not reloaded:
                # Mid-game: the page reloads and gets its seat back (its token is kept).
                page.reload()
                page.locator(".hand.own").wait_for()
                assert page.locator(".hand.own h3").inner_text().startswith("Bob")
                page.locator("#chat-lines", has_text="Ann: good luck").wait_for()
                reloaded = True
        watcher.wait_for_timeout(150)
    else:
        raise AssertionError("the game did not end in 200 turns")
    assert hinted
    assert reloaded
    for page in (ann, bob, watcher):
        page.locator("#final", has_text="Game over").wait_for()
    assert watcher.locator("#log li").count() == int(watcher.evaluate(SNAPSHOT)["move"])
    # The pages spoke version 2 and drew the table from patches: every one fitted (none
    # had to ask for a whole view again).
    assert any('"version": 2' in text or '"version":2' in text for text in frames["sent"])
    assert sum('"view_patch"' in text for text in frames["received"]) > 5
    assert not any('"ask_view"' in text for text in frames["sent"])

    # Nobody's page showed a card hidden from it, at any move seen.
    spectator = server.client()
    spectator.spectate(table)
    record = Record.from_dict(spectator.until("game_over")["record"])
    spectator.close()
    hanabi = cardgames.get_game("hanabi")
    states: dict[int, Any] = {}
    for seat, snapshot in seen:
        move = snapshot["move"]
        if move not in states:
            states[move] = hanabi.replay(attrs.evolve(record, actions=record.actions[:move]))
        found = leaked(snapshot, hidden_cards(states[move], seat, hands_shown=seat is None))
        assert not found, f"seat {seat} at move {move} saw {found}"

    # Once the game is over each bot move in the log says why it was made ("why?"), and a
    # person's move says nothing (the reasons are sent only then: mid-game one could name a
    # card its reader may not see).
    bot_moves = [number for number, move in enumerate(hanabi.replay(record).public_moves())
                 if move.seat == 2]
    assert bot_moves
    for page in (ann, watcher):
        page.locator("#log li details.why").first.wait_for(state="attached")
        explained = [int(str(item.get_attribute("data-move"))) - 1
                     for item in page.locator("#log li:has(details.why)").all()]
        assert explained == bot_moves

    # The end is a board on top of the table: the score said plainly, the record to save;
    # the player closes it. Ann's own hand is shown face up now that nothing is secret.
    board = ann.locator("#board-dialog[open]")
    board.wait_for()
    assert re.search(r"scored \d+ of 25 together", board.inner_text())
    assert re.search(r"\b(1 fuse|[02-9] fuses) lost", board.inner_text())  # no "fuse(s)"
    assert board.locator("button.save-record").count() == 1
    ann.locator("#board-close").click()
    # Opening a "why?" shows the bot's words and does not start the replay.
    ann.locator("#log li details.why summary").first.click()
    reason = ann.locator("#log li details.why[open] span").first
    reason.wait_for()
    assert reason.inner_text().strip()
    assert ann.locator("#log li.current").count() == 0
    own = ann.locator(".hand.own .slot")
    ann.locator(".hand.own .slot.revealed .hcard.face").first.wait_for()
    assert ann.locator(".hand.own .slot.revealed .hcard.face").count() == own.count()

    # The finished game replays move by move (keys and buttons), the move shown lit in the
    # log, Ann's own cards face up at every position.
    end = int(ann.evaluate(SNAPSHOT)["move"])
    ann.locator("#replay").click()
    ann.locator("#replaybar", has_text=f"move 0 / {end}").wait_for()
    ann.keyboard.press("ArrowRight")
    ann.locator("#replaybar", has_text=f"move 1 / {end}").wait_for()
    ann.locator("#log li.current").wait_for()
    assert ann.locator("#log li.current").get_attribute("data-move") == "1"
    ann.locator(".hand.own .slot.revealed .hcard.face").first.wait_for()
    assert ann.locator(".hand.own .slot.revealed .hcard.face").count() == own.count()
    ann.keyboard.press("ArrowRight")
    ann.locator("#log li.current[data-move='2']").wait_for()
    ann.keyboard.press("End")
    ann.locator("#replaybar", has_text=f"move {end} / {end}").wait_for()
    screenshot(ann, "web-hanabi-over", tmp_path)


def test_the_lobby_creates_a_password_table(
    server: Running, new_page: Any, tmp_path: Path
) -> None:
    for name, size in (("web-lobby-desktop", DESKTOP), ("web-lobby-phone", PHONE)):
        page = new_page(*size)
        page.goto(server.http + "/")
        page.locator("#create-form").wait_for()
        page.locator("details summary").click()  # every option of the game
        assert page.locator("#create-form [name^='o.']").count() >= 20
        screenshot(page, name, tmp_path)
    page.select_option("select[name=game]", "hanabi")
    page.fill("input[name=players]", "2")
    page.dispatch_event("input[name=players]", "change")
    page.select_option("select[name=seat1]", "easy")
    page.select_option("select[name=preset]", "rainbow")
    page.fill("input[name=me]", "Ann")
    page.fill("input[name=password]", "sesame")
    page.fill("input[name=name]", "Private game")
    page.click("#create")
    page.locator(".hand.own").wait_for()
    table = page.evaluate("location.hash").split("/")[-1]
    info = server.info(table)
    assert info["private"]
    assert info["options"] == {"variant": "rainbow"}
    assert [(seat["name"], seat["bot"]) for seat in info["seats"]] == [
        ("Ann", None), (bot_names([None, "easy"], table)[1], "easy")]
    assert table not in {listed["table"] for listed in server.ok("GET", "/api/tables")["tables"]}
    # Another person with the link needs the password to watch.
    other = new_page(*PHONE)
    other.goto(f"{server.http}/#/table/{table}?watch")
    other.locator("#dialog h2", has_text="password is needed").wait_for()
    answer_dialog(other, password="wrong")
    other.locator("#dialog h2", has_text="wrong").wait_for()  # asked again, saying why
    answer_dialog(other, password="sesame")
    other.locator(".hanabi").wait_for()
    assert "(you)" not in other.locator(".hands").inner_text()
