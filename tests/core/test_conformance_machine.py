"""The conformance machine passes a correct game and catches each kind of broken one."""

from __future__ import annotations

from typing import Any, Self

import attrs
import pytest
from hypothesis.stateful import run_state_machine_as_test

from cardgames.core.errors import NotationError
from cardgames.testing import conformance_machine
from tinygame import TINY, Play, TinyState, TinyView, make_info
from tinygame.testing import FAST

TestTinyConformance = conformance_machine(TINY).TestCase


class LeakyView(TinyState):
    """Shows the next player's hand in the view."""

    __slots__ = ()

    def view(self, seat: int) -> TinyView:
        honest = super().view(seat)
        neighbour = self.hands[(seat + 1) % len(self.players)]
        return attrs.evolve(honest, hand=(*honest.hand, *neighbour))


class SharedClone(TinyState):
    """Its clone shares the hands with the original."""

    __slots__ = ()

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.hands = self.hands


class MutatingRefusal(TinyState):
    """Moves the turn on before refusing an illegal action."""

    __slots__ = ()

    def apply(self, action: Play) -> list[Any]:
        if not self.is_legal(action):
            self.turn = (self.turn + 1) % len(self.players)
        return super().apply(action)


class LossyNotation(TinyState):
    """Reads every move as 'play 1'."""

    __slots__ = ()

    def parse(self, text: str) -> Play:
        super().parse(text)
        return Play(1)


class CardVanishes(TinyState):
    """Forgets to put the played card on the row (breaks the game's own invariant)."""

    __slots__ = ()

    def _act(self, action: Play, events: list[object] | None) -> None:
        super()._act(action, events)
        for row in self.rows:
            if action.card in row:
                row.remove(action.card)


class NeverEnds(TinyState):
    """Shuffles each played card back under the stock, so hands never run out."""

    __slots__ = ()

    def _act(self, action: Play, events: list[object] | None) -> None:
        super()._act(action, events)
        for row in self.rows:
            if action.card in row:
                row.remove(action.card)
                self.stock.insert(0, action.card)


class CarelessView(TinyState):
    """Indexes its hands with whatever seat it is given (view(None) leaks a TypeError)."""

    __slots__ = ()

    def view(self, seat: int) -> TinyView:
        return attrs.evolve(super().view(0), seat=seat, hand=tuple(self.hands[seat]))


class CarelessParse(TinyState):
    """Splits whatever it is given (parse(None) leaks an AttributeError)."""

    __slots__ = ()

    def parse(self, text: str) -> Play:
        text.split()
        return super().parse(text)


class SilentView(TinyState):
    """Refuses a bad seat with a CardgamesError that does not say which argument was wrong."""

    __slots__ = ()

    def view(self, seat: int) -> TinyView:
        if seat not in range(len(self.players)):
            raise NotationError("no")
        return super().view(seat)


@pytest.mark.parametrize(
    ("broken", "changes", "complaint"),
    [
        (LeakyView, {}, "hidden card"),
        (SharedClone, {}, "clone"),
        # Caught by whichever path refuses first: an action, an action id (the tiny game
        # numbers its actions) or a hostile call.
        (MutatingRefusal, {}, "refused (action|id|hostile call).* changed (the )?state"),
        (LossyNotation, {}, "does not give it back"),
        (CardVanishes, {}, "every card is somewhere"),
        (NeverEnds, {}, "bound|did not end"),
        (CarelessView, {}, "view.* leaks (TypeError|IndexError)"),
        (CarelessParse, {}, "parse.* leaks AttributeError"),
        (SilentView, {}, "without naming 'seat'"),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else None,
)
def test_the_machine_catches_a_broken_game(
    broken: type[TinyState], changes: dict[str, Any], complaint: str
) -> None:
    machine = conformance_machine(make_info(broken, **changes))
    with pytest.raises(AssertionError, match=complaint):
        run_state_machine_as_test(machine, settings=FAST)


class ForgetfulSnapshot(TinyState):
    """Leaves the turn out of its snapshot, so states to move by different seats compare equal."""

    __slots__ = ()

    def snapshot(self) -> tuple[Any, ...]:
        return super().snapshot()[:-1]


def test_the_machine_catches_a_field_missing_from_the_snapshot() -> None:
    machine = conformance_machine(make_info(ForgetfulSnapshot))
    with pytest.raises(AssertionError, match="snapshot\\(\\) leaves out the field 'turn'"):
        run_state_machine_as_test(machine, settings=FAST)


class CachedTotals(TinyState):
    """Keeps a cache of the scores: a derived field, declared so, is not asked of snapshot()."""

    __slots__ = ("totals",)
    derived_slots = frozenset({"totals"})

    def _act(self, action: Play, events: list[object] | None) -> None:
        super()._act(action, events)
        self.totals = self.scores()

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.totals = list(getattr(self, "totals", []))


def test_a_declared_derived_field_passes_and_an_undeclared_one_fails() -> None:
    run_state_machine_as_test(conformance_machine(make_info(CachedTotals)), settings=FAST)

    class UndeclaredTotals(CachedTotals):
        __slots__ = ()
        derived_slots = frozenset()

    with pytest.raises(AssertionError, match="leaves out the field 'totals'"):
        run_state_machine_as_test(
            conformance_machine(make_info(UndeclaredTotals)), settings=FAST
        )
