"""Every named Hanabi variant passes the shared conformance machine, with 2-5 players.

Besides the machine (drawn games, small budgets per variant), a deterministic sweep plays
whole random games of every preset with every player count and checks after each move the
invariants, the views, and that the fireworks' score never falls and never passes the
maximum; each finished game's record must replay to the same state.
"""

from __future__ import annotations

import random

import attrs
import pytest

import cardgames
from cardgames.hanabi import GAME, HanabiState
from cardgames.hanabi.names import variant
from cardgames.testing import conformance_machine

PRESETS = sorted(GAME.presets)

HANABLIVE_SAMPLE = (
    "Throw It in a Hole (5 Suits)", "Cow & Pig (5 Suits)", "Duck (4 Suits)",
    "Clue Starved (6 Suits)", "Alternating Clues (5 Suits)", "Sudoku (4 Suits)",
    "Sudoku & Dark Orange (5 Suits)", "Up or Down & Orange (5 Suits)", "Prism (6 Suits)",
    "Synesthesia (6 Suits)", "Color Blind (5 Suits)", "Number Mute (5 Suits)",
    "Orange (6 Suits)", "Critical Fours (5 Suits)", "Odds and Evens (5 Suits)",
    "Chimneys & Black (6 Suits)", "Dual-Color (6 Suits)", "Deceptive-Ones (5 Suits)",
)
"""hanab.live variants, one or two per flow rule and clue rule (issue 10), that run through
the full machine too; every one of hanab.live's variants is played to its end in
test_variant_flow.py."""
HANABLIVE_GAME = attrs.evolve(
    GAME, test_options={name: variant(name) for name in HANABLIVE_SAMPLE})

# One machine per named variant so that every variant is exercised on every run; the player
# count and seed are drawn. Budgets are small because there are many variants.
for _name in PRESETS:
    _machine = conformance_machine(GAME, presets=[_name], max_examples=3, steps=40)
    globals()[f"TestConformance_{_name.replace('-', '_').replace('+', '__')}"] = _machine.TestCase
for _name in HANABLIVE_SAMPLE:
    _machine = conformance_machine(HANABLIVE_GAME, presets=[_name], max_examples=3, steps=40)
    _class = "".join(ch if ch.isalnum() else "_" for ch in _name)
    globals()[f"TestHanabliveConformance_{_class}"] = _machine.TestCase
del _name, _machine, _class


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
