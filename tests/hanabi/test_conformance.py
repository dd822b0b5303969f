"""Every named Hanabi variant passes the shared conformance machine, with 2-5 players.

Besides the machine (drawn games, small budgets per variant), a deterministic sweep plays
whole random games of every preset with every player count and checks after each move the
invariants, the views, and that the fireworks' score never falls and never passes the
maximum; each finished game's record must replay to the same state.
"""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.hanabi import GAME, HanabiState
from cardgames.testing import conformance_machine

PRESETS = sorted(GAME.presets)

# One machine per named variant so that every variant is exercised on every run; the player
# count and seed are drawn. Budgets are small because there are many variants.
for _name in PRESETS:
    _machine = conformance_machine(GAME, presets=[_name], max_examples=3, steps=40)
    globals()[f"TestConformance_{_name.replace('-', '_').replace('+', '__')}"] = _machine.TestCase
del _name, _machine


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_keep_every_invariant(preset: str, players: int) -> None:
    for seed in range(2):
        state = GAME.new_game(players, seed, options=GAME.presets[preset])
        assert isinstance(state, HanabiState)
        rng = random.Random(seed)
        best = state.fireworks_score
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            state.check_invariants()
            for seat in range(players):
                state.check_view(seat)
            assert state.fireworks_score >= best, "the fireworks' score fell"
            best = state.fireworks_score
        assert state.move_count <= GAME.max_moves
        assert cardgames.replay(state.record()) == state
