"""PLACEHOLDER until the wire branch's view codecs are merged: the seat's view as its repr
would leak nothing the view does not hold, but it is not a codec. Replaced by wire's file."""

from __future__ import annotations

from typing import Any

from cardgames.core.game import State

__all__ = ["seat_view", "spectator_view"]


def seat_view(state: State[Any], seat: int) -> dict[str, Any]:
    """The seat's view (placeholder: its text)."""
    return {"text": repr(state.view(seat))}


def spectator_view(state: State[Any]) -> dict[str, Any]:
    """A spectator's view (placeholder: the players only)."""
    return {"players": list(state.players)}
