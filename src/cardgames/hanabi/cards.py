"""Hanabi cards as small frozen values: a suit letter and a rank.

A card is written as its suit letter followed by its rank: ``R3`` is a red 3, ``KS`` would be
a black START card. The START card of the "Up or Down" suits has rank :data:`START_RANK` (7,
as on hanab.live) and is written with the letter ``S``. Which letters exist depends on the
variant (see :mod:`cardgames.hanabi.rules`); the engine itself stores cards as ints.
"""

from __future__ import annotations

import attrs

from cardgames.core.errors import NotationError
from cardgames.core.limits import small_number
from cardgames.core.text import counted

__all__ = ["START_RANK", "Card", "counted", "rank_text"]

START_RANK = 7
"""The rank of an "Up or Down" START card (hanab.live uses 7 too)."""


def rank_text(rank: int) -> str:
    """The rank as written in notation: ``"3"``, or ``"S"`` for a START card."""
    return "S" if rank == START_RANK else str(rank)


def _parse_rank(text: str) -> int | None:
    if text in ("S", "s"):
        return START_RANK
    rank = small_number(text) if len(text) == 1 else None
    return rank or None  # rank 0 does not exist


@attrs.frozen(slots=True, order=True)
class Card:
    """One card: `suit` is the suit's one-letter code (``"R"``), `rank` 1-5 (or START_RANK)."""

    suit: str
    rank: int

    def __str__(self) -> str:
        return f"{self.suit}{rank_text(self.rank)}"

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Read ``"R3"`` (letter + rank, ``S`` for START); NotationError on anything else."""
        word = text.strip()
        rank = _parse_rank(word[1:]) if len(word) == 2 and word[0].isalpha() else None
        if rank is None:
            raise NotationError(
                f"{text!r} is not a card; write a suit letter and a rank, e.g. 'R3' "
                f"(rank 1-9, or S for an Up-or-Down START card)"
            )
        return cls(word[0].upper(), rank)
