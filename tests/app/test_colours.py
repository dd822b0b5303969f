"""Koi-Koi's month colours: twelve that are told apart at a glance, each with readable text
on it and standing out from the screen (issue 22, point 6: April, July and December, and
February, March and June, were near-identical)."""

from __future__ import annotations

import itertools
import re

from textual.design import DEFAULT_DARK_SURFACE

from cardgames.app.games.koikoi import ADAPTER

STYLESHEET = ADAPTER.stylesheet
assert STYLESHEET is not None
TCSS = STYLESHEET.read_text(encoding="utf-8")
"""The Koi-Koi table's own stylesheet (its adapter's), where the months' colours are."""

DISTINCT = 25.0
"""The least colour difference (CIE76 ΔE) between two months: about 2.3 is the smallest a
person notices side by side; 25 is a different colour, not a shade."""
READABLE = 4.5
"""The least contrast of a tile's text on its colour (WCAG AA for normal text)."""


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _linear(colour: str) -> tuple[float, float, float]:
    digits = colour.lstrip("#")
    r, g, b = (_channel(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    return r, g, b


def _luminance(colour: str) -> float:
    r, g, b = _linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(first: str, second: str) -> float:
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _lab(colour: str) -> tuple[float, float, float]:
    r, g, b = _linear(colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _difference(first: str, second: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(_lab(first), _lab(second), strict=True)) ** 0.5


def _months() -> dict[int, tuple[str, str]]:
    found = {
        int(month): (background, text)
        for month, background, text in re.findall(
            r"\.month-(\d+) \{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6}); \}", TCSS
        )
    }
    assert sorted(found) == list(range(1, 13)), found
    return found


def test_the_twelve_months_are_far_apart() -> None:
    months = _months()
    close = [
        (a, b, round(_difference(months[a][0], months[b][0]), 1))
        for a, b in itertools.combinations(months, 2)
        if _difference(months[a][0], months[b][0]) < DISTINCT
    ]
    assert not close, close


def test_each_month_has_readable_text_and_stands_out_from_the_screen() -> None:
    surface = DEFAULT_DARK_SURFACE
    for month, (background, text) in _months().items():
        assert _contrast(background, text) >= READABLE, (month, background, text)
        assert _difference(background, surface) >= DISTINCT / 2, (month, background)


def test_the_measure_tells_the_old_near_identical_colours_apart() -> None:
    # The colours the issue found too close (April #6a4c93 and December #5a4a7a) fail it.
    assert _difference("#6a4c93", "#5a4a7a") < DISTINCT
