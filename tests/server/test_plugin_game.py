"""A plug-in game gets the server for free: the tiny test game (tests/tinygame), registered
the way a plug-in is, is played whole through the server, a person against a bundled bot;
its views read back as its own values. It has no spectator view, so its tables refuse
spectators with one clear error. Its web table is the folder its GameInfo names
(``web_assets``), served beside the built-in games' tables."""

from __future__ import annotations

from importlib import resources

import pytest

import cardgames
from cardgames.core.errors import OptionsError
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


@pytest.fixture
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Registry:
    """The tiny game registered at run time, beside the built-in games."""
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info())
    monkeypatch.setattr(cardgames, "registry", registry)
    return registry


def test_its_web_table_is_served_from_its_own_folder(
    server: Running, tiny_registered: Registry
) -> None:
    folder = resources.files("tinygame").joinpath("web")
    assert cardgames.get_game("tiny").web_folder() == folder
    for name, kind in (("tiny.js", "javascript"), ("tiny.css", "text/css")):
        served = server.request("GET", f"/games/tiny/{name}")
        assert served.status_code == 200, name
        assert kind in served.headers["content-type"], name
        assert served.text == folder.joinpath(name).read_text(encoding="utf-8")
    # The shell asks whether a file is there before it imports or links it.
    assert server.request("HEAD", "/games/tiny/tiny.js").status_code == 200
    absent = server.request("GET", "/games/tiny/nothing.js")
    assert absent.status_code == 404
    assert absent.json()["code"] == "not_found"
    # Nothing outside the game's folder, however the path is written.
    for escape in ("/games/tiny/..%2f__init__.py", "/games/tiny/%2e%2e/state.py"):
        assert server.request("GET", escape).status_code == 404, escape


def test_a_game_without_a_web_folder_is_drawn_generically(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info(web_assets=None))
    monkeypatch.setattr(cardgames, "registry", registry)
    assert cardgames.get_game("tiny").web_folder() is None
    missing = server.request("GET", "/games/tiny/tiny.js")
    assert missing.status_code == 404  # the shell then draws the view's fields itself
    refused = missing.json()
    assert (refused["code"], refused["message"]) == (
        "not_found", "no web table for the game 'tiny'")


def test_a_web_folder_that_is_not_one_is_refused_in_one_line() -> None:
    for bad in ("tinygame", "tinygame:", "tinygame:../tinygame", "tinygame:nothing"):
        with pytest.raises(OptionsError, match=r"web assets .* (write \"package:folder\"|"
                           r"which is no folder)"):
            make_info(web_assets=bad).web_folder()


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
