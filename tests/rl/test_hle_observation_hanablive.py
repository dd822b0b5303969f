"""HLE's observation of games imported from hanab.live's "No Variant" (the AH2AC2 games):
every position is HLE's game with the suits read positionally (red, yellow, green, blue,
purple as HLE's R, Y, G, W, B), so its vector is the one HLE's variant gives the same deal
and moves."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import attrs
import numpy as np
import pytest

from cardgames import OptionsError
from cardgames.hanabi import HanabiState
from cardgames.hanabi.hanablive import from_hanablive
from cardgames.rl.hanabi import hle_observation, hle_variant
from conformance_data import CONFORMANCE, needs

DATA = CONFORMANCE / "hanabi" / "ah2ac2"
GAMES_CHECKED = 6  # of 221: every position of each, three seats

HLE_LETTERS = "RYGWB"  # hanab.live's suit index i read as HLE's colour i


@cache
def games() -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads((DATA / "games.json").read_text(encoding="utf-8"))
    return loaded


def hle_deal(export: dict[str, Any]) -> HanabiState:
    """HLE's game dealt the export's deck (suits read positionally)."""
    deck = [f"{HLE_LETTERS[card['suitIndex']]}{card['rank']}" for card in export["deck"]]
    variant = hle_variant(colors=5, ranks=5, max_information_tokens=8, max_life_tokens=3,
                          hand_size_delta=0)
    return HanabiState.new(variant, players=len(export["players"]), deck=deck)


@needs(DATA)
@pytest.mark.parametrize("index", range(GAMES_CHECKED))
def test_every_position_of_an_ah2ac2_game_is_hles_observation(index: int) -> None:
    export = games()[index]["export"]
    actions = [move.action for move in from_hanablive(export).moves()]
    ours = from_hanablive({**export, "actions": []})
    hles = hle_deal(export)
    for action in actions:
        for seat in range(len(export["players"])):
            expected = hle_observation(hles.view(seat))
            assert np.array_equal(hle_observation(ours.view(seat)), expected), (
                f"move {ours.move_count}, seat {seat}")
        action_id = ours.action_id(action)
        ours.step(action_id)
        hles.step(action_id)
    assert ours.is_over


@needs(DATA)
def test_the_early_end_is_the_one_difference() -> None:
    # hanab.live ends a game once the top score is out of reach; HLE plays on.
    ended_early = [game for game in games() if from_hanablive(game["export"]).variant.early_end]
    assert ended_early
    assert all(from_hanablive(game["export"]).variant.early_end is True
               for game in ended_early[:3])


def test_other_hanablive_variants_are_still_refused() -> None:
    rainbow = from_hanablive({"players": ["a", "b"], "deck": [
        {"suitIndex": s, "rank": r} for s in range(5) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)],
        "actions": [], "options": {"variant": "Rainbow (5 Suits)"}})
    with pytest.raises(OptionsError, match="HLE's observation exists only"):
        hle_observation(rainbow.view(0))
    assert attrs.has(type(rainbow.variant))
