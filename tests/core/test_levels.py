"""Difficulty levels (easy, normal, hard) as bot names, the sloppy easy bots, and explain()."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app
from cardgames.core.agents import (
    LEVELS,
    Explainer,
    Hint,
    RandomAgent,
    Sloppy,
    best_of,
    explain,
    position_random,
    sloppy_factory,
)
from cardgames.core.loop import play
from cardgames.testing import check_explanations
from tinygame import make_info

GAMES = ("hanabi", "ikebana", "koikoi")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_the_three_levels_as_seeded_bot_factories(game: str) -> None:
    info = cardgames.get_game(game)
    assert tuple(info.levels) == LEVELS
    for level, name in info.levels.items():
        assert name in info.bots
        assert name not in LEVELS
        made, named = info.bots[level](5), info.bots[name](5)
        assert type(made) is type(named)
    labels = info.bot_names()
    assert labels[:3] == [f"{level} (= {info.levels[level]})" for level in LEVELS]


def test_a_level_must_name_a_bot_and_must_not_shadow_one() -> None:
    with pytest.raises(ValueError, match="names no bot"):
        make_info(levels={"hard": "genius"})
    with pytest.raises(ValueError, match="also the name of a bot"):
        make_info(levels={"random": "random"})
    with pytest.raises(ValueError, match="also the name of a bot"):
        make_info(bots={"random": RandomAgent, "first": lambda seed: _First()},
                  levels={"random": "first"})
    info = make_info(levels={"easy": "random"})
    assert set(info.bots) == {"random", "high", "easy"}
    copied = attrs.evolve(info, max_moves=5)
    assert copied.bots == info.bots
    assert copied.levels == {"easy": "random"}


class _First:
    """Always the first legal move, with a reason."""

    def act(self, view: Any, legal: Sequence[int]) -> int:
        return legal[0]

    def explain(self, view: Any, legal: Sequence[int]) -> Hint[int]:
        return Hint(legal[0], "it is first")


class _Silent:
    def act(self, view: Any, legal: Sequence[int]) -> int:
        return legal[-1]


@attrs.frozen
class _At:
    """A stand-in view: the position `moves` moves into a game (what a bot's draws are
    made from, with its seed: its seat and the length of its history)."""

    moves: int
    seat: int = 0

    @property
    def history(self) -> tuple[None, ...]:
        return (None,) * self.moves


def test_sloppy_follows_its_inner_bot_except_for_its_share_of_random_moves() -> None:
    legal = list(range(10))
    never = Sloppy(_First(), 0.0, seed=1)
    assert [never.act(_At(n), legal) for n in range(50)] == [0] * 50
    always = Sloppy(_First(), 1.0, seed=1)
    moves = [always.act(_At(n), legal) for n in range(400)]
    assert len(set(moves)) == 10
    some = Sloppy(_First(), 0.3, seed=2)
    slips = sum(some.act(_At(n), legal) != 0 for n in range(2000))
    # A slip picks the inner move again one time in ten: about 27% differ.
    assert 0.2 < slips / 2000 < 0.34
    # Each seat draws its own slips at the same move number.
    seats = [always.act(_At(7, seat), legal) for seat in range(40)]
    assert len(set(seats)) > 1


def test_sloppy_is_seeded_and_slips_by_the_position_alone() -> None:
    legal = list(range(6))
    one, two = Sloppy(_First(), 0.5, seed=9), Sloppy(_First(), 0.5, seed=9)
    ones = [one.act(_At(n), legal) for n in range(100)]
    assert ones == [two.act(_At(n), legal) for n in range(100)]
    # Asked again, in another order, a position brings the same slip or none.
    assert [one.act(_At(n), legal) for n in reversed(range(100))] == ones[::-1]
    assert ones != [Sloppy(_First(), 0.5, seed=10).act(_At(n), legal) for n in range(100)]


def test_sloppy_rejects_a_rate_outside_zero_to_one() -> None:
    with pytest.raises(ValueError, match="mistake_rate"):
        Sloppy(_First(), 1.5)


def test_explain_uses_the_bots_reason_and_says_so_when_it_has_none() -> None:
    assert explain(_First(), None, [4, 5]) == Hint(4, "it is first")
    silent = explain(_Silent(), None, [4, 5])
    assert silent.action == 5
    assert "gives no reason" in silent.reason
    assert "at random among the 2 legal moves" in explain(RandomAgent(1), None, [4, 5]).reason
    slips = [explain(Sloppy(_First(), 1.0, seed=s), None, list(range(5))) for s in range(40)]
    assert {hint.reason for hint in slips if hint.action != 0} == {
        "this easier bot makes a random move about 100% of the time, and this is one"
    }
    assert all(hint.reason == "it is first" for hint in slips if hint.action == 0)


def test_explain_chooses_what_act_chooses_in_either_order() -> None:
    legal = list(range(8))
    for seed in range(30):
        asked, unasked = Sloppy(_First(), 0.4, seed), Sloppy(_First(), 0.4, seed)
        for n in range(10):
            hint = asked.explain(_At(n), legal)
            assert hint.action == asked.act(_At(n), legal) == unasked.act(_At(n), legal)
            assert asked.explain(_At(n), legal) == hint
    random_bot = RandomAgent(4)
    hints = [random_bot.explain(None, legal).action for _ in range(5)]
    assert len(set(hints)) == 1
    assert random_bot.act(None, legal) == hints[0]
    assert [random_bot.act(_At(n), legal) for n in range(5)] == [
        random_bot.explain(_At(n), legal).action for n in range(5)]


def test_a_positions_draws_come_from_the_seed_and_the_position_alone() -> None:
    assert position_random(3, _At(5)).random() == position_random(3, _At(5)).random()
    draws = {position_random(3, _At(n, seat)).random() for n in range(20) for seat in range(3)}
    assert len(draws) == 60
    assert position_random(3, _At(5)).random() != position_random(4, _At(5)).random()
    # The same in every process: no salted hash of a string is involved.
    code = ("from cardgames.core.agents import position_random;"
            "print(position_random(3, type('V', (), {'seat': 1, 'history': (0,) * 5})())"
            ".random())")
    printed = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": hashseed}).stdout
        for hashseed in ("1", "2")
    }
    assert printed == {f"{position_random(3, _At(5, 1)).random()}\n"}


def test_best_of_makes_its_generator_only_to_break_a_tie() -> None:
    made: list[random.Random] = []

    def make() -> random.Random:
        made.append(random.Random(5))
        return made[-1]

    assert best_of("abc", [1.0, 3.0, 2.0], make) == "b"
    assert best_of("ab", [1.0, 2.0], make) == "b"
    assert not made
    assert best_of("abcd", [5.0, 1.0, 5.0, 5.0], make) == random.Random(5).choice("acd")
    assert len(made) == 1


@pytest.mark.parametrize("game", ["koikoi", "ikebana"])
def test_the_easy_bot_loses_to_the_normal_bot_and_beats_random(game: str) -> None:
    info = cardgames.get_game(game)

    def wins(first: str, second: str, games: int) -> float:
        won = 0.0
        for seed in range(games):
            names = (first, second) if seed % 2 == 0 else (second, first)
            state = info.new_game(2, seed)
            agents = [info.bots[name](seed * 2 + seat) for seat, name in enumerate(names)]
            play(state, agents)
            scores = state.scores()
            mine = names.index(first)
            if scores[mine] > scores[1 - mine]:
                won += 1
            elif scores[mine] == scores[1 - mine]:
                won += 0.5
        return won / games

    assert wins("normal", "easy", 40) >= 0.6
    assert wins("easy", "random", 40) >= 0.6


def test_sloppy_factory_makes_seeded_bots() -> None:
    factory = sloppy_factory(lambda seed: _First(), 0.5)
    legal = list(range(9))
    one, two = factory(3), factory(3)
    assert [one.act(_At(n), legal) for n in range(40)] == [two.act(_At(n), legal)
                                                          for n in range(40)]


# Koi-Koi's search bot thinks for a while: one round a match keeps the test short.
SHORT = {"hanabi": [], "ikebana": [], "koikoi": ["-o", "rounds=1"]}


@pytest.mark.parametrize("game", GAMES)
def test_levels_are_accepted_by_play_and_simulate(game: str) -> None:
    runner = CliRunner()
    played = runner.invoke(app, ["play", game, "--autoplay", "--bot", "easy", "--seed", "3"])
    assert played.exit_code == 0, played.output
    simulated = runner.invoke(app, ["simulate", game, "--games", "2", "--bots", "hard,normal",
                                    "--seed", "1", *SHORT[game]])
    assert simulated.exit_code == 0, simulated.output
    refused = runner.invoke(app, ["play", game, "--autoplay", "--bot", "hardest"])
    assert refused.exit_code != 0
    assert "unknown bot 'hardest'" in refused.output
    assert "hard (= " in refused.output


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_bot_explains_the_move_it_makes(game: str) -> None:
    info = cardgames.get_game(game)
    for name, factory in info.bots.items():
        if name in info.levels:
            continue
        assert isinstance(factory(0), Explainer), f"{game} bot {name!r} cannot explain"
        for seed in range(2):
            check_explanations(
                info.new_game(seed=seed),
                lambda seat, seed=seed, make=factory: make(seed * 10 + seat), moves=12)


@pytest.mark.parametrize("game", GAMES)
def test_explaining_leaves_every_bots_generator_where_it_was_even_on_a_tie(game: str) -> None:
    # Every move offered twice: the best is tied with its copy at every decision, so each
    # bot that breaks ties by its generator draws every time it acts, and must not draw
    # (or must put back what it drew) when it only explains.
    info = cardgames.get_game(game)
    for name, factory in info.bots.items():
        if name in info.levels:
            continue
        for seed in range(2):
            check_explanations(
                info.new_game(seed=seed),
                lambda seat, seed=seed, make=factory: make(seed * 10 + seat), moves=12,
                ties=True)


def test_best_of_takes_the_highest_value_and_breaks_a_tie_by_the_generator() -> None:
    rng = random.Random(0)
    assert best_of("abc", [1.0, 3.0, 2.0], rng) == "b"
    assert rng.getstate() == random.Random(0).getstate()  # no tie: nothing drawn
    assert best_of("ab", [2.0, 2.0 - 1e-12], rng, tie=1e-9) == random.Random(0).choice("ab")
    assert best_of("ab", [2.0, 2.0 - 1e-12], random.Random(0)) == "a"  # no margin: a's
    drawn = {best_of("abcd", [5.0, 1.0, 5.0, 5.0], random.Random(seed)) for seed in range(40)}
    assert drawn == {"a", "c", "d"}
    twin = random.Random(7)
    assert best_of("abcd", [5.0, 1.0, 5.0, 5.0], random.Random(7)) == twin.choice("acd")
