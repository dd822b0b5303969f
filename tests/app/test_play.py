"""Whole games through the app, as a person plays them: keyboard alone, or mouse alone."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.app.session import new_session
from cardgames.terminal import load_session

from .conftest import play_to_the_end


def _session(game: str, tmp_path: Path, **kwargs: Any) -> Any:
    info = cardgames.get_game(game)
    session, _ = new_session(info, save_path=tmp_path / f"{game}.json", **kwargs)
    return session


@pytest.mark.parametrize(("game", "players", "options"), [
    ("koikoi", 2, {"rounds": 3}),
    ("hanabi", 3, {}),
    ("ikebana", 4, {"rounds": 2}),
])
@pytest.mark.parametrize("mouse", [False, True], ids=["keys", "mouse"])
def test_a_game_is_played_to_the_end(
    game: str, players: int, options: dict[str, Any], mouse: bool, tmp_path: Path, run_app: Any
) -> None:
    session = _session(game, tmp_path, players=players, seed=7, options=options)

    async def play() -> None:
        async with run_app(session) as pilot:
            final = await play_to_the_end(pilot, mouse=mouse)
            text = str(final.query_one("#record-path").render())
            assert str(tmp_path / f"{game}.json") in text

    started = time.perf_counter()
    asyncio.run(play())
    print(f"{game} {'mouse' if mouse else 'keys'}: {time.perf_counter() - started:.1f}s")
    assert session.state.is_over
    saved = load_session(tmp_path / f"{game}.json", cardgames.get_game(game))
    assert saved.state == session.state
