"""``cardgames arena GAME``: the file, the report, the picture, and one line for bad input."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardgames
from cardgames import arena
from cardgames.cli import app
from cardgames.core.loop import play
from cardgames.core.record import write_records
from cardgames.core.registry import load_target
from cardgames.simulate import installed

runner = CliRunner()
EXAMPLE_BOT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "arena" / "bot.py"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_round_robin_writes_its_games_and_reports_win_rates_and_ratings(
    tmp_path: Path,
) -> None:
    out = tmp_path / "games.jsonl"
    picture = tmp_path / "ratings.svg"
    code, stdout, stderr = run("arena", "koikoi", "--seats", "greedy,random", "-n", "4",
                               "--seed", "7", "--out", str(out), "--plot", str(picture))
    assert code == 0, stderr
    assert "openskill rating" in picture.read_text()
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [7, 7, 8, 8]
    assert "round robin" in stdout
    assert "mu-3σ" in stdout
    report = arena.summarize(lines, cooperative=False)
    greedy = next(row for row in report.pairs if row.first == "greedy" and row.second is None)
    assert f"{greedy.record.wins}-{greedy.record.draws}-{greedy.record.losses}" in stdout
    # The same arguments write the same games, but for the times.
    again = tmp_path / "again.jsonl"
    assert run("arena", "koikoi", "--seats", "greedy,random", "-n", "4", "--seed", "7",
               "--out", str(again))[0] == 0
    assert ([arena.without_times(json.loads(line)) for line in again.read_text().splitlines()]
            == [arena.without_times(line) for line in lines])


def test_a_crossplay_prints_the_matrix_and_draws_it(tmp_path: Path) -> None:
    assert installed("matplotlib"), "the plot extra is part of the test environment"
    picture = tmp_path / "matrix.png"
    code, stdout, stderr = run("arena", "hanabi", "--seats", "casual,c=convention", "-n", "2",
                               "--players", "3", "--out", str(tmp_path / "x.jsonl"),
                               "--plot", str(picture))
    assert code == 0, stderr
    assert "cross-play" in stdout
    assert "casual ×1 + c ×2" in stdout
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_the_default_file_is_named_after_the_game_and_the_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, stdout, _ = run("arena", "ikebana", "--mode", "adhoc", "--seats", "greedy",
                          "--pool", "random,casual", "-n", "2", "-p", "3", "--plot", "won.svg")
    assert code == 0
    assert "win rate" in (tmp_path / "won.svg").read_text()
    assert len((tmp_path / "arena-ikebana-adhoc.jsonl").read_text().splitlines()) == 2
    assert "ad hoc" in stdout


@pytest.mark.parametrize(("args", "message"), [
    (["hanabi", "--seats", "h-grop"], "unknown seat 'h-grop'"),
    (["hanabi", "--seats", "exec:/no/such/bot"], "names no program"),
    (["hanabi", "--seats", "exec:"], "names no command"),
    (["hanabi", "--seats", "nomodule_x:make"], "cannot import the bot"),
    (["koikoi", "--seats", "greedy,random", "--mode", "crossplay"],
     "crossplay is for cooperative games"),
    (["hanabi", "--seats", "casual", "--mode", "swiss"], "unknown mode 'swiss'"),
    (["hanabi", "--seats", "casual", "--players", "9"], "players"),
    (["koikoi", "--seats", "greedy,random", "-n", "3"], "must be even"),
    (["koikoi", "--seats", "greedy"], "needs at least two seats"),
    (["hanabi", "--seats", "casual", "--move-limit", "0"], "move limit"),
    (["hanabi", "--seats", "casual", "--pool", "random"], "pool of partners is for the adhoc"),
    (["hanabi", "--seats", "casual", "-o", "variant=nope"], "nope"),
    (["hanabi", "--seats", "casual", "--plot", "x.gif"], "must end in"),
    (["chess", "--seats", "casual"], "unknown game 'chess'"),
])
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str,
                                               tmp_path: Path) -> None:
    code, stdout, stderr = run("arena", *args, "--out", str(tmp_path / "x.jsonl"))
    assert code == 2
    assert stderr.startswith("error: "), stderr
    assert stderr.count("\n") == 1, stderr
    assert message in stderr
    assert "Traceback" not in stdout + stderr
    assert not (tmp_path / "x.jsonl").exists()  # nothing was played


def test_jobs_spread_the_games_over_processes_and_write_the_same_file(tmp_path: Path) -> None:
    program = f"py=exec:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE_BOT))}"
    files = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.jsonl"
        code, _, stderr = run("arena", "ikebana", "--seats", "greedy", "--seats", program,
                              "-n", "2", "--jobs", jobs, "--out", str(out))
        assert code == 0, stderr
        files.append([arena.without_times(json.loads(line))
                      for line in out.read_text().splitlines()])
    assert files[0] == files[1]
    assert len(files[0]) == 2
    assert all(line["fault"] is None for line in files[0])


def test_the_agreement_mode_measures_each_seat_against_recorded_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent))
    first_legal = load_target("arena_testbots:first_legal", "")
    states = []
    for seed in range(2):
        state = cardgames.new_game("koikoi", players=2, seed=seed)
        play(state, [first_legal(0), first_legal(0)])
        states.append(state)
    records = tmp_path / "games.jsonl"
    with records.open("w", encoding="utf-8") as stream:
        write_records([state.record() for state in states], stream)
    program = f"py=exec:{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE_BOT))}"
    out = tmp_path / "agreement.jsonl"
    code, stdout, stderr = run("arena", "koikoi", "--mode", "agreement", "--records",
                               str(records), "--seats", "first=arena_testbots:first_legal",
                               "--seats", program, "--out", str(out))
    assert code == 0, stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    positions = [state.move_count for state in states]
    assert [(line["index"], line["seat"], line["positions"]) for line in lines] == [
        (0, "first", positions[0]), (0, "py", positions[0]),
        (1, "first", positions[1]), (1, "py", positions[1])]
    assert [line["agreed"] for line in lines if line["seat"] == "first"] == positions
    assert all(line["faults"] == {} for line in lines)
    assert "agreement with the recorded moves" in stdout
    first_row = next(row for row in stdout.splitlines() if row.strip().startswith("first"))
    assert first_row.split()[1:5] == ["2", str(sum(positions)), str(sum(positions)), "100.0%"]


@pytest.mark.parametrize(("args", "message"), [
    (["--records", "games.json"], "--records is for the agreement mode"),
    (["--mode", "agreement"], "needs the recorded games: --records FILE"),
    (["--mode", "agreement", "--records", "missing.json"], "cannot read file"),
])
def test_bad_agreement_input_is_one_line(args: list[str], message: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.json").write_text("[]", encoding="utf-8")
    code, _, stderr = run("arena", "hanabi", "--seats", "casual", *args)
    assert code == 2
    assert message in stderr, stderr
    assert stderr.count("\n") == 1


def test_a_python_bot_is_found_in_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the arena adds the directory to it
    (tmp_path / "my_arena_bot.py").write_text(
        "from cardgames.core.agents import RandomAgent\n\n"
        "def make(seed):\n    return RandomAgent(seed)\n", encoding="utf-8")
    code, _, stderr = run("arena", "koikoi", "--seats", "mine=my_arena_bot:make,greedy",
                               "-n", "2")
    assert code == 0, stderr
    lines = (tmp_path / "arena-koikoi-roundrobin.jsonl").read_text().splitlines()
    assert all("mine" in json.loads(line)["seats"] for line in lines)
