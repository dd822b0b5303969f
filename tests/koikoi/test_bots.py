"""Koi-Koi bots: the greedy bot's decisions on chosen tables, its strength, and its seeding."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cardgames.core.agents import Agent, RandomAgent
from cardgames.core.loop import play
from cardgames.koikoi import GAME, KoiKoiRules, KoiKoiState, make_rules, round_points, score_yaku
from cardgames.koikoi.actions import KoiKoiAction
from cardgames.koikoi.bots import (
    BOTS,
    COMPLETION_BONUS,
    Gain,
    GreedyBot,
    YakuEvaluator,
    evaluator_for,
    group_value,
    single_value,
)
from cardgames.koikoi.cards import Card, parse_card
from cardgames.koikoi.view import CaptureChoice, KoiKoiDecision, KoiKoiView, Pending, Phase


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in codes)


def mask(*codes: str) -> int:
    bits = 0
    for code in codes:
        bits |= 1 << parse_card(code).id
    return bits


def make_view(
    *,
    hand: Sequence[str],
    field: Sequence[str],
    mine: Sequence[str] = (),
    theirs: Sequence[str] = (),
    rules: KoiKoiRules | None = None,
    phase: Phase = Phase.PLAY,
    pending: str | None = None,
    calls: tuple[int, int] = (0, 0),
    koikoi_allowed: bool = True,
    scores: tuple[int, int] = (0, 0),
    round_number: int = 1,
    opponent_hand_size: int | None = None,
) -> KoiKoiView:
    """Seat 0's view of a chosen table (seat 0 to act); `pending` is the turned-over card
    of a capture choice. A decide phase asks seat 0 about the yaku of its pile."""
    rules = rules or KoiKoiRules()
    piles = (tuple(sorted(cards(*mine), key=lambda c: c.id)),
             tuple(sorted(cards(*theirs), key=lambda c: c.id)))
    field_cards = cards(*field)
    yaku = (score_yaku(piles[0], rules), score_yaku(piles[1], rules))
    waiting: Pending = None
    if phase is Phase.CAPTURE:
        assert pending is not None, "a capture choice turns over a card"
        card = parse_card(pending)
        waiting = CaptureChoice(0, card, tuple(c for c in field_cards if c.month == card.month))
    elif phase is Phase.DECIDE:
        limit = rules.max_koikoi_calls
        waiting = KoiKoiDecision(
            0, yaku[0], yaku[0].yaku,
            round_points(yaku[0].total, rules, winner_calls=calls[0], loser_calls=calls[1]),
            None if limit is None else limit - sum(calls),
        )
    return KoiKoiView(
        seat=0,
        players=("P1", "P2"),
        rules=rules,
        round_number=round_number,
        month=(round_number - 1) % 12 + 1,
        dealer=0,
        current_player=0,
        phase=phase,
        hand=cards(*hand),
        opponent_hand_size=len(hand) if opponent_hand_size is None else opponent_hand_size,
        field=field_cards,
        stock_size=24 - 2 * (8 - len(hand)),
        piles=piles,
        yaku=yaku,
        koikoi_calls=calls,
        koikoi_allowed=koikoi_allowed,
        pending=waiting,
        scores=scores,
        round_results=(),
        is_over=False,
    )


def actions(*texts: str) -> list[KoiKoiAction]:
    return [KoiKoiAction.from_str(text) for text in texts]


FILLER_HAND = ("feb-chaff-1", "apr-chaff-1", "may-chaff-1", "jul-chaff-1")
FILLER_FIELD = ("oct-chaff-1", "dec-chaff-1")


# ------------------------------------------------------------------------- captures
def test_it_takes_the_sake_cup_rather_than_a_chaff_card() -> None:
    view = make_view(
        hand=("sep-chaff-1", "jan-chaff-1", *FILLER_HAND),
        field=("sep-sake-cup", "jan-chaff-2", *FILLER_FIELD),
    )
    legal = actions("play sep-chaff-1", "play jan-chaff-1", *(f"play {c}" for c in FILLER_HAND))
    assert str(GreedyBot(1).act(view, legal)) == "play sep-chaff-1"


def test_it_denies_the_opponent_the_ribbon_that_completes_their_akatan() -> None:
    # Akatan is dead for us (the opponent holds two poetry ribbons), so to us the poetry and
    # the plain ribbon are worth the same; only denial tells them apart.
    view = make_view(
        hand=("mar-chaff-1", "jul-chaff-1", *FILLER_HAND[:2]),
        field=("mar-ribbon", "jul-ribbon", *FILLER_FIELD),
        theirs=("jan-ribbon", "jan-chaff-1", "feb-ribbon", "feb-chaff-2"),
    )
    legal = actions("play mar-chaff-1", "play jul-chaff-1")
    bot = GreedyBot(1)
    take_poetry, take_plain = bot.score_moves(view, legal)
    assert take_poetry > take_plain
    assert str(bot.act(view, legal)) == "play mar-chaff-1"


def test_of_two_field_matches_it_takes_the_better_card() -> None:
    view = make_view(hand=("sep-chaff-1", *FILLER_HAND), field=("sep-sake-cup", "sep-chaff-2"))
    legal = actions(
        "play sep-chaff-1 capture sep-chaff-2", "play sep-chaff-1 capture sep-sake-cup",
        *(f"play {c}" for c in FILLER_HAND),
    )
    assert str(GreedyBot(3).act(view, legal)) == "play sep-chaff-1 capture sep-sake-cup"


def test_a_turned_over_card_takes_the_moon_rather_than_chaff() -> None:
    view = make_view(
        hand=FILLER_HAND, field=("aug-chaff-2", "aug-moon", *FILLER_FIELD),
        phase=Phase.CAPTURE, pending="aug-chaff-1",
    )
    legal = actions("capture aug-chaff-2", "capture aug-moon")
    assert str(GreedyBot(0).act(view, legal)) == "capture aug-moon"


def test_with_no_capture_it_gives_away_chaff_not_a_bright() -> None:
    view = make_view(hand=("aug-moon", "dec-chaff-3"), field=("jan-chaff-1", "feb-chaff-1"))
    legal = actions("play aug-moon", "play dec-chaff-3")
    give_moon, give_chaff = GreedyBot(0).score_moves(view, legal)
    assert give_chaff > give_moon
    assert str(GreedyBot(0).act(view, legal)) == "play dec-chaff-3"


def test_a_card_nobody_else_can_match_is_a_safe_discard() -> None:
    # The other two December cards are in our pile, so the opponent can never take the
    # phoenix; the cherry chaff can be taken by any of the unseen March cards.
    view = make_view(
        hand=("dec-phoenix", "mar-chaff-1"),
        field=("jan-chaff-1", "feb-chaff-1"),
        mine=("dec-chaff-1", "dec-chaff-2", "jun-chaff-1", "jun-chaff-2"),
        theirs=("dec-chaff-3", "oct-chaff-1", "oct-chaff-2"),
    )
    legal = actions("play dec-phoenix", "play mar-chaff-1")
    scores = GreedyBot(0).score_moves(view, legal)
    # Discarding the phoenix costs only what we give up ourselves; it is never the opponent's.
    assert scores[0] == pytest.approx(
        -0.4 * (
            YakuEvaluator(view.rules).potential(mask("dec-phoenix", "dec-chaff-1", "dec-chaff-2",
                                                     "jun-chaff-1", "jun-chaff-2"),
                                                mask("dec-chaff-3", "oct-chaff-1", "oct-chaff-2"))
            - YakuEvaluator(view.rules).potential(mask("dec-chaff-1", "dec-chaff-2",
                                                       "jun-chaff-1", "jun-chaff-2"),
                                                  mask("dec-chaff-3", "oct-chaff-1",
                                                       "oct-chaff-2"))
        )
    )


# ------------------------------------------------------------------------- koi-koi
TANE = ("feb-warbler", "apr-cuckoo", "may-bridge", "aug-geese", "nov-swallow")
TANE_PARTNERS = ("feb-chaff-1", "apr-chaff-1", "may-chaff-1", "aug-chaff-1", "nov-lightning")
DECIDE = actions("koikoi", "stop")


def test_it_calls_koikoi_when_the_opponent_is_far_from_any_yaku() -> None:
    view = make_view(
        hand=("jan-chaff-1", "mar-chaff-1", "jun-chaff-1", "jul-chaff-1", "oct-chaff-1"),
        field=FILLER_FIELD, mine=(*TANE, *TANE_PARTNERS), theirs=("dec-chaff-2", "dec-chaff-3"),
        phase=Phase.DECIDE,
    )
    assert str(GreedyBot(0).act(view, DECIDE)) == "koikoi"


def test_it_stops_when_the_opponent_is_one_card_from_a_yaku() -> None:
    view = make_view(
        hand=("jan-chaff-1", "mar-chaff-1", "jun-chaff-1", "jul-chaff-1", "oct-chaff-1"),
        field=FILLER_FIELD, mine=(*TANE, *TANE_PARTNERS),
        theirs=("jan-crane", "jan-chaff-2", "dec-phoenix", "dec-chaff-2"),
        phase=Phase.DECIDE,
    )
    assert str(GreedyBot(0).act(view, DECIDE)) == "stop"


def test_it_stops_with_few_cards_left() -> None:
    view = make_view(
        hand=("jan-chaff-1", "mar-chaff-1"),
        field=FILLER_FIELD, mine=(*TANE, *TANE_PARTNERS), theirs=("dec-chaff-2", "dec-chaff-3"),
        phase=Phase.DECIDE,
    )
    assert str(GreedyBot(0).act(view, DECIDE)) == "stop"


def test_it_banks_a_doubled_score() -> None:
    brights = ("jan-crane", "mar-curtain", "aug-moon", "dec-phoenix")
    partners = ("jan-chaff-1", "mar-chaff-1", "aug-chaff-1", "dec-chaff-1")
    view = make_view(
        hand=("feb-chaff-1", "apr-chaff-1", "jun-chaff-1", "jul-chaff-1", "oct-chaff-1"),
        field=("may-chaff-1",), mine=(*brights, *partners), theirs=("dec-chaff-2", "dec-chaff-3"),
        phase=Phase.DECIDE,
    )
    assert view.yaku[0].total == 8
    assert str(GreedyBot(0).act(view, DECIDE)) == "stop"


def test_in_the_last_round_it_plays_on_only_if_stopping_loses_the_match() -> None:
    common: dict[str, Any] = {
        "hand": ("jan-chaff-1", "mar-chaff-1"),
        "field": FILLER_FIELD,
        "mine": (*TANE, *TANE_PARTNERS),
        "theirs": ("jan-crane", "jan-chaff-2", "dec-phoenix", "dec-chaff-2"),
        "phase": Phase.DECIDE,
        "round_number": 12,
    }
    behind = make_view(**common, scores=(10, 30))
    ahead = make_view(**common, scores=(30, 10))
    assert str(GreedyBot(0).act(behind, DECIDE)) == "koikoi"
    assert str(GreedyBot(0).act(ahead, DECIDE)) == "stop"


# ---------------------------------------------------------------------- evaluation
def test_potential_rises_toward_a_yaku_and_a_dead_yaku_is_worth_nothing() -> None:
    evaluator = YakuEvaluator(KoiKoiRules())
    one = evaluator.potential(mask("jan-crane"), 0)
    two = evaluator.potential(mask("jan-crane", "mar-curtain"), 0)
    three = evaluator.potential(mask("jan-crane", "mar-curtain", "aug-moon"), 0)
    assert 0 < one < two < three
    assert three - two > two - one  # the card that completes a yaku is worth the most
    alive = evaluator.potential(mask("jul-boar", "oct-deer"), 0)
    dead = evaluator.potential(mask("jul-boar", "oct-deer"), mask("jun-butterflies"))
    assert dead < alive


@pytest.mark.parametrize(
    ("mine", "theirs", "needed"),
    [
        (("jan-crane", "mar-curtain"), (), 1),  # Sankō
        # Ino-shika-chō is dead and Tane 3 away, but a viewing yaku is two cards away.
        (("jul-boar", "oct-deer"), ("jun-butterflies",), 2),
        (("jan-ribbon", "feb-ribbon", "mar-ribbon"), (), 1),  # Akatan formed: a 4th ribbon
        (("mar-curtain",), (), 1),  # Hanami-zake: the sake cup
        ((), (), 2),  # two cards form a viewing yaku
        (("jul-boar", "oct-deer", "jun-butterflies"), (), 1),  # a 4th animal raises it
        (("jan-crane", "mar-curtain", "aug-moon", "dec-phoenix", "nov-rain-man"), (), 1),
    ],
)
def test_cards_needed_known_answers(
    mine: tuple[str, ...], theirs: tuple[str, ...], needed: int
) -> None:
    assert YakuEvaluator(KoiKoiRules()).cards_needed(mask(*mine), mask(*theirs)) == needed


def test_viewing_yaku_off_are_not_planned_for() -> None:
    evaluator = YakuEvaluator(make_rules("nintendo", viewing_yaku=False))
    assert evaluator.cards_needed(mask("mar-curtain"), 0) > 1
    on = YakuEvaluator(KoiKoiRules()).potential(mask("mar-curtain", "sep-sake-cup"), 0)
    off = evaluator.potential(mask("mar-curtain", "sep-sake-cup"), 0)
    assert off < on


def test_the_evaluation_follows_the_rules_not_nintendos_values() -> None:
    nintendo, ai = YakuEvaluator(KoiKoiRules()), YakuEvaluator(GAME.presets["koikoi-ai"])
    # Viewing yaku pay 1 under koikoi-ai (3 after one's own koi-koi), 5 under nintendo.
    viewing = mask("mar-curtain", "sep-sake-cup")
    assert ai.potential(viewing, 0) < ai.potential(viewing, 0, called=True)
    assert ai.potential(viewing, 0, called=True) < nintendo.potential(viewing, 0)
    # The six poetry and blue ribbons: Akatan-Aotan pays 10 on top of Akatan and Aotan there
    # (a formed target of its own); here it pays what its parts do, so it adds nothing.
    six = mask("jan-ribbon", "feb-ribbon", "mar-ribbon", "jun-ribbon", "sep-ribbon",
               "oct-ribbon")
    assert ai.potential(six, 0) - nintendo.potential(six, 0) == pytest.approx(
        10 + COMPLETION_BONUS
    )
    # A fixed Ino-shika-chō does not rise with a 4th animal: Tane is two animals away.
    dead_viewing = mask("mar-curtain", "aug-moon")
    boar_deer_butterflies = mask("jul-boar", "oct-deer", "jun-butterflies")
    assert nintendo.cards_needed(boar_deer_butterflies, dead_viewing) == 1
    assert ai.cards_needed(boar_deer_butterflies, dead_viewing) == 2


def test_with_banks_it_stops_when_that_empties_the_opponents_bank_and_wins() -> None:
    common: dict[str, Any] = {
        "hand": ("jan-chaff-1", "mar-chaff-1", "jun-chaff-1", "jul-chaff-1", "oct-chaff-1"),
        "field": FILLER_FIELD, "mine": (*TANE, *TANE_PARTNERS),
        "theirs": ("dec-chaff-2", "dec-chaff-3"), "phase": Phase.DECIDE,
        "rules": GAME.presets["koikoi-ai"],
    }
    assert str(GreedyBot(0).act(make_view(**common, scores=(30, 30)), DECIDE)) == "koikoi"
    # Tane 1: the opponent's bank of 1 runs empty, which ends the match with a win.
    assert str(GreedyBot(0).act(make_view(**common, scores=(59, 1)), DECIDE)) == "stop"
    # The last round: a stop of 1 moves both banks, 29/31 -> 30/30 (a draw): play on;
    # 30/30 -> 31/29 wins: stop.
    last = {**common, "round_number": 8}
    assert str(GreedyBot(0).act(make_view(**last, scores=(29, 31)), DECIDE)) == "koikoi"
    assert str(GreedyBot(0).act(make_view(**last, scores=(30, 30)), DECIDE)) == "stop"


# ------------------------------------------------------------------ bots as agents
def test_the_bot_table_offers_random_and_greedy() -> None:
    assert set(BOTS) == {"random", "greedy"}
    assert set(GAME.bots) >= {"random", "greedy"}


def test_the_greedy_bot_decides_on_the_view_alone(dealt: Callable[..., KoiKoiState]) -> None:
    # Same hands and field, different stock: the same first move.
    hands = (
        ("jan-crane", "feb-chaff-1", "mar-chaff-1", "apr-chaff-1",
         "may-chaff-1", "jun-chaff-1", "jul-chaff-1", "sep-chaff-1"),
        ("jan-chaff-1", "feb-warbler", "mar-curtain", "apr-cuckoo",
         "may-bridge", "jun-butterflies", "jul-boar", "oct-deer"),
    )
    field = ("jan-ribbon", "sep-sake-cup", "aug-moon", "aug-geese",
             "oct-chaff-1", "nov-swallow", "dec-phoenix", "dec-chaff-1")
    first = dealt(*hands, field, stock=("nov-rain-man", "dec-chaff-2"))
    second = dealt(*hands, field, stock=("dec-chaff-2", "aug-chaff-1"))
    assert first.view(0) == second.view(0)
    assert first.stock != second.stock
    move = GreedyBot(5).act(first.view(0), first.legal_actions())
    assert GreedyBot(5).act(second.view(0), second.legal_actions()) == move
    assert str(move) == "play sep-chaff-1"


def test_the_same_seed_plays_the_same_match() -> None:
    records = []
    for _ in range(2):
        state = GAME.new_game(2, 11, preset="online")
        records.append(play(state, [GreedyBot(3), GreedyBot(4)]).to_json())
    assert records[0] == records[1]


def win_rate(preset: str, matches: int) -> float:
    wins = 0
    for index in range(matches):
        state = KoiKoiState.new(GAME.presets[preset], players=2, seed=10_000 + index)
        greedy_seat = index % 2  # seats alternate, so the dealer draw favours nobody
        agents: list[Agent] = [RandomAgent(index), RandomAgent(index)]
        agents[greedy_seat] = GreedyBot(index)
        play(state, agents)
        scores = state.scores()
        wins += scores[greedy_seat] > scores[1 - greedy_seat]
    return wins / matches


@pytest.mark.parametrize(("preset", "matches"), [("nintendo", 1000), ("online", 150),
                                                  ("traditional", 100), ("koikoi-ai", 150)])
def test_greedy_beats_random_in_at_least_80_percent_of_matches(preset: str, matches: int) -> None:
    assert win_rate(preset, matches) >= 0.8


@pytest.mark.parametrize("preset", sorted(GAME.conformance_options))
def test_the_greedy_bot_plays_every_preset_to_the_end(preset: str) -> None:
    # The loop refuses an illegal choice, so a finished match means every choice was legal.
    rules = GAME.conformance_options[preset]
    state = GAME.new_game(2, 77, options=rules)
    record = play(state, [GreedyBot(1), GreedyBot(2)])
    played = len(state.round_results)
    # Every round is played, unless banks are on and one ran empty (that ends it at once).
    emptied = rules.banks and min(state.scores()) <= 0
    assert played == rules.rounds or (emptied and played < rules.rounds)
    assert GAME.replay(record) == state


def _potential_target_by_target(targets: Any, mine: int, theirs: int) -> float:
    """The potential as the module docstring defines it, summed in a plain loop: each single
    target's worth, then each group's best."""
    total = 0.0
    for single in targets.singles:
        total += single_value(single, mine, theirs)
    for group in targets.groups:
        total += group_value(group, mine, theirs)
    return total


@pytest.mark.parametrize("preset", ["nintendo", "traditional", "koikoi-ai"])
def test_a_gain_is_the_same_float_as_the_whole_potential_found_again(preset: str) -> None:
    # The bot re-values only the targets the added cards touch and remembers values: its
    # choices stay the same only if every gain is bit for bit what a full count gives.
    evaluator = evaluator_for(make_rules(preset))
    rng = random.Random(preset)
    for _ in range(400):
        cards = rng.sample(range(48), rng.randrange(2, 30))
        split = rng.randrange(len(cards) + 1)
        mine = sum(1 << c for c in cards[:split])
        theirs = sum(1 << c for c in cards[split:])
        free = [c for c in range(48) if c not in cards]
        added = sum(1 << c for c in rng.sample(free, rng.randrange(1, 5)))
        targets = evaluator.targets(rng.random() < 0.5, rng.randrange(1, 13))
        gain = Gain(targets, mine, theirs)
        before = _potential_target_by_target(targets, mine, theirs)
        after = _potential_target_by_target(targets, mine | added, theirs)
        assert gain.now == before
        assert gain(added) == after - before
