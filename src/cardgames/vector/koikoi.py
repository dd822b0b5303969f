"""Koi-Koi as pure JAX functions of one match: the vector engine (extra ``jax``).

Whole matches under any :class:`~cardgames.koikoi.KoiKoiRules` (preset ``nintendo`` by
default): the deal with its re-deals and lucky hands, plays and capture choices, koi-koi or
stop, forced stops, drawn rounds, the dealer rule, ``rounds`` rounds (or banks). Everything is
a fixed-shape array and every branch a ``jnp.where``, so :class:`~cardgames.vector.VectorEnv`
vmaps and jits it; the only loop is the deal's ``lax.while_loop`` (a re-deal deals again).

Bit for bit the Python engine's match (:class:`~cardgames.koikoi.KoiKoiState`): the same
action ids (:data:`~cardgames.koikoi.actions.ACTION_SPACE`), legal ids, round points, scores
and observations (:mod:`cardgames.koikoi.observation`), and the rewards of
:mod:`cardgames.rl`'s envs (a round's points, + to its winner, - to the loser; a round
decided on the deal of a reset pays nothing, as a reset pays nothing). The yaku are the
Python engine's own rows (:func:`~cardgames.koikoi.yaku.compile_rows`), compiled to card
matrices once per rules.

Chance: ``init(key)`` and each deal inside ``step`` shuffle with the JAX key they are given,
not with the Python engine's seeded stream, so a key does not deal what a seed deals. For
replays, :func:`deck_layout` says how ``init_from_deck`` reads a deck: the first dealer, then
``rounds + SPARE_DEALS`` deal orders of the 48 card ids, top first, as an explicit Python
deck lists them; a deal beyond those is shuffled from the step's key.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

import cardgames
from cardgames.core.layout import squash
from cardgames.koikoi.actions import ACTION_SPACE, CAPTURE, KOIKOI, PLAY, STOP
from cardgames.koikoi.cards import (
    CARDS,
    DEALER_PLACES,
    FIELD_PLACES,
    OPPONENT_PLACES,
    parse_card,
)
from cardgames.koikoi.observation import (
    HAND_SIZE,
    KIND_GROUPS,
    LAYOUT,
    SCORE_SCALE,
    STOCK_AFTER_DEAL,
    TURNS_PER_ROUND,
    YAKU_SCALE,
)
from cardgames.koikoi.rules import (
    DrawnRound,
    KoiKoiPenalty,
    KoiKoiQuestion,
    KoiKoiRules,
    LuckyHands,
)
from cardgames.koikoi.yaku import SLOT_COUNT, YAKU, compile_rows
from cardgames.vector.env import (
    GameFunctions,
    VectorEnv,
    VectorState,
    check_options,
    redo_in_chunks,
)

__all__ = [
    "NUM_ACTIONS",
    "SPARE_DEALS",
    "KoiKoiGame",
    "KoiKoiVectorEnv",
    "deck_layout",
    "make_env",
]

Array = jax.Array

NUM_ACTIONS: Final = len(ACTION_SPACE)
"""242 ids, the Python engine's: plays by card (0..47), plays naming a capture (48..191),
stock captures by card (192..239), koi-koi (240), stop (241)."""
SPARE_DEALS: Final = 4
"""Deals an explicit deck holds beyond one per round, for re-deals (four of a month on the
field, or a lucky hand under ``lucky_hands="redeal"``): about one deal in 200 is re-dealt."""

# The phases, in the order of the observation's one-hot (cardgames.koikoi.observation).
_PLAY, _CAPTURE, _DECIDE, _OVER = 0, 1, 2, 3
_DEAL_SHARE: Final = 8
"""A batched step deals for up to 1/8 of the batch at a time (a loop goes on while more
rounds have ended): about one game in 20 ends its round at each step."""
_NO_CARD: Final = -1

_IDS: Final = np.arange(48)
_MONTH_OF: Final = _IDS >> 2
_SEATS: Final = np.arange(2)
_DEALT_TO: Final = np.full(48, 3, np.int32)
"""Where the card at each place of a deal order goes: 0 the dealer's opponent, 1 the field,
2 the dealer, 3 the stock."""
_DEALT_TO[list(OPPONENT_PLACES)] = 0
_DEALT_TO[list(FIELD_PLACES)] = 1
_DEALT_TO[list(DEALER_PLACES)] = 2
if not np.array_equal(_DEALT_TO, np.where(_IDS < 24, (_IDS % 6) // 2, 3)):
    raise ImportError("cardgames.koikoi.cards deals in another order than _dealt_to reads")
_TSUKI_SLOT: Final = next(slot for slot, row in enumerate(YAKU) if row.round_month)

# What each action id does: its kind, its card (the hand card of a play, the field card of a
# stock capture) and the field card a play names (-1: none).
_ACTION_KIND: Final = np.array([a.kind for a in ACTION_SPACE.actions], np.int32)
_ACTION_CARD: Final = np.array([a.card for a in ACTION_SPACE.actions], np.int32)
_ACTION_TARGET: Final = np.array([a.target for a in ACTION_SPACE.actions], np.int32)
_IS_PLAY: Final = _ACTION_KIND == PLAY
_IS_PAIR: Final = _IS_PLAY & (_ACTION_TARGET >= 0)
_IS_CAPTURE: Final = _ACTION_KIND == CAPTURE
_IS_KOIKOI: Final = _ACTION_KIND == KOIKOI
_IS_STOP: Final = _ACTION_KIND == STOP
_SAFE_CARD: Final = np.maximum(_ACTION_CARD, 0)
_SAFE_TARGET: Final = np.maximum(_ACTION_TARGET, 0)

# The pile's cards by kind, ribbons by colour, as the observation counts them.
_GROUP_MATRIX: Final = np.array(
    [[card.kind is kind and card.ribbon is ribbon for _, kind, ribbon, _ in KIND_GROUPS]
     for card in CARDS], np.float32)
_GROUP_SIZES: Final = _GROUP_MATRIX.sum(axis=0).astype(np.int32)


def _fractions(denominators: np.ndarray, top: int) -> np.ndarray:
    """float32 ``count / d`` for every count 0..`top` (last axis) and each denominator: the
    encoder divides in float64 and stores float32, while XLA turns a division by a constant
    into a product with its reciprocal, which can differ in the last bit; a table cannot."""
    counts = np.arange(top + 1, dtype=np.float64)
    return (counts / np.asarray(denominators, np.float64)[..., None]).astype(np.float32)


_KIND_FRACTIONS: Final = _fractions(_GROUP_SIZES, 24)
"""(6, 25): a pile's count of a kind group over the group's size (24 chaff at most)."""
_STOCK_FRACTIONS: Final = _fractions(np.array(STOCK_AFTER_DEAL), 24)
_HAND_FRACTIONS: Final = _fractions(np.array(HAND_SIZE), 8)
_CALL_FRACTIONS: Final = _fractions(np.array(TURNS_PER_ROUND), 8)
"""A seat calls koi-koi at most once a turn, so at most 8 times a round."""


def deck_layout(rounds: int) -> tuple[int, int]:
    """(deck size, deals) of an explicit deck for matches of `rounds` rounds: ``deck[0]`` is
    the first dealer's seat (read when ``first_dealer`` is ``draw`` or ``random``; a named
    seat deals anyway), then ``deals`` orders of the 48 card ids, top first, one per deal as
    the Python engine reads an explicit deck's deals (re-deals included)."""
    deals = rounds + SPARE_DEALS
    return 1 + 48 * deals, deals


class KoiKoiGame(NamedTuple):
    """One match's position (the ``game`` of a :class:`~cardgames.vector.VectorState`).
    Card sets are bool masks over the 48 card ids."""

    hands: Array
    """(2, 48) bool: each seat's hand."""
    field: Array
    """(48,) bool: the face-up field."""
    piles: Array
    """(2, 48) bool: each seat's captured cards."""
    places: Array
    """(48,) int8: each card's place in the round's deal from the deck (0..23: the hands
    and the field, dealt in pairs; from 24 the stock, top first). Zeros for a shuffled
    deal: its stock cards are drawn with the step's key as they are turned over, so the
    state holds no future chance."""
    stock: Array
    """(48,) bool: the cards still in the stock."""
    listed: Array
    """() bool: the round was dealt from the deck (its stock order is `places`)."""
    pending: Array
    """() int32: the turned-over stock card waiting for its capture choice, or -1."""
    pile_before: Array
    """(48,) bool: the mover's pile before the turn's hand card (for ``total-raised``)."""
    phase: Array
    """() int32: 0 play, 1 capture, 2 decide, 3 over."""
    turn: Array
    """() int32: the seat to act (the last mover once over)."""
    dealer: Array
    """() int32: the round's dealer."""
    round: Array
    """() int32: the round being played, 1-based."""
    calls: Array
    """(2,) int32: each seat's koi-koi calls this round."""
    baseline: Array
    """(2, 14) int32: each seat's yaku points by slot at its last koi-koi (zeros before)."""
    totals: Array
    """(2,) int32: the match scores (points won, or the banks)."""
    won: Array
    """(2,) int32: points won over the finished rounds (rewards are their changes)."""
    deal_index: Array
    """() int32: the next deal of `deals` to use (past the end: shuffle from the key)."""
    deals: Array
    """(deals, 48) int8: an explicit deck's deals, as each card's place (zeros for a match
    dealt from keys, whose `deal_index` starts past them)."""


class _Rules(NamedTuple):
    """The rules as the arrays and flags the traced functions read (built once by make)."""

    rules: KoiKoiRules
    count_matrix: np.ndarray
    """(48, 4 * 14) float32: per slot the counted cards, the further cards, the spoiling
    cards and the required cards, so that one product counts a pile for every row."""
    present: np.ndarray
    """(2, 14) bool: the rows that count, by whether the pile's owner has called koi-koi."""
    points: np.ndarray
    """(2, 14) int32: the points of a row formed with exactly `need` cards, the same way."""
    need: np.ndarray
    required: np.ndarray
    per_further: np.ndarray
    replaced: np.ndarray
    """(14, 14) bool: row -> the rows it replaces."""
    hides: np.ndarray
    """(14, 14) bool: row -> the rows it replaces whose cards are among its own: a closer
    one hides its progress (as yaku_progress shows it)."""
    card_count: np.ndarray
    """(14,) int32: the cards each row counts (the tsuki-fuda row: the month's 4)."""
    progress: np.ndarray
    """(14, 11) float32: cards held / cards needed, by row and cards held (shown only
    below the need, which is 10 at most)."""
    round_fractions: np.ndarray
    """(rounds + 1,) float32: round number / rounds."""
    limit: int | None
    deals: int


def _mask_bits(mask: int, size: int) -> np.ndarray:
    return np.array([(mask >> bit) & 1 for bit in range(size)], bool)


def _compile(rules: KoiKoiRules) -> _Rules:
    """The yaku rows of `rules` as matrices (the Python scorer's rows; the tsuki-fuda row's
    cards, the round's month, are counted apart)."""
    month = 1 if rules.tsuki_fuda else 0
    counts = np.zeros((48, 4, SLOT_COUNT), np.float32)
    present = np.zeros((2, SLOT_COUNT), bool)
    points = np.zeros((2, SLOT_COUNT), np.int32)
    need = np.zeros(SLOT_COUNT, np.int32)
    required = np.zeros(SLOT_COUNT, np.int32)
    per_further = np.zeros(SLOT_COUNT, np.int32)
    replaced = np.zeros((SLOT_COUNT, SLOT_COUNT), bool)
    card_count = np.zeros(SLOT_COUNT, np.int32)
    for called in (0, 1):
        for row in compile_rows(rules, bool(called), month):
            slot = row.slot
            present[called, slot] = True
            points[called, slot] = row.points
            need[slot] = row.need
            required[slot] = row.requires.bit_count()
            per_further[slot] = row.per_further
            replaced[slot] = _mask_bits(row.replaced, SLOT_COUNT)
            card_count[slot] = row.cards.bit_count()
            for part, mask in enumerate((row.cards, row.further, row.spoil, row.requires)):
                counts[:, part, slot] = _mask_bits(mask, 48)
    hides = replaced & np.array(
        [[YAKU[key].cards <= YAKU[row].cards for key in range(SLOT_COUNT)]
         for row in range(SLOT_COUNT)])
    _, deals = deck_layout(rules.rounds)
    return _Rules(
        rules, counts.reshape(48, 4 * SLOT_COUNT), present, points, need, required,
        per_further, replaced, hides, card_count, _fractions(np.maximum(need, 1), 10),
        _fractions(np.array(rules.rounds), rules.rounds), rules.max_koikoi_calls, deals,
    )


class _Engine:
    """The pure functions of one rules object (the methods close over its tables)."""

    def __init__(self, rules: KoiKoiRules) -> None:
        self.rules = rules
        self.t = _compile(rules)

    # ------------------------------------------------------------------ yaku and points
    def counts(self, pile: Array) -> Array:
        """(4, 14) int32: the pile's counted, further, spoiling and required cards per row."""
        product = pile.astype(jnp.float32) @ self.t.count_matrix
        return product.astype(jnp.int32).reshape(4, SLOT_COUNT)

    def with_month(self, counts: Array, pile: Array, round_number: Array) -> Array:
        """`counts` with the tsuki-fuda row counting the round's month (when it counts)."""
        if not self.rules.tsuki_fuda:
            return counts
        month = (round_number - 1) % 12
        in_month = (pile & (month == _MONTH_OF)).sum().astype(jnp.int32)
        return counts.at[0, _TSUKI_SLOT].set(in_month).at[1, _TSUKI_SLOT].set(in_month)

    def slots(self, counts: Array, called: Array) -> Array:
        """(14,) int32: points per yaku, as ``YakuTable.slots``."""
        t = self.t
        have, further, spoil, required = counts
        formed = jnp.where(called, t.present[1], t.present[0]) & (have >= t.need) & (
            required == t.required)
        valid = formed & (spoil == 0)
        points = jnp.where(called, t.points[1], t.points[0]) + t.per_further * (
            further - t.need)
        # The few (row, replaced row) pairs one by one: a 14 x 14 table per game is slower.
        replaced = jnp.stack([
            _any_of([valid[row] for row in np.flatnonzero(t.replaced[:, slot])])
            for slot in range(SLOT_COUNT)])
        return jnp.where(valid & ~replaced, points, 0)

    def pile_slots(self, pile: Array, called: Array, round_number: Array) -> Array:
        return self.slots(self.with_month(self.counts(pile), pile, round_number), called)

    def round_points(self, total: Array, winner_calls: Array, loser_calls: Array) -> Array:
        """What a stop scores, as ``points_of_round``."""
        rules = self.rules
        bonus = jnp.int32(0)
        factor = jnp.int32(1)
        if rules.own_koikoi_bonus:
            bonus = jnp.where((winner_calls > 0) & (winner_calls <= 3) & (total > 0),
                              winner_calls, 0)
            factor = jnp.where((winner_calls > 3) & (total > 0), winner_calls - 2, 1)
        if rules.double_at_7:
            factor = factor * jnp.where(total >= 7, 2, 1)
        if rules.koikoi_penalty is KoiKoiPenalty.DOUBLE:
            factor = factor * jnp.where(loser_calls > 0, 2, 1)
        elif rules.koikoi_penalty is KoiKoiPenalty.GROWING:
            factor = factor * (1 + winner_calls + loser_calls)
        points: Array = (total + bonus) * factor
        return points

    def calls_used(self, calls: Array) -> Array:
        limit = self.t.limit
        if limit is None:
            return jnp.asarray(False)
        return calls.sum() >= limit

    # ------------------------------------------------------------------ rounds and deals
    def finish(self, g: KoiKoiGame, finished: Array, winner: Array, points: Array
               ) -> tuple[KoiKoiGame, Array]:
        """End the round where `finished`: `winner` (-1: nobody) scores `points`; then the
        match ends, or the next dealer is chosen (the new game, whether a deal is due)."""
        rules = self.rules
        gets = finished & (winner == _SEATS)
        gain = jnp.where(gets, points, 0)
        totals = g.totals + gain
        if rules.banks:
            totals = totals - gain[::-1]
        over = finished & ((g.round >= rules.rounds) | (
            jnp.asarray(rules.banks) & (totals.min() <= 0)))
        again = finished & ~over
        same = rules.drawn_round is DrawnRound.SAME_DEALER
        after_draw = g.dealer if same else 1 - g.dealer
        dealer = jnp.where(again, jnp.where(winner >= 0, winner, after_draw), g.dealer)
        return g._replace(
            totals=totals,
            won=g.won + gain,
            phase=jnp.where(over, _OVER, g.phase),
            pending=jnp.where(finished, _NO_CARD, g.pending),
            dealer=dealer,
            round=g.round + again,
        ), again

    def lucky(self, hand: Array) -> Array:
        """Whether the 8-card `hand` is a lucky hand the rules count."""
        rules = self.rules
        months = hand.reshape(12, 4).sum(axis=1)
        found = jnp.asarray(False)
        if rules.teshi:
            found = found | (months == 4).any()
        if rules.kuttsuki:
            found = found | ((months == 0) | (months == 2)).all()
        return found

    def deal(self, g: KoiKoiGame, due: Array, key: Array) -> KoiKoiGame:
        """Deal while `due`: re-deal as the rules say, finish rounds won by a lucky hand.

        The carry holds the round's position only: the deck's deals are read, not copied,
        by each pass."""
        rules = self.rules
        deals = self.t.deals
        lucky_on = rules.lucky_hands is not LuckyHands.OFF
        listed_places = g.deals

        def more(carry: tuple[Any, ...]) -> Array:
            due: Array = carry[1]
            return due

        def once(carry: tuple[Any, ...]) -> tuple[Any, ...]:
            parts, due, tries = carry
            g = KoiKoiGame(**parts, deals=listed_places)
            listed = g.deal_index < deals
            places = listed_places[jnp.minimum(g.deal_index, deals - 1)].astype(jnp.int32)
            dealt_to = jnp.where(listed, _dealt_to(places),
                                 _shuffled_deal(jax.random.fold_in(key, tries)))
            field = dealt_to == 1
            dealer_hand = dealt_to == 2
            other_hand = dealt_to == 0
            redeal = jnp.asarray(False)
            if rules.redeal_four_on_field:
                redeal = (field.reshape(12, 4).sum(axis=1) == 4).any()
            lucky_dealer = self.lucky(dealer_hand) if lucky_on else jnp.asarray(False)
            lucky_other = self.lucky(other_hand) if lucky_on else jnp.asarray(False)
            lucky = lucky_dealer | lucky_other
            if rules.lucky_hands is LuckyHands.REDEAL:
                redeal = redeal | lucky
            dealt = due & ~redeal
            dealer = g.dealer
            hands = jnp.where(dealer == 0, jnp.stack([dealer_hand, other_hand]),
                              jnp.stack([other_hand, dealer_hand]))
            fresh = g._replace(
                hands=hands,
                field=field,
                piles=jnp.zeros_like(g.piles),
                places=jnp.where(listed, places, 0).astype(jnp.int8),
                stock=dealt_to == 3,
                listed=listed,
                pending=jnp.int32(_NO_CARD),
                pile_before=jnp.zeros_like(g.pile_before),
                phase=jnp.int32(_PLAY),
                turn=dealer,
                calls=jnp.zeros_like(g.calls),
                baseline=jnp.zeros_like(g.baseline),
            )
            g = jax.tree.map(lambda new, old: jnp.where(dealt, new, old), fresh, g)
            g = g._replace(deal_index=g.deal_index + due)
            if rules.lucky_hands is LuckyHands.POINTS:
                winner = jnp.where(lucky_dealer, dealer, 1 - dealer)
                g, again = self.finish(g, dealt & lucky, winner,
                                       jnp.int32(rules.lucky_hand_points))
            else:
                again = jnp.asarray(False)
            return _carried(g), due & (redeal | again), tries + 1

        def _carried(g: KoiKoiGame) -> dict[str, Array]:
            return {name: value for name, value in g._asdict().items() if name != "deals"}

        parts, _, _ = jax.lax.while_loop(more, once, (_carried(g), due, jnp.int32(0)))
        return KoiKoiGame(**parts, deals=listed_places)

    # ------------------------------------------------------------------ the API functions
    def new_game(self, dealer: Array, deals: Array, deal_index: Array, key: Array
                 ) -> VectorState:
        start = self.rules.starting_bank if self.rules.banks else 0
        no_cards = jnp.zeros(48, bool)
        g = KoiKoiGame(
            hands=jnp.zeros((2, 48), bool), field=no_cards, piles=jnp.zeros((2, 48), bool),
            places=jnp.zeros(48, jnp.int8), stock=no_cards, listed=jnp.asarray(False),
            pending=jnp.int32(_NO_CARD), pile_before=no_cards, phase=jnp.int32(_PLAY),
            turn=dealer, dealer=dealer, round=jnp.int32(1),
            calls=jnp.zeros(2, jnp.int32), baseline=jnp.zeros((2, SLOT_COUNT), jnp.int32),
            totals=jnp.full(2, start, jnp.int32), won=jnp.zeros(2, jnp.int32),
            deal_index=deal_index, deals=deals,
        )
        g = self.deal(g, jnp.asarray(True), key)
        return self.state_of(g, jnp.zeros(2, jnp.float32))

    def first_dealer(self, chosen: Array) -> Array:
        """The first dealer: the rules' named seat, else `chosen` (a draw's or a random
        choice's seat)."""
        named = self.rules.first_dealer_seat
        return jnp.int32(named) if named is not None else chosen.astype(jnp.int32)

    def init(self, key: Array) -> VectorState:
        dealer_key, deal_key = jax.random.split(key)
        # The card draw and the random choice both make either seat the dealer at even odds.
        dealer = self.first_dealer(jax.random.bernoulli(dealer_key))
        deals = jnp.zeros((self.t.deals, 48), jnp.int8)
        return self.new_game(dealer, deals, jnp.int32(self.t.deals), deal_key)

    def init_from_deck(self, deck: Array) -> VectorState:
        orders = deck[1:].reshape(self.t.deals, 48)
        # Each deal as the place of every card (the inverse of its order).
        places = (orders[:, None, :] == _IDS[None, :, None]).argmax(axis=2).astype(jnp.int8)
        return self.new_game(self.first_dealer(deck[0]), places, jnp.int32(0),
                             jax.random.key(0))

    def state_of(self, g: KoiKoiGame, rewards: Array) -> VectorState:
        over = g.phase == _OVER
        return VectorState(
            current_player=g.turn,
            legal_action_mask=self.legal(g),
            observation=self.observe_game(g, g.turn),
            rewards=rewards,
            terminated=over,
            truncated=jnp.asarray(False),
            scores=g.totals,
            illegal=jnp.asarray(False),
            step_count=jnp.int32(0),
            game=g,
        )

    def legal(self, g: KoiKoiGame) -> Array:
        """(242,) bool: the legal action ids, as ``state.legal_action_ids()``."""
        hand = jnp.where(g.turn == 0, g.hands[0], g.hands[1])
        month_counts = g.field.reshape(12, 4).sum(axis=1)[_MONTH_OF]
        choosing = month_counts == 2
        if not self.rules.capture_all_three:
            choosing = choosing | (month_counts == 3)
        card_ok = hand[_SAFE_CARD]
        plays = (_IS_PLAY & ~_IS_PAIR) & card_ok & ~choosing[_SAFE_CARD]
        pairs = _IS_PAIR & card_ok & choosing[_SAFE_CARD] & g.field[_SAFE_TARGET]
        pending_month = jnp.maximum(g.pending, 0) >> 2
        captures = _IS_CAPTURE & g.field[_SAFE_CARD] & (_MONTH_OF[_SAFE_CARD] == pending_month)
        decide = _IS_KOIKOI | _IS_STOP
        return jnp.where(
            g.phase == _PLAY, plays | pairs,
            jnp.where(g.phase == _CAPTURE, captures, (g.phase == _DECIDE) & decide))

    def step(self, state: VectorState, action: Array, key: Array) -> VectorState:
        g, due, deal_key = self.move(state.game, action, key)
        return self.settled(state.game, self.deal(g, due, deal_key))

    def step_batch(self, state: VectorState, actions: Array, keys: Array) -> VectorState:
        """:meth:`step` over a batch: only the games whose round ended are dealt (a chunk of
        them at a time), so a batch where a few rounds end per step does not deal for every
        game (a deal under ``vmap`` runs for the whole batch)."""
        g, due, deal_keys = jax.vmap(self.move)(state.game, actions, keys)

        def deal_some(games: KoiKoiGame, rows: Array) -> KoiKoiGame:
            return jax.vmap(self.deal)(jax.tree.map(lambda part: part[rows], games),
                                       jnp.ones(rows.shape[0], bool), deal_keys[rows])

        g = redo_in_chunks(g, due, deal_some, _DEAL_SHARE)
        return jax.vmap(self.settled)(state.game, g)

    def settled(self, before: KoiKoiGame, g: KoiKoiGame) -> VectorState:
        """The state of `g` after a step from `before`: its rewards, mask and observation."""
        before_returns = before.won - before.won[::-1]
        after_returns = g.won - g.won[::-1]
        return self.state_of(g, (after_returns - before_returns).astype(jnp.float32))

    def move(self, g: KoiKoiGame, action: Array, key: Array
             ) -> tuple[KoiKoiGame, Array, Array]:
        """The step up to the deal: (the game, whether a new deal is due, the deal's key)."""
        rules = self.rules
        turn = g.turn
        mine = turn == _SEATS
        kind = jnp.asarray(_ACTION_KIND)[action]
        card = jnp.asarray(_ACTION_CARD)[action]
        target = jnp.asarray(_ACTION_TARGET)[action]
        is_play, is_capture = kind == PLAY, kind == CAPTURE
        is_koikoi, is_stop = kind == KOIKOI, kind == STOP
        hand = jnp.where(turn == 0, g.hands[0], g.hands[1])
        pile = jnp.where(turn == 0, g.piles[0], g.piles[1])

        # A play: the hand card, then the stock's top card (which may wait for a choice).
        after_hand, taken_hand = _lay(g.field, card, target)
        draw_key, deal_key = jax.random.split(key)
        stock_card = _top_of_stock(g, draw_key)
        stock_matches = (after_hand & (stock_card >> 2 == _MONTH_OF)).sum()
        choose = stock_matches == 2
        if not rules.capture_all_three:
            choose = choose | (stock_matches == 3)
        after_stock, taken_stock = _lay(after_hand, stock_card, jnp.int32(_NO_CARD))
        # A stock capture: the waiting card takes the field card chosen.
        after_capture, taken_capture = _lay(g.field, g.pending, card)

        waits = is_play & choose
        field = jnp.where(is_play, jnp.where(choose, after_hand, after_stock),
                          jnp.where(is_capture, after_capture, g.field))
        gained = jnp.where(is_play, taken_hand | (taken_stock & ~choose),
                           is_capture & taken_capture)
        hand = hand & ~(is_play & (card == _IDS))
        hands = jnp.where(mine[:, None], hand, g.hands)
        pile = pile | gained
        piles = jnp.where(mine[:, None], pile, g.piles)
        calls = g.calls + (mine & is_koikoi)
        pile_before = jnp.where(is_play, jnp.where(turn == 0, g.piles[0], g.piles[1]),
                                g.pile_before)
        turn_done = (is_play & ~choose) | is_capture
        called = (calls * mine).sum() > 0
        slots = self.pile_slots(pile, called, g.round)
        baseline_mine = jnp.where(turn == 0, g.baseline[0], g.baseline[1])

        # After a turn: is koi-koi or stop asked (a yaku formed or rose), or forced?
        if rules.koikoi_question is KoiKoiQuestion.TOTAL_RAISED:
            before = self.pile_slots(pile_before, called, g.round)
            improved = slots.sum() > before.sum()
            new_baseline = jnp.where(turn_done & improved, before, baseline_mine)
        else:
            improved = (slots > baseline_mine).any()
            new_baseline = baseline_mine
        improved = turn_done & improved
        new_baseline = jnp.where(is_koikoi, slots, new_baseline)
        baseline = jnp.where(mine[:, None], new_baseline, g.baseline)
        hand_empty = ~hand.any()
        other_empty = ~jnp.where(turn == 0, g.hands[1], g.hands[0]).any()
        forced = self.calls_used(calls)
        if not rules.koikoi_with_empty_hand:
            forced = forced | hand_empty
        forced = forced | (hand_empty & other_empty)
        stops = is_stop | (improved & forced)
        deciding = improved & ~forced
        passes = is_koikoi | (turn_done & ~improved)
        exhausted = passes & ~hands.any()

        g = g._replace(
            hands=hands, field=field, piles=piles, calls=calls, baseline=baseline,
            pile_before=pile_before,
            stock=g.stock & ~(is_play & (stock_card == _IDS)),
            pending=jnp.where(waits, stock_card, jnp.where(is_capture, _NO_CARD, g.pending)),
            phase=jnp.where(waits, _CAPTURE, jnp.where(deciding, _DECIDE, _PLAY)),
            turn=jnp.where(passes & ~exhausted, 1 - turn, turn),
        )
        other_calls = (calls * ~mine).sum()
        stop_points = self.round_points(slots.sum(), (calls * mine).sum(), other_calls)
        oya = rules.oya_ken_points if rules.drawn_round is DrawnRound.DEALER else 0
        winner = jnp.where(stops, turn, g.dealer if oya else -1)
        points = jnp.where(stops, stop_points, oya)
        g, again = self.finish(g, stops | exhausted, winner, points)
        return g, again, deal_key

    # ------------------------------------------------------------------ the observation
    def observe(self, state: VectorState, seat: Array) -> Array:
        return self.observe_game(state.game, seat)

    def observe_game(self, g: KoiKoiGame, seat: Array) -> Array:
        """(O,) float32: `seat`'s observation, as ``cardgames.koikoi.observation``'s."""
        first = seat == 0
        own_pile = jnp.where(first, g.piles[0], g.piles[1])
        other_pile = jnp.where(first, g.piles[1], g.piles[0])
        own_calls = jnp.where(first, g.calls[0], g.calls[1])
        other_calls = jnp.where(first, g.calls[1], g.calls[0])
        own_counts = self.with_month(self.counts(own_pile), own_pile, g.round)
        other_counts = self.with_month(self.counts(other_pile), other_pile, g.round)
        own_slots = self.slots(own_counts, own_calls > 0)
        other_slots = self.slots(other_counts, other_calls > 0)
        over = g.phase == _OVER
        acting = ~over & (g.turn == seat)
        own_total = own_slots.sum()
        stop_points = self.round_points(own_total, own_calls, other_calls)
        calls_left = ~self.calls_used(g.calls)
        parts = {
            "hand": jnp.where(first, g.hands[0], g.hands[1]),
            "field": g.field,
            "own_pile": own_pile,
            "opponent_pile": other_pile,
            "pending_card": (g.phase == _CAPTURE) & acting & (g.pending == _IDS),
            "own_pile_kinds": _kind_counts(own_pile),
            "opponent_pile_kinds": _kind_counts(other_pile),
            "own_yaku": self.progress(own_slots, own_counts, other_counts),
            "opponent_yaku": self.progress(other_slots, other_counts, own_counts),
            "yaku_points": jnp.stack([_squash(own_total, YAKU_SCALE),
                                      _squash(other_slots.sum(), YAKU_SCALE)]),
            "stop_points": jnp.where((g.phase == _DECIDE) & acting,
                                     _squash(stop_points, YAKU_SCALE), 0.0)[None],
            "koikoi_calls": _lookup(_CALL_FRACTIONS, jnp.stack([own_calls, other_calls])),
            "koikoi_allowed": calls_left[None],
            "phase": jnp.arange(4) == g.phase,
            "to_act": acting[None],
            "dealer": (g.dealer == seat)[None],
            "opponent_hand_size": _lookup(
                _HAND_FRACTIONS, jnp.where(first, g.hands[1], g.hands[0]).sum()),
            "stock_size": _lookup(_STOCK_FRACTIONS, g.stock.sum()),
            "round": _lookup(self.t.round_fractions, g.round),
            "month": jnp.arange(12) == (g.round - 1) % 12,
            "score": jnp.stack([
                _squash(jnp.where(first, g.totals[0], g.totals[1]), SCORE_SCALE),
                _squash(jnp.where(first, g.totals[1], g.totals[0]), SCORE_SCALE)]),
        }
        return jnp.concatenate([parts[field.name].astype(jnp.float32).reshape(field.size)
                                for field in LAYOUT.fields])

    def progress(self, slots: Array, mine: Array, theirs: Array) -> Array:
        """(14,) float32: per yaku 1 when formed, have/need while it can still form (the
        rows ``yaku_progress`` shows), else 0."""
        t = self.t
        have, _, spoil, _ = mine
        their_cards, _, _, their_required = theirs
        live = t.card_count - their_cards
        listed = (t.present[1] & (spoil == 0) & (have > 0) & (have < t.need)
                  & (t.need <= live) & (their_required == 0))
        missing = t.need - have
        hidden = jnp.stack([
            _any_of([listed[key] & (missing[key] < missing[row])
                     for key in np.flatnonzero(t.hides[row])])
            for row in range(SLOT_COUNT)])
        shown = listed & ~hidden
        fraction = _lookup(t.progress, have)
        return jnp.where(slots != 0, 1.0, jnp.where(shown, fraction, 0.0))


def _lay(field: Array, card: Array, target: Array) -> tuple[Array, Array]:
    """Lay `card` on the field, taking `target` (-1: the only match, or all three): (the
    field after, the cards won), as the Python engine's ``_lay``."""
    in_month = card >> 2 == _MONTH_OF
    matches = field & in_month
    count = matches.sum()
    this = card == _IDS
    placed = count == 0
    takes_all = (count == 3) & (target < 0)
    other = jnp.where(count == 1, matches, target == _IDS)
    taken = jnp.where(takes_all, in_month, this | other) & ~placed
    return jnp.where(placed, field | this, field & ~taken), taken


def _dealt_to(places: Array) -> Array:
    """:data:`_DEALT_TO` of each place, by arithmetic (a batched gather is slow on a CPU):
    places 0..23 go in pairs to the opponent, the field and the dealer, in turn."""
    return jnp.where(places < 24, (places % 6) // 2, 3)


def _shuffled_deal(key: Array) -> Array:
    """(48,) int32: where a uniformly shuffled deck deals each card: 0 the dealer's
    opponent, 1 the field, 2 the dealer, 3 the stock. One sort of 48 words per deal, each a
    random 26-bit part above the card's id (so the sorted words give the order; equal
    random parts, once in 60,000 deals, keep the cards' id order), the cheapest shuffle
    that vmaps on a CPU; the stock's order is not kept (see :func:`_top_of_stock`)."""
    words = (jax.random.bits(key, (48,), jnp.uint32) & ~jnp.uint32(63)) | _IDS.astype(np.uint32)
    order = (jnp.sort(words) & 63).astype(jnp.int32)
    return jnp.full(48, 3, jnp.int32).at[order[:24]].set(_DEALT_TO[:24])


def _top_of_stock(g: KoiKoiGame, key: Array) -> Array:
    """The stock card turned over next: the deck's next one, or for a shuffled deal one
    drawn uniformly from the stock with `key` (so the state holds no future chance)."""
    listed_top = jnp.where(g.stock, g.places.astype(jnp.int32), 127).argmin()
    left = g.stock.sum()
    pick = jax.random.randint(key, (), 0, jnp.maximum(left, 1))
    drawn = (g.stock & (jnp.cumsum(g.stock) - 1 == pick)).argmax()
    return jnp.where(g.listed, listed_top, drawn).astype(jnp.int32)


def _kind_counts(pile: Array) -> Array:
    counts = (pile.astype(jnp.float32) @ _GROUP_MATRIX).astype(jnp.int32)
    return _lookup(_KIND_FRACTIONS, counts)


def _any_of(flags: list[Array]) -> Array:
    """Whether any of `flags` (scalars) is set; False for none."""
    found = jnp.asarray(False)
    for flag in flags:
        found = found | flag
    return found


def _lookup(table: np.ndarray, counts: Array) -> Array:
    """``table[..., count]`` for each count (one per row of `table`, or one for a 1-D
    table): a one-hot sum, since a gather with a batched index is slow on a CPU."""
    hits = counts.reshape(-1)[:, None] == np.arange(table.shape[-1])
    return jnp.where(hits, table.reshape(-1, table.shape[-1]), 0.0).sum(axis=1)


def _squash(points: Array, scale: float) -> Array:
    """:func:`~cardgames.core.layout.squash` of `points` as float32 (the encoder's value:
    its float64 quotient rounded to float32 is the float32 quotient)."""
    return squash(points.astype(jnp.float32), scale)


class KoiKoiVectorEnv(VectorEnv):
    """The Koi-Koi :class:`~cardgames.vector.VectorEnv`: its decks are checked as Koi-Koi
    decks (:func:`deck_layout`)."""

    def init_from_deck(self, decks: Any) -> VectorState:
        """Matches dealt from explicit decks, ``(B, deck_size)``: the first dealer's seat,
        then one order of the 48 cards per deal, top first, each card its id (0..47) or its
        code (``"jan-crane"``, as :func:`~cardgames.koikoi.cards.deal_order` and the Python
        engine's explicit decks write them). ValueError (one line) for any other deck."""
        array = _deck_ids(decks)
        if array.ndim == 2 and array.shape[1] == self.deck_size:
            deals = np.sort(array[:, 1:].reshape(len(array), -1, 48), axis=2)
            wrong = np.flatnonzero(~np.isin(array[:, 0], (0, 1))
                                   | (deals != np.arange(48)).any(axis=(1, 2)))
            if wrong.size:
                raise ValueError(
                    f"Koi-Koi deck {int(wrong[0])} is not a seat (0 or 1) followed by deals "
                    f"that each hold the 48 card ids once")
        return super().init_from_deck(array)


def _deck_ids(decks: Any) -> np.ndarray:
    """`decks` as int32: numbers as they are; text (card codes, or numbers written as text
    when a row mixes a seat number with codes) read as card ids."""
    array = np.asarray(decks)
    if np.issubdtype(array.dtype, np.integer) or array.ndim != 2:
        return array

    def number(item: Any, column: int) -> int:
        text = str(item).strip()
        if isinstance(item, int | np.integer) or text.isdigit():
            return int(text)
        if column == 0:
            raise ValueError(f"a Koi-Koi deck starts with the first dealer's seat (0 or 1), "
                             f"not {item!r}")
        return parse_card(text).id

    return np.array([[number(item, column) for column, item in enumerate(row)]
                     for row in array], np.int32)


def make_env(players: int | None = None, **options: Any) -> VectorEnv:
    """The Koi-Koi vector env: ``cardgames.vector.make("koikoi", preset="online")``; the
    options are :func:`cardgames.new_game`'s (OptionsError, one line, for a bad one)."""
    count, rules = check_options(cardgames.get_game("koikoi"), players, options)
    del count  # always 2: check_options refuses any other count
    engine = _Engine(rules)
    size, _ = deck_layout(rules.rounds)
    return KoiKoiVectorEnv(
        "koikoi",
        num_players=2,
        num_actions=NUM_ACTIONS,
        observation_shape=(LAYOUT.size,),
        functions=GameFunctions(
            init=engine.init,
            init_from_deck=engine.init_from_deck,
            step=engine.step,
            observe=engine.observe,
            step_batch=engine.step_batch,
        ),
        options=rules,
        deck_size=size,
    )

