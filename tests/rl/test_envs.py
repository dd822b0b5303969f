"""The PettingZoo environments: PettingZoo's own checks, and what the observations, masks and
rewards mean."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardgames
from cardgames import IllegalActionError, OptionsError
from cardgames.rl import env, hanabi, koikoi
from cardgames.rl.envs import RawEnv, raw_env
from cardgames.rl.koikoi import round_returns

# PettingZoo says these of every environment whose observations are dicts (its own classic
# games among them): the action mask makes the dict necessary.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("hanabi", {"players": 2}),
    ("hanabi", {"players": 3, "variant": "rainbow"}),
    ("hanabi", {"players": 4, "variant": "bonus"}),
    ("hanabi", {"players": 5, "variant": "deck-plays"}),
    *[("koikoi", {"preset": preset}) for preset in cardgames.get_game("koikoi").presets],
    ("ikebana", {"players": 2}),
    ("ikebana", {"players": 3, "preset": "house"}),
    ("ikebana", {"players": 5, "preset": "bank"}),
]
# Games short enough to play to the end in a test.
SHORT: list[tuple[str, dict[str, Any]]] = [
    ("hanabi", {"players": 2}),
    ("hanabi", {"players": 3, "variant": "bonus"}),
    ("koikoi", {"rounds": 2}),
    ("koikoi", {"preset": "online", "rounds": 1}),
    ("ikebana", {"players": 3, "rounds": 1}),
    ("ikebana", {"players": 2, "preset": "house"}),
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    game, options = config
    return "-".join([game, *(str(value) for value in options.values())])


def unwrapped(aec: Any) -> RawEnv:
    raw = aec.unwrapped
    assert isinstance(raw, RawEnv)
    return raw


def random_action(aec: Any, rng: random.Random) -> int | None:
    observation, _, terminated, truncated, _ = aec.last()
    if terminated or truncated:
        return None
    return rng.choice(np.flatnonzero(observation["action_mask"]).tolist())


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_and_seed_tests_pass(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    # 100 cycles: a few hundred moves (a random Hanabi game to its end), still quick.
    api_test(env(game, **options), num_cycles=100)
    seed_test(lambda: env(game, **options), num_cycles=100)


@pytest.mark.parametrize("config", SHORT, ids=config_id)
def test_a_whole_game_masks_the_legal_ids_and_pays_the_games_returns(
    config: tuple[str, dict[str, Any]],
) -> None:
    game, options = config
    aec = env(game, **options)
    aec.reset(seed=11)
    raw = unwrapped(aec)
    state = raw.runner.state
    start = state.scores()
    earned = dict.fromkeys(aec.agents, 0.0)
    finished: list[str] = []
    rng = random.Random(1)
    for agent in aec.agent_iter():
        observation, reward, terminated, _, _ = aec.last()
        earned[agent] += reward
        seat = int(agent.split("_")[1])
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        if terminated:
            finished.append(agent)
            assert not mask.any()
        else:
            assert state.current_player == seat
            assert np.flatnonzero(mask).tolist() == sorted(state.legal_action_ids())
            for other in aec.agents:
                if other != agent:
                    assert not aec.observe(other)["action_mask"].any()
        aec.step(random_action(aec, rng))
    assert state.is_over
    assert sorted(finished) == sorted(raw.possible_agents)
    assert aec.agents == []
    seats = range(len(raw.possible_agents))
    paid = [earned[f"player_{seat}"] for seat in seats]
    if game == "koikoi":
        assert paid == round_returns(state)  # a round's points, + the winner, - the loser
        assert sum(paid) == 0
    else:  # Hanabi: the team score for everyone; Ikebana: each player's prestige gained
        assert paid == pytest.approx([end - begin for end, begin in zip(
            state.scores(), start, strict=True)])


def test_a_seeded_reset_plays_the_game_new_game_deals_with_that_seed() -> None:
    aec = raw_env("ikebana", players=3, preset="final-bouquet")
    aec.reset(seed=42)
    expected = cardgames.new_game("ikebana", players=3, seed=42, preset="final-bouquet")
    assert aec.runner.state == expected
    aec.reset()
    first_unseeded = aec.runner.state.record()
    aec.reset(seed=42)
    aec.reset()
    assert aec.runner.state.record() == first_unseeded  # unseeded resets follow the seed


def test_observations_are_the_encoders_of_each_seats_view() -> None:
    aec = raw_env("koikoi", preset="online")
    aec.reset(seed=3)
    for seat, agent in enumerate(aec.possible_agents):
        np.testing.assert_array_equal(
            aec.observe(agent)["observation"], koikoi.observation(aec.runner.state.view(seat))
        )
    space = aec.observation_space("player_0")
    assert space["observation"].shape == (koikoi.observation_size(),)
    assert space["action_mask"].shape == (aec.runner.state.num_actions,)


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    aec = env("ikebana", players=2)
    aec.reset(seed=5)
    observation, *_ = aec.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    mover = aec.agent_selection
    aec.step(illegal)
    assert aec.rewards[mover] == -1
    assert all(aec.terminations.values())
    raw = raw_env("ikebana", players=2)
    raw.reset(seed=5)
    before = raw.runner.state.clone()
    with pytest.raises(IllegalActionError):
        raw.step(illegal)  # unwrapped: the engine's refusal, and nothing changed
    with pytest.raises(ValueError, match="needs an action id"):
        raw.step(None)
    assert raw.runner.state == before


def test_render_shows_the_table_as_text() -> None:
    aec = env("hanabi", players=3, render_mode="ansi")
    aec.reset(seed=1)
    text = aec.render()
    assert isinstance(text, str)
    assert "Fireworks" in text
    quiet = raw_env("koikoi")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_human_rendering_prints_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    aec = raw_env("ikebana", players=2, render_mode="human")
    aec.reset(seed=2)
    aec.step(aec.runner.state.legal_action_ids()[0])
    assert "prestige" in capsys.readouterr().out


def test_bad_configurations_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(OptionsError, match="hanabi"):
        env("hanaby")
    with pytest.raises(OptionsError, match="players"):
        env("koikoi", players=3)
    with pytest.raises(OptionsError, match="variant"):
        env("hanabi", variant="no-such-variant")
    with pytest.raises(ValueError, match="render_mode"):
        env("ikebana", render_mode="rgb_array")


def test_the_docs_show_the_hanabi_layout_for_two_players() -> None:
    page = (Path(__file__).parents[2] / "docs" / "ml.md").read_text(encoding="utf-8")
    assert hanabi.layout("standard", 2).markdown() in page, (
        'docs/ml.md: paste cardgames.rl.hanabi.layout("standard", 2).markdown()'
    )
