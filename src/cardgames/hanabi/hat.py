"""Hanabi's information-strategy bot: every clue tells every other player something.

The strategy is the "information strategy" of Cox, De Silva, Deorsey and Tobin ("How to Make
the Perfect Fireworks Display: Two Strategies for Hanabi", 2015) with the refinements of Jeff
Wu's WTFWThat simulator, written afresh for this engine and its variants. It is a
convention for a table of bots that all follow it (hat guessing needs every partner to read
clues the same way); a human partner cannot follow it.

**Public knowledge.** Every bot keeps, for every card in every hand, the set of cards it may
be as far as the whole table knows: the clues it received and what the hat answers (below)
revealed. Probabilities weigh each possible card by its copies not yet played or discarded.
A bot's private view of its own cards also removes the copies it sees in other hands.

**Questions.** For each player, public knowledge alone decides a question about their hand
(so every other player can compute it and see its answer): while the player knows no
playable card, "which of these cards is the first that is playable (or, failing that,
useless)?"; else "is this card playable?" for a card that is likely so; else "which group of
possibilities holds this card?" for the card least likely useless. Questions are chained
while the clue can carry more (a mixed-radix number below the number of clue meanings).

**Hat guessing.** A clue has ``total`` meanings. With empty clues allowed and three or more
players, each clue is one: a receiver and a colour or rank (20 at 3 players on the standard
deck). Otherwise (WTFWThat's encoding) a clue to a player means one of up to four things: a
rank or a colour clue, touching or missing the card of theirs the table most wants to learn
about; the giver picks, among the clues of one meaning, the one that teaches most. The giver
adds every other player's answer modulo ``total`` and gives the clue that means the sum.
Each receiver sees every answer but its own, so it subtracts them and learns its own
answer. A discard chosen among several known-useless cards carries a smaller sum the same
way. Discarding while clue tokens are available tells the table that no one else held a
playable card they did not know of.

**Decisions**, in order: play the known-playable card that unlocks most; while few cards are
discarded and two fuses are left, play a card that is playable with a chance above 3/4 (and
otherwise useless); clue when a partner holds a playable card they do not know; on its last
turn, with a fuse to spare, play its likeliest card; clue when every token is available (it
may not discard then), or when a partner can play or plenty of tokens are left; discard a
known-useless card; otherwise the card least likely to be needed. It never risks the last
fuse. With two players a lost last copy weighs more: the card to discard is chosen with more
weight on its not being a last copy, and while a token is left the bot clues instead when
that card is likely a last copy of a card still needed. (:class:`~cardgames.hanabi.search.DuoBot`
adds a look-ahead at the end of two-player games.)

Variants: the encoding reads every rule from the variant (which clues touch which cards,
ascending or descending rows, copies, empty clues allowed or not). Where it does not apply
(Up or Down rows, bonus tiles, a bonus choice, hands it cannot follow, partners who follow
other conventions), the bot makes the move of a :class:`~cardgames.hanabi.bots.ConventionBot`
of its own instead, so it always moves legally.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs

from cardgames.core.agents import Hint
from cardgames.core.game import Move
from cardgames.hanabi.actions import Clue, Discard, HanabiAction, Play
from cardgames.hanabi.bots import ConventionBot
from cardgames.hanabi.cards import Card
from cardgames.hanabi.events import Clued, Discarded, Drew, FuseLost, Played, TokenRegained
from cardgames.hanabi.rules import HanabiVariant, PlayOrder
from cardgames.hanabi.view import HanabiView

__all__ = ["HatBot", "HatDecision", "HatTable"]

_RISKY_DISCARD = 0.3
"""With two players, a clue rather than a discard whose card is this likely the last copy of
a card still needed."""

_RANK, _COLOUR = 0, 1
# The meanings a clue can have for one target, in the order they are numbered: (kind of
# clue, whether it touches the target's chosen card).
_CLUE_TYPES: tuple[tuple[int, bool], ...] = (
    (_RANK, True), (_COLOUR, True), (_RANK, False), (_COLOUR, False))


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


# ------------------------------------------------------------------ variant facts
# The options the strategy follows. It reads which clues touch which cards from the variant
# (so the hanab.live options that only change that, or how many copies a card has, are
# followed too); any other option that is not at its default (bonus tiles, hidden or
# alternating clues, half tokens, hidden plays, sudoku rows, inverted suits, or rules this
# module does not know of) leaves the game to the convention bot.
_FOLLOWED_OPTIONS = frozenset({
    "name", "suits", "hand_size_delta", "clue_tokens", "fuses", "empty_clues",
    "score_after_strikeout", "all_or_nothing", "deck_plays", "deck_plays_always_play",
    "early_end", "starting_player", "clue_colours", "clue_ranks",
    "special_rank", "special_all_colours", "special_no_colours", "special_all_ranks",
    "special_no_ranks", "special_deceptive", "critical_rank", "scarce_ones", "synesthesia",
    "funnels", "chimneys", "odds_and_evens", "colour_clues_touch_nothing",
    "rank_clues_touch_nothing"})
_FOLLOWED_SUIT_FIELDS = frozenset({
    "name", "letter", "colour_clues", "rank_clues", "colour_clues_by_rank",
    "rank_clues_by_rank", "counts", "order", "score_rule", "style", "prism", "colours",
    "display_name"})


def _at_defaults(value: attrs.AttrsInstance, followed: frozenset[str]) -> bool:
    """Whether every option of the attrs instance `value` outside `followed` is at its
    default."""
    for field in attrs.fields(type(value)):
        if not field.init or field.name in followed:
            continue
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            return False  # an unknown option built by a factory: do not guess
        if getattr(value, field.name) != default:
            return False
    return True


def _followed(variant: HanabiVariant) -> bool:
    """Whether the strategy can follow `variant` (see _FOLLOWED_OPTIONS)."""
    return _at_defaults(variant, _FOLLOWED_OPTIONS) and all(
        suit.order in (PlayOrder.ASCENDING, PlayOrder.DESCENDING)
        and _at_defaults(suit, _FOLLOWED_SUIT_FIELDS) for suit in variant.suits)


class _Rules:
    """The variant as bit masks over its card types (bit i = ``variant.card_types[i]``)."""

    def __init__(self, variant: HanabiVariant) -> None:
        self.variant = variant
        self.cards = variant.card_types
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.count = len(self.cards)
        self.all = (1 << self.count) - 1
        # The deck as dealt says how many copies each card has (whatever option changed it).
        in_deck = Counter(variant.deck_cards())
        self.copies = [in_deck[card] for card in self.cards]
        self.suit = [variant.suit_of(c.suit) for c in self.cards]
        self.supported = _followed(variant)
        # Each row as card indices in the order they are played.
        self.rows: list[list[int]] = []
        for suit in variant.suits:
            ranks = list(suit.row_ranks)
            if suit.order is PlayOrder.DESCENDING:
                ranks.reverse()
            self.rows.append([self.index[Card(suit.letter, r)] for r in ranks])
        self.position = [0] * self.count
        for row in self.rows:
            for p, c in enumerate(row):
                self.position[c] = p + 1
        self.suit_masks = [sum(1 << c for c in range(self.count) if self.suit[c] == s)
                           for s in range(len(variant.suits))]
        ranks = sorted({c.rank for c in self.cards})
        self.rank_masks = [sum(1 << c for c, card in enumerate(self.cards) if card.rank == r)
                           for r in ranks]
        self.values: dict[int, tuple[str | int, ...]] = {
            _COLOUR: tuple(variant.clue_colours), _RANK: tuple(variant.clue_ranks)}
        self.touch: dict[str | int, int] = {
            value: sum(1 << c for c, card in enumerate(self.cards)
                       if variant.clue_touches(card, value))
            for kind in (_COLOUR, _RANK) for value in self.values[kind]}
        # Cards some clue of a kind touches, and cards some clue of a kind misses.
        self.touched_by_kind = {kind: functools.reduce(
            int.__or__, (self.touch[v] for v in self.values[kind]), 0) for kind in self.values}
        self.missed_by_kind = {kind: functools.reduce(
            int.__or__, (self.all & ~self.touch[v] for v in self.values[kind]), 0)
            for kind in self.values}
        self.deck_total = variant.deck_size
        self.clue_values: tuple[str | int, ...] = (*self.values[_COLOUR], *self.values[_RANK])
        self.row_total = sum(len(row) for row in self.rows)

    def suits_in(self, mask: int) -> int:
        return sum(1 for m in self.suit_masks if mask & m)

    def ranks_in(self, mask: int) -> int:
        return sum(1 for m in self.rank_masks if mask & m)


@functools.lru_cache(maxsize=64)
def _rules(variant: HanabiVariant) -> _Rules:
    return _Rules(variant)


# ------------------------------------------------------------------ the public board
class _Board:
    """Fireworks, discards and tokens as the table knows them, with the masks derived from
    them (playable, useless, dispensable, still in the game) and weight sums of masks."""

    __slots__ = ("_weights", "alive", "dead", "deck", "discard_total", "discarded",
                 "dispensable", "fuses", "playable", "played", "remaining", "rules", "tokens")

    def __init__(self, rules: _Rules, deck: int) -> None:
        self.rules = rules
        variant = rules.variant
        self.played = [0] * len(rules.rows)
        self.discarded = [0] * rules.count
        self.remaining = list(rules.copies)
        self.tokens = variant.clue_tokens
        self.fuses = variant.fuses
        self.deck = deck
        self.discard_total = 0
        self.refresh()

    def copy(self) -> _Board:
        new = object.__new__(_Board)
        for name in self.__slots__:
            setattr(new, name, getattr(self, name))
        new.played = list(self.played)
        new.discarded = list(self.discarded)
        new.remaining = list(self.remaining)
        new._weights = dict(self._weights)
        return new

    def refresh(self) -> None:
        """Recompute the masks after a card was played or discarded."""
        rules = self.rules
        playable = dead = 0
        for s, row in enumerate(rules.rows):
            done = self.played[s]
            for c in row[:done]:
                dead |= 1 << c
            if done < len(row):
                playable |= 1 << row[done]
            cut = False
            for c in row[done:]:
                if cut:
                    dead |= 1 << c
                elif self.discarded[c] >= rules.copies[c]:
                    cut = True
        self.playable = playable
        self.dead = dead
        self.dispensable = dead | sum(1 << c for c in range(rules.count)
                                      if rules.copies[c] - self.discarded[c] > 1)
        self.alive = sum(1 << c for c in range(rules.count) if self.remaining[c] > 0)
        self._weights: dict[int, int] = {}

    def weight(self, mask: int) -> int:
        """How many unrevealed copies the cards of `mask` have in all."""
        total = self._weights.get(mask)
        if total is None:
            remaining = self.remaining
            total = self._weights[mask] = sum(remaining[c] for c in _bits(mask))
        return total

    def chance(self, mask: int, within: int) -> float:
        """The chance that a card with possibilities `mask` is in `within`."""
        total = self.weight(mask)
        return self.weight(mask & within) / total if total else 0.0


# ------------------------------------------------------------------ questions
class _Question:
    """A question about one hand that public knowledge chose: `size` possible answers."""

    size: int

    def answer(self, cards: Sequence[int], board: _Board) -> int:
        raise NotImplementedError

    def learn(self, answer: int, masks: list[int], board: _Board) -> None:
        raise NotImplementedError


def _narrow(masks: list[int], index: int, keep: int) -> None:
    """Keep only the possibilities in `keep` (none left means a partner misled the table:
    the replay notices an empty card of its own and stops following the strategy)."""
    masks[index] &= keep


class _FirstInGroup(_Question):
    """Which of these cards is the first that is playable (or useless, for the questions
    asking so)? 0 when none is."""

    __slots__ = ("asks", "size")

    def __init__(self, asks: list[tuple[bool, int]]) -> None:
        self.asks = asks  # (asks whether useless, card index)
        self.size = len(asks) + 1

    def answer(self, cards: Sequence[int], board: _Board) -> int:
        for number, (useless, index) in enumerate(self.asks, start=1):
            group = board.dead if useless else board.playable
            if group >> cards[index] & 1:
                return number
        return 0

    def learn(self, answer: int, masks: list[int], board: _Board) -> None:
        last = len(self.asks) if answer == 0 else answer - 1
        for number, (useless, index) in enumerate(self.asks[:last + 1]):
            group = board.dead if useless else board.playable
            if number == answer - 1:
                _narrow(masks, index, group)
            else:
                _narrow(masks, index, ~group)


class _IsPlayable(_Question):
    __slots__ = ("index", "size")

    def __init__(self, index: int) -> None:
        self.index = index
        self.size = 2

    def answer(self, cards: Sequence[int], board: _Board) -> int:
        return board.playable >> cards[self.index] & 1

    def learn(self, answer: int, masks: list[int], board: _Board) -> None:
        _narrow(masks, self.index, board.playable if answer else ~board.playable)


class _Partition(_Question):
    """Which group of its possibilities holds this card? Useful cards are dealt round the
    groups in card order; the useless ones share one group of their own."""

    __slots__ = ("groups", "index", "size")

    def __init__(self, index: int, most: int, possible: int, board: _Board) -> None:
        self.index = index
        useful = _bits(possible & ~board.dead)
        useless = possible & board.dead
        spread = most - 1 if useless else most
        groups = [0] * min(spread, len(useful))
        for n, c in enumerate(useful):
            groups[n % spread] |= 1 << c
        if useless:
            groups.append(useless)
        self.groups = groups
        self.size = len(groups)

    def answer(self, cards: Sequence[int], board: _Board) -> int:
        bit = 1 << cards[self.index]
        for number, group in enumerate(self.groups):
            if group & bit:
                return number
        return 0  # not among the possibilities: a partner misled the table

    def learn(self, answer: int, masks: list[int], board: _Board) -> None:
        _narrow(masks, self.index, self.groups[answer])


def _ask(masks: Sequence[int], most: int, board: _Board) -> _Question | None:
    """The next question public knowledge asks of a hand whose cards may be `masks`, with
    at most `most` answers; None when nothing is worth asking."""
    if most < 2:
        return None
    alive, playable, dead = board.alive, board.playable, board.dead
    open_cards: list[tuple[int, float, float]] = []  # (index, chance playable, chance useless)
    knows_play = knows_dead = False
    for i, mask in enumerate(masks):
        eff = mask & alive
        if not eff:
            continue
        if not eff & ~playable:
            knows_play = True
        if not eff & ~dead:
            knows_dead = True
            continue
        if not eff & (eff - 1):
            continue  # a single possibility: nothing to learn
        open_cards.append((i, board.chance(eff, playable), board.chance(eff, dead)))
    if not knows_play:
        asks = [(False, i, p) for i, p, _ in open_cards if p > 0.0]
        if not knows_dead:
            asks += [(True, i, d) for i, _, d in open_cards if d > 0.0]
        if len(asks) > most - 1:
            asks.sort(key=lambda a: (a[0], -a[2]))
            del asks[most - 1:]
        if asks:
            # Least likely first: should one prove playable, the ones before it are ruled out.
            asks.sort(key=lambda a: (a[0], a[2]))
            return _FirstInGroup([(useless, i) for useless, i, _ in asks])
    likely = [(abs(p - 0.7), i) for i, p, _ in open_cards if abs(p - 0.7) < 0.2]
    if likely:
        return _IsPlayable(min(likely)[1])
    if open_cards:
        _, index = min((d, i) for i, _, d in open_cards)
        return _Partition(index, most, masks[index] & alive, board)
    return None


def _encode(masks: list[int], cards: Sequence[int], total: int, board: _Board) -> int:
    """Ask the hand's questions while `total` meanings can hold their answers, narrowing
    `masks` by each answer; the answers as one number below `total`."""
    value, radix = 0, 1
    while True:
        room = (total - value - 1) // radix + 1
        question = _ask(masks, room, board)
        if question is None:
            return value
        answer = question.answer(cards, board)
        question.learn(answer, masks, board)
        value += radix * answer
        radix = min(total, radix * question.size)


def _decode(masks: list[int], value: int, total: int, board: _Board) -> None:
    """Read the answers `_encode` packed into `value` (below `total`), narrowing `masks`."""
    room = total
    while True:
        question = _ask(masks, room, board)
        if question is None:
            return
        answer = value % question.size
        value //= question.size
        room = (room - answer - 1) // question.size + 1
        question.learn(answer, masks, board)


# ------------------------------------------------------------------ what the table knows
class HatTable:
    """Public knowledge of every hand plus the board, replayed move by move from the history,
    and the identities of the cards this seat has seen (by order). One seat's
    :class:`HatBot` keeps one; the duo bot's rollouts copy it (:meth:`copy_for`)."""

    def __init__(self, rules: _Rules, seat: int, hands: list[list[int]],
                 lenient: bool = False) -> None:
        self.rules = rules
        # Partners may play any card (a search on top of the strategy chooses some plays):
        # a play breaks no public knowledge, so it is not taken for another convention's.
        self.lenient = lenient
        self.seat = seat
        self.players = len(hands)
        self.orders = hands  # per seat, oldest card first
        self.masks = [[rules.all] * len(hand) for hand in hands]
        self.board = _Board(rules, rules.deck_total - sum(len(hand) for hand in hands))
        self.identity: dict[int, int] = {}
        self.seen = 0  # moves replayed
        self.history: tuple[Move[HanabiAction], ...] = ()
        self.broken = False  # a move this strategy cannot follow: fall back for good
        variant = rules.variant
        # With empty clues allowed every clue can be given whatever the hands hold, so each
        # (receiver, colour or rank) is a meaning of its own: 20 meanings at 3 players on the
        # standard deck, against 8 when a meaning is a kind of clue touching or missing a
        # chosen card. Measured on paired seeds it adds about 0.03 points at 3 to 5 players;
        # with 2 players the clue's own information weighs more (0.4 points lost), so the
        # giver keeps the choice among the clues of one meaning there.
        self.every_clue_a_meaning = variant.empty_clues and self.players > 2
        # While no more cards than this are discarded, a fairly safe guess may be played.
        self.threshold = (rules.deck_total - rules.row_total
                          - self.players * variant.hand_size(self.players))

    def copy_for(self, seat: int, identity: dict[int, int]) -> HatTable:
        """A copy of the table as `seat` keeps it, knowing the cards `identity` names (the
        public masks are every seat's alike)."""
        new = object.__new__(HatTable)
        new.__dict__.update(self.__dict__)
        new.seat = seat
        new.orders = [list(hand) for hand in self.orders]
        new.masks = [list(masks) for masks in self.masks]
        new.board = self.board.copy()
        new.identity = identity
        return new

    # ------------------------------------------------------------ public reasoning
    def others(self, seat: int) -> list[int]:
        return [(seat + step) % self.players for step in range(1, self.players)]

    def cards(self, seat: int) -> list[int] | None:
        """`seat`'s cards as this seat knows them (None for its own hand)."""
        if seat == self.seat:
            return None
        identity = self.identity
        return [identity[order] for order in self.orders[seat]]

    def last_turns(self) -> bool:
        """Whether the final round is on: every player has one turn left at most."""
        return self.board.deck == 0 and not self.rules.variant.all_or_nothing

    def knows_playable(self, seat: int) -> bool:
        alive, playable = self.board.alive, self.board.playable
        return any((m & alive) and not (m & alive & ~playable) for m in self.masks[seat])

    def hint_index(self, seat: int) -> int | None:
        """The card of `seat` a clue's meaning is read against: the one with the most left to
        learn (oldest first among equals)."""
        rules, board = self.rules, self.board
        best, best_score = None, -1
        for i, mask in enumerate(self.masks[seat]):
            eff = mask & board.alive
            if not eff or not eff & ~board.dead or not eff & (eff - 1):
                score = 0
            else:
                score = 1 + (rules.suits_in(eff) > 1) + (rules.ranks_in(eff) > 1)
            if score > best_score:
                best, best_score = i, score
        return best

    def meanings(self, seat: int) -> tuple[int | None, list[tuple[int, bool]]]:
        """The card a clue to `seat` is read against, and the clue types it can mean: those
        that exist whatever that card is, as far as the table knows."""
        index = self.hint_index(seat)
        if index is None:
            return None, []
        rules = self.rules
        eff = self.masks[seat][index] & self.board.alive
        kinds = []
        for kind, touches in _CLUE_TYPES:
            if touches:
                ok = not eff & ~rules.touched_by_kind[kind]
            else:
                ok = rules.variant.empty_clues and not eff & ~rules.missed_by_kind[kind]
            if ok and rules.values[kind]:
                kinds.append((kind, touches))
        return index, kinds

    def layout(self, giver: int) -> list[tuple[int, int | None, list[tuple[int, bool]]]]:
        """For each player after `giver`: (seat, card read against, clue types)."""
        return [(seat, *self.meanings(seat)) for seat in self.others(giver)]

    def hat(self, giver: int, total: int, value: int | None) -> int:
        """Every other player's answers, as `giver` sums them modulo `total` (narrowing
        public knowledge by them); with `value` (the sum the giver chose), also this seat's
        own answers are read from it. Returns the sum of the answers this seat can see."""
        board = self.board
        seen_sum = 0
        for seat in self.others(giver):
            cards = self.cards(seat)
            if cards is None:
                continue
            seen_sum += _encode(self.masks[seat], cards, total, board)
        if value is not None and giver != self.seat:
            _decode(self.masks[self.seat], (value - seen_sum) % total, total, board)
        return seen_sum % total

    def no_one_missed_a_play(self, actor: int) -> None:
        """`actor` discarded with tokens available: everyone else who knows no playable card
        has none."""
        playable = self.board.playable
        for seat in range(self.players):
            if seat != actor and not self.knows_playable(seat):
                masks = self.masks[seat]
                for i in range(len(masks)):
                    _narrow(masks, i, ~playable)

    def useless(self, masks: Sequence[int], weight_alive: int) -> list[int]:
        """Indices of cards known useless: every possibility is, or a card known exactly
        that another card of the hand is too (either copy may go)."""
        dead = self.board.dead
        found: set[int] = set()
        known: dict[int, int] = {}
        for i, mask in enumerate(masks):
            eff = mask & weight_alive
            if not eff:
                continue
            if not eff & ~dead:
                found.add(i)
            elif not eff & (eff - 1):
                if eff in known:
                    found.update((i, known[eff]))
                else:
                    known[eff] = i
        return sorted(found)

    # ------------------------------------------------------------ replaying moves
    def replay(self, move: Move[HanabiAction]) -> None:
        seat, action = move.seat, move.action
        board = self.board
        for event in move.events:
            if isinstance(event, Clued) and isinstance(action, Clue):
                self._clued(seat, event)
                board.tokens -= 1
            elif isinstance(event, Played | Discarded):
                self._left_hand(seat, event)
                if isinstance(event, Discarded):
                    board.tokens = min(board.tokens + 1, self.rules.variant.clue_tokens)
            elif isinstance(event, Drew):
                self.orders[event.seat].append(event.order)
                self.masks[event.seat].append(self.rules.all)
                board.deck = event.left
            elif isinstance(event, FuseLost):
                board.fuses = event.left
            elif isinstance(event, TokenRegained):
                board.tokens = event.tokens
        if any(not mask & board.alive for mask in self.masks[self.seat]):
            self.broken = True  # a card of this seat can be nothing: a partner misled it
        self.seen += 1

    def _clued(self, giver: int, event: Clued) -> None:
        target, value = event.target, event.value
        if self.every_clue_a_meaning:
            values = self.rules.clue_values
            others = self.others(giver)
            if value not in values or target not in others:
                self.broken = True  # not a clue this strategy gives
                return
            total = len(others) * len(values)
            if total > 1:
                self.hat(giver, total, others.index(target) * len(values) + values.index(value))
            self._mark(target, event)
            return
        hand = self.orders[target]
        touched = {len(hand) - slot for slot in event.slots}
        layout = self.layout(giver)
        total = sum(len(kinds) for _, _, kinds in layout)
        offset = 0
        kind = _COLOUR if isinstance(value, str) else _RANK
        for seat, index, kinds in layout:
            if seat == target:
                meaning = (kind, index in touched)
                if meaning not in kinds or index is None:
                    self.broken = True  # no clue of this strategy means that
                    return
                if total > 1:
                    self.hat(giver, total, offset + kinds.index(meaning))
                if (giver != self.seat and target != self.seat
                        and self._best_clue(target, index, kind, index in touched) != value):
                    # The giver picks, among the clues with this meaning, the one that
                    # teaches most; another choice is another convention's clue.
                    self.broken = True
                    return
                break
            offset += len(kinds)
        self._mark(target, event)

    def _mark(self, target: int, event: Clued) -> None:
        hand = self.orders[target]
        touched = {len(hand) - slot for slot in event.slots}
        touch = self.rules.touch[event.value]
        masks = self.masks[target]
        for i in range(len(masks)):
            masks[i] &= touch if i in touched else ~touch

    def clue_value(self, seat: int, index: int, kind: int, touches: bool,
                   allowed: Callable[[str | int], bool]) -> str | int | None:
        """Of the clues to `seat` of `kind` that touch (or miss) card `index` and that are
        `allowed`, the value of the one that teaches most about the hand (after the hat
        answers): the most possibilities ruled out, doubled for each card it pins down."""
        rules, board = self.rules, self.board
        cards = self.cards(seat)
        if cards is None:
            return None
        chosen = cards[index]
        best: str | int | None = None
        best_gain = -1.0
        for value in rules.values[kind]:
            touch = rules.touch[value]
            if bool(touch >> chosen & 1) != touches or not allowed(value):
                continue
            gain = 1.0
            for mask, card in zip(self.masks[seat], cards, strict=True):
                eff = mask & board.alive
                if not eff or not eff & ~board.dead or not eff & (eff - 1):
                    continue
                after = eff & (touch if touch >> card & 1 else ~touch)
                if not after:
                    continue  # the card is not what the table thinks: no gain to count
                bonus = 2.0 if (not after & (after - 1) or not after & ~board.dead) else 1.0
                gain *= bonus * board.weight(eff) / board.weight(after)
            if gain > best_gain:
                best, best_gain = value, gain
        return best

    def _best_clue(self, target: int, index: int, kind: int, touches: bool) -> str | int | None:
        """:meth:`clue_value` among the clues the rules allow to `target` (a clue that
        touches nothing only with empty clues allowed)."""
        held = 0
        for c in self.cards(target) or ():
            held |= 1 << c
        touch, empty_ok = self.rules.touch, self.rules.variant.empty_clues
        return self.clue_value(target, index, kind, touches,
                               lambda value: empty_ok or bool(touch[value] & held))

    def _breaks_strategy(self, seat: int, index: int, event: Played | Discarded) -> bool:
        """Whether a partner's play or discard is one this strategy never makes (the partner
        follows other conventions, so its clues mean nothing here)."""
        board, rules = self.board, self.rules
        if isinstance(event, Discarded):
            if len(self.useless(self.masks[seat], board.alive)) > 1:
                return False  # one of its known-useless cards (_left_hand checks which)
            if board.tokens > 0:
                # It would have clued a third player who holds a playable card unknowingly.
                for other in range(self.players):
                    if other in (seat, self.seat) or self.knows_playable(other):
                        continue
                    if any(board.playable >> c & 1 for c in self.cards(other) or ()):
                        return True
            return False
        if board.fuses <= 1:
            return not event.success
        if self.lenient or self.last_turns():
            return False  # a guess on one's last turn, a fuse to spare
        if not event.success and board.discard_total > self.threshold:
            return True
        # It plays a card only when every possibility it sees is playable (or useless): a
        # possibility with more copies left than this seat and the partner can hide is
        # one it saw could be there.
        eff = self.masks[seat][index] & board.alive & ~(board.playable | board.dead)
        if not eff:
            return False
        seen = [0] * rules.count
        for other in range(self.players):
            if other not in (seat, self.seat):
                for c in self.cards(other) or ():
                    seen[c] += 1
        mine = self.masks[self.seat]
        for c in _bits(eff):
            could_hold = sum(1 for m in mine if m >> c & 1)
            if board.remaining[c] - seen[c] > could_hold:
                return True
        return False

    def _left_hand(self, seat: int, event: Played | Discarded) -> None:
        board, rules = self.board, self.rules
        card = rules.index.get(event.card)
        if card is None:
            self.broken = True
            return
        self.identity[event.order] = card
        if event.slot is not None:
            hand = self.orders[seat]
            index = len(hand) - event.slot
            if (not 0 <= index < len(hand) or hand[index] != event.order
                    or not self.masks[seat][index] >> card & 1):
                self.broken = True  # not the card the table took it for
                return
            discarded = isinstance(event, Discarded)
            useless = self.useless(self.masks[seat], board.alive) if discarded else []
            if len(useless) > 1 and index not in useless:
                # With several cards known useless the strategy discards one of them, and
                # which one is a hat sum. Another discard is another convention's move,
                # whoever made it: a partner, or a person in this very seat (a hint, or a
                # bot taking over a seat mid-game), whose moves this seat's table replays too.
                self.broken = True
                return
            if seat != self.seat and self._breaks_strategy(seat, index, event):
                self.broken = True
                return
            if discarded:
                if board.tokens > 0:
                    self.no_one_missed_a_play(seat)
                if len(useless) > 1:
                    self.hat(seat, len(useless), useless.index(index))
            del hand[index]
            del self.masks[seat][index]
        else:
            board.deck -= 1  # a deck play: the pile's last card
        if isinstance(event, Played) and event.success:
            board.played[rules.suit[card]] += 1
        else:
            board.discarded[card] += 1
            board.discard_total += 1
        board.remaining[card] -= 1
        board.refresh()


def _first_hands(view: HanabiView) -> list[list[int]]:
    """The hands as dealt (orders, oldest first), found by walking the history back from the
    hands now: a draw leaves slot 1, a played or discarded card returns to its slot."""
    hands = []
    for seat in range(len(view.players)):
        slots = view.own_hand if seat == view.seat else view.other_hands[seat]
        hands.append([slot.order for slot in slots])  # slot 1 (newest) first
    for move in reversed(view.history):
        for event in reversed(move.events):
            if isinstance(event, Drew):
                del hands[event.seat][0]
            elif isinstance(event, Played | Discarded) and event.slot is not None:
                hands[event.seat].insert(event.slot - 1, event.order)
    return [hand[::-1] for hand in hands]


# ------------------------------------------------------------------ the bot
class HatBot:
    """The information-strategy ("hat guessing") bot; partners must be HatBots too.

    Strongest with 3 to 5 players. The strategy itself is deterministic; `seed` seeds the
    convention bot it falls back on (whose ties are drawn from it).
    """

    __slots__ = ("_convention", "_table")
    _lenient: ClassVar[bool] = False
    """Whether partners' plays of cards they do not know are accepted (a search chose them)."""

    def __init__(self, seed: int | None = None) -> None:
        self._convention = ConventionBot(seed)
        self._table: HatTable | None = None

    def __repr__(self) -> str:
        return "HatBot()"

    def act(self, view: HanabiView, legal: Sequence[HanabiAction]) -> HanabiAction:
        """Choose one of `legal` from what `view` shows."""
        return self._choose(view, legal, acting=True).action

    def explain(self, view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
        """The move :meth:`act` would choose, and why (asking does not change later moves)."""
        return self._choose(view, legal, acting=False)

    def _choose(self, view: HanabiView, legal: Sequence[HanabiAction], *,
                acting: bool) -> Hint[HanabiAction]:
        """The move and why; a fallback move comes from the bot's own convention bot, which
        keeps its memory of the game between moves: played when `acting`, else explained
        (its generator left still)."""
        table = self._sync(view)
        if table is not None and view.pending is None:
            action, reason = HatDecision(table, view, legal).choose()
            if action in legal:
                return Hint(action, reason)
        if acting:  # the convention bot moves on with the game
            return Hint(self._convention.act(view, legal), "the convention bot's move")
        fallback = self._convention.explain(view, legal)
        return Hint(fallback.action, f"the information strategy cannot follow this game, so "
                                     f"the convention bot's move: {fallback.reason}")

    def _sync(self, view: HanabiView) -> HatTable | None:
        """The table replayed up to the view's last move (None: fall back)."""
        rules = _rules(view.variant)
        if not rules.supported:
            return None
        table = self._table
        history = view.history
        # Another seat, variant or table is another game, even where its history is a
        # prefix of the one replayed (at the start, both are empty).
        if (table is None or table.seat != view.seat or table.rules is not rules
                or len(table.orders) != len(view.players)
                or history[:table.seen] != table.history):
            table = self._table = HatTable(rules, view.seat, _first_hands(view),
                                           self._lenient)
        if table.broken:
            return None
        for hand in view.other_hands:
            for slot in hand:
                card = rules.index.get(slot.card)
                if card is None:
                    table.broken = True
                    return None
                table.identity[slot.order] = card
        unread = history[table.seen:]
        for move in unread:
            for event in move.events:
                if isinstance(event, Played | Discarded):
                    table.identity[event.order] = rules.index[event.card]
        try:
            for move in unread:
                table.replay(move)
        except KeyError:  # a card this seat never saw: not a game it can follow
            table.broken = True
        table.history = history
        if table.broken or not _agrees(table, view):
            table.broken = True
            return None
        return table


def _agrees(table: HatTable, view: HanabiView) -> bool:
    """Whether the replayed table matches what the view shows (a cheap guard)."""
    board = table.board
    return (board.tokens == view.clue_tokens and board.deck == view.deck_size
            and board.fuses == view.fuses and board.discard_total == len(view.discards)
            and all(len(stack) == done for stack, done in zip(view.fireworks, board.played,
                                                               strict=True))
            and all(len(orders) == len(table.masks[seat])
                    for seat, orders in enumerate(table.orders)))


# ------------------------------------------------------------------ one decision
class HatDecision:
    """One decision of the hat strategy from the replayed table and the seat's view
    (:meth:`choose`); the duo bot also asks it for the clue it would give (:meth:`clue`) and
    how likely a card is to fit (:meth:`chance`)."""

    def __init__(self, table: HatTable, view: HanabiView, legal: Sequence[HanabiAction]) -> None:
        self.table = table
        self.view = view
        self.legal = legal
        self.legal_set = set(legal)
        self.rules = table.rules
        self.board = table.board
        rules, board = self.rules, self.board
        seen = [0] * rules.count
        for seat in table.others(view.seat):
            for c in table.cards(seat) or ():
                seen[c] += 1
        self.seen_elsewhere = seen
        self.private_weights = [board.remaining[c] - seen[c] for c in range(rules.count)]
        self.private_alive = sum(1 << c for c in range(rules.count)
                                 if self.private_weights[c] > 0)
        self.mine = [m & self.private_alive for m in table.masks[view.seat]]

    # ------------------------------------------------------------ private chances
    def weight(self, mask: int) -> int:
        weights = self.private_weights
        return sum(weights[c] for c in _bits(mask))

    def chance(self, mask: int, within: int) -> float:
        total = self.weight(mask)
        return self.weight(mask & within) / total if total else 0.0

    def mean(self, mask: int, score: list[float]) -> float:
        weights = self.private_weights
        cards = _bits(mask)
        total = sum(weights[c] for c in cards)
        return sum(weights[c] * score[c] for c in cards) / total if total else 0.0

    # ------------------------------------------------------------ the rules in order
    def choose(self) -> tuple[HanabiAction, str]:
        table, board, rules, view = self.table, self.board, self.rules, self.view
        mine = self.mine
        if not mine:
            return self._clue_or_any("no cards left in hand")
        playable = board.playable
        known = [i for i, m in enumerate(mine) if m and not m & ~playable]
        if known:
            holders = [1] * rules.count
            if board.deck > 0:
                for seat in table.others(view.seat):
                    for c in set(table.cards(seat) or ()):
                        holders[c] += 1
            score = [(10.0 - rules.position[c]) / holders[c] for c in range(rules.count)]
            index = min(known, key=lambda i: (-self.mean(mine[i], score), i))
            return self._play(index, "what the clues told leaves it only cards playable now")
        threshold = table.threshold
        if board.fuses > 1 and board.discard_total <= threshold:
            risky = [(self.chance(m, playable), -i) for i, m in enumerate(mine)
                     if m and not m & ~(playable | board.dead)]
            if risky:
                chance, index = max(risky)
                if chance > 0.75:
                    return self._play(-index, f"it is playable with a chance of "
                                              f"{chance:.0%} (useless otherwise), and a fuse "
                                              f"is to spare")
        public = table.useless(table.masks[view.seat], board.alive)
        private = table.useless(mine, self.private_alive)
        others_can_play = any(playable >> c & 1 for seat in table.others(view.seat)
                              for c in table.cards(seat) or ())
        needs = [seat for seat in table.others(view.seat)
                 if not table.knows_playable(seat)
                 and any(playable >> c & 1 for c in table.cards(seat) or ())]
        tokens = board.tokens
        if tokens and needs:
            names = [view.players[s] for s in needs]
            who = (f"{names[0]} holds" if len(names) == 1
                   else f"{', '.join(names[:-1])} and {names[-1]} hold")
            return self.clue(f"{who} a playable card without knowing it")
        if table.last_turns() and board.fuses > 1:
            # This is the seat's last turn: a guess can only add to the score.
            chance, index = max((self.chance(m, playable), -i) for i, m in enumerate(mine))
            if chance > 0.0:
                return self._play(-index, f"it is the last turn and a fuse is to spare: a "
                                          f"guess, playable with a chance of {chance:.0%}")
        if tokens == view.max_clue_tokens:
            return self.clue("every clue token is available, so a clue it must be")
        if not (board.discard_total <= threshold and private):
            if tokens and others_can_play:
                return self.clue("a partner can play, and a clue keeps the deck for later")
            if tokens > 4:
                return self.clue("clue tokens are plentiful")
        return self._discard(public, private)

    def _play(self, index: int, why: str) -> tuple[HanabiAction, str]:
        slot = len(self.mine) - index
        return Play(slot), f"play #{slot}: {why}"

    def _discard(self, public: list[int], private: list[int]) -> tuple[HanabiAction, str]:
        table, board, view = self.table, self.board, self.view
        if len(public) > 1:
            # Replayed by every partner: first what a discard with tokens left says, then
            # which of the known-useless cards goes.
            saved = table.masks
            table.masks = [list(m) for m in saved]
            try:
                if board.tokens > 0:
                    table.no_one_missed_a_play(view.seat)
                value = table.hat(view.seat, len(public), None)
            finally:
                table.masks = saved
            return self._discard_slot(public[value], "it is known useless, and which useless "
                                      "card goes tells partners about theirs")
        if private:
            return self._discard_slot(private[0], "no firework can use it any more")
        rules, mine = self.rules, self.mine
        seen_mask = sum(1 << c for c in range(rules.count) if self.seen_elsewhere[c])
        rank_score = [float(rules.position[c]) for c in range(rules.count)]
        # With one partner a lost last copy weighs more (measured on paired seeds 70,000+
        # and 80,000+, 400 and 500 games: a weight of 30 rather than 10 added 0.18 and 0.13
        # points at 2 players).
        spare = 30.0 if table.players == 2 else 10.0
        values = [(20.0 * self.chance(m, seen_mask) + spare * self.chance(m, board.dispensable)
                   + self.mean(m, rank_score), -i) for i, m in enumerate(mine)]
        _, index = max(values)
        if table.players == 2 and board.tokens:
            # With one partner a clue still tells about their hand and hands them the
            # decision; losing a last copy costs more (measured on seeds 10,000+ and
            # 20,000+: +0.3 points at 2 players, a threshold of 0.2 to 0.3 alike).
            critical = 1.0 - self.chance(mine[-index], board.dispensable)
            if critical > _RISKY_DISCARD:
                return self.clue(f"the card it would discard is the last of its kind with "
                                 f"a chance of {critical:.0%}")
        return self._discard_slot(-index, "it is the card least likely to be needed (another "
                                  "copy may be in a partner's hand, or it is not the last)")

    def _discard_slot(self, index: int, why: str) -> tuple[HanabiAction, str]:
        slot = len(self.mine) - index
        action = Discard(slot)
        if action not in self.legal_set:
            return self._clue_or_any(f"discarding #{slot} is not allowed now")
        return action, f"discard #{slot}: {why}"

    def _clue_or_any(self, why: str) -> tuple[HanabiAction, str]:
        if self.board.tokens:
            return self.clue(why)
        return self.legal[0], why

    def clue(self, why: str) -> tuple[HanabiAction, str]:
        """The hat clue (or, where none is legal, the first legal clue), with `why` and what
        the clue means as its reason."""
        table, view = self.table, self.view
        # The giver's answers narrow a copy of the table: every partner replays them when
        # it reads the clue.
        saved = table.masks
        table.masks = [list(m) for m in saved]
        try:
            action = self._hat_clue()
        finally:
            table.masks = saved
        if action is None:  # no clue with the meaning is legal (not in the games it follows)
            clues: list[HanabiAction] = [a for a in self.legal if isinstance(a, Clue)]
            return (clues or list(self.legal))[0], why
        return action, (f"{why}; this clue to {view.players[action.target]} means the sum of "
                        f"what each partner is to learn about their own hand")

    def _hat_clue(self) -> Clue | None:
        """The clue that means the sum of every partner's answers."""
        table, seat = self.table, self.view.seat
        others = table.others(seat)
        if table.every_clue_a_meaning:
            values = self.rules.clue_values
            total = len(others) * len(values)
            value = table.hat(seat, total, None) if total > 1 else 0
            return Clue(others[value // len(values)], values[value % len(values)])
        layout = table.layout(seat)
        total = sum(len(kinds) for _, _, kinds in layout)
        value = table.hat(seat, total, None) if total > 1 else 0
        for target, index, kinds in layout:
            if value < len(kinds):
                kind, touches = kinds[value]
                return self._clue_for(target, index, kind, touches)
            value -= len(kinds)
        return None

    def _clue_for(self, seat: int, index: int | None, kind: int, touches: bool
                  ) -> Clue | None:
        """The legal clue to `seat` of `kind` that touches (or misses) card `index`."""
        if index is None:
            return None
        value = self.table.clue_value(seat, index, kind, touches,
                                      lambda value: Clue(seat, value) in self.legal_set)
        return None if value is None else Clue(seat, value)
