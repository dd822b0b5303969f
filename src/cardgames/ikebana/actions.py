"""Ikebana's actions: their types, the action ids and the notation.

A turn starts with ``draw`` or ``buy P``; a drawn card is then met with ``keep`` or
``refuse``. Actions are small frozen values, pre-built once (:data:`DRAW`, :data:`KEEP`,
:data:`REFUSE`, :data:`BUYS`), whose ``str`` is their notation; :func:`parse_action` reads the
notation back from plain data (the players' names and, for its error messages, the legal
moves), so bots, hints and renderers need no engine to use them.

Seats are 0-based indices (``Buy.seat``); everything a person reads or types counts players
from 1: the default names are ``P1`` .. ``P5`` and ``buy 2`` buys from the second player
(seat index 1).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardgames.core.errors import NotationError, did_you_mean, summarize
from cardgames.core.game import ActionSpace
from cardgames.core.limits import small_number

__all__ = [
    "ACTION_SPACES",
    "BUYS",
    "DEFAULT_NAMES",
    "DRAW",
    "KEEP",
    "REFUSE",
    "ActionKind",
    "Buy",
    "Draw",
    "IkebanaAction",
    "Keep",
    "Refuse",
    "parse_action",
]

DEFAULT_NAMES = ("P1", "P2", "P3", "P4", "P5")
"""Player names when none are given: P + player number (seat index + 1), so ``buy 2`` buys
from P2."""


class ActionKind(enum.IntEnum):
    """The four kinds of action; ``str`` is the word that starts the notation.

    Members are singletons, so the engine's hot path dispatches by identity
    (``action.kind is ActionKind.DRAW``); an int enum so the kinds stay the small ints they
    always were.
    """

    DRAW = 0
    KEEP = 1
    REFUSE = 2
    BUY = 3

    def __str__(self) -> str:
        return self.name.lower()


@attrs.frozen(repr=False)
class Draw:
    """Draw the top card of the deck (the start of a turn)."""

    kind: ClassVar[ActionKind] = ActionKind.DRAW

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


@attrs.frozen(repr=False)
class Keep:
    """Keep the drawn card: it joins the bouquet and the turn ends."""

    kind: ClassVar[ActionKind] = ActionKind.KEEP

    def __str__(self) -> str:
        return "keep"

    def __repr__(self) -> str:
        return "Keep()"


@attrs.frozen(repr=False)
class Refuse:
    """Refuse the drawn card: discard it, pay the refusal price, draw the next card."""

    kind: ClassVar[ActionKind] = ActionKind.REFUSE

    def __str__(self) -> str:
        return "refuse"

    def __repr__(self) -> str:
        return "Refuse()"


@attrs.frozen
class Buy:
    """Buy the top card of `seat`'s discard pile for its value (the start of a turn).

    `seat` is the 0-based seat index; the notation counts players from 1: ``Buy(1)`` is
    ``buy 2``.
    """

    seat: int = attrs.field()
    kind: ClassVar[ActionKind] = ActionKind.BUY

    @seat.validator
    def _check_seat(self, _attribute: object, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 5:
            raise NotationError(
                f"Buy(seat={seat!r}): the seat is a 0-based index 0..4 (buy 1 is Buy(0))"
            )

    def __str__(self) -> str:
        return f"buy {self.seat + 1}"


IkebanaAction = Draw | Keep | Refuse | Buy
"""Any Ikebana action."""

DRAW = Draw()
KEEP = Keep()
REFUSE = Refuse()
BUYS: tuple[Buy, ...] = tuple(Buy(seat) for seat in range(5))
"""``Buy(seat)`` for every seat index: the engine hands out these values, never new ones."""

ACTION_SPACES: Mapping[int, ActionSpace[IkebanaAction]] = {
    players: ActionSpace((DRAW, KEEP, REFUSE, *BUYS[:players])) for players in range(2, 6)}
"""The action ids by player count: 0 draw, 1 keep, 2 refuse, then 3 + s buys from seat s
(one's own never legal), so a policy reads a seat's pile by a fixed id."""

_SIMPLE: dict[str, IkebanaAction] = {"draw": DRAW, "keep": KEEP, "refuse": REFUSE}
_MOVE_WORDS = tuple(map(str, ActionKind))


def parse_action(
    text: str, players: Sequence[str], legal: Sequence[IkebanaAction]
) -> IkebanaAction:
    """Read ``draw``, ``keep``, ``refuse`` or ``buy P`` in a game of `players` (their names,
    by seat): P is a player number from 1 or a name, so ``buy 2`` and ``buy P2`` are
    ``Buy(1)``. A NotationError is one line that suggests the nearest word for a misspelt
    move or player and lists the `legal` moves (none: the game is over)."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not text; write draw, keep, refuse or buy P")
    words = text.strip().lower().split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    count = len(players)
    whom = f"a player number 1..{count} or a name: {', '.join(players)}"
    if words[:1] == ["buy"]:
        if len(words) != 2:
            asked = "buy whom?" if len(words) == 1 else "buy takes one player:"
            raise NotationError(f"{text!r}: {asked} write buy P, P {whom}")
        target = words[1]
        number = small_number(target)
        if number is not None and 1 <= number <= count:
            return BUYS[number - 1]
        names = [name.lower() for name in players]
        if target in names:
            return BUYS[names.index(target)]
        raise NotationError(
            f"{text!r}: no player {target!r}{did_you_mean(target, names)}; buy takes {whom}"
        )
    now = summarize(map(str, legal)) if legal else "nothing (the game is over)"
    if words and words[0] in _SIMPLE:
        raise NotationError(f"{text!r}: {words[0]} takes nothing after it; legal now: {now}")
    hint = did_you_mean(words[0], _MOVE_WORDS) if words else ""
    raise NotationError(
        f"{text!r} is not an Ikebana move{hint}; moves are draw, keep, refuse and buy P "
        f"(P = player number or name); legal now: {now}"
    )
