"""Protocol versions against a real server: a client of version 1 (no version named) gets what
version 1 documented, a client of version 2 gets patches after its first view, a version the
server does not speak is refused in one message naming those it does, and a client whose
patch does not fit asks for its whole view and plays on."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from cardgames import net
from cardgames.wire.messages import server_message_adapter
from cardgames.wire.patch import ViewMirror, view_document
from server.kit import TIMEOUT, Client, Running


def careful_chooser(seed: int) -> Callable[[dict[str, Any]], int]:
    """Picks a legal action id at random (seeded), seldom a play: a longer game."""
    rng = random.Random(seed)

    def choose(view: dict[str, Any]) -> int:
        careful = [choice for choice in view["legal"]
                   if not choice["notation"].startswith("play")]
        chosen: int = rng.choice(careful or view["legal"])["id"]
        return chosen
    return choose


def join(client: Client, table: str, token: str, version: int | None) -> dict[str, Any]:
    hello: dict[str, Any] = {"type": "join", "table": table, "token": token}
    if version is not None:
        hello["version"] = version
    client.send(hello)
    client.until("welcome")
    return client.until("view")


def test_a_version_1_client_gets_what_version_1_documented(server: Running) -> None:
    table = server.create("hanabi", [None, "easy"], seed=7, autostart=True)
    _seat, token = server.sit(table, "Ann")
    client = server.client()
    join(client, table, token, None)  # no version named: 1
    over = client.play(careful_chooser(1))
    assert over is not None
    v1 = server_message_adapter(1)
    views = 0
    for message in client.received:
        assert message["version"] == 1, message["type"]
        assert message["type"] != "view_patch"
        v1.validate_python(message)
        if message["type"] == "view" and message["status"] != "waiting":
            views += 1
            # Version 1's seat view lists the legal actions as objects itself.
            assert message["view"]["legal"] == [choice["action"]
                                                for choice in message["legal"]]
    assert views > 5
    assert over["hanablive"] is not None
    assert over["hanablive"] == over["exports"]["hanablive"]


def test_a_version_2_client_gets_patches_that_make_its_views(server: Running) -> None:
    table = server.create("hanabi", [None, "easy"], seed=8, autostart=True)
    _seat, token = server.sit(table, "Ann")
    new, old = server.client(), server.client()
    mirror = ViewMirror()
    view = mirror.read(join(new, table, token, 2))
    whole = join(old, table, token, 1)  # the same seat, whole views: what patches must make
    v2 = server_message_adapter(2)
    patches = 0
    chooser = careful_chooser(2)
    while True:
        if view is not None:
            assert "legal" not in view["view"]
            assert view["move"] == whole["move"]
            expected = view_document(whole)
            expected["view"] = {key: value for key, value in whole["view"].items()
                                if key != "legal"}
            assert mirror.document == expected
            assert mirror.log == old.log()
            if view["legal"] and view["status"] == "playing":
                new.send({"type": "act", "action": chooser(view), "move": view["move"]})
        message = new.recv()
        assert message["version"] == 2, message["type"]
        v2.validate_python(message)
        if message["type"] == "game_over":
            assert "hanablive" not in message
            break
        view = mirror.read(message)
        if message["type"] == "view_patch":
            assert view is not None
            patches += 1
            whole = old.until("view")
    assert patches > 5
    # Asked for, the whole view comes again, with the whole log.
    new.send({"type": "ask_view", "ref": "again"})
    again = new.until("view")
    assert again["ref"] == "again"
    assert again["log_start"] == 0
    assert mirror.read(again) is not None
    # The same moves (a finished game's log also tells the bot's reasons).
    assert [{**entry, "reason": None} for entry in mirror.log] == [
        {**entry, "reason": None} for entry in old.log()]
    assert any(entry.get("reason") for entry in mirror.log)


def test_an_unsupported_version_is_refused_naming_the_versions_spoken(
        server: Running) -> None:
    table = server.create("hanabi", [None, "easy"], seed=9, autostart=True)
    _seat, token = server.sit(table, "Ann")
    client = server.client()
    client.send({"type": "join", "table": table, "token": token, "version": 3})
    error = client.until("error")
    assert error["code"] == "unsupported_version"
    assert error["supported"] == [1, 2]
    assert "1, 2" in error["message"]
    # Nothing happened: the same connection joins with a version the server speaks.
    join(client, table, token, 2)
    # Later messages name the connection's version or none.
    client.send({"type": "ping", "version": 1, "ref": "p"})
    error = client.until("error")
    assert error["code"] == "version"
    assert error["version"] == 2
    client.send({"type": "ping", "ref": "q"})
    assert client.until("pong") == {"type": "pong", "version": 2, "ref": "q"}
    client.send({"type": "ask_view", "version": 2})
    assert client.until("view")["log_start"] == 0
    # A version 1 connection has no ask_view.
    old = server.client()
    join(old, table, token, 1)
    old.send({"type": "ask_view"})
    assert old.until("error")["code"] == "bad_message"
    response = server.request("POST", "/api/tables", {
        "game": "hanabi", "seats": [{}, {}], "version": 2})
    assert response.status_code == 201, "the lobby takes either version"


def test_net_applies_patches_and_asks_again_when_one_does_not_fit(server: Running) -> None:
    lobby = net.Lobby(server.http)
    table = lobby.create_table("hanabi", [None, "random"], seed=12)["table"]
    ticket = lobby.take_seat(table, "Outsider")
    lobby.start(ticket)

    async def play() -> tuple[dict[str, Any], net.RemoteSeat, int, bool]:
        async with net.RemoteSeat.seat(server.http, ticket) as seat:
            rng = random.Random(3)
            spoiled, whole_again = 0, False
            async for message in seat.messages():
                if message["type"] == "game_over":
                    return message, seat, spoiled, whole_again
                if message["type"] != "view":
                    continue
                if spoiled and message["log_start"] == 0:  # the whole view it asked for
                    whole_again = True
                if not message["legal"]:
                    continue
                if message["move"] >= 10 and not spoiled:
                    # As if a patch had been missed: the next one does not fit, and the
                    # session asks for its whole view (and plays on from it).
                    assert seat.mirror.document is not None
                    seat.mirror.document = {**seat.mirror.document, "move": -1}
                    spoiled = message["move"]
                careful = [choice for choice in message["legal"]
                           if not choice["notation"].startswith("play")]  # a longer game
                await seat.act(rng.choice(careful or message["legal"])["id"], message["move"])
        raise AssertionError("the session ended before the game")

    over, seat, spoiled, whole_again = asyncio.run(asyncio.wait_for(play(), TIMEOUT * 3))
    assert spoiled >= 10
    assert whole_again
    assert over["type"] == "game_over"
    assert seat.welcome is not None
    # The view the session ended with is the server's whole view of the end.
    client = server.client()
    final = join(client, table, ticket.token, 2)
    assert seat.mirror.document == view_document(final)
    # The same moves (a finished game's log, joined now, also tells the bot's reasons).
    assert [{**entry, "reason": None} for entry in seat.mirror.log] == [
        {**entry, "reason": None} for entry in final["log"]]
