"""The parts of a game that live outside the core (its app adapter, its RL encoding) are named
on its GameInfo and imported on first use; a game that names none says so in one line."""

from __future__ import annotations

import pytest

from cardgames.core import OptionsError
from cardgames.core.registry import load_target
from tinygame import TINY, make_info

PARTLESS = make_info(app_adapter=None, rl_encoding=None)


def test_a_game_that_names_no_adapter_or_encoding_says_which_is_missing() -> None:
    with pytest.raises(OptionsError) as caught:
        PARTLESS.load_app_adapter()
    assert str(caught.value) == (
        "the game 'tiny' has no table in the app (its GameInfo names no app_adapter)"
    )
    with pytest.raises(OptionsError) as caught:
        PARTLESS.load_rl_encoding()
    assert str(caught.value) == (
        "the game 'tiny' has no machine-learning encoding (its GameInfo names no rl_encoding)"
    )


def test_parts_are_named_as_entry_points_are() -> None:
    # "module:NAME" names an attribute; a module alone names its conventional one.
    info = make_info(app_adapter="tinygame:PLAYS", rl_encoding="tinygame")
    assert info.load_app_adapter() is load_target("tinygame:PLAYS", "ADAPTER")
    with pytest.raises(AttributeError, match="ENCODING"):
        info.load_rl_encoding()
    assert load_target("tinygame", "TINY") is TINY
