"""Helpers for Hanabi engine tests: games from hand-made deals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from cardgames.hanabi import HanabiState, HanabiVariant, variant_from_name


def deal(
    variant: HanabiVariant,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
) -> list[str]:
    """An explicit deck (top first) giving each seat `hands[seat]` (slot 1 first), then
    `pile` on top of the draw pile, then the rest of the deck in the variant's order."""
    order: list[str] = []
    for hand in hands:
        order.extend(reversed(hand))  # the first card dealt is the oldest (the last slot)
    order.extend(pile)
    rest = Counter(str(card) for card in variant.deck_cards())
    rest.subtract(order)
    assert all(count >= 0 for count in rest.values()), f"more copies than the deck has: {rest}"
    order.extend(str(card) for card in variant.deck_cards() if _take(rest, str(card)))
    return order


def _take(rest: Counter[str], card: str) -> bool:
    if rest[card] > 0:
        rest[card] -= 1
        return True
    return False


def game(
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    variant: HanabiVariant | str = "standard",
    seed: int | None = None,
) -> HanabiState:
    """A game dealt `hands` (slot 1 first), with `pile` on top of the draw pile."""
    built = variant_from_name(variant) if isinstance(variant, str) else variant
    return HanabiState.new(built, players=len(hands), seed=seed, deck=deal(built, hands, pile))


def seed_with_tiles(
    hands: Sequence[Sequence[str]],
    tiles: Sequence[int],
    variant: HanabiVariant,
    pile: Sequence[str] = (),
) -> HanabiState:
    """A bonus-tile game whose next tiles are `tiles` (searching seeds deterministically)."""
    for seed in range(5000):
        state = game(hands, pile, variant, seed)
        if state.bonus_tile_order[: len(tiles)] == tuple(tiles):
            return state
    raise AssertionError(f"no seed below 5000 gives tiles {tiles}")


@pytest.fixture
def make_game() -> Callable[..., HanabiState]:
    """:func:`game`: a state from hand-made hands (slot 1 first) and a pile top."""
    return game


@pytest.fixture
def make_tiles_game() -> Callable[..., HanabiState]:
    """:func:`seed_with_tiles`: a bonus-tile game whose next tiles are given."""
    return seed_with_tiles
