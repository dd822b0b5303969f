"""Fixtures for Koi-Koi tests: states dealt from chosen hands, field and stock."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from cardgames.koikoi import KoiKoiRules, KoiKoiState, deal_order

# The cards each seat draws for the first deal: the earlier month deals.
SEAT0_DEALS = ("jan-chaff-1", "dec-chaff-1")
SEAT1_DEALS = ("dec-chaff-1", "jan-chaff-1")

Dealt = Callable[..., KoiKoiState]


def dealt_state(
    dealer_hand: Sequence[str],
    opponent_hand: Sequence[str],
    field: Sequence[str],
    stock: Sequence[str] = (),
    *,
    rules: KoiKoiRules | None = None,
    dealer: int = 0,
    more_deals: Sequence[Sequence[str]] = (),
) -> KoiKoiState:
    """A match whose first deal is exactly this (seat `dealer` deals); later deals follow."""
    draws = SEAT0_DEALS if dealer == 0 else SEAT1_DEALS
    deck = [*draws, *deal_order(dealer_hand, opponent_hand, field, stock)]
    for order in more_deals:
        deck += order
    return KoiKoiState.new(KoiKoiRules() if rules is None else rules, players=2, deck=deck)


@pytest.fixture
def dealt() -> Dealt:
    """The :func:`dealt_state` factory."""
    return dealt_state


KoiKoiDeal = tuple[list[str], list[str], list[str], list[str]]


@pytest.fixture
def koikoi_then_inoshikacho() -> KoiKoiDeal:
    """Dealer hand, opponent hand, field, stock: the dealer forms Hanami-zake (curtain +
    sake cup) and calls koi-koi; the opponent then captures boar, deer and butterflies
    (Ino-shika-chō) with its third card."""
    return (
        ["mar-curtain", "sep-sake-cup", "feb-warbler", "feb-ribbon", "feb-chaff-1",
         "apr-cuckoo", "apr-ribbon", "may-bridge"],
        ["jul-chaff-1", "oct-chaff-1", "jun-chaff-1", "aug-geese", "aug-chaff-1",
         "dec-chaff-2", "dec-chaff-3", "mar-ribbon"],
        ["mar-chaff-1", "sep-chaff-1", "jul-boar", "oct-deer", "jun-butterflies",
         "jan-chaff-1", "dec-chaff-1", "nov-lightning"],
        ["may-ribbon", "apr-chaff-1", "jan-ribbon", "apr-chaff-2", "may-chaff-1"],
    )
