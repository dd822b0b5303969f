"""A seeded, ordered deck: shuffle, draw, deal, or an explicit order for replays."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

__all__ = ["Deck"]

T = TypeVar("T")


class Deck(Generic[T]):
    """Cards face down, top first.

    Build it from an explicit order (``Deck(cards)``, e.g. to replay a recorded game) or
    shuffled with a game's own random generator (``Deck.shuffled(cards, rng)``); there is no
    global randomness.
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[T] = ()) -> None:
        # Stored bottom first so that drawing the top is a cheap list.pop().
        self._cards: list[T] = list(cards)
        self._cards.reverse()

    @classmethod
    def shuffled(cls, cards: Sequence[T], rng: random.Random) -> Deck[T]:
        """A deck holding `cards` in an order drawn from `rng`."""
        order = list(cards)
        rng.shuffle(order)
        return cls(order)

    @property
    def cards(self) -> tuple[T, ...]:
        """The cards, top first."""
        return tuple(reversed(self._cards))

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __repr__(self) -> str:
        return f"Deck({list(self.cards)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self._cards == other._cards

    __hash__ = None  # type: ignore[assignment]  # a deck is mutable, so it is not hashable

    def draw(self) -> T:
        """Remove and return the top card; IndexError when the deck is empty."""
        if not self._cards:
            raise IndexError("draw from an empty deck")
        return self._cards.pop()

    def deal(self, count: int) -> list[T]:
        """Remove and return the top `count` cards, top first."""
        if count > len(self._cards):
            raise IndexError(f"cannot deal {count} cards from a deck of {len(self._cards)}")
        if count <= 0:
            return []
        dealt = self._cards[-count:]
        del self._cards[-count:]
        dealt.reverse()
        return dealt

    def peek(self) -> T:
        """The top card, left in place."""
        if not self._cards:
            raise IndexError("peek at an empty deck")
        return self._cards[-1]

    def put_bottom(self, card: T) -> None:
        """Slide `card` under the deck."""
        self._cards.insert(0, card)

    def copy(self) -> Deck[T]:
        """An independent deck with the same cards in the same order."""
        new: Deck[T] = Deck.__new__(Deck)
        new._cards = list(self._cards)
        return new
