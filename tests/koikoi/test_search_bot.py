"""Koi-Koi search bot: its worlds fit the view, its moves are legal and seeded, its hints agree
with its moves, and it beats the greedy bot on a small seeded sample."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from cardgames.core.agents import Agent
from cardgames.core.loop import play
from cardgames.koikoi import GAME, KoiKoiRules, KoiKoiState, make_rules
from cardgames.koikoi.bots import GreedyBot
from cardgames.koikoi.search import SearchBot, sample_world
from cardgames.koikoi.view import KoiKoiDecision, KoiKoiView

RULE_SETS = {**GAME.presets, **GAME.test_options}
"""Every preset and every option combination the conformance kit runs."""

PUBLIC = ("hand", "field", "piles", "yaku", "koikoi_calls", "koikoi_allowed", "phase",
          "pending", "current_player", "dealer", "opponent_hand_size", "stock_size")
"""What a world must show the seat exactly as the real match does."""


def greedy_positions(rules: KoiKoiRules, seed: int) -> Iterator[tuple[KoiKoiState, KoiKoiView]]:
    """Every position of a seeded greedy self-play match, with its mover's view."""
    state = KoiKoiState.new(rules, players=2, seed=seed)
    bots = (GreedyBot(seed), GreedyBot(seed + 1))
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        yield state, view
        state.apply(bots[seat].act(view, state.legal_actions()))


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_world_shows_the_seat_what_the_match_shows_and_hides_the_same_cards(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(7)
    checked = 0
    for state, view in greedy_positions(rules, seed=11):
        world = sample_world(view, rng)
        assert world is not None
        seat = view.seat
        seen = world.view(seat)
        for field in PUBLIC + (("month",) if rules.tsuki_fuda else ()):
            assert getattr(seen, field) == getattr(view, field), (name, field)
        assert set(world.legal_actions()) == set(state.legal_actions())
        # The hidden cards are the same cards, dealt anew.
        hidden = set(state.hand(1 - seat)) | set(state.stock)
        assert set(world.hand(1 - seat)) | set(world.stock) == hidden
        checked += 1
    assert checked > 20


def test_worlds_differ_in_what_the_seat_cannot_see() -> None:
    _state, view = next(greedy_positions(make_rules("nintendo"), seed=3))
    rng = random.Random(1)
    hands = set()
    for _ in range(10):
        world = sample_world(view, rng)
        assert world is not None
        hands.add(world.hand(1 - view.seat))
    assert len(hands) > 1


def test_a_view_whose_history_does_not_show_the_deal_gets_the_greedy_move_said_so() -> None:
    # Mid-round, without the moves that led there, the starting hands cannot be known.
    for state, view in greedy_positions(make_rules("nintendo"), seed=5):
        legal = state.legal_actions()
        if len(view.hand) < 8 and len(legal) > 1:
            break
    bare = attrs.evolve(view, history=())
    assert sample_world(bare, random.Random(0)) is None
    hint = SearchBot(1).explain(bare, legal)
    assert hint.action in legal
    assert hint.reason.startswith("the greedy bot's move: the view's history does not show")


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_it_only_makes_legal_moves_under_every_rule_set(name: str) -> None:
    # Few worlds keep this quick; the legality does not depend on how many.
    rules = RULE_SETS[name]
    if not rules.tsuki_fuda:  # tsuki-fuda needs later months, so its matches stay long
        rules = attrs.evolve(rules, rounds=min(rules.rounds, 3))
    for seed in (1, 2):
        search = SearchBot(seed, worlds=2, candidates=3, decision_worlds=2)
        agents: list[Agent] = [search, GreedyBot(seed)] if seed % 2 else [GreedyBot(seed), search]
        play(KoiKoiState.new(rules, players=2, seed=seed), agents)  # raises on an illegal move


def test_the_same_seed_and_views_give_the_same_moves() -> None:
    rules = make_rules("nintendo", rounds=2)
    records = []
    for _ in range(2):
        search = SearchBot(42, worlds=4, decision_worlds=4)
        state = KoiKoiState.new(rules, players=2, seed=9)
        records.append(play(state, [search, GreedyBot(9)]).actions)
    assert records[0] == records[1]


def test_explain_names_the_move_act_makes() -> None:
    rules = make_rules("nintendo")
    decisions = 0
    for _state, view in greedy_positions(rules, seed=21):
        legal = _state.legal_actions()
        if len(legal) < 2:
            continue
        hint = SearchBot(5, worlds=6, decision_worlds=6).explain(view, legal)
        assert hint.action == SearchBot(5, worlds=6, decision_worlds=6).act(view, legal)
        assert hint.reason
        assert not hint.reason.endswith(".")
        decisions += isinstance(view.pending, KoiKoiDecision)
        if decisions and _state.round_number > 2:
            break
    assert decisions, "the sample includes a koi-koi decision"


def test_in_the_last_round_it_stops_when_stopping_wins_the_match() -> None:
    # One round, 0-0: any stop wins the match, and the search sees that whatever the cards.
    rules = make_rules("nintendo", rounds=1)
    asked = 0
    for seed in range(40):
        for state, view in greedy_positions(rules, seed):
            if isinstance(view.pending, KoiKoiDecision) and view.koikoi_allowed:
                hint = SearchBot(seed, decision_worlds=16).explain(view, state.legal_actions())
                assert str(hint.action) == "stop", hint.reason
                assert "match" in hint.reason
                asked += 1
        if asked >= 3:
            break
    assert asked >= 3


def test_it_beats_the_greedy_bot_on_a_seeded_sample() -> None:
    # A floor on a small sample (the benchmark measures the rate). Each of 16 seeded one-round
    # deals is played twice, the search bot in each seat, so that the luck of the deal
    # cancels; it must score at least 1.4 times the greedy bot's points (it scored 128 to 82
    # when written; a second greedy bot in its place scored 148 to 121). The deals are those
    # it was written with: the shuffle of rules version 2 (other samples of 16 deals vary
    # from 0.8 to 1.8 times, which is why the benchmark measures the rate).
    rules = make_rules("nintendo", rounds=1, shuffle="per-deal")
    search_points = greedy_points = 0
    for seed in range(16):
        for seat in (0, 1):
            search = SearchBot(seed, worlds=16)
            agents: list[Agent] = (
                [search, GreedyBot(seed)] if seat == 0 else [GreedyBot(seed), search]
            )
            state = KoiKoiState.new(rules, players=2, seed=1000 + seed)
            play(state, agents)
            scores = state.scores()
            search_points += scores[seat]
            greedy_points += scores[1 - seat]
    assert search_points >= 1.4 * greedy_points, (search_points, greedy_points)
