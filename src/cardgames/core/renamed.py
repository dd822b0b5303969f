"""Public names that were renamed, kept one release under their old names: a module lists
its old names and answers them through its ``__getattr__`` (called only for a name the module
lacks), with a DeprecationWarning that names the new one.

A module with renamed names writes::

    RENAMED: Final = {"SavedSession": "SavedGame"}

    def __getattr__(name: str) -> Any:
        return old_name(__name__, name, RENAMED, globals())
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

__all__ = ["old_name"]


def old_name(module: str, name: str, renamed: Mapping[str, str],
             namespace: Mapping[str, Any]) -> Any:
    """The value an old `name` of `module` now goes by (`renamed`: old name to new), with a
    DeprecationWarning; AttributeError for a name that never was."""
    new = renamed.get(name)
    if new is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(f"{module}.{name} is deprecated (kept for one release): it is now "
                  f"{module}.{new}", DeprecationWarning, stacklevel=3)
    return namespace[new]
