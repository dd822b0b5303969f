"""Action ids on every State: the numbering, its errors, step(), legal_mask, and the conformance
kit's action-id rules proven on broken games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis.stateful import run_state_machine_as_test

import cardgames
from cardgames.core import ActionSpace, IllegalActionError, NotationError, State
from cardgames.hanabi import Clue, Discard, HanabiState, Play, variant_from_name
from cardgames.koikoi.actions import CAPTURE_ACTIONS, PLAY_ACTIONS, PLAY_CAPTURE_ACTIONS
from cardgames.rl import legal_mask
from cardgames.testing import conformance_machine
from tinygame import PLAYS, TINY, TinyState, make_info
from tinygame.testing import FAST

# (game, new_game keywords): every game, and Hanabi variants whose action spaces grow (deck
# plays, bonus choices) or whose hands shrink (all or nothing).
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("hanabi", {"players": 2}),
    ("hanabi", {"players": 5, "variant": "no-empty-clues"}),
    ("hanabi", {"players": 3, "variant": "rainbow+black-powder+bonus+fuses-2"}),
    ("hanabi", {"players": 2, "variant": "deck-plays"}),
    ("hanabi", {"players": 4, "variant": "all-or-nothing"}),
    ("hanabi", {"players": 3, "variant": "up-or-down"}),
    ("koikoi", {}),
    ("ikebana", {"players": 2}),
    ("ikebana", {"players": 5}),
]


def _playouts(game: str, config: dict[str, Any], games: int = 6) -> Any:
    """Every position of a few random games of `game`."""
    for seed in range(games):
        state: State[Any] = cardgames.new_game(game, seed=seed, **config)
        rng = random.Random(seed)
        yield state
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            yield state


@pytest.mark.parametrize(("game", "config"), CONFIGS, ids=lambda v: str(v) if v else "")
def test_ids_round_trip_and_step_is_apply(game: str, config: dict[str, Any]) -> None:
    sizes = set()
    rng = random.Random(1)
    for state in _playouts(game, config):
        sizes.add(state.num_actions)
        legal = state.legal_actions()
        ids = state.legal_action_ids()
        assert ids == [state.action_id(action) for action in legal]
        assert [state.action_from_id(i) for i in ids] == legal
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < state.num_actions for i in ids)
        if legal:
            chosen = rng.choice(ids)
            stepped, applied = state.clone(), state.clone()
            stepped.step(chosen)
            applied.apply(state.action_from_id(chosen))
            assert stepped == applied
    assert len(sizes) == 1, f"num_actions changed during a game: {sizes}"


def test_hanabi_ids_are_hle_move_uids() -> None:
    # HLE's MaxMoves: 2h discards and plays, then (P-1) * (5 colours + 5 ranks) clues.
    for players, size in ((2, 20), (3, 30), (4, 38), (5, 48)):
        state = cardgames.new_game("hanabi", players=players, seed=3, variant="no-empty-clues")
        assert state.num_actions == size
    state = cardgames.new_game("hanabi", players=3, seed=3)
    # Card index 0 is the oldest card (slot 5); 5 is the first play; clues by target offset,
    # colours in HLE's order (white before blue), then ranks.
    assert state.action_from_id(0) == Discard(5)
    assert state.action_from_id(4) == Discard(1)
    assert state.action_from_id(5) == Play(5)
    assert state.action_from_id(10) == Clue(1, "red")
    assert state.action_from_id(13) == Clue(1, "white")
    assert state.action_from_id(14) == Clue(1, "blue")
    assert state.action_from_id(15) == Clue(2, "red")
    assert state.action_from_id(20) == Clue(1, 1)
    assert state.action_from_id(29) == Clue(2, 5)
    # Targets are relative to the player to act: after a move, the same id clues the next seat.
    state.apply(Clue(1, "red"))
    assert state.current_player == 1
    assert state.action_from_id(10) == Clue(2, "red")
    assert state.action_id(Clue(0, 5)) == 29


def test_hanabi_ids_past_a_short_hand_are_illegal() -> None:
    # All or nothing: hands shrink once the pile is empty (no final round). Played
    # omnisciently, holding the 5s back while the pile lasts (so that the game is not won
    # first), seed 0 reaches a player to act with a short hand; the ids of the missing slots
    # stay, naming slots that are not there.
    state = HanabiState.new(variant_from_name("all-or-nothing"), players=2, seed=0)
    while len(state.hand(state.current_player or 0)) == 5:
        hand = state.hand(state.current_player or 0)
        legal = state.legal_actions()
        fits = [slot for slot, card in enumerate(hand, 1)
                if card in state.playable_cards() and (card.rank < 5 or not state.deck_size)]
        played = {card for stack in state.fireworks for card in stack}
        dead = [slot for slot, card in enumerate(hand, 1) if card in played]
        clues = [action for action in legal if isinstance(action, Clue)]
        if fits:
            state.apply(Play(fits[0]))
        elif dead and Discard(dead[0]) in legal:
            state.apply(Discard(dead[0]))
        else:
            state.apply(clues[0] if clues else legal[-1])
    seat = state.current_player
    assert seat is not None
    held = len(state.hand(seat))
    assert state.action_from_id(held) == Discard(held + 1)
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=rf"action id {held + 5}"):
        state.step(held + 5)  # play of a missing slot
    assert state.snapshot() == before


def test_bad_ids_name_the_id_and_the_range_and_change_nothing() -> None:
    state = cardgames.new_game("hanabi", players=2, seed=5)
    before = state.snapshot()
    for bad in (20, -1, 10**30):
        with pytest.raises(NotationError, match=rf"action id {bad} is not in 0\.\.19"):
            state.action_from_id(bad)
        with pytest.raises(NotationError, match=rf"{bad}"):
            state.step(bad)
    for wrong in (True, 1.0, "3", None, [1]):
        with pytest.raises(NotationError, match=r"an action id is an integer in 0\.\.19"):
            state.step(wrong)  # type: ignore[arg-type]
    # An id that is in range but not legal now: discarding with every clue token available.
    with pytest.raises(IllegalActionError, match=r"clue tokens are available.*action id 0"):
        state.step(0)
    assert state.snapshot() == before
    assert state.move_count == 0
    # NumPy integers are ids (a policy's argmax).
    state.step(np.int64(state.legal_action_ids()[0]))
    assert state.move_count == 1


def test_an_action_outside_the_numbering_has_no_id() -> None:
    state = cardgames.new_game("hanabi", players=2, seed=5)
    with pytest.raises(NotationError, match=r"'clue 1 red' has no action id in hanabi now"):
        state.action_id(Clue(0, "red"))  # seat 0 to act: a clue to oneself
    with pytest.raises(NotationError, match="has no action id"):
        state.action_id([])


def test_koikoi_ids_follow_the_action_tables() -> None:
    state = cardgames.new_game("koikoi", seed=2)
    expected = len(PLAY_ACTIONS) + len(PLAY_CAPTURE_ACTIONS) + len(CAPTURE_ACTIONS) + 2
    assert state.num_actions == expected
    assert state.action_from_id(0) is PLAY_ACTIONS[0]
    assert str(state.action_from_id(expected - 2)) == "koikoi"
    assert str(state.action_from_id(expected - 1)) == "stop"


def test_ikebana_ids_buy_from_a_seat() -> None:
    state = cardgames.new_game("ikebana", players=4, seed=2)
    assert state.num_actions == 7
    assert [str(state.action_from_id(i)) for i in range(7)] == [
        "draw", "keep", "refuse", "buy 1", "buy 2", "buy 3", "buy 4"]


@pytest.mark.parametrize(("game", "config"), CONFIGS[::3], ids=lambda v: str(v) if v else "")
def test_legal_mask_marks_exactly_the_legal_ids(game: str, config: dict[str, Any]) -> None:
    for state in _playouts(game, config, games=2):
        mask = legal_mask(state)
        assert mask.dtype == np.bool_
        assert mask.shape == (state.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_action_ids())


def test_every_registered_game_numbers_its_actions() -> None:
    for name in ("hanabi", "koikoi", "ikebana"):
        state = cardgames.new_game(name, seed=1)
        assert isinstance(state.action_space(), ActionSpace)
        assert state.num_actions > 0


class Unnumbered(TinyState):
    """The tiny game without action ids (the base's action_space)."""

    __slots__ = ()
    action_space = State.action_space


def test_a_game_without_ids_says_so() -> None:
    state = make_info(Unnumbered).new_game(2, 1)
    with pytest.raises(NotImplementedError, match="does not number its actions"):
        _ = state.num_actions


def test_action_space_refuses_a_doubled_action() -> None:
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([PLAYS[1], PLAYS[1]])


# ----------------------------------------------------------- the conformance kit's rules
class GrowingSpace(TinyState):
    """Its numbering grows as cards are played (num_actions is not fixed)."""

    __slots__ = ()

    def action_space(self) -> ActionSpace[Any]:
        played = sum(map(len, self.rows))
        return ActionSpace((*PLAYS.values(), *(object() for _ in range(played))))


class ShuffledIds(TinyState):
    """legal_action_ids() lists the right ids in the wrong order."""

    __slots__ = ()

    def legal_action_ids(self) -> list[int]:
        return sorted(super().legal_action_ids(), reverse=True)


class LooseStep(TinyState):
    """step() forgets to check legality."""

    __slots__ = ()

    def step(self, action_id: int) -> None:
        action = self.action_from_id(action_id)
        self._legal_cache = self._legal_ids = None
        self._act(action, None)
        self._log.append((self.turn, action, None))


def test_the_kit_passes_a_numbered_game() -> None:
    run_state_machine_as_test(conformance_machine(TINY), settings=FAST)


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (GrowingSpace, "num_actions changed"),
        (ShuffledIds, "not the ids of legal_actions"),
        (LooseStep, "step accepted the illegal action id|instead of IllegalActionError"),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else None,
)
def test_the_kit_catches_broken_action_ids(broken: type[TinyState], complaint: str) -> None:
    with pytest.raises(AssertionError, match=complaint):
        run_state_machine_as_test(conformance_machine(make_info(broken)), settings=FAST)


def test_hanabi_state_is_unchanged_by_reading_ids() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=3, seed=9)
    before = state.snapshot()
    for i in range(state.num_actions):
        state.action_from_id(i)
    state.legal_action_ids()
    assert state.snapshot() == before
