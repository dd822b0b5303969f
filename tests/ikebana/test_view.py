"""The structured view: the move history, the phase and the pending decision as data."""

from __future__ import annotations

import random

import attrs
import pytest

from cardgames.core.game import Move
from cardgames.ikebana import DRAW, KEEP, REFUSE, Buy, IkebanaView
from cardgames.ikebana.cards import DECK_SIZE, Card
from cardgames.ikebana.events import (
    Bought,
    Drew,
    GameEnded,
    Kept,
    Refused,
    Reshuffled,
    RoundScored,
)
from cardgames.ikebana.view import PendingCard, Phase

from .test_state import deck_starting, keep_everything, new, play


# ------------------------------------------------------------------ the history
def test_the_history_holds_each_move_with_its_seat_action_and_events() -> None:
    state = new(2, deck=deck_starting("K4", "B3", "R1"))
    applied = [(0, DRAW, state.apply(DRAW)), (0, REFUSE, state.apply(REFUSE))]
    applied.append((0, KEEP, state.apply(KEEP)))
    applied.append((1, Buy(0), state.apply(Buy(0))))
    history = state.view(0).history
    assert history == tuple(Move(seat, action, tuple(events)) for seat, action, events in applied)
    assert [str(move.action) for move in history] == ["draw", "refuse", "keep", "buy 1"]
    assert history[1].events == (
        Refused(0, Card.from_str("K4"), 1, 1, 1),
        Drew(0, Card.from_str("B3")),
    )
    assert history[3].events == (Bought(1, Card.from_str("K4"), 0, 4),)
    assert state.view(1).history == history  # nothing in it is hidden from any seat


def test_a_new_game_has_no_history_and_a_finished_one_ends_with_the_result() -> None:
    state = new(2, rounds=1)
    assert state.view(0).history == ()
    keep_everything(state, 5 * 2)
    last = state.view(1).history[-1]
    assert (last.seat, last.action) == (1, KEEP)
    assert [type(event) for event in last.events] == [Kept, RoundScored, GameEnded]
    assert len(state.view(1).history) == state.move_count == 20


def test_clones_keep_their_own_history_and_it_is_left_out_of_equality() -> None:
    state = new(2, seed=3)
    play(state, "draw", "keep")
    state.view(0)  # builds the history's entries
    copy = state.clone()
    assert copy == state
    assert copy.view(1).history == state.view(1).history
    play(copy, "draw", "keep")
    assert len(copy.view(0).history) == 4
    assert len(state.view(0).history) == 2
    # A state whose views were never asked for equals one whose were: the history is derived.
    fresh = new(2, seed=3)
    play(fresh, "draw", "keep")
    assert fresh == state
    assert fresh.snapshot() == state.snapshot()


class _PublicRecord:
    """What a seat can follow from the history alone: every card an event names must be one
    the seat has seen face up (drawn, lying on top of a pile) at that moment."""

    def __init__(self, players: int, prestige: int) -> None:
        self.players = players
        self.prestige = [prestige] * players
        self.reshuffles = self.purchases = 0
        self._new_round()

    def _new_round(self) -> None:
        self.bouquets: list[list[Card]] = [[] for _ in range(self.players)]
        self.piles: list[list[Card]] = [[] for _ in range(self.players)]
        self.deck = DECK_SIZE
        self.drawn: Card | None = None

    def follow(self, move: Move[object]) -> None:
        for event in move.events:
            if isinstance(event, Drew):
                assert event.seat == move.seat
                self.deck -= 1
                self.drawn = event.card
            elif isinstance(event, Kept):
                assert event.card == self.drawn, "kept a card nobody saw drawn"
                self.bouquets[event.seat].append(event.card)
                self.drawn = None
            elif isinstance(event, Refused):
                assert event.card == self.drawn, "refused a card nobody saw drawn"
                self.piles[event.seat].append(event.card)
                self.prestige[event.seat] -= event.paid
                if event.payee is not None:
                    self.prestige[event.payee] += event.paid
                self.drawn = None
            elif isinstance(event, Bought):
                assert self.piles[event.seller][-1] == event.card, "bought a card not on top"
                self.bouquets[event.seat].append(self.piles[event.seller].pop())
                self.prestige[event.seat] -= event.price
                self.prestige[event.seller] += event.price
                self.purchases += 1
            elif isinstance(event, Reshuffled):
                # It tells how many cards, never which or in what order.
                assert [f.name for f in attrs.fields(Reshuffled)] == ["cards"]
                assert event.cards == self.deck + sum(len(p) - 1 for p in self.piles if p)
                self.piles = [pile[-1:] for pile in self.piles]
                self.deck = event.cards
                self.reshuffles += 1
            elif isinstance(event, RoundScored):
                assert [list(s.cards) for s in event.scores] == self.bouquets
                self.prestige = [p + a for p, a in zip(self.prestige, event.awarded, strict=True)]
                assert tuple(self.prestige) == event.prestige
                if event.next_starter is not None:  # the last round's table stays in view
                    self._new_round()
            else:
                assert isinstance(event, GameEnded)

    def check(self, view: IkebanaView) -> None:
        assert view.bouquets == tuple(map(tuple, self.bouquets))
        assert view.discard_tops == tuple(pile[-1] if pile else None for pile in self.piles)
        assert view.discard_sizes == tuple(map(len, self.piles))
        if view.discard_piles is not None:
            assert view.discard_piles == tuple(map(tuple, self.piles))
        assert view.prestige == tuple(self.prestige)
        assert view.deck_size == self.deck
        assert view.drawn == self.drawn


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"preset": "default"}),
        (3, {"preset": "house"}),  # whole piles public; reshuffled as the deck empties
        (4, {"reshuffle": "when-empty"}),
        (5, {"preset": "bank", "starting_prestige": 100}),  # refusals leave the game
    ],
)
def test_the_history_reveals_no_card_before_it_is_face_up(
    players: int, options: dict[str, object]
) -> None:
    # Rich players refuse whatever they can, so the deck runs out and is rebuilt from the
    # discards; at the start of a turn they draw or buy at random.
    options = {"starting_prestige": 60, **options}
    state = new(players, seed=players, rounds=2, **options)
    rng = random.Random(players)
    record = _PublicRecord(players, state.rules.starting_prestige)
    seat = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(REFUSE if REFUSE in legal else rng.choice(legal))
        view = state.view(seat)
        record.follow(view.history[-1])
        record.check(view)
        seat = (seat + 1) % players
    assert record.reshuffles > 0
    assert record.purchases > 0


# ------------------------------------------------------------------ phase and pending
def test_the_phase_and_the_pending_card_are_data() -> None:
    state = new(3, deck=deck_starting("Y4", "G1"))
    view = state.view(2)
    assert (view.phase, view.pending, view.drawn) == (Phase.DRAW_OR_BUY, None, None)
    play(state, "draw", "refuse")
    view = state.view(2)
    assert view.phase is Phase.KEEP_OR_REFUSE
    assert view.pending == PendingCard(
        seat=0, card=Card.from_str("G1"), price=2, paid=2, payee=2, can_refuse=True
    )
    assert view.drawn == Card.from_str("G1")


def test_a_card_that_cannot_be_afforded_is_pending_with_no_refusal() -> None:
    state = new(2, deck=deck_starting("R1", "R2"), starting_prestige=1)
    play(state, "draw", "refuse")
    pending = state.view(0).pending
    assert pending is not None
    assert (pending.price, pending.paid, pending.can_refuse) == (2, 0, False)
    assert state.legal_actions() == [KEEP]


def test_pay_what_you_have_shows_what_a_refusal_would_really_take() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3"), starting_prestige=2,
                unaffordable_refusal="pay-what-you-have")
    play(state, "draw", "refuse")  # 1 paid, 1 left; the next refusal's price is 2
    pending = state.view(1).pending
    assert pending is not None
    assert (pending.price, pending.paid, pending.payee, pending.can_refuse) == (2, 1, 1, True)


def test_a_finished_game_is_over_with_nothing_pending() -> None:
    state = new(2, rounds=1)
    keep_everything(state, 10)
    view = state.view(0)
    assert (view.phase, view.pending) == (Phase.OVER, None)
    assert str(Phase.KEEP_OR_REFUSE) == "keep-or-refuse"
