"""Deprecated: the old name of :mod:`cardgames.rl.hanabi_hle` (Hanabi's drop-in for
hanabi-learning-environment's ``rl_env``), kept for one release. Importing it warns and gives
that module itself, so ``from cardgames.rl import hle as rl_env`` works as before."""

from __future__ import annotations

import sys
import warnings
from typing import TYPE_CHECKING

from cardgames.rl import hanabi_hle

if TYPE_CHECKING:  # what type checkers see under the old name: the module's public names
    from cardgames.rl.hanabi_hle import *  # noqa: F403

warnings.warn(
    "cardgames.rl.hle is deprecated and goes in the next release: it is Hanabi's, now "
    "cardgames.rl.hanabi_hle (from cardgames.rl import hanabi_hle as rl_env)",
    DeprecationWarning, stacklevel=2)

sys.modules[__name__] = hanabi_hle
