"""Settings for running the conformance machine on a (broken) tiny game in a test."""

from __future__ import annotations

from typing import Final

from hypothesis import HealthCheck, settings

__all__ = ["FAST"]

FAST: Final = settings(
    max_examples=40,
    stateful_step_count=20,
    deadline=None,
    database=None,
    report_multiple_bugs=False,
    suppress_health_check=list(HealthCheck),
)
"""Few, short runs: the tests that use it expect the machine to find a planted fault fast."""
