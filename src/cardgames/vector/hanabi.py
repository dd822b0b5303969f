"""Hanabi in JAX: one game as pure functions, batched by :class:`~cardgames.vector.env.VectorEnv`.

>>> import jax
>>> from cardgames import vector
>>> env = vector.make("hanabi", players=2, variant="standard+no-empty-clues")  # HLE's game
>>> env.num_actions, env.observation_shape
(20, (658,))

The rules are those of :class:`cardgames.hanabi.HanabiState`, read from tables built once
from the variant: which clue touches which card (``variant.touches``, so rainbow,
multicolour, black, pink, brown, null, special ranks, funnels ... all come from the table),
the copies of each card, the order of each firework (ascending or descending) and black
powder scoring. Action ids are the Python engine's (``state.action_id``: HLE's move uids for
HLE's games), observations :func:`cardgames.rl.hanabi.observation`'s, the reward of a step
the change of the team score for every seat (as :mod:`cardgames.rl` pays it).

HLE's config: ``make("hanabi", **config)`` takes every key of HLE's game config (``players``,
``colors``, ``ranks``, ``hand_size``, ``max_information_tokens``, ``max_life_tokens``,
``random_start_player``, ``seed``, ``observation_type``) and builds
:func:`cardgames.rl.hanabi.hle_variant`; a value it does not play is refused in one line
naming it (``random_start_player=True``, ``observation_type`` other than 1).

Not played here (OptionsError at make()): up-or-down and orange suits, sudoku, bonus tiles,
deck plays (and so deck discards), early end, all or nothing, clue starved, alternating
clues, Cow & Pig, Duck, Throw it in a hole, and decks of more than 32 card kinds or clue
lists longer than 32.

Colour orders: action ids, observations and ``state.game``'s card kinds follow the id order
(:func:`~cardgames.hanabi.actions.suit_id_order`: HLE's colours in HLE's order R, Y, G, W, B,
then the other suits). Decks for :meth:`HanabiVectorEnv.init_from_deck` hold card codes:
by default indices into ``variant.card_types`` (``env.options.card_types``: the variant's
suit order, R, Y, G, B, W for the standard game); with ``order="hle"`` card kinds in the id
order, which for HLE's games is HLE's card index ``colour * ranks + rank - 1``
(:func:`hle_card_codes` converts). A deck written in one order is a valid deck in the other,
so the order is always said, never guessed.

Chance: a game from :meth:`~cardgames.vector.env.VectorEnv.init` keeps only its hands and
the multiset of undealt cards (public: anyone can count it); each card drawn is drawn from
that multiset with the step's key, so the state holds no future chance. An explicit deck
lists its cards top card first: the first h cards go to seat 0, the next h to seat 1, ... as
in the Python engine; such a replay keeps its deck in its state by design and draws from it
in order.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

import cardgames
from cardgames.core.errors import OptionsError
from cardgames.hanabi.actions import id_clue_values, suit_id_order
from cardgames.hanabi.rules import HanabiVariant, PlayOrder, ScoreRule
from cardgames.rl.hanabi import hle_variant, layout
from cardgames.vector.env import GameFunctions, VectorEnv, VectorState, check_options, no_such

__all__ = ["HLE_CONFIG_KEYS", "HanabiGame", "HanabiTables", "HanabiVectorEnv", "hle_card_codes",
           "make_env"]

Array = jax.Array

_BITS: Final = 32
"""Knowledge and clue marks are uint32 bit sets: at most 32 card kinds and 32 clue values."""
_UNPLAYED: Final = (
    ("bonus_tiles", "bonus tiles"), ("deck_plays", "deck plays"), ("early_end", "early end"),
    ("all_or_nothing", "all or nothing"), ("sudoku", "sudoku"),
    ("clue_starved", "clue starved"), ("alternating_clues", "alternating clues"),
    ("cow_and_pig", "Cow & Pig"), ("duck", "Duck"),
    ("throw_it_in_a_hole", "Throw it in a hole"))
_HLE_WORDS: Final = ("colors", "ranks", "max_information_tokens", "max_life_tokens",
                     "hand_size")
"""HLE's config keys that shape the variant (the others are read on their own)."""
HLE_CONFIG_KEYS: Final = ("players", *_HLE_WORDS, "random_start_player", "seed",
                          "observation_type")
"""Every key of HLE's game config (``pyhanabi.HanabiGame``), all accepted by make()."""
_CARD_KNOWLEDGE: Final = 1
"""HLE's ``AgentObservationType.CARD_KNOWLEDGE``: the observation this engine encodes."""
_DECK_ORDERS: Final = ("cards", "hle")
_PLAY, _DISCARD, _COLOUR_CLUE, _RANK_CLUE = 0, 1, 2, 3
"""Move kinds as the observation's last-move section numbers them."""


class HanabiGame(NamedTuple):
    """One game's own state (card kinds in the observation's order: suits in id order)."""

    deck: Array
    """(D,) int32: a replay's card kinds in drawing order (the deal first), as
    ``init_from_deck`` was given them; -1 throughout for a game dealt from a key, which keeps
    no card order (its draws come from the step's key)."""
    listed: Array
    """() bool: the game draws from `deck` (a replay) rather than from the step's key."""
    undealt: Array
    """(K,) int32: copies of each kind not yet drawn (public: anyone can count them)."""
    drawn: Array
    """() int32: cards taken from the deck so far (the deal included)."""
    hands: Array
    """(P, H) int32: each seat's card kinds, oldest first; -1 past the hand's end."""
    hand_len: Array
    """(P,) int32."""
    know: Array
    """(P, H) uint32: per card, the kinds still possible from the clues (bit = kind)."""
    marks: Array
    """(P, H) uint32: per card, the clue values that have touched it (bit = value)."""
    fireworks: Array
    """(S,) int32: cards on each firework (suits in id order)."""
    discards: Array
    """(K,) int32: discarded (or misplayed) copies per kind."""
    tokens: Array
    fuses: Array
    final_turns: Array
    """() int32: turns left once the deck is empty (-1 before)."""
    seat: Array
    over: Array
    strikeout: Array
    last_player: Array
    """() int32: the seat that moved last (-1 before the first move)."""
    last_kind: Array
    """() int32: play, discard, colour clue, rank clue (-1 none)."""
    last_target: Array
    last_value: Array
    """() int32: the clue value index (id order), -1 if not a clue."""
    last_revealed: Array
    """(H,) bool: the hand indices the last clue touched."""
    last_position: Array
    last_card: Array
    last_scored: Array
    last_token: Array


class HanabiTables:
    """Everything fixed by (variant, players), as numpy arrays the JAX functions close over."""

    def __init__(self, variant: HanabiVariant, players: int) -> None:
        self.variant = variant
        self.players = players
        self.hand_size = h = variant.hand_size(players)
        order = suit_id_order(variant)
        suits = [variant.suits[s] for s in order]
        kinds = [(s, rank) for s in order for rank in variant.suits[s].ranks]
        self.kinds = k = len(kinds)
        kind_of = {kind: i for i, kind in enumerate(kinds)}
        letter_index = {suit.letter: i for i, suit in enumerate(variant.suits)}
        self.kind_of_card_type = np.array(
            [kind_of[letter_index[card.suit], card.rank] for card in variant.card_types],
            np.int32)
        self.deck_types = np.array(
            [variant.card_types.index(card) for card in variant.deck_cards()], np.int32)
        """One deck as card-type indices (init_from_deck's codes)."""
        self.deck_kinds = self.kind_of_card_type[self.deck_types]
        self.deck_size = len(self.deck_types)
        self.kind_suit = np.array([order.index(s) for s, _ in kinds], np.int32)
        self.suit_count = len(suits)
        self.row_length = np.array([suit.row_length for suit in suits], np.int32)
        longest = int(self.row_length.max())
        # next_kind[s, n]: the kind that fits on suit s's firework holding n cards (-1: none).
        self.next_kind = np.full((self.suit_count, longest + 1), -1, np.int32)
        for i, suit in enumerate(suits):
            ranks = (suit.row_ranks[::-1] if suit.order is PlayOrder.DESCENDING
                     else suit.row_ranks)
            for n, rank in enumerate(ranks):
                self.next_kind[i, n] = kind_of[order[i], rank]
        self.start_score = -sum(suit.row_length for suit in suits
                                if suit.score_rule is ScoreRule.BLACK_POWDER)
        values = id_clue_values(variant)
        self.values = v = len(values)
        self.colours = sum(isinstance(value, str) for value in values)
        self.touch = np.array([[variant.touches(s, rank, value) for value in values]
                               for s, rank in kinds], bool)
        self.clue_kinds = np.array(
            [sum(1 << i for i in range(k) if self.touch[i, c]) for c in range(v)], np.uint32)
        empty_ok = [variant.empty_clues
                    or (variant.colour_clues_touch_nothing and isinstance(value, str))
                    or (variant.rank_clues_touch_nothing and isinstance(value, int))
                    for value in values]
        self.empty_ok = np.array(empty_ok, bool)
        self.all_kinds = np.uint32((1 << k) - 1) if k < _BITS else np.uint32(0xFFFFFFFF)
        self.max_tokens = variant.clue_tokens
        self.max_fuses = variant.fuses
        self.starting_player = variant.starting_player
        # Action ids: 0..h-1 discard, h..2h-1 play (hand index, oldest first), then the
        # colour clues of every target offset, then the rank clues (ActionTables' layout).
        p = players
        self.colour_count = c = self.colours
        self.num_actions = 2 * h + (p - 1) * v
        offsets, clue_values, order_of_clue = [], [], []
        for o in range(1, p):
            for value in range(c):
                offsets.append(o)
                clue_values.append(value)
        for o in range(1, p):
            for value in range(c, v):
                offsets.append(o)
                clue_values.append(value)
        for o, value in zip(offsets, clue_values, strict=True):
            order_of_clue.append((o - 1) * v + value)
        pad = [0] * (2 * h)
        self.action_offset = np.array(pad + offsets, np.int32)
        self.action_value = np.array(pad + clue_values, np.int32)
        # The clue part of the mask, from a (P-1, V) table flattened target-major.
        self.clue_mask_index = np.array(order_of_clue, np.int32)
        # The observation's sections (cardgames.rl.hanabi.layout): their offsets, and the
        # tables that place the fireworks and discards thermometers.
        self.layout = lay = layout(variant, players)
        self.observation_size = lay.size
        self.deck_bits = self.deck_size - p * h
        self.firework_suit = np.repeat(np.arange(self.suit_count), self.row_length)
        self.firework_index = np.concatenate([np.arange(n) for n in self.row_length])
        self.copies = np.bincount(self.deck_kinds, minlength=k).astype(np.int32)
        """(K,) the copies of each kind in one deck."""
        self.discard_kind = np.repeat(np.arange(k), self.copies)
        self.discard_copy = np.concatenate([np.arange(n) for n in self.copies])


def _bits(masks: Array, count: int) -> Array:
    """uint32 bit sets -> bool arrays with a last axis of `count` bits."""
    return ((masks[..., None] >> jnp.arange(count, dtype=jnp.uint32)) & 1).astype(bool)


class HanabiFunctions:
    """The pure functions of one game for one table."""

    def __init__(self, t: HanabiTables) -> None:
        self.t = t

    # ----------------------------------------------------------------------- set-up
    def init(self, key: Array) -> VectorState:
        """A game dealt from `key`: the hands only; the rest of the deck is the multiset
        `undealt`, drawn from card by card with each step's key."""
        t = self.t
        shuffled = jax.random.permutation(key, jnp.asarray(t.deck_kinds))
        no_order = jnp.full((t.deck_size,), -1, jnp.int32)
        return self.start(shuffled[: t.players * t.hand_size], no_order, jnp.bool_(False))

    def init_from_deck(self, deck: Array) -> VectorState:
        """`deck`: card-type indices (``variant.card_types``), top card first. The state
        keeps this order (a replay's deck is its own by design) and draws from it."""
        kinds = jnp.asarray(self.t.kind_of_card_type)[deck].astype(jnp.int32)
        return self.start(kinds[: self.t.players * self.t.hand_size], kinds, jnp.bool_(True))

    def start(self, dealt: Array, deck: Array, listed: Array) -> VectorState:
        """The first state once the hands (`dealt`, seat by seat) are dealt."""
        t = self.t
        p, h = t.players, t.hand_size
        hands = dealt.reshape(p, h)
        game = HanabiGame(
            deck=deck,
            listed=listed,
            undealt=jnp.asarray(t.copies) - jnp.zeros((t.kinds,), jnp.int32).at[dealt].add(1),
            drawn=jnp.int32(p * h),
            hands=hands.astype(jnp.int32),
            hand_len=jnp.full((p,), h, jnp.int32),
            know=jnp.full((p, h), t.all_kinds, jnp.uint32),
            marks=jnp.zeros((p, h), jnp.uint32),
            fireworks=jnp.zeros((t.suit_count,), jnp.int32),
            discards=jnp.zeros((t.kinds,), jnp.int32),
            tokens=jnp.int32(t.max_tokens),
            fuses=jnp.int32(t.max_fuses),
            final_turns=jnp.int32(-1),
            seat=jnp.int32(t.starting_player),
            over=jnp.bool_(False),
            strikeout=jnp.bool_(False),
            last_player=jnp.int32(-1),
            last_kind=jnp.int32(-1),
            last_target=jnp.int32(-1),
            last_value=jnp.int32(-1),
            last_revealed=jnp.zeros((h,), bool),
            last_position=jnp.int32(-1),
            last_card=jnp.int32(-1),
            last_scored=jnp.bool_(False),
            last_token=jnp.bool_(False),
        )
        score = self.score(game)
        return VectorState(
            current_player=game.seat,
            legal_action_mask=self.legal(game),
            observation=self.observe_game(game, game.seat),
            rewards=jnp.zeros((p,), jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            scores=jnp.full((p,), score, jnp.int32),
            illegal=jnp.bool_(False),
            step_count=jnp.int32(0),
            game=game,
        )

    # ------------------------------------------------------------------------- rules
    def score(self, game: HanabiGame) -> Array:
        played = game.fireworks.sum() + self.t.start_score
        return jnp.where(game.strikeout, 0, played).astype(jnp.int32)

    def legal(self, game: HanabiGame) -> Array:
        t = self.t
        p, h = t.players, t.hand_size
        seat = game.seat
        held = game.hand_len[seat]
        has_card = jnp.arange(h) < held
        discard = has_card & (game.tokens < t.max_tokens)
        targets = (seat + jnp.arange(1, p)) % p
        cards = game.hands[targets]  # (P-1, H)
        present = cards >= 0
        touched = jnp.asarray(t.touch)[jnp.maximum(cards, 0)] & present[..., None]
        clue_ok = (touched.any(axis=1) | jnp.asarray(t.empty_ok)) & (game.tokens > 0)
        clues = clue_ok.reshape(-1)[jnp.asarray(t.clue_mask_index)]
        mask = jnp.concatenate([discard, has_card, clues])
        return mask & ~game.over

    def step(self, state: VectorState, action: Array, key: Array) -> VectorState:
        t = self.t
        p, h = t.players, t.hand_size
        game: HanabiGame = state.game
        seat = game.seat
        seats = jnp.arange(p)
        index = jnp.arange(h)
        is_discard = action < h
        is_play = (action >= h) & (action < 2 * h)
        is_clue = action >= 2 * h
        position = action % h
        mine = seats == seat

        # Play or discard: the card leaves the hand; later cards move down one index.
        card = game.hands[seat, position]
        removing = ~is_clue

        def without(rows: Array, fill: Any) -> Array:
            shifted = jnp.where(index < position, rows[seat],
                                jnp.where(index < h - 1, jnp.roll(rows[seat], -1), fill))
            return jnp.where(mine[:, None] & removing, shifted[None, :], rows)

        hands = without(game.hands, -1)
        know = without(game.know, jnp.uint32(0))
        marks = without(game.marks, jnp.uint32(0))
        hand_len = game.hand_len - (mine & removing)

        suit = jnp.asarray(t.kind_suit)[card]
        on_suit = game.fireworks[suit]
        fits = jnp.asarray(t.next_kind)[suit, on_suit] == card
        scored = is_play & fits
        missed = is_play & ~fits
        fireworks = game.fireworks.at[suit].add(scored.astype(jnp.int32))
        completed = scored & (fireworks[suit] == jnp.asarray(t.row_length)[suit])
        all_done = (fireworks == jnp.asarray(t.row_length)).all()
        token_back = completed & (game.tokens < t.max_tokens)
        discards = game.discards.at[card].add((is_discard | missed).astype(jnp.int32))
        tokens = (game.tokens + (is_discard | token_back).astype(jnp.int32)
                  - is_clue.astype(jnp.int32))
        fuses = game.fuses - missed.astype(jnp.int32)
        strikeout = missed & (fuses == 0)
        ended = strikeout | (scored & all_done)

        # Clue: every card of the target's hand learns whether the value touches it.
        offset = jnp.asarray(t.action_offset)[action]
        value = jnp.asarray(t.action_value)[action]
        target = (seat + offset) % p
        target_cards = game.hands[target]
        touches = (jnp.asarray(t.touch)[jnp.maximum(target_cards, 0), value]
                   & (target_cards >= 0) & is_clue)
        kinds = jnp.asarray(t.clue_kinds)[value]
        told = jnp.where(touches, know[target] & kinds, know[target] & ~kinds)
        clued = (seats == target) & is_clue
        know = jnp.where(clued[:, None], told[None, :], know)
        marks = jnp.where(clued[:, None] & touches[None, :],
                          marks | (jnp.uint32(1) << value.astype(jnp.uint32)), marks)

        # End of the turn: draw, count the final round, pass to the next seat.
        left = t.deck_size - game.drawn
        draws = ~ended & (left > 0) & (hand_len[seat] < h)
        new_card = jnp.where(game.listed, game.deck[jnp.minimum(game.drawn, t.deck_size - 1)],
                             _draw(game.undealt, left, key, t.deck_size))
        undealt = game.undealt.at[new_card].add(-draws.astype(jnp.int32))
        slot = hand_len[seat]
        filling = mine[:, None] & (index[None, :] == slot) & draws
        hands = jnp.where(filling, new_card, hands)
        know = jnp.where(filling, t.all_kinds, know)
        marks = jnp.where(filling, jnp.uint32(0), marks)
        hand_len = hand_len + (mine & draws)
        drawn = game.drawn + draws.astype(jnp.int32)
        counting = ~ended & (game.final_turns > 0)
        final_turns = game.final_turns - counting.astype(jnp.int32)
        round_over = counting & (final_turns == 0)
        final_turns = jnp.where(~ended & ~counting & (drawn == t.deck_size)
                                & (game.final_turns < 0), p, final_turns)
        over = ended | round_over
        next_seat = jnp.where(over, seat, (seat + 1) % p)

        kind = jnp.where(is_discard, _DISCARD, jnp.where(
            is_play, _PLAY, jnp.where(value < t.colour_count, _COLOUR_CLUE, _RANK_CLUE)))
        new = HanabiGame(
            deck=game.deck, listed=game.listed, undealt=undealt, drawn=drawn, hands=hands,
            hand_len=hand_len, know=know, marks=marks, fireworks=fireworks, discards=discards,
            tokens=tokens, fuses=fuses,
            final_turns=final_turns, seat=next_seat, over=over,
            strikeout=strikeout & (not t.variant.score_after_strikeout),
            last_player=seat, last_kind=kind.astype(jnp.int32),
            last_target=jnp.where(is_clue, target, -1),
            last_value=jnp.where(is_clue, value, -1),
            last_revealed=touches,
            last_position=jnp.where(is_clue, -1, position),
            last_card=jnp.where(is_clue, -1, card),
            last_scored=scored, last_token=token_back,
        )
        score = self.score(new)
        old = state.scores[0]
        return state._replace(
            current_player=next_seat,
            legal_action_mask=self.legal(new),
            observation=self.observe_game(new, next_seat),
            rewards=jnp.full((p,), score - old, jnp.float32),
            terminated=over,
            scores=jnp.full((p,), score, jnp.int32),
            game=new,
        )

    # -------------------------------------------------------------------- observation
    def observe(self, state: VectorState, seat: Array) -> Array:
        return self.observe_game(state.game, seat)

    def observe_game(self, game: HanabiGame, seat: Array) -> Array:
        """`seat`'s observation: :func:`cardgames.rl.hanabi.observation`, as bools."""
        t = self.t
        p, h, k, v = t.players, t.hand_size, t.kinds, t.values
        rel = (seat + jnp.arange(p)) % p
        others = game.hands[rel[1:]]
        hands = others[..., None] == jnp.arange(k)
        missing = game.hand_len[rel] < h
        deck = jnp.arange(t.deck_bits) < (t.deck_size - game.drawn)
        fireworks = (game.fireworks[jnp.asarray(t.firework_suit)] - 1
                     == jnp.asarray(t.firework_index))
        tokens = jnp.arange(t.max_tokens) < game.tokens
        fuses = jnp.arange(t.max_fuses) < game.fuses
        discards = game.discards[jnp.asarray(t.discard_kind)] > jnp.asarray(t.discard_copy)
        moved = game.last_player >= 0
        last_player = (jnp.arange(p) == (game.last_player - seat) % p) & moved
        last_kind = jnp.arange(4) == game.last_kind
        last_target = (jnp.arange(p) == (game.last_target - seat) % p) & (game.last_target >= 0)
        last_value = jnp.arange(v) == game.last_value
        last_position = jnp.arange(h) == game.last_position
        last_card = jnp.arange(k) == game.last_card
        holding = (jnp.arange(h)[None, :] < game.hand_len[rel][:, None])[..., None]
        knowledge = jnp.concatenate(
            [_bits(game.know[rel], k), _bits(game.marks[rel], v)], axis=-1) & holding
        return jnp.concatenate([
            hands.reshape(-1), missing, deck, fireworks, tokens, fuses, discards,
            last_player, last_kind, last_target, last_value, game.last_revealed,
            last_position, last_card, game.last_scored[None], game.last_token[None],
            knowledge.reshape(-1),
        ])


def _draw(undealt: Array, left: Array, key: Array, deck_size: int) -> Array:
    """A kind drawn with `key` uniformly from the `left` cards counted by `undealt` (the
    last kind when none is left: the caller draws nothing then).

    One 32-bit word (one hash; ``jax.random.randint`` splits the key and hashes twice
    more, on every step of every game): its top 32 - b bits, b = deck_size's bit length,
    as a fraction in [0, 1) times `left`, so each card's odds are off by under
    left / 2**(32 - b) of themselves (under 1e-6 for 50 cards)."""
    spare = deck_size.bit_length()
    bits = jax.random.bits(key, (), jnp.uint32) >> spare
    pick = (bits * left.astype(jnp.uint32)) >> (32 - spare)
    kind = (jnp.cumsum(undealt) <= pick.astype(jnp.int32)).sum()
    return jnp.minimum(kind, undealt.shape[0] - 1).astype(jnp.int32)


def check_variant(variant: HanabiVariant, players: int) -> None:
    """OptionsError (one line) for what this engine does not play."""
    for field, words in _UNPLAYED:
        if getattr(variant, field):
            raise no_such("the option", words, "the other Hanabi options")
    up_or_down = [suit.name for suit in variant.suits if suit.order is PlayOrder.UP_OR_DOWN]
    if up_or_down:
        raise OptionsError(
            f"the vector engine does not play up-or-down suits ({', '.join(up_or_down)} in "
            f"{variant.name!r}): their firework's direction is chosen by its first card, state "
            f"its tables do not keep; it plays suits built in one fixed order, up or down")
    orange = [suit.name for suit in variant.suits if suit.inverted]
    if orange:
        raise OptionsError(
            f"the vector engine does not play orange (inverted) suits ({', '.join(orange)} in "
            f"{variant.name!r}): their play and discard swap and a discard is legal at every "
            f"token, rules its tables do not hold")
    kinds = len(variant.card_types)
    values = len(variant.clue_colours) + len(variant.clue_ranks)
    if kinds > _BITS or values > _BITS:
        raise OptionsError(
            f"the vector engine plays at most {_BITS} card kinds and {_BITS} clue values "
            f"(variant {variant.name!r} has {kinds} and {values})")
    if variant.starting_player >= players:
        raise OptionsError(
            f"'starting_player' must be below the number of players {players} "
            f"(got {variant.starting_player})")
    if variant.deck_size <= variant.hand_size(players) * players:
        raise OptionsError(
            f"variant {variant.name!r} has {variant.deck_size} cards, too few to deal "
            f"{players} hands of {variant.hand_size(players)} and keep a draw pile")


class HanabiVectorEnv(VectorEnv):
    """The Hanabi :class:`~cardgames.vector.VectorEnv`: explicit decks in either card order
    (:meth:`init_from_deck`), and HLE's ``seed`` kept as given."""

    seed: int | None = None
    """HLE's ``seed`` config key as make() was given it (None if not). Chance comes from the
    keys passed to ``init`` and ``step``, never from it: ``jax.random.key(env.seed)`` is
    the usual way to start them from it."""

    def init_from_deck(self, decks: Any, *, order: str = "cards") -> VectorState:
        """Games dealt from explicit decks, int ``(B, deck_size)``, top card first. `order`
        says what a card code is: ``"cards"`` (the default) an index into
        ``env.options.card_types`` (the variant's suit order: R, Y, G, B, W for the standard
        game); ``"hle"`` a card kind in the id order of actions and observations, HLE's card
        index ``colour * ranks + rank - 1`` with HLE's colours R, Y, G, W, B for HLE's games
        (:func:`hle_card_codes`). ValueError for another order or a deck that is not one
        deck's cards."""
        if order not in _DECK_ORDERS:
            raise ValueError(f"order must be one of {', '.join(map(repr, _DECK_ORDERS))} "
                             f"(got {order!r})")
        if order == "hle":
            decks = hle_card_codes(self.options, decks)
        return super().init_from_deck(decks)


def hle_card_codes(variant: HanabiVariant, cards: Any) -> np.ndarray:
    """`cards` given as card kinds in the id order (HLE's card index ``colour * ranks + rank
    - 1``, colours R, Y, G, W, B, for HLE's games; see :func:`suit_id_order` for others), as
    the card codes ``init_from_deck`` reads by default (indices into
    ``variant.card_types``). Any shape; ValueError for a value that is no card kind."""
    kind_of_type = HanabiTables(variant, 2).kind_of_card_type
    type_of_kind = np.argsort(kind_of_type).astype(np.int32)
    array = np.asarray(cards)
    if array.size and (not np.issubdtype(array.dtype, np.integer) or array.min() < 0
                       or array.max() >= len(type_of_kind)):
        raise ValueError(f"HLE-ordered cards are integers 0..{len(type_of_kind) - 1} "
                         f"(colour * ranks + rank - 1), got {array.dtype} values")
    codes: np.ndarray = type_of_kind[array]
    return codes


def _hle_config(count: int, options: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """Read HLE's config keys out of `options`: (hle_variant's arguments, the seed). One-line
    OptionsError for a value this engine does not play."""
    random_start = options.pop("random_start_player", False)
    if random_start is not False:
        raise OptionsError(
            f"random_start_player={random_start!r} is not played: every game starts with "
            f"seat 0, as HLE's random_start_player=False (starting_player=N starts another "
            f"seat in every game)")
    observation = options.pop("observation_type", _CARD_KNOWLEDGE)
    if getattr(observation, "value", observation) != _CARD_KNOWLEDGE:
        raise OptionsError(
            f"observation_type={observation!r} is not played: the observation is HLE's "
            f"canonical encoding of CARD_KNOWLEDGE (observation_type=1)")
    seed = options.pop("seed", None)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionsError(f"seed must be an integer (HLE's -1: any), got {seed!r}")
    hle: dict[str, Any] = {word: options.pop(word) for word in _HLE_WORDS if word in options}
    if "hand_size" in hle:
        size = hle.pop("hand_size")
        if "hand_size_delta" in options:
            raise OptionsError("give HLE's 'hand_size' or 'hand_size_delta', not both")
        usual = hle_variant().hand_size(count)
        if isinstance(size, bool) or not isinstance(size, int) or abs(size - usual) > 1:
            raise OptionsError(
                f"hand_size={size!r} is not played with {count} players: hands of "
                f"{usual - 1}, {usual} (HLE's default) or {usual + 1} cards are")
        hle["hand_size_delta"] = size - usual
    elif hle and "hand_size_delta" in options:
        hle["hand_size_delta"] = options.pop("hand_size_delta")
    return hle, seed


def make_env(players: int | None = None, **options: Any) -> VectorEnv:
    """The Hanabi vector env: ``players`` and the options of ``cardgames.new_game("hanabi",
    ...)`` (``variant=...`` and single options), or HLE's game config (every key of
    :data:`HLE_CONFIG_KEYS`: ``make("hanabi", **config)``)."""
    info = cardgames.get_game("hanabi")
    hle, seed = _hle_config(info.check_players(players), options)
    if hle:
        if "variant" in options:
            raise OptionsError(
                "give either HLE's parameters (colors, ranks, hand_size, "
                "max_information_tokens, max_life_tokens) or a 'variant', not both")
        options["variant"] = hle_variant(**hle)
    count, variant = check_options(info, players, options)
    check_variant(variant, count)
    tables = HanabiTables(variant, count)
    functions = HanabiFunctions(tables)
    env = HanabiVectorEnv(
        "hanabi", num_players=count, num_actions=tables.num_actions,
        observation_shape=(tables.observation_size,),
        functions=GameFunctions(functions.init, functions.init_from_deck, functions.step,
                                functions.observe),
        options=variant, deck_size=tables.deck_size,
        deck_cards=tables.deck_types)
    env.seed = seed
    return env
