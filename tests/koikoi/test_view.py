"""The structured view: the Phase enum, the pending decision as data, and the move history
(seat, action, public events) that bots and renderers read instead of text."""

from __future__ import annotations

import random

import attrs
import pytest

from cardgames.core.game import Move
from cardgames.koikoi import (
    CardPlayed,
    ChoiceRequired,
    KoiKoiRules,
    KoiKoiState,
    LuckyHand,
    RoundEnded,
    RoundStarted,
    make_rules,
    round_points,
)
from cardgames.koikoi.bots import GreedyBot
from cardgames.koikoi.cards import Card, parse_card
from cardgames.koikoi.view import CaptureChoice, CardMasks, KoiKoiDecision, Phase

from .conftest import Dealt, KoiKoiDeal
from .test_engine import TWO_DEALER, TWO_FIELD, TWO_OPPONENT


def test_the_phase_is_an_enum_whose_values_are_the_words() -> None:
    assert [phase.value for phase in Phase] == ["play", "capture", "decide", "over"]
    state = KoiKoiState.new(KoiKoiRules(), players=2, seed=3)
    assert state.phase is Phase.PLAY
    assert state.view(0).phase is Phase.PLAY
    assert state.view(0).phase == "play"  # str-based code reads as before
    assert state.view(0).pending is None


def test_a_capture_choice_is_data_with_its_question_derived(dealt: Dealt) -> None:
    state = dealt(TWO_DEALER, TWO_OPPONENT, TWO_FIELD, ["mar-chaff-2"])
    state.apply_text("play aug-moon")
    for seat in (0, 1):
        view = state.view(seat)
        assert view.phase is Phase.CAPTURE
        assert view.pending == CaptureChoice(
            0, parse_card("mar-chaff-2"), (parse_card("mar-ribbon"), parse_card("mar-chaff-1"))
        )
    assert state.pending == state.view(1).pending
    assert state.view(0).pending_card == parse_card("mar-chaff-2")
    pending = state.view(0).pending
    assert isinstance(pending, CaptureChoice)
    assert pending.question() == (
        "the turned-over mar-chaff-2 matches mar-ribbon and mar-chaff-1: answer capture "
        "mar-ribbon or capture mar-chaff-1"
    )


def test_a_koikoi_decision_says_what_formed_what_stopping_scores_and_the_calls_left(
    dealt: Dealt, koikoi_then_inoshikacho: KoiKoiDeal
) -> None:
    state = dealt(*koikoi_then_inoshikacho, rules=make_rules("online"))
    for move in ("play mar-curtain", "play jul-chaff-1", "play sep-sake-cup"):
        state.apply_text(move)
    first = state.view(0).pending
    assert isinstance(first, KoiKoiDecision)
    assert (first.seat, [y.name for y in first.raised], first.calls_left) == (
        0, ["Hanami-zake"], None
    )
    assert first.stop_points == round_points(5, state.rules)
    for move in ("koikoi", "play oct-chaff-1", "play feb-warbler", "play jun-chaff-1"):
        state.apply_text(move)
    view = state.view(1)
    decision = view.pending
    assert view.phase is Phase.DECIDE
    assert isinstance(decision, KoiKoiDecision)
    assert decision.seat == 1
    assert [y.key for y in decision.raised] == ["inoshikacho"]  # why P2 is asked
    assert decision.score == state.yaku(1)
    # P1's koi-koi doubles what P2's stop scores: the decision carries the multiplier.
    assert str(decision.stop_points) == "5 ×2 (opponent called koi-koi) = 10"
    assert decision.question() == (
        "you have Ino-shika-chō 5 = 5: answer koikoi (play on) or stop (score 10 points now)"
    )
    limited = dealt(*koikoi_then_inoshikacho, rules=make_rules("online", max_koikoi_calls=2))
    for move in ("play mar-curtain", "play jul-chaff-1", "play sep-sake-cup"):
        limited.apply_text(move)
    assert isinstance(limited.pending, KoiKoiDecision)
    assert limited.pending.calls_left == 2


def test_the_history_holds_each_move_with_the_events_it_caused() -> None:
    state = KoiKoiState.new(make_rules("online", rounds=2), players=2, seed=5)
    rng = random.Random(5)
    applied: list[Move[object]] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        applied.append(Move(seat, action, tuple(state.apply(action))))
    for seat in (0, 1):
        history = state.view(seat).history
        assert list(history) == applied
        assert all(type(move) is Move for move in history)
    assert [move.action for move in state.view(0).history] == list(state.history)
    # Entries are built once and shared by later views (a view stays cheap).
    assert state.view(0).history[0] is state.view(1).history[0]


def test_a_clone_keeps_its_own_history() -> None:
    state = KoiKoiState.new(KoiKoiRules(), players=2, seed=8)
    state.apply(state.legal_actions()[0])
    assert len(state.view(0).history) == 1
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(copy.view(0).history) == 2
    assert len(state.view(0).history) == 1
    assert copy.view(0).history[0] == state.view(0).history[0]


@pytest.mark.parametrize("preset", ["nintendo", "online", "traditional"])
def test_history_events_never_name_a_card_hidden_when_they_happened(preset: str) -> None:
    # Every event is public: a card it names is on the field, in a pile, or just turned
    # over -- never in a hand or the stock -- except the hand a lucky hand shows to win.
    rules = make_rules(preset, lucky_hands="points")
    for seed in range(12):
        state = KoiKoiState.new(rules, players=2, seed=seed)
        bots = (GreedyBot(seed), GreedyBot(seed + 1))
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            events = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
            hidden = {c.id for s in (0, 1) for c in state.hand(s)} | {c.id for c in state.stock}
            named: set[int] = set()
            for event in events:
                if isinstance(event, RoundEnded):
                    break  # later events belong to the next deal: checked below
                if isinstance(event, CardPlayed):
                    named |= {event.card, *event.captured}
                elif isinstance(event, ChoiceRequired):
                    named |= {event.card, *event.options}
            if not any(isinstance(e, RoundEnded) for e in events):
                assert not named & hidden, (seed, str(state.history[-1]))
            deals = [e for e in events if isinstance(e, RoundStarted)]
            if deals:  # the deal now in play shows its field only
                assert not set(deals[-1].field) & hidden
            for number, event in enumerate(events):
                if isinstance(event, LuckyHand):
                    # Shown to claim the round, which ends at once: the cards are dealt anew.
                    assert isinstance(events[number + 1], RoundEnded)
            assert state.view(0).history[-1].events == state.view(1).history[-1].events


def test_the_view_masks_are_its_cards_even_after_evolve() -> None:
    def mask(cards: tuple[Card, ...]) -> int:
        return sum(1 << card.id for card in cards)

    state = KoiKoiState.new(make_rules("nintendo", rounds=2), players=2, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        for seat in (0, 1):
            view = state.view(seat)
            masks = view.masks
            assert masks.hand == mask(view.hand)
            assert masks.field == mask(view.field)
            assert masks.piles == (mask(view.piles[0]), mask(view.piles[1]))
        state.apply(rng.choice(state.legal_actions()))
    # A view changed by hand finds its masks from its own cards, not the engine's.
    view = state.view(0)
    moved = attrs.evolve(view, hand=view.field, field=view.hand, piles=(view.piles[1], ()))
    assert moved.masks == CardMasks(mask(view.field), mask(view.hand), (mask(view.piles[1]), 0))
    assert moved == attrs.evolve(moved)  # the cached masks take no part in equality
