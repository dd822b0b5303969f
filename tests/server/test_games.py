"""Whole games at a real server: people (scripted protocol clients), a bundled bot and a
spectator at one table, for every game; the record replays and Hanabi's export imports."""

from __future__ import annotations

import concurrent.futures
import threading
from typing import Any

import pytest

import cardgames
from cardgames.core.record import Record
from cardgames.hanabi.hanablive import from_hanablive
from cardgames.server.catalogue import game_catalogue
from server.kit import TIMEOUT, Running, random_chooser

GAMES = [
    # game, seats (None: a person), options
    ("hanabi", [None, "hard", None], {"variant": "rainbow"}),
    ("koikoi", [None, "hard"], {"rounds": "1"}),
    ("ikebana", [None, None, "easy"], {"rounds": "1"}),
]


def _seat_people(server: Running, table: str, count: int) -> list[tuple[int, str]]:
    return [server.sit(table, f"Person{number}") for number in range(count)]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_with_people_a_bot_and_a_spectator(
    server: Running, game: str, seats: list[str | None], options: dict[str, str]
) -> None:
    table = server.create(game, seats, options=options, seed=11, hints=True)
    people = _seat_people(server, table, seats.count(None))
    clients = [server.client() for _ in people]
    for client, (_seat, token) in zip(clients, people, strict=True):
        assert client.join(table, token)["status"] == "waiting"
    spectator = server.client()
    spectator.spectate(table)
    started = server.ok("POST", f"/api/tables/{table}/start", {"token": people[0][1]})
    assert started["status"] == "playing"

    # The first person asks for a hint and chats before playing.
    clients[0].send({"type": "chat", "text": "good luck"})
    assert spectator.until("chat")["text"] == "good luck"
    with concurrent.futures.ThreadPoolExecutor(len(clients)) as pool:
        endings = list(pool.map(
            lambda client, seed: client.play(random_chooser(seed)), clients, range(9)))
    ending = spectator.until("game_over")

    # Everyone heard the same end; the record replays to it.
    assert all(end == ending for end in endings)
    record = Record.from_dict(ending["record"])
    final = cardgames.replay(record)
    assert final.is_over
    assert final.scores() == ending["scores"]
    assert server.info(table)["status"] == "over"
    assert server.info(table)["moves"] == len(record.actions)
    if game == "hanabi":
        assert from_hanablive(ending["exports"]["hanablive"]).scores() == final.scores()
    else:
        assert ending["exports"] == {}

    # Each person got legal actions only on their own turn; the spectator never did.
    for client, (seat, _token) in zip(clients, people, strict=True):
        views = [m for m in client.received if m["type"] == "view"]
        assert all(m["seat"] == seat for m in views)
        assert all(not m["legal"] or m["to_move"] == seat for m in views)
        assert any(m["legal"] for m in views) or final.move_count == 0
    spectator_views = [m for m in spectator.received if m["type"] == "view"]
    assert all(m["seat"] is None and not m["legal"] for m in spectator_views)
    # The spectator saw the game move by move, every move of it.
    assert spectator_views[-1]["move"] == final.move_count
    assert [entry["action"] for entry in spectator.log()] == list(record.actions)
    # After the first view, each view brings only the moves since the one before.
    assert spectator_views[0]["log_start"] == 0
    assert all(len(m["log"]) <= 1 for m in spectator_views[1:])
    for client in [*clients, spectator]:
        client.close()


def test_the_view_answering_an_act_echoes_its_ref(server: Running) -> None:
    table = server.create("hanabi", [None, None], seed=4)
    tickets = [server.sit(table, name) for name in ("Ann", "Bob")]
    server.ok("POST", f"/api/tables/{table}/start", {"token": tickets[0][1]})
    clients = {seat: server.client() for seat, _token in tickets}
    views = {seat: clients[seat].join(table, token) for seat, token in tickets}
    mover = next(seat for seat, view in views.items() if view["legal"])
    other = 1 - mover
    # Views before any act carry no ref.
    assert views[mover]["ref"] is None
    assert views[other]["ref"] is None
    clients[mover].send({"type": "act", "action": views[mover]["legal"][0]["id"],
                         "move": views[mover]["move"], "ref": "a1"})
    answered = clients[mover].until("view")
    assert (answered["ref"], answered["move"]) == ("a1", 1)
    heard = clients[other].until("view")
    assert (heard["ref"], heard["move"]) == (None, 1)  # only the actor's answer echoes it
    for client in clients.values():
        client.close()


def test_hint_chat_and_notes(server: Running) -> None:
    table = server.create("hanabi", [None, "hard"], seed=3, hints=True, autostart=True)
    seat, token = server.sit(table, "Ann")
    client = server.client()
    view = client.join(table, token)
    if view["to_move"] != seat:  # the bot moves first: wait for our turn
        while not (view := client.until("view"))["legal"]:
            pass
    client.send({"type": "hint", "ref": 7})
    hint = client.until("hint")
    assert hint["ref"] == 7
    assert hint["action"] in view["legal"]
    assert hint["reason"]

    client.send({"type": "note", "card": "3", "text": "chop", "ref": "n"})
    notes = client.until("notes")
    assert notes["notes"] == {"3": "chop"}
    assert notes["ref"] == "n"
    client.send({"type": "chat", "text": "hello"})
    line = client.until("chat")
    assert (line["seat"], line["name"], line["text"]) == (seat, "Ann", "hello")
    client.close()

    # The notes and the chat are kept: a new connection to the seat gets them back.
    again = server.client()
    again.send({"type": "join", "table": table, "token": token})
    assert again.until("notes")["notes"] == {"3": "chop"}
    assert again.until("chat")["text"] == "hello"
    again.send({"type": "note", "card": "3", "text": ""})
    assert again.until("notes")["notes"] == {}
    again.close()


def test_a_table_without_hints_refuses_them(server: Running) -> None:
    table = server.create("koikoi", [None, "easy"], seed=1, autostart=True)
    _seat, token = server.sit(table, "Bo")
    client = server.client()
    client.join(table, token)
    assert client.error({"type": "hint"})["code"] == "hints_off"
    client.close()


def test_a_table_of_bots_plays_itself_to_the_end(server: Running) -> None:
    table = server.create("hanabi", ["easy", "normal"], seed=5, autostart=True)
    spectator = server.client()
    spectator.spectate(table)
    ending: dict[str, Any] = spectator.until("game_over")
    assert cardgames.replay(Record.from_dict(ending["record"])).is_over
    spectator.close()


class _ThinkingBot:
    """A bot that thinks until the test lets it move (a deep search, a slow outside program):
    it says when it has started thinking, then waits for the test's word, however long the
    other table's moves take on a busy machine."""

    thinking = threading.Event()
    release = threading.Event()

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: Any, legal: Any) -> Any:
        self.thinking.set()
        self.release.wait(TIMEOUT * 6)
        return legal[0]


def test_a_slow_bot_never_stalls_another_table(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server runs in this process: a bot registered here is one it can seat.
    monkeypatch.setitem(cardgames.get_game("hanabi").bots, "slow", _ThinkingBot)
    _ThinkingBot.thinking.clear()
    _ThinkingBot.release.clear()
    try:
        slow = server.create("hanabi", ["slow", "slow"], seed=1, autostart=True)
        assert _ThinkingBot.thinking.wait(TIMEOUT), "the slow table's bot never started"
        table = server.create("hanabi", [None, None], seed=2, autostart=True)
        people = [server.sit(table, "Ann"), server.sit(table, "Bo")]
        clients = [server.client() for _ in people]
        for client, (_seat, token) in zip(clients, people, strict=True):
            client.join(table, token)
        # Six moves at the other table while the slow bot is still thinking its first move
        # (a stalled table would leave a client waiting for its view until it times out).
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda client, seed: client.play(random_chooser(seed), stop_after=6),
                          clients, [1, 2]))
        assert server.info(table)["moves"] >= 6
        assert server.info(slow)["moves"] == 0
    finally:
        _ThinkingBot.release.set()
    for client in clients:
        client.close()


def test_the_lobby_catalogue_gives_each_option_a_line_of_help() -> None:
    for game in game_catalogue()["games"]:
        for option in game["options"]:
            assert option["help"], f"{game['name']}: {option['name']} has no help"
            assert ":class:" not in option["help"]
            assert "``" not in option["help"]
