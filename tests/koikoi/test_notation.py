"""Parse errors: one line, the nearest word suggested, lists of accepted cards capped."""

from __future__ import annotations

import random

import pytest

from cardgames.core.errors import NotationError
from cardgames.koikoi import KoiKoiRules, KoiKoiState, parse_card
from cardgames.koikoi.actions import ACTION_SPACE, CAPTURE, KOIKOI, PLAY, STOP, parse_action

from .conftest import Dealt
from .test_engine import A_MOVES, scenario_a


def error(state: KoiKoiState, text: str) -> str:
    with pytest.raises(NotationError) as info:
        state.parse(text)
    message = str(info.value)
    assert "\n" not in message, "an error is one line"
    return message


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("stpo", "did you mean stop?"),
        ("koikio", "did you mean koikoi"),
        ("plya jan-crane", "did you mean play?"),
        ("captuer mar-chaff-1", "did you mean capture"),
        ("play jan-crain", "did you mean jan-crane?"),
        ("jan-crain", "did you mean jan-crane?"),
        ("play mar-curtian", "did you mean mar-curtain?"),
        ("play moom", "did you mean moon"),
    ],
)
def test_a_misspelt_word_suggests_the_nearest(dealt: Dealt, text: str, hint: str) -> None:
    assert hint in error(scenario_a(dealt), text)


def test_a_card_suggestion_prefers_the_cards_at_hand(dealt: Dealt) -> None:
    state = scenario_a(dealt)  # P1 holds jan-crane and mar-curtain, not mar-ribbon
    assert "(did you mean mar-curtain?)" in error(state, "play mar-curtin")


def test_nothing_close_suggests_nothing(dealt: Dealt) -> None:
    message = error(scenario_a(dealt), "xyzzy")
    assert "did you mean" not in message
    assert "moves are: play CARD" in message


def test_while_deciding_the_nearest_answer_is_suggested(dealt: Dealt) -> None:
    state = scenario_a(dealt)
    for move in A_MOVES:
        state.apply_text(move)
    assert error(state, "stpo").startswith("'stpo' is not a move (did you mean stop?); you have")
    assert "did you mean" not in error(state, "maybe")


def test_a_number_not_in_the_hand_is_not_taken_for_a_place_in_it(dealt: Dealt) -> None:
    # "play 9" in a hand of 8: the card whose id is 9, not the ninth place in the hand.
    state = scenario_a(dealt)
    hand = sorted(card.id for card in state.view(state.current_player).hand)
    missing = next(card for card in range(9, 48) if card not in hand)
    for text in (f"play {missing}", str(missing)):
        message = error(state, text)
        code = parse_card(str(missing)).code
        assert f"card {missing} is {code}, which is not in your hand" in message
        assert "not a place in it" in message
        assert all(f"{card} {parse_card(str(card)).code}" in message for card in hand)
    # An id in the hand is still that card.
    assert state.parse(f"play {hand[0]}") == parse_action(f"play {hand[0]}")


def test_the_card_parser_suggests_too() -> None:
    with pytest.raises(NotationError, match=r"'rain-mna' is not a card \(did you mean rain-man"):
        parse_card("rain-mna")


def test_the_cards_quoted_by_an_error_are_capped() -> None:
    # Find a field of more than 12 cards; "capture" then lists them, cut after 12.
    for seed in range(200):
        state = KoiKoiState.new(KoiKoiRules(), players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(state.field) <= 12:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_over or state.phase != "play":
            continue
        message = error(state, "capture zzz")
        extra = len(state.field) - 12
        assert message.endswith(f", and {extra} more")
        assert state.field[12].code not in message
        return
    pytest.fail("no field of more than 12 cards in 200 random matches")


def test_the_action_ids_follow_the_documented_layout() -> None:
    # docs/games/koikoi.md and docs/vector.md write the layout out; every id follows it.
    assert len(ACTION_SPACE.actions) == 242
    for number, action in enumerate(ACTION_SPACE.actions):
        if action.kind == PLAY and action.target < 0:
            assert number == action.card
        elif action.kind == PLAY:
            month = action.card // 4
            others = [c for c in range(4 * month, 4 * month + 4) if c != action.card]
            assert number == 48 + 3 * action.card + others.index(action.target)
        elif action.kind == CAPTURE:
            assert number == 192 + action.card
        else:
            assert (action.kind, number) in ((KOIKOI, 240), (STOP, 241))
    # The worked example of the docs.
    assert ACTION_SPACE.ids[parse_action("play mar-ribbon capture mar-chaff-2")] == 77
    assert ACTION_SPACE.ids[parse_action("capture mar-chaff-2")] == 203
