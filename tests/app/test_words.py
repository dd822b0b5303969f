"""The app's words: one name per seat on the table and in the log, verbs and plurals that
agree with their subjects and counts (issue 22, points 5 and 7)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

import cardgames
from cardgames.app.base import Row, TableContext, plain
from cardgames.app.games import adapter_for
from cardgames.app.games.koikoi import pile_text, tile_face
from cardgames.app.session import LocalTable, new_session
from cardgames.koikoi.cards import CARDS

# "1 points", "1 cards", "1 turns": a count of one with a plural noun; and the abbreviation.
WRONG_NUMBER = re.compile(r"(?<![\d.])1 (points|cards|turns|moves|clues|games|rounds)\b|\bpts\b")


def _session(game: str, tmp_path: Path, **kwargs: Any) -> LocalTable[Any]:
    session, _ = new_session(
        cardgames.get_game(game), save_path=tmp_path / "save.json", **kwargs
    )
    return session


def _text(renderable: RenderableType) -> str:
    console = Console(width=200, record=True, file=None)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def _row_text(rows: list[Row]) -> str:
    return "\n".join(
        " ".join([plain(row.title), *(tile.face.plain for tile in row.tiles), plain(row.note)])
        for row in rows
    )


def _table_text(session: LocalTable[Any], seat: int) -> str:
    adapter = adapter_for(session.info.name)
    view = session.state.view(seat)
    keys = frozenset(
        key for action in (session.state.legal_actions() if session.to_move == seat else ())
        for key in adapter.keys_of(action, view)
    )
    return adapter.title(view) + "\n" + _row_text(adapter.rows(TableContext(view, keys)))


@pytest.mark.parametrize(("game", "players"), [("koikoi", 2), ("hanabi", 3), ("ikebana", 3)])
def test_counts_agree_with_their_nouns_on_the_table_and_in_the_log(
    game: str, players: int, tmp_path: Path
) -> None:
    # A whole game of bots, seen from seat 0 after every move: every title, row and log line.
    session = _session(game, tmp_path, players=players, humans=0, seed=3)
    adapter = adapter_for(game)
    seen = []
    while not session.state.is_over:
        move = session.apply(session.bot_action())
        seen.append(_table_text(session, 0) if not session.state.is_over else "")
        seen.append(adapter.describe(move, session.state.view(0), 0).plain)
        summary = adapter.summary(move, session.state)
        if summary is not None:
            seen.append(_text(summary))
    seen.append(_text(adapter.final(session.state)))
    wrong = [line for text in seen for line in text.splitlines() if WRONG_NUMBER.search(line)]
    assert not wrong, wrong[:5]


def test_koikoi_says_you_deal_and_you_stop(tmp_path: Path) -> None:
    # Koi-Koi names the human's seat "You": its verbs take no "s".
    session = _session("koikoi", tmp_path, seed=3)
    adapter = adapter_for("koikoi")
    state = session.state
    log = []
    while not state.is_over and len(state.round_results) < 4:
        move = session.apply(session.bot_action() if session.bot_to_move
                             else adapter.hint(state.view(0), state.legal_actions()).action)
        log.append(adapter.describe(move, state.view(0), 0).plain)
    text = "\n".join(log)
    assert "You deal" in text
    assert not re.search(r"\bYou (deals|stops|plays|draws|captures)\b", text), text


def test_hanabi_names_your_seat_as_the_log_does(tmp_path: Path) -> None:
    session = _session("hanabi", tmp_path, players=3, seed=5)
    adapter = adapter_for("hanabi")
    state = session.state
    move = session.apply(adapter.hint(state.view(0), state.legal_actions()).action)
    line = adapter.describe(move, state.view(0), 0).plain
    name = state.players[0]
    assert line.startswith(name), line
    rows = adapter.rows(TableContext(state.view(0), frozenset()))
    own_row = rows[1]
    name_tile = own_row.tiles[0].face.plain
    assert name in name_tile
    assert "(you)" in name_tile
    # Another player's tile has their name and no mark.
    others = [row.tiles[0].face.plain for row in rows[2:4]]
    assert [state.players[1] in others[0], state.players[2] in others[1]] == [True, True]
    assert not any("you" in tile.lower() for tile in others)


def test_ikebana_marks_your_seat_and_heads_its_columns(tmp_path: Path) -> None:
    session = _session("ikebana", tmp_path, players=3, seed=5)
    adapter = adapter_for("ikebana")
    view = session.state.view(0)
    rows = adapter.rows(TableContext(view, frozenset()))
    header = _row_text(rows[:1])
    assert "bouquet" in header
    assert "discard top" in header
    seats = rows[1:4]
    assert [bool(re.search(r"\(you\)", _row_text([row]))) for row in seats] == [
        True, False, False
    ]


def test_ikebana_prompt_uses_the_apps_words(tmp_path: Path) -> None:
    # "buy 2" is what the line mode's prompt reads; in the app a pile's top card is selected
    # and the Draw button pressed.
    session = _session("ikebana", tmp_path, players=3, seed=5)
    adapter = adapter_for("ikebana")
    state = session.state
    found_buy = False
    for _ in range(40):
        if state.is_over:
            break
        view = state.view(state.current_player)
        prompt = _row_text(adapter.rows(TableContext(view, frozenset()))[-1:])
        assert not re.search(r"\bbuy \d", prompt), prompt
        assert not re.search(r"\bdraw \(", prompt), prompt
        found_buy = found_buy or "select a discard pile's top card" in prompt
        session.apply(state.legal_actions()[-1] if session.human_to_move
                      else session.bot_action())
    assert found_buy



def test_a_captured_pile_names_its_cards_as_their_tiles_do() -> None:
    # A pile once said "poetry" and "sake cup" where the tiles and actions say "poem" and
    # "sake-cup": every word the pile line uses must be on the tile of a card it counts.
    for card in CARDS:
        words = re.findall(r"[a-z][a-z-]*", pile_text([card]).plain)
        face = tile_face(card).plain
        shown = face.split("\n")[1]  # the name, cut with … where longer than a tile
        for word in words:
            assert (word in face or word == "chaff"
                    or (shown.endswith("…") and word.startswith(shown[:-1]))), (word, face)


def test_your_unclued_hanabi_cards_show_as_cards_not_blank_space(tmp_path: Path) -> None:
    session = _session("hanabi", tmp_path, players=2, seed=5)
    view = session.state.view(0)
    rows = adapter_for("hanabi").rows(TableContext(view, frozenset()))
    own = [tile.face.plain for row in rows for tile in row.tiles
           if tile.key is not None and tile.key.startswith("own-")]
    assert len(own) == len(view.own_hand) == 5
    for face in own:  # "#1 " then what is known: nothing yet, so its back
        assert face.split("\n")[1].strip() == "??", face
