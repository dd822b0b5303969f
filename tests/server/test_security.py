"""No one sees or does what they should not: passwords and tokens kept hashed, private
tables, hostile and malformed messages (one error each, nothing changes), origins, limits,
the idle timeout; and a fuzz of many clients sending garbage at once."""

from __future__ import annotations

import concurrent.futures
import json
import os
import random
from typing import Any

import pytest
import sqlalchemy
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.kit import Client, Running, running_server


def _one_error(client: Client, message: Any) -> str:
    """Send `message`; exactly one error comes back (a ping after it is answered next)."""
    client.send(message)
    error = client.recv()
    assert error["type"] == "error", error
    assert error["message"]
    client.send({"type": "ping", "ref": "after"})
    assert client.recv() == {"type": "pong", "version": 1, "ref": "after"}
    code: str = error["code"]
    return code


def test_a_private_table_needs_its_password(server: Running) -> None:
    table = server.create("koikoi", [None, "easy"], password="s3cret phrase", autostart=True)
    assert table not in [t["table"] for t in server.ok("GET", "/api/tables")["tables"]]
    assert server.info(table)["private"] is True
    for password in (None, "wrong"):
        refused = server.request("POST", f"/api/tables/{table}/seats",
                                 {"name": "Eve", "password": password})
        assert refused.status_code == 403
        assert refused.json()["code"] == "forbidden"
    spectator = server.client()
    spectator.send({"type": "spectate", "table": table, "password": "wrong"})
    assert spectator.recv()["code"] == "forbidden"
    spectator.spectate(table, "s3cret phrase")
    _seat, token = server.sit(table, "Ann", password="s3cret phrase")
    # The database keeps neither the password nor the token, only their hashes.
    engine = sqlalchemy.create_engine(server.db)
    with engine.connect() as db:
        stored = db.execute(sqlalchemy.text(
            "SELECT password_hash FROM tables WHERE id = :id"), {"id": table}).scalar_one()
        tokens = [row[0] for row in db.execute(sqlalchemy.text("SELECT token_hash FROM seats"))]
    engine.dispose()
    assert stored.startswith("scrypt$")
    assert "s3cret" not in stored
    assert token not in tokens
    assert len(token) >= 40
    spectator.close()


def test_bad_lobby_requests_get_one_error_each(server: Running) -> None:
    table = server.create("hanabi", [None, None])
    seat, token = server.sit(table, "Ann")
    cases: list[tuple[str, str, Any, int, str]] = [
        ("POST", "/api/tables", "not json", 400, "bad_message"),
        ("POST", "/api/tables", "[" * 5000 + "]" * 5000, 400, "bad_message"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}]} | {"x": "y" * 20000}, 400,
         "bad_message"),
        ("POST", "/api/tables", {"game": "chess", "seats": [{}, {}]}, 400, "options"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}]}, 400, "options"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}, {"bot": "nope"}]}, 400,
         "options"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}, {}],
                                 "options": {"variant": "plaid"}}, 400, "options"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}, {}],
                                 "options": {"players": "3"}}, 400, "options"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}, {}], "seed": -1}, 400,
         "bad_message"),
        ("POST", "/api/tables", {"game": "hanabi", "seats": [{}, {}], "version": 9}, 400,
         "unsupported_version"),
        ("GET", "/api/tables/nope", None, 404, "not_found"),
        ("GET", "/api/nothing/here", None, 404, "not_found"),
        ("DELETE", "/api/tables", None, 405, "bad_message"),
        ("POST", f"/api/tables/{table}/seats", {"name": "Ann"}, 409, "conflict"),
        ("POST", f"/api/tables/{table}/seats", {"name": "Bo", "seat": 0}, 409, "conflict"),
        ("POST", f"/api/tables/{table}/seats", {"name": "\n"}, 400, "bad_message"),
        ("POST", f"/api/tables/{table}/start", {"token": "guess"}, 403, "forbidden"),
        ("POST", f"/api/tables/{table}/start", {"token": token}, 409, "conflict"),
    ]
    for method, path, body, status, code in cases:
        response = server.request(method, path, body)
        assert (response.status_code, response.json()["code"]) == (status, code), (path, body)
    assert server.info(table)["seats"][seat]["name"] == "Ann"
    server.sit(table, "Bo")
    server.ok("POST", f"/api/tables/{table}/start", {"token": token})
    left = server.request("POST", f"/api/tables/{table}/leave", {"token": token})
    assert (left.status_code, left.json()["code"]) == (409, "conflict")


def test_hostile_messages_get_one_error_and_change_nothing(server: Running) -> None:
    table = server.create("hanabi", [None, None], seed=4, autostart=True)
    people = [server.sit(table, "Ann"), server.sit(table, "Bo")]
    client = server.client()
    for message, code in [
        ("not json", "bad_message"),
        ("[" * 3000 + "]" * 3000, "bad_message"),
        (json.dumps({"type": "chat", "text": "x" * 20000}), "bad_message"),
        (b"\x00\x01binary", "bad_message"),
        ({"type": "nope"}, "bad_message"),
        ({"type": "ping", "extra": 1}, "bad_message"),
        ({"type": "ping", "version": 9}, "unsupported_version"),
        ({"type": "ping", "version": "2"}, "unsupported_version"),
        ({"type": "ping", "ref": "r" * 100}, "bad_message"),
        ({"type": "act", "action": 0}, "not_joined"),
        ({"type": "join", "table": table, "token": "guess"}, "forbidden"),
        ({"type": "join", "table": "nope", "token": "guess"}, "not_found"),
        ('{"type": "ping", "ref": "\\ud800"}', "bad_message"),
    ]:
        assert _one_error(client, message) == code, message

    view = client.join(table, people[0][1])
    ann = view["seat"]
    if view["to_move"] != ann:  # let Bo make the first move
        bo = server.client()
        bo_view = bo.join(table, people[1][1])
        bo.send({"type": "act", "action": bo_view["legal"][0]["id"]})
        view = client.until("view")
        bo.close()
    assert view["to_move"] == ann
    before = server.info(table)["moves"]
    for message, code in [
        ({"type": "act", "action": 10**6}, "illegal"),
        ({"type": "act", "action": True}, "bad_message"),
        ({"type": "act", "action": "fly away"}, "illegal"),
        ({"type": "act", "action": "clue 1 red"}, "illegal"),  # a clue to oneself
        ({"type": "act", "action": view["legal"][0]["id"], "move": before + 3}, "stale"),
        ({"type": "note", "card": "1", "text": "n" * 1000}, "bad_message"),
        ({"type": "chat", "text": "two\nlines"}, "bad_message"),
        ({"type": "hint"}, "hints_off"),
        ({"type": "join", "table": table, "token": people[0][1]}, "conflict"),
    ]:
        assert _one_error(client, message) == code, message
    assert server.info(table)["moves"] == before

    # A spectator may chat but never act; a seat never acts out of turn.
    spectator = server.client()
    spectator.spectate(table)
    assert _one_error(spectator, {"type": "act", "action": view["legal"][0]["id"]}) == (
        "forbidden")
    bo = server.client()
    bo.join(table, people[1][1])
    assert _one_error(bo, {"type": "act", "action": 0}) == "not_your_turn"
    assert server.info(table)["moves"] == before
    for each in (client, spectator, bo):
        each.close()


def test_a_connection_guessing_tokens_is_closed(server: Running) -> None:
    table = server.create("hanabi", [None, None])
    client = server.client()
    for attempt in range(10):
        client.send({"type": "join", "table": table, "token": f"guess-{attempt}"})
        assert client.recv()["code"] == "forbidden"
    with pytest.raises(ConnectionClosed):
        client.recv()
    client.close()


def test_websocket_origins_are_checked(server: Running) -> None:
    with pytest.raises(InvalidStatus) as refused:
        server.client(Origin="http://evil.example")
    assert refused.value.response.status_code == 403
    own = server.client(Origin=f"http://127.0.0.1:{server.port}")
    own.send({"type": "ping"})
    assert own.recv()["type"] == "pong"
    own.close()


NO_REFILL = 1e-6
"""A message rate (a second) whose bucket gains no whole token during a test, however slowly
a busy machine runs it: exactly the burst is answered."""


def test_limits_on_connections_tables_and_rate(sqlite_url: str) -> None:
    with running_server(sqlite_url, max_connections_per_client=2, max_tables_per_client=2,
                        message_rate=NO_REFILL, message_burst=5) as server:
        kept = [server.client(), server.client()]
        third = server.client()
        assert third.recv()["code"] == "limit"
        with pytest.raises(ConnectionClosed):
            third.recv()

        codes = []
        for _ in range(10):
            kept[0].send({"type": "ping"})
            codes.append(kept[0].recv()["type"])
        assert codes == ["pong"] * 5 + ["error"] * 5

        server.create("hanabi", [None, None])
        server.create("hanabi", [None, None])
        refused = server.request("POST", "/api/tables", {"game": "hanabi", "seats": [{}, {}]})
        assert (refused.status_code, refused.json()["code"]) == (429, "limit")
        for client in kept:
            client.close()


def test_a_silent_connection_is_closed_after_the_idle_timeout(sqlite_url: str) -> None:
    # Its own server: a short idle timeout would close the other limits' clients too,
    # whenever a busy machine paused the test for longer than it.
    with running_server(sqlite_url, idle_timeout=0.5) as server:
        silent = server.client()
        with pytest.raises(ConnectionClosed):
            silent.recv()
        silent.close()


def test_websocket_handshakes_are_rate_limited_with_the_lobby(sqlite_url: str) -> None:
    with running_server(sqlite_url, request_rate=0.001, request_burst=3) as server:
        first = server.client()
        server.ok("GET", "/api/tables")  # the same bucket: two requests left, then one
        second = server.client()
        with pytest.raises(InvalidStatus) as refused:
            server.client()
        assert refused.value.response.status_code == 429
        assert json.loads(refused.value.response.body or b"{}")["code"] == "rate_limited"
        for client in (first, second):  # the open connections go on
            client.send({"type": "ping"})
            assert client.recv()["type"] == "pong"
            client.close()


def _garbage(rng: random.Random, table: str) -> Any:
    """A hostile message: a valid one mutated, random bytes, or a wrong shape."""
    valid: list[dict[str, Any]] = [
        {"type": "join", "table": table, "token": "x"},
        {"type": "spectate", "table": table},
        {"type": "act", "action": 0, "move": 0},
        {"type": "chat", "text": "hi"},
        {"type": "note", "card": "1", "text": "n"},
        {"type": "hint"},
    ]
    message: Any = dict(rng.choice(valid))
    mutation = rng.randrange(6)
    if mutation == 0:
        key = rng.choice(list(message))
        message[key] = rng.choice([None, -1, 2**70, "", "\u0000", [], {}, 1.5, True])
    elif mutation == 1:
        message[rng.choice(["seat", "token", "admin", "__proto__"])] = 0
    elif mutation == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50)))
    elif mutation == 3:
        text = json.dumps(message)
        cut = rng.randrange(len(text))
        return text[:cut] + chr(rng.randrange(32, 0x2FF)) + text[cut + 1:]
    elif mutation == 4:
        return json.dumps([message] * rng.randrange(1, 4))
    return message


def test_fuzz_many_clients_sending_garbage_change_no_table(sqlite_url: str) -> None:
    # A rate high enough that every message is read (the rate limit has its own test).
    with running_server(sqlite_url, message_rate=1000.0, message_burst=1000) as server:
        _fuzz(server)


def _fuzz(server: Running) -> None:
    table = server.create("hanabi", [None, None], seed=9, autostart=True)
    _seat, token = server.sit(table, "Ann")
    server.sit(table, "Bo")
    player = server.client()
    player.join(table, token)
    before = server.info(table)
    count = int(os.environ.get("CARDGAMES_FUZZ_MESSAGES", "40"))

    def attack(number: int) -> int:
        """Send garbage, each message followed by a ping: the server answers every ping,
        and shows the attacker no legal action (it holds no seat)."""
        rng = random.Random(number)
        client = server.client()
        errors = 0
        for sent in range(count):
            client.send(_garbage(rng, table))
            client.send({"type": "ping", "ref": sent})
            try:
                while (reply := client.recv())["type"] != "pong":
                    assert reply["type"] in ("error", "welcome", "view", "table", "chat"), reply
                    errors += reply["type"] == "error"
                    if reply["type"] == "view":
                        assert reply["legal"] == []
            except ConnectionClosed:  # closed for guessing tokens: the attacker comes back
                assert client.received[-1]["code"] == "forbidden"
                client.close()
                client = server.client()
                continue
            assert reply["ref"] == sent
        client.close()
        return errors

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        refused = list(pool.map(attack, range(6)))
    assert all(count // 3 < errors <= count for errors in refused)
    after = server.info(table)
    assert after["moves"] == before["moves"]
    assert after["status"] == "playing"
    player.send({"type": "ping"})
    assert player.until("pong")["type"] == "pong"
    player.close()
