"""Whole games through the app, as a person plays them: keyboard alone, or mouse alone."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.app.screens import PassScreen, TableScreen
from cardgames.app.session import new_session
from cardgames.session import load_session

from .conftest import act_by_keys, hinted, play_to_the_end, screen_text, settle


def _session(game: str, tmp_path: Path, **kwargs: Any) -> Any:
    info = cardgames.get_game(game)
    session, _ = new_session(info, save_path=tmp_path / f"{game}.json", **kwargs)
    return session


@pytest.mark.parametrize(("game", "players"), [("koikoi", 2), ("hanabi", 3), ("ikebana", 4)])
@pytest.mark.parametrize("mouse", [False, True], ids=["keys", "mouse"])
def test_a_full_game_is_played_to_the_end(
    game: str, players: int, mouse: bool, tmp_path: Path, run_app: Any
) -> None:
    # Full length, as the issue asks: a 12-round Koi-Koi match, a 3-player Hanabi game to its
    # last card, a 4-player Ikebana game of 4 rounds; every human move as the hint says.
    session = _session(game, tmp_path, players=players, seed=7)

    async def play() -> None:
        async with run_app(session) as pilot:
            final = await play_to_the_end(pilot, mouse=mouse, choose=hinted)
            text = str(final.query_one("#record-path").render())
            assert str(tmp_path / f"{game}.json") in text

    started = time.perf_counter()
    asyncio.run(play())
    print(f"{game} {'mouse' if mouse else 'keys'}: {session.state.move_count} moves, "
          f"{time.perf_counter() - started:.1f}s")
    state = session.state
    assert state.is_over
    if game == "koikoi":
        assert len(state.round_results) == state.rules.rounds == 12
    elif game == "ikebana":
        assert len(state.round_results) == state.options.rounds == 4
    else:
        assert state.deck_size == 0 or state.score == state.max_score
    saved = load_session(tmp_path / f"{game}.json", cardgames.get_game(game))
    assert saved.state == session.state


def test_hot_seat_passes_the_screen_and_shows_no_hand_while_it_is_passed(
    tmp_path: Path, run_app: Any
) -> None:
    # Three people at one screen: every turn is passed to the next player.
    session = _session("hanabi", tmp_path, players=3, humans=3, seed=5)
    state = session.state
    passed_to: list[str] = []

    async def play() -> None:
        async with run_app(session) as pilot:
            await settle(pilot)
            for _ in range(3):
                screen = pilot.app.screen
                assert isinstance(screen, TableScreen)
                seat = session.to_move
                assert screen.viewer == seat
                # The player at the screen sees the others' cards, not their own.
                shown = "\n".join(screen_text(pilot.app))
                for other in range(3):
                    for card in state.hand(other):
                        if other != seat:
                            assert str(card) in shown
                await act_by_keys(pilot, screen, state.legal_actions()[0])
                await settle(pilot)
                pass_screen = pilot.app.screen
                assert isinstance(pass_screen, PassScreen)
                passed_to.append(pass_screen.player)
                text = "\n".join(screen_text(pilot.app))
                assert f"Pass the screen to {pass_screen.player}" in text
                # Nothing of any hand while the screen changes hands: no card, no slot.
                for hand in range(3):
                    for card in state.hand(hand):
                        assert str(card) not in text
                assert "#1" not in text
                await pilot.press("enter")
                await settle(pilot)

    asyncio.run(play())
    assert passed_to == [state.players[1], state.players[2], state.players[0]]
