"""The Hanabi rule engine: :class:`HanabiState`.

State is kept in flat lists of ints: cards are numbered by their position in the dealt deck
(their "order", as on hanab.live), each order has a card type (an index into
``variant.card_types``), and clue and play checks are bit tests on per-game tables built once
per (variant, number of players) and shared by every state. Actions are pre-built values.

Rules as implemented (the rules file's options and interpretations):

* Hands of 5 (2-3 players) or 4 (4-5 players) plus the variant's delta. Slot 1 is the newest
  card; a drawn card enters at slot 1. Hands are dealt in blocks: the first h cards of the
  deck to seat 0, the next h to seat 1, ... (hanab.live's order); the rest is the pile.
* Clue: costs a token, impossible at 0; touches every matching card; empty clues allowed
  unless ``empty_clues`` is off. Discard: impossible with every token available; regains one.
* Play: a fitting card joins its firework, otherwise it is discarded and a fuse burns.
  Completing a firework (its 5; a black 1; the fifth card of an up-or-down firework)
  regains a token unless all are available -- or, with bonus tiles, draws a tile instead.
* The last fuse ends the game at once with score 0 (``score_after_strikeout`` keeps the
  fireworks' score). All fireworks complete ends it at once. When the last card is drawn
  (or played from the deck), every player, that one included, gets exactly one more turn.
* Early end (``early_end``, hanab.live's rule, set by the hanab.live importer): the game
  ends as soon as no card that fits a firework is left in the draw pile or in the hand of a
  player who still has a turn; the score stands.
* All or nothing: no final round; the game goes on with shrinking hands until every firework
  is complete (win), the last fuse burns, a card needed to complete a firework is gone, or
  no player can act. A player who cannot act (no cards, no clue possible) is skipped. The
  score is the maximum for a win and 0 otherwise.
* Bonus tiles: see :meth:`HanabiState._firework_completed`. The choices are actions of the
  current player; the player draws their card after the tile's effect is settled.
* Score: one point per card in a normal firework; a black powder firework adds minus one per
  missing card. Ratings follow the rulebook bands (see :func:`rating`).

hanab.live's rules, read from the variant's flags (the rules file's last section):

* Which clues exist and what they touch come from ``variant.clue_colours``,
  ``variant.clue_ranks`` and ``variant.touches`` (tables built once per game shape). A clue
  that touches nothing is legal with the empty-clues option, and always for a kind of clue
  that touches nothing by the variant's rule (colour blind, number blind); mute variants
  have no clue of that kind.
* Clue starved: tokens are counted in halves; a clue costs a whole token, a discard or a
  completed firework gives half of one (``half_clue_token`` says when a half is there).
* Alternating clues: after a colour clue the next clue must be a rank clue and the other
  way round (free bonus clues neither count nor are bound).
* Cow & Pig and Duck: the receiver of a clue hears only "moo" / "oink" (its kind) or
  "quack"; its view's history shows a :class:`~cardgames.hanabi.actions.HiddenClue` and its
  knowledge learns only that the touched cards are touched by some clue of that kind (or by
  some clue); the other seats and the record see the clue that was given.
* Throw it in a hole: every play from a hand or the deck goes face down. Until the game
  ends no view shows the card, whether it fitted, the fuse a misplay burned or the fireworks
  (``apply`` returns the same public events); a completed firework gives no token.
* Orange (inverted) suits: "play" on one of their cards discards it and "discard" plays it
  (the record keeps the action chosen); a deck play of one discards it too and a deck
  discard (``discard deck``, offered with deck plays and an orange suit) plays it, as
  hanab.live's server does (rules version 2; a record of version 1, where a deck play
  always played, replays with ``deck_plays_always_play``, see
  :meth:`HanabiState.upgrade_options`). With an orange suit
  in the game a discard is legal with every token there; a card discarded then, by any of
  these actions, gives no token.
* Sudoku: a firework may start at any rank no other firework started with, goes up and
  wraps from its highest rank to its lowest, and is complete with one card of each rank.
* The end of the game, checked after every action in hanab.live's order: the last fuse;
  all or nothing's lost perfect game; with ``early_end`` (hanab.live's end rules) all or
  nothing's softlock (the player to move has no card and no clue token: score 0, where the
  rulebook's all or nothing skips that player instead); the final round; then, with
  ``early_end``, nothing left that can be played. hanab.live's "the score reached the
  maximum still achievable" is that last check's special case: the score can grow only by a
  card that fits now, so no such card outside the discard pile means the maximum is reached.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from cardgames.core.errors import OptionsError, clip
from cardgames.core.game import ActionSpace, Move, State, shared_fields
from cardgames.core.limits import check_seat
from cardgames.core.record import Record
from cardgames.hanabi.actions import (
    BONUS_TILES,
    ActionTables,
    BonusChoice,
    BonusClue,
    BonusEffect,
    BonusPlay,
    BonusReshuffle,
    Clue,
    DeckDiscard,
    DeckPlay,
    Discard,
    HanabiAction,
    HiddenClue,
    Play,
    hidden_clue_word,
)
from cardgames.hanabi.cards import START_RANK, Card, counted
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.events import (
    Clued,
    Discarded,
    Drew,
    EndReason,
    FireworkCompleted,
    FuseLost,
    GameEnded,
    HiddenClued,
    Played,
    Thrown,
    TileDrawn,
    TokenRegained,
)
from cardgames.hanabi.names import empty_clues_in_rules_version_2, variant_from_data
from cardgames.hanabi.rules import HanabiVariant, PlayOrder, ScoreRule
from cardgames.hanabi.view import (
    HanabiPublicView,
    HanabiView,
    OwnSlot,
    PublicSlot,
    SeenSlot,
    cards_in_mask,
)

if TYPE_CHECKING:
    from typing import Self

__all__ = ["HanabiState", "rating"]

# Up-or-down firework directions.
_UNDECIDED, _UP, _DOWN = 0, 1, 2


def rating(score: int, max_score: int, *, perfect_needed: bool = False) -> str:
    """The rulebook's rating line for `score`.

    Bands: 0-5 horrible, 6-10 mediocre, 11-15 honourable, 16-20 excellent, 21-24
    extraordinary, 25 legendary; with a sixth suit (maximum 30) 25-29 legendary and 30
    divine. Interpretation: with a maximum above 25 the top score is "divine"; with a maximum
    below 25 the score is scaled to 25 first. All or nothing has only a win or a loss.
    """
    if perfect_needed:
        return ("perfect show, the team wins" if score == max_score
                else "the show is not perfect, the team loses")
    if max_score > 25:
        if score >= max_score:
            return "divine!"
        scaled = min(score, 25)
    elif max_score < 25:
        scaled = score * 25 // max_score
    else:
        scaled = score
    if scaled <= 5:
        return "horrible, booed by the crowd"
    if scaled <= 10:
        return "mediocre, just a spatter of applause"
    if scaled <= 15:
        return "honourable, but not very memorable"
    if scaled <= 20:
        return "excellent, crowd pleasing"
    if scaled <= 24:
        return "extraordinary, will be remembered for a very long time"
    return "legendary, everyone left speechless, stars in their eyes"


class _Tables(ActionTables):
    """Everything fixed by (variant, number of players): the actions (pre-built, the
    notation, the ids) and the engine's bit tables."""

    def __init__(self, variant: HanabiVariant, players: int) -> None:
        super().__init__(variant, players)
        types = variant.card_types
        self.type_count = len(types)
        self.all_types_mask = (1 << len(types)) - 1
        suit_index = {suit.letter: i for i, suit in enumerate(variant.suits)}
        self.type_suit = tuple(suit_index[card.suit] for card in types)
        self.type_rank = tuple(card.rank for card in types)
        self.type_copies = tuple(
            variant.copies(self.type_suit[t], card.rank) for t, card in enumerate(types))
        self.suit_types = tuple(
            sum(1 << t for t in range(len(types)) if self.type_suit[t] == s)
            for s in range(len(variant.suits)))
        self.suit_type_by_rank = tuple(
            {card.rank: t for t, card in enumerate(types) if self.type_suit[t] == s}
            for s in range(len(variant.suits)))
        # Bit c of touch[t]: clue value c (in clue_values' order) touches type t.
        touch = []
        for t, card in enumerate(types):
            bits = 0
            for c, value in enumerate(self.clue_values):
                if variant.touches(self.type_suit[t], card.rank, value):
                    bits |= 1 << c
            touch.append(bits)
        self.touch = tuple(touch)
        self.clue_types = tuple(
            sum(1 << t for t in range(len(types)) if touch[t] >> c & 1)
            for c in range(len(self.clue_values)))
        self.colour_clue_bits = sum(
            1 << c for c, colour in enumerate(self.clue_is_colour) if colour)
        self.rank_clue_bits = sum(
            1 << c for c, colour in enumerate(self.clue_is_colour) if not colour)
        # Clues allowed even when they touch nothing: every clue with the empty-clues option,
        # and a kind that touches nothing by the variant's rule (colour or number blind).
        self.empty_ok_bits = (
            (1 << len(self.clue_values)) - 1 if variant.empty_clues else
            (self.colour_clue_bits if variant.colour_clues_touch_nothing else 0)
            | (self.rank_clue_bits if variant.rank_clues_touch_nothing else 0))
        # Alternating clues: the clue bits allowed after a colour clue (0) or a rank clue (1).
        self.alternating = variant.alternating_clues
        self.after_kind = (self.rank_clue_bits, self.colour_clue_bits)
        # Cow & Pig and Duck: per clue, the word its receiver hears instead of the value
        # (None: the value is told), and the cards a touched card may then be.
        words = [hidden_clue_word(variant, value) for value in self.clue_values]
        told: list[int] = []
        all_touched = 0
        for types_touched in self.clue_types:
            all_touched |= types_touched
        for c, colour in enumerate(self.clue_is_colour):
            same_kind = 0
            for d, other in enumerate(self.clue_is_colour):
                if other == colour:
                    same_kind |= self.clue_types[d]
            told.append(self.clue_types[c] if words[c] is None
                        else all_touched if variant.duck else same_kind)
        self.clue_word = tuple(words)
        self.hides_clues = variant.duck or variant.cow_and_pig
        self.told_types = tuple(told)
        # Clue tokens are counted in units: halves with clue starved (a clue costs two, a
        # discard or a completed firework gives one), whole tokens otherwise.
        self.unit = 2 if variant.clue_starved else 1
        self.max_units = variant.clue_tokens * self.unit
        # Orange (inverted) suits: playing one of their cards discards it and discarding
        # plays it; with one in the game a discard is legal with every token available.
        self.inverted_types = sum(
            1 << t for t in range(len(types)) if variant.suits[self.type_suit[t]].inverted)
        # The types a deck play discards: the inverted ones (none in rules version 1's
        # records, where a deck play always played).
        self.deck_discard_types = 0 if variant.deck_plays_always_play else self.inverted_types
        self.hole = variant.throw_it_in_a_hole
        self.sudoku = variant.sudoku
        self.black_powder = tuple(
            suit.score_rule is ScoreRule.BLACK_POWDER for suit in variant.suits)
        self.row_length = tuple(suit.row_length for suit in variant.suits)
        self.orders = tuple(suit.order for suit in variant.suits)
        # The ranks of an ascending or descending firework, in play order.
        self.play_sequence = tuple(
            suit.row_ranks[::-1] if suit.order is PlayOrder.DESCENDING else suit.row_ranks
            for suit in variant.suits)
        # In a firework played in one fixed order, the card that fits after type t (as
        # type bits; 0 after the last): what HanabiState._next_playable finds there. -1
        # where the firework so far decides (up or down, sudoku).
        next_bits = []
        for kind in range(len(types)):
            suit = self.type_suit[kind]
            if self.sudoku or self.orders[suit] is PlayOrder.UP_OR_DOWN:
                next_bits.append(-1)
                continue
            sequence = self.play_sequence[suit]
            after = sequence.index(self.type_rank[kind]) + 1
            nxt = (self.suit_type_by_rank[suit].get(sequence[after])
                   if after < self.row_length[suit] else None)
            next_bits.append(0 if nxt is None else 1 << nxt)
        self.next_bits = tuple(next_bits)
        first_ranks = tuple(
            suit.row_ranks if self.sudoku
            else (1, 5, START_RANK) if suit.order is PlayOrder.UP_OR_DOWN else (sequence[0],)
            for suit, sequence in zip(variant.suits, self.play_sequence, strict=True))
        self.initial_playable = sum(
            1 << self.suit_type_by_rank[s][rank]
            for s, ranks in enumerate(first_ranks) for rank in ranks
            if rank in self.suit_type_by_rank[s])
        # Knowledge masks -> card sets, filled by views; bounded by the clue combinations.
        self.mask_cards: dict[int, frozenset[Card]] = {}
        # Whether every clue to another player is legal whenever a token is there.
        self.all_clues_legal = variant.empty_clues and not self.alternating
        # Whether some clue is legal only when it touches a card: then each state keeps the
        # clue bits of every hand up to date (bonus clues must touch).
        self.clue_filter = not self.all_clues_legal or variant.bonus_tiles
        self.deck_plays = variant.deck_plays
        self.all_or_nothing = variant.all_or_nothing
        self.early_end = variant.early_end
        self.start_score = -sum(
            length for length, black in zip(self.row_length, self.black_powder, strict=True)
            if black)
        # The cards of one deck, type by type, in the variant's canonical order.
        self.deck_types = tuple(
            self.type_of_card[card] for card in variant.deck_cards())
        self.deck_census = sorted(self.deck_types)
        # legal_parts[ids][seat][held], filled as needed by legal_parts_of.
        self.legal_parts: tuple[list[list[_LegalParts | None]], ...] = tuple(
            [[None] * (self.hand_size + 1) for _ in range(players)] for _ in range(2))

    def legal_parts_of(self, seat: int, held: int, ids: bool) -> _LegalParts:
        """The pieces legal lists are made of for `seat` holding `held` cards: the actions
        themselves, or (`ids`) their action ids, in the same order."""
        parts = self.legal_parts[ids][seat][held]
        if parts is None:
            plays: tuple[Any, ...] = self.plays[:held]
            discards: tuple[Any, ...] = self.discards[:held]
            clues: tuple[tuple[Any, ...], ...] = self.clues[seat]
            # The deck's moves: play deck, and discard deck where the variant has it.
            deck: tuple[Any, ...] = (
                (self.deck_play, self.deck_discard) if self.variant.deck_discards
                else (self.deck_play,) if self.deck_plays else ())
            if ids:
                id_of = self.action_space(seat, held).ids.__getitem__
                plays = tuple(map(id_of, plays))
                discards = tuple(map(id_of, discards))
                clues = tuple(tuple(map(id_of, per_target)) for per_target in clues)
                deck = tuple(map(id_of, deck))
            parts = _LegalParts(plays, discards, deck, clues)
            self.legal_parts[ids][seat][held] = parts
        return parts


class _LegalParts:
    """The pieces of one seat's legal list (actions or their ids; see
    :meth:`_Tables.legal_parts_of`). The clues to each other seat that touch its hand are
    found by the hand's clue bits: `clue_sets` remembers, per target, the clues each set of
    bits allows, so that finding them is one dictionary look-up."""

    __slots__ = ("all_clues", "clue_sets", "clues", "deck", "discards", "fixed",
                 "fixed_sets", "plays")

    def __init__(self, plays: tuple[Any, ...], discards: tuple[Any, ...],
                 deck: tuple[Any, ...], clues: tuple[tuple[Any, ...], ...]) -> None:
        self.plays = plays
        self.discards = discards
        self.deck = deck
        self.clues = clues
        self.all_clues = tuple(item for per_target in clues for item in per_target)
        self.clue_sets: tuple[dict[int, tuple[Any, ...]], ...] = tuple({} for _ in clues)
        self.fixed: list[tuple[Any, ...] | None] = [None] * 8
        """The plays, then the deck's moves (bit 0 of the index), the discards (bit 1) and
        every clue (bit 2), as one tuple per combination, built when first needed."""
        self.fixed_sets: list[frozenset[int]] = [frozenset()] * 8
        """The ``id()`` of every item of ``fixed[shape]`` (the tables hold the items, so
        no other object can have their ids)."""

    def fix(self, shape: int) -> tuple[Any, ...]:
        """``fixed[shape]``, built."""
        found = (*self.plays, *(self.deck if shape & 1 else ()),
                 *(self.discards if shape & 2 else ()), *(self.all_clues if shape & 4 else ()))
        self.fixed[shape] = found
        self.fixed_sets[shape] = frozenset(map(id, found))
        return found

    def clues_for(self, target: int, bits: int) -> tuple[Any, ...]:
        """The clues to `target` whose bits are set in `bits`, in clue-value order."""
        found = self.clue_sets[target].get(bits)
        if found is None:
            found = tuple(item for c, item in enumerate(self.clues[target]) if bits >> c & 1)
            self.clue_sets[target][bits] = found
        return found


@functools.lru_cache(maxsize=256)
def _tables(variant: HanabiVariant, players: int) -> _Tables:
    return _Tables(variant, players)


def _into_the_hole(events: Sequence[object]) -> Iterator[object]:
    """`events` as throw it in a hole shows them while the game goes on: a play is a card
    thrown face down; whether it fitted (the fuse it burned, the firework it completed) is
    not shown."""
    for event in events:
        if type(event) is Played:
            yield Thrown(event.seat, event.slot, event.order)
        elif type(event) is not FuseLost and type(event) is not FireworkCompleted:
            yield event


class HanabiState(State[HanabiAction]):
    """One game of Hanabi in any variant; see the module docstring for the rules.

    Start one with ``HanabiState.new(variant, players=3, seed=7)`` (or
    ``cardgames.new_game("hanabi", ...)``), or from an explicit deck order (top card first,
    in card notation) with ``HanabiState.new(variant, players=3, deck=["R1", ...])``. With
    an explicit deck the remaining chance (bonus tile order, reshuffles) comes from `seed`
    (0 when None).
    """

    game_name: ClassVar[str] = "hanabi"
    game_title: ClassVar[str] = "Hanabi"
    rules_version: ClassVar[int] = 3
    """2: an orange card's deck play discards it (version 1 played it). 3: a variant chosen by
    a hanab.live name (``No Variant``, ``no-variant+pink``) forbids empty clues unless its
    options allow them, as hanab.live does (version 2 allowed them)."""
    player_counts: ClassVar[range] = range(2, 6)
    derived_slots: ClassVar[frozenset[str]] = frozenset(
        {"_t", "_discard_count", "_playable", "_hand_bits", "_hole_moves", "current_player"})
    """Caches of what the snapshot holds, left out of it: the tables (of the variant and the
    player count), the discards counted by card, the cards that fit the fireworks now, the
    clue bits each hand's cards touch, the moves as throw it in a hole shows them, and the
    seat to act (``_seat`` unless the game is over)."""

    current_player: int | None
    """The seat to act, None once the game is over: a plain attribute (the engine sets it
    after every move) rather than a property, as the base's apply and step and every agent
    loop read it on every move."""

    __slots__ = (
        "_clue_tokens",
        "_clued",
        "_deck_orders",
        "_discard_count",
        "_discards",
        "_end_reason",
        "_final_turns",
        "_fuses",
        "_fw",
        "_fw_dir",
        "_hand_bits",
        "_hands",
        "_hole",
        "_hole_moves",
        "_know",
        "_last_clue",
        "_order_type",
        "_over",
        "_pending",
        "_playable",
        "_rng",
        "_score",
        "_seat",
        "_t",
        "_tiles",
        "_tiles_used",
        "current_player",
    )

    def _setup(self, deck: tuple[str, ...] | None) -> None:
        variant: HanabiVariant = self.options
        if not isinstance(variant, HanabiVariant):
            raise OptionsError(
                f"HanabiState.new takes a HanabiVariant (got {clip(repr(variant))}); make "
                f"one with cardgames.hanabi.variant(name), or use cardgames.new_game")
        players = len(self.players)
        if variant.starting_player >= players:
            raise OptionsError(
                f"'starting_player' must be below the number of players {players} "
                f"(got {variant.starting_player})"
            )
        t = _tables(variant, players)
        dealt = t.hand_size * players
        if len(t.deck_types) <= dealt:
            raise OptionsError(
                f"variant {variant.name!r} has {len(t.deck_types)} cards, too few to deal "
                f"{players} hands of {t.hand_size} and keep a draw pile"
            )
        seed = self.seed
        if deck is None:
            assert seed is not None  # State.new draws one when neither is given
            rng = random.Random(seed)
            # A uniform shuffle by sorting on random keys: the same distribution as
            # rng.shuffle, several times faster for a whole deck (set-up cost matters in
            # simulations of short games).
            draw = rng.random
            keys = [draw() for _ in t.deck_types]
            positions = sorted(range(len(keys)), key=keys.__getitem__)
            order_types: Sequence[int] = itemgetter(*positions)(t.deck_types)
        else:
            rng = random.Random(0 if seed is None else seed)
            order_types = self._read_deck(t, deck)
            self.deck = tuple(str(t.card_types[x]) for x in order_types)
        self._t = t
        self._order_type = tuple(order_types)
        size = t.hand_size
        # Hands are stored oldest first: the first card dealt to a seat is its oldest card
        # (the highest slot), as if each card had been drawn in turn.
        self._hands = [list(range(seat * size, (seat + 1) * size)) for seat in range(players)]
        self._hand_bits = ([self._bits_of(hand) for hand in self._hands] if t.clue_filter
                           else [0] * players)
        know = [t.all_types_mask] * size
        self._know = [know.copy() for _ in range(players)]
        clued = [False] * size
        self._clued = [clued.copy() for _ in range(players)]
        self._deck_orders = list(range(len(order_types) - 1, dealt - 1, -1))  # top = last
        self._discards: list[int] = []
        self._discard_count = [0] * t.type_count
        self._clue_tokens = t.max_units  # in units: halves with clue starved
        self._fuses = variant.fuses
        suit_count = len(variant.suits)
        self._fw: list[list[int]] = [[] for _ in range(suit_count)]
        self._fw_dir = [_UNDECIDED] * suit_count
        self._playable = t.initial_playable
        self._score = t.start_score
        self._seat = variant.starting_player
        self.current_player = self._seat
        self._final_turns = -1
        self._over = False
        self._end_reason: EndReason | None = None
        self._pending: BonusEffect | None = None
        self._last_clue = -1  # alternating clues: the last kind, 0 colour, 1 rank, -1 none yet
        self._hole: list[int] = []  # throw it in a hole: the orders played face down
        self._hole_moves: list[Move[HanabiAction]] = []
        if variant.bonus_tiles:
            tiles = list(BONUS_TILES)
            rng.shuffle(tiles)
            self._tiles: list[BonusEffect] = tiles
            self._rng: random.Random | None = rng
        else:
            self._tiles = []
            self._rng = None
        self._tiles_used: list[BonusEffect] = []

    @staticmethod
    def _read_deck(t: _Tables, deck: Sequence[str]) -> list[int]:
        types: list[int] = []
        for text in deck:
            card = Card.from_str(text)
            index = t.type_of_card.get(card)
            if index is None:
                raise OptionsError(
                    f"deck card {text!r} is not a card of {t.variant.name!r}; cards: "
                    f"{', '.join(map(str, t.card_types))}"
                )
            types.append(index)
        if sorted(types) != t.deck_census:
            got, want = Counter(types), Counter(t.deck_types)
            extra = ", ".join(f"{t.card_types[x]}×{n}" for x, n in sorted((got - want).items()))
            missing = ", ".join(
                f"{t.card_types[x]}×{n}" for x, n in sorted((want - got).items()))
            raise OptionsError(
                f"the explicit deck must hold exactly the {len(t.deck_types)} cards of "
                f"{t.variant.name!r} (got {counted(len(types), 'card')}; too many: "
                f"{extra or 'none'}; missing: {missing or 'none'})"
            )
        return types

    # ================================================================= public queries
    @property
    def variant(self) -> HanabiVariant:
        """The variant (the state's options)."""
        variant: HanabiVariant = self.options
        return variant

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._over

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (None while it goes on)."""
        return self._end_reason

    @property
    def score(self) -> int:
        """The team's score now (0 after the last fuse, unless the variant keeps it)."""
        if self._over and self._end_reason is not None:
            if (self._end_reason is EndReason.STRIKEOUT
                    and not self.variant.score_after_strikeout):
                return 0
            if self.variant.all_or_nothing and self._end_reason is not EndReason.PERFECT:
                return 0
        return self._score

    @property
    def fireworks_score(self) -> int:
        """The fireworks' score, whatever the ending (black powder counted)."""
        return self._score

    def scores(self) -> list[int]:
        """The team score, once per seat."""
        return [self.score] * len(self.players)

    @property
    def max_score(self) -> int:
        """The score of a perfect game."""
        return self.variant.max_score

    @property
    def rating(self) -> str:
        """The rulebook's rating line for the current score."""
        return rating(self.score, self.max_score, perfect_needed=self.variant.all_or_nothing)

    @property
    def clue_tokens(self) -> int:
        """Whole clue tokens available (clue starved: a half token is not counted here, see
        :attr:`half_clue_token`)."""
        return self._clue_tokens // self._t.unit

    @property
    def half_clue_token(self) -> bool:
        """Clue starved: whether half a token is there besides :attr:`clue_tokens`."""
        return self._clue_tokens % self._t.unit == 1

    @property
    def hole(self) -> tuple[int, ...]:
        """Throw it in a hole: the deck positions of the cards played face down so far."""
        return tuple(self._hole)

    @property
    def fuses(self) -> int:
        """Fuse tokens left."""
        return self._fuses

    @property
    def deck_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self._deck_orders)

    @property
    def final_round_turns(self) -> int | None:
        """Turns left in the final round, None before it starts."""
        return None if self._final_turns < 0 else self._final_turns

    @property
    def pending_tile(self) -> BonusEffect | None:
        """The bonus tile effect (3-6) whose choice the current player must make, or None."""
        return self._pending

    @property
    def bonus_tiles_left(self) -> int:
        """Bonus tiles not drawn yet."""
        return len(self._tiles)

    @property
    def bonus_tile_order(self) -> tuple[int, ...]:
        """The bonus tiles still face down, the next one first. Omniscient: not for agents."""
        return tuple(reversed(self._tiles))

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards of `seat`, slot 1 (newest) first. Omniscient: not for agents."""
        types = self._t.card_types
        order_type = self._order_type
        return tuple(types[order_type[o]] for o in reversed(self._hands[seat]))

    def hand_orders(self, seat: int) -> tuple[int, ...]:
        """The deck positions ("orders", hanab.live's card ids) of `seat`'s cards, slot 1 first."""
        return tuple(reversed(self._hands[seat]))

    def deck_order_of_top(self) -> int | None:
        """The deck position of the top card of the draw pile (None if it is empty)."""
        return self._deck_orders[-1] if self._deck_orders else None

    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top first. Omniscient: not for agents."""
        types = self._t.card_types
        return tuple(types[self._order_type[o]] for o in reversed(self._deck_orders))

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard pile, oldest first."""
        types = self._t.card_types
        return tuple(types[self._order_type[o]] for o in self._discards)

    @property
    def fireworks(self) -> tuple[tuple[Card, ...], ...]:
        """Per suit, the cards played on it, in play order."""
        types = self._t.card_types
        return tuple(tuple(types[x] for x in stack) for stack in self._fw)

    def card_at(self, order: int) -> Card:
        """The card dealt at deck position `order`."""
        return self._t.card_types[self._order_type[order]]

    def slot_of_order(self, seat: int, order: int) -> int | None:
        """The slot (1 = newest) holding the card with deck position `order`, or None."""
        hand = self._hands[seat]
        if order in hand:
            return len(hand) - hand.index(order)
        return None

    def playable_cards(self) -> frozenset[Card]:
        """The cards that would fit on a firework now."""
        return cards_in_mask(self._playable, self._t.card_types)

    # ================================================================= notation
    def seat_of(self, word: str) -> int:
        """A seat index from a 1-based seat number or a player name; NotationError otherwise."""
        return self._t.seat_of(word, self.players)

    def parse(self, text: str) -> HanabiAction:
        """Read a move (:meth:`ActionTables.parse <cardgames.hanabi.actions.ActionTables.parse>`:
        ``play N``, ``clue P red``, ...). NotationError names the offending word."""
        return self._t.parse(text, self.players)

    # ================================================================= action ids
    def action_space(self) -> ActionSpace[HanabiAction]:
        """The action ids now, relative to the player to act (as HLE numbers its moves; see
        :meth:`ActionTables.action_space <cardgames.hanabi.actions.ActionTables.action_space>`).
        For the standard game these are exactly HLE's move uids (which OpenSpiel uses too).
        """
        seat = self._seat
        held = len(self._hands[seat])
        # The cached space first: this runs on every step() and legal_action_ids().
        space = self._t.action_spaces.get((seat, held))
        return self._t.action_space(seat, held) if space is None else space

    # ================================================================= legality
    def _legal_actions(self) -> list[HanabiAction]:
        legal: list[HanabiAction] = self._legal_list(False)
        return legal

    def _legal_list(self, ids: bool = True) -> list[Any]:
        """The legal action ids now (built from id tables, not looked up one by one), or
        (not `ids`) the legal actions in the same order. The ids set ``_id_actions`` (the
        actions by id now), the actions ``_legal_set`` (the ids of their objects, when the
        tables hold them as one set): State.step and State.apply read them."""
        if self._over:
            if not ids:
                self._legal_set = None
            return []
        t = self._t
        seat = self._seat
        if self._pending:
            actions = self._pending_actions()
            if ids:
                space = self.action_space()
                self._id_actions = space.actions
                return [space.ids[action] for action in actions]
            self._legal_set = None
            return actions
        held = len(self._hands[seat])
        parts = t.legal_parts[ids][seat][held] or t.legal_parts_of(seat, held, ids)
        tokens = self._clue_tokens
        can_clue = tokens >= t.unit
        # Which of the fixed pieces are legal (see _LegalParts.fixed).
        shape = ((t.deck_plays and len(self._deck_orders) == 1)
                 | (tokens < t.max_units or t.inverted_types != 0) << 1
                 | (can_clue and t.all_clues_legal) << 2)
        fixed = parts.fixed[shape] or parts.fix(shape)
        legal = list(fixed)
        if ids:
            self._id_actions = t.id_actions[seat][held]  # built with the ids' parts
        else:
            # When the fixed pieces are the whole list, apply() finds a move by identity in
            # their set (one hash look-up instead of a scan of the list).
            self._legal_set = (parts.fixed_sets[shape]
                               if not can_clue or t.all_clues_legal else None)
        if can_clue and not t.all_clues_legal:
            # The hand's clue bits (what its cards' types touch) pick the clues.
            if self._last_clue < 0 or not t.alternating:
                allowed = -1
            else:
                allowed = t.after_kind[self._last_clue]
            empty_ok = t.empty_ok_bits
            clues_for = parts.clues_for
            for target, bits in enumerate(self._hand_bits):
                if target != seat:
                    legal += clues_for(target, (bits | empty_ok) & allowed)
        return legal

    _legal_id_list = _legal_list  # the ids, without a call in between (step's hot path)

    def _touching_clues(
        self, per_target: Sequence[Sequence[Any]], allowed: int = -1
    ) -> list[Any]:
        """The clues of `per_target` (per seat, in clue-value order) that may be given: those
        in the bits `allowed` that touch a card of the target, or may touch none."""
        empty_ok = self._t.empty_ok_bits
        found: list[Any] = []
        for target, actions in enumerate(per_target):
            bits = (self._hand_bits[target] | empty_ok) & allowed
            found.extend(action for c, action in enumerate(actions) if bits >> c & 1)
        return found

    def _pending_actions(self) -> list[HanabiAction]:
        t = self._t
        tile = self._pending
        seat = self._seat
        if tile in (BonusEffect.COLOUR_CLUE, BonusEffect.RANK_CLUE):
            wanted = t.colour_clue_bits if tile is BonusEffect.COLOUR_CLUE else t.rank_clue_bits
            return self._touching_clues(t.bonus_clues[seat], wanted)
        types = sorted({self._order_type[o] for o in self._discards})
        if tile is BonusEffect.RESHUFFLE:
            return [t.bonus_reshuffles[x] for x in types]
        return [t.bonus_plays[x] for x in types if self._playable >> x & 1]

    def illegal_reason(self, action: HanabiAction) -> str:
        """Why `action` is refused now, in the rules' words."""
        if self._over:
            return "the game is over"
        seat = self._seat
        pending = self._pending
        if pending and not isinstance(action, BonusClue | BonusReshuffle | BonusPlay):
            choice = BonusChoice(seat, pending)
            return f"the bonus tile needs your choice first ({pending.text}; write {choice.form})"
        if isinstance(action, Play | Discard):
            size = len(self._hands[seat])
            if action.slot > size:
                return f"your hand has {counted(size, 'card')}"
            if isinstance(action, Discard):
                return (f"all {self.variant.clue_tokens} clue tokens are available; "
                        f"you cannot discard")
        if isinstance(action, DeckPlay | DeckDiscard):
            if not self.variant.deck_plays:
                return "deck plays are off in this variant"
            if isinstance(action, DeckDiscard) and not self.variant.deck_discards:
                return ("deck discards need an orange suit in the game (and records of rules "
                        "version 1 have none)")
            return (f"the draw pile holds {counted(len(self._deck_orders), 'card')}; deck moves "
                    f"need 1")
        if isinstance(action, Clue | BonusClue):
            if isinstance(action, BonusClue) and pending not in (
                    BonusEffect.COLOUR_CLUE, BonusEffect.RANK_CLUE):
                return "no bonus clue is due"
            if action.value not in self._t.clue_index:
                clues = ", ".join(map(str, self._t.clue_values))
                return f"{action.value!r} is not a clue in {self.variant.name!r}; clues: {clues}"
            if action.target == seat:
                return "you cannot clue yourself"
            if action.target >= len(self.players):
                return f"there are {len(self.players)} players"
            if isinstance(action, Clue) and self._clue_tokens < self._t.unit:
                return ("no clue token is left" if not self._clue_tokens
                        else "half a clue token is left; a clue costs a whole one")
            if (isinstance(action, Clue) and self._t.alternating and self._last_clue >= 0
                    and isinstance(action.value, str) == (self._last_clue == 0)):
                last, next_ = ("colour", "rank") if self._last_clue == 0 else ("rank", "colour")
                return (f"clues alternate: the last clue was a {last} clue, so this one must "
                        f"be a {next_} clue")
            colour = pending is BonusEffect.COLOUR_CLUE
            if isinstance(action, BonusClue) and pending in (
                    BonusEffect.COLOUR_CLUE, BonusEffect.RANK_CLUE) and (
                    isinstance(action.value, str) != colour):
                return f"bonus tile {pending} gives a {'colour' if colour else 'rank'} clue"
            return "the clue touches no card and empty clues are off"
        if isinstance(action, BonusReshuffle | BonusPlay):
            if pending is not (BonusEffect.RESHUFFLE if isinstance(action, BonusReshuffle)
                               else BonusEffect.PLAY_DISCARD):
                return "no such bonus choice is due"
            if isinstance(action, BonusPlay):
                return f"no discarded {action.card} that fits a firework"
            return f"no {action.card} in the discard pile"
        return "it is not among the legal actions now"

    # ================================================================= applying
    def _act(self, action: HanabiAction, events: list[object] | None) -> None:
        """Carry out a legal action; its events go to `events`, or nowhere when it is None
        (:meth:`step` asks for none: building them is a third of a move's cost)."""
        seat = self._seat
        # Dispatch on the exact class: `type(...) is` tests cost a fraction of structural
        # pattern matching on this hot path, and mypy narrows on them just the same.
        t = self._t
        if type(action) is Play:
            order = self._take_from_hand(seat, action.slot)
            if t.inverted_types and t.inverted_types >> self._order_type[order] & 1:
                self._discard_card(order, action.slot, events)
            else:
                self._play_card(order, action.slot, events)
        elif type(action) is Clue:
            self._clue_tokens -= t.unit
            self._give_clue(action.target, action.value, False, events)
        elif type(action) is Discard:
            order = self._take_from_hand(seat, action.slot)
            if t.inverted_types and t.inverted_types >> self._order_type[order] & 1:
                self._play_card(order, action.slot, events)
            else:
                self._discard_card(order, action.slot, events)
        elif type(action) is DeckPlay:
            order = self._deck_orders.pop()
            if t.deck_discard_types >> self._order_type[order] & 1:
                self._discard_card(order, None, events)
            else:
                self._play_card(order, None, events)
        elif type(action) is DeckDiscard:  # exists only where deck plays swap too
            order = self._deck_orders.pop()
            if t.inverted_types >> self._order_type[order] & 1:
                self._play_card(order, None, events)
            else:
                self._discard_card(order, None, events)
        elif type(action) is BonusClue:
            self._pending = None
            self._give_clue(action.target, action.value, True, events)
        elif type(action) is BonusReshuffle:
            self._pending = None
            self._deck_orders.append(self._take_discard(action.card))
            assert self._rng is not None  # bonus tiles always keep their generator
            self._rng.shuffle(self._deck_orders)
            if events is not None:
                events.append(TileDrawn(BonusEffect.RESHUFFLE,
                                        f"{action.card} shuffled back into the draw pile"))
        elif type(action) is BonusPlay:
            self._pending = None
            order = self._take_discard(action.card)
            if events is not None:
                events.append(TileDrawn(BonusEffect.PLAY_DISCARD,
                                        f"{action.card} played from the discard pile"))
            self._play_card(order, None, events, from_discards=True)
        if not self._over and self._pending is None:
            self._end_turn(events)
        self.current_player = None if self._over else self._seat

    def _discard_card(self, order: int, slot: int | None, events: list[object] | None) -> None:
        """Put the card `order` (from `slot` of the current player's hand, None: from the
        deck) on the discard pile; a token unit returns unless every token is there
        (possible only with an orange suit in the game)."""
        t = self._t
        kind = self._order_type[order]
        self._discards.append(order)
        self._discard_count[kind] += 1
        if self._clue_tokens < t.max_units:
            self._clue_tokens += 1
        if events is not None:
            events.append(Discarded(self._seat, t.card_types[kind], slot, order))
        if t.all_or_nothing and not self._all_completable():
            self._finish(EndReason.CARD_GONE, events)

    def _take_from_hand(self, seat: int, slot: int) -> int:
        """Remove the card in `slot` of `seat`'s hand (with its knowledge); its order."""
        hand = self._hands[seat]
        index = len(hand) - slot
        del self._know[seat][index]
        del self._clued[seat][index]
        order = hand.pop(index)
        if self._t.clue_filter:
            self._hand_bits[seat] = self._bits_of(hand)
        return order

    def _bits_of(self, hand: list[int]) -> int:
        """The clue bits that touch some card of `hand` (see :attr:`_Tables.touch`)."""
        touch = self._t.touch
        order_type = self._order_type
        bits = 0
        for order in hand:
            bits |= touch[order_type[order]]
        return bits

    def _give_clue(
        self, target: int, value: str | int, free: bool, events: list[object] | None
    ) -> None:
        t = self._t
        c = t.clue_index[value]
        if t.alternating and not free:
            self._last_clue = 0 if t.clue_is_colour[c] else 1
        if t.hides_clues:  # the receiver learns only that a clue of some value touched
            bit_types, anti = t.told_types[c], -1
        else:
            bit_types = t.clue_types[c]
            anti = ~bit_types
        touch = t.touch
        order_type = self._order_type
        hand = self._hands[target]
        know = self._know[target]
        clued = self._clued[target]
        size = len(hand)
        slots = []
        for i in range(size):
            if touch[order_type[hand[i]]] >> c & 1:
                know[i] &= bit_types
                clued[i] = True
                slots.append(size - i)
            else:
                know[i] &= anti
        if events is not None:
            slots.reverse()
            events.append(Clued(self._seat, target, value, tuple(slots), free))

    def _take_discard(self, card: Card) -> int:
        kind = self._t.type_of_card[card]
        discards = self._discards
        for i in range(len(discards) - 1, -1, -1):
            if self._order_type[discards[i]] == kind:
                order = discards.pop(i)
                self._discard_count[kind] -= 1
                return order
        raise AssertionError(f"no {card} in the discard pile")  # legality was checked

    def _play_card(
        self, order: int, slot: int | None, events: list[object] | None, *,
        from_discards: bool = False,
    ) -> None:
        t = self._t
        kind = self._order_type[order]
        if t.hole and not from_discards:
            self._hole.append(order)
        if self._playable >> kind & 1:
            suit = t.type_suit[kind]
            stack = self._fw[suit]
            stack.append(kind)
            self._score += 1
            bits = t.next_bits[kind]
            if bits < 0:  # up or down, or sudoku: the firework so far decides
                if t.orders[suit] is PlayOrder.UP_OR_DOWN and self._fw_dir[suit] == _UNDECIDED:
                    rank = t.type_rank[kind]
                    if rank in (1, 2):
                        self._fw_dir[suit] = _UP
                    elif rank in (4, 5):
                        self._fw_dir[suit] = _DOWN
                bits = self._next_playable(suit)
            self._playable = (self._playable & ~t.suit_types[suit]) | bits
            if t.sudoku and len(stack) == 1:
                # A sudoku start rank is taken: the other empty fireworks cannot start there.
                for other, other_stack in enumerate(self._fw):
                    if not other_stack:
                        self._playable = ((self._playable & ~t.suit_types[other])
                                          | self._next_playable(other))
            if not from_discards and events is not None:
                events.append(Played(self._seat, t.card_types[kind], slot, True, order))
            if len(stack) == t.row_length[suit]:
                if events is not None:
                    events.append(FireworkCompleted(t.variant.suits[suit].name))
                if all(len(self._fw[s]) == t.row_length[s] for s in range(len(self._fw))):
                    # The last firework still returns its token (hanab.live counts it in the
                    # final tally); a bonus tile would have nothing left to do.
                    if self._clue_tokens < t.max_units and not t.hole:
                        self._clue_tokens += 1
                        if events is not None:
                            events.append(TokenRegained(self.clue_tokens, t.unit == 2))
                    self._finish(EndReason.PERFECT, events)
                    return
                if not t.hole:  # a firework completed in the hole returns nothing
                    self._firework_completed(events)
        else:
            self._discards.append(order)
            self._discard_count[kind] += 1
            self._fuses -= 1
            if events is not None:
                events.append(Played(self._seat, t.card_types[kind], slot, False, order))
                events.append(FuseLost(self._fuses))
            if self._fuses == 0:
                self._finish(EndReason.STRIKEOUT, events)
                return
            if self.variant.all_or_nothing and not self._all_completable():
                self._finish(EndReason.CARD_GONE, events)

    def _next_playable(self, suit: int) -> int:
        """The type bits of the cards that fit on `suit`'s firework now."""
        t = self._t
        stack = self._fw[suit]
        by_rank = t.suit_type_by_rank[suit]
        row = t.row_length[suit]
        if len(stack) >= row:
            return 0
        order = t.orders[suit]
        ranks: tuple[int, ...]
        if t.sudoku:
            row_ranks = t.play_sequence[suit]
            if stack:  # the next rank up, wrapping from the highest to the lowest
                last = t.type_rank[stack[-1]]
                ranks = (last + 1 if last < row_ranks[-1] else row_ranks[0],)
            else:  # any rank no other firework started with
                taken = {t.type_rank[other[0]] for other in self._fw if other}
                ranks = tuple(rank for rank in row_ranks if rank not in taken)
        elif order is PlayOrder.UP_OR_DOWN:
            direction = self._fw_dir[suit]
            if not stack:
                ranks = (1, 5, START_RANK)
            elif direction == _UNDECIDED:
                ranks = (2, 4)  # only the START card is down
            else:
                last = t.type_rank[stack[-1]]
                ranks = (last + 1,) if direction == _UP else (last - 1,)
        else:
            ranks = (t.play_sequence[suit][len(stack)],)
        bits = 0
        for rank in ranks:
            kind = by_rank.get(rank)
            if kind is not None:
                bits |= 1 << kind
        return bits

    def _firework_completed(self, events: list[object] | None) -> None:
        """A firework was completed: regain a token, or draw and apply a bonus tile.

        Tiles: 1 regain a token; 2 regain a token and restore a lost fuse; 3/4 a free
        colour/rank clue (the current player chooses whom and which); 5 shuffle a chosen
        discarded card back into the pile (tile 6 instead when the pile is empty); 6 play a
        chosen discarded card that fits (completing a firework draws another tile). An effect
        that cannot apply is lost; with no tiles left a token returns as usual.
        """
        variant = self.variant
        if variant.bonus_tiles and self._tiles:
            tile = self._tiles.pop()
            self._tiles_used.append(tile)
            if not tile.needs_choice:
                outcome = self._regain_token()
                if tile is BonusEffect.TOKEN_AND_FUSE and self._fuses < variant.fuses:
                    self._fuses += 1
                    outcome += ", a fuse is restored"
                elif tile is BonusEffect.TOKEN_AND_FUSE:
                    outcome += ", no fuse was lost"
                if events is not None:
                    events.append(TileDrawn(tile, outcome))
                return
            effect = (BonusEffect.PLAY_DISCARD
                      if tile is BonusEffect.RESHUFFLE and not self._deck_orders else tile)
            self._pending = effect
            if self._pending_actions():
                text = effect.text
                if effect != tile:
                    text += " (the draw pile is empty, so tile 6 applies)"
                if events is not None:
                    events.append(TileDrawn(tile, f"{text}: your choice"))
            else:
                self._pending = None
                if events is not None:
                    events.append(TileDrawn(tile, f"{effect.text}: not possible, lost"))
            return
        if self._clue_tokens < self._t.max_units:
            self._clue_tokens += 1
            if events is not None:
                events.append(TokenRegained(self.clue_tokens, self._t.unit == 2))

    def _regain_token(self) -> str:
        if self._clue_tokens < self._t.max_units:
            self._clue_tokens += 1
            return "a clue token returns" if self._t.unit == 1 else "half a clue token returns"
        return "every clue token is already available"

    def _end_turn(self, events: list[object] | None) -> None:
        seat = self._seat
        deck = self._deck_orders
        t = self._t
        # A short hand with cards in the pile is always the draw this turn owes: hands only
        # shrink (all or nothing) once the pile is empty.
        hand = self._hands[seat]
        if deck and len(hand) < t.hand_size:
            order = deck.pop()
            hand.append(order)
            if t.clue_filter:
                self._hand_bits[seat] |= t.touch[self._order_type[order]]
            self._know[seat].append(t.all_types_mask)
            self._clued[seat].append(False)
            if events is not None:
                events.append(Drew(seat, len(deck), order))
        if self._final_turns > 0:
            self._final_turns -= 1
            if self._final_turns == 0:
                self._finish(EndReason.FINAL_ROUND, events)
                return
        players = t.players
        if not deck and self._final_turns < 0 and not t.all_or_nothing:
            self._final_turns = players
        self._seat = (seat + 1) % players
        if t.all_or_nothing:
            if (t.early_end and not self._hands[self._seat]
                    and self._clue_tokens < t.unit):
                # hanab.live's softlock: it ends the game rather than skip the player.
                self._finish(EndReason.SOFTLOCK, events)
                return
            for _ in range(players):
                if self._legal_actions():
                    break
                self._seat = (self._seat + 1) % players
            else:
                self._finish(EndReason.STUCK, events)
                return
        if t.early_end and self._nothing_playable():
            self._finish(EndReason.NOTHING_PLAYABLE, events)

    def _nothing_playable(self) -> bool:
        """The early-end test: no card that fits a firework can still reach it.

        A fitting card can reach its firework from the draw pile or from the hand of a
        player who still has a turn; in the final round the players whose last turn is over
        hold dead cards. (Bonus tiles 5 and 6 bring discarded cards back only when a
        firework is completed, which needs a fitting card first.)
        """
        t = self._t
        playable = self._playable
        copies = t.type_copies
        counts = self._discard_count
        kinds = 0
        bits = playable
        kind = 0
        while bits:
            if bits & 1 and counts[kind] < copies[kind]:
                kinds |= 1 << kind
            bits >>= 1
            kind += 1
        if not kinds or self._final_turns < 0:
            return not kinds
        order_type = self._order_type
        if any(kinds >> order_type[order] & 1 for order in self._deck_orders):
            return False
        players = t.players
        for offset in range(self._final_turns):
            for order in self._hands[(self._seat + offset) % players]:
                if kinds >> order_type[order] & 1:
                    return False
        return True

    def _all_completable(self) -> bool:
        """Whether every firework can still be completed (all or nothing needs them all)."""
        return all(self._completable(suit) for suit in range(len(self._fw)))

    def _completable(self, suit: int) -> bool:
        t = self._t
        stack = self._fw[suit]
        if len(stack) >= t.row_length[suit]:
            return True
        by_rank = t.suit_type_by_rank[suit]

        def available(*ranks: int) -> bool:
            for rank in ranks:
                kind = by_rank.get(rank)
                if kind is None or self._discard_count[kind] >= t.type_copies[kind]:
                    return False
            return True

        order = t.orders[suit]
        if t.sudoku:  # a sudoku row needs every rank it does not hold yet, wherever it starts
            held = {t.type_rank[kind] for kind in stack}
            return available(*(rank for rank in t.play_sequence[suit] if rank not in held))
        if order is not PlayOrder.UP_OR_DOWN:
            row_ranks = t.variant.suits[suit].row_ranks
            sequence = row_ranks[::-1] if order is PlayOrder.DESCENDING else row_ranks
            return available(*sequence[len(stack):])
        direction = self._fw_dir[suit]
        if direction != _UNDECIDED:
            last = t.type_rank[stack[-1]]
            return available(*(range(last + 1, 6) if direction == _UP else range(last - 1, 0, -1)))
        if stack:  # only the START card is down: 2-3-4-5 or 4-3-2-1 remain
            return available(2, 3, 4) and (available(5) or available(1))
        starts_up = available(1) or available(START_RANK)
        starts_down = available(5) or available(START_RANK)
        return available(2, 3, 4) and ((starts_up and available(5)) or
                                       (starts_down and available(1)))

    def _finish(self, reason: EndReason, events: list[object] | None) -> None:
        self._over = True
        self._end_reason = reason
        if events is not None:
            events.append(GameEnded(reason, self.score, self.rating))

    # ================================================================= views
    def _public_events(self, events: list[object]) -> list[object]:
        """The events every seat sees: throw it in a hole hides each play until the end."""
        if self._t.hole and not self._over:
            return list(_into_the_hole(events))
        return events

    def _as_seen_by(
        self, moves: list[Move[HanabiAction]], seat: int | None
    ) -> Sequence[Move[HanabiAction]]:
        """The moves as `seat` sees them (None: as every seat sees them, as :meth:`apply`
        returns them).

        Every event is public but two: throw it in a hole hides each play (its card, whether
        it fitted, the fuse it burned, the firework it completed) until the game ends, and
        Cow & Pig and Duck tell a clue's receiver only a word for its value (so what every
        seat sees of a clue is that word, until the end: then a spectator may see them all).
        The moves the hole hides are built once each.
        """
        t = self._t
        if t.hole and not self._over:
            hidden = self._hole_moves
            hidden.extend(Move(move.seat, move.action, tuple(_into_the_hole(move.events)))
                          for move in moves[len(hidden):])
            moves = hidden
        if t.hides_clues:
            if seat is None:  # what every seat sees: each clue as its receiver hears it
                if self._over:  # a spectator's view shows everything once the game is over
                    return moves
                return [self._told(move, move.action.target) if type(move.action) is Clue
                        else move for move in moves]
            return [self._told(move, seat) for move in moves]
        return moves

    def _told(self, move: Move[HanabiAction], seat: int) -> Move[HanabiAction]:
        """`move` as `seat` sees it in Cow & Pig or Duck: a clue to `seat` names only the
        word its receiver hears."""
        action = move.action
        if type(action) is not Clue or action.target != seat:
            return move
        t = self._t
        word = t.clue_word[t.clue_index[action.value]]
        assert word is not None  # every clue hides its value in these variants
        events = tuple(
            HiddenClued(event.seat, event.target, word, event.slots)
            if type(event) is Clued else event
            for event in move.events)
        return Move(move.seat, HiddenClue(action.target, word), events)

    def view(self, seat: int) -> HanabiView:
        """What `seat` may know now (its own cards' identities are absent)."""
        seat = check_seat(seat, len(self.players))
        t = self._t
        types = t.card_types
        order_type = self._order_type

        def slots_of(owner: int) -> list[tuple[int, int, int, bool]]:
            hand = self._hands[owner]
            size = len(hand)
            return [(size - i, hand[i], self._know[owner][i], self._clued[owner][i])
                    for i in range(size - 1, -1, -1)]

        cache = t.mask_cards

        def possible(mask: int) -> frozenset[Card]:
            cards = cache.get(mask)
            if cards is None:
                cards = cache[mask] = cards_in_mask(mask, types)
            return cards

        own = tuple(OwnSlot(slot, possible(mask), touched, order)
                    for slot, order, mask, touched in slots_of(seat))
        variant = self.variant
        if t.hole and not self._over:
            # The hole hides every play: the fireworks, their score and what fits them
            # next, and each misplay's card and fuse.
            thrown = set(self._hole)
            fireworks: tuple[tuple[Card, ...], ...] = tuple(() for _ in self._fw)
            discards = tuple(types[order_type[o]] for o in self._discards if o not in thrown)
            playable: frozenset[Card] = frozenset()
            fuses, score = variant.fuses, t.start_score
        else:
            fireworks, discards, playable = self.fireworks, self.discards, possible(self._playable)
            fuses, score = self._fuses, self.score
        others = tuple(
            () if owner == seat else tuple(
                SeenSlot(slot, types[order_type[order]], possible(mask), touched, order)
                for slot, order, mask, touched in slots_of(owner))
            for owner in range(len(self.players)))
        return HanabiView(
            seat=seat,
            players=self.players,
            variant=self.variant,
            own_hand=own,
            other_hands=others,
            fireworks=fireworks,
            discards=discards,
            playable=playable,
            clue_tokens=self.clue_tokens,
            max_clue_tokens=variant.clue_tokens,
            fuses=fuses,
            max_fuses=variant.fuses,
            deck_size=len(self._deck_orders),
            current_player=self.current_player,
            turn=self.move_count,
            final_round_turns=self.final_round_turns,
            bonus_tiles_left=len(self._tiles),
            bonus_tiles_used=tuple(self._tiles_used),
            pending=None if self._pending is None else BonusChoice(self._seat, self._pending),
            history=self.moves(seat),
            score=score,
            max_score=self.max_score,
            is_over=self._over,
            can_deck_play=(not self._over and self._pending is None and variant.deck_plays
                           and len(self._deck_orders) == 1),
            half_clue_token=self.half_clue_token,
            next_clue_kind=(None if not t.alternating or self._last_clue < 0
                            else ("rank", "colour")[self._last_clue]),
            hole=tuple(self._hole) if t.hole else None,
        )

    def public_view(self) -> HanabiPublicView:
        """What every seat may know (a spectator's view): each hand as its holder knows it,
        the cards shown once the game is over; the rest as every seat sees it (seat 0's
        view holds it); the moves as every seat sees them (:meth:`public_moves`: all of them
        once the game is over)."""
        seen = self.view(0)
        over = self._over

        def public_hand(seat: int) -> tuple[PublicSlot, ...]:
            known: Sequence[OwnSlot | SeenSlot] = (
                seen.own_hand if seat == 0 else seen.other_hands[seat])
            return tuple(PublicSlot(slot.slot, slot.possible, slot.touched, slot.order,
                                    card if over else None)
                         for slot, card in zip(known, self.hand(seat), strict=True))

        hands = tuple(map(public_hand, range(len(self.players))))
        return HanabiPublicView(
            hands=hands, history=self.public_moves(),
            **shared_fields(seen, HanabiPublicView, "hands", "history"))

    # ================================================================= copying, equality
    def _copy_into(self, new: Self) -> None:
        new._t = self._t
        new._order_type = self._order_type
        new._hands = [list(hand) for hand in self._hands]
        new._hand_bits = list(self._hand_bits)
        new._know = [list(k) for k in self._know]
        new._clued = [list(c) for c in self._clued]
        new._deck_orders = list(self._deck_orders)
        new._discards = list(self._discards)
        new._discard_count = list(self._discard_count)
        new._clue_tokens = self._clue_tokens
        new._fuses = self._fuses
        new._fw = [list(stack) for stack in self._fw]
        new._fw_dir = list(self._fw_dir)
        new._playable = self._playable
        new._score = self._score
        new._seat = self._seat
        new.current_player = self.current_player
        new._final_turns = self._final_turns
        new._over = self._over
        new._end_reason = self._end_reason
        new._pending = self._pending
        new._last_clue = self._last_clue
        new._hole = list(self._hole)
        new._tiles = list(self._tiles)
        new._tiles_used = list(self._tiles_used)
        new._hole_moves = list(self._hole_moves)
        if self._rng is None:
            new._rng = None
        else:
            rng = random.Random()
            rng.setstate(self._rng.getstate())
            new._rng = rng

    def snapshot(self) -> tuple[Any, ...]:
        """The complete state as comparable data (bonus-tile generator included)."""
        return (
            self._order_type,
            tuple(map(tuple, self._hands)),
            tuple(map(tuple, self._know)),
            tuple(map(tuple, self._clued)),
            tuple(self._deck_orders),
            tuple(self._discards),
            self._clue_tokens,
            self._fuses,
            tuple(map(tuple, self._fw)),
            tuple(self._fw_dir),
            self._score,
            self._seat,
            self._final_turns,
            self._over,
            self._end_reason,
            self._pending,
            self._last_clue,
            tuple(self._hole),
            tuple(self._tiles),
            tuple(self._tiles_used),
            None if self._rng is None else self._rng.getstate(),
        )

    # ------------------------------------------------------------ registry hooks
    @classmethod
    def upgrade_options(cls, options: dict[str, Any], rules_version: int) -> dict[str, Any]:
        """Records of rules version 1 replay as they were played: there a deck play played
        an orange card, so a game with deck plays and an orange suit keeps
        ``deck_plays_always_play`` (other games are the same under both versions, and keep
        their variant unchanged). Records before version 3 that name their variant without
        saying whether empty clues are allowed (written by hand: the library writes every
        option) keep what that name gave then: empty clues allowed unless it said
        ``no-empty-clues``."""
        if rules_version < 3 and "suits" not in options and "empty_clues" not in options:
            name = options.get("name", "standard")
            if isinstance(name, str) and name.strip():
                options = {"empty_clues": empty_clues_in_rules_version_2(name), **options}
        if rules_version < 2:
            variant = variant_from_data(options)
            if variant.deck_plays and any(suit.inverted for suit in variant.suits):
                options = {"deck_plays_always_play": True, **options}
        return options

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The game so far as a record (see :meth:`State.record`), its options with the
        variant's hanab.live name added for people and other tools reading it (the options
        never read it back: the name is worked out from the rules, by
        :func:`~cardgames.hanabi.catalogue.hanablive_name_of`)."""
        made = super().record(meta)
        options = {**made.options, "hanablive_name": hanablive_name_of(self.variant)}
        return attrs.evolve(made, options=options)

    def outcome_text(self) -> str:
        """``score 23/25: ... (reason)``."""
        text = f"score {self.score}/{self.max_score}: {self.rating}"
        if self.end_reason:
            text += f" ({self.end_reason})"
        return text

    def check_view(self, seat: int) -> None:
        """AssertionError if ``self.view(seat)`` shows the seat's own cards.

        The own hand must be :class:`OwnSlot` values (no card field), one per card; the true
        card must be among each slot's possibilities (knowledge is never wrong); the other
        hands must show exactly the other players' cards.
        """
        view = self.view(seat)
        own = self.hand(seat)
        assert len(view.own_hand) == len(own), "own hand size differs"
        for slot, card in zip(view.own_hand, own, strict=True):
            assert type(slot) is OwnSlot, f"own slot is {type(slot).__name__}, not OwnSlot"
            assert not hasattr(slot, "card"), "an own slot carries a card"
            assert card in slot.possible, f"knowledge excludes the true card {card}"
        assert view.other_hands[seat] == (), "the view holds the seat's own hand"
        for other in range(len(self.players)):
            if other != seat:
                assert tuple(s.card for s in view.other_hands[other]) == self.hand(other)
        t = self._t
        events = ([event for move in view.history for event in move.events]
                  if t.hole or t.hides_clues else [])
        if t.hole and not self._over:
            assert not any(view.fireworks), "the hole shows a firework"
            assert not view.playable, "the hole shows what fits the fireworks"
            assert view.fuses == view.max_fuses, "the hole shows a burned fuse"
            thrown = set(self._hole)
            assert len(view.discards) == sum(o not in thrown for o in self._discards), (
                "the hole shows a misplayed card")
            assert not any(isinstance(e, Played | FuseLost | FireworkCompleted)
                           for e in events), "the history shows a play in the hole"
        if t.hides_clues:
            assert not any(isinstance(e, Clued) and e.target == seat for e in events), (
                "the history tells a clue's value to its receiver")
            assert not any(isinstance(m.action, Clue) and m.action.target == seat
                           for m in view.history), "the history shows a clue to its receiver"

    def check_invariants(self) -> None:
        """AssertionError when a rule invariant breaks.

        Every card is somewhere (pile, hands, fireworks, discards) exactly once; clue tokens
        and fuses stay in range; hands never exceed their size; each firework is a legal
        sequence; the score matches the fireworks (black powder counted) and never passes
        the maximum.
        """
        variant = self.variant
        t = self._t
        # Counted as card type ints (the deck's census is the tables'); fireworks hold types.
        order_type = self._order_type
        orders = [*self._deck_orders, *self._discards]
        for hand in self._hands:
            assert len(hand) <= t.hand_size, "hand too large"
            orders.extend(hand)
        kinds = [order_type[order] for order in orders]
        for played in self._fw:
            kinds.extend(played)
        assert len(set(orders)) == len(orders), "a card is in two places"
        assert sorted(kinds) == t.deck_census, "cards lost or duplicated"
        assert 0 <= self._clue_tokens <= self._t.max_units, f"clue tokens {self._clue_tokens}"
        assert 0 <= self.fuses <= variant.fuses, f"fuses {self.fuses}"
        if not self.is_over:
            assert self.fuses > 0, "the game goes on without fuses"
        assert self.fireworks_score <= variant.max_score, "score passes the maximum"
        # The score is the fireworks' cards, minus the missing black powder cards; as cards
        # only ever join fireworks, it never falls (a test sweep checks that move by move).
        # (start_score is minus the black powder rows' lengths.)
        expected = t.start_score + sum(len(played) for played in self._fw)
        assert self.fireworks_score == expected, "the score does not match the fireworks"
        for suit, played in enumerate(self._fw):
            name = variant.suits[suit].name
            ranks = [t.type_rank[kind] for kind in played]
            row = t.play_sequence[suit]  # in play order (up or down: ascending)
            assert len(ranks) <= t.row_length[suit], f"{name} firework too long"
            assert all(t.type_suit[kind] == suit for kind in played), f"{name} mixes suits"
            if t.sudoku and ranks:
                start = row.index(ranks[0])
                wrapped = [row[(start + i) % len(row)] for i in range(len(ranks))]
                assert ranks == wrapped, f"{name} sudoku firework out of order"
            elif not t.sudoku and t.orders[suit] is not PlayOrder.UP_OR_DOWN:
                assert ranks == list(row[: len(ranks)]), f"{name} firework out of order"
        # The cards that fit now, kept up to date move by move (partly from tables), are
        # what the fireworks say.
        fits = 0
        for suit in range(len(self._fw)):
            fits |= self._next_playable(suit)
        assert self._playable == fits, "the cards that fit do not match the fireworks"
        if t.sudoku:
            starts = [t.type_rank[played[0]] for played in self._fw if played]
            assert len(starts) == len(set(starts)), "two sudoku fireworks start alike"
        held = {order for hand in self._hands for order in hand}
        assert not set(self._hole) & (held | set(self._deck_orders)), (
            "a card in the hole is still in a hand or the pile")
        if not self.is_over:
            assert self.legal_actions(), "the game goes on with no legal action"
