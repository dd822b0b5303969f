"""Deprecated: the shared command pieces are :mod:`cardgames.cli.commands` now.

``import cardgames.commands`` still works for one release and gives that very module (so a
name patched here is patched there); it warns with a DeprecationWarning.
"""

from __future__ import annotations

import sys
import warnings

import cardgames.cli.commands
from cardgames.cli.commands import (
    fail,
    full_screen,
    game_app,
    is_loopback,
    make_play_command,
    option_values,
    play_command,
)

__all__ = [
    "fail",
    "full_screen",
    "game_app",
    "is_loopback",
    "make_play_command",
    "option_values",
    "play_command",
]

warnings.warn(
    "cardgames.commands is deprecated: import cardgames.cli.commands instead",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = cardgames.cli.commands
