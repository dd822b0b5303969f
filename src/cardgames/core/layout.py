"""Named slices of an observation vector: what each part of an encoder's output means.

An observation encoder (a game's own observation module, or one of :mod:`cardgames.rl`'s)
writes one flat ``float32`` vector; its :class:`Layout` says which
slice holds what, the range of the values in it, and in words what they are. It lives in the
core so that a game's package can describe its own observation without the learning layer
(:mod:`cardgames.rl.layout` offers the same names). A :class:`Layout` is a read-only mapping
of field name to ``slice``, so ``obs[LAYOUT["hand"]]`` is the hand part of an observation,
and its bounds build the Gymnasium ``Box`` the environments declare.

Counts with a known maximum are written as fractions of it (``stock / 24``). Points, which
have no useful bound, are written as ``p / (|p| + s)`` (:func:`squash`): exact, monotone,
always inside (-1, 1), and read back with :func:`unsquash`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, overload

import attrs
import numpy as np
import numpy.typing as npt

__all__ = ["Field", "Layout", "squash", "unsquash"]


class _Numbers(Protocol):
    """An array of numbers (numpy's, JAX's): what :func:`squash` needs of one."""

    def __abs__(self) -> Any: ...

    def __truediv__(self, other: Any, /) -> Any: ...


ArrayT = TypeVar("ArrayT", bound=_Numbers)


@overload
def squash(points: float, scale: float) -> float: ...


@overload
def squash(points: ArrayT, scale: float) -> ArrayT: ...


def squash(points: Any, scale: float) -> Any:
    """``points / (|points| + scale)``: any number of points as a value in (-1, 1).

    `scale` is the number of points written as 0.5 (a typical value for the field), so small
    differences stay visible to a learner while large totals never leave the bounds. Written
    with operators alone, so the same formula serves a number, a numpy array and a JAX array
    (a float32 array stays float32: the vector engines' observations are bit-exact with the
    Python encoders').

    >>> squash(10, 10), squash(-30, 10)
    (0.5, -0.75)
    """
    return points / (abs(points) + scale)


def unsquash(value: float, scale: float) -> float:
    """The points :func:`squash` wrote as `value` (the inverse: ``scale * v / (1 - |v|)``).

    >>> round(unsquash(squash(7, 30), 30), 9)  # exact but for the last bits of a float
    7.0
    """
    return scale * value / (1.0 - abs(value))


@attrs.frozen
class Field:
    """One named part of an observation: `size` values, each in ``low..high``."""

    name: str
    size: int
    doc: str
    """What the values are, for the docs' layout tables."""
    low: float = 0.0
    high: float = 1.0


class Layout(Mapping[str, slice]):
    """Fields laid end to end: ``layout["name"]`` is that field's slice of the vector."""

    __slots__ = ("_slices", "fields", "size")

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        """The fields, in vector order."""
        slices: dict[str, slice] = {}
        start = 0
        for field in self.fields:
            if field.name in slices:
                raise ValueError(f"the layout names the field {field.name!r} twice")
            slices[field.name] = slice(start, start + field.size)
            start += field.size
        self._slices = slices
        self.size: int = start
        """The length of the observation vector."""

    def __getitem__(self, name: str) -> slice:
        return self._slices[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._slices)

    def __len__(self) -> int:
        return len(self._slices)

    def offset(self, name: str) -> int:
        """Where the field `name` starts."""
        start: int = self._slices[name].start
        return start

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """(low, high): the least and greatest value of every position of the vector."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for field in self.fields:
            part = self._slices[field.name]
            low[part] = field.low
            high[part] = field.high
        return low, high

    def split(self, observation: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The observation cut into its named fields (views of it, not copies)."""
        if observation.shape != (self.size,):
            raise ValueError(
                f"an observation of this layout holds {self.size} values "
                f"(got shape {observation.shape})"
            )
        return {name: observation[part] for name, part in self._slices.items()}

    def markdown(self) -> str:
        """The layout as a Markdown table (the docs show these tables)."""
        rows = ["| field | slice | size | range | meaning |", "|---|---|---|---|---|"]
        for field in self.fields:
            part = self._slices[field.name]
            rows.append(
                f"| `{field.name}` | {part.start}:{part.stop} | {field.size} | "
                f"{_number(field.low)}..{_number(field.high)} | {field.doc} |"
            )
        return "\n".join(rows) + "\n"

    def __repr__(self) -> str:
        names = ", ".join(f"{name}={part.start}:{part.stop}" for name, part in self.items())
        return f"<Layout size={self.size}: {names}>"


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
