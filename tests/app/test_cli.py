"""``cardgames play`` picks the app at a terminal; ``cardgames serve`` answers on loopback."""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames import commands
from cardgames.app import play_in_app
from cardgames.app.serve import app_command, is_loopback
from cardgames.cli import app


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
    assert is_loopback("127.0.0.1")
    assert is_loopback("::1")
    assert is_loopback("localhost")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("example.org")
    assert app_command("hanabi").endswith("-m cardgames.app --game hanabi")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_serve_answers_with_the_page_on_loopback(tmp_path: Path) -> None:
    import textual_serve  # noqa: F401, PLC0415  # the app extra (dev has it): fails, not skips, without it
    port = _free_port()
    env = {**os.environ, "CARDGAMES_HOME": str(tmp_path)}
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )
    try:
        page = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    assert answer.status == 200
                    page = answer.read().decode("utf-8")
                    break
            except OSError:
                time.sleep(0.2)
        assert "cardgames" in page
        assert "<html" in page.lower()
        # Nothing from the internet: the page works offline and tells no third party.
        fetched = re.findall(r"""(?:href|src)="([^"]+)"|url\(["']?([^"')]+)""", page)
        addresses = [one or other for one, other in fetched]
        assert addresses, page
        assert not [a for a in addresses if re.match(r"(https?:)?//", a)
                    and not a.startswith(f"http://127.0.0.1:{port}/")], addresses
        font = next(a for a in addresses if a.endswith(".ttf"))
        url = font if font.startswith("http") else f"http://127.0.0.1:{port}{font}"
        with urllib.request.urlopen(url, timeout=5) as answer:
            assert answer.status == 200
            assert len(answer.read()) > 10_000
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_without_textual_serve_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec",
        lambda name, *rest: None if name == "textual_serve" else real(name, *rest),
    )
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "cardgames-engines[app]" in result.output
