"""Koi-Koi bots: a seeded random bot and :class:`GreedyBot`, which plays for yaku.

Both act only on their seat's view (:meth:`KoiKoiState.view`), never on the hidden cards.

The greedy bot is a one-move lookahead over a hand-written evaluation:

* **Potential of a pile.** Every yaku of the rules in force is a *target*: a set of cards
  (Ino-shika-chō, Akatan, Aotan, the viewing yaku), a count of a kind (Tane, Tanzaku, Kasu)
  or a rung of the brights ladder (Sankō, Ame-shikō, Shikō, Goko). A target whose cards the
  opponent has already captured is dead. A live target is worth its points times
  ``(have / need) ** 2``, so the last card of a yaku is worth far more than the first; a
  completed target is worth its full points plus a bonus, because forming any yaku lets the
  bot stop and take the round. The pile's potential is the sum over targets (for the brights,
  the best rung).
* **Moves.** A capture is worth the rise of the bot's potential plus, weighted, the rise the
  same cards would have given the opponent (denial). A card put on the field without a match
  costs what it is worth to the opponent times the chance that the opponent holds a card of
  its month (from the cards the bot has not seen), and what the bot itself gives up.
* **Koi-koi or stop.** Stop unless every one of these holds: koi-koi is allowed, the bot
  still holds at least :data:`KOIKOI_MIN_HAND` cards, the opponent needs at least
  :data:`KOIKOI_MIN_OPPONENT_NEED` more cards for any yaku of theirs, the bot is one card
  from raising its score, and its points would not already be doubled. In the last round, a
  bot that would lose the match by stopping calls koi-koi whenever it may.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

from cardgames.core.agents import Agent, RandomAgent
from cardgames.koikoi.cards import (
    ANIMAL_IDS,
    BRIGHT_IDS,
    CARDS,
    CHAFF_IDS,
    RIBBON_IDS,
    Card,
    RibbonKind,
)
from cardgames.koikoi.rules import KoiKoiRules
from cardgames.koikoi.state import CAPTURE, KOIKOI, STOP, KoiKoiAction
from cardgames.koikoi.view import CaptureChoice, KoiKoiDecision, KoiKoiView
from cardgames.koikoi.yaku import round_points

__all__ = [
    "BOTS",
    "KOIKOI_MIN_HAND",
    "KOIKOI_MIN_OPPONENT_NEED",
    "GreedyBot",
    "YakuEvaluator",
]


def _mask(ids: Iterable[int]) -> int:
    bits = 0
    for card_id in ids:
        bits |= 1 << card_id
    return bits


_RAIN_MAN: Final = next(c.id for c in CARDS if c.is_rain_man)
_LIGHTNING: Final = next(c.id for c in CARDS if c.is_lightning)
_SAKE_CUP: Final = next(c.id for c in CARDS if c.is_sake_cup)
_CURTAIN: Final = next(c.id for c in CARDS if c.code == "mar-curtain")
_MOON: Final = next(c.id for c in CARDS if c.code == "aug-moon")
_BOAR_DEER_BUTTERFLIES: Final = tuple(
    c.id for c in CARDS if c.code in ("jul-boar", "oct-deer", "jun-butterflies")
)

RAIN_MAN_BIT: Final = 1 << _RAIN_MAN
PLAIN_BRIGHTS: Final = _mask([i for i in BRIGHT_IDS if i != _RAIN_MAN])
ANIMALS: Final = _mask(ANIMAL_IDS)
RIBBONS: Final = _mask(RIBBON_IDS)
POETRY: Final = _mask([c.id for c in CARDS if c.ribbon is RibbonKind.POETRY])
BLUE: Final = _mask([c.id for c in CARDS if c.ribbon is RibbonKind.BLUE])
CHAFF: Final = _mask(CHAFF_IDS)
SAKE_CUP_BIT: Final = 1 << _SAKE_CUP
BOAR_DEER_BUTTERFLIES: Final = _mask(_BOAR_DEER_BUTTERFLIES)
HANAMI: Final = (1 << _CURTAIN) | SAKE_CUP_BIT
TSUKIMI: Final = (1 << _MOON) | SAKE_CUP_BIT
VIEWING_SPOILERS: Final = RAIN_MAN_BIT | (1 << _LIGHTNING)
MONTH_MASKS: Final = tuple(_mask(range(4 * m, 4 * m + 4)) for m in range(12))

KOIKOI_MIN_HAND: Final = 3
"""The greedy bot calls koi-koi only while it holds at least this many cards."""
KOIKOI_MIN_OPPONENT_NEED: Final = 2
"""... and only while the opponent is at least this many cards away from any yaku."""

COMPLETION_BONUS: Final = 4.0
"""Extra worth of a completed yaku: it lets its owner stop and take the round."""
DENIAL_WEIGHT: Final = 0.8
"""How much a card's worth to the opponent counts when the bot takes or gives it."""
KEEP_WEIGHT: Final = 0.4
"""How much of a card's worth to the bot is lost by putting it on the field unmatched."""


def _progress_table(largest: int) -> tuple[tuple[float, ...], ...]:
    # PROGRESS[need][have] = (have / need) ** 2, capped at 1: quadratic, so the cards that
    # finish a yaku are worth more than those that start one.
    return tuple(
        tuple(min(1.0, (have / need) ** 2) if need else 1.0 for have in range(49))
        for need in range(largest + 1)
    )


_PROGRESS: Final = _progress_table(12)


class YakuEvaluator:
    """How close a captured pile is to the yaku of one rule set, as numbers a bot can compare.

    Piles are bit masks of card ids (bit ``i`` set: card ``i`` is in the pile) so that one
    evaluation is a handful of integer operations.
    """

    __slots__ = ("_brights", "_counting", "_rules", "_sets", "_viewing", "_viewing_factor")

    def __init__(self, rules: KoiKoiRules) -> None:
        self._rules = rules
        # Bright ladder rungs: (points, plain brights needed, rain man needed).
        self._brights = (
            (rules.sanko_points, 3, 0),
            (rules.ame_shiko_points, 3, 1),
            (rules.shiko_points, 4, 0),
            (rules.goko_points, 4, 1),
        )
        # Yaku of named cards: (points, mask, cards needed).
        self._sets: tuple[tuple[float, int, int], ...] = (
            (5.0, BOAR_DEER_BUTTERFLIES, 3),
            (5.0, POETRY, 3),
            (5.0, BLUE, 3),
        )
        self._viewing: tuple[int, ...] = (HANAMI, TSUKIMI) if rules.viewing_yaku else ()
        # A viewing yaku that counts only after one's own koi-koi is worth less to plan for.
        self._viewing_factor = rules.viewing_yaku_points * (
            0.5 if rules.viewing_only_after_koikoi else 1.0
        )
        chaff = CHAFF | (SAKE_CUP_BIT if rules.sake_cup_as_chaff else 0)
        # Counting yaku: (mask, cards needed); 1 point, +1 per further card.
        self._counting = ((ANIMALS, 5), (RIBBONS, 5), (chaff, 10))

    @property
    def rules(self) -> KoiKoiRules:
        """The rules whose yaku are evaluated."""
        return self._rules

    def potential(self, mine: int, theirs: int, month: int | None = None) -> float:
        """The worth of pile `mine` while the opponent holds pile `theirs` (both bit masks).

        `month` (1..12) names the round's month for tsuki-fuda, when that rule is on.
        """
        progress = _PROGRESS
        total = 0.0
        # Brights: the best live rung of the ladder.
        plain_have = (mine & PLAIN_BRIGHTS).bit_count()
        plain_live = 4 - (theirs & PLAIN_BRIGHTS).bit_count()
        rain_have = 1 if mine & RAIN_MAN_BIT else 0
        rain_live = not theirs & RAIN_MAN_BIT
        best = 0.0
        points: float
        for points, plain_need, rain_need in self._brights:
            if plain_live < plain_need or (rain_need and not rain_live):
                continue
            have = min(plain_have, plain_need) + (rain_have if rain_need else 0)
            need = plain_need + rain_need
            worth = points * progress[need][have]
            if have >= need:
                worth += COMPLETION_BONUS
            if worth > best:
                best = worth
        total += best
        for points, cards, need in self._sets:
            if theirs & cards:
                continue
            have = (mine & cards).bit_count()
            total += points * progress[need][have]
            if have >= need:
                total += COMPLETION_BONUS
        if self._viewing and not (
            self._rules.viewing_cancelled_by_rain and mine & VIEWING_SPOILERS
        ):
            for cards in self._viewing:
                if theirs & cards:
                    continue
                have = (mine & cards).bit_count()
                total += self._viewing_factor * progress[2][have]
                if have == 2:
                    total += COMPLETION_BONUS
        for cards, need in self._counting:
            have = (mine & cards).bit_count()
            if have >= need:
                total += 1 + have - need + COMPLETION_BONUS
            elif (cards & ~theirs).bit_count() >= need:
                total += progress[need][have]
        if month is not None and self._rules.tsuki_fuda:
            cards = MONTH_MASKS[month - 1]
            if not theirs & cards:
                have = (mine & cards).bit_count()
                total += self._rules.tsuki_fuda_points * progress[4][have]
                if have == 4:
                    total += COMPLETION_BONUS
        return total

    def cards_needed(self, mine: int, unavailable: int, month: int | None = None) -> int:
        """The fewest further cards pile `mine` needs to form a new yaku or raise its score.

        Cards in `unavailable` (the opponent's pile, or cards known to be out of reach) cannot
        be had. 99 when nothing is reachable.
        """
        fewest = 99
        plain_have = (mine & PLAIN_BRIGHTS).bit_count()
        plain_live = 4 - (unavailable & PLAIN_BRIGHTS).bit_count()
        rain_have = 1 if mine & RAIN_MAN_BIT else 0
        rain_live = bool(rain_have) or not unavailable & RAIN_MAN_BIT
        for _points, plain_need, rain_need in self._brights:
            if plain_have >= plain_need and rain_have >= rain_need:
                continue
            if plain_live < plain_need or (rain_need and not rain_live):
                continue
            missing = max(0, plain_need - plain_have) + max(0, rain_need - rain_have)
            fewest = min(fewest, missing)
        groups: list[tuple[int, int]] = [(cards, need) for _p, cards, need in self._sets]
        if self._viewing and not (
            self._rules.viewing_cancelled_by_rain and mine & VIEWING_SPOILERS
        ):
            groups.extend((cards, 2) for cards in self._viewing)
        if month is not None and self._rules.tsuki_fuda:
            groups.append((MONTH_MASKS[month - 1], 4))
        for cards, need in groups:
            have = (mine & cards).bit_count()
            if have < need and not (unavailable & cards & ~mine):
                fewest = min(fewest, need - have)
        for cards, need in self._counting:
            have = (mine & cards).bit_count()
            reachable = (cards & ~unavailable & ~mine).bit_count()
            # A completed counting yaku rises by one point with each further card.
            missing = 1 if have >= need else need - have
            if reachable >= missing:
                fewest = min(fewest, missing)
        # Ino-shika-chō rises with each further animal, Akatan and Aotan with each ribbon.
        for formed, further in (
            (BOAR_DEER_BUTTERFLIES, ANIMALS), (POETRY, RIBBONS), (BLUE, RIBBONS)
        ):
            if mine & formed == formed and further & ~unavailable & ~mine:
                fewest = min(fewest, 1)
        return fewest


def _pile_mask(cards: Iterable[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card.id
    return bits


def _chance_opponent_matches(unseen_of_month: int, unseen: int, opponent_draws: int) -> float:
    """The chance that `opponent_draws` cards from `unseen` include one of `unseen_of_month`.

    The opponent's hand and next stock card are, to this seat, a random part of the cards it
    has not seen (hypergeometric: one minus the chance that none of them is of the month).
    """
    if unseen_of_month <= 0 or unseen <= 0:
        return 0.0
    none = 1.0
    for drawn in range(min(opponent_draws, unseen)):
        none *= max(0, unseen - unseen_of_month - drawn) / (unseen - drawn)
    return 1.0 - none


_ALL_CARDS: Final = (1 << 48) - 1
A = TypeVar("A")


class GreedyBot:
    """Plays for yaku on its own view: takes what advances its best yaku, denies the opponent's,
    and decides koi-koi by a simple risk rule (see the module docstring).

    Deterministic apart from ties between equally good moves, which its seeded generator
    breaks.
    """

    __slots__ = ("_evaluators", "_rng")

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._evaluators: dict[KoiKoiRules, YakuEvaluator] = {}

    def __repr__(self) -> str:
        return "GreedyBot()"

    def _evaluator(self, rules: KoiKoiRules) -> YakuEvaluator:
        evaluator = self._evaluators.get(rules)
        if evaluator is None:
            evaluator = self._evaluators[rules] = YakuEvaluator(rules)
        return evaluator

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """The Agent protocol (generic over the action type): :meth:`choose`."""
        # The loop hands a Koi-Koi bot Koi-Koi views and actions only.
        return cast(A, self.choose(view, cast(Sequence[KoiKoiAction], legal)))

    def choose(self, view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> KoiKoiAction:
        """The best legal action for the seat whose `view` this is."""
        if len(legal) == 1:
            return legal[0]
        evaluator = self._evaluator(view.rules)
        if isinstance(view.pending, KoiKoiDecision):
            return self.decide(view, legal, evaluator)
        scores = self.score_moves(view, legal, evaluator)
        best = max(scores)
        choices = [action for action, score in zip(legal, scores, strict=True) if score == best]
        return choices[0] if len(choices) == 1 else self._rng.choice(choices)

    def score_moves(
        self,
        view: KoiKoiView,
        legal: Sequence[KoiKoiAction],
        evaluator: YakuEvaluator | None = None,
    ) -> list[float]:
        """How good each play or capture in `legal` is for the view's seat (higher is better)."""
        evaluator = evaluator or self._evaluator(view.rules)
        seat = view.seat
        mine = _pile_mask(view.piles[seat])
        theirs = _pile_mask(view.piles[1 - seat])
        month = view.month if view.rules.tsuki_fuda else None
        potential = evaluator.potential
        mine_now = potential(mine, theirs, month)
        theirs_now = potential(theirs, mine, month)
        field = _pile_mask(view.field)
        hand = _pile_mask(view.hand)
        seen = mine | theirs | field | hand
        pending = view.pending
        if isinstance(pending, CaptureChoice):
            seen |= 1 << pending.card.id
        unseen = _ALL_CARDS & ~seen
        unseen_count = unseen.bit_count()
        # The opponent's hand plus the stock card it turns over next.
        opponent_draws = view.opponent_hand_size + (1 if view.stock_size else 0)

        def worth_to_me(cards: int) -> float:
            return potential(mine | cards, theirs, month) - mine_now

        def worth_to_them(cards: int) -> float:
            return potential(theirs | cards, mine, month) - theirs_now

        scores: list[float] = []
        for action in legal:
            if action.kind == CAPTURE and isinstance(pending, CaptureChoice):
                taken = 1 << action.card
                gained = taken | (1 << pending.card.id)
                scores.append(worth_to_me(gained) + DENIAL_WEIGHT * worth_to_them(taken))
                continue
            card = action.card
            month_bits = MONTH_MASKS[card >> 2]
            month_cards = field & month_bits
            if not month_cards:
                # The card goes onto the field: the opponent may take it, and we lose it
                # unless we hold another card of its month to take it back.
                others_unseen = (unseen & month_bits).bit_count()
                chance = _chance_opponent_matches(others_unseen, unseen_count, opponent_draws)
                ours_to_follow = hand & month_bits & ~(1 << card)
                bit = 1 << card
                cost = chance * DENIAL_WEIGHT * worth_to_them(bit)
                cost += KEEP_WEIGHT * worth_to_me(bit) * (0.5 if ours_to_follow else 1.0)
                scores.append(-cost)
                continue
            taken = (1 << action.target) if action.target >= 0 else month_cards
            gained = taken | (1 << card)
            scores.append(worth_to_me(gained) + DENIAL_WEIGHT * worth_to_them(taken))
        return scores

    def decide(
        self,
        view: KoiKoiView,
        legal: Sequence[KoiKoiAction],
        evaluator: YakuEvaluator | None = None,
    ) -> KoiKoiAction:
        """Koi-koi or stop, by the risk rule of the module docstring."""
        koikoi = next((a for a in legal if a.kind == KOIKOI), None)
        stop = next((a for a in legal if a.kind == STOP), None)
        if koikoi is None or stop is None:
            return legal[0]
        return koikoi if self.wants_koikoi(view, evaluator) else stop

    def wants_koikoi(self, view: KoiKoiView, evaluator: YakuEvaluator | None = None) -> bool:
        """Whether the risk rule calls koi-koi for the view's seat now."""
        evaluator = evaluator or self._evaluator(view.rules)
        rules = view.rules
        seat = view.seat
        other = 1 - seat
        if not view.koikoi_allowed:
            return False
        points = view.yaku[seat].total
        stop_points = round_points(
            points,
            rules,
            winner_calls=view.koikoi_calls[seat],
            loser_calls=view.koikoi_calls[other],
        ).points
        mine_total, theirs_total = view.scores[seat], view.scores[other]
        if view.round_number >= rules.rounds:
            # The last round: stop if that wins the match, play on if stopping cannot.
            return mine_total + stop_points <= theirs_total
        if len(view.hand) < KOIKOI_MIN_HAND:
            return False
        if rules.double_at_7 and points >= 7:
            return False
        mine = _pile_mask(view.piles[seat])
        theirs = _pile_mask(view.piles[other])
        month = view.month if rules.tsuki_fuda else None
        # Cards we hold are out of the opponent's reach unless we give them away.
        opponent_need = evaluator.cards_needed(theirs, mine | _pile_mask(view.hand), month)
        if opponent_need < KOIKOI_MIN_OPPONENT_NEED:
            return False
        return evaluator.cards_needed(mine, theirs, month) <= 1


BOTS: Final[Mapping[str, Callable[[int], Agent]]] = {
    "random": RandomAgent,
    "greedy": GreedyBot,
}
"""The Koi-Koi bots by name, as seeded factories (``GameInfo.bots``)."""
