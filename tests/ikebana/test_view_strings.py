"""Views are built from values alone: no card, action, event or move is turned into text."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.core.game import Move
from cardgames.ikebana import bots
from cardgames.ikebana.actions import Buy, Draw, Keep, Refuse
from cardgames.ikebana.cards import Card
from cardgames.ikebana.events import (
    Bought,
    Drew,
    GameEnded,
    Kept,
    Refused,
    Reshuffled,
    RoundScored,
)
from cardgames.ikebana.search import PlannerBot


def _no_text(self: object) -> str:
    raise AssertionError(f"{type(self).__name__} was turned into text")


@pytest.mark.parametrize("preset", ["default", "house"])
def test_views_and_bot_decisions_build_no_strings(
    monkeypatch: pytest.MonkeyPatch, preset: str
) -> None:
    for cls in (Card, Move, Draw, Keep, Refuse, Buy, Drew, Kept, Refused, Bought, Reshuffled,
                RoundScored, GameEnded):
        monkeypatch.setattr(cls, "__str__", _no_text)
        monkeypatch.setattr(cls, "__repr__", _no_text)
        monkeypatch.setattr(cls, "__format__", lambda self, spec: _no_text(self))
    state = cardgames.new_game("ikebana", players=3, seed=2, preset=preset)
    agents = [bots.GreedyBot(0), PlannerBot(1), bots.GreedyBot(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        views = [state.view(other) for other in range(3)]
        state.apply(agents[seat].act(views[seat], state.legal_actions()))
    assert state.view(0).history  # the finished game's history, still without text
