"""What a Hanabi action caused: events as small frozen values whose ``str`` is a sentence.

``state.apply(action)`` returns them; a view's history holds them with each move (as
:class:`~cardgames.core.game.Move` values). Some variants hide some of them from some seats
(the state decides): Cow & Pig and Duck show a clue's receiver a :class:`HiddenClued`, and
Throw It in a Hole shows a play as :class:`Thrown` until the game ends.
"""

from __future__ import annotations

import enum

import attrs

from cardgames.hanabi.actions import BonusEffect, clue_text
from cardgames.hanabi.cards import Card

__all__ = [
    "Clued",
    "Discarded",
    "Drew",
    "EndReason",
    "FireworkCompleted",
    "FuseLost",
    "GameEnded",
    "HiddenClued",
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
                f"{clue_text(self.value)} ({self.touched_text})")


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
    :attr:`~cardgames.hanabi.view.OwnSlot.order`)."""

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
    """`seat` discarded `card` (deck position `order`) from `slot` (None: from the deck, an
    orange card's deck play)."""

    seat: int
    card: Card
    slot: int | None
    order: int

    def __str__(self) -> str:
        origin = "the deck" if self.slot is None else f"slot {self.slot}"
        return f"player {self.seat + 1} discards {self.card} from {origin}"


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
