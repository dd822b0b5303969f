"""A plug-in game gets the server for free: the tiny test game (tests/tinygame), registered
the way a plug-in is, is played whole through the server, a person against a bundled bot;
its views read back as its own values. It has no spectator view, so its tables refuse
spectators with one clear error."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.core.record import Record
from cardgames.core.registry import Registry
from cardgames.wire.decode import legal_from_json, view_from_json
from cardgames.wire.encode import seat_view
from server.kit import Running, random_chooser
from tinygame import make_info


def test_the_tiny_game_is_played_whole_through_the_server(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info())
    monkeypatch.setattr(cardgames, "registry", registry)

    table = server.create("tiny", [None, "high"], seed=3, autostart=True)
    seat, token = server.sit(table, "Ann")
    spectator = server.client()
    spectator.send({"type": "spectate", "table": table})
    refused = spectator.until("error")
    assert refused["code"] == "forbidden"
    assert "no spectator view" in refused["message"]
    person = server.client()
    first = person.join(table, token)
    assert first["status"] == "playing"
    shown = view_from_json("tiny", first["view"])
    assert shown.seat == seat
    if first["legal"]:
        state = cardgames.get_game("tiny")  # the legal actions read back as the game's own
        assert len(legal_from_json(state.state_type, first["legal"])) == len(first["legal"])

    over = person.play(random_chooser(5))
    assert over is not None
    assert over["exports"] == {}  # the tiny game writes no foreign format
    final = cardgames.replay(Record.from_dict(over["record"]))
    assert final.is_over
    assert final.scores() == over["scores"]
    views = [message for message in person.received if message["type"] == "view"]
    assert views[-1]["status"] == "over"
    assert all("marks" not in message["view"] for message in views)  # no table aids
    for client in (person, spectator):
        client.close()


def decode_tiny(data: dict[str, object]) -> tuple[str, object]:
    """A game's own view decoder (named on its GameInfo below)."""
    return ("decoded by the game", data.get("type"))


def test_a_game_that_names_its_view_decoder_has_its_views_read_by_it(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = dict(cardgames.registry.targets)
    registry = Registry(dict(targets))
    registry.register(make_info(view_decoder="server.test_plugin_game:decode_tiny"))
    monkeypatch.setattr(cardgames, "registry", registry)
    state = cardgames.new_game("tiny", seed=1)
    data = seat_view(state, 0)
    assert view_from_json("tiny", data) == ("decoded by the game", "TinyView")
    assert view_from_json(type(state), data) == ("decoded by the game", "TinyView")
    # Without one, the generic decoder reads the view back as the game's own value.
    plain = Registry(dict(targets))
    plain.register(make_info())
    monkeypatch.setattr(cardgames, "registry", plain)
    assert view_from_json("tiny", data) == state.view(0)
