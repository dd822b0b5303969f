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

from collections.abc import Sequence
from functools import cache, lru_cache
from operator import mul
from typing import TypeVar, cast

from cardgames.core.agents import Hint, best_of, bot_seed, position_random
from cardgames.ikebana.actions import DRAW, KEEP, REFUSE, Buy, IkebanaAction
from cardgames.ikebana.cards import CARDS, COPIES, DECK_SIZE, Card
from cardgames.ikebana.rules import RefusalPayee, UnaffordableRefusal
from cardgames.ikebana.scoring import (
    BOUQUET_SIZE,
    COLOUR_WEIGHT,
    COMBO_POINTS,
    VALUE_WEIGHT,
    multiplier_table,
)
from cardgames.ikebana.view import IkebanaView

__all__ = [
    "DECK_ODDS",
    "KEY_SPAN",
    "KEY_STEP",
    "TIE",
    "GreedyBot",
    "bouquet_key",
    "bouquet_potential",
    "cards_key",
    "greedy_reason",
    "greedy_values",
    "next_potentials",
    "unseen_odds",
]

A = TypeVar("A")

KEY_SPAN = 6**6
"""Colour keys are below this, so ``value_key * KEY_SPAN + colour_key`` (a bouquet's key) is
unique."""
_TABLE_REFUSAL_PRICE = 2.0  # the refusal cost assumed inside the table (a 2-player price 1)
TIE = 1e-9
"""Estimates this close are a tie (broken by the bot's generator): float noise, not a
difference."""
DECK_ODDS = tuple(COPIES[code] / DECK_SIZE for code in range(30))
"""Each card code's chance of being the top card of a full, shuffled deck."""
_SHARES = tuple(
    tuple(n / total if total else 0.0 for n in range(max(COPIES) + 1))
    for total in range(DECK_SIZE + 1)
)
"""``_SHARES[total][n]`` is ``n / total``: the next card's odds are looked up, not divided."""


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
    odds = DECK_ODDS
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
                    table[(vk + VALUE_WEIGHT[c]) * KEY_SPAN + ck + COLOUR_WEIGHT[c]]
                    for c in range(30)
                ]
            keep_any = sum(p * x for p, x in zip(odds, nexts, strict=True))
            floor = keep_any - _TABLE_REFUSAL_PRICE
            table[vk * KEY_SPAN + ck] = sum(
                p * (x if x > floor else floor) for p, x in zip(odds, nexts, strict=True)
            )
    return table


def bouquet_potential(codes: Sequence[int], multicolour_wild: bool = True) -> float:
    """The estimated final score of a bouquet holding `codes` (its score once it has 5)."""
    value_key = sum(VALUE_WEIGHT[c] for c in codes)
    colour_key = sum(COLOUR_WEIGHT[c] for c in codes)
    if len(codes) >= BOUQUET_SIZE:
        return float(COMBO_POINTS[value_key] * multiplier_table(multicolour_wild)[colour_key])
    return _potential_table(multicolour_wild)[value_key * KEY_SPAN + colour_key]


KEY_STEP = tuple(VALUE_WEIGHT[c] * KEY_SPAN + COLOUR_WEIGHT[c] for c in range(30))
"""What adding a card code adds to a bouquet's key."""


def bouquet_key(codes: Sequence[int]) -> int:
    """The key of a bouquet's value and colour multisets (what its potential depends on)."""
    return sum(KEY_STEP[c] for c in codes)


def cards_key(cards: Sequence[Card]) -> int:
    """:func:`bouquet_key` of a bouquet given as cards (as a view shows it)."""
    key = 0
    for card in cards:
        key += KEY_STEP[card.colour * 5 + card.value - 1]
    return key


@cache
def next_potentials(key: int, size: int, multicolour_wild: bool, factor: int = 1) -> tuple[
    float, ...
]:
    """`factor` times the potential of the bouquet (`size` cards, `key`) with each card code
    0..29 added: ``bouquet_potential`` of the bouquet plus that card, from a table.

    Cached: a few thousand bouquets occur, and each decision asks for one or two of them.
    """
    value_key, colour_key = divmod(key, KEY_SPAN)
    if size + 1 >= BOUQUET_SIZE:
        multipliers = multiplier_table(multicolour_wild)
        return tuple(
            factor
            * float(
                COMBO_POINTS[value_key + VALUE_WEIGHT[c]]
                * multipliers[colour_key + COLOUR_WEIGHT[c]]
            )
            for c in range(30)
        )
    table = _potential_table(multicolour_wild)
    return tuple(factor * table[key + step] for step in KEY_STEP)


class GreedyBot:
    """Picks the action with the best estimated gain in prestige relative to the others."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int | None = None) -> None:
        # The choices are deterministic; the seed only breaks ties, drawn from it and the
        # position (the same view brings the same move, whatever was asked before).
        self._seed = bot_seed(seed)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def act(self, view: IkebanaView, legal: Sequence[A]) -> A:
        """The legal action with the highest estimated value."""
        if len(legal) == 1:
            return legal[0]
        values = greedy_values(view, cast(Sequence[IkebanaAction], legal))
        return best_of(legal, values, lambda: position_random(self._seed, view), tie=TIE)

    def explain(self, view: IkebanaView, legal: Sequence[IkebanaAction]) -> Hint[IkebanaAction]:
        """The move :meth:`act` would choose from `view`, and why."""
        action = self.act(view, legal)
        return Hint(action, greedy_reason(view, action))


def greedy_values(view: IkebanaView, legal: Sequence[IkebanaAction]) -> list[float]:
    """The greedy bot's estimate of each legal action, in prestige relative to the others.

    Everything an estimate needs is worked out once per decision: the bouquet's key, the
    chances of the next card, the value of each card joining the bouquet and what a point
    paid to each seat costs. One shortcut: a refusal that loses to keeping by more than the
    tie margin before its gift to the other players is counted (the gift only lowers it)
    gets that gift-free value, which is enough to pass it over.
    """
    bouquet = view.bouquets[view.seat]
    key = cards_key(bouquet)
    joined = next_potentials(key, len(bouquet), view.rules.multicolour_wild, view.score_factor)
    weights = _payment_weights(view)
    pending = view.pending
    if pending is not None:
        # keep, or keep and refuse
        keeping = joined[pending.card.code]
        if len(legal) == 1:
            return [keeping]
        odds = unseen_odds(view)
        cost = pending.paid * (1.0 if pending.payee is None else weights[pending.payee])
        refusing = _draw_value(view, joined, odds, weights, pending.price + 1) - cost
        if refusing >= keeping - TIE:
            refusing -= _gift_to_others(view, pending.card.code)
        if len(legal) == 2 and legal[1] is REFUSE:  # what the engine offers, spelt out
            return [keeping, refusing]
        return [keeping if action is KEEP else refusing for action in legal]
    values: list[float] = []
    tops = view.discard_tops
    for action in legal:
        if action is DRAW:
            values.append(
                _draw_value(view, joined, unseen_odds(view), weights, view.next_refusal_price)
            )
        else:
            assert isinstance(action, Buy)
            top = tops[action.seat]
            assert top is not None
            values.append(joined[top.colour * 5 + top.value - 1] - top.value * weights[action.seat])
    return values


def _draw_value(
    view: IkebanaView,
    joined: Sequence[float],
    odds: list[float],
    weights: Sequence[float],
    refusal_price: int,
) -> float:
    """Expected value of drawing: keep the card, or refuse it once at `refusal_price`.

    `joined` is the bouquet's value with each card code, `odds` each code's chance and
    `weights` what a point paid to each seat costs.
    """
    # The chance of a card never seen is 0, and 0 times its value adds 0.0 to a sum:
    # summing every code gives the same float as skipping the unseen ones.
    keep_any: float = sum(map(mul, odds, joined))
    seat = view.seat
    have = view.prestige[seat]
    pays_what_it_has = (
        view.rules.unaffordable_refusal is UnaffordableRefusal.PAY_WHAT_YOU_HAVE
    )
    if not (have >= refusal_price or (pays_what_it_has and have > 0)):
        return keep_any
    payee = _payee_after(view, refusal_price)
    floor = keep_any - min(refusal_price, have) * (1.0 if payee is None else weights[payee])
    total: float = sum(map(mul, odds, [x if x > floor else floor for x in joined]))
    return total


def unseen_odds(view: IkebanaView) -> list[float]:
    """The chance of each card code being the next one drawn, from the cards not in sight
    (bouquets, discard tops and the drawn card), by code."""
    left = list(COPIES)
    for bouquet in view.bouquets:
        for card in bouquet:
            left[card.colour * 5 + card.value - 1] -= 1
    for top in view.discard_tops:
        if top is not None:
            left[top.colour * 5 + top.value - 1] -= 1
    if view.pending is not None:
        left[view.pending.card.code] -= 1
    # A view shows each card at most as often as the deck holds it, so no count is negative.
    total = sum(left)
    return list(map(_SHARES[total].__getitem__, left)) if total else list(DECK_ODDS)


def _payee_after(view: IkebanaView, price: int) -> int | None:
    """Who receives the refusal at `price` (the price-th refusal of the turn)."""
    if view.rules.refusal_payee is RefusalPayee.BANK:
        return None
    players = len(view.players)
    return (view.seat + 1 + (price - 1) % (players - 1)) % players


def _payment_weights(view: IkebanaView) -> Sequence[float]:
    """What paying one point to each seat costs us relative to the table (a payment to the
    bank costs just the point)."""
    prestige = view.prestige
    if len(prestige) == 2:
        return _TWO_PLAYER_WEIGHTS
    return _many_player_weights(prestige, view.seat)


@lru_cache(maxsize=4096)  # prestige changes only with payments and rounds: it repeats
def _many_player_weights(prestige: tuple[int, ...], seat: int) -> tuple[float, ...]:
    leader = max(prestige[:seat] + prestige[seat + 1 :])
    # Feeding the strongest opponent hurts more than feeding one far behind.
    high, low = _MANY_PLAYER_WEIGHTS[len(prestige)]
    return tuple(high if p >= leader else low for p in prestige)


_TWO_PLAYER_WEIGHTS = (2.0, 2.0)  # the point paid, and the opponent's gain of it
_MANY_PLAYER_WEIGHTS = {
    players: (1.0 + 1.0 / (players - 1) * 2, 1.0 + 0.5 / (players - 1) * 2)
    for players in range(3, 6)
}
"""The point, and a share of the payee's gain: all of it for a leader, half for another."""


def _gift_to_others(view: IkebanaView, code: int) -> float:
    """How much a refused card (on top of our pile) helps the player who would buy it."""
    price = CARDS[code].value
    factor = view.score_factor
    wild = view.rules.multicolour_wild
    table = _potential_table(wild)
    best = 0.0
    for seat, bouquet in enumerate(view.bouquets):
        if seat == view.seat or len(bouquet) >= BOUQUET_SIZE or view.prestige[seat] < price:
            continue
        key = cards_key(bouquet)
        with_card = next_potentials(key, len(bouquet), wild)[code]
        gain = factor * (with_card - table[key]) - price
        best = max(best, gain)
    share = 1.0 if len(view.players) == 2 else 1.0 / (len(view.players) - 1)
    return best * share


# ------------------------------------------------------------------ reasons in words
def _estimate(view: IkebanaView, cards: Sequence[Card]) -> float:
    return view.score_factor * bouquet_potential(
        [card.code for card in cards], view.rules.multicolour_wild
    )


def _change(before: float, after: float) -> str:
    """``rises from 9.5 to 12.0``, ``falls from 15.7 to 13.8``, ``stays at 8.0``."""
    if f"{after:.1f}" == f"{before:.1f}":
        return f"stays at {after:.1f}"
    return f"{'rises' if after > before else 'falls'} from {before:.1f} to {after:.1f}"


def greedy_reason(view: IkebanaView, action: IkebanaAction) -> str:
    """Why the greedy bot picks `action`, from its estimate: a bouquet's expected final score
    (its ``bouquet_potential``) against the prices."""
    mine = view.bouquets[view.seat]
    now = _estimate(view, mine)
    if action is KEEP or action is REFUSE:
        pending = view.pending
        assert pending is not None
        kept = _estimate(view, [*mine, pending.card])
        change = _change(now, kept)
        if not pending.can_refuse:
            return (f"with {pending.card} your bouquet's expected final score {change}; and "
                    "you cannot afford to refuse it")
        # The choice compares keeping with refusing and drawing again, the price counted:
        # the reason says both, so that a falling score still explains a keep.
        keeping, refusing = greedy_values(view, [KEEP, REFUSE])
        again = (f"refusing it for {pending.paid} prestige and drawing again is worth an "
                 f"expected {refusing:.1f}, the price counted")
        than = (
            "about as much as" if f"{refusing:.1f}" == f"{keeping:.1f}"
            else "less than" if action is KEEP else "more than"
        )
        if action is KEEP:
            return (f"with {pending.card} your bouquet's expected final score {change}; "
                    f"{again}, {than} keeping it ({keeping:.1f})")
        return (f"{pending.card} would leave your bouquet's expected final score at "
                f"{kept:.1f} (now {now:.1f}); {again}, {than} keeping it ({keeping:.1f})")
    if isinstance(action, Buy):
        top = view.discard_tops[action.seat]
        assert top is not None
        bought = _estimate(view, [*mine, top])
        return (f"{top} for {top.value}: your bouquet's expected final score "
                f"{_change(now, bought)}, the best move the prices counted")
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
