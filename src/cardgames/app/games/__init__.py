"""The app's adapters (:class:`~cardgames.app.base.GameAdapter`), one per game, each named by
its game's ``GameInfo.app_adapter``: the app keeps no table of games, so a plug-in game that
names an adapter is offered like a built-in one."""

from __future__ import annotations

from typing import Any

import cardgames
from cardgames.app.base import GameAdapter

__all__ = ["adapter_for", "app_games"]


def adapter_for(game: str) -> GameAdapter[Any, Any]:
    """The adapter of `game`; OptionsError for an unknown game or one that names no adapter
    (the app plays it in the line mode)."""
    info = cardgames.get_game(game)
    adapter = info.load_app_adapter()
    if not isinstance(adapter, GameAdapter):
        raise TypeError(f"{info.name}'s app_adapter {info.app_adapter!r} is not a GameAdapter")
    return adapter


def app_games() -> list[str]:
    """The games the app offers (those whose GameInfo names an adapter), by name."""
    return [name for name, info in cardgames.games().items() if info.app_adapter is not None]
