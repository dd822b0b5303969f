"""Agents choose actions from what their seat may see. Humans at the terminal are agents too."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["Agent", "RandomAgent"]

A = TypeVar("A")


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of the legal actions, given its seat's view."""

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """Return one element of `legal`."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """A uniformly random legal action."""
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomAgent()"
