"""numpy-facing wrappers over a JAX engine: a Gymnasium ``VectorEnv`` and a PettingZoo AEC env.

>>> from cardgames.vector.wrappers import GymVectorEnv
>>> envs = GymVectorEnv(game, num_envs=16, players=2)  # game: a registry name
>>> observation, info = envs.reset(seed=0)
>>> observation["observation"].shape, observation["action_mask"].shape
((16, 658), (16, 20))

Both speak :mod:`cardgames.rl`'s language: observations ``{"observation": float32,
"action_mask": int8}``, action ids, rewards as the Python environments pay them, an illegal
id ends the game with -1 to its mover.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import gymnasium
import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from cardgames.rl.envs import SeatedAECEnv
from cardgames.rl.runner import ENV_VERSION
from cardgames.vector import make
from cardgames.vector.env import VectorEnv, VectorState

__all__ = ["GymVectorEnv", "PettingZooEnv"]

_SEED_LIMIT: Final = 2**32


def _spaces(env: VectorEnv) -> spaces.Dict:
    low, high = env.observation_bounds
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (env.num_actions,), dtype=np.int8),
    })


class GymVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """`num_envs` games of `game` stepped as one batch (numpy in, numpy out).

    Every step acts for the seat to move in each game (self-play: one policy plays every
    seat; ``info["current_player"]`` says which seat an observation belongs to). A step's
    reward is what the seat that acted earned by it (cooperative: the team score's change).
    Auto-reset as Gymnasium's ``NEXT_STEP`` mode: the step that ends a game returns its last
    observation with ``terminated``; the next step starts that game again (its action is
    ignored, its reward 0). ``info["scores"]`` holds each game's scores.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # gymnasium reads it from the class
        "autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP,
    }

    def __init__(self, game: str, num_envs: int, **config: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"'num_envs' must be a positive int (got {num_envs!r})")
        self.env = make(game, **config)
        """The JAX engine underneath (its :class:`VectorState` is ``self.state``)."""
        self.num_envs = num_envs
        self.single_observation_space = _spaces(self.env)
        self.single_action_space = spaces.Discrete(self.env.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.state: VectorState | None = None
        self._key = jax.random.key(0)
        env = self.env

        def next_step(state: VectorState, actions: jax.Array, keys: jax.Array) -> VectorState:
            # The games that had ended stay as they were through the step (zero rewards),
            # then start again: Gymnasium's NEXT_STEP.
            ended = state.terminated | state.truncated
            return env.restart_batch(env.step_batch(state, actions, keys), ended, keys)

        self._next_step: Callable[[VectorState, jax.Array, jax.Array], VectorState] = (
            jax.jit(next_step))

    def _keys(self) -> jax.Array:
        self._key, now = jax.random.split(self._key)
        return jax.random.split(now, self.num_envs)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """New games (`seed`: an int seeds them all; None draws one)."""
        if isinstance(seed, list):
            seed = seed[0]
        if seed is None:
            seed = int(np.random.default_rng().integers(_SEED_LIMIT))
        self._key = jax.random.key(seed)
        self.state = self.env.init(self._keys())
        return self._observation(self.state), self._info(self.state)

    def step(
        self, actions: Any
    ) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float32], npt.NDArray[np.bool_],
               npt.NDArray[np.bool_], dict[str, Any]]:
        """One action id per game."""
        if self.state is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"step() takes {self.num_envs} action ids (got shape {ids.shape})")
        before = self.state
        self.state = state = self._next_step(before, jnp.asarray(ids, jnp.int32), self._keys())
        restarted = np.asarray(before.terminated | before.truncated)
        mover = np.asarray(before.current_player)
        rewards = np.asarray(state.rewards)[np.arange(self.num_envs), mover]
        rewards = np.where(restarted, 0.0, rewards).astype(np.float32)
        info = self._info(state)
        info["illegal"] = np.asarray(state.illegal)
        return (self._observation(state), rewards, np.asarray(state.terminated),
                np.asarray(state.truncated), info)

    @staticmethod
    def _observation(state: VectorState) -> dict[str, npt.NDArray[Any]]:
        return {"observation": np.asarray(state.observation, np.float32),
                "action_mask": np.asarray(state.legal_action_mask, np.int8)}

    @staticmethod
    def _info(state: VectorState) -> dict[str, Any]:
        return {"current_player": np.asarray(state.current_player),
                "scores": np.asarray(state.scores)}


class PettingZooEnv(SeatedAECEnv):
    """One game over the JAX engine as a PettingZoo AEC environment: agents ``player_0`` ..
    , observations ``{"observation", "action_mask"}`` (the mask all 0 but for the agent to
    act), rewards as :mod:`cardgames.rl.envs` pays them; an illegal id ends the game with -1
    to the agent that chose it (as :func:`cardgames.rl.env`'s wrapper does). The bookkeeping
    is :class:`cardgames.rl.envs.SeatedAECEnv`'s, as for the Python engine."""

    metadata: dict[str, Any] = {  # noqa: RUF012  # an instance attribute in AECEnv
        "name": f"cardgames_vector_v{ENV_VERSION}",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(self, game: str, **config: Any) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv's is unannotated
        self.env = make(game, **config)
        self.metadata = {**self.metadata, "name": f"cardgames_vector_{game}_v{ENV_VERSION}"}
        self._seat_agents(
            self.env.num_players, _spaces(self.env), spaces.Discrete(self.env.num_actions))
        self.game: VectorState | None = None
        """The game as a batch of one (the JAX engine's state)."""
        self._key = jax.random.key(0)

    def _keys(self) -> jax.Array:
        self._key, now = jax.random.split(self._key)
        batch_of_one: jax.Array = now[None]
        return batch_of_one

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from `seed`, or with ``options={"deck": codes}`` a replay of that deck
        (``env.init_from_deck``'s card codes for one game). Other options are ignored, as
        PettingZoo's api_test expects."""
        super().reset(seed, options)

    def _start(self, seed: int | None, options: dict[str, Any] | None) -> None:
        deck = (options or {}).get("deck")
        replay = None if deck is None else self.env.init_from_deck([deck])  # checked first
        if seed is None:
            seed = int(np.random.default_rng().integers(_SEED_LIMIT))
        self._key = jax.random.key(seed)
        self.game = self.env.init(self._keys()) if replay is None else replay

    def _game(self) -> VectorState:
        assert self.game is not None, "reset() first"
        return self.game

    def _play(self, action: int) -> Sequence[float]:
        self.game = self.env.step(self._game(), np.array([action]), self._keys())
        rewards: list[float] = np.asarray(self.game.rewards[0]).tolist()
        return rewards

    def _to_act(self) -> int | None:
        game = self._game()
        return None if bool(game.terminated[0]) else int(game.current_player[0])

    def _ended_info(self, seat: int, mover: int) -> dict[str, Any] | None:
        # Only an illegal id says anything: who chose it.
        return {"illegal_action": seat == mover} if bool(self._game().illegal[0]) else None

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]] | None:
        game = self._game()
        seat = self._seat[agent]
        observation = np.asarray(self.env.observe(game, seat)[0], np.float32)
        mask = np.zeros(self.env.num_actions, np.int8)
        if seat == self._to_act():
            mask[:] = np.asarray(game.legal_action_mask[0])
        return {"observation": observation, "action_mask": mask}

    def render(self) -> None:
        """No rendering (the Python environments render; this one is for speed)."""

    def close(self) -> None:
        """Nothing to release."""
