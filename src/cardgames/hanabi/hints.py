"""Hints for Hanabi: what the H-Group bot (its top level, the bot for tables with people)
would do in a seat, and why, in words, led by how it read the latest clue that concerns the
seat; and what a seat can tell about a card (critical, trash, playable).

Used by the line mode's ``hint`` and by the app (its hint screen and its card marks). Reasons
are read from the seat's view only, as the bot reads it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from cardgames.core.agents import Hint
from cardgames.core.cache import Recent
from cardgames.hanabi.actions import HanabiAction
from cardgames.hanabi.bots import needed_cards
from cardgames.hanabi.cards import Card
from cardgames.hanabi.hgroup import HGroupBot
from cardgames.hanabi.view import HanabiView

__all__ = ["card_status", "hint", "known_status", "spectator_hands", "status_reader", "table_aids"]


def card_status(view: HanabiView, card: Card) -> str | None:
    """``trash`` (no firework can use it: already played, every copy discarded, or above a
    card whose every copy is discarded), ``playable`` (fits a firework now), ``critical``
    (the last copy: every other one is discarded), or None."""
    return status_reader(view)(card)


def status_reader(view: HanabiView) -> Callable[[Card], str | None]:
    """:func:`card_status` of `view` for any number of cards: what every card's status
    reads (the needed cards, the discard counts) is worked out once, and each card's status
    once (a table marks every card of every hand, and their possible cards, each move)."""
    return _marks_of(view).status


class _Marks:
    """The statuses of cards under one public position (variant, fireworks, discards): the
    same for every seat's view of it and the spectators', so worked out once for them all."""

    def __init__(self, view: HanabiView) -> None:
        self.variant = view.variant
        self.discarded = Counter(view.discards)
        # needed_cards keeps the lowest card of a cut-off row (every copy gone) as needed.
        self.needed = needed_cards(view)
        self.playable = view.playable
        self.known: dict[Card, str | None] = {}
        self.shared: dict[frozenset[Card], str | None] = {}

    def status(self, card: Card) -> str | None:
        if card in self.known:
            return self.known[card]
        variant = self.variant
        copies = variant.copies(variant.suit_of(card.suit), card.rank)
        gone = self.discarded[card]
        found: str | None
        if card not in self.needed or gone >= copies:
            found = "trash"
        elif card in self.playable:
            found = "playable"
        elif gone >= copies - 1:
            found = "critical"
        else:
            found = None
        self.known[card] = found
        return found

    def status_of_any(self, possible: frozenset[Card]) -> str | None:
        """The status every card in `possible` shares, or None (remembered: a hand's
        possible cards are a few sets, again in every view)."""
        if possible in self.shared:
            return self.shared[possible]
        statuses = {self.status(card) for card in possible}
        found = statuses.pop() if len(statuses) == 1 else None
        self.shared[possible] = found
        return found


_MARKS_KEPT: Final = 16
"""Public positions whose statuses are kept (a move's views share one; tables interleave)."""
_MARKS: Recent[tuple[Any, ...], _Marks] = Recent(_MARKS_KEPT)


def _marks_of(view: HanabiView) -> _Marks:
    key = (view.variant, view.fireworks, view.discards, view.playable)
    marks = _MARKS.get(key)
    if marks is None:
        marks = _MARKS.add(key, _Marks(view))
    return marks


def known_status(
    view: HanabiView, possible: Iterable[Card],
    status: Callable[[Card], str | None] | None = None,
) -> str | None:
    """The status every card in `possible` shares, or None (what a player can deduce).
    `status`: a :func:`status_reader` of `view` already made (else one is)."""
    read = status_reader(view) if status is None else status
    statuses = {read(card) for card in possible}
    return statuses.pop() if len(statuses) == 1 else None


def table_aids(view: Any) -> dict[str, Any]:
    """What a table shows beside the cards (the server's ``table_aids`` hook): ``marks``,
    each card in a hand by its order: ``playable``, ``critical``, ``trash`` or None, as far
    as the viewer can tell (a card it sees by its identity, any other card by the status
    every card it may be shares). `view` is a seat's view or the public view."""
    hands = (view.hands if hasattr(view, "hands") else
             [view.own_hand if seat == view.seat else hand
              for seat, hand in enumerate(view.other_hands)])
    marks = _marks_of(view)
    return {"marks": {
        str(slot.order): (marks.status_of_any(frozenset(slot.possible))
                          if getattr(slot, "card", None) is None else marks.status(slot.card))
        for hand in hands for slot in hand}}


def hint(view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
    """What the H-Group bot would do in the view's seat, and why."""
    # A fresh bot reads the seat's view and its history, like a partner joining now.
    return HGroupBot(0).explain(view, legal)




def spectator_hands(state: Any, public: dict[str, Any]) -> dict[str, Any]:
    """A table's spectators see every hand, as on hanab.live (the server's ``spectator_hands``
    hook): the public view's ``hands`` with each slot's ``card`` filled in. The draw pile and
    the hole stay hidden."""
    return {"hands": [[{**slot, "card": str(state.card_at(slot["order"]))} for slot in hand]
                      for hand in public["hands"]]}
