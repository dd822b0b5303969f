"""The machine-learning interface: legal masks, observation encoders, environments.

Needs the optional extra ``rl`` (``pip install "cardgames-engines[rl]"``: numpy, gymnasium,
pettingzoo). The action ids themselves are part of every state and need nothing
(``state.num_actions``, ``state.action_id``, ``state.action_from_id``,
``state.legal_action_ids``, ``state.step``).

>>> import cardgames
>>> from cardgames.rl import legal_mask
>>> state = cardgames.new_game(name, seed=1)  # a game's registry name
>>> bool(legal_mask(state).any())
True

Each game's encoder lives with the game's other parts: its ``GameInfo.rl_encoding`` names its
:class:`~cardgames.rl.encoding.Encoding`, and nothing here names a game;
``env`` (PettingZoo) and ``gym_env`` (Gymnasium) are imported from here on first use, so that
importing this package does not load PettingZoo or Gymnasium.

Per-game modules in the style of PettingZoo's classic games, for every registered game
(plug-ins included): ``from cardgames.rl import <game>_v0``, then ``<game>_v0.env()``,
``<game>_v0.raw_env()``, ``<game>_v0.gym_env()`` (see :func:`cardgames.rl.envs.game_module`);
the suffix is the environments' version.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import cardgames
from cardgames.core.game import State

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - the extra is installed wherever tests run
    raise ImportError(
        "cardgames.rl needs the optional extra 'rl' (numpy, gymnasium, pettingzoo): "
        "pip install 'cardgames-engines[rl]'"
    ) from exc

if TYPE_CHECKING:
    import numpy.typing as npt

    from cardgames.rl.envs import env
    from cardgames.rl.gym import gym_env

__all__ = ["env", "gym_env", "legal_mask"]

# Names loaded on first use: the module that defines each (they import PettingZoo or
# Gymnasium, which a user of the encoders alone need not pay for).
_LAZY = {"env": "cardgames.rl.envs", "gym_env": "cardgames.rl.gym"}


def legal_mask(state: State[Any]) -> npt.NDArray[np.bool_]:
    """A bool vector of ``state.num_actions`` entries, True at every legal action id."""
    mask = np.zeros(state.num_actions, dtype=np.bool_)
    mask[state.legal_action_ids()] = True
    return mask


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    game, _, version = name.rpartition("_v")
    if module is None and version.isdigit() and game in cardgames.registry.names():
        runner = importlib.import_module("cardgames.rl.runner")
        if int(version) != runner.ENV_VERSION:
            raise AttributeError(
                f"cardgames.rl has no {name}: the environments are version "
                f"{runner.ENV_VERSION} ({game}_v{runner.ENV_VERSION})"
            )
        value = importlib.import_module("cardgames.rl.envs").game_module(game)
        globals()[name] = value
        return value
    if module is None:
        raise AttributeError(f"module 'cardgames.rl' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
