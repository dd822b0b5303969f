"""Regression tests of issue 11 (reliability) at the command line and the terminal session.

Each test names its item of the issue. The API-level items are in tests/core/test_reliability.py
and the fuzzing that keeps the promise in general in tests/fuzz/.
"""

from __future__ import annotations

import errno
import importlib.abc
import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardgames
import cardgames.cli.commands as commands
import cardgames.session as session_module
from cardgames import __main__ as entry
from cardgames.cli import app
from cardgames.core.limits import MAX_LINE
from cardgames.hanabi.hanablive import to_hanablive
from cardgames.session import (
    HUMAN,
    SavedGame,
    SaveLock,
    load_session,
    lock_path,
    save_session,
    write_atomically,
)
from cardgames.terminal import run_session

pytestmark = pytest.mark.usefixtures("wide_terminal")

runner = CliRunner()


def invoke(*args: str, stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def one_error_line(code: int, output: str) -> str:
    """The error line of a refused command (exit code 2, one line, no traceback)."""
    assert code == 2, output
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.startswith("error: ")]
    assert len(lines) == 1, output
    return lines[0]


def saved_hanabi(path: Path, moves: int = 2) -> SavedGame[Any]:
    state = cardgames.new_game("hanabi", players=2, seed=11)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    session: SavedGame[Any] = SavedGame(state, (HUMAN, "random"), 11)
    save_session(path, session)
    return session


def session_screen(
    game: str, lines: str, save: Path | None, seed: int = 11
) -> tuple[int, str, SavedGame[Any]]:
    info = cardgames.get_game(game)
    state = info.new_game(None, seed)
    seats = (HUMAN, *["random"] * (len(state.players) - 1))
    session: SavedGame[Any] = SavedGame(state, seats, seed)
    screen = io.StringIO()
    code = run_session(
        info, info.load_cli().UI, session, save_path=save,
        console=Console(file=screen, width=200), input_stream=io.StringIO(lines),
    )
    return code, screen.getvalue(), session


# ------------------------------------------------------------ item 1: a failed autosave
def no_space(path: Path, session: SavedGame[Any]) -> None:
    raise OSError(errno.ENOSPC, "No space left on device", str(path))


def test_a_failed_autosave_moves_the_game_to_the_default_save_folder(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    code, screen, session = session_screen("hanabi", "quit\n", blocked / "game.json")
    assert code == 0
    home = Path(os.environ["CARDGAMES_HOME"]) / "saves" / "hanabi-11.json"
    assert f"the game is saved to {home} instead" in screen
    assert f"quit: game saved to {home}" in screen
    assert load_session(home, cardgames.get_game("hanabi")).state == session.state


def test_a_game_that_cannot_be_saved_says_so_and_offers_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_save = session_module.save_session
    elsewhere = tmp_path / "elsewhere.json"

    def only_elsewhere(path: Path, session: SavedGame[Any]) -> None:
        if path != elsewhere:
            no_space(path, session)
        real_save(path, session)

    monkeypatch.setattr(session_module, "save_session", only_elsewhere)
    code, screen, session = session_screen(
        "hanabi", f"quit\n{elsewhere}\n", tmp_path / "game.json"
    )
    assert code == 0
    assert "the game is NOT saved (cannot write" in screen
    assert "No space left on device" in screen
    assert "Type a file to save it to" in screen
    assert f"quit: game saved to {elsewhere}" in screen
    assert load_session(elsewhere, cardgames.get_game("hanabi")).state == session.state


@pytest.mark.parametrize("leave", ["quit\n\n", "quit\n", ""])
def test_a_lost_game_is_never_reported_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leave: str
) -> None:
    monkeypatch.setattr(session_module, "save_session", no_space)
    code, screen, _ = session_screen("ikebana", leave, tmp_path / "game.json")
    assert code == 2
    assert "game saved" not in screen
    assert "the game is NOT saved (cannot write" in screen.splitlines()[-1]


# --------------------------------------------------------- item 2: non-UTF-8 bytes in files
def test_a_save_with_a_bad_byte_is_one_line(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    saved_hanabi(save)
    data = save.read_bytes()
    save.write_bytes(data[:30] + b"\xff" + data[31:])
    line = one_error_line(*invoke("play", "hanabi", "--resume", str(save)))
    assert "is not UTF-8 text (byte 30 is 0xff)" in line


@pytest.mark.parametrize("command", ["export-hanablive", "import-hanablive"])
def test_hanablive_conversions_of_a_bad_byte_are_one_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(b'{"players": ["a\xc3", "b"]}')
    line = one_error_line(*invoke("hanabi", command, str(path)))
    assert "is not UTF-8 text" in line


# ------------------------------------------- item 3: Unicode digits and huge numbers typed
@pytest.mark.parametrize(
    ("game", "typed"),
    [
        ("hanabi", "play ²"),
        ("hanabi", "clue ① red"),
        ("hanabi", "clue 2 ¹"),
        ("hanabi", "discard ①"),
        ("hanabi", "play " + "9" * 5000),
        ("ikebana", "buy ²"),
    ],
    ids=lambda value: value[:12],
)
def test_unicode_digits_at_the_prompt_re_prompt(tmp_path: Path, game: str, typed: str) -> None:
    code, screen, session = session_screen(game, typed + "\nquit\n", tmp_path / "g.json")
    assert code == 0
    assert session.state.move_count == 0 or game == "ikebana"  # Ikebana: bots moved first
    assert "quit: game saved" in screen


# --------------------------------------------------------- item 4: -o of the flags' words
@pytest.mark.parametrize("pair", ["players=3", "seed=4", "names=a,b", "deck=5", "options=x"])
@pytest.mark.parametrize(
    "command",
    [["simulate", "hanabi", "-n", "1"], ["bench", "hanabi", "--seconds", "0.1"],
     ["play", "hanabi", "--autoplay"]],
    ids=lambda command: command[0],
)
def test_the_flags_words_as_options_are_refused(command: list[str], pair: str) -> None:
    line = one_error_line(*invoke(*command, "-o", pair))
    assert f"-o {pair.split('=')[0]}=... is not a game option" in line


# ------------------------------------------------------ item 5: two processes, one save
def test_a_save_another_live_process_uses_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    saved_hanabi(save)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, pathlib; from cardgames.session import SaveLock; "
         "SaveLock(pathlib.Path(sys.argv[1])).acquire(); print('locked', flush=True); "
         "sys.stdin.read()", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "locked\n"
        before = save.read_bytes()
        line = one_error_line(*invoke("play", "hanabi", "--resume", str(save), stdin="quit\n"))
        assert f"is in use by process {holder.pid}" in line
        assert save.read_bytes() == before
    finally:
        holder.communicate("")
    # Once the owner has gone the save is free again.
    code, output = invoke("play", "hanabi", "--resume", str(save), stdin="quit\n")
    assert code == 0, output


def test_a_stale_lock_is_taken_over(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    saved_hanabi(save)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    lock_path(save).write_text(dead.stdout)
    code, output = invoke("play", "hanabi", "--resume", str(save), stdin="quit\n")
    assert code == 0, output
    assert "quit: game saved" in output
    assert not lock_path(save).exists()


def test_one_process_holds_a_save_once(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    session = saved_hanabi(save)
    lock = SaveLock(save)
    lock.acquire()
    try:
        with pytest.raises(cardgames.RecordError, match=f"in use by process {os.getpid()}"):
            run_session(cardgames.get_game("hanabi"), cardgames.get_game("hanabi").load_cli().UI,
                        session, save_path=save, input_stream=io.StringIO("quit\n"))
    finally:
        lock.release()


def test_two_default_saves_of_one_seed_never_share_a_file(tmp_path: Path) -> None:
    home = Path(os.environ["CARDGAMES_HOME"]) / "saves"
    lock = SaveLock(home / "koikoi-5.json")
    lock.acquire()  # another game with seed 5 is starting and has not saved yet
    try:
        code, output = invoke("play", "koikoi", "--seed", "5", stdin="quit\n")
    finally:
        lock.release()
    assert code == 0, output
    assert (home / "koikoi-5-2.json").exists()
    assert not (home / "koikoi-5.json").exists()


def test_writes_use_a_unique_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names: list[str] = []
    real_replace = os.replace

    def spy(source: Any, target: Any) -> None:
        names.append(str(source))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", spy)
    for text in ("one", "two"):
        write_atomically(tmp_path / "f.json", text)
    assert len(set(names)) == 2
    assert (tmp_path / "f.json").read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


# --------------------------------------------------------------- item 6: --save ''
def test_an_empty_save_name_is_one_line() -> None:
    line = one_error_line(*invoke("play", "hanabi", "--save", ""))
    assert "is not a file name" in line


# -------------------------------------------------- item 7: JSON the decoder cannot take
@pytest.mark.parametrize(
    "text",
    ["[" * 1000 + "]" * 1000, '{"game": "hanabi", "seed": ' + "9" * 5000 + "}"],
    ids=["deep", "huge-int"],
)
def test_replay_and_resume_of_undecodable_json_are_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    one_error_line(*invoke("replay", str(path)))
    one_error_line(*invoke("play", "hanabi", "--resume", str(path)))
    path.write_text(text + "\n" + text + "\n")
    one_error_line(*invoke("replay", str(path)))


# -------------------------------------------------- item 8: devices and symbolic links
def test_save_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, output = invoke("play", "hanabi", "--seed", "3", "--save", str(link), stdin="quit\n")
    assert code == 0, output
    assert link.is_symlink()
    assert load_session(real, cardgames.get_game("hanabi")).state.seed == 3


@pytest.mark.parametrize("target", ["pipe", "folder"])
def test_save_onto_a_device_or_folder_is_refused(tmp_path: Path, target: str) -> None:
    # A named pipe stands for a device: a regression must not replace the real /dev/null.
    path = tmp_path
    if target == "pipe":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    line = one_error_line(*invoke("play", "hanabi", "--save", str(path), stdin="quit\n"))
    assert "not a file" in line
    assert not path.is_file()


# -------------------------------------------------------- item 10: a save's seats
@pytest.mark.parametrize("seats", [[["human"], "random"], [1, 2], "human", None, ["human"]])
def test_a_save_with_broken_seats_is_one_line(tmp_path: Path, seats: Any) -> None:
    save = tmp_path / "game.json"
    saved_hanabi(save)
    data = json.loads(save.read_text())
    data["meta"]["session"]["seats"] = seats
    save.write_text(json.dumps(data))
    line = one_error_line(*invoke("play", "hanabi", "--resume", str(save)))
    assert "not a saved session" in line


# ---------------------------------------------------------------- item 12: the rest
def test_saves_are_fsynced_file_and_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(handle: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{handle}"))
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", spy)
    write_atomically(tmp_path / "f.json", "{}")
    assert any(name.endswith(".tmp") for name in synced)  # the data, before the rename
    assert str(tmp_path) in synced  # the folder, after it


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_that_cannot_show_unicode_does_not_crash(
    tmp_path: Path, encoding: str
) -> None:
    record = tmp_path / "game.json"
    state = cardgames.new_game("koikoi", seed=2)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record.write_text(state.record().to_json())
    env = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "100"}
    for args, stdin in [
        (["list"], ""),
        (["replay", str(record)], ""),
        (["play", "hanabi", "--seed", "1", "--save", str(tmp_path / "s.json")], "help\nquit\n"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "cardgames", *args], input=stdin.encode(), env=env,
            capture_output=True, timeout=60,
        )
        assert done.returncode == 0, done.stderr.decode(encoding)
        assert b"Traceback" not in done.stderr


def test_a_huge_line_at_the_prompt_is_refused_without_quoting_it(tmp_path: Path) -> None:
    code, screen, session = session_screen(
        "hanabi", "play " + "x" * (50 * MAX_LINE) + "\nquit\n", tmp_path / "g.json"
    )
    assert code == 0
    assert f"longer than {MAX_LINE:,} characters" in screen
    assert len(screen) < 20_000
    assert session.state.move_count == 0


def test_a_record_key_with_a_newline_gives_one_line(tmp_path: Path) -> None:
    record = cardgames.new_game("hanabi", seed=1).record().to_dict()
    record["options"]["bad\nkey"] = 1
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    line = one_error_line(*invoke("replay", str(path)))
    assert "bad\\nkey" in line


@pytest.mark.parametrize("seconds", ["inf", "nan", "-inf", "1e9"])
def test_bench_refuses_endless_seconds(seconds: str) -> None:
    one_error_line(*invoke("bench", "hanabi", "--seconds", seconds))


def test_workers_have_an_upper_bound() -> None:
    line = one_error_line(*invoke("simulate", "hanabi", "--workers", "65"))
    assert "--workers" in line


class InterruptImports(importlib.abc.MetaPathFinder):
    """Ctrl-C while the command line is being imported."""

    def find_spec(self, name: str, *args: Any) -> None:
        if name == "cardgames.cli":
            raise KeyboardInterrupt


def test_ctrl_c_while_starting_prints_no_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "cardgames.cli")
    monkeypatch.setattr(sys, "meta_path", [InterruptImports(), *sys.meta_path])
    with pytest.raises(SystemExit) as leaving:
        entry.main()
    assert leaving.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_ctrl_c_while_loading_a_game_prints_no_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(commands, "load_session", interrupted)
    code, output = invoke("play", "hanabi", "--resume", str(tmp_path / "x.json"))
    assert code in (1, 130)
    assert "Traceback" not in output


def test_replay_of_an_export_naming_a_player_unprintably_is_one_line(tmp_path: Path) -> None:
    state = cardgames.new_game("hanabi", seed=4)
    state.apply(state.legal_actions()[0])
    export = to_hanablive(state)
    export["players"][1] = "\ufeffPlayer 2"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert "printable" in one_error_line(*invoke("replay", str(path)))


def test_a_save_holding_half_a_surrogate_pair_is_one_line(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    saved_hanabi(save)
    save.write_text(save.read_text().replace('"style":"red"', '"style":"\\ud800"'))
    assert "surrogate" in one_error_line(*invoke("play", "hanabi", "--resume", str(save)))


def test_a_game_whose_text_utf8_cannot_hold_is_reported_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unencodable(path: Path, session: SavedGame[Any]) -> None:
        "\ud800".encode()

    monkeypatch.setattr(session_module, "save_session", unencodable)
    code, screen, _ = session_screen("koikoi", "", tmp_path / "game.json")
    assert code == 2
    assert "cannot be written as UTF-8" in screen
    assert "game saved" not in screen


@pytest.mark.parametrize(("command", "spec", "extras"), [
    (["server"], "fastapi", "server"), (["bot", "http://127.0.0.1:1", "--table", "t"],
                                        "websockets", "server"),
    (["join", "http://127.0.0.1:1", "--table", "t"], "textual", "app,server"),
])
def test_a_missing_extra_is_named_with_the_install_that_works_here(
        monkeypatch: pytest.MonkeyPatch, command: list[str], spec: str, extras: str) -> None:
    # From a checkout the published name does not install anything: the editable install of
    # the checkout does. An installed wheel (the package step tests one) names the extra.
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == spec else found(name, *rest))
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 2
    root = Path(cardgames.__file__).resolve().parents[2]
    project = root / "pyproject.toml"
    from_checkout = project.is_file() and 'name = "cardgames-engines"' in project.read_text(
        encoding="utf-8")
    wanted = (f"python -m pip install -e '{root}[{extras}]'" if from_checkout
              else f"pip install 'cardgames-engines[{extras}]'")
    assert wanted in " ".join(result.output.split())
