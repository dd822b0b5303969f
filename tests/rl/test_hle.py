"""cardgames.rl.hanabi_hle, the drop-in for HLE's rl_env: the observation dicts, rewards and move
uids HLE gave on the recorded games (tests/rl/fixtures), and its API and errors."""

from __future__ import annotations

import importlib
import random
import sys
from typing import Any

import pytest

from cardgames.core import IllegalActionError, NotationError, OptionsError
from cardgames.rl import hanabi_hle as rl_env
from hle_fixtures import bits, dealt_after_the_end, game_id, hle_games, replay

DICT_GAMES = [game for game in hle_games() if "dicts" in game["positions"][0]]

# What differs at the very end (the module docstring): HLE lists the next player's moves as if
# the game went on, and after a strikeout or a perfect game with cards left it deals one more.
_AT_THE_END = {"legal_moves", "legal_moves_as_int"}
_DEALT_AFTER = {"observed_hands", "deck_size", "card_knowledge", "vectorized"}


def test_the_old_module_name_warns_and_is_the_hanabi_module(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "cardgames.rl.hle", raising=False)
    with pytest.deprecated_call(match=r"cardgames\.rl\.hle is deprecated .* now "
                                      r"cardgames\.rl\.hanabi_hle"):
        old = importlib.import_module("cardgames.rl.hle")
    assert old is rl_env
    from cardgames.rl import hle  # noqa: PLC0415  # the old spelling is the test
    from cardgames.rl.hle import Agent, make  # noqa: PLC0415
    assert hle is rl_env
    assert (Agent, make) == (rl_env.Agent, rl_env.make)


def test_the_fixtures_have_dicts_for_every_player_count_and_the_minimal_observation() -> None:
    assert {game["config"]["players"] for game in DICT_GAMES} == {2, 3, 4, 5}
    assert any(game["config"]["observation_type"] == 0 for game in DICT_GAMES)


@pytest.mark.parametrize("game", DICT_GAMES, ids=game_id)
def test_observation_dicts_equal_hles(game: dict[str, Any]) -> None:
    for env, observations, position in replay(game):
        assert env.num_moves() == game["num_moves"]
        assert env.vectorized_observation_shape() == game["shape"]
        assert observations["current_player"] == position["current_player"]
        state = env.state
        assert state is not None
        allowed = set()
        if state.is_over:
            allowed |= _AT_THE_END
        if dealt_after_the_end(state):
            allowed |= _DEALT_AFTER
        for seat, (ours, theirs) in enumerate(
                zip(observations["player_observations"], position["dicts"], strict=True)):
            assert set(ours) == set(theirs)
            ones = bits(theirs["vectorized"])
            expected = [int(i in ones) for i in range(game["shape"][0])]
            assert ours["vectorized"] == expected or "vectorized" in allowed
            for key, value in theirs.items():
                if key != "vectorized" and key not in allowed:
                    assert ours[key] == value, f"seat {seat}, move {state.move_count}: {key}"


def test_code_written_for_hle_runs() -> None:
    # rl_env's own example loop, with a random agent reading the dicts.
    env = rl_env.make("Hanabi-Full", num_players=3)
    rng = random.Random(0)
    for _ in range(3):
        observations = env.reset()
        done = False
        total = 0
        while not done:
            seat = observations["current_player"]
            mine = observations["player_observations"][seat]
            assert len(mine["vectorized"]) == env.vectorized_observation_shape()[0] == 956
            assert mine["legal_moves_as_int"]
            action = rng.choice(mine["legal_moves"])
            observations, reward, done, info = env.step(action)
            total += reward
            assert info == {}
        assert env.state is not None
        assert total == env.state.score


def test_environment_names() -> None:
    assert rl_env.make().vectorized_observation_shape() == [658]
    assert rl_env.make("Hanabi-Full-CardKnowledge", 5).vectorized_observation_shape() == [1280]
    minimal = rl_env.make("Hanabi-Full-Minimal", num_players=4)
    assert minimal.vectorized_observation_shape() == [1041 - 4 * 4 * 35]
    assert rl_env.make("Hanabi-Full", 4, pyhanabi_path="/nowhere").num_moves() == 38
    with pytest.raises(OptionsError, match=r"'Hanabi-Small'.*Hanabi-Full, "):
        rl_env.make("Hanabi-Small")


@pytest.mark.parametrize(
    ("config", "complaint"),
    [
        ({"players": 6}, "'players' must be in 2..5"),
        ({"players": 2, "hand_size": 2}, "'hand_size' must be in 4..6"),
        ({"players": 2, "observation_type": 2}, "'observation_type' must be 0"),
        ({"players": 2, "colors": 7}, "'colors' must be in 1..5"),
        ({"players": "two"}, "'players' must be an integer"),
        ({"players": 2.5}, "'players' must be an integer"),
        ({"players": 2, "bomb": 1}, "unknown HLE config key 'bomb'"),
    ],
)
def test_bad_configs_name_the_key(config: dict[str, Any], complaint: str) -> None:
    with pytest.raises(OptionsError, match=complaint):
        rl_env.HanabiEnv(config)


def test_hle_config_values_may_be_strings() -> None:
    env = rl_env.HanabiEnv({"players": "3", "max_life_tokens": "1", "seed": "4"})
    observations = env.reset()
    assert observations["player_observations"][0]["life_tokens"] == 1
    assert env.players == 3


def test_moves_as_uids_or_dicts() -> None:
    env = rl_env.HanabiEnv({"players": 2, "seed": 11})
    first = env.reset()
    twin = rl_env.HanabiEnv({"players": 2, "seed": 11})
    assert twin.reset() == first, "the same seed deals the same game"
    mine = first["player_observations"][0]
    uid, move = mine["legal_moves_as_int"][-1], mine["legal_moves"][-1]
    by_uid = env.step(uid)
    by_dict = twin.step(move)
    assert by_uid == by_dict
    state = env.state
    assert state is not None
    before = state.snapshot()
    with pytest.raises(NotationError, match="is not an HLE move"):
        env.step({"action_type": "PLAY", "card_index": 9})
    legal = by_uid[0]["player_observations"][1]["legal_moves_as_int"]
    illegal = next(uid for uid in range(env.num_moves()) if uid not in legal)
    with pytest.raises(IllegalActionError, match=f"action id {illegal}"):
        env.step(illegal)
    with pytest.raises(NotationError, match=r"action id 20 is not in 0\.\.19"):
        env.step(20)
    assert state.snapshot() == before


def test_step_before_reset() -> None:
    with pytest.raises(IllegalActionError, match="reset"):
        rl_env.make().step(0)


def test_random_start_player() -> None:
    env = rl_env.HanabiEnv({"players": 4, "seed": 2, "random_start_player": True})
    starts = {env.reset()["current_player"] for _ in range(20)}
    assert len(starts) > 1
    fixed = rl_env.HanabiEnv({"players": 4, "seed": 2})
    assert {fixed.reset()["current_player"] for _ in range(5)} == {0}
