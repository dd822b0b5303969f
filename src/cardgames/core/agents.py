"""Agents choose actions from what their seat may see. Humans at the terminal are agents too."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

__all__ = ["Agent", "Hint", "RandomAgent"]

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


@attrs.frozen
class Hint(Generic[A]):
    """What a bundled bot would do in a seat, and why, in words: the answer to ``hint`` at
    the line prompt and in the app. Each game's ``hints`` module gives them."""

    action: A
    """One of the legal actions."""
    reason: str
    """Why, from what the seat's view shows (a sentence without a final full stop)."""
