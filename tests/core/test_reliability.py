"""Regression tests of issue 11 (reliability) at the API level: each names its item.

The command-line and terminal items are in tests/cli/test_reliability_cli.py; the fuzzing that
keeps the promise in general is in tests/fuzz/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardgames
from cardgames.core.errors import MAX_MESSAGE, CardgamesError, OptionsError, RecordError
from cardgames.core.limits import (
    MAX_DEPTH,
    as_index,
    check_seat,
    load_json,
    small_number,
)
from cardgames.core.record import Record, read_records
from cardgames.hanabi.hanablive import from_hanablive, to_hanablive

GAMES = ["hanabi", "ikebana", "koikoi"]


# ----------------------------------------------------- item 3: Unicode digits, huge numbers
@pytest.mark.parametrize(
    "word", ["²", "①", "¹", "٣", "", "-1", "1.0", "1" * 5000, " 1"], ids=lambda w: w[:8]
)
def test_small_number_takes_only_short_ascii_digits(word: str) -> None:
    assert small_number(word) is None


def test_small_number_reads_ascii_digits() -> None:
    assert [small_number(w) for w in ("0", "7", "012", "999999")] == [0, 7, 12, 999999]


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("hanabi", "play ²"),
        ("hanabi", "clue ① red"),
        ("hanabi", "clue 2 ¹"),
        ("hanabi", "discard ①"),
        ("hanabi", "play " + "9" * 5000),
        ("hanabi", "clue 2 " + "3" * 5000),
        ("hanabi", "bonus play R²"),
        ("ikebana", "buy ²"),
        ("ikebana", "buy " + "1" * 5000),
        ("koikoi", "play ²"),
        ("koikoi", "play " + "1" * 5000),
    ],
    ids=lambda value: value[:20],
)
def test_unicode_digits_and_huge_numbers_are_notation_errors(game: str, text: str) -> None:
    state = cardgames.new_game(game, seed=1)
    before = state.snapshot()
    with pytest.raises(cardgames.NotationError) as caught:
        state.parse(text)
    assert len(str(caught.value)) <= MAX_MESSAGE
    assert state.snapshot() == before


# ------------------------------------------------------------ item 7: JSON past the limits
@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("[" * 1000 + "]" * 1000, "nested deeper"),
        ('{"meta":' + "[" * 900 + "]" * 900 + "}", "nested deeper"),
        ('{"seed": ' + "9" * 5000 + "}", "5,000 digits"),
        ('{"seed": NaN}', "NaN is not a JSON number"),
        ('{"seed": -Infinity}', "Infinity is not a JSON number"),
    ],
)
def test_json_past_the_limits_is_a_record_error(text: str, complaint: str) -> None:
    with pytest.raises(RecordError, match=complaint):
        load_json(text, "record")
    with pytest.raises(RecordError, match=complaint):
        Record.from_json(text)
    with pytest.raises(RecordError, match=complaint):
        list(read_records([text]))


def test_the_depth_limit_leaves_real_records_alone() -> None:
    text = cardgames.new_game("hanabi", seed=3).record().to_json()
    assert load_json(text, "record") == json.loads(text)
    nested: Any = 1
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    assert load_json(json.dumps(nested), "x") == nested


def test_record_from_dict_refuses_deep_data_from_a_caller() -> None:
    meta: Any = {}
    for _ in range(MAX_DEPTH + 5):
        meta = {"a": meta}
    data = {"game": "hanabi", "options": {}, "players": ["a", "b"], "actions": [], "meta": meta}
    with pytest.raises(RecordError, match="nested deeper"):
        Record.from_dict(data)


# ------------------------------------------------------ item 9: Hanabi suit counts, strictly
@pytest.mark.parametrize("copies", ["Infinity", "2.9", "true", '"2.5"', '"²"', "1e400"])
def test_hanabi_suit_counts_are_read_strictly(copies: str) -> None:
    data = cardgames.new_game("hanabi", seed=1).record().to_dict()
    text = json.dumps(data).replace('"counts": {"1": 3', '"counts": {"1": ' + copies, 1)
    assert text != json.dumps(data)
    with pytest.raises(RecordError):
        cardgames.replay(Record.from_json(text))
    options = json.loads(text.replace("Infinity", "1e400"))["options"]
    with pytest.raises(OptionsError):
        cardgames.get_game("hanabi").options_from_dict(options)


def test_hanabi_suit_counts_from_json_keys_still_read() -> None:
    state = cardgames.new_game("hanabi", seed=1, variant="rainbow")
    assert cardgames.replay(Record.from_json(state.record().to_json())) == state


# ------------------------------------------------------------------ item 11: API misuse
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [None, "0", [], 1.0, True, False, -1, 99, 2**70])
def test_view_refuses_what_is_not_a_seat(game: str, seat: Any) -> None:
    state = cardgames.new_game(game, seed=1)
    before = state.snapshot()
    with pytest.raises(CardgamesError, match="seat"):
        state.view(seat)
    assert state.snapshot() == before


def test_a_seat_may_be_any_integer_like_value() -> None:
    class Index:
        def __index__(self) -> int:
            return 1

    assert as_index(Index()) == 1
    assert check_seat(Index(), 2) == 1
    assert cardgames.new_game("hanabi", seed=1).view(Index()).seat == 1


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"names": [1, 2]}, "names"),
        ({"names": "ab"}, "names"),
        ({"deck": 5}, "deck"),
        ({"deck": "R1"}, "deck"),
        ({"deck": [1, 2]}, "deck"),
        ({"seed": 1.5}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"players": "2"}, "players"),
        ({"options": 5}, "options"),
        ({"options": "standard"}, "options"),
    ],
)
def test_new_game_refuses_wrong_arguments_naming_them(
    game: str, arguments: dict[str, Any], named: str
) -> None:
    with pytest.raises(OptionsError, match=f"'{named}'"):
        cardgames.new_game(game, **arguments)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("preset", [5, object(), ["standard"]])
def test_a_preset_of_the_wrong_type_is_an_options_error(game: str, preset: Any) -> None:
    word = cardgames.get_game(game).preset_word
    with pytest.raises(OptionsError, match=f"'{word}'"):
        cardgames.new_game(game, **{word: preset})
    with pytest.raises(OptionsError, match=f"'{word}'"):
        cardgames.get_game(game).make_options(**{word: preset})


@pytest.mark.parametrize("game", GAMES)
def test_options_with_keys_that_are_not_strings_are_an_options_error(game: str) -> None:
    with pytest.raises(OptionsError, match="unknown"):
        cardgames.get_game(game).options_from_dict({1: 2, "x": 3})


# ----------------------------------------------------- item 12: errors are bounded lines
def test_an_error_never_quotes_a_huge_input_in_full() -> None:
    state = cardgames.new_game("koikoi", seed=1)
    with pytest.raises(cardgames.NotationError) as caught:
        state.parse("play " + "x" * 1_000_000)
    assert len(str(caught.value)) <= MAX_MESSAGE


def test_an_error_is_one_line_whatever_it_quotes() -> None:
    data = {"game": "hanabi", "options": {"a\nb": 1}, "players": ["a", "b"], "actions": []}
    with pytest.raises(RecordError) as caught:
        cardgames.replay(Record.from_dict(data))
    assert "\n" not in str(caught.value)
    assert "\n" not in str(CardgamesError("two\nlines\r\x1b[2J"))


@pytest.mark.parametrize("name", ["\ud800", "a\nb", "tab\there", "\x1b[2J"])
def test_a_player_name_that_cannot_be_printed_on_one_line_is_refused(name: str) -> None:
    # Found by the fuzzing: a record naming a player "\ud800" crashed `replay` when printed.
    with pytest.raises(OptionsError, match="'names' must be non-empty printable strings"):
        cardgames.new_game("hanabi", names=[name, "b"])
    data = cardgames.new_game("hanabi", seed=1).record().to_dict()
    data["players"] = [name, "b"]
    # Half a surrogate pair is refused as soon as the record is read; the rest on replay.
    with pytest.raises(RecordError, match=r"printable|surrogate"):
        cardgames.replay(Record.from_dict(data))


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: cardgames.replay(5), RecordError),
        (lambda: cardgames.replay({"game": "hanabi"}), RecordError),
        (lambda: cardgames.get_game("hanabi").replay("x"), RecordError),
        (lambda: cardgames.replay(Record("hanabi", 5, ["a", "b"], [])), RecordError),
        (lambda: cardgames.get_game(5), OptionsError),
        (lambda: cardgames.new_game(None), OptionsError),
        (lambda: list(read_records(5)), RecordError),
        (lambda: list(read_records([b"{}"])), RecordError),
        (lambda: Record.from_json(b"{}"), RecordError),
        (lambda: cardgames.new_game("koikoi", seed=1).record(5), RecordError),
    ],
    ids=["replay-int", "replay-dict", "info-replay-str", "record-by-hand", "get-game-int",
         "new-game-none", "read-records-int", "read-records-bytes", "from-json-bytes",
         "record-meta-int"],
)
def test_the_other_public_functions_refuse_wrong_types(call: Any, error: type) -> None:
    with pytest.raises(error):
        call()


def test_a_hanablive_export_naming_a_player_unprintably_is_a_record_error() -> None:
    # Found by the long fuzzing: the importer built the state itself and took the name
    # "\ufeffPlayer 2", which `replay` then refused with a traceback when it showed the moves.

    state = cardgames.new_game("hanabi", seed=4)
    state.apply(state.legal_actions()[0])
    export = to_hanablive(state)
    export["players"][1] = "\ufeffPlayer 2"
    with pytest.raises(RecordError, match="printable"):
        from_hanablive(export)


def test_json_with_half_a_surrogate_pair_is_a_record_error() -> None:
    # Found by the long fuzzing: a save whose suit style was "\ud800" could be resumed but
    # not saved again (UTF-8 cannot hold it), and the session crashed on its first save.
    with pytest.raises(RecordError, match="half of a surrogate pair"):
        load_json('{"style": "\\ud800"}', "save")
    with pytest.raises(RecordError, match="half of a surrogate pair"):
        load_json('{"\\udc00": 1}', "save")
    assert load_json('{"smile": "\\ud83d\\ude00"}', "save") == {"smile": "\U0001f600"}
    data = cardgames.new_game("hanabi", seed=1).record().to_dict()
    data["meta"] = {"note": "\ud800"}
    with pytest.raises(RecordError, match="surrogate"):
        Record.from_dict(data)
