"""The documented limits on untrusted input, and the small checks every reader shares.

Text typed at a prompt, records and saves read from disk, and values passed to the public API
can come from anywhere: a hostile or broken source must get one clear error, never a crash, a
hang or a huge allocation. The limits (documented for users in ``docs/cli.md``) are generous
for real use:

* a prompt line is at most :data:`MAX_LINE` characters;
* a record, save or export file is at most :data:`MAX_RECORD_BYTES` bytes, its JSON nests at
  most :data:`MAX_DEPTH` levels and its integers have at most :data:`MAX_DIGITS` digits;
* ``simulate --workers`` is at most :data:`MAX_WORKERS`;
* an error message quotes at most :data:`~cardgames.core.errors.MAX_QUOTE` characters of the input
  it names, and is one line.
"""

from __future__ import annotations

import json
import operator
from pathlib import Path
from typing import Any, Final

from cardgames.core.errors import OptionsError, RecordError, clip

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_NUMBER_DIGITS",
    "MAX_RECORD_BYTES",
    "MAX_WORKERS",
    "as_index",
    "check_data",
    "check_seat",
    "load_json",
    "read_text",
    "small_number",
]

MAX_LINE: Final = 4096
"""The longest line the interactive prompt reads (no move is near it)."""
MAX_RECORD_BYTES: Final = 64 * 1024 * 1024
"""The largest record, save or export file read (the longest of the bundled games' records
is about 40 kB)."""
MAX_DEPTH: Final = 64
"""The deepest JSON nesting read (records nest about 6 levels; deeper data would overflow
the recursive code that copies and writes it)."""
MAX_DIGITS: Final = 100
"""The most digits of an integer in JSON (seeds are far smaller; Python refuses to read a
number past 4,300 digits with a ValueError, and big ones cost quadratic time)."""
MAX_WORKERS: Final = 64
"""The most processes ``simulate --workers`` starts (each costs about 25 MB)."""
MAX_NUMBER_DIGITS: Final = 6
"""The most digits of a number in a move (slots, seats and ranks are all one or two)."""


def small_number(text: str) -> int | None:
    """`text` as a small whole number written in ASCII digits (``"3"``, ``"012"``), else None.

    ``str.isdigit`` also accepts ``'²'`` and ``'①'``, which ``int`` refuses, and ``int`` of a
    5,000-digit word raises a ValueError (and costs quadratic time below that): a move's
    number is read here, never with ``isdigit`` + ``int``.
    """
    if 0 < len(text) <= MAX_NUMBER_DIGITS and text.isascii() and text.isdigit():
        return int(text)
    return None


def as_index(value: object) -> int | None:
    """`value` as a seat or position index if it is an integer (not a bool), else None.

    Integer-like values (``numpy.int64``) are accepted through ``__index__``; floats,
    strings, None and bools are not, so ``view(True)`` and ``view(1.0)`` are refused.
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # refused below when not int-like
    except TypeError:
        return None


def check_seat(seat: object, count: int) -> int:
    """`seat` as an index in ``0..count-1``; OptionsError naming the argument otherwise
    (``view(None)``, ``view('0')``, ``view(True)``, ``view(1.0)``, ``view(-1)``)."""
    index = as_index(seat)
    if index is None or not 0 <= index < count:
        raise OptionsError(
            f"seat must be a seat index in 0..{count - 1} (got {clip(repr(seat))})"
        )
    return index


def read_text(path: Path, what: str = "file") -> str:
    """The UTF-8 text of `path`, read at most :data:`MAX_RECORD_BYTES` (a device or a pipe
    could be endless); RecordError names the file and what is wrong with it."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(
            f"cannot read {what} {clip(str(path))!r}: {exc.strerror or exc}"
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{what} {clip(str(path))!r} is larger than {MAX_RECORD_BYTES // 2**20} MB, "
            "the most a record, save or export may be"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"{what} {clip(str(path))!r} is not UTF-8 text (byte {exc.start} is "
            f"{data[exc.start]:#04x}); it is damaged or not a cardgames file"
        ) from None


def _refuse_constant(name: str) -> Any:
    # Python's json reads NaN and Infinity, which JSON does not have; no field takes them.
    raise ValueError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text):,} digits (at most {MAX_DIGITS})")
    return int(text)


def load_json(text: str, source: str) -> Any:
    """Parse untrusted JSON within the limits; RecordError (naming `source`) for text that is
    not JSON, too large, nested too deep or holding numbers JSON has not."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{source}: larger than {MAX_RECORD_BYTES // 2**20} MB, the most a record may be"
        )
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise RecordError(f"{source}: JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # raised by the hooks above
        raise RecordError(f"{source}: not valid JSON ({exc})") from None
    check_data(data, source)
    return data


def check_data(data: Any, source: str) -> None:
    """RecordError if `data` (parsed JSON, or data from a caller) nests deeper than
    :data:`MAX_DEPTH` lists and objects, or holds a string with a lone surrogate (JSON can
    spell ``"\\ud800"``; such text can be neither printed nor saved as UTF-8 again).
    Iterative, so no depth can overflow it."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_text(value, source)
            continue
        if isinstance(value, dict):
            for key in value:
                if isinstance(key, str):
                    _check_text(key, source)
            children: Any = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise RecordError(f"{source}: JSON nested deeper than {MAX_DEPTH} levels")
        stack.extend((child, depth + 1) for child in children)


def _check_text(text: str, source: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(
            f"{source}: the text {clip(repr(text), 60)} holds {text[exc.start]!r}, half of a "
            "surrogate pair, which is no character"
        ) from None
