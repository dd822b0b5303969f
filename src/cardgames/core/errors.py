"""The error types of cardgames.

Every message quotes the offending input and says what would have been accepted, on one line,
so that the command line can print it as it is.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Final

__all__ = [
    "CardgamesError",
    "IllegalActionError",
    "NotationError",
    "OptionsError",
    "RecordError",
    "clip",
    "did_you_mean",
    "one_line",
    "summarize",
]

MAX_QUOTE: Final = 200
"""The most characters of an input an error message quotes back."""
MAX_MESSAGE: Final = 1000
"""The longest error message: a huge input quoted in it is cut, not printed in full."""


class CardgamesError(Exception):
    """Base class of every error this library raises on purpose.

    The message is kept to one bounded line (:func:`one_line`), whatever input it quotes,
    so the command line can print it as it is.
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            args = (one_line(args[0]),)
        super().__init__(*args)


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


def clip(text: str, limit: int = MAX_QUOTE) -> str:
    """`text` cut to at most `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    kept = max(limit - 40, limit // 2)  # room for the note on what was cut
    return f"{text[:kept]}… ({len(text) - kept:,} more characters)"


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """`message` as one bounded line: line breaks and other control characters shown as
    escapes (a key or name holding a newline cannot split an error in two), cut at `limit`."""
    message = clip(message, limit)
    if not message.isprintable():
        message = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
    return message
