"""What one seat may know: :class:`HanabiView`, the value ``state.view(seat)`` returns.

The seat sees every other hand with the cards' identities, and for its own hand only what the
clues told it: for each slot the set of cards still possible after every positive and negative
clue that slot received (rainbow-like, colourless and pink-like suits included), and whether
any clue touched it. Its own cards' identities are absent from the view, not masked: an
:class:`OwnSlot` has no card field at all.

Public information is there too: fireworks, discards, tokens, fuses, deck size, whose turn
it is, the final round, the bonus tiles, the pending bonus choice and the move history (as
:class:`~cardgames.core.game.Move` values: seat, action, events). Every card carries its
`order`, the deck position hanab.live uses as a card's public id, so that a player can
follow a card from move to move.

Some hanab.live variants hide more (the state decides what each seat sees): in Cow & Pig
and Duck a clue's receiver hears only a word ("moo", "oink", "quack") instead of its value,
and what it learns of its cards is only that; in Throw It in a Hole no view shows a played
card, whether it fitted, or the fireworks, until the game ends (see :attr:`HanabiView.hole`).
Clue starved counts tokens in halves (:attr:`HanabiView.half_clue_token`), and alternating
clues say which kind of clue is due (:attr:`HanabiView.next_clue_kind`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardgames.core.game import Move, in_place, placed_after
from cardgames.hanabi.actions import BonusChoice, HanabiAction
from cardgames.hanabi.cards import Card
from cardgames.hanabi.rules import HanabiVariant

__all__ = [
    "HanabiPublicView",
    "HanabiSharedView",
    "HanabiView",
    "OwnSlot",
    "PublicSlot",
    "SeenSlot",
    "cards_in_mask",
]


def cards_in_mask(mask: int, card_types: Sequence[Card]) -> frozenset[Card]:
    """The cards whose type bit is set in `mask` (bit i = ``card_types[i]``)."""
    found = []
    index = 0
    while mask:
        if mask & 1:
            found.append(card_types[index])
        mask >>= 1
        index += 1
    return frozenset(found)


@attrs.frozen(slots=True)
class OwnSlot:
    """A card in the viewer's own hand: only what the viewer knows about it."""

    slot: int
    """1 = the newest card."""
    possible: frozenset[Card]
    """Every card it may still be, given the clues this slot received (positive and negative);
    visible cards elsewhere are not subtracted (a bot may do that)."""
    touched: bool
    """Whether any clue has touched this card."""
    order: int
    """The card's public id: its position in the dealt deck (hanab.live's "order"). Which
    card of the pile was drawn is public; what it is, is not."""

    @property
    def possible_suits(self) -> frozenset[str]:
        """The suit letters still possible."""
        return frozenset(card.suit for card in self.possible)

    @property
    def possible_ranks(self) -> frozenset[int]:
        """The ranks still possible."""
        return frozenset(card.rank for card in self.possible)

    @property
    def known(self) -> Card | None:
        """The card, when the clues leave exactly one possibility."""
        if len(self.possible) == 1:
            return next(iter(self.possible))
        return None


@attrs.frozen(slots=True)
class SeenSlot:
    """A card in another player's hand: its identity and what its holder knows of it."""

    slot: int
    """1 = the newest card."""
    card: Card
    """The card itself (the viewer can see it)."""
    possible: frozenset[Card]
    """What its holder may still think it is (from the clues it received)."""
    touched: bool
    """Whether any clue has touched this card."""
    order: int
    """The card's public id (see :attr:`OwnSlot.order`)."""


@attrs.frozen(kw_only=True)
class HanabiSharedView:
    """What a seat's view and the public view share: everything but the hands (and the
    seat). :class:`HanabiView` and :class:`HanabiPublicView` extend it."""

    players: tuple[str, ...]
    """Player names by seat."""
    variant: HanabiVariant
    """The variant being played."""
    fireworks: tuple[tuple[Card, ...], ...]
    """Per suit (variant order), the cards played on it in play order."""
    discards: tuple[Card, ...]
    """The discard pile, oldest first (misplays included)."""
    playable: frozenset[Card]
    """The cards that would fit on a firework now."""
    clue_tokens: int
    """Whole clue tokens available (see `half_clue_token`)."""
    max_clue_tokens: int
    fuses: int
    """Fuse tokens left."""
    max_fuses: int
    deck_size: int
    """Cards left in the draw pile."""
    current_player: int | None
    """The seat to act, None once the game is over."""
    turn: int
    """How many actions have been taken (bonus choices included)."""
    final_round_turns: int | None
    """Turns left in the final round (None before the last card is drawn)."""
    bonus_tiles_left: int
    bonus_tiles_used: tuple[int, ...]
    """The tiles drawn so far, in order."""
    pending: BonusChoice | None
    """The bonus choice the current player must make now, or None (its ``sentence`` says
    it in words)."""
    history: tuple[Move[HanabiAction], ...]
    """Every move so far: who took it (a bonus choice is its player's second move; all or
    nothing skips players who cannot act), the action, and its events, as the view's seat
    sees them (the public view: as every seat sees them). A drawn card's identity is in no
    event, so all seats see the same moves but where the variant hides something: a clue's
    value from its receiver (Cow & Pig, Duck: the public view names only the receiver's
    word) and the plays until the end (Throw It in a Hole)."""
    score: int
    max_score: int
    is_over: bool
    can_deck_play: bool
    """Whether ``play deck`` is available now (deck-plays option, one card left); so is
    ``discard deck`` then where ``variant.deck_discards``."""
    half_clue_token: bool = False
    """Clue starved: whether half a clue token is there besides `clue_tokens` (a discard or
    a completed firework gives half a token there, a clue costs a whole one)."""
    next_clue_kind: str | None = None
    """Alternating clues: ``"colour"`` or ``"rank"``, the kind the next clue must be (the
    other kind than the last clue's); None when any kind may be given."""
    hole: tuple[int, ...] | None = None
    """Throw it in a hole: the deck positions of the cards played face down so far (None in
    other variants). While the game goes on, `fireworks`, `playable`, `score`, `fuses` and
    `discards` leave out everything the hole hides: no played card, no misplay, no burned
    fuse; the history shows each play as a :class:`~cardgames.hanabi.events.Thrown`."""


@attrs.frozen(kw_only=True, field_transformer=in_place)
class HanabiView(HanabiSharedView):
    """Everything one seat may know at one moment; hidden cards are absent. Its fields are
    :class:`HanabiSharedView`'s with the seat and the hands placed among them (`seat` first,
    the hands after `variant`)."""

    seat: int = attrs.field(metadata=placed_after(None))
    """The viewing seat (0-based)."""
    own_hand: tuple[OwnSlot, ...] = attrs.field(metadata=placed_after("variant"))
    """The viewer's own slots, slot 1 (newest) first, without identities."""
    other_hands: tuple[tuple[SeenSlot, ...], ...] = attrs.field(
        metadata=placed_after("own_hand"))
    """Every seat's hand, slot 1 first; the viewer's own entry is empty."""

    @property
    def hand_size(self) -> int:
        """How many cards the viewer holds."""
        return len(self.own_hand)


@attrs.frozen(slots=True)
class PublicSlot:
    """A card in a hand as every seat knows it (a spectator's view): what its holder knows
    of it, and the card itself only once the game is over."""

    slot: int
    """1 = the newest card."""
    possible: frozenset[Card]
    """What its holder may still think it is (see :attr:`OwnSlot.possible`)."""
    touched: bool
    """Whether any clue has touched this card."""
    order: int
    """The card's public id (see :attr:`OwnSlot.order`)."""
    card: Card | None = None
    """The card, once the game is over; None while it goes on (its holder may not see it)."""


@attrs.frozen(kw_only=True, field_transformer=in_place)
class HanabiPublicView(HanabiSharedView):
    """What every seat may know (``state.public_view()``, a spectator's view): each hand as
    its holder knows it, no card's identity until the game is over; the other fields are
    :class:`HanabiSharedView`'s (the hole hides the same), the history as every seat sees
    it (in Cow & Pig and Duck a clue names only its receiver's word)."""

    hands: tuple[tuple[PublicSlot, ...], ...] = attrs.field(metadata=placed_after("variant"))
    """Every seat's hand, slot 1 first."""
