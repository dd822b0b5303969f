"""MaskablePPO on one-round Koi-Koi: PettingZoo's tutorial wrapper, cardgames' LearnerEnv, and
self-play against a frozen copy of the learner; each evaluated against random play.

Needs sb3-contrib, stable-baselines3 and torch, which cardgames does not depend on::

    python -m venv /tmp/sb3 --system-site-packages && /tmp/sb3/bin/pip install sb3-contrib
    nice /tmp/sb3/bin/python docs/examples/sb3/ml_sb3_koikoi.py learner --steps 100000

Modes: ``tutorial`` (one model plays both seats through a wrapper in the shape of PettingZoo's
SB3 action-masking tutorial: ``step`` returns the reward the step paid to the agent that
acted, and what it paid the other agent is lost), ``learner``
(:class:`cardgames.rl.wrappers.LearnerEnv`, the other seat random),
``selfplay`` (``LearnerEnv`` whose opponent is a frozen copy of the learner, refreshed every
``--refresh`` steps). The evaluation plays ``--games`` one-round matches against random play,
the model at seat 0 and seat 1 in turn, and prints the win rate.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from cardgames.rl import env, gym_env
from cardgames.rl.wrappers import LearnerEnv

CONFIG: dict[str, Any] = {"rounds": 1}


def random_policy(seed: int) -> Any:
    """A policy on (observation, mask) choosing a legal id at random."""
    rng = np.random.default_rng(seed)

    def choose(_observation: Any, mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def model_policy(model: MaskablePPO, deterministic: bool = False) -> Any:
    """A policy on (observation, mask) asking `model`."""

    def choose(observation: Any, mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=deterministic)
        return int(action)

    return choose


class TutorialStyleWrapper(gymnasium.Env[Any, Any]):
    """The shape of PettingZoo's SB3 action-masking tutorial wrapper (written here to show
    its flaw): one model plays every agent; ``step`` returns the next agent's observation
    and the reward this step paid the agent that acted. What the step paid the other agent
    is never returned: that agent's own next step starts its reward count again."""

    def __init__(self) -> None:
        self.aec = env("koikoi", **CONFIG)
        self.aec.reset(seed=0)
        self.observation_space = self.aec.observation_space("player_0")
        self.action_space = self.aec.action_space("player_0")

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        return self.aec.observe(self.aec.agent_selection), {}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        acting = self.aec.agent_selection
        self.aec.step(int(action))
        observation = self.aec.observe(self.aec.agent_selection)
        return (observation, float(self.aec.rewards[acting]), bool(self.aec.terminations[acting]),
                bool(self.aec.truncations[acting]), dict(self.aec.infos[acting]))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        mask: npt.NDArray[Any] = self.aec.observe(self.aec.agent_selection)["action_mask"]
        return mask.astype(bool)


class RefreshFrozenCopy(BaseCallback):
    """Every `every` steps, the frozen opponent takes the learner's current weights."""

    def __init__(self, frozen: MaskablePPO, every: int) -> None:
        super().__init__()
        self.frozen = frozen
        self.every = every

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every == 0:
            self.frozen.policy.load_state_dict(self.model.policy.state_dict())
        return True


def train(mode: str, steps: int, refresh: int, seed: int) -> MaskablePPO:
    callback = None
    if mode == "tutorial":
        training: gymnasium.Env[Any, Any] = TutorialStyleWrapper()
    elif mode == "learner":
        training = LearnerEnv(env("koikoi", **CONFIG), "player_0", random_policy(seed))
    else:
        training = LearnerEnv(env("koikoi", **CONFIG), "player_0", random_policy(seed))
        frozen = MaskablePPO("MultiInputPolicy", training, seed=seed)
        training.set_opponents(model_policy(frozen))
        callback = RefreshFrozenCopy(frozen, refresh)
    model = MaskablePPO("MultiInputPolicy", training, seed=seed, verbose=0)
    model.learn(total_timesteps=steps, callback=callback)
    return model


def evaluate(model: MaskablePPO, games: int, seed: int) -> tuple[int, int, int]:
    """(wins, draws, losses) of `model` against random play, alternating seats."""
    wins = draws = 0
    for game in range(games):
        seat = game % 2
        test = gym_env("koikoi", seat=seat, opponents=random_policy(seed + game), **CONFIG)
        observation, _ = test.reset(seed=seed + game)
        terminated, info = False, {}
        while not terminated:
            action, _ = model.predict(observation, action_masks=test.action_masks(),
                                      deterministic=True)
            observation, _, terminated, _, info = test.step(int(action))
        wins += info["winner"] == seat
        draws += info["winner"] is None
    return wins, draws, games - wins - draws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["tutorial", "learner", "selfplay"])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--refresh", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    model = train(args.mode, args.steps, args.refresh, args.seed)
    wins, draws, losses = evaluate(model, args.games, 10_000 + args.seed)
    print(f"{args.mode}: {args.steps} steps; against random, {args.games} one-round matches: "
          f"{wins} won, {draws} drawn, {losses} lost: win rate {wins / args.games:.1%}")


if __name__ == "__main__":
    main()
