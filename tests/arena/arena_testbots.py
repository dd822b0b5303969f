"""Python bots for the arena's tests, seated as ``arena_testbots:NAME``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class FirstLegal:
    """Always the first legal move."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


class Raises:
    """A bot with a bug: it raises on its first move."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        raise RuntimeError("a bug in this bot")


def first_legal(seed: int) -> FirstLegal:
    return FirstLegal()


def raises(seed: int) -> Raises:
    return Raises()
