"""Hints for Ikebana: what the greedy bot would do in a seat, and why, in words.

Used by the line mode's ``hint`` and by the app's hint screen. The reasons give the bot's own
estimate: a bouquet's expected final score (``bouquet_potential``) against the prices.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.agents import Hint
from cardgames.ikebana.bots import GreedyBot, bouquet_potential
from cardgames.ikebana.cards import Card
from cardgames.ikebana.state import KEEP, REFUSE, Buy, IkebanaAction, IkebanaView

__all__ = ["hint"]


def hint(view: IkebanaView, legal: Sequence[IkebanaAction]) -> Hint[IkebanaAction]:
    """What the greedy bot would do in the view's seat, and why."""
    action: IkebanaAction = GreedyBot(0).act(view, legal)
    return Hint(action, _reason(view, action))


def _estimate(view: IkebanaView, cards: Sequence[Card]) -> float:
    return view.score_factor * bouquet_potential(
        [card.code for card in cards], view.rules.multicolour_wild
    )


def _reason(view: IkebanaView, action: IkebanaAction) -> str:
    """The greedy bot's estimate behind the move: a bouquet's expected final score (its
    ``bouquet_potential``) against the prices."""
    mine = view.bouquets[view.seat]
    now = _estimate(view, mine)
    if action is KEEP or action is REFUSE:
        pending = view.pending
        assert pending is not None
        kept = _estimate(view, [*mine, pending.card])
        if action is KEEP:
            why = (f"with {pending.card} your bouquet's expected final score is {kept:.1f} "
                   f"(now {now:.1f})")
            if not pending.can_refuse:
                return why + "; and you cannot afford to refuse it"
            return why + f", worth more than refusing for {pending.paid} and drawing again"
        return (f"{pending.card} would leave your bouquet's expected final score at "
                f"{kept:.1f}; a fresh card is expected to do better than the {pending.paid} "
                f"prestige the refusal costs")
    if isinstance(action, Buy):
        top = view.discard_tops[action.seat]
        assert top is not None
        bought = _estimate(view, [*mine, top])
        return (f"{top} raises your bouquet's expected final score from {now:.1f} to "
                f"{bought:.1f}, more than its price of {top.value}")
    buys = [
        (top, _estimate(view, [*mine, top]) - top.value)
        for seat, top in enumerate(view.discard_tops)
        if top is not None and seat != view.seat
    ]
    if not buys:
        return "no discard pile has a card to buy, so draw"
    best, gain = max(buys, key=lambda item: item[1])
    return (f"the best buy, {best}, would leave an expected {gain + best.value:.1f} less its "
            f"price {best.value}; a drawn card (keep it or refuse it) is expected to do better")
