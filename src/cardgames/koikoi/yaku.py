"""Yaku (scoring combinations) of a captured pile, and a round's final points.

Every yaku is one row of data, :data:`YAKU` (a :class:`YakuRow`: the cards it counts, how
many form it, its points, what it replaces, which house rules touch it). Those rows are the
only description of the yaku: :func:`score_yaku` and the engine score with them, the
``cardgames koikoi yaku`` table and the docs print them (:func:`yaku_table`), and the
progress hints read them (:func:`yaku_progress`). The engine scores 48-bit masks (bit ``id``
set for each captured card) against masks compiled once per rules object, so a pile is
scored with a handful of ``int.bit_count()`` calls.

Counting rules (the rules file, made precise by the rows):

* Only the best bright yaku counts: each bright row replaces the weaker ones (Goko > Shikō >
  Ame-shikō > Sankō; the values may be changed, never so that fewer brights pay more).
* Ino-shika-chō (boar, deer, butterflies) pays 5 plus 1 per animal beyond those three, and
  replaces Tane (5+ animals): its cards are already counted.
  Boar + deer + butterflies + 2 other animals = 7.
* Akatan (3 poetry ribbons) or Aotan (3 blue ribbons) pays 5 plus 1 per ribbon beyond those
  three; with all six, Akatan-Aotan pays 10 plus 1 per ribbon beyond the six (it replaces both).
  Each of them replaces Tanzaku (5+ ribbons). Three poetry ribbons + one plain ribbon = 6.
* With ``set_yaku_stack`` (KoiKoi-Japan) those four pay fixed points and replace nothing:
  boar + deer + butterflies + 2 other animals = Ino-shika-chō 5 + Tane 1 = 6; the six poetry
  and blue ribbons = Akatan-Aotan 10 + Akatan 5 + Aotan 5 + Tanzaku 2 = 22.
* The sake cup is an animal (for Tane and Ino-shika-chō's extra cards) and, with
  ``sake_cup_as_chaff``, also a chaff card for Kasu: nine chaff + sake cup = Kasu 1.
* Viewing yaku (Hanami-zake, Tsukimi-zake) follow ``viewing_yaku``, ``viewing_yaku_points``,
  ``viewing_cancelled_by_rain`` (rain man or lightning in the same pile),
  ``viewing_only_after_koikoi`` and ``viewing_koikoi_bonus`` (both ask whether the pile's
  owner has called koi-koi this round).
* Tsuki-fuda (option): all four cards of the round's month.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple

import attrs

from cardgames.core.errors import NotationError, OptionsError
from cardgames.koikoi.cards import (
    ANIMAL_IDS,
    BRIGHT_IDS,
    CARDS,
    CHAFF_IDS,
    RIBBON_IDS,
    CardLike,
    RibbonKind,
    card_ids,
    parse_card,
)
from cardgames.koikoi.rules import DrawnRound, KoiKoiPenalty, KoiKoiRules, make_rules

__all__ = [
    "YAKU",
    "Multiplier",
    "MultiplierKind",
    "RoundPoints",
    "RowMasks",
    "Yaku",
    "YakuInfo",
    "YakuProgress",
    "YakuRow",
    "YakuScore",
    "compile_rows",
    "drawn_round_points",
    "month_of_round",
    "points_of_round",
    "round_points",
    "score_yaku",
    "spectator_hands",
    "table_aids",
    "yaku_progress",
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


def _ids(*codes: str) -> frozenset[int]:
    return frozenset(parse_card(code).id for code in codes)


@attrs.frozen(slots=True)
class YakuRow:
    """One yaku as data: what forms it, what it pays, what it replaces, which rules touch it.

    The yaku is formed when the pile holds at least `need` of `cards` (with every card of
    `requires`); it then pays `points` (or the value of the rules field `points_field`) plus
    `per_further` for each card of `further` beyond `need`. Rule-dependent parts name the
    :class:`~cardgames.koikoi.rules.KoiKoiRules` field that switches them.
    """

    key: str
    """ASCII identifier, e.g. ``sanko`` (the key of :class:`Yaku`)."""
    name: str
    """Romanised name, e.g. ``Sankō``."""
    english: str
    """What the name means, e.g. ``three brights``."""
    cards: frozenset[int]
    """The ids of the cards it counts (empty with `round_month`)."""
    cards_text: str
    """The cards in words, for tables: ``3 brights without the rain man``."""
    need: int
    """How many of `cards` form it."""
    points: int = 0
    """Its points when formed with exactly `need` cards (unless `points_field` says)."""
    points_field: str | None = None
    """The rules field holding its points instead of `points`, e.g. ``sanko_points``."""
    per_further: int = 0
    """Points per card of `further` beyond `need` (0: fixed points)."""
    further: frozenset[int] | None = None
    """The cards counted as further cards, a superset of `cards` (None: `cards` themselves)."""
    further_text: str = ""
    """A further card in words, e.g. ``animal``."""
    requires: frozenset[int] = frozenset()
    """Cards that must be among the counted ones (Ame-shikō: the rain man)."""
    replaces: tuple[str, ...] = ()
    """Keys of the yaku not paid when this one is formed (their cards are counted here)."""
    enabled_by: str | None = None
    """A boolean rules field that must be on for the yaku to count at all."""
    also_counts: frozenset[int] = frozenset()
    """Cards counted among `cards` (and further cards) when `also_counts_if` is on."""
    also_counts_if: str | None = None
    """The boolean rules field that adds `also_counts` (``sake_cup_as_chaff``)."""
    spoiled_by: frozenset[int] = frozenset()
    """Cards whose presence in the pile cancels the yaku when `spoiled_if` is on."""
    spoiled_if: str | None = None
    """The boolean rules field that lets `spoiled_by` cancel it."""
    after_koikoi_if: str | None = None
    """The boolean rules field that makes it count only after its owner's koi-koi."""
    koikoi_bonus_field: str | None = None
    """The rules field holding points it gains once its owner has called koi-koi this round."""
    stacks_if: str | None = None
    """The boolean rules field under which it pays `points` fixed (no further cards) and
    replaces nothing: the yaku it would replace are paid as well."""
    round_month: bool = False
    """Its cards are the four cards of the round's month (tsuki-fuda)."""


_RAIN_MAN: Final = _ids("nov-rain-man")
_BRIGHTS: Final = frozenset(BRIGHT_IDS)
_PLAIN_BRIGHTS: Final = _BRIGHTS - _RAIN_MAN
_ANIMALS: Final = frozenset(ANIMAL_IDS)
_RIBBONS: Final = frozenset(RIBBON_IDS)
_POETRY: Final = frozenset(c.id for c in CARDS if c.ribbon is RibbonKind.POETRY)
_BLUE: Final = frozenset(c.id for c in CARDS if c.ribbon is RibbonKind.BLUE)
_SAKE_CUP: Final = _ids("sep-sake-cup")


def _viewing(key: str, name: str, english: str, codes: tuple[str, str], text: str) -> YakuRow:
    """A viewing yaku: the picture and the sake cup, with the house rules all viewing obey."""
    return YakuRow(
        key, name, english, _ids(*codes), text, 2,
        points_field="viewing_yaku_points",
        enabled_by="viewing_yaku",
        spoiled_by=_ids("nov-rain-man", "nov-lightning"),
        spoiled_if="viewing_cancelled_by_rain",
        after_koikoi_if="viewing_only_after_koikoi",
        koikoi_bonus_field="viewing_koikoi_bonus",
    )


YAKU: Final[tuple[YakuRow, ...]] = (
    YakuRow(
        "goko", "Goko", "five brights", _BRIGHTS, "all 5 brights", 5,
        points_field="goko_points", replaces=("shiko", "ame_shiko", "sanko"),
    ),
    YakuRow(
        "shiko", "Shikō", "four brights", _PLAIN_BRIGHTS, "4 brights without the rain man", 4,
        points_field="shiko_points", replaces=("ame_shiko", "sanko"),
    ),
    YakuRow(
        "ame_shiko", "Ame-shikō", "rainy four brights", _BRIGHTS, "rain man + 3 other brights",
        4, points_field="ame_shiko_points", requires=_RAIN_MAN, replaces=("sanko",),
    ),
    # With the rain man and only two other brights nothing forms: Sankō counts plain brights.
    YakuRow(
        "sanko", "Sankō", "three brights", _PLAIN_BRIGHTS, "3 brights without the rain man", 3,
        points_field="sanko_points",
    ),
    _viewing(
        "hanami_zake", "Hanami-zake", "flower viewing", ("mar-curtain", "sep-sake-cup"),
        "curtain + sake cup",
    ),
    _viewing(
        "tsukimi_zake", "Tsukimi-zake", "moon viewing", ("aug-moon", "sep-sake-cup"),
        "moon + sake cup",
    ),
    YakuRow(
        "inoshikacho", "Ino-shika-chō", "boar, deer, butterflies",
        _ids("jul-boar", "oct-deer", "jun-butterflies"), "boar + deer + butterflies", 3,
        points=5, per_further=1, further=_ANIMALS, further_text="animal", replaces=("tane",),
        stacks_if="set_yaku_stack",
    ),
    YakuRow(
        "akatan_aotan", "Akatan-Aotan", "red and blue poetry ribbons", _POETRY | _BLUE,
        "3 poetry + 3 blue ribbons", 6, points=10, per_further=1, further=_RIBBONS,
        further_text="ribbon", replaces=("akatan", "aotan", "tanzaku"),
        stacks_if="set_yaku_stack",
    ),
    YakuRow(
        "akatan", "Akatan", "red poetry ribbons", _POETRY, "3 poetry ribbons", 3, points=5,
        per_further=1, further=_RIBBONS, further_text="ribbon", replaces=("tanzaku",),
        stacks_if="set_yaku_stack",
    ),
    YakuRow(
        "aotan", "Aotan", "blue ribbons", _BLUE, "3 blue ribbons", 3, points=5, per_further=1,
        further=_RIBBONS, further_text="ribbon", replaces=("tanzaku",),
        stacks_if="set_yaku_stack",
    ),
    YakuRow(
        "tane", "Tane", "animals", _ANIMALS, "5 animals (sake cup included)", 5, points=1,
        per_further=1, further_text="animal",
    ),
    YakuRow(
        "tanzaku", "Tanzaku", "ribbons", _RIBBONS, "5 ribbons", 5, points=1, per_further=1,
        further_text="ribbon",
    ),
    YakuRow(
        "kasu", "Kasu", "chaff", frozenset(CHAFF_IDS), "10 chaff", 10, points=1, per_further=1,
        further_text="chaff", also_counts=_SAKE_CUP, also_counts_if="sake_cup_as_chaff",
    ),
    YakuRow(
        "tsukifuda", "Tsuki-fuda", "cards of the month", frozenset(),
        "4 cards of the round's month", 4, points_field="tsuki_fuda_points",
        enabled_by="tsuki_fuda", round_month=True,
    ),
)
"""Every yaku, in display order (the order of a :class:`YakuScore` and of the tables)."""

SLOT_COUNT: Final = len(YAKU)
"""The engine keeps one number per yaku, in the order of :data:`YAKU`."""
_SLOT_OF: Final = {row.key: slot for slot, row in enumerate(YAKU)}


def _mask(ids: Iterable[int]) -> int:
    result = 0
    for card_id in ids:
        result |= 1 << card_id
    return result


MONTH_MASKS: Final[tuple[int, ...]] = tuple(0b1111 << (4 * m) for m in range(12))
"""Mask of the four cards of month m + 1, by m."""


def month_of_round(round_number: int) -> int:
    """The month (1..12) a round stands for: round 1 January, ..., round 13 January again."""
    return (round_number - 1) % 12 + 1


def _on(rules: KoiKoiRules, field: str | None) -> bool:
    """Whether the boolean rules field `field` is on (None: no field, so no effect)."""
    return field is not None and bool(getattr(rules, field))


def _enabled(row: YakuRow, rules: KoiKoiRules) -> bool:
    return row.enabled_by is None or _on(rules, row.enabled_by)


def _base_points(row: YakuRow, rules: KoiKoiRules) -> int:
    if row.points_field is None:
        return row.points
    points: int = getattr(rules, row.points_field)
    return points


def _koikoi_bonus(row: YakuRow, rules: KoiKoiRules) -> int:
    """Points `row` gains once its owner has called koi-koi (``viewing_koikoi_bonus``)."""
    if row.koikoi_bonus_field is None:
        return 0
    bonus: int = getattr(rules, row.koikoi_bonus_field)
    return bonus


def _stacked(row: YakuRow, rules: KoiKoiRules) -> bool:
    """Whether `row` pays fixed points and replaces nothing under `rules` (set_yaku_stack)."""
    return _on(rules, row.stacks_if)


def _replaces(row: YakuRow, rules: KoiKoiRules) -> tuple[str, ...]:
    """The keys of the yaku `row` replaces under `rules` (none while it stacks)."""
    return () if _stacked(row, rules) else row.replaces


def _counted(row: YakuRow, rules: KoiKoiRules, month: int) -> tuple[int, int]:
    """(mask of the counted cards, mask of the further cards) of `row` under `rules`."""
    cards = MONTH_MASKS[month - 1] if row.round_month else _mask(row.cards)
    further = cards if row.further is None else _mask(row.further)
    if _on(rules, row.also_counts_if):
        extra = _mask(row.also_counts)
        cards |= extra
        further |= extra
    return cards, further


class RowMasks(NamedTuple):
    """One yaku row compiled for one rules object, koi-koi state and month: masks and numbers,
    ready for a hot loop (the scorer and the greedy bot's evaluation both read these)."""

    slot: int
    """Its place in :data:`YAKU`."""
    cards: int
    """Mask of the counted cards."""
    need: int
    """How many of them form it."""
    requires: int
    """Mask of the cards that must be among them."""
    further: int
    """Mask of the cards counted as further cards."""
    points: int
    """Its points when formed with exactly `need` cards."""
    per_further: int
    """Points per further card beyond `need`."""
    spoil: int
    """Mask of the cards that cancel it when in the same pile (0: none)."""
    replaced: int
    """Mask of the slots it replaces."""


def compile_rows(rules: KoiKoiRules, koikoi_called: bool, month: int) -> tuple[RowMasks, ...]:
    """The rows that can count under `rules` for a pile whose owner has (not) called koi-koi
    this round, in a round of `month` (0: no tsuki-fuda), with every rule applied: a row
    the rules leave out is absent, so whoever loops over them tests nothing about the rules."""
    compiled: list[RowMasks] = []
    for slot, row in enumerate(YAKU):
        if not _enabled(row, rules) or (row.round_month and not month):
            continue
        if _on(rules, row.after_koikoi_if) and not koikoi_called:
            continue
        cards, further = _counted(row, rules, month)
        points = _base_points(row, rules) + (_koikoi_bonus(row, rules) if koikoi_called else 0)
        compiled.append(RowMasks(
            slot, cards, row.need, _mask(row.requires), further, points,
            0 if _stacked(row, rules) else row.per_further,
            _mask(row.spoiled_by) if _on(rules, row.spoiled_if) else 0,
            _mask(_SLOT_OF[key] for key in _replaces(row, rules)),
        ))
    return tuple(compiled)


_Detail = tuple[int, int, int, int, int, int, int]
"""(slot, cards needed, further mask, base points, points per further card, spoiling mask,
mask of the slots it replaces): what a formed row needs to be paid."""
_Compiled = tuple[tuple[tuple[int, _Detail], ...], tuple[tuple[int, int, int, _Detail], ...]]
"""(rows formed by a whole set of cards: (cards mask, detail); rows formed by a count:
(cards mask, cards needed, requires mask, detail)), ready for the hot loop."""


class _CardCounts(dict[int, int]):
    """Card mask -> the sum of its cards' counters (:class:`Tally`), found on first use."""

    __slots__ = ("_per_card",)

    def __init__(self, per_card: Sequence[int]) -> None:
        super().__init__()
        self._per_card = tuple(per_card)

    def __missing__(self, cards: int) -> int:
        if len(self) >= 65536:  # bound the memory of piles asked for one by one
            self.clear()
        total = 0
        rest = cards
        while rest:
            low = rest & -rest
            total += self._per_card[low.bit_length() - 1]
            rest ^= low
        self[cards] = total
        return total


class Tally(NamedTuple):
    """How close a pile is to each row of a rule set, as one int kept as the pile grows:
    `start`, plus ``counts[cards]`` for the cards it gains (any mask, the sum of its cards'),
    has a bit of `reached` set exactly when some row has as many of its cards as it needs
    (:meth:`YakuTable.may_form`)."""

    start: int
    """The tally of an empty pile."""
    reached: int
    """The bits that say a row is reached."""
    counts: dict[int, int]
    """Cards (a mask) -> what they add to a tally."""


class YakuTable:
    """The yaku rows of one rules object compiled to masks, and the scorer that uses them."""

    __slots__ = ("_compiled", "_scores", "_tally", "rules")

    def __init__(self, rules: KoiKoiRules) -> None:
        self.rules = rules
        # One compiled pair per (koi-koi called, month), built on first use, so that the hot
        # loop tests nothing about the rules: a row that cannot count is simply absent.
        self._compiled: dict[tuple[bool, int], _Compiled] = {}
        self._scores: dict[tuple[int, bool, int], YakuScore] = {}
        self._tally: Tally | None = None

    def may_form(self, pile: int) -> bool:
        """False when pile mask `pile` forms no yaku whatever the koi-koi calls and the month
        (True: it may; :meth:`slots` says). Most piles form nothing, and this answers that
        from the :attr:`tally` instead of a pass over the rows."""
        tally = self.tally
        return bool((tally.start + tally.counts[pile]) & tally.reached)

    @property
    def tally(self) -> Tally:
        """The counters :meth:`may_form` reads, for a pile kept as it grows (built on first
        use)."""
        tally = self._tally
        if tally is None:
            tally = self._tally = self._build_tally()
        return tally

    def _build_tally(self) -> Tally:
        """One 8-bit field per distinct (cards, need) of every row the rules can count: a
        pile's tally holds in each field the pile's count of those cards plus 128 - need, so
        the field's top bit is set exactly when the count reaches `need` (at most 48 + 127 <
        256: no carry between fields)."""
        months = range(1, 13) if self.rules.tsuki_fuda else (0,)
        needs = sorted({
            (row.cards, row.need)
            for called in (False, True)
            for month in months
            for row in compile_rows(self.rules, called, month)
        })
        offset = high = 0
        per_card = [0] * 48
        for field, (cards, need) in enumerate(needs):
            offset |= (128 - need) << (8 * field)
            high |= 128 << (8 * field)
            for card in range(48):
                if cards >> card & 1:
                    per_card[card] += 1 << (8 * field)
        return Tally(offset, high, _CardCounts(per_card))

    def _compile(self, koikoi_called: bool, month: int) -> _Compiled:
        sets: list[tuple[int, _Detail]] = []
        counts: list[tuple[int, int, int, _Detail]] = []
        for row in compile_rows(self.rules, koikoi_called, month):
            cards = row.cards
            detail = (
                row.slot, row.need, row.further, row.points, row.per_further, row.spoil,
                row.replaced,
            )
            if row.need == cards.bit_count():
                # All of its cards (Goko, Akatan, the viewing yaku): one mask comparison.
                sets.append((cards, detail))
            else:
                counts.append((cards, row.need, row.requires, detail))
        compiled = self._compiled[koikoi_called, month] = (tuple(sets), tuple(counts))
        return compiled

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
        """Points per yaku (in :data:`YAKU` order) for the pile mask `pile` (0: not formed).

        `koikoi_called`: the pile's owner has called koi-koi this round. `month`: the round's
        month for tsuki-fuda (0: none).
        """
        compiled = self._compiled.get((koikoi_called, month))
        if compiled is None:
            compiled = self._compile(koikoi_called, month)
        sets, counts = compiled
        points = [0] * SLOT_COUNT
        formed: list[_Detail] = []
        # Most rows fail their first test; only formed ones are looked at further.
        for cards, detail in sets:
            if pile & cards == cards:
                formed.append(detail)
        for cards, need, requires, detail in counts:
            if (pile & cards).bit_count() >= need and pile & requires == requires:
                formed.append(detail)
        replaced = 0
        for slot, need, further, base, per_further, spoil, replaces in formed:
            if not pile & spoil:
                points[slot] = base + per_further * ((pile & further).bit_count() - need)
                replaced |= replaces
        while replaced:
            low = replaced & -replaced
            points[low.bit_length() - 1] = 0
            replaced ^= low
        return points

    @staticmethod
    def to_score(slots: Sequence[int]) -> YakuScore:
        """The :class:`YakuScore` of a slot list from :meth:`slots` (scores are frozen values,
        so one is built per slot list and shared: rounds end with the same few again and
        again)."""
        key = tuple(slots)
        score = _SCORE_OF_SLOTS.get(key)
        if score is None:
            if len(_SCORE_OF_SLOTS) >= 65536:  # bound the memory of very long simulations
                _SCORE_OF_SLOTS.clear()
            formed = tuple(
                Yaku(YAKU[i].key, YAKU[i].name, p) for i, p in enumerate(key) if p
            )
            score = _SCORE_OF_SLOTS[key] = YakuScore(formed, sum(key))
        return score


_SCORE_OF_SLOTS: dict[tuple[int, ...], YakuScore] = {}


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
    ``viewing_only_after_koikoi`` and ``viewing_koikoi_bonus``); `month` is the round's month
    for tsuki-fuda.

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


class MultiplierKind(enum.StrEnum):
    """Why a round's yaku total is multiplied."""

    SEVEN_OR_MORE = "7 points or more"
    """``double_at_7``."""
    OPPONENT_KOIKOI = "opponent called koi-koi"
    """``koikoi_penalty="double"``: the loser had called koi-koi."""
    KOIKOI_CALLS = "koi-koi calls"
    """``koikoi_penalty="growing"``: 1 + the round's calls of both players."""
    OWN_CALLS = "own koi-koi calls"
    """``own_koikoi_bonus`` from the winner's 4th call: ×(calls − 2)."""


def _calls_text(calls: int, whose: str = "") -> str:
    """``1 koi-koi call``, ``2 own koi-koi calls``."""
    return f"{calls} {whose}koi-koi call{'s' if calls > 1 else ''}"


@attrs.frozen(slots=True)
class Multiplier:
    """One factor applied to a round's yaku total, and why."""

    kind: MultiplierKind
    factor: int
    calls: int = 0
    """The round's koi-koi calls, for ``KOIKOI_CALLS``; the winner's, for ``OWN_CALLS``."""

    @property
    def reason(self) -> str:
        """Why, in words: ``7 points or more``, ``2 koi-koi calls``, ``4 own koi-koi calls``."""
        if self.kind is MultiplierKind.KOIKOI_CALLS:
            return _calls_text(self.calls)
        if self.kind is MultiplierKind.OWN_CALLS:
            return _calls_text(self.calls, "own ")
        return self.kind.value

    def __str__(self) -> str:
        return f"×{self.factor} ({self.reason})"


@attrs.frozen(slots=True)
class RoundPoints:
    """A round's final points: the yaku total, the bonus and multipliers applied, the result
    (``(base + call_bonus) × every factor``)."""

    base: int
    multipliers: tuple[Multiplier, ...]
    points: int
    call_bonus: int = 0
    """Points added for the winner's own koi-koi calls (``own_koikoi_bonus``, up to 3 calls:
    one per call)."""

    @property
    def bonus_reason(self) -> str:
        """Why the bonus is added, in words: ``2 own koi-koi calls`` (empty without one)."""
        return _calls_text(self.call_bonus, "own ") if self.call_bonus else ""

    def __str__(self) -> str:
        if not self.multipliers and not self.call_bonus:
            return str(self.points)
        parts = [str(self.base)]
        if self.call_bonus:
            parts.append(f"+{self.call_bonus} ({self.bonus_reason})")
        parts += map(str, self.multipliers)
        return " ".join(parts) + f" = {self.points}"


def round_points(
    yaku_total: int,
    rules: KoiKoiRules | str | None = None,
    *,
    winner_calls: int = 0,
    loser_calls: int = 0,
) -> RoundPoints:
    """The points the winner of a round scores for a yaku total.

    With ``own_koikoi_bonus`` the winner's own calls n add n (n ≤ 3) or multiply by n − 2
    (n ≥ 4). The total is doubled when the yaku total is 7 or more (``double_at_7``), then
    the koi-koi penalty applies: ``double``: ×2 if the loser called koi-koi this round;
    ``growing``: ×(1 + calls of both players); ``none``: nothing. `winner_calls` and
    `loser_calls` are this round's koi-koi calls. No yaku scores nothing, whatever the calls.

    >>> round_points(7, winner_calls=0, loser_calls=1).points
    28
    >>> str(round_points(11, "koikoi-ai", winner_calls=4))
    '11 ×2 (4 own koi-koi calls) = 22'
    """
    rules = _rules(rules)
    for name, value in (
        ("yaku_total", yaku_total), ("winner_calls", winner_calls), ("loser_calls", loser_calls)
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise OptionsError(
                f"round_points: {name!r} must be a whole number >= 0 (got {value!r})"
            )
    return points_of_round(yaku_total, rules, winner_calls, loser_calls)


@functools.lru_cache(maxsize=4096)
def points_of_round(
    yaku_total: int, rules: KoiKoiRules, winner_calls: int, loser_calls: int
) -> RoundPoints:
    """:func:`round_points` for values already checked (the engine's), remembered: the
    points are frozen values and the same few combinations recur all match."""
    multipliers: list[Multiplier] = []
    bonus = 0
    if rules.own_koikoi_bonus and winner_calls and yaku_total:
        if winner_calls <= 3:
            bonus = winner_calls
        else:
            multipliers.append(Multiplier(MultiplierKind.OWN_CALLS, winner_calls - 2, winner_calls))
    if rules.double_at_7 and yaku_total >= 7:
        multipliers.append(Multiplier(MultiplierKind.SEVEN_OR_MORE, 2))
    penalty = rules.koikoi_penalty
    if penalty is KoiKoiPenalty.DOUBLE and loser_calls > 0:
        multipliers.append(Multiplier(MultiplierKind.OPPONENT_KOIKOI, 2))
    elif penalty is KoiKoiPenalty.GROWING and winner_calls + loser_calls > 0:
        calls = winner_calls + loser_calls
        multipliers.append(Multiplier(MultiplierKind.KOIKOI_CALLS, 1 + calls, calls))
    points = yaku_total + bonus
    for multiplier in multipliers:
        points *= multiplier.factor
    return RoundPoints(yaku_total, tuple(multipliers), points, bonus)


def drawn_round_points(rules: KoiKoiRules | str | None = None) -> int:
    """What the dealer scores when the hands run out with nobody stopped: the dealer's
    privilege (``oya_ken_points``) with ``drawn_round="dealer"``, else 0 (nobody scores).
    No multiplier applies, whatever yaku or calls anyone has.

    >>> drawn_round_points(), drawn_round_points(KoiKoiRules(drawn_round="dealer"))
    (0, 6)
    """
    rules = _rules(rules)
    return rules.oya_ken_points if rules.drawn_round is DrawnRound.DEALER else 0


@attrs.frozen(slots=True)
class YakuInfo:
    """A row of the yaku table: what forms the yaku and what it pays under given rules."""

    key: str
    name: str
    english: str
    cards: str
    points: str
    """What it pays, e.g. ``5, +1 per further animal``; ``off`` when the rules leave it out."""
    replaces: str
    """The yaku it replaces (not paid as well), e.g. ``Tane``; empty when none."""


def _picture(card_id: int) -> str:
    """A card's picture in words: ``rain man``, ``sake cup``."""
    return CARDS[card_id].code.split("-", 1)[1].replace("-", " ")


_NAMES: Final = {row.key: row.name for row in YAKU}


def _points_text(row: YakuRow, rules: KoiKoiRules) -> str:
    if not _enabled(row, rules):
        return "off"
    base = _base_points(row, rules)
    text = str(base)
    if _stacked(row, rules):
        text += ", fixed"
        if row.replaces:
            text += "; " + ", ".join(_NAMES[key] for key in row.replaces) + " paid as well"
    elif row.per_further:
        text += f", +{row.per_further} per further {row.further_text}"
    bonus = _koikoi_bonus(row, rules)
    if bonus:
        text += f"; {base + bonus} after own koi-koi"
    if _on(rules, row.spoiled_if):
        text += ", not with " + "/".join(_picture(c) for c in sorted(row.spoiled_by))
    if _on(rules, row.after_koikoi_if):
        text += ", only after own koi-koi"
    return text


def _cards_text(row: YakuRow, rules: KoiKoiRules) -> str:
    if not _on(rules, row.also_counts_if):
        return row.cards_text
    also = " and ".join(_picture(c) for c in sorted(row.also_counts))
    return f"{row.cards_text} ({also} counts)"


def yaku_table(rules: KoiKoiRules | str | None = None) -> list[YakuInfo]:
    """The yaku and what each pays under `rules`, in display order (for tables and docs)."""
    rules = _rules(rules)
    return [
        YakuInfo(
            row.key, row.name, row.english, _cards_text(row, rules), _points_text(row, rules),
            ", ".join(_NAMES[key] for key in _replaces(row, rules)),
        )
        for row in YAKU
    ]


@attrs.frozen(slots=True)
class YakuProgress:
    """A yaku a pile has begun and can still form: ``Tane 3/5``."""

    key: str
    name: str
    have: int
    """Cards of it in the pile."""
    need: int
    """Cards that form it."""

    @property
    def missing(self) -> int:
        """Cards still to capture."""
        return self.need - self.have

    def __str__(self) -> str:
        return f"{self.name} {self.have}/{self.need}"


def yaku_progress(
    pile: Iterable[CardLike],
    opponent_pile: Iterable[CardLike],
    rules: KoiKoiRules | str | None = None,
    month: int | None = None,
) -> list[YakuProgress]:
    """Each yaku the pile has begun and can still form, closest first.

    A yaku is left out once formed, when the opponent holds a card it needs (or too many of
    those it counts), when the rules leave it out or spoil it, and when a smaller yaku of
    the same cards that it replaces is strictly closer (Sankō 2/3 is shown, not Goko 2/5 as
    well). `month` is the round's month for tsuki-fuda (None: tsuki-fuda is not shown).

    >>> ", ".join(map(str, yaku_progress(["jan-crane", "jul-boar", "oct-deer"], ["aug-moon"])))
    'Ino-shika-chō 2/3, Sankō 1/3, Tane 2/5'
    """
    rules = _rules(rules)
    mine = _mask(card_ids(pile))
    theirs = _mask(card_ids(opponent_pile))
    rows: dict[str, YakuProgress] = {}
    for row in YAKU:
        if not _enabled(row, rules) or (row.round_month and month is None):
            continue
        if _on(rules, row.spoiled_if) and mine & _mask(row.spoiled_by):
            continue
        cards, _further = _counted(row, rules, month or 1)
        have = (mine & cards).bit_count()
        live = (cards & ~theirs).bit_count()
        if 0 < have < row.need <= live and not theirs & _mask(row.requires):
            rows[row.key] = YakuProgress(row.key, row.name, have, row.need)

    def closer_step(progress: YakuProgress) -> bool:
        # A bigger version of a yaku (Goko of Sankō: it counts the same cards and more) waits
        # until the smaller one is no closer; a different yaku it replaces (Aotan replaces
        # Tanzaku) does not hide it.
        row = YAKU[_SLOT_OF[progress.key]]
        return any(
            key in rows
            and rows[key].missing < progress.missing
            and YAKU[_SLOT_OF[key]].cards <= row.cards
            for key in _replaces(row, rules)
        )

    shown = [progress for progress in rows.values() if not closer_step(progress)]
    shown.sort(key=lambda progress: progress.missing)  # stable: table order among equals
    return shown


def table_aids(view: Any) -> dict[str, Any]:
    """What a table shows beside the cards (the server's ``table_aids`` hook): ``progress``,
    each seat's yaku in progress, closest first (``key``, ``name``, ``have``, ``need``),
    read from a seat's view or the public view (both piles are public)."""
    piles = view.piles
    return {"progress": [
        [{"key": item.key, "name": item.name, "have": item.have, "need": item.need}
         for item in yaku_progress(piles[seat], piles[1 - seat], view.rules, view.month)]
        for seat in (0, 1)]}


def spectator_hands(state: Any, public: dict[str, Any]) -> dict[str, Any]:
    """A table's spectators see both hands, as on hanab.live (the server's
    ``spectator_hands`` hook): ``hands``, each seat's cards. The stock stays hidden."""
    return {"hands": [[str(card) for card in state.hand(holder)]
                      for holder in range(len(state.players))]}
