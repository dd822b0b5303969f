"""The ``hint`` word of the tiny game: what its bot would play, and why."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.agents import Hint
from tinygame.actions import Play
from tinygame.bots import highest
from tinygame.view import TinyView

__all__ = ["hint"]


def hint(view: TinyView, legal: Sequence[Play]) -> Hint[Play]:
    """The bot's play in `view`'s seat, with its reason in words."""
    action = highest(legal)
    if len(legal) == 1:
        return Hint(action, f"{action.card} is the only card in your hand")
    return Hint(action, f"{action.card} is your highest card: it adds the most to your row")
