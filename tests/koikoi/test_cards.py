"""The 48 cards: the id rule, kinds, specials, names and every accepted notation."""

from __future__ import annotations

from collections import Counter

import pytest

from cardgames.core.errors import NotationError
from cardgames.koikoi import CARDS, MONTHS, Card, Kind, RibbonKind, parse_card
from cardgames.koikoi.cards import card_ids


def test_deck_composition_matches_the_rules_table() -> None:
    kinds = Counter(card.kind for card in CARDS)
    assert kinds == {Kind.BRIGHT: 5, Kind.ANIMAL: 9, Kind.RIBBON: 10, Kind.CHAFF: 24}
    ribbons = Counter(card.ribbon for card in CARDS if card.ribbon is not None)
    assert ribbons == {RibbonKind.POETRY: 3, RibbonKind.BLUE: 3, RibbonKind.PLAIN: 4}
    assert [c.code for c in CARDS if c.kind is Kind.BRIGHT] == [
        "jan-crane", "mar-curtain", "aug-moon", "nov-rain-man", "dec-phoenix",
    ]
    assert [c.month for c in CARDS if c.ribbon is RibbonKind.POETRY] == [1, 2, 3]
    assert [c.month for c in CARDS if c.ribbon is RibbonKind.BLUE] == [6, 9, 10]
    assert [c.month for c in CARDS if c.ribbon is RibbonKind.PLAIN] == [4, 5, 7, 11]


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_id_rule_and_round_trips(card: Card) -> None:
    assert card.id == (card.month - 1) * 4 + (card.index - 1)
    assert Card.from_id(card.id) is card
    assert Card.from_str(card.code) is card
    assert Card.from_str(card.short) is card
    assert Card.from_str(str(card.id)) is card
    assert Card.from_str(card.code.upper()) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert card.flower == MONTHS[card.month - 1].flower


def test_index_one_is_the_highest_card_of_its_month() -> None:
    order = [Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF]
    for month in range(12):
        kinds = [CARDS[month * 4 + i].kind for i in range(4)]
        assert kinds == sorted(kinds, key=order.index), MONTHS[month].name


def test_special_cards() -> None:
    assert [c.code for c in CARDS if c.is_sake_cup] == ["sep-sake-cup"]
    assert [c.code for c in CARDS if c.is_rain_man] == ["nov-rain-man"]
    assert [c.code for c in CARDS if c.is_lightning] == ["nov-lightning"]
    assert parse_card("sep-sake-cup").kind is Kind.ANIMAL
    assert parse_card("nov-lightning").kind is Kind.CHAFF
    assert parse_card("nov-rain-man").kind is Kind.BRIGHT


def test_names_are_unique_in_every_form() -> None:
    for attribute in ("code", "short", "name", "japanese"):
        values = [getattr(c, attribute) for c in CARDS]
        assert len(set(values)) == 48, attribute
    assert parse_card("nov-rain-man").japanese == "Yanagi ni Ono no Michikaze"
    assert parse_card("jan-chaff-2").name == "Chaff 2 (pine)"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("11-1", "nov-rain-man"),
        ("40", "nov-rain-man"),
        ("nov-bright", "nov-rain-man"),
        ("11-rain-man", "nov-rain-man"),
        ("willow-rain-man", "nov-rain-man"),
        ("November rain man", "nov-rain-man"),
        ("sep-animal", "sep-sake-cup"),
        ("aug-light", "aug-moon"),
        ("jan-ribbon", "jan-ribbon"),
        ("  Sep_Ribbon ", "sep-ribbon"),
        ("mar-chaff-1", "mar-chaff-1"),
        ("bush-clover-boar", "jul-boar"),
        ("yanagi-ni-ono-no-michikaze", "nov-rain-man"),
        ("moon", "aug-moon"),
        ("Rain man", "nov-rain-man"),
        ("sake-cup", "sep-sake-cup"),
        ("lightning", "nov-lightning"),
    ],
)
def test_accepted_notations(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    "text", ["", "nov-moon", "13-1", "48", "-1", "mar-chaff", "aug-chaff", "ribbon", "chaff-1"]
)
def test_bad_card_text_quotes_it_and_says_what_is_accepted(text: str) -> None:
    with pytest.raises(NotationError, match="is not a card") as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert "nov-rain-man" in str(info.value)


@pytest.mark.parametrize("value", [-1, 48, True, 3.0])
def test_from_id_refuses_non_ids(value: object) -> None:
    with pytest.raises(NotationError, match=r"0\.\.47"):
        Card.from_id(value)  # type: ignore[arg-type]  # the point is a wrong type


def test_card_ids_accepts_cards_ids_and_text() -> None:
    assert card_ids([CARDS[0], 40, "sep-ribbon"]) == [0, 40, 33]
