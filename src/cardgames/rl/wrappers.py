"""One agent of a PettingZoo AEC environment as a Gymnasium environment, the others played by
policies: the wrapper to train single-agent learners (sb3-contrib's ``MaskablePPO``) on a
turn-based game, in self-play against a frozen copy or against any other policy.

>>> from cardgames.rl import env
>>> from cardgames.rl.wrappers import LearnerEnv, first_legal
>>> game = LearnerEnv(env(name), "player_0", first_legal)  # a game's registry name
>>> observation, info = game.reset(seed=3)
>>> bool(game.action_masks().any())
True

Why not PettingZoo's SB3 action-masking tutorial wrapper: it lets one model play every agent,
and its ``step`` returns the reward that step paid to the agent that acted. What the step paid
any other agent is never returned (that agent's own next step starts its count again). Where
a round's points are paid to both players when the round ends, + to the winner and - to the
loser, on the move of one of them, the other's share is dropped, so the model mostly
sees the winner's gains, and its logged reward can climb in a zero-sum game while it does not
improve. Here a step's reward is all that the learning agent earned from its action until its
next turn (or the end), whoever's move paid it, and the other agents' turns are played inside
``step``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from cardgames.core.errors import OptionsError
from cardgames.rl.gym import ILLEGAL_ACTION_REWARD, Policy
from cardgames.rl.runner import Observation

__all__ = ["LearnerEnv", "first_legal"]

_REDEALS: Final = 1000
"""How many games that end before the learner's first turn a reset skips before giving up."""


def first_legal(_observation: Observation, mask: npt.NDArray[np.bool_]) -> int:
    """A :data:`~cardgames.rl.gym.Policy` playing the lowest legal action id."""
    return int(np.flatnonzero(mask)[0])


class LearnerEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """`learner`, one agent of the AEC environment `aec` (with dict observations
    ``{"observation", "action_mask"}``), as a Gymnasium environment.

    `opponents`: one :data:`~cardgames.rl.gym.Policy` for every other agent, or a mapping
    agent -> policy; :meth:`set_opponents` swaps them between episodes (self-play against a
    frozen copy of the learner, a league). ``info`` is the learner's ``info`` from the AEC
    environment (at the end, ``scores`` and ``winner`` for cardgames' environments).
    """

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        aec: AECEnv[str, Any, Any],
        learner: str,
        opponents: Policy | Mapping[str, Policy],
    ) -> None:
        if learner not in aec.possible_agents:
            raise OptionsError(
                f"unknown learner {learner!r}; agents: {', '.join(aec.possible_agents)}"
            )
        self.aec = aec
        """The wrapped environment."""
        self.learner = learner
        """The learning agent."""
        self.observation_space = aec.observation_space(learner)
        self.action_space = aec.action_space(learner)
        self.opponents: dict[str, Policy] = {}
        """The policy of every other agent."""
        self.set_opponents(opponents)

    def set_opponents(self, opponents: Policy | Mapping[str, Policy]) -> None:
        """The policies of the other agents from now on (OptionsError, nothing changed, when
        one is missing or not callable)."""
        others = [agent for agent in self.aec.possible_agents if agent != self.learner]
        chosen = (
            {agent: opponents[agent] for agent in others if agent in opponents}
            if isinstance(opponents, Mapping)
            else dict.fromkeys(others, opponents)
        )
        missing = [agent for agent in others if not callable(chosen.get(agent))]
        if missing:
            raise OptionsError(
                f"'opponents' must give a callable on (observation, mask) for every other "
                f"agent ({', '.join(others)}); missing or not callable: {', '.join(missing)}"
            )
        self.opponents = chosen

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game (the AEC environment's ``reset(seed)``); the others play up to the
        learner's first turn. What the learner earned meanwhile is paid with its first
        step. A game the others finish before the learner's first turn (a one-round match its
        dealer wins at once) is no episode: the next one (an unseeded
        ``reset()``) is played."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._carried = self._play_others()
        for _ in range(_REDEALS):
            if not self._over():
                break
            self.aec.reset()
            self._carried = self._play_others()
        else:
            raise RuntimeError(f"{_REDEALS} games in a row ended before {self.learner}'s turn")
        return self._observe(self.learner), dict(self.aec.infos[self.learner])

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's `action`, then the others up to its next turn or the end. An
        illegal action ends the episode with reward -1 and ``info["illegal_action"]``, as in
        :class:`~cardgames.rl.gym.GymEnv`."""
        mask = self.action_masks()
        if not 0 <= int(action) < mask.size or not mask[int(action)]:
            info = {"illegal_action": True}
            return self._observe(self.learner), ILLEGAL_ACTION_REWARD, True, False, info
        self.aec.step(int(action))
        reward = self._carried + float(self.aec.rewards[self.learner])
        self._carried = 0.0
        reward += self._play_others()
        terminated = bool(self.aec.terminations[self.learner])
        truncated = bool(self.aec.truncations[self.learner])
        observation = self._observe(self.learner)
        return observation, reward, terminated, truncated, dict(self.aec.infos[self.learner])

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal action ids as a boolean mask."""
        return self._observe(self.learner)["action_mask"].astype(bool)

    def _observe(self, agent: str) -> Observation:
        observation: Observation | None = self.aec.observe(agent)
        if observation is None:  # pragma: no cover - cardgames' environments always observe
            raise RuntimeError(f"the environment gave no observation for {agent}")
        return observation

    def _over(self) -> bool:
        return bool(self.aec.terminations[self.learner] or self.aec.truncations[self.learner])

    def _play_others(self) -> float:
        """The other agents' moves up to the learner's turn or the end; what the learner
        earned by them."""
        earned = 0.0
        while not self._over() and self.aec.agent_selection != self.learner:
            agent = self.aec.agent_selection
            if self.aec.terminations[agent] or self.aec.truncations[agent]:
                self.aec.step(None)
                continue
            observation = self._observe(agent)
            mask = observation["action_mask"].astype(bool)
            self.aec.step(int(self.opponents[agent](observation, mask)))
            earned += float(self.aec.rewards[self.learner])
        return earned
