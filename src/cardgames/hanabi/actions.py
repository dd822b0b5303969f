"""Hanabi actions (moves) as small frozen values whose ``str`` is the notation; the notation's
grammar and the action ids, worked out from the variant and the number of players
(:class:`ActionTables`). What an action caused is in :mod:`cardgames.hanabi.events`.

Notation, one move per line:

=========================  ===============================================================
``play N``                 play the card in slot N of your hand
``discard N``              discard the card in slot N
``clue P red``             clue player P about a colour (``clue P R`` with the letter works)
``clue P 3``               clue player P about a rank
``play deck``              deck plays: play the last card of the draw pile blind
``discard deck``           deck plays with an orange suit: discard that card blind
``bonus clue P red``       bonus tile 3/4: the free colour (or rank) clue you chose
``bonus reshuffle R3``     bonus tile 5: the discarded card you shuffle back into the pile
``bonus play R3``          bonus tile 6: the discarded card you play onto its firework
=========================  ===============================================================

Slots count from 1 = the newest card (the card drawn last), as hanab.live shows a hand left
to right; a new card always enters at slot 1 and the others move one slot up. Players are
seat numbers counted from 1 (seat index 0 is player 1) or player names. Actions store seat
indices (0-based): ``Clue(target=1, value="red")`` is written ``clue 2 red``.

Actions compare by value (``Clue(1, "red") == state.parse("clue 2 red")``); their ``__eq__`` is
written out so that comparing actions of different kinds costs one call, not two (the engine's
legality check compares a move with the legal list on every move).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import TypeVar

import attrs

from cardgames.core.errors import NotationError, did_you_mean, summarize
from cardgames.core.game import ActionSpace
from cardgames.core.limits import small_number
from cardgames.hanabi.cards import Card, rank_text
from cardgames.hanabi.rules import HanabiVariant

__all__ = [
    "BONUS_TILES",
    "HLE_COLOUR_ORDER",
    "ActionTables",
    "BonusChoice",
    "BonusClue",
    "BonusEffect",
    "BonusPlay",
    "BonusReshuffle",
    "Clue",
    "DeckDiscard",
    "DeckPlay",
    "Discard",
    "HanabiAction",
    "HiddenClue",
    "Play",
    "clue_text",
    "hidden_clue_word",
    "id_clue_values",
    "suit_id_order",
]


class BonusEffect(enum.IntEnum):
    """The six bonus tiles; a tile's number is its effect (a tile 5 drawn with an empty pile
    has effect 6)."""

    TOKEN = 1
    """Regain a clue token."""
    TOKEN_AND_FUSE = 2
    """Regain a clue token and restore a fuse."""
    COLOUR_CLUE = 3
    """The current player gives a free colour clue."""
    RANK_CLUE = 4
    """The current player gives a free rank clue."""
    RESHUFFLE = 5
    """The current player shuffles a discarded card back into the draw pile."""
    PLAY_DISCARD = 6
    """The current player plays a discarded card that fits onto its firework."""

    @property
    def text(self) -> str:
        """What the tile does, as a phrase ("give a free colour clue")."""
        return _EFFECT_TEXT[self]

    @property
    def needs_choice(self) -> bool:
        """Whether the current player chooses how the effect applies (tiles 3-6)."""
        return self >= BonusEffect.COLOUR_CLUE


_EFFECT_TEXT = {
    BonusEffect.TOKEN: "regain a clue token",
    BonusEffect.TOKEN_AND_FUSE: "regain a clue token and restore a fuse",
    BonusEffect.COLOUR_CLUE: "give a free colour clue",
    BonusEffect.RANK_CLUE: "give a free rank clue",
    BonusEffect.RESHUFFLE: "shuffle a discarded card back into the draw pile",
    BonusEffect.PLAY_DISCARD: "play a discarded card onto its firework",
}

_CHOICE_FORM = {
    BonusEffect.COLOUR_CLUE: "'bonus clue P COLOUR'",
    BonusEffect.RANK_CLUE: "'bonus clue P RANK'",
    BonusEffect.RESHUFFLE: "'bonus reshuffle CARD'",
    BonusEffect.PLAY_DISCARD: "'bonus play CARD'",
}


def clue_text(value: str | int) -> str:
    """A clue's value as written in notation: the colour's name, or the rank (``S`` never)."""
    return value if isinstance(value, str) else rank_text(value)


@attrs.frozen(slots=True, eq=False)
class Play:
    """Play the card in `slot` (1 = newest)."""

    slot: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.slot == self.slot

    def __hash__(self) -> int:
        return hash(("Play", self.slot))

    def __str__(self) -> str:
        return f"play {self.slot}"


@attrs.frozen(slots=True, eq=False)
class Discard:
    """Discard the card in `slot` (1 = newest) and regain a clue token."""

    slot: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discard) and other.slot == self.slot

    def __hash__(self) -> int:
        return hash(("Discard", self.slot))

    def __str__(self) -> str:
        return f"discard {self.slot}"


@attrs.frozen(slots=True, eq=False)
class Clue:
    """Clue seat `target` (0-based index) about colour `value` (a name) or rank (an int)."""

    target: int
    value: str | int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Clue) and other.target == self.target and other.value == self.value

    def __hash__(self) -> int:
        return hash(("Clue", self.target, self.value))

    def __str__(self) -> str:
        return f"clue {self.target + 1} {clue_text(self.value)}"


@attrs.frozen(slots=True, eq=False)
class DeckPlay:
    """Play the last card of the draw pile blind (the deck-plays option)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeckPlay)

    def __hash__(self) -> int:
        return hash("DeckPlay")

    def __str__(self) -> str:
        return "play deck"


@attrs.frozen(slots=True, eq=False)
class DeckDiscard:
    """Discard the last card of the draw pile blind: hanab.live's second deck button, there
    with deck plays and an orange suit in the game (``variant.deck_discards``)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeckDiscard)

    def __hash__(self) -> int:
        return hash("DeckDiscard")

    def __str__(self) -> str:
        return "discard deck"


@attrs.frozen(slots=True, eq=False)
class BonusClue:
    """Bonus tile 3 or 4: the free clue, to seat `target`, about `value`."""

    target: int
    value: str | int

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, BonusClue) and other.target == self.target
                and other.value == self.value)

    def __hash__(self) -> int:
        return hash(("BonusClue", self.target, self.value))

    def __str__(self) -> str:
        return f"bonus clue {self.target + 1} {clue_text(self.value)}"


@attrs.frozen(slots=True, eq=False)
class BonusReshuffle:
    """Bonus tile 5: shuffle a discarded copy of `card` back into the draw pile."""

    card: Card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BonusReshuffle) and other.card == self.card

    def __hash__(self) -> int:
        return hash(("BonusReshuffle", self.card))

    def __str__(self) -> str:
        return f"bonus reshuffle {self.card}"


@attrs.frozen(slots=True, eq=False)
class BonusPlay:
    """Bonus tile 6: play a discarded copy of `card` onto its firework."""

    card: Card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BonusPlay) and other.card == self.card

    def __hash__(self) -> int:
        return hash(("BonusPlay", self.card))

    def __str__(self) -> str:
        return f"bonus play {self.card}"


@attrs.frozen(slots=True)
class HiddenClue:
    """A clue as its receiver sees it in hanab.live's Cow & Pig and Duck variants: to seat
    `target`, with `word` ("moo" for a colour, "oink" for a rank, "quack" for either) in
    place of the colour or rank. Only views hold it (never a legal action); the other seats
    and the record see the :class:`Clue` that was given."""

    target: int
    word: str

    def __str__(self) -> str:
        return f"clue {self.target + 1} {self.word}"


HanabiAction = (Play | Discard | Clue | DeckPlay | DeckDiscard | BonusClue | BonusReshuffle
                | BonusPlay | HiddenClue)
"""Any Hanabi action (a :class:`HiddenClue` only ever in a view's history)."""


@attrs.frozen(slots=True)
class BonusChoice:
    """A decision pending: `seat` must say how bonus tile `effect` applies (a free clue, the
    discard to reshuffle or to play) before the turn goes on."""

    seat: int
    effect: BonusEffect

    @property
    def form(self) -> str:
        """How the choice is written (``'bonus clue P COLOUR'``)."""
        return _CHOICE_FORM[self.effect]

    @property
    def sentence(self) -> str:
        """The choice as one line for the player who must make it."""
        return f"bonus tile: {self.effect.text}; write {self.form} ('moves' lists them)"


BONUS_TILES = tuple(BonusEffect)
"""The six bonus tiles (each tile's number is its effect)."""


def hidden_clue_word(variant: HanabiVariant, value: str | int) -> str | None:
    """The word a clue's receiver hears instead of `value`: "moo" for a colour and "oink"
    for a rank in Cow & Pig, "quack" for any clue in Duck; None when the value is told."""
    if variant.duck:
        return "quack"
    if variant.cow_and_pig:
        return "moo" if isinstance(value, str) else "oink"
    return None


# --------------------------------------------------------------------------- action ids
HLE_COLOUR_ORDER = ("red", "yellow", "green", "white", "blue")
"""The colours in the order of DeepMind's hanabi-learning-environment (HLE), which action
ids and observation vectors follow so that they equal HLE's for the standard game."""


@functools.lru_cache(maxsize=256)
def suit_id_order(variant: HanabiVariant) -> tuple[int, ...]:
    """The variant's suit indices in the order action ids and observation vectors use: the
    colours HLE knows in HLE's order (:data:`HLE_COLOUR_ORDER`), then the other suits in the
    variant's order. For the standard game this is exactly HLE's colour numbering."""
    suits = variant.suits
    return tuple(sorted(range(len(suits)), key=lambda s: (
        HLE_COLOUR_ORDER.index(suits[s].name) if suits[s].name in HLE_COLOUR_ORDER
        else len(HLE_COLOUR_ORDER), s)))


@functools.lru_cache(maxsize=256)
def id_clue_values(variant: HanabiVariant) -> tuple[str | int, ...]:
    """The clue values in action-id and observation order: the clue colours HLE knows in
    HLE's order, then the other clue colours in the variant's order, then the ranks."""
    colours = variant.clue_colours
    return (*sorted(colours, key=lambda c: (
        HLE_COLOUR_ORDER.index(c) if c in HLE_COLOUR_ORDER else len(HLE_COLOUR_ORDER),
        colours.index(c))), *variant.clue_ranks)


# The first word of every move, and the word after "bonus" (for "did you mean" hints).
_MOVE_WORDS = ("play", "discard", "clue", "bonus")
_BONUS_WORDS = ("clue", "reshuffle", "play")


_ClueT = TypeVar("_ClueT", Clue, BonusClue)


class ActionTables:
    """The actions of one game shape (a variant and a number of players): every action as a
    pre-built value (the engine hands these out and finds them by identity), the notation's
    grammar (:meth:`parse`) and the action ids (:meth:`action_space`). The engine's tables
    (one per shape, shared by its games) extend it."""

    def __init__(self, variant: HanabiVariant, players: int) -> None:
        self.variant = variant
        self.players = players
        self.hand_size = variant.hand_size(players)
        types = variant.card_types
        self.card_types = types
        self.type_of_card = {card: t for t, card in enumerate(types)}
        # Clue values: colours first, then ranks (the engine's clue bits follow this order).
        self.clue_values: tuple[str | int, ...] = (*variant.clue_colours, *variant.clue_ranks)
        self.clue_index = {value: c for c, value in enumerate(self.clue_values)}
        self.clue_is_colour = tuple(isinstance(v, str) for v in self.clue_values)
        size = self.hand_size
        self.plays = tuple(Play(slot) for slot in range(1, size + 1))
        self.discards = tuple(Discard(slot) for slot in range(1, size + 1))
        self.deck_play = DeckPlay()
        self.deck_discard = DeckDiscard()
        # clues[seat][target] = the Clue actions to `target`, in clue-value order.
        self.clues = self._clues_by_seat(Clue)
        # The bonus tiles' actions, built only for variants that have the tiles.
        bonus = variant.bonus_tiles
        self.bonus_clues: tuple[tuple[tuple[BonusClue, ...], ...], ...] = (
            self._clues_by_seat(BonusClue) if bonus else tuple(() for _ in range(players)))
        self.bonus_reshuffles = tuple(BonusReshuffle(card) for card in types) if bonus else ()
        self.bonus_plays = tuple(BonusPlay(card) for card in types) if bonus else ()
        self.id_clue_values = id_clue_values(variant)
        self.action_spaces: dict[tuple[int, int], ActionSpace[HanabiAction]] = {}
        # id_actions[seat][held]: the actions of action_spaces[seat, held], by id.
        self.id_actions: list[list[tuple[HanabiAction, ...]]] = [
            [()] * (size + 1) for _ in range(players)]

    def _clues_by_seat(self, kind: type[_ClueT]) -> tuple[tuple[tuple[_ClueT, ...], ...], ...]:
        """``[seat][target]``: the clues of `kind` from `seat` to `target` (none to itself),
        in clue-value order."""
        return tuple(
            tuple(
                tuple(kind(target, value) for value in self.clue_values) if target != seat
                else ()
                for target in range(self.players))
            for seat in range(self.players))

    # ------------------------------------------------------------ action ids
    def action_space(self, seat: int, held: int) -> ActionSpace[HanabiAction]:
        """The action ids for `seat` holding `held` cards, relative to that seat (as HLE
        numbers its moves).

        With h the hand size, P the players, C the clue colours and R the clue ranks:

        ======================  ==========================================================
        ``0 .. h-1``            discard the card at index i, counting from the oldest card
                                (slot ``held - i``; ids past a short hand name missing
                                slots, always illegal)
        ``h .. 2h-1``           play the card at index i (the same counting)
        next ``(P-1)*C``        colour clue: target offset o (1 = next seat) by colour,
                                id ``2h + (o-1)*C + colour``; colours in HLE's order (red,
                                yellow, green, white, blue), other colours after them in
                                suit order
        next ``(P-1)*R``        rank clue: ``2h + (P-1)*C + (o-1)*R + rank index``
        then, with deck plays   ``play deck``
        then, with bonus tiles  bonus colour clues, bonus rank clues (as the clues above),
                                ``bonus reshuffle CARD`` then ``bonus play CARD`` for every
                                card of the variant in its card order
        then, with deck         ``discard deck`` (last, so that it moves no other id)
        discards
        ======================  ==========================================================

        For the standard game these are exactly HLE's move uids (which OpenSpiel uses too).
        """
        space = self.action_spaces.get((seat, held))
        if space is None:
            size = self.hand_size
            # HLE's card index i counts from the oldest card: our slot held - i. Indices past
            # the hand (a short hand in the final round) name the missing slots, held + 1
            # and up, so that every id stays an action (an illegal one).
            slots = [held - i if i < held else i + 1 for i in range(size)]
            targets = [(seat + offset) % self.players for offset in range(1, self.players)]
            colours = [v for v in self.id_clue_values if isinstance(v, str)]
            ranks = [v for v in self.id_clue_values if isinstance(v, int)]
            actions: list[HanabiAction] = [Discard(slot) for slot in slots]
            actions += [Play(slot) for slot in slots]
            bonus = self.variant.bonus_tiles
            for clue in (Clue, BonusClue) if bonus else (Clue,):
                actions += [clue(target, value) for target in targets for value in colours]
                actions += [clue(target, value) for target in targets for value in ranks]
                if clue is Clue and self.variant.deck_plays:
                    actions.append(self.deck_play)
            if bonus:
                actions += self.bonus_reshuffles
                actions += self.bonus_plays
            if self.variant.deck_discards:
                actions.append(self.deck_discard)
            # The engine compares pre-built actions by identity first: hand out those.
            built: list[HanabiAction] = [*self.plays, *self.discards]
            for per_target in self.clues[seat]:
                built += per_target
            for bonus_target in self.bonus_clues[seat]:
                built += bonus_target
            prebuilt = {action: action for action in built}
            space = ActionSpace([prebuilt.get(a, a) for a in actions])
            self.action_spaces[seat, held] = space
            self.id_actions[seat][held] = space.actions
        return space

    # ------------------------------------------------------------ notation
    def parse(self, text: str, names: Sequence[str]) -> HanabiAction:
        """Read a move: ``play N``, ``discard N``, ``clue P red``, ``clue P 3``, ``play deck``,
        ``discard deck``, ``bonus clue P red``, ``bonus reshuffle R3``, ``bonus play R3`` (see
        the module's table), with `names` the players' names. NotationError names the
        offending word."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text (got {text!r})")
        words = text.split()
        forms = self.move_forms()
        if not words:
            raise NotationError(f"empty move {text!r}; moves: {forms}")
        verb = words[0].lower()
        rest = words[1:]
        if verb == "play" and len(rest) == 1:
            if rest[0].lower() == "deck":
                return self.deck_play
            return self.plays[self._slot(rest[0]) - 1]
        if verb == "discard" and len(rest) == 1:
            if rest[0].lower() == "deck":
                return self.deck_discard
            return self.discards[self._slot(rest[0]) - 1]
        if verb == "clue" and len(rest) >= 2:
            # A player's name may have spaces ("clue Player 2 red").
            target = self.seat_of(" ".join(rest[:-1]), names)
            value = self._clue_value(rest[-1])
            return Clue(target, value)
        if verb == "bonus":
            kind = rest[0].lower() if rest else ""
            if kind == "clue" and len(rest) >= 3:
                return BonusClue(self.seat_of(" ".join(rest[1:-1]), names),
                                 self._clue_value(rest[-1]))
            if kind == "reshuffle" and len(rest) == 2:
                return BonusReshuffle(self._card(rest[1]))
            if kind == "play" and len(rest) == 2:
                return BonusPlay(self._card(rest[1]))
            hint = "" if kind in _BONUS_WORDS else did_you_mean(kind, _BONUS_WORDS)
            raise NotationError(
                f"{text!r}: 'bonus' is followed by 'clue P VALUE', 'reshuffle CARD' or "
                f"'play CARD'{hint}"
            )
        if verb in ("play", "discard", "clue"):
            shape = {"play": "play N (or play deck)", "discard": "discard N (or discard deck)",
                     "clue": "clue P COLOUR or clue P RANK"}[verb]
            raise NotationError(f"{text!r}: write {shape}")
        raise NotationError(
            f"{words[0]!r} is not a move{did_you_mean(verb, _MOVE_WORDS)}; moves: {forms}")

    def move_forms(self) -> str:
        """The shapes of this variant's moves, for a message on a move not understood: the
        deck's and the bonus tiles' only where the variant has them."""
        variant = self.variant
        forms = ["play N", "discard N", "clue P COLOUR", "clue P RANK"]
        if variant.deck_plays:
            forms.append("play deck")
        if variant.deck_discards:
            forms.append("discard deck")
        if variant.bonus_tiles:
            forms += ["bonus clue P VALUE", "bonus reshuffle CARD", "bonus play CARD"]
        return ", ".join(forms)

    def seat_of(self, word: str, names: Sequence[str]) -> int:
        """A seat index from a 1-based seat number or a player name (one of `names`);
        NotationError otherwise."""
        count = len(names)
        number = small_number(word)
        if number is not None and 1 <= number <= count:
            return number - 1
        lowered = word.lower()
        for seat, name in enumerate(names):
            if name.lower() == lowered:
                return seat
        raise NotationError(
            f"{word!r} is not a player; write a seat number 1-{count} or a name "
            f"({', '.join(names)})"
        )

    def _clue_value(self, word: str) -> str | int:
        variant = self.variant
        lowered = word.lower()
        if lowered in self.clue_index:
            return lowered
        rank = small_number(word)
        if rank is not None and rank in self.clue_index:
            return rank
        for suit in variant.suits:
            if suit.letter == word.upper() and suit.name in self.clue_index:
                return suit.name
        accepted = [*variant.clue_colours, *map(str, variant.clue_ranks)]
        raise NotationError(
            f"{word!r} is not a clue in {variant.name!r}{did_you_mean(word, accepted)}; "
            f"clues: {summarize(accepted)}"
        )

    def _slot(self, word: str) -> int:
        size = self.hand_size
        slot = small_number(word)
        if slot is not None and 1 <= slot <= size:
            return slot
        raise NotationError(f"{word!r} is not a slot; write a number 1-{size} (1 = newest card)")

    def _card(self, word: str) -> Card:
        try:
            card: Card | None = Card.from_str(word)
        except NotationError:
            card = None  # not card-shaped ("R33"): the message below shows the shape
        if card is None or card not in self.type_of_card:
            names = [str(kind) for kind in self.card_types]
            # Two-character names are too short for spelling distance; read the likely slips
            # too: the rank first ("3R") or the suit's name ("red3").
            text = word.strip().lower()
            readings = [text, text[::-1]] + [
                suit.letter + text[len(suit.name):] for suit in self.variant.suits
                if text.startswith(suit.name) and text != suit.name]
            hint = next(filter(None, (did_you_mean(r, names) for r in readings)), "")
            raise NotationError(
                f"{word!r} is not a card of {self.variant.name!r}{hint}; "
                f"cards: {summarize(names)}"
            )
        return card
