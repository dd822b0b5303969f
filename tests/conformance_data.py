"""Where the shared conformance data lives, and what a test does when it is missing.

The records are read from ``../shared/conformance`` beside the checkout (never copied into the
project). On a developer's machine without that folder the tests that need it are skipped;
in CI (``CI=true``) a missing folder fails the run, so a green CI always means they ran.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CONFORMANCE = Path(__file__).resolve().parents[1].parent / "shared" / "conformance"
"""``../shared/conformance`` beside the project's checkout."""


def in_ci() -> bool:
    """Whether the tests run in CI (``CI=true``, as .ci/run and most CI services set)."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def needs(folder: Path) -> pytest.MarkDecorator:
    """Mark a test (or a module, as ``pytestmark``) that reads `folder`.

    Present: the test runs. Absent: skipped locally, and in CI the collection fails with a
    line naming the folder.
    """
    if folder.is_dir():
        return pytest.mark.conformance_data
    if in_ci():
        pytest.fail(
            f"conformance data folder {folder} is missing; CI needs ../shared/conformance "
            "beside the checkout",
            pytrace=False,
        )
    return pytest.mark.skip(reason=f"conformance data folder {folder} is absent")
