"""KoiKoiRules: defaults, presets and their documented differences, validation, round trips."""

from __future__ import annotations

import attrs
import pytest

from cardgames.core.errors import OptionsError
from cardgames.koikoi import (
    DEFAULT_PRESET,
    GAME,
    PRESET_DESCRIPTIONS,
    PRESETS,
    DrawnRound,
    KoiKoiPenalty,
    KoiKoiRules,
    LuckyHands,
    make_rules,
)


def test_defaults_are_the_nintendo_rulebook() -> None:
    rules = KoiKoiRules()
    assert DEFAULT_PRESET == "nintendo"
    assert PRESETS["nintendo"] == rules == make_rules()
    assert rules.rounds == 12
    assert rules.max_koikoi_calls == 1
    assert rules.sake_cup_as_chaff
    assert rules.double_at_7
    assert rules.koikoi_penalty is KoiKoiPenalty.DOUBLE
    assert rules.drawn_round is DrawnRound.NOBODY
    assert rules.lucky_hands is LuckyHands.POINTS
    assert rules.lucky_hand_points == 6
    assert rules.redeal_four_on_field
    assert rules.capture_all_three
    assert (rules.goko_points, rules.shiko_points, rules.ame_shiko_points, rules.sanko_points) == (
        10, 8, 7, 5,
    )


def test_each_preset_differs_from_nintendo_as_documented() -> None:
    nintendo = PRESETS["nintendo"]
    assert PRESETS["online"].differences(nintendo) == {
        "rounds": (6, 12),
        "max_koikoi_calls": (None, 1),
    }
    assert PRESETS["traditional"].differences(nintendo) == {
        "max_koikoi_calls": (None, 1),
        "goko_points": (15, 10),
        "shiko_points": (10, 8),
        "ame_shiko_points": (8, 7),
        "sanko_points": (6, 5),
        "viewing_cancelled_by_rain": (True, False),
        "double_at_7": (False, True),
        "drawn_round": ("dealer", "nobody"),
        "tsuki_fuda": (True, False),
    }
    assert set(PRESET_DESCRIPTIONS) == set(PRESETS)


def test_the_registry_runs_every_preset_and_extra_combinations() -> None:
    assert GAME.presets == PRESETS
    assert set(PRESETS) < set(GAME.conformance_options)
    for name, rules in PRESETS.items():
        assert GAME.conformance_options[name] is rules


@pytest.mark.parametrize("name", sorted(GAME.conformance_options))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    rules = GAME.conformance_options[name]
    data = rules.to_dict()
    assert all(isinstance(v, (bool, int, str, type(None))) for v in data.values())
    assert KoiKoiRules.from_dict(data) == rules
    assert GAME.options_from_dict(data) == rules


def test_strings_from_the_command_line() -> None:
    rules = make_rules(
        "online",
        rounds="3",
        double_at_7="off",
        max_koikoi_calls="unlimited",
        koikoi_penalty="Growing",
        drawn_round="dealer",
        lucky_hands="redeal",
    )
    assert rules.rounds == 3
    assert rules.double_at_7 is False
    assert rules.max_koikoi_calls is None
    assert rules.koikoi_penalty is KoiKoiPenalty.GROWING
    assert rules.drawn_round is DrawnRound.DEALER
    assert rules.lucky_hands is LuckyHands.REDEAL
    assert make_rules(max_koikoi_calls="2").max_koikoi_calls == 2
    assert GAME.make_options(preset="online", rounds="3").rounds == 3


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"rounds": "x"}, "'rounds' must be a whole number in 1..24 (got 'x')"),
        ({"rounds": 0}, "'rounds' must be a whole number in 1..24 (got 0)"),
        ({"rounds": 25}, "in 1..24 (got 25)"),
        ({"koikoi_penalty": "triple"}, "'koikoi_penalty' must be one of double, none, growing"),
        ({"drawn_round": "dealer's"}, "'drawn_round' must be one of nobody, dealer"),
        ({"lucky_hands": 6}, "'lucky_hands' must be one of points, redeal, off (got 6)"),
        ({"double_at_7": "maybe"}, "'double_at_7' must be true or false"),
        ({"double_at_7": 1}, "'double_at_7' must be true or false (got 1)"),
        ({"viewing_yaku_points": 11}, "'viewing_yaku_points' must be a whole number in 1..10"),
        ({"max_koikoi_calls": -1}, "'max_koikoi_calls' must be a whole number in 0..16 or"),
        ({"goko_points": 6}, "goko_points >= shiko_points"),
        ({"tsuki_fuda_points": 0}, "'tsuki_fuda_points'"),
        ({"colour": "red"}, "unknown Koi-Koi option 'colour'"),
    ],
)
def test_bad_options_name_field_value_and_allowed(
    overrides: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionsError) as info:
        make_rules(**overrides)
    assert message in str(info.value)


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(OptionsError, match="unknown Koi-Koi preset 'mario'; presets: nintendo"):
        make_rules("mario")


def test_direct_construction_is_validated_too() -> None:
    with pytest.raises(OptionsError, match="'rounds'"):
        KoiKoiRules(rounds=True)
    assert KoiKoiRules(koikoi_penalty="none").koikoi_penalty is KoiKoiPenalty.NONE  # type: ignore[arg-type]  # strings are accepted and converted


def test_rules_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        KoiKoiRules().rounds = 3  # type: ignore[misc]  # the point is that it fails


def test_from_dict_refuses_non_mappings_and_unknown_fields() -> None:
    with pytest.raises(OptionsError, match="mapping"):
        KoiKoiRules.from_dict([1, 2])  # type: ignore[arg-type]  # the point is a wrong type
    with pytest.raises(OptionsError, match="unknown Koi-Koi option 'x'"):
        KoiKoiRules.from_dict({"x": 1})
