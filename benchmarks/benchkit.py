"""Shared by the strength benchmarks: a bot wrapped to time its decisions, and the reading
of a comma-separated ``--players`` list.

Not a benchmark itself (``strength.py`` runs the ``strength_*.py`` files); the win-rate
interval they print is :func:`cardgames.simulate.wilson_interval`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any, TypeVar

from cardgames.core.agents import Agent

A = TypeVar("A")


class TimedBot:
    """Wraps a bot and adds up the wall-clock and CPU time of its decisions, over all of
    them and over those with more than one legal move (the choices)."""

    def __init__(self, bot: Agent) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0
        self.choice_seconds = 0.0
        self.choice_cpu = 0.0
        self.choices = 0

    def act(self, view: Any, legal: Sequence[A]) -> A:
        start = time.perf_counter()
        cpu_start = time.process_time()
        action = self.bot.act(view, legal)
        spent = time.perf_counter() - start
        self.seconds += spent
        self.decisions += 1
        if len(legal) > 1:
            self.choice_seconds += spent
            self.choice_cpu += time.process_time() - cpu_start
            self.choices += 1
        return action


def player_counts(parser: argparse.ArgumentParser, text: str, allowed: range) -> list[int]:
    """``--players`` as typed (``"3,4,5"``), each count within `allowed`; anything else is
    the parser's one-line error."""
    try:
        counts = [int(word) for word in text.split(",")]
    except ValueError:
        parser.error(f"--players must be counts such as 3,4,5 (got {text!r})")
    if not all(count in allowed for count in counts):
        parser.error(f"--players must each be in {allowed.start}..{allowed.stop - 1} "
                     f"(got {text!r})")
    return counts
