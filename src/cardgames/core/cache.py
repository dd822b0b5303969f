"""A bounded memo, written once: the encoders and the bots' table aids remember a few
thousand values each, and a memo that grew with every table would grow without end.

:class:`Recent` is a dict that keeps at most ``size`` entries: adding to a full one drops the
oldest entry (a dict keeps its order), so the values asked for again and again (a table's
options, the card sets every view holds) are made once and the rare ones go. Reading is the
dict's own ``get``, at C speed: the encoders ask it for every value of every view.
:func:`remembered` wraps a function of one hashable argument in one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["Recent", "remembered"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(dict[K, V]):
    """At most `size` entries; :meth:`add` to a full one drops the oldest first. Read it as
    a dict (``recent.get(key)``); write it with :meth:`add` only."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a Recent keeps at least 1 entry (got {size})")
        super().__init__()
        self.size = size

    def add(self, key: K, value: V) -> V:
        """Keep `value` under `key` (dropping the oldest entry when full); returns `value`."""
        if key not in self and len(self) >= self.size:
            del self[next(iter(self))]
        self[key] = value
        return value


def remembered(function: Callable[[K], V], size: int) -> Callable[[K], V]:
    """`function` of hashable values, its answers kept in a :class:`Recent` of `size`
    (an answer of None is made again each time: None means "not kept")."""
    memo: Recent[K, V] = Recent(size)
    get, add = memo.get, memo.add

    def call(key: K) -> V:
        found = get(key)
        if found is None:
            found = add(key, function(key))
        return found
    return call
