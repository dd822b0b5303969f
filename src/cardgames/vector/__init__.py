"""Vectorized engines in JAX (extra ``jax``): many games at once, jit- and vmap-friendly.

>>> import jax
>>> from cardgames import vector
>>> env = vector.make("hanabi", players=3)
>>> init_key, act_key, step_key = jax.random.split(jax.random.key(0), 3)
>>> state = env.init(jax.random.split(init_key, 1024))
>>> actions = env.random_legal_actions(state, jax.random.split(act_key, 1024))
>>> state = env.step(state, actions, jax.random.split(step_key, 1024))  # new keys each step

Each game's engine is written for one game as pure functions and vmapped by
:class:`~cardgames.vector.env.VectorEnv`. Action ids, observations, rewards and scores are
those of the Python engine and :mod:`cardgames.rl`, bit for bit (see docs/vector.md).
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from cardgames.core.errors import OptionsError

try:
    import jax  # noqa: F401  # only to say which extra is missing
except ImportError as exc:  # pragma: no cover - the extra is installed wherever tests run
    raise ImportError(
        "cardgames.vector needs the optional extra 'jax': pip install 'cardgames-engines[jax]' "
        "(and jax[cuda12] for an NVIDIA GPU)"
    ) from exc

from cardgames.vector.env import GameFunctions, StepResult, VectorEnv, VectorState

__all__ = ["GAMES", "GameFunctions", "StepResult", "VectorEnv", "VectorState", "games", "make"]

GAMES: Final[dict[str, str]] = {
    "hanabi": "cardgames.vector.hanabi:make_env",
    "koikoi": "cardgames.vector.koikoi:make_env",
}
"""Game name -> ``module:function`` building its env from ``(players, **options)``; the
function checks the options as :func:`cardgames.new_game` does (OptionsError)."""


def games() -> list[str]:
    """The games that have a vector engine."""
    return sorted(GAMES)


def make(game: str, players: int | None = None, **options: Any) -> VectorEnv:
    """The vector env of `game` with `players` seats and the game's options (the same words
    as :func:`cardgames.new_game`): ``make("hanabi", players=4, variant="rainbow")``."""
    target = GAMES.get(game) if isinstance(game, str) else None
    if target is None:
        raise OptionsError(
            f"no vector engine for game {game!r}; vector games: {', '.join(games())}")
    module, _, function = target.partition(":")
    build = getattr(importlib.import_module(module), function)
    env: VectorEnv = build(players, **options)
    return env
