"""Wherever a person sits, the Hanabi partner is the H-Group bot (issue 29, item 3): the line
mode's and the app's bots and hints, the lobby's default seat, the server's hints; ``hard``
at a table with a person is ``h-group`` at its top level; the hat family is labelled as for
bot-only tables. The game says all this through its GameInfo, so no place names a game."""

from __future__ import annotations

import attrs
import pytest

from cardgames.hanabi import BOT_ONLY, GAME
from cardgames.hanabi.hat import HatBot
from cardgames.hanabi.hgroup import LEVELS, TOP_LEVEL, HGroupBot
from cardgames.hanabi.hints import hint
from cardgames.hanabi.search import DuoBot
from cardgames.server.catalogue import game_entry
from cardgames.server.store import SeatRow, TableRow
from cardgames.server.tables import LiveTable
from cardgames.session import HUMAN, SavedGame, seat_agents, seat_kinds


def test_the_game_names_the_h_group_bot_for_tables_with_people() -> None:
    assert GAME.people_bot == "h-group"
    assert GAME.bot_among_people("hard") == "h-group"
    assert GAME.bot_among_people("normal") == "normal"  # the other levels stay as they are
    assert GAME.levels["hard"] == "duo"  # between bots, hard is still the strongest


def test_the_labels_say_each_h_group_level_and_that_hat_is_for_bots() -> None:
    for level, line in LEVELS.items():
        label = f"h-group-{level}: H-Group level {level}: {line}"
        assert GAME.bot_label(f"h-group-{level}") == label
    assert f"H-Group level {TOP_LEVEL}" in GAME.bot_label("h-group")
    for name in ("hat", "duo"):
        assert BOT_ONLY in GAME.bot_label(name)
    # A level is labelled as the bot it means: among people hard is the H-Group bot.
    assert BOT_ONLY in GAME.bot_label("hard")
    assert GAME.bot_label("hard", with_people=True) == f"hard: {GAME.bot_label('h-group')[9:]}"


def test_a_person_playing_gets_h_group_partners_unless_they_name_others() -> None:
    assert seat_kinds(GAME, 3, [0], ()) == (HUMAN, "h-group", "h-group")
    assert seat_kinds(GAME, 2, [0], ["convention"]) == (HUMAN, "convention")
    assert seat_kinds(GAME, 2, [], ()) == ("convention", "convention")  # bots only


def test_hard_is_the_h_group_bot_beside_a_person_and_the_hat_family_between_bots() -> None:
    with_person = SavedGame.new(GAME, (HUMAN, "hard", "hat"), seed=1)
    agents = seat_agents(GAME, with_person)
    assert isinstance(agents[1], HGroupBot)
    assert agents[1].level == TOP_LEVEL
    assert isinstance(agents[2], HatBot)  # a bot named by its own name stays that bot
    bots_only = SavedGame.new(GAME, ("hard", "hard"), seed=1)
    assert all(isinstance(agent, DuoBot) for agent in seat_agents(GAME, bots_only).values())


def test_the_line_mode_and_app_hint_is_the_h_group_bots_with_its_reading() -> None:
    state = GAME.new_game(2, seed=4)
    state.apply(state.parse("clue 2 1"))
    view, legal = state.view(1), state.legal_actions()
    given = hint(view, legal)
    assert given == HGroupBot(0).explain(view, legal)
    assert "clue" in given.reason  # led by how it read the clue it just received


def test_the_lobby_offers_the_h_group_bot_by_default_with_labels() -> None:
    entry = game_entry(GAME)
    assert entry["default_bot"] == "h-group"
    assert entry["default_bot"] in entry["bots"]
    assert entry["bot_labels"]["h-group-1"].startswith("h-group-1: H-Group level 1")
    assert BOT_ONLY in entry["bot_labels"]["hat"]


def table(seats: tuple[SeatRow, ...]) -> LiveTable:
    row = TableRow(id="t1", name="t", game="hanabi", options={}, seed=5, bot_seed=9,
                   password_hash=None, hints=True, autostart=True, status="playing",
                   header=None, creator="c", created=0.0, seats=seats)
    live = LiveTable(row, GAME, list(seats))
    live.state = GAME.new_game(len(seats), seed=5)
    return live


def test_the_server_hints_and_seats_a_person_with_the_h_group_bot() -> None:
    live = table((SeatRow(0, "person", "Ann"), SeatRow(1, "bot", "Hard", "hard")))
    assert isinstance(live.hint_agent(0), HGroupBot)
    live.make_agents()
    assert isinstance(live.agents[1], HGroupBot)
    bots = table((SeatRow(0, "bot", "Hard", "hard"), SeatRow(1, "bot", "Hat", "hat")))
    bots.make_agents()
    assert isinstance(bots.agents[0], DuoBot)
    assert isinstance(bots.agents[1], HatBot)


def test_a_game_entry_refuses_a_bot_for_people_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="bot_with_people"):
        attrs.evolve(GAME, bot_with_people="nobody")
    with pytest.raises(ValueError, match="levels_with_people"):
        attrs.evolve(GAME, levels_with_people={"hard": "nobody"})
