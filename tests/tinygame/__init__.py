"""The tiny game: nine cards, a worked example of a game package (test-only).

Its files are those of every game (``cards``, ``rules``, ``actions``, ``events``, ``view``,
``state``, ``bots``, ``hints``, ``render``, ``cli``) plus its app adapter (``app``), its
encoding for learning (``rl``) and its web table (the folder ``web``: ``tiny.js`` and
``tiny.css``). This module holds only its :class:`GameInfo`, which names the rest by where it
lives, so importing the game loads no user interface; the tests install it as a plug-in
through the ``cardgames.games`` entry point (``tiny = tinygame:GAME``).
"""

from __future__ import annotations

from typing import Any

from cardgames.core import GameInfo, RandomAgent
from tinygame.actions import PLAYS, Play
from tinygame.bots import HighCardBot
from tinygame.rules import DEFAULT_PRESET, PRESETS, TinyOptions
from tinygame.state import TinyState
from tinygame.view import TinyView

__all__ = [
    "GAME", "PLAYS", "TINY", "Play", "TinyOptions", "TinyState", "TinyView", "make_info",
]


def make_info(
    state_type: type[TinyState] = TinyState, **changes: Any
) -> GameInfo[TinyState, TinyOptions]:
    """The tiny game's GameInfo, with `changes` (tests build broken variants of the game)."""
    fields: dict[str, Any] = {
        "name": "tiny",
        "description": "a nine-card test game",
        "state_type": state_type,
        "options_type": TinyOptions,
        "default_players": 2,
        "presets": PRESETS,
        "default_preset": DEFAULT_PRESET,
        "bots": {"random": RandomAgent, "high": HighCardBot},
        "default_bot": "high",
        "max_moves": 9,
        "cli_module": "tinygame.cli",
        "app_adapter": "tinygame.app:ADAPTER",
        "rl_encoding": "tinygame.rl:ENCODING",
        "web_assets": "tinygame:web",
    }
    fields.update(changes)
    return GameInfo(**fields)


GAME = make_info()
"""The tiny game's registry entry; a package publishes its own through the entry point
group ``cardgames.games``."""
TINY = GAME
"""The name the core's tests know it by."""
