"""Hanabi variants by name: the named variants (the game's presets) and the ``+`` spec grammar.

:func:`variant` builds any of hanab.live's 2,426 variants by its name (the catalogue of
:mod:`cardgames.hanabi.catalogue`) or a spec joined with ``+`` (parsed generically, see
:func:`variant_from_name`): ``"rainbow+black-powder+bonus+fuses-2"``. :data:`CATALOGUE`
holds our named variants with a one-line description each; they are the registry's presets.
The types the names stand for are in :mod:`cardgames.hanabi.rules`.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from cardgames.core.errors import OptionsError, clip
from cardgames.core.options import options_to_dict
from cardgames.hanabi.cards import START_RANK
from cardgames.hanabi.catalogue import (
    HANABLIVE_TABLE_DEFAULTS,
    hanablive_names,
    hanablive_suit,
    hanablive_suit_keys,
    hanablive_variant_named,
)
from cardgames.hanabi.rules import (
    MIRRORED_COUNTS,
    ONE_OF_EACH,
    STANDARD_COUNTS,
    STANDARD_SUITS,
    SUIT_LIBRARY,
    UP_OR_DOWN_COUNTS,
    ClueTouch,
    HanabiVariant,
    PlayOrder,
    Suit,
)

__all__ = [
    "CATALOGUE",
    "CatalogueEntry",
    "hanablive_variant",
    "variant",
    "variant_from_data",
    "variant_from_name",
    "variant_names",
]

_HANABLIVE_BASE = "no-variant"
"""The spec base that is hanab.live's No Variant: a spec built on it plays by hanab.live's
table defaults (:data:`~cardgames.hanabi.catalogue.HANABLIVE_TABLE_DEFAULTS`), as the
hanab.live names do."""

_HANABLIVE_COLOURS = ("red", "yellow", "green", "blue", "purple", "teal")

# Special ranks ("rainbow-ones"): the variant options each kind gives the special rank, as
# hanab.live's special-rank variants take them from the suit of that name.
_SPECIAL_KINDS: dict[str, dict[str, bool]] = {
    "rainbow": {"special_all_colours": True},
    "pink": {"special_all_ranks": True},
    "white": {"special_no_colours": True},
    "brown": {"special_no_ranks": True},
    "omni": {"special_all_colours": True, "special_all_ranks": True},
    "null": {"special_no_colours": True, "special_no_ranks": True},
    "light-pink": {"special_no_colours": True, "special_all_ranks": True},
    "muddy-rainbow": {"special_all_colours": True, "special_no_ranks": True},
    "deceptive": {"special_deceptive": True},
}
_SPECIAL_RANKS = {"ones": 1, "fives": 5}


@attrs.frozen
class CatalogueEntry:
    """A named variant and its one-line description."""

    name: str
    spec: str
    description: str
    hanablive_name: str | None = None

    @property
    def variant(self) -> HanabiVariant:
        """The variant this entry names."""
        return variant_from_name(self.name)


_CATALOGUE_ROWS: tuple[tuple[str, str, str, str | None], ...] = (
    ("standard", "standard", "the base game: red, yellow, green, blue, white", None),
    ("fuses-2", "standard+fuses-2", "only 2 fuse tokens", None),
    ("fuses-1", "standard+fuses-1", "only 1 fuse token", None),
    ("clues-9", "standard+clues-9", "9 clue tokens (the spare token)", None),
    ("clues-10", "standard+clues-10", "10 clue tokens (Spanish edition: add 2)", None),
    ("no-empty-clues", "standard+no-empty-clues", "a clue must touch at least one card", None),
    ("keep-score", "standard+keep-score", "the fireworks still score after the last fuse",
     None),
    ("rainbow", "standard+rainbow",
     "sixth suit multicolour with its own clue colour (Kleurenruil), max 30", None),
    ("rainbow-short", "standard+rainbow-short",
     "five multicolour cards, one of each rank, clued as their own colour", None),
    ("rainbow-every-colour", "standard+rainbow-every-colour",
     "sixth suit rainbow, touched by every colour clue and never named", None),
    ("black-powder", "standard+black-powder",
     "black suit played 5 down to 1, no colour, minus 1 per missing black card", None),
    ("bonus", "standard+bonus", "six bonus tiles replace the token for a finished firework",
     None),
    ("all-or-nothing", "standard+all-or-nothing",
     "only a perfect game wins; no final round, hands shrink", None),
    ("deck-plays", "standard+deck-plays", "the last card of the pile may be played blind",
     None),
    ("early-end", "standard+early-end",
     "hanab.live's early end: the game stops once no card left can reach a firework", None),
    ("rainbow+black-powder+bonus+fuses-2", "standard+rainbow+black-powder+bonus+fuses-2",
     "the rulebook's combination example", None),
    ("rainbow-every-colour+all-or-nothing", "standard+rainbow-every-colour+all-or-nothing",
     "rainbow suit and a perfect game needed", None),
    ("3-suits", "3-suits", "red, yellow, green only", None),
    ("4-suits", "4-suits", "red, yellow, green, blue", None),
    ("6-suits", "6-suits", "hanab.live six suits (adds teal)", None),
    ("pink", "no-variant+pink", "a pink suit touched by every rank clue", None),
    ("brown", "no-variant+brown", "a brown suit no rank clue touches", None),
    ("omni", "no-variant+omni", "an omni suit touched by every clue", None),
    ("null", "no-variant+null", "a null suit no clue touches", None),
    ("colourless", "no-variant+colourless", "hanab.live white: no colour clue touches it",
     None),
    ("dark-rainbow", "no-variant+dark-rainbow",
     "one-of-each rainbow suit touched by every colour clue", None),
    ("reversed-purple", "4-suits+reversed-purple", "purple is played from 5 down to 1", None),
    ("extra-card", "standard+extra-card", "one more card in every hand", None),
    ("one-less-card", "standard+one-less-card", "one card less in every hand", None),
    ("no-variant", "no-variant", "hanab.live No Variant: red, yellow, green, blue, purple",
     "No Variant"),
    ("rainbow-ones-and-pink", "4-suits+pink+rainbow-ones",
     "hanab.live: pink suit, every 1 touched by every colour clue",
     "Rainbow-Ones & Pink (5 Suits)"),
    ("omni-ones-and-white", "no-variant+colourless+omni-ones",
     "hanab.live: white (colourless) suit, every 1 touched by every clue",
     "Omni-Ones & White (6 Suits)"),
    ("up-or-down", "no-variant+up-or-down",
     "hanab.live: each firework goes 1 up or 5 down, or starts from a START card",
     "Up or Down (5 Suits)"),
    ("up-or-down-and-brown", "no-variant+brown+up-or-down",
     "hanab.live: Up or Down with a brown suit", "Up or Down & Brown (6 Suits)"),
)

CATALOGUE: dict[str, CatalogueEntry] = {
    name: CatalogueEntry(name, spec, description, hanablive)
    for name, spec, description, hanablive in _CATALOGUE_ROWS
}
"""The named variants (name -> entry with its spec and a one-line description)."""

_HANABLIVE_NAMES: dict[str, str] = {
    entry.hanablive_name.lower(): name
    for name, entry in CATALOGUE.items()
    if entry.hanablive_name is not None
}

_OPTION_WORDS: dict[str, dict[str, Any]] = {
    "bonus": {"bonus_tiles": True},
    "all-or-nothing": {"all_or_nothing": True},
    "no-empty-clues": {"empty_clues": False},
    "empty-clues": {"empty_clues": True},
    "keep-score": {"score_after_strikeout": True},
    "deck-plays": {"deck_plays": True},
    "extra-card": {"hand_size_delta": 1},
    "one-less-card": {"hand_size_delta": -1},
    "early-end": {"early_end": True},
    # hanab.live's rule families.
    "critical-fours": {"critical_rank": 4},
    "scarce-ones": {"scarce_ones": True},
    "sudoku": {"sudoku": True},
    "clue-starved": {"clue_starved": True},
    "alternating-clues": {"alternating_clues": True},
    "cow-and-pig": {"cow_and_pig": True},
    "duck": {"duck": True},
    "throw-it-in-a-hole": {"throw_it_in_a_hole": True},
    "synesthesia": {"synesthesia": True},
    "funnels": {"funnels": True},
    "chimneys": {"chimneys": True},
    "odds-and-evens": {"odds_and_evens": True},
    "colour-blind": {"colour_clues_touch_nothing": True},
    "number-blind": {"rank_clues_touch_nothing": True},
    "colour-mute": {"clue_colours": ()},
    "number-mute": {"clue_ranks": ()},
}
_SUIT_WORDS: dict[str, Callable[[], Suit]] = {
    "rainbow": lambda: SUIT_LIBRARY["multicolour"],
    "rainbow-short": lambda: attrs.evolve(SUIT_LIBRARY["multicolour"], counts=ONE_OF_EACH),
    "rainbow-every-colour": lambda: SUIT_LIBRARY["rainbow"],
    "black-powder": lambda: SUIT_LIBRARY["black"],
}
_NUMBERED = re.compile(r"^(fuses|clues)-(\d+)$")
_SUIT_COUNT = re.compile(r"^([1-6])-suits$")
_SPECIAL = re.compile(r"^([a-z-]+)-(ones|fives)$")


def _base_suits(part: str) -> tuple[Suit, ...] | None:
    if part == "standard":
        return STANDARD_SUITS
    if part == _HANABLIVE_BASE:
        return tuple(SUIT_LIBRARY[n] for n in _HANABLIVE_COLOURS[:5])
    match = _SUIT_COUNT.match(part)
    if match:
        return tuple(SUIT_LIBRARY[n] for n in _HANABLIVE_COLOURS[: int(match.group(1))])
    return None


def _suit_word(part: str) -> Suit | None:
    if part in _SUIT_WORDS:
        return _SUIT_WORDS[part]()
    if part in SUIT_LIBRARY:
        return SUIT_LIBRARY[part]
    if part.startswith("dark-"):
        rest = part.removeprefix("dark-")
        inner = SUIT_LIBRARY.get(rest) or _suit_word(rest)
        if inner is None:
            return None
        return attrs.evolve(inner, name=f"dark-{inner.name}", display_name="",
                            colours=inner.colours or (inner.name,),
                            counts=tuple((rank, 1) for rank in inner.ranks))
    if part.startswith("reversed-"):
        rest = part.removeprefix("reversed-")
        inner = SUIT_LIBRARY.get(rest) or _suit_word(rest)
        if inner is None or inner.order is not PlayOrder.ASCENDING:
            return None
        # hanab.live's reversed suits: played 5 down to 1, with one 1 and three 5s (a dark
        # suit keeps one of each).
        counts = inner.counts if inner.one_of_each else MIRRORED_COUNTS
        return attrs.evolve(inner, name=f"reversed-{inner.name}", order=PlayOrder.DESCENDING,
                            counts=counts, colours=inner.colours or (inner.name,),
                            display_name=inner.hanablive_name + " Reversed")
    # A hanab.live suit by its hyphenated name (``prism``, ``tangerine``, ``gray``).
    return hanablive_suit(part)


def _known_words() -> list[str]:
    words = ["standard", "no-variant", "up-or-down", *(f"{n}-suits" for n in range(1, 7))]
    words += list(_OPTION_WORDS) + list(_SUIT_WORDS) + list(SUIT_LIBRARY)
    words += ["fuses-N", "clues-N"]
    words += [f"{kind}-{which}" for kind in _SPECIAL_KINDS for which in _SPECIAL_RANKS]
    words += [f"dark-{n}" for n in SUIT_LIBRARY] + [f"reversed-{n}" for n in SUIT_LIBRARY]
    words += hanablive_suit_keys()
    return words


def _unknown(word: str, spec: str) -> OptionsError:
    candidates = list(dict.fromkeys([*CATALOGUE, *_known_words(), *_HANABLIVE_NAMES]))
    near = difflib.get_close_matches(word.lower(), candidates, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    return OptionsError(
        f"unknown Hanabi variant or suit {word!r} in {spec!r}{hint} "
        f"(`cardgames hanabi variants` lists the names; combine them with '+')"
    )


def variant_from_name(name: str) -> HanabiVariant:
    """The variant called `name`: a catalogue name, a hanab.live name, or a ``+`` spec.

    A spec is parts joined with ``+``. The first part may be a base (``standard``,
    ``no-variant`` = hanab.live's five suits, ``N-suits`` for N = 1..6 of red, yellow,
    green, blue, purple, teal, or any catalogue name); without one the base is ``standard``.
    hanab.live's names, the catalogue names that stand for one (``no-variant``,
    ``rainbow-ones-and-pink``, ...) and specs on the ``no-variant`` base play by hanab.live's
    table defaults: a clue must touch a card (``empty-clues`` allows empty clues again); the
    other bases keep the rulebook's, where an empty clue is allowed.
    The other parts add a suit (``rainbow``, ``rainbow-short``, ``rainbow-every-colour``,
    ``black-powder``, any library suit such as ``pink``, any hanab.live suit by its
    hyphenated name such as ``prism``, ``orange`` or ``tangerine``, ``dark-<suit>`` for one
    of each rank, ``reversed-<suit>`` played 5 down to 1 with one 1 and three 5s), set an
    option (``bonus``, ``all-or-nothing``, ``no-empty-clues``, ``keep-score``,
    ``deck-plays``, ``extra-card``, ``one-less-card``, ``early-end``, ``fuses-N``,
    ``clues-N``, and hanab.live's ``critical-fours``, ``scarce-ones``, ``sudoku``,
    ``clue-starved``, ``alternating-clues``, ``cow-and-pig``, ``duck``,
    ``throw-it-in-a-hole``, ``synesthesia``, ``funnels``, ``chimneys``, ``odds-and-evens``,
    ``colour-blind``, ``number-blind``, ``colour-mute``, ``number-mute``) or change every
    suit (``up-or-down``, normal and one-of-each suits; ``<kind>-ones`` / ``<kind>-fives``,
    the special rank, with kind rainbow, pink, white, brown, omni, null, light-pink,
    muddy-rainbow or deceptive -- a suit's own all/no property still wins). hanab.live names
    are accepted too. Unknown words raise OptionsError with the nearest names.
    """
    if not isinstance(name, str) or not name.strip():
        raise OptionsError(f"'variant' must be a variant name (got {name!r})")
    return _variant_named(name.strip())


@functools.lru_cache(maxsize=512)
def _variant_named(text: str) -> HanabiVariant:
    """:func:`variant_from_name` for stripped text; variants are immutable, so cached."""
    hanablive = _HANABLIVE_NAMES.get(text.lower())
    if hanablive is not None:
        return variant_from_name(hanablive)
    # Every hanab.live name has a space; catalogue names and specs need not load its list.
    found = hanablive_variant_named(text) if " " in text else None
    if found is not None:
        return found
    key = text.lower()
    if key in CATALOGUE:
        entry = CATALOGUE[key]
        built = _from_spec(entry.spec, key, hanablive=entry.hanablive_name is not None)
        return attrs.evolve(built, name=key)
    return _from_spec(key, key)


def _from_spec(spec: str, name: str, *, hanablive: bool = False) -> HanabiVariant:
    """The variant `spec` describes, called `name`; `hanablive`: it stands for a hanab.live
    variant, so it starts from hanab.live's table defaults (as the ``no-variant`` base does)."""
    parts = [p.strip() for p in spec.split("+")]
    if any(not p for p in parts):
        raise OptionsError(f"variant {spec!r} has an empty part; join names with '+'")
    suits: list[Suit]
    base = _base_suits(parts[0])
    options: dict[str, Any] = {}
    if hanablive or parts[0] == _HANABLIVE_BASE:
        options.update(HANABLIVE_TABLE_DEFAULTS)
    if base is not None:
        suits = list(base)
        rest = parts[1:]
    elif parts[0] in CATALOGUE and len(parts) > 1:
        inner = variant_from_name(parts[0])
        suits = list(inner.suits)
        options = {k: v for k, v in options_to_dict(inner).items()
                   if k not in ("name", "suits")}
        rest = parts[1:]
    else:
        suits = list(STANDARD_SUITS)
        rest = parts
    transforms: list[Callable[[Suit], Suit]] = []
    for part in rest:
        if part in _OPTION_WORDS:
            options.update(_OPTION_WORDS[part])
            continue
        numbered = _NUMBERED.match(part)
        if numbered:
            options["fuses" if numbered.group(1) == "fuses" else "clue_tokens"] = int(
                numbered.group(2))
            continue
        if part == "up-or-down":
            transforms.append(_make_up_or_down)
            continue
        special = _SPECIAL.match(part)
        if special and special.group(1) in _SPECIAL_KINDS:
            rank = _SPECIAL_RANKS[special.group(2)]
            if options.get("special_rank", rank) == rank:
                options["special_rank"] = rank
                options.update(_SPECIAL_KINDS[special.group(1)])
            else:  # a second special rank: as overrides of the suits' own touches
                transforms.append(_second_special_rank(special.group(1), rank, spec))
            continue
        suit = _suit_word(part)
        if suit is None:
            raise _unknown(part, spec)
        suits.append(suit)
    for transform in transforms:
        suits = [transform(suit) for suit in suits]
    return HanabiVariant(name=name, suits=tuple(suits), **options)


def empty_clues_in_rules_version_2(name: str) -> bool:
    """Whether the variant called `name` allowed empty clues under Hanabi's rules version 2,
    where every name did unless its spec said ``no-empty-clues`` (version 3 gave hanab.live's
    names hanab.live's table defaults). Records of version 2 that name their variant without
    its options replay with this (:meth:`HanabiState.upgrade_options
    <cardgames.hanabi.state.HanabiState.upgrade_options>`)."""
    first, *rest = (part.strip().lower() for part in name.split("+"))
    entry = CATALOGUE.get(first)
    words = [*(entry.spec.split("+") if entry is not None else [first]), *rest]
    allowed = True
    for word in words:
        if word in ("empty-clues", "no-empty-clues"):
            allowed = word == "empty-clues"
    return allowed


def _second_special_rank(kind: str, rank: int, spec: str) -> Callable[[Suit], Suit]:
    """A second special rank (the variant holds one): set on each suit as a per-rank override,
    only where the suit's own touch is the usual one, so that its own property still wins."""
    flags = _SPECIAL_KINDS[kind]
    if flags.get("special_deceptive"):
        raise OptionsError(
            f"variant {spec!r}: 'deceptive-{'ones' if rank == 1 else 'fives'}' must be the "
            f"only special rank"
        )
    colour = ClueTouch.ALL if flags.get("special_all_colours") else (
        ClueTouch.NONE if flags.get("special_no_colours") else None)
    clue_rank = ClueTouch.ALL if flags.get("special_all_ranks") else (
        ClueTouch.NONE if flags.get("special_no_ranks") else None)

    def change(suit: Suit) -> Suit:
        if rank not in suit.ranks:
            return suit
        colours = dict(suit.colour_clues_by_rank)
        ranks = dict(suit.rank_clues_by_rank)
        if colour is not None and suit.colour_clues is ClueTouch.OWN:
            colours[rank] = colour
        if clue_rank is not None and suit.rank_clues is ClueTouch.OWN:
            ranks[rank] = clue_rank
        return attrs.evolve(suit, colour_clues_by_rank=tuple(sorted(colours.items())),
                            rank_clues_by_rank=tuple(sorted(ranks.items())))

    return change


def _make_up_or_down(suit: Suit) -> Suit:
    if suit.order is PlayOrder.UP_OR_DOWN:
        return suit
    if suit.row_ranks != (1, 2, 3, 4, 5) or suit.order is not PlayOrder.ASCENDING or not (
            suit.counts == STANDARD_COUNTS or suit.one_of_each):
        raise OptionsError(
            f"'up-or-down' needs ascending 1-5 suits with the normal distribution or one of "
            f"each rank; {suit.name!r} is not one"
        )
    # hanab.live Up or Down: one 1, one 5 and a START card; a dark suit stays one of each.
    counts = (*ONE_OF_EACH, (START_RANK, 1)) if suit.one_of_each else UP_OR_DOWN_COUNTS
    return attrs.evolve(suit, counts=counts, order=PlayOrder.UP_OR_DOWN)


def hanablive_variant(name: str) -> HanabiVariant:
    """The variant for a hanab.live variant name (any case); OptionsError with the nearest
    names if hanab.live has no variant of that name."""
    found = hanablive_variant_named(name) if isinstance(name, str) else None
    if found is None:
        raise OptionsError(
            f"unsupported hanab.live variant {clip(repr(name))}{_nearest_hanablive(name)}; "
            f"`cardgames hanabi variants` lists hanab.live's "
            f"{len(hanablive_names())} variants"
        )
    return found


def _nearest_hanablive(name: Any) -> str:
    if not isinstance(name, str):
        return ""
    folded = {n.casefold(): n for n in hanablive_names()}
    near = difflib.get_close_matches(name.casefold(), folded, n=3, cutoff=0.6)
    return f" (did you mean {'; '.join(folded[n] for n in near)}?)" if near else ""


def variant(name_or_spec: str) -> HanabiVariant:
    """The variant called `name_or_spec`: any hanab.live variant name (any case, e.g.
    ``"Rainbow-Ones & Dark Prism (5 Suits)"``), a catalogue name, or a ``+`` spec
    (:func:`variant_from_name`). A variant whose rules hanab.live also has, under any suit
    names (``standard`` is No Variant), has a hanab.live name
    (:func:`~cardgames.hanabi.catalogue.hanablive_name_of`). Results are cached (variants
    are immutable). Unknown names raise OptionsError with the nearest names."""
    if not isinstance(name_or_spec, str) or not name_or_spec.strip():
        raise OptionsError(f"'variant' must be a variant name (got {clip(repr(name_or_spec))})")
    return _variant_cached(name_or_spec.strip())


@functools.lru_cache(maxsize=4096)
def _variant_cached(text: str) -> HanabiVariant:
    # The catalogue's own entries for a few hanab.live names keep their names (records
    # written before the whole catalogue name them so); the rules are the same.
    found = (None if text.lower() in _HANABLIVE_NAMES or " " not in text
             else hanablive_variant_named(text))
    if found is not None:
        return found
    try:
        return variant_from_name(text)
    except OptionsError as error:
        if "+" in text or not _nearest_hanablive(text):
            raise
        raise OptionsError(f"unknown Hanabi variant {text!r}{_nearest_hanablive(text)}") from (
            error)


def variant_names() -> list[str]:
    """Every name :func:`variant` accepts besides ``+`` specs: the catalogue's names (in
    catalogue order), then hanab.live's 2,426 variant names (in hanab.live's order)."""
    return [*CATALOGUE, *hanablive_names()]


def variant_from_data(data: Mapping[str, Any]) -> HanabiVariant:
    """Read options data (:meth:`HanabiVariant.to_dict`, a record's): as
    :meth:`HanabiVariant.from_dict` does, except that the suits may be left out when the data
    names its variant (``{"name": "rainbow", "fuses": 2}``, a hand-written record): they and
    every option not given come from the variant of that name (:func:`variant_from_name`).
    The registry reads options data with this."""
    if isinstance(data, Mapping) and "suits" not in data:
        base = variant_from_name(str(data.get("name", "standard")))
        data = {**options_to_dict(base), **data}
    return HanabiVariant.from_dict(data)
