"""Gymnasium environments: one learning seat, the other seats played by bots or policies.

>>> from cardgames.rl import gym_env
>>> game = gym_env(name, seat=0, opponents=bot, players=3)  # a game's name, a bot of it
>>> observation, info = game.reset(seed=1)
>>> observation["observation"].shape == game.observation_space["observation"].shape
True

Observations, action ids and rewards are those of the PettingZoo environments
(:mod:`cardgames.rl.envs`) for the learning seat; a step's reward is all the seat earned from
its action until its next turn (the first step's also counts what it earned before its first
turn). An illegal action ends the episode with reward -1 and ``info["illegal_action"]``.
:meth:`GymEnv.action_masks` gives the legal ids, as maskable algorithms
(sb3-contrib's ``MaskablePPO``) expect. The last step's ``info`` holds ``scores`` (the match
totals) and ``winner``; ``reward="outcome"`` pays only the result (+1 won, -1 lost, 0 shared).

An opponent (see :data:`Opponent`) is a bundled bot's name, any cardgames
:class:`~cardgames.core.agents.Agent`, or a policy: a callable on (observation dict, boolean
mask) returning an action id -- a frozen copy of the learner for self-play, or a league of
them swapped in by :meth:`GymEnv.set_opponents` between episodes.

Every game (plug-ins included) is registered with Gymnasium as ``cardgames/<game>-v0``
through Gymnasium's ``gymnasium.envs`` entry point, so
``gymnasium.make(f"cardgames/{name}-v0", seat=1)`` needs no import first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt

import cardgames
from cardgames.core.agents import Agent
from cardgames.core.errors import OptionsError, did_you_mean
from cardgames.rl.runner import (
    ENV_VERSION,
    RENDER_MODES,
    SEED_LIMIT,
    GameRunner,
    Observation,
    check_render_mode,
)

__all__ = ["GymEnv", "Opponent", "Policy", "gym_env", "register_games"]

Policy: TypeAlias = Callable[[Observation, npt.NDArray[np.bool_]], Any]
"""A seat played by a policy: (its observation dict, its legal ids as a boolean mask) -> the
action id to play (an int or numpy integer)."""
Opponent: TypeAlias = str | Agent | Policy
"""What plays a seat other than the learning one: a bundled bot's name
(``cardgames.get_game(game).bots``), a cardgames :class:`~cardgames.core.agents.Agent`
(``act(view, legal)``, given that seat's view), or a :data:`Policy`."""

ILLEGAL_ACTION_REWARD: Final = -1.0
"""The reward of an illegal action, which ends the episode (as PettingZoo's wrapper does)."""


class GymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """`game` seen from `seat`; `opponents` play the other seats (see :func:`gym_env`).
    `config`: ``players``, the game's options, as for :func:`cardgames.new_game`, and
    ``reward`` (``"points"`` or ``"outcome"``)."""

    # An instance attribute in gymnasium.Env, set here for the class as gymnasium does.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        *,
        render_mode: str | None = None,
        **config: Any,
    ) -> None:
        check_render_mode(render_mode)
        self.runner = GameRunner(game, **config)
        """The game being played (its ``state`` is the current one)."""
        players = self.runner.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionsError(f"'seat' must be a seat index in 0..{players - 1} (got {seat!r})")
        self.seat = seat
        self.render_mode = render_mode
        self.opponents: dict[int, Opponent] = {}
        """What plays every other seat, by seat (see :meth:`set_opponents`)."""
        self.set_opponents(opponents)
        self.observation_space = self.runner.observation_space
        self.action_space = self.runner.action_space
        self._bots: dict[int, Agent] = {}
        self._carried = 0.0

    def set_opponents(self, opponents: Opponent | Sequence[Opponent] | None) -> None:
        """Who plays the other seats from the next move on (usually between episodes, for
        self-play against a frozen copy of the learner or a league): None (the game's
        default bot everywhere), one :data:`Opponent` for every other seat, or one per other
        seat in seat order. OptionsError, nothing changed, for anything else."""
        self.opponents = _opponents(self.runner.game, self.seat, self.runner.players, opponents)
        self._bots = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game; the bots play until the learning seat is to act."""
        super().reset(seed=seed)
        factories = cardgames.get_game(self.runner.game).bots
        # The game's seed and the bots' come from the seeded generator, so a seeded reset
        # (and every later unseeded one) repeats. A game the other seats finish before the
        # learning seat's first turn (a one-round match the dealer wins at once with a lucky
        # hand) is no episode: the next one is dealt.
        while True:
            self.runner.reset(self._draw_seed())
            self._bots = {
                other: factories[name](self._draw_seed())
                for other, name in self.opponents.items() if isinstance(name, str)
            }
            self._carried = self._let_bots_play()
            if not self.runner.state.is_over:
                return self.runner.observe(self.seat), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play `action` (an id), then the bots until the learning seat acts again."""
        action_id = int(action)
        if not self.runner.is_legal(action_id):
            info = {"illegal_action": True}
            return self.runner.observe(self.seat), ILLEGAL_ACTION_REWARD, True, False, info
        reward = self._carried + self.runner.play(action_id)[self.seat]
        self._carried = 0.0
        reward += self._let_bots_play()
        if self.render_mode == "human":
            self.runner.render(self.render_mode)
        terminated = self.runner.state.is_over
        info = self.runner.result() if terminated else {}
        return self.runner.observe(self.seat), reward, terminated, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action ids now, as a boolean mask (all False once the game is over)."""
        return self.runner.mask(self.seat).astype(bool)

    def _let_bots_play(self) -> float:
        """The other seats' moves up to the learning seat's turn; what the learning seat
        earned."""
        state = self.runner.state
        earned = 0.0
        while (turn := state.current_player) is not None and turn != self.seat:
            earned += self.runner.play(self._opponent_move(turn))[self.seat]
        return earned

    def _opponent_move(self, seat: int) -> int:
        """The action id the opponent at `seat` (to act) chooses; ValueError naming the seat
        when a policy chooses an illegal one."""
        state = self.runner.state
        opponent = self.opponents[seat]
        if isinstance(opponent, str) and seat not in self._bots:  # set_opponents in a game
            self._bots[seat] = cardgames.get_game(self.runner.game).bots[opponent](
                self._draw_seed())
        agent = self._bots[seat] if isinstance(opponent, str) else opponent
        if isinstance(agent, Agent):
            return state.action_id(agent.act(state.view(seat), state.legal_actions()))
        observation = self.runner.observe(seat)
        chosen = agent(observation, observation["action_mask"].astype(bool))
        if isinstance(chosen, bool) or not isinstance(chosen, int | np.integer) or (
            not self.runner.is_legal(int(chosen))
        ):
            raise ValueError(
                f"the opponent at seat {seat} chose {chosen!r}, which is not a legal action "
                f"id now; legal ids: {sorted(state.legal_action_ids())}"
            )
        return int(chosen)

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(SEED_LIMIT))

    def render(self) -> str | None:
        """The table as the player to act sees it: returned (``"ansi"``) or printed
        (``"human"``)."""
        return self.runner.render(self.render_mode)


def _opponents(
    game: str, seat: int, players: int, opponents: Opponent | Sequence[Opponent] | None
) -> dict[int, Opponent]:
    """Other seat -> its opponent, from None (the game's default bot), one opponent for every
    other seat, or one per other seat in seat order; OptionsError names what is wrong."""
    info = cardgames.get_game(game)
    others = [other for other in range(players) if other != seat]
    chosen: list[Any]
    if opponents is None:
        chosen = [info.default_bot] * len(others)
    elif isinstance(opponents, str) or not isinstance(opponents, Sequence):
        chosen = [opponents] * len(others)
    else:
        chosen = list(opponents)
        if len(chosen) != len(others):
            raise OptionsError(
                f"'opponents' must give one opponent per other seat ({len(others)}; got "
                f"{len(chosen)}: {chosen!r})"
            )
    for opponent in chosen:
        if isinstance(opponent, str):
            if opponent not in info.bots:
                raise OptionsError(
                    f"unknown {info.title} bot {opponent!r}{did_you_mean(opponent, info.bots)}; "
                    f"bots: {', '.join(info.bots)}"
                )
        elif not isinstance(opponent, Agent) and not callable(opponent):
            raise OptionsError(
                f"an opponent must be a bot name, an Agent (act(view, legal)) or a callable on "
                f"(observation, mask) returning an action id (got {opponent!r:.60})"
            )
    return dict(zip(others, chosen, strict=True))


def gym_env(
    game: str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] | None = None,
    **config: Any,
) -> GymEnv:
    """A Gymnasium environment of `game` for the learning `seat`.

    `opponents`: None (the game's default bot at every other seat), one :data:`Opponent` for
    all of them (a bot name, an Agent, or a policy on (observation, mask)), or one per other
    seat in seat order. `config`: ``players``, the game's options, ``reward``
    (``"points"``, ``"outcome"``) and ``render_mode`` (``"ansi"``/``"human"``).
    ``gym_env(name, players=3, opponents=bot, **options)``.
    """
    return GymEnv(game, seat, opponents, **config)


def register_games() -> None:
    """Register every game, plug-ins included, as ``cardgames/<game>-v0``: Gymnasium calls it
    through the ``gymnasium.envs`` entry point when it loads (the package's pyproject names
    it). It imports no game (a broken plug-in must not break Gymnasium's import); making one
    whose GameInfo names no encoding says so."""
    for game in cardgames.registry.names():
        env_id = f"cardgames/{game}-v{ENV_VERSION}"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id, entry_point="cardgames.rl.gym:GymEnv", kwargs={"game": game}
            )


register_games()
