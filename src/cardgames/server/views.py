"""Deprecated: views as JSON are :mod:`cardgames.wire.encode` and
:mod:`cardgames.wire.decode` (this alias is kept for one release, then goes)."""

from __future__ import annotations

import warnings

from cardgames.wire.decode import legal_from_json, view_from_json
from cardgames.wire.encode import (
    action_choice,
    legal_choices,
    seat_log,
    seat_view,
    spectator_log,
    spectator_view,
    table_aids,
    to_json,
    to_json_action,
)

__all__ = [
    "action_choice",
    "legal_choices",
    "legal_from_json",
    "seat_log",
    "seat_view",
    "spectator_log",
    "spectator_view",
    "table_aids",
    "to_json",
    "to_json_action",
    "view_from_json",
]

warnings.warn("cardgames.server.views is deprecated: import cardgames.wire.encode and "
              "cardgames.wire.decode", DeprecationWarning, stacklevel=2)
