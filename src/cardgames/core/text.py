"""Words shared by every game's sentences."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, noun: str) -> str:
    """`count` and `noun`, plural unless the count is one: ``"1 point"``, ``"3 cards"``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
