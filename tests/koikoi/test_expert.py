"""The Koi-Koi ``expert`` level: the shipped network, played with numpy alone."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

import cardgames
from cardgames.core.agents import RandomAgent
from cardgames.core.loop import play
from cardgames.koikoi import GAME, KoiKoiState, make_rules
from cardgames.koikoi.actions import ACTION_SPACE
from cardgames.koikoi.bots import GreedyBot
from cardgames.koikoi.cards import CARDS
from cardgames.koikoi.expert import PARAMETERS, WEIGHTS, ExpertBot, forward, load_weights
from cardgames.rl.koikoi import LAYOUT, observation

MAX_WEIGHTS_BYTES = 2 * 1024 * 1024


def test_the_shipped_weights_are_small_and_fit_the_observation_and_the_actions() -> None:
    assert WEIGHTS.stat().st_size <= MAX_WEIGHTS_BYTES
    params = load_weights()
    assert set(params) == set(PARAMETERS)
    assert params["w1"].shape[0] == LAYOUT.size
    logits, value = forward(params, np.zeros(LAYOUT.size, np.float32))
    assert logits.shape == (len(ACTION_SPACE),)
    assert value.shape == ()
    assert np.isfinite(logits).all()


def test_the_learned_bot_is_offered_by_name() -> None:
    assert isinstance(GAME.bots["learned"](3), ExpertBot)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_expert_plays_whole_legal_matches(seed: int) -> None:
    # play() checks every action against the legal ones; a 12-round Nintendo match.
    state = cardgames.new_game("koikoi", seed=seed)
    opponent = GreedyBot(seed) if seed % 2 else RandomAgent(seed)
    bots = [ExpertBot(), opponent] if seed % 2 else [opponent, ExpertBot()]
    record = play(state, bots)
    assert state.is_over
    assert cardgames.replay(record) == state


def test_views_a_seat_cannot_tell_apart_get_the_same_decision(dealt: Callable[..., KoiKoiState]
                                                              ) -> None:
    rng = random.Random(7)
    ids = [card.code for card in CARDS]
    compared = 0
    for _ in range(8):
        rng.shuffle(ids)
        dealer_hand, field, hidden = ids[:8], ids[8:16], ids[16:]
        # The same dealer's hand and field; the opponent's hand and the stock differ.
        other = hidden[:]
        rng.shuffle(other)
        first = dealt(dealer_hand, hidden[:8], field, hidden[8:],
                            rules=make_rules("nintendo"))
        second = dealt(dealer_hand, other[:8], field, other[8:],
                             rules=make_rules("nintendo"))
        if any(state.round_number != 1 or state.current_player != 0
               for state in (first, second)):
            continue  # a lucky hand or a re-deal decided the deal: nothing to compare
        assert first.view(0) == second.view(0)
        assert first.view(1) != second.view(1)
        bot = ExpertBot()
        assert bot.act(first.view(0), first.legal_actions()) == bot.act(
            second.view(0), second.legal_actions())
        assert np.array_equal(observation(first.view(0)), observation(second.view(0)))
        compared += 1
    assert compared >= 4


def test_the_expert_explains_the_move_it_makes() -> None:
    state = KoiKoiState.new(make_rules("nintendo"), players=2, seed=11)
    bot = ExpertBot()
    for _ in range(20):
        if state.is_over:
            break
        view, legal = state.view(state.current_player), state.legal_actions()
        hint = bot.explain(view, legal)
        assert hint.action == bot.act(view, legal)
        assert hint.reason
        assert not hint.reason.endswith(".")
        state.apply(hint.action)
