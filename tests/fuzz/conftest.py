"""The fuzz tests' counts, printed at the end of a run that ran any."""

from __future__ import annotations

import pytest

from fuzz.kit import COUNTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    # Under xdist the workers keep their own counts; run the long profile without -n to see
    # them all (docs/testing.md).
    if COUNTS:
        terminalreporter.section("fuzz cases tried")
        for kind, count in sorted(COUNTS.items()):
            terminalreporter.write_line(f"{kind}: {count:,}")
