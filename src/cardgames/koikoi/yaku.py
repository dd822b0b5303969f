"""Yaku (scoring combinations) of a captured pile, and a round's final points.

:func:`score_yaku` answers "what does this pile score?" for any cards; the engine uses the
same tables on 48-bit masks (bit ``id`` set for each captured card), so a pile is scored with
a handful of ``int.bit_count()`` calls.

Counting rules (the rules file, made precise):

* Only the best bright yaku counts (Goko > Shikō > Ame-shikō > Sankō; the values may be
  changed, never so that fewer brights pay more).
* Ino-shika-chō (boar, deer, butterflies) pays 5 plus 1 per animal beyond those three, and
  then Tane (5+ animals) is not paid as well: its cards are already counted.
  Boar + deer + butterflies + 2 other animals = 7.
* Akatan (3 poetry ribbons) or Aotan (3 blue ribbons) pays 5 plus 1 per ribbon beyond those
  three; with all six, Akatan-Aotan pays 10 plus 1 per ribbon beyond the six (it replaces both).
  Whenever one of them is formed, Tanzaku (5+ ribbons) is not paid as well.
  Three poetry ribbons + one plain ribbon = 6.
* The sake cup is an animal (for Tane and Ino-shika-chō's extra cards) and, with
  ``sake_cup_as_chaff``, also a chaff card for Kasu: nine chaff + sake cup = Kasu 1.
* Viewing yaku (Hanami-zake, Tsukimi-zake) follow ``viewing_yaku``, ``viewing_yaku_points``,
  ``viewing_cancelled_by_rain`` (rain man or lightning in the same pile) and
  ``viewing_only_after_koikoi`` (the pile's owner has called koi-koi this round).
* Tsuki-fuda (option): all four cards of the round's month.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from cardgames.core.errors import NotationError, OptionsError
from cardgames.koikoi.cards import CARDS, CardLike, Kind, RibbonKind, card_ids
from cardgames.koikoi.rules import DrawnRound, KoiKoiPenalty, KoiKoiRules, make_rules

__all__ = [
    "YAKU_INFO",
    "Multiplier",
    "RoundPoints",
    "Yaku",
    "YakuInfo",
    "YakuScore",
    "drawn_round_points",
    "month_of_round",
    "round_points",
    "score_yaku",
    "yaku_table",
]


@attrs.frozen(slots=True)
class Yaku:
    """One yaku formed by a pile: its key, display name and points."""

    key: str
    """ASCII identifier, e.g. ``sanko``."""
    name: str
    """Romanised name, e.g. ``Sankō``."""
    points: int

    def __str__(self) -> str:
        return f"{self.name} {self.points}"


@attrs.frozen(slots=True)
class YakuScore:
    """The yaku of a pile and their total before round multipliers."""

    yaku: tuple[Yaku, ...]
    total: int

    def __str__(self) -> str:
        if not self.yaku:
            return "no yaku"
        return ", ".join(map(str, self.yaku)) + f" = {self.total}"

    def __bool__(self) -> bool:
        return bool(self.yaku)

    def points_of(self, key: str) -> int:
        """Points of the yaku `key` in this score (0 if it is not formed)."""
        for yaku in self.yaku:
            if yaku.key == key:
                return yaku.points
        return 0


@attrs.frozen(slots=True)
class YakuInfo:
    """A row of the yaku table: what forms the yaku and what it pays under given rules."""

    key: str
    name: str
    english: str
    cards: str
    points: str


# --- the yaku slots, in display order (the engine keeps one int per slot) ---------------
GOKO, SHIKO, AME_SHIKO, SANKO, HANAMI, TSUKIMI, INOSHIKACHO = 0, 1, 2, 3, 4, 5, 6
AKATAN_AOTAN, AKATAN, AOTAN, TANE, TANZAKU, KASU, TSUKIFUDA = 7, 8, 9, 10, 11, 12, 13
SLOT_COUNT: Final = 14

_SLOTS: Final[tuple[tuple[str, str, str], ...]] = (
    ("goko", "Goko", "five brights"),
    ("shiko", "Shikō", "four brights"),
    ("ame_shiko", "Ame-shikō", "rainy four brights"),
    ("sanko", "Sankō", "three brights"),
    ("hanami_zake", "Hanami-zake", "flower viewing"),
    ("tsukimi_zake", "Tsukimi-zake", "moon viewing"),
    ("inoshikacho", "Ino-shika-chō", "boar, deer, butterflies"),
    ("akatan_aotan", "Akatan-Aotan", "red and blue poetry ribbons"),
    ("akatan", "Akatan", "red poetry ribbons"),
    ("aotan", "Aotan", "blue ribbons"),
    ("tane", "Tane", "animals"),
    ("tanzaku", "Tanzaku", "ribbons"),
    ("kasu", "Kasu", "chaff"),
    ("tsukifuda", "Tsuki-fuda", "cards of the month"),
)


def _mask(ids: Iterable[int]) -> int:
    result = 0
    for card_id in ids:
        result |= 1 << card_id
    return result


BRIGHT_MASK: Final = _mask(c.id for c in CARDS if c.kind is Kind.BRIGHT)
ANIMAL_MASK: Final = _mask(c.id for c in CARDS if c.kind is Kind.ANIMAL)
RIBBON_MASK: Final = _mask(c.id for c in CARDS if c.kind is Kind.RIBBON)
POETRY_MASK: Final = _mask(c.id for c in CARDS if c.ribbon is RibbonKind.POETRY)
BLUE_MASK: Final = _mask(c.id for c in CARDS if c.ribbon is RibbonKind.BLUE)
CHAFF_MASK: Final = _mask(c.id for c in CARDS if c.kind is Kind.CHAFF)
RAIN_MAN_BIT: Final = 1 << 40
LIGHTNING_BIT: Final = 1 << 43
CURTAIN_BIT: Final = 1 << 8
MOON_BIT: Final = 1 << 28
SAKE_CUP_BIT: Final = 1 << 32
INOSHIKACHO_MASK: Final = (1 << 24) | (1 << 36) | (1 << 20)
MONTH_MASKS: Final[tuple[int, ...]] = tuple(0b1111 << (4 * m) for m in range(12))
"""Mask of the four cards of month m + 1, by m."""


def month_of_round(round_number: int) -> int:
    """The month (1..12) a round stands for: round 1 January, ..., round 13 January again."""
    return (round_number - 1) % 12 + 1


class YakuTable:
    """The per-rules constants the scorer needs, computed once per rules object."""

    __slots__ = (
        "_scores",
        "ame_shiko",
        "goko",
        "sake_as_chaff",
        "sanko",
        "shiko",
        "tsukifuda",
        "viewing",
        "viewing_cancel",
        "viewing_only_after_koikoi",
    )

    def __init__(self, rules: KoiKoiRules) -> None:
        self.goko = rules.goko_points
        self.shiko = rules.shiko_points
        self.ame_shiko = rules.ame_shiko_points
        self.sanko = rules.sanko_points
        self.viewing = rules.viewing_yaku_points if rules.viewing_yaku else 0
        self.viewing_cancel = RAIN_MAN_BIT | LIGHTNING_BIT if rules.viewing_cancelled_by_rain else 0
        self.viewing_only_after_koikoi = rules.viewing_only_after_koikoi
        self.sake_as_chaff = rules.sake_cup_as_chaff
        self.tsukifuda = rules.tsuki_fuda_points if rules.tsuki_fuda else 0
        self._scores: dict[tuple[int, bool, int], YakuScore] = {}

    def score(self, pile: int, koikoi_called: bool = False, month: int = 0) -> YakuScore:
        """The :class:`YakuScore` of a pile mask (cached: views ask for it on every move)."""
        key = (pile, koikoi_called, month)
        score = self._scores.get(key)
        if score is None:
            if len(self._scores) >= 65536:  # bound the memory of very long simulations
                self._scores.clear()
            score = self._scores[key] = self.to_score(self.slots(pile, koikoi_called, month))
        return score

    def slots(self, pile: int, koikoi_called: bool = False, month: int = 0) -> list[int]:
        """Points per yaku slot for the pile mask `pile` (0 where a yaku is not formed).

        `koikoi_called`: the pile's owner has called koi-koi this round. `month`: the round's
        month for tsuki-fuda (0: none).
        """
        points = [0] * SLOT_COUNT
        brights = (pile & BRIGHT_MASK).bit_count()
        if brights >= 3:
            others = brights - 1 if pile & RAIN_MAN_BIT else brights
            # The values never rise as brights get fewer, so the first formed is the best.
            if brights == 5:
                points[GOKO] = self.goko
            elif others == 4:
                points[SHIKO] = self.shiko
            elif brights == 4:
                points[AME_SHIKO] = self.ame_shiko
            elif others == 3:
                points[SANKO] = self.sanko
        if (
            self.viewing
            and pile & SAKE_CUP_BIT
            and not pile & self.viewing_cancel
            and (koikoi_called or not self.viewing_only_after_koikoi)
        ):
            if pile & CURTAIN_BIT:
                points[HANAMI] = self.viewing
            if pile & MOON_BIT:
                points[TSUKIMI] = self.viewing
        animals = (pile & ANIMAL_MASK).bit_count()
        if pile & INOSHIKACHO_MASK == INOSHIKACHO_MASK:
            points[INOSHIKACHO] = 5 + animals - 3
        elif animals >= 5:
            points[TANE] = animals - 4
        ribbons = (pile & RIBBON_MASK).bit_count()
        poetry = pile & POETRY_MASK == POETRY_MASK
        blue = pile & BLUE_MASK == BLUE_MASK
        if poetry and blue:
            points[AKATAN_AOTAN] = 10 + ribbons - 6
        elif poetry:
            points[AKATAN] = 5 + ribbons - 3
        elif blue:
            points[AOTAN] = 5 + ribbons - 3
        elif ribbons >= 5:
            points[TANZAKU] = ribbons - 4
        chaff = (pile & CHAFF_MASK).bit_count()
        if self.sake_as_chaff and pile & SAKE_CUP_BIT:
            chaff += 1
        if chaff >= 10:
            points[KASU] = chaff - 9
        if self.tsukifuda and month:
            month_mask = MONTH_MASKS[month - 1]
            if pile & month_mask == month_mask:
                points[TSUKIFUDA] = self.tsukifuda
        return points

    @staticmethod
    def to_score(slots: list[int]) -> YakuScore:
        """The :class:`YakuScore` of a slot list from :meth:`slots`."""
        formed = tuple(
            Yaku(_SLOTS[i][0], _SLOTS[i][1], p) for i, p in enumerate(slots) if p
        )
        return YakuScore(formed, sum(slots))


_TABLES: dict[KoiKoiRules, YakuTable] = {}


def yaku_table_for(rules: KoiKoiRules) -> YakuTable:
    """The cached :class:`YakuTable` of `rules`."""
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = YakuTable(rules)
    return table


_DEFAULT_RULES: Final = KoiKoiRules()


def _rules(rules: KoiKoiRules | str | None) -> KoiKoiRules:
    """`rules`, a preset's rules for a preset name, the defaults for None; else OptionsError."""
    if rules is None:
        return _DEFAULT_RULES
    if isinstance(rules, KoiKoiRules):
        return rules
    if isinstance(rules, str):
        return make_rules(rules)
    raise OptionsError(f"Koi-Koi rules must be KoiKoiRules or a preset name (got {rules!r})")


def score_yaku(
    cards: Iterable[CardLike] | str,
    rules: KoiKoiRules | str | None = None,
    *,
    koikoi_called: bool = False,
    month: int | None = None,
) -> YakuScore:
    """The yaku formed by a captured pile and their total before round multipliers.

    `cards` may be :class:`~cardgames.koikoi.cards.Card` values, ids or notation text.
    `koikoi_called` says whether the pile's owner has called koi-koi (it matters only with
    ``viewing_only_after_koikoi``); `month` is the round's month for tsuki-fuda.

    >>> score_yaku(["jan-crane", "mar-curtain", "aug-moon"]).total
    5
    >>> str(score_yaku(["jul-boar", "oct-deer", "jun-butterflies", "feb-warbler", "apr-cuckoo"]))
    'Ino-shika-chō 7 = 7'
    >>> score_yaku("jan-crane mar-curtain aug-moon", "traditional").total
    6

    `rules` may also be a preset name. A single string is read as cards separated by spaces
    or commas.
    """
    table = yaku_table_for(_rules(rules))
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    ids = card_ids(cards)
    seen: set[int] = set()
    for card_id in ids:
        if card_id in seen:
            raise NotationError(
                f"card {CARDS[card_id].code!r} appears twice in the pile; each card is unique"
            )
        seen.add(card_id)
    if month is not None and (isinstance(month, bool) or month not in range(1, 13)):
        raise NotationError(f"month {month!r} is not a month; months are 1..12")
    return table.to_score(table.slots(_mask(ids), koikoi_called, month or 0))


@attrs.frozen(slots=True)
class Multiplier:
    """One factor applied to a round's yaku total, with the reason."""

    reason: str
    factor: int

    def __str__(self) -> str:
        return f"×{self.factor} ({self.reason})"


@attrs.frozen(slots=True)
class RoundPoints:
    """A round's final points: the yaku total, the multipliers applied, and the result."""

    base: int
    multipliers: tuple[Multiplier, ...]
    points: int

    def __str__(self) -> str:
        if not self.multipliers:
            return str(self.points)
        parts = [str(self.base), *map(str, self.multipliers)]
        return " ".join(parts) + f" = {self.points}"


def round_points(
    yaku_total: int,
    rules: KoiKoiRules | str | None = None,
    *,
    winner_calls: int = 0,
    loser_calls: int = 0,
) -> RoundPoints:
    """The points the winner of a round scores for a yaku total.

    The total is doubled at 7 or more (``double_at_7``), then the koi-koi penalty applies:
    ``double``: ×2 if the loser called koi-koi this round; ``growing``: ×(1 + calls of both
    players); ``none``: nothing. `winner_calls`/`loser_calls` are this round's koi-koi calls.

    >>> round_points(7, winner_calls=0, loser_calls=1).points
    28
    """
    rules = _rules(rules)
    for name, value in (
        ("yaku_total", yaku_total), ("winner_calls", winner_calls), ("loser_calls", loser_calls)
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionsError(
                f"round_points: {name!r} must be a whole number >= 0 (got {value!r})"
            )
    multipliers: list[Multiplier] = []
    if rules.double_at_7 and yaku_total >= 7:
        multipliers.append(Multiplier("7 points or more", 2))
    penalty = rules.koikoi_penalty
    if penalty is KoiKoiPenalty.DOUBLE and loser_calls > 0:
        multipliers.append(Multiplier("opponent called koi-koi", 2))
    elif penalty is KoiKoiPenalty.GROWING and winner_calls + loser_calls > 0:
        calls = winner_calls + loser_calls
        multipliers.append(
            Multiplier(f"{calls} koi-koi call{'s' if calls > 1 else ''}", 1 + calls)
        )
    points = yaku_total
    for multiplier in multipliers:
        points *= multiplier.factor
    return RoundPoints(yaku_total, tuple(multipliers), points)


def drawn_round_points(rules: KoiKoiRules | str | None = None) -> int:
    """What the dealer scores when the hands run out with nobody stopped: the dealer's
    privilege (``oya_ken_points``) with ``drawn_round="dealer"``, else 0 (nobody scores).
    No multiplier applies.

    >>> drawn_round_points(), drawn_round_points(KoiKoiRules(drawn_round="dealer"))
    (0, 6)
    """
    rules = _rules(rules)
    return rules.oya_ken_points if rules.drawn_round is DrawnRound.DEALER else 0


def yaku_table(rules: KoiKoiRules | str | None = None) -> list[YakuInfo]:
    """The yaku and what each pays under `rules`, in display order (for tables and docs)."""
    rules = _rules(rules)
    viewing = (
        f"{rules.viewing_yaku_points}"
        + (", not with rain man/lightning" if rules.viewing_cancelled_by_rain else "")
        + (", only after own koi-koi" if rules.viewing_only_after_koikoi else "")
        if rules.viewing_yaku
        else "off"
    )
    cards = {
        "goko": "all 5 brights",
        "shiko": "4 brights without the rain man",
        "ame_shiko": "rain man + 3 other brights",
        "sanko": "3 brights without the rain man",
        "hanami_zake": "curtain + sake cup",
        "tsukimi_zake": "moon + sake cup",
        "inoshikacho": "boar + deer + butterflies",
        "akatan_aotan": "3 poetry + 3 blue ribbons",
        "akatan": "3 poetry ribbons",
        "aotan": "3 blue ribbons",
        "tane": "5 animals (sake cup included)",
        "tanzaku": "5 ribbons",
        "kasu": "10 chaff" + (" (sake cup counts)" if rules.sake_cup_as_chaff else ""),
        "tsukifuda": "4 cards of the round's month",
    }
    points = {
        "goko": str(rules.goko_points),
        "shiko": str(rules.shiko_points),
        "ame_shiko": str(rules.ame_shiko_points),
        "sanko": str(rules.sanko_points),
        "hanami_zake": viewing,
        "tsukimi_zake": viewing,
        "inoshikacho": "5, +1 per further animal (no Tane then)",
        "akatan_aotan": "10, +1 per further ribbon (no Tanzaku then)",
        "akatan": "5, +1 per further ribbon (no Tanzaku then)",
        "aotan": "5, +1 per further ribbon (no Tanzaku then)",
        "tane": "1, +1 per further animal",
        "tanzaku": "1, +1 per further ribbon",
        "kasu": "1, +1 per further chaff",
        "tsukifuda": str(rules.tsuki_fuda_points) if rules.tsuki_fuda else "off",
    }
    return [YakuInfo(key, name, english, cards[key], points[key]) for key, name, english in _SLOTS]


YAKU_INFO: Final[tuple[tuple[str, str, str], ...]] = _SLOTS
"""(key, name, English meaning) of every yaku, in display order."""
