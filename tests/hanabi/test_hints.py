"""Hints and card marks (cardgames.hanabi.hints): what a seat can tell, and why the bot moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import cardgames
from cardgames.hanabi.actions import Discard
from cardgames.hanabi.cards import Card
from cardgames.hanabi.hints import card_status, hint, known_status
from cardgames.hanabi.names import variant, variant_from_name
from cardgames.hanabi.state import HanabiState


def deck_starting_with(first: Sequence[str]) -> list[str]:
    """A full standard deck whose top cards are `first`, the rest in the catalogue's order."""
    rest = Counter(str(c) for c in variant_from_name("standard").deck_cards())
    rest.subtract(first)
    return [*first, *rest.elements()]


def discard_card(state: HanabiState, card: str) -> None:
    seat = state.current_player
    assert seat is not None
    slot = [str(c) for c in state.hand(seat)].index(card) + 1
    state.apply(Discard(slot))


def test_cards_above_a_rank_whose_every_copy_is_gone_are_trash() -> None:
    # Seat 1 holds both red 2s; seat 2 holds R3 and R4. Once both R2 are discarded, no red
    # card above 1 can ever be played: seat 1 sees R3 and R4 as trash.
    deck = deck_starting_with(["R2", "R2", "B1", "G1", "Y1", "R3", "R4", "B2", "G2", "W1"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    assert card_status(state.view(0), Card("R", 3)) is None
    for move in ("clue 2 1", "clue 1 1"):  # tokens spent, so that discards are allowed
        state.apply_text(move)
    discard_card(state, "R2")
    view = state.view(0)
    assert card_status(view, Card("R", 2)) == "critical"
    assert card_status(view, Card("R", 3)) is None
    state.apply_text("clue 1 1")
    discard_card(state, "R2")
    view = state.view(0)
    for rank in (2, 3, 4, 5):
        assert card_status(view, Card("R", rank)) == "trash"
    assert card_status(view, Card("R", 1)) == "playable"
    assert card_status(view, Card("B", 5)) == "critical"  # the only copy
    # A card that can only be one of the cut-off reds is known trash to its holder too.
    assert known_status(view, {Card("R", 3), Card("R", 5)}) == "trash"
    assert known_status(view, {Card("R", 3), Card("B", 3)}) is None


def test_a_played_card_is_trash() -> None:
    deck = deck_starting_with(["R1", "B2", "G2", "Y2", "W2", "R1", "B3", "G3", "Y3", "W3"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    slot = [str(c) for c in state.hand(0)].index("R1") + 1
    state.apply_text(f"play {slot}")
    assert card_status(state.view(0), Card("R", 1)) == "trash"
    assert card_status(state.view(0), Card("R", 2)) == "playable"


def test_a_card_known_to_be_trash_is_marked_so() -> None:
    deck = deck_starting_with(["R2", "R2", "B1", "G1", "Y1", "R3", "R4", "B2", "G2", "W1"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    for move in ("clue 2 1", "clue 1 1"):  # seat 2 learns which card is its only 1
        state.apply_text(move)
    discard_card(state, "R2")
    state.apply_text("clue 1 1")
    discard_card(state, "R2")
    state.apply_text("clue 1 1")
    state.apply_text("clue 2 red")  # seat 2's red cards are not 1s: they can only be trash
    view = state.view(1)
    slot = [str(c) for c in state.hand(1)].index("R3") + 1
    assert known_status(view, view.own_hand[slot - 1].possible) == "trash"
    assert hint(view, state.legal_actions()).action in state.legal_actions()


def test_a_discard_of_a_card_known_to_be_trash_is_explained_as_such() -> None:
    # Seeded self-play by hints: the first discard of a card the seat knows is trash.
    state = cardgames.new_game("hanabi", players=2, seed=0)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        advice = hint(view, state.legal_actions())
        if isinstance(advice.action, Discard) and known_status(
                view, view.own_hand[advice.action.slot - 1].possible) == "trash":
            assert "can only be a card no firework needs" in advice.reason
            return
        state.apply(advice.action)
    pytest.fail("no known-trash discard in the game")


def test_a_card_with_one_copy_in_the_deck_is_critical_from_the_start() -> None:
    # hanab.live's Critical Fours leaves one 4 of each suit, Scarce Ones two 1s: the marks
    # count the variant's copies, not a normal suit's.
    fours = HanabiState.new(variant("Critical Fours (5 Suits)"), players=2, seed=1).view(0)
    assert card_status(fours, Card("R", 4)) == "critical"
    assert card_status(fours, Card("R", 3)) is None
    normal = HanabiState.new(variant("No Variant"), players=2, seed=1).view(0)
    assert card_status(normal, Card("R", 4)) is None
