"""Settings every test gets."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _saved_games_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test ever writes saved games into the real home directory."""
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path / "home"))


@pytest.fixture
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal wide enough (200 columns) that rich never wraps a line a test looks for.

    Command-line test modules use it with ``pytestmark = pytest.mark.usefixtures(...)``.
    """
    monkeypatch.setenv("COLUMNS", "200")
