"""Bouquet scoring: the rulebook's worked examples, each combination and multiplier, properties."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.errors import NotationError
from cardgames.ikebana.cards import COPIES, FULL_DECK, MULTICOLOUR, PLAIN_COLOURS, Card
from cardgames.ikebana.scoring import (
    BouquetScore,
    CombinationKind,
    bouquet_total,
    combination_points,
    score_bouquet,
)


def score(text: str) -> BouquetScore:
    return score_bouquet(text.split())


# ------------------------------------------------------------------ the rulebook's examples
def test_rulebook_example_three_threes_and_two_twos_in_five_colours_is_39() -> None:
    result = score("R3 G3 K3 B2 Y2")
    assert result.total == 39
    assert result.points == 13
    assert result.multiplier == 3
    assert sorted(c.points for c in result.combinations) == [4, 9]


def test_rulebook_example_run_plus_a_two_in_two_colours_is_16() -> None:
    result = score("R1 R2 G3 G4 R2")
    assert result.total == 16
    assert [c.name for c in result.combinations] == ["run 1-2-3-4"]
    assert result.multiplier == 2


def test_rulebook_example_pair_of_fives_without_colour_combination_is_10() -> None:
    result = score("R5 G5 R1 K2 B3")
    assert result.total == 10
    assert [str(c) for c in result.combinations] == ["pair of 5s = 10"]
    assert result.multiplier == 1


# ------------------------------------------------------------------ one test per combination
# Three colours (x1) so that the points are the combinations' alone.
@pytest.mark.parametrize(
    ("bouquet", "points", "name"),
    [
        ("R4 G4 K1 R2 G5", 8, "pair"),
        ("R3 G3 K3 R1 G5", 9, "three of a kind"),
        ("R2 G2 K2 B2 R5", 8, "four of a kind"),
        ("R1 G1 K1 B1 R1", 5, "five of a kind"),
        ("R1 G2 K3 R4 R4", 8, "run 1-2-3-4"),
        ("R2 G3 K4 R5 G5", 12, "run 2-3-4-5"),
        ("R1 G2 K3 R4 G5", 15, "run 1-2-3-4-5"),
    ],
)
def test_each_combination_scores_its_table_value(bouquet: str, points: int, name: str) -> None:
    result = score(bouquet)
    assert result.multiplier == 1
    assert result.points == points
    assert [c.name for c in result.combinations] == [name]


def test_a_combination_s_kind_is_an_enum_and_its_name_is_derived_from_it() -> None:
    run, pair = score("R1 R2 G3 G4 R2").combinations + score("R5 G5 R1 K2 B3").combinations
    assert run.kind is CombinationKind.RUN
    assert (run.name, str(run)) == ("run 1-2-3-4", "run 1-2-3-4 = 8")
    assert pair.kind is CombinationKind.PAIR
    assert (pair.name, str(pair)) == ("pair", "pair of 5s = 10")
    assert [c.kind for c in score("R3 G3 K3 B2 Y2").combinations] == [
        CombinationKind.THREE_OF_A_KIND, CombinationKind.PAIR
    ]


def test_two_pairs_both_count() -> None:
    result = score("R1 G1 K4 R4 G5")
    assert result.points == 2 + 8
    assert result.total == 10


def test_run_and_separate_pair_cannot_share_cards_but_run_and_extra_pair_can() -> None:
    # 2-3-4-5 run and the leftover 5 cannot pair (the run uses one 5) ...
    assert score("R2 G3 K4 R5 G5").points == 12
    # ... four of a kind of 2s (8) beats nothing better here; the five cards give 8 + 0.
    assert score("R2 G2 K2 B2 Y1").total == 8 * 3


def test_best_split_prefers_the_higher_total() -> None:
    # 3,3,3,4,5: three 3s (9) beats the run 2-3-4-5 it cannot form anyway; 1,2,3,4,4:
    # run (8) or pair of 4s (8) are equal, 1,1,2,3,4: run 1-2-3-4 (8) beats the pair (2).
    assert score("R3 G3 K3 R4 G5").points == 9
    assert score("R1 G2 K3 R4 G4").points == 8
    assert score("R1 G1 K2 R3 G4").points == 8


# ------------------------------------------------------------------ one test per multiplier
@pytest.mark.parametrize(
    ("bouquet", "multiplier", "total"),
    [
        ("R5 G5 K1 R2 B3", 1, 10),
        ("R5 G5 R1 R2 G3", 2, 20),
        ("R5 G5 K1 B2 Y3", 3, 30),
        ("R5 R4 R4 R1 R2", 4, 32),
    ],
)
def test_each_colour_multiplier(bouquet: str, multiplier: int, total: int) -> None:
    result = score(bouquet)
    assert result.multiplier == multiplier
    assert result.total == total


def test_multicolour_fills_the_missing_colour_for_five_colours() -> None:
    result = score("R3 G3 K3 B2 M2")
    assert result.multiplier == 3
    assert result.multicolour_colours == (4,)  # yellow
    assert "M2 as yellow" in str(result)


def test_multicolour_joins_a_single_colour_for_times_four() -> None:
    result = score("B1 B2 B3 B4 M5")
    assert result.total == 15 * 4
    assert result.multicolour_colours == (3,)


def test_multicolour_choices_name_only_jokers_whose_colour_mattered() -> None:
    black, yellow = 2, 4
    assert score("R3 G3 M3 B2 M2").multicolour_choices == (
        (Card.from_str("M3"), black), (Card.from_str("M2"), yellow)
    )
    assert score("R3 G4 M3 B2 B5").multicolour_choices == ()  # x1: any colour does
    assert score("R3 G3 K3 B2 Y2").multicolour_choices == ()  # no joker
    sixth = score_bouquet("R3 G3 M3 B2 Y2", multicolour_wild=False)
    assert sixth.multiplier == 3
    assert sixth.multicolour_choices == ()  # multicolour is its own colour
    assert score("R3 G3 M3 B2 M2").describe_multicolour() == "M3 as black, M2 as yellow"


def test_multicolour_joins_one_of_two_colours_for_times_two() -> None:
    result = score("R4 R4 G3 G3 M2")
    assert result.multiplier == 2
    assert result.total == (8 + 6) * 2


def test_all_multicolour_is_one_colour() -> None:
    result = score("M1 M2 M3 M4 M5")
    assert result.total == 60
    assert result.multicolour_colours == (0,) * 5


def test_no_combination_scores_zero_whatever_the_colours() -> None:
    assert score("R1 R2 R3 R5 M5").total == 10 * 4  # the pair of 5s
    assert score("R1 G2 K3 B5 Y5").total == 30
    assert score("R1 R2 R3 R5 R1").total == 2 * 4


# ------------------------------------------------------------------ the sixth-colour house rule
@pytest.mark.parametrize(
    ("bouquet", "wild", "own_colour"),
    [
        ("B1 B2 B3 B4 M5", 60, 30),  # one colour with the joker; two colours without
        ("M1 M2 M3 M4 M5", 60, 60),  # five multicolour cards are one colour either way
        ("R3 G3 K3 B2 M2", 39, 39),  # five different colours either way
        ("R3 G3 K3 K2 M2", 13, 13),  # four colours: x1 either way
        ("R4 R4 G3 G3 M2", 28, 14),  # the joker joins a colour (x2); as a third colour x1
    ],
)
def test_multicolour_as_a_sixth_colour(bouquet: str, wild: int, own_colour: int) -> None:
    assert score(bouquet).total == wild
    result = score_bouquet(bouquet.split(), multicolour_wild=False)
    assert result.total == own_colour
    assert result.describe_multicolour() == ""


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    ("cards", "fragment"),
    [
        (["R3", "G3"], "a bouquet is 5 cards"),
        (["R3", "G3", "K3", "B2", "Q2"], "'Q2' is not an Ikebana card"),
        (["R3", "G3", "K3", "B2", "Y6"], "'Y6'"),
        (["R5", "R5", "K3", "B2", "Y2"], "only 1"),
        (["M3", "M3", "K3", "B2", "Y2"], "2 x M3"),
    ],
)
def test_bad_bouquets_raise_notation_errors(cards: list[str], fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        score_bouquet(cards)


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("red3", "(did you mean r3?)"),  # a colour's name for its letter
        ("Blue5", "(did you mean b5?)"),
        ("multicolour2", "(did you mean m2?)"),
        ("3R", "(did you mean r3?)"),  # the value first
        ("K55", "(did you mean k5?)"),  # a stray character
    ],
)
def test_a_near_miss_card_suggests_the_card_in_one_line(text: str, suggestion: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.from_str(text)
    message = str(caught.value)
    assert message.startswith(f"{text!r} is not an Ikebana card {suggestion}; expected a colour")
    assert "\n" not in message


def test_a_card_far_from_any_suggests_nothing() -> None:
    with pytest.raises(NotationError) as caught:
        Card.from_str("Q2")
    assert "did you mean" not in str(caught.value)


def test_a_bouquet_of_no_cards_says_none_were_given() -> None:
    with pytest.raises(NotationError, match=r"a bouquet is 5 cards \(got none\); give five"):
        score_bouquet([])


def test_notation_is_case_insensitive_and_cards_round_trip() -> None:
    assert Card.from_str("k5") == Card.from_str("K5")
    for card in FULL_DECK:
        assert Card.from_str(str(card)) == card
        assert eval(repr(card)) == card


def test_combination_points_of_unfinished_bouquets() -> None:
    assert combination_points([]) == (0, ())
    assert combination_points(["R3", "G3"])[0] == 6
    assert combination_points(["R1", "G2", "K3", "B4"])[0] == 8


# ------------------------------------------------------------------ properties
bouquets = st.lists(
    st.integers(0, len(FULL_DECK) - 1), min_size=5, max_size=5, unique=True
).map(lambda indices: [FULL_DECK[i] for i in indices])


RUN_POINTS = {(1, 2, 3, 4): 8, (2, 3, 4, 5): 12, (1, 2, 3, 4, 5): 15}


def _naive_score(cards: list[Card]) -> int:
    """An independent oracle: every colour for every joker, every way to pick combinations."""
    values = [card.value for card in cards]
    best_points = 0
    combos: list[tuple[frozenset[int], int]] = []
    for size in range(2, 6):
        for subset in itertools.combinations(range(5), size):
            picked = sorted(values[i] for i in subset)
            if len(set(picked)) == 1:
                combos.append((frozenset(subset), picked[0] * size))
            elif tuple(picked) in RUN_POINTS:
                combos.append((frozenset(subset), RUN_POINTS[tuple(picked)]))
    for count in range(3):
        for chosen in itertools.combinations(combos, count):
            used = [i for subset, _ in chosen for i in subset]
            if len(used) == len(set(used)):
                best_points = max(best_points, sum(points for _, points in chosen))
    best_multiplier = 1
    jokers = [i for i, card in enumerate(cards) if card.colour == MULTICOLOUR]
    for colours in itertools.product(range(PLAIN_COLOURS), repeat=len(jokers)):
        assigned = [card.colour for card in cards]
        for index, colour in zip(jokers, colours, strict=True):
            assigned[index] = colour
        distinct = len(set(assigned))
        multiplier = {1: 4, 2: 2, 5: 3}.get(distinct, 1)
        best_multiplier = max(best_multiplier, multiplier)
    return best_points * best_multiplier


@settings(max_examples=300)
@given(bouquets)
def test_score_matches_a_brute_force_oracle(cards: list[Card]) -> None:
    assert score_bouquet(cards).total == _naive_score(cards)


@settings(max_examples=200)
@given(bouquets, st.randoms(use_true_random=False))
def test_score_is_invariant_under_card_order(cards: list[Card], rng: object) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]  # hypothesis' Random
    assert score_bouquet(shuffled).total == score_bouquet(cards).total
    assert bouquet_total([c.code for c in shuffled]) == score_bouquet(cards).total


@settings(max_examples=200)
@given(bouquets)
def test_multicolour_never_lowers_the_score(cards: list[Card]) -> None:
    codes = [card.code for card in cards]
    with_jokers = bouquet_total(codes)
    for index, card in enumerate(cards):
        if card.is_multicolour:
            fixed = [
                bouquet_total([*codes[:index], colour * 5 + card.value - 1, *codes[index + 1:]])
                for colour in range(PLAIN_COLOURS)
            ]
            # Never lower than its best fixed colour; in fact equal, since it takes that colour.
            assert with_jokers == max(fixed)


@settings(max_examples=200)
@given(bouquets)
def test_no_split_uses_a_card_twice(cards: list[Card]) -> None:
    result = score_bouquet(cards)
    used = Counter(value for combo in result.combinations for value in combo.values)
    held = Counter(card.value for card in cards)
    assert all(used[value] <= held[value] for value in used)
    assert result.points == sum(combo.points for combo in result.combinations)
    assert result.total == result.points * result.multiplier
    assert len(result.multicolour_colours) == sum(card.is_multicolour for card in cards)


def test_the_best_bouquet_scores_88_as_the_docs_and_the_move_bound_say() -> None:
    best = 0
    for codes in itertools.combinations_with_replacement(range(30), 5):
        if all(codes.count(code) <= COPIES[code] for code in set(codes)):
            best = max(best, bouquet_total(codes))
    assert best == 88
    assert score("R4 R4 M4 R5 M5").total == 88


def test_a_bouquet_may_be_one_string_and_bad_card_values_are_notation_errors() -> None:
    assert score_bouquet("R3 G3 K3 B2 Y2").total == 39
    assert score_bouquet("R3,G3,K3,B2,Y2").total == 39
    with pytest.raises(NotationError, match="5 is not an Ikebana card"):
        Card.from_str(5)  # type: ignore[arg-type]  # deliberately not text
