"""Named slices of an observation vector (:class:`Layout`) and :func:`squash`, for encoders.

The same names as :mod:`cardgames.core.layout`, where they live: a game's package describes
its own observation with them without importing the learning layer.
"""

from __future__ import annotations

from cardgames.core.layout import Field, Layout, squash, unsquash

__all__ = ["Field", "Layout", "squash", "unsquash"]
