"""Koi-Koi bots: a seeded random bot and :class:`GreedyBot`, which plays for yaku.

Both act only on their seat's view (:meth:`KoiKoiState.view`), never on the hidden cards.

The greedy bot is a one-move lookahead over an evaluation built from the yaku rows
(:data:`~cardgames.koikoi.yaku.YAKU`, compiled for the rules in force by
:func:`~cardgames.koikoi.yaku.compile_rows`), so it plays for what the rules pay:

* **Potential of a pile.** Every yaku the rules count is a *target*. A target whose cards the
  opponent has captured is dead. A live target is worth its points times
  ``(have / need) ** 2``, so the last card of a yaku is worth far more than the first; a
  completed target is worth its points (with its further cards) plus a bonus, because
  forming any yaku lets the bot stop and take the round. Targets that exclude each other --
  a yaku and the smaller ones of the same cards it replaces (Goko, Shikō, Ame-shikō, Sankō)
  -- count only the best of them; a yaku made of the yaku it replaces (Akatan-Aotan where
  it replaces Akatan and Aotan) is left to its parts. A yaku that counts only after one's
  own koi-koi is worth half as much before it. The pile's potential is the sum.
* **Moves.** A capture is worth the rise of the bot's potential plus, weighted, the rise the
  same cards would have given the opponent (denial). A card put on the field without a match
  costs what it is worth to the opponent times the chance that the opponent holds a card of
  its month (from the cards the bot has not seen), and what the bot itself gives up.
* **Koi-koi or stop.** Stop unless every one of these holds: koi-koi is allowed, the bot
  still holds at least :data:`KOIKOI_MIN_HAND` cards, the opponent needs at least
  :data:`KOIKOI_MIN_OPPONENT_NEED` more cards for any yaku of theirs, the bot is one card
  from raising its score, and its points would not already be doubled. When stopping ends
  the match (the last round, or with banks a stop that empties the opponent's bank), the
  bot stops exactly when that wins the match and otherwise calls koi-koi whenever it may.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache, reduce
from operator import add
from typing import Any, Final, NamedTuple, TypeVar, cast

from cardgames.core.agents import Agent, Hint, RandomAgent, best_of, unmoved
from cardgames.core.cache import Recent
from cardgames.core.text import counted
from cardgames.koikoi.actions import CAPTURE, KOIKOI, STOP, KoiKoiAction
from cardgames.koikoi.cards import CARDS, Card
from cardgames.koikoi.rules import KoiKoiRules
from cardgames.koikoi.view import CaptureChoice, KoiKoiDecision, KoiKoiView
from cardgames.koikoi.yaku import MONTH_MASKS, YAKU, compile_rows, round_points, yaku_progress

__all__ = [
    "BOTS",
    "KOIKOI_MIN_HAND",
    "KOIKOI_MIN_OPPONENT_NEED",
    "Gain",
    "GreedyBot",
    "Targets",
    "YakuEvaluator",
    "evaluator_for",
    "group_value",
    "reason",
    "single_value",
]

MOVES_KEPT: Final = 16
"""Positions a bot remembers its move at (see :class:`GreedyBot`): a game asks about one at
a time, a hint or a "why?" about the latest few."""
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
AFTER_KOIKOI_WEIGHT: Final = 0.5
"""How much a yaku that counts only after one's own koi-koi is worth before that call."""


def _progress_table(largest: int) -> tuple[tuple[float, ...], ...]:
    # PROGRESS[need][have] = (have / need) ** 2, capped at 1: quadratic, so the cards that
    # finish a yaku are worth more than those that start one.
    return tuple(
        tuple(min(1.0, (have / need) ** 2) if need else 1.0 for have in range(49))
        for need in range(largest + 1)
    )


_PROGRESS: Final = _progress_table(12)

_Single = tuple[int, int, int, float, float]
"""A target that excludes no other and has no required or spoiling cards (most yaku):
(cards, need, slack -- how many of its cards the opponent may hold before it is dead --,
points and points per card beyond `need`, both weighted)."""
_Member = tuple[int, int, int, int, int, float, float, int]
"""Any target: (cards, need, slack, required cards, how many, points and points per card
beyond `need`, both weighted, spoiling cards)."""
_Reach = tuple[int, int, int, int, int, int]
"""A target as :meth:`YakuEvaluator.cards_needed` reads it: (cards, need, required cards,
how many, the further cards that raise it once formed, spoiling cards)."""


class Targets(NamedTuple):
    """The yaku of one rule set as the evaluator's targets, in the shapes its loops read."""

    singles: tuple[_Single, ...]
    """Targets worth their own value each (a lean loop: no group, no special cards)."""
    groups: tuple[tuple[_Member, ...], ...]
    """The other targets, in groups that exclude each other: a group is worth its best."""
    reach: tuple[_Reach, ...]
    """Every target, for the cards still needed."""
    grids: tuple[tuple[int, _Grid], ...]
    """Per single: (its cards, its worth by how many of them each pile holds)."""
    entries: tuple[_Entry, ...]
    """Per group, with its place in the sum (after the singles)."""
    touched: dict[int, tuple[tuple[tuple[int, int, _Grid], ...], tuple[_Entry, ...]]]
    """Added cards (a mask) -> the singles (place, cards, grid) and the groups whose value
    they can change, filled as gains are valued (a few hundred masks occur)."""


_Grid = tuple[tuple[float, ...], ...]
"""A single target's worth, by the cards of it in the owner's pile, then in the other's."""


class _Entry(NamedTuple):
    """One group of :class:`Targets`, with what its value depends on."""

    place: int
    """Its place in the sum."""
    owner_cards: int
    """The cards of the owner's pile its value depends on."""
    rival_cards: int
    """The cards of the other pile its value depends on."""
    group: tuple[_Member, ...]
    known: dict[int, float]
    """Values found so far, by the piles' relevant cards (the brights and a few special
    cards, so the same few hundred combinations recur all game; the function is pure)."""


_KNOWN_LIMIT: Final = 1 << 14
"""Values an entry keeps at most (cleared when full; a long simulation stays bounded)."""


def _value(entry: _Entry, owner: int, rival: int) -> float:
    """`entry`'s value for these piles, found once per combination of its cards."""
    key = (owner & entry.owner_cards) << 48 | rival & entry.rival_cards
    known = entry.known
    value = known.get(key)
    if value is None:
        if len(known) >= _KNOWN_LIMIT:
            known.clear()
        value = known[key] = group_value(entry.group, owner, rival)
    return value


def _slots_of(mask: int) -> list[int]:
    """The slot numbers set in a mask of slots."""
    return [slot for slot in range(mask.bit_length()) if mask >> slot & 1]


def _compile_targets(rules: KoiKoiRules, called: bool, month: int) -> Targets:
    """The yaku rows of `rules` as the evaluator's targets (see the module docstring):
    `called` says whether the pile's owner has called koi-koi this round."""
    now = {row.slot: row for row in compile_rows(rules, called, month)}
    # Rows that count only after a koi-koi are planned for too, at a lower weight.
    later = {row.slot: row for row in compile_rows(rules, True, month)}
    nested = {
        slot: [s for s in _slots_of(row.replaced) if s in later and not later[s].cards & ~row.cards]
        for slot, row in later.items()
    }
    left_to_parts = set()
    for slot, row in later.items():
        parts = [later[s].cards for s in nested[slot]]
        union = 0
        for cards in parts:
            union = -1 if union & cards else union | cards  # -1: the parts overlap
        if len(parts) > 1 and union == row.cards:
            left_to_parts.add(slot)
    group_of = {slot: slot for slot in later}

    def root(slot: int) -> int:
        while group_of[slot] != slot:
            slot = group_of[slot]
        return slot

    for slot in later:
        if slot not in left_to_parts:
            for other in nested[slot]:
                if other not in left_to_parts:
                    group_of[root(other)] = root(slot)
    grouped: dict[int, list[_Member]] = {}
    reach: list[_Reach] = []
    for slot, row in later.items():
        if slot in left_to_parts:
            continue
        counted = now.get(slot, row)
        weight = 1.0 if slot in now else AFTER_KOIKOI_WEIGHT
        required = counted.requires.bit_count()
        # Further cards other than its own (Ino-shika-chō's other animals) are the cards of
        # a counting yaku (Tane), valued there: only a counting yaku's own extra cards add.
        per_extra = weight * counted.per_further if counted.further == counted.cards else 0.0
        grouped.setdefault(root(slot), []).append((
            counted.cards, counted.need, counted.cards.bit_count() - counted.need,
            counted.requires, required, weight * counted.points, per_extra, counted.spoil,
        ))
        raising = counted.further if counted.per_further else 0
        reach.append(
            (counted.cards, counted.need, counted.requires, required, raising, counted.spoil)
        )
    singles = tuple(
        (cards, need, slack, points, per_extra)
        for group in grouped.values()
        if len(group) == 1
        for cards, need, slack, requires, _required, points, per_extra, spoil in group
        if not requires and not spoil
    )
    groups = tuple(
        tuple(group) for group in grouped.values()
        if len(group) > 1 or group[0][3] or group[0][7]
    )
    grids = tuple((single[0], _grid(single)) for single in singles)
    entries = tuple(
        _Entry(
            len(singles) + index,
            _mask_or(cards | requires | spoil for cards, _n, _s, requires, *_rest, spoil in group),
            _mask_or(cards | requires for cards, _n, _s, requires, *_rest in group),
            group, {},
        )
        for index, group in enumerate(groups)
    )
    return Targets(singles, groups, tuple(reach), grids, entries, {})


def _mask_or(masks: Iterable[int]) -> int:
    result = 0
    for mask in masks:
        result |= mask
    return result


def _with_required(mine: int, have: int, need: int, requires: int, required: int) -> int:
    """The `have` cards of a target that requires some cards (Ame-shikō: the rain man),
    counted so that the others fill only the places the required ones leave (four plain
    brights are not Ame-shikō)."""
    held = (mine & requires).bit_count()
    return min(have - held, need - required) + held


class YakuEvaluator:
    """How close a captured pile is to the yaku of one rule set, as numbers a bot can compare.

    Piles are bit masks of card ids (bit ``i`` set: card ``i`` is in the pile) so that one
    evaluation is a handful of integer operations.
    """

    __slots__ = ("_rules", "_targets_by")

    def __init__(self, rules: KoiKoiRules) -> None:
        self._rules = rules
        # Compiled on first use per (koi-koi called, month): the rows differ with both.
        self._targets_by: dict[tuple[bool, int | None], Targets] = {}

    @property
    def rules(self) -> KoiKoiRules:
        """The rules whose yaku are evaluated."""
        return self._rules

    def targets(self, called: bool, month: int | None) -> Targets:
        """The rules' yaku as the evaluator's targets for a pile whose owner has `called`
        koi-koi (or not) in the round of `month` (tsuki-fuda; None: no month counts),
        compiled on first use."""
        targets = self._targets_by.get((called, month))
        if targets is None:
            rules = self._rules
            month_number = month if month is not None and rules.tsuki_fuda else 0
            targets = _compile_targets(rules, called, month_number)
            self._targets_by[called, month] = targets
        return targets

    def potential(
        self, mine: int, theirs: int, month: int | None = None, *, called: bool = False
    ) -> float:
        """The worth of pile `mine` while the opponent holds pile `theirs` (both bit masks).

        `month` (1..12) names the round's month for tsuki-fuda, when that rule is on;
        `called` says whether the pile's owner has called koi-koi this round.
        """
        return _potential(self.targets(called, month), mine, theirs)

    def cards_needed(self, mine: int, unavailable: int, month: int | None = None) -> int:
        """The fewest further cards pile `mine` needs to form a new yaku or raise its score.

        Cards in `unavailable` (the opponent's pile, or cards known to be out of reach) cannot
        be had. 99 when nothing is reachable. Yaku that count only after a koi-koi are
        included (a koi-koi is what this question weighs).
        """
        fewest = 99
        for cards, need, requires, required, raising, spoil in self.targets(False, month).reach:
            if mine & spoil or unavailable & requires & ~mine:
                continue
            have = (mine & cards).bit_count()
            if requires:
                have = _with_required(mine, have, need, requires, required)
            if have >= need:
                # A formed yaku rises with each further card, unless its points are fixed.
                if raising & ~unavailable & ~mine:
                    fewest = 1
                continue
            if (cards & ~unavailable & ~mine).bit_count() >= need - have:
                fewest = min(fewest, need - have)
        return fewest


def _single_worth(target: _Single, have: int, blocked: int) -> float:
    """What one target that excludes no other is worth to a pile holding `have` of its cards
    while the other pile holds `blocked` of them (0.0: dead or not begun)."""
    _cards, need, slack, points, per_extra = target
    if blocked > slack:
        return 0.0  # dead: too few of its cards are left
    if have >= need:
        return points + per_extra * (have - need) + COMPLETION_BONUS
    if have:
        return points * _PROGRESS[need][have]
    return 0.0


def _grid(target: _Single) -> _Grid:
    """`target`'s worth for every count of its cards in either pile (a few hundred floats:
    valuing it is then two bit counts and a look-up)."""
    size = target[0].bit_count() + 1
    return tuple(
        tuple(_single_worth(target, have, blocked) for blocked in range(size))
        for have in range(size)
    )


def single_value(target: _Single, mine: int, theirs: int) -> float:
    """What one target that excludes no other is worth to pile `mine`."""
    cards = target[0]
    return _single_worth(target, (mine & cards).bit_count(), (theirs & cards).bit_count())


def group_value(group: tuple[_Member, ...], mine: int, theirs: int) -> float:
    """What a group of targets that exclude each other is worth to pile `mine`: its best."""
    best = 0.0
    for cards, need, slack, requires, required, points, per_extra, spoil in group:
        if mine & spoil or theirs & requires:
            continue  # spoilt, or dead: the opponent holds a card it requires
        blocked = theirs & cards
        if blocked and blocked.bit_count() > slack:
            continue
        have = (mine & cards).bit_count()
        if requires:
            have = _with_required(mine, have, need, requires, required)
        if have >= need:
            worth = points + per_extra * (have - need) + COMPLETION_BONUS
        else:
            worth = points * _PROGRESS[need][have]
        if worth > best:
            best = worth
    return best


def _values(targets: Targets, mine: int, theirs: int) -> list[float]:
    """Each target's worth to pile `mine` while the opponent holds `theirs`: the singles, then
    the groups (the order their sum is taken in)."""
    values = [
        grid[(mine & cards).bit_count()][(theirs & cards).bit_count()]
        for cards, grid in targets.grids
    ]
    values += [_value(entry, mine, theirs) for entry in targets.entries]
    return values


def _total(values: list[float]) -> float:
    """The sum of target values, added left to right from 0.0 (the same float whichever way
    the values were found; ``sum`` may add more exactly on some Pythons, which would change
    which moves tie)."""
    return reduce(add, values, 0.0)


def _potential(targets: Targets, mine: int, theirs: int) -> float:
    """:meth:`YakuEvaluator.potential` on compiled targets."""
    return _total(_values(targets, mine, theirs))


class Gain:
    """What adding cards to one side's pile is worth to that side, for one decision: the
    targets' values for the pile as it is are found once, and a gain re-values only the
    targets the added cards touch (every other value, and so the sum, is the same float)."""

    __slots__ = ("_base", "_now", "_owner", "_rival", "_targets")

    def __init__(self, targets: Targets, owner: int, rival: int) -> None:
        self._targets = targets
        self._owner = owner
        self._rival = rival
        self._base = _values(targets, owner, rival)
        self._now = _total(self._base)

    @property
    def now(self) -> float:
        """The potential of the pile as it is."""
        return self._now

    def __call__(self, cards: int) -> float:
        """The potential's rise when `cards` (a mask) join the owner's pile."""
        targets = self._targets
        touched = targets.touched.get(cards)
        if touched is None:
            touched = targets.touched[cards] = (
                tuple(
                    (place, single_cards, grid)
                    for place, (single_cards, grid) in enumerate(targets.grids)
                    if single_cards & cards
                ),
                tuple(entry for entry in targets.entries if entry.owner_cards & cards),
            )
        singles, groups = touched
        owner = self._owner | cards
        rival = self._rival
        values = self._base.copy()
        for place, single_cards, grid in singles:
            values[place] = grid[(owner & single_cards).bit_count()][
                (rival & single_cards).bit_count()]
        for entry in groups:
            values[entry.place] = _value(entry, owner, rival)
        return reduce(add, values, 0.0) - self._now  # as _total adds


@lru_cache(maxsize=4096)
def _chance_opponent_matches(unseen_of_month: int, unseen: int, opponent_draws: int) -> float:
    """The chance that `opponent_draws` cards from `unseen` include one of `unseen_of_month`.

    The opponent's hand and next stock card are, to this seat, a random part of the cards it
    has not seen (hypergeometric: one minus the chance that none of them is of the month).
    Cached: a few hundred combinations of small counts occur.
    """
    if unseen_of_month <= 0 or unseen <= 0:
        return 0.0
    none = 1.0
    for drawn in range(min(opponent_draws, unseen)):
        none *= max(0, unseen - unseen_of_month - drawn) / (unseen - drawn)
    return 1.0 - none


_EVALUATORS: dict[KoiKoiRules, YakuEvaluator] = {}


def evaluator_for(rules: KoiKoiRules) -> YakuEvaluator:
    """The shared :class:`YakuEvaluator` of `rules` (one per rule set: an evaluator only
    compiles the rules and remembers values it found, so every bot may share it)."""
    evaluator = _EVALUATORS.get(rules)
    if evaluator is None:
        if len(_EVALUATORS) >= 64:  # many rule sets (a sweep): keep the memory bounded
            _EVALUATORS.clear()
        evaluator = _EVALUATORS[rules] = YakuEvaluator(rules)
    return evaluator


_ALL_CARDS: Final = (1 << 48) - 1
A = TypeVar("A")


class GreedyBot:
    """Plays for yaku on its own view: takes what advances its best yaku, denies the opponent's,
    and decides koi-koi by a simple risk rule (see the module docstring).

    Deterministic apart from ties between equally good moves, which its seeded generator
    breaks. It remembers its latest moves by position, so that asked again about one (to act,
    or to explain) it answers with the move it made there, whatever it was asked since.
    """

    __slots__ = ("_made", "_rng")

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._made: Recent[tuple[Any, tuple[Any, ...]], KoiKoiAction] = Recent(MOVES_KEPT)

    def __repr__(self) -> str:
        return "GreedyBot()"

    @property
    def rng(self) -> random.Random:
        """The generator that breaks its ties (a bot built on this one keeps it still while
        explaining: :func:`~cardgames.core.agents.unmoved`)."""
        return self._rng

    def _evaluator(self, rules: KoiKoiRules) -> YakuEvaluator:
        return evaluator_for(rules)

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """The Agent protocol (generic over the action type): :meth:`choose`."""
        # The loop hands a Koi-Koi bot Koi-Koi views and actions only.
        key = (view, tuple(legal))
        made = self._made.get(key)
        if made is None:
            made = self._made.add(key, self.choose(view, cast(Sequence[KoiKoiAction], legal)))
        return cast(A, made)

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The move :meth:`act` chooses, and why (:func:`reason`)."""
        action = self._made.get((view, tuple(legal)))
        if action is None:  # not played here yet: the move act would make, drawing nothing
            with unmoved(self._rng):
                action = self.choose(view, cast(Sequence[KoiKoiAction], legal))
        return cast(Hint[A], Hint(action, reason(view, cast(Sequence[KoiKoiAction], legal),
                                                 action)))

    def choose(self, view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> KoiKoiAction:
        """The best legal action for the seat whose `view` this is."""
        if len(legal) == 1:
            return legal[0]
        evaluator = self._evaluator(view.rules)
        if isinstance(view.pending, KoiKoiDecision):
            return self.decide(view, legal, evaluator)
        return best_of(legal, self.score_moves(view, legal, evaluator), self._rng)

    def score_moves(
        self,
        view: KoiKoiView,
        legal: Sequence[KoiKoiAction],
        evaluator: YakuEvaluator | None = None,
    ) -> list[float]:
        """How good each play or capture in `legal` is for the view's seat (higher is better)."""
        evaluator = evaluator or self._evaluator(view.rules)
        seat = view.seat
        masks = view.masks
        mine = masks.piles[seat]
        theirs = masks.piles[1 - seat]
        month = view.month if view.rules.tsuki_fuda else None
        called, they_called = view.koikoi_calls[seat] > 0, view.koikoi_calls[1 - seat] > 0
        # What cards are worth to each side, valued against the piles as they are.
        worth_to_me = Gain(evaluator.targets(called, month), mine, theirs)
        worth_to_them = Gain(evaluator.targets(they_called, month), theirs, mine)
        field = masks.field
        hand = masks.hand
        seen = mine | theirs | field | hand
        pending = view.pending
        if isinstance(pending, CaptureChoice):
            seen |= 1 << pending.card.id
        unseen = _ALL_CARDS & ~seen
        unseen_count = unseen.bit_count()
        # The opponent's hand plus the stock card it turns over next.
        opponent_draws = view.opponent_hand_size + (1 if view.stock_size else 0)

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
        mine_after = view.scores[seat] + stop_points
        # With banks the points come out of the opponent's bank, and an empty bank ends it.
        theirs_after = view.scores[other] - (stop_points if rules.banks else 0)
        if view.round_number >= rules.rounds or (rules.banks and theirs_after <= 0):
            # Stopping ends the match: stop if that wins it, play on if stopping cannot.
            return mine_after <= theirs_after
        if len(view.hand) < KOIKOI_MIN_HAND:
            return False
        if rules.double_at_7 and points >= 7:
            return False
        masks = view.masks
        mine = masks.piles[seat]
        theirs = masks.piles[other]
        month = view.month if rules.tsuki_fuda else None
        # Cards we hold are out of the opponent's reach unless we give them away.
        opponent_need = evaluator.cards_needed(theirs, mine | masks.hand, month)
        if opponent_need < KOIKOI_MIN_OPPONENT_NEED:
            return False
        return evaluator.cards_needed(mine, theirs, month) <= 1


BOTS: Final[Mapping[str, Callable[[int], Agent]]] = {
    "random": RandomAgent,
    "greedy": GreedyBot,
}
"""The Koi-Koi bots by name, as seeded factories (``GameInfo.bots``)."""


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
    masks = view.masks
    mine_mask = masks.piles[seat]
    theirs_mask = masks.piles[other]
    month = view.month if rules.tsuki_fuda else None
    opponent_need = evaluator.cards_needed(theirs_mask, mine_mask | masks.hand, month)
    own_need = evaluator.cards_needed(mine_mask, theirs_mask, month)
    facts = (
        f"you hold {counted(len(view.hand), 'card')} (it wants {KOIKOI_MIN_HAND}+), the "
        "opponent is "
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
    return counted(count, "card")
