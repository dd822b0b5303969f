"""Gymnasium environments: one learning seat, the other seats played by bundled bots.

>>> from cardgames.rl import gym_env
>>> game = gym_env("ikebana", seat=0, opponents="greedy", players=3)
>>> observation, info = game.reset(seed=1)
>>> observation["observation"].shape == game.observation_space["observation"].shape
True

Observations, action ids and rewards are those of the PettingZoo environments
(:mod:`cardgames.rl.envs`) for the learning seat; a step's reward is all the seat earned from
its action until its next turn (the first step's also counts what it earned before its first
turn). An illegal action ends the episode with reward -1 and ``info["illegal_action"]``.
:meth:`GymEnv.action_masks` gives the legal ids, as maskable algorithms
(sb3-contrib's ``MaskablePPO``) expect.

Importing this module registers every game (plug-ins included) with Gymnasium as
``cardgames/<game>-v0``:
``gymnasium.make("cardgames/koikoi-v0", preset="online", seat=1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

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

__all__ = ["GymEnv", "gym_env"]

ILLEGAL_ACTION_REWARD: Final = -1.0
"""The reward of an illegal action, which ends the episode (as PettingZoo's wrapper does)."""


class GymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """`game` seen from `seat`; `opponents` name the bots of the other seats (see
    :func:`gym_env`). `config`: ``players`` and the game's options, as for
    :func:`cardgames.new_game`."""

    # An instance attribute in gymnasium.Env, set here for the class as gymnasium does.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
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
        self.opponents = _bot_names(game, seat, players, opponents)
        """The bot name of every other seat, by seat."""
        self.observation_space = self.runner.observation_space
        self.action_space = self.runner.action_space
        self._bots: dict[int, Agent] = {}
        self._carried = 0.0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game; the bots play until the learning seat is to act."""
        super().reset(seed=seed)
        # The game's seed and the bots' come from the seeded generator, so a seeded reset
        # (and every later unseeded one) repeats.
        self.runner.reset(self._draw_seed())
        factories = cardgames.get_game(self.runner.game).bots
        self._bots = {
            other: factories[name](self._draw_seed()) for other, name in self.opponents.items()
        }
        self._carried = self._let_bots_play()
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
        return self.runner.observe(self.seat), reward, terminated, False, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action ids now, as a boolean mask (all False once the game is over)."""
        return self.runner.mask(self.seat).astype(bool)

    def _let_bots_play(self) -> float:
        """The bots' moves up to the learning seat's turn; what the learning seat earned."""
        state = self.runner.state
        earned = 0.0
        while (turn := state.current_player) is not None and turn != self.seat:
            action = self._bots[turn].act(state.view(turn), state.legal_actions())
            earned += self.runner.play(state.action_id(action))[self.seat]
        return earned

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(SEED_LIMIT))

    def render(self) -> str | None:
        """The table as the player to act sees it: returned (``"ansi"``) or printed
        (``"human"``)."""
        return self.runner.render(self.render_mode)


def _bot_names(
    game: str, seat: int, players: int, opponents: str | Sequence[str] | None
) -> dict[int, str]:
    """Other seat -> bot name, from None (the game's default bot), one name for every other
    seat, or one name per other seat in seat order; OptionsError names an unknown bot."""
    info = cardgames.get_game(game)
    others = [other for other in range(players) if other != seat]
    if opponents is None:
        names = [info.default_bot] * len(others)
    elif isinstance(opponents, str):
        names = [opponents] * len(others)
    else:
        names = list(opponents)
        if len(names) != len(others):
            raise OptionsError(
                f"'opponents' must name one bot per other seat ({len(others)}; got "
                f"{len(names)}: {names!r})"
            )
    for name in names:
        if name not in info.bots:
            raise OptionsError(
                f"unknown {info.title} bot {name!r}{did_you_mean(name, info.bots)}; bots: "
                f"{', '.join(info.bots)}"
            )
    return dict(zip(others, names, strict=True))


def gym_env(
    game: str, seat: int = 0, opponents: str | Sequence[str] | None = None, **config: Any
) -> GymEnv:
    """A Gymnasium environment of `game` for the learning `seat`.

    `opponents`: None (the game's default bot at every other seat), a bot name for all of
    them, or one name per other seat in seat order (``cardgames.get_game(game).bots``).
    `config`: ``players``, the game's options, and ``render_mode`` (``"ansi"``/``"human"``).
    ``gym_env("hanabi", players=3, opponents="convention", variant="rainbow")``.
    """
    return GymEnv(game, seat, opponents, **config)


# Every registered name, plug-ins included, without importing any game (a broken plug-in must
# not break this import); making one whose GameInfo names no encoding says so.
for _game in cardgames.registry.names():
    gymnasium.register(
        f"cardgames/{_game}-v{ENV_VERSION}", entry_point="cardgames.rl.gym:GymEnv",
        kwargs={"game": _game},
    )
