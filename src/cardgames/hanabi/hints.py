"""Hints for Hanabi: what the H-Group bot (its top level, the bot for tables with people)
would do in a seat, and why, in words, led by how it read the latest clue that concerns the
seat; and what a seat can tell about a card (critical, trash, playable).

Used by the line mode's ``hint`` and by the app (its hint screen and its card marks). Reasons
are read from the seat's view only, as the bot reads it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from cardgames.core.agents import Hint
from cardgames.hanabi.actions import HanabiAction
from cardgames.hanabi.bots import needed_cards
from cardgames.hanabi.cards import Card
from cardgames.hanabi.hgroup import HGroupBot
from cardgames.hanabi.view import HanabiView

__all__ = ["card_status", "hint", "known_status"]


def card_status(view: HanabiView, card: Card) -> str | None:
    """``trash`` (no firework can use it: already played, every copy discarded, or above a
    card whose every copy is discarded), ``playable`` (fits a firework now), ``critical``
    (the last copy: every other one is discarded), or None."""
    variant = view.variant
    copies = variant.copies(variant.suit_of(card.suit), card.rank)
    discarded = Counter(view.discards)[card]
    # needed_cards keeps the lowest card of a cut-off row (every copy gone) as needed.
    if card not in needed_cards(view) or discarded >= copies:
        return "trash"
    if card in view.playable:
        return "playable"
    if discarded >= copies - 1:
        return "critical"
    return None


def known_status(view: HanabiView, possible: Iterable[Card]) -> str | None:
    """The status every card in `possible` shares, or None (what a player can deduce)."""
    statuses = {card_status(view, card) for card in possible}
    return statuses.pop() if len(statuses) == 1 else None


def hint(view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
    """What the H-Group bot would do in the view's seat, and why."""
    # A fresh bot reads the seat's view and its history, like a partner joining now.
    return HGroupBot(0).explain(view, legal)


