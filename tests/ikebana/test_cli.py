"""``cardgames ikebana score|presets`` and ``cardgames play ikebana`` through CliRunner.

The commands are mounted here the way the root CLI mounts every game (``ikebana`` sub-app,
``play ikebana`` command), so these tests exercise exactly the functions it calls.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cardgames.cli import app as cardgames_app
from cardgames.cli.ikebana import app, play
from cardgames.ikebana import GAME

root = typer.Typer(add_completion=False)
root.add_typer(app, name="ikebana")
play_app = typer.Typer()
play_app.command("ikebana")(play)
root.add_typer(play_app, name="play")

runner = CliRunner()

# Enough "draw, keep" pairs for every human turn of a 4-round game (20 turns).
KEEP_ALL = "draw\nkeep\n" * 20


pytestmark = pytest.mark.usefixtures("wide_terminal")


def test_score_prints_the_total_and_breakdown() -> None:
    result = runner.invoke(root, ["ikebana", "score", "R3", "G3", "K3", "B2", "Y2"])
    assert result.exit_code == 0
    assert "R3 G3 K3 B2 Y2: 39" in result.output
    assert "three 3s = 9 + pair of 2s = 4 (13)" in result.output
    assert "one card of each colour x3" in result.output


def test_score_reports_the_multicolour_colours() -> None:
    result = runner.invoke(root, ["ikebana", "score", "B1 B2 B3 B4 M5"])
    assert result.exit_code == 0
    assert ": 60" in result.output
    assert "M5 as blue" in result.output


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["R3", "G3", "K3", "B2", "Q2"], "'Q2' is not an Ikebana card; expected a colour letter"),
        (["R3", "G3"], "a bouquet is 5 cards (got 2"),
    ],
)
def test_score_rejects_bad_cards_in_one_line_with_exit_2(cards: list[str], message: str) -> None:
    result = runner.invoke(root, ["ikebana", "score", *cards])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "error: a bouquet is 5 cards (got none); give five cards like R3 G3 K3 B2 Y2"),
        (["R3 G3 K3 B2"], "error: a bouquet is 5 cards (got 4: 'R3 G3 K3 B2'); give five"),
        (["red3", "G3", "K3", "B2", "Y2"],
         "error: 'red3' is not an Ikebana card (did you mean r3?); expected a colour letter"),
        (["M3", "M3", "K3", "B2", "Y2"], "error: 'M3 M3 K3 B2 Y2' holds 2 x M3 but the deck"),
    ],
)
def test_score_bad_input_through_the_root_app_is_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(cardgames_app, ["ikebana", "score", *args])
    assert result.exit_code == 2
    assert result.output.startswith(message)
    assert result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_presets_shows_the_named_ones_and_the_play_flag_that_takes_them() -> None:
    result = runner.invoke(cardgames_app, ["ikebana", "presets", "House", "bank"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].strip() == "Ikebana presets (play --preset NAME)"
    assert lines[1].split() == ["option", "(-o", "KEY=VALUE)", "house", "bank"]
    assert "default:" not in result.output


def test_presets_names_an_unknown_preset_and_the_accepted_ones() -> None:
    result = runner.invoke(cardgames_app, ["ikebana", "presets", "hous"])
    assert result.exit_code == 2
    assert result.output == (
        "error: unknown Ikebana preset 'hous' (did you mean house?); presets: default, "
        "final-bouquet, house, bank\n"
    )


def test_presets_lists_every_preset() -> None:
    result = runner.invoke(root, ["ikebana", "presets"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    for name in GAME.presets:
        assert name in result.output
    lines = result.output.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    # Every option by its full name (what -o takes), values only where a preset differs.
    for option in GAME.presets["default"].to_dict():
        assert any(line.startswith(f"{option} ") for line in lines), option
    row = next(line for line in lines if line.startswith("unaffordable_refusal"))
    assert row.split() == ["unaffordable_refusal", "keep", "·", "pay-what-you-have", "·"]


def test_a_whole_game_with_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = runner.invoke(
        root, ["play", "ikebana", "--players", "3", "--seed", "4", "--save", str(save)],
        input=KEEP_ALL,
    )
    assert result.exit_code == 0, result.output
    assert "P1 (you), P2 (greedy), P3 (greedy)" in result.output
    assert "[round 1 · draw or buy] P1>" in result.output
    assert "refusal costs 1 to P2" in result.output
    for number in range(1, 5):
        assert f"Round {number} scored" in result.output
    assert "Final prestige:" in result.output
    record = json.loads(save.read_text())
    assert record["game"] == "ikebana"
    assert len(record["players"]) == 3
    assert len(record["meta"]["scores"]) == 3  # a finished game's record holds the result


def test_final_bouquet_option_doubles_the_last_round(tmp_path: Path) -> None:
    result = runner.invoke(
        root, ["play", "ikebana", "--seed", "2", "-o", "final_bouquet=on", "--save",
               str(tmp_path / "fb.json")], input=KEEP_ALL,
    )
    assert result.exit_code == 0, result.output
    assert "final bouquet: scores double this round" in result.output
    assert json.loads((tmp_path / "fb.json").read_text())["options"]["final_bouquet"] is True


def test_autoplay_plays_bots_only(tmp_path: Path) -> None:
    result = runner.invoke(
        root, ["play", "ikebana", "--players", "4", "--seed", "1", "--autoplay", "--save",
               str(tmp_path / "auto.json")],
    )
    assert result.exit_code == 0, result.output
    assert "P1 (greedy), P2 (greedy), P3 (greedy), P4 (greedy)" in result.output
    assert "Round 4" in result.output
    assert "prestige." in result.output


def test_invalid_input_re_prompts_and_help_moves_scores_work(tmp_path: Path) -> None:
    result = runner.invoke(
        root, ["play", "ikebana", "--seed", "3", "--save", str(tmp_path / "s.json")],
        input="fold\nkeep\nbuy 9\nhelp\nmoves\nscores\ndraw\n",
    )
    assert result.exit_code == 0, result.output
    assert "'fold' is not an Ikebana move" in result.output
    assert "illegal action 'keep': draw a card first" in result.output
    assert "no player '9'" in result.output
    assert "refuse     it goes on your discard pile" in result.output
    assert "legal now: draw" in result.output
    assert "No round has been scored yet." in result.output
    assert "end of input: game saved" in result.output


def test_quit_then_resume_finishes_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    first = runner.invoke(
        root, ["play", "ikebana", "--seed", "9", "--save", str(save)], input="draw\nquit\n"
    )
    assert first.exit_code == 0, first.output
    assert "quit: game saved to" in first.output
    assert json.loads(save.read_text())["actions"] == ["draw"]
    second = runner.invoke(root, ["play", "ikebana", "--resume", str(save)], input=KEEP_ALL)
    assert second.exit_code == 0, second.output
    assert "[round 1 · keep or refuse] P1>" in second.output
    assert "Final prestige:" in second.output
    record = json.loads(save.read_text())
    assert record["actions"][:2] == ["draw", "keep"]


def test_end_of_input_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    first = runner.invoke(
        root, ["play", "ikebana", "--seed", "5", "--save", str(save)], input="draw\nkeep\n"
    )
    assert "end of input: game saved" in first.output
    moves = len(json.loads(save.read_text())["actions"])
    second = runner.invoke(root, ["play", "ikebana", "--resume", str(save)], input="draw\n")
    assert second.exit_code == 0
    assert len(json.loads(save.read_text())["actions"]) == moves + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "'players' must be in 2..5"),
        (["--preset", "chaos"], "unknown Ikebana preset 'chaos'"),
        (["-o", "rounds=0"], "'rounds' must be a whole number in 1..12"),
        (["-o", "rounds"], "is not KEY=VALUE"),
        (["--bot", "genius"], "unknown bot 'genius'"),
    ],
)
def test_bad_options_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(root, ["play", "ikebana", "--seed", "1", *args], input="")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_non_number_seed_is_a_usage_error() -> None:
    result = runner.invoke(root, ["play", "ikebana", "--seed", "x"])
    assert result.exit_code == 2


def test_seat_chooses_your_player_counted_from_1(tmp_path: Path) -> None:
    result = runner.invoke(
        root, ["play", "ikebana", "--players", "3", "--seat", "2", "--seed", "5", "--save",
               str(tmp_path / "seat.json")], input="draw\nkeep\n",
    )
    assert result.exit_code == 0, result.output
    assert "P1 (greedy), P2 (you), P3 (greedy)" in result.output
    assert "[round 1 · draw] P2>" in result.output
    assert "P1 keeps" in result.output  # P1 started, before you
    bad = runner.invoke(root, ["play", "ikebana", "--players", "3", "--seat", "4"], input="")
    assert bad.exit_code == 2
    assert "'--seat' must be in 1..3 (got 4)" in bad.output
