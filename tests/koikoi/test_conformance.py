"""The shared conformance machine, run on every Koi-Koi preset and option combination."""

from __future__ import annotations

import pytest

from cardgames.koikoi import GAME
from cardgames.testing import conformance_machine

TestKoiKoiConformance = conformance_machine("koikoi", max_examples=60, steps=80).TestCase


@pytest.mark.parametrize("preset", sorted(GAME.conformance_options))
def test_every_preset_plays_full_matches_with_invariants(preset: str) -> None:
    # Whole seeded random matches per preset, checking the invariants and views after every
    # move: the machine above samples presets, this makes sure none is left out.
    import random

    for seed in range(4):
        state = GAME.new_game(2, seed, options=GAME.conformance_options[preset])
        rng = random.Random(seed)
        while not state.is_over:
            state.check_invariants()
            state.check_view(0)
            state.check_view(1)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        state.check_invariants()
        assert GAME.replay(state.record()) == state
