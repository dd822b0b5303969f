"""What one seat of the tiny game may know: its own hand, the sizes of the others', every row."""

from __future__ import annotations

import attrs

from cardgames.core.game import Move
from tinygame.actions import Play

__all__ = ["TinyView"]


@attrs.frozen
class TinyView:
    """One seat's view (a frozen value: the other hands and the stock's order are absent)."""

    seat: int
    players: tuple[str, ...]
    hand: tuple[int, ...]
    """The seat's own cards, in order."""
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    """Each seat's played cards, oldest first; a score is the sum of a row."""
    stock_size: int
    current_player: int | None
    history: tuple[Move[Play], ...]
