"""221 real three-player hanab.live games (the AH2AC2 validation split) replay to their results.

The games come from ``../shared/conformance/hanabi/ah2ac2/games.json``: each holds a hanab.live
export and the recorded final score and number of turns. Two of them predate hanab.live's
current early-end rule and hold one move past it; the importer replays those without the rule.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from cardgames.hanabi.hanablive import from_hanablive, to_hanablive
from conformance_data import CONFORMANCE, needs

DATA = CONFORMANCE / "hanabi" / "ah2ac2"

pytestmark = needs(DATA)


@cache
def games() -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads((DATA / "games.json").read_text(encoding="utf-8"))
    return loaded


def test_every_game_replays_to_its_recorded_score_and_turns() -> None:
    assert len(games()) == 221
    wrong = []
    for game in games():
        state = from_hanablive(game["export"])
        expected = (True, game["expect"]["score"], game["expect"]["turns"])
        if (state.is_over, state.score, state.move_count) != expected:
            wrong.append((game["id"], (state.is_over, state.score, state.move_count), expected))
    assert wrong == []


def test_only_the_two_older_games_play_past_the_early_end() -> None:
    # Every other game ends where hanab.live's early end (on in imports) ends it.
    played_on = [game["id"] for game in games()
                 if not from_hanablive(game["export"]).variant.early_end]
    assert len(played_on) == 2


def test_every_game_round_trips_through_an_export() -> None:
    for game in games():
        export = game["export"]
        state = from_hanablive(export)
        again = to_hanablive(state)
        assert again["deck"] == export["deck"]
        # The same moves; hanab.live's exports carry no game-over action here.
        assert again["actions"] == [
            {"type": a["type"], "target": a["target"], "value": a.get("value", 0)}
            for a in export["actions"]]
        assert to_hanablive(from_hanablive(again)) == again
