"""The Koi-Koi observation: what each slice holds, its bounds, and that hidden cards stay out."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import numpy as np
import pytest

from cardgames.koikoi import (
    GAME,
    YAKU,
    CaptureChoice,
    KoiKoiDecision,
    KoiKoiRules,
    KoiKoiState,
    Phase,
    deal_order,
    parse_card,
    score_yaku,
)
from cardgames.rl import koikoi
from cardgames.rl.layout import unsquash

LAYOUT = koikoi.LAYOUT
LOW, HIGH = LAYOUT.bounds()
YAKU_KEYS = [row.key for row in YAKU]

# Seat 0 draws the earlier month, so seat 0 deals. The hands hold no lucky hand and the
# field no month four times, so the deal stands.
DRAWS = ("jan-chaff-1", "dec-chaff-1")
DEALER_HAND = [f"{m}-chaff-2" for m in ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug")]
FIELD = [f"{m}-ribbon" for m in ("jan", "feb", "mar", "apr", "may", "jun", "jul", "sep")]


def dealt(opponent_hand: list[str]) -> KoiKoiState:
    deck = [*DRAWS, *deal_order(DEALER_HAND, opponent_hand, FIELD)]
    return KoiKoiState.new(KoiKoiRules(), players=2, deck=deck)


def random_positions(preset: str, seed: int, moves: int = 400) -> list[KoiKoiState]:
    state = GAME.new_game(seed=seed, options=GAME.conformance_options[preset])
    rng = random.Random(seed)
    positions = [state.clone()]
    while not state.is_over and len(positions) < moves:
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


def test_the_opponents_hand_and_the_stock_do_not_change_the_observation() -> None:
    # The same dealer hand and field; the opponent's hand (and so the stock) differ.
    first = dealt(["jan-crane", "feb-warbler", "mar-curtain", "apr-cuckoo",
                   "sep-sake-cup", "oct-deer", "nov-rain-man", "dec-phoenix"])
    second = dealt(["may-bridge", "jun-butterflies", "jul-boar", "aug-moon",
                    "sep-chaff-1", "oct-ribbon", "nov-swallow", "dec-chaff-1"])
    assert first.dealer == second.dealer == 0
    assert first.hand(1) != second.hand(1)
    assert first.stock != second.stock
    np.testing.assert_array_equal(
        koikoi.observation(first.view(0)), koikoi.observation(second.view(0))
    )
    # The same difference is visible to the seat that holds it.
    assert not np.array_equal(
        koikoi.observation(first.view(1)), koikoi.observation(second.view(1))
    )


@pytest.mark.parametrize("preset", sorted(GAME.conformance_options))
def test_every_slice_says_what_the_view_says(preset: str) -> None:
    for state in random_positions(preset, seed=len(preset))[::7]:
        for seat in (0, 1):
            view = state.view(seat)
            obs = koikoi.observation(view)
            assert obs.dtype == np.float32
            assert obs.shape == (koikoi.observation_size(),)
            assert ((obs >= LOW) & (obs <= HIGH)).all()
            part = LAYOUT.split(obs)
            for name, cards in (
                ("hand", view.hand), ("field", view.field),
                ("own_pile", view.piles[seat]), ("opponent_pile", view.piles[1 - seat]),
            ):
                assert sorted(np.flatnonzero(part[name])) == sorted(c.id for c in cards), name
            assert part["phase"].sum() == 1
            assert part["phase"][["play", "capture", "decide", "over"].index(view.phase)] == 1
            assert part["to_act"][0] == (view.current_player == seat)
            assert part["month"].argmax() + 1 == view.month
            assert round(part["stock_size"][0] * 24) == view.stock_size
            totals = [unsquash(float(v), 30) for v in part["score"]]
            assert totals == pytest.approx([view.scores[seat], view.scores[1 - seat]], abs=1e-3)
            formed = {key for key, value in zip(YAKU_KEYS, part["own_yaku"], strict=True)
                      if value == 1}
            assert formed == {yaku.key for yaku in view.yaku[seat].yaku}


def test_a_capture_choice_and_a_koikoi_decision_show_in_the_players_observation() -> None:
    seen: set[Phase] = set()
    for seed in range(40):
        for state in random_positions("online", seed, moves=60):
            seat = state.current_player
            if seat is None:
                continue
            view = state.view(seat)
            part = LAYOUT.split(koikoi.observation(view))
            other = LAYOUT.split(koikoi.observation(state.view(1 - seat)))
            if isinstance(view.pending, CaptureChoice):
                assert list(np.flatnonzero(part["pending_card"])) == [view.pending.card.id]
                assert not other["pending_card"].any()  # only the chooser is asked
                seen.add(Phase.CAPTURE)
            elif isinstance(view.pending, KoiKoiDecision):
                points = view.pending.stop_points.points
                assert unsquash(float(part["stop_points"][0]), 10) == pytest.approx(points, 1e-4)
                assert other["stop_points"][0] == 0
                seen.add(Phase.DECIDE)
        if seen == {Phase.CAPTURE, Phase.DECIDE}:
            return
    pytest.fail(f"random play reached only {seen}")


def test_the_observation_is_seat_relative() -> None:
    state = random_positions("nintendo", seed=5, moves=30)[-1]
    zero = LAYOUT.split(koikoi.observation(state.view(0)))
    one = LAYOUT.split(koikoi.observation(state.view(1)))
    assert zero["own_pile"].any() or zero["opponent_pile"].any()
    for mine, theirs in (("own_pile", "opponent_pile"), ("own_pile_kinds", "opponent_pile_kinds"),
                         ("own_yaku", "opponent_yaku")):
        np.testing.assert_array_equal(zero[mine], one[theirs])
    np.testing.assert_array_equal(zero["score"], one["score"][::-1])
    assert zero["dealer"][0] + one["dealer"][0] == 1


def test_yaku_progress_and_pile_kinds_of_a_known_pile() -> None:
    # The rules file's example: crane, boar, deer against the opponent's moon.
    view = KoiKoiState.new(KoiKoiRules(), players=2, seed=1).view(0)
    own = tuple(parse_card(c) for c in ("jan-crane", "jul-boar", "oct-deer", "jan-ribbon"))
    theirs = (parse_card("aug-moon"),)
    piles = (own, theirs) if view.seat == 0 else (theirs, own)
    view = attrs.evolve(view, piles=piles, yaku=(score_yaku(piles[0]), score_yaku(piles[1])))
    part = LAYOUT.split(koikoi.observation(view))
    progress = dict(zip(YAKU_KEYS, part["own_yaku"].tolist(), strict=True))
    expected = {"inoshikacho": 2 / 3, "sanko": 1 / 3, "tane": 2 / 5, "akatan": 1 / 3,
                "tanzaku": 1 / 5}
    assert {key: value for key, value in progress.items() if value} == pytest.approx(expected)
    # brights, animals, poetry, blue, plain ribbons, chaff
    assert part["own_pile_kinds"].tolist() == pytest.approx([1 / 5, 2 / 9, 1 / 3, 0, 0, 0])
    assert part["opponent_pile_kinds"].tolist() == pytest.approx([1 / 5, 0, 0, 0, 0, 0])


def test_formed_yaku_and_large_scores_stay_in_bounds() -> None:
    view = KoiKoiState.new(KoiKoiRules(), players=2, seed=2).view(1)
    brights = tuple(parse_card(c) for c in ("jan-crane", "mar-curtain", "aug-moon"))
    view = attrs.evolve(
        view, piles=((), brights), yaku=(score_yaku(()), score_yaku(brights)),
        scores=(-250, 1200),
    )
    part = LAYOUT.split(koikoi.observation(view))
    assert part["own_yaku"][YAKU_KEYS.index("sanko")] == 1
    assert unsquash(float(part["yaku_points"][0]), 10) == pytest.approx(5, 1e-4)
    assert [unsquash(float(v), 30) for v in part["score"]] == pytest.approx([1200, -250], 1e-3)
    assert np.all(np.abs(part["score"]) < 1)


def test_the_layout_table_names_every_field_once() -> None:
    table = LAYOUT.markdown()
    assert all(f"| `{name}` |" in table for name in LAYOUT)
    assert LAYOUT["hand"] == slice(0, 48)
    assert sum(part.stop - part.start for part in LAYOUT.values()) == LAYOUT.size


def test_the_docs_show_this_layout() -> None:
    page = (Path(__file__).parents[2] / "docs" / "ml.md").read_text(encoding="utf-8")
    assert LAYOUT.markdown() in page, "docs/ml.md: paste cardgames.rl.koikoi.LAYOUT.markdown()"
    assert f"`observation_size()` = {LAYOUT.size} values" in page
