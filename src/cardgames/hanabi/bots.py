"""Hanabi bots: a seeded random bot and a convention bot a human can play with.

Both act only on their seat's :class:`~cardgames.hanabi.view.HanabiView`.

The convention bot's conventions (written up for human partners in ``docs/games/hanabi.md``):

* **Chop**: a player's chop is their oldest card no clue has touched. Players discard their
  chop (after any card they know to be useless).
* **Focus**: a clue that touches new cards has one focus: the chop if the clue touches it,
  else the newest newly touched card.
* **Play clue**: the focus of a clue is playable *now*, or once the clued cards it builds
  on are played: cards touched by earlier clues in the hands of players other than the
  giver and the receiver (a *delayed play clue*), read against the fireworks as they were
  when the clue was given. The receiver narrows the focus to the cards the clue touches
  that fit, and plays it as soon as every possibility left (after removing the cards it can
  see elsewhere) is playable.
* **Save clue**: a clue whose focus is the chop may also save a card that must not be
  discarded: the last copy of a card still needed. The last card of a row (a 5; a black 1)
  is saved with a rank clue; any other critical card with either kind of clue. So a chop
  focus means "playable now, or critical", and the receiver keeps it until it knows which.
* **Finesse**: when nothing a player sees explains a clue's focus (it is not playable, not
  queued behind clued cards, not a save), and the card just below it is playable now, then
  that card is the newest untouched card of the one player between the giver and the
  receiver who holds it: each player in between who sees no one else holding it there (and
  has no clued card that may be it) plays their newest untouched card blind, and the
  receiver waits for it. A giver never gives a clue that a player in between would read as
  a finesse that is not there.
* A clue that touches only cards already touched carries no promise: it only narrows
  what the touched cards may be; one that lets a partner know a clued card is playable is
  worth as much as a new play clue.
* The bot first saves the next player's chop when it is critical and that player has no
  play (they would discard it on their turn); then plays cards it knows are playable; then
  saves any other partner's critical chop; then gives the best play clue (the most new
  cards playable, finesses counting two; never a card already clued elsewhere); otherwise,
  with tokens to spare, gives a harmless clue; when every card of its own is clued, gives
  any clue rather than discard one; otherwise discards a card it knows is useless, else its
  chop. It never discards with every clue token available (the rules forbid it) and then
  gives the most harmless clue. In the final round, with a fuse to spare, it plays its most
  likely playable card when the chance is at least one in four.
* Orange suits (play and discard swapped): it plays a card it takes to be orange by
  discarding it, throws one away by playing it, and clues rather than discard a card that
  might be an orange card that does not fit. A clue of a colour that touches only orange
  cards promises nothing: it shows which cards are orange, and is given (as a save) when a
  partner's chop is an orange card that does not fit and they cannot tell it is orange.
* A partner whose clue the conventions cannot explain (another kind of bot) is taken to
  follow other conventions: its later clues still narrow cards, but the bot reads no
  finesse or prompt into them and keeps every candidate they left.
* Throw it in a hole: it works the hidden fireworks out from the cards it saw go into the
  hole and plays only cards it knows exactly.

The bot reads every rule from the view's variant (which clues touch which cards, the playable
cards, ranks and copies), never from suit names, so it plays every variant. At every decision
it reads the game from the view's history, by card (a card's public ``order``): who moved,
what they did, and the events (which card was played, discarded, drawn, which slots a clue
touched), in the stretches between its own turns. So a bot started on a game in progress, or
asked about any position, reads it exactly as one that played the game (in a hole variant,
only the cards it saw go into the hole are remembered from the positions it was shown).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from cardgames.core.agents import Hint, RandomAgent, best_of, bot_seed, position_random
from cardgames.core.game import Move
from cardgames.hanabi.actions import (
    BonusClue,
    BonusPlay,
    BonusReshuffle,
    Clue,
    Discard,
    HanabiAction,
    Play,
)
from cardgames.hanabi.cards import START_RANK, Card
from cardgames.hanabi.events import Clued, Discarded, Drew, Played, Thrown
from cardgames.hanabi.rules import HanabiVariant, PlayOrder
from cardgames.hanabi.view import HanabiView, OwnSlot, SeenSlot

__all__ = ["ConventionBot", "RandomBot", "needed_cards"]


# What a clue is worth (tuned in seeded self-play, benchmarks/strength_convention.py): a play
# clue on a card playable now, plus a bonus when the receiver will know it is playable; one on
# a card playable once clued cards before it are played; a finesse's second play; a clue that
# lets a partner know a clued card is playable. Clues worth less than a play clue
# (_PLAY_CLUE) are given only with tokens to spare.
_PLAY_NOW = 10.0
_RESOLVED = 3.0
_DELAYED_PLAY = 7.0
_FINESSE = 5.0
_COMPLETE = 12.0
_PLAY_CLUE = 5.0
_GAMBLE = 0.25
"""In the final round, with a fuse to spare: the least chance of a card being playable for
the bot to play it."""

@attrs.frozen(slots=True)
class Conventions:
    """Which conventions a bot of this family gives and reads (ConventionBot: the defaults).

    The H-Group bots (:mod:`cardgames.hanabi.hgroup`) switch them by level."""

    finesses: bool = True
    """Finesses and prompts: a clue explained by nothing visible asks for a blind play (or
    names a clued card) of the player who holds the card below its focus."""
    two_saves: bool = False
    """A rank clue of 2 on a chop saves a 2 still needed (not only a critical card)."""
    shared_finesse: bool = False
    """A reader who finds itself finessed takes the receiver to read the focus as the card
    it builds to (so that it does not "fix" a clue that is right)."""


CONVENTION_BOT = Conventions()
"""ConventionBot's conventions."""


class RandomBot(RandomAgent):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "RandomBot()"


# ------------------------------------------------------------------ variant facts
class _Facts:
    """What the bot needs to know about a variant, computed once per variant."""

    def __init__(self, variant: HanabiVariant) -> None:
        self.variant = variant
        self.cards = variant.card_types
        self.copies = {
            card: variant.suits[variant.suit_of(card.suit)].copies(card.rank)
            for card in self.cards
        }
        self.clue_values: tuple[str | int, ...] = (*variant.clue_colours, *variant.clue_ranks)
        self.touched_by: dict[str | int, frozenset[Card]] = {
            value: frozenset(c for c in self.cards if variant.clue_touches(c, value))
            for value in self.clue_values
        }
        rank_touchable = {c for value in variant.clue_ranks for c in self.touched_by[value]}
        # The last card of each row is saved with a rank clue (when one can touch it), so a
        # colour clue on the chop never means "save this row end".
        self.rank_saved = frozenset(
            Card(suit.letter, end)
            for suit in variant.suits if suit.order is not PlayOrder.UP_OR_DOWN
            for end in [suit.row_ranks[0] if suit.order is PlayOrder.DESCENDING
                        else suit.row_ranks[-1]]
            if Card(suit.letter, end) in rank_touchable
        )
        # The second card of each row that grows upward (a 2 on a standard row), which a
        # rank clue on a chop saves under the H-Group conventions.
        self.two_saved = frozenset(
            Card(suit.letter, suit.row_ranks[1])
            for suit in variant.suits
            if suit.order is PlayOrder.ASCENDING and len(suit.row_ranks) > 1
            and not variant.sudoku and Card(suit.letter, suit.row_ranks[1]) in rank_touchable
        )
        self.suit_index = {suit.letter: i for i, suit in enumerate(variant.suits)}
        # Orange suits: "play" discards one of their cards and "discard" plays it.
        self.inverted = frozenset(c for c in self.cards
                                  if variant.suits[self.suit_index[c.suit]].inverted)
        self.orange_colours = frozenset(
            value for value in variant.clue_colours
            if self.touched_by[value] and self.touched_by[value] <= self.inverted)
        # The rows that grow one known rank at a time (up, or down): on those a clue can be
        # read against the fireworks as they were, and against cards queued to play on them.
        self.sequences: tuple[tuple[int, ...] | None, ...] = tuple(
            None if variant.sudoku or suit.order is PlayOrder.UP_OR_DOWN
            else tuple(suit.row_ranks[::-1] if suit.order is PlayOrder.DESCENDING
                       else suit.row_ranks)[:suit.row_length]
            for suit in variant.suits)


@functools.lru_cache(maxsize=64)
def _facts(variant: HanabiVariant) -> _Facts:
    return _Facts(variant)


def _needed_cards(view: HanabiView, facts: _Facts, discarded: Counter[Card]) -> set[Card]:
    """The cards that can still be played onto a firework (not yet played, not cut off)."""
    return _needed_for(view.fireworks, facts, discarded)


def _needed_for(
    fireworks: Sequence[Sequence[Card]], facts: _Facts, discarded: Counter[Card],
) -> set[Card]:
    """:func:`_needed_cards` on fireworks given card by card."""
    needed: set[Card] = set()
    for suit, stack in zip(facts.variant.suits, fireworks, strict=True):
        if len(stack) >= suit.row_length:
            continue
        if suit.order is PlayOrder.UP_OR_DOWN:
            played = {card.rank for card in stack}
            for rank in suit.ranks:
                if rank in played or (rank == START_RANK and stack):
                    continue
                needed.add(Card(suit.letter, rank))
            continue
        sequence = (suit.row_ranks[::-1] if suit.order is PlayOrder.DESCENDING
                    else suit.row_ranks)
        for rank in sequence[len(stack):]:
            card = Card(suit.letter, rank)
            needed.add(card)
            if discarded[card] >= facts.copies[card]:
                break  # every copy is gone: nothing above it can be played
    return needed


def _playable_through(
    facts: _Facts, heights: Sequence[int], queued: Iterable[Card], others: frozenset[Card],
) -> frozenset[Card]:
    """The cards playable on fireworks `heights` cards high, or once the `queued` cards
    (clued cards in hands) are played on them in turn. Rows that do not grow one known rank
    at a time take their cards from `others` (the playable cards as well as can be told)."""
    pool = Counter(queued)
    found: set[Card] = set()
    for index, suit in enumerate(facts.variant.suits):
        sequence = facts.sequences[index]
        if sequence is None:
            found.update(card for card in others if facts.suit_index[card.suit] == index)
            continue
        for rank in sequence[heights[index]:]:
            card = Card(suit.letter, rank)
            found.add(card)
            if not pool[card]:
                break
            pool[card] -= 1
    return frozenset(found)


def _one_away(facts: _Facts, heights: Sequence[int], card: Card) -> Card | None:
    """The card below `card` in its row when that card is playable now (fireworks `heights`
    high) on a row that grows one known rank at a time; else None."""
    index = facts.suit_index[card.suit]
    sequence = facts.sequences[index]
    if sequence is None or card.rank not in sequence:
        return None
    step = sequence.index(card.rank)
    if step == 0 or heights[index] != step - 1:
        return None
    return Card(card.suit, sequence[step - 1])


def _between(players: int, giver: int, target: int) -> list[int]:
    """The seats that play after `giver` and before `target`."""
    seats = []
    seat = (giver + 1) % players
    while seat != target:
        seats.append(seat)
        seat = (seat + 1) % players
    return seats


def needed_cards(view: HanabiView) -> frozenset[Card]:
    """The cards the view's fireworks can still use: not yet played, and not above a card
    whose every copy is discarded (the bot's "needed"; the app marks the others trash)."""
    return frozenset(_needed_cards(view, _facts(view.variant), Counter(view.discards)))


# ------------------------------------------------------------------ the memory
class _Memory:
    """What the bot read of the game, by card order: the cards it has seen, the cards clues
    touched, what clues promised, and the moves it has read. Read afresh from the view at
    every decision (:meth:`ConventionBot._sync`)."""

    def __init__(self, variant: HanabiVariant, seat: int = 0, players: int = 0) -> None:
        # Whose game this is: a view of another seat, variant or table is another game,
        # even where its history is a prefix of the one read (at the start, both are empty).
        self.game = (variant, seat, players)
        self.identity: dict[int, Card] = {}
        self.touched: set[int] = set()
        self.promise: dict[int, frozenset[Card]] = {}
        self.seen: tuple[Move[HanabiAction], ...] = ()
        # Throw it in a hole: what the bot took each card it threw in to be.
        self.thrown: dict[int, Card] = {}
        # The seats whose clues the conventions could not explain, and the promises that
        # came from the others.
        self.untrusted: set[int] = set()
        self.trusted: set[int] = set()
        # How each clue was read, in the order given.
        self.reads: list[ClueRead] = []


@attrs.frozen(slots=True)
class _PastClue:
    """A clue the bot has not read yet, with every hand (orders, slot 1 first) and the
    fireworks' heights as they were when the clue was given, and the orders it touched."""

    move: int
    """The clue's index in the view's history."""
    giver: int
    target: int
    value: str | int
    hands: tuple[tuple[int, ...], ...]
    touched: tuple[int, ...]
    heights: tuple[int, ...]

    @property
    def hand(self) -> tuple[int, ...]:
        """The receiver's hand."""
        return self.hands[self.target]


def _past_clues(
    view: HanabiView, facts: _Facts, moves: Sequence[Move[HanabiAction]], start: int = 0,
) -> list[_PastClue]:
    """The clues of `moves` (the latest moves, the first at index `start` of the history),
    oldest first, each with the hands and the fireworks it saw.

    The hands now are in the view; walking the moves back, a draw leaves slot 1 and a played
    or discarded card returns to its slot (a card played well leaves its firework), so each
    clue finds the table it was given to.
    """
    hands = [[slot.order for slot in _hand(view, seat)] for seat in range(len(view.players))]
    heights = [len(stack) for stack in view.fireworks]
    clues: list[_PastClue] = []
    for index in range(len(moves) - 1, -1, -1):
        for event in reversed(moves[index].events):
            match event:
                case Drew(seat=seat):
                    del hands[seat][0]  # a drawn card enters at slot 1
                case Played(seat=seat, slot=slot, order=order, card=card, success=success):
                    if success and heights[facts.suit_index[card.suit]]:
                        heights[facts.suit_index[card.suit]] -= 1
                    if slot is not None:
                        hands[seat].insert(slot - 1, order)
                case Discarded(seat=seat, slot=int(slot), order=order):
                    hands[seat].insert(slot - 1, order)
                case Thrown(seat=seat, slot=int(slot), order=order):
                    hands[seat].insert(slot - 1, order)
                case Clued(seat=giver, target=target, value=value, slots=slots):
                    hand = hands[target]
                    clues.append(_PastClue(
                        start + index, giver, target, value, tuple(map(tuple, hands)),
                        tuple(hand[s - 1] for s in slots), tuple(heights)))
    clues.reverse()
    return clues


def _hand(view: HanabiView, seat: int) -> Sequence[OwnSlot | SeenSlot]:
    """`seat`'s slots as `view` shows them (the viewer's own without identities)."""
    return view.own_hand if seat == view.seat else view.other_hands[seat]


class ConventionBot:
    """A rule-based partner following simple, documented conventions (module docstring).

    `seed` drives the only random choice left: ties between equally good moves, drawn from
    the seed and the position (:func:`~cardgames.core.agents.position_random`), so that
    :meth:`explain` says which move :meth:`act` makes, and why, in any order.
    """

    __slots__ = ("_draws", "_memory", "_rebuilt", "_seed")

    conventions: Conventions = CONVENTION_BOT
    """The conventions this bot gives and reads."""

    def __init__(self, seed: int | None = None) -> None:
        self._seed = bot_seed(seed)
        self._draws = position_random(self._seed, None)
        self._memory: _Memory | None = None
        self._rebuilt: _Rebuilt | None = None

    @property
    def _rng(self) -> random.Random:
        """The generator of the decision being made (made afresh by each from the seed and
        the view: :func:`~cardgames.core.agents.position_random`)."""
        return self._draws

    def __repr__(self) -> str:
        return "ConventionBot()"

    # ---------------------------------------------------------------- entry point
    def act(self, view: HanabiView, legal: Sequence[HanabiAction]) -> HanabiAction:
        """Choose one of `legal` from what `view` shows."""
        hint, turn = self._decide(view, legal)
        if view.hole is not None and isinstance(hint.action, Play | Discard):
            turn.remember_throw(hint.action)
        return hint.action

    def explain(self, view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
        """The move :meth:`act` chooses from `view`, and why, in one sentence (asked before
        or after `act`, or again)."""
        return self._decide(view, legal)[0]

    def _decide(
        self, view: HanabiView, legal: Sequence[HanabiAction],
    ) -> tuple[Hint[HanabiAction], _Turn]:
        self._draws = position_random(self._seed, view)
        facts = _facts(view.variant)
        memory, view = self._sync(view, facts)
        turn = self._turn(view, legal, facts, memory)
        action, why = turn.choose()
        if action not in legal:
            # A rule the conventions did not foresee (e.g. all or nothing's empty hands).
            action = legal[self._rng.randrange(len(legal))]
            why = "the move the conventions chose is not allowed here, so any legal one"
        return Hint(action, why), turn

    def _turn(
        self, view: HanabiView, legal: Sequence[HanabiAction], facts: _Facts, memory: _Memory,
    ) -> _Turn:
        return _Turn(view, legal, facts, memory, self._rng, self.conventions)

    # ---------------------------------------------------------------- memory upkeep
    def _sync(self, view: HanabiView, facts: _Facts) -> tuple[_Memory, HanabiView]:
        """Read the game from its start; returns the memory, and the view with the fireworks
        the hole hides worked out from the cards seen thrown into it.

        The moves are read in the stretches a bot playing the game reads them, one at each
        of this seat's turns, each against the fireworks and discards of its own stretch
        (rebuilt from the history), and every time from the view alone: what the bot
        believes is the same whichever positions it was asked about before, so its move
        and its explanation of a position are too. The one thing carried over is, in a hole
        variant, what went into the hole: the partners' cards it saw before they went, and
        what it took its own to be (nothing shows them again)."""
        game = (facts.variant, view.seat, len(view.players))
        history = view.history
        before = self._memory
        memory = self._memory = _Memory(*game)
        if (before is not None and before.game == game and view.hole is not None
                and history[:len(before.seen)] == before.seen):
            # A card thrown into the hole is never shown again: what the bot saw of it (in a
            # partner's hand) or took it to be (its own) is only in its memory.
            memory.thrown = before.thrown
            memory.identity.update(before.identity)
        if view.hole is not None and not view.is_over:
            for hand in view.other_hands:
                for slot in hand:
                    memory.identity[slot.order] = slot.card
            view = _unhide(view, facts, memory)
        for hand in view.other_hands:
            for slot in hand:
                memory.identity[slot.order] = slot.card
        # Cards that came and went: a partner's were seen in its hand before they went; the
        # bot's own become known only as they leave (after the stretch that shows them).
        own: list[tuple[int, int, Card]] = []
        for index, move in enumerate(history):
            for event in move.events:
                if isinstance(event, Played | Discarded):
                    if event.seat == view.seat:
                        own.append((index, event.order, event.card))
                    else:
                        memory.identity[event.order] = event.card
        where = {slot.order: slot for seat in range(len(view.players))
                 for slot in _hand(view, seat)}
        clues = iter(_past_clues(view, facts, history))
        clue = next(clues, None)
        stretches, self._rebuilt = _stretches(view, facts, self._rebuilt)
        for stretch in stretches:
            while own and own[0][0] < stretch.end:
                _, order, card = own.pop(0)
                memory.identity[order] = card
            while clue is not None and clue.move < stretch.end:
                memory.reads.append(_note_clue(
                    facts, memory, clue, where, stretch.playable, stretch.critical, view.seat,
                    self.conventions, stretch.needed))
                clue = next(clues, None)
        for seat in range(len(view.players)):
            memory.touched.update(slot.order for slot in _hand(view, seat) if slot.touched)
        memory.seen = history
        return memory, view


@attrs.frozen(slots=True)
class _Stretch:
    """The moves a bot playing the game reads at one of its turns (those before `end` not
    read at its turn before), and what was true while they were made."""

    end: int
    """The index in the history of the first move after the stretch."""
    playable: frozenset[Card]
    """The cards playable at some point of the stretch: at its start, at its end, and every
    card played in it."""
    needed: frozenset[Card]
    """The cards still needed at the stretch's end."""
    critical: frozenset[Card]
    """The needed cards with one copy left at the stretch's end."""


@attrs.define
class _Rebuilt:
    """The stretches of a game read up to a seat's last turn, and the table they leave (kept
    between decisions only to save work: for a view whose history extends them they are what
    reading that history from the start gives)."""

    game: tuple[HanabiVariant, int, int]
    seen: tuple[Move[HanabiAction], ...]
    """The history up to the last stretch's end."""
    stretches: list[_Stretch]
    stacks: list[list[Card]]
    discarded: list[Card]
    playable: frozenset[Card]
    """The cards playable at the last stretch's end."""


def _stretches(
    view: HanabiView, facts: _Facts, known: _Rebuilt | None = None,
) -> tuple[list[_Stretch], _Rebuilt | None]:
    """The history cut at the viewing seat's turns (where a bot playing the game reads it),
    with the fireworks and discards rebuilt from the moves' events; and what to keep of them
    for the next decision (`known`: what was kept from the last).

    Where the rebuilt table does not end as the view shows it (a hole hides the plays; bonus
    tiles), every stretch is read against the view's own fireworks and discards, with every
    card played before counted as playable: a coarser reading, from the view alone too."""
    history = view.history
    game = (facts.variant, view.seat, len(view.players))
    # Rows of no fixed order take their playable cards from the view's: nothing is kept.
    regular = None not in facts.sequences
    if (known is None or not regular or known.game != game
            or history[:len(known.seen)] != known.seen):
        known = _Rebuilt(game, (), [], [[] for _ in facts.variant.suits], [],
                         _initial_playable(facts.variant))
    stacks = [list(stack) for stack in known.stacks]
    discarded = list(known.discarded)
    rebuilt = list(known.stretches)
    start = len(known.seen)
    playable_at_start = known.playable
    ends = [index for index in range(start + 1, len(history))
            if history[index].seat == view.seat]
    ends.append(len(history))
    last_turn = ends[-2] if len(ends) > 1 else None  # the last stretch a later view reads alike
    for end in ends:
        played: set[Card] = set()
        for move in history[start:end]:
            for event in move.events:
                if isinstance(event, Played) and event.success:
                    stacks[facts.suit_index[event.card.suit]].append(event.card)
                    played.add(event.card)
                elif isinstance(event, Played | Discarded):
                    discarded.append(event.card)
        heights = tuple(map(len, stacks))
        playable_at_end = (view.playable if end == len(history)
                           else _playable_through(facts, heights, (), view.playable))
        rebuilt.append(_stretch(facts, end, playable_at_start | playable_at_end | played,
                                stacks, discarded))
        if regular and end == last_turn:
            known = _Rebuilt(game, history[:end], list(rebuilt),
                             [list(stack) for stack in stacks], list(discarded),
                             playable_at_end)
        playable_at_start = playable_at_end
        start = end
    if ([tuple(stack) for stack in stacks] == [tuple(stack) for stack in view.fireworks]
            and Counter(discarded) == Counter(view.discards)):
        return rebuilt, known
    initial = _initial_playable(facts.variant)
    ever_played = frozenset(card for stack in view.fireworks for card in stack)
    every_end = [index for index, move in enumerate(history) if move.seat == view.seat and index]
    every_end.append(len(history))
    return [_stretch(facts, end, initial | view.playable | ever_played, view.fireworks,
                     view.discards) for end in every_end], None


def _stretch(
    facts: _Facts, end: int, playable: frozenset[Card], fireworks: Sequence[Sequence[Card]],
    discards: Iterable[Card],
) -> _Stretch:
    discarded = Counter(discards)
    needed = frozenset(_needed_for(fireworks, facts, discarded))
    critical = frozenset(c for c in needed if discarded[c] >= facts.copies[c] - 1)
    return _Stretch(end, frozenset(playable), needed, critical)


def _unhide(view: HanabiView, facts: _Facts, memory: _Memory) -> HanabiView:
    """Throw it in a hole: `view` with the fireworks, the misplays and the playable cards
    worked out from the cards thrown in (those seen in a partner's hand, and what the bot
    took its own to be). Rows that do not grow one rank at a time count every card thrown
    onto them as fitting."""
    heights = [0] * len(facts.variant.suits)
    fireworks: list[list[Card]] = [[] for _ in facts.variant.suits]
    misplayed: list[Card] = []
    for order in view.hole or ():
        card = memory.identity.get(order) or memory.thrown.get(order)
        if card is None:
            continue
        index = facts.suit_index[card.suit]
        sequence = facts.sequences[index]
        if sequence is None or (heights[index] < len(sequence)
                                and sequence[heights[index]] == card.rank):
            heights[index] += 1
            fireworks[index].append(card)
        else:
            misplayed.append(card)
    initial = _initial_playable(facts.variant)
    playable = _playable_through(facts, heights, (), initial)
    return attrs.evolve(
        view, fireworks=tuple(map(tuple, fireworks)), playable=playable,
        discards=(*view.discards, *misplayed), fuses=max(view.fuses - len(misplayed), 1),
        score=sum(heights))


def _initial_playable(variant: HanabiVariant) -> frozenset[Card]:
    cards: set[Card] = set()
    for suit in variant.suits:
        if suit.order is PlayOrder.UP_OR_DOWN:
            starts: Iterable[int] = (1, 5, START_RANK)
        elif suit.order is PlayOrder.DESCENDING:
            starts = (suit.row_ranks[-1],)
        else:
            starts = (suit.row_ranks[0],)
        cards.update(Card(suit.letter, rank) for rank in starts)
    return frozenset(cards)


@attrs.frozen(slots=True)
class ClueRead:
    """How a bot read one clue: its focus and what it promised (see ``_note_clue``)."""

    clue: _PastClue
    focus: int | None
    """The focus's order (None: the clue touched no new card)."""
    kind: str
    """``play``, ``save`` (a critical card or a 2 on the chop), ``play or save`` (the
    reader cannot yet tell which), ``finesse``, ``prompt``, ``orange``, ``narrowing`` (only
    cards already clued), ``unexplained`` (no convention explains it)."""
    candidates: frozenset[Card]
    """What the focus may be, by the clue's promise (empty: no promise)."""
    blind: int | None = None
    """A finesse or prompt: the order of the card that connects to the focus."""
    holder: int | None = None
    """A finesse or prompt: the seat holding that card."""
    below: Card | None = None
    """A finesse or prompt: the card that connects."""


def _note_clue(
    facts: _Facts, memory: _Memory, clue: _PastClue, where: dict[int, OwnSlot | SeenSlot],
    playable_then: frozenset[Card], critical_then: frozenset[Card], reader: int,
    conventions: Conventions = CONVENTION_BOT, needed_then: frozenset[Card] = frozenset(),
) -> ClueRead:
    """Record the cards a past clue touched, and the promise on its focus (and, for the
    `reader` when the clue is a finesse on it, the promise on its finesse card). `where`
    finds a card of a hand now by its order. Returns how the clue was read."""
    touches = facts.touched_by[clue.value]
    untouched = [order for order in clue.hand if order not in memory.touched]
    chop = untouched[-1] if untouched else None
    newly = [order for order in clue.touched if order not in memory.touched]
    memory.touched.update(clue.touched)
    if not newly:
        return ClueRead(clue, None, "narrowing", frozenset())
    if clue.value in facts.orange_colours:
        # An orange colour clue promises nothing: it tells which cards are orange.
        return ClueRead(clue, newly[0], "orange", frozenset())
    focus = chop if chop in newly else newly[0]
    queued = [memory.identity[order]
              for seat, hand in enumerate(clue.hands) if seat not in (clue.giver, clue.target)
              for order in hand if order in memory.touched and order in memory.identity]
    between = _between(len(clue.hands), clue.giver, clue.target)
    now = _playable_through(facts, clue.heights, (), playable_then)
    plain = set(touches & _playable_through(facts, clue.heights, queued, playable_then))
    finesses: dict[Card, tuple[int, int]] = {}
    if conventions.finesses:
        for seat in between:  # finesse cards: a between player's newest untouched card
            newest = _finesse_order(clue.hands[seat], memory.touched)
            if newest is not None and memory.identity.get(newest) in now:
                queued.append(memory.identity[newest])
                finesses.setdefault(memory.identity[newest], (seat, newest))
    played_soon = set(touches & _playable_through(facts, clue.heights, queued, playable_then))
    candidates = set(played_soon)
    saves: frozenset[Card] = frozenset()
    if focus == chop:
        saves = touches & critical_then
        if isinstance(clue.value, str):
            saves -= facts.rank_saved
        elif conventions.two_saves:
            # No 2 is saved while another copy shows in a hand the giver can see (the
            # receiver's aside): such 2s on the chop are play clues only.
            shown = {memory.identity.get(order)
                     for seat, hand in enumerate(clue.hands)
                     if seat not in (clue.giver, clue.target)
                     for order in hand if order != focus}
            saves |= (touches & needed_then & facts.two_saved) - shown
        candidates |= saves
    slot = where.get(focus)
    if slot is None:
        return ClueRead(clue, focus, "play", frozenset(candidates))  # gone since
    candidates &= slot.possible
    trusted = clue.giver not in memory.untrusted
    if candidates:
        memory.promise[focus] = frozenset(candidates)
        if trusted:
            memory.trusted.add(focus)
    truth = memory.identity.get(focus)
    kind = ("save" if candidates and candidates <= saves - played_soon
            else "play" if not candidates & saves - played_soon
            else "play or save")
    if truth is not None and truth in candidates:
        kind = ("save" if truth in saves and truth not in played_soon else "play")
        if truth not in plain and truth in played_soon:
            below = _one_away(facts, clue.heights, truth)
            if below is not None and below in finesses:
                seat, order = finesses[below]
                return ClueRead(clue, focus, "finesse", frozenset(candidates), order, seat,
                                below)
    read = ClueRead(clue, focus, kind if candidates else "unexplained",
                    frozenset(candidates))
    if reader in (clue.giver, clue.target) or truth is None or truth in candidates:
        return read
    # The clue is explained by nothing the reader sees: the card below it is the reader's.
    below = _one_away(facts, clue.heights, truth)
    if below is not None and trusted and conventions.finesses and conventions.shared_finesse:
        # The receiver, who sees the reader's card, reads the focus as the card it builds to.
        memory.promise[focus] = frozenset({*candidates, truth})
    if below is None or not trusted or not conventions.finesses:
        if candidates:
            # A clue the conventions cannot explain: this giver follows other conventions
            # (another kind of bot), so its later clues get no finesse, prompt or guess.
            memory.untrusted.add(clue.giver)
        return read
    for order in clue.hands[reader]:
        own = where.get(order)
        if order in memory.touched and own is not None and below in memory.promise.get(
                order, own.possible) & own.possible:
            # A prompt: the reader's newest clued card that may be it is it.
            memory.promise[order] = frozenset({below})
            return ClueRead(clue, focus, "prompt", frozenset({truth}), order, reader, below)
    newest = _finesse_order(clue.hands[reader], memory.touched)
    if reader in between and newest is not None:
        # A finesse: the reader's newest untouched card, which it plays blind.
        own = where.get(newest)
        if own is not None and below in own.possible and newest not in memory.promise:
            memory.promise[newest] = frozenset({below})
            return ClueRead(clue, focus, "finesse", frozenset({truth}), newest, reader, below)
    return read


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(sorted(map(str, cards)))


def _finesse_order(hand: Sequence[int], touched: set[int]) -> int | None:
    """A hand's finesse card: its newest card no clue has touched."""
    return next((order for order in hand if order not in touched), None)


# ------------------------------------------------------------------ one decision
class _Turn:
    """The facts of one decision, computed once, and the decision rules in order."""

    def __init__(
        self, view: HanabiView, legal: Sequence[HanabiAction], facts: _Facts, memory: _Memory,
        rng: random.Random, conventions: Conventions = CONVENTION_BOT,
    ) -> None:
        self.conventions = conventions
        self.view = view
        self.legal = legal
        self.facts = facts
        self.memory = memory
        self.rng = rng
        self.playable = view.playable
        self.discarded = Counter(view.discards)
        visible: Counter[Card] = Counter(view.discards)
        for stack in view.fireworks:
            visible.update(stack)
        for hand in view.other_hands:
            visible.update(slot.card for slot in hand)
        self.unseen = {card: facts.copies[card] - visible[card] for card in facts.cards}
        self.needed = _needed_cards(view, facts, self.discarded)
        self.played = frozenset(card for stack in view.fireworks for card in stack)
        self.critical = frozenset(
            c for c in self.needed if self.discarded[c] >= facts.copies[c] - 1)
        self.my_ids = [slot.order for slot in view.own_hand]
        self.heights = tuple(len(stack) for stack in view.fireworks)
        self.my_candidates = [self._candidates(i) for i in range(len(view.own_hand))]

    # ------------------------------------------------------------ own knowledge
    def _candidates(self, index: int) -> frozenset[Card]:
        possible = frozenset(c for c in self.view.own_hand[index].possible
                             if self.unseen.get(c, 0) > 0)
        promise = self.memory.promise.get(self.my_ids[index])
        if promise is not None:
            narrowed = possible & promise
            # A card promised playable (or critical) that has since been played is the other
            # candidate: nobody clues a card whose twin is already on its way (a partner
            # following the conventions, that is).
            still = (narrowed - self.played if self.my_ids[index] in self.memory.trusted
                     else frozenset())
            if still:
                return still
            if narrowed:
                return narrowed
        return possible

    def _known_playable(self, index: int) -> bool:
        cands = self.my_candidates[index]
        if self.view.hole is not None and len(cands) > 1:
            # The hole will not show which card it was: play only a card known exactly, so
            # that the fireworks can still be worked out.
            return False
        return bool(cands) and cands <= self.playable

    def _known_useless(self, index: int) -> bool:
        cands = self.my_candidates[index]
        return bool(cands) and not (cands & self.needed)

    def _play_chance(self, index: int) -> float:
        cands = self.my_candidates[index]
        total = sum(self.unseen[c] for c in cands)
        if not total:
            return 0.0
        return sum(self.unseen[c] for c in cands if c in self.playable) / total

    # ------------------------------------------------------------ the decision
    def choose(self) -> tuple[HanabiAction, str]:
        """The move, and why in one sentence (from what the view shows)."""
        view, legal = self.view, self.legal
        if view.pending is not None:
            return self._bonus_choice(), "the bonus tile's choice that helps the fireworks most"
        legal_set = set(legal)
        can_clue = view.clue_tokens > 0
        others = self._others()
        if can_clue and others:
            # The next player discards their chop unless they have a play: save it first.
            save = self._save_clue(legal, others[0])
            if save is not None:
                return save, self._clue_why(save, "save")
            urgent = self._urgent_clue()
            if urgent is not None:
                return urgent
        plays = [i for i in range(len(view.own_hand)) if self._known_playable(i)]
        if plays:
            # A card that ends a row first (it may return a token), then the oldest.
            plays.sort(key=lambda i: (not self.my_candidates[i] <= self.facts.rank_saved, -i))
            action = self._play_action(plays[0])
            if action in legal_set:
                why = self._play_why(plays[0])
                if isinstance(action, Discard):
                    why += ", and as an orange card it is played by discarding it"
                return action, why
        if can_clue:
            for partner in others[1:]:
                save = self._save_clue(legal, partner)
                if save is not None:
                    return save, self._clue_why(save, "save")
            best, score = self._best_clue(legal, minimum=_PLAY_CLUE)
            if best is not None and score >= _PLAY_CLUE:
                return best, self._clue_why(best, "play")
        can_discard = view.clue_tokens < view.max_clue_tokens
        if view.deck_size == 0 and view.fuses > 1:
            gamble = self._gamble()
            if gamble is not None:
                return gamble, (f"the deck is empty and a fuse is to spare: #{gamble.slot} is "
                                f"the card most likely to be playable")
        if can_clue and view.own_hand:
            instead = self._stall_clue()
            if instead is not None:
                return instead
        if can_clue and view.clue_tokens >= view.max_clue_tokens - 2:
            # Tokens to spare: a harmless clue (an empty one, or one that only narrows
            # touched cards) keeps our chop, which may be critical, a turn longer.
            stall, _ = self._best_clue(legal, minimum=0.0)
            if stall is not None:
                return stall, self._clue_why(stall, "stall")
        if can_clue and self._locked():
            # Every card of ours is clued or promised: any clue beats throwing one away.
            best, _ = self._best_clue(legal, minimum=float("-inf"))
            if best is not None:
                return best, self._clue_why(best, "locked")
        if can_discard and view.own_hand:
            discard, why = self._discard()
            if can_clue and self.facts.inverted and self._discard_action(
                    discard.slot - 1)[1] > 0:
                # Orange: every card might be played by discarding it, and might not fit.
                best, _ = self._best_clue(legal, minimum=float("-inf"))
                if best is not None:
                    return best, self._clue_why(best, "orange")
            return discard, why
        # Every clue token is available, so a clue it must be: the best one, else one whose
        # promise is off but that the receiver cannot act on yet (better than a blind play).
        for misleading in (False, True):
            best, _ = self._best_clue(legal, minimum=float("-inf"), misleading=misleading)
            if best is not None:
                return best, self._clue_why(best, "forced")
        chances = [(self._play_chance(i), -i) for i in range(len(view.own_hand))]
        if chances:
            _, slot = max(chances)
            action = self._play_action(-slot)
            if action in legal_set:
                return action, (f"every clue token is in the box and no clue is honest: "
                                f"#{action.slot} is the card most likely to be playable")
        return (legal[self.rng.randrange(len(legal))],
                "no convention applies here, so any legal move will do")

    def _urgent_clue(self) -> tuple[HanabiAction, str] | None:
        """A clue more urgent than any play (none here; the H-Group bots' fix clues)."""
        return None

    def _stall_clue(self) -> tuple[HanabiAction, str] | None:
        """A clue given rather than a discard (none here; the H-Group bots' early game)."""
        return None

    # ------------------------------------------------------------ reasons
    def _play_why(self, index: int) -> str:
        cands = self.my_candidates[index]
        slot = self.view.own_hand[index]
        text = _cards_text(cands)
        if not slot.touched and self.my_ids[index] in self.memory.promise:
            return (f"a finesse: a partner's clue is explained only by {text} in #{index + 1}, "
                    f"your newest untouched card, so it is played blind")
        # One card left is "G3, which is playable now"; several are "each of them".
        playable = ("which is playable now" if len(cands) == 1
                    else "and each of them is playable now")
        if self.my_ids[index] in self.memory.promise and not slot.possible <= self.playable:
            return (f"a clue's promise and the cards you can see leave #{index + 1} only "
                    f"{text}, {playable}")
        return (f"the clues and the cards you can see leave #{index + 1} only {text}, "
                f"{playable}")

    def _clue_why(self, action: HanabiAction, kind: str) -> str:
        view = self.view
        if not isinstance(action, Clue | BonusClue):
            return "the clue the conventions choose here"
        name = view.players[action.target]
        hand = view.other_hands[action.target]
        touches = self.facts.touched_by[action.value]
        touched = [slot for slot in hand if slot.card in touches]
        if not touched:
            return (f"an empty clue: it tells {name} what they do not hold, and spends a token "
                    f"rather than risking a discard while tokens are plentiful")
        where = ", ".join(f"{slot.card} in #{slot.slot}" for slot in touched)
        newly = [slot for slot in touched if not slot.touched]
        untouched = [slot for slot in hand if not slot.touched]
        chop = untouched[-1] if untouched else None
        if kind == "save" and chop is not None and chop.card not in self.critical:
            return (f"{name}'s chop (#{chop.slot}, their oldest unclued card) is {chop.card}, "
                    f"a 2 no other hand shows, and {name} has nothing to play: the clue "
                    f"({where}) is a 2 save")
        if kind == "save" and chop is not None:
            return (f"{name}'s chop (#{chop.slot}, their oldest unclued card) is {chop.card}, "
                    f"the last copy still needed, and {name} has nothing to play: the clue "
                    f"({where}) saves it")
        if not newly:
            return (f"the clue touches only cards already clued ({where}): it narrows what "
                    f"{name} knows without any new promise, and keeps every chop safe")
        if action.value in self.facts.orange_colours:
            return (f"an orange colour clue promises nothing: it shows {name} which cards are "
                    f"orange ({where}), so that discarding their chop does not play it")
        focus = chop if chop in newly else newly[0]
        between = _between(len(view.players), view.seat, action.target)
        below = self._finesse(between, focus.card)
        if focus.card in self.playable:
            return (f"the clue ({where}) focuses {focus.card} in {name}'s #{focus.slot}, "
                    f"which is playable now")
        if below is not None:
            holder = next(seat for seat in between
                          if next((s.card for s in view.other_hands[seat] if not s.touched),
                                  None) == below)
            return (f"a finesse: the clue ({where}) focuses {focus.card} in {name}'s "
                    f"#{focus.slot}, which {view.players[holder]} makes playable by playing "
                    f"{below} from their newest untouched card")
        if focus.card in self.critical and focus is chop:
            return (f"the clue ({where}) saves {focus.card} on {name}'s chop, the last copy "
                    f"still needed")
        if focus.card in self.needed and kind == "play":
            return (f"the clue ({where}) focuses {focus.card} in {name}'s #{focus.slot}, "
                    f"playable once the clued cards below it are played")
        if kind == "orange":
            return (f"discarding any card of yours might play an orange card that does not "
                    f"fit, so the clue ({where}) gives {name} what help it can")
        if kind == "locked":
            return (f"every card of yours is clued, so rather than throw one away the clue "
                    f"({where}) gives {name} what help it can")
        return (f"every clue token is in the box, so a clue must be given: this one ({where}) "
                f"misleads {name} least")

    def remember_throw(self, action: Play | Discard) -> None:
        """Throw it in a hole: remember what the card thrown in was taken to be."""
        index = action.slot - 1
        if isinstance(action, Discard) and self._inverted_share(index) <= 0.5:
            return  # a plain discard: the discard pile will show it
        cands = sorted(self.my_candidates[index], key=str)
        fitting = [card for card in cands if card in self.playable]
        if fitting or cands:
            self.memory.thrown[self.my_ids[index]] = (fitting or cands)[0]

    def _gamble(self) -> Play | Discard | None:
        best = max(((self._play_chance(i), i) for i in range(len(self.view.own_hand))),
                   default=(0.0, -1))
        if best[0] >= _GAMBLE:
            return self._play_action(best[1])
        return None

    def _inverted_share(self, index: int) -> float:
        """How likely card `index` is of an orange suit (one whose play and discard swap)."""
        cands = self.my_candidates[index]
        total = sum(self.unseen[c] for c in cands)
        if not total:
            return 0.0
        return sum(self.unseen[c] for c in cands if c in self.facts.inverted) / total

    def _play_action(self, index: int) -> Play | Discard:
        """The action that plays card `index` (a discard, for an orange card)."""
        if self.facts.inverted and self._inverted_share(index) > 0.5:
            return Discard(index + 1)
        return Play(index + 1)

    def _discard_action(self, index: int) -> tuple[Play | Discard, float]:
        """The action that discards card `index` (a play, for an orange card), and how likely
        it is to play a card that does not fit instead."""
        if not self.facts.inverted:
            return Discard(index + 1), 0.0
        cands = self.my_candidates[index]
        total = sum(self.unseen[c] for c in cands) or 1
        swapped = self._inverted_share(index) > 0.5
        misfit = sum(self.unseen[c] for c in cands if c not in self.playable
                     and (c in self.facts.inverted) != swapped) / total
        return (Play if swapped else Discard)(index + 1), misfit

    def _locked(self) -> bool:
        """Whether every card in hand is clued or promised and none is known useless."""
        hand = self.view.own_hand
        return bool(hand) and not any(
            self._known_useless(i) or (not hand[i].touched
                                       and self.my_ids[i] not in self.memory.promise)
            for i in range(len(hand)))

    def _discard(self) -> tuple[Play | Discard, str]:
        hand = self.view.own_hand
        useless = [i for i in range(len(hand)) if self._known_useless(i)]
        untouched = [i for i in range(len(hand)) if not hand[i].touched
                     and self.my_ids[i] not in self.memory.promise]

        def keep_value(i: int) -> tuple[float, int]:
            cands = self.my_candidates[i]
            total = sum(self.unseen[c] for c in cands) or 1
            useful = sum(self.unseen[c] for c in cands if c in self.needed)
            return (useful / total, i)

        # Known trash first, then the chop (the oldest untouched card), then, with every
        # card clued, the one least likely to be needed; in orange variants a card whose
        # discard might play a card that does not fit only when every card might.
        ranked = [*useless[::-1], *untouched[::-1],
                  *sorted((i for i in range(len(hand))
                           if i not in useless and i not in untouched), key=keep_value)]
        choices = [(self._discard_action(i)[1], rank, i) for rank, i in enumerate(ranked)]
        _, _, index = min(choices)
        action, _ = self._discard_action(index)
        if index in useless:
            why = (f"#{index + 1} can only be a card no firework needs any more (played "
                   f"already, or above a card whose every copy is gone)")
        elif index in untouched:
            chop = "your chop, your oldest card" if index == untouched[-1] else "a card"
            why = (f"nothing to play and no clue worth a token: #{index + 1} is {chop} no "
                   f"clue has touched (partners save a critical card on your chop before "
                   f"you lose it)")
        else:
            why = (f"every card of yours is clued and no clue can be given; #{index + 1} is "
                   f"the one least likely to still be needed")
        if isinstance(action, Play):
            why += ", and as an orange card it is thrown away by playing it"
        return action, why

    # ------------------------------------------------------------ clues
    def _others(self) -> list[int]:
        players = len(self.view.players)
        return [(self.view.seat + step) % players for step in range(1, players)]

    def _claimed(self, excluding_target: int | None = None) -> Counter[Card]:
        """Cards already clued or promised somewhere: cluing another copy wastes a clue."""
        claimed: Counter[Card] = Counter()
        for seat, hand in enumerate(self.view.other_hands):
            if seat == excluding_target:
                continue
            for slot in hand:
                if slot.touched:
                    claimed[slot.card] += 1
        for index, cands in enumerate(self.my_candidates):
            if len(cands) == 1 and self.view.own_hand[index].touched:
                claimed[next(iter(cands))] += 1
        return claimed

    def _save_clue(
        self, legal: Sequence[HanabiAction], partner: int, *, twos: bool = False,
    ) -> HanabiAction | None:
        """A clue that saves `partner`'s chop when it is critical (with `twos`, a 2 worth a 2
        save too) and they may discard it."""
        view = self.view
        hand = view.other_hands[partner]
        if not hand or view.clue_tokens == 0:
            return None
        untouched = [s for s in hand if not s.touched]
        if not untouched:
            return None
        chop = untouched[-1]
        orange = (chop.card in self.facts.inverted and chop.card not in self.playable
                  and bool(chop.possible - self.facts.inverted))
        two = (twos and not orange and chop.card not in self.critical
               and self._two_save(partner, chop))
        if (chop.card not in self.critical and not orange and not two) or (
                chop.card in self.playable):
            return None
        # A partner who will play a card it knows, or who cannot discard, does not lose it.
        for slot in hand:
            cands = slot.possible & self.memory.promise.get(slot.order, slot.possible)
            if cands and cands <= self.playable:
                return None
        best: HanabiAction | None = None
        best_score = float("-inf")
        for action in legal:
            if not isinstance(action, Clue) or action.target != partner:
                continue
            if chop.card not in self.facts.touched_by[action.value]:
                continue
            if two and not isinstance(action.value, int):
                continue  # a 2 is saved by its rank
            score = self._score_clue(action.target, action.value)
            if score is not None and score > best_score:
                best, best_score = action, score
        return best

    def _two_save(self, partner: int, chop: SeenSlot) -> bool:
        """Whether `partner`'s chop is a 2 worth a 2 save: still needed, and no other copy
        visible in a partner's hand or clued anywhere (the one a save would lose is then the
        only copy in sight)."""
        card = chop.card
        if not self.conventions.two_saves or card not in self.facts.two_saved or (
                card not in self.needed):
            return False
        for _seat, hand in enumerate(self.view.other_hands):
            for slot in hand:
                if slot.card == card and slot is not chop:
                    return False
        return not any(cands == {card} for cands in self.my_candidates)

    def _best_clue(
        self, legal: Sequence[HanabiAction], minimum: float, *, misleading: bool = False
    ) -> tuple[HanabiAction | None, float]:
        clues: list[HanabiAction] = []
        scores: list[float] = []
        near = {seat: len(self.view.players) - distance
                for distance, seat in enumerate(self._others())}
        for action in legal:
            if not isinstance(action, Clue | BonusClue):
                continue
            score = self._score_clue(action.target, action.value, misleading=misleading)
            if score is None:
                continue
            score += 0.1 * near[action.target]
            if score > minimum:
                clues.append(action)
                scores.append(score)
        if not clues:
            return None, minimum
        return best_of(clues, scores, self.rng), max(scores)

    def _score_clue(
        self, target: int, value: str | int, *, misleading: bool = False
    ) -> float | None:
        """How good the clue is; None when it would mislead (a promise the card breaks).

        With `misleading`, a broken promise is only refused when the receiver would play the
        card at once; otherwise it costs a penalty.
        """
        facts = self.facts
        touches = facts.touched_by[value]
        hand = self.view.other_hands[target]
        promise = self.memory.promise
        touched = [slot for slot in hand if slot.card in touches]
        if not touched:
            return 0.0
        newly = [slot for slot in touched if not slot.touched]
        untouched = [slot for slot in hand if not slot.touched]
        chop = untouched[-1] if untouched else None
        claimed = self._claimed(excluding_target=None)
        score = 0.0
        # Cards the clue completes: the holder's candidates become all playable.
        for slot in touched:
            if slot in newly:
                continue
            before = slot.possible & promise.get(slot.order, slot.possible)
            after = before & touches
            if slot.card in self.playable and after and after <= self.playable and not (
                    before <= self.playable):
                score += _COMPLETE
        if not newly:
            return score - 1.0
        if value in facts.orange_colours:
            # No promise: it tells which cards are orange, so that the others are safe to
            # discard. Worth a play clue when the receiver's chop is orange and does not fit.
            if chop is not None and chop in touched and chop.card not in self.playable and (
                    chop.possible - facts.inverted):
                return score + _PLAY_NOW
            return None
        focus = chop if chop in newly else newly[0]
        truth = focus.card
        queued = [slot.card for seat, other in enumerate(self.view.other_hands)
                  if seat != target for slot in other if slot.touched]
        between = _between(len(self.view.players), self.view.seat, target)
        finesse = self._finesse(between, truth)
        if finesse is not None:
            queued.append(finesse)
        soon = _playable_through(facts, self.heights, queued, self.playable)
        candidates = set(touches & soon)
        if focus is chop:
            saves = touches & self.critical
            if isinstance(value, str):
                saves -= facts.rank_saved
            elif self.conventions.two_saves:
                shown = {slot.card for seat, other in enumerate(self.view.other_hands)
                         if seat != target for slot in other}
                saves |= (touches & self.needed & facts.two_saved) - shown
            candidates |= saves
        # The receiver narrows its own possibilities to the promise; an empty result means
        # no promise at all.
        candidates &= focus.possible & touches
        if finesse is not None:
            if truth not in candidates or claimed[finesse] or claimed[truth]:
                return None
            return score + _PLAY_NOW + _FINESSE
        below = _one_away(facts, self.heights, truth)
        if below is not None and len(self.view.players) > 2:
            if truth not in candidates:
                return None  # a third player would read a finesse or a prompt not there
            if truth not in self.playable and not self._prompt_holds(target, below):
                return None  # the holder of the card below would take the wrong card
        if candidates and truth not in candidates:
            if not misleading:
                return None
            # Tolerable only while the receiver cannot narrow it to playable cards alone: a
            # non-playable candidate it cannot rule out (another copy sits in its hand).
            others = {slot.card for slot in hand if slot is not focus}
            if not any(c not in self.playable and c in others for c in candidates):
                return None
            score -= 5.0
            candidates = set()
        if not candidates:
            score -= 2.0  # a touched card with no promise: it only clogs the hand
        elif truth in soon:
            if claimed[truth] > 0:
                return None  # another copy is already clued: the receiver would misplay one
            after = focus.possible & touches & frozenset(candidates)
            if truth in self.playable:
                score += _PLAY_NOW + _RESOLVED * (after <= self.playable)
            else:  # playable once the clued cards before it are played
                score += _DELAYED_PLAY + 2.0 * (after <= soon)
        elif truth in self.critical:
            score += 8.0
        seen: set[Card] = {truth}
        for slot in newly:
            if slot is focus:
                continue
            card = slot.card
            if card not in self.needed:
                score -= 1.5
            elif card in seen or claimed[card] > 0:
                score -= 1.0
            elif card in self.playable or card in self.critical:
                score += 1.5
            else:
                score += 0.5
            seen.add(card)
        return score

    def _prompt_holds(self, target: int, below: Card) -> bool:
        """Whether every third player who holds a clued `below` (the card a delayed play
        clue builds on) and would read the clue as a prompt takes the right card: their
        newest clued card that may be `below`."""
        seats = [seat for seat in self._others() if seat != target]
        holders = [seat for seat in seats
                   if any(slot.touched and slot.card == below
                          for slot in self.view.other_hands[seat])]
        for holder in holders:
            if len(holders) > 1:
                continue  # each sees the other's copy: the clue is explained, no prompt
            for slot in self.view.other_hands[holder]:
                if slot.touched and below in slot.possible & self.memory.promise.get(
                        slot.order, slot.possible):
                    if slot.card != below:
                        return False
                    break
        return True

    def _finesse(self, between: Sequence[int], truth: Card) -> Card | None:
        """The card a clue on `truth` would ask a player in `between` to play blind from
        their newest untouched card, when that is how every player would read it: the card
        below `truth` is playable now, sits there, and nothing else they see explains it."""
        below = _one_away(self.facts, self.heights, truth)
        if below is None or not between or not self.conventions.finesses:
            return None
        holders = []
        for seat in between:
            hand = self.view.other_hands[seat]
            newest = next((slot for slot in hand if not slot.touched), None)
            if newest is not None and newest.card == below:
                holders.append(seat)
        if len(holders) != 1:
            return None
        for hand in self.view.other_hands:
            for slot in hand:
                if slot.touched and slot.card in (below, truth):
                    return None  # a clued copy elsewhere explains it (or would misplay)
        for slot in self.view.other_hands[holders[0]]:
            if slot.touched and below in slot.possible & self.memory.promise.get(
                    slot.order, slot.possible):
                return None  # the holder may take the clue to mean that card
        return below

    # ------------------------------------------------------------ bonus tiles
    def _bonus_choice(self) -> HanabiAction:
        legal = self.legal
        plays = [a for a in legal if isinstance(a, BonusPlay)]
        if plays:
            plays.sort(key=lambda a: (a.card not in self.critical, a.card.rank))
            return plays[0]
        reshuffles = [a for a in legal if isinstance(a, BonusReshuffle)]
        if reshuffles:
            reshuffles.sort(key=lambda a: (a.card not in self.needed,
                                           a.card not in self.critical, a.card.rank))
            return reshuffles[0]
        best, _ = self._best_clue(legal, minimum=float("-inf"))
        if best is not None:
            return best
        return legal[self.rng.randrange(len(legal))]
