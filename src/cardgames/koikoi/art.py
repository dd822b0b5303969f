"""The 48 Hanafuda cards as SVG pictures, drawn from simple shapes (our own art).

Every card is its month's plant (pine, plum, cherry ... paulownia) with, on top, what its
kind shows: a bright's picture (the crane and its sun, the curtain, the moon, the rain man, the
phoenix) and a red disc in its corner, an animal, a ribbon (red with gold edges and writing
strokes for the poetry ribbons, blue, plain red) or nothing (chaff). The month's colour (the
terminal app's and the web table's twelve) frames the card and fills its number badge, so a
card is known by its month at a glance even where the picture is small.

The web table shows the pictures from ``cardgames/koikoi/web/cards/`` (the game's web
folder); they are written by

    python -m cardgames.koikoi.art src/cardgames/koikoi/web/cards

and a test checks the files there are this module's output.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final

from cardgames.koikoi.cards import CARDS, Card, Kind, RibbonKind

__all__ = ["MONTH_COLOURS", "card_svg", "write_all"]

WIDTH: Final = 100
HEIGHT: Final = 160
MONTH_COLOURS: Final[tuple[str, ...]] = (
    "#2e7d32", "#ad1457", "#f48fb1", "#ba68c8", "#1565c0", "#c62828",
    "#6d4c41", "#546e7a", "#fbc02d", "#ef6c00", "#827717", "#4527a0",
)
"""The twelve month colours (the terminal app's, src/cardgames/app/app.tcss)."""
PAPER: Final = "#f8f1de"
RED_SKY: Final = "#c62828"
INK: Final = "#1d1d1b"


def _attrs(values: dict[str, object]) -> str:
    return " ".join(f'{name.replace("_", "-")}="{value}"' for name, value in values.items())


def _circle(x: float, y: float, r: float, fill: str, **more: object) -> str:
    return f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" {_attrs(more)}/>'


def _ellipse(x: float, y: float, rx: float, ry: float, fill: str, angle: float = 0,
             **more: object) -> str:
    turn = f' transform="rotate({angle:g} {x:g} {y:g})"' if angle else ""
    return (f'<ellipse cx="{x:g}" cy="{y:g}" rx="{rx:g}" ry="{ry:g}" fill="{fill}"{turn} '
            f'{_attrs(more)}/>')


def _path(d: str, fill: str = "none", **more: object) -> str:
    return f'<path d="{d}" fill="{fill}" {_attrs(more)}/>'


def _rect(x: float, y: float, w: float, h: float, fill: str, **more: object) -> str:
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}" {_attrs(more)}/>'


def _polygon(points: Iterable[tuple[float, float]], fill: str, **more: object) -> str:
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{text}" fill="{fill}" {_attrs(more)}/>'


def _blossom(x: float, y: float, r: float, petal: str, heart: str) -> str:
    """A five-petalled flower (plum, cherry)."""
    petals = "".join(
        _circle(x + r * math.cos(a), y + r * math.sin(a), r * 0.75, petal,
                stroke="#7b1f3a", stroke_width=0.6)
        for a in (math.radians(-90 + 72 * i) for i in range(5)))
    return petals + _circle(x, y, r * 0.45, heart)


def _star(x: float, y: float, outer: float, inner: float, points: int,
          turn: float = -90) -> list[tuple[float, float]]:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + 180 * i / points)
        corners.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return corners


# ---------------------------------------------------------------------------- the plants


def _pine() -> str:
    trunk = _path("M30 160 C34 120 20 100 42 70 C55 52 50 40 60 30", stroke="#5d4037",
                  stroke_width=7, stroke_linecap="round")
    clumps = []
    for x, y, r in ((58, 34, 20), (30, 88, 18), (70, 96, 16), (48, 130, 15)):
        clumps.append(_path(f"M{x - r} {y} A{r} {r * 0.7} 0 0 1 {x + r} {y} Z", "#1b5e20"))
        clumps.extend(
            _path(f"M{x} {y} L{x + r * 0.95 * math.cos(a):.1f} {y - r * 0.65 * math.sin(a):.1f}",
                  stroke="#66bb6a", stroke_width=1)
            for a in (math.radians(15 + 25 * i) for i in range(7)))
    return trunk + "".join(clumps)


def _plum() -> str:
    branch = _path("M0 120 C30 110 40 90 55 80 C70 70 80 50 100 45", stroke="#3e2723",
                   stroke_width=5, stroke_linecap="round")
    twig = _path("M45 86 C40 70 45 55 35 40", stroke="#3e2723", stroke_width=3)
    flowers = "".join(_blossom(x, y, 5, "#d81b60", "#ffeb3b")
                      for x, y in ((20, 112), (50, 80), (36, 44), (78, 58), (95, 44), (62, 96)))
    return branch + twig + flowers


def _cherry() -> str:
    branch = _path("M0 40 C30 50 60 30 100 50", stroke="#4e342e", stroke_width=4)
    flowers = "".join(
        _blossom(x, y, 6, "#fce4ec", "#e91e63")
        for x, y in ((12, 40), (30, 52), (48, 38), (66, 50), (86, 44), (22, 66), (56, 64),
                     (78, 70), (40, 78)))
    return branch + flowers


def _wisteria() -> str:
    parts = [_path("M0 12 C30 24 70 4 100 16", stroke="#4e342e", stroke_width=3)]
    for x, top, length in ((22, 14, 7), (50, 14, 9), (78, 12, 7)):
        for i in range(length):
            r = 6 - i * 0.5
            parts.append(_circle(x + (2 if i % 2 else -2), top + 6 + i * 9, r, "#7e57c2",
                                 stroke="#4527a0", stroke_width=0.6))
    parts.extend(_ellipse(x, 24, 9, 3, "#558b2f", angle) for x, angle in ((36, 20), (64, -20)))
    return "".join(parts)


def _iris() -> str:
    parts = [_polygon(((x - 3, 160), (x + 3, 160), (x + tilt, top)), "#2e7d32")
             for x, tilt, top in ((20, -6, 60), (34, 4, 50), (60, -4, 56), (78, 8, 66),
                                  (90, 2, 90))]
    for x, y in ((30, 52), (66, 60)):
        parts.append(_ellipse(x - 7, y + 4, 9, 4, "#5e35b1", -30))
        parts.append(_ellipse(x + 7, y + 4, 9, 4, "#5e35b1", 30))
        parts.append(_ellipse(x, y - 4, 4, 10, "#7e57c2"))
        parts.append(_circle(x, y + 2, 2, "#fdd835"))
    return "".join(parts)


def _peony() -> str:
    leaves = "".join(_polygon(_star(x, y, 16, 7, 3, turn), "#2e7d32")
                     for x, y, turn in ((24, 118, -90), (76, 122, -60), (50, 138, 0)))
    flower = "".join(_circle(50, 78, r, colour) for r, colour in
                     ((26, "#b71c1c"), (20, "#e53935"), (13, "#ef5350"), (6, "#ffcdd2")))
    petals = "".join(_ellipse(50 + 24 * math.cos(a), 78 + 24 * math.sin(a), 8, 5, "#d32f2f",
                              math.degrees(a)) for a in (math.radians(45 * i) for i in range(8)))
    return leaves + petals + flower


def _bush_clover() -> str:
    parts = []
    for start, bend in ((10, 30), (50, 10), (90, 40)):
        parts.append(_path(f"M{start} 160 Q{bend} 80 {100 - start} 20", stroke="#558b2f",
                           stroke_width=2))
        for i in range(1, 9):
            t = i / 9
            x = (1 - t) ** 2 * start + 2 * (1 - t) * t * bend + t * t * (100 - start)
            y = (1 - t) ** 2 * 160 + 2 * (1 - t) * t * 80 + t * t * 20
            parts.append(_circle(x + 4, y, 2.6, "#c2185b"))
            parts.append(_ellipse(x - 4, y + 2, 3.5, 1.8, "#689f38", 30))
    return "".join(parts)


def _susuki(red_sky: bool) -> str:
    sky = _rect(0, 0, WIDTH, 96, RED_SKY) if red_sky else ""
    hill = _path("M0 96 C30 70 70 70 100 90 L100 160 L0 160 Z", INK)
    blades = "".join(_path(f"M{x} 160 Q{x + 4} 110 {x + lean} {top}", stroke="#eeeeee",
                           stroke_width=1.2)
                     for x, lean, top in ((10, 8, 84), (24, -6, 78), (40, 10, 76), (58, 4, 74),
                                          (74, 12, 80), (90, -4, 90)))
    return sky + hill + blades


def _chrysanthemum() -> str:
    leaves = "".join(_polygon(_star(x, y, 13, 6, 5), "#33691e") for x, y in ((24, 128), (72, 134)))
    petals = "".join(_ellipse(50 + 14 * math.cos(a), 66 + 14 * math.sin(a), 9, 3.5, "#f9a825",
                              math.degrees(a), stroke="#e65100", stroke_width=0.5)
                     for a in (math.radians(20 * i) for i in range(18)))
    return (leaves + _path("M50 160 L50 80", stroke="#33691e", stroke_width=3) + petals
            + _circle(50, 66, 8, "#fbc02d", stroke="#e65100", stroke_width=1))


def _maple_leaf(x: float, y: float, size: float, colour: str) -> str:
    return _polygon(_star(x, y, size, size * 0.45, 7), colour, stroke="#7f0000",
                    stroke_width=0.6)


def _maple() -> str:
    branch = _path("M100 20 C70 30 50 20 30 50", stroke="#4e342e", stroke_width=3)
    leaves = "".join(_maple_leaf(x, y, 10, colour) for x, y, colour in (
        (30, 50, "#e53935"), (52, 30, "#ef6c00"), (76, 26, "#d32f2f"), (20, 80, "#f4511e"),
        (46, 66, "#c62828"), (84, 60, "#e65100"), (66, 90, "#d84315"), (30, 112, "#e53935")))
    return branch + leaves


def _willow() -> str:
    return "".join(_path(f"M{x} 0 Q{x + sway} 60 {x - sway / 2} {length}", stroke="#2e7d32",
                         stroke_width=2.2)
                   for x, sway, length in ((12, 10, 120), (30, -8, 100), (50, 12, 130),
                                           (70, -10, 110), (88, 8, 125)))


def _paulownia() -> str:
    leaves = "".join(_path(f"M{x} {y} C{x - 24} {y - 8} {x - 20} {y - 34} {x} {y - 40} "
                           f"C{x + 20} {y - 34} {x + 24} {y - 8} {x} {y} Z", "#2e7d32",
                           stroke="#1b5e20", stroke_width=1)
                     for x, y in ((26, 160), (74, 160), (50, 150)))
    spikes = []
    for x in (30, 50, 70):
        spikes.append(_path(f"M{x} 110 L{x} 60", stroke="#6d4c41", stroke_width=2))
        spikes.extend(_circle(x + (3 if i % 2 else -3), 64 + i * 7, 3.2, "#8e24aa")
                      for i in range(7))
    return leaves + "".join(spikes)


PLANTS: Final[tuple[Callable[[], str], ...]] = (
    _pine, _plum, _cherry, _wisteria, _iris, _peony, _bush_clover,
    lambda: _susuki(False), _chrysanthemum, _maple, _willow, _paulownia,
)


# ---------------------------------------------------------------------------- the pictures


def _crane() -> str:
    return (_circle(70, 34, 20, "#d32f2f")
            + _ellipse(44, 112, 22, 12, "#ffffff", -15, stroke=INK, stroke_width=1)
            + _path("M62 104 C76 90 70 76 76 66", stroke="#ffffff", stroke_width=5,
                    stroke_linecap="round")
            + _path("M62 104 C76 90 70 76 76 66", stroke=INK, stroke_width=1)
            + _circle(77, 64, 4, "#ffffff", stroke=INK, stroke_width=1)
            + _circle(77, 61, 2, "#d32f2f")
            + _path("M80 64 L92 66", stroke="#455a64", stroke_width=2)
            + _path("M22 116 L10 126 L26 122 Z", INK)
            + _path("M40 122 L36 150 M50 122 L52 150", stroke=INK, stroke_width=1.5))


def _curtain() -> str:
    stripes = "".join(_rect(8 + 14 * i, 80, 14, 60, "#ffffff" if i % 2 else "#c62828")
                      for i in range(6))
    scallop = "".join(_path(f"M{8 + 14 * i} 140 q7 10 14 0", "#c62828" if i % 2 == 0 else "#fff")
                      for i in range(6))
    return (_path("M4 80 L96 80", stroke="#5d4037", stroke_width=4) + stripes + scallop
            + _circle(50, 108, 12, "#ffffff", stroke="#4a148c", stroke_width=2)
            + _blossom(50, 108, 4, "#f48fb1", "#4a148c"))


def _moon() -> str:
    return (_rect(0, 0, WIDTH, 96, RED_SKY) + _circle(50, 50, 30, "#fff8e1", stroke="#ffe082",
                                                      stroke_width=2))


def _rain_man() -> str:
    return (_path("M20 58 Q44 30 68 58 Z", "#c62828", stroke=INK, stroke_width=1)
            + _path("M44 46 L44 96", stroke=INK, stroke_width=1.5)
            + _circle(44, 66, 6, "#ffe0b2", stroke=INK, stroke_width=1)
            + _path("M34 74 L56 74 L60 124 L28 124 Z", "#1565c0", stroke=INK, stroke_width=1)
            + _ellipse(62, 138, 8, 5.5, "#43a047", stroke=INK, stroke_width=1)
            + _circle(58, 134, 2, "#ffffff")
            + _path("M0 150 C30 140 60 160 100 148 L100 160 L0 160 Z", "#1a237e"))


def _phoenix() -> str:
    tail = "".join(_path(f"M50 76 Q{20 + 15 * i} 20 {8 + 20 * i} 8", stroke=colour,
                         stroke_width=4, stroke_linecap="round")
                   for i, colour in enumerate(("#d32f2f", "#1565c0", "#2e7d32", "#fbc02d",
                                               "#8e24aa")))
    return (_circle(78, 30, 14, "#d32f2f") + tail
            + _ellipse(50, 82, 16, 10, "#ef6c00", stroke=INK, stroke_width=1)
            + _circle(64, 72, 5, "#fbc02d", stroke=INK, stroke_width=1)
            + _path("M68 72 L76 74 L68 76 Z", INK)
            + _path("M36 82 Q20 60 34 50 Q40 70 50 76 Z", "#c62828", stroke=INK,
                    stroke_width=0.8))


def _bird(x: float, y: float, body: str, size: float = 1.0) -> str:
    s = size
    return (_ellipse(x, y, 10 * s, 6 * s, body, stroke=INK, stroke_width=0.8)
            + _circle(x + 9 * s, y - 4 * s, 4 * s, body, stroke=INK, stroke_width=0.8)
            + _path(f"M{x + 12.5 * s} {y - 4 * s} l4 {1.2 * s} l-4 {1.2 * s} Z", "#ff8f00")
            + _circle(x + 10 * s, y - 5 * s, 0.9 * s, INK)
            + _path(f"M{x - 9 * s} {y - 1 * s} l-9 {-5 * s} l3 {8 * s} Z", body, stroke=INK,
                    stroke_width=0.8))


def _warbler() -> str:
    return _bird(58, 104, "#9e9d24", 1.3)


def _cuckoo() -> str:
    return (_path("M78 40 A16 16 0 1 0 78 76 A12 12 0 1 1 78 40 Z", "#fff176")
            + _bird(40, 100, "#37474f", 1.3)
            + _path("M30 96 L20 80 L40 94 Z", "#37474f"))


def _bridge() -> str:
    planks = []
    for i, (x, y) in enumerate(((10, 120), (40, 104), (70, 120))):
        angle = -20 if i % 2 == 0 else 20
        planks.append(_rect(x, y, 34, 9, "#8d6e63", stroke=INK, stroke_width=0.8,
                            transform=f"rotate({angle} {x + 17} {y + 4})"))
    return _rect(0, 132, WIDTH, 28, "#4fc3f7") + "".join(planks)


def _butterfly(x: float, y: float, colour: str) -> str:
    return (_ellipse(x - 7, y - 5, 8, 6, colour, -30, stroke=INK, stroke_width=0.7)
            + _ellipse(x + 7, y - 5, 8, 6, colour, 30, stroke=INK, stroke_width=0.7)
            + _ellipse(x - 5, y + 5, 5, 4, colour, 30, stroke=INK, stroke_width=0.7)
            + _ellipse(x + 5, y + 5, 5, 4, colour, -30, stroke=INK, stroke_width=0.7)
            + _ellipse(x, y, 1.6, 7, INK))


def _butterflies() -> str:
    return _butterfly(28, 30, "#ffb300") + _butterfly(76, 130, "#42a5f5")


def _boar() -> str:
    return (_ellipse(50, 112, 28, 15, "#6d4c41", stroke=INK, stroke_width=1)
            + _path("M74 104 L94 112 L74 122 Z", "#5d4037", stroke=INK, stroke_width=1)
            + _circle(80, 108, 1.6, INK)
            + _path("M88 116 q4 -6 0 -8", stroke="#ffffff", stroke_width=1.5)
            + "".join(_rect(x, 122, 5, 14, "#4e342e") for x in (30, 42, 58, 68)))


def _geese() -> str:
    return _rect(0, 0, WIDTH, 96, RED_SKY) + "".join(
        _path(f"M{x - 10} {y - 6} L{x} {y} L{x + 10} {y - 6} L{x} {y - 2} Z", INK)
        for x, y in ((30, 30), (52, 42), (74, 30)))


def _sake_cup() -> str:
    return (_ellipse(50, 110, 24, 10, "#c62828", stroke="#fbc02d", stroke_width=2.5)
            + _path("M30 112 Q50 140 70 112", "#b71c1c", stroke="#fbc02d", stroke_width=2)
            + _circle(50, 110, 5, "#fbc02d"))


def _deer() -> str:
    return (_ellipse(46, 116, 22, 11, "#a1887f", stroke=INK, stroke_width=1)
            + "".join(_circle(x, 112, 1.8, "#ffffff") for x in (36, 46, 56))
            + _path("M62 108 L70 86 L78 90 L70 112 Z", "#a1887f", stroke=INK, stroke_width=1)
            + _path("M72 86 l-6 -14 m3 7 l-6 -2 M74 86 l6 -14 m-3 7 l6 -2", stroke="#5d4037",
                    stroke_width=1.5)
            + "".join(_rect(x, 124, 3.5, 16, "#795548") for x in (32, 40, 54, 60)))


def _swallow() -> str:
    return (_path("M20 90 L60 76 L86 70 L62 86 L44 96 L30 112 L34 96 Z", "#263238",
                  stroke=INK, stroke_width=1)
            + _path("M48 86 L66 82 L52 94 Z", "#ffffff")
            + _circle(80, 72, 2, "#c62828"))


def _lightning() -> str:
    return (_rect(0, 0, WIDTH, 70, "#b71c1c")
            + _rect(0, 70, WIDTH, 22, INK)
            + "".join(_circle(18 + 32 * i, 81, 7, "#fbc02d", stroke=INK, stroke_width=1)
                      for i in range(3))
            + _path("M60 92 L46 118 L58 118 L44 146", stroke="#fbc02d", stroke_width=3))


PICTURES: Final[dict[str, Callable[[], str]]] = {
    "jan-crane": _crane, "mar-curtain": _curtain, "aug-moon": _moon, "nov-rain-man": _rain_man,
    "dec-phoenix": _phoenix, "feb-warbler": _warbler, "apr-cuckoo": _cuckoo,
    "may-bridge": _bridge, "jun-butterflies": _butterflies, "jul-boar": _boar,
    "aug-geese": _geese, "sep-sake-cup": _sake_cup, "oct-deer": _deer,
    "nov-swallow": _swallow, "nov-lightning": _lightning,
}
"""The picture on each card that shows more than its month's plant."""


def _ribbon(kind: RibbonKind) -> str:
    colour = "#1e3a8a" if kind is RibbonKind.BLUE else "#d32f2f"
    band = _path("M38 40 L62 44 L58 124 L34 120 Z", colour, stroke=INK, stroke_width=1)
    if kind is RibbonKind.POETRY:
        edge = _path("M38 40 L62 44 L58 124 L34 120 Z", stroke="#fbc02d", stroke_width=3)
        writing = "".join(_path(f"M{49 - i * 0.1:.1f} {52 + 20 * i} q3 5 -1 9 q-3 3 2 6",
                                stroke=INK, stroke_width=2) for i in range(3))
        return band + edge + writing
    return band


def _plant(card: Card) -> str:
    return PLANTS[card.month - 1]()


def card_svg(card: Card) -> str:
    """The card's picture: an SVG document of 100 × 160 units, titled with its name."""
    colour = MONTH_COLOURS[card.month - 1]
    number_ink = "#000" if card.month in (3, 4, 9, 10) else "#fff"
    picture = PICTURES.get(card.code)
    body = [_rect(0, 0, WIDTH, HEIGHT, PAPER)]
    if card.code in ("aug-moon", "aug-geese"):
        body.append(_susuki(True))
        body.append(picture() if picture else "")
    elif card.code == "nov-lightning":
        body.append(_lightning())
    else:
        body.append(_plant(card))
        if card.ribbon is not None:
            body.append(_ribbon(card.ribbon))
        if picture is not None:
            body.append(picture())
    if card.kind is Kind.BRIGHT:
        # The bright's mark: a red disc with a white ring in the lower corner.
        body.append(_circle(84, 144, 10, "#b71c1c", stroke="#ffffff", stroke_width=2.5))
    body.append(_rect(3, 3, WIDTH - 6, HEIGHT - 6, "none", rx=6, stroke=colour,
                      stroke_width=6))
    body.append(_circle(15, 15, 11, colour, stroke="#ffffff", stroke_width=1.5))
    body.append(f'<text x="15" y="19.5" font-size="13" font-weight="700" text-anchor="middle" '
                f'font-family="sans-serif" fill="{number_ink}">{card.month}</text>')
    title = f"{card.code}: {card.name}, {card.description}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'role="img" aria-label="{title}"><title>{title}</title>'
            f'<clipPath id="c"><rect width="{WIDTH}" height="{HEIGHT}" rx="8"/></clipPath>'
            f'<g clip-path="url(#c)">{"".join(body)}</g></svg>\n')


def write_all(directory: Path) -> list[Path]:
    """Write the 48 pictures, ``<code>.svg``, and the card back into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for card in CARDS:
        path = directory / f"{card.code}.svg"
        path.write_text(card_svg(card), encoding="utf-8")
        written.append(path)
    back = directory / "back.svg"
    back.write_text(back_svg(), encoding="utf-8")
    written.append(back)
    return written


def back_svg() -> str:
    """The back of every card: dark red with a darker lattice."""
    lines = "".join(_path(f"M{x} 0 L{x + 160} 160 M{x + 160} 0 L{x} 160", stroke="#5a1010",
                          stroke_width=4) for x in range(-160, 100, 16))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'role="img" aria-label="a card\'s back"><title>a card\'s back</title>'
            f'<clipPath id="c"><rect width="{WIDTH}" height="{HEIGHT}" rx="8"/></clipPath>'
            f'<g clip-path="url(#c)">{_rect(0, 0, WIDTH, HEIGHT, "#8b1e1e")}{lines}'
            f'{_rect(3, 3, WIDTH - 6, HEIGHT - 6, "none", rx=6, stroke=INK, stroke_width=6)}'
            f'</g></svg>\n')


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m cardgames.koikoi.art DIRECTORY", file=sys.stderr)
        return 2
    for path in write_all(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main(sys.argv[1:]))
