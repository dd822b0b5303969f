"""Per-game modules in the style of PettingZoo's classic games, and Gymnasium ids."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import pytest
from pettingzoo.test import api_test

import cardgames.rl
from cardgames.rl import hanabi_v0, ikebana_v0, koikoi_v0


def test_per_game_modules_as_pettingzoo_classic_writes_them() -> None:
    game = koikoi_v0.env(rounds=1)
    game.reset(seed=3)
    assert str(game.unwrapped) == "cardgames_koikoi_v0"
    assert koikoi_v0.raw_env().runner.game == "koikoi"
    assert koikoi_v0.gym_env(seat=1, opponents="greedy").seat == 1
    assert koikoi_v0.__name__ == "cardgames.rl.koikoi_v0"
    assert koikoi_v0.env.__name__ == "env"
    api_test(hanabi_v0.env(players=3), num_cycles=50)
    assert ikebana_v0.env(players=4).unwrapped.possible_agents[-1] == "player_3"


def test_other_names_are_refused_saying_what_exists() -> None:
    with pytest.raises(AttributeError, match="version 0 \\(koikoi_v0\\)"):
        _ = cardgames.rl.koikoi_v1
    with pytest.raises(AttributeError, match="has no attribute 'chess_v0'"):
        _ = cardgames.rl.chess_v0


def test_gymnasium_makes_the_ids_after_a_game_module_or_with_the_module_prefix() -> None:
    # Importing a game module (above) registered the ids.
    assert gymnasium.make("cardgames/koikoi-v0", seat=1).unwrapped.seat == 1
    # In a fresh interpreter, with nothing imported first: the "module:" prefix.
    code = ("import gymnasium; e = gymnasium.make('cardgames.rl.gym:cardgames/ikebana-v0', "
            "players=3); print(e.unwrapped.runner.players)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "3"
