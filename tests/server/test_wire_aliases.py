"""The protocol moved to ``cardgames.wire``; the old module names stay for one release as
aliases that say so."""

from __future__ import annotations

import importlib
import sys

import pytest

from cardgames.wire import decode, encode, messages


@pytest.mark.parametrize("name", ["cardgames.server.protocol", "cardgames.server.views"])
def test_the_old_modules_warn_and_hand_out_the_wire(name: str) -> None:
    sys.modules.pop(name, None)
    with pytest.warns(DeprecationWarning, match="cardgames.wire"):
        old = importlib.import_module(name)
    for public in old.__all__:
        value = getattr(old, public)
        home = [module for module in (messages, encode, decode)
                if getattr(module, public, None) is value]
        assert home, public
