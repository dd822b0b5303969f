"""Ikebana bots: the greedy bot (``greedy``); the random bot is the core's RandomAgent.

The greedy bot values a bouquet in progress by an estimate of its final score, ``W``: for a
finished bouquet its score; for an unfinished one, the expected value of the next card when
the player may refuse once (at a price) before having to keep one, recursively. ``W``
depends only on the multiset of values and of colours held, so it is a table over those
(a few thousand entries, built once per process on first use) under the deck's own card
frequencies.

On its turn the bot compares, in prestige relative to the other players:

* drawing: the expected best of keeping the drawn card or refusing it at price 1;
* buying a discard pile's top card: ``W`` with the card, minus its price;

and with a drawn card: keeping it (``W`` with the card) against refusing it (paying the price,
then the expected value of the next card), where a refused card that another player's
bouquet would gain from buying counts against refusing. A payment to another player costs
its amount plus that player's gain against us (all of it with 2 players, a share with more);
a payment to the bank costs just its amount. In the final round of the "final bouquet"
variant bouquet values count double against prices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import TypeVar, cast

from cardgames.ikebana.cards import CARDS, COPIES, DECK_SIZE
from cardgames.ikebana.rules import RefusalPayee, UnaffordableRefusal
from cardgames.ikebana.scoring import (
    BOUQUET_SIZE,
    COLOUR_WEIGHT,
    COMBO_POINTS,
    VALUE_WEIGHT,
    multiplier_table,
)
from cardgames.ikebana.state import DRAW, KEEP, REFUSE, Buy, IkebanaAction, IkebanaView

__all__ = ["GreedyBot", "bouquet_potential"]

A = TypeVar("A")

_KEY_SPAN = 6**6  # colour keys are below this, so value_key * span + colour_key is unique
_TABLE_REFUSAL_PRICE = 2.0  # the refusal cost assumed inside the table (a 2-player price 1)
_DECK_ODDS = tuple(COPIES[code] / DECK_SIZE for code in range(30))


@cache
def _potential_table(multicolour_wild: bool = True) -> dict[int, float]:
    """W for every reachable (value multiset, colour multiset) of 0..4 cards."""
    multipliers = multiplier_table(multicolour_wild)
    levels: list[set[tuple[int, int]]] = [{(0, 0)}]
    for _ in range(BOUQUET_SIZE - 1):
        levels.append(
            {
                (vk + VALUE_WEIGHT[c], ck + COLOUR_WEIGHT[c])
                for vk, ck in levels[-1]
                for c in range(30)
            }
        )
    table: dict[int, float] = {}
    odds = _DECK_ODDS
    for size in range(BOUQUET_SIZE - 1, -1, -1):
        for vk, ck in levels[size]:
            nexts: list[float]
            if size == BOUQUET_SIZE - 1:
                nexts = [
                    float(COMBO_POINTS[vk + VALUE_WEIGHT[c]] * multipliers[ck + COLOUR_WEIGHT[c]])
                    for c in range(30)
                ]
            else:
                nexts = [
                    table[(vk + VALUE_WEIGHT[c]) * _KEY_SPAN + ck + COLOUR_WEIGHT[c]]
                    for c in range(30)
                ]
            keep_any = sum(p * x for p, x in zip(odds, nexts, strict=True))
            floor = keep_any - _TABLE_REFUSAL_PRICE
            table[vk * _KEY_SPAN + ck] = sum(
                p * (x if x > floor else floor) for p, x in zip(odds, nexts, strict=True)
            )
    return table


def bouquet_potential(codes: Sequence[int], multicolour_wild: bool = True) -> float:
    """The estimated final score of a bouquet holding `codes` (its score once it has 5)."""
    value_key = sum(VALUE_WEIGHT[c] for c in codes)
    colour_key = sum(COLOUR_WEIGHT[c] for c in codes)
    if len(codes) >= BOUQUET_SIZE:
        return float(COMBO_POINTS[value_key] * multiplier_table(multicolour_wild)[colour_key])
    return _potential_table(multicolour_wild)[value_key * _KEY_SPAN + colour_key]


class GreedyBot:
    """Picks the action with the best estimated gain in prestige relative to the others."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int | None = None) -> None:
        # The choices are deterministic; the generator only breaks exact ties.
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def act(self, view: IkebanaView, legal: Sequence[A]) -> A:
        """The legal action with the highest estimated value."""
        if len(legal) == 1:
            return legal[0]
        values = [self._value(view, cast(IkebanaAction, action)) for action in legal]
        best = max(values)
        choices = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        return choices[0] if len(choices) == 1 else self._rng.choice(choices)

    # ------------------------------------------------------------------ valuation
    def _value(self, view: IkebanaView, action: IkebanaAction) -> float:
        seat = view.seat
        mine = [card.code for card in view.bouquets[seat]]
        factor = view.score_factor
        pending = view.pending
        wild = view.rules.multicolour_wild
        if action is KEEP:
            assert pending is not None  # keep is only legal with a drawn card
            return factor * bouquet_potential([*mine, pending.card.code], wild)
        odds = _unseen_odds(view)
        if action is DRAW:
            return self._draw_value(view, mine, odds, view.next_refusal_price)
        if action is REFUSE:
            assert pending is not None  # refuse is only legal with a drawn card
            cost = pending.paid * _payment_weight(view, pending.payee)
            gift = _gift_to_others(view, pending.card.code)
            return self._draw_value(view, mine, odds, pending.price + 1) - cost - gift
        assert isinstance(action, Buy)
        card = view.discard_tops[action.seat]
        assert card is not None
        price = card.value
        gain = factor * bouquet_potential([*mine, card.code], wild)
        return gain - price * _payment_weight(view, action.seat)

    def _draw_value(
        self, view: IkebanaView, mine: list[int], odds: list[float], refusal_price: int
    ) -> float:
        """Expected value of drawing: keep the card, or refuse it once at `refusal_price`."""
        factor = view.score_factor
        wild = view.rules.multicolour_wild
        nexts = [
            factor * bouquet_potential([*mine, c], wild) if p else 0.0
            for c, p in enumerate(odds)
        ]
        keep_any = sum(p * x for p, x in zip(odds, nexts, strict=True))
        seat = view.seat
        pays_what_it_has = (
            view.rules.unaffordable_refusal is UnaffordableRefusal.PAY_WHAT_YOU_HAVE
        )
        refusal_ok = view.prestige[seat] >= refusal_price or (
            pays_what_it_has and view.prestige[seat] > 0
        )
        if not refusal_ok:
            return keep_any
        weight = _payment_weight(view, _payee_after(view, refusal_price))
        floor = keep_any - min(refusal_price, view.prestige[seat]) * weight
        return sum(p * (x if x > floor else floor) for p, x in zip(odds, nexts, strict=True))


def _unseen_odds(view: IkebanaView) -> list[float]:
    """The chance of each card code being the next one drawn, from the cards not in sight."""
    left = list(COPIES)
    for bouquet in view.bouquets:
        for card in bouquet:
            left[card.code] -= 1
    for top in view.discard_tops:
        if top is not None:
            left[top.code] -= 1
    if view.pending is not None:
        left[view.pending.card.code] -= 1
    total = sum(n for n in left if n > 0)
    return [n / total if n > 0 else 0.0 for n in left] if total else list(_DECK_ODDS)


def _payee_after(view: IkebanaView, price: int) -> int | None:
    """Who receives the refusal at `price` (the price-th refusal of the turn)."""
    if view.rules.refusal_payee is RefusalPayee.BANK:
        return None
    players = len(view.players)
    return (view.seat + 1 + (price - 1) % (players - 1)) % players


def _payment_weight(view: IkebanaView, payee: int | None) -> float:
    """What paying one point to `payee` costs us relative to the table."""
    if payee is None:
        return 1.0
    others = len(view.players) - 1
    leader = max(p for s, p in enumerate(view.prestige) if s != view.seat)
    # Feeding the strongest opponent hurts more than feeding one far behind.
    boost = 1.0 if view.prestige[payee] >= leader else 0.5
    return 1.0 + (1.0 if others == 1 else boost / others * 2)


def _gift_to_others(view: IkebanaView, code: int) -> float:
    """How much a refused card (on top of our pile) helps the player who would buy it."""
    price = CARDS[code].value
    factor = view.score_factor
    best = 0.0
    for seat, bouquet in enumerate(view.bouquets):
        if seat == view.seat or len(bouquet) >= BOUQUET_SIZE or view.prestige[seat] < price:
            continue
        held = [card.code for card in bouquet]
        wild = view.rules.multicolour_wild
        gain = factor * (
            bouquet_potential([*held, code], wild) - bouquet_potential(held, wild)
        ) - price
        best = max(best, gain)
    share = 1.0 if len(view.players) == 2 else 1.0 / (len(view.players) - 1)
    return best * share
