"""Settings every test gets."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import cardgames
from cardgames.core.registry import Registry

# Hypothesis's per-example deadline (200 ms) and its too-slow health check (data drawn for
# over a second) are timed assertions: on a busy machine they fail for the load, not the code.
# Neither holds for any property; a test's own `@settings` inherit this.
settings.register_profile("cardgames", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cardgames")


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


@pytest.fixture
def tiny_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny game (``tests/tinygame``) installed as a plug-in, as ``pip install`` would.

    An installed distribution is a ``.dist-info`` folder on the path; its ``entry_points.txt``
    names the game's GameInfo in the group ``cardgames.games``. ``cardgames.registry`` is
    replaced by a fresh one holding only the built-in games, so the entry points are read
    again, as in a new process. Returns the folder that holds the distribution (put it on
    PYTHONPATH to install the game in a new process).
    """
    site = tmp_path / "site-packages"
    info = site / "tiny_plugin-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-plugin\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[cardgames.games]\ntiny = tinygame:GAME\n")
    monkeypatch.syspath_prepend(str(site))
    registry = Registry(dict(cardgames.registry.targets))
    assert "tiny" not in registry.targets, "the tiny game must come from its entry point only"
    monkeypatch.setattr(cardgames, "registry", registry)
    return site
