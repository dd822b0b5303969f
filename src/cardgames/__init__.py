"""cardgames: rule engines for Hanabi (and its variants), Ikebana and Hanafuda Koi-Koi.

>>> import cardgames
>>> state = cardgames.new_game("hanabi", players=3, seed=7)
>>> state.apply(state.legal_actions()[0])  # doctest: +SKIP

The games are found through a registry: :func:`games` lists them, :func:`get_game` returns
one's :class:`~cardgames.core.registry.GameInfo`, :func:`new_game` starts one, :func:`replay`
rebuilds a recorded game, :func:`simulate` plays many bot games (on a process pool or a
cluster too).

Importing the package loads the core alone: :func:`simulate` (from :mod:`cardgames.simulate`,
which reads this package's registry) is loaded the first time it is asked for, so that module
and this package do not import each other.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardgames.core.agents import Agent, RandomAgent
from cardgames.core.errors import (
    CardgamesError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
)
from cardgames.core.game import State
from cardgames.core.loop import play
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo, Registry
from cardgames.core.version import __version__

if TYPE_CHECKING:
    from cardgames.simulate import simulate

__all__ = [
    "Agent",
    "CardgamesError",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "OptionsError",
    "RandomAgent",
    "Record",
    "RecordError",
    "State",
    "__version__",
    "games",
    "get_game",
    "new_game",
    "play",
    "registry",
    "replay",
    "simulate",
]

registry = Registry(
    {
        "hanabi": "cardgames.hanabi",
        "ikebana": "cardgames.ikebana",
        "koikoi": "cardgames.koikoi",
    }
)
"""The games this library knows. Another package adds its game through the entry-point group
``cardgames.games`` (``tiny = "my_package.tiny:GAME"``); ``registry.register(...)`` adds one
at run time."""


def games() -> dict[str, GameInfo[Any, Any]]:
    """Every registered game by name."""
    return registry.all()


def get_game(name: str) -> GameInfo[Any, Any]:
    """The game registered as `name` (OptionsError, with the nearest names, if unknown)."""
    return registry.get(name)


def new_game(
    name: str,
    players: int | None = None,
    seed: int | None = None,
    *,
    names: Sequence[str] | None = None,
    deck: Sequence[str] | None = None,
    **options: Any,
) -> State[Any]:
    """Start a game: ``new_game("hanabi", players=3, seed=7, variant="rainbow")``.

    `options` are the game's options by name (a variant, a preset, single rules); a bad one
    raises OptionsError naming the field, the value and what is allowed.
    """
    state: State[Any] = registry.get(name).new_game(
        players, seed, names=names, deck=deck, **options
    )
    return state


def replay(record: Record) -> State[Any]:
    """Rebuild the final state of a recorded game, bit for bit."""
    if not isinstance(record, Record):
        raise RecordError(
            f"'record' must be a Record (read one with Record.from_json or Record.from_dict), "
            f"got {type(record).__name__}"
        )
    try:
        info = registry.get(record.game)
    except OptionsError as exc:
        raise RecordError(str(exc)) from None
    state: State[Any] = info.replay(record)
    return state


def __getattr__(name: str) -> Any:
    # Only `simulate` is loaded on first use (see the module docstring).
    if name == "simulate":
        from cardgames.simulate import simulate as run  # noqa: PLC0415

        return run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(types.ModuleType):
    """This package, whose attribute ``simulate`` is the function, never the module.

    Importing the submodule :mod:`cardgames.simulate` (by any import of it, at any time)
    makes Python set the package's attribute of that name to the module; ``cardgames.simulate``
    must stay the function the submodule holds, as it was when this package imported it.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "simulate" and isinstance(value, types.ModuleType):
            value = value.simulate
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
