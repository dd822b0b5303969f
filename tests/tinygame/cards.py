"""The tiny game's cards: the numbers 1 to 9, one of each. A card's notation is its number."""

from __future__ import annotations

from typing import Final

from cardgames.core.errors import NotationError
from cardgames.core.limits import small_number

__all__ = ["CARDS", "read_card"]

CARDS: Final = tuple(range(1, 10))
"""The deck, in order (a game shuffles it from its seed)."""


def read_card(text: str) -> int:
    """The card written `text` (``"7"``); NotationError for anything else."""
    card = small_number(text)
    if card not in CARDS:
        raise NotationError(f"no card {text!r}: cards are 1..9")
    return card
