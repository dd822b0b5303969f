"""The tiny game's bot: it plays its highest card (the most it can add to its row now)."""

from __future__ import annotations

from collections.abc import Sequence

from tinygame.actions import Play
from tinygame.view import TinyView

__all__ = ["HighCardBot", "highest"]


def highest(legal: Sequence[Play]) -> Play:
    """The play of the highest card among `legal`."""
    return max(legal, key=lambda action: action.card)


class HighCardBot:
    """Plays its highest card. It draws no chance, so its seed is only taken, as every bot
    factory's is (``GAME.bots["high"](seed)``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, view: TinyView, legal: Sequence[Play]) -> Play:
        return highest(legal)

    def __repr__(self) -> str:
        return f"HighCardBot({self.seed!r})"
