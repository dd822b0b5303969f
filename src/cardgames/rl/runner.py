"""What the PettingZoo and Gymnasium environments share: one game played by action ids.

A :class:`GameRunner` holds a game's configuration, its spaces and the current
:class:`~cardgames.core.game.State`; it turns a seat's view into the observation dict
(``{"observation", "action_mask"}``), applies action ids and says what each seat earned.
The environments (:mod:`cardgames.rl.envs`, :mod:`cardgames.rl.gym`) add only their API.

What a game contributes is an :class:`~cardgames.rl.encoding.Encoding` (its encoder, the
observation's bounds, its text renderer, the returns rewards are differences of), named by its
``GameInfo.rl_encoding``.
"""

from __future__ import annotations

import io
import random
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from rich.console import Console

import cardgames
from cardgames.core.errors import OptionsError
from cardgames.core.game import State
from cardgames.rl import legal_mask
from cardgames.rl.encoding import Encoding

__all__ = [
    "ENV_VERSION", "RENDER_MODES", "REWARD_MODES", "SEED_LIMIT", "GameRunner", "Observation",
    "check_render_mode", "encoding",
]

ENV_VERSION: Final = 0
"""Part of every environment's name (``cardgames_<game>_v0``, ``cardgames/<game>-v0``): raised
whenever observations, action ids or rewards change meaning, as PettingZoo and Gymnasium
version their environments."""

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 vector, "action_mask": int8 vector}``."""

RENDER_MODES: Final = ("ansi", "human")
"""``ansi``: ``render()`` returns the table as text; ``human``: it prints it after every move."""
REWARD_MODES: Final = ("points", "outcome")
"""``points``: a step's rewards are the change of each seat's returns (the game's points);
``outcome``: nothing until the end, then +1 to the winner and -1 to every other seat (0 to
the seats sharing the highest total, -1 to the rest)."""
_REDEALS: Final = 1000
"""How many matches over before anyone moves a reset skips before giving up (a game whose
deal may decide a one-round match does so about once in 150 deals)."""
SEED_LIMIT: Final = 2**31
"""Game seeds the environments draw stay below this (every game accepts them)."""
_RENDER_WIDTH: Final = 100


def check_render_mode(render_mode: str | None) -> None:
    """ValueError unless `render_mode` is one of :data:`RENDER_MODES` or None."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode must be one of {', '.join(RENDER_MODES)} or None (got {render_mode!r})"
        )


def encoding(game: str) -> Encoding:
    """The :class:`~cardgames.rl.encoding.Encoding` its GameInfo names for `game`
    (OptionsError for an unknown game or one that names none)."""
    info = cardgames.get_game(game)
    found = info.load_rl_encoding()
    if not isinstance(found, Encoding):
        raise TypeError(f"{info.name}'s rl_encoding {info.rl_encoding!r} is not an Encoding")
    return found


class GameRunner:
    """One configuration of one game, played by action ids from seeded resets.

    `config` is what :func:`cardgames.new_game` takes besides the seed: ``players`` and the
    game's options (``variant="rainbow"``, ``preset="online"``, single rules). `reward`: one
    of :data:`REWARD_MODES` (``"outcome"`` only for a game with a winner).
    """

    def __init__(self, game: str, *, reward: str = "points", **config: Any) -> None:
        info = cardgames.get_game(game)
        if reward not in REWARD_MODES:
            raise OptionsError(f"'reward' must be 'points' or 'outcome' (got {reward!r})")
        if reward == "outcome" and info.cooperative:
            raise OptionsError(
                f"reward='outcome' pays a winner, and {info.title} is cooperative: the team "
                "has no winner (use reward='points')"
            )
        self.reward = reward
        """The reward mode (:data:`REWARD_MODES`)."""
        self.game = game
        self.players: int = info.check_players(config.pop("players", None))
        self.options: Any = info.make_options(**config)
        """The validated options every reset plays under."""
        self.encoding = encoding(game)
        self._info = info
        self._seeds = random.Random()
        self.state: State[Any] = self._new_state(0)
        view = self.state.view(0)
        low, high = self.encoding.bounds(view)
        self.num_actions: int = self.state.num_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )
        """The space of every seat's observations."""
        self.action_space = spaces.Discrete(self.num_actions)
        """Action ids: ``state.action_from_id(i)`` is the action."""
        self._returns: list[float] = []

    def _new_state(self, seed: int) -> State[Any]:
        state: State[Any] = self._info.new_game(self.players, seed, options=self.options)
        return state

    def reset(self, seed: int | None = None) -> None:
        """A new game: played from `seed` when given (the same game as
        ``cardgames.new_game(game, seed=seed, ...)``), else from a seed drawn from the last
        given one, so a seeded series of resets repeats.

        A match over before anyone moves (a one-round match decided by a lucky hand on the
        deal) is no episode: it is skipped for the game of the next seed drawn. Points
        scored on the deal of a match that goes on are paid with the first step's rewards
        (the encoding's ``starting_returns``)."""
        if seed is not None:
            self._seeds.seed(seed)
        else:
            seed = self._seeds.randrange(SEED_LIMIT)
        self.state = self._new_state(seed)
        for _ in range(_REDEALS):
            if not self.state.is_over:
                break
            self.state = self._new_state(self._seeds.randrange(SEED_LIMIT))
        else:
            raise RuntimeError(
                f"{self._info.title}: {_REDEALS} games in a row were over before anyone moved"
            )
        start = self.encoding.starting_returns or self.encoding.returns
        self._returns = [float(r) for r in start(self.state)]

    def observe(self, seat: int) -> Observation:
        """`seat`'s observation and action mask (see :meth:`mask`)."""
        view = self.state.view(seat)
        return {"observation": self.encoding.observation(view), "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """1 at each legal action id when `seat` is to act; all zeros otherwise (another seat
        is to act, or the game is over), as PettingZoo's classic games do."""
        if self.state.current_player != seat:
            return np.zeros(self.num_actions, dtype=np.int8)
        return legal_mask(self.state).astype(np.int8)

    def play(self, action_id: int) -> list[float]:
        """Apply the legal action `action_id` (IllegalActionError, nothing changed, for any
        other); each seat's reward: the change of its return (``reward="points"``), or the
        outcome once the game is over (``reward="outcome"``)."""
        self.state.step(action_id)
        before = self._returns
        after = self._returns = [float(r) for r in self.encoding.returns(self.state)]
        if self.reward == "outcome":
            return self.outcome() if self.state.is_over else [0.0] * self.players
        return [new - old for new, old in zip(after, before, strict=True)]

    def winner(self) -> int | None:
        """The seat with the highest total, None when it is shared or the game is
        cooperative."""
        if self._info.cooperative:
            return None
        scores = self.state.scores()
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    def outcome(self) -> list[float]:
        """Each seat's outcome (see :data:`REWARD_MODES`)."""
        scores = self.state.scores()
        best = max(scores)
        sole = scores.count(best) == 1
        return [(1.0 if sole else 0.0) if score == best else -1.0 for score in scores]

    def result(self) -> dict[str, Any]:
        """The ``info`` of a finished game: ``scores`` (the match totals, by seat) and
        ``winner`` (:meth:`winner`)."""
        return {"scores": self.state.scores(), "winner": self.winner()}

    def is_legal(self, action_id: int) -> bool:
        """Whether `action_id` may be played now."""
        return action_id in self.state.legal_action_ids()

    def render(self, render_mode: str | None) -> str | None:
        """``render()`` of both environments: the table as text, returned (``"ansi"``) or
        printed (``"human"``); without a mode, a warning (Gymnasium's behaviour)."""
        if render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode; create the environment with "
                'render_mode="ansi" or "human"'
            )
            return None
        text = self.render_text()
        if render_mode == "human":
            print(text, end="")
            return None
        return text

    def render_text(self) -> str:
        """The table as text, as the player to act sees it (seat 0 once the game is over)."""
        seat = self.state.current_player
        view = self.state.view(0 if seat is None else seat)
        out = io.StringIO()
        console = Console(file=out, width=_RENDER_WIDTH, color_system=None, force_terminal=False)
        console.print(self.encoding.render(view))
        return out.getvalue()
