"""Agents choose actions from what their seat may see. Humans at the terminal are agents too."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

__all__ = [
    "LEVELS", "Agent", "Explainer", "Hint", "RandomAgent", "Sloppy", "best_of", "bot_seed",
    "explain", "position_random", "position_seed", "sloppy_factory", "unmoved",
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

        A bundled bot's choice depends on its seed and the view (and the legal actions)
        only, never on what it was asked before: ``act`` and ``explain`` on one view agree in
        any order, however often either is called. Its random draws come from
        :func:`position_random`, a generator made afresh for each decision."""
        ...


def bot_seed(seed: int | None) -> int:
    """`seed`, or a fresh one from the system's randomness when it is None (a bot keeps it:
    every decision's draws are made from it and the position, :func:`position_random`)."""
    return _SYSTEM_RANDOM.randrange(2**63) if seed is None else seed


_SYSTEM_RANDOM = random.SystemRandom()


def position_seed(seed: int, view: Any) -> str:
    """The seed of the draws a bot seeded `seed` makes at the position `view` shows: the bot's
    seed, the seat, and how many moves the view's history holds (the same in every process:
    no salted hash is involved). A view without a ``seat`` or a ``history`` counts as one
    position wherever it stands."""
    history = getattr(view, "history", None)
    moves = "-" if history is None else len(history)
    return f"{seed}:{getattr(view, 'seat', '-')}:{moves}"


def position_random(seed: int, view: Any) -> random.Random:
    """The generator of one decision of a bot seeded `seed` at `view`: made from the seed and
    the position alone (:func:`position_seed`), so a bot that draws only from it chooses the
    same move from the same view whatever it was asked before, and ``explain`` is ``act``.
    Costs about 20 microseconds; a bot that draws only to break rare ties hands
    :func:`best_of` a function that makes it, so the common untied decision makes none."""
    return random.Random(position_seed(seed, view))


@contextmanager
def unmoved(*generators: random.Random) -> Iterator[None]:
    """Within the block, `generators` may be drawn from; on leaving it (even by an error)
    each is put back where it was.

    Kept for bots that hold a generator across decisions (a third party's, or a bundled
    bot's private one, such as a search's rollouts): ``explain`` run inside it leaves the
    bot's next ``act`` as it was. It does not make ``act`` then ``explain`` agree; a bundled
    bot draws from :func:`position_random` instead, which does."""
    states = [generator.getstate() for generator in generators]
    try:
        yield
    finally:
        for generator, state in zip(generators, states, strict=True):
            generator.setstate(state)


def best_of(
    choices: Sequence[T], values: Sequence[float],
    rng: random.Random | Callable[[], random.Random], *, tie: float = 0.0,
) -> T:
    """The choice of the highest value (``values[i]`` is ``choices[i]``'s), a tie broken by
    `rng`: every choice within `tie` of the best is tied (0: equal values only), and
    ``rng.choice`` picks one of them, in their order. A single best draws nothing, so a bot
    whose values rarely tie leaves its generator alone. `rng` may be a function that makes
    the generator, called only on a tie (``lambda: position_random(seed, view)``)."""
    if len(values) == 2:  # the common case, spelt out: no list is built
        first, second = values
        least = (first if first >= second else second) - tie
        if second < least:
            return choices[0]
        if first < least:
            return choices[1]
        return _generator(rng).choice(choices)
    least = max(values) - tie
    tied = [choice for choice, value in zip(choices, values, strict=True) if value >= least]
    return tied[0] if len(tied) == 1 else _generator(rng).choice(tied)


def _generator(rng: random.Random | Callable[[], random.Random]) -> random.Random:
    return rng if isinstance(rng, random.Random) else rng()


LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The difficulty levels every bundled game offers as bot names (``--bot hard``): each names
one of the game's bots (``GameInfo.levels``). A game may list stronger ones after them;
the last level is the strongest."""


class RandomAgent:
    """Picks uniformly among the legal actions, drawn from its seed and the position."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int | None = None) -> None:
        self._seed = bot_seed(seed)

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """A uniformly random legal action (the same one whenever asked at this view)."""
        return legal[position_random(self._seed, view).randrange(len(legal))]

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The move `act` draws at this view, said as such."""
        return Hint(self.act(view, legal), f"it is drawn at random among {_moves(len(legal))}")

    def __repr__(self) -> str:
        return "RandomAgent()"


class Sloppy:
    """Another bot that, now and then, makes a random move instead: an easier opponent.

    With probability `mistake_rate` a move is drawn uniformly from the legal ones (drawn from
    this agent's own seed and the position, so the whole agent stays seeded, and a view
    brings the same slip or none whenever it is asked); otherwise the inner bot chooses. The
    inner bot still sees every view, so a bot with memory stays in step.
    """

    __slots__ = ("_inner", "_rate", "_seed")

    def __init__(self, inner: Agent, mistake_rate: float, seed: int | None = None) -> None:
        if not 0.0 <= mistake_rate <= 1.0:
            raise ValueError(f"'mistake_rate' must be in 0..1 (got {mistake_rate!r})")
        self._inner = inner
        self._rate = mistake_rate
        self._seed = bot_seed(seed)

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """The inner bot's move, or now and then a random one."""
        return self._slip(view, legal, self._inner.act(view, legal))

    def _slip(self, view: Any, legal: Sequence[A], chosen: A) -> A:
        """`chosen`, or now and then a random legal move instead."""
        if len(legal) > 1:
            rng = position_random(self._seed, view)
            if rng.random() < self._rate:
                return legal[rng.randrange(len(legal))]
        return chosen

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The inner bot's reason, or that this move is one of its deliberate slips."""
        inner = explain(self._inner, view, legal)
        action = self._slip(view, legal, inner.action)
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
