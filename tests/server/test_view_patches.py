"""Views as patches (protocol version 2): merge patches read back exactly what they were made
from, a table's patches stay the size of a move however long the game, a client applying
them holds exactly the view the server would send whole, and no patch names a card its
receiver may not see."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.server.store import SeatRow, TableRow
from cardgames.server.tables import LiveTable
from cardgames.wire.messages import server_message_adapter
from cardgames.wire.patch import (
    PatchMismatchError,
    ViewMirror,
    apply_merge_patch,
    apply_view_patch,
    make_view_patch,
    merge_patch,
    same,
    view_document,
)
from view_leaks import hidden_cards, leaks

JSON_LEAVES = st.none() | st.booleans() | st.integers(-5, 5) | st.floats(
    allow_nan=False, allow_infinity=False, width=32) | st.sampled_from(["", "a", "R1"])
KEYS = st.sampled_from(["a", "b", "c", "view", "history", "0", "1"])
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20)
OBJECTS = st.dictionaries(KEYS, JSON, max_size=5)


@settings(max_examples=300, deadline=None)
@given(OBJECTS, OBJECTS)
def test_a_merge_patch_makes_its_target_exactly(old: dict[str, Any], new: dict[str, Any]
                                                ) -> None:
    kept = copy.deepcopy(old)
    made = merge_patch(old, new)
    # What travels is JSON: read back from its text, it still makes the target.
    patch, nulls, lists = json.loads(json.dumps(made))
    result = apply_merge_patch(old, patch, nulls, lists)
    assert same(result, new), (old, new, made)
    assert same(old, kept)  # applying copies; the view held is left as it was
    if json.dumps(old) == json.dumps(new):  # the same, written alike: nothing to send
        assert made == ({}, [], [])


@settings(max_examples=200, deadline=None)
@given(OBJECTS, OBJECTS, st.lists(JSON, max_size=4), st.lists(JSON, max_size=3))
def test_a_view_patch_makes_the_next_view_exactly(
    old: dict[str, Any], new: dict[str, Any], history: list[Any], added: list[Any],
) -> None:
    before = {"type": "view", "version": 2, "ref": None, "table": "t", "move": 3,
              "log_start": 0, "log": [], **old, "view": {**old, "history": history}}
    after = {"type": "view", "version": 2, "ref": "r", "table": "t", "move": 4,
             "log_start": 3, "log": [{"seat": 0, "action": "x", "events": []}], **new,
             "view": {**new, "history": [*history, *added]}}
    patch = json.loads(json.dumps(make_view_patch(view_document(before), after)))
    assert patch["history"] == added  # the history is appended to, not sent again
    assert same(apply_view_patch(view_document(before), patch), view_document(after))
    mirror = ViewMirror()
    mirror.read(before)
    assert same(mirror.read(patch), {**after, "version": 2})


def test_a_list_that_keeps_its_length_is_patched_item_by_item() -> None:
    hands: list[list[dict[str, Any]]] = [
        [{"card": "R1", "possible": ["R1", "B1"]}, {"card": "B2", "possible": ["B2"]}],
        [{"card": "G3", "possible": ["G3"]}, {"card": "Y4", "possible": ["Y4", "Y5"]}]]
    clued = copy.deepcopy(hands)
    clued[1][1]["possible"] = ["Y4"]
    clued[1][0]["touched"] = None
    patch, nulls, lists = merge_patch({"hands": hands}, {"hands": clued})
    # Only the changed slot travels, under its indexes; the others cost nothing.
    assert patch == {"hands": {"1": {"1": {"possible": ["Y4"]}}}}
    assert nulls == [["hands", "1", "0", "touched"]]
    assert lists == [["hands"], ["hands", "1"]]
    assert apply_merge_patch({"hands": hands}, patch, nulls, lists) == {"hands": clued}
    # A list whose length changed, or of plain values, is sent whole.
    assert merge_patch({"a": [1, 2]}, {"a": [1, 3]}) == ({"a": [1, 3]}, [], [])
    assert merge_patch({"a": [{"b": 1}]}, {"a": [{"b": 1}, {}]}) == ({"a": [{"b": 1}, {}]},
                                                                     [], [])
    with pytest.raises(PatchMismatchError):  # made for a view with a list there
        apply_merge_patch({"hands": "none"}, patch, nulls, lists)


def test_a_patch_for_another_view_is_refused() -> None:
    first = {"type": "view", "version": 2, "ref": None, "table": "t", "move": 1,
             "log_start": 0, "log": [], "view": {"history": [1], "a": 1}}
    second = {**first, "move": 2, "view": {"history": [1, 2], "a": 2}}
    third = {**first, "move": 3, "view": {"history": [1, 2, 3], "a": 3}}
    skipped = make_view_patch(view_document(second), third)  # made for move 2's view
    with pytest.raises(PatchMismatchError, match="ask for a full view"):
        apply_view_patch(view_document(first), skipped)
    mirror = ViewMirror()
    mirror.read(first)
    assert mirror.read(skipped) is None
    assert mirror.document == view_document(first)  # the view held stays as it was
    assert mirror.read(third) is not None  # a whole view starts again
    assert mirror.read(make_view_patch(view_document(third), {**third, "move": 4})) is not None


# ----------------------------------------------------------------------- a table's patches
class Receiver:
    """A connection as a table sees it (a Listener), keeping what it is sent."""

    def __init__(self, seat: int | None, version: int) -> None:
        self.seat = seat
        self.version = version
        self.logged = 0
        self.sent: dict[str, Any] | None = None
        self.texts: list[str] = []
        self.mirror = ViewMirror()

    def send_text(self, text: str) -> None:
        self.texts.append(text)

    def send(self, message: Any) -> None:
        self.texts.append(message.model_dump_json())

    def close(self) -> None:
        pass


def new_table(game: str, players: int, seed: int) -> LiveTable:
    seats = tuple(SeatRow(seat, "person", f"P{seat + 1}", None, "hash")
                  for seat in range(players))
    row = TableRow(id="t1", name="t", game=game, options={}, seed=seed, bot_seed=seed,
                   password_hash=None, hints=False, autostart=False, status="waiting",
                   header=None, creator="test", created=0.0, seats=seats)
    table = LiveTable(row, cardgames.get_game(game), list(seats))
    table.start()
    return table


def play_long_game(game: str, players: int, seed: int) -> tuple[
        LiveTable, list[Receiver], list[tuple[int, list[int], list[int]]]]:
    """A whole random game (Hanabi's plays kept rare: a long game) at a table whose seats
    and spectator speak version 2, beside one seat of version 1; per move, the sizes of the
    patches and of the whole views sent."""
    table = new_table(game, players, seed)
    patched = [Receiver(seat, 2) for seat in range(players)] + [Receiver(None, 2)]
    whole = Receiver(0, 1)
    receivers = [*patched, whole]
    table.listeners.update(receivers)
    for receiver in receivers:  # each joins: its whole view
        table.send_view(receiver)
        (joined,) = receiver.texts
        assert receiver.mirror.read(json.loads(joined)) is not None
    rng = random.Random(seed)
    sizes: list[tuple[int, list[int], list[int]]] = []
    v2 = server_message_adapter(2)

    async def play() -> None:
        state = table.state
        assert state is not None
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            careful = [action for action in legal if not str(action).startswith("play")]
            pool = careful if careful and rng.random() < 0.9 else legal
            counts = [len(receiver.texts) for receiver in receivers]
            await table.play(seat, state.action_id(rng.choice(pool)))
            state = table.state
            assert state is not None
            patches, views = [], []
            for receiver, count in zip(receivers, counts, strict=True):
                for text in receiver.texts[count:]:
                    message = json.loads(text)
                    if message["type"] == "view_patch":
                        v2.validate_python(message)
                        patches.append(len(text.encode()))
                        check_patch(table, receiver, message)
                    elif message["type"] == "view":
                        views.append(len(text.encode()))
                    if message["type"] in ("view", "view_patch"):
                        assert receiver.mirror.read(message) is not None
            sizes.append((state.move_count, patches, views))
            # After every move each receiver holds exactly its whole view.
            for receiver in patched:
                full = table.view_data(receiver.seat)
                assert receiver.mirror.document == view_document(full)
                assert receiver.mirror.log == full["log"]

    asyncio.run(play())
    return table, receivers, sizes


def check_patch(table: LiveTable, receiver: Receiver, message: dict[str, Any]) -> None:
    """A patch goes to version 2 only and names no card its receiver may not see."""
    assert receiver.version == 2
    state = table.state
    assert state is not None
    if table.info.name == "hanabi":  # one deal: a card hidden now was hidden all along
        found = leaks("hanabi", message, hidden_cards(state, receiver.seat, hands_shown=(
            receiver.seat is None)))
        assert not found, f"seat {receiver.seat}'s patch names {found[:3]}"


@pytest.mark.parametrize(("game", "players", "seed"), [("hanabi", 4, 3), ("koikoi", 2, 5)])
def test_patch_sizes_stay_bounded_over_a_long_game(game: str, players: int, seed: int) -> None:
    _table, receivers, sizes = play_long_game(game, players, seed)
    assert len(sizes) >= 40, "a long game"
    third = len(sizes) // 3
    early = [size for _move, patches, _views in sizes[:third] for size in patches]
    late = [size for _move, patches, _views in sizes[-third:] for size in patches]
    early_views = [size for _move, _patches, views in sizes[:third] for size in views]
    late_views = [size for _move, _patches, views in sizes[-third:] for size in views]
    # The version 1 seat's whole views grow with the game; the patches do not.
    assert max(late_views) > 1.5 * max(early_views)
    assert sum(late) / len(late) < 1.5 * sum(early) / len(early) + 256, (early, late)
    assert max(late) < max(late_views) / 2
    # The version 1 connection never gets a patch, and its views have version 1's shapes.
    old = receivers[-1]
    assert all(json.loads(text)["type"] != "view_patch" for text in old.texts)
    last = json.loads([text for text in old.texts if '"view"' in text[:30]][-1])
    assert last["version"] == 1
    assert last["view"]["legal"] == [choice["action"] for choice in last["legal"]]
