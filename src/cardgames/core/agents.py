"""Agents choose actions from what their seat may see. Humans at the terminal are agents too."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

__all__ = [
    "LEVELS", "Agent", "Explainer", "Hint", "RandomAgent", "Sloppy", "best_of", "explain",
    "sloppy_factory", "unmoved",
]

A = TypeVar("A")
T = TypeVar("T")


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of the legal actions, given its seat's view."""

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """Return one element of `legal`."""
        ...


@runtime_checkable
class Explainer(Protocol):
    """A bot that can say why: every bundled bot is one (``hint`` at the prompt uses it)."""

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The action `act` would choose from this view, and one sentence saying why.

        Asking changes nothing: the bot is left as it was (its random generator included),
        so `act` on the same view then chooses the same action. Bots keep their generators
        still by deciding inside :func:`unmoved`."""
        ...


@contextmanager
def unmoved(*generators: random.Random) -> Iterator[None]:
    """Within the block, `generators` may be drawn from; on leaving it (even by an error)
    each is put back where it was.

    The one way a bot explains itself without changing its later moves: ``explain`` runs the
    very decision ``act`` runs, inside ``with unmoved(self._rng):``, so a tie that ``act``
    would break by a draw is broken the same way, and ``act`` then draws it again. A bot
    made of other bots names their generators too."""
    states = [generator.getstate() for generator in generators]
    try:
        yield
    finally:
        for generator, state in zip(generators, states, strict=True):
            generator.setstate(state)


def best_of(
    choices: Sequence[T], values: Sequence[float], rng: random.Random, *, tie: float = 0.0
) -> T:
    """The choice of the highest value (``values[i]`` is ``choices[i]``'s), a tie broken by
    `rng`: every choice within `tie` of the best is tied (0: equal values only), and
    ``rng.choice`` picks one of them, in their order. A single best draws nothing, so a bot
    whose values rarely tie leaves its generator alone."""
    if len(values) == 2:  # the common case, spelt out: no list is built
        first, second = values
        least = (first if first >= second else second) - tie
        if second < least:
            return choices[0]
        if first < least:
            return choices[1]
        return rng.choice(choices)
    least = max(values) - tie
    tied = [choice for choice, value in zip(choices, values, strict=True) if value >= least]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The difficulty levels every bundled game offers as bot names (``--bot hard``): each names
one of the game's bots (``GameInfo.levels``). A game may list stronger ones after them;
the last level is the strongest."""


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """A uniformly random legal action."""
        return legal[self._rng.randrange(len(legal))]

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The move `act` would draw, said as such (the generator is left as it was)."""
        with unmoved(self._rng):
            action = self.act(view, legal)
        return Hint(action, f"it is drawn at random among {_moves(len(legal))}")

    def __repr__(self) -> str:
        return "RandomAgent()"


class Sloppy:
    """Another bot that, now and then, makes a random move instead: an easier opponent.

    With probability `mistake_rate` a move is drawn uniformly from the legal ones (from this
    agent's own seeded generator, so the whole agent stays seeded); otherwise the inner bot
    chooses. The inner bot still sees every view, so a bot with memory stays in step.
    """

    __slots__ = ("_inner", "_rate", "_rng")

    def __init__(self, inner: Agent, mistake_rate: float, seed: int | None = None) -> None:
        if not 0.0 <= mistake_rate <= 1.0:
            raise ValueError(f"'mistake_rate' must be in 0..1 (got {mistake_rate!r})")
        self._inner = inner
        self._rate = mistake_rate
        self._rng = random.Random(seed)

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """The inner bot's move, or now and then a random one."""
        return self._slip(legal, self._inner.act(view, legal))

    def _slip(self, legal: Sequence[A], chosen: A) -> A:
        """`chosen`, or now and then a random legal move instead."""
        if len(legal) > 1 and self._rng.random() < self._rate:
            return legal[self._rng.randrange(len(legal))]
        return chosen

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The inner bot's reason, or that this move is one of its deliberate slips."""
        inner = explain(self._inner, view, legal)
        with unmoved(self._rng):
            action = self._slip(legal, inner.action)
        if action == inner.action:
            return inner
        return Hint(action, (
            f"this easier bot makes a random move about {self._rate:.0%} of the time, and "
            "this is one"
        ))

    def __repr__(self) -> str:
        return f"Sloppy({self._inner!r}, {self._rate})"


def sloppy_factory(
    factory: Callable[[int], Agent], mistake_rate: float
) -> Callable[[int], Agent]:
    """A seeded factory of :class:`Sloppy` bots around the bots `factory` makes."""

    def make(seed: int) -> Agent:
        # The slips draw from their own stream, apart from the inner bot's seed.
        return Sloppy(factory(seed), mistake_rate, seed * 2 + 1)

    return make


def explain(agent: Agent, view: Any, legal: Sequence[A]) -> Hint[A]:
    """What `agent` chooses and why: its own `explain`, or for a bot without one its move
    with a plain reason (third-party bots need not explain themselves)."""
    if isinstance(agent, Explainer):
        return agent.explain(view, legal)
    return Hint(agent.act(view, legal), f"{type(agent).__name__} chose it (it gives no reason)")


def _moves(count: int) -> str:
    return "the only legal move" if count == 1 else f"the {count} legal moves"


@attrs.frozen
class Hint(Generic[A]):
    """What a bundled bot would do in a seat, and why, in words: the answer to ``hint`` at
    the line prompt and in the app. Each game's ``hints`` module gives them."""

    action: A
    """One of the legal actions."""
    reason: str
    """Why, from what the seat's view shows (a sentence without a final full stop)."""
