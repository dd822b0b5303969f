"""What the server runs in its worker processes: the bundled bot's advice (a hint).

A hint is asked of a fresh bot that reads the seat's view, its history included, so it
needs nothing of the server's memory: the view and the legal actions travel to a worker
process (pickled), and the bot thinks there, off the event loop and out of its lock on the
interpreter. The processes are started with ``spawn`` (nothing of the server is forked
into them) and import the game on first use, by name: this module imports no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cardgames
from cardgames.core.agents import explain

__all__ = ["advise"]


def advise(game: str, bot: str, seed: int, view: Any, legal: Sequence[Any]) -> tuple[int, str]:
    """What the bot `bot` of `game` (seeded `seed`) would do with `view`: the index of its
    action in `legal` (the server's own values, which a copy made here is not) and its
    reason in words."""
    hint = explain(cardgames.get_game(game).bots[bot](seed), view, list(legal))
    return list(legal).index(hint.action), hint.reason
