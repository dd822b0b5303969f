"""``cardgames koikoi ...`` and ``cardgames play koikoi``, through typer's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli import app
from cardgames.cli.koikoi import HELP_TEXT
from cardgames.koikoi import CARDS as GAME_CARDS
from cardgames.koikoi import GAME, PRESETS, KoiKoiState
from cardgames.koikoi.events import DealerChosen
from cardgames.session import load_session

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def one_error_line(result: Any) -> str:
    """The refusal: exit code 2 and one line saying why (no traceback)."""
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    return str(lines[0])


pytestmark = pytest.mark.usefixtures("wide_terminal")


# ------------------------------------------------------------------ reference commands
def test_presets_are_printed_side_by_side() -> None:
    result = invoke("koikoi", "presets")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if "option" in line)
    for name in PRESETS:
        assert name in header
    for option in PRESETS["nintendo"].to_dict():
        assert option in result.output
    assert "unlimited" in result.output  # online's max_koikoi_calls


@pytest.mark.parametrize(("preset", "sanko"), [("nintendo", "5"), ("traditional", "6")])
def test_the_yaku_table_of_a_preset(preset: str, sanko: str) -> None:
    result = invoke("koikoi", "yaku", "--preset", preset)
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("│ Sankō"))
    assert f" {sanko} " in line
    for name in ("Goko", "Ino-shika-chō", "Akatan", "Aotan", "Tane", "Tanzaku", "Kasu"):
        assert name in result.output


def test_the_yaku_table_with_single_house_rules() -> None:
    result = invoke("koikoi", "yaku", "-r", "online", "-o", "viewing_yaku=off", "-o",
                    "sanko_points=6")
    assert result.exit_code == 0, result.output
    assert "preset online with viewing_yaku=off, sanko_points=6" in result.output
    assert re.search(r"Sankō.*│ 6 ", result.output)
    assert re.search(r"Hanami-zake.*│ off ", result.output)
    assert "KEY=VALUE" in one_error_line(invoke("koikoi", "yaku", "-o", "x"))


def test_a_bad_preset_is_one_line_naming_the_presets() -> None:
    line = one_error_line(invoke("koikoi", "yaku", "--preset", "casino"))
    assert "'casino'" in line
    assert "nintendo" in line


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["jan-crane", "mar-curtain", "aug-moon"], ["Sankō  5", "total 5"]),
        (["nov-rain-man", "jan-crane", "3-1", "28"], ["Ame-shikō  7", "total 7", "×2"]),
        (["0", "8", "28", "40", "44"], ["Goko  10", "total 10"]),
        (["jul-boar", "oct-deer", "jun-butterflies", "feb-warbler", "apr-cuckoo"],
         ["Ino-shika-chō  7", "total 7"]),
        (["jan-ribbon", "feb-ribbon", "mar-ribbon", "apr-ribbon"], ["Akatan  6", "total 6"]),
        (["jan-chaff-1", "jan-chaff-2", "feb-chaff-1", "feb-chaff-2", "mar-chaff-1",
          "mar-chaff-2", "apr-chaff-1", "apr-chaff-2", "may-chaff-1", "sep-sake-cup"],
         ["Kasu  1", "chaff 10", "sep-sake-cup (as chaff)"]),
    ],
)
def test_score_a_pile(cards: list[str], expected: list[str]) -> None:
    result = invoke("koikoi", "score", *cards)
    assert result.exit_code == 0, result.output
    flowing = " ".join(result.output.split())  # the output may wrap at the console's width
    for text in expected:
        assert text in result.output or text in flowing


def test_score_with_another_preset() -> None:
    result = invoke("koikoi", "score", "--preset", "traditional", "jan-crane", "mar-curtain",
                    "aug-moon")
    assert "Sankō  6" in result.output


def test_score_with_house_rules_the_rounds_month_and_koikoi_calls() -> None:
    march = ["mar-curtain", "mar-ribbon", "mar-chaff-1", "mar-chaff-2"]
    with_month = invoke("koikoi", "score", "-r", "traditional", "--month", "3", *march)
    assert "Tsuki-fuda  4" in with_month.output
    assert "Tsuki-fuda" not in invoke("koikoi", "score", "-r", "traditional", *march).output
    rule = ["-o", "viewing_only_after_koikoi=on"]
    assert "no yaku" in invoke("koikoi", "score", *rule, "moon", "sake-cup").output
    called = invoke("koikoi", "score", *rule, "--koikoi", "--opponent-koikoi", "moon", "sake-cup")
    flowing = " ".join(called.output.split())
    assert "Tsukimi-zake 5" in flowing
    assert (
        "as a round won after you and the opponent called koi-koi: 5 ×2 (opponent called "
        "koi-koi) = 10"
    ) in flowing
    assert "Hanami-zake  3" in invoke(
        "koikoi", "score", "-o", "viewing_yaku_points=3", "mar-curtain", "sep-sake-cup"
    ).output
    assert "'foo'" in one_error_line(invoke("koikoi", "score", "-o", "foo=1", "moon"))
    assert "months are 1..12" in one_error_line(invoke("koikoi", "score", "-m", "13", "moon"))


def test_score_without_a_yaku() -> None:
    result = invoke("koikoi", "score", "jan-crane")
    assert result.exit_code == 0
    assert "no yaku" in result.output


def test_a_bad_card_is_one_line_listing_the_accepted_forms() -> None:
    line = one_error_line(invoke("koikoi", "score", "jan-crane", "moon-pie"))
    assert "'moon-pie'" in line
    for form in ("nov-rain-man", "11-1", "0..47"):
        assert form in line


def test_a_card_twice_is_refused() -> None:
    line = one_error_line(invoke("koikoi", "score", "jan-crane", "1-1"))
    assert "twice" in line


def test_cards_lists_all_48() -> None:
    result = invoke("koikoi", "cards")
    assert result.exit_code == 0
    for code in ("jan-crane", "nov-rain-man", "sep-sake-cup", "dec-chaff-3", "nov-lightning"):
        assert code in result.output
    assert "Michikaze" in result.output  # the romanised Japanese name


# ------------------------------------------------------------------------- playing
def typed_moves(seed: int, *, rounds: int, preset: str = "nintendo", stop_after: int = 0) -> str:
    """What a player in seat 0 types to play the first legal move at every prompt of the game
    ``cardgames play koikoi --seed S`` deals (the bot in seat 1 is seeded S + 1)."""
    state = GAME.new_game(2, seed, preset=preset, rounds=rounds)
    bot = GAME.bots["greedy"](seed + 1)
    lines = []
    while not state.is_over:
        legal = state.legal_actions()
        if state.current_player == 0:
            action = legal[0]
            lines.append(str(action))
            if stop_after and len(lines) == stop_after:
                break
        else:
            action = bot.act(state.view(1), legal)
        state.apply(action)
    return "\n".join(lines) + "\n"


def final_state(seed: int, rounds: int) -> KoiKoiState:
    state = GAME.new_game(2, seed, names=("You", "Greedy"), rounds=rounds)
    bot = GAME.bots["greedy"](seed + 1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[0] if state.current_player == 0 else bot.act(state.view(1), legal))
    assert isinstance(state, KoiKoiState)
    return state


def test_a_whole_12_round_match_typed_through_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    result = invoke("play", "koikoi", "--seed", "21", "--save", str(save),
                    input=typed_moves(21, rounds=12))
    assert result.exit_code == 0, result.output
    assert "Round 12 over" in result.output
    assert "wins the match" in result.output or "Match drawn" in result.output
    saved = load_session(save, GAME).state
    assert saved.is_over
    assert saved == final_state(21, 12)
    # You always answer koikoi (the first legal move), so every chosen stop is the bot's.
    stops = sum(str(action) == "stop" for action in saved.history)
    assert stops > 0
    assert result.output.count("Greedy stops and scores.") == stops
    assert "You stops" not in result.output
    # The round summaries show every yaku and multiplier of the rounds won by stopping.
    for round_result in saved.round_results:
        if round_result.yaku is not None:
            for yaku in round_result.yaku.yaku:
                assert yaku.name in result.output
        if round_result.points is not None:
            for multiplier in round_result.points.multipliers:
                assert multiplier.reason in result.output


def test_the_table_shows_your_hand_and_never_the_opponents() -> None:
    state = GAME.new_game(2, 1)
    assert isinstance(state, KoiKoiState)
    assert state.current_player == 0  # you deal: the table is drawn before any bot move
    result = invoke("play", "koikoi", "--seed", "1", input="")
    assert result.exit_code == 0
    screen = result.output
    assert "Your hand (8)" in screen
    for card in state.hand(0):
        assert card.code in screen
    for card in state.field:
        assert card.code in screen
    words = set(screen.replace("\n", " ").split())
    hidden = {card.code for card in state.hand(1)} | {card.code for card in state.stock}
    # The dealer draw shows two cards that went back into the deck; nothing else may show.
    dealer_draw = state.start_events[0]
    assert isinstance(dealer_draw, DealerChosen)
    drawn_codes = {GAME_CARDS[c].code for pair in dealer_draw.draws for c in pair}
    assert not (words & hidden) - drawn_codes


def test_autoplay_plays_a_match_to_the_end() -> None:
    result = invoke("play", "koikoi", "--autoplay", "--seed", "3", "-o", "rounds=3",
                    "--bot", "random")
    assert result.exit_code == 0, result.output
    assert "Round 3 over" in result.output
    assert "Rounds" in result.output  # the match summary table


def test_end_of_input_saves_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = typed_moves(8, rounds=3)
    lines = moves.splitlines(keepends=True)
    first = invoke("play", "koikoi", "--seed", "8", "-o", "rounds=3", "--save", str(save),
                   input="".join(lines[:5]))
    assert first.exit_code == 0, first.output
    assert "end of input" in first.output
    assert "--resume" in first.output
    halfway = load_session(save, GAME).state
    assert not halfway.is_over
    second = invoke("play", "koikoi", "--resume", str(save), input="".join(lines[5:]))
    assert second.exit_code == 0, second.output
    assert "Round 3 over" in second.output
    assert load_session(save, GAME).state == final_state(8, 3)


def test_quit_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = typed_moves(9, rounds=2).splitlines()
    first = invoke("play", "koikoi", "--seed", "9", "-o", "rounds=2", "--save", str(save),
                   input=f"{moves[0]}\nquit\n{moves[1]}\n")
    assert first.exit_code == 0
    assert "quit: game saved" in first.output
    saved = load_session(save, GAME).state
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["actions"] == [str(a) for a in saved.history]
    assert moves[0] in record["actions"]  # the move before quit was played and saved ...
    assert saved.current_player == 0  # ... and the game waits for the move after it
    assert saved.parse(moves[1]) in saved.legal_actions()
    second = invoke("play", "koikoi", "--resume", str(save), input="\n".join(moves[1:]) + "\n")
    assert second.exit_code == 0, second.output
    assert load_session(save, GAME).state == final_state(9, 2)


def test_invalid_input_re_prompts_with_the_reason_and_changes_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    state = GAME.new_game(2, 12)
    assert isinstance(state, KoiKoiState)
    bot = GAME.bots["greedy"](13)
    while state.current_player != 0:
        state.apply(bot.act(state.view(1), state.legal_actions()))
    not_in_hand = next(c for c in state.hand(1))
    result = invoke(
        "play", "koikoi", "--seed", "12", "--save", str(save),
        input=f"dance\nplay {not_in_hand.code}\nkoikoi\nhelp\nmoves\nyaku\ncards\nfield\n",
    )
    assert result.exit_code == 0, result.output
    screen = result.output
    assert "'dance'" in screen
    assert f"{not_in_hand.code} is not in your hand" in screen
    assert "koi-koi and stop are decided after a yaku forms" in screen
    assert HELP_TEXT.splitlines()[0] in screen
    assert "legal now: play" in screen
    assert "Yaku (rules in force)" in screen
    assert "Where the cards are" in screen
    assert load_session(save, GAME).state.move_count == state.move_count


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--preset", "casino"], ["'casino'", "nintendo"]),
        (["-o", "rounds=0"], ["'rounds'", "1..24"]),
        (["--bot", "shark"], ["'shark'", "greedy"]),
        (["-o", "double_at_7=maybe"], ["'double_at_7'", "maybe"]),
        (["-o", "lucky"], ["'lucky'", "KEY=VALUE"]),
        (["--resume", "/nonexistent/save.json"], ["cannot read"]),
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str], words: list[str]) -> None:
    line = one_error_line(invoke("play", "koikoi", "--seed", "1", *args, input=""))
    for word in words:
        assert word in line


def test_house_rules_reach_the_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "koikoi", "--seed", "2", "--preset", "online", "-o",
                    "koikoi_penalty=growing", "--save", str(save), input="")
    assert result.exit_code == 0, result.output
    rules = load_session(save, GAME).state.options
    assert rules.max_koikoi_calls is None
    assert rules.koikoi_penalty.value == "growing"
    assert rules.rounds == 6


# ------------------------------------------------------- other engines' rule sets
def test_a_whole_koikoi_ai_match_plays_in_the_terminal_with_the_banks_shown() -> None:
    result = invoke("play", "koikoi", "--preset", "koikoi-ai", "--autoplay", "--seed", "4")
    assert result.exit_code == 0, result.output
    screen = result.output
    assert "deals first (chosen at random)" in screen
    assert "Round 1 of 8" in screen
    # Every round summary shows the banks after it, and they always add up to 60.
    banks = [  # "banks  Greedy 1 29 · Greedy 31": the number ending each name's entry
        [int(n) for n in re.findall(r" (-?\d+)(?= ·|\s*$)", line.split("banks", 1)[1])]
        for line in screen.splitlines()
        if re.match(r"\s*banks\s", line)
    ]
    assert banks, screen
    assert all(len(pair) == 2 and sum(pair) == 60 for pair in banks)
    last = banks[-1]
    assert "Round 8 over" in screen or min(last) <= 0  # all rounds, or a bank ran empty
    assert re.search(r"wins the match: banks|Match drawn: banks", screen)
    assert "Rounds" in screen  # the final table ends with the banks
    assert re.search(r"│\s+│\s+│\s+banks\s+│", screen)


def test_the_koikoi_ai_match_ends_early_when_a_bank_runs_empty() -> None:
    # Banks of 1: every koikoi-ai round has a winner (an exhausted round pays the dealer), so
    # the first round empties the loser's bank and ends the match.
    result = invoke("play", "koikoi", "--preset", "koikoi-ai", "-o", "starting_bank=1",
                    "--autoplay", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "Round 1 over" in result.output
    assert "Round 2 of 8" not in result.output
    assert re.search(r"wins the match: banks .* \(.+ bank is empty\)", result.output)


def test_the_koikoi_ai_yaku_table_presets_and_score() -> None:
    table = invoke("koikoi", "yaku", "--preset", "koikoi-ai").output
    assert re.search(r"Ino-shika-chō.*5, fixed; Tane paid as well", table)
    assert re.search(r"Hanami-zake.*1; 3 after own koi-koi", table)
    assert "own koi-koi calls add 1 point each" in " ".join(table.split())
    assert "a total of 7 or more is doubled" not in table
    stacked = invoke("koikoi", "yaku", "-o", "set_yaku_stack=on").output
    assert re.search(r"Akatan-Aotan.*10, fixed; Akatan, Aotan, Tanzaku paid as well", stacked)
    presets = invoke("koikoi", "presets").output
    header = next(line for line in presets.splitlines() if "option" in line)
    assert "koikoi-ai" in header
    for option in ("banks", "starting_bank", "first_dealer", "own_koikoi_bonus",
                   "set_yaku_stack", "viewing_koikoi_bonus", "koikoi_question", "teshi",
                   "kuttsuki"):
        assert re.search(rf"│ {option}\s", presets), option
    assert "KoiKoi-AI research engine" in presets
    score = invoke("koikoi", "score", "--preset", "koikoi-ai", "--calls", "4", "jan-crane",
                   "mar-curtain", "aug-moon", "sep-sake-cup")
    flowing = " ".join(score.output.split())
    assert "Hanami-zake 3" in flowing
    assert "11 ×2 (4 own koi-koi calls) = 22" in flowing
    two = " ".join(invoke("koikoi", "score", "-r", "koikoi-ai", "--calls", "2", "0", "8", "28",
                          "40", "44").output.split())
    assert "as a round won after you called koi-koi: 10 +2 (2 own koi-koi calls) = 12" in two
    assert "'--calls'" in one_error_line(invoke("koikoi", "score", "--calls", "-1", "moon"))


def test_the_new_options_reach_the_game_from_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "koikoi", "--seed", "2", "-o", "banks=on", "-o", "starting_bank=20",
                    "-o", "first_dealer=2", "-o", "drawn_round=same-dealer", "-o", "teshi=off",
                    "--save", str(save), input="")
    assert result.exit_code == 0, result.output
    assert "P2 deals first (named by the rules)" in result.output or (
        "Greedy deals first (named by the rules)" in result.output
    )
    assert "bank 20" in result.output
    state = load_session(save, GAME).state
    rules = state.options
    assert (rules.banks, rules.starting_bank, rules.first_dealer.value) == (True, 20, "2")
    assert state.dealer == 1
    assert "'first_dealer'" in one_error_line(
        invoke("play", "koikoi", "--seed", "1", "-o", "first_dealer=3", input="")
    )
