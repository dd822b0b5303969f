"""The H-Group bot family (cardgames.hanabi.hgroup): registered levels, legal whole games,
and scenarios from the conventions' example situations, each with the expected reading."""

from __future__ import annotations

import pytest

from cardgames.core.loop import play
from cardgames.hanabi import GAME, HGROUP_LEVELS, HanabiState, variant_from_name
from cardgames.hanabi.hgroup import LEVELS, TOP_LEVEL, HGroupBot


def test_the_levels_are_registered_as_bots() -> None:
    assert HGROUP_LEVELS == len(LEVELS) == TOP_LEVEL
    assert sorted(LEVELS) == list(range(1, TOP_LEVEL + 1))
    top = GAME.bots["h-group"](3)
    assert isinstance(top, HGroupBot)
    assert top.level == TOP_LEVEL
    for level in LEVELS:
        bot = GAME.bots[f"h-group-{level}"](3)
        assert isinstance(bot, HGroupBot)
        assert bot.level == level


def test_an_unknown_level_is_refused_with_the_levels_named() -> None:
    with pytest.raises(ValueError, match=r"one of \[1, 2, 3, 4\]"):
        HGroupBot(0, level=99)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_whole_games_legally(players: int, level: int) -> None:
    for seed in range(2):
        state = HanabiState.new(variant_from_name("standard"), players=players, seed=seed)
        bots = [HGroupBot(seed * 10 + seat, level) for seat in range(players)]
        play(state, bots, max_moves=GAME.max_moves)  # play() refuses an illegal move
        assert state.is_over
