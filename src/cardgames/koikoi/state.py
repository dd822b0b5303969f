"""The Koi-Koi match engine: one :class:`KoiKoiState` holds a whole match of N rounds.

Procedure (rules file, preset ``nintendo`` unless an option says otherwise):

* First dealer: each seat draws a card (seat 0 first); the earlier month deals; the same
  month draws again (``first_dealer``: or a seeded random choice, or a named seat). The
  winner of a round deals the next; after a drawn round where nobody scores the other player
  deals (``drawn_round="same-dealer"``: the same dealer); with the dealer's privilege the
  dealer wins and deals again.
* Deal in pairs: 2 to the dealer's opponent, 2 to the field, 2 to the dealer, four times.
  Four cards of a month on the field re-deal (``redeal_four_on_field``). Then lucky hands
  (``lucky_hands``, for the hands ``teshi`` and ``kuttsuki`` switch on); when both players
  hold one, the dealer's counts.
* The dealer moves first. A turn: ``play CARD`` from hand (when the card's month has two
  cards on the field -- or three without ``capture_all_three`` -- the action names the
  capture too: ``play CARD capture FIELDCARD``); then the top stock card is turned over
  automatically; if it matches two field cards (or three without ``capture_all_three``), its
  player chooses with ``capture FIELDCARD``.
* After a turn in which a player's pile formed a new yaku or raised one (with
  ``koikoi_question="total-raised"``: after a turn that raised what a stop scores), that
  player chooses ``koikoi`` or ``stop``. The round ends at once as that player's stop, without
  asking (:class:`~cardgames.koikoi.events.ForcedStop` in the ``YakuFormed`` event says
  why), when the turn left the player's own hand empty -- even if the opponent still holds a
  card, which is then never played (unless ``koikoi_with_empty_hand``; both hands empty
  always end it) -- or when the round's koi-koi calls are used up (``max_koikoi_calls``).
* Both hands empty with nobody stopped: a drawn round (``drawn_round``).
* The match ends after ``rounds`` rounds, or with ``banks`` at once after a round that
  leaves a bank at 0 or below; the higher score (the sum of points won, or the bank) wins.

Interpretations where the rules file leaves a choice (each also documented on its option):

* "New or improved yaku" compares every yaku's points with what they were when the player
  last called koi-koi this round (nothing before the first call): a yaku that appears or
  pays more asks for the decision; one that pays less (a viewing yaku spoilt by the rain
  man) does not.
* ``max_koikoi_calls`` counts the calls of both players together ("koi-koi can be called
  only once per round").
* Lucky hands: four of a month is teshi, four pairs of months is kuttsuki; when both
  players hold one the dealer's counts; their points get no multiplier. The field is
  checked for four of a month before the hands.
* The dealer's privilege (``drawn_round="dealer"``) makes the dealer the round's winner, so
  the dealer deals again; ``koikoi_penalty="growing"`` multiplies by 1 + every call of the
  round; ``viewing_only_after_koikoi`` asks whether the pile's owner has called.

Chance (``shuffle``): a match's chance is one stream read from its seed (SHAKE-128 of the
seed, in numbered blocks): block 0 chooses the first dealer (the draw or the random
choice), block n shuffles the n-th deal, so a match is determined by its seed. An explicit
deck (for tests and foreign records) lists the first-dealer draw cards (pairs, seat 0 first,
until the months differ; none unless ``first_dealer`` is ``draw``), then one 48-card order
per deal, top first; later deals read the stream of the deck's text. :func:`deal_order`
builds such an order from chosen hands. Records of rules version 2 and before replay with
``shuffle="per-deal"``, the generator per chance event they were played with.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import operator
import random
import struct
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.core.errors import NotationError, OptionsError
from cardgames.core.game import ActionSpace, Event, State, shared_fields
from cardgames.core.limits import as_index
from cardgames.koikoi.actions import (
    ACTION_SPACE,
    CAPTURE,
    CAPTURE_ACTIONS,
    KOIKOI,
    KOIKOI_ACTION,
    NO_CARD,
    PLAY,
    PLAY_CAPTURE_ACTIONS,
    STOP,
    STOP_ACTION,
    KoiKoiAction,
    Position,
    parse_action,
)
from cardgames.koikoi.cards import (
    CARDS,
    DEALER_PLACES,
    FIELD_PLACES,
    OPPONENT_PLACES,
    Card,
    parse_card,
)
from cardgames.koikoi.events import (
    CardPlayed,
    ChoiceRequired,
    DealerChosen,
    ForcedStop,
    KoiKoiCalled,
    LuckyHand,
    LuckyHandKind,
    MatchEnd,
    MatchEnded,
    RedealReason,
    Redealt,
    RoundEnd,
    RoundEnded,
    RoundResult,
    RoundStarted,
    StopReason,
    YakuFormed,
)
from cardgames.koikoi.rules import (
    DrawnRound,
    FirstDealer,
    KoiKoiQuestion,
    KoiKoiRules,
    LuckyHands,
    Shuffle,
)
from cardgames.koikoi.view import (
    CaptureChoice,
    CardMasks,
    KnownMasks,
    KoiKoiDecision,
    KoiKoiPublicView,
    KoiKoiView,
    Pending,
    Phase,
    listed,
)
from cardgames.koikoi.yaku import (
    MONTH_MASKS,
    SLOT_COUNT,
    YAKU,
    RoundPoints,
    Yaku,
    YakuScore,
    YakuTable,
    drawn_round_points,
    month_of_round,
    points_of_round,
    yaku_table_for,
)

if TYPE_CHECKING:
    from typing import Self

__all__ = ["KoiKoiState", "lucky_hand_kind"]

_CARD_AT: Final = CARDS.__getitem__
_new_tuple: Final = tuple.__new__

# The phases as module constants: an enum member read through its class costs four times a
# global read, and the engine reads the phase several times a move.
_PLAYING: Final = Phase.PLAY
_CAPTURING: Final = Phase.CAPTURE
_DECIDING: Final = Phase.DECIDE
_OVER: Final = Phase.OVER
_TOTAL_RAISED: Final = KoiKoiQuestion.TOTAL_RAISED
_STREAM: Final = Shuffle.STREAM


def _build_played() -> tuple[
    tuple[CardPlayed, ...], dict[int, CardPlayed], tuple[CardPlayed, ...]
]:
    """Every CardPlayed event there can be, so that a move allocates none.

    Keyed by ``((seat << 1) | from_stock) * 48 + card`` (and ``* 48 + target`` for a single
    capture); taking all three of a month lists them by id.
    """
    placed: list[CardPlayed] = []
    takes_one: dict[int, CardPlayed] = {}
    takes_all: list[CardPlayed] = []
    for seat in (0, 1):
        for from_stock in (False, True):
            for card in range(48):
                key = ((seat << 1) | from_stock) * 48 + card
                others = tuple(c for c in range(card & ~3, (card & ~3) + 4) if c != card)
                placed.append(CardPlayed(seat, card, from_stock, ()))
                takes_all.append(CardPlayed(seat, card, from_stock, others))
                for target in others:
                    takes_one[key * 48 + target] = CardPlayed(seat, card, from_stock, (target,))
    return tuple(placed), takes_one, tuple(takes_all)


_PLACED, _TAKES_ONE, _TAKES_ALL = _build_played()
_ACTIONS_BY_ID: Final = ACTION_SPACE.actions
_PAIR_IDS: Final = tuple(
    {target: ACTION_SPACE.ids[PLAY_CAPTURE_ACTIONS[card, target]]
     for target in range(card & ~3, (card & ~3) + 4) if target != card}
    for card in range(48)
)
"""By card, then by the field card it takes: the id of ``play CARD capture TARGET``."""
_CAPTURE_ID: Final = ACTION_SPACE.ids[CAPTURE_ACTIONS[0]]
"""The id of ``capture`` of card 0; the stock captures follow by card."""
_KOIKOI_ID: Final = ACTION_SPACE.ids[KOIKOI_ACTION]
_STOP_ID: Final = ACTION_SPACE.ids[STOP_ACTION]
_DEFAULT_NAMES: Final = ("P1", "P2")

_CHOOSE_SIZES_ALL: Final = frozenset({2})
_CHOOSE_SIZES: Final = frozenset({2, 3})
_FIELD_CARDS: Final = operator.itemgetter(*FIELD_PLACES)
_OPPONENT_CARDS: Final = operator.itemgetter(*OPPONENT_PLACES)
_DEALER_CARDS: Final = operator.itemgetter(*DEALER_PLACES)
_KEYS: Final = struct.Struct("<48d")
"""A shuffle's 48 sort keys, little-endian doubles, from its 384 bytes of the stream."""
_CARD_BYTES: Final = bytes(range(48))
_EXPONENT_BYTES: Final = b"\x3f" * 48
_EXPONENT_NIBBLE: Final = bytes(byte | 0xF0 for byte in range(256))
_DRAWS: Final = struct.Struct("<16Q").unpack
"""Eight dealer draws (two cards each) from 128 bytes of the stream; a ninth, needed once in
10**9 matches, reads the next 128."""


class KoiKoiState(State[KoiKoiAction]):
    """A Koi-Koi match between seats 0 and 1 (see the module docstring for the procedure).

    >>> state = KoiKoiState.new(KoiKoiRules(), players=2, seed=1)
    >>> state.current_player in (0, 1), len(state.view(0).hand)
    (True, 8)
    """

    game_name = "koikoi"
    game_title = "Koi-Koi"
    rules_version = 3
    """3: one chance stream per match (``shuffle="stream"``; versions 1 and 2 replay with
    ``shuffle="per-deal"``). 2: a yaku formed on a turn that empties its player's hand ends
    the round (the forced stop); version 1 asked koi-koi or stop there."""
    player_counts = range(2, 3)
    derived_slots = frozenset(
        {"current_player", "_chance_key", "_table", "_tally", "_tallies", "_start_events"}
    )
    """The chance key follows from the seed or deck, the yaku table and its tally from the
    rules, the tallies from the piles, the start events from the rules and the chance."""

    __slots__ = (
        "_baseline",
        "_calls",
        "_chance_key",
        "_chunk",
        "_chunks",
        "_dealer",
        "_dealer_draws",
        "_deals",
        "_field",
        "_hands",
        "_over",
        "_pending",
        "_phase",
        "_pile_before",
        "_piles",
        "_results",
        "_round",
        "_rules",
        "_start_events",
        "_stock",
        "_table",
        "_tallies",
        "_tally",
        "_totals",
        "_turn",
        "current_player",
    )
    # The round's position, set by each deal (_start_round).
    _hands: list[list[int]]
    """Each seat's hand, card ids in ascending order."""
    _field: list[list[int]]
    """The field by month: each month's cards in the order they came there."""
    _stock: list[int]
    """The stock, its top last (pop() turns it over)."""
    _piles: list[int]
    """Each seat's captured cards as a mask."""
    _tallies: list[int]
    """Each pile's tally (:class:`~cardgames.koikoi.yaku.Tally`): whether it may form a yaku."""
    _calls: list[int]
    """Each seat's koi-koi calls this round."""
    _baseline: list[list[int]]
    """Each seat's yaku points (by slot) when it last called koi-koi (zeros before)."""
    _pending: int
    """The turned-over stock card waiting for its capture choice, or NO_CARD."""
    _phase: Phase
    _turn: int
    _start_events: tuple[Event, ...] | None
    current_player: int | None
    """The seat to act, or None once the match is over (a slot, not a property: the core
    reads it on every move)."""

    @classmethod
    def default_names(cls, count: int) -> tuple[str, ...]:
        """``P1``, ``P2``: the seats as the events and the notation name them."""
        return _DEFAULT_NAMES[:count]

    def _setup(self, deck: tuple[str, ...] | None) -> None:
        """Deal the match: choose the first dealer and deal round 1 (from `deck` if given);
        the events of it are built when :attr:`start_events` is first read."""
        self._start_events = None
        self._deal_first(deck, None)

    def _deal_first(self, deck: tuple[str, ...] | None, events: list[Event] | None) -> None:
        """Choose the first dealer and deal round 1, appending what happened to `events`
        unless None."""
        rules = self.options
        if not isinstance(rules, KoiKoiRules):
            raise OptionsError(f"Koi-Koi options must be KoiKoiRules (got {rules!r})")
        chunks: list[tuple[int, ...]] = []
        draw_cards: list[int] = []
        if deck is not None:
            draw_cards, chunks = _split_deck(deck, rules.first_dealer)
        self._rules = rules
        self._table: YakuTable = yaku_table_for(rules)
        self._tally = self._table.tally
        self._chance_key: bytes | None = None
        self._deals = 0
        self._chunks = tuple(chunks)
        self._chunk = 0
        self._round = 1
        start = rules.starting_bank if rules.banks else 0
        self._totals = [start, start]
        self._results: list[RoundResult] = []
        self._over = False
        self._pile_before = 0
        draws, dealer = self._choose_dealer(draw_cards)
        self._dealer_draws = draws
        self._dealer = dealer
        if events is not None:
            events.append(DealerChosen(draws, dealer, rules.first_dealer))
        self._start_round(events)

    # ------------------------------------------------------------------ public read-outs
    @property
    def rules(self) -> KoiKoiRules:
        """The match's rules."""
        return self._rules

    @property
    def start_events(self) -> tuple[Event, ...]:
        """What happened before the first move: the dealer draw, deals, instant rounds."""
        events = self._start_events
        if events is None:
            # Dealt again from the same chance, this time telling what happened.
            built: list[Event] = []
            dealt = type(self).new(self.options, players=2, seed=self.seed, deck=self.deck)
            dealt._deal_first(self.deck, built)
            events = self._start_events = tuple(built)
        return events

    @property
    def round_number(self) -> int:
        """The round being played (1-based); the last round's number once over."""
        return self._round

    @property
    def dealer(self) -> int:
        """The dealer of the current round."""
        return self._dealer

    @property
    def phase(self) -> Phase:
        """What the current player is asked: play, capture, decide (or over)."""
        return self._phase

    @property
    def pending(self) -> Pending:
        """The capture choice or koi-koi decision the current player faces (None: a play)."""
        return self._pending_decision()

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """Every finished round, oldest first."""
        return tuple(self._results)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat's hand (full knowledge: for tests and tools, not for agents)."""
        return tuple(map(_CARD_AT, self._hands[_seat(seat)]))

    @property
    def field(self) -> tuple[Card, ...]:
        """The face-up field, by month."""
        return tuple(map(_CARD_AT, sorted(itertools.chain.from_iterable(self._field))))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first (full knowledge: for tests and tools)."""
        return tuple(CARDS[c] for c in reversed(self._stock))

    def pile(self, seat: int) -> tuple[Card, ...]:
        """Seat's captured cards, by id."""
        return _cards_of_mask(self._piles[_seat(seat)])

    def yaku(self, seat: int) -> YakuScore:
        """Seat's current yaku (before round multipliers)."""
        seat = _seat(seat)
        return self._table.score(
            self._piles[seat],
            self._calls[seat] > 0,
            month_of_round(self._round) if self._rules.tsuki_fuda else 0,
        )

    @property
    def match_end(self) -> MatchEnded | None:
        """How the match ended (the event that said so), or None while it goes on."""
        return self._match_ended() if self._over else None

    def _match_ended(self) -> MatchEnded:
        totals = (self._totals[0], self._totals[1])
        banks = self._rules.banks
        end = MatchEnd.BANK_EMPTY if banks and min(totals) <= 0 else MatchEnd.ROUNDS
        return MatchEnded(totals, self.winner(), end, banks)

    @property
    def koikoi_calls(self) -> tuple[int, int]:
        """Koi-koi calls of each seat in the current round."""
        return (self._calls[0], self._calls[1])

    @property
    def pending_card(self) -> Card | None:
        """The turned-over stock card waiting for a capture choice."""
        return None if self._pending == NO_CARD else CARDS[self._pending]

    # ------------------------------------------------------------------ State protocol

    @property
    def is_over(self) -> bool:
        return self._over

    def scores(self) -> list[int]:
        """Match totals by seat: the points won, or with ``banks`` the banks."""
        return list(self._totals)

    def winner(self) -> int | None:
        """The seat with the higher total (or bank) once over (None: equal or not over)."""
        if not self._over or self._totals[0] == self._totals[1]:
            return None
        return 0 if self._totals[0] > self._totals[1] else 1

    def parse(self, text: str) -> KoiKoiAction:
        """Notation -> action: ``play CARD [capture CARD]``, ``capture CARD``, ``koikoi``,
        ``stop``; cards by name (``nov-rain-man``), ``11-1`` or id; ``play mar-chaff`` picks a
        March chaff from the hand. Errors list the cards that would be accepted now."""
        if self._over:
            return parse_action(text)
        pending = self._pending_decision()
        return parse_action(text, Position(
            self._hands[self._turn],
            [card for month in self._field for card in month],
            self._capture_options() if self._phase is _CAPTURING else None,
            None if pending is None else pending.question(),
        ))

    def view(self, seat: int) -> KoiKoiView:
        if type(seat) is not int or not 0 <= seat <= 1:  # the usual 0 or 1 needs no check
            seat = _seat(seat)
        over = self._over
        limit = self._rules.max_koikoi_calls
        piles = self._piles
        calls = self._calls
        table = self._table
        month = month_of_round(self._round)
        scored_month = month if self._rules.tsuki_fuda else 0
        hand_ids = self._hands[seat]
        field_ids = sorted(itertools.chain.from_iterable(self._field))
        cards = CARDS
        hand = tuple([cards[card] for card in hand_ids])  # faster than map(CARDS.__getitem__)
        field = tuple([cards[card] for card in field_ids])
        pile_cards = (_cards_of_mask(piles[0]), _cards_of_mask(piles[1]))
        # The masks bots compute with, from the engine's own (cheaper than from the cards).
        # Built by the C tuple constructor: calling a NamedTuple is a Python-level call.
        masks = _new_tuple(KnownMasks, (
            _new_tuple(CardMasks, (_mask_of(hand_ids), _mask_of(field_ids), (piles[0], piles[1]))),
            hand,
            field,
            pile_cards,
        ))
        return KoiKoiView(
            seat=seat,
            players=self.players,
            rules=self._rules,
            round_number=self._round,
            month=month,
            dealer=self._dealer,
            current_player=None if over else self._turn,
            phase=self._phase,
            hand=hand,
            opponent_hand_size=len(self._hands[1 - seat]),
            field=field,
            stock_size=len(self._stock),
            piles=pile_cards,
            yaku=(
                table.score(piles[0], calls[0] > 0, scored_month),
                table.score(piles[1], calls[1] > 0, scored_month),
            ),
            koikoi_calls=(calls[0], calls[1]),
            koikoi_allowed=limit is None or calls[0] + calls[1] < limit,
            pending=self._pending_decision(),
            scores=(self._totals[0], self._totals[1]),
            round_results=tuple(self._results),
            is_over=over,
            # The log as it happened: Koi-Koi's events hide nothing, so each seat sees it all
            # (moves(seat) says the same after checking the seat again, as check_view asserts).
            history=tuple(self._built_moves()),
            known_masks=masks,
        )

    def public_view(self) -> KoiKoiPublicView:
        """What both seats may know (a spectator's view): the hands' sizes, not their cards,
        until the match is over (then the hands too); the rest as each seat sees it."""
        seen = self.view(0)
        sizes = (len(self._hands[0]), len(self._hands[1]))
        hands = (self.hand(0), self.hand(1)) if self._over else None
        return KoiKoiPublicView(
            hand_sizes=sizes, hands=hands,
            **shared_fields(seen, KoiKoiPublicView, "hand_sizes", "hands"))

    def _pending_decision(self) -> Pending:
        phase = self._phase
        turn = self._turn
        if phase is _CAPTURING:
            return CaptureChoice(
                turn,
                CARDS[self._pending],
                tuple(map(_CARD_AT, sorted(self._capture_options()))),
            )
        if phase is not _DECIDING:
            return None
        slots = self._slots(turn)
        limit = self._rules.max_koikoi_calls
        calls = self._calls
        score = self._table.to_score(slots)
        return KoiKoiDecision(
            turn,
            score,
            tuple(
                Yaku(row.key, row.name, points)
                for row, points, before in zip(YAKU, slots, self._baseline[turn], strict=True)
                if points > before
            ),
            points_of_round(score.total, self._rules, calls[turn], calls[1 - turn]),
            None if limit is None else limit - calls[0] - calls[1],
        )

    # ------------------------------------------------------------ registry hooks
    @classmethod
    def upgrade_options(cls, options: dict[str, Any], rules_version: int) -> dict[str, Any]:
        """Records of older rules replay as they were played: a version 1 record asked
        koi-koi on an empty hand, and versions 1 and 2 drew a generator per chance event."""
        if rules_version < 2:
            options = {"koikoi_with_empty_hand": True, **options}
        if rules_version < 3:
            options = {"shuffle": Shuffle.PER_DEAL.value, **options}
        return options

    def outcome_text(self) -> str:
        """``P1 wins 12-7`` or ``draw 5-5``; with banks ``P2 wins, banks 62 to -2``."""
        first, second = self.scores()
        high, low = max(first, second), min(first, second)
        if self._rules.banks:
            result = "draw" if first == second else f"{self.players[first < second]} wins"
            return f"{result}, banks {high} to {low}"
        if first == second:
            return f"draw {first}-{second}"
        winner = 0 if first > second else 1
        return f"{self.players[winner]} wins {high}-{low}"

    def check_view(self, seat: int) -> None:
        """AssertionError if ``self.view(seat)`` shows the opponent's hand or the stock."""
        view = self.view(seat)
        assert view.hand == self.hand(seat), "a seat sees its own hand"
        shown = set(_cards_in(view))
        hidden = set(self.hand(1 - seat)) | set(self.stock)
        leaked = shown & hidden
        assert not leaked, (
            f"seat {seat}'s view shows hidden cards: {sorted(c.code for c in leaked)}"
        )
        assert view.opponent_hand_size == len(self.hand(1 - seat))
        assert view.stock_size == len(self.stock)
        names = {f.name for f in attrs.fields(type(view))}
        assert not any("stock" in n and n != "stock_size" for n in names), (
            "the view lists the stock"
        )
        # view() reads the log without moves(seat)'s second seat check: the same moves.
        assert view.history == self.moves(seat), "the view's history is the seat's moves"

    def check_invariants(self) -> None:
        """AssertionError when a Koi-Koi invariant breaks: the 48 cards are each in one place,
        captures come in same-month pairs, hands and stock shrink together, the match totals
        are the sum of the round results (banks: the start plus what was won, minus what was
        lost, always adding up to twice the start), and the match ends when it must."""
        hands = [self.hand(0), self.hand(1)]
        pending = () if self.pending_card is None else (self.pending_card,)
        everywhere = [*hands[0], *hands[1], *self.field, *self.stock, *self.pile(0),
                      *self.pile(1), *pending]
        counts = Counter(everywhere)
        assert len(counts) == 48, "the 48 cards are all present (hands, field, stock, piles)"
        assert all(n == 1 for n in counts.values()), "no card is in two places at once"
        for seat in (0, 1):
            months = Counter(card.month for card in self.pile(seat))
            assert all(n % 2 == 0 for n in months.values()), (
                f"seat {seat}'s pile holds an odd number of a month: captures come in pairs"
            )
        assert abs(len(hands[0]) - len(hands[1])) <= 1
        assert len(self.stock) == 8 + len(hands[0]) + len(hands[1]), (
            "each turn takes one card from hand and one from the stock"
        )
        rules = self.rules
        banks = rules.banks
        start = rules.starting_bank if banks else 0
        totals = [start, start]
        for number, result in enumerate(self.round_results, start=1):
            assert min(totals) > 0 or not banks, (
                f"a bank was empty after round {number - 1}, yet the match went on"
            )
            for seat in (0, 1):
                if result.winner != seat:
                    assert result.score[seat] == 0, "a round's points go only to its winner"
                totals[seat] += result.score[seat]
                if banks:  # the winner's points come out of the loser's bank
                    totals[1 - seat] -= result.score[seat]
        assert totals == self.scores(), "match totals equal the sum of the round results"
        if banks:
            assert sum(totals) == 2 * start, "the banks add up to twice the starting bank"
        finished = len(self.round_results) == rules.rounds or (banks and min(totals) <= 0)
        assert len(self.round_results) <= rules.rounds
        assert self.is_over == finished

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._round,
            self._dealer,
            self._turn,
            self._phase,
            tuple(map(tuple, self._hands)),
            tuple(map(tuple, self._field)),
            tuple(self._stock),
            tuple(self._piles),
            self._pile_before,
            self._pending,
            tuple(self._calls),
            tuple(map(tuple, self._baseline)),
            tuple(self._totals),
            tuple(self._results),
            self._over,
            self._chunk,
            self._dealer_draws,
            self._deals,
            self.seed,
            self.deck,
            self._chunks,
        )

    def _copy_into(self, new: Self) -> None:
        new._rules = self._rules
        new._table = self._table
        new._chance_key = self._chance_key
        new._deals = self._deals
        new._chunks = self._chunks
        new._chunk = self._chunk
        new._round = self._round
        new._dealer = self._dealer
        new._dealer_draws = self._dealer_draws
        new._turn = self._turn
        new.current_player = self.current_player
        new._phase = self._phase
        hands = self._hands
        new._hands = [hands[0].copy(), hands[1].copy()]
        new._field = list(map(list.copy, self._field))  # one C-level pass over the months
        new._stock = self._stock.copy()
        new._piles = self._piles.copy()
        new._tally = self._tally
        new._tallies = self._tallies.copy()
        new._pile_before = self._pile_before
        new._pending = self._pending
        new._calls = self._calls.copy()
        baseline = self._baseline
        new._baseline = [baseline[0].copy(), baseline[1].copy()]
        new._totals = self._totals.copy()
        new._results = self._results.copy()
        new._over = self._over
        new._start_events = self._start_events

    def action_space(self) -> ActionSpace[KoiKoiAction]:
        """The action ids (the same in every position): plays by card, plays naming a capture
        (by card, then target), stock captures by card, koi-koi, stop."""
        return ACTION_SPACE

    def _legal_id_list(self) -> list[int]:
        # Every position numbers actions alike: step() reads its action from this table.
        self._id_actions = _ACTIONS_BY_ID
        phase = self._phase
        if phase is _PLAYING:
            field = self._field
            hand = self._hands[self._turn]
            # Field month sizes that make the player choose: 2, and 3 without capture-all.
            choosing = _CHOOSE_SIZES_ALL if self._rules.capture_all_three else _CHOOSE_SIZES
            # Usually no card of the hand has a choice, and the ids are the hand's cards (a
            # play's id is its card's): one plain pass finds that, with no list built.
            for card in hand:
                if len(field[card >> 2]) in choosing:
                    break
            else:
                return hand.copy()
            ids: list[int] = []
            for card in hand:
                matches = field[card >> 2]
                if len(matches) in choosing:
                    pairs = _PAIR_IDS[card]
                    for target in matches:
                        ids.append(pairs[target])
                else:
                    ids.append(card)  # a play's id is its card's
            return ids
        if phase is _CAPTURING:
            return [_CAPTURE_ID + card for card in self._field[self._pending >> 2]]
        if phase is _DECIDING:
            return [_KOIKOI_ID, _STOP_ID]
        return []

    def _legal_actions(self) -> list[KoiKoiAction]:
        # The legal ids say it once: the actions are theirs, in their order.
        actions = _ACTIONS_BY_ID
        return [actions[action_id] for action_id in self._legal_id_list()]

    def illegal_reason(self, action: KoiKoiAction) -> str:
        if not isinstance(action, KoiKoiAction):
            return (
                f"{action!r} is not a KoiKoiAction; pass one of legal_actions(), or text "
                f"through parse() or apply_text()"
            )
        if self._over:
            return "the match is over"
        kind = action.kind
        pending = self._pending_decision()
        if isinstance(pending, KoiKoiDecision):
            return pending.question()
        if isinstance(pending, CaptureChoice):
            if kind == CAPTURE:
                options = ", ".join(card.code for card in pending.options)
                return f"the turned-over {pending.card.code} can capture only {options}"
            return pending.question()
        if kind in (KOIKOI, STOP):
            reason = "koi-koi and stop are decided after a yaku forms; play a card from your hand"
            blocked = self._calls_used()
            if kind == KOIKOI and blocked is not None:
                # Say why a koi-koi could not be called even after a yaku: the round's limit.
                why = blocked.text(self.players, self._turn, you=self._turn)
                reason += f" (and koi-koi is not possible in this round any more: {why})"
            return reason
        if kind == CAPTURE:
            return "capture names the field card a turned-over stock card takes; play a card first"
        card = action.card
        if card not in self._hands[self._turn]:
            return f"{CARDS[card].code} is not in your hand"
        matches = self._field[card >> 2]
        if action.target == NO_CARD:
            ordered = sorted(matches)
            names = listed([CARDS[c].code for c in ordered], "or")
            code = CARDS[card].code
            return (
                f"{code} matches {names} on the field: name the one to capture, e.g. "
                f"play {code} capture {CARDS[ordered[0]].code}"
            )
        if not matches:
            return f"{CARDS[card].code} matches nothing on the field: play it without a capture"
        if action.target not in matches:
            return f"{CARDS[action.target].code} is not on the field"
        if len(matches) == 3:
            return f"three {CARDS[card].month_info.name} cards lie on the field: play captures all"
        return f"{CARDS[card].code} has only one match: play it without naming a capture"

    def _act(self, action: KoiKoiAction, events: list[Event] | None) -> None:
        """Carry out the legal `action`, appending what it caused to `events` (None: build no
        events, the fast path)."""
        kind = action.kind
        turn = self._turn
        if kind == PLAY:
            pile_before = self._piles[turn]
            card = action.card
            hands = self._hands
            hands[turn].remove(card)
            field = self._field
            taken = _lay(field[card >> 2], card, action.target, turn * 96 + card, events)
            stock_card = self._stock.pop()
            matches = field[stock_card >> 2]
            count = len(matches)
            if count == 2 or (count == 3 and not self._rules.capture_all_three):
                # The turn ends after the choice; keep the pile it started with till then.
                if taken:
                    self._gain(turn, taken)
                self._pile_before = pile_before
                self._pending = stock_card
                self._phase = _CAPTURING
                if events is not None:
                    events.append(ChoiceRequired(turn, stock_card, tuple(sorted(matches))))
                return
            gained = taken | _lay(matches, stock_card, NO_CARD, turn * 96 + 48 + stock_card, events)
            if gained and self._gain(turn, gained):
                self._end_turn(events, pile_before)
            elif hands[turn] or hands[1 - turn]:
                # The usual turn: no yaku can have formed or risen, and play goes on.
                self._turn = self.current_player = 1 - turn
            else:
                self._next_turn(events)
        elif kind == CAPTURE:
            stock_card = self._pending
            pile_before = self._pile_before
            # Reset outside the capture phase, so that equal positions have equal snapshots.
            self._pending = NO_CARD
            self._pile_before = 0
            self._phase = _PLAYING
            taken = _lay(
                self._field[stock_card >> 2], stock_card, action.card,
                turn * 96 + 48 + stock_card, events,
            )
            if self._gain(turn, taken):
                self._end_turn(events, pile_before)
            else:
                self._next_turn(events)
        elif kind == KOIKOI:
            self._calls[turn] += 1
            self._baseline[turn] = self._slots(turn)
            if events is not None:
                events.append(KoiKoiCalled(turn, self._calls[turn]))
            self._next_turn(events)
        else:
            self._finish_round_by_stop(turn, events)

    def _gain(self, seat: int, cards: int) -> bool:
        """Add `cards` (a mask) to `seat`'s pile: whether the pile may now form a yaku (its
        tally has reached a row; False: it forms none, whatever the calls)."""
        self._piles[seat] |= cards
        tally = self._tally
        tallies = self._tallies
        reached = tallies[seat] = tallies[seat] + tally.counts[cards]
        return bool(reached & tally.reached)

    # ------------------------------------------------------------------ the rules
    def _slots(self, seat: int, pile: int | None = None) -> list[int]:
        """Points per yaku of `seat`'s pile (or of `pile`, as `seat`'s) in this round."""
        return self._table.slots(
            self._piles[seat] if pile is None else pile,
            self._calls[seat] > 0,
            month_of_round(self._round) if self._rules.tsuki_fuda else 0,
        )

    def _capture_options(self) -> list[int]:
        return list(self._field[self._pending >> 2]) if self._pending != NO_CARD else []

    def _end_turn(self, events: list[Event] | None, pile_before: int) -> None:
        """After a turn that captured (phase back to play) and left a pile that may form a
        yaku: ask koi-koi or stop if a yaku formed or rose, end the round if it must, else
        pass the turn."""
        turn = self._turn
        slots = self._slots(turn)
        improved = False
        if self._rules.koikoi_question is _TOTAL_RAISED:
            # What a stop scores rises exactly when the yaku sum does: the calls are the same
            # all turn, and round_points grows strictly with the sum (no yaku scores nothing).
            before = self._slots(turn, pile_before)
            if sum(slots) > sum(before):
                improved = True
                self._baseline[turn] = before  # the decision names what rose this turn
        else:
            baseline = self._baseline[turn]
            if slots != baseline:  # the usual case, equal lists, is settled by one C comparison
                for new, old in zip(slots, baseline, strict=True):
                    if new > old:
                        improved = True
                        break
        if not improved:
            self._next_turn(events)
            return
        forced = self._forced_stop(turn)
        if events is not None:
            events.append(YakuFormed(turn, self._table.to_score(slots), forced))
        if forced is not None:
            self._finish_round_by_stop(turn, events)
        else:
            self._phase = _DECIDING

    def _forced_stop(self, seat: int) -> ForcedStop | None:
        """Why `seat`, who has just formed or raised a yaku, may not call koi-koi (None: it
        may). An empty hand comes first: it ends the round whatever the calls."""
        hands = self._hands
        if not hands[seat]:
            if not hands[1 - seat]:
                reason = StopReason.NO_TURN_LEFT
            elif not self._rules.koikoi_with_empty_hand:
                reason = StopReason.HAND_EMPTY
            else:
                return self._calls_used()
            return ForcedStop(reason, self._rules.max_koikoi_calls, self.koikoi_calls)
        return self._calls_used()

    def _calls_used(self) -> ForcedStop | None:
        """The round's koi-koi calls are used up (``max_koikoi_calls``), or None."""
        limit = self._rules.max_koikoi_calls
        calls = self._calls
        if limit is None or calls[0] + calls[1] < limit:
            return None
        return ForcedStop(StopReason.CALLS_USED, limit, (calls[0], calls[1]))

    def _next_turn(self, events: list[Event] | None) -> None:
        self._phase = _PLAYING
        if self._hands[0] or self._hands[1]:
            self._turn = self.current_player = 1 - self._turn
            return
        points = drawn_round_points(self._rules)
        dealer = self._dealer
        if points:
            score = (points, 0) if dealer == 0 else (0, points)
            self._finish_round(dealer, score, events, RoundEnd.DEALERS_PRIVILEGE)
        else:
            self._finish_round(None, (0, 0), events, RoundEnd.DRAWN)

    def _finish_round_by_stop(self, winner: int, events: list[Event] | None) -> None:
        yaku = self._table.to_score(self._slots(winner))
        points = points_of_round(
            yaku.total, self._rules, self._calls[winner], self._calls[1 - winner]
        )
        score = (points.points, 0) if winner == 0 else (0, points.points)
        self._finish_round(winner, score, events, RoundEnd.STOP, yaku, points)

    def _finish_round(
        self,
        winner: int | None,
        score: tuple[int, int],
        events: list[Event] | None,
        end: RoundEnd,
        yaku: YakuScore | None = None,
        points: RoundPoints | None = None,
        lucky_hand: LuckyHandKind | None = None,
    ) -> None:
        """End the round: `winner` scores `score` (None: nobody), by `end`; then the match
        ends or the next round is dealt."""
        rules = self._rules
        calls = self._calls
        result = RoundResult(
            self._round, self._dealer, winner, end, yaku, points, score, (calls[0], calls[1]),
            lucky_hand,
        )
        self._results.append(result)
        totals = self._totals
        if winner is not None:
            won = score[winner]
            totals[winner] += won
            if rules.banks:
                totals[1 - winner] -= won
        if events is not None:
            events.append(RoundEnded(result, (totals[0], totals[1]), rules.banks))
        self._pending = NO_CARD
        if (rules.banks and min(totals) <= 0) or len(self._results) >= rules.rounds:
            self._over = True
            self.current_player = None
            self._phase = _OVER
            if events is not None:
                events.append(self._match_ended())
            return
        if winner is not None:
            self._dealer = winner
        elif rules.drawn_round is not DrawnRound.SAME_DEALER:
            self._dealer = 1 - self._dealer
        self._round += 1
        self._start_round(events)

    # ------------------------------------------------------------------ chance and dealing
    def _chance_source(self) -> str:
        """The text the match's chance follows from: its seed, or its explicit deck."""
        deck = self.deck
        return f"seed:{self.seed}" if deck is None else "deck:" + ",".join(deck)

    def _chance(self, block: int, size: int) -> bytes:
        """`size` bytes of block `block` of the match's chance stream (``shuffle="stream"``).

        The stream is a function of the seed (or deck) and the block's number, so the state
        keeps no generator: clones and snapshots stay cheap, and a deal costs one hash.
        """
        key = self._chance_key
        if key is None:  # found on first use: a search world dealt from a deck may need none
            key = self._chance_key = f"koikoi {self._chance_source()} ".encode()
        return hashlib.shake_128(key + b"%d" % block).digest(size)

    def _generator(self, purpose: str) -> random.Random:
        """The generator of one chance event under ``shuffle="per-deal"`` (rules version 2
        and before), seeded from the match's seed (or deck) and the event's name."""
        return random.Random(f"koikoi {self._chance_source()} {purpose}")

    def _next_order(self) -> Sequence[int]:
        """The next deal's order of the 48 cards, top first."""
        if self._chunk < len(self._chunks):
            self._chunk += 1
            return self._chunks[self._chunk - 1]
        # Sorting by 48 uniform keys is an unbiased shuffle and several times faster than
        # random.shuffle (one C-level sort instead of 47 Python-level _randbelow calls).
        self._deals += 1
        if self._rules.shuffle is _STREAM:
            return _shuffled(self._chance(self._deals, 384))
        rand = self._generator(f"deal {self._deals}").random
        keys = [rand() for _ in range(48)]
        return sorted(range(48), key=keys.__getitem__)

    def _choose_dealer(self, draw_cards: list[int]) -> tuple[tuple[tuple[int, int], ...], int]:
        """(the draws, the first dealer): by the card draw, a seeded random choice, or the
        seat the rules name."""
        rules = self._rules
        named = rules.first_dealer_seat
        if named is not None:
            return (), named
        stream = rules.shuffle is _STREAM
        if rules.first_dealer is FirstDealer.RANDOM:
            if stream:
                return (), self._chance(0, 1)[0] & 1
            return (), self._generator("dealer").randrange(2)
        if draw_cards:
            pairs = [(draw_cards[i], draw_cards[i + 1]) for i in range(0, len(draw_cards), 2)]
        elif stream:
            pairs = []
            words: tuple[int, ...] = ()
            while True:
                index = 2 * len(pairs) % 16
                if not index:  # eight more draws: the stream's bytes only extend
                    read = 16 * len(pairs) + 128
                    words = _DRAWS(self._chance(0, read)[read - 128 :])
                first = words[index] % 48
                second = words[index + 1] % 47  # of the 47 cards seat 0 left
                second += second >= first
                pairs.append((first, second))
                if first >> 2 != second >> 2:
                    break
        else:
            pairs = []
            rng = self._generator("dealer")
            while True:
                first, second = rng.sample(range(48), 2)
                pairs.append((first, second))
                if first >> 2 != second >> 2:
                    break
        first, second = pairs[-1]
        return tuple(pairs), 0 if first >> 2 < second >> 2 else 1

    def _start_round(self, events: list[Event] | None) -> None:
        """Deal (re-dealing as the rules say); a lucky hand may finish the round at once."""
        rules = self._rules
        while True:
            order = self._next_order()
            dealer = self._dealer
            # Two cards each to the dealer's opponent, the field, the dealer, four times.
            field_cards = _FIELD_CARDS(order)
            if rules.redeal_four_on_field and _month_counts(field_cards) & _FOURS:
                if events is not None:
                    events.append(Redealt(self._round, RedealReason.FOUR_ON_FIELD))
                continue
            hands = [sorted(_OPPONENT_CARDS(order)), sorted(_DEALER_CARDS(order))]
            if dealer == 0:
                hands.reverse()
            lucky = None
            if rules.lucky_hands is not LuckyHands.OFF:
                for seat in (dealer, 1 - dealer):  # the dealer's hand counts first
                    kind = lucky_hand_kind(hands[seat], rules.teshi, rules.kuttsuki)
                    if kind is not None:
                        lucky = (seat, kind)
                        break
            if lucky is not None and rules.lucky_hands is LuckyHands.REDEAL:
                if events is not None:
                    events.append(Redealt(self._round, RedealReason.LUCKY_HAND, lucky[1]))
                continue
            break
        field: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], []]  # by month
        for card in field_cards:  # in the order dealt, the order the legal actions list them
            field[card >> 2].append(card)
        self._hands = hands
        self._field = field
        self._stock = list(order[:23:-1])  # reversed, so that pop() takes the top
        self._piles = [0, 0]
        start = self._tally.start
        self._tallies = [start, start]
        self._calls = [0, 0]
        self._baseline = [[0] * SLOT_COUNT, [0] * SLOT_COUNT]
        self._pending = NO_CARD
        self._phase = _PLAYING
        self._turn = self.current_player = dealer
        if events is not None:
            events.append(
                RoundStarted(self._round, rules.rounds, dealer, tuple(sorted(field_cards))))
        if lucky is not None:
            seat, kind = lucky
            if events is not None:
                events.append(LuckyHand(seat, kind, tuple(hands[seat])))
            points = rules.lucky_hand_points
            self._finish_round(
                seat, (points, 0) if seat == 0 else (0, points), events, RoundEnd.LUCKY_HAND,
                lucky_hand=kind,
            )


def _cards_in(value: object) -> Iterator[Card]:
    """Every Card inside a view value (tuples and attrs values searched recursively)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _cards_in(item)
    elif attrs.has(type(value)) and not isinstance(value, KoiKoiRules):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]  # attrs.has checked it
            yield from _cards_in(getattr(value, field.name))


def _seat(seat: int) -> int:
    """`seat` if it is 0 or 1, else NotationError (1.0 and True are not seats)."""
    index = as_index(seat)
    if index in (0, 1):
        return index
    raise NotationError(f"seat {seat!r} is not a seat; seats are 0 and 1")


_MONTH_UNITS: Final = tuple(1 << 4 * (card >> 2) for card in range(48))
"""Per card, 1 in its month's four bits: summed over cards, each month's count of them."""
_FOURS: Final = int("4" * 12, 16)
"""Bit 2 of each month's four bits: set in month counts (0..4) only by a count of 4."""
_ODD_OR_FOUR: Final = int("5" * 12, 16)
"""Bits 0 and 2 of each month's four bits: clear only for counts of 0 and 2."""


def _mask_of(cards: Iterable[int]) -> int:
    """The mask of `cards` (ids)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _month_counts(cards: Iterable[int]) -> int:
    """The count of `cards` (ids) of each month, in the month's four bits."""
    counts = 0
    for card in cards:
        counts += _MONTH_UNITS[card]
    return counts


def lucky_hand_kind(hand: Iterable[int], teshi: bool, kuttsuki: bool) -> LuckyHandKind | None:
    """The lucky hand that the 8 cards `hand` (ids) are, among those the rules count
    (`teshi`: four of a month, `kuttsuki`: four pairs of months), or None."""
    counts = _month_counts(hand)
    if teshi and counts & _FOURS:
        return LuckyHandKind.TESHI
    if kuttsuki and not counts & _ODD_OR_FOUR:  # 8 cards, each month 0 or 2: four pairs
        return LuckyHandKind.KUTTSUKI
    return None


def _shuffled(block: bytes) -> bytes:
    """The 48 card ids in a uniformly random order, from 384 random bytes: each card's key is
    the double in [1, 2) that 8 of the bytes make once the exponent is set, with the card's
    id in its lowest mantissa byte, so that sorting the keys (a C-level float sort) sorts the
    cards by the 44 random bits above it; packed again, the keys' lowest bytes are the order.
    Two equal random parts (once in 10**10 deals) keep the cards' id order."""
    keys = bytearray(block)
    keys[0::8] = _CARD_BYTES
    keys[6::8] = keys[6::8].translate(_EXPONENT_NIBBLE)
    keys[7::8] = _EXPONENT_BYTES
    return _KEYS.pack(*sorted(_KEYS.unpack(keys)))[0::8]


def _lay(matches: list[int], card: int, target: int, key: int, events: list[Event] | None) -> int:
    """Lay `card` on the field month `matches`, taking `target` or the only/all match(es):
    the mask of the cards won (0 when none), its CardPlayed event appended to `events`
    unless None. `key` is ``seat * 96 + from_stock * 48 + card``, the event tables' key."""
    count = len(matches)
    if count == 0:
        matches.append(card)
        if events is not None:
            events.append(_PLACED[key])
        return 0
    if count == 3 and target == NO_CARD:  # three on the field: all four are taken
        matches.clear()
        if events is not None:
            events.append(_TAKES_ALL[key])
        return MONTH_MASKS[card >> 2]
    if count == 1:
        target = matches.pop()
    else:
        matches.remove(target)
    if events is not None:
        events.append(_TAKES_ONE[key * 48 + target])
    return (1 << card) | (1 << target)


@functools.lru_cache(maxsize=8192)
def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    # Cached: views ask for the same piles again and again while a round goes on.
    cards = []
    while mask:
        low = mask & -mask
        cards.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def _split_deck(
    deck: Sequence[str], first_dealer: FirstDealer
) -> tuple[list[int], list[tuple[int, ...]]]:
    """(first-dealer draw cards, 48-card deal orders) of an explicit deck; it holds draw cards
    only when the first dealer is drawn for."""
    try:
        ids = [parse_card(str(text)).id for text in deck]
    except NotationError as exc:
        raise OptionsError(f"explicit Koi-Koi deck: {exc}") from None
    prefix = len(ids) % 48
    if first_dealer is not FirstDealer.DRAW:
        if prefix or not ids:
            raise OptionsError(
                f"with first_dealer={first_dealer.value} an explicit Koi-Koi deck lists only "
                f"whole 48-card deals, no dealer draw (got {len(ids)} cards)"
            )
    elif prefix == 0 or prefix % 2:
        raise OptionsError(
            f"an explicit Koi-Koi deck lists the dealer draw (pairs, seat 0 first, until the "
            f"months differ) and then whole 48-card deals (got {len(ids)} cards)"
        )
    draws = ids[:prefix]
    for i in range(0, prefix, 2):
        same = draws[i] >> 2 == draws[i + 1] >> 2
        last = i == prefix - 2
        if same == last or draws[i] == draws[i + 1]:
            raise OptionsError(
                f"explicit Koi-Koi deck: the dealer draw {CARDS[draws[i]].code}, "
                f"{CARDS[draws[i + 1]].code} must "
                + ("differ in month (it is the last pair)" if last else "share a month")
            )
    chunks = [tuple(ids[i : i + 48]) for i in range(prefix, len(ids), 48)]
    for number, chunk in enumerate(chunks, start=1):
        if len(set(chunk)) != 48:
            raise OptionsError(
                f"explicit Koi-Koi deck: deal {number} does not hold each of the 48 cards once"
            )
    return draws, chunks
