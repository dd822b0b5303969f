"""cardgames.vector finds a game's engine on its GameInfo (``vector_engine``): a plug-in game
with a vector engine is made and listed with no edit to cardgames.vector."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import cardgames
from cardgames.core import OptionsError
from cardgames.core.registry import Registry
from tinygame import make_info

pytest.importorskip("jax")
from cardgames import vector  # after the skip: the jax extra


@pytest.fixture
def tiny_with_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tiny game registered with a vector engine of its own, in a module of its own."""
    (tmp_path / "tiny_vector.py").write_text(textwrap.dedent('''
        from cardgames.vector import GameFunctions, VectorEnv

        def unused(*args):
            raise AssertionError("only built, never run")

        def make_env(players=None, **options):
            return VectorEnv("tiny", num_players=players or 2, num_actions=9,
                             observation_shape=(4,), options=options,
                             functions=GameFunctions(unused, unused, unused, unused))
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry(dict(cardgames.registry.targets))
    registry.register(make_info(vector_engine="tiny_vector:make_env"))
    monkeypatch.setattr(cardgames, "registry", registry)


@pytest.mark.usefixtures("tiny_with_engine")
def test_a_plug_in_game_with_a_vector_engine_is_made_and_listed() -> None:
    assert vector.games() == ["hanabi", "koikoi", "tiny"]
    env = vector.make("tiny", players=3, speed="fast")
    assert (env.name, env.num_players, env.options) == ("tiny", 3, {"speed": "fast"})


@pytest.mark.usefixtures("tiny_with_engine")
def test_a_game_without_a_vector_engine_is_refused_naming_those_that_have_one() -> None:
    for game in ("ikebana", "poker", 7):
        with pytest.raises(OptionsError) as caught:
            vector.make(game)  # type: ignore[arg-type]
        assert str(caught.value) == (
            f"no vector engine for game {game!r}; vector games: hanabi, koikoi, tiny")


def test_games_lists_the_registered_games_that_name_a_vector_engine() -> None:
    assert vector.games() == sorted(
        name for name, info in cardgames.games().items() if info.vector_engine is not None)
    assert vector.games() == ["hanabi", "koikoi"]


def test_the_old_games_table_warns_and_reads_the_registry() -> None:
    with pytest.deprecated_call(match=r"cardgames\.vector\.GAMES is deprecated"):
        table = vector.GAMES
    assert dict(table) == {"hanabi": "cardgames.vector.hanabi:make_env",
                           "koikoi": "cardgames.vector.koikoi:make_env"}
    with pytest.raises(TypeError):
        table["tiny"] = "tiny_vector:make_env"  # read-only
    with pytest.raises(AttributeError, match="no attribute 'GAME'"):
        vector.GAME  # noqa: B018  # the attribute look-up is the test
