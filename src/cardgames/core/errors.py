"""The error types of cardgames.

Every message quotes the offending input and says what would have been accepted, on one line,
so that the command line can print it as it is.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "CardgamesError",
    "IllegalActionError",
    "NotationError",
    "OptionsError",
    "RecordError",
    "did_you_mean",
    "summarize",
]


class CardgamesError(Exception):
    """Base class of every error this library raises on purpose."""


class NotationError(CardgamesError, ValueError):
    """Text that does not spell an action (a move, a card, a player) in the game's notation."""


class IllegalActionError(CardgamesError, ValueError):
    """A well-formed action that the rules do not allow now. The state is left unchanged."""

    def __init__(self, action: object, reason: str, legal: Iterable[object] = ()) -> None:
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        message = f"illegal action {str(action)!r}: {reason}"
        if self.legal:
            message += f"; legal now: {summarize(str(a) for a in self.legal)}"
        super().__init__(message)


class OptionsError(CardgamesError, ValueError):
    """A bad game option: the message names the field, the value and what is allowed."""


class RecordError(CardgamesError, ValueError):
    """A game record (ours or a foreign export) that cannot be read or replayed."""


def summarize(items: Iterable[str], limit: int = 12) -> str:
    """Join `items` with commas, cutting the list after `limit` entries ("…, and N more")."""
    shown: list[str] = []
    extra = 0
    for item in items:
        if len(shown) < limit:
            shown.append(item)
        else:
            extra += 1
    text = ", ".join(shown) if shown else "(none)"
    return f"{text}, and {extra} more" if extra else text


def did_you_mean(word: str, choices: Iterable[str], *, limit: int = 3) -> str:
    """``" (did you mean X, Y?)"`` naming the choices nearest to `word`, or ``""`` if none is
    close. Case is ignored when comparing; the choices are shown as given. Every "not a move /
    not a card / unknown name" message appends it."""
    by_folded: dict[str, str] = {}
    for choice in choices:
        by_folded.setdefault(choice.lower(), choice)
    near = difflib.get_close_matches(word.strip().lower(), list(by_folded), n=limit, cutoff=0.6)
    return f" (did you mean {', '.join(by_folded[n] for n in near)}?)" if near else ""
