"""The session behind the table: undo, hints, new games, saving; and the tables' contents."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import cardgames
from cardgames.app.base import TableContext
from cardgames.app.games import adapter_for
from cardgames.app.games.hanabi import clue_history
from cardgames.app.screens import HintScreen, TableScreen
from cardgames.app.session import LocalTable, new_session
from cardgames.core.errors import OptionsError
from cardgames.hanabi.hints import card_status
from cardgames.session import HUMAN, SavedGame, load_session

from .conftest import focus_card, settle


def _session(game: str, tmp_path: Path, **kwargs: Any) -> LocalTable[Any]:
    session, _ = new_session(
        cardgames.get_game(game), save_path=tmp_path / "save.json", **kwargs
    )
    return session


def _play_bots(session: LocalTable[Any]) -> None:
    while session.bot_to_move:
        session.apply(session.bot_action())


def test_undo_takes_back_the_human_move_and_the_bot_replies(tmp_path: Path) -> None:
    session = _session("koikoi", tmp_path, seed=11)
    _play_bots(session)
    before = session.state.record()
    human = session.state.legal_actions()[0]
    session.apply(human)
    _play_bots(session)
    assert session.state.move_count > len(before.actions) + 1  # the bot replied
    moves = session.state.move_count
    taken = session.undo()
    assert taken == moves - len(before.actions)
    assert session.state.record().actions == before.actions
    assert session.human_to_move
    # The saved file holds the state after the undo, so resuming continues from there.
    assert load_session(tmp_path / "save.json", session.info).state == session.state


def test_undo_is_refused_with_two_humans_or_before_a_human_move(tmp_path: Path) -> None:
    hot_seat = _session("hanabi", tmp_path, players=2, humans=2, seed=3)
    hot_seat.apply(hot_seat.state.legal_actions()[0])
    assert hot_seat.undo_seat() is None
    assert hot_seat.undo() == 0
    fresh = _session("ikebana", tmp_path / "other", players=3, seed=3)
    assert fresh.undo() == 0


@pytest.mark.parametrize(("game", "players"), [("koikoi", 2), ("hanabi", 3), ("ikebana", 4)])
def test_a_hint_is_a_legal_move_with_a_reason(game: str, players: int, tmp_path: Path) -> None:
    session = _session(game, tmp_path, players=players, seed=5)
    adapter = adapter_for(game)
    for _ in range(12):  # hints at several points of the game
        _play_bots(session)
        if session.state.is_over:
            break
        seat = session.to_move
        view = session.state.view(seat)
        legal = session.state.legal_actions()
        hint = adapter.hint(view, legal)
        assert hint.action in legal
        assert len(hint.reason) > 20
        session.apply(hint.action)


def test_the_koikoi_hint_names_the_greedy_bots_evaluation(tmp_path: Path) -> None:
    session = _session("koikoi", tmp_path, seed=2)
    _play_bots(session)
    view = session.state.view(session.to_move)
    hint = adapter_for("koikoi").hint(view, session.state.legal_actions())
    assert "greedy bot's evaluation" in hint.reason
    assert str(hint.action).split()[1] in hint.reason or "captures nothing" in hint.reason


def test_new_session_seats_humans_first_and_checks_its_options(tmp_path: Path) -> None:
    info = cardgames.get_game("ikebana")
    session, _ = new_session(info, players=3, humans=2, bots=("random",), seed=1,
                             save_path=tmp_path / "s.json")
    assert session.seats == (HUMAN, HUMAN, "random")
    with pytest.raises(OptionsError, match="humans"):
        new_session(info, players=3, humans=4, save_path=tmp_path / "t.json")
    with pytest.raises(OptionsError):
        new_session(info, options={"rounds": "many"}, save_path=tmp_path / "u.json")


def test_koikoi_names_you_and_the_bot(tmp_path: Path) -> None:
    session = _session("koikoi", tmp_path, seed=1)
    assert session.state.players == ("You", "Greedy")


def test_the_table_shows_only_what_the_seat_may_see(tmp_path: Path) -> None:
    session = _session("hanabi", tmp_path, players=3, seed=4)
    adapter = adapter_for("hanabi")
    view = session.state.view(0)
    rows = adapter.rows(TableContext(view, frozenset()))
    shown = " ".join(tile.face.plain for row in rows for tile in row.tiles)
    for card in session.state.hand(1):
        assert str(card) in shown
    own = rows[1].tiles[1:]
    assert [tile.face.plain.split()[0] for tile in own] == ["#1", "#2", "#3", "#4", "#5"]


def test_hanabi_keeps_each_cards_clue_history(tmp_path: Path) -> None:
    session = _session("hanabi", tmp_path, players=2, seed=8, humans=0)
    state = session.state
    target = state.hand(1)[0]
    colour = state.variant.suits[state.variant.suit_of(target.suit)].name
    clue = next(a for a in state.legal_actions() if str(a) == f"clue 2 {colour}")
    session.apply(clue)
    view = state.view(1)
    history = clue_history(view)
    newest = view.own_hand[0].order
    (turn, event, touched), = history[newest]
    assert (turn, touched) == (1, True)
    assert event.target == 1
    assert card_status(view, target) in (None, "playable", "critical")


def test_the_hint_screen_makes_the_move(tmp_path: Path, run_app: Any) -> None:
    session = _session("ikebana", tmp_path, players=2, seed=9)

    async def play() -> None:
        async with run_app(session) as pilot:
            await settle(pilot)
            before = session.state.move_count
            await pilot.press("h")
            await settle(pilot)
            assert isinstance(pilot.app.screen, HintScreen)
            await pilot.press("enter")
            await settle(pilot)
            assert session.state.move_count > before

    asyncio.run(play())


def test_undo_and_notes_from_the_keyboard(tmp_path: Path, run_app: Any) -> None:
    session = _session("hanabi", tmp_path, players=2, seed=6)

    async def play() -> None:
        async with run_app(session) as pilot:
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, TableScreen)
            await focus_card(pilot, "own-1")
            await pilot.press("enter")  # select your slot 1
            await pilot.press("n")
            await pilot.pause()
            await pilot.press(*"chop", "enter")
            await pilot.pause()
            order = session.state.view(0).own_hand[0].order
            assert session.notes == {order: "chop"}
            moves = session.state.move_count
            await pilot.press("1")  # the first action of the selected card: play it
            await settle(pilot)
            assert session.state.move_count > moves
            await pilot.press("u")
            await settle(pilot)
            assert session.state.move_count == moves

    asyncio.run(play())


def test_ctrl_c_saves_and_says_where(tmp_path: Path, run_app: Any) -> None:
    session = _session("koikoi", tmp_path, seed=4)

    async def play() -> str | None:
        async with run_app(session) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+c")
        return pilot.app.return_value

    message = asyncio.run(play())
    assert message is not None
    assert message.startswith("interrupted: game saved to")
    assert str(tmp_path / "save.json") in message
    saved = load_session(tmp_path / "save.json", session.info)
    assert saved.state == session.state


def test_resuming_replays_who_moved(tmp_path: Path) -> None:
    session = _session("ikebana", tmp_path, players=3, seed=2, humans=0)
    for _ in range(10):
        session.apply(session.bot_action())
    actors = session.actors
    session.close()
    saved = load_session(tmp_path / "save.json", session.info)
    again = LocalTable(session.info, SavedGame(saved.state, saved.seats, saved.bot_seed),
                        tmp_path / "save.json")
    assert again.actors == actors


def _text(renderable: Any) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_koikoi_ai_shows_the_banks_at_the_table_in_summaries_and_at_the_end(
    tmp_path: Path,
) -> None:
    session = _session("koikoi", tmp_path, seed=3, humans=0,
                       options={"preset": "koikoi-ai"})
    adapter = adapter_for("koikoi")
    view = session.state.view(0)
    assert "banks You 30 – Greedy 30" in adapter.title(view)
    header = adapter.rows(TableContext(view, frozenset()))[0].note
    assert "bank 30" in _text(header)
    summaries = []
    while not session.state.is_over:
        move = session.apply(session.bot_action())
        summary = adapter.summary(move, session.state)
        if summary is not None:
            summaries.append(_text(summary))
    state = session.state
    assert summaries, "no round ended"
    # Each round's summary gives the banks after it, which always add up to twice the start.
    assert all("banks" in text and "match" not in text.split() for text in summaries)
    final = _text(adapter.final(state))
    banks = state.scores()
    assert sum(banks) == 60
    first, second = state.players
    assert f"banks {first} {banks[0]} – {second} {banks[1]}" in final
    # The rounds table ends with the banks (start, plus won, minus lost), not the points won.
    row = next(line for line in final.splitlines() if "banks" in line and "│" in line)
    assert [cell.strip() for cell in row.split("│")[-3:-1]] == [str(b) for b in banks]
    assert "total" not in final


def test_hanabi_clue_history_follows_hidden_plays_and_unheard_clues() -> None:
    # Throw It in a Hole: a card played face down must still leave its slot, or every
    # older clue would land on the wrong card; Cow & Pig: the receiver hears only a word.
    for name, heard in (("Throw It in a Hole (5 Suits)", None), ("Cow & Pig (5 Suits)", "moo")):
        state = cardgames.new_game("hanabi", players=2, seed=3, variant=name)
        target = state.hand(1)[2]
        colour = state.variant.clue_colours[state.variant.suit_of(target.suit)]
        clue = next(a for a in state.legal_actions() if str(a) == f"clue 2 {colour}")
        state.apply(clue)
        clued_order = state.hand_orders(1)[2]
        state.apply(next(a for a in state.legal_actions() if str(a) == "play 1"))
        state.apply(next(a for a in state.legal_actions() if str(a) == "play 1"))
        view = state.view(1)
        history = clue_history(view)
        (turn, event, touched), = history[clued_order]
        assert (turn, touched) == (1, True)
        assert event.value == (heard or colour)
        newest = view.own_hand[0].order
        assert history[newest] == []
