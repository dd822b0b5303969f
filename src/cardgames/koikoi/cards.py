"""The 48 Hanafuda cards: month, flower, kind, special flags, names and notation.

Card ids follow the rules file: ``id = (month - 1) * 4 + (index - 1)``, where index 1 is the
highest card of the month. Every card is a pre-built singleton (:data:`CARDS`), so comparing
cards is cheap and hot paths use the integer :attr:`Card.id`.

Notation (unique per card, lower case, ``month-name``)::

    jan-crane   jan-ribbon  jan-chaff-1  jan-chaff-2
    feb-warbler feb-ribbon  feb-chaff-1  feb-chaff-2
    mar-curtain mar-ribbon  mar-chaff-1  mar-chaff-2
    apr-cuckoo  apr-ribbon  apr-chaff-1  apr-chaff-2
    may-bridge  may-ribbon  may-chaff-1  may-chaff-2
    jun-butterflies jun-ribbon jun-chaff-1 jun-chaff-2
    jul-boar    jul-ribbon  jul-chaff-1  jul-chaff-2
    aug-moon    aug-geese   aug-chaff-1  aug-chaff-2
    sep-sake-cup sep-ribbon sep-chaff-1  sep-chaff-2
    oct-deer    oct-ribbon  oct-chaff-1  oct-chaff-2
    nov-rain-man nov-swallow nov-ribbon  nov-lightning
    dec-phoenix dec-chaff-1 dec-chaff-2  dec-chaff-3

:meth:`Card.from_str` also reads the short form ``month-index`` (``11-1``), the bare id
(``43``), the kind as a name where the month has one card of that kind (``nov-bright``,
``sep-animal``, ``aug-animal``), month numbers instead of abbreviations (``11-rain-man``),
the picture alone where only one card shows it (``moon``, ``rain-man``, ``sake-cup``) and
the romanised Japanese name (``yanagi-ni-ono-no-michikaze``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from cardgames.core.errors import NotationError, OptionsError, did_you_mean

__all__ = [
    "ANIMAL_IDS",
    "BRIGHT_IDS",
    "CARDS",
    "CHAFF_IDS",
    "DEALER_PLACES",
    "FIELD_PLACES",
    "MONTHS",
    "OPPONENT_PLACES",
    "RIBBON_IDS",
    "Card",
    "CardLike",
    "Kind",
    "Month",
    "RibbonKind",
    "card_ids",
    "cards_of",
    "deal_order",
    "parse_card",
    "suggest_card",
]


class Kind(enum.IntEnum):
    """The four kinds of card, highest first."""

    BRIGHT = 0
    ANIMAL = 1
    RIBBON = 2
    CHAFF = 3

    def __str__(self) -> str:
        return self.name.lower()


class RibbonKind(enum.IntEnum):
    """The three ribbons: poetry (red, with writing), blue, and plain (red, no writing)."""

    POETRY = 0
    BLUE = 1
    PLAIN = 2

    def __str__(self) -> str:
        return self.name.lower()


@attrs.frozen(slots=True)
class Month:
    """One of the twelve months (suits): number 1..12, abbreviation, flower."""

    number: int
    abbreviation: str
    name: str
    flower: str
    japanese: str
    """The flower's romanised Japanese name (matsu, ume, ...)."""


MONTHS: Final[tuple[Month, ...]] = (
    Month(1, "jan", "January", "pine", "matsu"),
    Month(2, "feb", "February", "plum", "ume"),
    Month(3, "mar", "March", "cherry", "sakura"),
    Month(4, "apr", "April", "wisteria", "fuji"),
    Month(5, "may", "May", "iris", "ayame"),
    Month(6, "jun", "June", "peony", "botan"),
    Month(7, "jul", "July", "bush clover", "hagi"),
    Month(8, "aug", "August", "susuki grass", "susuki"),
    Month(9, "sep", "September", "chrysanthemum", "kiku"),
    Month(10, "oct", "October", "maple", "momiji"),
    Month(11, "nov", "November", "willow", "yanagi"),
    Month(12, "dec", "December", "paulownia", "kiri"),
)
"""The months by number - 1."""


@attrs.frozen(slots=True, repr=False)
class Card:
    """One Hanafuda card. Use :data:`CARDS`, :meth:`from_id` or :meth:`from_str`; never build one.

    >>> Card.from_str("nov-rain-man").id
    40
    >>> str(Card.from_id(40)), Card.from_id(40).kind.name
    ('nov-rain-man', 'BRIGHT')
    """

    id: int
    """0..47: (month - 1) * 4 + (index - 1)."""
    month: int
    """1..12."""
    index: int
    """1..4 within the month; 1 is the highest card."""
    kind: Kind
    ribbon: RibbonKind | None
    """The ribbon's colour for ribbon cards, else None."""
    code: str
    """The notation, e.g. ``nov-rain-man``."""
    name: str
    """The English name, e.g. ``Rain man (willow)``."""
    japanese: str
    """The romanised Japanese name, e.g. ``Yanagi ni Ono no Michikaze``."""
    is_sake_cup: bool = False
    """The September animal: counts as an animal, and as chaff where the rules say so."""
    is_rain_man: bool = False
    """The November bright, which spoils Shikō/Sankō and may cancel viewing yaku."""
    is_lightning: bool = False
    """The November chaff card (may cancel viewing yaku)."""

    @property
    def month_info(self) -> Month:
        """The card's :class:`Month`."""
        return MONTHS[self.month - 1]

    @property
    def flower(self) -> str:
        """The month's flower, e.g. ``willow``."""
        return MONTHS[self.month - 1].flower

    @property
    def short(self) -> str:
        """The short form ``month-index``, e.g. ``11-1``."""
        return f"{self.month}-{self.index}"

    @property
    def description(self) -> str:
        """Kind in words: ``bright``, ``animal``, ``poetry ribbon``, ``chaff``..."""
        if self.ribbon is not None:
            return f"{self.ribbon} ribbon"
        return str(self.kind)

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with id 0..47 (NotationError otherwise)."""
        if isinstance(card_id, bool) or not isinstance(card_id, int) or not 0 <= card_id < 48:
            raise NotationError(f"card id {card_id!r} is not a card; ids are 0..47")
        return CARDS[card_id]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Read a card in any accepted notation (see the module docstring)."""
        return parse_card(text)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.from_str({self.code!r})"


def _build() -> tuple[Card, ...]:
    # (short name, kind, ribbon, English picture, Japanese picture) per month, index 1..4.
    b, a, r, c = Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF
    poetry, blue, plain = RibbonKind.POETRY, RibbonKind.BLUE, RibbonKind.PLAIN
    layout: list[list[tuple[str, Kind, RibbonKind | None, str, str]]] = [
        [("crane", b, None, "Crane", "tsuru"), ("ribbon", r, poetry, "Poetry ribbon", "akatan")],
        [("warbler", a, None, "Bush warbler", "uguisu"),
         ("ribbon", r, poetry, "Poetry ribbon", "akatan")],
        [("curtain", b, None, "Curtain", "maku"), ("ribbon", r, poetry, "Poetry ribbon", "akatan")],
        [("cuckoo", a, None, "Cuckoo", "hototogisu"), ("ribbon", r, plain, "Ribbon", "tanzaku")],
        [("bridge", a, None, "Eight-plank bridge", "yatsuhashi"),
         ("ribbon", r, plain, "Ribbon", "tanzaku")],
        [("butterflies", a, None, "Butterflies", "chō"),
         ("ribbon", r, blue, "Blue ribbon", "aotan")],
        [("boar", a, None, "Boar", "inoshishi"), ("ribbon", r, plain, "Ribbon", "tanzaku")],
        [("moon", b, None, "Moon", "tsuki"), ("geese", a, None, "Geese", "kari")],
        [("sake-cup", a, None, "Sake cup", "sakazuki"),
         ("ribbon", r, blue, "Blue ribbon", "aotan")],
        [("deer", a, None, "Deer", "shika"), ("ribbon", r, blue, "Blue ribbon", "aotan")],
        [("rain-man", b, None, "Rain man", "Ono no Michikaze"),
         ("swallow", a, None, "Swallow", "tsubame"),
         ("ribbon", r, plain, "Ribbon", "tanzaku"),
         ("lightning", c, None, "Lightning", "kaminari")],
        [("phoenix", b, None, "Phoenix", "hōō")],
    ]
    cards: list[Card] = []
    for month, special in zip(MONTHS, layout, strict=True):
        entries = list(special)
        chaff_count = 4 - len(entries)
        for number in range(1, chaff_count + 1):
            # Chaff cards of one month are identical in play; a number keeps names unique.
            entries.append((f"chaff-{number}", c, None, "Chaff", "kasu"))
        for index, (short, kind, ribbon, english, japanese) in enumerate(entries, start=1):
            card_id = (month.number - 1) * 4 + index - 1
            number_suffix = f" {short.rsplit('-', 1)[1]}" if short.startswith("chaff-") else ""
            cards.append(
                Card(
                    id=card_id,
                    month=month.number,
                    index=index,
                    kind=kind,
                    ribbon=ribbon,
                    code=f"{month.abbreviation}-{short}",
                    name=f"{english}{number_suffix} ({month.flower})",
                    japanese=(
                        f"{month.japanese.capitalize()} no {japanese}{number_suffix}"
                        if kind is Kind.CHAFF and short.startswith("chaff")
                        else f"{month.japanese.capitalize()} ni {japanese}"
                    ),
                    is_sake_cup=short == "sake-cup",
                    is_rain_man=short == "rain-man",
                    is_lightning=short == "lightning",
                )
            )
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _build()
"""All 48 cards by id."""

BRIGHT_IDS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind is Kind.BRIGHT)
ANIMAL_IDS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind is Kind.ANIMAL)
RIBBON_IDS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind is Kind.RIBBON)
CHAFF_IDS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind is Kind.CHAFF)

CardLike = Card | int | str
"""What the public functions accept as a card: a Card, an id, or notation text."""


def _aliases() -> dict[str, int]:
    table: dict[str, int] = {}
    for card in CARDS:
        month = MONTHS[card.month - 1]
        rest = card.code.split("-", 1)[1]
        for prefix in (
            month.abbreviation, str(card.month), month.name.lower(), month.flower.replace(" ", "-")
        ):
            table[f"{prefix}-{rest}"] = card.id
        table[card.short] = card.id
        table[str(card.id)] = card.id
        table[card.japanese.lower().replace(" ", "-")] = card.id
    # Kind names where the month has exactly one card of that kind.
    for month in MONTHS:
        members = CARDS[(month.number - 1) * 4 : month.number * 4]
        for kind in Kind:
            same = [c for c in members if c.kind is kind]
            if len(same) == 1:
                for prefix in (month.abbreviation, str(month.number)):
                    table.setdefault(f"{prefix}-{kind.name.lower()}", same[0].id)
        for prefix in (month.abbreviation, str(month.number)):
            # "light" is the usual English word for a bright; "animal" also reads as "tane".
            for card in members:
                if card.kind is Kind.BRIGHT:
                    table.setdefault(f"{prefix}-light", card.id)
    for picture, card_id in _pictures().items():
        table.setdefault(picture, card_id)
    return table


def _pictures() -> dict[str, int]:
    """A picture that appears on one card only names it without the month: moon, rain-man."""
    pictures: dict[str, list[int]] = {}
    for card in CARDS:
        pictures.setdefault(card.code.split("-", 1)[1], []).append(card.id)
    return {picture: ids[0] for picture, ids in pictures.items() if len(ids) == 1}


_ALIASES: Final[dict[str, int]] = _aliases()
_NAMES: Final[tuple[str, ...]] = (*(card.code for card in CARDS), *_pictures())
"""What a suggestion may offer: the notation, and the pictures that name one card alone."""


def _key(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")


def suggest_card(text: str, among: Iterable[int] | None = None) -> str:
    """``" (did you mean jan-crane?)"`` for a misspelt card, or ``""`` when nothing is close.

    With `among` (card ids, e.g. the hand), those cards are offered first; any card's name
    is offered when none of them is close.
    """
    key = _key(text)
    # One name: the nearest card, since several near ones (jan-crane, mar-curtain) confuse.
    if among is not None:
        hint = did_you_mean(key, [CARDS[card_id].code for card_id in among], limit=1)
        if hint:
            return hint
    return did_you_mean(key, _NAMES, limit=1)


def parse_card(text: str) -> Card:
    """The card named by `text` (any accepted notation); NotationError quoting it otherwise."""
    card_id = _ALIASES.get(_key(text))
    if card_id is None:
        raise NotationError(
            f"{text!r} is not a card{suggest_card(text)}; write month-name (e.g. nov-rain-man, "
            f"sep-ribbon, mar-chaff-1), month-index (11-1), an id 0..47 or a picture found on "
            f"one card only (moon, rain-man)"
        )
    return CARDS[card_id]


def card_ids(cards: Iterable[CardLike]) -> list[int]:
    """Card ids of `cards`, which may be Cards, ids or notation text (NotationError if bad)."""
    ids: list[int] = []
    for card in cards:
        if isinstance(card, Card):
            ids.append(card.id)
        elif isinstance(card, str):
            ids.append(parse_card(card).id)
        else:
            ids.append(Card.from_id(card).id)
    return ids


def cards_of(ids: Sequence[int]) -> tuple[Card, ...]:
    """The Card singletons for a sequence of ids."""
    return tuple(CARDS[i] for i in ids)


# How a 48-card deal order (top first) is dealt: in pairs, 2 to the dealer's opponent, 2 to the
# field, 2 to the dealer, four times; the stock is the rest, from place 24 on.
OPPONENT_PLACES: Final = (0, 1, 6, 7, 12, 13, 18, 19)
"""The places in a deal order of the hand of the dealer's opponent, in the order dealt ..."""
FIELD_PLACES: Final = (2, 3, 8, 9, 14, 15, 20, 21)
"""... of the field cards ..."""
DEALER_PLACES: Final = (4, 5, 10, 11, 16, 17, 22, 23)
"""... and of the dealer's hand."""


def deal_order(
    dealer_hand: Sequence[str | int],
    opponent_hand: Sequence[str | int],
    field: Sequence[str | int],
    stock: Sequence[str | int] = (),
) -> tuple[str, ...]:
    """The 48-card order (top first) that deals these hands and field.

    `stock` gives the first stock cards, top first; the remaining cards follow in id order.
    Useful with an explicit deck: ``KoiKoiState.new(rules, deck=(*draws, *deal_order(...)))``.
    """
    def ids(cards: Sequence[str | int]) -> list[int]:
        return [Card.from_id(c).id if isinstance(c, int) else parse_card(c).id for c in cards]

    dealer, opponent, table, top = ids(dealer_hand), ids(opponent_hand), ids(field), ids(stock)
    if not len(dealer) == len(opponent) == len(table) == 8:
        raise OptionsError("deal_order needs 8 cards for each hand and 8 for the field")
    used = dealer + opponent + table + top
    if len(set(used)) != len(used):
        raise OptionsError("deal_order: a card is given twice")
    rest = [c for c in range(48) if c not in set(used)]
    order = [0] * 24
    for places, cards in ((OPPONENT_PLACES, opponent), (FIELD_PLACES, table),
                          (DEALER_PLACES, dealer)):
        for place, card in zip(places, cards, strict=True):
            order[place] = card
    order += top + rest
    return tuple(CARDS[c].code for c in order)
