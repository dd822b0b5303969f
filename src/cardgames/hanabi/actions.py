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

import attrs

from cardgames.hanabi.cards import Card, rank_text

__all__ = [
    "BonusClue",
    "BonusPlay",
    "BonusReshuffle",
    "Clue",
    "Clued",
    "DeckPlay",
    "Discard",
    "Discarded",
    "Drew",
    "FireworkCompleted",
    "FuseLost",
    "GameEnded",
    "HanabiAction",
    "Play",
    "Played",
    "TileDrawn",
    "TokenRegained",
]


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


HanabiAction = Play | Discard | Clue | DeckPlay | BonusClue | BonusReshuffle | BonusPlay
"""Any Hanabi action."""


# --------------------------------------------------------------------------- events
@attrs.frozen(slots=True)
class Clued:
    """`seat` clued `target` about `value`, touching `slots` (a free clue when `free`)."""

    seat: int
    target: int
    value: str | int
    slots: tuple[int, ...]
    free: bool = False

    def __str__(self) -> str:
        touched = f"slots {', '.join(map(str, self.slots))}" if self.slots else "no card"
        kind = "free clue" if self.free else "clue"
        return (f"player {self.seat + 1} gives player {self.target + 1} a {kind}: "
                f"{_value_text(self.value)} ({touched})")


@attrs.frozen(slots=True)
class Played:
    """`seat` played `card` from `slot` (None: from the deck); `success` if it fitted."""

    seat: int
    card: Card
    slot: int | None
    success: bool

    def __str__(self) -> str:
        origin = "the deck" if self.slot is None else f"slot {self.slot}"
        outcome = "onto its firework" if self.success else "and misplays it (discarded)"
        return f"player {self.seat + 1} plays {self.card} from {origin} {outcome}"


@attrs.frozen(slots=True)
class Discarded:
    """`seat` discarded `card` from `slot`."""

    seat: int
    card: Card
    slot: int

    def __str__(self) -> str:
        return f"player {self.seat + 1} discards {self.card} from slot {self.slot}"


@attrs.frozen(slots=True)
class Drew:
    """`seat` drew a card (its identity is not part of the event); `left` remain."""

    seat: int
    left: int

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
    """A clue token came back (`tokens` now)."""

    tokens: int

    def __str__(self) -> str:
        return f"a clue token returns ({self.tokens} now)"


@attrs.frozen(slots=True)
class FireworkCompleted:
    """The firework of suit `suit` (its name) is complete."""

    suit: str

    def __str__(self) -> str:
        return f"the {self.suit} firework is complete"


@attrs.frozen(slots=True)
class TileDrawn:
    """A bonus tile was drawn: `tile` 1-6 and what came of it."""

    tile: int
    outcome: str

    def __str__(self) -> str:
        return f"bonus tile {self.tile}: {self.outcome}"


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over: why, the score and the rating line."""

    reason: str
    score: int
    rating: str

    def __str__(self) -> str:
        return f"game over ({self.reason}): score {self.score} - {self.rating}"
