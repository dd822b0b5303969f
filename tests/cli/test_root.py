"""The root command: list, --help, --version, bad commands and options, replay, simulate."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
import typer.core
from rich.console import Console
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app
from cardgames.core import RandomAgent, play

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_version() -> None:
    code, output = invoke("--version")
    assert code == 0
    assert output.strip() == f"cardgames {cardgames.__version__}"


def test_list_names_every_game_with_a_description() -> None:
    code, output = invoke("list")
    assert code == 0
    for name, info in cardgames.games().items():
        assert name in output
        assert info.description[:30] in output


def test_help_shows_the_commands() -> None:
    code, output = invoke("--help")
    assert code == 0
    for command in ("list", "play", "replay", "simulate", "bench", "hanabi", "koikoi", "ikebana"):
        assert command in output
    code, output = invoke("play", "--help")
    assert code == 0
    for game in cardgames.games():
        assert game in output


def test_the_banner_names_every_command_that_is_not_a_game() -> None:
    # The line at the top of `cardgames --help` says what the command does: each of its own
    # commands (a game's sub-app is listed below it by name), `train` and the server's too.
    banner = " ".join((app.info.help or "").split())
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    shown = [name for name, command in root.commands.items()
             if not command.hidden and name not in cardgames.registry.names()]
    assert {"train", "server", "join", "bot"} <= set(shown)
    for name in shown:
        assert re.search(rf"\b{name}\b", banner), (name, banner)


@pytest.mark.parametrize("group", ["play", "hanabi", "koikoi", "ikebana"])
def test_a_group_without_a_command_shows_its_help_once(group: str) -> None:
    code, output = invoke(group)
    assert code == 0
    assert output.count("Usage:") == 1


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["dance"], "No such command 'dance'"),
        (["play", "chess"], "No such command 'chess'"),
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "koikoi", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "koikoi", "--games", "0"], "--games"),
        (["simulate", "koikoi", "-o", "novalue"], "is not KEY=VALUE"),
        (["simulate", "koikoi", "-o", "colour=blue"], "colour"),
        (["bench", "hanabi", "--players", "9"], "'players' must be in 2..5"),
        (["replay", "/no/such/file.json"], "cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], complaint: str) -> None:
    code, output = invoke(*args)
    assert code == 2
    assert complaint in output
    assert "Traceback" not in output


def test_replay_of_a_broken_file_names_the_problem(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    code, output = invoke("replay", str(broken))
    assert code == 2
    assert "is not JSON" in output
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "koikoi", "options": {}, "players": ["a", "b"],
                                 "actions": ["fly away"], "seed": 1}))
    code, output = invoke("replay", str(wrong))
    assert code == 2
    assert "record move 1 'fly away'" in output


def test_replay_shows_every_move_and_the_result(tmp_path: Path) -> None:
    state = cardgames.new_game("koikoi", seed=3)
    record = play(state, [RandomAgent(1), RandomAgent(2)])
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    code, output = invoke("replay", str(path))
    assert code == 0, output
    assert f"{len(record.actions):>4}. " in output
    first, second = state.scores()
    assert f"P1 {first} – P2 {second}" in output  # the game's own final summary


def test_simulate_reports_and_writes_records(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    code, output = invoke(
        "simulate", "ikebana", "--games", "4", "--bots", "random", "--seed", "5",
        "--out", str(out),
    )
    assert code == 0, output
    assert "4 games of ikebana" in output
    assert "win rate" in output
    lines = out.read_text().splitlines()
    assert len(lines) == 4
    first = cardgames.replay(cardgames.Record.from_json(lines[0]))
    assert first.is_over
    assert first.seed == 5


def test_simulate_with_workers_matches_one_process(tmp_path: Path) -> None:
    one, many = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    assert invoke("simulate", "hanabi", "-n", "6", "--out", str(one))[0] == 0
    assert invoke("simulate", "hanabi", "-n", "6", "-w", "2", "--out", str(many))[0] == 0
    assert one.read_text() == many.read_text()


def test_bench_prints_rates() -> None:
    code, output = invoke("bench", "koikoi", "--seconds", "0.2")
    assert code == 0
    assert "moves/s" in output


def test_replay_picks_a_record_from_json_lines(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    assert invoke("simulate", "koikoi", "-n", "3", "--seed", "9", "--out", str(games))[0] == 0
    code, output = invoke("replay", str(games), "--index", "2", "--no-moves")
    assert code == 0, output
    assert "(record 2 of 3)" in output
    second = cardgames.replay(cardgames.Record.from_json(games.read_text().splitlines()[1]))
    first_total, second_total = second.scores()
    assert f"P1 {first_total} – P2 {second_total}" in output
    code, output = invoke("replay", str(games), "--index", "4")
    assert code == 2
    assert "--index 4 is past the end" in output
    assert "holds 3 record(s)" in output


@pytest.mark.parametrize("game", ["koikoi", "hanabi", "ikebana"])
def test_replay_of_an_unfinished_game_says_so_and_shows_the_position(
    tmp_path: Path, game: str
) -> None:
    state = cardgames.new_game(game, seed=4)
    agents = [RandomAgent(seat) for seat in range(len(state.players))]
    for _ in range(5):
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    path = tmp_path / "unfinished.json"
    path.write_text(state.record().to_json())
    code, output = invoke("replay", str(path))
    assert code == 0, output
    to_move = state.players[state.current_player or 0]
    assert f"The game is unfinished after 5 moves; {to_move} to move." in output
    for verdict in ("Match drawn", "Final score", "share the victory", "wins", "Final prestige"):
        assert verdict not in output
    # The position follows, drawn as the game draws its table.
    ui = cardgames.get_game(game).load_cli().UI
    console = Console(record=True, width=80)
    console.print(ui.render(state, state.current_player))
    table_line = next(line for line in console.export_text().splitlines() if line.strip())
    assert table_line.strip() in output


def test_simulate_refuses_a_bot_list_that_does_not_fit_the_seats() -> None:
    code, output = invoke("simulate", "ikebana", "--players", "3", "--bots", "greedy,random")
    assert code == 2
    assert "--bots names 2 bots for 3 seats" in output
    code, output = invoke("simulate", "ikebana", "-p", "3", "--bots", "greedy,random,random",
                          "-n", "3")
    assert code == 0, output


def test_simulate_records_name_the_bot_in_every_seat_and_the_summary_keeps_seat_order(
    tmp_path: Path,
) -> None:
    out = tmp_path / "games.jsonl"
    code, output = invoke("simulate", "koikoi", "--bots", "random,greedy", "-n", "4",
                          "--out", str(out))
    assert code == 0, output
    for index, line in enumerate(out.read_text().splitlines()):
        bots = cardgames.Record.from_json(line).meta["bots"]
        # The bots rotate through the seats game by game.
        assert bots == (["random", "greedy"] if index % 2 == 0 else ["greedy", "random"])
    rows = [line.split()[0] for line in output.splitlines() if line.split()[:1] in
            (["random"], ["greedy"])]
    assert rows == ["random", "greedy"]
    code, output = invoke("simulate", "koikoi", "--bots", "greedy,random", "-n", "2")
    rows = [line.split()[0] for line in output.splitlines() if line.split()[:1] in
            (["random"], ["greedy"])]
    assert rows == ["greedy", "random"]


@pytest.mark.parametrize("command", ["simulate", "bench"])
@pytest.mark.parametrize("pair", ["players=3", "seed=4", "names=a"])
def test_flags_given_as_options_are_refused_clearly(command: str, pair: str) -> None:
    code, output = invoke(command, "ikebana", "-o", pair, *(["--seconds", "0.1"]
                                                            if command == "bench" else []))
    assert code == 2
    key = pair.split("=")[0]
    if key == "names":  # the commands have no --names flag to point to
        assert "-o names=... is not a game option\n" in output
    else:
        assert f"-o {key}=... is not a game option: use --{key}" in output


def test_help_imports_no_game() -> None:
    probe = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from cardgames.cli import app\n"
        "result = CliRunner().invoke(app, ['--help'])\n"
        "assert result.exit_code == 0, result.output\n"
        "assert 'koikoi' in result.output\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[:2] in ("
        "['cardgames', 'hanabi'], ['cardgames', 'koikoi'], ['cardgames', 'ikebana']))\n"
        "print(loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


SHARED_PLAY_FLAGS = (
    "--players", "--seat", "--bot", "--seed", "--option", "--resume", "--save", "--autoplay",
)


@pytest.mark.parametrize(("game", "rule_set"),
                         [("koikoi", "--preset"), ("hanabi", "--variant"), ("ikebana", "--preset")])
def test_every_play_command_takes_the_same_flags(game: str, rule_set: str) -> None:
    for path in (["play", game], [game, "play"]):
        code, output = invoke(*path, "--help")
        assert code == 0, output
        for flag in (*SHARED_PLAY_FLAGS, rule_set):
            assert flag in output, (path, flag)


def test_list_gives_a_fixed_player_count_as_one_number() -> None:
    code, output = invoke("list")
    assert code == 0
    rows = {line.split()[0]: line for line in output.splitlines() if line.strip()}
    assert "2 players" in rows["koikoi"]
    assert "2–2" not in output
    assert "2–5 players" in rows["hanabi"]


@pytest.mark.parametrize("game", ["koikoi", "hanabi", "ikebana"])
def test_the_option_example_in_play_help_is_one_the_game_accepts(game: str) -> None:
    info = cardgames.get_game(game)
    result = runner.invoke(app, ["play", game, "--help"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    example = re.search(r"e\.g\. -o (\w+)=(\w+)", result.output)
    assert example is not None, result.output
    key, value = example.groups()
    # Not Koi-Koi's rounds=6 everywhere: Hanabi has no rounds.
    info.make_options(**{key: value})


def _command_paths() -> list[list[str]]:
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    paths = [[]] + [[name] for name in root.commands if name != "play"]
    for game in cardgames.registry.names():
        paths.append(["play", game])
        group = typer.main.get_group(cardgames.get_game(game).load_cli().app)
        paths += [[game]] + [[game, name] for name in group.commands]
    return paths


def test_help_shows_no_type_after_a_flag() -> None:
    for path in _command_paths():
        code, output = invoke(*path, "--help")
        assert code == 0, (path, output)
        assert "<bool>" not in output, path
    # A value still shows its type.
    assert "<int>" in invoke("play", "koikoi", "--help")[1]


def test_a_bad_option_pair_suggests_no_other_games_option() -> None:
    code, output = invoke("simulate", "hanabi", "-o", "novalue")
    assert code == 2
    assert "is not KEY=VALUE" in output
    assert "rounds" not in output
