"""LearnerEnv: one agent of a PettingZoo environment as a Gymnasium environment, credited with
every reward paid to it (PettingZoo's SB3 tutorial wrapper credits the agent to act next)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardgames import OptionsError
from cardgames.rl import env
from cardgames.rl.wrappers import LearnerEnv, first_legal


def random_policy(seed: int) -> Any:
    rng = np.random.default_rng(seed)
    return lambda observation, mask: int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("learner", ["player_0", "player_1"])
def test_the_learner_is_paid_the_real_match_difference(learner: str) -> None:
    seat = int(learner[-1])
    for seed in (98, 3):  # 98: a round is decided on the deal
        game = LearnerEnv(env("koikoi"), learner, random_policy(seed))
        game.reset(seed=seed)
        choose = random_policy(seed + 1)
        total, terminated, info = 0.0, False, {}
        while not terminated:
            mask = game.action_masks()
            assert mask.any()
            _, reward, terminated, _, info = game.step(choose(None, mask))
            total += reward
        state = game.aec.unwrapped.runner.state
        scores = state.scores()
        assert total == scores[seat] - scores[1 - seat]
        assert info["scores"] == scores


def test_the_rewards_are_those_of_the_gymnasium_environment_of_the_same_game() -> None:
    # Ikebana with three players: every refusal pays someone, at any seat's turn.
    game = LearnerEnv(env("ikebana", players=3, rounds=1), "player_2", first_legal)
    game.reset(seed=5)
    total, terminated = 0.0, False
    while not terminated:
        _, reward, terminated, _, _ = game.step(first_legal(None, game.action_masks()))
        total += reward
    state = game.aec.unwrapped.runner.state
    assert total == state.scores()[2] - state.rules.starting_prestige


def test_gymnasiums_checker_passes_and_one_round_matches_always_start() -> None:
    check_env(LearnerEnv(env("koikoi", rounds=1), "player_1", first_legal),
              skip_render_check=True)
    game = LearnerEnv(env("koikoi", rounds=1), "player_1", first_legal)
    for seed in range(60):
        game.reset(seed=seed)
        assert game.action_masks().any()


def test_opponents_are_checked_and_swapped() -> None:
    with pytest.raises(OptionsError, match="unknown learner 'player_7'"):
        LearnerEnv(env("koikoi"), "player_7", first_legal)
    with pytest.raises(OptionsError, match="missing or not callable: player_2"):
        LearnerEnv(env("ikebana", players=3), "player_0", {"player_1": first_legal})
    game = LearnerEnv(env("koikoi"), "player_0", first_legal)
    game.set_opponents({"player_1": random_policy(0)})
    assert game.opponents["player_1"] is not first_legal


def test_crediting_only_the_acting_agent_drops_the_losers_points() -> None:
    # What PettingZoo's SB3 tutorial wrapper returns after each step: the reward the step paid
    # the agent that acted. Over a Koi-Koi match the points paid to the agent that did not
    # act are lost, so what each agent is credited is not what it won.
    aec = env("koikoi", rounds=3)
    aec.reset(seed=4)
    credited = dict.fromkeys(aec.possible_agents, 0.0)
    paid = dict.fromkeys(aec.possible_agents, 0.0)
    while not all(aec.terminations.values()):
        acting = aec.agent_selection
        aec.step(first_legal(None, aec.observe(acting)["action_mask"].astype(bool)))
        credited[acting] += aec.rewards[acting]
        for agent in paid:
            paid[agent] += aec.rewards[agent]
    scores = aec.unwrapped.runner.state.scores()
    assert paid == {"player_0": scores[0] - scores[1], "player_1": scores[1] - scores[0]}
    assert credited != paid
    assert sum(credited.values()) > 0  # zero-sum points, yet the credit sums above zero
