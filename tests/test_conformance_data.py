"""The conformance-data guard: skip on a bare machine, fail in CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance_data import needs


def test_a_missing_folder_fails_in_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = tmp_path / "nowhere"
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="nowhere is missing"):
        needs(missing)


def test_a_missing_folder_skips_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    mark = needs(tmp_path / "nowhere")
    assert mark.name == "skip"
    assert needs(tmp_path).name == "conformance_data"
