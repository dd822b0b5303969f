"""Ikebana cards: 5 colours x 1,1,1,2,2,3,3,4,4,5 plus 5 multicolour cards (one per value).

A card is written colour letter + value: ``R`` red, ``G`` green, ``K`` black, ``B`` blue,
``Y`` yellow, ``M`` multicolour (``K5``, ``M3``). Cards with the same colour and value are
interchangeable, so a card is just that pair. Engines keep cards as small ints (``code``):
``colour * 5 + value - 1``, 0..29.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from cardgames.core.errors import NotationError, did_you_mean

__all__ = [
    "CARDS",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "COPIES",
    "DECK_SIZE",
    "FULL_DECK",
    "FULL_DECK_CODES",
    "MULTICOLOUR",
    "PLAIN_COLOURS",
    "Card",
    "parse_cards",
]

COLOUR_LETTERS = "RGKBYM"
"""Colour letters by colour index; index 5 (``M``) is the multicolour joker."""
COLOUR_NAMES = ("red", "green", "black", "blue", "yellow", "multicolour")
"""Colour names by colour index."""
PLAIN_COLOURS = 5
"""The number of ordinary colours (indices 0..4)."""
MULTICOLOUR = 5
"""The colour index of the multicolour cards."""

_PLAIN_VALUE_COPIES = (3, 2, 2, 2, 1)  # copies of values 1..5 in each ordinary colour


def _copies(code: int) -> int:
    colour, value_index = divmod(code, 5)
    return 1 if colour == MULTICOLOUR else _PLAIN_VALUE_COPIES[value_index]


COPIES: tuple[int, ...] = tuple(_copies(code) for code in range(30))
"""How many copies of each card code the deck holds."""
FULL_DECK_CODES: tuple[int, ...] = tuple(
    code for code in range(30) for _ in range(COPIES[code])
)
"""The 55 card codes of a full deck, in a canonical (unshuffled) order."""
DECK_SIZE = len(FULL_DECK_CODES)
"""55."""

_ACCEPTED = (
    "a colour letter R G K B Y or M (multicolour) followed by a value 1-5, e.g. K5 or M3"
)


@attrs.frozen(repr=False, order=True)
class Card:
    """One card: a colour index (0..4 plain, 5 multicolour) and a value 1..5."""

    colour: int = attrs.field()
    value: int = attrs.field()

    accepted: ClassVar[str] = _ACCEPTED

    @colour.validator
    def _check_colour(self, _attribute: object, colour: int) -> None:
        if not 0 <= colour <= MULTICOLOUR:
            raise NotationError(f"card colour {colour!r} is not 0..5 (R G K B Y M)")

    @value.validator
    def _check_value(self, _attribute: object, value: int) -> None:
        if not 1 <= value <= 5:
            raise NotationError(f"card value {value!r} is not 1..5")

    @property
    def code(self) -> int:
        """The card's int code, ``colour * 5 + value - 1``."""
        return self.colour * 5 + self.value - 1

    @property
    def is_multicolour(self) -> bool:
        """True for the multicolour jokers."""
        return self.colour == MULTICOLOUR

    @property
    def colour_letter(self) -> str:
        """R, G, K, B, Y or M."""
        return COLOUR_LETTERS[self.colour]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The pre-built card for an int code 0..29."""
        return CARDS[code]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Read ``K5``, ``m3`` ...; NotationError quoting the text otherwise."""
        card = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            hint = _card_hint(text) if isinstance(text, str) else ""
            raise NotationError(f"{text!r} is not an Ikebana card{hint}; expected {_ACCEPTED}")
        return card

    def __str__(self) -> str:
        return f"{COLOUR_LETTERS[self.colour]}{self.value}"

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(code // 5, code % 5 + 1) for code in range(30))
"""Every distinct card, indexed by code."""
_BY_TEXT = {str(card): card for card in CARDS}
_CARD_WORDS = tuple(text.lower() for text in _BY_TEXT)  # did_you_mean compares lower case
# Colour names people type for the letters, longest first so "multicolour" wins over "multi".
_COLOUR_WORDS = sorted(
    [*zip(COLOUR_NAMES, COLOUR_LETTERS.lower(), strict=True), ("multicolor", "m"), ("multi", "m")],
    key=lambda pair: -len(pair[0]),
)


def _card_hint(text: str) -> str:
    """`` (did you mean r3?)`` for a near miss: a colour's name for its letter (``red3``),
    the value first (``3R``), a stray character (``K55``); "" when nothing is close."""
    word = "".join(text.lower().split())
    for name, letter in _COLOUR_WORDS:
        if word.startswith(name):
            word = letter + word[len(name):]
            break
    if len(word) == 2 and word[0].isdigit():
        word = word[::-1]
    return did_you_mean(word, _CARD_WORDS)
FULL_DECK: tuple[Card, ...] = tuple(CARDS[code] for code in FULL_DECK_CODES)
"""The 55 cards of a full deck."""


def parse_cards(items: Iterable[str | Card] | str) -> list[Card]:
    """Cards from notation strings (or cards), or from one string of them separated by spaces
    or commas (``"R3 G3 K3"``); NotationError on the first bad one."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return [item if isinstance(item, Card) else Card.from_str(item) for item in items]
