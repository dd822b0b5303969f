"""Hints for Hanabi: what the convention bot would do in a seat, and why, in words; and what a
seat can tell about a card (critical, trash, playable).

Used by the line mode's ``hint`` and by the app (its hint screen and its card marks). Reasons
are read from the seat's view only, as the bot reads it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from cardgames.core.agents import Hint
from cardgames.hanabi.actions import (
    BonusClue,
    Clue,
    DeckPlay,
    Discard,
    HanabiAction,
    Play,
)
from cardgames.hanabi.bots import ConventionBot, needed_cards
from cardgames.hanabi.cards import Card
from cardgames.hanabi.knowledge import HanabiView

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
    """What the convention bot would do in the view's seat, and why."""
    # A fresh bot reads the seat's view and its history, like a partner joining now.
    action = ConventionBot(0).act(view, legal)
    return Hint(action, _reason(view, action))


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(sorted(map(str, cards)))


def _reason(view: HanabiView, action: HanabiAction) -> str:
    """Why the convention bot's move makes sense, from what the seat's view shows."""
    if isinstance(action, Play):
        own = view.own_hand[action.slot - 1]
        if own.possible <= view.playable:
            return (f"the clues leave #{action.slot} only {_cards_text(own.possible)}, and "
                    f"every one of them is playable now")
        if own.touched:
            return (f"a clue touched #{action.slot}; in the convention bot's conventions the "
                    f"focus of a clue is playable now, and of what it may be "
                    f"({_cards_text(own.possible)}) the playable ones fit what the clue said")
        return (f"the deck is empty and a fuse is to spare: #{action.slot} is the card most "
                f"likely to be playable")
    if isinstance(action, Discard):
        own = view.own_hand[action.slot - 1]
        if known_status(view, own.possible) == "trash":
            return (f"#{action.slot} can only be a card no firework needs any more (played "
                    f"already, or above a card whose every copy is gone)")
        untouched = [slot.slot for slot in view.own_hand if not slot.touched]
        if untouched and action.slot == untouched[-1]:
            return (f"#{action.slot} is your chop, your oldest card no clue has touched: "
                    f"discarding there regains a clue token, and partners save a critical "
                    f"card on your chop before you lose it")
        return (f"every card of yours is clued; #{action.slot} is the one least likely to "
                f"still be needed")
    if isinstance(action, Clue | BonusClue):
        hand = view.other_hands[action.target]
        name = view.players[action.target]
        touched = [slot for slot in hand if view.variant.clue_touches(slot.card, action.value)]
        if not touched:
            return (f"an empty clue: it tells {name} what they do not hold, and spends a token "
                    f"rather than discarding while tokens are plentiful")
        parts: list[str] = []
        for slot in touched:
            status = card_status(view, slot.card)
            parts.append(f"{slot.card} in #{slot.slot}" + (f" ({status})" if status else ""))
        unclued = [slot for slot in hand if not slot.touched]
        chop = unclued[-1] if unclued else None
        why = f"it touches {', '.join(parts)} in {name}'s hand"
        if chop is not None and chop in touched and card_status(view, chop.card) == "critical":
            return why + f": it saves {name}'s chop, {chop.card}, the last copy left"
        if any(card_status(view, slot.card) == "playable" for slot in touched):
            return why + f": {name} can play the playable card it points at"
        return why + ": a clue that only narrows cards already clued keeps every chop safe"
    if isinstance(action, DeckPlay):
        return "the deck's last card is played blind: one more chance to score"
    return "the bonus tile's choice that helps the fireworks most"
