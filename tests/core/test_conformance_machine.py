"""The conformance machine passes a correct game and catches each kind of broken one."""

from __future__ import annotations

from typing import Any, Self

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from cardgames.testing import conformance_machine
from tinygame import TINY, Play, TinyState, TinyView, make_info

TestTinyConformance = conformance_machine(TINY).TestCase

FAST = settings(
    max_examples=40,
    stateful_step_count=20,
    deadline=None,
    database=None,
    report_multiple_bugs=False,
    suppress_health_check=list(HealthCheck),
)


class LeakyView(TinyState):
    """Shows the next player's hand in the view."""

    __slots__ = ()

    def view(self, seat: int) -> TinyView:
        honest = super().view(seat)
        neighbour = self.hands[(seat + 1) % len(self.players)]
        return TinyView(seat, (*honest.hand, *neighbour), honest.hand_sizes, honest.rows, 0)


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

    def _apply(self, action: Play) -> list[object]:
        events = super()._apply(action)
        for row in self.rows:
            if action.card in row:
                row.remove(action.card)
        return events


class NeverEnds(TinyState):
    """Shuffles each played card back under the stock, so hands never run out."""

    __slots__ = ()

    def _apply(self, action: Play) -> list[object]:
        events = super()._apply(action)
        for row in self.rows:
            if action.card in row:
                row.remove(action.card)
                self.stock.put_bottom(action.card)
        return events


@pytest.mark.parametrize(
    ("broken", "changes", "complaint"),
    [
        (LeakyView, {}, "hidden card"),
        (SharedClone, {}, "clone"),
        (MutatingRefusal, {}, "refused action changed state"),
        (LossyNotation, {}, "does not give it back"),
        (CardVanishes, {}, "every card is somewhere"),
        (NeverEnds, {}, "bound|did not end"),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else None,
)
def test_the_machine_catches_a_broken_game(
    broken: type[TinyState], changes: dict[str, Any], complaint: str
) -> None:
    machine = conformance_machine(make_info(broken, **changes))
    with pytest.raises(AssertionError, match=complaint):
        run_state_machine_as_test(machine, settings=FAST)
