"""The protocol's published JSON Schemas are the models' own, and the docs name every
message and error code."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest
from fastapi.routing import APIRoute
from pydantic import ValidationError

from cardgames.server.app import Settings, create_app
from cardgames.server.catalogue import game_catalogue
from cardgames.wire import messages as protocol

DOCS = Path(__file__).resolve().parents[2] / "docs"


SCHEMA_FILES = {1: "server-protocol-schemas.json", 2: "server-protocol-schemas-v2.json"}


def test_the_published_schemas_are_the_models() -> None:
    assert set(SCHEMA_FILES) == set(protocol.SUPPORTED_VERSIONS)
    for version, name in SCHEMA_FILES.items():
        published = (DOCS / name).read_text(encoding="utf-8")
        assert published == protocol.schemas_json(version), (
            f"docs/{name} is out of date: run "
            f"python -m cardgames.wire.messages {version} > docs/{name}"
        )
    page = (DOCS / "server-protocol.md").read_text(encoding="utf-8")
    assert '--8<-- "docs/server-protocol-schemas.json"' in page
    assert "(server-protocol-schemas-v2.json)" in page


def test_each_version_has_its_own_messages_and_shapes() -> None:
    v1, v2 = protocol.schemas(1), protocol.schemas(2)
    assert {"ViewPatch", "AskView"}.isdisjoint(v1)
    assert {"ViewPatch", "AskView"} <= v2.keys()
    assert v1["GameOver"]["properties"]["version"]["const"] == 1
    assert v2["GameOver"]["properties"]["version"]["const"] == 2
    assert "hanablive" in v1["GameOver"]["properties"]
    assert "hanablive" not in v2["GameOver"]["properties"]
    kinds: dict[int, set[str]] = {1: set(), 2: set()}
    for version, kind in kinds.items():
        union = protocol.schemas(version)["ClientMessage"]["discriminator"]["mapping"]
        kind.update(union)
    assert kinds[2] - kinds[1] == {"ask_view"}
    # A message of one version is not read as another's.
    with pytest.raises(ValidationError):
        protocol.client_message_adapter(1).validate_python({"type": "ask_view"})
    with pytest.raises(ValidationError):
        protocol.client_message_adapter(1).validate_python(
            {"type": "ping", "version": 2})
    asked = protocol.client_message_adapter(2).validate_python(
        {"type": "ask_view", "version": 2, "ref": 7})
    assert isinstance(asked, protocol.AskView)
    assert (asked.version, asked.ref) == (2, 7)


def test_the_docs_name_every_message_and_error_code() -> None:
    page = (DOCS / "server-protocol.md").read_text(encoding="utf-8")
    schemas = json.loads(protocol.schemas_json(protocol.PROTOCOL_VERSION))
    for model in (*protocol.CLIENT_MESSAGES, *protocol.SERVER_MESSAGES):
        kind = model.model_fields["type"].default
        assert f"| `{kind}` |" in page, kind
        assert model.__name__ in schemas
    for model in protocol.LOBBY_MODELS:
        assert model.__name__ in schemas
    for code in typing.get_args(protocol.ErrorCode):
        assert f"`{code}`" in page, code


def test_every_message_reads_back_from_its_json() -> None:
    error = protocol.Error(ref="r1", code="illegal", message="no")
    assert protocol.server_message_adapter().validate_json(error.model_dump_json()) == error
    act = protocol.client_message_adapter().validate_python(
        {"type": "act", "action": "play 1", "move": 3, "ref": 5})
    assert act == protocol.Act(action="play 1", move=3, ref=5)


def test_every_lobby_answer_has_a_published_schema() -> None:
    app = create_app(Settings(db="sqlite://"))
    routes = [route for route in app.routes
              if isinstance(route, APIRoute) and route.path.startswith("/api/")]
    assert len(routes) >= 8
    schemas = json.loads(protocol.schemas_json())
    for route in routes:
        assert route.response_model is not None, route.path
        assert route.response_model.__name__ in schemas, route.path
    # The catalogue is what its schema says, no field more (the model forbids others).
    assert protocol.GameCatalogue.model_validate(game_catalogue()).model_dump(
        exclude_unset=True) == game_catalogue()
