"""Preset ``koikoi-ai`` (the KoiKoi-AI research engine): the rules file's worked examples and
short match, and each of its rules as an option of its own."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.errors import OptionsError
from cardgames.koikoi import (
    GAME,
    PRESETS,
    DealerChosen,
    DrawnRound,
    FirstDealer,
    KoiKoiDecision,
    KoiKoiPenalty,
    KoiKoiQuestion,
    KoiKoiRules,
    KoiKoiState,
    LuckyHandKind,
    LuckyHands,
    MatchEnd,
    MatchEnded,
    Redealt,
    RoundEnd,
    RoundEnded,
    YakuFormed,
    deal_order,
    make_rules,
    round_points,
    score_yaku,
    yaku_progress,
)

ROOT = Path(__file__).resolve().parents[2]
AI = PRESETS["koikoi-ai"]


# ------------------------------------------------------------------------- the preset
def test_the_preset_is_nintendo_with_exactly_the_rules_files_changes() -> None:
    assert AI.differences(PRESETS["nintendo"]) == {
        "rounds": (8, 12),
        "banks": (True, False),
        "first_dealer": ("random", "draw"),
        "viewing_yaku_points": (1, 5),
        "viewing_koikoi_bonus": (2, 0),
        "set_yaku_stack": (True, False),
        "double_at_7": (False, True),
        "koikoi_penalty": ("none", "double"),
        "own_koikoi_bonus": (True, False),
        "max_koikoi_calls": (None, 1),
        "koikoi_question": ("total-raised", "yaku-raised"),
        "drawn_round": ("dealer", "nobody"),
        "oya_ken_points": (1, 6),
        "lucky_hands": ("redeal", "points"),
        "kuttsuki": (False, True),
    }
    assert AI.starting_bank == 30
    assert AI.teshi
    assert AI.redeal_four_on_field
    assert AI.sake_cup_as_chaff
    assert not AI.koikoi_with_empty_hand  # the forced stop on an empty hand, as everywhere
    assert AI.first_dealer is FirstDealer.RANDOM
    assert AI.koikoi_question is KoiKoiQuestion.TOTAL_RAISED
    assert AI.koikoi_penalty is KoiKoiPenalty.NONE


def test_the_docs_differences_table_is_the_presets() -> None:
    page = (ROOT / "docs" / "games" / "koikoi.md").read_text(encoding="utf-8")
    section = page.split("## Preset `koikoi-ai`", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if re.match(r"\|\s*`[a-z_0-9]+`\s*\|", line)
    ]
    nintendo, ai = PRESETS["nintendo"].to_dict(), AI.to_dict()

    def shown(value: object) -> str:
        if value is None:
            return "unlimited"
        return ("on" if value else "off") if isinstance(value, bool) else str(value)

    assert [row[0] for row in rows] == list(AI.differences(PRESETS["nintendo"]))
    for option, before, after, _meaning in rows:
        assert (before, after) == (shown(nintendo[option]), shown(ai[option])), option


# -------------------------------------------------------------- the worked examples
BOAR_DEER_BUTTERFLIES = "jul-boar oct-deer jun-butterflies"
POETRY = "jan-ribbon feb-ribbon mar-ribbon"
BLUE = "jun-ribbon sep-ribbon oct-ribbon"
LIGHTS_AND_VIEWING = "jan-crane mar-curtain aug-moon sep-sake-cup"
NINE_CHAFF_AND_SAKE_CUP = (
    "jan-chaff-1 jan-chaff-2 feb-chaff-1 feb-chaff-2 mar-chaff-1 mar-chaff-2 apr-chaff-1 "
    "apr-chaff-2 may-chaff-1 sep-sake-cup"
)
WORKED_EXAMPLES = [
    # (pile, own koi-koi calls, points of a stop under koikoi-ai, nintendo's yaku sum)
    (f"{BOAR_DEER_BUTTERFLIES} apr-cuckoo aug-geese", 0, 6, 7),
    (f"{BOAR_DEER_BUTTERFLIES} apr-cuckoo", 0, 5, 6),
    (f"{POETRY} apr-ribbon may-ribbon", 0, 6, 7),
    (f"{POETRY} {BLUE}", 0, 22, 10),
    (f"{POETRY} {BLUE} jul-ribbon", 0, 23, 11),
    ("mar-curtain sep-sake-cup", 0, 1, 5),
    ("mar-curtain sep-sake-cup", 1, 4, 5),
    (LIGHTS_AND_VIEWING, 0, 7, 15),
    (LIGHTS_AND_VIEWING, 1, 12, 15),
    (LIGHTS_AND_VIEWING, 2, 13, 15),
    (LIGHTS_AND_VIEWING, 4, 22, 15),
    (LIGHTS_AND_VIEWING, 5, 33, 15),
    ("jan-crane aug-moon nov-rain-man", 0, 0, 0),
    ("jan-crane aug-moon nov-rain-man dec-phoenix", 0, 7, 7),
    (NINE_CHAFF_AND_SAKE_CUP, 3, 4, 1),
    (NINE_CHAFF_AND_SAKE_CUP, 4, 2, 1),
    ("jan-crane mar-curtain aug-moon nov-rain-man dec-phoenix", 2, 12, 10),
]


def stop_points(pile: str, calls: int, rules: KoiKoiRules | str = "koikoi-ai") -> int:
    """What a stop with `pile` after `calls` own koi-koi calls scores."""
    yaku = score_yaku(pile, rules, koikoi_called=calls > 0)
    return round_points(yaku.total, rules, winner_calls=calls).points


@pytest.mark.parametrize(("pile", "calls", "points", "nintendo"), WORKED_EXAMPLES)
def test_a_worked_example_of_the_rules_file(
    pile: str, calls: int, points: int, nintendo: int
) -> None:
    assert stop_points(pile, calls) == points
    assert score_yaku(pile).total == nintendo


def test_the_worked_examples_yaku_by_yaku() -> None:
    def yaku(pile: str, called: bool = False) -> dict[str, int]:
        return {y.name: y.points for y in score_yaku(pile, AI, koikoi_called=called).yaku}

    assert yaku(f"{BOAR_DEER_BUTTERFLIES} apr-cuckoo aug-geese") == {
        "Ino-shika-chō": 5, "Tane": 1,
    }
    assert yaku(f"{POETRY} {BLUE}") == {
        "Akatan-Aotan": 10, "Akatan": 5, "Aotan": 5, "Tanzaku": 2,
    }
    assert yaku(LIGHTS_AND_VIEWING) == {"Sankō": 5, "Hanami-zake": 1, "Tsukimi-zake": 1}
    assert yaku(LIGHTS_AND_VIEWING, called=True) == {
        "Sankō": 5, "Hanami-zake": 3, "Tsukimi-zake": 3,
    }
    assert yaku(NINE_CHAFF_AND_SAKE_CUP) == {"Kasu": 1}
    # The bonus of own calls: +n up to 3, ×(n − 2) from 4 (so a 4th call can lower them);
    # the opponent's calls change nothing.
    assert str(round_points(1, AI, winner_calls=3)) == "1 +3 (3 own koi-koi calls) = 4"
    assert str(round_points(1, AI, winner_calls=4)) == "1 ×2 (4 own koi-koi calls) = 2"
    assert round_points(7, AI, winner_calls=0, loser_calls=3).points == 7
    assert round_points(0, AI, winner_calls=2).points == 0  # no yaku, no stop


def test_the_docs_worked_examples_table_is_the_scorers() -> None:
    page = (ROOT / "docs" / "games" / "koikoi.md").read_text(encoding="utf-8")
    section = page.split("## Preset `koikoi-ai`", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if re.match(r"\|\s*[a-z]{3}-", line)
    ]
    assert [(p, int(c), int(a), int(n)) for p, c, a, n in rows] == [
        (pile, calls, points, nintendo) for pile, calls, points, nintendo in WORKED_EXAMPLES
    ]


# ------------------------------------------------------------------ dealt matches
Deal = tuple[Sequence[str], Sequence[str], Sequence[str], Sequence[str]]
"""Dealer's hand, the other hand, the field, the first stock cards (top first)."""


def ai_match(dealer: int, *deals: Deal, **overrides: object) -> KoiKoiState:
    """A koikoi-ai match whose first dealer is seat `dealer` and whose rounds are dealt from
    `deals` (the seat naming the dealer needs no dealer draw in the deck)."""
    rules = make_rules("koikoi-ai", first_dealer=str(dealer + 1), **overrides)
    deck = [card for deal in deals for card in deal_order(*deal)]
    return KoiKoiState.new(rules, players=2, deck=deck)


def play(state: KoiKoiState, *moves: str) -> list[object]:
    events: list[object] = []
    for move in moves:
        events += state.apply_text(move)
    return events


# P1 deals; P2 takes boar, cuckoo and deer, then butterflies and geese in one turn: its total
# rises from 0 to Ino-shika-chō 5 + Tane 1 = 6, it is asked, and it stops with 6.
P2_WINS_6_P1_DEALS: Deal = (
    ["mar-chaff-2", "dec-chaff-2", "nov-ribbon", "jan-crane", "feb-ribbon", "may-bridge",
     "sep-ribbon", "oct-ribbon"],
    ["jul-chaff-1", "oct-chaff-1", "jun-chaff-1", "mar-curtain", "aug-moon", "nov-swallow",
     "dec-phoenix", "jan-ribbon"],
    ["jul-boar", "oct-deer", "apr-cuckoo", "jun-butterflies", "aug-geese", "mar-chaff-1",
     "dec-chaff-1", "nov-lightning"],
    ["jan-chaff-1", "apr-chaff-1", "feb-chaff-1", "may-chaff-1", "sep-chaff-1", "aug-chaff-1"],
)
P2_WINS_6_P1_DEALS_MOVES = (
    "play mar-chaff-2", "play jul-chaff-1", "play dec-chaff-2", "play oct-chaff-1",
    "play nov-ribbon", "play jun-chaff-1", "stop",
)


def p2_deals(deal: Deal) -> Deal:
    """The same cards with P2 dealing: P2 holds its hand as the dealer's and moves first, so
    each pair of stock cards is turned over in the other order."""
    p1_hand, p2_hand, field, stock = deal
    swapped = [card for i in range(0, len(stock), 2) for card in reversed(stock[i : i + 2])]
    return p2_hand, p1_hand, field, swapped


P2_WINS_6_P2_DEALS = p2_deals(P2_WINS_6_P1_DEALS)
P2_WINS_6_P2_DEALS_MOVES = (
    "play jul-chaff-1", "play mar-chaff-2", "play oct-chaff-1", "play dec-chaff-2",
    "play jun-chaff-1", "stop",
)
# As above, and P2's second stock card takes the warbler too: 6 animals, 5 + Tane 2 = 7.
P2_WINS_7_P2_DEALS: Deal = (
    P2_WINS_6_P2_DEALS[0],
    P2_WINS_6_P2_DEALS[1],
    ["jul-boar", "oct-deer", "apr-cuckoo", "jun-butterflies", "aug-geese", "mar-chaff-1",
     "feb-warbler", "nov-lightning"],
    ["apr-chaff-1", "jan-chaff-1", "feb-chaff-1", "may-chaff-1", "aug-chaff-1", "sep-chaff-1"],
)
P2_WINS_7_P2_DEALS_MOVES = (
    "play jul-chaff-1", "play mar-chaff-2", "play oct-chaff-1", "play nov-ribbon",
    "play jun-chaff-1", "stop",
)
# P2 deals; playing each hand's first legal move, nobody forms a yaku in all 16 turns.
EXHAUSTED_P2_DEALS: Deal = (
    ["mar-chaff-1", "oct-ribbon", "apr-ribbon", "feb-ribbon", "may-ribbon", "oct-deer",
     "mar-curtain", "nov-swallow"],
    ["sep-chaff-1", "jul-boar", "oct-chaff-1", "mar-chaff-2", "jun-butterflies", "apr-cuckoo",
     "sep-sake-cup", "aug-geese"],
    ["jan-chaff-1", "jun-chaff-1", "jan-ribbon", "feb-chaff-1", "jan-chaff-2", "jul-chaff-2",
     "feb-warbler", "oct-chaff-2"],
    ["feb-chaff-2", "jul-ribbon", "sep-chaff-2", "aug-chaff-2", "sep-ribbon", "dec-chaff-3",
     "dec-chaff-1", "mar-ribbon", "jun-ribbon", "may-chaff-2", "dec-phoenix", "nov-rain-man",
     "nov-ribbon", "apr-chaff-2", "may-bridge", "nov-lightning"],
)
# P2 deals; P1 takes crane, curtain, moon (Three lights 5: koi-koi), the phoenix (Four lights
# 8: koi-koi again) and the rain man (Five lights 10): a stop after 2 calls scores 12.
P1_FIVE_LIGHTS_P2_DEALS: Deal = (
    ["feb-chaff-1", "apr-chaff-1", "may-chaff-1", "jun-chaff-1", "jul-chaff-1", "feb-chaff-2",
     "apr-chaff-2", "may-chaff-2"],
    ["jan-chaff-1", "mar-chaff-1", "aug-chaff-1", "dec-chaff-1", "nov-lightning", "sep-chaff-1",
     "oct-chaff-1", "jul-ribbon"],
    ["jan-crane", "mar-curtain", "aug-moon", "dec-phoenix", "nov-rain-man", "feb-warbler",
     "apr-cuckoo", "may-bridge"],
    ["sep-ribbon", "oct-ribbon", "jun-ribbon", "jan-ribbon", "sep-chaff-2", "mar-ribbon",
     "jun-chaff-2", "dec-chaff-2", "jul-chaff-2", "oct-chaff-2"],
)
P1_FIVE_LIGHTS_MOVES = (
    "play feb-chaff-1", "play jan-chaff-1", "play apr-chaff-1", "play mar-chaff-1",
    "play may-chaff-1", "play aug-chaff-1", "koikoi", "play jun-chaff-1", "play dec-chaff-1",
    "koikoi", "play jul-chaff-1", "play nov-lightning", "stop",
)


def banks_after(state: KoiKoiState) -> list[tuple[int, int]]:
    """The banks after each round, as the RoundEnded events told them."""
    return [
        event.totals
        for move in state.view(0).history
        for event in move.events
        if isinstance(event, RoundEnded)
    ]


def play_first_moves_to_the_round_end(state: KoiKoiState) -> list[object]:
    rounds = len(state.round_results)
    events: list[object] = []
    while len(state.round_results) == rounds:
        events += state.apply(state.legal_actions()[0])
    return events


def test_the_short_match_of_the_rules_file() -> None:
    state = ai_match(0, P2_WINS_6_P1_DEALS, EXHAUSTED_P2_DEALS, P1_FIVE_LIGHTS_P2_DEALS)
    assert state.dealer == 0
    assert state.scores() == [30, 30]
    # Round 1: P2 stops with 6 -> 24/36, P2 deals.
    events = play(state, *P2_WINS_6_P1_DEALS_MOVES[:-1])
    formed = [e for e in events if isinstance(e, YakuFormed)]
    assert [(e.seat, e.score.total) for e in formed] == [(1, 6)]  # asked once, at 0 -> 6
    play(state, "stop")
    first = state.round_results[0]
    assert (first.winner, first.end, first.score) == (1, RoundEnd.STOP, (0, 6))
    assert state.scores() == [24, 36]
    assert state.dealer == 1
    # Round 2 is exhausted: the dealer P2 takes 1 -> 23/37 and deals again.
    events = play_first_moves_to_the_round_end(state)
    assert not any(isinstance(e, YakuFormed) for e in events)
    second = state.round_results[1]
    assert (second.dealer, second.winner, second.end) == (1, 1, RoundEnd.DEALERS_PRIVILEGE)
    assert second.score == (0, 1)
    assert state.scores() == [23, 37]
    assert state.dealer == 1
    # Round 3: P1 calls koi-koi twice and stops with all five brights: 10 + 2 = 12 -> 35/25.
    events = play(state, *P1_FIVE_LIGHTS_MOVES)
    third = state.round_results[2]
    assert third.koikoi_calls == (2, 0)
    assert third.yaku is not None
    assert third.points is not None
    assert [(y.name, y.points) for y in third.yaku.yaku] == [("Goko", 10)]
    assert str(third.points) == "10 +2 (2 own koi-koi calls) = 12"
    assert state.scores() == [35, 25]
    assert banks_after(state) == [(24, 36), (23, 37), (35, 25)]
    assert all(sum(banks) == 60 for banks in banks_after(state))
    assert not state.is_over
    assert GAME.replay(state.record()) == state


def test_a_bank_at_0_or_below_ends_the_match_at_once() -> None:
    state = ai_match(
        0, P2_WINS_6_P1_DEALS, P2_WINS_6_P2_DEALS, P2_WINS_7_P2_DEALS, P2_WINS_7_P2_DEALS,
        P2_WINS_6_P2_DEALS,
    )
    play(state, *P2_WINS_6_P1_DEALS_MOVES)
    play(state, *P2_WINS_6_P2_DEALS_MOVES)
    play(state, *P2_WINS_7_P2_DEALS_MOVES)
    play(state, *P2_WINS_7_P2_DEALS_MOVES)
    assert state.scores() == [4, 56]
    assert not state.is_over
    events = play(state, *P2_WINS_6_P2_DEALS_MOVES)
    # Banks at 4/56, P2 wins 6 -> -2/62: the match ends at once, P2 wins.
    assert state.scores() == [-2, 62]
    assert state.is_over
    assert len(state.round_results) == 5 < AI.rounds
    assert state.winner() == 1
    ended = events[-1]
    assert ended == MatchEnded((-2, 62), 1, MatchEnd.BANK_EMPTY, banks=True)
    assert state.match_end == ended
    assert str(ended) == "P2 wins the match -2/62 (P1's bank is empty)"
    assert state.outcome_text() == "P2 wins, banks 62 to -2"
    assert banks_after(state) == [(24, 36), (18, 42), (11, 49), (4, 56), (-2, 62)]
    state.check_invariants()


def test_a_4th_animal_after_ino_shika_cho_asks_nothing_under_koikoi_ai() -> None:
    # P2 forms Ino-shika-chō (5) and calls koi-koi; in a later turn it takes the cuckoo: a 4th
    # animal, which raises nintendo's Ino-shika-chō to 6 but leaves koikoi-ai's total at 5.
    dealer = ["mar-chaff-2", "dec-chaff-2", "nov-ribbon", "jan-crane", "feb-ribbon",
              "may-bridge", "sep-ribbon", "oct-ribbon"]
    other = ["jul-chaff-1", "oct-chaff-1", "jun-chaff-1", "apr-chaff-1", "aug-moon",
             "nov-swallow", "dec-phoenix", "jan-ribbon"]
    field = ["jul-boar", "oct-deer", "apr-cuckoo", "jun-butterflies", "aug-chaff-2",
             "mar-chaff-1", "dec-chaff-1", "nov-lightning"]
    stock = ["jan-chaff-1", "feb-chaff-1", "sep-chaff-1", "may-chaff-1", "sep-chaff-2",
             "aug-chaff-1", "jan-chaff-2", "feb-chaff-2"]
    moves = ["play mar-chaff-2", "play jul-chaff-1", "play dec-chaff-2", "play oct-chaff-1",
             "play nov-ribbon", "play jun-chaff-1"]
    asked = {}
    for preset in ("nintendo", "koikoi-ai"):
        rules = make_rules(preset, first_dealer="1", max_koikoi_calls="unlimited")
        state = KoiKoiState.new(rules, players=2, deck=deal_order(dealer, other, field, stock))
        events = play(state, *moves)
        formed = [e for e in events if isinstance(e, YakuFormed)]
        assert [(e.seat, e.score.total) for e in formed] == [(1, 5)]
        play(state, "koikoi", "play jan-crane")
        events = play(state, "play apr-chaff-1")  # takes the cuckoo
        assert [c.code for c in state.pile(1)].count("apr-cuckoo") == 1
        asked[preset] = [e.score.total for e in events if isinstance(e, YakuFormed)]
    assert asked == {"nintendo": [6], "koikoi-ai": []}


def test_viewing_yaku_pay_3_once_their_owner_has_called_koikoi() -> None:
    # P1 forms Hanami-zake (1), calls koi-koi (it now pays 3), then Tsukimi-zake: the total
    # rises from 3 to 6, and a stop scores 6 + 1 call = 7.
    dealer = ["mar-chaff-1", "sep-chaff-1", "aug-chaff-1", "jan-ribbon", "feb-ribbon",
              "may-bridge", "oct-ribbon", "dec-chaff-2"]
    other = ["jul-chaff-1", "oct-chaff-1", "jun-chaff-1", "apr-chaff-1", "nov-swallow",
             "dec-phoenix", "jan-crane", "nov-ribbon"]
    field = ["mar-curtain", "sep-sake-cup", "aug-moon", "jul-boar", "oct-deer", "jun-ribbon",
             "apr-ribbon", "feb-warbler"]
    stock = ["jan-chaff-1", "may-chaff-1", "dec-chaff-1", "jan-chaff-2", "dec-chaff-3",
             "may-chaff-2"]
    state = KoiKoiState.new(
        make_rules("koikoi-ai", first_dealer="1"),
        players=2,
        deck=deal_order(dealer, other, field, stock),
    )
    play(state, "play mar-chaff-1", "play jul-chaff-1")
    events = play(state, "play sep-chaff-1")
    assert [str(e) for e in events if isinstance(e, YakuFormed)] == [
        "P1 has Hanami-zake 1 = 1: koi-koi or stop?"
    ]
    play(state, "koikoi")
    assert state.yaku(0).total == 3
    play(state, "play oct-chaff-1")
    events = play(state, "play aug-chaff-1")
    assert [str(e) for e in events if isinstance(e, YakuFormed)] == [
        "P1 has Hanami-zake 3, Tsukimi-zake 3 = 6: koi-koi or stop?"
    ]
    pending = state.pending
    assert isinstance(pending, KoiKoiDecision)
    assert str(pending.stop_points) == "6 +1 (1 own koi-koi call) = 7"
    play(state, "stop")
    assert state.scores() == [37, 23]


# ---------------------------------------------------------- each rule on its own
def test_first_dealer_draw_random_or_a_named_seat() -> None:
    random_dealers = set()
    for seed in range(20):
        state = KoiKoiState.new(make_rules(first_dealer="random"), players=2, seed=seed)
        chosen = state.start_events[0]
        assert isinstance(chosen, DealerChosen)
        assert chosen.draws == ()
        assert chosen.chosen_by is FirstDealer.RANDOM
        assert str(chosen) == f"P{chosen.dealer + 1} deals first (chosen at random)"
        assert state == KoiKoiState.new(make_rules(first_dealer="random"), players=2, seed=seed)
        random_dealers.add(chosen.dealer)
    assert random_dealers == {0, 1}
    for seat, value in ((0, "1"), (1, "2"), (1, 2)):
        state = KoiKoiState.new(make_rules(first_dealer=value), players=2, seed=5)
        assert state.dealer == seat
        assert str(state.start_events[0]) == f"P{seat + 1} deals first (named by the rules)"
    assert KoiKoiState.new(KoiKoiRules(), players=2, seed=5).start_events[0].draws  # type: ignore[attr-defined]  # the draw


def test_an_explicit_deck_lists_a_dealer_draw_only_when_the_dealer_is_drawn_for() -> None:
    order = deal_order(*P2_WINS_6_P1_DEALS)
    with pytest.raises(OptionsError, match="with first_dealer=random an explicit Koi-Koi deck "
                       "lists only whole 48-card deals, no dealer draw \\(got 50 cards\\)"):
        KoiKoiState.new(AI, players=2, deck=["jan-chaff-1", "dec-chaff-1", *order])
    with pytest.raises(OptionsError, match="lists the dealer draw"):
        KoiKoiState.new(KoiKoiRules(), players=2, deck=list(order))
    random_dealer = KoiKoiState.new(AI, players=2, deck=list(order))
    # Seeded from the deck's text:
    assert random_dealer == KoiKoiState.new(AI, players=2, deck=list(order))
    assert GAME.replay(random_dealer.record()) == random_dealer


def test_which_lucky_hands_redeal_or_play_on_each_separately() -> None:
    teshi = ["jan-crane", "jan-ribbon", "jan-chaff-1", "jan-chaff-2", "feb-warbler",
             "mar-curtain", "apr-cuckoo", "may-bridge"]
    kuttsuki = ["jan-crane", "jan-ribbon", "feb-warbler", "feb-ribbon", "mar-curtain",
                "mar-ribbon", "apr-cuckoo", "apr-ribbon"]
    other = ["may-ribbon", "jun-ribbon", "jul-ribbon", "aug-geese", "sep-ribbon",
             "oct-ribbon", "nov-ribbon", "dec-chaff-1"]
    field = ["may-chaff-1", "jun-chaff-1", "jul-chaff-1", "aug-chaff-1", "sep-chaff-1",
             "oct-chaff-1", "nov-lightning", "dec-chaff-2"]

    def start(hand: list[str], **overrides: object) -> KoiKoiState:
        # Seat 1 deals, so seat 0 holds `hand`; a re-deal shuffles from the deck's text.
        rules = make_rules(first_dealer="2", **overrides)
        return KoiKoiState.new(rules, players=2, deck=deal_order(other, hand, field))

    redeal: dict[str, object] = {"lucky_hands": "redeal"}
    assert start(teshi).round_results[0].lucky_hand is LuckyHandKind.TESHI
    assert start(kuttsuki).round_results[0].lucky_hand is LuckyHandKind.KUTTSUKI
    cases: list[tuple[list[str], dict[str, object], bool]] = [
        (teshi, redeal, True),
        (kuttsuki, redeal, True),
        (teshi, {**redeal, "kuttsuki": False}, True),  # koikoi-ai: teshi re-deals ...
        (kuttsuki, {**redeal, "kuttsuki": False}, False),  # ... four pairs play on
        (teshi, {**redeal, "teshi": False}, False),
        (teshi, {"teshi": False}, False),
        (kuttsuki, {"kuttsuki": False}, False),  # lucky_hands=points, kuttsuki off: play on
    ]
    for hand, overrides, redealt in cases:
        state = start(hand, **overrides)
        redeals = [e for e in state.start_events if isinstance(e, Redealt)]
        assert bool(redeals) == redealt, (hand, overrides)
        assert ({c.code for c in state.hand(0)} == set(hand)) != redealt
        assert not state.round_results  # nobody scores: the round is (re-dealt and) played
        assert state.scores() == [0, 0]


def test_a_drawn_round_with_the_same_dealer_dealing_again() -> None:
    seen = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = KoiKoiState.new(
            make_rules("online", drawn_round="same-dealer", rounds=6),
            players=2,
            seed=seed,
        )
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for result, following in itertools.pairwise(state.round_results):
            if result.end is RoundEnd.DRAWN:
                seen += 1
                assert result.winner is None
                assert result.score == (0, 0)
                assert following.dealer == result.dealer
            else:
                assert following.dealer == result.winner
    assert seen > 0
    assert DrawnRound("same-dealer") is DrawnRound.SAME_DEALER


def test_the_koikoi_ai_exhausted_round_pays_the_dealer_1_whatever_anyone_holds() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = KoiKoiState.new(AI, players=2, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for result in state.round_results:
            if result.end is RoundEnd.DEALERS_PRIVILEGE:
                assert result.winner == result.dealer
                assert result.score[result.dealer] == 1
            assert result.end is not RoundEnd.DRAWN
            assert result.end is not RoundEnd.LUCKY_HAND  # lucky hands re-deal silently


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), start=st.sampled_from([30, 30, 30, 5, 100]))
def test_the_banks_always_add_up_to_twice_the_starting_bank(seed: int, start: int) -> None:
    rules = make_rules("koikoi-ai", starting_bank=start)
    state = KoiKoiState.new(rules, players=2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        assert sum(state.scores()) == 2 * start
        assert min(state.scores()) > 0  # a bank at 0 or below would have ended the match
        legal = state.legal_actions()
        for event in state.apply(legal[rng.randrange(len(legal))]):
            if isinstance(event, RoundEnded):
                assert event.banks
                assert sum(event.totals) == 2 * start
    assert sum(state.scores()) == 2 * start
    bank_empty = min(state.scores()) <= 0
    assert len(state.round_results) == rules.rounds or bank_empty
    ended = state.match_end
    assert ended is not None
    assert ended.end is (MatchEnd.BANK_EMPTY if bank_empty else MatchEnd.ROUNDS)
    assert state.winner() == (None if len(set(state.scores())) == 1 else
                              state.scores().index(max(state.scores())))


def test_banks_change_no_points_only_where_they_go() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        with_banks = KoiKoiState.new(
            make_rules("nintendo", banks=True, starting_bank=1000), players=2, seed=seed
        )
        without = KoiKoiState.new(make_rules("nintendo"), players=2, seed=seed)
        while not without.is_over:
            legal = without.legal_actions()
            action = legal[rng.randrange(len(legal))]
            without.apply(action)
            with_banks.apply(action)
        assert with_banks.round_results == without.round_results
        won = without.scores()
        assert with_banks.scores() == [1000 + won[0] - won[1], 1000 + won[1] - won[0]]


def test_the_stacking_and_bonus_rules_combine_with_other_presets() -> None:
    rules = make_rules("nintendo", set_yaku_stack=True, own_koikoi_bonus=True)
    assert stop_points(f"{POETRY} {BLUE}", 0, rules) == 2 * 22  # stacked, doubled at 7
    assert stop_points(f"{POETRY} {BLUE}", 2, rules) == 2 * (22 + 2)
    assert round_points(22, rules, winner_calls=1, loser_calls=1).points == (22 + 1) * 2 * 2
    assert score_yaku("mar-curtain sep-sake-cup", make_rules(viewing_koikoi_bonus=2),
                      koikoi_called=True).total == 7


def test_total_raised_asks_only_when_a_stop_would_score_more() -> None:
    # Random koikoi-ai matches: every question follows a turn that raised the yaku sum (what
    # a stop scores rises with it), and every such turn asks (or forces the stop).
    for seed in range(15):
        rng = random.Random(seed)
        state = KoiKoiState.new(AI, players=2, seed=seed)
        before = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            if state.phase == "play":  # a turn begins: the total before its hand card
                before = state.yaku(seat).total
            round_number = state.round_number
            legal = state.legal_actions()
            events = state.apply(legal[rng.randrange(len(legal))])
            turn_done = any(getattr(e, "from_stock", False) for e in events)
            if not turn_done or state.round_number != round_number or state.is_over:
                continue
            formed = [e for e in events if isinstance(e, YakuFormed)]
            after = state.yaku(seat).total
            assert bool(formed) == (after > before), (seed, state.move_count)


def test_the_question_follows_the_total_not_a_single_yaku_when_they_differ() -> None:
    # Traditional scoring (the rain man spoils viewing yaku). P1 forms Tsukimi-zake (5) and
    # calls koi-koi, gathers four ribbons, then takes the rain man with a fifth: Tanzaku 1
    # forms, Tsukimi-zake is spoilt, the total falls from 5 to 1.
    dealer = ["aug-chaff-1", "sep-chaff-1", "jan-chaff-1", "apr-chaff-1", "nov-ribbon",
              "mar-chaff-1", "jun-chaff-1", "oct-chaff-1"]
    other = ["dec-chaff-2", "jul-chaff-1", "jul-chaff-2", "oct-ribbon", "dec-phoenix",
             "mar-curtain", "jan-crane", "feb-warbler"]
    field = ["aug-moon", "sep-sake-cup", "jan-ribbon", "feb-ribbon", "apr-ribbon",
             "may-ribbon", "nov-rain-man", "dec-chaff-1"]
    stock = ["jun-chaff-2", "oct-chaff-2", "dec-chaff-3", "mar-chaff-2", "feb-chaff-1",
             "sep-chaff-2", "may-chaff-1", "aug-chaff-2", "oct-deer"]
    asked = {}
    for question in KoiKoiQuestion:
        rules = make_rules("traditional", first_dealer="1", koikoi_question=question)
        state = KoiKoiState.new(rules, players=2, deck=deal_order(dealer, other, field, stock))
        events = play(state, "play aug-chaff-1", "play dec-chaff-2", "play sep-chaff-1")
        assert [e.score.total for e in events if isinstance(e, YakuFormed)] == [5]
        play(state, "koikoi", "play jul-chaff-1", "play jan-chaff-1", "play jul-chaff-2",
             "play apr-chaff-1", "play oct-ribbon")
        assert state.yaku(0).total == 5
        events = play(state, "play nov-ribbon")
        assert str(state.yaku(0)) == "Tanzaku 1 = 1"
        asked[question] = [str(e.score) for e in events if isinstance(e, YakuFormed)]
    assert asked == {
        KoiKoiQuestion.YAKU_RAISED: ["Tanzaku 1 = 1"],  # a yaku formed: asked
        KoiKoiQuestion.TOTAL_RAISED: [],  # a stop would score less than before: not asked
    }


def test_the_progress_hints_follow_the_stacking() -> None:
    pile = ["jan-ribbon", "feb-ribbon", "jun-ribbon"]
    # Where Akatan-Aotan replaces Akatan and Aotan, the closer Akatan hides it; where it is
    # paid on top of them (koikoi-ai), it is a yaku of its own to aim for.
    assert [str(p) for p in yaku_progress(pile, [], "nintendo")] == [
        "Akatan 2/3", "Aotan 1/3", "Tanzaku 3/5",
    ]
    assert [str(p) for p in yaku_progress(pile, [], AI)] == [
        "Akatan 2/3", "Aotan 1/3", "Tanzaku 3/5", "Akatan-Aotan 3/6",
    ]


# ------------------------------------------------------------ options as values
def test_the_new_options_are_settable_as_text_and_checked() -> None:
    rules = make_rules(
        "online", banks="on", starting_bank="40", first_dealer="2", viewing_koikoi_bonus="2",
        set_yaku_stack="yes", own_koikoi_bonus="on", koikoi_question="total-raised",
        drawn_round="same-dealer", teshi="off", kuttsuki="off",
    )
    assert rules.banks
    assert rules.starting_bank == 40
    assert rules.first_dealer is FirstDealer.SEAT_2
    assert rules.first_dealer_seat == 1
    assert rules.koikoi_question is KoiKoiQuestion.TOTAL_RAISED
    assert rules.drawn_round is DrawnRound.SAME_DEALER
    assert not rules.teshi
    assert not rules.kuttsuki
    assert KoiKoiRules.from_dict(rules.to_dict()) == rules
    assert rules.lucky_hands is LuckyHands.POINTS
    refused: list[tuple[dict[str, object], str]] = [
        ({"starting_bank": 0}, "'starting_bank' must be a whole number in 1..1000 (got 0)"),
        ({"first_dealer": "3"}, "'first_dealer' must be one of draw, random, 1, 2"),
        ({"koikoi_question": "always"}, "'koikoi_question' must be one of yaku-raised, "
                                        "total-raised"),
        ({"drawn_round": "again"}, "'drawn_round' must be one of nobody, dealer, same-dealer"),
        ({"viewing_koikoi_bonus": 11}, "'viewing_koikoi_bonus' must be a whole number in 0..10"),
        ({"banks": "maybe"}, "'banks' must be true or false"),
    ]
    for overrides, message in refused:
        with pytest.raises(OptionsError) as info:
            make_rules(**overrides)
        assert message in str(info.value)
