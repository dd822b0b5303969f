"""Records, the registry (with third-party games through entry points) and the turn loop."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames.core import IllegalActionError, OptionsError, RandomAgent, Record, RecordError
from cardgames.core.errors import summarize
from cardgames.core.loop import play
from cardgames.core.options import bounded
from cardgames.core.record import read_records, write_records
from cardgames.core.registry import Registry
from tinygame import TINY, TinyOptions, TinyState, make_info


@given(
    st.builds(
        Record,
        game=st.text(min_size=1),
        options=st.dictionaries(st.text(), st.integers() | st.text() | st.booleans()),
        players=st.lists(st.text(), max_size=5),
        actions=st.lists(st.text(), max_size=20),
        seed=st.none() | st.integers(),
        deck=st.none() | st.lists(st.text(), max_size=5),
        rules_version=st.integers(min_value=1, max_value=9),
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
    with pytest.raises(OptionsError, match=r"'players' must be in 2..3 for Tiny \(got 7\)"):
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


def test_a_record_carries_the_rules_version_and_a_newer_one_is_refused() -> None:
    class Revised(TinyState):
        __slots__ = ()
        rules_version = 3

    revised = make_info(Revised)
    record = revised.new_game(2, seed=4).record()
    assert record.rules_version == 3
    assert Record.from_json(record.to_json()).rules_version == 3
    assert revised.replay(record) == revised.new_game(2, seed=4)
    with pytest.raises(RecordError, match="rules version 3; this library plays version 1"):
        TINY.replay(record)
    with pytest.raises(RecordError, match="'rules_version' must be a whole number"):
        Record.from_json(record.to_json().replace('"rules_version":3', '"rules_version":"x"'))


def test_every_game_starts_through_the_same_classmethod() -> None:
    for name, info in cardgames.games().items():
        options = info.presets[info.default_preset]
        count = info.player_counts.stop - 1
        names = [f"N{seat}" for seat in range(count)]
        state = info.state_type.new(options, players=count, seed=5, names=names)
        assert state == info.new_game(count, 5, names=names), name
        assert state.players == tuple(names)
        assert type(state) is info.state_type


def test_a_two_player_game_accepts_two_and_names_the_only_count() -> None:
    koikoi = cardgames.get_game("koikoi")
    assert len(koikoi.new_game(2, seed=1).players) == 2
    with pytest.raises(OptionsError, match=r"'players' must be 2 for Koi-Koi \(got 3\)"):
        koikoi.new_game(3, seed=1)


def test_an_unfinished_game_says_how_far_it_got() -> None:
    state = TINY.new_game(2, seed=3)
    assert state.result_text() == "unfinished after 0 moves; P1 to move"
    state.apply(state.legal_actions()[0])
    assert state.result_text() == "unfinished after 1 move; P2 to move"
    play(state, [RandomAgent(0), RandomAgent(1)])
    assert state.result_text().startswith("scores: ")


def test_a_third_party_game_registers_through_an_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An installed distribution is a .dist-info folder on the path; its entry_points.txt
    # names the game's GameInfo in the group cardgames.games.
    info_dir = tmp_path / "tiny_cards-1.0.dist-info"
    info_dir.mkdir()
    (info_dir / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-cards\nVersion: 1.0\n")
    (info_dir / "entry_points.txt").write_text(
        textwrap.dedent("""\
            [cardgames.games]
            tiny = tinygame:TINY
            """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry({"hanabi": "cardgames.hanabi"})
    assert registry.names() == ["hanabi", "tiny"]
    assert registry.get("tiny") is TINY
    # The built-in registry finds it too, and plays it like any other game.
    fresh = Registry(dict(cardgames.registry.targets))
    state = fresh.get("tiny").new_game(2, seed=2)
    assert state.game_name == "tiny"


def test_a_plugin_cannot_replace_a_built_in_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info_dir = tmp_path / "impostor-1.0.dist-info"
    info_dir.mkdir()
    (info_dir / "METADATA").write_text("Metadata-Version: 2.1\nName: impostor\nVersion: 1.0\n")
    (info_dir / "entry_points.txt").write_text("[cardgames.games]\nhanabi = tinygame:TINY\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry({"hanabi": "cardgames.hanabi"})
    assert registry.get("hanabi").title == "Hanabi"


@attrs.frozen
class TinyOptionsV2(TinyOptions):
    """Version 2 of the tiny game deals three cards unless told otherwise."""

    hand_size: int = bounded(3, 1, 3)


class TinyV2(TinyState):
    __slots__ = ()
    rules_version = 2

    @classmethod
    def upgrade_options(cls, options: dict[str, Any], rules_version: int) -> dict[str, Any]:
        # Version 1 had no hand_size option: it always dealt two.
        return {"hand_size": 2, **options} if rules_version < 2 else options


def test_an_older_record_replays_under_the_options_it_was_played_with() -> None:
    old = TINY.new_game(2, seed=6)
    play(old, [RandomAgent(0), RandomAgent(1)])
    data = old.record().to_dict()
    del data["options"]["hand_size"]  # written before the option existed
    record = Record.from_dict(data)
    assert record.rules_version == 1
    fields: dict[str, Any] = {
        "options_type": TinyOptionsV2, "presets": {"three": TinyOptionsV2()},
        "default_preset": "three",
    }
    again = make_info(TinyV2, **fields).replay(record)
    assert again.scores() == old.scores()
    assert again.options == TinyOptionsV2(2)

    class NoUpgrade(TinyV2):
        __slots__ = ()

        @classmethod
        def upgrade_options(cls, options: dict[str, Any], rules_version: int) -> dict[str, Any]:
            return options

    # Without the upgrade the record would be dealt three cards, and its moves no longer fit.
    with pytest.raises(RecordError, match="record move"):
        make_info(NoUpgrade, **fields).replay(record)
