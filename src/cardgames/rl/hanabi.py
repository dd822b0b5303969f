"""Hanabi observations: one seat's :class:`~cardgames.hanabi.HanabiView` as a 0/1 vector.

>>> import cardgames
>>> from cardgames.rl import hanabi
>>> state = cardgames.new_game("hanabi", players=2, seed=1, variant="no-empty-clues")
>>> obs = hanabi.hle_observation(state.view(0))
>>> obs.shape, int(obs[hanabi.layout(state.variant, 2)["clue_tokens"]].sum())
((658,), 8)

One encoder serves every variant. For the standard game it is, bit for bit, the canonical
vectorized observation of DeepMind's hanabi-learning-environment (HLE; 658, 956, 1041 and
1280 values for 2 to 5 players): :func:`hle_observation` checks the variant and returns it.
Other variants keep HLE's sections, sized by the variant, and append the sections their
options need. :func:`layout` names the slices; in order:

* ``hands``: each other player's cards (the next seat first), oldest card first, one-hot
  over the card kinds; ``missing_cards``: per player (the viewer first) whether the hand is
  short of a full one.
* ``deck`` (a thermometer of the draw pile), ``fireworks`` (per suit, one-hot of how many
  cards are on it), ``clue_tokens`` and ``fuses`` (thermometers).
* ``discards``: per card kind, a thermometer over its copies.
* the last move (``last_player`` ... ``last_token``): who (relative to the viewer), its kind
  (play, discard, colour clue, rank clue), the clue's target and value, the cards the clue
  touched and the hand index played or discarded (both counted from the oldest card), the card
  played or discarded, whether a play scored and whether it regained a clue token.
* ``knowledge``: per player (the viewer first), per card (oldest first), the kinds still
  possible from the clues, then one bit per clue value that has touched it.
* only where the variant needs them: ``direction`` (up-or-down suits: up, down),
  ``last_from_deck`` (deck plays and deck discards; the kind is the move chosen, as for a
  play or discard from a hand), ``last_bonus`` (free clue, reshuffle, play from the
  discards), ``pending`` (the bonus choice due: tile 3-6) and ``tiles_left`` (bonus tiles).

Card kinds are ordered by suit in :func:`~cardgames.hanabi.actions.suit_id_order` (HLE's
colours in HLE's order: red, yellow, green, white, blue; then the others), rank ascending;
clue values as in :func:`~cardgames.hanabi.actions.id_clue_values`. Players are relative to the
viewer (offset 0 is the viewer), so one policy can play any seat.

Only the view is read. What the view holds only through its history (which clues touched a
card, where in the hand a move happened) is recovered by replaying the public history; an
encoder remembers where it got to, so a game observed move by move costs one move each time.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from cardgames.core.errors import OptionsError
from cardgames.core.game import Move
from cardgames.hanabi import (
    BonusClue,
    BonusPlay,
    BonusReshuffle,
    Card,
    Clue,
    Clued,
    DeckDiscard,
    DeckPlay,
    Discard,
    Discarded,
    Drew,
    HanabiAction,
    HanabiVariant,
    HanabiView,
    OwnSlot,
    Play,
    Played,
    PlayOrder,
    SeenSlot,
    TokenRegained,
)
from cardgames.hanabi.actions import HLE_COLOUR_ORDER, HiddenClue, id_clue_values, suit_id_order
from cardgames.hanabi.events import HiddenClued, Thrown
from cardgames.hanabi.names import variant_from_name
from cardgames.hanabi.render import render_view
from cardgames.hanabi.rules import SUIT_LIBRARY
from cardgames.rl.encoding import Bounds, Encoding
from cardgames.rl.layout import Field, Layout

__all__ = [
    "ENCODING",
    "HLE_SIZES",
    "clue_marks",
    "clues_received",
    "hle_observation",
    "hle_variant",
    "is_hanablive_no_variant",
    "is_hle_variant",
    "layout",
    "observation",
    "observation_size",
]

HLE_SIZES: Final = {2: 658, 3: 956, 4: 1041, 5: 1280}
"""The length of HLE's canonical observation by number of players."""

_KINDS: Final = 4
"""Move kinds in the last-move section: play, discard, colour clue, rank clue (HLE's)."""
_BONUS_FLAGS: Final = 3
_PENDING_TILES: Final = 4
"""Bonus tiles 3 to 6 ask the player for a choice."""
_TILES: Final = 6
_KNOWLEDGE_CACHE: Final = 100_000
"""Cached card-knowledge encodings per game configuration before the cache starts over."""
_START_RANKS_UP: Final = (1, 2)
_START_RANKS_DOWN: Final = (4, 5)


def hle_variant(
    *,
    colors: int = 5,
    ranks: int = 5,
    max_information_tokens: int = 8,
    max_life_tokens: int = 3,
    hand_size_delta: int = 0,
) -> HanabiVariant:
    """The variant HLE plays with these parameters (HLE's config names): the first `colors`
    of HLE's colours (red, yellow, green, white, blue; listed in the standard suit order),
    ranks 1 to `ranks` with three 1s, one card of the top rank and two of the others, empty
    clues forbidden. ``hle_variant()`` is the standard game HLE plays."""
    if not 1 <= colors <= len(HLE_COLOUR_ORDER) or not 1 <= ranks <= 5:
        raise OptionsError(
            f"HLE's 'colors' must be in 1..5 and 'ranks' in 1..5 (got colors={colors!r}, "
            f"ranks={ranks!r})")
    names = HLE_COLOUR_ORDER[:colors]
    counts = tuple((rank, 3 if rank == 1 else 1 if rank == ranks else 2)
                   for rank in range(1, ranks + 1))
    suits = tuple(attrs.evolve(SUIT_LIBRARY[name], counts=counts)
                  for name in _STANDARD_ORDER if name in names)
    return HanabiVariant(
        name="hle", suits=suits, clue_tokens=max_information_tokens, fuses=max_life_tokens,
        hand_size_delta=hand_size_delta, empty_clues=False)


_STANDARD_ORDER: Final = ("red", "yellow", "green", "blue", "white")


@functools.lru_cache(maxsize=64)
def is_hle_variant(variant: HanabiVariant) -> bool:
    """Whether `variant` is a game HLE plays (:func:`hle_variant` of some parameters, suits
    in any order, names aside); ``standard+no-empty-clues`` is one."""
    suits = variant.suits
    try:
        expected = hle_variant(
            colors=len(suits), ranks=len(suits[0].counts),
            max_information_tokens=variant.clue_tokens, max_life_tokens=variant.fuses,
            hand_size_delta=variant.hand_size_delta)
    except OptionsError:
        return False
    if set(suits) != set(expected.suits):
        return False
    return attrs.evolve(variant, name="hle", suits=expected.suits) == (
        expected)


_HANABLIVE_NO_VARIANT: Final = attrs.evolve(variant_from_name("no-variant"), empty_clues=False)
"""hanab.live's No Variant as imported from an export without options (empty clues off)."""


class _Tables:
    """Everything fixed by (variant, players): offsets, card kinds in encoding order."""

    def __init__(self, variant: HanabiVariant, players: int) -> None:
        self.players = players
        self.hand_size = h = variant.hand_size(players)
        suits = [variant.suits[s] for s in suit_id_order(variant)]
        self.card_index: dict[Card, int] = {}
        discard_start: list[int] = []  # per kind: where its discard thermometer starts
        copies = 0
        for suit in suits:
            for rank, count in suit.counts:
                self.card_index[Card(suit.letter, rank)] = len(self.card_index)
                discard_start.append(copies)
                copies += count
        self.discard_start = tuple(discard_start)
        self.kinds = kinds = len(self.card_index)
        # The same index by the identity of the variant's own Card values, which views hand
        # out (a dict of ints skips the Python-level hash of a Card); these tables keep the
        # values alive, so no other object can take their ids.
        self.cards = variant.card_types
        self.index_by_id = {id(card): self.card_index[card] for card in variant.card_types}
        self.deck_size = copies
        self.clue_index = {value: i for i, value in enumerate(id_clue_values(variant))}
        self.values = values = len(self.clue_index)
        self.colour_bits = sum(1 << i for value, i in self.clue_index.items()
                               if isinstance(value, str))
        # The firework one-hots: per suit, where its bits start (suits in id order, but the
        # view lists fireworks in the variant's order).
        starts = []
        start = 0
        for suit in suits:
            starts.append(start)
            start += suit.row_length
        by_variant = {suit.letter: first for suit, first in zip(suits, starts, strict=True)}
        self.firework_start = tuple(by_variant[suit.letter] for suit in variant.suits)
        self.up_or_down = tuple(
            i for i, suit in enumerate(variant.suits) if suit.order is PlayOrder.UP_OR_DOWN)
        fields = [
            Field("hands", (players - 1) * h * kinds,
                  "each other player's cards (next seat first), oldest first, one-hot by kind"),
            Field("missing_cards", players,
                  "per player (viewer first): 1 if the hand holds fewer cards than a full one"),
            Field("deck", self.deck_size - players * h, "the draw pile's size, as a thermometer"),
            Field("fireworks", start,
                  "per suit, one-hot of the number of cards on its firework"),
            Field("clue_tokens", variant.clue_tokens, "clue tokens available (thermometer)"),
            Field("fuses", variant.fuses, "fuses left (thermometer)"),
            Field("discards", self.deck_size,
                  "per card kind, a thermometer over its copies in the discard pile"),
            Field("last_player", players, "the last move's player (relative; 0 = viewer)"),
            Field("last_kind", _KINDS, "the last move: play, discard, colour clue, rank clue"),
            Field("last_target", players, "the last clue's target (relative)"),
            Field("last_clue", values, "the last clue's value (colours, then ranks)"),
            Field("last_revealed", h,
                  "the cards the last clue touched, by hand index (oldest first)"),
            Field("last_position", h, "the hand index (oldest first) played or discarded"),
            Field("last_card", kinds, "the card played or discarded, one-hot by kind"),
            Field("last_scored", 1, "the last play fitted its firework"),
            Field("last_token", 1, "the last play regained a clue token"),
            Field("knowledge", players * h * (kinds + values),
                  "per player (viewer first), per card (oldest first): the kinds possible, "
                  "then one bit per clue value that has touched it"),
        ]
        if self.up_or_down:
            fields.append(Field("direction", 2 * len(self.up_or_down),
                                "per up-or-down suit: going up, going down"))
        self.deck_plays = variant.deck_plays
        if variant.deck_plays:
            fields.append(Field("last_from_deck", 1, "the last play came from the draw pile"))
        self.bonus = variant.bonus_tiles
        if variant.bonus_tiles:
            fields += [
                Field("last_bonus", _BONUS_FLAGS,
                      "the last move was a free clue, a reshuffle, a play from the discards"),
                Field("pending", _PENDING_TILES, "the bonus choice due now (tile 3 to 6)"),
                Field("tiles_left", _TILES, "bonus tiles not drawn yet (thermometer)"),
            ]
        self.layout = Layout(fields)
        at = self.layout.offset
        self.hands_at = at("hands")
        self.missing_at = at("missing_cards")
        self.deck_at = at("deck")
        self.deck_bits = self.deck_size - players * h
        self.fireworks_at = at("fireworks")
        self.tokens_at = at("clue_tokens")
        self.fuses_at = at("fuses")
        self.discards_at = at("discards")
        self.last_at = at("last_player")
        self.knowledge_at = at("knowledge")
        self.card_bits = kinds + values
        self.direction_at = at("direction") if self.up_or_down else 0
        self.from_deck_at = at("last_from_deck") if self.deck_plays else 0
        self.bonus_at = at("last_bonus") if self.bonus else 0
        self.knowledge: dict[tuple[int, frozenset[Card], int], tuple[int, ...]] = {}

    def knowledge_bits(self, at: int, possible: frozenset[Card], mark: int) -> tuple[int, ...]:
        """The ones of one card's knowledge written at `at`: the kinds `possible`, then the
        clue values in `mark`. Cached: views share the possible sets, and a game meets few
        combinations."""
        key = (at, possible, mark)
        bits = self.knowledge.get(key)
        if bits is None:
            if len(self.knowledge) >= _KNOWLEDGE_CACHE:
                self.knowledge.clear()
            index = self.card_index
            found = [at + index[card] for card in possible]
            found += [at + self.kinds + v for v in range(self.values) if mark >> v & 1]
            bits = self.knowledge[key] = tuple(sorted(found))
        return bits


@functools.lru_cache(maxsize=64)
def _tables(variant: HanabiVariant, players: int) -> _Tables:
    return _Tables(variant, players)


def layout(variant: HanabiVariant | str, players: int) -> Layout:
    """The named slices of :func:`observation` for `variant` (a variant or its name) and
    `players` seats."""
    if isinstance(variant, str):
        variant = variant_from_name(variant)
    return _tables(variant, players).layout


def observation_size(variant: HanabiVariant | str = "standard", players: int = 2) -> int:
    """The length of :func:`observation` for `variant` and `players` seats."""
    return layout(variant, players).size


# --------------------------------------------------------------------- the public history
class _Replay:
    """The public history replayed: hands by card order and the clues each card received.

    A view's current hands say what is there now; a clue in the history names slots as they
    were then, so the hands are followed move by move from the deal (the engine deals in
    blocks: seat s holds deck positions s*h .. s*h+h-1, oldest first).
    """

    __slots__ = ("hands", "last", "marks", "position", "revealed", "seen", "tables")

    def __init__(self, tables: _Tables) -> None:
        h = tables.hand_size
        self.tables = tables
        self.hands = [list(range(seat * h, seat * h + h)) for seat in range(tables.players)]
        self.marks: dict[int, int] = {}
        """Card order -> bit i set when a clue naming clue value i touched it."""
        self.seen = 0
        self.last: Move[HanabiAction] | None = None
        self.revealed = 0
        """The cards the last move's clue touched, bit i = hand index i (oldest first)."""
        self.position = -1
        """The last move's hand index played or discarded (oldest first), or -1."""

    def follow(self, history: Sequence[Move[HanabiAction]]) -> None:
        clue_index = self.tables.clue_index
        hands = self.hands
        marks = self.marks
        for move in history[self.seen:]:
            self.revealed = 0
            self.position = -1
            for event in move.events:
                kind = type(event)
                if kind is Clued or kind is HiddenClued:
                    assert isinstance(event, Clued | HiddenClued)
                    hand = hands[event.target]
                    # A clue whose value its receiver does not hear (Cow & Pig, Duck)
                    # marks nothing: only which cards it touched.
                    bit = 1 << clue_index[event.value] if isinstance(event, Clued) else 0
                    size = len(hand)
                    for slot in event.slots:
                        index = size - slot
                        order = hand[index]
                        marks[order] = marks.get(order, 0) | bit
                        self.revealed |= 1 << index
                elif kind is Drew:
                    assert isinstance(event, Drew)
                    hands[event.seat].append(event.order)
                elif kind is Played or kind is Discarded or kind is Thrown:
                    assert isinstance(event, Played | Discarded | Thrown)
                    if event.slot is not None:
                        hand = hands[event.seat]
                        self.position = len(hand) - event.slot
                        marks.pop(hand.pop(self.position), None)
        self.seen = len(history)
        self.last = history[-1] if history else None

    def copy(self) -> _Replay:
        new = _Replay.__new__(_Replay)
        new.tables = self.tables
        new.hands = [list(hand) for hand in self.hands]
        new.marks = dict(self.marks)
        new.seen = self.seen
        new.last = self.last
        new.revealed = self.revealed
        new.position = self.position
        return new


_REPLAYS: OrderedDict[int, _Replay] = OrderedDict()
"""Replays by the identity of the last move they followed. A replay holds that move, so its
id cannot be reused while the entry lives; clones share their moves, so a clone's history
finds its original's replays."""
_KEEP: Final = 256
"""How many positions to remember (games observed side by side, search trees)."""
_LOOK_BACK: Final = 4
"""How many moves back a remembered position is looked for (the same position seen by
another seat, the position a move ago, ...) before the history is replayed from the deal."""


def _replayed(tables: _Tables, history: Sequence[Move[HanabiAction]]) -> _Replay:
    """The history followed to its end, starting from the nearest remembered position."""
    length = len(history)
    if not length:
        return _Replay(tables)
    found: _Replay | None = None
    for back in range(1, min(length, _LOOK_BACK) + 1):
        candidate = _REPLAYS.get(id(history[length - back]))
        if candidate is not None and candidate.tables is tables and (
                candidate.seen == length - back + 1):
            found = candidate
            break
    if found is not None and found.seen == length:
        _REPLAYS.move_to_end(id(history[-1]))
        return found
    # Follow on from a copy: the remembered position may be asked for again (another seat,
    # another branch of a search).
    replay = _Replay(tables) if found is None else found.copy()
    replay.follow(history)
    _REPLAYS[id(history[-1])] = replay
    if len(_REPLAYS) > _KEEP:
        _REPLAYS.popitem(last=False)
    return replay


# --------------------------------------------------------------------------- encoding
def observation(view: HanabiView) -> npt.NDArray[np.float32]:
    """The seat's view as a 0/1 ``float32`` vector (see the module docstring and
    :func:`layout`)."""
    t = _tables(view.variant, len(view.players))
    players = t.players
    h = t.hand_size
    seat = view.seat
    kinds = t.kinds
    card_index = t.card_index
    ones: list[int] = []
    put = ones.append
    by_id = t.index_by_id
    # Hands: the other players, next seat first, oldest card first.
    offset = t.hands_at
    for rel in range(1, players):
        hand = view.other_hands[(seat + rel) % players]
        at = offset
        for slot in reversed(hand):
            card = slot.card
            index = by_id.get(id(card))
            put(at + (card_index[card] if index is None else index))
            at += kinds
        offset += h * kinds
    for rel in range(players):
        owner = (seat + rel) % players
        held = len(view.own_hand) if owner == seat else len(view.other_hands[owner])
        if held < h:
            put(t.missing_at + rel)
    # Board.
    ones.extend(range(t.deck_at, t.deck_at + min(view.deck_size, t.deck_bits)))
    for stack, first in zip(view.fireworks, t.firework_start, strict=True):
        if stack:
            put(t.fireworks_at + first + len(stack) - 1)
    ones.extend(range(t.tokens_at, t.tokens_at + view.clue_tokens))
    ones.extend(range(t.fuses_at, t.fuses_at + view.fuses))
    # Discards: the n-th copy of a kind discarded sets the n-th bit of its thermometer.
    counts = [0] * kinds
    starts = t.discard_start
    for card in view.discards:
        index = by_id.get(id(card))
        if index is None:
            index = card_index[card]
        put(t.discards_at + starts[index] + counts[index])
        counts[index] += 1
    replay = _replayed(t, view.history)
    if view.history:
        _last_move(t, view, replay, put)
    # Knowledge: every player, the viewer first, oldest card first.
    marks = replay.marks
    offset = t.knowledge_at
    for rel in range(players):
        owner = (seat + rel) % players
        at = offset
        cards: Sequence[OwnSlot | SeenSlot] = (
            view.own_hand if owner == seat else view.other_hands[owner])
        for known in reversed(cards):
            ones.extend(t.knowledge_bits(at, known.possible, marks.get(known.order, 0)))
            at += t.card_bits
        offset += h * t.card_bits
    if t.up_or_down:
        for i, suit in enumerate(t.up_or_down):
            ranks = {card.rank for card in view.fireworks[suit]}
            if ranks.intersection(_START_RANKS_UP):
                put(t.direction_at + 2 * i)
            elif ranks.intersection(_START_RANKS_DOWN):
                put(t.direction_at + 2 * i + 1)
    if t.bonus:
        layout_ = t.layout
        if view.pending is not None:
            put(layout_.offset("pending") + int(view.pending.effect) - 3)
        tiles = layout_.offset("tiles_left")
        ones.extend(range(tiles, tiles + view.bonus_tiles_left))
    obs = np.zeros(t.layout.size, dtype=np.float32)
    obs[ones] = 1.0
    return obs


def _last_move(
    t: _Tables, view: HanabiView, replay: _Replay, put: Callable[[int], None]
) -> None:
    """Write the last-move section (HLE's "last action") for `view`'s newest move."""
    move = view.history[-1]
    players = t.players
    h = t.hand_size
    at = t.last_at
    put(at + (move.seat - view.seat) % players)
    at += players
    action = move.action
    kind = type(action)
    card: Card | None = None
    scored = token = False
    for event in move.events:
        if type(event) is Played:
            assert isinstance(event, Played)
            card = event.card
            scored = event.success
        elif type(event) is Discarded:
            assert isinstance(event, Discarded)
            card = event.card
        elif type(event) is TokenRegained and kind is not Discard and kind is not DeckDiscard:
            token = True
    if kind is Clue or kind is BonusClue or kind is HiddenClue:
        assert isinstance(action, Clue | BonusClue | HiddenClue)
        if not isinstance(action, HiddenClue):  # its receiver hears no kind and no value
            value = t.clue_index[action.value]
            put(at + (2 if t.colour_bits >> value & 1 else 3))
            put(at + _KINDS + players + value)
        put(at + _KINDS + (action.target - view.seat) % players)
        revealed = replay.revealed
        i = 0
        while revealed:
            if revealed & 1:
                put(at + _KINDS + players + t.values + i)
            revealed >>= 1
            i += 1
        if kind is BonusClue:
            put(t.bonus_at)
        return
    if kind is BonusReshuffle:
        assert isinstance(action, BonusReshuffle)
        put(at + _KINDS + players + t.values + 2 * h + t.card_index[action.card])
        put(t.bonus_at + 1)
        return
    if kind is BonusPlay:
        assert isinstance(action, BonusPlay)
        card, scored = action.card, True
        put(t.bonus_at + 2)
    elif kind is DeckPlay or kind is DeckDiscard:
        put(t.from_deck_at)
    discard = kind is Discard or kind is DeckDiscard
    put(at + (1 if discard else 0))
    at += _KINDS + players + t.values + h  # past the clue fields
    if replay.position >= 0 and (kind is Play or kind is Discard):
        put(at + replay.position)
    at += h
    if card is not None:
        put(at + t.card_index[card])
    at += t.kinds
    if not discard:
        if scored:
            put(at)
        if token and scored:
            put(at + 1)


def is_hanablive_no_variant(variant: HanabiVariant) -> bool:
    """Whether `variant` is hanab.live's "No Variant" as :mod:`cardgames.hanabi.hanablive`
    imports it: HLE's game, but the fifth suit is purple, and hanab.live's early end
    (``early_end``: the game stops once the top score is out of reach) may be on."""
    return attrs.evolve(variant, early_end=False) == _HANABLIVE_NO_VARIANT


def hle_observation(view: HanabiView) -> npt.NDArray[np.float32]:
    """HLE's canonical vectorized observation of `view`, bit for bit (as float32 0/1).

    Only for a game HLE plays (:func:`is_hle_variant`) or a game of hanab.live's "No Variant"
    (:func:`is_hanablive_no_variant`, e.g. the AH2AC2 games imported by
    :func:`cardgames.hanabi.hanablive.from_hanablive`); OptionsError otherwise. No Variant's
    suits are read in hanab.live's order as HLE's colours: red, yellow, green, blue, purple
    in the places of HLE's R, Y, G, W, B (as its action ids are). Every position of such a
    game is one of HLE's game; only its end may come sooner (hanab.live ends a game once
    the top score is out of reach, HLE plays on).

    One difference remains, at the very end of a game: when the last fuse burns or the last
    firework is completed with cards left in the pile, HLE still deals the player a
    replacement card, and we do not (the game is over), so in that final observation the
    hand, ``missing_cards``, ``deck`` and ``knowledge`` bits of that player differ.
    """
    if not (is_hle_variant(view.variant) or is_hanablive_no_variant(view.variant)):
        raise OptionsError(
            f"HLE's observation exists only for the games HLE plays (standard suits, empty "
            f"clues off, no other option: variant 'standard+no-empty-clues') and hanab.live's "
            f"No Variant without empty clues; got variant "
            f"{view.variant.name!r} (observation() encodes every variant)"
        )
    return observation(view)


def clues_received(view: HanabiView) -> dict[int, tuple[str | int, ...]]:
    """For every card in a hand that clues have touched (by its order), the clue values
    that touched it, in :func:`~cardgames.hanabi.actions.id_clue_values` order (read from the
    view's history)."""
    values = id_clue_values(view.variant)
    return {order: tuple(value for i, value in enumerate(values) if bits >> i & 1)
            for order, bits in clue_marks(view).items()}


def clue_marks(view: HanabiView) -> dict[int, int]:
    """:func:`clues_received` as bit masks: bit i set when clue value i touched the card (the
    form the encoder uses; do not change the dict, it is the encoder's own)."""
    return _replayed(_tables(view.variant, len(view.players)), view.history).marks


def _bounds(view: HanabiView) -> Bounds:
    return layout(view.variant, len(view.players)).bounds()


ENCODING: Final = Encoding(observation, _bounds, render_view)
"""Hanabi for the learning environments (named by ``GAME.rl_encoding``): every seat's reward
is the change of the team score."""
