"""The app keeps no table of games: each game's GameInfo names its adapter."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.app.games import adapter_for, app_games
from cardgames.core.errors import OptionsError
from cardgames.core.registry import Registry
from tinygame import make_info


def test_the_app_finds_each_game_through_its_registry_entry() -> None:
    assert app_games() == ["hanabi", "ikebana", "koikoi"]
    for game in app_games():
        adapter = adapter_for(game)
        assert adapter.game == game
        assert adapter is cardgames.get_game(game).load_app_adapter()


def test_a_game_without_an_adapter_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info(app_adapter=None))
    monkeypatch.setattr(cardgames, "registry", registry)
    assert "tiny" not in app_games()
    with pytest.raises(OptionsError, match=r"^the game 'tiny' has no table in the app"):
        adapter_for("tiny")
