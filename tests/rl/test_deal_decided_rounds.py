"""Koi-Koi rounds decided on the deal (a lucky hand scores before anyone moves): the
environments never start an episode with nothing to do, and still pay those points.

Seeds (found by scanning ``cardgames.new_game("koikoi", seed=s, ...)``): 72 deals a lucky
hand in the first round, so a one-round match is over before anyone moves; 98 starts a
12-round match with 6 points already won by seat 1 (with 72, two such rounds cancel out).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

import cardgames
from cardgames.rl import env, gym_env

DECIDED_ON_THE_DEAL = 72
PAID_ON_THE_DEAL = 98


def test_the_seeds_deal_a_round_decided_before_anyone_moves() -> None:
    one_round = cardgames.new_game("koikoi", seed=DECIDED_ON_THE_DEAL, rounds=1)
    assert one_round.is_over
    assert one_round.move_count == 0
    match = cardgames.new_game("koikoi", seed=PAID_ON_THE_DEAL)
    assert match.round_results
    assert match.move_count == 0
    assert match.scores() == [0, 6]


def play_random(aec: object, seed: int) -> dict[str, float]:
    """A whole PettingZoo episode with random legal actions; each agent's total reward.
    Checks that every live agent to act has a legal action."""
    rng = random.Random(seed)
    totals: dict[str, float] = {}
    for agent in aec.agent_iter():  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, _ = aec.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            assert legal.size, f"{agent} is to act with an all-zero mask"
            action = int(rng.choice(legal))
        aec.step(action)  # type: ignore[attr-defined]
    return totals


def test_a_one_round_match_over_on_the_deal_is_not_an_episode() -> None:
    aec = env("koikoi", rounds=1)
    aec.reset(seed=DECIDED_ON_THE_DEAL)
    assert not any(aec.terminations.values())
    assert aec.unwrapped.runner.state.move_count == 0
    assert not aec.unwrapped.runner.state.is_over
    totals = play_random(aec, 0)
    assert sum(totals.values()) == 0  # zero-sum


def test_pettingzoo_pays_the_points_of_a_round_decided_on_the_deal() -> None:
    aec = env("koikoi")
    aec.reset(seed=PAID_ON_THE_DEAL)
    state = aec.unwrapped.runner.state
    totals = play_random(aec, 1)
    scores = state.scores()
    assert totals["player_0"] == scores[0] - scores[1]
    assert totals["player_1"] == scores[1] - scores[0]


@pytest.mark.parametrize("seat", [0, 1])
def test_gymnasium_pays_the_points_of_a_round_decided_on_the_deal(seat: int) -> None:
    game = gym_env("koikoi", seat=seat, opponents="random")
    total = 0.0
    # The first seed whose match starts with a round decided on the deal.
    for seed in range(200):
        game.reset(seed=seed)
        if game.runner.state.round_results and game.runner.state.round_results[0].lucky_hand:
            break
    else:
        pytest.fail("no seed under 200 dealt a lucky hand in the first round")
    state = game.runner.state
    terminated = False
    rng = np.random.default_rng(seed)
    while not terminated:
        legal = np.flatnonzero(game.action_masks())
        assert legal.size
        _, reward, terminated, _, _ = game.step(int(rng.choice(legal)))
        total += reward
    scores = state.scores()
    assert total == scores[seat] - scores[1 - seat]


def test_gymnasium_never_starts_with_an_all_zero_mask() -> None:
    for seat in (0, 1):
        game = gym_env("koikoi", rounds=1, seat=seat, opponents="random")
        for seed in range(120):
            game.reset(seed=seed)
            assert game.action_masks().any(), f"seat {seat}, seed {seed}"
            assert not game.runner.state.is_over


def test_api_test_passes_on_one_round_matches() -> None:
    aec = env("koikoi", rounds=1)
    for seed in (DECIDED_ON_THE_DEAL, 98, 204):
        aec.reset(seed=seed)
        play_random(aec, seed)
    api_test(env("koikoi", rounds=1), num_cycles=300)
