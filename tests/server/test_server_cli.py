"""``cardgames server``: a bad database is one error line, another host a warning; the
default database is a SQLite file in the data folder (the process tests run the command)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli import app


@pytest.mark.parametrize("db", ["nosuch://x", "/proc/no/such/folder/server.db"])
def test_a_database_that_cannot_open_is_one_error_line(db: str) -> None:
    result = CliRunner().invoke(app, ["server", "--host", "0.0.0.0", "--db", db])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines[0] == "warning: serving on 0.0.0.0: other machines can connect"
    assert lines[1].startswith("error: cannot open the database")
    assert "--db takes a SQLite file or a URL" in lines[1]
    assert "Traceback" not in result.output


def test_the_default_database_is_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[tuple[str, int, str]] = []
    monkeypatch.setattr("cardgames.server.app.serve",
                        lambda host, port, settings: served.append((host, port, settings.db)))
    result = CliRunner().invoke(app, ["server", "--port", "9999"])
    assert result.exit_code == 0, result.output
    home = tmp_path / "home"  # the autouse fixture's CARDGAMES_HOME
    assert served == [("127.0.0.1", 9999, f"sqlite:///{home / 'server.db'}")]
    assert (home / "server.db").exists()
    assert "warning" not in result.output
