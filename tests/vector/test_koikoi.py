"""The Koi-Koi vector engine against the Python engine, step by step.

Batches of whole matches are dealt from explicit decks (some rigged so that lucky hands,
four of a month on the field and re-deals happen), played with random legal ids in both
engines, and compared at every step: the legal mask, rewards, termination, scores and both
seats' observations. ``CARDGAMES_VECTOR_EXAMPLES`` raises the number of matches (default: a
CI-sized run).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

jax = pytest.importorskip("jax")

import cardgames  # noqa: E402  (after the skip: the module needs jax)
from cardgames.core.errors import OptionsError  # noqa: E402
from cardgames.koikoi.cards import (  # noqa: E402
    CARDS,
    DEALER_PLACES,
    FIELD_PLACES,
    OPPONENT_PLACES,
    deal_order,
    parse_card,
)
from cardgames.koikoi.state import KoiKoiState  # noqa: E402
from cardgames.rl import koikoi as rl_koikoi  # noqa: E402
from cardgames.vector import make  # noqa: E402
from cardgames.vector.env import VectorEnv, VectorState  # noqa: E402
from cardgames.vector.koikoi import NUM_ACTIONS, deck_layout  # noqa: E402

EXAMPLES = int(os.environ.get("CARDGAMES_VECTOR_EXAMPLES", "0"))
"""Extra random matches per rule set, and every preset; 0 (CI): a few, two rule sets."""
BATCH = 4

RULE_SETS: tuple[dict[str, Any], ...] = (
    {},  # nintendo, 12 rounds
    {  # as many other options as one match can hold: koikoi-ai's and more
        "preset": "koikoi-ai", "rounds": 6, "starting_bank": 12, "capture_all_three": False,
        "koikoi_with_empty_hand": True, "koikoi_penalty": "growing",
        "drawn_round": "same-dealer", "max_koikoi_calls": 3, "tsuki_fuda": True,
        "viewing_cancelled_by_rain": True, "viewing_only_after_koikoi": True,
        "first_dealer": "2",
    },
    {"preset": "online"},
    {"preset": "traditional"},
    {"preset": "koikoi-ai"},
    {"rounds": 3, "lucky_hands": "off", "redeal_four_on_field": False, "double_at_7": False,
     "first_dealer": "random", "sake_cup_as_chaff": False, "viewing_yaku": False},
)
"""Nintendo's 12-round matches and a mix of the other options (CI), then every preset and
the options left (with ``CARDGAMES_VECTOR_EXAMPLES``)."""
CHECKED = range(len(RULE_SETS)) if EXAMPLES else range(2)

_ENVS: dict[int, VectorEnv] = {}


def env_for(index: int) -> VectorEnv:
    """One env per rule set for the whole module: each compiles once."""
    if index not in _ENVS:
        _ENVS[index] = make("koikoi", **RULE_SETS[index])
    return _ENVS[index]


def rigged_deal(rng: np.random.Generator, rig: bool) -> list[int]:
    """A deal order; when `rig`, most put four of a month into a hand or the field, or four
    pairs into a hand (lucky hands, re-deals)."""
    order = [int(card) for card in rng.permutation(48)]
    trick = int(rng.integers(5)) if rig else 4
    months = [int(m) for m in rng.permutation(12)]
    if trick == 0:
        cards, places = [4 * months[0] + i for i in range(4)], DEALER_PLACES[:4]
    elif trick == 1:
        cards, places = [4 * months[0] + i for i in range(4)], OPPONENT_PLACES[4:]
    elif trick == 2:
        cards, places = [4 * months[0] + i for i in range(4)], FIELD_PLACES[2:6]
    elif trick == 3:
        cards = [4 * m + i for m in months[:4] for i in range(2)]
        places = OPPONENT_PLACES if rng.integers(2) else DEALER_PLACES
    else:
        return order
    for card, place in zip(cards, places, strict=True):
        where = order.index(card)
        order[where], order[place] = order[place], order[where]
    return order


def python_match(options: dict[str, Any], dealer: int, deals: list[list[int]]) -> KoiKoiState:
    """The Python engine's match dealt from the same deals (and the same first dealer)."""
    draw: list[str] = []
    if cardgames.get_game("koikoi").make_options(**options).first_dealer == "draw":
        # Seat 0 draws January, seat 1 February: seat 0 deals (and the other way round).
        draw = ["0", "4"] if dealer == 0 else ["4", "0"]
    deck = draw + [str(card) for deal in deals for card in deal]
    state: KoiKoiState = cardgames.new_game("koikoi", seed=0, deck=deck, **options)
    return state


def first_dealer_of(state: KoiKoiState) -> int:
    """The seat that dealt round 1 (a random first dealer follows the deck's text)."""
    results = state.round_results
    return results[0].dealer if results else state.dealer


def check_same(
    env: VectorEnv, state: VectorState, games: list[KoiKoiState], step: int
) -> None:
    """Every game of the batch equals its Python match: mask, end, scores, observations."""
    host = jax.tree.map(np.asarray, state)
    seats = [np.asarray(env.observe(state, seat)) for seat in (0, 1)]
    for index, game in enumerate(games):
        where = f"game {index}, step {step}"
        mask = np.zeros(NUM_ACTIONS, bool)
        mask[game.legal_action_ids()] = True
        assert np.array_equal(host.legal_action_mask[index], mask), where
        assert bool(host.terminated[index]) == game.is_over, where
        assert host.scores[index].tolist() == game.scores(), where
        for seat in (0, 1):
            expected = rl_koikoi.observation(game.view(seat))
            got = seats[seat][index]
            differ = [name for name, part in rl_koikoi.LAYOUT.items()
                      if not np.array_equal(got[part], expected[part])]
            assert not differ, f"{where}, seat {seat}: {differ} differ"
        if not game.is_over:
            assert host.current_player[index] == game.current_player, where
            assert np.array_equal(host.observation[index], seats[game.current_player][index])


def play_and_compare(index: int, seed: int) -> None:
    env = env_for(index)
    options = RULE_SETS[index]
    rng = np.random.default_rng(seed)
    size, deals = deck_layout(env.options.rounds)
    decks = np.zeros((BATCH, size), np.int32)
    games = []
    for row in range(BATCH):
        # Three rigged deals at most, so that re-deals leave the deck deals to spare.
        rigged = set(rng.choice(deals, size=3, replace=False).tolist())
        orders = [rigged_deal(rng, deal in rigged) for deal in range(deals)]
        game = python_match(options, int(rng.integers(2)), orders)
        decks[row, 0] = first_dealer_of(game)
        decks[row, 1:] = np.concatenate(orders)
        games.append(game)
    state = env.init_from_deck(decks)
    assert not np.asarray(state.rewards).any(), "a deal pays nothing, as a reset"
    returns = [rl_koikoi.round_returns(game) for game in games]
    keys = jax.random.split(jax.random.key(seed), BATCH)
    step = 0
    while True:
        check_same(env, state, games, step)
        if all(game.is_over for game in games):
            break
        actions = np.array(
            [rng.choice(game.legal_action_ids()) if not game.is_over else 0 for game in games],
            np.int32)
        state = env.step(state, actions, keys)
        rewards = np.asarray(state.rewards)
        for row, game in enumerate(games):
            if game.is_over:
                assert not rewards[row].any(), "a finished match pays nothing"
                continue
            game.step(int(actions[row]))
            after = rl_koikoi.round_returns(game)
            paid = [new - old for new, old in zip(after, returns[row], strict=True)]
            returns[row] = after
            assert rewards[row].tolist() == paid, f"game {row}, step {step}"
        step += 1
    used = np.asarray(state.game.deal_index)
    assert (used <= deals).all(), "every deal came from the deck"


@settings(max_examples=2 + EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_nintendo_twelve_rounds_equal_the_python_engine(seed: int) -> None:
    play_and_compare(0, seed)


@pytest.mark.parametrize("index", CHECKED[1:])
@settings(max_examples=1 + EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_other_rules_equal_the_python_engine(index: int, seed: int) -> None:
    play_and_compare(index, seed)


def test_an_illegal_id_ends_only_its_game() -> None:
    env = env_for(0)
    state = env.init(jax.random.split(jax.random.key(3), BATCH))
    mask = np.asarray(state.legal_action_mask)
    mover = np.asarray(state.current_player)
    legal = mask.argmax(axis=1).astype(np.int32)
    illegal_card = int(np.flatnonzero(~mask[0])[0])
    actions = np.array([illegal_card, legal[1], NUM_ACTIONS + 5, -1], np.int32)
    after = env.step(state, actions, jax.random.split(jax.random.key(4), BATCH))
    terminated = np.asarray(after.terminated)
    flagged = np.asarray(after.illegal)
    rewards = np.asarray(after.rewards)
    assert terminated.tolist() == [True, False, True, True]
    assert flagged.tolist() == [True, False, True, True]
    for row in (0, 2, 3):
        expected = [-1.0 if seat == mover[row] else 0.0 for seat in (0, 1)]
        assert rewards[row].tolist() == expected
        assert not np.asarray(after.legal_action_mask)[row].any()
    assert np.asarray(after.step_count)[1] == 1
    # The ended games stay as they are, whatever is sent next.
    again = env.step(after, legal, jax.random.split(jax.random.key(5), BATCH))
    assert np.asarray(again.terminated)[[0, 2, 3]].all()
    assert not np.asarray(again.rewards)[[0, 2, 3]].any()


def test_random_matches_keep_the_cards_and_scores() -> None:
    """Matches dealt from keys: each card in one place, the scores are the points won, the
    rewards add up to the scores' difference, and every match ends."""
    env = env_for(0)
    keys = jax.random.split(jax.random.key(11), BATCH)
    state = env.init(keys)
    paid = np.zeros((BATCH, 2))
    for _ in range(600):
        if np.asarray(state.terminated).all():
            break
        keys = jax.random.split(keys[0], BATCH)
        state = env.step(state, env.random_legal_actions(state, keys), keys)
        paid += np.asarray(state.rewards)
        game = jax.tree.map(np.asarray, state.game)
        pending = (np.arange(48) == game.pending[:, None]).astype(np.int32)
        places = (game.hands.sum(axis=1) + game.field + game.piles.sum(axis=1) + game.stock
                  + pending)
        assert (places == 1).all(), "every card is in exactly one place"
    assert np.asarray(state.terminated).all(), "every match ends"
    scores = np.asarray(state.scores)
    assert np.array_equal(scores, np.asarray(state.game.won))
    # Rewards pay every round but those decided on the first deal, before any step.
    first = np.asarray(env.init(jax.random.split(jax.random.key(11), BATCH)).game.won)
    difference = (scores - first) - (scores - first)[:, ::-1]
    assert np.array_equal(paid, difference)


def test_a_deck_that_is_no_koikoi_deck_is_refused() -> None:
    env = env_for(0)
    size, deals = deck_layout(12)
    good = np.concatenate([[1], np.tile(np.arange(48), deals)]).astype(np.int32)
    env.init_from_deck(np.stack([good] * BATCH))
    twice = good.copy()
    twice[5] = twice[6]
    for wrong in (twice, np.concatenate([[2], good[1:]])):
        with pytest.raises(ValueError, match="48 card ids once"):
            env.init_from_deck(np.stack([good, wrong, good, good]))
    with pytest.raises(ValueError, match=str(size)):
        env.init_from_deck(good[None, :-1])


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"preset": "casino"}, "casino"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "many"}, "rounds"),
        ({"players": 3}, "3"),
        ({"double_at_seven": True}, "double_at_seven"),
    ],
)
def test_bad_options_are_refused_at_make(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError) as caught:
        make("koikoi", **options)
    message = str(caught.value)
    assert named in message
    assert "\n" not in message


def test_a_deck_may_list_the_codes_deal_order_gives() -> None:
    # deal_order writes card codes, as the Python engine's explicit decks do; init_from_deck
    # takes them as they are, or card ids: the same match either way.
    env = env_for(0)
    _, deals = deck_layout(env.options.rounds)
    order = deal_order(list(range(0, 32, 4)), list(range(1, 32, 4)), list(range(2, 32, 4)))
    spare = [card.code for card in CARDS]
    codes = [0, *order, *spare * (deals - 1)]
    ids = np.array([[0, *(parse_card(code).id for code in order), *list(range(48)) * (deals - 1)]],
                   np.int32)
    by_codes = env.init_from_deck([codes])
    by_ids = env.init_from_deck(ids)
    for got, want in zip(jax.tree.leaves(by_codes), jax.tree.leaves(by_ids), strict=True):
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
    with pytest.raises(ValueError, match=r"'jan-cran' is not a card \(did you mean jan-crane"):
        env.init_from_deck([[0, "jan-cran", *order[1:], *spare * (deals - 1)]])
    with pytest.raises(ValueError, match="starts with the first dealer's seat"):
        env.init_from_deck([["jan-crane", *order, *spare * (deals - 1)]])
