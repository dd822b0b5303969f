"""The server's messages as each protocol version has them (``docs/server-protocol.md``,
Changes).

The server builds every message as the newest version has it; :func:`as_version` turns one
into an older version's shape, so that a client keeps getting what its version documented:

* **Version 1** had a seat's legal actions inside its view too (``view.legal``, the actions
  as objects; empty when another seat is to act) and the one foreign export it knew at the
  top of ``game_over`` (``hanablive``); it gets every view whole (never a ``view_patch``).
* **Version 2** moved them (the message's ``legal`` alone, ``game_over.exports``) and sends a
  connection's views after its first as patches (:mod:`cardgames.wire.patch`).

Fields added within a version reach every version (a client ignores fields it does not know).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pydantic_core
from pydantic import BaseModel

from cardgames.wire.messages import PROTOCOL_VERSION, SUPPORTED_VERSIONS

__all__ = ["as_version", "message_json", "unsupported"]

V1_EXPORT = "hanablive"
"""The export version 1 carried at the top of ``game_over`` (it knew no other)."""


def as_version(data: Mapping[str, Any], version: int) -> dict[str, Any]:
    """The server message `data` (JSON data, as :data:`PROTOCOL_VERSION` has it) as
    `version` has it."""
    shaped = {**data, "version": version}
    if version >= PROTOCOL_VERSION:
        return shaped
    kind = data.get("type")
    if kind == "game_over":
        exports = data.get("exports")
        shaped[V1_EXPORT] = exports.get(V1_EXPORT) if isinstance(exports, Mapping) else None
    elif kind == "view" and data.get("seat") is not None and data.get("view"):
        shaped["view"] = {**data["view"],
                          "legal": [choice["action"] for choice in data.get("legal", ())]}
    return shaped


def message_json(message: BaseModel | Mapping[str, Any], version: int) -> str:
    """`message` (a server message's model, or its JSON data) encoded as `version` has it."""
    data = message.model_dump(mode="json") if isinstance(message, BaseModel) else message
    return pydantic_core.to_json(as_version(data, version)).decode()


def unsupported(version: Any) -> str | None:
    """Why `version` (a message's ``version``, None when it names none) is no version the
    server speaks; None when it is one."""
    if version is None or (type(version) is int and version in SUPPORTED_VERSIONS):
        return None
    spoken = ", ".join(map(str, SUPPORTED_VERSIONS))
    shown = repr(version) if len(repr(version)) <= 40 else repr(version)[:37] + "..."
    return (f"protocol version {shown} is not one this server speaks; it speaks "
            f"{spoken} (a message naming none is read as 1)")
