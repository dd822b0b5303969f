"""PettingZoo AEC environments for every game: ``cardgames.rl.env(name, players=3)``.

>>> from cardgames.rl import env
>>> game = env(name, preset=preset)  # a game's registry name, its options
>>> game.reset(seed=7)
>>> observation, reward, terminated, truncated, info = game.last()
>>> sorted(observation)
['action_mask', 'observation']

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). Each observes
``{"observation": float32 vector, "action_mask": int8 vector}``: the game's encoder applied
to that seat's view (the :class:`~cardgames.rl.encoding.Encoding` its ``GameInfo.rl_encoding``
names) and, for the agent to act, its legal action ids. Actions are action ids
(``state.action_from_id``). Rewards: the change in what each agent has earned (the
encoding's ``returns``: by default the scores; a cooperative game's team score is every
agent's).

As in PettingZoo's own classic games, :func:`env` wraps :class:`RawEnv` so that an illegal
action ends the game with reward -1 for the agent that chose it, and the API is used in
order; :func:`raw_env` is the environment alone.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardgames.rl import gym
from cardgames.rl.runner import (
    ENV_VERSION,
    RENDER_MODES,
    GameRunner,
    Observation,
    check_render_mode,
)

__all__ = ["RawEnv", "SeatedAECEnv", "env", "game_module", "raw_env"]

# Actions are ids (ints); typed Any as PettingZoo passes None to a finished agent's step.
class SeatedAECEnv(AECEnv[str, dict[str, Any], Any]):
    """PettingZoo's bookkeeping for one game whose seats act in turn, over any engine: the
    agents ``player_0`` .., their rewards (cumulative too), terminations, truncations and
    infos, and the agent to act. Written once for every engine: :class:`RawEnv` plays the
    Python engine, :class:`cardgames.vector.wrappers.PettingZooEnv` the JAX one.

    A subclass names its seats and their spaces with :meth:`_seat_agents` and plays the game
    in four methods: :meth:`_start` (a new game), :meth:`_play` (one action id, each seat's reward),
    :meth:`_to_act` (the seat to act, None once over) and :meth:`_ended_info` (what each
    agent's info holds once the game is over);
    ``observe`` is its own too; :meth:`_moved` may do more after each move.
    """

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat_agents(self, players: int, observation_space: spaces.Space[Any],
                     action_space: spaces.Space[Any]) -> None:
        """The agents ``player_0`` .. (one per seat, in seat order) and their spaces, the
        same for every seat."""
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per kind: PettingZoo asks for the same object on every call.
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)

    def _start(self, seed: int | None, options: dict[str, Any] | None) -> None:
        """Start a new game (nothing changed on bad `options`)."""
        raise NotImplementedError

    def _play(self, action: int) -> Sequence[float]:
        """Play the id `action` for the seat to act (an illegal one as the engine treats
        it); each seat's reward."""
        raise NotImplementedError

    def _to_act(self) -> int | None:
        """The seat to act, None once the game is over."""
        raise NotImplementedError

    def _ended_info(self, seat: int, mover: int) -> dict[str, Any] | None:
        """The info of `seat`'s agent once the game is over, `mover` having ended it; None
        keeps the info it had."""
        raise NotImplementedError

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (`seed`: the game's seed)."""
        self._start(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        # Never over: the engines start no game that is over before anyone moves.
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_next()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # The game is over: each agent's step(None) takes it out, as the API asks.
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step() needs an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        rewards = self._play(int(action))
        self.rewards = {a: float(rewards[self._seat[a]]) for a in self.agents}
        if self._to_act() is None:
            self.terminations = dict.fromkeys(self.agents, True)
            mover = self._seat[agent]
            for other in self.agents:
                info = self._ended_info(self._seat[other], mover)
                if info is not None:
                    self.infos[other] = info
        self._select_next()
        self._accumulate_rewards()
        self._moved()

    def _moved(self) -> None:
        """After each move (not after a finished agent's step): nothing here."""

    def _select_next(self) -> None:
        seat = self._to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            # Over (even before a first move): the finished agents leave in seat order.
            self.agent_selection = self.agents[0]


class RawEnv(SeatedAECEnv):
    """One game as a PettingZoo AEC environment, without the standard wrappers.

    `config` is what :func:`cardgames.new_game` takes besides the seed: ``players`` and the
    game's options. `render_mode`: ``"ansi"`` (``render()`` returns the table as text) or
    ``"human"`` (it prints it after every move).
    """

    # An instance attribute in AECEnv (each env names itself), set here for the class.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": f"cardgames_v{ENV_VERSION}",
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(self, game: str, *, render_mode: str | None = None, **config: Any) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv's is unannotated
        check_render_mode(render_mode)
        self.runner = GameRunner(game, **config)
        """The game being played (its ``state`` is the current one)."""
        self.metadata = {**self.metadata, "name": f"cardgames_{game}_v{ENV_VERSION}"}
        self.render_mode = render_mode
        self._seat_agents(
            self.runner.players, self.runner.observation_space, self.runner.action_space)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (`seed`: the game's seed; see :meth:`GameRunner.reset`)."""
        super().reset(seed, options)

    def _start(self, seed: int | None, options: dict[str, Any] | None) -> None:
        # The runner skips a match over before anyone moves.
        self.runner.reset(seed)

    def _play(self, action: int) -> Sequence[float]:
        return self.runner.play(action)

    def _to_act(self) -> int | None:
        state = self.runner.state
        return None if state.is_over else state.current_player

    def _ended_info(self, seat: int, mover: int) -> dict[str, Any]:
        return dict(self.runner.result())

    def observe(self, agent: str) -> Observation:
        return self.runner.observe(self._seat[agent])

    def _moved(self) -> None:
        if self.render_mode == "human":
            self.runner.render(self.render_mode)

    def render(self) -> str | None:
        """The table as the player to act sees it: returned (``"ansi"``) or printed
        (``"human"``)."""
        return self.runner.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release (kept for the API)."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def raw_env(game: str, **config: Any) -> RawEnv:
    """:class:`RawEnv` for `game` (no wrappers)."""
    return RawEnv(game, **config)


def env(game: str, **config: Any) -> AECEnv[str, dict[str, Any], Any]:
    """The PettingZoo AEC environment of `game`, in PettingZoo's standard wrappers.

    ``env(name, players=3, **options)`` (the game's options by name, as
    :func:`cardgames.new_game` takes them); ``render_mode="ansi"`` or ``"human"``. An
    illegal action ends the game (-1 for the agent that chose it).
    """
    wrapped: AECEnv[str, dict[str, Any], Any] = wrappers.TerminateIllegalWrapper(
        RawEnv(game, **config), illegal_reward=-1
    )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def game_module(game: str) -> types.ModuleType:
    """The module ``cardgames.rl.<game>_v0``, in the style of PettingZoo's classic games
    (``from pettingzoo.classic import connect_four_v3``): ``env(**config)``,
    ``raw_env(**config)`` and ``gym_env(seat=0, opponents=None, **config)`` for `game`.
    ``from cardgames.rl import tiny_v0``; ``tiny_v0.env(preset="three")`` for a game
    registered as ``tiny``."""
    name = f"{game}_v{ENV_VERSION}"
    module = types.ModuleType(
        f"cardgames.rl.{name}",
        f"{game} for PettingZoo and Gymnasium: env(), raw_env(), gym_env() (see cardgames.rl).",
    )

    def game_env(**config: Any) -> AECEnv[str, dict[str, Any], Any]:
        return env(game, **config)

    def game_raw_env(**config: Any) -> RawEnv:
        return raw_env(game, **config)

    def game_gym_env(seat: int = 0, opponents: Any = None, **config: Any) -> gym.GymEnv:
        return gym.gym_env(game, seat, opponents, **config)

    for function, doc in (
        (game_env, env.__doc__),
        (game_raw_env, raw_env.__doc__),
        (game_gym_env, gym.gym_env.__doc__),
    ):
        function.__name__ = function.__name__.removeprefix("game_")
        function.__qualname__ = function.__name__
        function.__module__ = module.__name__
        function.__doc__ = f"{doc} (`game` is {game!r}.)" if doc else None
        setattr(module, function.__name__, function)
    module.__all__ = ["env", "gym_env", "raw_env"]  # type: ignore[attr-defined]
    return module
