"""One adapter per game (:class:`~cardgames.app.base.GameAdapter`), found by the game's name."""

from __future__ import annotations

import importlib
from typing import Any

from cardgames.app.base import GameAdapter

__all__ = ["ADAPTERS", "adapter_for"]

ADAPTERS = {
    "hanabi": "cardgames.app.games.hanabi",
    "ikebana": "cardgames.app.games.ikebana",
    "koikoi": "cardgames.app.games.koikoi",
}
"""Game name -> the module whose ``ADAPTER`` draws it (imported when first needed)."""


def adapter_for(game: str) -> GameAdapter[Any, Any]:
    """The adapter of `game`; KeyError for a game the app cannot draw (a plug-in game)."""
    adapter: GameAdapter[Any, Any] = importlib.import_module(ADAPTERS[game]).ADAPTER
    return adapter
