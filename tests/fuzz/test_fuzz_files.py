"""Damaged records, saves and exports to every reader: truncated at every byte, flipped bytes,
bad encodings, wrong types, deep nesting, huge numbers. The API raises RecordError and
nothing else; the commands say one line with exit code 2; the damaged file is left alone."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app
from cardgames.core.errors import CardgamesError, RecordError
from cardgames.core.record import Record, read_records
from cardgames.hanabi.hanablive import from_hanablive, to_hanablive
from cardgames.session import HUMAN, SavedGame, load_session, save_session
from fuzz.kit import PROFILES, assert_one_error_line, fuzz

GAMES = sorted(cardgames.registry.names())

pytestmark = pytest.mark.usefixtures("wide_terminal")


def good_documents() -> dict[str, bytes]:
    """A finished record, an unfinished save of every game, and a hanab.live export."""
    documents: dict[str, bytes] = {}
    for game in GAMES:
        state = cardgames.new_game(game, seed=21)
        for _ in range(4):
            state.apply(state.legal_actions()[0])
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "save.json"
            seats = (HUMAN, *["random"] * (len(state.players) - 1))
            save_session(path, SavedGame(state, seats, 21))
            documents[f"{game}-save"] = path.read_bytes()
        while not state.is_over:
            state.apply(state.legal_actions()[-1])
        documents[f"{game}-record"] = state.record().to_json().encode()
        if game == "hanabi":
            documents["hanabi-export"] = json.dumps(to_hanablive(state)).encode()
    return documents


DOCUMENTS = good_documents()

HOSTILE_JSON = [
    "null", "true", "-1", "0", "1.5", "1e400", "-1e400", "\"\"", "\"x\"", "\"²\"", "[]", "{}",
    "[null]", "{\"\": null}", "9" * 5000, "-" + "9" * 300, "\"" + "x" * 100_000 + "\"",
    "[" * 200 + "]" * 200, "{\"a\":" * 100 + "1" + "}" * 100, "NaN", "Infinity",
    "\"a\\nb\"", "\"\\ud800\"", "[[\"human\"], \"random\"]", "{\"seats\": null}",
]
"""JSON values to put anywhere in a document."""


def paths_of(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in parsed JSON, as the keys and indexes leading to it."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_of(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:30]):
            found += paths_of(value, (*prefix, index))
    return found


def replaced(text: str, path: tuple[Any, ...], value: str, delete: bool) -> bytes:
    """`text` with the JSON at `path` replaced by the literal `value` (or its key removed)."""
    marker = "\x00MARK\x00"
    data = json.loads(text)
    if not path:
        return value.encode()
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
        return json.dumps(data).encode()
    parent[path[-1]] = marker
    return json.dumps(data).replace(json.dumps(marker), value).encode()


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, bytes]:
    """(which document, its damaged bytes)."""
    name = draw(st.sampled_from(sorted(DOCUMENTS)))
    data = DOCUMENTS[name]
    how = draw(st.sampled_from(["truncate", "flip", "encoding", "value", "value", "value"]))
    if how == "truncate":
        return name, data[: draw(st.integers(0, len(data) - 1))]
    if how == "flip":
        changed = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            changed[draw(st.integers(0, len(data) - 1))] ^= draw(st.integers(1, 255))
        return name, bytes(changed)
    if how == "encoding":
        at = draw(st.integers(0, len(data)))
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf"]))
        return name, data[:at] + bad + data[at:]
    text = data.decode()
    path = draw(st.sampled_from(paths_of(json.loads(text))))
    return name, replaced(text, path, draw(st.sampled_from(HOSTILE_JSON)), draw(st.booleans()))


def only_record_errors(call: Callable[[], Any], what: str) -> None:
    """`call` returns or raises RecordError (a CardgamesError for a record that replays into
    options or moves the game refuses); any other exception fails."""
    message = ""
    try:
        call()
    except CardgamesError as exc:
        message = str(exc)
    except Exception as exc:
        raise AssertionError(f"{what} leaks {type(exc).__name__}: {exc}") from exc
    assert "\n" not in message, f"{what}: a message of several lines: {message}"


def read_with_the_api(name: str, data: bytes, path: Path) -> None:
    game = name.split("-")[0]
    info = cardgames.get_game(game)
    text = data.decode("utf-8", errors="surrogateescape")
    only_record_errors(lambda: Record.from_json(text), f"{name}: Record.from_json")
    only_record_errors(lambda: list(read_records([text, text])), f"{name}: read_records")
    only_record_errors(lambda: cardgames.replay(Record.from_json(text)), f"{name}: replay")
    path.write_bytes(data)
    only_record_errors(lambda: load_session(path, info), f"{name}: load_session")
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        return
    only_record_errors(lambda: from_hanablive(parsed), f"{name}: from_hanablive")
    try:
        Record.from_dict(parsed)
    except RecordError:
        return
    only_record_errors(lambda: Record.from_dict(parsed), f"{name}: Record.from_dict")


@pytest.mark.parametrize("profile", PROFILES)
def test_damaged_files_to_every_api_reader(profile: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.json"
        fuzz(profile, "damaged files (API)",
             damaged(), lambda case: read_with_the_api(*case, path), short=500)


@pytest.mark.parametrize("profile", PROFILES)
def test_damaged_files_to_every_command(profile: str) -> None:
    runner = CliRunner()

    def check(case: tuple[str, bytes]) -> None:
        name, data = case
        game = name.split("-")[0]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "damaged.json"
            path.write_bytes(data)
            commands = [["replay", str(path)], ["play", game, "--resume", str(path)]]
            if game == "hanabi":
                commands += [["hanabi", "export-hanablive", str(path)],
                             ["hanabi", "import-hanablive", str(path)]]
            for args in commands:
                result = runner.invoke(app, args, input="quit\n")
                if result.exception is not None and not isinstance(
                    result.exception, SystemExit
                ):
                    raise AssertionError(f"cardgames {args}: {result.exception!r}") from (
                        result.exception)
                assert_one_error_line(result.exit_code, result.output, f"cardgames {args}")
                if result.exit_code == 2:
                    assert path.read_bytes() == data, f"the refused cardgames {args} wrote it"
                else:
                    path.write_bytes(data)  # a resumed game quit and saved: damage it again

    fuzz(profile, "damaged files (commands)", damaged(), check, short=80)


@pytest.mark.parametrize("name", sorted(n for n in DOCUMENTS if n.endswith("-save")))
def test_a_save_truncated_at_every_byte_is_refused_cleanly(name: str, tmp_path: Path) -> None:
    data = DOCUMENTS[name]
    info = cardgames.get_game(name.split("-")[0])
    path = tmp_path / "save.json"
    for end in range(len(data)):
        path.write_bytes(data[:end])
        if data[:end].strip() and data[:end].rstrip() == data.rstrip():
            continue  # only the trailing newline is gone: still the whole save
        with pytest.raises(RecordError):
            load_session(path, info)
        assert path.read_bytes() == data[:end]
