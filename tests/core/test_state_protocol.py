"""The core owns construction, the move log and the id fast path (tested on the tiny game)."""

from __future__ import annotations

from typing import Any

import pytest

from cardgames.core import ActionSpace, Move, OptionsError
from cardgames.core.game import SEED_LIMIT, draw_seed
from tinygame import PLAYS, TINY, TinyOptions, TinyState

_SPACE = ActionSpace(tuple(PLAYS.values()))


class NumberedTiny(TinyState):
    """The tiny game with action ids: card N is id N - 1."""

    __slots__ = ()

    def action_space(self) -> ActionSpace[Any]:
        return _SPACE


def test_a_state_is_only_made_by_new() -> None:
    with pytest.raises(TypeError, match=r"TinyState\.new\(options, players=\.\.\.\)"):
        TinyState()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 4}, "'players' must be in 2..3 for Tiny (got 4)"),
        ({"players": True}, "'players' must be in 2..3 for Tiny (got True)"),
        ({"players": 2, "names": ["a"]}, "'names' must hold 2 names"),
        ({"players": 2, "names": ["a", "b\nc"]}, "'names' must be non-empty printable"),
        ({"players": 2, "seed": 1.5}, "'seed' must be an integer (got 1.5)"),
        ({"players": 2, "deck": "123456789"}, "'deck' must be a list of cards"),
        ({"players": 2, "deck": [1, 2]}, "'deck' must be a list of cards"),
    ],
)
def test_new_checks_every_argument_once(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message.replace(".", r"\.").replace("(", r"\(")
                       .replace(")", r"\)")):
        TinyState.new(TinyOptions(), **arguments)


def test_a_deck_card_the_game_cannot_read_is_an_options_error() -> None:
    with pytest.raises(OptionsError, match="'deck'"):
        TinyState.new(TinyOptions(), players=2, deck=["x"] * 9)


def test_a_game_without_seed_or_deck_draws_a_seed_from_the_one_range() -> None:
    seeds = {TinyState.new(TinyOptions(), players=2).seed for _ in range(20)}
    assert all(isinstance(seed, int) and 0 <= seed < SEED_LIMIT for seed in seeds)
    assert len(seeds) > 1
    assert 0 <= draw_seed() < SEED_LIMIT
    dealt = TinyState.new(TinyOptions(), players=2, deck=[str(c) for c in range(1, 10)])
    assert dealt.seed is None
    assert dealt.deck == tuple(str(c) for c in range(1, 10))


def test_default_names_are_the_games_own() -> None:
    assert TINY.new_game(3, seed=1).players == ("P1", "P2", "P3")


def test_the_log_knows_who_moved_and_what_it_caused() -> None:
    state = TINY.new_game(3, seed=5)
    played = []
    while not state.is_over:
        seat = state.current_player
        action = state.legal_actions()[0]
        events = state.apply(action)
        played.append((seat, action, tuple(events)))
    moves = state.moves()
    assert [(m.seat, m.action, m.events) for m in moves] == played
    assert all(isinstance(m, Move) for m in moves)
    assert state.history == tuple(action for _, action, _ in played)
    assert state.move_count == len(played)
    assert state.moves(1) == moves  # the tiny game hides no part of a move


def test_step_skips_events_and_moves_fills_them_in_as_apply_would() -> None:
    by_id = NumberedTiny.new(TinyOptions(), players=2, seed=8)
    by_action = NumberedTiny.new(TinyOptions(), players=2, seed=8)
    half = 0
    while not by_id.is_over:
        if half == 3:  # read the moves midway: later steps log their events as they go
            assert by_id.moves() == by_action.moves()
        action_id = by_id.legal_action_ids()[-1]
        by_action.apply(by_action.action_from_id(action_id))
        by_id.step(action_id)
        half += 1
    assert by_id.moves() == by_action.moves()
    assert all(events is not None for _, _, events in by_id._log)
    assert by_id == by_action


def test_a_clone_fills_in_its_own_events() -> None:
    state = NumberedTiny.new(TinyOptions(), players=2, seed=2)
    state.step(state.legal_action_ids()[0])
    copy = state.clone()
    copy.step(copy.legal_action_ids()[0])
    assert len(copy.moves()) == 2
    assert len(state.moves()) == 1
    assert copy.moves()[0] == state.moves()[0]
