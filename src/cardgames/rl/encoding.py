"""What a game gives the learning environments: an :class:`Encoding`.

A game names its encoding on its ``GameInfo`` (``rl_encoding="my_game.rl:ENCODING"``); the
PettingZoo and Gymnasium environments (:mod:`cardgames.rl.envs`, :mod:`cardgames.rl.gym`)
read it from there, so a game registered as a plug-in gets them with no edit to this package.
This module needs numpy and rich only: a game's encoder can be written and tested without
PettingZoo or Gymnasium.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
from rich.console import RenderableType

from cardgames.core.game import State

__all__ = ["Bounds", "Encoding", "scores"]

Bounds = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
"""The lowest and highest value of every position of an observation vector."""


def scores(state: State[Any]) -> list[int]:
    """The state's scores: what each seat has earned where a step's reward is the change of
    the score (a cooperative game's team score in every seat)."""
    return state.scores()


@attrs.frozen
class Encoding:
    """How the environments read one game."""

    observation: Callable[[Any], npt.NDArray[np.float32]]
    """A seat's view -> its observation vector (float32, the same length for every view of
    one configuration)."""
    bounds: Callable[[Any], Bounds]
    """A seat's view -> (low, high) of every position of the vector (the Box)."""
    render: Callable[[Any], RenderableType]
    """A seat's view -> the game's rich rendering of it (``render()`` prints it as text)."""
    returns: Callable[[Any], Sequence[float]] = scores
    """The state -> what each seat has earned so far; a step's rewards are its change
    (default: the scores)."""
    starting_returns: Callable[[Any], Sequence[float]] | None = None
    """A new match's state -> what each seat had before the deal decided anything; the
    first step's rewards are counted from it, so points scored on the deal (a lucky hand)
    are paid. None: the returns of the state as dealt."""
