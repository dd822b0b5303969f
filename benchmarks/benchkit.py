"""Shared by the strength benchmarks: a bot wrapped to time its decisions, the one table
formatter of their rows, and the reading of a comma-separated ``--players`` list.

Not a benchmark itself (``strength.py`` runs the ``strength_*.py`` files); the win-rate
interval they print is :func:`cardgames.simulate.wilson_interval`. The benchmarks that only
need each seat's wall-clock time play through the arena (:mod:`cardgames.arena`), which
times every decision itself; :class:`TimedBot` is for those that also report CPU time or the
time of the decisions with a choice.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import cardgames
from cardgames import arena
from cardgames.core.agents import Agent
from cardgames.core.game import State
from cardgames.simulate import open_executor

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


def cell(value: Any) -> str:
    """A value as the tables show it: floats to three decimals, a pair as an interval."""
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, tuple) and len(value) == 2:
        return f"{cell(value[0])}–{cell(value[1])}"
    return str(value)


def table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows as a plain text table, columns in order of first appearance: the one formatter
    of every strength benchmark."""
    columns: list[str] = []
    for row in rows:
        columns.extend(key for key in row if key not in columns)
    cells = [[cell(row.get(column, "")) for column in columns] for row in rows]
    widths = [max(len(column), *(len(line[i]) for line in cells))
              for i, column in enumerate(columns)]
    lines = ["  ".join(column.ljust(width) for column, width in zip(columns, widths, strict=True))]
    lines.append("  ".join("-" * width for width in widths))
    lines += ["  ".join(text.ljust(width) for text, width in zip(line, widths, strict=True))
              for line in cells]
    return "\n".join(lines)


def print_table(rows: Sequence[Mapping[str, Any]]) -> None:
    """Print :func:`table` of `rows` (nothing for no rows)."""
    if rows:
        print(table(rows), flush=True)


def replay(line: Mapping[str, Any]) -> State[Any]:
    """The final state of an arena game, from its line (seed, options and moves)."""
    state = cardgames.new_game(line["game"], players=line["players"], seed=line["seed"],
                               **line["options"])
    for move in line["moves"]:
        state.apply(state.parse(move))
    return state


def arena_games(game: str, seats: Sequence[str], *, games: int, seed: int, players: int,
                mode: str | None = None, options: Mapping[str, Any] | None = None,
                jobs: int = 1) -> list[dict[str, Any]]:
    """The lines of an arena run (:func:`cardgames.arena.plan`'s arguments), played in
    `jobs` processes (the lines do not depend on it)."""
    job = arena.plan(game, seats, mode=mode, players=players, games=games, seed=seed,
                     options=options)
    with open_executor(jobs if jobs > 1 else None) as executor:
        return list(arena.run(job, executor=executor))


def mean_error(values: Sequence[float], digits: int = 3) -> str:
    """``"mean ± standard error"`` of `values`."""
    mean = statistics.fmean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:.{digits}f} ± {error:.{digits}f}"


def ms_per_decision(lines: Sequence[Mapping[str, Any]]) -> float:
    """The mean milliseconds of a decision over every seat of arena lines (wall clock)."""
    seconds = sum(sum(line["time"]["seconds"]) for line in lines)
    decisions = sum(sum(line["time"]["decisions"]) for line in lines)
    return round(1000 * seconds / max(decisions, 1), 2)


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
