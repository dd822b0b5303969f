"""The session layer (no user interface): seats, saves, the autosave's warnings, undo."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from cardgames.core.errors import OptionsError
from cardgames.session import (
    HUMAN,
    LocalGame,
    SavedGame,
    SaveWarning,
    load_session,
    new_save_path,
    parse_bots,
    save_session,
    seat_kinds,
)
from tinygame import TINY


def live_game(save: Path | None, seats: tuple[str, ...] = ("random", HUMAN, "random"),
              **kwargs: Any) -> LocalGame[Any]:
    return LocalGame(TINY, SavedGame.new(TINY, seats, seed=4), save, **kwargs)


def play_to_the_human(live: LocalGame[Any]) -> None:
    while live.bot_to_move:
        live.apply(live.bot_action())


def test_seats_are_people_where_asked_and_the_named_bots_elsewhere() -> None:
    assert parse_bots(" random , random ") == ("random", "random")
    assert seat_kinds(TINY, 3, [1], parse_bots("random")) == ("random", HUMAN, "random")
    assert seat_kinds(TINY, 2, [], ()) == (TINY.default_bot,) * 2  # the default bot
    with pytest.raises(OptionsError, match="unknown bot 'greedy'"):
        seat_kinds(TINY, 2, [0], ["greedy"])
    with pytest.raises(OptionsError, match="'bots' names 2 bots for 1 seats"):
        seat_kinds(TINY, 2, [0], ["random", "random"], flag="'bots'")


def test_a_new_session_is_dealt_from_its_seed_and_names_its_seats() -> None:
    saved = SavedGame.new(TINY, (HUMAN, "random"), seed=9, named=True)
    assert saved.bot_seed == saved.state.seed == 9
    assert saved.state.players == ("You", "Random")
    assert saved.state == TINY.new_game(2, 9, names=("You", "Random"))
    with pytest.raises(OptionsError):
        SavedGame.new(TINY, (HUMAN, "random"), options={"hand_size": "many"})


def test_the_actors_are_who_made_each_move_after_a_resume_too(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    live = live_game(save)
    seats = []
    for _ in range(4):
        seats.append(live.to_move)
        live.apply(live.state.legal_actions()[0])
    live.save()
    assert live.actors == tuple(seats) == (0, 1, 2, 0)
    resumed = LocalGame(TINY, load_session(save, TINY), save)
    assert resumed.actors == live.actors


def test_undo_takes_back_the_humans_last_move_and_the_bot_replies(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    live = live_game(save)
    live.start()
    assert live.undo_seat() is None
    assert live.undo() == 0
    play_to_the_human(live)
    before = live.state.clone()
    live.apply(live.state.legal_actions()[0])
    play_to_the_human(live)
    moves = live.state.move_count
    assert live.undo() == moves - before.move_count > 1  # the bots' replies too
    assert live.state == before
    assert live.human_to_move
    assert load_session(save, TINY).state == before  # saved at once
    live.close()


def test_undo_needs_exactly_one_human(tmp_path: Path) -> None:
    hot_seat = live_game(None, (HUMAN, HUMAN))
    hot_seat.apply(hot_seat.state.legal_actions()[0])
    assert hot_seat.humans == (0, 1)
    assert hot_seat.undo_seat() is None
    assert hot_seat.undo() == 0
    assert hot_seat.state.move_count == 1


def test_a_save_that_fails_moves_to_the_default_folder_and_says_so(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    heard: list[SaveWarning] = []
    live = live_game(blocked / "game.json", warn=heard.append)
    live.start()
    home = Path(os.environ["CARDGAMES_HOME"]) / "saves" / "tiny-4.json"
    assert live.save_path == home
    assert live.is_saved
    assert [warning.saved for warning in heard] == [True]
    assert f"the game is saved to {home} instead" in heard[0].text
    assert load_session(home, TINY).state == live.state
    live.close()


def test_a_game_that_cannot_be_saved_anywhere_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The default folder is blocked too: a file where the folder would be.
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path / "a-file"))
    (tmp_path / "a-file").write_text("not a folder")
    heard: list[SaveWarning] = []
    live = live_game(tmp_path / "a-file" / "game.json", warn=heard.append)
    live.start()
    live.apply(live.state.legal_actions()[0])
    assert not live.save()
    assert not live.is_saved
    assert [warning.saved for warning in heard] == [False]  # once, not once per move
    assert "the game is NOT saved (cannot write" in heard[0].text
    elsewhere = tmp_path / "elsewhere.json"
    assert live.autosave.save_to(elsewhere)
    assert live.is_saved
    assert live.save_path == elsewhere
    assert load_session(elsewhere, TINY).state == live.state
    live.close()


def test_a_new_game_does_not_take_the_file_of_an_unfinished_one() -> None:
    path, note = new_save_path(TINY, 4)
    assert note is None
    save_session(path, SavedGame.new(TINY, (HUMAN, "random"), seed=4))
    other, note = new_save_path(TINY, 4)
    assert other == path.with_name("tiny-4-2.json")
    assert note is not None
    assert str(path) in note
    assert str(other) in note
