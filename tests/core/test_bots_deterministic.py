"""Every bot of every game answers for a position as it plays there: ``act`` and ``explain``
agree in any order, asked once or again, with other positions asked in between (most bots
choose by their seed and the view alone; Koi-Koi's greedy and search bots remember their
latest moves by position, see docs/dev/core-contract.md).

The positions are reached by play (random moves, or the game's default bot), in every
preset the game's conformance machine knows; the bots are every name in each game's
``GameInfo.bots`` (levels and the easy bots that slip on purpose included).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.core.agents import Agent, explain
from cardgames.core.game import State
from cardgames.testing import game_states, seeds

GAMES = sorted(cardgames.games())
CASES = [(game, name) for game in GAMES for name in cardgames.get_game(game).bots]
SLOW = {("koikoi", "search"), ("koikoi", "hard")}
"""Bots that think for a good part of a second a move: fewer positions."""


def _moves_to_reach(game: str) -> int:
    # Enough for a Koi-Koi round or two, an Ikebana round, or most of a Hanabi game.
    return {"hanabi": 70, "ikebana": 60, "koikoi": 40}.get(game, 60)


@st.composite
def positions(draw: st.DrawFn, game: str) -> tuple[State[Any], list[State[Any]]]:
    """A game in progress (a seat to act), and the same game at a few earlier positions,
    reached by random moves or by the game's default bot, drawn per game."""
    info = cardgames.get_game(game)
    state: State[Any] = draw(game_states(info))
    driver = draw(st.sampled_from(["random", info.default_bot]))
    seed = draw(seeds())
    players = [info.bots[driver](seed + seat) for seat in range(len(state.players))]
    wanted = draw(st.integers(min_value=0, max_value=_moves_to_reach(game)))
    earlier: list[State[Any]] = []
    for _ in range(wanted):
        seat = state.current_player
        if seat is None:
            break
        legal = state.legal_actions()
        action = players[seat].act(state.view(seat), legal)
        # Keep the last position with a seat to act: the game may end on this move.
        if draw(st.booleans()) or not earlier:
            earlier.append(state.clone())
        probe = state.clone()
        probe.apply(action)
        if probe.current_player is None:
            break
        state = probe
    return state, earlier


def _ask(state: State[Any]) -> tuple[Any, Sequence[Any]]:
    seat = state.current_player
    assert seat is not None
    return state.view(seat), state.legal_actions()


def _act(bot: Agent, state: State[Any]) -> Any:
    view, legal = _ask(state)
    return bot.act(view, legal)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_act_and_explain_agree_in_any_order(game: str, name: str) -> None:
    info = cardgames.get_game(game)
    make = info.bots[name]

    @settings(max_examples=4 if (game, name) in SLOW else 12)
    @given(data=st.data(), seed=seeds())
    def check(data: st.DataObject, seed: int) -> None:
        state, earlier = data.draw(positions(game), label="position")
        elsewhere, _ = data.draw(positions(game), label="another game")
        view, legal = _ask(state)

        first = make(seed)  # act, explain, act again
        acted = first.act(view, legal)
        assert acted in legal
        explained = explain(first, view, legal)
        assert explained.action == acted, f"{name}: explained {explained.action}, acted {acted}"
        assert first.act(view, legal) == acted, f"{name}: acting again changed the move"

        second = make(seed)  # explain first, then act
        assert explain(second, view, legal).action == acted, f"{name}: explain first differs"
        assert second.act(view, legal) == acted, f"{name}: act after explain differs"

        third = make(seed)  # other positions asked in between: another game, earlier ones
        assert third.act(view, legal) == acted
        if elsewhere.current_player is not None:
            _act(third, elsewhere)
        for before in earlier[-2:]:
            _act(third, before)
        assert explain(third, view, legal).action == acted, (
            f"{name}: explaining after other positions differs")
        if earlier:
            _act(third, earlier[0])
        assert third.act(view, legal) == acted, f"{name}: acting after other positions differs"

    check()
