"""The bounded memo every cache of the project is made of (core/cache.py)."""

from __future__ import annotations

import pytest

from cardgames.core.cache import Recent, remembered


def test_a_full_memo_drops_its_oldest_entry() -> None:
    recent: Recent[str, int] = Recent(2)
    assert recent.add("a", 1) == 1
    recent.add("b", 2)
    recent.add("a", 10)  # a key kept again drops nothing
    assert dict(recent) == {"a": 10, "b": 2}
    recent.add("c", 3)
    assert dict(recent) == {"b": 2, "c": 3}
    assert recent.get("a") is None


def test_remembered_makes_each_answer_once_while_kept() -> None:
    calls: list[int] = []

    def square(value: int) -> int:
        calls.append(value)
        return value * value

    fast = remembered(square, 2)
    assert [fast(3), fast(3), fast(4), fast(3)] == [9, 9, 16, 9]
    assert calls == [3, 4]
    fast(5)  # the memo is full: 3, the oldest, goes
    fast(3)
    assert calls == [3, 4, 5, 3]


def test_a_memo_keeps_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Recent(0)
