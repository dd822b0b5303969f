"""The seeded deck, records, the registry and the turn loop."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames.core import Deck, IllegalActionError, OptionsError, RandomAgent, Record, RecordError
from cardgames.core.errors import summarize
from cardgames.core.loop import play
from cardgames.core.record import read_records, write_records
from tinygame import TINY, TinyState


def test_an_explicit_deck_draws_in_order() -> None:
    deck = Deck(["a", "b", "c", "d"])
    assert deck.draw() == "a"
    assert deck.deal(2) == ["b", "c"]
    assert len(deck) == 1
    assert deck.cards == ("d",)
    with pytest.raises(IndexError):
        deck.deal(2)


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(), max_size=30))
def test_a_shuffle_depends_only_on_the_seed(seed: int, cards: list[int]) -> None:
    first = Deck.shuffled(cards, random.Random(seed))
    second = Deck.shuffled(cards, random.Random(seed))
    assert first == second
    assert sorted(first.cards) == sorted(cards)


def test_a_copied_deck_is_independent() -> None:
    deck = Deck([1, 2, 3])
    twin = deck.copy()
    twin.draw()
    twin.put_bottom(9)
    assert deck.cards == (1, 2, 3)
    assert twin.cards == (2, 3, 9)


@given(
    st.builds(
        Record,
        game=st.text(min_size=1),
        options=st.dictionaries(st.text(), st.integers() | st.text() | st.booleans()),
        players=st.lists(st.text(), max_size=5),
        actions=st.lists(st.text(), max_size=20),
        seed=st.none() | st.integers(),
        deck=st.none() | st.lists(st.text(), max_size=5),
    )
)
def test_records_survive_json(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record


def test_many_records_are_json_lines() -> None:
    records = [TINY.new_game(2, seed).record() for seed in range(3)]
    stream = io.StringIO()
    assert write_records(records, stream) == 3
    assert list(read_records(io.StringIO(stream.getvalue()))) == records


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("{", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ('{"game": "tiny"}', "missing field"),
        ('{"game": "tiny", "options": {}, "players": ["a"], "actions": [3]}', "'actions'"),
        ('{"game": "tiny", "options": {}, "players": [], "actions": [], "format": 99}', "format"),
        ('{"game": "tiny", "options": {}, "players": [], "actions": [], "seed": "x"}', "'seed'"),
    ],
)
def test_a_broken_record_names_the_problem(text: str, complaint: str) -> None:
    with pytest.raises(RecordError, match=complaint):
        Record.from_json(text)


def test_a_record_replays_bit_for_bit() -> None:
    state = TINY.new_game(3, seed=11)
    play(state, [RandomAgent(seat) for seat in range(3)])
    again = TINY.replay(Record.from_json(state.record().to_json()))
    assert again == state
    assert again.scores() == state.scores()


def test_a_record_with_a_bad_move_names_the_move() -> None:
    record = TINY.new_game(2, seed=1).record()
    broken = Record(record.game, record.options, record.players, ["play 99"], seed=1)
    with pytest.raises(RecordError, match=r"record move 1 'play 99'"):
        TINY.replay(broken)


def test_an_explicit_deck_replays() -> None:
    state = TINY.new_game(2, None, deck=[str(c) for c in range(1, 10)])
    assert state.view(0).hand == (1, 2)
    state.apply_text("play 2")
    assert TINY.replay(state.record()) == state


def test_an_illegal_action_changes_nothing_and_says_what_is_legal() -> None:
    state = TINY.new_game(2, seed=3)
    before = state.snapshot()
    missing = next(c for c in range(1, 10) if c not in state.hands[0])
    with pytest.raises(IllegalActionError, match=rf"'play {missing}'.*legal now: play"):
        state.apply_text(f"play {missing}")
    assert state.snapshot() == before
    assert state.history == ()


def test_bad_player_counts_and_options_are_named() -> None:
    with pytest.raises(OptionsError, match=r"'players' must be in 2..3 for tiny \(got 7\)"):
        TINY.new_game(7)
    with pytest.raises(OptionsError, match="'hand_size'"):
        TINY.new_game(2, hand_size="lots")


def test_the_registry_suggests_near_names() -> None:
    with pytest.raises(OptionsError, match="did you mean hanabi"):
        cardgames.get_game("hanaby")


def test_the_loop_refuses_an_agent_that_cheats() -> None:
    class Cheat:
        def act(self, view: object, legal: object) -> object:
            return TinyState.parse(TINY.new_game(2, 0), "play 9")

    state = TINY.new_game(2, seed=0)
    while 9 in state.hands[0]:
        state = TINY.new_game(2, seed=state.seed + 1)  # type: ignore[operator]
    with pytest.raises(IllegalActionError, match="seat 0"):
        play(state, [Cheat(), Cheat()])


def test_summarize_cuts_long_lists() -> None:
    assert summarize(["a", "b", "c"], limit=2) == "a, b, and 1 more"
    assert summarize([]) == "(none)"
