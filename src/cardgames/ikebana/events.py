"""What an Ikebana move causes: small frozen values with a readable ``str``.

Seats are 0-based indices; ``str`` names them by the default names (seat 0 is "P1"), as the
notation counts players from 1 -- a renderer that knows the players' names formats the fields
itself.

Every event is public: each card an event names is face up at that moment (a drawn card is
public, a refused one lies face up on its pile), and a reshuffle gives only a count.
"""

from __future__ import annotations

import attrs

from cardgames.ikebana.actions import DEFAULT_NAMES
from cardgames.ikebana.cards import Card
from cardgames.ikebana.scoring import BouquetScore

__all__ = [
    "Bought",
    "Drew",
    "GameEnded",
    "Kept",
    "Refused",
    "Reshuffled",
    "RoundScored",
]


def _who(seat: int) -> str:
    """A seat as the default name of its player (``str`` of events: P1 is seat 0)."""
    return DEFAULT_NAMES[seat]


@attrs.frozen
class Drew:
    """`seat` drew `card` (visible to all: it is face up either way the next moment)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{_who(self.seat)} draws {self.card}"


@attrs.frozen
class Kept:
    """`seat` kept `card` in the bouquet."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{_who(self.seat)} keeps {self.card}"


@attrs.frozen
class Refused:
    """`seat` refused `card`, paying `paid` (the price was `price`) to `payee` (None: bank)."""

    seat: int
    card: Card
    price: int
    paid: int
    payee: int | None

    def __str__(self) -> str:
        to = "the bank" if self.payee is None else _who(self.payee)
        short = f" (price {self.price})" if self.paid != self.price else ""
        return f"{_who(self.seat)} refuses {self.card}, pays {self.paid}{short} to {to}"


@attrs.frozen
class Bought:
    """`seat` bought `card` from `seller`'s discard pile for `price`."""

    seat: int
    card: Card
    seller: int
    price: int

    def __str__(self) -> str:
        return f"{_who(self.seat)} buys {self.card} from {_who(self.seller)} for {self.price}"


@attrs.frozen
class Reshuffled:
    """The deck ran out: `cards` discarded cards (all but each pile's top) form a new deck."""

    cards: int

    def __str__(self) -> str:
        return f"the deck ran out: {self.cards} discarded cards are shuffled into a new deck"


@attrs.frozen
class RoundScored:
    """The end of round `round` (1-based): each seat's bouquet score and awarded prestige."""

    round: int
    scores: tuple[BouquetScore, ...]
    awarded: tuple[int, ...]
    prestige: tuple[int, ...]
    next_starter: int | None

    def __str__(self) -> str:
        parts = ", ".join(f"{_who(seat)} +{points}" for seat, points in enumerate(self.awarded))
        return f"round {self.round} scored: {parts}"


@attrs.frozen
class GameEnded:
    """The game is over: the final prestige and the winners (several on a tie)."""

    prestige: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        who = " and ".join(_who(seat) for seat in self.winners)
        verb = "share the victory" if len(self.winners) > 1 else "wins"
        return f"game over: {who} {verb} with {max(self.prestige)} prestige"
