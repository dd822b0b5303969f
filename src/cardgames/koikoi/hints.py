"""Hints for Koi-Koi: what the greedy bot would do in a seat, and why, in words.

Used by the line mode's ``hint`` and by the app's hint screen. A move's reason names the
yaku it brings closer and what it keeps from the opponent, then the bot's own evaluation; a
koi-koi decision's reason gives the facts the bot's risk rule weighs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.core.agents import Hint
from cardgames.koikoi.bots import (
    KOIKOI_MIN_HAND,
    KOIKOI_MIN_OPPONENT_NEED,
    GreedyBot,
    YakuEvaluator,
    evaluator_for,
)
from cardgames.koikoi.cards import CARDS, Card
from cardgames.koikoi.state import CAPTURE, KOIKOI, STOP, KoiKoiAction
from cardgames.koikoi.view import CaptureChoice, KoiKoiDecision, KoiKoiView
from cardgames.koikoi.yaku import YAKU, yaku_progress

__all__ = ["hint", "reason"]


def hint(view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> Hint[KoiKoiAction]:
    """What the greedy bot would do in the view's seat, and why."""
    return GreedyBot(0).explain(view, legal)


def reason(view: KoiKoiView, legal: Sequence[KoiKoiAction], action: KoiKoiAction) -> str:
    """Why the greedy bot chooses `action` (one of `legal`) in the view's seat, in words."""
    evaluator = evaluator_for(view.rules)
    if isinstance(view.pending, KoiKoiDecision):
        return _decision_reason(view, action, evaluator)
    if len(legal) == 1:
        return "it is the only move"
    scores = GreedyBot(0).score_moves(view, legal, evaluator)
    chosen = legal.index(action)
    runner = max((i for i in range(len(legal)) if i != chosen), key=lambda i: scores[i])
    return _move_reason(view, action) + (
        f". The greedy bot's evaluation (its yaku potential gained, plus what it denies "
        f"the opponent, minus the risk of giving cards away) rates it {scores[chosen]:+.1f}, "
        f"the next best ({legal[runner]}) {scores[runner]:+.1f}"
    )


def _taken(view: KoiKoiView, action: KoiKoiAction) -> tuple[Card, ...]:
    """The cards the action brings into the seat's pile (played or turned-over card too)."""
    if action.kind == CAPTURE and isinstance(view.pending, CaptureChoice):
        return (view.pending.card, CARDS[action.card])
    card = CARDS[action.card]
    if action.target >= 0:
        return (card, CARDS[action.target])
    matches = tuple(f for f in view.field if f.month == card.month)
    return (card, *matches) if matches else ()


def _move_reason(view: KoiKoiView, action: KoiKoiAction) -> str:
    """What the move does for the seat's yaku and against the opponent's, in words."""
    taken = _taken(view, action)
    mine, theirs = view.piles[view.seat], view.piles[1 - view.seat]
    if not taken:
        return (f"{CARDS[action.card].code} captures nothing: of your cards it is the one the "
                f"opponent is least likely to use")
    before = {p.key: p for p in yaku_progress(mine, theirs, view.rules, view.month)}
    after = yaku_progress((*mine, *taken), theirs, view.rules, view.month)
    gains = [str(p) for p in after if p.key not in before or p.have > before[p.key].have]
    reason = "it takes " + ", ".join(card.code for card in taken)
    formed = view.yaku[view.seat]
    if gains:
        reason += " toward " + ", ".join(gains[:3])
    elif not formed:
        reason += " (no yaku closer, but the cards count)"
    denied = [
        str(p) for p in yaku_progress(theirs, mine, view.rules, view.month)
        if any(card.id in _needed(p.key) for card in taken)
    ]
    if denied:
        reason += "; it keeps them from the opponent's " + ", ".join(denied[:2])
    return reason


def _needed(key: str) -> frozenset[int]:
    """The cards a yaku row counts (for saying what a capture denies)."""
    return _YAKU_CARDS.get(key, frozenset())


_YAKU_CARDS: Final = {row.key: row.cards for row in YAKU}


def _decision_reason(view: KoiKoiView, action: KoiKoiAction, evaluator: YakuEvaluator) -> str:
    """Why the greedy bot calls koi-koi or stops: the facts its risk rule weighs."""
    seat, other = view.seat, 1 - view.seat
    pending = view.pending
    assert isinstance(pending, KoiKoiDecision)
    points = pending.stop_points.points
    rules = view.rules
    # In the order the bot's risk rule (GreedyBot.wants_koikoi) checks them.
    if not view.koikoi_allowed:
        return f"stop and score {points}: koi-koi is not allowed any more this round"
    mine = view.scores[seat] + points
    # With banks the points come out of the opponent's bank, and an empty bank ends the match.
    theirs = view.scores[other] - (points if rules.banks else 0)
    empties = rules.banks and theirs <= 0
    if view.round_number >= rules.rounds or empties:
        why = ("stopping empties the opponent's bank, which ends the match" if empties
               else "the last round")
        score = "your bank" if rules.banks else "your total"
        if action.kind == STOP:
            return (f"{why}: stopping now scores {points}, and {score} of {mine} beats the "
                    f"opponent's {theirs}")
        return (f"{why}: stopping scores only {points}, and {score} of {mine} does not beat "
                f"the opponent's {theirs}, so play on for more")
    mine_mask = _mask(view.piles[seat])
    theirs_mask = _mask(view.piles[other])
    month = view.month if rules.tsuki_fuda else None
    opponent_need = evaluator.cards_needed(theirs_mask, mine_mask | _mask(view.hand), month)
    own_need = evaluator.cards_needed(mine_mask, theirs_mask, month)
    facts = (
        f"you hold {len(view.hand)} cards (it wants {KOIKOI_MIN_HAND}+), the opponent is "
        f"{_cards(opponent_need)} from a yaku (it wants {KOIKOI_MIN_OPPONENT_NEED}+), and you "
        f"are {_cards(own_need)} from more points (it wants 1)"
    )
    if action.kind == KOIKOI:
        return f"koi-koi: {facts}, so the chance of more is worth the risk"
    if view.rules.double_at_7 and view.yaku[seat].total >= 7:
        return f"stop and score {points}: your yaku already reach 7, so they are doubled"
    return f"stop and score {points} now: {facts}"


def _cards(count: int) -> str:
    if count >= 99:
        return "no card"
    return f"{count} card{'' if count == 1 else 's'}"


def _mask(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card.id
    return bits
