"""The shared conformance machine, run on every Koi-Koi preset and option combination."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import initialize

from cardgames.koikoi import GAME, KoiKoiRules
from cardgames.testing import conformance_machine, seeds
from koikoi_strategies import koikoi_rules

TestKoiKoiConformance = conformance_machine("koikoi", max_examples=60, steps=80).TestCase


class KoiKoiOptionsConformance(conformance_machine("koikoi")):  # type: ignore[misc]  # a base class built by a factory
    """The same machine on drawn combinations of every option, not only the named ones."""

    @initialize(rules=koikoi_rules(), seed=seeds())
    def start(self, rules: KoiKoiRules, seed: int) -> None:  # draws rules, not a preset name
        self.state = GAME.new_game(2, seed, options=rules)


TestKoiKoiOptionsConformance = KoiKoiOptionsConformance.TestCase
TestKoiKoiOptionsConformance.settings = settings(
    max_examples=40, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("preset", sorted(GAME.conformance_options))
def test_every_preset_plays_full_matches_with_invariants(preset: str) -> None:
    # Whole seeded random matches per preset, checking the invariants and views after every
    # move: the machine above samples presets, this makes sure none is left out.
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
