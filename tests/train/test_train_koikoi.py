"""``cardgames train koikoi``: a few hundred steps of the real training loop (CI trains for
real nowhere), resumed from its checkpoint, and the presets it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import numpy as np
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app
from cardgames.core.loop import play
from cardgames.koikoi.bots import GreedyBot
from cardgames.koikoi.expert import ExpertBot, load_weights
from cardgames.train.koikoi import TrainConfig, train

TINY = TrainConfig(steps=128, seed=5, num_envs=8, rollout=8, epochs=1, minibatches=2,
                   hidden=16, league=2, snapshot_every=1, eval_every=1, eval_matches=2)


def test_a_short_run_writes_weights_the_numpy_bot_plays_and_resumes(tmp_path: Path) -> None:
    checkpoint = tmp_path / "checkpoint.npz"
    first = train(TINY, tmp_path / "first", checkpoint)
    assert first["updates"] == 2
    assert first["env_steps"] == 128
    assert [row["update"] for row in first["history"]] == [0, 1, 2]
    weights = load_weights(tmp_path / "first" / "weights.npz")
    assert weights["w1"].shape == (weights["w1"].shape[0], 16)
    for row in first["history"]:
        assert 0.0 <= row["vs_random"] <= 1.0
        assert 0.0 <= row["vs_greedy_policy"] <= 1.0
    written = json.loads((tmp_path / "first" / "figures.json").read_text())
    assert written["history"] == first["history"]
    assert written["config"]["seed"] == 5

    # The same settings with more steps go on from the checkpoint, not from the start.
    more = train(attrs.evolve(TINY, steps=256), tmp_path / "more", checkpoint)
    assert more["updates"] == 4
    assert [row["update"] for row in more["history"]] == [0, 1, 2, 3, 4]
    assert more["history"][:3] == first["history"]
    resumed = load_weights(tmp_path / "more" / "weights.npz")
    assert not np.array_equal(resumed["w1"], weights["w1"])  # it trained on

    # The numpy bot plays a whole match with the trained weights.
    state = cardgames.new_game("koikoi", seed=3, rounds=1)
    play(state, [ExpertBot(params=resumed), GreedyBot(3)])
    assert state.is_over


def test_other_presets_and_games_are_refused_in_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, expected in (
        (["train", "koikoi", "--preset", "online"],
         "training Koi-Koi supports the preset nintendo only ('online' is not trained for"),
        (["train", "koikoi", "--preset", "nope"], "('nope' is no Koi-Koi preset)"),
        (["train", "ikebana"], "training is offered for koikoi"),
        (["train", "koikoi", "--device", "tpu"], "--device must be one of auto, cpu, gpu"),
    ):
        result = runner.invoke(app, [*args, "--out", str(tmp_path / "out")])
        assert result.exit_code == 2, result.output
        assert expected in " ".join(result.output.split()), result.output
        assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()
