"""Hints for Ikebana: what the greedy bot would do in a seat, and why, in words.

Used by the line mode's ``hint`` and by the app's hint screen. The reasons give the bot's own
estimate: a bouquet's expected final score (``bouquet_potential``) against the prices
(:func:`cardgames.ikebana.bots.greedy_reason`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.agents import Hint
from cardgames.ikebana.actions import IkebanaAction
from cardgames.ikebana.bots import GreedyBot
from cardgames.ikebana.view import IkebanaView

__all__ = ["hint"]


def hint(view: IkebanaView, legal: Sequence[IkebanaAction]) -> Hint[IkebanaAction]:
    """What the greedy bot would do in the view's seat, and why."""
    return GreedyBot(0).explain(view, legal)
