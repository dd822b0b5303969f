"""Views: what a seat knows of its own cards from positive and negative clues."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.game import Move
from cardgames.hanabi import (
    GAME,
    BonusClue,
    Card,
    Clue,
    Clued,
    HanabiState,
    OwnSlot,
    Play,
    SeenSlot,
    variant_from_name,
)
from cardgames.hanabi.actions import HanabiAction
from cardgames.hanabi.events import Drew, EndReason, GameEnded, Played

MakeGame = Callable[..., HanabiState]


def names(cards: frozenset[Card]) -> set[str]:
    return {str(card) for card in cards}


def test_own_cards_are_absent_and_other_hands_are_shown(make_game: MakeGame) -> None:
    hands = [["R1", "Y2", "G3", "B4", "W5"], ["R2", "R3", "Y1", "Y1", "B1"]]
    state = make_game(hands)
    view = state.view(0)
    assert all(type(slot) is OwnSlot for slot in view.own_hand)
    assert not any(hasattr(slot, "card") for slot in view.own_hand)
    assert view.other_hands[0] == ()
    assert [str(s.card) for s in view.other_hands[1]] == hands[1]
    assert all(type(s) is SeenSlot for s in view.other_hands[1])
    assert [slot.slot for slot in view.own_hand] == [1, 2, 3, 4, 5]
    # Before any clue every slot may be any card of the variant.
    assert all(len(slot.possible) == 25 for slot in view.own_hand)
    assert view.hand_size == 5
    assert view.deck_size == 40
    assert view.current_player == 0


def test_positive_and_negative_colour_and_rank_clues(make_game: MakeGame) -> None:
    hands = [["R1", "Y2", "G3", "B4", "W5"], ["R2", "R3", "Y1", "Y1", "B1"]]
    state = make_game(hands)
    state.apply(Clue(1, "red"))
    state.apply(Clue(0, 5))
    state.apply(Clue(1, 1))
    own = state.view(1).own_hand
    assert [slot.touched for slot in own] == [True, True, True, True, True]
    assert names(own[0].possible) == {"R2", "R3", "R4", "R5"}
    assert names(own[2].possible) == {"Y1", "G1", "B1", "W1"}
    assert own[2].possible_ranks == {1}
    assert own[2].possible_suits == {"Y", "G", "B", "W"}
    seen = state.view(0).other_hands[1]
    assert seen[0].touched
    assert names(seen[0].possible) == names(own[0].possible)  # others see what you know
    mine = state.view(0).own_hand
    assert [slot.touched for slot in mine] == [False, False, False, False, True]
    assert mine[4].possible_ranks == {5}
    assert 5 not in mine[0].possible_ranks
    # A fully known card.
    state.apply(Clue(0, "white"))
    assert state.view(0).own_hand[4].known == Card("W", 5)


def test_slots_keep_their_knowledge_when_cards_move(make_game: MakeGame) -> None:
    hands = [["R1", "Y2", "G3", "B4", "W5"], ["R2", "R3", "Y1", "Y1", "B1"]]
    state = make_game(hands)
    state.apply(Clue(1, 1))  # touches slots 3, 4, 5 of seat 1
    state.apply(Play(5))  # seat 1 plays B1; a new card enters at slot 1
    own = state.view(1).own_hand
    assert [slot.touched for slot in own] == [False, False, False, True, True]
    assert len(own[0].possible) == 25


def test_rainbow_touched_by_every_colour(make_game: MakeGame) -> None:
    variant = variant_from_name("rainbow-every-colour")
    hands = [["M1", "R2", "G3", "B4", "W5"], ["M2", "R3", "Y1", "Y1", "B1"]]
    state = make_game(hands, variant=variant)
    events = state.apply(Clue(1, "red"))
    assert events[0].slots == (1, 2)  # type: ignore[attr-defined]
    own = state.view(1).own_hand
    assert own[0].possible_suits == {"R", "M"}
    assert "M" not in own[2].possible_suits  # not touched by red: not rainbow either
    assert "R" not in own[2].possible_suits


def test_colourless_pink_and_special_ones() -> None:
    variant = variant_from_name("Omni-Ones & White (6 Suits)")
    letters = [suit.letter for suit in variant.suits]
    assert letters == ["R", "Y", "G", "B", "P", "C"]
    assert variant.clue_colours == ("red", "yellow", "green", "blue", "purple")
    assert variant.clue_touches(Card("C", 3), 3)
    assert not variant.clue_touches(Card("C", 3), "red")
    # Omni ones: every colour and every rank clue touches a 1, except where the suit's own
    # property wins (hanab.live): no colour clue touches the colourless (White) 1.
    assert not variant.clue_touches(Card("C", 1), "red")
    assert variant.clue_touches(Card("C", 1), 4)
    assert variant.clue_touches(Card("B", 1), "red")
    assert variant.clue_touches(Card("B", 1), 4)
    pink = variant_from_name("Rainbow-Ones & Pink (5 Suits)")
    assert pink.clue_touches(Card("I", 3), 5)
    assert not pink.clue_touches(Card("I", 3), "red")
    assert pink.clue_touches(Card("I", 1), "red")
    assert pink.clue_touches(Card("R", 1), "blue")
    assert not pink.clue_touches(Card("R", 2), "blue")


def test_negative_clue_keeps_colourless_possible() -> None:
    # hanab.live's White (6 Suits) at a table that allows empty clues.
    variant = variant_from_name("colourless+empty-clues")
    deck = [str(c) for c in variant.deck_cards()]
    # In the variant's own order seat 0 is dealt R1 R1 R1 R2 R2 and seat 1 R3 R3 R4 R4 R5.
    state = HanabiState.new(variant, players=2, deck=deck)
    state.apply(Clue(1, "red"))  # touches every card of seat 1
    state.apply(Clue(0, "blue"))  # an empty clue for seat 0
    own = state.view(0).own_hand
    assert all("B" not in slot.possible_suits for slot in own)
    assert all("C" in slot.possible_suits for slot in own)  # blue never touches colourless


@pytest.mark.parametrize("variant", ["standard", "rainbow+black-powder+bonus+fuses-2",
                                     "all-or-nothing", "deck-plays"])
def test_the_history_is_moves_with_their_public_events(variant: str) -> None:
    state = HanabiState.new(variant_from_name(variant), players=3, seed=11)
    rng = random.Random(3)
    taken: list[Move[HanabiAction]] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        taken.append(Move(seat, action, tuple(state.apply(action))))
    views = [state.view(seat) for seat in range(3)]
    # Who moved, the action value itself and everything it caused, in order.
    assert views[0].history == tuple(taken)
    assert [move.action for move in views[0].history] == list(state.history)
    assert isinstance(state.end_reason, EndReason)
    last = views[0].history[-1].events[-1]
    assert isinstance(last, GameEnded)
    assert last.reason is state.end_reason
    # Every event is public, so every seat is handed the same stored moves (no copy, no
    # text built per view), and a draw never names the card drawn.
    for view in views[1:]:
        assert all(a is b for a, b in zip(view.history, views[0].history, strict=True))
    draws = [e for move in views[0].history for e in move.events if isinstance(e, Drew)]
    assert draws
    assert "card" not in attrs.fields_dict(Drew)


def test_cards_carry_their_public_order(make_game: MakeGame) -> None:
    state = make_game([["R1", "Y2", "G3", "B4", "W5"], ["R2", "R3", "Y1", "Y1", "B1"]])
    state.apply_text("play 1")
    view = state.view(1)
    assert [slot.order for slot in view.other_hands[0]] == list(state.hand_orders(0))
    assert [slot.order for slot in view.own_hand] == list(state.hand_orders(1))
    played, *_, drew = view.history[0].events
    assert isinstance(played, Played)
    assert isinstance(drew, Drew)
    # Slot 1 (the R1) is the newest card, dealt last of seat 0's five (orders 0-4); the
    # drawn card is the top of the pile, after both hands (orders 0-9).
    assert (played.card, played.order) == (Card("R", 1), 4)
    assert drew.order == 10 == view.other_hands[0][0].order


def test_view_public_information() -> None:
    state = HanabiState.new(variant_from_name("rainbow+bonus"), players=3, seed=5,
                        names=["Ann", "Ben", "Cid"])
    events = state.apply(state.legal_actions()[-1])
    view = state.view(2)
    assert view.players == ("Ann", "Ben", "Cid")
    assert view.history == (Move(0, state.history[0], tuple(events)),)
    assert view.clue_tokens == 7
    assert view.max_clue_tokens == 8
    assert view.fuses == view.max_fuses == 3
    assert view.bonus_tiles_left == 6
    assert view.bonus_tiles_used == ()
    assert view.max_score == 30
    assert view.score == 0
    assert view.pending is None
    assert view.final_round_turns is None
    assert names(view.playable) == {"R1", "Y1", "G1", "B1", "W1", "M1"}
    assert view.fireworks == ((),) * 6
    assert not view.can_deck_play
    # A view is a frozen value.
    assert attrs.has(type(view))


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(sorted(GAME.presets)),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_knowledge_is_exactly_what_the_clues_allow(preset: str, players: int, seed: int) -> None:
    """Against a brute-force model: a slot may be every card that each clue it received
    would have touched (or not touched) just as it did."""
    state = GAME.new_game(players, seed, options=GAME.presets[preset])
    assert isinstance(state, HanabiState)
    variant = state.variant
    received: dict[int, list[tuple[str | int, bool]]] = {}
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        holders = {}
        if isinstance(action, Clue | BonusClue):
            holders = dict(zip(range(1, 99), state.hand_orders(action.target), strict=False))
        events = state.apply(action)
        for event in events:
            if isinstance(event, Clued):
                for slot, order in holders.items():
                    received.setdefault(order, []).append((event.value, slot in event.slots))
        for seat in range(players):
            own = state.view(seat).own_hand
            for slot, order in zip(own, state.hand_orders(seat), strict=True):
                expected = {
                    card for card in variant.card_types
                    if all(variant.clue_touches(card, value) == touched
                           for value, touched in received.get(order, []))}
                assert slot.possible == expected
                assert slot.touched == any(t for _, t in received.get(order, []))
