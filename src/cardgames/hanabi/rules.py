"""Hanabi's options: suits with independent clue and play properties, and the variant.

A :class:`Suit` says which colour clues touch it (its own colours -- one, or several for
hanab.live's dual-colour suits --, every colour, none, or by rank for prism suits), which
rank clues touch it (its own rank, every rank, none) -- both settable per rank, so "only its
1s are touched by every colour" is expressible -- its ranks and how many copies of each, the
order its firework is played in (ascending, descending, or "up or down" with a START card),
how its firework scores (normal, or black powder: minus one per missing card) and whether
play and discard are swapped for it (hanab.live's orange).

A :class:`HanabiVariant` (the game's options object) is a tuple of suits plus the options of
the rulebooks and of hanab.live: the clue colours and ranks on offer, a special rank
(Rainbow-Ones, ...), a critical rank, scarce ones, sudoku, clue starved, alternating clues,
cow & pig, duck, throw it in a hole, synesthesia, funnels, chimneys, odds and evens, colour
and number blind, hand size change, clue tokens, fuses, empty clues, the score after the last
fuse, all-or-nothing, bonus tiles, deck plays. :meth:`HanabiVariant.touches` decides every
clue in hanab.live's precedence and :meth:`HanabiVariant.copies` every deck count; the engine
reads these and the flags, never names.

This module holds types and the suit library only. Names live apart: the named variants (the
game's presets) and the ``+`` spec grammar in :mod:`cardgames.hanabi.names`, hanab.live's
variant names in :mod:`cardgames.hanabi.catalogue`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from typing import Any, cast

import attrs

from cardgames.core.errors import OptionsError, clip
from cardgames.core.limits import small_number
from cardgames.core.options import bounded, check_options, options_from_dict, options_to_dict
from cardgames.hanabi.cards import START_RANK, Card, counted

__all__ = [
    "MIRRORED_COUNTS",
    "ONE_OF_EACH",
    "STANDARD_COUNTS",
    "STANDARD_SUITS",
    "SUIT_LIBRARY",
    "UP_OR_DOWN_COUNTS",
    "ClueTouch",
    "HanabiVariant",
    "PlayOrder",
    "ScoreRule",
    "Suit",
    "derived_clue_colours",
]


class ClueTouch(enum.Enum):
    """Which clues of one kind (colour or rank) touch a card."""

    OWN = "own"
    """Only the clue naming the suit's own colour (or the card's own rank)."""
    ALL = "all"
    """Every clue of that kind (rainbow for colours, pink for ranks)."""
    NONE = "none"
    """No clue of that kind (black / hanab.live white for colours, brown for ranks)."""


class PlayOrder(enum.Enum):
    """The order a suit's firework is built in."""

    ASCENDING = "ascending"
    """Lowest rank first (1 up to 5)."""
    DESCENDING = "descending"
    """Highest rank first (5 down to 1), like black powder or hanab.live reversed suits."""
    UP_OR_DOWN = "up-or-down"
    """hanab.live "Up or Down": start with a 1 (then up), a 5 (then down) or the START card
    (then a 2 goes up, a 4 goes down); the START card stands in for the 1 or the 5."""


class ScoreRule(enum.Enum):
    """How a suit's firework adds to the score."""

    NORMAL = "normal"
    """One point per card in the firework."""
    BLACK_POWDER = "black-powder"
    """Minus one point per card missing from the complete row (empty -5, complete 0)."""


STANDARD_COUNTS: tuple[tuple[int, int], ...] = ((1, 3), (2, 2), (3, 2), (4, 2), (5, 1))
"""The rank distribution of a normal suit: three 1s, two 2s, 3s and 4s, one 5."""
MIRRORED_COUNTS: tuple[tuple[int, int], ...] = ((1, 1), (2, 2), (3, 2), (4, 2), (5, 3))
"""The default black powder distribution: the mirror of a normal suit (three 5s, one 1), so
that the first card of its descending row is not unique (the rulebook prints no counts)."""
ONE_OF_EACH: tuple[tuple[int, int], ...] = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))
"""One card of each rank (short rainbow, hanab.live "dark" suits)."""
UP_OR_DOWN_COUNTS: tuple[tuple[int, int], ...] = (
    (1, 1), (2, 2), (3, 2), (4, 2), (5, 1), (START_RANK, 1)
)
"""hanab.live "Up or Down": one 1, one 5 and one START card, two each of 2-4."""

_SUIT_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
_ALLOWED_RANKS = (*range(1, 10), START_RANK)


def _touch_pairs(value: Any, field: str) -> tuple[tuple[int, ClueTouch], ...]:
    """Normalise per-rank overrides given as a mapping or pairs, with string touches."""
    items = value.items() if isinstance(value, Mapping) else value
    pairs: list[tuple[int, ClueTouch]] = []
    try:
        for rank, touch in items:
            pairs.append((_whole(rank), _touch(touch, field)))
    except (TypeError, ValueError):
        raise OptionsError(
            f"{field!r} must map ranks to 'own', 'all' or 'none' (got {clip(repr(value))})"
        ) from None
    return tuple(sorted(pairs))


def _whole(value: Any) -> int:
    """A rank or a number of copies: an int, or ASCII digits (JSON object keys are strings).

    ``int()`` would read 2.9 as 2 and raise OverflowError for Infinity; TypeError or
    ValueError here become the caller's OptionsError.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    number = small_number(value) if isinstance(value, str) else None
    if number is None:
        raise ValueError(value)
    return number


def _touch(value: Any, field: str) -> ClueTouch:
    if isinstance(value, ClueTouch):
        return value
    try:
        return ClueTouch(str(value).lower())
    except ValueError:
        raise OptionsError(
            f"{field!r} must be one of own, all, none (got {clip(repr(value))})"
        ) from None


def _enum(kind: type[enum.Enum], value: Any, field: str) -> Any:
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value).lower())
    except ValueError:
        allowed = ", ".join(str(member.value) for member in kind)
        raise OptionsError(
            f"{field!r} must be one of {allowed} (got {clip(repr(value))})"
        ) from None


def _ranks(value: Any, field: str) -> tuple[int, ...]:
    """Clue ranks: a sequence of whole numbers, or one comma-separated string (``-o``)."""
    items = [p for p in value.split(",") if p.strip()] if isinstance(value, str) else value
    problem = OptionsError(f"{field!r} must be a list of ranks 1-9 such as 1,2,3 "
                           f"(got {clip(repr(value))})")
    try:
        ranks = tuple(_whole(item.strip() if isinstance(item, str) else item)
                      for item in items)
    except (TypeError, ValueError):
        raise problem from None
    if any(not 1 <= rank <= 9 for rank in ranks):
        raise problem
    return ranks


def _optional_rank(value: Any, field: str) -> int | None:
    """A rank or None (``none`` or empty on a command line)."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
        return None
    try:
        return _whole(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError):
        raise OptionsError(
            f"{field!r} must be a rank such as 1 or none (got {clip(repr(value))})"
        ) from None


def _suit_colours(value: Any) -> tuple[str, ...]:
    return _names(value, "colours")


def _clue_colours(value: Any) -> tuple[str, ...]:
    # None stays None until __attrs_post_init__ derives the list (the type is what it holds
    # after construction).
    return cast("tuple[str, ...]", None) if value is None else _names(value, "clue_colours")


def _clue_ranks(value: Any) -> tuple[int, ...]:
    return cast("tuple[int, ...]", None) if value is None else _ranks(value, "clue_ranks")


def _special_rank_value(value: Any) -> int | None:
    return _optional_rank(value, "special_rank")


def _critical_rank_value(value: Any) -> int | None:
    return _optional_rank(value, "critical_rank")


def _flag(value: Any, field: str) -> bool:
    if isinstance(value, bool):
        return value
    raise OptionsError(f"suit {field!r} must be true or false (got {clip(repr(value))})")


def _names(value: Any, field: str) -> tuple[str, ...]:
    """Colour names: a sequence of words, or one comma-separated string (``-o``); lower case."""
    if value is None:
        return ()
    if isinstance(value, str) and not value.strip():
        return ()
    items = value.split(",") if isinstance(value, str) else value
    try:
        names = tuple(str(item).strip().lower() for item in items)
    except TypeError:
        raise OptionsError(
            f"{field!r} must be a list of colour names (got {clip(repr(value))})"
        ) from None
    if any(not _SUIT_NAME.match(name) for name in names):
        raise OptionsError(
            f"{field!r} must be a list of colour names such as red, blue (got {clip(repr(value))})"
        )
    return names


def _counts(value: Any) -> tuple[tuple[int, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    try:
        pairs = tuple(sorted((_whole(rank), _whole(copies)) for rank, copies in items))
    except (TypeError, ValueError):
        raise OptionsError(
            f"'counts' must map ranks to numbers of copies (got {clip(repr(value))})"
        ) from None
    return pairs


@attrs.frozen(slots=True, cache_hash=True)
class Suit:
    """One suit: its clue properties, its ranks and copies, play order and score rule."""

    name: str
    """Lower-case name, also the name of its clue colour when colour clues touch it as own."""
    letter: str
    """One upper-case letter used in card notation (``R3``)."""
    colour_clues: ClueTouch = attrs.field(default=ClueTouch.OWN, converter=ClueTouch)
    """Which colour clues touch its cards (unless overridden for a rank)."""
    rank_clues: ClueTouch = attrs.field(default=ClueTouch.OWN, converter=ClueTouch)
    """Which rank clues touch its cards (unless overridden for a rank)."""
    colour_clues_by_rank: tuple[tuple[int, ClueTouch], ...] = ()
    """Per-rank overrides of `colour_clues`: ``((1, ClueTouch.ALL),)`` = rainbow 1s."""
    rank_clues_by_rank: tuple[tuple[int, ClueTouch], ...] = ()
    """Per-rank overrides of `rank_clues`: ``((1, ClueTouch.ALL),)`` = 1s touched by every
    rank clue."""
    counts: tuple[tuple[int, int], ...] = STANDARD_COUNTS
    """(rank, copies) for each rank of the suit, ascending by rank."""
    order: PlayOrder = attrs.field(default=PlayOrder.ASCENDING, converter=PlayOrder)
    """The order its firework is played in."""
    score_rule: ScoreRule = attrs.field(default=ScoreRule.NORMAL, converter=ScoreRule)
    """How its firework scores."""
    style: str = "white"
    """A display colour for renderers (a rich colour name)."""
    prism: bool = False
    """hanab.live prism: a colour clue touches a card by its rank, not its suit -- rank r by
    the variant's clue colour number (r - 1) modulo their count, START by the last one."""
    inverted: bool = False
    """hanab.live orange: while the game is live, playing one of its cards discards it and
    discarding plays it (the engine swaps the two actions)."""
    colours: tuple[str, ...] = attrs.field(default=(), converter=_suit_colours)
    """The colour clues that touch it when `colour_clues` is own: empty means its own name;
    dual-colour suits list two or more (hanab.live Tangerine: red and yellow) and ambiguous
    suits share one (Tomato and Mahogany: red)."""
    display_name: str = ""
    """Its hanab.live name ("Dark Rainbow", "Sky EA", "Purple Reversed"); empty: its name
    in title case."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not _SUIT_NAME.match(self.name):
            raise OptionsError(
                f"suit 'name' must be a lower-case word such as 'red' (got {self.name!r})"
            )
        if not (isinstance(self.letter, str) and len(self.letter) == 1
                and self.letter.isalpha() and self.letter.isupper() and self.letter != "S"):
            raise OptionsError(
                f"suit 'letter' must be one upper-case letter other than S (got "
                f"{self.letter!r} for suit {self.name!r})"
            )
        ranks = [rank for rank, _ in self.counts]
        if not ranks or len(set(ranks)) != len(ranks):
            raise OptionsError(
                f"suit {self.name!r}: 'counts' must list each rank once (got {self.counts!r})"
            )
        for rank, copies in self.counts:
            if rank not in _ALLOWED_RANKS or not 1 <= copies <= 9:
                raise OptionsError(
                    f"suit {self.name!r}: 'counts' entry {(rank, copies)!r} is not allowed; "
                    f"ranks 1-9 (or {START_RANK} = START) with 1-9 copies"
                )
        if (START_RANK in ranks) != (self.order is PlayOrder.UP_OR_DOWN):
            raise OptionsError(
                f"suit {self.name!r}: a START card (rank {START_RANK}) belongs to exactly the "
                f"'up-or-down' play order (got order {self.order.value!r}, ranks {ranks})"
            )
        played = self.row_ranks
        if played != tuple(range(played[0], played[0] + len(played))):
            raise OptionsError(
                f"suit {self.name!r}: ranks must be consecutive (got {list(played)})"
            )
        if self.order is PlayOrder.UP_OR_DOWN and played != (1, 2, 3, 4, 5):
            raise OptionsError(
                f"suit {self.name!r}: 'up-or-down' needs ranks 1-5 (got {list(played)})"
            )
        for field, pairs in (("colour_clues_by_rank", self.colour_clues_by_rank),
                             ("rank_clues_by_rank", self.rank_clues_by_rank)):
            for rank, touch in pairs:
                if rank not in ranks or not isinstance(touch, ClueTouch):
                    raise OptionsError(
                        f"suit {self.name!r}: {field!r} entry {(rank, touch)!r} must name a "
                        f"rank of the suit ({ranks}) and a ClueTouch"
                    )

    @property
    def ranks(self) -> tuple[int, ...]:
        """Every rank in the suit (START included), ascending."""
        return tuple(rank for rank, _ in self.counts)

    @property
    def row_ranks(self) -> tuple[int, ...]:
        """The ranks that make up a complete firework row, ascending (START excluded)."""
        return tuple(rank for rank, _ in self.counts if rank != START_RANK)

    @property
    def row_length(self) -> int:
        """How many cards make a complete firework of this suit."""
        return len(self.row_ranks)

    def copies(self, rank: int) -> int:
        """How many copies of `rank` the suit has (0 if none)."""
        return dict(self.counts).get(rank, 0)

    def colour_touch(self, rank: int) -> ClueTouch:
        """Which colour clues touch this suit's card of `rank`."""
        return dict(self.colour_clues_by_rank).get(rank, self.colour_clues)

    def rank_touch(self, rank: int) -> ClueTouch:
        """Which rank clues touch this suit's card of `rank`."""
        return dict(self.rank_clues_by_rank).get(rank, self.rank_clues)

    @property
    def own_colours(self) -> tuple[str, ...]:
        """The colour clues that touch its cards by suit, as hanab.live derives a suit's clue
        colours: none for prism suits and suits touched by every colour or by none, else
        :attr:`colours`, else its own name."""
        if self.prism or self.colour_clues is not ClueTouch.OWN:
            return ()
        return self.colours or (self.name,)

    @property
    def one_of_each(self) -> bool:
        """Whether every card of the suit is unique (hanab.live "dark" suits)."""
        return all(copies == 1 for _, copies in self.counts)

    @property
    def hanablive_name(self) -> str:
        """Its name on hanab.live: :attr:`display_name`, else the name in title case."""
        return self.display_name or " ".join(w.capitalize() for w in self.name.split("-"))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "letter": self.letter,
            "colour_clues": self.colour_clues.value,
            "rank_clues": self.rank_clues.value,
            "colour_clues_by_rank": {str(r): t.value for r, t in self.colour_clues_by_rank},
            "rank_clues_by_rank": {str(r): t.value for r, t in self.rank_clues_by_rank},
            "counts": {str(rank): copies for rank, copies in self.counts},
            "order": self.order.value,
            "score_rule": self.score_rule.value,
            "style": self.style,
            "prism": self.prism,
            "inverted": self.inverted,
            "colours": list(self.colours),
            "display_name": self.display_name,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Suit:
        """Read :meth:`to_dict` data; OptionsError naming the field on anything bad."""
        if not isinstance(data, Mapping):
            raise OptionsError(f"a suit must be a mapping of its fields (got {data!r})")
        known = {field.name for field in attrs.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(
                f"unknown suit field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(known))}"
            )
        return cls(
            name=data.get("name", ""),
            letter=data.get("letter", ""),
            colour_clues=_touch(data.get("colour_clues", "own"), "colour_clues"),
            rank_clues=_touch(data.get("rank_clues", "own"), "rank_clues"),
            colour_clues_by_rank=_touch_pairs(
                data.get("colour_clues_by_rank", {}), "colour_clues_by_rank"),
            rank_clues_by_rank=_touch_pairs(
                data.get("rank_clues_by_rank", {}), "rank_clues_by_rank"),
            counts=_counts(data.get("counts", dict(STANDARD_COUNTS))),
            order=_enum(PlayOrder, data.get("order", "ascending"), "order"),
            score_rule=_enum(ScoreRule, data.get("score_rule", "normal"), "score_rule"),
            style=str(data.get("style", "white")),
            prism=_flag(data.get("prism", False), "prism"),
            inverted=_flag(data.get("inverted", False), "inverted"),
            colours=data.get("colours", ()),
            display_name=str(data.get("display_name", "")),
        )


def _suits_tuple(value: Any) -> tuple[Suit, ...]:
    """Suits as given: Suit values, or their :meth:`Suit.to_dict` data (a record's)."""
    if isinstance(value, Suit):
        return (value,)
    if isinstance(value, str | Mapping):
        raise OptionsError(f"'suits' must be a sequence of suits (got {clip(repr(value))})")
    try:
        items = tuple(value)
    except TypeError:
        raise OptionsError(
            f"'suits' must be a sequence of suits (got {clip(repr(value))})"
        ) from None
    return tuple(item if isinstance(item, Suit) else Suit.from_dict(item) for item in items)


def derived_clue_colours(suits: tuple[Suit, ...]) -> tuple[str, ...]:
    """The clue colours hanab.live gives `suits` (a variant's unless it lists its own): the
    :attr:`Suit.own_colours` of every suit, in suit order, each once."""
    return tuple(dict.fromkeys(colour for suit in suits for colour in suit.own_colours))


@attrs.frozen(slots=True, cache_hash=True)
class HanabiVariant:
    """The options of one Hanabi game: suits plus rule options, validated on construction.

    Derived values (clue colours and ranks, the card types, the maximum score) are computed
    once here; the engine reads them, and it branches on flags, never on names.
    """

    name: str = "standard"
    """The variant's name (a catalogue name or a ``+`` spec); informative only."""
    suits: tuple[Suit, ...] = attrs.field(factory=lambda: STANDARD_SUITS, converter=_suits_tuple)
    """The suits, in display order (their order also numbers hanab.live's suit indices)."""
    hand_size_delta: int = bounded(0, -1, 1)
    """Added to the hand size (5 with 2-3 players, 4 with 4-5): hanab.live oneExtraCard=+1,
    oneLessCard=-1."""
    clue_tokens: int = bounded(8, 1, 20)
    """Clue tokens at the start, which is also the most the team can hold."""
    fuses: int = bounded(3, 1, 10)
    """Fuse tokens; losing the last one ends the game."""
    empty_clues: bool = True
    """Whether a clue may touch no card (allowed in every printed rulebook)."""
    score_after_strikeout: bool = False
    """Keep the fireworks' score when the last fuse is lost (default: the score is 0)."""
    all_or_nothing: bool = False
    """Only a perfect game wins; no final round after the last draw."""
    bonus_tiles: bool = False
    """Completing a firework draws one of six bonus tiles instead of regaining a token."""
    deck_plays: bool = False
    """With one card left in the draw pile, it may be played blind from the pile (an orange
    suit's card, like any "play" of one, is discarded instead, as on hanab.live). With an
    orange suit in the game it may also be discarded blind (:attr:`deck_discards`)."""
    deck_plays_always_play: bool = False
    """Rules version 1: a deck play plays the card even when it is of an orange suit (from
    version 2 on it is discarded, as on hanab.live). Only for records of version 1, which
    :meth:`~cardgames.hanabi.state.HanabiState.upgrade_options` gives it, so that they replay
    as they were played; it changes nothing without deck plays and an orange suit."""
    early_end: bool = False
    """hanab.live's early end: the game ends as soon as no card that fits a firework is left
    in the draw pile or in the hand of a player who still has a turn (its cards being
    discarded, or held by players whose final turn is over). The score stands. Not in the
    rulebooks; the hanab.live importer turns it on."""
    starting_player: int = bounded(0, 0, 4)
    """The seat that moves first (0-based; must be below the number of players)."""

    # ------------------------------------------------------------------ clue lists
    clue_colours: tuple[str, ...] = attrs.field(
        default=None, converter=_clue_colours)
    """The colours a clue may name (lower case), in hanab.live's order. Not given (None):
    derived as hanab.live derives them -- the :attr:`Suit.own_colours` of every suit, in suit
    order, each once. Given: exactly these (hanab.live's mute variants give none)."""
    clue_ranks: tuple[int, ...] = attrs.field(
        default=None, converter=_clue_ranks)
    """The ranks a clue may name (START is never named). Not given (None): derived -- the
    ranks of the suits' rows, without the special rank when its rank clues are changed
    (all, none or deceptive), just 1 and 2 with :attr:`odds_and_evens`, none with
    :attr:`synesthesia`."""

    # ------------------------------------------------------------------ hanab.live rules
    special_rank: int | None = attrs.field(default=None, converter=_special_rank_value)
    """hanab.live's special rank (Rainbow-Ones: 1), whose cards are touched as the
    ``special_*`` flags say; a suit's own all/no property still wins over them."""
    special_all_colours: bool = False
    """Every colour clue touches the special rank (Rainbow-Ones)."""
    special_no_colours: bool = False
    """No colour clue touches the special rank (White-Ones)."""
    special_all_ranks: bool = False
    """Every rank clue touches the special rank (Pink-Ones)."""
    special_no_ranks: bool = False
    """No rank clue touches the special rank (Brown-Ones)."""
    special_deceptive: bool = False
    """The special rank is touched by one rank clue chosen by its suit's position: clue
    rank number (suit index modulo the number of clue ranks) (Deceptive-Ones)."""
    critical_rank: int | None = attrs.field(default=None, converter=_critical_rank_value)
    """Every suit has one copy of this rank (hanab.live Critical Fours: 4)."""
    scarce_ones: bool = False
    """Every suit with three 1s has two (hanab.live Scarce Ones)."""
    sudoku: bool = False
    """hanab.live Sudoku: two copies of every rank; a firework may start at any rank (each
    at a different one) and wraps around; completing one gives a clue token."""
    clue_starved: bool = False
    """Clue tokens count in halves: a clue costs two, a discard or a completed firework
    gives one."""
    alternating_clues: bool = False
    """A clue must be of the other kind (colour / rank) than the last clue given."""
    cow_and_pig: bool = False
    """The receiver is told only "moo" (a colour clue) or "oink" (a rank clue), not which."""
    duck: bool = False
    """The receiver is told only "quack": not the kind or value of the clue."""
    throw_it_in_a_hole: bool = False
    """Plays are hidden from everyone until the game ends, and a completed firework gives
    no clue token."""
    synesthesia: bool = False
    """No rank clues; a colour clue also touches every card whose rank maps to that colour
    (rank r: clue colour number (r - 1) modulo their count), except in suits no rank clue
    touches."""
    funnels: bool = False
    """A rank clue touches cards of that rank and every lower rank."""
    chimneys: bool = False
    """A rank clue touches cards of that rank and every higher rank."""
    odds_and_evens: bool = False
    """Rank clues are "odd" (value 1: touches 1, 3, 5) and "even" (value 2: touches 2, 4)."""
    colour_clues_touch_nothing: bool = False
    """hanab.live Color Blind: colour clues touch no card (and may be given, even empty)."""
    rank_clues_touch_nothing: bool = False
    """hanab.live Number Blind: rank clues touch no card (and may be given, even empty)."""

    # ------------------------------------------------------------------ derived, computed once
    card_types: tuple[Card, ...] = attrs.field(init=False, eq=False, repr=False)
    """Every distinct card, suit by suit, rank ascending; the engine's card ints index this."""
    max_score: int = attrs.field(init=False, eq=False, repr=False)
    """The score of a perfect game."""
    _given_clue_lists: tuple[bool, bool] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise OptionsError(f"'name' must be a non-empty string (got {self.name!r})")
        if not 1 <= len(self.suits) <= 8 or not all(isinstance(s, Suit) for s in self.suits):
            raise OptionsError(
                f"'suits' must hold 1 to 8 Suit values (got {len(self.suits)} in {self.name!r})"
            )
        for field in ("name", "letter"):
            values = [getattr(suit, field) for suit in self.suits]
            doubled = sorted({v for v in values if values.count(v) > 1})
            if doubled:
                raise OptionsError(
                    f"variant {self.name!r}: suit {field}s must differ (repeated: "
                    f"{', '.join(doubled)})"
                )
        row_ranks = sorted({rank for suit in self.suits for rank in suit.row_ranks})
        for field in ("special_rank", "critical_rank"):
            rank = getattr(self, field)
            if rank is not None and rank not in row_ranks:
                raise OptionsError(
                    f"{field!r} must be a rank of the suits ({row_ranks}) or none (got {rank!r})"
                )
        if self.special_rank is None and any(
                (self.special_all_colours, self.special_no_colours, self.special_all_ranks,
                 self.special_no_ranks, self.special_deceptive)):
            raise OptionsError(
                "the special_* options need 'special_rank' (e.g. special_rank=1 for the ones)"
            )
        colours = derived_clue_colours(self.suits)
        ranks = self._derived_clue_ranks(row_ranks)
        # A list equal to the derived one counts as not given (attrs.evolve and the options
        # round trip pass every field back in), so that to_dict writes only real choices.
        object.__setattr__(self, "_given_clue_lists", (
            self.clue_colours is not None and self.clue_colours != colours,
            self.clue_ranks is not None and self.clue_ranks != ranks))
        if self.clue_colours is None:
            object.__setattr__(self, "clue_colours", colours)
        if self.clue_ranks is None:
            object.__setattr__(self, "clue_ranks", ranks)
        types = tuple(Card(suit.letter, rank) for suit in self.suits for rank in suit.ranks)
        best = sum(suit.row_length for suit in self.suits
                   if suit.score_rule is ScoreRule.NORMAL)
        object.__setattr__(self, "card_types", types)
        object.__setattr__(self, "max_score", best)
        # After the derived fields: check_options reads every field, and a frozen slot
        # class has none unset.
        check_options(self)

    def _derived_clue_ranks(self, row_ranks: list[int]) -> tuple[int, ...]:
        """The rank clues hanab.live offers when the variant does not list them."""
        if self.synesthesia:
            return ()
        if self.odds_and_evens:
            return (1, 2)
        if self.special_rank is not None and (
                self.special_all_ranks or self.special_no_ranks or self.special_deceptive):
            return tuple(rank for rank in row_ranks if rank != self.special_rank)
        return tuple(row_ranks)

    # ------------------------------------------------------------------ questions
    def hand_size(self, players: int) -> int:
        """Cards per hand with `players` players (5 with 2-3, 4 with 4-5, plus the delta)."""
        return (5 if players <= 3 else 4) + self.hand_size_delta

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds."""
        return len(self.deck_cards())

    @property
    def suit_names(self) -> tuple[str, ...]:
        """The suits' hanab.live names, in order (:attr:`Suit.hanablive_name`)."""
        return tuple(suit.hanablive_name for suit in self.suits)

    @property
    def orange_deck_plays_play(self) -> bool:
        """Whether a deck play of an orange card plays it, as in rules version 1 (see
        :attr:`deck_plays_always_play`), rather than discarding it."""
        return self.deck_plays and self.deck_plays_always_play and any(
            suit.inverted for suit in self.suits)

    @property
    def deck_discards(self) -> bool:
        """Whether the last card of the draw pile may also be discarded blind (``discard
        deck``): hanab.live offers that second button with deck plays and an orange suit
        in the game (not in rules version 1's records, :attr:`deck_plays_always_play`). Like
        any "discard" of an orange card, a deck discard of one plays it."""
        return self.deck_plays and not self.deck_plays_always_play and any(
            suit.inverted for suit in self.suits)

    @property
    def up_or_down(self) -> bool:
        """Whether the fireworks are played "up or down" (hanab.live Up or Down)."""
        return any(suit.order is PlayOrder.UP_OR_DOWN for suit in self.suits)

    def suit_of(self, letter: str) -> int:
        """The index of the suit with `letter`; OptionsError listing the letters if none."""
        for index, suit in enumerate(self.suits):
            if suit.letter == letter:
                return index
        raise OptionsError(
            f"no suit with letter {letter!r} in {self.name!r}; letters: "
            f"{', '.join(s.letter for s in self.suits)}"
        )

    def copies(self, suit_index: int, rank: int) -> int:
        """How many copies of `rank` (START = 7) suit number `suit_index` has in the deck.

        The suit's own counts, changed as hanab.live changes them: a one-of-each suit keeps
        one of each; the critical rank has one copy; sudoku two of every rank; scarce ones
        leave at most two 1s.
        """
        suit = self.suits[suit_index]
        base = suit.copies(rank)
        if base == 0 or suit.one_of_each or rank == START_RANK:
            return base
        if rank == self.critical_rank:
            return 1
        if self.sudoku:
            return 2
        if rank == 1 and self.scarce_ones:
            return min(base, 2)
        return base

    def deck_cards(self) -> list[Card]:
        """Every card of the deck (copies included), suit by suit, rank ascending."""
        return [Card(suit.letter, rank) for index, suit in enumerate(self.suits)
                for rank in suit.ranks for _ in range(self.copies(index, rank))]

    def touches(self, suit_index: int, rank: int, clue: str | int) -> bool:
        """Whether a clue touches the card `rank` (START = 7) of suit number `suit_index`.

        `clue` is a colour name (any case) or a rank number. This is the one place clue
        touching is decided, in hanab.live's precedence (see the rules file): blind
        variants; the suit's own all/no property (per rank if it has overrides); synesthesia;
        the special rank; prism; the suit's colours -- and for rank clues funnels, chimneys,
        odds and evens, the special rank, then the card's own rank.
        """
        suit = self.suits[suit_index]
        if isinstance(clue, str):
            return self._colour_touches(suit, rank, clue.lower())
        return self._rank_touches(suit_index, suit, rank, clue)

    def _colour_touches(self, suit: Suit, rank: int, colour: str) -> bool:
        if self.colour_clues_touch_nothing:
            return False
        own = suit.colour_touch(rank)
        if own is not ClueTouch.OWN:
            return own is ClueTouch.ALL
        colours = self.clue_colours
        if (self.synesthesia and suit.rank_clues is not ClueTouch.NONE and colours
                and colours[(rank - 1) % len(colours)] == colour):
            return True
        if rank == self.special_rank:
            if self.special_all_colours:
                return True
            if self.special_no_colours:
                return False
        if suit.prism:
            if not colours:
                return False
            index = len(colours) - 1 if rank == START_RANK else (rank - 1) % len(colours)
            return colours[index] == colour
        return colour in suit.own_colours

    def _rank_touches(self, suit_index: int, suit: Suit, rank: int, clue: int) -> bool:
        if self.rank_clues_touch_nothing:
            return False
        own = suit.rank_touch(rank)
        if own is not ClueTouch.OWN:
            return own is ClueTouch.ALL
        if self.funnels:
            return rank <= clue
        if self.chimneys:
            return rank >= clue
        if self.odds_and_evens:
            return rank in ((1, 3, 5) if clue == 1 else (2, 4))
        if rank == self.special_rank:
            if self.special_all_ranks:
                return True
            if self.special_no_ranks:
                return False
            if self.special_deceptive and self.clue_ranks:
                return clue == self.clue_ranks[suit_index % len(self.clue_ranks)]
        return clue == rank

    def clue_touches(self, card: Card, clue: str | int) -> bool:
        """Whether a clue naming colour `clue` (a name) or rank `clue` (an int) touches `card`
        (:meth:`touches` for the card's suit)."""
        return self.touches(self.suit_of(card.suit), card.rank, clue)

    def describe(self) -> str:
        """A one-line summary: the suits (with what is special about each) and every option
        that differs from the rulebook."""
        parts = [", ".join(_describe_suit(suit) for suit in self.suits)]
        if self.clue_tokens != 8:
            parts.append(counted(self.clue_tokens, "clue token"))
        if self.fuses != 3:
            parts.append(counted(self.fuses, "fuse"))
        if self.hand_size_delta:
            parts.append(f"hand size {self.hand_size_delta:+d}")
        if self._given_clue_lists[0]:
            parts.append("colour clues: " + (", ".join(self.clue_colours) or "none"))
        if self._given_clue_lists[1] and not (self.synesthesia or self.odds_and_evens):
            parts.append("rank clues: " + (", ".join(map(str, self.clue_ranks)) or "none"))
        if self.special_rank is not None:
            parts.append(self._describe_special_rank())
        if self.critical_rank is not None:
            parts.append(f"one copy of each {self.critical_rank}")
        for flag, text in (
                (self.scarce_ones, "two 1s a suit"),
                (self.sudoku, "sudoku: two of each rank, each firework starts at a different "
                              "rank and wraps around"),
                (self.clue_starved, "clue starved: a discard gives half a clue token"),
                (self.alternating_clues, "clues alternate between colour and rank"),
                (self.cow_and_pig, "clues are only told as moo (colour) or oink (rank)"),
                (self.duck, "clues are only told as quack"),
                (self.throw_it_in_a_hole, "plays are hidden until the end; a finished firework "
                                          "gives no clue token"),
                (self.synesthesia, "synesthesia: no rank clues, a colour clue also touches "
                                   "the ranks of its colour"),
                (self.funnels, "funnels: a rank clue touches that rank and lower"),
                (self.chimneys, "chimneys: a rank clue touches that rank and higher"),
                (self.odds_and_evens, "rank clues are odd or even"),
                (self.colour_clues_touch_nothing, "colour clues touch nothing"),
                (self.rank_clues_touch_nothing, "rank clues touch nothing"),
                (not self.empty_clues, "no empty clues"),
                (self.score_after_strikeout, "score kept after the last fuse"),
                (self.all_or_nothing, "all or nothing"),
                (self.bonus_tiles, "bonus tiles"),
                (self.deck_plays, "deck plays"),
                (self.orange_deck_plays_play,
                 "an orange card's deck play plays it (rules version 1)"),
                (self.early_end, "early end when nothing can be played")):
            if flag:
                parts.append(text)
        if self.starting_player:
            parts.append(f"player {self.starting_player + 1} starts")
        return "; ".join(parts)

    def _describe_special_rank(self) -> str:
        touched = [text for flag, text in (
            (self.special_all_colours, "touched by every colour"),
            (self.special_no_colours, "touched by no colour"),
            (self.special_all_ranks, "touched by every rank"),
            (self.special_no_ranks, "touched by no rank"),
            (self.special_deceptive, "touched by one other rank clue, by suit"))
            if flag]
        return f"special rank {self.special_rank}: " + (", ".join(touched) or "as usual")

    # ------------------------------------------------------------------ data round trip
    def to_dict(self) -> dict[str, Any]:
        """JSON-able data holding everything (suits included); :meth:`from_dict` reads it,
        and so does :func:`~cardgames.core.options.options_from_dict`. (A record adds the
        variant's hanab.live name, see :meth:`HanabiState.record
        <cardgames.hanabi.state.HanabiState.record>`.)"""
        data = options_to_dict(self)
        # Derived clue lists are written as not given, so that the data stays right when
        # someone edits the suits.
        given_colours, given_ranks = self._given_clue_lists
        data["clue_colours"] = list(self.clue_colours) if given_colours else None
        data["clue_ranks"] = list(self.clue_ranks) if given_ranks else None
        return {**data, "suits": [suit.to_dict() for suit in self.suits]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HanabiVariant:
        """Read :meth:`to_dict` data (strings as typed on a command line accepted).
        OptionsError names an unknown field or a bad value. A ``hanablive_name`` in the data
        (records carry one) is not read: the name comes from the rules.

        Without ``suits`` the data must be of the standard variant's suits: data that names
        another variant instead of listing its suits (a hand-written record) is read by
        :func:`cardgames.hanabi.names.variant_from_data`, which the registry uses."""
        if isinstance(data, Mapping) and "hanablive_name" in data:
            written = data["hanablive_name"]
            if written is not None and not isinstance(written, str):
                raise OptionsError(
                    f"'hanablive_name' must be a string or None (got {clip(repr(written))})")
            data = {key: value for key, value in data.items() if key != "hanablive_name"}
        if isinstance(data, Mapping) and "suits" not in data and data.get(
                "name", "standard") != "standard":
            # Names are read above this module (cardgames.hanabi.names); left to the
            # default suits, this data would give them another variant's name.
            raise OptionsError(
                f"Hanabi options name the variant {clip(repr(data['name']))} without its "
                f"'suits'; list them, or read the data with GAME.options_from_dict"
            )
        return options_from_dict(cls, data, label="Hanabi")


def _describe_suit(suit: Suit) -> str:
    """A suit's name with what is special about it: ``"rainbow (every colour)"``."""
    notes = []
    if suit.prism:
        notes.append("colour by rank")
    elif suit.colour_clues is ClueTouch.ALL:
        notes.append("every colour")
    elif suit.colour_clues is ClueTouch.NONE:
        notes.append("no colour")
    elif suit.colours and suit.colours != (suit.name,):
        notes.append("touched by " + " and ".join(suit.colours))
    if suit.rank_clues is ClueTouch.ALL:
        notes.append("every rank")
    elif suit.rank_clues is ClueTouch.NONE:
        notes.append("no rank")
    for rank, touch in suit.colour_clues_by_rank:
        notes.append(f"{rank}s: {touch.value} colours")
    for rank, touch in suit.rank_clues_by_rank:
        notes.append(f"{rank}s: {touch.value} ranks")
    if suit.one_of_each:
        notes.append("one of each")
    if suit.order is PlayOrder.DESCENDING:
        notes.append("5 down to 1")
    elif suit.order is PlayOrder.UP_OR_DOWN:
        notes.append("up or down")
    if suit.score_rule is ScoreRule.BLACK_POWDER:
        notes.append("minus 1 a missing card")
    if suit.inverted:
        notes.append("play and discard swapped")
    return f"{suit.name} ({', '.join(notes)})" if notes else suit.name


# ---------------------------------------------------------------------- the suit library
def _suit(name: str, letter: str, style: str, **kwargs: Any) -> Suit:
    return Suit(name=name, letter=letter, style=style, **kwargs)


_ALL, _NONE = ClueTouch.ALL, ClueTouch.NONE

SUIT_LIBRARY: dict[str, Suit] = {
    suit.name: suit
    for suit in (
        _suit("red", "R", "red"),
        _suit("yellow", "Y", "yellow"),
        _suit("green", "G", "green"),
        _suit("blue", "B", "blue"),
        _suit("white", "W", "white"),
        _suit("purple", "P", "magenta"),
        _suit("teal", "T", "cyan"),
        # Rulebook "Kleurenruil": a sixth suit with a clue colour of its own.
        _suit("multicolour", "M", "bright_magenta"),
        # Rulebook "Kleurenruil 2" / "Buntes Feuerwerk", hanab.live "Rainbow".
        _suit("rainbow", "M", "bright_magenta", colour_clues=_ALL),
        # German "Schwarzpulver": no colour, played 5 down to 1, scored by missing cards.
        _suit("black", "K", "bright_black", colour_clues=_NONE, counts=MIRRORED_COUNTS,
              order=PlayOrder.DESCENDING, score_rule=ScoreRule.BLACK_POWDER),
        # hanab.live special suits (see their "quick overview of special suits").
        _suit("pink", "I", "pink1", rank_clues=_ALL),
        _suit("brown", "N", "dark_orange3", rank_clues=_NONE),
        _suit("omni", "O", "bright_white", colour_clues=_ALL, rank_clues=_ALL),
        _suit("null", "U", "grey50", colour_clues=_NONE, rank_clues=_NONE),
        _suit("colourless", "C", "grey85", colour_clues=_NONE, display_name="White"),
        _suit("light-pink", "L", "plum1", colour_clues=_NONE, rank_clues=_ALL),
        _suit("muddy-rainbow", "D", "orange4", colour_clues=_ALL, rank_clues=_NONE),
    )
}
"""Suits by name, for variant specs (``"standard+pink"``) and for building variants.

``colourless`` is hanab.live's "White" (no colour clue touches it); ``white`` is the
rulebook's ordinary white suit.
"""


STANDARD_SUITS: tuple[Suit, ...] = tuple(
    SUIT_LIBRARY[n] for n in ("red", "yellow", "green", "blue", "white"))
"""The rulebook's five suits, the default of :attr:`HanabiVariant.suits`."""
