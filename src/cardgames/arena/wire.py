"""The messages an ``exec:`` seat reads: JSON objects, one a line (docs/arena.md).

A seat's view and its legal actions are in the game server's encoding, the same JSON as the
``view`` message of docs/server-protocol.md, so a bot written for the arena reads what a bot
at the server reads. :func:`encode_turn` is the one place that encoding is reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardgames.core.game import State

__all__ = ["PROTOCOL", "encode_turn", "finish_message", "start_message", "turn_message"]

PROTOCOL: Final = 1
"""The version of the arena's messages; a change that is not an added field bumps it."""


def encode_turn(state: State[Any], seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`seat`'s view and its legal actions as the server's ``view`` message holds them
    (``view`` and ``legal``)."""
    # The encoder needs cattrs (the server extra): imported when an exec seat first plays.
    from cardgames.wire.encode import legal_choices, seat_view  # noqa: PLC0415

    return seat_view(state, seat), legal_choices(state, seat)


def start_message(state: State[Any], seat: int, bot_seed: int) -> dict[str, Any]:
    """The first message of a game: what the program needs to set itself up."""
    return {
        "type": "start", "protocol": PROTOCOL, "game": state.game_name, "seat": seat,
        "players": list(state.players), "options": state.options.to_dict(),
        "seed": bot_seed,
    }


def turn_message(state: State[Any], seat: int) -> dict[str, Any]:
    """The message asking `seat` for its move: the program answers one line."""
    view, legal = encode_turn(state, seat)
    return {"type": "view", "seat": seat, "move": state.move_count, "view": view,
            "legal": legal}


def finish_message(state: State[Any], seat: int, scores: Sequence[int],
                   fault: Mapping[str, Any] | None) -> dict[str, Any]:
    """The last message of a game; the program's input ends after it."""
    return {"type": "game_over", "seat": seat, "scores": list(scores),
            "fault": None if fault is None else dict(fault)}
