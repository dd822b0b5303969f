"""What the H-Group bot needs to know of a variant, worked out once per variant: which
cards each clue touches, how many copies each card has, and each row's play order."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from cardgames.hanabi.cards import Card
from cardgames.hanabi.rules import HanabiVariant, PlayOrder


class Facts:
    """A variant's cards and clues, as the conventions read them."""

    def __init__(self, variant: HanabiVariant) -> None:
        self.variant = variant
        self.cards: tuple[Card, ...] = tuple(variant.card_types)
        self.copies = {card: variant.suits[variant.suit_of(card.suit)].copies(card.rank)
                       for card in self.cards}
        self.clue_values: tuple[str | int, ...] = (*variant.clue_colours, *variant.clue_ranks)
        self.touched_by: dict[str | int, frozenset[Card]] = {
            value: frozenset(card for card in self.cards if variant.clue_touches(card, value))
            for value in self.clue_values}
        self.suit_index = {suit.letter: index for index, suit in enumerate(variant.suits)}
        # The rows that grow one known rank at a time: their cards in play order. Other rows
        # (up or down, sudoku) are read only against the cards the view calls playable.
        self.sequences: tuple[tuple[Card, ...] | None, ...] = tuple(
            None if variant.sudoku or suit.order is PlayOrder.UP_OR_DOWN
            else tuple(Card(suit.letter, rank) for rank in (
                suit.row_ranks[::-1] if suit.order is PlayOrder.DESCENDING
                else suit.row_ranks)[:suit.row_length])
            for suit in variant.suits)
        self.step: dict[Card, int] = {}
        for sequence in self.sequences:
            for index, card in enumerate(sequence or ()):
                self.step[card] = index
        rank_touchable = {card for value in variant.clue_ranks
                          for card in self.touched_by[value]}
        # The last card of each row: saved by a rank clue (a "5 save").
        self.row_ends = frozenset(sequence[-1] for sequence in self.sequences
                                  if sequence and sequence[-1] in rank_touchable)
        # The second card of each row: saved by a rank clue while no other hand shows it.
        self.row_seconds = frozenset(sequence[1] for sequence in self.sequences
                                     if sequence and len(sequence) > 1
                                     and sequence[1] in rank_touchable)
        self.end_rank = max((card.rank for card in self.row_ends), default=None)
        self.second_rank = min((card.rank for card in self.row_seconds), default=None)
        # Orange-like suits swap play and discard: the conventions are not read on them.
        self.odd = frozenset(card for card in self.cards
                             if variant.suits[self.suit_index[card.suit]].inverted
                             or self.sequences[self.suit_index[card.suit]] is None)

    def below(self, card: Card) -> tuple[Card, ...]:
        """The cards played before `card` on its row, lowest first (empty on an odd row)."""
        sequence = self.sequences[self.suit_index[card.suit]]
        if sequence is None or card not in self.step:
            return ()
        return sequence[:self.step[card]]

    def next_cards(self, heights: Sequence[int]) -> frozenset[Card]:
        """The card each sequenced row takes next, with rows `heights` cards high."""
        found = []
        for index, sequence in enumerate(self.sequences):
            if sequence is not None and heights[index] < len(sequence):
                found.append(sequence[heights[index]])
        return frozenset(found)

    def needed(self, heights: Sequence[int], gone: Iterable[Card]) -> frozenset[Card]:
        """The cards rows `heights` high can still use (`gone`: every card out of play:
        discarded or misplayed): not played yet, and below no card whose copies are gone."""
        lost: dict[Card, int] = {}
        for card in gone:
            lost[card] = lost.get(card, 0) + 1
        found: list[Card] = []
        for index, sequence in enumerate(self.sequences):
            if sequence is None:
                continue
            for card in sequence[heights[index]:]:
                if lost.get(card, 0) >= self.copies[card]:
                    break
                found.append(card)
        return frozenset(found)


@functools.lru_cache(maxsize=64)
def facts_of(variant: HanabiVariant) -> Facts:
    """The variant's facts (kept: every decision of every seat asks again)."""
    return Facts(variant)
