"""What a Hanafuda or hanab.live player expects to see at the web table (issue 32): cards drawn
as cards, nothing cut at phone width, what happened marked, the winner said, play again."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import cardgames
from cardgames.server.tables import bot_names
from server.kit import Running
from web.conftest import playwright_api
from web.test_koikoi_ikebana import DESKTOP, PHONE, WAIT_MS, koikoi_act, open_page

TILES_DRAWN = """() => [...document.querySelectorAll('.kk-tile[data-card]')].map((tile) => {
  const art = tile.querySelector('img.kk-art');
  const box = tile.getBoundingClientRect();
  return {card: tile.dataset.card, src: art ? art.getAttribute('src') : null,
          loaded: !!art && art.complete && art.naturalWidth > 0,
          left: box.left, right: box.right, width: box.width};
})"""


def _overflowing(page: Any) -> list[str]:
    """The visible elements of the board that reach past the page's right edge."""
    return list(page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('#main *')]
        .filter((n) => n.getClientRects().length && n.getBoundingClientRect().right > width + 0.5)
        .map((n) => n.className || n.tagName);
    }"""))


def test_koikoi_cards_are_pictures_of_their_own_card_and_fit_a_phone(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("koikoi", [None, "easy"], seed=3, autostart=True)
    seat = server.sit(table, "Ann")
    for size in (PHONE, DESKTOP):
        page = open_page(new_page, server, table, size, seat)
        page.locator(".kk-hand.mine .kk-tile").first.wait_for(timeout=WAIT_MS)
        page.wait_for_function("() => [...document.querySelectorAll('img.kk-art')]"
                               ".every((i) => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)
        tiles = page.evaluate(TILES_DRAWN)
        assert len(tiles) >= 16  # 8 in hand, 8 on the field
        for tile in tiles:
            # Each card shows its own picture (one per card: cards/<code>.svg in the game's
            # web folder), loaded.
            assert tile["src"] == f"/games/koikoi/cards/{tile['card']}.svg", tile
            assert tile["loaded"], tile
            assert tile["left"] >= 0, tile
            assert tile["right"] <= size[0], tile
        if size == PHONE:
            # A hand card is big enough to tell its picture at phone size.
            assert min(t["width"] for t in tiles if t["width"] > 30) >= 36
        assert not _overflowing(page), _overflowing(page)


def test_ikebana_cards_are_large_enough_on_a_phone(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("ikebana", [None, "easy", "easy"], seed=3, autostart=True)
    seat = server.sit(table, "Ann")
    page = open_page(new_page, server, table, PHONE, seat)
    page.locator(".ib-seat.mine .ib-card").first.wait_for(timeout=WAIT_MS)
    sizes = page.evaluate("() => [...document.querySelectorAll('.ib-seat .ib-card')]"
                          ".map((c) => c.getBoundingClientRect().width)")
    assert sizes
    assert min(sizes) >= 36, sizes
    assert not _overflowing(page), _overflowing(page)


def test_koikoi_marks_the_last_move_and_closes_each_round_with_a_board(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("koikoi", [None, "easy"], options={"rounds": "2"}, seed=21,
                          autostart=True)
    seat = server.sit(table, "Ann")
    bot = server.info(table)["seats"][1]["name"]
    page = open_page(new_page, server, table, DESKTOP, seat)
    page.locator(".kk-table").wait_for(timeout=WAIT_MS)
    boards: list[str] = []
    marked = False
    deadline = time.monotonic() + 120
    while server.info(table)["status"] != "over" or not page.locator("#board-dialog[open]").count():
        assert time.monotonic() < deadline, "the match did not end in time"
        dialog = page.locator("#board-dialog[open]")
        if dialog.count():
            text = dialog.inner_text()
            if "Match over" in text:
                break
            boards.append(text)
            # The round's board: each side's captures as cards, how the points were made.
            assert "Round 1 over" in text
            assert dialog.locator(".kk-board-seat").count() == 2
            assert dialog.locator(".kk-tile[data-card]").count() >= 2
            if "drawn" not in text:
                assert dialog.locator(".kk-steps .kk-sum").count() == 1
            page.locator("#board-close", has_text="Next round").click()
            page.locator("#board-dialog[open]").wait_for(state="detached", timeout=WAIT_MS)
            continue
        hand = page.locator(".kk-hand.mine .kk-tile-button.playable")
        last = page.locator("#last-move").inner_text() if page.locator("#last-move").count() else ""
        if hand.count() and last.startswith("Last move") and f"{bot} plays" in last:
            # The bot just played: its cards are marked where they lie now.
            assert page.locator(".kk-tile.last-move").count() >= 1
            marked = True
        before = int(page.locator(".kk-table").get_attribute("data-move") or 0)
        try:
            acted = koikoi_act(page)
        except playwright_api.Error:
            if page.locator("#board-dialog[open]").count():
                continue  # the bot ended the round meanwhile: its board covers the table
            raise
        if acted:
            page.wait_for_function(
                "(m) => Number(document.querySelector('.kk-table')?.dataset.move) > m"
                " || document.querySelector('#board-dialog[open]')", arg=before, timeout=WAIT_MS)
        else:
            page.wait_for_timeout(50)
    final = page.locator("#board-dialog[open]")
    final.wait_for(timeout=WAIT_MS)
    winner = final.locator(".kk-winner").inner_text()
    assert re.search(rf"(Ann|{bot}) wins \d+ to \d+\.|A draw", winner)
    assert final.locator("button.save-record").count() == 1
    assert len(boards) == 1
    assert marked


def test_after_the_game_play_again_keeps_seats_and_options_and_the_lobby_lists_it(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("hanabi", [None, "easy"], options={"variant": "rainbow"},
                          seed=4, autostart=True, name="Rematch")
    seat = server.sit(table, "Ann")
    page = open_page(new_page, server, table, PHONE, seat)
    deadline = time.monotonic() + 120
    while not page.locator("#board-dialog[open]").count():
        assert time.monotonic() < deadline, "the game did not end in time"
        if page.locator(".hand.own.to-move").count():
            before = page.locator("#board").get_attribute("data-move")
            page.keyboard.press("1")
            page.keyboard.press("p")  # slot 1, played blind: the fuses burn fast
            page.wait_for_function(
                "(m) => document.querySelector('#board')?.dataset.move !== m"
                " || document.querySelector('#board-dialog[open]')", arg=before,
                timeout=WAIT_MS)
        else:
            page.wait_for_timeout(50)
    assert server.info(table)["status"] == "over"
    # The lobby lists the finished table, to replay it.
    lobby = new_page(*DESKTOP)
    lobby.goto(server.http + "/")
    lobby.locator("#finished li", has_text="Rematch").locator("button",
                                                               has_text="Replay").wait_for()
    # Play again: a new table with the same game, options and bot; Ann in her seat.
    page.locator("#board-dialog button.play-again").click()
    page.wait_for_function(f"() => location.hash.startsWith('#/table/') && "
                           f"!location.hash.includes('{table}')", timeout=WAIT_MS)
    page.locator(".hand.own").wait_for(timeout=WAIT_MS)
    again = page.evaluate("location.hash").split("/")[-1]
    info = server.info(again)
    assert info["game"] == "hanabi"
    assert info["options"] == {"variant": "rainbow"}
    assert [(s["kind"], s["bot"]) for s in info["seats"]] == [("person", None),
                                                            ("bot", "easy")]
    assert info["seats"][0]["name"] == "Ann"
    assert info["status"] == "playing"


def test_the_lobby_defaults_start_a_game_and_explain_bots_options_and_rule_sets(
        server: Running, new_page: Callable[..., Any]) -> None:
    page = new_page(*PHONE)
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    page.select_option("select[name=game]", "koikoi")
    # The other seat is a bot: creating with the defaults starts a game.
    assert page.locator("select[name=seat1]").input_value() != ""
    # The chosen bot's line under its seat; the options in named groups, each with a line
    # of help.
    assert page.locator(".seat", has=page.locator("select[name=seat1]")).locator(
        ".bot-line").inner_text().strip()
    page.locator("details summary").click()
    legends = page.locator(".option-group legend").all_inner_texts()
    assert "Koi-koi calls" in legends
    assert len(legends) >= 4
    oya = page.locator(".option", has=page.locator("[name='o.oya_ken_points']"))
    assert "dealer's privilege" in oya.locator(".help").inner_text()
    assert not _overflowing(page), _overflowing(page)
    page.fill("input[name=me]", "Ann")
    page.click("#create")
    page.locator(".kk-table .kk-hand.mine").wait_for(timeout=WAIT_MS)
    table = page.evaluate("location.hash").split("/")[-1]
    assert server.info(table)["status"] == "playing"
    # Hanabi: hanab.live's No Variant first, "standard" said to allow empty clues.
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    page.select_option("select[name=game]", "hanabi")
    assert page.locator("select[name=preset]").input_value() == "no-variant"
    assert page.locator("select[name=preset] option:checked").inner_text() == "No Variant"
    assert "at least one card" in page.locator(".preset-help").inner_text()
    page.select_option("select[name=preset]", "standard")
    assert "empty clue" in page.locator(".preset-help").inner_text()


def test_a_tables_bots_have_distinct_names_as_people_do() -> None:
    names = bot_names(["easy", None, "easy", "easy", "hard"], "t1")
    assert names[1] == ""  # an open seat
    bots = [name for name in names if name]
    assert len(set(bots)) == 4
    # Names as people have (one capitalised word), never a bot's or a level's.
    every_bot = {bot.casefold() for game in cardgames.games()
                 for bot in cardgames.get_game(game).bots}
    assert all(name.isalpha() and name.istitle() and name.casefold() not in every_bot
               for name in bots)
    # The same table, the same names; other tables, other names.
    assert bot_names(["easy", None, "easy", "easy", "hard"], "t1") == names
    assert len({tuple(bot_names(["hard"] * 4, f"t{n}")) for n in range(10)}) > 1
    # A name a person goes by is never a bot's.
    for person in bots:
        assert person.upper() not in {
            name.upper() for name in bot_names(["easy", None, "easy", "easy", "hard"], "t1",
                                               [person])}
    # Every game takes them (Ikebana wants distinct single words), at its most seats.
    for game in cardgames.games():
        info = cardgames.get_game(game)
        most = info.player_counts.stop - 1
        for table in ("a", "b", "c"):
            info.check_names(bot_names(["random"] * most, table))


def test_the_keys_panel_lists_each_games_keys_and_its_rules_and_the_title_says_it_once(
        server: Running, new_page: Callable[..., Any]) -> None:
    expected = {"hanabi": ("p", "d", "c", "r"), "koikoi": ("p", "k", "s"),
                "ikebana": ("d", "k", "r")}
    for game, seats in (("hanabi", [None, "easy"]), ("koikoi", [None, "easy"]),
                        ("ikebana", [None, "easy"])):
        table = server.create(game, seats, seed=2, autostart=True)
        page = open_page(new_page, server, table, PHONE, server.sit(table, "Ann"))
        page.locator("#board[data-move]").wait_for(timeout=WAIT_MS)
        title = page.locator("#title").inner_text()
        assert f"{title.split(' ')[0]} table" not in title  # not "Hanabi table · Hanabi"
        page.keyboard.press("?")
        panel = page.locator("#dialog[open]")
        listed = panel.locator("table.keys tr td:first-child").all_inner_texts()
        for key in expected[game]:
            assert key in listed, (game, key, listed)
        assert len(panel.locator(".rules-summary p").all_inner_texts()) >= 3
        assert not _overflowing(page), _overflowing(page)


def test_a_spectator_page_sees_every_hanabi_hand(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("hanabi", [None, None], seed=5, autostart=True)
    for name in ("Ann", "Bob"):
        server.sit(table, name)
    watcher = new_page(*PHONE)
    watcher.goto(f"{server.http}/#/table/{table}?watch")
    watcher.locator(".hanabi").wait_for(timeout=WAIT_MS)
    for seat in (0, 1):
        hand = watcher.locator(f".hand[data-seat='{seat}'] .slot")
        assert hand.count() == 5
        assert watcher.locator(f".hand[data-seat='{seat}'] .slot .hcard.face").count() == 5
    assert not _overflowing(watcher), _overflowing(watcher)
