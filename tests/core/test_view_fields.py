"""A seat's view extends a base of the fields it shares with the public view, each field
declared once; :func:`~cardgames.core.game.in_place` keeps every view's field order (its repr,
and the order of its fields on the wire) the one it had when each view declared all its
fields."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardgames
from cardgames.core.game import in_place, placed_after
from cardgames.hanabi.view import HanabiPublicView, HanabiSharedView, HanabiView
from cardgames.ikebana.view import IkebanaPublicView, IkebanaView
from cardgames.koikoi.view import KoiKoiPublicView, KoiKoiSharedView, KoiKoiView


def names(cls: type[Any]) -> list[str]:
    return [field.name for field in attrs.fields(cls)]


@attrs.frozen(kw_only=True)
class Shared:
    players: int
    deck: int
    over: bool = False


@attrs.frozen(kw_only=True, field_transformer=in_place)
class Seated(Shared):
    seat: int = attrs.field(metadata=placed_after(None))
    hand: int = attrs.field(metadata=placed_after("players"))
    extra: int = 0


def test_placed_fields_go_after_the_field_they_name_and_the_others_keep_their_order() -> None:
    assert names(Seated) == ["seat", "players", "hand", "deck", "over", "extra"]
    value = Seated(seat=1, players=2, hand=3, deck=4)
    assert repr(value) == "Seated(seat=1, players=2, hand=3, deck=4, over=False, extra=0)"
    assert value == Seated(seat=1, players=2, hand=3, deck=4)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value.seat = 0  # type: ignore[misc]


def test_a_field_placed_after_no_field_of_the_class_names_the_fields_it_has() -> None:
    with pytest.raises(TypeError, match=r"Lost\.seat is placed after 'table', which is none "
                                        r"of its fields \(players, deck, over\)"):
        @attrs.frozen(kw_only=True, field_transformer=in_place)
        class Lost(Shared):
            seat: int = attrs.field(metadata=placed_after("table"))


@pytest.mark.parametrize(("seat_view", "public_view", "shared", "seat_fields", "public_fields"), [
    (HanabiView, HanabiPublicView, HanabiSharedView,
     ["seat", "players", "variant", "own_hand", "other_hands", "fireworks"],
     ["players", "variant", "hands", "fireworks"]),
    (KoiKoiView, KoiKoiPublicView, KoiKoiSharedView,
     ["seat", "players", "rules", "round_number", "month", "dealer", "current_player", "phase",
      "hand", "opponent_hand_size", "field"],
     ["players", "rules", "round_number", "month", "dealer", "current_player", "phase",
      "hand_sizes", "field"]),
    (IkebanaView, IkebanaPublicView, IkebanaPublicView,
     ["seat", "players", "rules", "round"], ["players", "rules", "round"]),
])
def test_both_views_extend_the_shared_fields_in_the_order_they_are_sent(
        seat_view: type[Any], public_view: type[Any], shared: type[Any],
        seat_fields: list[str], public_fields: list[str]) -> None:
    assert issubclass(seat_view, shared)
    assert issubclass(public_view, shared)
    assert names(seat_view)[:len(seat_fields)] == seat_fields
    assert names(public_view)[:len(public_fields)] == public_fields
    # Past the hands, both go on in the shared order.
    tail = names(shared)[names(shared).index(seat_fields[-1]):]
    assert names(seat_view)[len(seat_fields) - 1:][:len(tail)] == tail
    assert names(public_view)[len(public_fields) - 1:][:len(tail)] == tail


@pytest.mark.parametrize(("game", "players"), [("hanabi", 3), ("koikoi", 2), ("ikebana", 3)])
def test_a_seat_view_is_never_equal_to_the_public_view_though_they_share_fields(
        game: str, players: int) -> None:
    state = cardgames.new_game(game, players=players, seed=3)
    view = state.view(0)
    public = state.public_view()
    assert view != public
    assert view == state.view(0)
    assert hash(view) == hash(state.view(0))
    assert attrs.evolve(view, seat=1) != view
