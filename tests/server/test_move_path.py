"""The one move path, on a table in memory: ``LiveTable.play`` resolves an act (an id, a
notation or the action itself), makes it on a copy, commits it, swaps it in and sends every
connection its view; a refused act or a failed commit changes nothing and sends nothing."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardgames
from cardgames.server import store
from cardgames.server.store import ActionRow, SeatRow, TableRow
from cardgames.server.tables import LiveTable, ProtocolError
from cardgames.wire.messages import ChatMessage


class Seat:
    """A connection at the table as the table sees it (speaking protocol version 1: whole
    views), keeping what it is sent in `received`."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.version = 1
        self.logged = 0
        self.sent: dict[str, Any] | None = None  # the last view sent, as the table keeps it
        self.received: list[dict[str, Any]] = []

    def send_text(self, text: str) -> None:
        self.received.append(json.loads(text))

    def send(self, message: Any) -> None:
        self.send_text(message.model_dump_json())

    def close(self) -> None:
        pass


class Kept:
    """A Commit that keeps the writes (or fails them all, when told)."""

    def __init__(self) -> None:
        self.writes: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
        self.fail = False

    async def __call__(self, statement: Callable[..., None], *args: Any) -> None:
        if self.fail:
            raise ProtocolError("server", "the server could not save this; nothing changed")
        self.writes.append((statement, args))


def new_table(commit: Kept, game: str = "hanabi", seats: int = 2) -> LiveTable:
    rows = tuple(SeatRow(seat, "person", f"P{seat}", None, "hash") for seat in range(seats))
    row = TableRow(id="t", name="t", game=game, options={}, seed=3, bot_seed=4,
                   password_hash=None, hints=False, autostart=False, status="waiting",
                   header=None, creator="c", created=0.0, seats=rows)
    table = LiveTable(row, cardgames.get_game(game), list(rows), commit=commit)
    table.start()
    return table


def test_an_act_is_committed_then_applied_then_sent_to_everyone() -> None:
    commit = Kept()
    table = new_table(commit)
    seats = [Seat(0), Seat(1), Seat(None)]
    table.listeners.update(seats)
    state = table.state
    assert state is not None
    action = state.legal_actions()[0]
    ended = asyncio.run(table.play(0, state.action_id(action), move=0, answer=(seats[0], "r1")))
    assert not ended
    assert table.state is not state  # the copy became the table's game
    assert state.move_count == 0  # the game as it was is untouched
    assert commit.writes == [(store.add_action, ("t", ActionRow(0, 0, str(action))))]
    for listener in seats:
        (view,) = listener.received
        assert view["type"] == "view"
        assert view["move"] == 1
        assert [entry["action"] for entry in view["log"]] == [str(action)]
        assert listener.logged == 1
    assert seats[0].received[0]["ref"] == "r1"
    assert seats[1].received[0]["ref"] is None


@pytest.mark.parametrize("how", ["id", "notation", "value"])
def test_an_action_is_taken_as_an_id_a_notation_or_the_action(how: str) -> None:
    commit = Kept()
    table = new_table(commit)
    state = table.state
    assert state is not None
    action = state.legal_actions()[-1]
    asked = {"id": state.action_id(action), "notation": str(action), "value": action}[how]
    asyncio.run(table.play(0, asked))
    assert table.state is not None
    assert table.state.history == (action,)


@pytest.mark.parametrize(("seat", "action", "move", "code"), [
    (1, 0, None, "not_your_turn"),
    (0, 0, 5, "stale"),
    (0, "dance", None, "illegal"),
])
def test_a_refused_act_changes_nothing_and_sends_nothing(
        seat: int, action: Any, move: int | None, code: str) -> None:
    commit = Kept()
    table = new_table(commit)
    listener = Seat(0)
    table.listeners.add(listener)
    state = table.state
    with pytest.raises(ProtocolError) as refused:
        asyncio.run(table.play(seat, action, move=move))
    assert refused.value.code == code
    assert table.state is state
    assert commit.writes == []
    assert listener.received == []


def test_a_failed_commit_changes_nothing_and_sends_nothing() -> None:
    commit = Kept()
    commit.fail = True
    table = new_table(commit)
    listener = Seat(1)
    table.listeners.add(listener)
    state = table.state
    assert state is not None
    with pytest.raises(ProtocolError, match="could not save"):
        asyncio.run(table.play(0, state.legal_actions()[0]))
    assert table.state is state
    assert state.move_count == 0
    assert listener.received == []


def test_the_last_move_is_kept_with_the_end_and_the_spectators_words_reach_the_seats() -> None:
    commit = Kept()
    table = new_table(commit, "koikoi")
    table.chat.append(ChatMessage(table="t", seat=None, name="spectator", text="wow", time=1.0))
    seat = Seat(0)
    table.listeners.add(seat)
    rng = random.Random(2)

    async def play_out() -> bool:
        ended = False
        while not ended:
            state = table.state
            assert state is not None
            assert state.current_player is not None
            ended = await table.play(state.current_player, rng.choice(state.legal_actions()))
        return ended

    assert asyncio.run(play_out())
    statements = [statement for statement, _args in commit.writes]
    assert statements[-1] is store.add_last_action
    assert set(statements[:-1]) == {store.add_action}
    kinds = [message["type"] for message in seat.received]
    assert kinds[-3:] == ["view", "game_over", "chat"]
    assert seat.received[-1]["text"] == "wow"
