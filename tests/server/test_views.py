"""The server's view codecs: views as JSON, read back, and never a card a seat may not see."""

from __future__ import annotations

import json
import operator
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.core.game import State
from cardgames.hanabi.actions import Clue, Play
from cardgames.hanabi.catalogue import hanablive_names
from cardgames.testing import played_states, seeds
from cardgames.wire.decode import legal_from_json, view_from_json
from cardgames.wire.encode import (
    legal_choices,
    seat_log,
    seat_view,
    spectator_log,
    spectator_view,
)
from view_leaks import HiddenCard, hidden_cards, leaks

EXAMPLES = int(os.environ.get("CARDGAMES_VIEW_EXAMPLES", "25"))
"""Random games per property (more through the environment, e.g. 500 before a release)."""

HIDING_VARIANTS = ("Throw It in a Hole (5 Suits)", "Cow & Pig (5 Suits)", "Duck (4 Suits)",
                   "Throw It in a Hole (4 Suits)")
"""The hanab.live variants that hide more than the own hand, drawn more often than the rest."""


def json_of(data: dict[str, Any]) -> dict[str, Any]:
    """`data` through JSON text and back (equal to it when it is JSON data)."""
    result: dict[str, Any] = json.loads(json.dumps(data, allow_nan=False))
    return result


@st.composite
def any_game(draw: st.DrawFn) -> State[Any]:
    """A game of any bundled game, Hanabi in any hanab.live variant (the hiding ones often),
    after random legal moves, possibly to its end."""
    game = draw(st.sampled_from(["hanabi", "hanabi", "koikoi", "ikebana"]))
    if game != "hanabi":
        state: State[Any] = draw(played_states(game, max_moves=400))
        return state
    name = draw(st.one_of(st.sampled_from(HIDING_VARIANTS), st.sampled_from(hanablive_names())))
    info = cardgames.get_game("hanabi")
    players = draw(st.integers(min_value=2, max_value=5))
    state = info.new_game(players, draw(seeds()), options=info.make_options(variant=name))
    rng = random.Random(draw(seeds()))
    for _ in range(draw(st.integers(min_value=0, max_value=120))):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def words_of(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A view's history (as JSON) in words, as the logs write it."""
    return [{"seat": move["seat"], "action": move["action"]["text"],
             "events": [event["text"] for event in move["events"]]} for move in history]


def check_no_leak(state: State[Any]) -> None:
    """Every seat's view and the spectator's, as JSON, name no card they may not see; the
    logs say in words what those views' histories hold, no more."""
    game = state.game_name
    for seat in range(len(state.players)):
        data = seat_view(state, seat)
        found = leaks(game, data, hidden_cards(state, seat))
        assert not found, f"seat {seat} sees: {found[:3]}"
        assert seat_log(state, seat) == words_of(data["history"])
    data = spectator_view(state)
    found = leaks(game, data, hidden_cards(state, None))
    assert not found, f"a spectator sees: {found[:3]}"
    assert spectator_log(state) == words_of(data["history"])


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_game())
def test_no_view_names_a_card_its_reader_may_not_see(state: State[Any]) -> None:
    check_no_leak(state)


@settings(max_examples=max(EXAMPLES // 5, 3), deadline=None)
@given(st.sampled_from(HIDING_VARIANTS), st.integers(2, 5), seeds())
def test_no_view_leaks_at_any_move_of_a_hiding_variant(name: str, players: int,
                                                        seed: int) -> None:
    info = cardgames.get_game("hanabi")
    state = info.new_game(players, seed, options=info.make_options(variant=name))
    rng = random.Random(seed)
    while not state.is_over:
        check_no_leak(state)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    check_no_leak(state)


@settings(max_examples=EXAMPLES, deadline=None)
@given(any_game())
def test_views_are_json_and_read_back_equal(state: State[Any]) -> None:
    for seat in range(len(state.players)):
        data = seat_view(state, seat)
        assert json_of(data) == data
        assert view_from_json(state.game_name, json_of(data)) == state.view(seat)
        legal = state.legal_actions() if state.current_player == seat else []
        read = legal_from_json(state.game_name, json_of(legal_choices(state, seat)))
        assert read == legal
        if state.game_name == "ikebana":  # its bots compare actions by identity
            assert all(map(operator.is_, read, legal))
    public = spectator_view(state)
    assert json_of(public) == public
    assert view_from_json(type(state), json_of(public)) == state.public_view()


def test_the_leak_search_finds_a_hanabi_card_by_its_order() -> None:
    # The search must find what it looks for: a seat's own card, as another seat sees it.
    state = cardgames.new_game("hanabi", players=2, seed=1)
    assert leaks("hanabi", seat_view(state, 1), hidden_cards(state, 0))
    assert not leaks("hanabi", seat_view(state, 0), hidden_cards(state, 0))
    assert leaks("hanabi", {"order": 3, "card": "R1"}, frozenset({HiddenCard("R1", 3)}))


def test_the_leak_search_finds_a_koikoi_card_in_any_text() -> None:
    state = cardgames.new_game("koikoi", seed=1)
    assert leaks("koikoi", seat_view(state, 1), hidden_cards(state, 0))
    assert not leaks("koikoi", seat_view(state, 0), hidden_cards(state, 0))
    code = str(state.hand(1)[0])  # type: ignore[attr-defined]
    assert leaks("koikoi", {"history": [{"events": [{"text": f"P2 plays {code}"}]}]},
                 frozenset({HiddenCard(code)}))


def test_a_spectator_sees_hanabi_hands_only_as_their_holders_know_them() -> None:
    state = cardgames.new_game("hanabi", players=3, seed=5)
    state.apply(Clue(1, 1) if Clue(1, 1) in state.legal_actions() else state.legal_actions()[0])
    hands = spectator_view(state)["hands"]
    assert [len(hand) for hand in hands] == [5, 5, 5]
    assert all(slot["card"] is None for hand in hands for slot in hand)
    assert [slot["possible"] for slot in hands[1]] == [
        sorted(map(str, slot.possible)) for slot in state.view(1).own_hand]


def test_a_spectator_sees_every_hand_once_the_game_is_over() -> None:
    state = cardgames.new_game("hanabi", players=2, seed=2, variant="fuses-1")
    while not state.is_over:
        state.apply(Play(1))
    hands = spectator_view(state)["hands"]
    assert [[slot["card"] for slot in hand] for hand in hands] == [
        [str(card) for card in state.hand(seat)] for seat in range(2)]  # type: ignore[attr-defined]


def test_a_koikoi_spectator_sees_no_hand_and_no_stock() -> None:
    state = cardgames.new_game("koikoi", seed=4)
    data = spectator_view(state)
    assert data["hand_sizes"] == [8, 8]
    assert data["hands"] is None
    assert "stock" not in data
    assert "hand" not in data


def test_cow_and_pig_clue_values_reach_neither_the_receiver_nor_a_spectator() -> None:
    state = cardgames.new_game("hanabi", players=3, seed=9, variant="Cow & Pig (5 Suits)")
    clue = next(a for a in state.legal_actions() if isinstance(a, Clue) and a.target == 1)
    state.apply(clue)
    shown = {seat: seat_log(state, seat)[-1]["action"] for seat in range(3)}
    assert shown[0] == shown[2] == str(clue)
    assert shown[1] in ("clue 2 moo", "clue 2 oink")
    assert spectator_log(state)[-1]["action"] == shown[1]
    assert spectator_view(state)["history"][-1]["action"]["type"] == "HiddenClue"


def test_view_from_json_refuses_what_is_no_view() -> None:
    with pytest.raises(ValueError, match="a view of hanabi"):
        view_from_json("hanabi", {"seat": 0})
    with pytest.raises(ValueError, match="no value of"):
        view_from_json("koikoi", {"type": "KoiKoiView", "pending": {"type": "Nope"}})
