"""The tiny game's one option (how many cards a hand holds) and its presets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardgames.core.options import bounded, check_options, options_from_dict, options_to_dict

__all__ = ["DEFAULT_PRESET", "PRESETS", "TinyOptions"]


@attrs.frozen
class TinyOptions:
    """The rules of one tiny game."""

    hand_size: int = bounded(2, 1, 3)
    """Cards dealt to each hand (a hand is refilled from the stock after each play)."""

    def __attrs_post_init__(self) -> None:
        check_options(self)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TinyOptions:
        return options_from_dict(cls, data, label="Tiny")


PRESETS: Final[Mapping[str, TinyOptions]] = {"two": TinyOptions(2), "three": TinyOptions(3)}
"""Named rule sets: hands of two or of three cards."""
DEFAULT_PRESET: Final = "two"
