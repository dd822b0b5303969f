"""The shared options helpers and the public hypothesis strategies."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import cardgames
from cardgames.core import OptionsError, Record
from cardgames.core.errors import did_you_mean
from cardgames.core.game import State
from cardgames.core.options import (
    bounded,
    check_options,
    options_differences,
    options_from_dict,
    options_from_preset,
    options_to_dict,
)
from cardgames.testing import game_states, played_states
from tinygame import TINY


class Speed(enum.StrEnum):
    SLOW = "slow"
    FAST = "fast"


@attrs.frozen(kw_only=True)
class Rules:
    rounds: int = bounded(4, 1, 12)
    calls: int | None = bounded(1, 0, 9, unlimited=True)
    doubled: bool = False
    speed: Speed = Speed.SLOW

    def __attrs_post_init__(self) -> None:
        check_options(self)


PRESETS = {"plain": Rules(), "quick": Rules(rounds=2, speed=Speed.FAST)}


def test_strings_from_a_command_line_become_typed_values() -> None:
    rules = options_from_dict(
        Rules, {"rounds": "6", "calls": "unlimited", "doubled": "on", "speed": "FAST"},
        label="Test",
    )
    assert rules == Rules(rounds=6, calls=None, doubled=True, speed=Speed.FAST)
    assert options_from_dict(Rules, options_to_dict(rules), label="Test") == rules
    assert options_to_dict(rules) == {
        "rounds": 6, "calls": None, "doubled": True, "speed": "fast"
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"rounds": "x"}, "'rounds' must be a whole number in 1..12 (got 'x')"),
        ({"rounds": 13}, "'rounds' must be a whole number in 1..12 (got 13)"),
        ({"rounds": True}, "'rounds' must be a whole number in 1..12 (got True)"),
        ({"calls": -1}, "'calls' must be a whole number in 0..9 or 'unlimited' (got -1)"),
        ({"doubled": "maybe"}, "'doubled' must be true or false (on/off, yes/no)"),
        ({"doubled": 1}, "'doubled' must be true or false (got 1)"),
        ({"speed": "warp"}, "'speed' must be one of slow, fast (got 'warp')"),
        ({"colour": "red"}, "unknown Test option 'colour'; options: calls, doubled, rounds"),
        ([], "Test options must be a mapping"),
    ],
)
def test_a_bad_option_names_field_value_and_allowed(data: Any, message: str) -> None:
    with pytest.raises(OptionsError) as info:
        options_from_dict(Rules, data, label="Test")
    assert message in str(info.value)


def test_presets_with_overrides() -> None:
    quick = options_from_preset(PRESETS, "Quick", {"doubled": "yes"}, default="plain",
                                label="Test")
    assert quick == Rules(rounds=2, speed=Speed.FAST, doubled=True)
    assert options_from_preset(PRESETS, None, {}, default="plain", label="Test") is PRESETS[
        "plain"
    ]
    assert options_differences(PRESETS["plain"], quick) == {
        "rounds": (4, 2), "doubled": (False, True), "speed": ("slow", "fast")
    }
    with pytest.raises(OptionsError, match="unknown Test preset 'slowest'; presets: plain"):
        options_from_preset(PRESETS, "slowest", {}, default="plain", label="Test")
    with pytest.raises(OptionsError, match="unknown Test option 'turbo'; options: preset, "):
        options_from_preset(PRESETS, "plain", {"turbo": 1}, default="plain", label="Test")


def test_built_options_are_kept_only_for_what_built_them() -> None:
    tiny = attrs.evolve(TINY)  # an empty cache of built options
    kept = tiny.make_options(hand_size=1)
    assert tiny.make_options(hand_size=1) is kept
    assert tiny.make_options(hand_size="1") == kept
    with pytest.raises(OptionsError, match="'hand_size' must be a whole number"):
        tiny.make_options(hand_size=True)  # True == 1, but no int option's value
    # A tuple compares its items without their types: (True, 2) is not what (1, 2) built.
    hanabi = attrs.evolve(cardgames.get_game("hanabi"))
    assert hanabi.make_options(variant="standard", clue_ranks=(1, 2)).clue_ranks == (1, 2)
    for bad in [(True, 2), (1.0, 2)]:
        with pytest.raises(OptionsError, match="'clue_ranks' must be a list of ranks"):
            hanabi.make_options(variant="standard", clue_ranks=bad)


@settings(max_examples=30, deadline=None)
@given(game_states(TINY))
def test_game_states_are_fresh_games(state: State[Any]) -> None:
    assert state.move_count == 0
    assert len(state.players) in TINY.player_counts


@settings(max_examples=30, deadline=None)
@given(played_states(TINY, max_moves=12))
def test_played_states_replay(state: State[Any]) -> None:
    assert TINY.replay(Record.from_json(state.record().to_json())) == state


def test_did_you_mean_ignores_case_and_shows_choices_as_given() -> None:
    assert did_you_mean("stpo", ["stop", "koikoi"]) == " (did you mean stop?)"
    assert did_you_mean("CAROL", ["Alice", "Carol"]) == " (did you mean Carol?)"
    assert did_you_mean("zzz", ["Alice"]) == ""
