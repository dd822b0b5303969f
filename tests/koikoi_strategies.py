"""Hypothesis strategies for Koi-Koi tests (imported by name: ``tests`` is on the path)."""

from __future__ import annotations

import enum
from typing import Any

import attrs
from hypothesis import strategies as st

from cardgames.koikoi import KoiKoiRules

__all__ = ["koikoi_rules"]

_BRIGHTS = ("goko_points", "shiko_points", "ame_shiko_points", "sanko_points")


@st.composite
def koikoi_rules(draw: st.DrawFn, max_rounds: int = 3) -> KoiKoiRules:
    """Any combination of the Koi-Koi options: every field of KoiKoiRules drawn from the
    values it allows (read from the fields, so that a new option joins by itself). Matches
    are kept short (`max_rounds`), banks small enough to run empty, and the bright values
    in the order the rules require."""
    attrs.resolve_types(KoiKoiRules)
    values: dict[str, Any] = {}
    for field in attrs.fields(KoiKoiRules):
        kind = field.type
        if field.name == "rounds":
            strategy: st.SearchStrategy[Any] = st.integers(1, max_rounds)
        elif field.name == "starting_bank":
            strategy = st.integers(1, 40)
        elif kind is bool:
            strategy = st.booleans()
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            strategy = st.sampled_from(list(kind))
        else:
            low, high = field.metadata["range"]
            strategy = st.integers(low, min(high, low + 20))
            if field.metadata.get("unlimited"):
                strategy = st.none() | strategy
        values[field.name] = draw(strategy, label=field.name)
    brights = sorted((values[name] for name in _BRIGHTS), reverse=True)
    values.update(zip(_BRIGHTS, brights, strict=True))
    return KoiKoiRules(**values)
