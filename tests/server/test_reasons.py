"""Why a bot moved: the server keeps each bundled bot's reason with its move and sends the
reasons once the game is over (until then a reason may name cards some seat may not see):
in ``game_over``, in a finished game's log and replay, across a restart; ``cardgames.net``
and ``cardgames join`` show them."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from rich.markup import escape

import cardgames
from cardgames import net
from cardgames.app.online import OnlineTable
from cardgames.core.agents import RandomAgent
from cardgames.core.record import Record
from cardgames.server.workers import bot_move
from server.kit import Running, random_chooser, running_server


def _play_against_the_bot(server: Running) -> tuple[str, str, dict[str, Any], list[dict[str, Any]]]:
    """A person (seat 0, random moves) and Hanabi's bot for people (seat 1), to the end:
    the table, the person's token, the game_over and every view the person was sent."""
    table = server.create("hanabi", [None, "hard"], seed=4, autostart=True)
    _seat, token = server.sit(table, "Ann")
    person = server.client()
    person.join(table, token)
    over = person.play(random_chooser(2))
    assert over is not None
    views = [message for message in person.received if message["type"] == "view"]
    person.close()
    return table, token, over, views


def test_the_bots_reasons_come_with_the_end_and_only_then(sqlite_url: str) -> None:
    with running_server(sqlite_url) as server:
        table, token, over, views = _play_against_the_bot(server)
        record = Record.from_dict(over["record"])
        final = cardgames.replay(record)
        bot_moves = [number for number, move in enumerate(final.moves()) if move.seat == 1]
        assert bot_moves
        # Every bot move has its reason, in move order, and no person's move has one.
        assert [item["move"] for item in over["reasons"]] == bot_moves
        assert all(item["seat"] == 1 and item["reason"].strip() for item in over["reasons"])
        # While the game went on no log entry carried a reason.
        assert all("reason" not in entry or entry["reason"] is None
                   for view in views if view["status"] == "playing" for entry in view["log"])
        reasons = {item["move"]: item["reason"] for item in over["reasons"]}

        def logged(entries: list[dict[str, Any]]) -> dict[int, str]:
            return {number: entry["reason"] for number, entry in enumerate(entries)
                    if entry.get("reason") is not None}

        # Joining the finished table: the whole log, each bot move with its reason.
        again = server.client()
        assert logged(again.join(table, token)["log"]) == reasons
        again.close()
        # The replay's positions carry them too.
        middle = server.ok("GET", f"/api/tables/{table}/moves/{final.move_count // 2}")
        assert logged(middle["log"]) == {number: reason for number, reason in reasons.items()
                                         if number < final.move_count // 2}
    # The database kept them: a restarted server sends the same.
    with running_server(sqlite_url) as server:
        client = server.client()
        assert logged(client.join(table, token)["log"]) == reasons
        assert client.until("game_over")["reasons"] == over["reasons"]
        client.close()


def test_a_bots_move_is_the_same_with_its_reason() -> None:
    # The bot explains first (which leaves it as it was), then acts: the move it makes is
    # the one it would have made without explaining.
    state = cardgames.new_game("hanabi", players=3, seed=8)
    rng = random.Random(1)
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        action, reason = bot_move(RandomAgent(seat), view, legal)
        assert action == RandomAgent(seat).act(view, legal)
        assert reason is not None
        assert "random" in reason
        state.apply(legal[rng.randrange(len(legal))])


BOTS = [(game, bot) for game in ("hanabi", "koikoi", "ikebana")
        for bot in cardgames.get_game(game).bots]


@pytest.mark.parametrize(("game", "bot"), BOTS, ids=[f"{g}-{b}" for g, b in BOTS])
def test_every_bundled_bot_moves_as_it_would_without_its_reasons(game: str, bot: str) -> None:
    # Two tables' worth of the same seeded bots: one explains every move before making it
    # (as the server's bots now do), the other only acts. Their moves stay the same.
    info = cardgames.get_game(game)
    state = info.new_game(info.default_players, 21)
    explaining = [info.bots[bot](seat) for seat in range(len(state.players))]
    acting = [info.bots[bot](seat) for seat in range(len(state.players))]
    for _ in range(6):
        seat = state.current_player
        if seat is None:
            break
        view, legal = state.view(seat), state.legal_actions()
        action, _reason = bot_move(explaining[seat], view, legal)
        assert action == acting[seat].act(view, legal)
        state.apply(action)


class _Silent:
    """An outside bot that gives no reasons."""

    def act(self, view: Any, legal: Any) -> Any:
        return legal[-1]


def test_a_bot_without_reasons_moves_without_one() -> None:
    state = cardgames.new_game("koikoi", seed=2)
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    assert bot_move(_Silent(), state.view(seat), legal) == (legal[-1], None)


def test_a_remote_seat_and_the_app_say_why_once_the_game_is_over(
    server: Running, tmp_path: Path
) -> None:
    table = server.create("koikoi", [None, "hard"], options={"rounds": "1"}, seed=6,
                          autostart=True)
    seat, token = server.sit(table, "Ann")
    ticket = net.Ticket(table, seat, token)

    async def play() -> tuple[dict[str, Any], dict[int, str], str | None, str | None]:
        async with net.RemoteSeat.seat(server.http, ticket) as remote:
            over = await remote.play(RandomAgent(3))
            return over, dict(remote.reasons), remote.why(over["reasons"][0]["move"]), \
                remote.why(10_000)

    over, reasons, first, nothing = asyncio.run(play())
    assert reasons == {item["move"]: item["reason"] for item in over["reasons"]}
    assert reasons
    assert first == over["reasons"][0]["reason"]
    assert nothing is None
    # The app's online table lists them when the game is over (the terminal shows it).
    online = OnlineTable(server.http, ticket, "koikoi", records=tmp_path)
    assert online.why_lines() == []
    online.client.reasons = reasons
    online.final = cardgames.replay(Record.from_dict(over["record"]))
    lines = online.why_lines()
    assert lines[0] == "Why the bots moved as they did:"
    assert len(lines) == 1 + len(reasons)
    number, reason = min(reasons.items())
    assert lines[1].startswith(f"  move {number + 1}, ")
    assert lines[1].endswith(escape(reason))
