"""The forced stop on an empty hand (rules file, every preset), its option, and why koi-koi is
not possible when it is not: the rules file's worked example, in the engine and in the docs."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli import app
from cardgames.core.errors import IllegalActionError, RecordError
from cardgames.core.record import Record
from cardgames.koikoi import (
    GAME,
    PRESETS,
    CardPlayed,
    KoiKoiRules,
    KoiKoiState,
    RoundEnded,
    YakuFormed,
    make_rules,
)
from cardgames.koikoi.events import ForcedStop, RoundResult, StopReason
from cardgames.koikoi.render import describe_event
from cardgames.koikoi.yaku import MultiplierKind

from .conftest import Dealt, KoiKoiDeal
from .test_render import text_of

ROOT = Path(__file__).resolve().parents[2]

# The worked example: P1 deals; P1's 8th card is oct-deer, P2's is jan-crane.
P1 = ["feb-warbler", "apr-cuckoo", "may-bridge", "nov-swallow", "feb-ribbon", "jan-ribbon",
      "sep-chaff-2", "oct-deer"]
P2 = ["mar-curtain", "dec-phoenix", "jun-ribbon", "jul-boar", "dec-chaff-3", "may-chaff-2",
      "jul-ribbon", "jan-crane"]
FIELD = ["feb-chaff-1", "apr-chaff-1", "may-chaff-1", "nov-lightning", "oct-chaff-2",
         "dec-chaff-1", "jan-chaff-1", "jul-chaff-1"]
STOCK = ["dec-chaff-2", "mar-chaff-1", "jan-chaff-2", "sep-ribbon", "nov-rain-man", "jun-chaff-1",
         "aug-geese", "apr-chaff-2", "nov-ribbon", "mar-ribbon", "jun-chaff-2", "aug-chaff-2",
         "aug-chaff-1", "mar-chaff-2", "jul-chaff-2"]


def before_the_last_turn(dealt: Dealt, rules: KoiKoiRules | None = None) -> KoiKoiState:
    """The worked example's position before P1's 8th turn (seven turns each played)."""
    state: KoiKoiState = dealt(P1, P2, FIELD, STOCK, rules=rules)
    for turn in range(7):
        state.apply_text(f"play {P1[turn]}")
        state.apply_text(f"play {P2[turn]}")
    return state


def test_the_worked_example_ends_the_round_as_the_dealers_stop(dealt: Dealt) -> None:
    state = before_the_last_turn(dealt)
    assert [c.code for c in state.hand(0)] == ["oct-deer"]
    assert [c.code for c in state.hand(1)] == ["jan-crane"]
    assert not state.yaku(0)
    assert "oct-chaff-2" in [c.code for c in state.field]
    events = state.apply_text("play oct-deer")
    assert [str(e) for e in events[:3]] == [
        "P1 plays oct-deer, captures oct-chaff-2",
        "P1 turns over jul-chaff-2, captures jul-ribbon",
        "P1 has Tane 1, Kasu 2 = 3: must stop, P1's hand is empty",
    ]
    formed = events[2]
    assert isinstance(formed, YakuFormed)
    assert formed.forced_stop == ForcedStop(StopReason.HAND_EMPTY, 1, (0, 0))
    result = state.round_results[0]
    assert (result.winner, result.score, result.koikoi_calls) == (0, (3, 0), (0, 0))
    assert state.round_number == 2  # jan-crane was never played: the next round is dealt
    assert state.history[-1] == state.parse("play oct-deer")


def forced_stops(
    rules: KoiKoiRules, seeds: range
) -> list[tuple[int, YakuFormed, RoundResult]]:
    """(turn of the round, event, round result) of every forced stop in random matches."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = KoiKoiState.new(rules, players=2, seed=seed)
        turns = 0
        while not state.is_over:
            legal = state.legal_actions()
            events = state.apply(legal[rng.randrange(len(legal))])
            if any(isinstance(e, CardPlayed) and e.from_stock for e in events):
                turns += 1
            for event in events:
                if isinstance(event, YakuFormed) and event.forced_stop is not None:
                    ended = next(e for e in events if isinstance(e, RoundEnded))
                    found.append((turns, event, ended.result))
            if any(isinstance(e, RoundEnded) for e in events):
                turns = 0
    return found


def test_a_forced_stop_scores_with_every_multiplier() -> None:
    # online: unlimited calls, so only an empty hand forces the stop; an opponent's earlier
    # koi-koi doubles it as it would double a chosen stop.
    doubled = [
        result for _turn, event, result in forced_stops(make_rules("online"), range(40))
        if event.forced_stop == ForcedStop(StopReason.HAND_EMPTY, None, result.koikoi_calls)
        and result.koikoi_calls[1 - event.seat] > 0
    ]
    assert doubled, "no forced stop after an opponent's koi-koi in 40 random matches"
    for result in doubled:
        assert result.points is not None
        assert MultiplierKind.OPPONENT_KOIKOI in [m.kind for m in result.points.multipliers]


@pytest.mark.parametrize("empty_hand_koikoi", [False, True])
def test_which_turn_forces_the_stop(empty_hand_koikoi: bool) -> None:
    rules = make_rules("online", koikoi_with_empty_hand=empty_hand_koikoi)
    found = forced_stops(rules, range(30))
    reasons = {
        (turn, event.forced_stop.reason) for turn, event, _ in found if event.forced_stop
    }
    # The 15th turn is the dealer's 8th (the opponent still holds a card), the 16th the last.
    if empty_hand_koikoi:
        assert reasons == {(16, StopReason.NO_TURN_LEFT)}
    else:
        assert reasons == {(15, StopReason.HAND_EMPTY), (16, StopReason.NO_TURN_LEFT)}


def test_the_option_keeps_the_old_question(dealt: Dealt) -> None:
    state = before_the_last_turn(dealt, make_rules(koikoi_with_empty_hand=True))
    events = state.apply_text("play oct-deer")
    assert str(events[-1]) == "P1 has Tane 1, Kasu 2 = 3: koi-koi or stop?"
    assert state.phase == "decide"
    assert state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["koikoi", "stop"]
    # Playing on, P2 plays the last card and forms Sankō: with no turn left P2 stops, and
    # P1's koi-koi doubles P2's points.
    state.apply_text("koikoi")
    assert state.current_player == 1
    events = state.apply_text("play jan-crane")
    formed = next(e for e in events if isinstance(e, YakuFormed))
    assert formed.forced_stop == ForcedStop(StopReason.NO_TURN_LEFT, 1, (1, 0))
    result = state.round_results[0]
    assert result.winner == 1
    assert result.points is not None
    assert MultiplierKind.OPPONENT_KOIKOI in [m.kind for m in result.points.multipliers]


def test_every_preset_forces_the_stop_and_the_option_is_shown_and_settable() -> None:
    assert KoiKoiRules().koikoi_with_empty_hand is False
    assert not any(rules.koikoi_with_empty_hand for rules in PRESETS.values())
    assert make_rules("online", koikoi_with_empty_hand="on").koikoi_with_empty_hand
    runner = CliRunner()
    presets = runner.invoke(app, ["koikoi", "presets"], env={"COLUMNS": "160"})
    assert re.search(r"koikoi_with_empty_hand\s.*off\s.*off\s.*off", presets.output)


def test_the_docs_worked_example_runs_and_prints_what_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = (ROOT / "docs" / "games" / "koikoi.md").read_text(encoding="utf-8")
    section = page.split("**The forced stop when your own hand is empty**", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    shown = section.split("```text\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/games/koikoi.md", "exec"), {})
    assert capsys.readouterr().out == shown
    for card in (*P1, *P2, *FIELD, *STOCK):
        assert card in code, "the docs deal is the tests' deal"


# ------------------------------------------------------------ why koi-koi is not possible
@pytest.mark.parametrize(
    ("forced", "you", "text"),
    [
        (ForcedStop(StopReason.CALLS_USED, 1, (0, 1)), None,
         "the round's one koi-koi call is used (Bot called it)"),
        (ForcedStop(StopReason.CALLS_USED, 1, (1, 0)), 0,
         "the round's one koi-koi call is used (you called it)"),
        (ForcedStop(StopReason.CALLS_USED, 2, (1, 1)), 1,
         "the round's 2 koi-koi calls are used (Ann 1, you 1)"),
        (ForcedStop(StopReason.CALLS_USED, 0, (0, 0)), None,
         "these rules allow no koi-koi (max_koikoi_calls is 0)"),
        (ForcedStop(StopReason.HAND_EMPTY, None, (0, 0)), 0, "your hand is empty"),
        (ForcedStop(StopReason.HAND_EMPTY, None, (0, 0)), 1, "Ann's hand is empty"),
        (ForcedStop(StopReason.NO_TURN_LEFT, None, (0, 0)), None,
         "both hands are empty: no turn is left in the round"),
    ],
)
def test_a_forced_stop_says_why(forced: ForcedStop, you: int | None, text: str) -> None:
    assert forced.text(("Ann", "Bot"), 0, you=you) == text


def test_the_table_says_why_koikoi_is_not_possible(
    dealt: Dealt, koikoi_then_inoshikacho: KoiKoiDeal
) -> None:
    # nintendo: P1 used the round's one call; P2 then forms Ino-shika-chō and must stop.
    state = dealt(*koikoi_then_inoshikacho)
    for move in ("play mar-curtain", "play jul-chaff-1", "play sep-sake-cup", "koikoi",
                 "play oct-chaff-1", "play feb-warbler"):
        state.apply_text(move)
    events = state.apply_text("play jun-chaff-1")
    formed = next(e for e in events if isinstance(e, YakuFormed))
    assert text_of(describe_event(formed, ("Ann", "Bot"), 0)).strip() == (
        "Bot has Ino-shika-chō 5 = 5 — koi-koi is not possible now: the round's one koi-koi "
        "call is used (you called it); the round ends"
    )
    assert text_of(describe_event(formed, ("P1", "P2"), None)).strip().endswith(
        "koi-koi is not possible now: the round's one koi-koi call is used (P1 called it); "
        "the round ends"
    )


def test_a_refused_koikoi_names_the_limit_and_who_used_it(
    dealt: Dealt, koikoi_then_inoshikacho: KoiKoiDeal
) -> None:
    state = dealt(*koikoi_then_inoshikacho)
    for move in ("play mar-curtain", "play jul-chaff-1", "play sep-sake-cup", "koikoi"):
        state.apply_text(move)
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("koikoi")
    assert info.value.reason == (
        "koi-koi and stop are decided after a yaku forms; play a card from your hand (and "
        "koi-koi is not possible in this round any more: the round's one koi-koi call is used "
        "(P1 called it))"
    )
    assert "\n" not in str(info.value)


def test_a_record_of_rules_version_1_replays_with_the_old_question() -> None:
    # A match played before the forced stop: someone was asked koi-koi on an empty hand.
    old_rules = make_rules("online", koikoi_with_empty_hand=True, shuffle="per-deal")
    for seed in range(40):
        state = KoiKoiState.new(old_rules, players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        data = state.record().to_dict()
        del data["options"]["koikoi_with_empty_hand"]  # version 1 had no such options
        del data["options"]["shuffle"]
        data["rules_version"] = 1
        record = Record.from_dict(data)
        try:
            GAME.replay(Record.from_dict({**data, "rules_version": 2}))
        except RecordError:
            assert GAME.replay(record) == state  # only the upgrade replays it
            return
    pytest.fail("no match asked koi-koi on an empty hand in 40 random matches")
