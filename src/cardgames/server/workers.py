"""What the server's workers run: a seated bot's move with its reason (in the bots'
threads), and the bundled bot's advice to a person (a hint, in worker processes).

A hint is asked of a fresh bot that reads the seat's view, its history included, so it
needs nothing of the server's memory: the view and the legal actions travel to a worker
process as the protocol's JSON data and are read back there as a remote bot reads them
(:func:`~cardgames.wire.decode.view_from_json`, which hands out the engine's own action
values: some bots compare actions by identity), and the bot thinks there, off the event
loop and out of its lock on the interpreter. The processes are started with ``spawn``
(nothing of the server is forked into them) and import the game on first use, by name: this
module imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cardgames
from cardgames.core.agents import Agent, Explainer, explain
from cardgames.wire.decode import legal_from_json, view_from_json

__all__ = ["advise", "bot_move"]


def bot_move(agent: Agent, view: Any, legal: Sequence[Any]) -> tuple[Any, str | None]:
    """A seated bot's move from `view` and, where the bot can say why, its reason: the bot
    explains first (which leaves it as it was), then acts (its memory and its random
    generator follow the act, as at a table without reasons). None where the bot gives no
    reason, or its explanation is of another move than it makes."""
    hint = agent.explain(view, legal) if isinstance(agent, Explainer) else None
    action = agent.act(view, legal)
    return action, hint.reason if hint is not None and hint.action == action else None


def advise(game: str, bot: str, seed: int, view: Mapping[str, Any],
           choices: Sequence[Mapping[str, Any]]) -> tuple[int, str]:
    """What the bot `bot` of `game` (seeded `seed`) would do with a seat's `view` (JSON, as
    :func:`~cardgames.wire.encode.seat_view` writes it) and its legal `choices` (as
    :func:`~cardgames.wire.encode.legal_choices` lists them): the index of its action in
    `choices`, and its reason in words."""
    legal = legal_from_json(game, list(choices))
    hint = explain(cardgames.get_game(game).bots[bot](seed), view_from_json(game, view), legal)
    return legal.index(hint.action), hint.reason
