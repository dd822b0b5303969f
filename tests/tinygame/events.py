"""What a tiny move caused. A draw names no card: every seat may see every event."""

from __future__ import annotations

import attrs

__all__ = ["Drew", "Played"]


@attrs.frozen
class Played:
    """Seat `seat` put `card` on its row."""

    seat: int
    card: int

    def __str__(self) -> str:
        return f"played {self.card}"


@attrs.frozen
class Drew:
    """Seat `seat` drew the top card of the stock into its hand."""

    seat: int

    def __str__(self) -> str:
        return "drew a card"
