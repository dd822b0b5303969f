"""Hanabi actions (moves) and events, as small frozen values whose ``str`` is the notation.

Notation, one move per line:

=========================  ===============================================================
``play N``                 play the card in slot N of your hand
``discard N``              discard the card in slot N
``clue P red``             clue player P about a colour (``clue P R`` with the letter works)
``clue P 3``               clue player P about a rank
``play deck``              deck plays: play the last card of the draw pile blind
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

import attrs

from cardgames.hanabi.cards import Card, rank_text

__all__ = [
    "BonusChoice",
    "BonusClue",
    "BonusEffect",
    "BonusPlay",
    "BonusReshuffle",
    "Clue",
    "Clued",
    "DeckPlay",
    "Discard",
    "Discarded",
    "Drew",
    "EndReason",
    "FireworkCompleted",
    "FuseLost",
    "GameEnded",
    "HanabiAction",
    "HiddenClue",
    "HiddenClued",
    "Play",
    "Played",
    "Thrown",
    "TileDrawn",
    "TokenRegained",
]


class EndReason(enum.StrEnum):
    """Why a game ended; the value is the sentence shown to players."""

    STRIKEOUT = "the last fuse burned"
    PERFECT = "every firework is complete"
    FINAL_ROUND = "the final round is over"
    CARD_GONE = "a card needed to complete a firework is gone"
    """All or nothing: a firework can no longer be completed."""
    STUCK = "no player can act"
    """All or nothing: every hand is empty and no clue can be given."""
    SOFTLOCK = "the player to move has no card and no clue token"
    """All or nothing with hanab.live's end rules (``early_end``): its softlock ending."""
    NOTHING_PLAYABLE = "no card left can be played"
    """The early-end option (hanab.live's rule)."""


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


def _value_text(value: str | int) -> str:
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
        return f"clue {self.target + 1} {_value_text(self.value)}"


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
        return f"bonus clue {self.target + 1} {_value_text(self.value)}"


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


HanabiAction = (Play | Discard | Clue | DeckPlay | BonusClue | BonusReshuffle | BonusPlay
                | HiddenClue)
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


# --------------------------------------------------------------------------- events
@attrs.frozen(slots=True)
class Clued:
    """`seat` clued `target` about `value`, touching `slots` (a free clue when `free`)."""

    seat: int
    target: int
    value: str | int
    slots: tuple[int, ...]
    free: bool = False

    @property
    def touched_text(self) -> str:
        """The slots touched, in words: ``"slot 2"``, ``"slots 1, 3"`` or ``"no card"``."""
        if not self.slots:
            return "no card"
        return f"slot{'s' if len(self.slots) > 1 else ''} {', '.join(map(str, self.slots))}"

    def __str__(self) -> str:
        kind = "free clue" if self.free else "clue"
        return (f"player {self.seat + 1} gives player {self.target + 1} a {kind}: "
                f"{_value_text(self.value)} ({self.touched_text})")


@attrs.frozen(slots=True)
class HiddenClued:
    """The event of a :class:`HiddenClue`: `seat` clued `target`, who hears only `word`;
    `slots` are the cards it touched."""

    seat: int
    target: int
    word: str
    slots: tuple[int, ...]

    def __str__(self) -> str:
        touched = Clued(self.seat, self.target, self.word, self.slots).touched_text
        return (f"player {self.seat + 1} gives player {self.target + 1} a clue: "
                f"{self.word} ({touched})")


@attrs.frozen(slots=True)
class Thrown:
    """Throw it in a hole: `seat` played the card at deck position `order` from `slot`
    (None: from the deck) face down. What it was, and whether it fitted, stay hidden until
    the game ends."""

    seat: int
    slot: int | None
    order: int

    def __str__(self) -> str:
        origin = "the deck" if self.slot is None else f"slot {self.slot}"
        return f"player {self.seat + 1} throws the card from {origin} into the hole"


@attrs.frozen(slots=True)
class Played:
    """`seat` played `card` from `slot` (None: from the deck); `success` if it fitted.

    `order` is the card's deck position, hanab.live's public card id (see
    :attr:`~cardgames.hanabi.knowledge.OwnSlot.order`)."""

    seat: int
    card: Card
    slot: int | None
    success: bool
    order: int

    def __str__(self) -> str:
        origin = "the deck" if self.slot is None else f"slot {self.slot}"
        outcome = "onto its firework" if self.success else "and misplays it (discarded)"
        return f"player {self.seat + 1} plays {self.card} from {origin} {outcome}"


@attrs.frozen(slots=True)
class Discarded:
    """`seat` discarded `card` (deck position `order`) from `slot`."""

    seat: int
    card: Card
    slot: int
    order: int

    def __str__(self) -> str:
        return f"player {self.seat + 1} discards {self.card} from slot {self.slot}"


@attrs.frozen(slots=True)
class Drew:
    """`seat` drew a card into slot 1; `left` remain in the pile.

    The card's identity is not part of the event, so every seat, the drawer included, sees
    the same event; `order` is its deck position, a public id that tells nothing of the card
    (everyone sees which card came from the top of the pile)."""

    seat: int
    left: int
    order: int

    def __str__(self) -> str:
        return f"player {self.seat + 1} draws a card ({self.left} left)"


@attrs.frozen(slots=True)
class FuseLost:
    """A misplay burned a fuse; `left` remain."""

    left: int

    def __str__(self) -> str:
        return f"a fuse burns: {self.left} left"


@attrs.frozen(slots=True)
class TokenRegained:
    """A clue token came back (`tokens` whole tokens now); `half`: clue starved, where only
    half a token comes back."""

    tokens: int
    half: bool = False

    def __str__(self) -> str:
        if self.half:
            return f"half a clue token returns ({self.tokens} whole now)"
        return f"a clue token returns ({self.tokens} now)"


@attrs.frozen(slots=True)
class FireworkCompleted:
    """The firework of suit `suit` (its name) is complete."""

    suit: str

    def __str__(self) -> str:
        return f"the {self.suit} firework is complete"


@attrs.frozen(slots=True)
class TileDrawn:
    """A bonus tile was drawn (or its choice was made): `tile` and what came of it."""

    tile: BonusEffect
    outcome: str

    def __str__(self) -> str:
        return f"bonus tile {self.tile}: {self.outcome}"


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over: why, the score and the rating line."""

    reason: EndReason
    score: int
    rating: str

    def __str__(self) -> str:
        return f"game over ({self.reason}): score {self.score} - {self.rating}"
