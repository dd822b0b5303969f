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


RENAMED = [
    ("cardgames.session", "SavedSession", "SavedGame"),
    ("cardgames.session", "LiveSession", "LocalGame"),
    ("cardgames.app.session", "TableSession", "AppTable"),
    ("cardgames.app.session", "GameSession", "LocalTable"),
    ("cardgames.app.online", "OnlineSession", "OnlineTable"),
    ("cardgames.net", "Session", "RemoteSeat"),
]


@pytest.mark.parametrize(("module", "old", "new"), RENAMED)
def test_a_renamed_class_answers_to_its_old_name_with_a_warning(
        module: str, old: str, new: str) -> None:
    home = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=f"{module}.{old} is deprecated.*{new}"):
        assert getattr(home, old) is getattr(home, new)
    assert old not in home.__all__
    assert new in home.__all__


def test_a_name_that_never_was_is_still_an_attribute_error() -> None:
    session = importlib.import_module("cardgames.session")
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        session.Nope  # noqa: B018
