"""A game installed as a plug-in gets everything with no edit to this package.

The tiny game (``tests/tinygame``) is installed through its entry point alone (the
``tiny_plugin`` fixture): it starts and replays through :func:`cardgames.new_game`, is played
through the command line, and passes PettingZoo's and Gymnasium's own checks. The app plays it
too (``tests/app/test_plugin_game.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from typer.testing import CliRunner

import cardgames
import tinygame
from cardgames.cli import app
from cardgames.core import Record
from cardgames.rl import env, gym_env
from tinygame import GAME, TinyState
from tinygame.bots import highest

pytestmark = [
    pytest.mark.usefixtures("tiny_plugin"),
    # PettingZoo says these of every environment whose observations are dicts.
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def test_the_registry_finds_the_game_through_its_entry_point() -> None:
    assert cardgames.registry.names() == ["hanabi", "ikebana", "koikoi", "tiny"]
    assert cardgames.get_game("tiny") is GAME
    state = cardgames.new_game("tiny", players=3, seed=4, preset="three")
    assert isinstance(state, TinyState)
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = Record.from_json(state.record().to_json())
    assert cardgames.replay(record) == state


def human_input(seed: int) -> str:
    """The lines a person at seat 1 types to play their first card every turn against the
    tiny game's default bot (it plays its highest card)."""
    state = cardgames.new_game("tiny", seed=seed)
    lines = []
    while not state.is_over:
        legal = state.legal_actions()
        if state.current_player == 0:
            action = legal[0]
            lines.append(str(action))
        else:
            action = highest(legal)
        state.apply(action)
    return "\n".join(lines) + "\n"


def test_the_command_line_plays_it(tmp_path: Path) -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["list"])
    assert listed.exit_code == 0
    assert "tiny" in listed.output
    save = tmp_path / "tiny.json"
    played = runner.invoke(
        app, ["play", "tiny", "--plain", "--seed", "5", "--save", str(save)],
        input=human_input(5),
    )
    assert played.exit_code == 0, played.output
    assert "Result" in played.output
    state = cardgames.replay(Record.from_json(save.read_text()))
    assert state.is_over
    assert "Result" in runner.invoke(app, ["replay", str(save)]).output
    # The game's own sub-commands are mounted like a built-in game's.
    own = runner.invoke(app, ["tiny", "cards"])
    assert own.exit_code == 0
    assert own.output.split() == [str(card) for card in range(1, 10)]


@pytest.mark.parametrize("players", [2, 3])
def test_the_pettingzoo_environment_passes_the_api_and_seed_tests(players: int) -> None:
    api_test(env("tiny", players=players), num_cycles=100)
    seed_test(lambda: env("tiny", players=players), num_cycles=100)


def test_the_gymnasium_environment_passes_the_checker(tiny_plugin: Path) -> None:
    check_env(gym_env("tiny", players=3), skip_render_check=True)
    # In a new process where the plug-in is installed, importing cardgames.rl.gym registers
    # it with Gymnasium like the built-in games; made by its id, the checker also renders.
    path = [tiny_plugin, Path(cardgames.__file__).parents[1], Path(tinygame.__file__).parents[1]]
    script = (
        "import gymnasium, cardgames.rl.gym\n"
        "from gymnasium.utils.env_checker import check_env\n"
        "check_env(gymnasium.make('cardgames/tiny-v0', render_mode='ansi', players=3).unwrapped)\n"
        "print('checked')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(map(str, path))},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "checked"
