"""cardgames.net and `cardgames bot` against a real server on a loopback port: whole games,
a reconnect across a server killed with -9, and no message to anyone naming a card they may
not see."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import net
from cardgames.core.agents import RandomAgent
from cardgames.core.game import State
from cardgames.core.record import Record
from cardgames.hanabi.catalogue import hanablive_names
from server.kit import TIMEOUT, Running, free_port, running_server, server_process
from view_leaks import hidden_cards, leaks

PROTOCOL_GAMES = int(os.environ.get("CARDGAMES_PROTOCOL_GAMES", "4"))
"""Random games the protocol leak test plays (more through the environment)."""


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, TIMEOUT * 3))


@pytest.mark.parametrize(("game", "bot", "options"), [
    ("hanabi", "hard", {"variant": "rainbow"}),
    ("koikoi", "easy", {}),
    ("ikebana", "normal", {}),
])
def test_a_net_seat_plays_a_whole_game_with_a_bundled_bot_and_a_spectator(
    server: Running, game: str, bot: str, options: dict[str, str],
) -> None:
    lobby = net.Lobby(server.http)
    table = lobby.create_table(game, [None, "random"], options=options, seed=11)["table"]
    ticket = lobby.take_seat(table, "Outsider")
    assert ticket.seat == 0
    assert [seat["kind"] for seat in lobby.table(table)["seats"]] == ["person", "bot"]
    lobby.start(ticket)

    async def game_with_a_spectator() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        async with net.RemoteSeat.spectator(server.http, table) as watcher, \
                net.RemoteSeat.seat(server.http, ticket) as seat:
            seen: list[dict[str, Any]] = []

            async def watch() -> None:
                async for message in watcher.messages():
                    seen.append(message)
                    if message["type"] == "game_over":
                        return

            watching = asyncio.create_task(watch())
            over = await seat.play(net.load_agent(bot, game, seed=1))
            await watching
            return over, seen

    over, seen = run(game_with_a_spectator())
    record = Record.from_dict(over["record"])
    state = cardgames.replay(record)
    assert state.is_over
    assert over["scores"] == state.scores()
    assert record.players[0] == "Outsider"
    views = [message for message in seen if message["type"] == "view"]
    assert views[-1]["move"] == state.move_count
    assert views[-1]["seat"] is None


def test_a_seat_quicker_than_the_message_rate_waits_and_plays_on(tmp_path: Path) -> None:
    # A bot answering every view at once outran the server's bucket in a long Koi-Koi match;
    # the refused act was never sent again and the game hung.
    with running_server(f"sqlite:///{tmp_path / 'server.db'}", message_rate=8.0,
                        message_burst=3.0) as slow:
        lobby = net.Lobby(slow.http)
        table = lobby.create_table("koikoi", [None, "random"], options={"rounds": "2"},
                                   seed=5)["table"]
        ticket = lobby.take_seat(table, "Quick")
        lobby.start(ticket)

        async def play() -> dict[str, Any]:
            async with net.RemoteSeat.seat(slow.http, ticket) as seat:
                return await seat.play(net.load_agent("random", "koikoi", 2))

        over = run(play())
    assert cardgames.replay(Record.from_dict(over["record"])).is_over


def test_agent_specs_name_bundled_bots_or_importable_agents() -> None:
    assert type(net.load_agent("hard", "koikoi", 1)).__name__ == type(
        cardgames.get_game("koikoi").bots["hard"](1)).__name__
    agent = net.load_agent("cardgames.core.agents:RandomAgent", "hanabi", 3)
    assert isinstance(agent, RandomAgent)
    with pytest.raises(cardgames.OptionsError, match=r"unknown bot 'hadr'.*hard"):
        net.load_agent("hadr", "hanabi")
    with pytest.raises(cardgames.OptionsError, match="cannot load the bot"):
        net.load_agent("no_such_module:Bot", "hanabi")
    with pytest.raises(cardgames.OptionsError, match="is no Agent"):
        net.load_agent("cardgames:__version__", "hanabi")


def test_lobby_refusals_are_server_errors(server: Running) -> None:
    lobby = net.Lobby(server.http)
    with pytest.raises(net.ServerError) as refused:
        lobby.table("no-such-table")
    assert refused.value.code == "not_found"
    with pytest.raises(net.ServerError, match="unreachable"):
        net.Lobby(f"http://127.0.0.1:{free_port()}", timeout=2).tables()
    with pytest.raises(net.ServerError, match="bad_url"):
        net.Lobby("ftp://example.org")
    # A host no resolver takes (a label over 63 characters) or a port out of range: refused
    # as a bad address, not a UnicodeError or ValueError from the socket layer.
    for address in ("http://" + "a" * 300, "http://127.0.0.1:99999", "localhost:0"):
        with pytest.raises(net.ServerError, match="bad_url"):
            net.Lobby(address)
    table = lobby.create_table("hanabi", [None, None])["table"]
    bad = net.Ticket(table, 0, "not-the-token")

    async def join() -> None:
        async with net.RemoteSeat.seat(server.http, bad, retry_for=2):
            pass

    with pytest.raises(net.ServerError):
        run(join())


def cli(*arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDGAMES_HOME": str(home), "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-m", "cardgames", *arguments], env=env,
                          capture_output=True, text=True, timeout=TIMEOUT * 6, check=False)


def test_cardgames_bot_plays_a_seat_as_a_process(server: Running, tmp_path: Path) -> None:
    lobby = net.Lobby(server.http)
    table = lobby.create_table("koikoi", [None, None], seed=5)["table"]
    mine = lobby.take_seat(table, "Script", seat=1)

    async def my_seat() -> dict[str, Any]:
        async with net.RemoteSeat.seat(server.http, mine) as seat:
            # The other seat is the process's: start once it has sat down.
            while len([s for s in lobby.table(table)["seats"] if s["kind"] == "open"]):
                await asyncio.sleep(0.05)
            await asyncio.to_thread(lobby.start, mine)
            over: dict[str, Any] = await seat.play(net.load_agent("random", "koikoi", 2))
            return over

    done: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: done.update(over=run(my_seat())))
    thread.start()
    result = cli("bot", server.http, "--table", table, "--seat", "1", "--bot", "normal",
                 home=tmp_path)
    thread.join(TIMEOUT * 3)
    assert result.returncode == 0, result.stderr
    assert "seat 1 at table" in result.stdout
    assert "game over" in result.stdout
    assert cardgames.replay(Record.from_dict(done["over"]["record"])).is_over


def test_cardgames_bot_says_what_is_wrong_in_one_line(server: Running, tmp_path: Path) -> None:
    table = net.Lobby(server.http).create_table("hanabi", [None, None])["table"]
    result = cli("bot", server.http, "--table", table, "--bot", "hadr", home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "unknown bot 'hadr'" in result.stderr
    result = cli("bot", server.http, "--table", "nope", home=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


class Deliberate(RandomAgent):
    """A random player that thinks a quarter of a second a move: a game against it lasts
    long enough for a server to be killed in the middle of it (a quick game could end first,
    leaving nothing to reconnect to)."""

    def act(self, view: Any, legal: Any) -> Any:
        threading.Event().wait(0.25)
        return super().act(view, legal)


def test_a_seat_reconnects_by_itself_across_a_server_killed_with_9(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'server.db'}"
    url = f"http://127.0.0.1:{port}"
    with server_process(db, port, tmp_path) as process:
        lobby = net.Lobby(url)
        table = lobby.create_table("hanabi", [None, "random"], seed=4)["table"]
        ticket = lobby.take_seat(table, "Stubborn")
        lobby.start(ticket)

    async def play_through_a_restart() -> tuple[dict[str, Any], int]:
        async with net.RemoteSeat.seat(url, ticket, retry_for=TIMEOUT) as seat:
            over = await seat.play(Deliberate(9))
            return over, seat.reconnects

    # The first server is gone (killed with -9 on leaving the block above) before the seat
    # connects: the seat keeps trying until a new server on the same database answers.
    assert process.returncode is not None
    outcome: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: outcome.update(result=run(play_through_a_restart())))
    thread.start()
    with server_process(db, port, tmp_path) as second:
        # Kill this one mid-game too, then start a third: the seat reconnects again.
        lobby = net.Lobby(url)
        while lobby.table(table)["moves"] < 2:
            threading.Event().wait(0.05)
        # The seat takes its time, so the game is still on: the kill lands mid-game.
        assert lobby.table(table)["status"] == "playing"
        second.kill()
        second.wait(TIMEOUT)
    with server_process(db, port, tmp_path):
        thread.join(TIMEOUT * 3)
        over, reconnects = outcome["result"]
    assert reconnects >= 1
    assert cardgames.replay(Record.from_dict(over["record"])).is_over


# ---------------------------------------------------------------------- leaks, end to end
def random_table(rng: random.Random) -> tuple[str, dict[str, str], int]:
    """A game, its options and its player count: Hanabi in any hanab.live variant (the
    hiding ones often), Koi-Koi or Ikebana."""
    game = rng.choice(["hanabi", "hanabi", "koikoi", "ikebana"])
    if game == "hanabi":
        hiding = ["Throw It in a Hole (5 Suits)", "Cow & Pig (5 Suits)", "Duck (5 Suits)"]
        variant = rng.choice([*hiding, rng.choice(hanablive_names())])
        return game, {"variant": variant}, rng.randint(2, 5)
    if game == "ikebana":  # two rounds of two or three players: a whole game in seconds
        return game, {"rounds": "2"}, rng.randint(2, 3)
    return game, {}, 2


def check_messages(game: str, record: Record, received: dict[int | None, list[dict[str, Any]]],
                   ) -> int:
    """Search every message each seat (None: the spectator) received for the cards it could
    not see when it was sent (replaying the game to that move); returns how many. For Hanabi,
    the search must find seat 0's cards in what seat 1 received (the search works)."""
    state = cardgames.replay(attrs.evolve(record, actions=(), meta={}))
    states: list[State[Any]] = [state.clone()]
    for action in record.actions:
        state.apply_text(action)
        states.append(state.clone())
    checked = 0
    for seat, messages in received.items():
        move = 0
        for message in messages:
            if message["type"] == "game_over":
                continue  # the end shows everything: the record itself is in it
            move = message.get("move", move)
            # A table's spectators see every hand, as on hanab.live (their chat stays among
            # them until the end: test_spectators); the rest stays hidden from them too.
            found = leaks(game, message, hidden_cards(states[move], seat,
                                                      hands_shown=seat is None))
            assert not found, f"seat {seat} received {found[:3]} ({message['type']})"
            checked += 1
    if game == "hanabi":
        assert any(leaks(game, message, hidden_cards(states[message["move"]], 0))
                   for message in received[1] if message["type"] == "view")
    return checked


@pytest.mark.parametrize("seed", range(PROTOCOL_GAMES))
def test_no_message_names_a_card_its_receiver_may_not_see(server: Running, seed: int) -> None:
    rng = random.Random(seed)
    game, options, players = random_table(rng)
    lobby = net.Lobby(server.http)
    table = lobby.create_table(game, [None] * players, options=options, seed=seed)["table"]
    tickets = [lobby.take_seat(table, f"P{seat + 1}", seat=seat) for seat in range(players)]
    lobby.start(tickets[0])
    received: dict[int | None, list[dict[str, Any]]] = {}

    async def listen(session: net.RemoteSeat, seat: int | None) -> dict[str, Any]:
        mine = received.setdefault(seat, [])
        chooser = random.Random(seed * 10 + (seat or 0))
        async for message in session.messages():
            mine.append(message)
            if message["type"] == "game_over":
                return message
            if message["type"] == "view" and message["legal"] and seat is not None:
                legal = message["legal"]
                # Hanabi's plays at random end a game in a few moves: mostly clue and
                # discard, so that hands, clues and the hole fill up.
                careful = [c for c in legal if not c["notation"].startswith("play")]
                pool = careful if careful and chooser.random() < 0.85 else legal
                await session.act(chooser.choice(pool)["id"], message["move"])
        raise AssertionError("the session ended before the game")

    async def everyone() -> dict[str, Any]:
        sessions = [net.RemoteSeat.seat(server.http, ticket) for ticket in tickets]
        sessions.append(net.RemoteSeat.spectator(server.http, table))
        for session in sessions:
            await session.open()
        try:
            results = await asyncio.gather(*(
                listen(session, None if index == players else index)
                for index, session in enumerate(sessions)))
        finally:
            for session in sessions:
                await session.close()
        return results[0]

    over = run(everyone())
    checked = check_messages(game, Record.from_dict(over["record"]), received)
    assert checked > players
