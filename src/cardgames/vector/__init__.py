"""Vectorized engines in JAX (extra ``jax``): many games at once, jit- and vmap-friendly.

>>> import jax
>>> from cardgames import vector
>>> env = vector.make(game, players=3)  # game: a registry name with a vector engine
>>> init_key, act_key, step_key = jax.random.split(jax.random.key(0), 3)
>>> state = env.init(jax.random.split(init_key, 1024))
>>> actions = env.random_legal_actions(state, jax.random.split(act_key, 1024))
>>> state = env.step(state, actions, jax.random.split(step_key, 1024))  # new keys each step

Each game's engine is written for one game as pure functions and vmapped by
:class:`~cardgames.vector.env.VectorEnv`. Action ids, observations, rewards and scores are
those of the Python engine and :mod:`cardgames.rl`, bit for bit (see docs/vector.md).

A game's vector engine is named on its :class:`~cardgames.core.registry.GameInfo`
(``vector_engine``), so a plug-in game with one needs no edit here. ``GAMES``, the table of
engines this module kept before, is deprecated: reading it warns, and gives the registry's
engines as a read-only mapping (game name -> ``"module:function"``).
"""

from __future__ import annotations

import types
import warnings
from typing import Any

import cardgames
from cardgames.core.errors import OptionsError

try:
    import jax  # noqa: F401  # only to say which extra is missing
except ImportError as exc:  # pragma: no cover - the extra is installed wherever tests run
    raise ImportError(
        "cardgames.vector needs the optional extra 'jax': pip install 'cardgames-engines[jax]' "
        "(and jax[cuda12] for an NVIDIA GPU)"
    ) from exc

from cardgames.vector.env import GameFunctions, StepResult, VectorEnv, VectorState

__all__ = ["GameFunctions", "StepResult", "VectorEnv", "VectorState", "games", "make"]


def games() -> list[str]:
    """The games that have a vector engine: those whose ``GameInfo.vector_engine`` names
    one (a plug-in game's too)."""
    return sorted(name for name, info in cardgames.games().items()
                  if info.vector_engine is not None)


def make(game: str, players: int | None = None, **options: Any) -> VectorEnv:
    """The vector env of `game` with `players` seats and the game's options (the same words
    as :func:`cardgames.new_game`): ``make(game, players=4, **options)``. The
    game's ``GameInfo.vector_engine`` builds it."""
    known = isinstance(game, str) and game in cardgames.registry.names()
    info = cardgames.get_game(game) if known else None
    if info is None or info.vector_engine is None:
        raise OptionsError(
            f"no vector engine for game {game!r}; vector games: {', '.join(games())}")
    env: VectorEnv = info.load_vector_engine()(players, **options)
    return env


def __getattr__(name: str) -> Any:
    # GAMES was this module's own table of vector engines; the registry holds them now.
    if name == "GAMES":
        warnings.warn(
            "cardgames.vector.GAMES is deprecated and goes in the next release: each game's "
            "GameInfo names its vector engine (cardgames.get_game(name).vector_engine), and "
            "cardgames.vector.games() lists the games that have one",
            DeprecationWarning, stacklevel=2)
        return types.MappingProxyType(
            {game: cardgames.get_game(game).vector_engine for game in games()})
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
