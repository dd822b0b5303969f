"""Views and actions as JSON: what the server sends each seat and each spectator.

* :func:`seat_view` is one seat's view, ``state.view(seat)`` as JSON data (its ``history``
  holds the moves as that seat sees them, ``state.moves(seat)``): nothing else of the state is
  read, so the JSON shows exactly what the view shows (the view leaves every hidden card out).
* :func:`spectator_view` is ``state.public_view()`` as JSON data: what every seat may see (no
  card hidden from any seat) until the game is over, then the hands too; a game's
  ``GameInfo.spectator_hands`` hook fills in the hands a table's spectators are shown.
* :func:`seat_log` and :func:`spectator_log` are the moves in words, for the protocol's log.
* :func:`legal_choices` lists the legal actions of the seat to act (id, notation, object).

:mod:`cardgames.wire.decode` reads them back into the game's own values.

The encoding is cattrs over the games' attrs values, the same rules for every game: a card
is its notation (``"R3"``, ``"mar-chaff-2"``), a game's options are their ``to_dict()``, an
enum is its value, a set a sorted list, a tuple a list, and any other attrs value an object
of its fields with ``"type"`` (its class name) and, where the class writes itself in words,
``"text"`` (its ``str``). Fields that take no part in a value's equality (caches, such as
a game's card masks) are left out. Encoded parts are shared between the views that hold
them (a move of the history, a game's options): treat the data as read-only.
"""

from __future__ import annotations

import enum
import functools
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
import cattrs

from cardgames import get_game
from cardgames.core.cache import remembered
from cardgames.core.game import Move, State

__all__ = [
    "action_choice",
    "is_card",
    "is_options",
    "legal_choices",
    "seat_log",
    "seat_view",
    "spectator_log",
    "spectator_view",
    "table_aids",
    "to_json",
    "to_json_action",
]


def is_card(cls: type[Any]) -> bool:
    """A game's card: an attrs value read back from its notation by ``from_str``."""
    return attrs.has(cls) and callable(getattr(cls, "from_str", None))


def is_options(cls: type[Any]) -> bool:
    """A game's options object (the ``Options`` protocol: ``to_dict`` and ``from_dict``)."""
    return callable(getattr(cls, "to_dict", None)) and callable(getattr(cls, "from_dict", None))


def _writes_itself(cls: type[Any]) -> bool:
    """Whether `cls` defines its own ``str`` (attrs' and object's say nothing to people)."""
    return any("__str__" in vars(klass) for klass in cls.__mro__[:-1])


CACHE_SIZE: Final = 4096
"""How many encoded option sets and card sets the encoder keeps (the oldest goes when full)."""


def _cached(encode: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`encode` of hashable frozen values, remembered (up to :data:`CACHE_SIZE` of them):
    a table's options and the sets its views hold come back in every view."""
    return remembered(encode, CACHE_SIZE)


def _sort_key(item: Any) -> str:
    return str(item)


@attrs.frozen
class _AsObject:
    """A value to encode as an object whatever its class (an action that reads itself back
    from notation would be a string otherwise)."""

    value: Any


_SCALARS: Final = frozenset({int, str, bool, float, type(None)})
"""The types JSON holds as they are (an enum or another subclass is not one of them)."""


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter()
    # Every value is unstructured by its own class, not its declared type: views hold unions
    # (pending decisions, actions, events) whose member only the value knows.
    unstructure = converter.unstructure

    def encode(value: Any) -> Any:
        # JSON's own scalars (most fields: seats, slots, counts) skip the converter's look-up.
        return value if type(value) in _SCALARS else unstructure(value)

    made: dict[type[Any], Callable[[Any], dict[str, Any]]] = {}

    def attrs_hook(cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
        hook = made.get(cls)
        if hook is None:
            hook = made[cls] = object_hook(cls)
        return hook

    def object_hook(cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
        names = tuple(field.name for field in attrs.fields(cls) if field.eq)
        tag = cls.__name__
        if cls is _AsObject:
            return lambda wrapped: attrs_hook(type(wrapped.value))(wrapped.value)
        if cls is Move:
            # A move's action is always an object (a game's actions may read themselves
            # back from notation like cards, but a move's declared action type says nothing).
            # A game keeps its Move values, so each is encoded once (a view's history is
            # most of a view, and every view of every seat holds it again); the cache holds
            # a move only while its game does.
            # Keyed by identity (a move's hash and equality would cost more than the look-up
            # saves); a move's entry goes when the move does, before its id can be reused.
            encoded: dict[int, tuple[weakref.ref[Move[Any]], dict[str, Any]]] = {}

            def move(value: Move[Any]) -> dict[str, Any]:
                key = id(value)
                entry = encoded.get(key)
                if entry is not None and entry[0]() is value:
                    return entry[1]
                action = value.action
                found = {"type": tag, "seat": value.seat,
                         "action": attrs_hook(type(action))(action),
                         "events": [encode(event) for event in value.events],
                         "text": str(value)}
                encoded[key] = (weakref.ref(value, functools.partial(forget, key)), found)
                return found

            def forget(key: int, _gone: weakref.ref[Move[Any]]) -> None:
                encoded.pop(key, None)
            return move
        if _writes_itself(cls):
            def with_text(value: Any) -> dict[str, Any]:
                data = {name: encode(getattr(value, name)) for name in names}
                return {"type": tag, **data, "text": str(value)}
            return with_text

        def plain(value: Any) -> dict[str, Any]:
            return {"type": tag, **{name: encode(getattr(value, name)) for name in names}}
        return plain

    # The hook registered last is tried first: cards and options before other attrs values.
    converter.register_unstructure_hook_factory(attrs.has, attrs_hook)
    converter.register_unstructure_hook_func(is_card, str)
    converter.register_unstructure_hook_func(
        is_options, _cached(lambda options: options.to_dict()))
    converter.register_unstructure_hook_func(
        lambda cls: issubclass(cls, enum.Enum), lambda member: encode(member.value))
    # A game hands out the same few sets again and again (the possible cards of a slot
    # come from one table): a frozenset caches its hash, so each is sorted once.
    converter.register_unstructure_hook(
        frozenset, _cached(lambda items: sorted(map(encode, items), key=_sort_key)))
    converter.register_unstructure_hook(
        set, lambda items: sorted(map(encode, items), key=_sort_key))
    converter.register_unstructure_hook(tuple, lambda items: [encode(item) for item in items])
    converter.register_unstructure_hook(list, lambda items: [encode(item) for item in items])
    converter.register_unstructure_hook(
        dict, lambda items: {str(key): encode(value) for key, value in items.items()})
    return converter


_CONVERTER: Final = _make_converter()


def to_json(value: Any) -> Any:
    """Any view value (a view, a move, an action, an event) as JSON data (see the module
    docstring for the encoding)."""
    return _CONVERTER.unstructure(value)


def seat_view(state: State[Any], seat: int) -> dict[str, Any]:
    """What `seat` may know now, as JSON data: ``state.view(seat)`` encoded (its history is
    ``state.moves(seat)``) with the game's table aids. Nothing else of the state is read
    (the seat's legal actions travel beside the view: :func:`legal_choices`)."""
    view = state.view(seat)
    data: dict[str, Any] = to_json(view)
    data.update(table_aids(state.game_name, view))
    return data


def legal_choices(state: State[Any], seat: int | None) -> list[dict[str, Any]]:
    """The legal actions of `seat` now (none unless it is to act), each once: its ``id``
    (valid for this move only), its ``notation`` and the ``action`` as an object, which a
    bot reads back with :func:`legal_from_json`. What the rules allow the seat its view
    tells it anyway."""
    if seat is None or state.current_player != seat:
        return []
    return [action_choice(state, action) for action in state.legal_actions()]


def action_choice(state: State[Any], action: Any) -> dict[str, Any]:
    """One legal action of `state` as the protocol lists it: ``id``, ``notation``,
    ``action`` (the action as an object)."""
    return {"id": state.action_id(action), "notation": str(action),
            "action": to_json_action(action)}


def to_json_action(action: Any) -> dict[str, Any]:
    """An action as JSON data: always an object with its ``type`` and ``text`` (an action
    that reads itself back from notation as cards do included)."""
    data: dict[str, Any] = _ACTION_OBJECTS(action)
    return data


_ACTION_OBJECTS: Final = _cached(lambda action: _CONVERTER.unstructure(_AsObject(action)))
"""Actions as objects, remembered: a game's legal actions are a few values, again and again."""


def spectator_view(state: State[Any], *, show_hands: bool = False) -> dict[str, Any]:
    """What every seat may know, as JSON data: ``state.public_view()`` encoded (no card that
    any seat may not see until the game is over; then the hands too). With `show_hands`
    every hand is filled in, where a spectator sees all hands (never a deck or a stock), by
    the game's own code (its ``GameInfo.spectator_hands``). The table keeps a spectator's
    chat from the seats until the end, so nothing seen here reaches a seat."""
    view = state.public_view()
    data: dict[str, Any] = to_json(view)
    data.update(table_aids(state.game_name, view))
    if show_hands and not state.is_over:
        shown = _spectator_hands(state.game_name)
        if shown is not None:
            data.update(shown(state, data))
    return data


@functools.cache
def _spectator_hands(game: str) -> Callable[[Any, dict[str, Any]], dict[str, Any]] | None:
    return get_game(game).load_spectator_hands()


@functools.cache
def _aids_of(game: str) -> Callable[[Any], dict[str, Any]] | None:
    return get_game(game).load_table_aids()


def table_aids(game: str, view: Any) -> dict[str, Any]:
    """What a table shows beside the cards, worked out from `view` (a seat's or the public
    view of the game named `game`) by the game's own code (its ``GameInfo.table_aids``), so
    that a web table need not score anything itself (see each game's ``table_aids``: its
    yaku progress, its bouquets' worth, its cards' marks). Nothing for a game without them."""
    aids = _aids_of(game)
    return {} if aids is None else aids(view)


def _log(moves: Sequence[Move[Any]]) -> list[dict[str, Any]]:
    return [{"seat": move.seat, "action": str(move.action),
             "events": [str(event) for event in move.events]} for move in moves]


def seat_log(state: State[Any], seat: int, start: int = 0) -> list[dict[str, Any]]:
    """The moves from move `start` on as `seat` sees them, in words: ``seat``, ``action``
    (its notation) and ``events`` (each one's sentence)."""
    return _log(state.moves(seat)[start:])


def spectator_log(state: State[Any], start: int = 0) -> list[dict[str, Any]]:
    """The moves from move `start` on as every seat sees them (``state.public_moves()``;
    once the game is over, as they happened), in words as :func:`seat_log` writes them."""
    return _log(state.public_moves()[start:])
