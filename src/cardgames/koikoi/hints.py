"""Hints for Koi-Koi: what the greedy bot would do in a seat, and why, in words.

Used by the line mode's ``hint`` and by the app's hint screen. The words are the greedy bot's
own (:func:`cardgames.koikoi.bots.reason`): a move's reason names the yaku it brings closer
and what it keeps from the opponent, then the bot's evaluation; a koi-koi decision's reason
gives the facts the bot's risk rule weighs.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.agents import Hint
from cardgames.koikoi.actions import KoiKoiAction
from cardgames.koikoi.bots import GreedyBot, reason
from cardgames.koikoi.view import KoiKoiView

__all__ = ["hint", "reason"]


def hint(view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> Hint[KoiKoiAction]:
    """What the greedy bot would do in the view's seat, and why."""
    return GreedyBot(0).explain(view, legal)
