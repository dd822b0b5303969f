"""Scoring a bouquet: the best split into combinations of values, times the colour multiplier.

Combinations (each card in at most one): a pair, three, four or five of a kind score the value
times the number of cards; the runs 1-2-3-4, 2-3-4-5 and 1-2-3-4-5 score 8, 12 and 15. The
colours of all five cards multiply the total: two colours only x2, one of each of the five
colours x3, all five one colour x4, anything else x1. A multicolour card keeps its value and
takes whichever colour scores best.

The combination part depends only on the multiset of values and the multiplier only on the
multiset of colours, so the two are looked up independently in tables built once at import:
a bouquet's key is the sum of per-card weights (base-6 digits that count values or colours).
The best multicolour colours therefore maximise the multiplier alone, which is what
"maximised jointly" reduces to. :func:`bouquet_total` is the fast path the engine and the bots
use; :func:`score_bouquet` adds the breakdown.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

import attrs

from cardgames.core.errors import NotationError
from cardgames.ikebana.cards import (
    CARDS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COPIES,
    MULTICOLOUR,
    PLAIN_COLOURS,
    Card,
    parse_cards,
)

__all__ = [
    "BOUQUET_SIZE",
    "COLOUR_WEIGHT",
    "COMBO_POINTS",
    "MULTIPLIER",
    "OWN_COLOUR_MULTIPLIER",
    "VALUE_WEIGHT",
    "BouquetScore",
    "Combination",
    "CombinationKind",
    "bouquet_total",
    "combination_points",
    "multiplier_name",
    "multiplier_table",
    "score_bouquet",
    "score_codes",
]

BOUQUET_SIZE = 5
"""Cards in a finished bouquet."""

# --------------------------------------------------------------------- combinations
class CombinationKind(enum.StrEnum):
    """What a combination is: a group of equal values (by its size) or a run."""

    PAIR = "pair"
    THREE_OF_A_KIND = "three of a kind"
    FOUR_OF_A_KIND = "four of a kind"
    FIVE_OF_A_KIND = "five of a kind"
    RUN = "run"


_KIND_OF_GROUP = {
    2: CombinationKind.PAIR,
    3: CombinationKind.THREE_OF_A_KIND,
    4: CombinationKind.FOUR_OF_A_KIND,
    5: CombinationKind.FIVE_OF_A_KIND,
}
_COUNT_WORDS = {3: "three", 4: "four", 5: "five"}
_RUNS: tuple[tuple[tuple[int, ...], int], ...] = (
    ((1, 2, 3, 4, 5), 15),
    ((2, 3, 4, 5), 12),
    ((1, 2, 3, 4), 8),
)


@attrs.frozen
class Combination:
    """One scoring combination: its kind, the values it uses and its points."""

    kind: CombinationKind
    values: tuple[int, ...]
    points: int

    @property
    def name(self) -> str:
        """The kind in words, a run with its values: ``pair``, ``run 1-2-3-4``."""
        if self.kind is CombinationKind.RUN:
            return f"run {'-'.join(map(str, self.values))}"
        return str(self.kind)

    def __str__(self) -> str:
        if self.kind is CombinationKind.RUN:
            return f"{self.name} = {self.points}"
        count = len(self.values)
        words = "pair of" if count == 2 else _COUNT_WORDS[count]
        return f"{words} {self.values[0]}s = {self.points}"


def _candidates() -> list[Combination]:
    # The order decides which of several equally good splits is reported: longer runs first,
    # then bigger groups of higher values.
    found = [Combination(CombinationKind.RUN, vs, pts) for vs, pts in _RUNS]
    for size in (5, 4, 3, 2):
        for value in (5, 4, 3, 2, 1):
            found.append(Combination(_KIND_OF_GROUP[size], (value,) * size, value * size))
    return found


_CANDIDATES = tuple(_candidates())


@cache
def _best_split(counts: tuple[int, ...]) -> tuple[int, tuple[Combination, ...]]:
    """The best total and combinations for value counts (index 0 = value 1)."""
    best: tuple[int, tuple[Combination, ...]] = (0, ())
    for combo in _CANDIDATES:
        need = Counter(combo.values)
        if all(counts[value - 1] >= n for value, n in need.items()):
            rest = list(counts)
            for value, n in need.items():
                rest[value - 1] -= n
            points, combos = _best_split(tuple(rest))
            if combo.points + points > best[0]:
                best = (combo.points + points, (combo, *combos))
    return best


def _value_key(counts: Sequence[int]) -> int:
    return sum(n * 6**index for index, n in enumerate(counts))


def _all_counts(slots: int, total: int) -> Iterable[tuple[int, ...]]:
    """Every tuple of `slots` non-negative counts summing to at most `total`."""
    if slots == 0:
        yield ()
        return
    for first in range(total + 1):
        for rest in _all_counts(slots - 1, total - first):
            yield (first, *rest)


VALUE_WEIGHT: tuple[int, ...] = tuple(6 ** (code % 5) for code in range(30))
"""Per card code: its contribution to a bouquet's value key (base-6 count of each value)."""
COLOUR_WEIGHT: tuple[int, ...] = tuple(6 ** (code // 5) for code in range(30))
"""Per card code: its contribution to a bouquet's colour key (base-6 count of each colour)."""

_SPLITS: dict[int, tuple[int, tuple[Combination, ...]]] = {}
_combo_points = [0] * 6**5
for _counts in _all_counts(5, BOUQUET_SIZE):
    _SPLITS[_value_key(_counts)] = _best_split(_counts)
    _combo_points[_value_key(_counts)] = _SPLITS[_value_key(_counts)][0]
COMBO_POINTS: tuple[int, ...] = tuple(_combo_points)
"""Value key -> the best combination total (before the colour multiplier), for 0..5 cards."""


# --------------------------------------------------------------------- colour multiplier
def _multiplier(counts: Sequence[int]) -> int:
    """The best multiplier for colour counts (index 5 = multicolour jokers) of five cards."""
    fixed = sum(counts[:PLAIN_COLOURS])
    distinct = sum(1 for n in counts[:PLAIN_COLOURS] if n)
    if distinct <= 1:
        return 4  # the jokers join the only colour (or all agree on one)
    if distinct == fixed:
        return 3  # the plain cards all differ; the jokers fill the missing colours
    if distinct == 2:
        return 2  # the jokers join one of the two colours
    return 1


def _multiplier_own_colour(counts: Sequence[int]) -> int:
    """The multiplier when multicolour is a sixth colour of its own (a house rule)."""
    distinct = sum(1 for n in counts if n)
    return {1: 4, 5: 3, 2: 2}.get(distinct, 1)


_multipliers = [0] * 6**6
_own_colour_multipliers = [0] * 6**6
for _counts in _all_counts(6, BOUQUET_SIZE):
    if sum(_counts) == BOUQUET_SIZE:
        _multipliers[_value_key(_counts)] = _multiplier(_counts)
        _own_colour_multipliers[_value_key(_counts)] = _multiplier_own_colour(_counts)
MULTIPLIER: tuple[int, ...] = tuple(_multipliers)
"""Colour key of five cards -> the best colour multiplier (0 for keys that are not 5 cards)."""
OWN_COLOUR_MULTIPLIER: tuple[int, ...] = tuple(_own_colour_multipliers)
"""As :data:`MULTIPLIER` when the multicolour cards are a sixth colour, not jokers: five
multicolour cards are one colour (x4), five different colours x3, two colours x2."""


def multiplier_table(multicolour_wild: bool = True) -> tuple[int, ...]:
    """:data:`MULTIPLIER` (multicolour cards are jokers) or :data:`OWN_COLOUR_MULTIPLIER`."""
    return MULTIPLIER if multicolour_wild else OWN_COLOUR_MULTIPLIER

_MULTIPLIER_NAMES = {
    4: "all five one colour",
    3: "one card of each colour",
    2: "two colours only",
    1: "no colour combination",
}


def multiplier_name(multiplier: int) -> str:
    """The colour combination a multiplier stands for (``3`` -> "one card of each colour")."""
    return _MULTIPLIER_NAMES[multiplier]


def bouquet_total(codes: Sequence[int], multipliers: Sequence[int] = MULTIPLIER) -> int:
    """The score of five card codes, without the breakdown (the fast path).

    `multipliers` is :data:`MULTIPLIER` or, for the sixth-colour house rule,
    :data:`OWN_COLOUR_MULTIPLIER`.
    """
    value_key = 0
    colour_key = 0
    for code in codes:
        value_key += VALUE_WEIGHT[code]
        colour_key += COLOUR_WEIGHT[code]
    return COMBO_POINTS[value_key] * multipliers[colour_key]


# --------------------------------------------------------------------- the breakdown
@attrs.frozen
class BouquetScore:
    """A scored bouquet: the total and how it was reached.

    ``multicolour_colours`` gives, for each multicolour card in ``cards`` order, the colour
    index it took (0..4): the missing colours for x3, else the colour most plain cards share
    (the lowest index on a tie; red if there is none). When the multiplier is 1 their colour
    changes nothing and :meth:`describe_multicolour` does not name one. Under the
    sixth-colour house rule they stay multicolour (index 5).
    """

    cards: tuple[Card, ...]
    combinations: tuple[Combination, ...]
    points: int
    """The combinations' total, before the multiplier."""
    multiplier: int
    multicolour_colours: tuple[int, ...]
    total: int

    @property
    def colour_combination(self) -> str:
        """The colour combination that gave the multiplier, in words."""
        return multiplier_name(self.multiplier)

    def describe_combinations(self) -> str:
        """The combinations in words, or "no combination"."""
        return " + ".join(map(str, self.combinations)) or "no combination"

    @property
    def multicolour_choices(self) -> tuple[tuple[Card, int], ...]:
        """Each multicolour card with the colour index it counted as, in ``cards`` order;
        empty when there is none, when their colour changes nothing (x1) or under the
        sixth-colour house rule (they stay multicolour)."""
        if self.multiplier == 1:
            return ()
        jokers = [card for card in self.cards if card.is_multicolour]
        return tuple(
            (card, colour)
            for card, colour in zip(jokers, self.multicolour_colours, strict=True)
            if colour != MULTICOLOUR
        )

    def describe_multicolour(self) -> str:
        """How the multicolour cards were counted, e.g. "M3 as red"; "" when no choice of
        colour mattered (see :attr:`multicolour_choices`)."""
        return ", ".join(
            f"{card} as {COLOUR_NAMES[colour]}" for card, colour in self.multicolour_choices
        )

    def __str__(self) -> str:
        text = (
            f"{self.total} = ({self.describe_combinations()}) x {self.multiplier} "
            f"({self.colour_combination})"
        )
        jokers = self.describe_multicolour()
        return f"{text}; {jokers}" if jokers else text


def _joker_colours(colour_counts: Sequence[int], jokers: int, multiplier: int) -> tuple[int, ...]:
    present = [colour for colour in range(PLAIN_COLOURS) if colour_counts[colour]]
    if multiplier == 3:
        missing = [colour for colour in range(PLAIN_COLOURS) if not colour_counts[colour]]
        return tuple(missing[:jokers])
    # x4 or x2: the jokers join the colour most cards already have (the first on a tie);
    # x1: any colour does, the same rule names one.
    joined = max(present, key=lambda colour: colour_counts[colour]) if present else 0
    return (joined,) * jokers


def _check_bouquet(cards: Sequence[Card], size: int | None) -> None:
    text = " ".join(map(str, cards))
    if size is not None and len(cards) != size:
        got = f"{len(cards)}: {text!r}" if cards else "none"
        raise NotationError(
            f"a bouquet is {size} cards (got {got}); give five cards like R3 G3 K3 B2 Y2"
        )
    if size is None and len(cards) > BOUQUET_SIZE:
        raise NotationError(f"a bouquet holds at most {BOUQUET_SIZE} cards (got {text!r})")
    for card, count in Counter(cards).items():
        if count > COPIES[card.code]:
            raise NotationError(
                f"{text!r} holds {count} x {card} but the deck has only {COPIES[card.code]}"
            )


def score_bouquet(
    cards: Iterable[Card | str] | str, *, multicolour_wild: bool = True
) -> BouquetScore:
    """Score a five-card bouquet (cards, notation such as ``"K5"``, or one string of five
    cards), with its breakdown.

    >>> score_bouquet(["R3", "G3", "K3", "B2", "Y2"]).total
    39
    >>> score_bouquet("R3 G3 K3 B2 Y2").total
    39

    `multicolour_wild` False scores the house rule where multicolour is a sixth colour of its
    own rather than a joker. NotationError for a bad card, a count other than five, or more
    copies of a card than the deck holds.
    """
    hand = tuple(parse_cards(cards))
    _check_bouquet(hand, BOUQUET_SIZE)
    return score_codes([card.code for card in hand], multicolour_wild=multicolour_wild)


def score_codes(codes: Sequence[int], *, multicolour_wild: bool = True) -> BouquetScore:
    """:func:`score_bouquet` for five card codes the caller knows to be a valid bouquet
    (the engine's path: no parsing, no checks)."""
    hand = tuple(CARDS[code] for code in codes)
    value_key = 0
    colour_counts = [0] * 6
    for code in codes:
        value_key += VALUE_WEIGHT[code]
        colour_counts[code // 5] += 1
    points, combinations = _SPLITS[value_key]
    multiplier = multiplier_table(multicolour_wild)[_value_key(colour_counts)]
    jokers = colour_counts[MULTICOLOUR]
    return BouquetScore(
        cards=hand,
        combinations=combinations,
        points=points,
        multiplier=multiplier,
        multicolour_colours=(
            _joker_colours(colour_counts, jokers, multiplier)
            if multicolour_wild
            else (MULTICOLOUR,) * jokers
        ),
        total=points * multiplier,
    )


def combination_points(
    cards: Iterable[Card | str] | str,
) -> tuple[int, tuple[Combination, ...]]:
    """The best combinations of an unfinished bouquet (0 to 5 cards), without a multiplier.

    The colour multiplier only exists for five cards; this is what the cards already held
    are worth as combinations (shown while a round is being played).
    """
    hand = tuple(parse_cards(cards))
    _check_bouquet(hand, None)
    value_counts = [0] * 5
    for card in hand:
        value_counts[card.value - 1] += 1
    return _SPLITS[_value_key(value_counts)]


def colour_letter(colour: int) -> str:
    """The letter of a colour index."""
    return COLOUR_LETTERS[colour]
