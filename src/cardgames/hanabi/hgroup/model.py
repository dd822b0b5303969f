"""The belief model: for every card in every hand, what it may be from the clues (public),
what the conventions make everyone believe it is (common knowledge), and what the modelling
seat knows besides (the cards it sees). The same code models the bot's own hand and each
partner's; :func:`cardgames.hanabi.hgroup.history.replay` builds it from a view's history,
move by move, reading every clue as it goes."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardgames.hanabi.cards import Card
from cardgames.hanabi.events import Discarded, Played
from cardgames.hanabi.hgroup.facts import Facts, facts_of
from cardgames.hanabi.hgroup.meanings import PLAYS, Connection, Meaning, Reading
from cardgames.hanabi.view import HanabiView


@attrs.define(slots=True)
class Thought:
    """What is known and believed of one card (by its public order)."""

    order: int
    seat: int
    possible: frozenset[Card]
    """What the clues leave it able to be (public)."""
    inferred: frozenset[Card]
    """What the conventions make everyone believe it is (a subset of `possible`; equal to
    it while no convention says more)."""
    clued: bool = False
    finessed: bool = False
    """Everyone expects its holder to play it (a blind play, or a prompt)."""
    promised: bool = False
    """A play clue's focus: it will be playable once its connections are played."""
    chop_moved: bool = False
    saved: bool = False
    waits_on: tuple[tuple[Card, tuple[Connection, ...]], ...] = ()
    """For a play clue's focus read several ways: each candidate and the cards it needs first
    (a candidate whose blind play does not come is dropped)."""


@attrs.define(slots=True)
class ClueRecord:
    """One clue of the game and how the modelling seat read it."""

    move: int
    """Its move number (1 = the game's first move)."""
    giver: int
    receiver: int
    value: str | int | None
    """The colour or rank (None where the variant hid it)."""
    touched: tuple[int, ...]
    focus_slot: int | None
    reading: Reading


class Table:
    """The game as one seat models it: hands by order, the thoughts on every card, the
    fireworks, and every clue read so far."""

    def __init__(self, view: HanabiView, level: int) -> None:
        self.facts: Facts = facts_of(view.variant)
        self.level = level
        self.me = view.seat
        self.players = len(view.players)
        self.max_tokens = view.max_clue_tokens
        size = view.variant.hand_size(self.players)
        every = frozenset(self.facts.cards)
        self.hands: list[list[int]] = [
            list(range(seat * size + size - 1, seat * size - 1, -1))
            for seat in range(self.players)]
        self.thoughts: dict[int, Thought] = {
            order: Thought(order, seat, every, every)
            for seat, hand in enumerate(self.hands) for order in hand}
        self.identity: dict[int, Card] = {}
        """The cards the modelling seat knows by order (seen in a hand, played, discarded)."""
        for hand in view.other_hands:
            for slot in hand:
                self.identity[slot.order] = slot.card
        for move in view.history:
            for event in move.events:
                if isinstance(event, (Played, Discarded)):
                    self.identity[event.order] = event.card
        self.heights = [0] * len(view.variant.suits)
        self.gone: list[Card] = []
        self.played: list[Card] = []
        self.tokens = view.max_clue_tokens
        self.discarded_yet = False
        self.clues: list[ClueRecord] = []
        self.moves = 0
        self.sarcastic: set[int] = set()

    # ------------------------------------------------------------ what is seen
    def seen(self, order: int, hidden: Iterable[int]) -> Card | None:
        """The card at `order` as a reader who cannot see the hands of `hidden` knows it:
        its identity, or the one card everyone believes it is, or None."""
        thought = self.thoughts.get(order)
        if thought is not None and thought.seat in hidden:
            if len(thought.inferred) == 1 and (thought.clued or thought.finessed):
                return next(iter(thought.inferred))
            return None
        return self.identity.get(order)

    def needed(self) -> frozenset[Card]:
        return self.facts.needed(self.heights, self.gone)

    def playable(self) -> frozenset[Card]:
        return self.facts.next_cards(self.heights)

    def chop(self, seat: int) -> int | None:
        """The seat's chop: its oldest card neither clued, chop moved nor finessed."""
        for order in reversed(self.hands[seat]):
            thought = self.thoughts[order]
            if not (thought.clued or thought.chop_moved or thought.finessed):
                return order
        return None

    def finesse_position(self, seat: int, skip: Iterable[int] = ()) -> int | None:
        """The seat's newest card neither clued, chop moved nor already finessed."""
        skipped = set(skip)
        for order in self.hands[seat]:
            thought = self.thoughts[order]
            if order in skipped or thought.clued or thought.chop_moved or thought.finessed:
                continue
            return order
        return None

    def locked(self, seat: int) -> bool:
        """Every card of the seat is clued or chop moved (it has no chop)."""
        return self.chop(seat) is None

    def clued_elsewhere(self, hidden: Iterable[int], besides: Iterable[int] = ()
                        ) -> list[Card]:
        """The cards touched or promised in hands, as a reader who cannot see `hidden`
        knows them (good touch: no new clue should touch another copy)."""
        skip = set(besides)
        found = []
        for hand in self.hands:
            for order in hand:
                thought = self.thoughts[order]
                if order in skip or not (thought.clued or thought.finessed):
                    continue
                card = self.seen(order, hidden)
                if card is not None:
                    found.append(card)
        return found

    def good_touch(self, possible: frozenset[Card], hidden: Iterable[int],
                   besides: Iterable[int] = ()) -> frozenset[Card]:
        """What a clued card may be under good touch: a card still needed, not a copy of
        one clued elsewhere (all of `possible` when that leaves nothing)."""
        elsewhere = set(self.clued_elsewhere(hidden, besides))
        kept = frozenset(card for card in possible & self.needed() if card not in elsewhere)
        odd = possible & self.facts.odd
        return (kept | odd) or possible

    def slot_of(self, order: int) -> int | None:
        for hand in self.hands:
            if order in hand:
                return hand.index(order) + 1
        return None

    # ------------------------------------------------------------ the moves
    def apply_clue(self, giver: int, receiver: int, value: str | int | None,
                   touched: tuple[int, ...], reading: Reading) -> None:
        """Every card's thoughts after a clue read as `reading`."""
        touch = self.facts.touched_by.get(value, frozenset()) if value is not None else None
        for order in self.hands[receiver]:
            thought = self.thoughts[order]
            if touch is not None:
                thought.possible = (thought.possible & touch if order in touched
                                    else thought.possible - touch) or thought.possible
            if order in touched:
                thought.clued = True
                thought.chop_moved = False
            thought.inferred = thought.inferred & thought.possible or thought.possible
        hidden = (receiver,)
        for order in touched:
            thought = self.thoughts[order]
            if order == reading.focus and reading.candidates:
                thought.inferred = reading.candidates & thought.possible or thought.inferred
                thought.promised = reading.meaning in PLAYS or (
                    reading.meaning is Meaning.PLAY_OR_SAVE)
                thought.saved = reading.meaning in (Meaning.SAVE, Meaning.PLAY_OR_SAVE)
                thought.waits_on = reading.options
            elif thought.finessed or (thought.promised and reading.meaning is Meaning.FIX):
                thought.inferred = thought.inferred & thought.possible or thought.possible
            else:
                thought.inferred = self.good_touch(thought.possible, hidden, besides=(order,))
        if reading.meaning is Meaning.FIX and reading.fixed is not None:
            fixed = self.thoughts[reading.fixed]
            fixed.promised = False
            fixed.inferred = self.good_touch(fixed.possible, (fixed.seat,), (fixed.order,))
        for order in reading.moved:
            self.thoughts[order].chop_moved = True
        for link in reading.connections:
            linked = self.thoughts.get(link.order)
            if linked is None or (linked.clued and link.kind == "known"):
                continue
            thought = linked
            thought.finessed = True
            thought.inferred = (frozenset({link.card}) if link.kind == "finesse"
                                else thought.inferred)
            if link.kind != "finesse":
                thought.inferred = frozenset({link.card}) & thought.possible or thought.inferred

    def remove(self, seat: int, order: int) -> None:
        if order in self.hands[seat]:
            self.hands[seat].remove(order)

    def after_play(self, seat: int, order: int, card: Card | None, success: bool) -> None:
        thought = self.thoughts.get(order)
        expected = thought.inferred if thought is not None else frozenset()
        self.remove(seat, order)
        if card is None:
            return
        self.identity[order] = card
        if success:
            self.played.append(card)
            index = self.facts.suit_index[card.suit]
            self.heights[index] += 1
        else:
            self.gone.append(card)
        # A blind play that turned out another playable card (level 5, a layered finesse):
        # the card it was meant to be is still to come, from the next finesse position.
        if (thought is not None and thought.finessed and not thought.clued and success
                and card not in expected and self.level >= 5):
            still = frozenset(c for c in expected if c in self.needed())
            nxt = self.finesse_position(seat)
            if still and nxt is not None:
                self.thoughts[nxt].finessed = True
                self.thoughts[nxt].inferred = still
        self._settle()

    def after_discard(self, seat: int, order: int, card: Card) -> None:
        self.remove(seat, order)
        self.identity[order] = card
        self.gone.append(card)
        self.discarded_yet = True
        self._settle()

    def turn_passed(self, seat: int, played: int | None) -> None:
        """A seat's turn went by: a blind play everyone expected of it and it did not make
        is no longer expected (the candidates that needed it are dropped)."""
        expected = [order for order in self.hands[seat]
                    if self.thoughts[order].finessed and not self.thoughts[order].clued]
        if played is not None or not expected:
            return
        for order in expected:
            self.thoughts[order].finessed = False
            self.thoughts[order].inferred = self.thoughts[order].possible
        dropped = set(expected)
        for hand in self.hands:
            for order in hand:
                thought = self.thoughts[order]
                if not thought.waits_on:
                    continue
                kept = tuple((card, links) for card, links in thought.waits_on
                             if not any(link.order in dropped for link in links))
                if kept and len(kept) < len(thought.waits_on):
                    thought.waits_on = kept
                    thought.inferred = frozenset(card for card, _ in kept)

    def _settle(self) -> None:
        """Beliefs that a play or discard made impossible are widened back to what the
        clues allow (a card cannot be one that is already played out)."""
        needed = self.needed()
        for hand in self.hands:
            for order in hand:
                thought = self.thoughts[order]
                if thought.clued and thought.inferred and not thought.inferred & (
                        needed | self.facts.odd):
                    continue  # known trash stays known trash
                if thought.clued:
                    still = thought.inferred & (needed | self.facts.odd)
                    if still:
                        thought.inferred = still
