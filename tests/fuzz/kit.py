"""What the fuzz tests share: the two profiles, the run loop, the counts, and the checks.

The short profile runs in the normal test run (a few seconds per test); the long one
(``pytest -m fuzz``) runs every test for ``CARDGAMES_FUZZ_SECONDS`` seconds (default 60) and
prints how many cases each tried. See docs/testing.md.
"""

from __future__ import annotations

import collections
import os
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROFILES = [
    pytest.param("short", id="short"),
    pytest.param("long", id="long", marks=pytest.mark.fuzz),
]
"""Parametrize a fuzz test with this: the short profile always, the long one on demand."""

COUNTS: collections.Counter[str] = collections.Counter()
"""Cases tried per kind in this run (the conftest prints them at the end)."""


def long_seconds() -> float:
    """How long each long-profile test runs."""
    return float(os.environ.get("CARDGAMES_FUZZ_SECONDS", "60"))


def fuzz(
    profile: str, kind: str, strategy: st.SearchStrategy[Any], check: Callable[[Any], None],
    *, short: int,
) -> None:
    """Run `check` on values drawn from `strategy`: `short` examples in the short profile, or
    batches of fresh random examples until the long profile's time is spent. `kind` names
    what a case is in the counts ("prompt lines", "flag sets", ...)."""

    base = settings(
        deadline=None,
        database=None,
        derandomize=profile == "short",  # the normal run is the same every time
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
        print_blob=True,
    )
    def run(examples: int) -> None:
        # A fresh test function per batch: hypothesis decorates a function once.
        def case(value: Any) -> None:
            COUNTS[kind] += 1
            check(value)

        given(strategy)(settings(base, max_examples=examples)(case))()

    if profile == "short":
        run(short)
        return
    stop = time.monotonic() + long_seconds()
    while time.monotonic() < stop:
        run(200)


def assert_one_error_line(code: int, output: str, context: str) -> None:
    """A refused command: exit code 2 and exactly one line of error, never a traceback."""
    assert "Traceback" not in output, f"{context}: a traceback\n{output[-3000:]}"
    assert code in (0, 2), f"{context}: exit code {code}\n{output[-3000:]}"
    if code == 2:
        errors = [line for line in output.splitlines() if line.startswith("error: ")]
        assert len(errors) == 1, f"{context}: {len(errors)} error lines\n{output[-3000:]}"
        assert len(errors[0]) <= 1200, f"{context}: an error line of {len(errors[0])} chars"
