"""Every hanab.live variant, by its name: our own table of its suits and a grammar of its names.

hanab.live builds its 2,426 variants from 62 suits by a handful of rules: a special suit added
to the basic colours ("Rainbow (6 Suits)"), two of them ("Black & Rainbow (5 Suits)"), a
special rank ("Rainbow-Ones & Pink (5 Suits)"), a rule family with or without a special suit
("Funnels & Prism (6 Suits)", "Cow & Pig (3 Suits)"), reversed suits, the ambiguous,
dual-colour and matryoshka sets and a few fixed mixes. It then keeps only the variants a
team can win at every table size (at least 25 cards, a non-negative starting pace and a
required efficiency of at most 1.79). :func:`hanablive_names` writes those names out from the
rules here, :func:`hanablive_recipe` says which suits and rules a name stands for, and
:func:`build_hanablive_variant` makes the :class:`~cardgames.hanabi.rules.HanabiVariant`.
The other way round, :func:`hanablive_name_of` finds the name of any variant by its rules
(the variants table, records and the hanab.live export ask it).

The suit facts below (which clues touch a suit, one of each, prism, inverted, its clue
colours) are hanab.live's, written out by us; the library never reads hanab.live's files.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Iterator
from typing import Any

import attrs

from cardgames.hanabi.rules import (
    MIRRORED_COUNTS,
    ONE_OF_EACH,
    STANDARD_COUNTS,
    UP_OR_DOWN_COUNTS,
    ClueTouch,
    HanabiVariant,
    PlayOrder,
    Suit,
    derived_clue_colours,
)

__all__ = [
    "HANABLIVE_SUITS",
    "HANABLIVE_TABLE_DEFAULTS",
    "HanabliveSuit",
    "Recipe",
    "build_hanablive_variant",
    "hanablive_name_of",
    "hanablive_names",
    "hanablive_recipe",
    "hanablive_suit",
    "hanablive_suit_keys",
    "hanablive_variant_named",
]

REVERSED = " Reversed"
"""hanab.live's suffix for a suit played from 5 down to 1 (one 1, three 5s)."""


@attrs.frozen
class HanabliveSuit:
    """One of hanab.live's suits, as facts: how clues touch it and how many cards it has."""

    name: str
    """hanab.live's name ("Dark Rainbow", "Sky EA")."""
    letter: str
    """Its abbreviation on hanab.live (its preferred card letter here)."""
    colour_touch: ClueTouch = ClueTouch.OWN
    rank_touch: ClueTouch = ClueTouch.OWN
    dark: bool = False
    """One copy of each rank."""
    prism: bool = False
    inverted: bool = False
    colours: tuple[str, ...] = ()
    """The colour clues that touch it (empty: its own name, when that is a colour)."""
    special: bool = False
    """hanab.live makes variants for it ("X (6 Suits)", "X & Y", "Funnels & X", ...)."""
    style: str = "white"

    @property
    def key(self) -> str:
        """Its name in our variants: lower case, words joined by hyphens (``dark-rainbow``)."""
        return self.name.lower().replace(" ", "-")


_OWN, _ALL, _NONE = ClueTouch.OWN, ClueTouch.ALL, ClueTouch.NONE


def _s(name: str, letter: str, style: str, *, colour: ClueTouch = _OWN, rank: ClueTouch = _OWN,
       dark: bool = False, prism: bool = False, inverted: bool = False,
       colours: tuple[str, ...] = (), special: bool = False) -> HanabliveSuit:
    return HanabliveSuit(name, letter, colour, rank, dark, prism, inverted, colours, special,
                         style)


# hanab.live's suits in its own order (the order decides which of "A & B" / "B & A" exists).
HANABLIVE_SUITS: tuple[HanabliveSuit, ...] = (
    _s("Red", "R", "red"),
    _s("Yellow", "Y", "yellow"),
    _s("Green", "G", "green"),
    _s("Blue", "B", "blue"),
    _s("Purple", "P", "magenta"),
    _s("Teal", "T", "cyan"),
    _s("Black", "K", "bright_black", dark=True, special=True),
    _s("Rainbow", "M", "bright_magenta", colour=_ALL, special=True),
    _s("Pink", "I", "pink1", rank=_ALL, special=True),
    _s("White", "W", "bright_white", colour=_NONE, special=True),
    _s("Brown", "N", "dark_orange3", rank=_NONE, special=True),
    _s("Omni", "O", "bright_white", colour=_ALL, rank=_ALL, special=True),
    _s("Null", "U", "grey50", colour=_NONE, rank=_NONE, special=True),
    _s("Muddy Rainbow", "M", "orange4", colour=_ALL, rank=_NONE, special=True),
    _s("Light Pink", "I", "plum1", colour=_NONE, rank=_ALL, special=True),
    _s("Prism", "I", "grey85", prism=True, special=True),
    _s("Orange", "O", "orange1", inverted=True, special=True),
    _s("Dark Rainbow", "M", "magenta3", colour=_ALL, dark=True, special=True),
    _s("Dark Pink", "I", "deep_pink4", rank=_ALL, dark=True, colours=("pink",), special=True),
    _s("Gray", "A", "grey42", colour=_NONE, dark=True, special=True),
    _s("Dark Brown", "N", "orange4", rank=_NONE, dark=True, colours=("brown",), special=True),
    _s("Dark Omni", "O", "grey70", colour=_ALL, rank=_ALL, dark=True, special=True),
    _s("Dark Null", "U", "grey35", colour=_NONE, rank=_NONE, dark=True, special=True),
    _s("Cocoa Rainbow", "M", "dark_red", colour=_ALL, rank=_NONE, dark=True, special=True),
    _s("Gray Pink", "I", "hot_pink3", colour=_NONE, rank=_ALL, dark=True, special=True),
    _s("Dark Prism", "I", "grey62", prism=True, dark=True, special=True),
    _s("Dark Orange", "O", "dark_orange", inverted=True, dark=True, colours=("orange",),
       special=True),
    # Ambiguous suits: several suits share one clue colour.
    _s("Tomato", "T", "red1", colours=("red",)),
    _s("Mahogany", "M", "dark_red", colours=("red",)),
    _s("Carrot", "C", "orange_red1", colours=("red",)),
    _s("Emerald", "E", "green1", colours=("green",)),
    _s("Olive", "O", "dark_olive_green3", colours=("green",)),
    _s("Berry", "B", "blue1", colours=("blue",)),
    _s("Navy", "N", "navy_blue", colours=("blue",)),
    _s("Sky", "S", "sky_blue1", colours=("blue",)),
    _s("Ice EA", "I", "light_cyan1", colours=("blue",)),
    _s("Aqua EA", "A", "light_sky_blue1", colours=("blue",)),
    _s("Sky EA", "S", "sky_blue2", colours=("blue",)),
    _s("Berry EA", "B", "blue3", colours=("blue",)),
    _s("Navy EA", "N", "navy_blue", colours=("blue",)),
    _s("Ocean EA", "O", "dark_blue", colours=("blue",)),
    # Dual-colour (and matryoshka) suits: touched by two or more colours.
    _s("Tangerine", "T", "dark_orange", colours=("red", "yellow")),
    _s("Peach", "P", "light_salmon1", colours=("red", "yellow")),
    _s("Ruby", "R", "deep_pink3", colours=("red",)),
    _s("Yam", "Y", "gold3", colours=("red", "yellow")),
    _s("Geas", "G", "chartreuse3", colours=("red", "yellow", "green")),
    _s("Beatnik", "B", "steel_blue", colours=("red", "yellow", "green", "blue")),
    _s("Plum", "P", "purple4", colours=("red", "yellow", "green", "blue", "purple")),
    _s("Taupe", "T", "rosy_brown",
       colours=("red", "yellow", "green", "blue", "purple", "teal")),
    _s("Gold", "G", "gold1", colours=("red", "green")),
    _s("Violet", "V", "purple", colours=("red", "blue")),
    _s("Magenta", "M", "magenta1", colours=("red", "blue")),
    _s("Cardinal", "C", "deep_pink4", colours=("red", "purple")),
    _s("Maroon", "M", "dark_red", colours=("red", "black")),
    _s("Lime", "L", "green1", colours=("yellow", "green")),
    _s("Jungle", "J", "dark_green", colours=("yellow", "green")),
    _s("Jade", "J", "spring_green3", colours=("yellow", "blue")),
    _s("Tan", "T", "yellow4", colours=("yellow", "black")),
    _s("Cyan", "C", "cyan1", colours=("green", "blue")),
    _s("Indigo", "I", "slate_blue3", colours=("blue", "purple")),
    _s("Cobalt", "C", "navy_blue", colours=("blue", "black")),
)
"""hanab.live's 61 playable suits (its 62nd, "Unknown", is a placeholder for hidden cards)."""

_BY_NAME: dict[str, HanabliveSuit] = {suit.name: suit for suit in HANABLIVE_SUITS}
_SPECIAL: tuple[HanabliveSuit, ...] = tuple(s for s in HANABLIVE_SUITS if s.special)

_BASIC: dict[int, tuple[str, ...]] = {
    1: ("Red",),
    2: ("Red", "Blue"),
    3: ("Red", "Green", "Blue"),  # green before blue keeps the rainbow order
    4: ("Red", "Yellow", "Green", "Blue"),
    5: ("Red", "Yellow", "Green", "Blue", "Purple"),
    6: ("Red", "Yellow", "Green", "Blue", "Purple", "Teal"),
}
_COUNTS = (6, 5, 4, 3)
_AMBIGUOUS = {
    2: ("Tomato", "Mahogany"),
    4: ("Tomato", "Mahogany", "Berry", "Navy"),
    6: ("Tomato", "Mahogany", "Emerald", "Olive", "Berry", "Navy"),
}
_VERY_AMBIGUOUS = {
    3: ("Berry", "Navy", "Sky"),
    6: ("Tomato", "Mahogany", "Carrot", "Berry", "Navy", "Sky"),
}
_EXTREMELY_AMBIGUOUS = ("Ice EA", "Aqua EA", "Sky EA", "Berry EA", "Navy EA", "Ocean EA")
_MATRYOSHKA = ("Ruby", "Yam", "Geas", "Beatnik", "Plum", "Taupe")
_DUAL_COLOUR = {
    3: ("Tangerine", "Violet", "Jade"),
    5: ("Tangerine", "Lime", "Cyan", "Indigo", "Cardinal"),
    6: ("Tangerine", "Violet", "Maroon", "Jade", "Tan", "Cobalt"),
}
_MIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Special Mix (5 Suits)", ("Black", "Rainbow", "Pink", "White", "Brown")),
    ("Special Mix (6 Suits)", ("Black", "Rainbow", "Pink", "White", "Brown", "Null")),
    ("Ambiguous Mix", ("Tomato", "Mahogany", "Sky", "Navy", "Black", "White")),
    ("Dual-Color Mix", ("Tangerine", "Violet", "Jade", "Black", "Rainbow", "White")),
    ("Ambiguous & Dual-Color Mix", ("Peach", "Tangerine", "Magenta", "Violet", "Lime",
                                    "Jungle")),
    ("Candy Corn Mix (5 Suits)", ("Red", "Tangerine", "Yellow", "White", "Brown")),
    ("Candy Corn Mix (6 Suits)", ("Red", "Tangerine", "Yellow", "White", "Brown",
                                  "Cocoa Rainbow")),
    ("Holiday Mix (5 Suits)", ("Dark Pink", "Green", "White", "Sky", "Navy")),
    ("Holiday Mix (6 Suits)", ("Light Pink", "Red", "Green", "White", "Sky", "Navy")),
    ("Valentine Mix (5 Suits)", ("Red", "Pink", "White", "Light Pink", "Cocoa Rainbow")),
    ("Valentine Mix (6 Suits)", ("Red", "Pink", "White", "Light Pink", "Cocoa Rainbow",
                                 "Null")),
    ("RGB Mix (6 Suits)", ("Red", "Gold", "Green", "Cyan", "Blue", "Violet")),
)
# With three suits, a rainbow or prism suit beside a suit no colour (or every colour) touches
# leaves one clue colour: the variant is just an ambiguous red.
_NEEDS_TWO_CLUEABLE = frozenset({"Rainbow", "Prism"})
# These make an "Ambiguous & X" variant that equals another ambiguous variant.
_SAME_AS_AMBIGUOUS = frozenset({"Rainbow", "Prism", "Dark Prism"})
# Under synesthesia these suits behave like another suit's variant (prism like white, ...).
_SAME_UNDER_SYNESTHESIA = frozenset({
    "Prism", "Muddy Rainbow", "Light Pink", "Pink", "Omni", "Dark Prism", "Cocoa Rainbow",
    "Gray Pink", "Dark Pink", "Dark Omni"})
_RANK_WORDS = {1: "Ones", 5: "Fives"}
_Options = tuple[tuple[str, Any], ...]
_NONE_SKIPPED: frozenset[str] = frozenset()
# The rule families in hanab.live's listing order: (name, variant options, which special suits
# it is combined with -- None: it has only its basic variants). The reversed suits come between
# the two tables.
_FAMILIES: tuple[tuple[str, _Options, frozenset[str] | None], ...] = (
    ("Critical Fours", (("critical_rank", 4),), _NONE_SKIPPED),
    ("Scarce Ones", (("scarce_ones", True),), _NONE_SKIPPED),
    ("Clue Starved", (("clue_starved", True),), _NONE_SKIPPED),
    ("Color Blind", (("colour_clues_touch_nothing", True),), None),
    ("Number Blind", (("rank_clues_touch_nothing", True),), None),
    ("Totally Blind", (("colour_clues_touch_nothing", True),
                       ("rank_clues_touch_nothing", True)), None),
    ("Color Mute", (("clue_colours", ()),), None),
    ("Number Mute", (("clue_ranks", ()),), None),
    ("Alternating Clues", (("alternating_clues", True),), _NONE_SKIPPED),
    ("Cow & Pig", (("cow_and_pig", True),), None),
    ("Duck", (("duck", True),), None),
    ("Odds and Evens", (("odds_and_evens", True),), _NONE_SKIPPED),
    ("Synesthesia", (("synesthesia", True),), _SAME_UNDER_SYNESTHESIA),
)
_FAMILIES_AFTER_REVERSED: tuple[tuple[str, _Options, frozenset[str] | None], ...] = (
    ("Up or Down", (("up_or_down", True),), _NONE_SKIPPED),
    ("Throw It in a Hole", (("throw_it_in_a_hole", True),), _NONE_SKIPPED),
    ("Funnels", (("funnels", True),), _NONE_SKIPPED),
    ("Chimneys", (("chimneys", True),), _NONE_SKIPPED),
)


@attrs.frozen
class Recipe:
    """What a hanab.live variant name stands for: its suits and its rule options."""

    suits: tuple[str, ...]
    """hanab.live suit names, in order; a name ending in " Reversed" is that suit reversed."""
    options: _Options = ()
    """:class:`HanabiVariant` fields and their values (``("funnels", True)``)."""
    stack_size: int = 5
    """Ranks per suit (hanab.live's 4-suit sudoku has 4)."""


def _with(count: int, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The basic colours for `count` suits in all, then the `extra` suits."""
    return _BASIC[count - len(extra)] + extra if count > len(extra) else extra


def _similar(first: HanabliveSuit, second: HanabliveSuit) -> bool:
    """Whether two special suits differ only in counts or inversion (Rainbow, Dark Rainbow)."""
    return (first.colour_touch, first.rank_touch, first.prism) == (
        second.colour_touch, second.rank_touch, second.prism)


def _candidates() -> Iterator[tuple[str, Recipe]]:
    """Every name hanab.live's rules make, with its recipe, before the winnability filter."""
    yield "No Variant", Recipe(_BASIC[5])
    yield "6 Suits", Recipe(_BASIC[6])
    yield "4 Suits", Recipe(_BASIC[4])
    yield "3 Suits", Recipe(_BASIC[3])
    for suit in _SPECIAL:
        for count in _COUNTS:
            yield f"{suit.name} ({count} Suits)", Recipe(_with(count, (suit.name,)))
    seen: set[frozenset[str]] = set()
    for first in _SPECIAL:
        for second in _SPECIAL:
            pair = frozenset({first.name, second.name})
            if first is second or _similar(first, second) or pair in seen:
                continue
            seen.add(pair)
            for count in _COUNTS:
                if count == 3 and _one_clueable(first, second):
                    continue
                yield (f"{first.name} & {second.name} ({count} Suits)",
                       Recipe(_with(count, (first.name, second.name))))
    yield from _special_rank_candidates()
    yield from _ambiguous_candidates()
    for count in _COUNTS:
        yield f"Matryoshka ({count} Suits)", Recipe(_MATRYOSHKA[:count])
    for suit in _SPECIAL:
        for count in _COUNTS:
            yield (f"Matryoshka & {suit.name} ({count} Suits)",
                   Recipe((*_MATRYOSHKA[:count - 1], suit.name)))
    for count in (6, 5, 3):
        yield f"Dual-Color ({count} Suits)", Recipe(_DUAL_COLOUR[count])
    for suit in _SPECIAL:
        for count in (6, 4):
            yield (f"Dual-Color & {suit.name} ({count} Suits)",
                   Recipe((*_DUAL_COLOUR[count - 1], suit.name)))
    for name, suits in _MIXES:
        yield name, Recipe(suits)
    for family, options, skipped in _FAMILIES:
        yield from _family(family, options, skipped)
    yield from _reversed_candidates()
    for family, options, skipped in _FAMILIES_AFTER_REVERSED:
        yield from _family(family, options, skipped)
    yield from _sudoku_candidates()


def _one_clueable(first: HanabliveSuit, second: HanabliveSuit) -> bool:
    def blank(suit: HanabliveSuit) -> bool:
        return suit.colour_touch is not _OWN

    return ((first.name in _NEEDS_TWO_CLUEABLE and blank(second))
            or (second.name in _NEEDS_TWO_CLUEABLE and blank(first)))


def _family(family: str, options: _Options,
            skipped: frozenset[str] | None) -> Iterator[tuple[str, Recipe]]:
    """A rule family with the basic colours, and with each special suit not `skipped`
    (with none when `skipped` is None)."""
    for count in _COUNTS:
        yield f"{family} ({count} Suits)", Recipe(_BASIC[count], options)
    if skipped is None:
        return
    for suit in _SPECIAL:
        if suit.name in skipped:
            continue
        for count in _COUNTS:
            yield (f"{family} & {suit.name} ({count} Suits)",
                   Recipe(_with(count, (suit.name,)), options))


def _special_rank_candidates() -> Iterator[tuple[str, Recipe]]:
    for rank, word in _RANK_WORDS.items():
        for kind in _SPECIAL:
            if kind.dark or kind.prism or kind.inverted:
                continue
            options = _special_options(rank, kind)
            prefix = f"{kind.name.replace(' ', '-')}-{word}"
            for count in _COUNTS:
                yield f"{prefix} ({count} Suits)", Recipe(_BASIC[count], options)
            for suit in _SPECIAL:
                for count in _COUNTS:
                    yield (f"{prefix} & {suit.name} ({count} Suits)",
                           Recipe(_with(count, (suit.name,)), options))
        deceptive = (("special_rank", rank), ("special_deceptive", True))
        for count in _COUNTS:
            yield f"Deceptive-{word} ({count} Suits)", Recipe(_BASIC[count], deceptive)
        for suit in _SPECIAL:
            for count in _COUNTS:
                yield (f"Deceptive-{word} & {suit.name} ({count} Suits)",
                       Recipe(_with(count, (suit.name,)), deceptive))


def _special_options(rank: int, kind: HanabliveSuit) -> _Options:
    """The special rank takes the kind's all/no properties (Pink-Ones: 1s touched by every
    rank clue)."""
    options: list[tuple[str, Any]] = [("special_rank", rank)]
    if kind.colour_touch is _ALL:
        options.append(("special_all_colours", True))
    if kind.colour_touch is _NONE:
        options.append(("special_no_colours", True))
    if kind.rank_touch is _ALL:
        options.append(("special_all_ranks", True))
    if kind.rank_touch is _NONE:
        options.append(("special_no_ranks", True))
    return tuple(options)


def _ambiguous_candidates() -> Iterator[tuple[str, Recipe]]:
    yield "Ambiguous (6 Suits)", Recipe(_AMBIGUOUS[6])
    yield "Ambiguous (4 Suits)", Recipe(_AMBIGUOUS[4])
    for suit in _SPECIAL:
        for base in (4, 2):
            if base + 1 == 3 and suit.name in _SAME_AS_AMBIGUOUS:
                continue
            yield (f"Ambiguous & {suit.name} ({base + 1} Suits)",
                   Recipe((*_AMBIGUOUS[base], suit.name)))
    yield "Very Ambiguous (6 Suits)", Recipe(_VERY_AMBIGUOUS[6])
    yield "Very Ambiguous (3 Suits)", Recipe(_VERY_AMBIGUOUS[3])
    for suit in _SPECIAL:
        if suit.name not in _SAME_AS_AMBIGUOUS:
            yield (f"Very Ambiguous & {suit.name} (4 Suits)",
                   Recipe((*_VERY_AMBIGUOUS[3], suit.name)))
    for count in (6, 5, 4):
        yield f"Extremely Ambiguous ({count} Suits)", Recipe(_EXTREMELY_AMBIGUOUS[:count])
    for suit in _SPECIAL:
        if suit.name in _SAME_AS_AMBIGUOUS:
            continue
        for count in (6, 5):
            yield (f"Extremely Ambiguous & {suit.name} ({count} Suits)",
                   Recipe((*_EXTREMELY_AMBIGUOUS[:count - 1], suit.name)))


def _reversed_candidates() -> Iterator[tuple[str, Recipe]]:
    for count in _COUNTS:
        basic = _BASIC[count]
        yield f"Reversed ({count} Suits)", Recipe((*basic[:-1], basic[-1] + REVERSED))
    for suit in _SPECIAL:
        # A suit every rank clue (or none) touches plays the same either way round.
        if suit.rank_touch is not _OWN:
            continue
        for count in _COUNTS:
            yield (f"{suit.name}{REVERSED} ({count} Suits)",
                   Recipe(_with(count, (suit.name + REVERSED,))))
    # hanab.live's one official mix of two special suits (Hanabi Deluxe: What a Show).
    for count in (6, 5, 4):
        yield (f"White Reversed & Rainbow ({count} Suits)",
               Recipe(_with(count, ("White" + REVERSED, "Rainbow"))))


def _sudoku_candidates() -> Iterator[tuple[str, Recipe]]:
    # A sudoku needs as many suits as ranks: five suits of 1-5 or four suits of 1-4.
    for count in (4, 5):
        yield f"Sudoku ({count} Suits)", Recipe(_BASIC[count], (("sudoku", True),), count)
    for count in (4, 5):
        for suit in _SPECIAL:
            yield (f"Sudoku & {suit.name} ({count} Suits)",
                   Recipe((*_BASIC[count - 1][:count - 1], suit.name), (("sudoku", True),),
                          count))


# ---------------------------------------------------------------------- building variants
@functools.cache  # suits are immutable; the catalogue's 2,426 variants share a few hundred
def _suit(name: str, letter: str, stack_size: int, up_or_down: bool) -> Suit:
    reversed_ = name.endswith(REVERSED)
    fact = _BY_NAME[name.removesuffix(REVERSED)]
    counts: tuple[tuple[int, int], ...]
    if fact.dark:
        counts = ONE_OF_EACH
    elif reversed_:
        counts = MIRRORED_COUNTS
    else:
        counts = STANDARD_COUNTS
    counts = tuple((rank, copies) for rank, copies in counts if rank <= stack_size)
    order = PlayOrder.DESCENDING if reversed_ else PlayOrder.ASCENDING
    if up_or_down:
        counts = (*ONE_OF_EACH, (7, 1)) if fact.dark else UP_OR_DOWN_COUNTS
        order = PlayOrder.UP_OR_DOWN
    return Suit(
        name=fact.key + ("-reversed" if reversed_ else ""),
        letter=letter,
        colour_clues=fact.colour_touch,
        rank_clues=fact.rank_touch,
        counts=counts,
        order=order,
        style=fact.style,
        prism=fact.prism,
        inverted=fact.inverted,
        # A reversed suit keeps its colour ("orange", not its own name).
        colours=fact.colours or ((fact.key,) if reversed_ else ()),
        # Only where the title-cased name would not say it (Suit.hanablive_name).
        display_name="" if name == fact.key.replace("-", " ").title() else name,
    )


def _letters(names: tuple[str, ...]) -> list[str]:
    """A distinct card letter for each suit: hanab.live's abbreviation when free, else the
    next free letter of its name, else of the alphabet (S is kept for START cards)."""
    taken: set[str] = {"S"}
    letters = []
    for name in names:
        fact = _BY_NAME[name.removesuffix(REVERSED)]
        choices = [fact.letter, *fact.name.upper(), *string.ascii_uppercase]
        letter = next(c for c in choices if c.isalpha() and c not in taken)
        taken.add(letter)
        letters.append(letter)
    return letters


def _recipe_suits(recipe: Recipe) -> tuple[Suit, ...]:
    up_or_down = ("up_or_down", True) in recipe.options
    return tuple(_suit(suit, letter, recipe.stack_size, up_or_down)
                 for suit, letter in zip(recipe.suits, _letters(recipe.suits), strict=True))


HANABLIVE_TABLE_DEFAULTS: dict[str, Any] = {"empty_clues": False}
"""The options a variant chosen by a hanab.live name starts from, where hanab.live's default
differs from the rulebook's: hanab.live forbids a clue that touches no card unless the table's
option allows it. hanab.live's other defaults are the fields' own: 8 clue tokens, 3 strikes,
a score of 0 after the last one, no deck plays, no extra or missing card, no all or nothing,
the first seat to move. Its early end (the game stops once no card can be played) is left
to the ``early_end`` option: it never changes a score, and the hanab.live importer sets it."""


def build_hanablive_variant(name: str, recipe: Recipe) -> HanabiVariant:
    """The variant a recipe describes, called `name` (its hanab.live name), with hanab.live's
    table defaults (:data:`HANABLIVE_TABLE_DEFAULTS`)."""
    options = {**HANABLIVE_TABLE_DEFAULTS, **dict(recipe.options)}
    options.pop("up_or_down", None)  # a play order of the suits, not a variant field
    return HanabiVariant(name=name, suits=_recipe_suits(recipe), **options)


# ---------------------------------------------------------------------- the winnable ones
_CLUE_TOKENS = 8
_PLAYER_COUNTS = (2, 3, 4, 5, 6)


def _hand_size(players: int) -> int:
    return 5 if players <= 3 else 4 if players <= 5 else 3


def _deck_size(recipe: Recipe) -> int:
    """How many cards the recipe's deck has (one of each in a dark suit, plus START in Up or
    Down; one card fewer than two a rank with Up or Down, a critical rank or scarce ones)."""
    options = dict(recipe.options)
    short = bool(options.get("up_or_down") or options.get("critical_rank")
                 or options.get("scarce_ones"))
    total = 0
    for name in recipe.suits:
        if _BY_NAME[name.removesuffix(REVERSED)].dark:
            total += recipe.stack_size + (1 if options.get("up_or_down") else 0)
        else:
            total += 2 * recipe.stack_size - (1 if short else 0)
    return total


def _starting_clues_usable(recipe: Recipe, deck_left: int, final_turns: int) -> int:
    """The clues a team can give in a perfect game: the 8 tokens, one a discard (half in
    clue starved) while discards still leave time, and one a firework finished before the
    final round (none when throwing it in a hole) -- hanab.live's efficiency denominator."""
    options = dict(recipe.options)
    missing = len(recipe.suits) * recipe.stack_size
    if missing <= final_turns + 1:
        discards = deck_left - 1
    elif missing <= final_turns + deck_left:
        discards = final_turns + deck_left - missing
    else:
        discards = 0
    discard_value = 0.5 if options.get("clue_starved") else 1.0
    suit_value = 0.0 if options.get("throw_it_in_a_hole") else discard_value
    completed = 0
    if suit_value:
        final_plays = min(missing, final_turns + 1)
        plays = min(missing, final_turns + deck_left)
        before_final = plays - final_plays
        completed = min(len(recipe.suits), max(before_final, 0) // recipe.stack_size)
    return int(discards * discard_value + completed * suit_value + _CLUE_TOKENS)


def _winnable(recipe: Recipe) -> bool:
    """hanab.live keeps a variant when its deck has at least 25 cards and, at every table
    size from 2 to 6 players, the starting pace is not negative and a perfect game needs an
    efficiency of at most 1.79 cards a clue."""
    cards = _deck_size(recipe)
    if cards < 25:
        return False
    best = len(recipe.suits) * recipe.stack_size
    for players in _PLAYER_COUNTS:
        deck_left = cards - players * _hand_size(players)
        if players + deck_left - best < 0:
            return False
        if best / _starting_clues_usable(recipe, deck_left, players) > 1.79:
            return False
    return True


@functools.cache
def _catalogue() -> dict[str, Recipe]:
    """Every hanab.live variant name (in hanab.live's listing order) -> its recipe."""
    names: dict[str, Recipe] = {}
    for name, recipe in _candidates():
        if name not in names and _winnable(recipe):
            names[name] = recipe
    return names


@functools.cache
def _by_folded_name() -> dict[str, str]:
    return {name.casefold(): name for name in _catalogue()}


def hanablive_names() -> list[str]:
    """Every hanab.live variant name, in hanab.live's order of families."""
    return list(_catalogue())


def hanablive_recipe(name: str) -> tuple[str, Recipe] | None:
    """The exact hanab.live name and recipe for `name` (any case), or None."""
    exact = _by_folded_name().get(" ".join(name.split()).casefold())
    return None if exact is None else (exact, _catalogue()[exact])


def hanablive_variant_named(name: str) -> HanabiVariant | None:
    """The hanab.live variant called `name` (any case), or None. Built once per name:
    variants are immutable and the engine builds its tables per game."""
    found = hanablive_recipe(name)
    return None if found is None else _built(found[0])


@functools.cache
def _built(name: str) -> HanabiVariant:
    return build_hanablive_variant(name, _catalogue()[name])


def hanablive_suit_keys() -> list[str]:
    """The hyphenated names of hanab.live's suits (``dark-prism``), for variant specs."""
    return [suit.key for suit in HANABLIVE_SUITS]


def hanablive_suit(key: str) -> Suit | None:
    """hanab.live's suit called `key` (hyphenated, lower case), or None."""
    for fact in HANABLIVE_SUITS:
        if fact.key == key:
            return _suit(fact.name, _letters((fact.name,))[0], 5, up_or_down=False)
    return None


# ---------------------------------------------------------------------- names by rules
_NOT_RULES = frozenset({
    "name", "suits", "clue_colours", "clue_ranks",
    # hanab.live's table options: a game sets them, a variant's name does not.
    "hand_size_delta", "deck_plays", "empty_clues", "all_or_nothing", "early_end",
    "starting_player",
    # How rules version 1's records play the deck-plays option (HanabiState.upgrade_options).
    "deck_plays_always_play"})
"""Variant fields that are names or table options, not rules (the suits and the clue lists
are compared through the cards: their copies and which clues touch them)."""
_RULE_FIELDS: tuple[attrs.Attribute[Any], ...] = tuple(
    field for field in attrs.fields(HanabiVariant) if field.init and field.name not in _NOT_RULES)


def _outline(variant: HanabiVariant) -> tuple[Any, ...]:
    """The cheap part of a variant's rules: its rule options, how each firework is played and
    scored with how many copies of each rank, and how many clues of each kind there are."""
    suits = tuple(
        (suit.order, suit.score_rule, suit.inverted,
         tuple((rank, variant.copies(index, rank)) for rank in suit.ranks))
        for index, suit in enumerate(variant.suits))
    options = tuple(getattr(variant, field.name) for field in _RULE_FIELDS)
    return options, suits, len(variant.clue_colours), variant.clue_ranks


def _suit_touches(variant: HanabiVariant, index: int) -> tuple[Any, ...]:
    """Which clues touch each card of suit number `index`: colours by their place in the
    clue list (the rulebook's white is No Variant's purple), then the rank clues."""
    colours, ranks = variant.clue_colours, variant.clue_ranks
    return tuple((tuple(variant.touches(index, rank, colour) for colour in colours),
                  tuple(variant.touches(index, rank, clue) for clue in ranks))
                 for rank in variant.suits[index].ranks)


def _coarse(outline: tuple[Any, ...]) -> tuple[Any, ...]:
    """What a recipe shows before it is built (:func:`_recipe_coarse`), taken from an
    outline: the rule options not at their defaults, each suit's play order, scoring,
    inversion and ranks, and how many clue colours there are."""
    options, suits, colours, _ = outline
    changed = tuple((field.name, value) for field, value in zip(_RULE_FIELDS, options, strict=True)
                    if value != field.default)
    return changed, tuple((order.value, score.value, inverted, tuple(rank for rank, _ in copies))
                          for order, score, inverted, copies in suits), colours


def _recipe_coarse(recipe: Recipe) -> tuple[Any, ...]:
    """:func:`_coarse` of the variant a recipe builds, without building it. Were the two to
    differ, a lookup would miss that variant: the tests find every hanab.live variant again
    by its rules alone."""
    options = dict(recipe.options)
    changed = tuple(
        (field.name, options[field.name]) for field in _RULE_FIELDS
        if options.get(field.name, field.default) != field.default) if options else ()
    shapes, colours = _suits_coarse(recipe.suits, recipe.stack_size,
                                    bool(options.get("up_or_down", False)))
    return changed, shapes, len(options.get("clue_colours", colours))


@functools.cache  # many recipes share their suits (the rule families)
def _suits_coarse(names: tuple[str, ...], stack_size: int,
                  up_or_down: bool) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """Each suit's play order, scoring, inversion and ranks, and the clue colours the suits
    derive."""
    suits = [_lone_suit(name, stack_size, up_or_down) for name in names]
    return (tuple(shape for _, shape in suits),
            derived_clue_colours(tuple(suit for suit, _ in suits)))


@functools.cache
def _lone_suit(name: str, stack_size: int, up_or_down: bool) -> tuple[Suit, tuple[Any, ...]]:
    """The suit `name` with its own letter (the letter plays no part in what
    :func:`_suits_coarse` reads), and its play order, scoring, inversion and ranks."""
    suit = _suit(name, _letters((name,))[0], stack_size, up_or_down)
    return suit, (suit.order.value, suit.score_rule.value, suit.inverted, suit.ranks)


@functools.cache
def _names_by_coarse() -> dict[tuple[Any, ...], list[str]]:
    """hanab.live's names grouped by :func:`_recipe_coarse`, each group in hanab.live's
    order: a lookup builds only the variants of its group."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for name, recipe in _catalogue().items():
        groups.setdefault(_recipe_coarse(recipe), []).append(name)
    return groups


@functools.cache
def _outline_of(name: str) -> tuple[Any, ...]:
    return _outline(_built(name))


@functools.cache
def _suit_touches_of(name: str, index: int) -> tuple[Any, ...]:
    return _suit_touches(_built(name), index)


@functools.lru_cache(maxsize=1024)
def hanablive_name_of(variant: HanabiVariant) -> str | None:
    """The hanab.live name of the variant with `variant`'s rules, or None if hanab.live has
    none.

    The rules are every card's copies and which clues (by their place in the clue lists)
    touch it, how each firework is played and scored, and every rule option; names, letters,
    styles and hanab.live's table options (deck plays, empty clues, one extra or one less
    card, all or nothing, the starting player) aside. The answer is the hanab.live variant
    with the same rules and the same suit names; else the first, in hanab.live's order, with
    the same rules under other suit names (the rulebook's red, yellow, green, blue and white
    are "No Variant"). Only the rules are read, never a name the variant was made by, so
    options changed after naming give another variant (No Variant with sudoku is "Sudoku (5
    Suits)"). Answers are cached by variant (variants are immutable).
    """
    mine = _outline(variant)
    my_touches: dict[int, tuple[Any, ...]] = {}  # worked out suit by suit, when needed

    def same_rules(name: str) -> bool:
        if _outline_of(name) != mine:
            return False
        # The special suits come last in hanab.live's variants: differences show there first.
        for index in reversed(range(len(variant.suits))):
            if index not in my_touches:
                my_touches[index] = _suit_touches(variant, index)
            if _suit_touches_of(name, index) != my_touches[index]:
                return False
        return True

    group = _names_by_coarse().get(_coarse(mine), [])
    suit_names = variant.suit_names
    # The same suit names first (stable: hanab.live's order within each part).
    ordered = sorted(group, key=lambda name: _catalogue()[name].suits != suit_names)
    return next((name for name in ordered if same_rules(name)), None)
