"""The Gymnasium environments: Gymnasium's checker, the bots at the other seats, the rewards."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardgames import OptionsError
from cardgames.rl import gym_env
from cardgames.rl.gym import GymEnv
from cardgames.rl.koikoi import round_returns


@pytest.mark.parametrize(
    ("game", "config"),
    [
        ("hanabi", {"players": 2}),
        ("hanabi", {"players": 4, "variant": "rainbow", "seat": 2}),
        ("koikoi", {"preset": "online", "seat": 1}),
        ("ikebana", {"players": 3, "opponents": ["random", "greedy"]}),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_gymnasiums_checker_passes(game: str, config: dict[str, Any]) -> None:
    check_env(gym_env(game, **config), skip_render_check=True)
    # Made through the registry, the checker also tries every render mode.
    check_env(gymnasium.make(f"cardgames/{game}-v0", render_mode="ansi", **config).unwrapped)


def play_out(env: GymEnv, seed: int) -> float:
    """One episode with random legal actions; checks each observation on the way."""
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = 0.0
    terminated = False
    while not terminated:
        state = env.runner.state
        assert state.current_player == env.seat  # the bots have played up to our turn
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.tolist() == sorted(state.legal_action_ids())
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        observation, reward, terminated, truncated, info = env.step(rng.choice(legal))
        assert not truncated
        assert "illegal_action" not in info
        total += reward
    assert env.runner.state.is_over
    assert not observation["action_mask"].any()
    return total


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_an_episode_pays_the_learning_seat_its_prestige(seat: int) -> None:
    env = gym_env("ikebana", seat=seat, opponents="greedy", players=3, rounds=1)
    total = play_out(env, seed=seat)
    state = env.runner.state
    assert total == pytest.approx(state.scores()[seat] - state.rules.starting_prestige)


def test_an_episode_pays_koikoi_round_points_and_hanabi_the_team_score() -> None:
    koikoi = gym_env("koikoi", seat=1, rounds=2)
    assert play_out(koikoi, seed=4) == round_returns(koikoi.runner.state)[1]
    hanabi = gym_env("hanabi", seat=0, players=3, opponents="convention")
    assert play_out(hanabi, seed=4) == hanabi.runner.state.scores()[0]


def test_seeded_resets_repeat_the_game_and_the_bots() -> None:
    first, second = (gym_env("koikoi", seat=1, opponents="random") for _ in range(2))
    for env in (first, second):
        env.reset(seed=8)
    for _ in range(20):
        legal = int(np.flatnonzero(first.action_masks())[0])
        a = first.step(legal)
        b = second.step(legal)
        assert np.array_equal(a[0]["observation"], b[0]["observation"])
        assert a[1:4] == b[1:4]
        if a[2]:
            break
    assert first.runner.state == second.runner.state


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = gym_env("hanabi", players=2)
    env.reset(seed=3)
    before = env.runner.state.clone()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert env.runner.state == before


def test_opponents_and_the_seat_are_checked() -> None:
    assert gym_env("ikebana", players=3, seat=1).opponents == {0: "greedy", 2: "greedy"}
    assert gym_env("hanabi", players=3, opponents=["random", "convention"]).opponents == {
        1: "random", 2: "convention",
    }
    with pytest.raises(OptionsError, match="did you mean greedy"):
        gym_env("koikoi", opponents="gredy")
    with pytest.raises(OptionsError, match="one opponent per other seat"):
        gym_env("ikebana", players=3, opponents=["random"])
    with pytest.raises(OptionsError, match="'seat'"):
        gym_env("koikoi", seat=2)
