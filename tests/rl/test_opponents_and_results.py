"""Opponents of every kind at the Gymnasium seats (bots, Agents, callables, frozen copies of a
policy, changed between episodes), the result at the end, and the outcome-only reward."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env

import cardgames
from cardgames import OptionsError
from cardgames.rl import env, gym_env
from cardgames.rl.runner import Observation


class FirstLegal:
    """A cardgames Agent: the first legal action."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


def lowest_id(observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
    """A policy on (observation, mask): the lowest legal id."""
    assert observation["observation"].dtype == np.float32
    assert mask.dtype == np.bool_
    assert mask.any()
    return int(np.flatnonzero(mask)[0])


def finish(game: Any, seed: int) -> tuple[float, dict[str, Any]]:
    """Random legal actions to the end; the total reward and the last info."""
    rng = np.random.default_rng(seed)
    total, terminated, info = 0.0, False, {}
    while not terminated:
        _, reward, terminated, _, info = game.step(int(rng.choice(np.flatnonzero(
            game.action_masks()))))
        total += reward
    return total, info


def finish_from(game: Any, seed: int) -> None:
    """Reset with `seed` and play to the end."""
    game.reset(seed=seed)
    finish(game, seed)


@pytest.mark.parametrize("opponent", [FirstLegal(), lowest_id], ids=["agent", "callable"])
def test_an_agent_or_a_callable_plays_the_other_seat(opponent: Any) -> None:
    game = gym_env("koikoi", seat=1, opponents=opponent, rounds=2)
    game.reset(seed=3)
    finish(game, 3)
    assert game.runner.state.moves(0)  # the opponent played its seat
    check_env(gym_env("koikoi", seat=0, opponents=opponent, rounds=1), skip_render_check=True)


def test_one_opponent_per_seat_of_any_kind() -> None:
    game = gym_env("ikebana", seat=1, players=3, opponents=["greedy", lowest_id])
    assert game.opponents[0] == "greedy"
    assert game.opponents[2] is lowest_id
    game.reset(seed=0)
    finish(game, 0)


def test_a_callable_opponent_sees_only_its_own_seat() -> None:
    seen: list[int] = []
    game = gym_env("koikoi", seat=0, rounds=1)

    def spy(observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
        state = game.runner.state
        seat = state.current_player
        assert seat == 1
        expected = game.runner.observe(1)
        assert np.array_equal(observation["observation"], expected["observation"])
        seen.append(seat)
        return lowest_id(observation, mask)

    game.set_opponents(spy)
    game.reset(seed=5)
    finish(game, 5)
    assert seen


def test_self_play_against_a_frozen_copy_changed_between_episodes() -> None:
    game = gym_env("koikoi", seat=0, rounds=1, opponents="random")
    weights = {"bias": np.zeros(game.action_space.n)}

    def learner(observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
        scores = np.where(mask, weights["bias"], -np.inf)
        return int(np.argmax(scores))

    frozen_bias = weights["bias"].copy()

    def frozen(observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
        return int(np.argmax(np.where(mask, frozen_bias, -np.inf)))

    game.set_opponents(frozen)
    weights["bias"] += 1.0  # the learner moves on; the frozen copy does not
    game.reset(seed=1)
    assert game.opponents == {1: frozen}
    finish(game, 1)
    game.set_opponents("greedy")
    game.reset(seed=2)
    assert game.opponents == {1: "greedy"}
    game.set_opponents("random")  # in the middle of an episode: from the next move on
    finish(game, 2)
    assert game.runner.state.is_over


def test_bad_opponents_are_refused_naming_what_is_accepted() -> None:
    with pytest.raises(OptionsError, match=r"bot name, an Agent .* or a callable"):
        gym_env("koikoi", opponents=42)
    with pytest.raises(OptionsError, match="unknown Koi-Koi bot 'gredy'"):
        gym_env("koikoi", opponents=["gredy"])
    with pytest.raises(OptionsError, match="one opponent per other seat"):
        gym_env("ikebana", players=3, opponents=["random"])


def test_a_callable_returning_an_illegal_id_is_named() -> None:
    game = gym_env("koikoi", seat=1, rounds=1, opponents=lambda observation, mask: -5)
    with pytest.raises(ValueError, match="opponent at seat 0 chose -5"):
        finish_from(game, 0)


def test_the_last_info_has_the_match_totals_and_the_winner() -> None:
    game = gym_env("koikoi", seat=0, rounds=2, opponents="random")
    game.reset(seed=11)
    _, info = finish(game, 11)
    state = game.runner.state
    assert info["scores"] == state.scores()
    scores = state.scores()
    winner = None if scores[0] == scores[1] else int(np.argmax(scores))
    assert info["winner"] == winner
    aec = env("ikebana", players=3, rounds=1)
    aec.reset(seed=4)
    rng = random.Random(4)
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            final = aec.unwrapped.runner.state.scores()
            assert info["scores"] == final
            best = max(final)
            assert info["winner"] == (final.index(best) if final.count(best) == 1 else None)
            aec.step(None)
        else:
            assert "scores" not in info
            aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))


def test_the_outcome_reward_pays_only_the_result() -> None:
    game = gym_env("koikoi", seat=1, rounds=3, opponents="greedy", reward="outcome")
    for seed in range(4):
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards = []
        terminated = False
        while not terminated:
            _, reward, terminated, _, info = game.step(int(rng.choice(np.flatnonzero(
                game.action_masks()))))
            rewards.append(reward)
        assert all(reward == 0 for reward in rewards[:-1])
        expected = {None: 0.0, 1: 1.0, 0: -1.0}[info["winner"]]
        assert rewards[-1] == expected
    aec = env("koikoi", rounds=1, reward="outcome")
    aec.reset(seed=2)
    totals = dict.fromkeys(aec.agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        aec.step(None if terminated or truncated else
                 int(np.flatnonzero(observation["action_mask"])[0]))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_outcome_reward_is_refused_for_a_cooperative_game() -> None:
    with pytest.raises(OptionsError, match=r"reward='outcome' .* cooperative"):
        gym_env("hanabi", reward="outcome")
    with pytest.raises(OptionsError, match="'reward' must be 'points' or 'outcome'"):
        env("koikoi", reward="money")
    assert cardgames.get_game("hanabi").cooperative
