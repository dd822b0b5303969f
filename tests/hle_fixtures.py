"""The games hanabi-learning-environment (HLE) played, as recorded in
tests/rl/fixtures/hle_games.json.gz (made by tests/rl/fixtures/make_hle_fixtures.py), and
their replay by our engine."""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardgames.hanabi import EndReason, HanabiState
from cardgames.rl.hanabi_hle import HanabiEnv

FIXTURES = Path(__file__).parent / "rl" / "fixtures" / "hle_games.json.gz"


@functools.cache
def hle_games() -> tuple[dict[str, Any], ...]:
    """Every recorded game: config, deck, moves (uids) and per position what HLE gave."""
    with gzip.open(FIXTURES, "rt", encoding="utf-8") as data:
        games: list[dict[str, Any]] = json.load(data)["games"]
    return tuple(games)


def game_id(game: dict[str, Any]) -> str:
    """A readable test id: players, policy and the non-default config keys."""
    config = game["config"]
    extra = [f"{key}={value}" for key, value in config.items()
             if key != "players" and value != {"colors": 5, "ranks": 5,
                                                "max_information_tokens": 8,
                                                "max_life_tokens": 3,
                                                "observation_type": 1}.get(key)]
    return "-".join([f"{config['players']}p", game["policy"], *extra])


def bits(hex_number: str) -> set[int]:
    """The positions of the ones of a vector recorded as a hex number."""
    number = int(hex_number, 16)
    return {i for i in range(number.bit_length()) if number >> i & 1}


def replay(game: dict[str, Any]) -> Iterator[tuple[HanabiEnv, dict[str, Any], dict[str, Any]]]:
    """For every position of `game`: our HLE environment dealt the same deck, our
    observation dicts and HLE's recorded position (the move uid is applied after each)."""
    env = HanabiEnv(game["config"])
    observations = env.reset(deck=game["deck"])
    for index, position in enumerate(game["positions"]):
        yield env, observations, position
        if index < len(game["moves"]):
            observations, reward, done, _ = env.step(game["moves"][index])
            assert reward == position["reward"], f"move {index}: reward {reward}"
            assert done == (index + 1 == len(game["moves"])), f"move {index}: done {done}"


def dealt_after_the_end(state: HanabiState) -> bool:
    """Whether HLE dealt one more card than we did: a game that ended by the last fuse or a
    perfect score with cards left in the pile (HLE deals the replacement card anyway)."""
    return state.is_over and state.deck_size > 0 and state.end_reason is not (
        EndReason.FINAL_ROUND)
