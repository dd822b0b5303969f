"""``cardgames play`` picks the app at a terminal; ``cardgames serve`` says where it went."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.app import play_in_app
from cardgames.cli import app, commands


class _Terminal:
    """A stand-in stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_app_runs_only_at_a_terminal_without_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr(sys, "stdout", _Terminal())
    assert commands.full_screen() is play_in_app
    assert commands.full_screen(plain=True) is None
    monkeypatch.setattr(sys, "stdin", None)
    assert commands.full_screen() is None


def test_play_hands_the_session_to_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[Any] = []

    def fake_app(info: Any, session: Any, *, save_path: Path, console: Any) -> int:
        started.append((info.name, session.seats, save_path))
        return 0

    monkeypatch.setattr(commands, "full_screen", lambda plain=False: None if plain else fake_app)
    save = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "ikebana", "--seed", "3", "--save", str(save)])
    assert result.exit_code == 0, result.output
    assert started == [("ikebana", ("human", "greedy"), save)]
    piped = CliRunner().invoke(
        app, ["play", "ikebana", "--seed", "3", "--plain", "--save", str(save)], input="quit\n"
    )
    assert piped.exit_code == 0, piped.output
    assert "quit: game saved to" in piped.output
    assert len(started) == 1


def test_loopback_addresses() -> None:
    is_loopback = commands.is_loopback
    assert is_loopback("127.0.0.1")
    assert is_loopback("::1")
    assert is_loopback("localhost")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("example.org")


@pytest.mark.parametrize("arguments", [[], ["--port", "8000", "--host", "0.0.0.0"]])
def test_serve_is_gone_and_says_where(arguments: list[str]) -> None:
    result = CliRunner().invoke(app, ["serve", *arguments])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert "`cardgames server` serves the web table" in result.output
    assert "`cardgames join URL`" in result.output
    listed = CliRunner().invoke(app, ["--help"]).output
    assert " serve " not in listed
    assert " server " in listed
