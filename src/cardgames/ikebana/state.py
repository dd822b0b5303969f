"""The Ikebana engine: four rounds of bouquets, refusals, purchases and prestige.

A turn is one of

* ``draw``, then ``keep`` (the card joins the bouquet, the turn ends) or ``refuse`` (the card
  goes face up on the player's own discard pile, the refusal is paid and the next card is
  drawn at once, so the player is asked ``keep`` or ``refuse`` again);
* ``buy P``: take the top card of player P's discard pile (never one's own), paying its
  value to P; it joins the bouquet and the turn ends.

After every seat has five cards the round is scored (:func:`bouquet_total`), all cards are
gathered and shuffled, and the player with the most prestige starts the next round.

Cards are int codes (:mod:`cardgames.ikebana.cards`); piles are plain lists with the top card
at the end, so drawing and discarding are ``pop``/``append``.

Interpretations (see also :class:`~cardgames.ikebana.rules.IkebanaRules`):

* The drawn card is public the moment it is drawn: it is face up either way a moment later.
* The deck is reshuffled when a card must be drawn and the deck is empty, not before: all
  discarded cards except each pile's top (the card just refused included, if it is a top)
  are shuffled into a new deck. Cards refused earlier in the same turn that went under a
  newer top may therefore come back in the same turn, as the rules do not forbid it.
  ``IkebanaRules.reshuffle = when-empty`` reshuffles the moment the last card is drawn.
* A refusal is only allowed if a next card can be drawn (always true with 55 cards).
* The chosen first player is ``IkebanaRules.first_player`` (player 1 unless set).
* An explicit deck (a real game) is one or more blocks of 55 cards, top first: block k is the
  deal of round k + 1. Later deals and every reshuffle come from ``random.Random(seed)``
  (seed 0 when the game was given a deck and no seed).

Seats are 0-based indices in the API (``current_player``, ``view(seat)``, ``Buy.seat``);
everything a person reads or types counts players from 1, as the other games do: the default
names are ``P1`` .. ``P5``, ``buy 2`` buys from the second player (seat index 1), and events
read "P2 buys ...".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import attrs

from cardgames.core.errors import NotationError, OptionsError
from cardgames.core.game import SEED_LIMIT, ActionSpace, Event, State, shared_fields
from cardgames.core.limits import check_seat
from cardgames.ikebana.actions import (
    ACTION_SPACES,
    BUYS,
    DEFAULT_NAMES,
    DRAW,
    KEEP,
    REFUSE,
    ActionKind,
    Buy,
    Draw,
    IkebanaAction,
    Keep,
    Refuse,
    parse_action,
)
from cardgames.ikebana.cards import CARDS, COPIES, DECK_SIZE, FULL_DECK_CODES, Card
from cardgames.ikebana.events import (
    Bought,
    Drew,
    GameEnded,
    Kept,
    Refused,
    Reshuffled,
    RoundScored,
)
from cardgames.ikebana.rules import (
    IkebanaRules,
    RefusalPayee,
    ReshuffleTiming,
    StarterTieBreak,
    UnaffordableRefusal,
)
from cardgames.ikebana.scoring import BOUQUET_SIZE, score_codes
from cardgames.ikebana.view import IkebanaPublicView, IkebanaView, PendingCard, Phase

__all__ = ["IkebanaState"]

_DRAW, _KEEP, _REFUSE, _BUY = ActionKind  # module globals: the hot path compares by identity

# Every Drew, Kept and Bought event there can be, built once: moves return these, never new ones.
_DREW = tuple(tuple(Drew(seat, card) for card in CARDS) for seat in range(5))
_KEPT = tuple(tuple(Kept(seat, card) for card in CARDS) for seat in range(5))
_BOUGHT = tuple(
    tuple(tuple(Bought(seat, card, seller, card.value) for seller in range(5)) for card in CARDS)
    for seat in range(5)
)


# ------------------------------------------------------------------------------- the state
def _deal_blocks(deck: Sequence[str] | None) -> tuple[tuple[int, ...], ...]:
    """Explicit deals (top first) from deck notation; NotationError if not 55-card blocks
    (the base class reports it as the OptionsError of a bad deck)."""
    if deck is None:
        return ()
    codes = [Card.from_str(text).code for text in deck]
    if not codes or len(codes) % DECK_SIZE:
        raise NotationError(
            f"an explicit Ikebana deck is one or more blocks of {DECK_SIZE} cards "
            f"(got {len(codes)})"
        )
    blocks = tuple(
        tuple(codes[start : start + DECK_SIZE]) for start in range(0, len(codes), DECK_SIZE)
    )
    full = Counter(FULL_DECK_CODES)
    for number, block in enumerate(blocks, start=1):
        if Counter(block) != full:
            extra = Counter(block) - full
            missing = full - Counter(block)
            raise NotationError(
                f"deck block {number} is not the 55 Ikebana cards: "
                f"too many {' '.join(str(CARDS[c]) for c in extra.elements()) or '-'}, "
                f"missing {' '.join(str(CARDS[c]) for c in missing.elements()) or '-'}"
            )
    return blocks


class IkebanaState(State[IkebanaAction]):
    """A whole game of Ikebana (every round) for 2-5 players.

    Start one with ``IkebanaState.new(rules, players=3, seed=7)`` (or
    ``cardgames.new_game("ikebana", ...)``); the default names are ``P1`` .. ``P5``.
    """

    game_name: ClassVar[str] = "ikebana"
    game_title: ClassVar[str] = "Ikebana"
    player_counts: ClassVar[range] = range(2, 6)
    derived_slots: ClassVar[frozenset[str]] = frozenset(
        {"_eager_reshuffle", "_keeps_unaffordable", "_pays_bank", "_rng_shared"})
    """The rules' switches read on every move, as plain bools (an enum member costs a class
    attribute lookup each time), and whether a clone shares the generator (copy on write;
    the generator itself is state)."""

    __slots__ = (
        "_awarded",
        "_bank",
        "_bouquets",
        "_deals",
        "_deck",
        "_discards",
        "_drawn",
        "_eager_reshuffle",
        "_keeps_unaffordable",
        "_n",
        "_over",
        "_pays_bank",
        "_prestige",
        "_refusals",
        "_rng",
        "_rng_shared",
        "_round",
        "_round_log",
        "_rules",
        "_starter",
        "_turn",
        "_turns_taken",
    )

    @classmethod
    def check_seat_names(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        """Distinct single words: ``buy NAME`` must name exactly one player in one word."""
        folded = [name.lower() for name in names]
        if len(set(folded)) != len(names) or any(n.split() != [n] for n in folded):
            raise OptionsError(
                f"'names' must be distinct single words (got {', '.join(map(repr, names))})"
            )
        return names

    @classmethod
    def default_names(cls, count: int) -> tuple[str, ...]:
        """``P1`` .. ``P5``: P + the player number, so ``buy 2`` buys from P2."""
        return DEFAULT_NAMES[:count]

    def _setup(self, deck: tuple[str, ...] | None) -> None:
        rules: IkebanaRules = self.options
        names = self.players
        players = len(names)
        if rules.first_player > players:
            raise OptionsError(
                f"'first_player' must be a player number in 1..{players} with {players} "
                f"players (got {rules.first_player})"
            )
        self._deals = _deal_blocks(deck)
        self._rules = rules
        self._eager_reshuffle = rules.reshuffle is ReshuffleTiming.WHEN_EMPTY
        self._keeps_unaffordable = rules.unaffordable_refusal is UnaffordableRefusal.KEEP
        self._pays_bank = rules.refusal_payee is RefusalPayee.BANK
        self._n = players
        self._rng = random.Random(0 if self.seed is None else self.seed)
        self._rng_shared = False
        self._prestige = [rules.starting_prestige] * players
        self._awarded = 0
        self._bank = 0
        self._round = 0
        self._round_log: list[RoundScored] = []
        self._over = False
        self._starter = rules.first_player - 1
        self._start_round()

    # ------------------------------------------------------------------ round mechanics
    def _start_round(self) -> None:
        if self._round < len(self._deals):
            deck = list(self._deals[self._round])
            deck.reverse()  # our list keeps the top card at the end
        else:
            deck = list(FULL_DECK_CODES)
            self._own_rng().shuffle(deck)
        self._deck = deck
        self._bouquets: list[list[int]] = [[] for _ in range(self._n)]
        self._discards: list[list[int]] = [[] for _ in range(self._n)]
        self._drawn = -1
        self._refusals = 0
        self._turns_taken = 0
        self._turn = self._starter

    def _own_rng(self) -> random.Random:
        """The generator, copied first if a clone shares it (copy on write: clone() then
        costs no generator copy, and a game that is never cloned never copies one)."""
        if self._rng_shared:
            rng = random.Random()
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._rng_shared = False
        return self._rng

    def _reshufflable(self) -> int:
        return sum(len(pile) - 1 for pile in self._discards if pile)

    def _reshuffle(self, events: list[Event] | None) -> None:
        deck = self._deck
        for pile in self._discards:
            if len(pile) > 1:
                deck.extend(pile[:-1])
                del pile[:-1]
        self._own_rng().shuffle(deck)
        if events is not None:
            events.append(Reshuffled(len(deck)))

    def _draw_card(self, turn: int, events: list[Event] | None) -> None:
        """Draw the next card into ``_drawn`` with its events (reshuffling when due)."""
        deck = self._deck
        if not deck:
            self._reshuffle(events)
        card = self._drawn = deck.pop()
        if events is not None:
            events.append(_DREW[turn][card])
        if not deck and self._eager_reshuffle and self._reshufflable():
            self._reshuffle(events)

    def _next_starter(self) -> int:
        best = max(self._prestige)
        offset = 0 if self._rules.starter_tie_break is StarterTieBreak.FROM_PREVIOUS else 1
        for step in range(self._n):
            seat = (self._starter + offset + step) % self._n
            if self._prestige[seat] == best:
                return seat
        raise AssertionError("some seat holds the most prestige")  # pragma: no cover

    def _end_round(self, events: list[Event] | None) -> None:
        last = self._round == self._rules.rounds - 1
        factor = 2 if (last and self._rules.final_bouquet) else 1
        wild = self._rules.multicolour_wild
        scores = tuple(score_codes(b, multicolour_wild=wild) for b in self._bouquets)
        awarded = tuple(score.total * factor for score in scores)
        for seat, points in enumerate(awarded):
            self._prestige[seat] += points
        self._awarded += sum(awarded)
        next_starter = None if last else self._next_starter()
        summary = RoundScored(
            self._round + 1, scores, awarded, tuple(self._prestige), next_starter
        )
        self._round_log.append(summary)
        if events is not None:
            events.append(summary)
        if last:
            self._over = True
            self._drawn = -1
            if events is not None:
                events.append(GameEnded(tuple(self._prestige), tuple(self.winners())))
            return
        assert next_starter is not None
        self._starter = next_starter
        self._round += 1
        self._start_round()

    def _end_turn(self, events: list[Event] | None) -> None:
        self._drawn = -1
        self._refusals = 0
        self._turns_taken += 1
        if self._turns_taken == BOUQUET_SIZE * self._n:
            self._end_round(events)
        else:
            self._turn = (self._turn + 1) % self._n

    def _refusal_payee(self) -> int | None:
        if self._pays_bank:
            return None
        # The k-th refusal pays the k-th player clockwise, skipping the refuser.
        return (self._turn + 1 + self._refusals % (self._n - 1)) % self._n

    def _refusal_paid(self) -> int:
        """What refusing now takes: the price, or all the refuser has if that is less (only
        reachable under ``unaffordable_refusal = pay-what-you-have``)."""
        return min(self._refusals + 1, self._prestige[self._turn])

    def _can_refuse(self) -> bool:
        price = self._refusals + 1
        have = self._prestige[self._turn]
        # Paying what one has (the house rule) still takes a point: a refusal is never free.
        affordable = have >= price if self._keeps_unaffordable else have >= 1
        # After the refusal a next card must exist: the deck, or what a reshuffle would bring
        # (the refused card becomes a top; the old top of this pile goes under it).
        return affordable and bool(
            self._deck or self._reshufflable() + (1 if self._discards[self._turn] else 0)
        )

    # ------------------------------------------------------------------ the State protocol
    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the game is over."""
        return None if self._over else self._turn

    @property
    def phase(self) -> Phase:
        """What the player to act must decide."""
        if self._over:
            return Phase.OVER
        return Phase.KEEP_OR_REFUSE if self._drawn >= 0 else Phase.DRAW_OR_BUY

    def pending(self) -> PendingCard | None:
        """The drawn card the player to act must keep or refuse, with the refusal's price;
        None at the start of a turn and once the game is over."""
        if self._drawn < 0:
            return None
        return PendingCard(
            seat=self._turn,
            card=CARDS[self._drawn],
            price=self._refusals + 1,
            paid=self._refusal_paid(),
            payee=self._refusal_payee(),
            can_refuse=self._can_refuse(),
        )

    @property
    def is_over(self) -> bool:
        """True after the last round has been scored."""
        return self._over

    def scores(self) -> list[int]:
        """Each seat's prestige."""
        return list(self._prestige)

    def winners(self) -> list[int]:
        """The seats with the most prestige (several share a victory)."""
        best = max(self._prestige)
        return [seat for seat, points in enumerate(self._prestige) if points == best]

    @property
    def rules(self) -> IkebanaRules:
        """The game's options."""
        return self._rules

    @property
    def round_number(self) -> int:
        """The round being played, 1-based."""
        return min(self._round + 1, self._rules.rounds)

    @property
    def round_results(self) -> tuple[RoundScored, ...]:
        """The scored rounds so far."""
        return tuple(self._round_log)

    @property
    def total_awarded(self) -> int:
        """All bouquet points awarded so far (after the final-bouquet doubling)."""
        return self._awarded

    @property
    def paid_to_bank(self) -> int:
        """All prestige paid to the bank so far (only with ``refusal_payee = bank``)."""
        return self._bank

    def all_cards(self) -> list[int]:
        """Every card code the state holds, wherever it is (for the conservation check)."""
        cards = list(self._deck)
        for pile in self._bouquets:
            cards.extend(pile)
        for pile in self._discards:
            cards.extend(pile)
        if self._drawn >= 0:
            cards.append(self._drawn)
        return cards

    def draw_pile(self) -> tuple[Card, ...]:
        """The deck, top first. Omniscient: not for agents."""
        return tuple(CARDS[c] for c in reversed(self._deck))

    def bouquet(self, seat: int) -> tuple[Card, ...]:
        """`seat`'s bouquet this round."""
        return tuple(CARDS[c] for c in self._bouquets[seat])

    def action_space(self) -> ActionSpace[IkebanaAction]:
        """The action ids: 0 draw, 1 keep, 2 refuse, 3 + s buy from seat s."""
        return ACTION_SPACES[self._n]

    def _legal_actions(self) -> list[IkebanaAction]:
        if self._over:
            return []
        # The common answers are shared pre-built lists (the base class never mutates its
        # cache and hands callers copies).
        if self._drawn >= 0:
            return _KEEP_OR_REFUSE if self._can_refuse() else _KEEP_ONLY
        turn = self._turn
        have = self._prestige[turn]
        buys: list[IkebanaAction] = [
            BUYS[seat]
            for seat, pile in enumerate(self._discards)
            if pile and seat != turn and pile[-1] % 5 + 1 <= have
        ]
        if not buys:
            return _DRAW_ONLY
        return [DRAW, *buys] if self._deck or self._reshufflable() else buys

    def _act(self, action: IkebanaAction, events: list[Event] | None) -> None:
        turn = self._turn
        kind = action.kind
        if kind is _DRAW:
            self._draw_card(turn, events)
        elif kind is _KEEP:
            card = self._drawn
            self._bouquets[turn].append(card)
            if events is not None:
                events.append(_KEPT[turn][card])
            self._end_turn(events)
        elif kind is _REFUSE:
            card = self._drawn
            price = self._refusals + 1
            paid = self._refusal_paid()
            payee = self._refusal_payee()
            self._prestige[turn] -= paid
            if payee is None:
                self._bank += paid
            else:
                self._prestige[payee] += paid
            self._discards[turn].append(card)
            self._refusals += 1
            if events is not None:
                events.append(Refused(turn, CARDS[card], price, paid, payee))
            self._draw_card(turn, events)
        else:
            assert isinstance(action, Buy)
            seller = action.seat
            card = self._discards[seller].pop()
            price = card % 5 + 1
            self._prestige[turn] -= price
            self._prestige[seller] += price
            self._bouquets[turn].append(card)
            if events is not None:
                events.append(_BOUGHT[turn][card][seller])
            self._end_turn(events)

    def illegal_reason(self, action: IkebanaAction) -> str:
        """Why a well-formed action is refused now, in the rules' words."""
        if self._over:
            return "the game is over"
        if not isinstance(action, Draw | Keep | Refuse | Buy):
            return (
                f"{action!r} is not an Ikebana action (read text with state.parse or "
                "state.apply_text)"
            )
        if isinstance(action, Buy) and action.seat >= self._n:
            return f"there is no seat {action.seat} (0-based) in a {self._n}-player game"
        kind = action.kind
        if self._drawn >= 0:
            if kind in (_DRAW, _BUY):
                return "you have drawn a card: keep or refuse it (once you draw you cannot buy)"
            price = self._refusals + 1
            return (
                f"refusing now costs {price} prestige and you have {self._prestige[self._turn]}"
                "; a card you cannot afford to refuse must be kept"
            )
        if kind in (_KEEP, _REFUSE):
            return "draw a card first (or buy a discard pile's top card)"
        if kind is _BUY:
            assert isinstance(action, Buy)
            if action.seat == self._turn:
                return "you cannot buy from your own discard pile"
            pile = self._discards[action.seat]
            if not pile:
                return f"{self.players[action.seat]}'s discard pile is empty"
            price = pile[-1] % 5 + 1
            return (
                f"{CARDS[pile[-1]]} costs {price} prestige and you have "
                f"{self._prestige[self._turn]}"
            )
        return "there is no card to draw"  # pragma: no cover - 55 cards never run out

    def parse(self, text: str) -> IkebanaAction:
        """Read ``draw``, ``keep``, ``refuse`` or ``buy P`` (P a player number from 1, or a
        name: ``buy 2`` and ``buy P2`` are ``Buy(1)``); see
        :func:`~cardgames.ikebana.actions.parse_action`."""
        return parse_action(text, self.players, self.legal_actions())

    def view(self, seat: int) -> IkebanaView:
        """What `seat` may know: all but the deck order and the cards under discard tops."""
        seat = check_seat(seat, self._n)
        public = self._rules.public_discards
        last = self._round == self._rules.rounds - 1
        return IkebanaView(
            seat=seat,
            players=self.players,
            rules=self._rules,
            round=self.round_number,
            starter=self._starter,
            current_player=self.current_player,
            bouquets=tuple(tuple(CARDS[c] for c in b) for b in self._bouquets),
            discard_tops=tuple(CARDS[p[-1]] if p else None for p in self._discards),
            discard_sizes=tuple(len(p) for p in self._discards),
            discard_piles=(
                tuple(tuple(CARDS[c] for c in p) for p in self._discards) if public else None
            ),
            prestige=tuple(self._prestige),
            deck_size=len(self._deck),
            phase=self.phase,
            pending=self.pending(),
            refusals_this_turn=self._refusals,
            next_refusal_price=self._refusals + 1,
            next_refusal_payee=None if self._over else self._refusal_payee(),
            score_factor=2 if (last and self._rules.final_bouquet) else 1,
            past_rounds=tuple(self._round_log),
            is_over=self._over,
            history=self.moves(seat),
        )

    def public_view(self) -> IkebanaPublicView:
        """What every seat may know (a spectator's view): any seat's view but its seat, the
        whole discard piles shown once the game is over."""
        seen = self.view(0)
        piles = seen.discard_piles
        if self._over and piles is None:
            piles = tuple(tuple(CARDS[c] for c in pile) for pile in self._discards)
        return IkebanaPublicView(
            discard_piles=piles, **shared_fields(seen, IkebanaPublicView, "discard_piles"))

    # ------------------------------------------------------------ search
    @classmethod
    def sample_from_view(cls, view: IkebanaView, rng: random.Random) -> IkebanaState:
        """A state consistent with `view`, for search (determinization): the cards the view
        does not show are dealt at random (from `rng`) into the deck and under the discard
        tops; everything else is as the view shows it.

        The sample's history starts at the view (it has no earlier moves, so its ``record``
        does not replay the real game); its later deals and reshuffles come from a seed drawn
        from `rng` (below :data:`~cardgames.core.game.SEED_LIMIT`). Not for a finished game
        (ValueError).
        """
        if view.is_over or view.current_player is None:
            raise ValueError("sample_from_view needs a view of a game that is not over")
        rules = view.rules
        players = len(view.players)
        unseen = list(COPIES)
        shown: list[Card] = [card for bouquet in view.bouquets for card in bouquet]
        if view.discard_piles is not None:
            shown += [card for pile in view.discard_piles for card in pile]
        else:
            shown += [card for card in view.discard_tops if card is not None]
        if view.pending is not None:
            shown.append(view.pending.card)
        for card in shown:
            unseen[card.code] -= 1
        hidden = [code for code, count in enumerate(unseen) for _ in range(count)]
        rng.shuffle(hidden)
        # A game under the view's rules and names, its round then replaced by the view's.
        state = cls.new(rules, players=players, seed=rng.randrange(SEED_LIMIT),
                        names=view.players)
        state._rng = random.Random(state.seed)  # as dealt: the deal above drew from it
        state._prestige = list(view.prestige)
        state._round_log = list(view.past_rounds)
        state._awarded = sum(sum(summary.awarded) for summary in view.past_rounds)
        state._bank = players * rules.starting_prestige + state._awarded - sum(view.prestige)
        state._round = view.round - 1
        state._over = False
        state._starter = view.starter
        state._turn = view.current_player
        state._bouquets = [[card.code for card in bouquet] for bouquet in view.bouquets]
        if view.discard_piles is not None:
            state._discards = [[card.code for card in pile] for pile in view.discard_piles]
        else:
            state._discards = []
            for size, top in zip(view.discard_sizes, view.discard_tops, strict=True):
                pile = [hidden.pop() for _ in range(size - 1)]
                if top is not None:
                    pile.append(top.code)
                state._discards.append(pile)
        state._deck = hidden  # what is left: the top card is the end of the list
        state._drawn = -1 if view.pending is None else view.pending.card.code
        state._refusals = view.refusals_this_turn
        state._turns_taken = sum(len(bouquet) for bouquet in view.bouquets)
        # Its moves are read now, so step() logs events as it goes: the events it skipped
        # would otherwise be replayed from the seed, which did not deal this position.
        state.moves()
        return state

    def outcome_text(self) -> str:
        """The winner(s) and everyone's prestige."""
        prestige = self.scores()
        table = ", ".join(
            f"{name} {points}" for name, points in zip(self.players, prestige, strict=True)
        )
        winners = [self.players[seat] for seat in self.winners()]
        if len(winners) > 1:
            return f"{' and '.join(winners)} share the victory with {max(prestige)} ({table})"
        return f"{winners[0]} wins with {max(prestige)} prestige ({table})"

    def check_view(self, seat: int) -> None:
        """AssertionError if `seat`'s view reveals the deck order or cards under discard
        tops (unless the discards are public)."""
        view = self.view(seat)
        fields = set(attrs.fields_dict(type(view)))
        assert not fields & {"deck", "deck_order", "deck_cards"}, "the view holds the deck"
        visible: list[Card] = [card for bouquet in view.bouquets for card in bouquet]
        if view.discard_piles is None:
            assert not self.rules.public_discards
            visible += [card for card in view.discard_tops if card is not None]
            hidden_under_tops = sum(max(0, size - 1) for size in view.discard_sizes)
        else:
            assert self.rules.public_discards, "whole discard piles shown though not public"
            visible += [card for pile in view.discard_piles for card in pile]
            hidden_under_tops = 0
        if view.drawn is not None:
            visible.append(view.drawn)
        assert len(visible) + hidden_under_tops + view.deck_size == DECK_SIZE, (
            "the view shows more (or fewer) cards than are face up"
        )
        assert not Counter(visible) - Counter(CARDS[c] for c in self.all_cards()), (
            "the view shows cards that are not in the game"
        )

    def check_invariants(self) -> None:
        """AssertionError when an Ikebana invariant breaks.

        55 cards accounted for; total prestige = starting prestige + bouquet points awarded
        (payments only move points; bank payments leave the game); nobody below zero; no
        bouquet above five cards, and every scored round's bouquets had exactly five.
        """
        assert Counter(self.all_cards()) == Counter(FULL_DECK_CODES), "cards are not conserved"
        prestige = self.scores()
        expected = len(prestige) * self.rules.starting_prestige + self.total_awarded
        assert sum(prestige) == expected - self.paid_to_bank, (
            f"total prestige {sum(prestige)} != start + awarded - bank "
            f"{expected - self.paid_to_bank}"
        )
        assert min(prestige) >= 0, f"negative prestige {prestige}"
        assert all(len(self.bouquet(seat)) <= 5 for seat in range(len(prestige)))
        for summary in self.round_results:
            assert all(len(score.cards) == 5 for score in summary.scores), "a short bouquet"
        assert len(self.round_results) == (
            self.rules.rounds if self.is_over else self.round_number - 1
        )

    def snapshot(self) -> tuple[Any, ...]:
        """The complete state as comparable data."""
        return (
            self._n,
            self._rules,
            tuple(self._deck),
            tuple(map(tuple, self._bouquets)),
            tuple(map(tuple, self._discards)),
            tuple(self._prestige),
            self._round,
            self._starter,
            self._turn,
            self._drawn,
            self._refusals,
            self._turns_taken,
            self._awarded,
            self._bank,
            self._over,
            tuple(self._round_log),
            self._rng.getstate(),
        )

    def _copy_into(self, new: Self) -> None:
        new._rules = self._rules
        new._eager_reshuffle = self._eager_reshuffle
        new._keeps_unaffordable = self._keeps_unaffordable
        new._pays_bank = self._pays_bank
        new._n = self._n
        new._rng = self._rng
        new._rng_shared = self._rng_shared = True
        new._deals = self._deals
        new._deck = list(self._deck)
        new._bouquets = [list(b) for b in self._bouquets]
        new._discards = [list(p) for p in self._discards]
        new._prestige = list(self._prestige)
        new._round = self._round
        new._starter = self._starter
        new._turn = self._turn
        new._drawn = self._drawn
        new._refusals = self._refusals
        new._turns_taken = self._turns_taken
        new._awarded = self._awarded
        new._bank = self._bank
        new._over = self._over
        new._round_log = list(self._round_log)


_KEEP_OR_REFUSE: list[IkebanaAction] = [KEEP, REFUSE]
_KEEP_ONLY: list[IkebanaAction] = [KEEP]
_DRAW_ONLY: list[IkebanaAction] = [DRAW]
