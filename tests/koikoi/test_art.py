"""The Hanafuda pictures: each card has its own, and the web table's files are the generator's."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardgames.koikoi.art import MONTH_COLOURS, back_svg, card_svg
from cardgames.koikoi.cards import CARDS, Kind

WEB_CARDS = Path(__file__).resolve().parents[2] / "src" / "cardgames" / "koikoi" / "web" / "cards"


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.code)
def test_each_committed_picture_is_the_generators(card: object) -> None:
    path = WEB_CARDS / f"{card.code}.svg"  # type: ignore[attr-defined]
    assert path.read_text(encoding="utf-8") == card_svg(card), (  # type: ignore[arg-type]
        f"{path} is stale: run python -m cardgames.koikoi.art src/cardgames/koikoi/web/cards")


def test_the_back_is_the_generators() -> None:
    assert (WEB_CARDS / "back.svg").read_text(encoding="utf-8") == back_svg()


def test_every_picture_is_well_formed_and_named() -> None:
    for card in CARDS:
        root = ET.fromstring(card_svg(card))
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None
        assert title.text is not None
        assert title.text.startswith(card.code)
        # Its month's colour frames it, so the month shows even where the picture is small.
        assert MONTH_COLOURS[card.month - 1] in card_svg(card)


def test_special_cards_differ_from_their_months_chaff() -> None:
    """Every bright, animal and ribbon shows something its month's chaff does not."""
    for card in CARDS:
        if card.kind is Kind.CHAFF:
            continue
        chaff = next(c for c in CARDS if c.month == card.month and c.kind is Kind.CHAFF)
        body = card_svg(card).split("</title>", 1)[1]
        chaff_body = card_svg(chaff).split("</title>", 1)[1]
        assert body != chaff_body, card.code


def test_brights_carry_the_bright_mark_and_others_do_not() -> None:
    mark = 'cx="84" cy="144" r="10"'
    for card in CARDS:
        assert (mark in card_svg(card)) == (card.kind is Kind.BRIGHT), card.code
