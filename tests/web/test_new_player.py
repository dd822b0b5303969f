"""What a new player meets first (issue 39), in a fresh browser at phone and desktop size:
"Create the table" with nothing typed starts a game, and a finished game opened from the
lobby's "Finished lately" replays as the spectators saw it: every hand shown, nobody "you",
no board over the table, the arrow keys stepping through it from the start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server.kit import Running, random_chooser
from web.test_koikoi_ikebana import DESKTOP, PHONE, WAIT_MS

SIZES = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]


@pytest.mark.parametrize("size", SIZES)
def test_create_alone_starts_a_game_under_a_default_name(
        server: Running, new_page: Callable[..., Any], size: tuple[int, int]) -> None:
    page = new_page(*size)  # a fresh browser: no name kept from before
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    page.select_option("select[name=game]", "hanabi")
    page.click("#create")
    page.locator(".hand.own").wait_for(timeout=WAIT_MS)
    table = page.evaluate("location.hash").split("/")[-1]
    info = server.info(table)
    assert info["status"] == "playing"
    assert (info["seats"][0]["kind"], info["seats"][0]["name"]) == ("person", "Player")
    # The lobby offers the same name for the next table.
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    assert page.locator("#create-form [name=me]").input_value() == "Player"


def finished_hanabi(server: Running, name: str) -> str:
    """A Hanabi table Ann played to its end against a bot (random moves), by the protocol."""
    table = server.create("hanabi", [None, "easy"], seed=4, autostart=True, name=name)
    _, token = server.sit(table, "Ann")
    client = server.client()
    try:
        client.join(table, token)
        assert client.play(random_chooser(1)) is not None
    finally:
        client.close()
    assert server.info(table)["status"] == "over"
    return table


def hands(page: Any) -> list[tuple[str, int, int]]:
    """Each hand's heading, its cards and how many of them are drawn face up."""
    return [(hand.locator("h3").inner_text(), hand.locator(".slot").count(),
             hand.locator(".slot .hcard.face").count())
            for hand in page.locator(".hand").all()]


def open_replay(server: Running, new_page: Callable[..., Any], size: tuple[int, int],
                name: str) -> Any:
    """A fresh browser's page on the lobby's "Replay" of the finished table `name`."""
    page = new_page(*size)
    page.goto(server.http + "/")
    page.locator("#finished li", has_text=name).locator("button", has_text="Replay").click()
    page.locator("#replaybar button").first.wait_for(timeout=WAIT_MS)
    page.locator("#final").first.wait_for(timeout=WAIT_MS)
    return page


def at_move(page: Any, move: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#board')?.dataset.move === '{move}'", timeout=WAIT_MS)


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_from_the_lobby_replays_every_hand_to_a_spectator(
        server: Running, new_page: Callable[..., Any], size: tuple[int, int]) -> None:
    name = f"Every hand {size[0]}"
    finished_hanabi(server, name)
    page = open_replay(server, new_page, size, name)
    if page.locator("#board-dialog[open]").count():
        page.locator("#board-close").click()
    page.locator("#replaybar button", has_text="«").click()
    at_move(page, 0)
    for move in range(3):
        shown = hands(page)
        assert len(shown) == 2, shown
        for heading, cards, faces in shown:
            assert "(you)" not in heading, (move, shown)
            assert cards == faces == 5, (move, shown)
        page.locator("#replay-forward").click()
        at_move(page, move + 1)


@pytest.mark.parametrize("size", SIZES)
def test_a_replay_from_the_lobby_opens_on_the_table_and_the_arrow_keys_step_at_once(
        server: Running, new_page: Callable[..., Any], size: tuple[int, int]) -> None:
    name = f"Arrow keys {size[0]}"
    finished_hanabi(server, name)
    page = open_replay(server, new_page, size, name)
    last = int(page.locator("#board").get_attribute("data-move"))
    # The game ended before the page opened: its result is on the page once, not on a board
    # over the table, and the keys step through the game at once.
    assert not page.locator("#board-dialog[open]").count()
    assert page.get_by_text("Game over:").count() == 1
    page.keyboard.press("ArrowLeft")
    at_move(page, last - 1)
    page.keyboard.press("Home")
    at_move(page, 0)
    page.keyboard.press("ArrowRight")
    at_move(page, 1)


@pytest.mark.parametrize("size", SIZES)
def test_the_game_over_board_and_the_page_never_show_the_result_twice(
        server: Running, new_page: Callable[..., Any], size: tuple[int, int]) -> None:
    table = server.create("hanabi", [None, "easy"], seed=4, autostart=True)
    seat, token = server.sit(table, "Ann")
    page = new_page(*size)
    page.context.add_init_script(
        f"localStorage.setItem('cardgames.seat.{table}', "
        f"JSON.stringify({{seat: {seat}, token: '{token}'}}));")
    page.goto(f"{server.http}/#/table/{table}")
    page.locator(".hand.own").wait_for(timeout=WAIT_MS)
    client = server.client()  # the same seat's moves, by the protocol: random, so it ends
    try:
        client.join(table, token)
        assert client.play(random_chooser(1)) is not None
    finally:
        client.close()
    page.locator("#board-dialog[open] #final").wait_for(timeout=WAIT_MS)
    assert page.get_by_text("Game over:").count() == 1  # on the board, not under it too
    page.locator("#board-close").click()
    page.locator("#summary #final").wait_for(timeout=WAIT_MS)
    assert page.get_by_text("Game over:").count() == 1  # under the table, once closed


def seat_offers(page: Any, seat: int) -> list[str]:
    return page.locator(f"select[name=seat{seat}] option").all_inner_texts()


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_offers_each_bot_once_by_a_short_label_with_its_line_below(
        server: Running, new_page: Callable[..., Any], size: tuple[int, int]) -> None:
    page = new_page(*size)
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    for game in ("hanabi", "koikoi", "ikebana"):
        page.select_option("select[name=game]", game)
        offers = seat_offers(page, 1)
        assert len(offers) == len(set(offers)), offers  # no bot twice
        bots = [text.removeprefix("bot: ") for text in offers[1:]]
        assert all(len(text) <= 12 and ":" not in text for text in bots), offers
        entry = next(g for g in server.ok("GET", "/api/games")["games"] if g["name"] == game)
        means = [c["means"] for c in entry["bot_choices"]]
        assert len(means) == len(set(means)), means  # no two names for one bot
        assert [c["name"] for c in entry["bot_choices"]] == bots
        # The seat's line says how the chosen bot plays, and follows the choice.
        line = page.locator(".seat", has=page.locator("select[name=seat1]")).locator(".bot-line")
        for choice in entry["bot_choices"]:
            page.select_option("select[name=seat1]", choice["name"])
            assert line.inner_text().strip(), (game, choice)
            if choice["line"]:
                assert line.inner_text() == choice["line"]
    # Hanabi: easy is the casual bot, so casual is not offered beside it; the seats of a
    # table with a person default to the bot that plays as people do.
    page.select_option("select[name=game]", "hanabi")
    assert "bot: easy" in seat_offers(page, 1)
    assert "bot: casual" not in seat_offers(page, 1)
    hanabi = next(g for g in server.ok("GET", "/api/games")["games"] if g["name"] == "hanabi")
    default = page.locator("select[name=seat1]").input_value()
    assert next(c for c in hanabi["bot_choices"] if c["name"] == default)["means"] == (
        hanabi["default_bot"])


@pytest.mark.parametrize("size", SIZES)
def test_rule_sets_show_hanablives_names_and_every_koikoi_rule_set_a_line(
        server: Running, new_page: Callable[..., Any], size: tuple[int, int]) -> None:
    page = new_page(*size)
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    page.select_option("select[name=game]", "hanabi")
    preset = page.locator("select[name=preset]")
    shown = dict(zip(preset.locator("option").evaluate_all("(o) => o.map((e) => e.value)"),
                     preset.locator("option").all_inner_texts(), strict=True))
    assert shown["no-variant"] == "No Variant"
    assert shown["rainbow-ones-and-pink"] == "Rainbow-Ones & Pink (5 Suits)"
    assert shown["standard"] == "standard"  # the rulebook's game keeps its own name
    page.select_option("select[name=game]", "koikoi")
    help_line = page.locator(".preset-help")
    for name in page.locator("select[name=preset] option").evaluate_all(
            "(o) => o.map((e) => e.value)"):
        page.select_option("select[name=preset]", name)
        assert len(help_line.inner_text()) > 20, name


def test_on_a_phone_new_table_comes_before_the_lists_and_your_turn_stays_in_sight(
        server: Running, new_page: Callable[..., Any]) -> None:
    page = new_page(*PHONE)
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    create = page.locator(".create").bounding_box()
    listed = page.locator("#finished").bounding_box()
    assert create is not None
    assert listed is not None
    assert create["y"] < listed["y"]
    assert page.locator("#create").bounding_box()["y"] < PHONE[1] * 1.2
    page.select_option("select[name=game]", "hanabi")
    page.fill("input[name=players]", "4")  # four hands: a tall table
    page.locator("input[name=players]").dispatch_event("change")
    page.click("#create")
    page.locator(".hand.own.to-move").wait_for(timeout=WAIT_MS)
    turn = page.locator("#actions", has_text="Your turn")
    turn.wait_for(timeout=WAIT_MS)
    box = turn.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= PHONE[1], box  # in sight without scrolling
    assert page.locator("#actions button", has_text="Hint").is_visible()


def test_lobby_tables_are_named_for_their_maker_and_finished_ones_say_their_result(
        server: Running, new_page: Callable[..., Any]) -> None:
    page = new_page(*DESKTOP)
    page.goto(server.http + "/")
    page.locator("#create-form").wait_for()
    page.fill("input[name=me]", "Zoe")
    page.select_option("select[name=game]", "koikoi")
    page.click("#create")
    page.locator(".kk-table").wait_for(timeout=WAIT_MS)
    table = page.evaluate("location.hash").split("/")[-1]
    assert server.info(table)["name"] == "Zoe's table"
    finished_hanabi(server, "Scored")
    listed = next(info for info in server.ok("GET", "/api/tables")["finished"]
                  if info["name"] == "Scored")
    assert listed["result"].startswith("score ")
    assert server.info(table)["result"] is None  # not over yet
    page.goto(server.http + "/")
    row = page.locator("#finished li", has_text="Scored")
    row.wait_for(timeout=WAIT_MS)
    assert listed["result"] in row.inner_text()


@pytest.mark.parametrize("game", ["hanabi", "koikoi", "ikebana"])
def test_a_bots_name_at_the_table_says_on_hover_which_bot_it_is(
        server: Running, new_page: Callable[..., Any], game: str) -> None:
    table = server.create(game, [None, "hard"], seed=2, autostart=True)
    seat, token = server.sit(table, "Ann")
    page = new_page(*DESKTOP)
    page.context.add_init_script(
        f"localStorage.setItem('cardgames.seat.{table}', "
        f"JSON.stringify({{seat: {seat}, token: '{token}'}}));")
    page.goto(f"{server.http}/#/table/{table}")
    entry = next(g for g in server.ok("GET", "/api/games")["games"] if g["name"] == game)
    line = next(c["line"] for c in entry["bot_choices"] if c["name"] == "hard")
    bot = server.info(table)["seats"][1]["name"]
    named = page.locator("[title^='a bot: hard']", has_text=bot)
    named.first.wait_for(timeout=WAIT_MS)
    assert line in named.first.get_attribute("title")
    assert not page.locator("[title^='a bot']", has_text="Ann").count()  # a person: no title
    # The lobby's list says which seat is a bot, and its level, beside the bot's name.
    page.goto(server.http + "/")
    listed = page.locator("li", has_text=f"{bot} (bot: hard)")
    listed.first.wait_for(timeout=WAIT_MS)
    assert "Ann (bot" not in listed.first.inner_text()
