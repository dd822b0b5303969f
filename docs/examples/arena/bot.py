#!/usr/bin/env python3
"""A complete arena bot in plain Python (no cardgames import): it plays any of the games.

    cardgames arena hanabi --seats "convention,mine=exec:python3 docs/examples/arena/bot.py"

The arena starts this program once for each seat of each game and talks to it in JSON
lines (docs/arena.md): a ``start`` message, a ``view`` message whenever the seat is to move
(answered with one line, the move's notation), a ``game_over`` message, then the end of the
input. In Hanabi it plays a card only when it knows the card is playable, gives a clue
while it has clue tokens and discards otherwise; in the other games it picks a legal move at
random, from the seed the arena gives it (so its games are repeatable).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any


def hanabi_move(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """Play a card known to be playable; else clue if a clue token is left; else discard."""
    playable = set(view["playable"])
    for slot in view["own_hand"]:
        move = f"play {slot['slot']}"
        if move in legal and slot["possible"] and set(slot["possible"]) <= playable:
            return move
    clues = [move for move in legal if move.startswith("clue")]
    if clues:
        return rng.choice(clues)
    discards = [move for move in legal if move.startswith("discard")]
    return discards[-1] if discards else rng.choice(legal)


def main() -> None:
    rng = random.Random(0)
    game = ""
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            game = message["game"]
            rng = random.Random(message["seed"])
        elif message["type"] == "view":
            legal = [choice["notation"] for choice in message["legal"]]
            if game == "hanabi":
                move = hanabi_move(message["view"], legal, rng)
            else:
                move = rng.choice(legal)
            print(move, flush=True)  # one line: the move, in notation
        # "game_over" needs no answer; the input ends after it.


if __name__ == "__main__":
    main()
