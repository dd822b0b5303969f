"""Spectators as on hanab.live: a spectator sees every hand of a live game (never the deck),
and a spectator's words stay among the spectators until the game is over."""

from __future__ import annotations

import threading
from typing import Any

import cardgames
from server.kit import Running, random_chooser
from view_leaks import hidden_cards, leaks


def test_a_spectator_sees_every_hand_but_not_the_deck(server: Running) -> None:
    for game, seats in (("hanabi", [None, None]), ("koikoi", [None, None])):
        table = server.create(game, seats, seed=9, autostart=True)
        tokens = [server.sit(table, name)[1] for name in ("Ann", "Bob")]
        watcher = server.client()
        view = watcher.spectate(table)
        state = cardgames.new_game(game, seed=9)
        shown = hidden_cards(state, None)  # every hand, to a spectator of old
        assert leaks(game, view, shown), f"{game}: the spectator sees no hand"
        # Yet nothing hidden from a spectator who sees the hands: the deck, the stock.
        assert not leaks(game, view, hidden_cards(state, None, hands_shown=True))
        seat = server.client()
        seat_view: dict[str, Any] = seat.join(table, tokens[0])
        assert leaks(game, seat_view, hidden_cards(state, 0)) == []  # a seat: never its own
        watcher.close()
        seat.close()


def heard(client: Any) -> list[str]:
    return [m["text"] for m in client.received if m["type"] == "chat"]


def test_a_spectators_chat_reaches_the_seats_only_at_the_end(server: Running) -> None:
    table = server.create("hanabi", [None, None], seed=3, autostart=True)
    tokens = [server.sit(table, name)[1] for name in ("Ann", "Bob")]
    ann, bob, watcher, other = (server.client() for _ in range(4))
    ann.join(table, tokens[0])
    bob.join(table, tokens[1])
    watcher.spectate(table)
    other.spectate(table)
    watcher.send({"type": "chat", "text": "Ann, your slot 1 is the red 5"})
    assert other.until("chat")["text"] == "Ann, your slot 1 is the red 5"  # spectators hear
    ann.send({"type": "chat", "text": "good luck"})
    for client in (bob, watcher):
        while client.until("chat")["text"] != "good luck":
            pass
    # The seats heard nothing from the spectator: Ann's own line is the first they got.
    assert heard(bob) == ["good luck"]
    # A seat joining again is not told either.
    again = server.client()
    again.join(table, tokens[1])
    again.send({"type": "ping"})
    again.until("pong")
    assert heard(again) == ["good luck"]
    again.close()
    # At the end the spectator's words reach the seats.
    chooser = random_chooser(1)
    finished = threading.Thread(target=bob.play, args=(chooser,))
    finished.start()
    assert ann.play(chooser) is not None
    finished.join()
    while "Ann, your slot 1 is the red 5" not in heard(ann):
        ann.recv()
    for client in (ann, bob, watcher, other):
        client.close()
