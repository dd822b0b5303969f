"""Random flag sets to every command (CliRunner on the real root app): exit code 0 or 2,
one error line, never a traceback, and a refused command leaves the files it names alone."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import strategies as st
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app
from cardgames.session import HUMAN, SavedGame, save_session
from fuzz.kit import PROFILES, assert_one_error_line, fuzz

HOSTILE = ["", " ", "x", "²", "٣", "-1", "0", "1.5", "nan", "inf", "9" * 30, "\x00", "é",
           "a=b", "=", "--", "-", "a" * 300, "\n", "[red]x[/]", "players=3", "seed=1",
           "names=a,b", "deck=5", "options=x"]
"""Values no flag should crash on."""

VALUES: dict[str, list[str]] = {
    "games": ["1", "2", "0", "-3"],  # never huge: a valid huge count runs for hours
    "seconds": ["0.1", "0.05", "0", "-1", "inf", "nan", "1e400", "86401"],
    "workers": ["1", "0", "65", "-1", "1000000"],
    "players": ["1", "2", "3", "5", "6", "99999999999999999999999"],
    "seat": ["1", "2", "0", "9"],
    "seed": ["0", "7", "-5", "2" * 40],
    "index": ["1", "2", "0", "99"],
    "bots": ["random", "greedy", "random,greedy", "genius", ",", "random," * 6],
    "bot": ["random", "greedy", "random,random", "genius"],
    "preset": ["standard", "rainbow", "classic", "quick", "6-suits", "black-powder+rainbow",
               "nope"],
    "rules": ["standard", "classic", "nope"],
    "option": ["rounds=1", "rounds=x", "hand_size=4", "variant=rainbow", "clue_tokens=2",
               "sixth_colour=on", "koikoi_with_empty_hand=yes", "x=y", "novalue"],
    "month": ["1", "12", "13", "jan", "x"],
    "cards": ["R1", "jan-crane", "1-1 2-1", "x", "R1 R2 R3 R4 R5"],
    "names": ["standard", "classic", "x"],
    "game": ["hanabi", "ikebana", "koikoi", "chess", ""],
}
"""Values that mean something to a flag of that name (the rest come from HOSTILE)."""

FILE_FLAGS = {"file", "record", "export", "resume", "save", "output", "out_file"}
WRITTEN = {"save", "output", "out_file"}
"""Flags naming a file to write: never /dev/null (a regression would replace the device)."""

LONG_RUNNING = {"server", "join"}
"""Commands that run until stopped (the server; join, a game at a server's table): a flag
set that starts one never ends (join's bad input: tests/server/test_join.py)."""


def every_command() -> list[tuple[list[str], Any]]:
    """(words to reach it, the click command) for every command a user can run."""
    root = typer.main.get_command(app)
    found: list[tuple[list[str], Any]] = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        if name != "play" and name not in LONG_RUNNING:
            found.append(([name], command))
    for game in cardgames.registry.names():
        group = typer.main.get_command(cardgames.get_game(game).load_cli().app)
        for name, command in group.commands.items():  # type: ignore[attr-defined]
            found.append(([game, name], command))
            if name == "play":
                found.append((["play", game], command))
    return found


COMMANDS = every_command()

pytestmark = pytest.mark.usefixtures("wide_terminal")


def make_files(folder: Path) -> dict[str, Path]:
    """Files the flags may name: good ones, damaged ones, and things that are no files."""
    files: dict[str, Path] = {}
    for game in ("hanabi", "koikoi", "ikebana"):
        state = cardgames.new_game(game, seed=4)
        for _ in range(3):
            state.apply(state.legal_actions()[0])
        files[f"{game}-save"] = folder / f"{game}-save.json"
        save_session(files[f"{game}-save"], SavedGame(state, (HUMAN, *["random"] * (
            len(state.players) - 1)), 4))
    files["bytes"] = folder / "bytes.json"
    files["bytes"].write_bytes(b"\xff\xfe{" + os.urandom(50))
    files["deep"] = folder / "deep.json"
    files["deep"].write_text("[" * 5000 + "]" * 5000)
    files["lines"] = folder / "lines.jsonl"
    files["lines"].write_text(files["koikoi-save"].read_text() * 2)
    files["empty"] = folder / "empty.json"
    files["empty"].write_text("")
    files["folder"] = folder
    files["missing"] = folder / "missing" / "x.json"
    files["new"] = folder / "new.json"
    files["null"] = Path("/dev/null")
    return files


@st.composite
def flag_sets(draw: st.DrawFn, files: dict[str, Path]) -> list[str]:
    words, command = draw(st.sampled_from(COMMANDS))
    args = list(words)
    file_values = st.sampled_from(sorted(str(path) for path in files.values()))
    written = st.sampled_from(sorted(str(path) for name, path in files.items() if name != "null"))
    for param in command.params:
        if param.param_type_name == "argument":
            chosen = (file_values if param.name in FILE_FLAGS else
                      st.sampled_from(VALUES.get(param.name, []) + HOSTILE))
            if draw(st.integers(0, 9)):  # mostly given, sometimes missing
                args.append(draw(chosen))
            continue
        if not draw(st.booleans()):
            continue
        if getattr(param, "is_flag", False):
            args.append(draw(st.sampled_from([*param.opts, *param.secondary_opts])))
            continue
        if param.name in FILE_FLAGS:
            value = draw(written if param.name in WRITTEN else file_values)
        else:
            value = draw(st.sampled_from(VALUES.get(param.name, []) + HOSTILE))
        args += [draw(st.sampled_from(param.opts)), value]
    if draw(st.integers(0, 9)) == 0:  # an unknown flag, a stray word
        args.insert(draw(st.integers(0, len(args))), draw(st.sampled_from(
            ["--nope", "-z", "extra", "--players", "--", "--help"])))
    return args


@pytest.mark.parametrize("profile", PROFILES)
def test_random_flag_sets_to_every_command(profile: str) -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        files = make_files(Path(folder))
        regular = {name: path for name, path in files.items() if path.is_file()}
        originals = {name: path.read_bytes() for name, path in regular.items()}

        def check(args: list[str]) -> None:
            result = runner.invoke(app, args, input="help\nmoves\nquit\n")
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                raise AssertionError(f"cardgames {args}: {result.exception!r}") from (
                    result.exception)
            assert_one_error_line(result.exit_code, result.output, f"cardgames {args}")
            for name, data in originals.items():
                if regular[name].read_bytes() == data:
                    continue
                # Only a command that worked writes: --save, --out, --output or a quit game
                # saved again. Put the original back for the next case.
                assert result.exit_code == 0, f"the refused cardgames {args} changed {name}"
                regular[name].write_bytes(data)
            for stray in ("new", "missing"):
                files[stray].unlink(missing_ok=True)

        fuzz(profile, "flag sets", flag_sets(files), check, short=250)
