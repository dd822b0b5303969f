"""Agreement with people over AH2AC2's hanab.live games (``../shared/conformance``)."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.arena.agreement import agreement_plan, agreement_rows, read_games, run_agreement
from cardgames.testing import positions
from conformance_data import CONFORMANCE, needs

GAMES = CONFORMANCE / "hanabi" / "ah2ac2" / "games.json"
pytestmark = needs(GAMES.parent)


def test_the_ah2ac2_file_reads_as_its_221_finished_games() -> None:
    games = read_games(GAMES, "hanabi")
    assert len(games) == 221
    assert all(game.is_over and len(game.players) == 3 for game in games)


@pytest.mark.parametrize("bot", ["convention", "h-group"])
def test_agreement_is_a_fresh_bot_asked_at_every_recorded_position(bot: str) -> None:
    games = read_games(GAMES, "hanabi")[:2]
    [row] = agreement_rows(run_agreement(agreement_plan(games, [bot])))
    factory = cardgames.get_game("hanabi").bots[bot]
    expected = seen = 0
    for game in games:
        for state, human in positions(game):
            seat = state.current_player
            assert seat is not None
            seen += 1
            expected += factory(0).act(state.view(seat), state.legal_actions()) == human
    assert (row.positions, row.agreed) == (seen, expected)
    assert row.faults == {}
