"""``cardgames join``: the app's table at a seat of a real server on a loopback port. The pilot
plays a whole game of each game (Enter on a card, an action's key) against a seat played through
cardgames.net in a thread; the connection drops mid-game and comes back by itself; a seat's
token is remembered; a bad address, table or token is one error line."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._wait  # the app extra (dev has it)
from textual.pilot import Pilot
from typer.testing import CliRunner

from cardgames import net
from cardgames.app.app import CardgamesApp
from cardgames.app.online import OnlineTable, SeatBook, join_table, seat_name, table_address
from cardgames.app.screens import (
    FinalScreen,
    HelpScreen,
    HintScreen,
    NoteScreen,
    SummaryScreen,
    TableScreen,
)
from cardgames.app.widgets import ActionBar, ActionButton, CardTile
from cardgames.cli import app as cli
from cardgames.core.agents import RandomAgent
from server.kit import TIMEOUT, Running, free_port


@pytest.fixture(autouse=True)
def _quick_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot judges the app idle every 2 ms (as the app tests do: whole games, quicker)."""
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.002 / 20)


class OtherSeat:
    """The second seat, played by a random agent through cardgames.net in a thread."""

    def __init__(self, server: Running, ticket: net.Ticket, game: str) -> None:
        self.result: dict[str, Any] | None = None
        self.thread = threading.Thread(target=self._play, args=(server, ticket, game),
                                       daemon=True)

    def _play(self, server: Running, ticket: net.Ticket, game: str) -> None:
        self.result = net.play_seat(server.http, ticket, RandomAgent(5), game=game)


@pytest.fixture
def book(tmp_path: Path) -> SeatBook:
    return SeatBook(tmp_path / "seats.json")


@contextlib.contextmanager
def table_for_two(server: Running, game: str, book: SeatBook, **fields: Any,
                  ) -> Iterator[tuple[OnlineTable, OtherSeat]]:
    """A table of `game`: the other seat taken first (through the lobby), then ours by
    join_table, which starts the game as it fills the last seat."""
    lobby = net.Lobby(server.http)
    table = lobby.create_table(game, [None, None], seed=3, **fields)["table"]
    other = OtherSeat(server, lobby.take_seat(table, "Other"), game)
    base, ticket, info, said = join_table(
        f"{server.http}/table/{table}", table=None, seat=None, name="Me", password=None,
        token=None, book=book)
    assert (base, ticket.seat, said) == (server.http, 1, [])
    assert info["status"] == "playing"
    assert book.ticket(server.http, table) == ticket
    other.thread.start()
    session = OnlineTable(base, ticket, game, records=book.path.parent / "records")
    yield session, other
    other.thread.join(TIMEOUT)


def told(app: Any, words: str) -> bool:
    """Whether the app has shown a notification with `words`."""
    return any(words in str(note.message) for note in app._notifications)


async def wait_for(pilot: Pilot[Any], condition: Any, what: str) -> None:
    for _ in range(3000):
        if condition():
            return
        await pilot.pause(0.005)
    raise AssertionError(f"the app never got there: {what}")


async def play_first_legal(pilot: Pilot[Any], *, drop_at: int | None = None,
                           hint: bool = False, summaries: list[str] | None = None,
                           ) -> FinalScreen:
    """Play our seat (Enter on the action's card, then the action's key) until the
    final screen; at move `drop_at` cut the connection; with `hint`, take the first hint;
    the round summaries shown are added to `summaries`."""
    app = pilot.app
    for _ in range(3000):
        await wait_for(pilot, lambda: isinstance(app.screen, FinalScreen | SummaryScreen) or (
            isinstance(app.screen, TableScreen) and not app.screen.busy
            and not app.screen.acting and app.screen.session.legal(app.screen.viewer)),
            "our turn")
        screen = app.screen
        if isinstance(screen, FinalScreen):
            return screen
        if isinstance(screen, SummaryScreen):
            if summaries is not None:
                summaries.append(str(screen.body))
            await pilot.press("enter")
            await wait_for(pilot, lambda gone=screen: app.screen is not gone, "summary closed")
            continue
        assert isinstance(screen, TableScreen)
        session = screen.session
        assert isinstance(session, OnlineTable)
        if drop_at is not None and session.message["move"] >= drop_at:
            drop_at = None
            connection = session.client.connection
            assert connection is not None
            connection.transport.abort()  # the network fails under the seat
            await wait_for(pilot, lambda s=session: s.client.reconnects == 1, "reconnected")
            # The player is told the connection was lost, then that it is back.
            await wait_for(pilot, lambda: told(app, "Connected again"), "told it is back")
            assert told(app, "Connection to the server lost")
            continue
        if hint:
            hint = False
            await pilot.press("h")
            await wait_for(pilot, lambda: isinstance(app.screen, HintScreen), "the hint")
            await pilot.press("enter")  # "Do it"
            continue
        await act_by_keys(pilot, screen, screen.session.legal(screen.viewer)[0])
    raise AssertionError("the game did not end")


async def act_by_keys(pilot: Pilot[Any], screen: TableScreen, action: Any) -> None:
    view = screen.session.view(screen.viewer)
    keys = screen.adapter.keys_of(action, view)
    if keys:  # Enter on the action's card, then the action's key
        # The session may know the new position a moment before the screen draws it.
        def drawn() -> list[CardTile]:
            return [tile for tile in screen.query(CardTile) if tile.key == keys[0]]

        await wait_for(pilot, lambda: bool(drawn()), f"the card {keys[0]} drawn")
        tile = drawn()[0]
        tile.focus()  # Tab gets there too (the app tests walk it): here, the game matters
        if screen.selected != keys[0]:  # Enter toggles: a card still selected (a note was
            await pilot.press("enter")  # just written on it) would be let go
        await wait_for(pilot, lambda: screen.selected == keys[0], "the card selected")
    def offered() -> list[ActionButton]:
        return [b for b in screen.query_one(ActionBar).query(ActionButton)
                if b.game_action == action]

    await wait_for(pilot, lambda: bool(offered()), f"the button of {action}")
    button = offered()[0]
    number = screen.session.message["move"]  # type: ignore[attr-defined]
    await pilot.press(button.key)
    await wait_for(pilot, lambda: screen.session.message["move"] > number  # type: ignore[attr-defined]
                   or not screen.session.legal(screen.viewer), "the move made")


@pytest.mark.parametrize(("game", "options", "drop_at"), [
    ("hanabi", {}, 2), ("koikoi", {"rounds": "2"}, 5), ("ikebana", {"rounds": "1"}, None),
])
def test_the_app_plays_a_whole_game_at_a_server_seat(
    server: Running, book: SeatBook, game: str, options: dict[str, str], drop_at: int | None,
) -> None:
    summaries: list[str] = []
    with table_for_two(server, game, book, hints=True, options=options) as (session, other):
        async def play() -> FinalScreen:
            app = CardgamesApp(session)
            async with app.run_test(size=(120, 40)) as pilot:
                final = await play_first_legal(pilot, drop_at=drop_at, hint=True,
                                               summaries=summaries)
                assert session.undo_seat() is None
                return final

        final = asyncio.run(asyncio.wait_for(play(), TIMEOUT * 6))
    assert other.result is not None
    assert final.session.final_state().scores() == other.result["scores"]
    assert session.record_path is not None
    assert session.record_path.exists()
    if drop_at is not None:
        assert session.client.reconnects == 1
    # A round's end is summed up as at a local table (the last round's by the final screen).
    assert len(summaries) == (1 if game == "koikoi" else 0)


def test_the_table_offers_no_undo_says_why_and_keeps_notes_on_the_server(
    server: Running, book: SeatBook,
) -> None:
    with table_for_two(server, "hanabi", book) as (session, _other):
        async def look() -> None:
            app = CardgamesApp(session)
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
                screen = app.screen
                assert isinstance(screen, TableScreen)
                assert screen.check_action("undo", ()) is False  # not in the footer at all
                # The table was made without hints: no hint key is advertised either.
                assert not session.hints
                assert screen.check_action("hint", ()) is False
                await pilot.press("f1")
                await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
                help_screen = app.screen
                assert isinstance(help_screen, HelpScreen)
                assert help_screen.sections[0][0] == "At a server table"
                assert "undo is not offered" in str(help_screen.sections[0][1])
                await pilot.press("escape")
                view = session.view(session.seat)
                tile, card = next((tile, card) for tile in screen.query(CardTile)
                                  if tile.key is not None
                                  and (card := screen.adapter.note_id(view, tile.key)) is not None)
                tile.focus()
                await pilot.press("enter", "n")
                await wait_for(pilot, lambda: isinstance(app.screen, NoteScreen), "the note")
                await pilot.press(*"maybe red", "enter")
                await wait_for(pilot, lambda: session.notes == {card: "maybe red"},
                               "the server's answer")
                elsewhere = server.client()  # the seat's notes, as the server keeps them
                elsewhere.send({"type": "join", "table": session.ticket.table,
                                "token": session.ticket.token})
                assert elsewhere.until("notes")["notes"] == {str(card): "maybe red"}
                elsewhere.close()
                await play_first_legal(pilot)

        asyncio.run(asyncio.wait_for(look(), TIMEOUT * 6))


def test_a_waiting_table_shows_it_until_the_last_seat_is_taken(
    server: Running, book: SeatBook,
) -> None:
    lobby = net.Lobby(server.http)
    table = lobby.create_table("hanabi", [None, None])["table"]
    _, ticket, info, _ = join_table(server.http, table=table, seat=None, name="Me",
                                    password=None, token=None, book=book)
    assert info["status"] == "waiting"
    session = OnlineTable(server.http, ticket, "hanabi", records=book.path.parent)

    async def wait_then_play() -> None:
        app = CardgamesApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: bool(app.query("#joining")), "the word on joining")
            assert not isinstance(app.screen, TableScreen)
            other = lobby.take_seat(table, "Other")
            lobby.start(other)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            assert session.players == ("Me", "Other")

    asyncio.run(asyncio.wait_for(wait_then_play(), TIMEOUT * 3))


def test_a_server_gone_for_good_ends_the_app_with_one_line_and_code_2(
    server: Running, book: SeatBook,
) -> None:
    with table_for_two(server, "koikoi", book, options={"rounds": "1"}) as (session, _other):
        session.client.retry_for = 0.5

        async def lose() -> CardgamesApp:
            app = CardgamesApp(session)
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
                session.client.ws_url = f"ws://127.0.0.1:{free_port()}/ws"  # nobody there
                connection = session.client.connection
                assert connection is not None
                connection.transport.abort()
                await wait_for(pilot, lambda: app.return_code is not None, "the app left")
            return app

        app = asyncio.run(asyncio.wait_for(lose(), TIMEOUT * 3))
        assert app.return_code == 2
        assert "the table is lost (no server answers at ws://127.0.0.1" in str(app.return_value)
        assert "takes it back" in str(app.return_value)
        assert "\n" not in str(app.return_value)
        # Our seat, played on by a bot, lets the other seat's game end.
        net.play_seat(server.http, session.ticket, RandomAgent(2))


def test_joining_again_takes_the_remembered_seat_back(server: Running, book: SeatBook) -> None:
    lobby = net.Lobby(server.http)
    table = lobby.create_table("koikoi", [None, None])["table"]
    _, first, _, _ = join_table(server.http, table=table, seat=None, name="Me", password=None,
                                token=None, book=book)
    _, again, info, _ = join_table(f"{server.http}/?table={table}", table=None, seat=None,
                                   name="Me", password=None, token=None, book=book)
    assert again == first
    assert [seat["kind"] for seat in info["seats"]] == ["person", "open"]


@pytest.mark.parametrize(("link", "table"), [
    ("http://host:1/table/abc", "abc"), ("host:1/?table=abc", "abc"),
    ("https://host/#table=abc", "abc"), ("http://host:1", None),
])
def test_a_table_link_names_the_server_and_the_table(link: str, table: str | None) -> None:
    assert table_address(link)[1] == table


def test_bad_addresses_tables_and_tokens_are_one_error_line(server: Running) -> None:
    table = server.create("koikoi", [None, None])
    runner = CliRunner()
    cases = {
        "ftp://x/table/t": "is no server address",
        f"{server.http}/table/nosuch": "nosuch",
        server.http: "names no table",
    }
    for link, said in cases.items():
        result = runner.invoke(cli, ["join", link])
        assert result.exit_code == 2, result.output
        assert result.output.count("\n") == 1, result.output
        assert said in result.output
    result = runner.invoke(cli, ["join", server.http, "--table", table, "--token", "wrong"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert "token" in result.output


def test_join_asks_a_name_once_and_remembers_it(book: SeatBook) -> None:
    asked: list[str] = []

    def ask(default: str) -> str:
        asked.append(default)
        return "  Newbie "

    assert seat_name(None, book, ask, "login") == "Newbie"
    assert asked == ["login"]  # asked, the login name offered
    assert seat_name(None, book, ask, "login") == "Newbie"  # remembered: not asked again
    assert asked == ["login"]
    assert seat_name("Ann", book, ask, "login") == "Ann"  # --name wins, and is remembered
    assert seat_name(None, book, None, "login") == "Ann"
    assert seat_name(None, SeatBook(book.path.with_name("none.json")), None, "login") == "login"
