"""The environments keep no table of games: each game's GameInfo names its encoding."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import cardgames
import cardgames.rl.gym  # registers the Gymnasium ids
from cardgames.core.errors import OptionsError
from cardgames.core.registry import Registry
from cardgames.rl import env
from cardgames.rl.encoding import Encoding
from cardgames.rl.runner import encoding
from tinygame import make_info


@pytest.mark.parametrize("game", ["hanabi", "ikebana", "koikoi"])
def test_each_game_names_its_encoding(game: str) -> None:
    found = encoding(game)
    assert isinstance(found, Encoding)
    assert found is cardgames.get_game(game).load_rl_encoding()
    view = cardgames.new_game(game, seed=1).view(0)
    low, high = found.bounds(view)
    observation = found.observation(view)
    assert observation.dtype == np.float32
    assert observation.shape == low.shape == high.shape
    assert f"cardgames/{game}-v0" in gymnasium.registry


def test_a_game_without_an_encoding_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info(rl_encoding=None))
    monkeypatch.setattr(cardgames, "registry", registry)
    with pytest.raises(OptionsError) as caught:
        env("tiny")
    assert str(caught.value) == (
        "the game 'tiny' has no machine-learning encoding (its GameInfo names no rl_encoding)"
    )
