"""The planner bot (``planner``): the greedy bot's idea, planned further and played to win.

The greedy bot (:mod:`cardgames.ikebana.bots`) values a bouquet by a table that lets a player
refuse once per card. The planner differs in three ways:

* **Its table plans every refusal.** For each value and colour multiset of 0..4 cards it
  holds, under the policy "keep a card unless refusing (at price 1, 2, 3, 4 in turn) and
  drawing again is expected to do better", the expected final score net of refusals
  (``value``) and the first two moments of the final score itself (``mean``, ``square``).
* **It counts cards.** Its own draw, and the next draw of the bouquet each card would make,
  are planned against the cards still unseen (the view's counts, not the deck's), the draw
  at hand with the real refusal prices, payees and the prestige it holds.
* **It plays to win.** Every action is valued by the chance of finishing first: the lead
  over each opponent after the action's payments, plus the difference of the bouquets'
  expected values, against the spread of the bouquets still growing and of the rounds still
  to come (each a normal approximation, opponents taken one by one). Far from the end that
  is the expected margin; near it the bot takes risks when behind and plays safe when
  ahead. A refused card an opponent would gain from buying counts against refusing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from operator import mul
from typing import TypeVar, cast

from cardgames.core.agents import Hint, best_of, bot_seed, position_random
from cardgames.ikebana.actions import DRAW, KEEP, REFUSE, Buy, IkebanaAction
from cardgames.ikebana.bots import DECK_ODDS, KEY_SPAN, KEY_STEP, TIE, cards_key, unseen_odds
from cardgames.ikebana.cards import CARDS
from cardgames.ikebana.rules import RefusalPayee, UnaffordableRefusal
from cardgames.ikebana.scoring import (
    BOUQUET_SIZE,
    COLOUR_WEIGHT,
    COMBO_POINTS,
    VALUE_WEIGHT,
    bouquet_total,
    multiplier_table,
)
from cardgames.ikebana.view import IkebanaView

__all__ = ["PlannerBot", "plan_table", "win_chances"]

A = TypeVar("A")

_TABLE_REFUSALS = 4
"""Refusals in one turn a plan allows (prices 1..4); after them any card is kept."""
_MARGIN_WEIGHT = 1e-5
"""The expected margin breaks near ties of the chance of winning (a game already won or
lost has every action at 1 or 0)."""
_SPREAD_FLOOR = 1.0
"""Added to every variance, so a margin already certain still divides by a positive spread."""

Moments = tuple[float, float, float]
"""(value net of refusals, mean final score, mean squared final score)."""


def _full_moments(key: int, multicolour_wild: bool) -> Moments:
    value_key, colour_key = divmod(key, KEY_SPAN)
    score = float(COMBO_POINTS[value_key] * multiplier_table(multicolour_wild)[colour_key])
    return score, score, score * score


def _kept_chances(
    odds: Sequence[float], values: Sequence[float], costs: Sequence[float]
) -> tuple[float, list[float]]:
    """Plan one draw: keep the card, or refuse it at ``costs[k]`` (the k-th refusal) and
    draw again, whichever `values` (each card code's value kept) say; after the last cost,
    keep any. The value of the draw, and the chance of each card code being the one kept."""
    # Backwards: the value of a draw with k refusals still planned, k = 0 .. len(costs).
    levels = [sum(map(mul, odds, values))]
    for cost in reversed(costs):
        floor = levels[-1] - cost
        levels.append(sum(map(mul, odds, [v if v > floor else floor for v in values])))
    # Forwards: the chance of reaching each refusal, and of keeping each card there.
    chances = [0.0] * len(values)
    reach = 1.0
    for k, cost in enumerate(costs):
        floor = levels[len(costs) - 1 - k] - cost
        refused = 0.0
        for code, (p, v) in enumerate(zip(odds, values, strict=True)):
            if v > floor:
                chances[code] += reach * p
            else:
                refused += p
        reach *= refused
        if not reach:
            break
    else:
        for code, p in enumerate(odds):
            chances[code] += reach * p
    return levels[-1], chances


def _plan(
    odds: Sequence[float],
    children: Sequence[Moments],
    costs: Sequence[float],
) -> Moments:
    """The moments of one draw planned by :func:`_kept_chances`."""
    value, chances = _kept_chances(odds, [child[0] for child in children], costs)
    mean = sum(map(mul, chances, [child[1] for child in children]))
    square = sum(map(mul, chances, [child[2] for child in children]))
    return value, mean, square


@cache
def plan_table(multicolour_wild: bool = True, refusal_weight: float = 2.0) -> dict[int, Moments]:
    """The planner's table: for every reachable bouquet of 0..4 cards (by its key, see
    :func:`~cardgames.ikebana.bots.bouquet_key`) its moments under the deck's frequencies,
    a refusal at price k costing ``refusal_weight * k`` (2: a point paid to the only
    opponent is two points of margin). Built once per process, in about a second."""
    levels: list[set[int]] = [{0}]
    for _ in range(BOUQUET_SIZE - 1):
        levels.append({key + step for key in levels[-1] for step in KEY_STEP})
    costs = [refusal_weight * price for price in range(1, _TABLE_REFUSALS + 1)]
    table: dict[int, Moments] = {}
    for size in range(BOUQUET_SIZE - 1, -1, -1):
        for key in levels[size]:
            if size == BOUQUET_SIZE - 1:
                children = [_full_moments(key + step, multicolour_wild) for step in KEY_STEP]
            else:
                children = [table[key + step] for step in KEY_STEP]
            table[key] = _plan(DECK_ODDS, children, costs)
    return table


def _moments(key: int, size: int, multicolour_wild: bool, weight: float) -> Moments:
    if size >= BOUQUET_SIZE:
        return _full_moments(key, multicolour_wild)
    return plan_table(multicolour_wild, weight)[key]


@cache
def _children(key: int, size: int, multicolour_wild: bool, weight: float) -> tuple[Moments, ...]:
    """The moments of the bouquet with each card code 0..29 added."""
    return tuple(
        _moments(key + step, size + 1, multicolour_wild, weight) for step in KEY_STEP
    )


def _normal_cdf(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


class PlannerBot:
    """Plans its bouquet against the unseen cards and plays for the chance of winning."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int | None = None) -> None:
        # The choices are deterministic; the seed only breaks ties, drawn from it and the
        # position (the same view brings the same move, whatever was asked before).
        self._seed = bot_seed(seed)

    def __repr__(self) -> str:
        return "PlannerBot()"

    def act(self, view: IkebanaView, legal: Sequence[A]) -> A:
        """The legal action with the best chance of winning (see the module)."""
        if len(legal) == 1:
            return legal[0]
        values = [
            chance + _MARGIN_WEIGHT * margin
            for chance, margin in _evaluate(view, cast(Sequence[IkebanaAction], legal))
        ]
        return best_of(legal, values, lambda: position_random(self._seed, view), tie=TIE)

    def explain(self, view: IkebanaView, legal: Sequence[IkebanaAction]) -> Hint[IkebanaAction]:
        """The move :meth:`act` would choose from `view`, and why."""
        action = self.act(view, legal)
        if all(other == action for other in legal):
            return Hint(action, f"{action} is the only legal move")
        rated = _evaluate(view, legal)
        chance, expected = rated[list(legal).index(action)]
        others = [c for a, (c, _) in zip(legal, rated, strict=True) if a != action]
        side = "ahead of" if expected >= 0 else "behind"
        return Hint(action, (
            f"{action} gives an estimated {chance:.0%} chance of winning against "
            f"{max(others):.0%} for the next best move; your bouquet is expected to end "
            f"{abs(expected):.1f} points {side} the other bouquets, prices counted"
        ))


def _table_weight(view: IkebanaView) -> float:
    """The refusal weight for this number of players: a point paid, and the payee's gain
    of it against us (all of it with one opponent, a share with more)."""
    players = len(view.players)
    if view.rules.refusal_payee is RefusalPayee.BANK:
        return 1.0
    return 1.0 + 1.0 / (players - 1)


def win_chances(view: IkebanaView, legal: Sequence[IkebanaAction]) -> list[float]:
    """The planner's estimate of its chance of winning after each legal action."""
    return [chance for chance, _ in _evaluate(view, legal)]


def _evaluate(view: IkebanaView, legal: Sequence[IkebanaAction]) -> list[tuple[float, float]]:
    """For each legal action: the estimated chance of winning, and the expected margin of
    this round's bouquet over the opponents' (net of prices), in that order."""
    seat = view.seat
    players = len(view.players)
    wild = view.rules.multicolour_wild
    factor = view.score_factor
    weight = _table_weight(view)
    mine = view.bouquets[seat]
    size = len(mine)
    key = cards_key(mine)
    odds = unseen_odds(view)
    children: Sequence[Moments] = _children(key, size, wild, weight)
    if size + 1 < BOUQUET_SIZE:
        children = _recounted(key, size, odds, wild, weight)
    future = _future_variance(view, weight)
    opponents = [s for s in range(players) if s != seat]
    # The opponents' bouquets: expected value (net of their refusals) and the variance of
    # the final score.
    their: dict[int, tuple[float, float]] = {}
    for other in opponents:
        bouquet = view.bouquets[other]
        value, mean, square = _moments(cards_key(bouquet), len(bouquet), wild, weight)
        their[other] = (factor * value, factor * factor * max(square - mean * mean, 0.0))
    pending = view.pending
    results: list[tuple[float, float]] = []
    for action in legal:
        payments: list[tuple[int | None, int]] = []  # (payee, points) paid now
        kept: list[float] = [0.0] * len(children)  # the chance of keeping each card code
        if action is KEEP:
            assert pending is not None
            kept[pending.card.code] = 1.0
            value = children[pending.card.code][0]
        elif isinstance(action, Buy):
            top = view.discard_tops[action.seat]
            assert top is not None
            kept[top.code] = 1.0
            value = children[top.code][0]
            payments.append((action.seat, top.value))
        elif action is DRAW:
            value, kept = _draw(view, children, odds, view.next_refusal_price, weight)
        else:
            assert action is REFUSE
            assert pending is not None
            payments.append((pending.payee, pending.paid))
            value, kept = _draw(view, children, odds, pending.price + 1, weight)
        mean = sum(map(mul, kept, [child[1] for child in children]))
        square = sum(map(mul, kept, [child[2] for child in children]))
        variance = factor * factor * max(square - mean * mean, 0.0)
        mine_value = factor * value
        if action is REFUSE:
            assert pending is not None
            mine_value -= _gift(view, pending.card.code, weight)
        chance = 1.0
        for other in opponents:
            lead = view.prestige[seat] - view.prestige[other]
            for payee, points in payments:
                lead -= 2 * points if payee == other else points
            their_value, their_variance = their[other]
            spread = math.sqrt(variance + their_variance + future + _SPREAD_FLOOR)
            chance *= _normal_cdf((lead + mine_value - their_value) / spread)
        paid_now = sum(points for _, points in payments) * weight
        mean_theirs = sum(value for value, _ in their.values()) / len(their)
        results.append((chance, mine_value - paid_now - mean_theirs))
    if view.round >= view.rules.rounds and size == BOUQUET_SIZE - 1:
        exact = _last_card_chances(view, legal, their)
        results = [(chance, margin) for chance, (_, margin) in zip(exact, results, strict=True)]
    return results


_LAST_CARD_REFUSALS = 12
"""Refusals in a row the last card's plan looks at (the price rises by 1 each time)."""


def _last_card_chances(
    view: IkebanaView,
    legal: Sequence[IkebanaAction],
    their: dict[int, tuple[float, float]],
) -> list[float]:
    """The chance of winning after each legal action when the player takes the last card of
    the game's last bouquet: its own final score exactly (each card it may keep, and a plan
    of refusals made to win: refuse while drawing again gives the better chance), an
    opponent who has finished exactly, one still growing as a normal law (`their`: expected
    value and variance of the rest of the bouquet)."""
    seat = view.seat
    players = len(view.players)
    rules = view.rules
    multipliers = multiplier_table(rules.multicolour_wild)
    finals = [
        view.score_factor * float(score)
        for score in _final_scores(cards_key(view.bouquets[seat]), rules.multicolour_wild)
    ]
    odds = unseen_odds(view)
    codes = [code for code, p in enumerate(odds) if p > 0.0]
    growing = {
        other: (value, math.sqrt(variance + _SPREAD_FLOOR))
        for other, (value, variance) in their.items()
        if len(view.bouquets[other]) < BOUQUET_SIZE
    }
    # A finished bouquet is scored at the round's end: its points are not in the prestige yet.
    scored = [
        view.score_factor * bouquet_total([card.code for card in bouquet], multipliers)
        if len(bouquet) >= BOUQUET_SIZE else 0
        for bouquet in view.bouquets
    ]
    pays_what_it_has = rules.unaffordable_refusal is UnaffordableRefusal.PAY_WHAT_YOU_HAVE
    pays_bank = rules.refusal_payee is RefusalPayee.BANK

    def chance(prestige: Sequence[int], code: int) -> float:
        total = prestige[seat] + finals[code]
        result = 1.0
        for other in range(players):
            if other == seat:
                continue
            if other in growing:
                value, spread = growing[other]
                result *= _normal_cdf((total - prestige[other] - value) / spread)
            elif total < prestige[other] + scored[other]:
                return 0.0
            elif total == prestige[other] + scored[other]:
                result *= 0.5
        return result

    def refused(prestige: Sequence[int], price: int) -> list[int] | None:
        """The prestige after refusing at `price`, None if it cannot be afforded."""
        have = prestige[seat]
        if not (have >= price or (pays_what_it_has and have > 0)):
            return None
        paid = min(price, have)
        after = list(prestige)
        after[seat] -= paid
        if not pays_bank:
            after[(seat + 1 + (price - 1) % (players - 1)) % players] += paid
        return after

    def drawing(prestige: Sequence[int], price: int) -> float:
        """The chance of winning when drawing with the next refusal at `price`."""
        after = refused(prestige, price) if price <= _LAST_CARD_REFUSALS else None
        again = -1.0 if after is None else drawing(after, price + 1)
        return sum(odds[code] * max(chance(prestige, code), again) for code in codes)

    prestige = view.prestige
    pending = view.pending
    results: list[float] = []
    for action in legal:
        if action is KEEP:
            assert pending is not None
            results.append(chance(prestige, pending.card.code))
        elif action is REFUSE:
            assert pending is not None
            after = list(prestige)
            after[seat] -= pending.paid
            if pending.payee is not None:
                after[pending.payee] += pending.paid
            results.append(drawing(after, pending.price + 1))
        elif action is DRAW:
            results.append(drawing(prestige, view.next_refusal_price))
        else:
            assert isinstance(action, Buy)
            top = view.discard_tops[action.seat]
            assert top is not None
            after = list(prestige)
            after[seat] -= top.value
            after[action.seat] += top.value
            results.append(chance(after, top.code))
    return results


@cache
def _final_scores(key: int, multicolour_wild: bool) -> tuple[int, ...]:
    """The score of a four-card bouquet (`key`) completed by each card code 0..29."""
    value_key, colour_key = divmod(key, KEY_SPAN)
    multipliers = multiplier_table(multicolour_wild)
    return tuple(
        COMBO_POINTS[value_key + VALUE_WEIGHT[code]]
        * multipliers[colour_key + COLOUR_WEIGHT[code]]
        for code in range(30)
    )


def _recounted(
    key: int,
    size: int,
    odds: Sequence[float],
    multicolour_wild: bool,
    weight: float,
) -> list[Moments]:
    """The moments of the bouquet with each card code added, the next draw planned with the
    odds of the cards still unseen (the table's plans use the deck's)."""
    costs = [weight * price for price in range(1, _TABLE_REFUSALS + 1)]
    return [
        _plan(odds, _children(key + step, size + 1, multicolour_wild, weight), costs)
        for step in KEY_STEP
    ]


def _draw(
    view: IkebanaView,
    children: Sequence[Moments],
    odds: Sequence[float],
    price: int,
    weight: float,
) -> tuple[float, list[float]]:
    """Plan drawing when the next refusal costs `price`, with the prestige the player holds
    (a refusal it cannot afford is not planned): the value, and each card's chance of being
    the one kept."""
    have = view.prestige[view.seat]
    pays_what_it_has = (
        view.rules.unaffordable_refusal is UnaffordableRefusal.PAY_WHAT_YOU_HAVE
    )
    costs: list[float] = []
    while len(costs) < _TABLE_REFUSALS and (have >= price or (pays_what_it_has and have > 0)):
        paid = min(price, have)
        costs.append(weight * paid)
        have -= paid
        price += 1
    return _kept_chances(odds, [child[0] for child in children], costs)


def _gift(view: IkebanaView, code: int, weight: float) -> float:
    """How much a refused card (on top of our pile) helps the opponent who would buy it:
    the gain of their bouquet, less its price, if positive (shared among several)."""
    price = CARDS[code].value
    factor = view.score_factor
    wild = view.rules.multicolour_wild
    best = 0.0
    for seat, bouquet in enumerate(view.bouquets):
        if seat == view.seat or len(bouquet) >= BOUQUET_SIZE or view.prestige[seat] < price:
            continue
        key = cards_key(bouquet)
        before = _moments(key, len(bouquet), wild, weight)[0]
        after = _children(key, len(bouquet), wild, weight)[code][0]
        best = max(best, factor * (after - before) - price * weight)
    share = 1.0 if len(view.players) == 2 else 1.0 / (len(view.players) - 1)
    return best * share


def _future_variance(view: IkebanaView, weight: float) -> float:
    """The variance of the margin over one opponent that the rounds after this one add."""
    rules = view.rules
    _, mean, square = plan_table(rules.multicolour_wild, weight)[0]
    one_round = 2.0 * max(square - mean * mean, 0.0)
    total = 0.0
    for number in range(view.round + 1, rules.rounds + 1):
        factor = 2 if (rules.final_bouquet and number == rules.rounds) else 1
        total += factor * factor * one_round
    return total
