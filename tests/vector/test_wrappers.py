"""The Gymnasium VectorEnv and the PettingZoo env over the JAX engine."""

from __future__ import annotations

import numpy as np
import pytest

import cardgames
from cardgames.rl import hanabi as rl_hanabi

pytest.importorskip("jax")
wrappers = pytest.importorskip("cardgames.vector.wrappers")

# PettingZoo says these of every environment whose observations are dicts (its own classic
# games among them): the action mask makes the dict necessary.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]
BATCH = 4


@pytest.fixture(scope="module")
def envs() -> wrappers.GymVectorEnv:
    return wrappers.GymVectorEnv("hanabi", num_envs=BATCH, players=2)


def test_the_gymnasium_vector_env_steps_resets_and_keeps_to_its_spaces(
        envs: wrappers.GymVectorEnv) -> None:
    observation, info = envs.reset(seed=3)
    assert observation in envs.observation_space
    again, _ = envs.reset(seed=3)
    np.testing.assert_array_equal(again["observation"], observation["observation"])
    rng = np.random.default_rng(0)
    ended = np.zeros(BATCH, bool)
    for _ in range(200):
        mask = observation["action_mask"].astype(bool)
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0
                            for row in mask])
        previous = ended
        observation, rewards, terminated, truncated, info = envs.step(actions)
        assert observation in envs.observation_space
        assert rewards.dtype == np.float32
        assert rewards.shape == (BATCH,)
        # NEXT_STEP: a game that ended on the last step starts again now, reward 0.
        assert not terminated[previous].any()
        np.testing.assert_array_equal(rewards[previous], 0)
        ended = terminated | truncated
        if ended.any():
            assert not observation["action_mask"][ended].any()
    assert not info["illegal"].any()


def test_the_gymnasium_vector_env_pays_minus_one_for_an_illegal_id(
        envs: wrappers.GymVectorEnv) -> None:
    observation, _ = envs.reset(seed=0)
    actions = np.array([int(np.flatnonzero(row)[-1]) for row in observation["action_mask"]])
    actions[1] = 0  # a discard with every clue token there
    _, rewards, terminated, _, info = envs.step(actions)
    assert terminated.tolist() == [False, True, False, False]
    assert info["illegal"].tolist() == [False, True, False, False]
    assert rewards[1] == -1.0
    with pytest.raises(ValueError, match=f"{BATCH} action ids"):
        envs.step(np.zeros(BATCH + 1, np.int64))


def test_the_pettingzoo_env_passes_the_api_test() -> None:
    from pettingzoo.test import api_test  # noqa: PLC0415  # pettingzoo: the rl extra

    api_test(wrappers.PettingZooEnv("hanabi", players=3), num_cycles=200)


def test_the_pettingzoo_env_refuses_a_bad_deck_and_keeps_its_game() -> None:
    env = wrappers.PettingZooEnv("hanabi", players=2)
    env.reset(seed=1)
    before = env.game
    with pytest.raises(ValueError, match="one deck"):
        env.reset(seed=2, options={"deck": [0] * env.env.deck_size})
    assert env.game is before


def test_the_pettingzoo_env_observes_as_the_python_environment() -> None:
    env = wrappers.PettingZooEnv("hanabi", players=2, variant="rainbow")
    rng = np.random.default_rng(1)
    deck = rng.permutation(env.env.deck_cards)
    env.reset(seed=4, options={"deck": deck.tolist()})
    types = env.env.options.card_types
    game = cardgames.new_game("hanabi", players=2, deck=[str(types[t]) for t in deck],
                              variant="rainbow")
    for agent in env.agent_iter(max_iter=60):
        observation, _, terminated, truncated, _ = env.last()
        seat = int(agent.split("_")[1])
        np.testing.assert_array_equal(observation["observation"],
                                      rl_hanabi.observation(game.view(seat)))
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        game.step(action)
        env.step(action)
