"""Every bundled Hanabi bot, asked for the move of the seat to act at any position of any
legal game, returns a legal move and never raises (issue 29, item 4).

The bots are read from the registry (``GAME.bots``, levels aside: a level is another name of
a bot), so a bot added there is checked here without an edit. Positions come from three
places: hypothesis histories of random moves; human-like histories, played by a drawn mix of
bundled bots, some of them sloppy (a random move now and then, as a person's slip); and every
position of the 221 real hanab.live games of AH2AC2. Variants are drawn from every family
hanab.live plays and from the whole variant list.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.core.agents import Agent, Hint, Sloppy, explain
from cardgames.hanabi import GAME, variant, variant_names
from cardgames.hanabi.actions import HanabiAction
from cardgames.hanabi.hanablive import from_hanablive
from cardgames.hanabi.names import CATALOGUE
from cardgames.hanabi.state import HanabiState
from cardgames.testing import positions
from conformance_data import CONFORMANCE, needs

AH2AC2 = CONFORMANCE / "hanabi" / "ah2ac2"

BOTS: tuple[str, ...] = tuple(name for name in GAME.bots if name not in GAME.levels)
"""Every bundled bot by its own name (the levels are the same bots again)."""

PEOPLE_BOTS: tuple[str, ...] = tuple(
    name for name in BOTS if name.startswith("h-group") or name == "convention")
"""The bots that sit at tables with people: every AH2AC2 position is checked for them."""

FAMILIES: tuple[str, ...] = (
    "No Variant", "6 Suits", "Rainbow (6 Suits)", "Pink (5 Suits)", "White (5 Suits)",
    "Brown (5 Suits)", "Black (6 Suits)", "Dark Rainbow (6 Suits)", "Dark Pink (6 Suits)",
    "Null (5 Suits)", "Omni (5 Suits)", "Muddy Rainbow (5 Suits)", "Light Pink (5 Suits)",
    "Prism (5 Suits)", "Ambiguous (6 Suits)", "Orange (5 Suits)", "Reversed (5 Suits)",
    "Throw It in a Hole (5 Suits)", "Up or Down (5 Suits)", "Sudoku (5 Suits)",
    "Cow & Pig (5 Suits)", "Synesthesia (5 Suits)", "Deceptive-Ones (5 Suits)",
    "Odds and Evens (5 Suits)", "Funnels (5 Suits)", "Chimneys (5 Suits)",
    "Critical Fours (5 Suits)", "Clue Starved (5 Suits)", "Duck (5 Suits)",
    "Color Blind (5 Suits)", "Number Blind (5 Suits)", "Special Mix (5 Suits)",
    "Dual-Color Mix", "Ambiguous Mix",
)
"""A variant of every family hanab.live plays (the common ones issue 29 names first)."""

EVERY_VARIANT = sorted({*CATALOGUE, *variant_names()})
"""The rulebook catalogue (bonus tiles, black powder, ...) and every listed variant."""


def check_move(name: str, bot: Agent, state: HanabiState) -> None:
    """`bot` (called `name`) moves legally in the seat to act, and explains that move."""
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    action = bot.act(view, legal)
    assert action in legal, f"{name} chose {action}, not a legal move"
    hint: Hint[HanabiAction] = explain(bot, view, legal)
    assert hint.action in legal, f"{name} explained {hint.action}, not a legal move"


def check_every_bot(state: HanabiState, seed: int) -> None:
    """Each bundled bot, made fresh, moves legally at `state` (a partner joining there)."""
    for name in BOTS:
        check_move(name, GAME.bots[name](seed), state)


def new_game(name: str, players: int, seed: int) -> HanabiState:
    return HanabiState.new(variant(name), players=players, seed=seed)


def last_open_position(state: HanabiState, moves: list[HanabiAction], seed: int,
                       name: str) -> HanabiState:
    """`state`, or where the game stood before its last move when that move ended it."""
    if not state.is_over:
        return state
    again = new_game(name, len(state.players), seed)
    for action in moves[:-1]:
        again.apply(action)
    return again


variants = st.one_of(st.sampled_from(FAMILIES), st.sampled_from(EVERY_VARIANT))
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@SETTINGS
@given(name=variants, players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 120), data=st.data())
def test_every_bot_moves_legally_after_random_moves(
        name: str, players: int, seed: int, moves: int, data: st.DataObject) -> None:
    state = new_game(name, players, seed)
    played: list[HanabiAction] = []
    for _ in range(moves):
        if state.is_over:
            break
        action = data.draw(st.sampled_from(state.legal_actions()))
        state.apply(action)
        played.append(action)
    check_every_bot(last_open_position(state, played, seed, name), seed)


@SETTINGS
@given(name=variants, players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 150), data=st.data())
def test_every_bot_moves_legally_after_a_human_like_game(
        name: str, players: int, seed: int, moves: int, data: st.DataObject) -> None:
    # Each seat is a drawn bundled bot, slipping now and then as a person does; each plays
    # every move of its seat, so a bot that follows the game is checked at every step too.
    seats: list[Agent] = []
    names = []
    for seat in range(players):
        bot_name = data.draw(st.sampled_from(BOTS))
        slips = data.draw(st.sampled_from((0.0, 0.05, 0.3)))
        bot = GAME.bots[bot_name](seed + seat)
        seats.append(Sloppy(bot, slips, seed - seat) if slips else bot)
        names.append(bot_name)
    state = new_game(name, players, seed)
    played: list[HanabiAction] = []
    while len(played) < moves and not state.is_over:
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        action = seats[seat].act(view, legal)
        assert action in legal, f"{names[seat]} chose {action}, not a legal move"
        state.apply(action)
        played.append(action)
    check_every_bot(last_open_position(state, played, seed, name), seed)


REPRO_MOVES = ["clue 2 4", "discard 1", "clue 2 yellow", "play 3", "clue 2 2", "clue 1 purple",
    "clue 2 5", "discard 3", "clue 2 5", "discard 4", "discard 4", "clue 1 3", "clue 2 red",
    "clue 1 red", "clue 2 green", "clue 1 yellow", "clue 2 3", "play 5", "discard 3",
    "clue 1 yellow", "discard 2", "discard 1", "discard 5", "clue 1 4", "discard 3",
    "clue 1 3", "clue 2 yellow", "clue 1 4", "discard 2", "discard 4", "clue 2 1", "clue 1 5",
    "discard 4", "clue 1 4", "discard 3", "discard 3", "clue 2 yellow", "play 4",
    "clue 2 green", "discard 5", "clue 2 5", "play 4", "discard 1", "clue 1 green"]
"""Issue 29's repro: 44 moves of a two-player game (seed 1030) after which the hat family
raised for seat 0."""


def test_the_hat_family_moves_for_a_person_who_ignored_its_conventions() -> None:
    # Issue 29's repro: a discard outside the cards the hat table knew useless raised
    # ValueError in hat.py's _left_hand; the strategy now stands aside (the convention
    # bot's move) once a move breaks it. The game was played where No Variant allowed empty
    # clues (rules version 2), and opens with one.
    state = HanabiState.new(attrs.evolve(variant("No Variant"), empty_clues=True), players=2,
                            seed=1030)
    for text in REPRO_MOVES:
        state.apply(state.parse(text))
    assert state.current_player == 0
    for name in ("hat", "duo", "hard"):
        check_move(name, GAME.bots[name](0), state)


# ------------------------------------------------------------------ AH2AC2
@cache
def ah2ac2_games() -> list[HanabiState]:
    """The 221 games (tests/hanabi/test_ah2ac2.py checks they replay to their results)."""
    data = json.loads((AH2AC2 / "games.json").read_text(encoding="utf-8"))
    return [from_hanablive(game["export"]) for game in data]


def stratified(count: int, every: int, salt: int) -> Callable[[int], bool]:
    """A deterministic sample of the positions of a game: one in `every`, its phase drawn
    per game (seeded by the game and `salt`), so each part of every game is sampled."""
    phase = random.Random(count * 7919 + salt).randrange(every)
    return lambda index: index % every == phase


@needs(AH2AC2)
@pytest.mark.parametrize("name", PEOPLE_BOTS)
def test_the_bots_for_people_move_legally_at_every_ah2ac2_position(name: str) -> None:
    for game in ah2ac2_games():
        for state, _ in positions(game):
            check_move(name, GAME.bots[name](0), state)


@needs(AH2AC2)
@pytest.mark.parametrize("name", [name for name in BOTS if name not in PEOPLE_BOTS])
def test_the_other_bots_move_legally_at_a_sample_of_ah2ac2_positions(name: str) -> None:
    # One position in 4 of every game (benchmarks/hanabi_agreement.py checks them all).
    for number, game in enumerate(ah2ac2_games()):
        sampled = stratified(number, 4, len(name))
        for index, (state, _) in enumerate(positions(game)):
            if sampled(index):
                check_move(name, GAME.bots[name](0), state)
