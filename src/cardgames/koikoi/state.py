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

Chance: every deal (and the first-dealer draw or random choice) is shuffled by a
``random.Random`` seeded from the match's seed and the deal's number, so a match is
determined by its seed. An explicit deck (for tests and foreign records) lists the
first-dealer draw cards (pairs, seat 0 first, until the months differ; none unless
``first_dealer`` is ``draw``), then one 48-card order per deal, top first; later deals
shuffle with generators seeded from the deck's text. :func:`deal_order` builds such
an order from chosen hands.
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

import attrs

from cardgames.core.errors import (
    IllegalActionError,
    NotationError,
    OptionsError,
    did_you_mean,
    summarize,
)
from cardgames.core.game import ActionSpace, Event, Move, State
from cardgames.core.limits import as_index
from cardgames.koikoi.cards import CARDS, Card, parse_card, suggest_card
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
)
from cardgames.koikoi.view import (
    CaptureChoice,
    CardMasks,
    KoiKoiDecision,
    KoiKoiView,
    Pending,
    Phase,
    listed,
)
from cardgames.koikoi.yaku import (
    MONTH_MASKS,
    SLOT_COUNT,
    YAKU,
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

__all__ = [
    "CAPTURE",
    "KOIKOI",
    "PLAY",
    "STOP",
    "KoiKoiAction",
    "KoiKoiState",
    "KoiKoiView",
    "Phase",
    "deal_order",
]

_CARD_AT: Final = CARDS.__getitem__

PLAY: Final = 0
CAPTURE: Final = 1
KOIKOI: Final = 2
STOP: Final = 3
_NO_CARD: Final = -1

# The phases as module constants: an enum member read through its class costs four times a
# global read, and the engine reads the phase several times a move.
_PLAYING: Final = Phase.PLAY
_CAPTURING: Final = Phase.CAPTURE
_DECIDING: Final = Phase.DECIDE
_OVER: Final = Phase.OVER
_TOTAL_RAISED: Final = KoiKoiQuestion.TOTAL_RAISED


@attrs.frozen(slots=True, repr=False)
class KoiKoiAction:
    """A move. Use the pre-built values (:meth:`from_str`, ``state.legal_actions()``).

    ``str`` is the notation: ``play nov-rain-man``, ``play sep-chaff-1 capture sep-ribbon``,
    ``capture aug-moon``, ``koikoi``, ``stop``.
    """

    kind: int
    """PLAY, CAPTURE, KOIKOI or STOP."""
    card: int = _NO_CARD
    """PLAY: the hand card; CAPTURE: the field card the stock card takes."""
    target: int = _NO_CARD
    """PLAY: the field card captured when the choice is the player's, else -1."""

    def __attrs_post_init__(self) -> None:
        # Actions are built once, at import; this guards hand-made ones.
        in_range = self.kind in (PLAY, CAPTURE, KOIKOI, STOP) and -1 <= self.card < 48
        needs_card = self.kind in (PLAY, CAPTURE)
        if not in_range or needs_card != (self.card >= 0) or not -1 <= self.target < 48:
            raise NotationError(f"not a Koi-Koi action: kind={self.kind} card={self.card}")

    def __str__(self) -> str:
        kind = self.kind
        if kind == PLAY:
            text = "play " + CARDS[self.card].code
            if self.target != _NO_CARD:
                text += " capture " + CARDS[self.target].code
            return text
        if kind == CAPTURE:
            return "capture " + CARDS[self.card].code
        return "koikoi" if kind == KOIKOI else "stop"

    def __repr__(self) -> str:
        return f"KoiKoiAction.from_str({str(self)!r})"

    @property
    def card_value(self) -> Card | None:
        """The card played or captured, as a :class:`Card`."""
        return None if self.card == _NO_CARD else CARDS[self.card]

    @property
    def target_value(self) -> Card | None:
        """The field card named by ``play X capture Y``, as a :class:`Card`."""
        return None if self.target == _NO_CARD else CARDS[self.target]

    @classmethod
    def from_str(cls, text: str) -> KoiKoiAction:
        """Read an action in full notation (card names in any form :func:`parse_card` reads).

        Unlike ``state.parse`` it knows no position, so ``play mar-chaff`` (which chaff?)
        is refused; ``state.parse`` resolves it against the hand.
        """
        return _parse_action(text, None)


def _build_actions() -> tuple[
    tuple[KoiKoiAction, ...], dict[tuple[int, int], KoiKoiAction], tuple[KoiKoiAction, ...]
]:
    plays = tuple(KoiKoiAction(PLAY, c) for c in range(48))
    play_captures = {
        (c, t): KoiKoiAction(PLAY, c, t)
        for c in range(48)
        for t in range(48)
        if c != t and c >> 2 == t >> 2
    }
    captures = tuple(KoiKoiAction(CAPTURE, c) for c in range(48))
    return plays, play_captures, captures


PLAY_ACTIONS, PLAY_CAPTURE_ACTIONS, CAPTURE_ACTIONS = _build_actions()


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
KOIKOI_ACTION: Final = KoiKoiAction(KOIKOI)
STOP_ACTION: Final = KoiKoiAction(STOP)
# Action ids: every pre-built action (plays, plays naming a capture, stock captures,
# koi-koi, stop), so the numbering follows the action tables.
_ACTION_SPACE: Final = ActionSpace((
    *PLAY_ACTIONS, *PLAY_CAPTURE_ACTIONS.values(), *CAPTURE_ACTIONS, KOIKOI_ACTION, STOP_ACTION))

_ACTIONS_BY_ID: Final = _ACTION_SPACE.actions
_ACTION_COUNT: Final = len(_ACTIONS_BY_ID)
_MOVES: Final = "play CARD, play CARD capture CARD, capture CARD, koikoi, stop"
_CHOOSE_SIZES_ALL: Final = frozenset({2})
_CHOOSE_SIZES: Final = frozenset({2, 3})
_KOIKOI_WORDS: Final = frozenset({"koikoi", "koi-koi", "koi", "k"})
_STOP_WORDS: Final = frozenset({"stop", "shobu", "shōbu", "s"})
_PLAY_WORDS: Final = frozenset({"play", "p"})
_CAPTURE_WORDS: Final = frozenset({"capture", "take", "c"})
_MOVE_WORDS: Final = ("play", "capture", "take", "koikoi", "koi-koi", "stop", "shobu")
"""The words a suggestion offers for a misspelt move word (not the one-letter forms)."""


def _card_token(
    token: str, candidates: Sequence[int] | None, what: str, text: str, *, alone: bool = False
) -> int:
    """A card id from `token`; with `candidates`, forms like ``mar-chaff`` pick among them.

    `alone`: the token was the whole input, so it may have been meant as a move word.
    """
    try:
        return parse_card(token).id
    except NotationError:
        # Chaff cards of a month are alike, so "mar-chaff" may name whichever one is at hand.
        if candidates is not None and token.strip().lower().endswith("-chaff"):
            prefix = token.strip().lower() + "-"
            for card_id in sorted(candidates):
                if CARDS[card_id].code.startswith(prefix):
                    return card_id
    hint = ""
    if candidates is not None:
        hint = f"; {what} now: {summarize(CARDS[c].code for c in sorted(candidates))}"
    if alone:
        near = did_you_mean(token, _MOVE_WORDS) or suggest_card(token, candidates)
        raise NotationError(
            f"{text!r} is not a move or a card{near}; moves are: {_MOVES}; cards are written "
            f"e.g. nov-rain-man, sep-ribbon, 11-1 or an id{hint}"
        )
    raise NotationError(
        f"{text!r}: {token!r} is not a card{suggest_card(token, candidates)} (write e.g. "
        f"nov-rain-man, sep-ribbon, 11-1 or an id){hint}"
    )


def _parse_action(text: str, state: KoiKoiState | None) -> KoiKoiAction:
    if not isinstance(text, str):
        raise NotationError(
            f"a Koi-Koi move is text such as 'play nov-rain-man' or 'stop' (got {text!r})"
        )
    pending = None if state is None else state._pending_decision()
    if pending is None:
        return _parse_move(text, state)
    try:
        return _parse_move(text, state)
    except NotationError:
        # Whatever was meant, there is one question now: say it (with the nearest answer).
        words = text.strip().lower().split()
        if isinstance(pending, KoiKoiDecision):
            near = did_you_mean(" ".join(words), ("koikoi", "stop"))
        else:
            named = " ".join(words[1:] if words and words[0] in _CAPTURE_WORDS else words)
            near = did_you_mean(named, [card.code for card in pending.options])
        raise NotationError(f"{text!r} is not a move{near}; {pending.question()}") from None


def _parse_move(text: str, state: KoiKoiState | None) -> KoiKoiAction:
    words = text.strip().lower().split()
    hand = field = options = None
    if state is not None and not state._over:
        hand = state._hands[state._turn]
        field = [c for month in state._field for c in month]
        options = state._capture_options() if state._phase is _CAPTURING else None
    accepted = _MOVES
    if not words:
        raise NotationError(f"{text!r} is empty; moves are: {accepted}")
    head = words[0]
    if len(words) == 1 and head in _KOIKOI_WORDS:
        return KOIKOI_ACTION
    if len(words) == 1 and head in _STOP_WORDS:
        return STOP_ACTION
    if head in _CAPTURE_WORDS:
        if len(words) != 2:
            raise NotationError(f"{text!r}: write capture CARD, e.g. capture sep-ribbon")
        return CAPTURE_ACTIONS[_card_token(words[1], options or field, "capturable", text)]
    if head in _PLAY_WORDS:
        words = words[1:]
    elif len(words) > 1 and _is_move_slip(head):
        # "plya jan-crane": the first word was meant as a move word, not as a card.
        raise NotationError(
            f"{text!r}: {head!r} is not a move word{did_you_mean(head, _MOVE_WORDS)}; moves "
            f"are: {accepted}"
        )
    if state is not None and state._phase is _CAPTURING and len(words) == 1 and (
        head not in _PLAY_WORDS
    ):
        # During the stock choice a bare card names the capture.
        return CAPTURE_ACTIONS[_card_token(words[0], options, "capturable", text, alone=True)]
    if len(words) == 3 and words[1] in _CAPTURE_WORDS:
        words = [words[0], words[2]]
    elif len(words) == 2 and words[1] in _CAPTURE_WORDS:
        raise NotationError(
            f"{text!r}: name the field card to capture, e.g. play sep-chaff-1 capture sep-ribbon"
        )
    if len(words) == 1:
        alone = head not in _PLAY_WORDS
        return PLAY_ACTIONS[_card_token(words[0], hand, "in hand", text, alone=alone)]
    if len(words) == 2:
        card = _card_token(words[0], hand, "in hand", text)
        same_month = None if field is None else [f for f in field if f >> 2 == card >> 2]
        target = _card_token(words[1], same_month, "on the field in that month", text)
        action = PLAY_CAPTURE_ACTIONS.get((card, target))
        if action is None:
            raise NotationError(
                f"{text!r}: {CARDS[card].code} cannot capture {CARDS[target].code}; "
                f"a card captures a field card of its own month"
            )
        return action
    raise NotationError(f"{text!r} is not a move; moves are: {accepted}")


def _is_move_slip(word: str) -> bool:
    """Whether `word` is no card but close to a move word (``plya``, ``captrue``)."""
    try:
        parse_card(word)
    except NotationError:
        return bool(did_you_mean(word, _MOVE_WORDS))
    return False


def deal_order(
    dealer_hand: Sequence[str | int],
    opponent_hand: Sequence[str | int],
    field: Sequence[str | int],
    stock: Sequence[str | int] = (),
) -> tuple[str, ...]:
    """The 48-card order (top first) that deals these hands and field.

    `stock` gives the first stock cards, top first; the remaining cards follow in id order.
    Useful with an explicit deck: ``KoiKoiState(deck=(*draws, *deal_order(...)))``.
    """
    def ids(cards: Sequence[str | int]) -> list[int]:
        return [Card.from_id(c).id if isinstance(c, int) else parse_card(c).id for c in cards]

    dealer, opponent, table, top = ids(dealer_hand), ids(opponent_hand), ids(field), ids(stock)
    if not len(dealer) == len(opponent) == len(table) == 8:
        raise OptionsError("deal_order needs 8 cards for each hand and 8 for the field")
    used = dealer + opponent + table + top
    if len(set(used)) != len(used):
        raise OptionsError("deal_order: a card is given twice")
    rest = [c for c in range(48) if c not in set(used)]
    order: list[int] = []
    for i in range(0, 8, 2):
        order += opponent[i : i + 2] + table[i : i + 2] + dealer[i : i + 2]
    order += top + rest
    return tuple(CARDS[c].code for c in order)


class KoiKoiState(State[KoiKoiAction]):
    """A Koi-Koi match between seats 0 and 1 (see the module docstring for the procedure).

    >>> state = KoiKoiState(seed=1)
    >>> state.current_player in (0, 1), len(state.view(0).hand)
    (True, 8)
    """

    game_name = "koikoi"
    rules_version = 2
    """2: a yaku formed on a turn that empties its player's hand ends the round (the forced
    stop); version 1 asked koi-koi or stop there."""
    derived_slots = frozenset({"_table", "_start_events", "_log", "_moves"})
    """The yaku table follows from the rules, the start events from the rules and the chance,
    the move log from the actions (the base class's history)."""

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
        "_log",
        "_moves",
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
        "_totals",
        "_turn",
    )

    def __init__(
        self,
        rules: KoiKoiRules | None = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        rules = KoiKoiRules() if rules is None else rules
        if not isinstance(rules, KoiKoiRules):
            raise OptionsError(f"Koi-Koi options must be KoiKoiRules (got {rules!r})")
        names = ("P1", "P2") if names is None else tuple(names)
        if len(names) != 2:
            raise OptionsError(f"Koi-Koi is for 2 players (got {len(names)} names)")
        chunks: list[tuple[int, ...]] = []
        draw_cards: list[int] = []
        if deck is not None:
            draw_cards, chunks = _split_deck(deck, rules.first_dealer)
            chance_key = "deck:" + ",".join(deck)
        else:
            if seed is None:
                # Record the seed we drew so that the game replays.
                seed = random.SystemRandom().randrange(2**63)
            chance_key = f"seed:{seed}"
        self._init_base(players=names, options=rules, seed=seed, deck=deck)
        self._rules = rules
        self._table: YakuTable = yaku_table_for(rules)
        self._chance_key = chance_key
        self._deals = 0
        self._chunks = tuple(chunks)
        self._chunk = 0
        self._round = 1
        start = rules.starting_bank if rules.banks else 0
        self._totals = [start, start]
        self._results: list[RoundResult] = []
        self._over = False
        self._hands: list[list[int]] = [[], []]
        self._field: list[list[int]] = [[] for _ in range(12)]
        self._stock: list[int] = []
        self._piles = [0, 0]
        self._pile_before = 0
        self._calls = [0, 0]
        self._baseline = [[0] * SLOT_COUNT, [0] * SLOT_COUNT]
        self._pending = _NO_CARD
        self._phase = _PLAYING
        # (seat, action, events) per move, as apply made them; views turn new entries into
        # Move values once (_moves), so a move costs one small tuple, a view no re-building.
        self._log: list[tuple[int, KoiKoiAction, tuple[Event, ...]]] = []
        self._moves: list[Move[KoiKoiAction]] = []
        draws, dealer = self._choose_dealer(draw_cards)
        self._dealer_draws = draws
        self._dealer = dealer
        self._turn = dealer
        events: list[Event] = [DealerChosen(draws, dealer, rules.first_dealer)]
        self._start_round(events)
        self._start_events = tuple(events)

    # ------------------------------------------------------------------ public read-outs
    @property
    def rules(self) -> KoiKoiRules:
        """The match's rules."""
        return self._rules

    @property
    def start_events(self) -> tuple[Event, ...]:
        """What happened before the first move: the dealer draw, deals, instant rounds."""
        return self._start_events

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
        return None if self._pending == _NO_CARD else CARDS[self._pending]

    # ------------------------------------------------------------------ State protocol
    @property
    def current_player(self) -> int | None:
        return None if self._over else self._turn

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
        return _parse_action(text, self)

    def view(self, seat: int) -> KoiKoiView:
        if type(seat) is not int or not 0 <= seat <= 1:  # the usual 0 or 1 needs no check
            seat = _seat(seat)
        over = self._over
        limit = self._rules.max_koikoi_calls
        moves = self._moves
        if len(moves) < len(self._log):
            moves.extend(Move(*entry) for entry in self._log[len(moves) :])
        piles = self._piles
        calls = self._calls
        table = self._table
        month = month_of_round(self._round)
        scored_month = month if self._rules.tsuki_fuda else 0
        hand = self._hands[seat]
        field = sorted(itertools.chain.from_iterable(self._field))
        view = KoiKoiView(
            seat=seat,
            players=self.players,
            rules=self._rules,
            round_number=self._round,
            month=month,
            dealer=self._dealer,
            current_player=None if over else self._turn,
            phase=self._phase,
            hand=tuple(map(_CARD_AT, hand)),
            opponent_hand_size=len(self._hands[1 - seat]),
            field=tuple(map(_CARD_AT, field)),
            stock_size=len(self._stock),
            piles=(_cards_of_mask(piles[0]), _cards_of_mask(piles[1])),
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
            history=tuple(moves),
        )
        # The masks bots compute with, from the engine's own (cheaper than from the cards).
        object.__setattr__(
            view,
            "_masks",
            _new_tuple(CardMasks, (  # the C constructor: CardMasks(...) is a Python call
                sum(map(_BITS.__getitem__, hand)),  # distinct bits: their sum is their union
                sum(map(_BITS.__getitem__, field)),
                (piles[0], piles[1]),
            )),
        )
        return view

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
        """A version 1 record was played asking koi-koi on an empty hand: replay it so."""
        if rules_version < 2:
            return {"koikoi_with_empty_hand": True, **options}
        return options

    @classmethod
    def new(
        cls,
        options: KoiKoiRules,
        *,
        players: int = 2,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> Self:
        """A new match under `options` (Koi-Koi is for exactly two players)."""
        if players != 2:
            raise OptionsError(f"'players' must be 2 for Koi-Koi (got {players!r})")
        return cls(options, seed=seed, deck=deck, names=names)

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
            self._chance_key,
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
        new._phase = self._phase
        hands = self._hands
        new._hands = [hands[0].copy(), hands[1].copy()]
        new._field = list(map(list.copy, self._field))  # one C-level pass over the months
        new._stock = self._stock.copy()
        new._piles = self._piles.copy()
        new._pile_before = self._pile_before
        new._pending = self._pending
        new._calls = self._calls.copy()
        baseline = self._baseline
        new._baseline = [baseline[0].copy(), baseline[1].copy()]
        new._totals = self._totals.copy()
        new._results = self._results.copy()
        new._over = self._over
        new._start_events = self._start_events
        new._log = self._log.copy()
        new._moves = self._moves.copy()

    def step(self, action_id: SupportsIndex) -> None:
        """Apply the action with id `action_id` (see :meth:`State.step`); a plain int id is
        looked up directly, anything else goes through the checked conversion."""
        if type(action_id) is int and 0 <= action_id < _ACTION_COUNT:
            action = _ACTIONS_BY_ID[action_id]
            try:
                self.apply(action)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    action, f"{exc.reason} (action id {action_id})", exc.legal) from None
        else:
            super().step(action_id)

    def action_space(self) -> ActionSpace[KoiKoiAction]:
        """The action ids (the same in every position): plays by card, plays naming a capture
        (by card, then target), stock captures by card, koi-koi, stop."""
        return _ACTION_SPACE

    def _legal_actions(self) -> list[KoiKoiAction]:
        phase = self._phase
        if phase is _PLAYING:
            field = self._field
            # Field month sizes that make the player choose: 2, and 3 without capture-all.
            choosing = _CHOOSE_SIZES_ALL if self._rules.capture_all_three else _CHOOSE_SIZES
            legal: list[KoiKoiAction] = []
            for card in self._hands[self._turn]:
                matches = field[card >> 2]
                if len(matches) in choosing:
                    for target in matches:
                        legal.append(PLAY_CAPTURE_ACTIONS[card, target])
                else:
                    legal.append(PLAY_ACTIONS[card])
            return legal
        if phase is _CAPTURING:
            return [CAPTURE_ACTIONS[c] for c in self._capture_options()]
        if phase is _DECIDING:
            return [KOIKOI_ACTION, STOP_ACTION]
        return []

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
        if action.target == _NO_CARD:
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

    def _apply(self, action: KoiKoiAction) -> list[Event]:
        kind = action.kind
        turn = self._turn
        events: list[Event]
        if kind == PLAY:
            piles = self._piles
            pile_before = piles[turn]
            card = action.card
            self._hands[turn].remove(card)
            field = self._field
            played, taken = _lay(field[card >> 2], card, action.target, turn * 96 + card)
            stock_card = self._stock.pop()
            matches = field[stock_card >> 2]
            count = len(matches)
            if count == 2 or (count == 3 and not self._rules.capture_all_three):
                # The turn ends after the choice; keep the pile it started with till then.
                piles[turn] = pile_before | taken
                self._pile_before = pile_before
                self._pending = stock_card
                self._phase = _CAPTURING
                events = [played, ChoiceRequired(turn, stock_card, tuple(sorted(matches)))]
            else:
                turned, more = _lay(matches, stock_card, _NO_CARD, turn * 96 + 48 + stock_card)
                pile = piles[turn] = pile_before | taken | more
                events = [played, turned]
                if (taken or more) and self._table.may_form(pile):
                    self._end_turn(events, pile_before)
                elif self._hands[turn] or self._hands[1 - turn]:
                    # The usual turn: no yaku can have formed or risen, and play goes on.
                    self._turn = 1 - turn
                else:
                    self._next_turn(events)
        elif kind == CAPTURE:
            stock_card = self._pending
            pile_before = self._pile_before
            # Reset outside the capture phase, so that equal positions have equal snapshots.
            self._pending = _NO_CARD
            self._pile_before = 0
            turned, taken = _lay(
                self._field[stock_card >> 2], stock_card, action.card, turn * 96 + 48 + stock_card
            )
            self._piles[turn] |= taken
            events = [turned]
            self._phase = _PLAYING
            self._end_turn(events, pile_before)
        elif kind == KOIKOI:
            self._calls[turn] += 1
            self._baseline[turn] = self._slots(turn)
            events = [KoiKoiCalled(turn, self._calls[turn])]
            self._next_turn(events)
        else:
            events = []
            self._finish_round_by_stop(turn, events)
        self._log.append((turn, action, tuple(events)))
        return events

    # ------------------------------------------------------------------ the rules
    def _slots(self, seat: int, pile: int | None = None) -> list[int]:
        """Points per yaku of `seat`'s pile (or of `pile`, as `seat`'s) in this round."""
        return self._table.slots(
            self._piles[seat] if pile is None else pile,
            self._calls[seat] > 0,
            month_of_round(self._round) if self._rules.tsuki_fuda else 0,
        )

    def _capture_options(self) -> list[int]:
        return list(self._field[self._pending >> 2]) if self._pending != _NO_CARD else []

    def _end_turn(self, events: list[Event], pile_before: int) -> None:
        """After a turn's captures (phase back to play): ask koi-koi or stop if a yaku formed
        or rose, end the round if it must, else pass the turn."""
        turn = self._turn
        pile = self._piles[turn]
        if pile == pile_before or not self._table.may_form(pile):
            # Nothing captured, so no yaku changed; or the pile forms none at all, so none
            # can have formed or risen (the usual case, settled by a few table look-ups).
            self._next_turn(events)
            return
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

    def _next_turn(self, events: list[Event]) -> None:
        self._phase = _PLAYING
        if self._hands[0] or self._hands[1]:
            self._turn = 1 - self._turn
            return
        points = drawn_round_points(self._rules)
        if points:
            dealer = self._dealer
            score = (points, 0) if dealer == 0 else (0, points)
            self._finish_round(
                RoundResult(
                    self._round, dealer, dealer, RoundEnd.DEALERS_PRIVILEGE, None, None,
                    score, self.koikoi_calls,
                ),
                events,
            )
        else:
            self._finish_round(
                RoundResult(
                    self._round, self._dealer, None, RoundEnd.DRAWN, None, None, (0, 0),
                    self.koikoi_calls,
                ),
                events,
            )

    def _finish_round_by_stop(self, winner: int, events: list[Event]) -> None:
        yaku = self._table.to_score(self._slots(winner))
        points = points_of_round(
            yaku.total, self._rules, self._calls[winner], self._calls[1 - winner]
        )
        score = (points.points, 0) if winner == 0 else (0, points.points)
        self._finish_round(
            RoundResult(
                self._round, self._dealer, winner, RoundEnd.STOP, yaku, points, score,
                self.koikoi_calls,
            ),
            events,
        )

    def _finish_round(self, result: RoundResult, events: list[Event]) -> None:
        rules = self._rules
        self._results.append(result)
        totals = self._totals
        winner = result.winner
        if winner is not None:
            points = result.score[winner]
            totals[winner] += points
            if rules.banks:
                totals[1 - winner] -= points
        events.append(RoundEnded(result, (totals[0], totals[1]), rules.banks))
        self._pending = _NO_CARD
        if (rules.banks and min(totals) <= 0) or len(self._results) >= rules.rounds:
            self._over = True
            self._phase = _OVER
            events.append(self._match_ended())
            return
        if winner is not None:
            self._dealer = winner
        elif rules.drawn_round is not DrawnRound.SAME_DEALER:
            self._dealer = 1 - self._dealer
        self._round += 1
        self._start_round(events)

    # ------------------------------------------------------------------ dealing
    def _random(self, purpose: str) -> random.Random:
        """The generator for one chance event, derived from the match's seed (or deck).

        Each deal gets its own generator instead of one shared stream, so the state holds no
        generator: clones and snapshots stay cheap. String seeds hash the same on every run.
        """
        return random.Random(f"koikoi {self._chance_key} {purpose}")

    def _next_order(self) -> list[int]:
        if self._chunk < len(self._chunks):
            order = list(self._chunks[self._chunk])
            self._chunk += 1
            return order
        # Sorting by 48 uniform keys is an unbiased shuffle and several times faster than
        # random.shuffle (one C-level sort instead of 47 Python-level _randbelow calls).
        self._deals += 1
        rand = self._random(f"deal {self._deals}").random
        keys = [rand() for _ in range(48)]
        return sorted(range(48), key=keys.__getitem__)

    def _choose_dealer(self, draw_cards: list[int]) -> tuple[tuple[tuple[int, int], ...], int]:
        """(the draws, the first dealer): by the card draw, a seeded random choice, or the
        seat the rules name."""
        rules = self._rules
        named = rules.first_dealer_seat
        if named is not None:
            return (), named
        if rules.first_dealer is FirstDealer.RANDOM:
            return (), self._random("dealer").randrange(2)
        if draw_cards:
            pairs = [(draw_cards[i], draw_cards[i + 1]) for i in range(0, len(draw_cards), 2)]
        else:
            pairs = []
            rng = self._random("dealer")
            while True:
                first, second = rng.sample(range(48), 2)
                pairs.append((first, second))
                if first >> 2 != second >> 2:
                    break
        first, second = pairs[-1]
        return tuple(pairs), 0 if first >> 2 < second >> 2 else 1

    def _start_round(self, events: list[Event]) -> None:
        """Deal (re-dealing as the rules say); a lucky hand may finish the round at once."""
        rules = self._rules
        while True:
            order = self._next_order()
            dealer = self._dealer
            # Two cards each to the dealer's opponent, the field, the dealer, four times.
            field_cards = _FIELD_PLACES(order)
            field_mask = _mask_of(field_cards)
            if rules.redeal_four_on_field and _four_of_a_month(field_mask):
                events.append(Redealt(self._round, RedealReason.FOUR_ON_FIELD))
                continue
            hands = [sorted(_HAND_PLACES(order)), sorted(_DEALER_PLACES(order))]
            if dealer == 0:
                hands.reverse()
            lucky = None
            if rules.lucky_hands is not LuckyHands.OFF:
                for seat in (dealer, 1 - dealer):  # the dealer's hand counts first
                    kind = _lucky_kind(_mask_of(hands[seat]), rules.teshi, rules.kuttsuki)
                    if kind is not None:
                        lucky = (seat, kind)
                        break
            if lucky is not None and rules.lucky_hands is LuckyHands.REDEAL:
                events.append(Redealt(self._round, RedealReason.LUCKY_HAND, lucky[1]))
                continue
            break
        field: list[list[int]] = [[] for _ in _MONTHS]
        for card in field_cards:  # in the order dealt, the order the legal actions list them
            field[card >> 2].append(card)
        self._hands = hands
        self._field = field
        stock = order[:23:-1]  # reversed, so that pop() takes the top
        self._stock = stock
        self._piles = [0, 0]
        self._calls = [0, 0]
        self._baseline = [[0] * SLOT_COUNT, [0] * SLOT_COUNT]
        self._pending = _NO_CARD
        self._phase = _PLAYING
        self._turn = dealer
        events.append(RoundStarted(self._round, rules.rounds, dealer, tuple(sorted(field_cards))))
        if lucky is not None:
            seat, kind = lucky
            events.append(LuckyHand(seat, kind, tuple(hands[seat])))
            points = rules.lucky_hand_points
            self._finish_round(
                RoundResult(
                    self._round, dealer, seat, RoundEnd.LUCKY_HAND, None, None,
                    (points, 0) if seat == 0 else (0, points), (0, 0), kind,
                ),
                events,
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


_FIELD_PLACES: Final = operator.itemgetter(2, 3, 8, 9, 14, 15, 20, 21)
"""The places in a deal order of the field cards, in the order they are dealt ..."""
_HAND_PLACES: Final = operator.itemgetter(0, 1, 6, 7, 12, 13, 18, 19)
"""... of the hand of the dealer's opponent ..."""
_DEALER_PLACES: Final = operator.itemgetter(4, 5, 10, 11, 16, 17, 22, 23)
"""... and of the dealer's hand."""
_MONTHS: Final = range(12)
_NIBBLE_LOW: Final = int("1" * 12, 16)
"""The lowest bit of each month's four in a card mask."""


_BITS: Final = tuple(1 << card for card in range(48))
_new_tuple: Final = tuple.__new__


def _mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _four_of_a_month(mask: int) -> bool:
    """Whether card mask `mask` holds all four cards of some month."""
    return bool(mask & mask >> 1 & mask >> 2 & mask >> 3 & _NIBBLE_LOW)


def _lucky_kind(hand: int, teshi: bool, kuttsuki: bool) -> LuckyHandKind | None:
    """The lucky hand the hand mask `hand` is, among those the rules count (`teshi`,
    `kuttsuki`)."""
    if teshi and _four_of_a_month(hand):
        return LuckyHandKind.TESHI
    if kuttsuki:
        # Each month's count of cards, in its own four bits (a sum of bit pairs, then of
        # those sums); four months holding exactly 2 (0b0010) is kuttsuki.
        pairs = (hand & 0x555555555555) + (hand >> 1 & 0x555555555555)
        counts = (pairs & 0x333333333333) + (pairs >> 2 & 0x333333333333)
        if (counts >> 1 & ~counts & ~(counts >> 2) & _NIBBLE_LOW).bit_count() == 4:
            return LuckyHandKind.KUTTSUKI
    return None


def _lay(matches: list[int], card: int, target: int, key: int) -> tuple[CardPlayed, int]:
    """Lay `card` on the field month `matches`, taking `target` or the only/all match(es):
    (the CardPlayed event, the mask of the cards won, 0 when none). `key` is
    ``seat * 96 + from_stock * 48 + card``, the event tables' key."""
    count = len(matches)
    if count == 0:
        matches.append(card)
        return _PLACED[key], 0
    if count == 3 and target == _NO_CARD:  # three on the field: all four are taken
        matches.clear()
        return _TAKES_ALL[key], MONTH_MASKS[card >> 2]
    if count == 1:
        target = matches.pop()
    else:
        matches.remove(target)
    return _TAKES_ONE[key * 48 + target], (1 << card) | (1 << target)


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
