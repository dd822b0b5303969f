"""The turn loop: each agent acts on its own view until the game is over."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from cardgames.core.agents import Agent
from cardgames.core.errors import IllegalActionError
from cardgames.core.game import Event, State
from cardgames.core.record import Record

__all__ = ["Observer", "play"]


class Observer(Protocol):
    """Told about every move (a renderer, a recorder, a progress display)."""

    def on_action(self, state: State[Any], seat: int, action: Any, events: list[Event]) -> None:
        """Called after `seat` applied `action` to `state`, which caused `events`."""
        ...


def play(
    state: State[Any],
    agents: Sequence[Agent] | Mapping[int, Agent],
    observers: Iterable[Observer] = (),
    *,
    max_moves: int | None = None,
) -> Record:
    """Play `state` to its end and return its record.

    `agents` is indexed by seat. An agent sees only ``state.view(seat)``, so imperfect
    information is enforced here. An agent returning an illegal action raises
    IllegalActionError naming the agent's seat. `max_moves` guards against a game that
    would not end (RuntimeError when exceeded).
    """
    watchers = tuple(observers)
    moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None, "a game that is not over has a player to act"
        legal = state.legal_actions()
        action = agents[seat].act(state.view(seat), legal)
        if not state.is_legal(action):
            raise IllegalActionError(
                action, f"the agent in seat {seat} chose it but it is not legal now", legal
            )
        events = state.apply(action)
        for watcher in watchers:
            watcher.on_action(state, seat, action, events)
        moves += 1
        if max_moves is not None and moves > max_moves:
            raise RuntimeError(f"the game did not end within {max_moves} moves")
    return state.record()
