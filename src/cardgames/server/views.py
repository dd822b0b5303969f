"""Views as JSON: what the server sends each seat and each spectator, and back.

* :func:`seat_view` is one seat's view, ``state.view(seat)`` as JSON data (its ``history``
  holds the moves as that seat sees them, ``state.moves(seat)``): nothing else of the state is
  read, so the JSON shows exactly what the view shows (the view leaves every hidden card out).
* :func:`spectator_view` is ``state.public_view()`` as JSON data: what every seat may see (no
  card hidden from any seat: Hanabi's hands show only what their holders know, Koi-Koi's
  hands and stock and Ikebana's deck are absent) until the game is over, then the hands too.
* :func:`seat_log` and :func:`spectator_log` are the moves in words, for the protocol's log.
* :func:`view_from_json` reads a :func:`seat_view` back into the game's own view value, so that
  a bot on the far side of the protocol (``cardgames bot``) sees what it would see locally.

The encoding is cattrs over the games' attrs values, the same rules for every game: a card
is its notation (``"R3"``, ``"mar-chaff-2"``), a game's options are their ``to_dict()``, an
enum is its value, a set a sorted list, a tuple a list, and any other attrs value an object
of its fields with ``"type"`` (its class name) and, where the class writes itself in words,
``"text"`` (its ``str``). Fields that take no part in a value's equality (caches, such as
Koi-Koi's card masks) are left out. Encoded parts are shared between the views that hold
them (a move of the history, a game's options): treat the data as read-only.
"""

from __future__ import annotations

import enum
import functools
import importlib
import types
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, Union, get_args, get_origin

import attrs
import cattrs

from cardgames import get_game
from cardgames.core.game import Move, State

__all__ = [
    "action_choice",
    "legal_choices",
    "legal_from_json",
    "seat_log",
    "seat_view",
    "spectator_log",
    "spectator_view",
    "table_aids",
    "to_json",
    "to_json_action",
    "view_from_json",
]


def _is_card(cls: type[Any]) -> bool:
    """A game's card: an attrs value read back from its notation by ``from_str``."""
    return attrs.has(cls) and callable(getattr(cls, "from_str", None))


def _is_options(cls: type[Any]) -> bool:
    """A game's options object (the ``Options`` protocol: ``to_dict`` and ``from_dict``)."""
    return callable(getattr(cls, "to_dict", None)) and callable(getattr(cls, "from_dict", None))


def _writes_itself(cls: type[Any]) -> bool:
    """Whether `cls` defines its own ``str`` (attrs' and object's say nothing to people)."""
    return any("__str__" in vars(klass) for klass in cls.__mro__[:-1])


def _is_union(declared: Any) -> bool:
    origin = get_origin(declared)
    return origin is Union or origin is types.UnionType


CACHE_SIZE: Final = 4096
"""How many encoded option sets and card sets the encoder keeps (the oldest goes when full)."""


def _cached(encode: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`encode` of hashable frozen values, remembered (up to :data:`CACHE_SIZE` of them):
    a table's options and the sets its views hold come back in every view."""
    done: dict[Any, Any] = {}

    def remembered(value: Any) -> Any:
        found = done.get(value)
        if found is None:
            if len(done) >= CACHE_SIZE:
                # The oldest entry goes (a dict keeps its order): the values every view
                # holds again stay, where clearing the whole cache made every one anew.
                del done[next(iter(done))]
            found = done[value] = encode(value)
        return found
    return remembered


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
            # A move's action is always an object (Koi-Koi's actions read themselves back
            # from notation like cards, but a move's declared action type says nothing).
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
    converter.register_unstructure_hook_func(_is_card, str)
    converter.register_unstructure_hook_func(
        _is_options, _cached(lambda options: options.to_dict()))
    converter.register_unstructure_hook_func(
        lambda cls: issubclass(cls, enum.Enum), lambda member: encode(member.value))
    # A game hands out the same few sets again and again (Hanabi's possible cards of a
    # slot come from one table): a frozenset caches its hash, so each is sorted once.
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
    """An action as JSON data: always an object with its ``type`` and ``text`` (a Koi-Koi
    action, which reads itself back from notation as cards do, included)."""
    data: dict[str, Any] = _ACTION_OBJECTS(action)
    return data


_ACTION_OBJECTS: Final = _cached(lambda action: _CONVERTER.unstructure(_AsObject(action)))
"""Actions as objects, remembered: a game's legal actions are a few values, again and again."""


def spectator_view(state: State[Any], *, show_hands: bool = False) -> dict[str, Any]:
    """What every seat may know, as JSON data: ``state.public_view()`` encoded (no card that
    any seat may not see until the game is over; then the hands too). With `show_hands`
    every hand is filled in as on hanab.live, where a spectator sees all hands (and never the
    deck, the stock or Hanabi's hole): Hanabi's ``hands`` slots get their ``card``, Koi-Koi's
    view gets ``hands`` (each seat's cards). The table keeps a spectator's chat from the seats
    until the end, so nothing seen here reaches a seat."""
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
    that a web table need not score anything itself: Koi-Koi's ``progress``, Ikebana's
    ``worth``, Hanabi's ``marks`` (see each game's ``table_aids``). Nothing for a game
    without them."""
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


# ------------------------------------------------------------------ reading a view back
_VIEW_PARTS: Final = ("actions", "events", "view", "rules", "cards", "yaku", "scoring")
"""The modules of a game package whose attrs values a view may hold (the files of a game)."""


@functools.cache
def _classes_of(package: str) -> dict[str, type[Any]]:
    """The attrs classes of the game `package` by name, from the files a view draws on."""
    found: dict[str, type[Any]] = {}
    for part in _VIEW_PARTS:
        try:
            module = importlib.import_module(f"{package}.{part}")
        except ModuleNotFoundError:  # a game need not have every file
            continue
        for name, value in vars(module).items():
            if isinstance(value, type) and attrs.has(value) and not name.startswith("_"):
                found.setdefault(name, value)
    found.setdefault("Move", Move)
    return found


@functools.cache
def _canonical_of(package: str) -> dict[Any, Any]:
    """The game `package`'s pre-built actions (module constants of its ``actions`` file, and
    tuples of them), each by itself: a value read back is replaced by the one the engine
    hands out, as bots may compare actions by identity (``action is KEEP``)."""
    found: dict[Any, Any] = {}
    try:
        module = importlib.import_module(f"{package}.actions")
    except ModuleNotFoundError:
        return found
    for name, value in vars(module).items():
        if name.startswith("_"):
            continue
        for item in value if isinstance(value, tuple) else (value,):
            if attrs.has(type(item)):
                try:
                    found.setdefault(item, item)
                except TypeError:  # an unhashable value is no action
                    continue
    return found


@functools.cache
def _reader(package: str) -> cattrs.Converter:
    """A converter that reads the JSON of the game `package`'s views back."""
    classes = _classes_of(package)
    canonical = _canonical_of(package)
    converter = cattrs.Converter()
    read = converter.structure

    def tagged(data: Any, declared: Any) -> Any:
        """A tagged object as the class its ``type`` names (the declared type may be a union,
        a type variable or Any)."""
        if isinstance(data, Mapping) and isinstance(data.get("type"), str):
            cls = classes.get(data["type"])
            if cls is None:
                raise ValueError(f"{data['type']!r} is no value of {package}")
            value = read_attrs(data, cls)
            try:
                return canonical.get(value, value)
            except TypeError:  # an unhashable value has no pre-built twin
                return value
        return read_plain(data, declared)

    def read_plain(data: Any, declared: Any) -> Any:
        """`data` as the `declared` type, where it is no tagged object."""
        if declared is Any or declared is object or isinstance(declared, TypeVar):
            return data
        if _is_union(declared):
            members = get_args(declared)
            if data is None and type(None) in members:
                return None
            for member in members:
                if member is type(None):
                    continue
                if member in (str, int, bool, float):
                    if type(data) is member:
                        return data
                    continue
                try:
                    return read(data, member)
                except (ValueError, TypeError, KeyError, cattrs.BaseValidationError):
                    continue
            raise ValueError(f"{data!r:.60} is none of {declared}")
        return read(data, declared)

    def read_attrs(data: Mapping[str, Any], cls: type[Any]) -> Any:
        hints = attrs.resolve_types(cls)
        values = {}
        for field in attrs.fields(hints):
            if field.name in data:
                values[field.name] = tagged(data[field.name], field.type)
        return cls(**values)

    def attrs_hook(cls: type[Any]) -> Callable[[Any, Any], Any]:
        return lambda data, _: tagged(data, cls) if not isinstance(data, Mapping) or (
            "type" in data) else read_attrs(data, cls)

    def card_hook(cls: type[Any]) -> Callable[[Any, Any], Any]:
        return lambda text, _: cls.from_str(text)

    def options_hook(cls: type[Any]) -> Callable[[Any, Any], Any]:
        return lambda data, _: cls.from_dict(data)

    # The hook registered last is tried first: cards and options before other attrs values.
    converter.register_structure_hook_factory(attrs.has, attrs_hook)
    converter.register_structure_hook_factory(_is_card, card_hook)
    converter.register_structure_hook_factory(_is_options, options_hook)
    converter.register_structure_hook_func(_is_union, read_plain)
    converter.register_structure_hook_func(
        lambda declared: declared is Any or declared is object or isinstance(declared, TypeVar),
        tagged)
    return converter


def view_from_json(game: str | type[State[Any]], data: Mapping[str, Any]) -> Any:
    """A :func:`seat_view` (or :func:`spectator_view`) read back into the game's own view
    value: the one ``state.view(seat)`` returned, equal to it. `game` is a registered game's
    name or its state class. ValueError when the data is no view of that game."""
    if isinstance(game, str):
        game = get_game(game).state_type
    package = game.__module__.rpartition(".")[0]
    kind = data.get("type") if isinstance(data, Mapping) else None
    cls = _classes_of(package).get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"a view of {game.game_name} is an object with its 'type' "
                         f"(got {str(data)[:60]!r})")
    try:
        return _reader(package).structure(data, cls)
    except (cattrs.BaseValidationError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a {game.game_name} view: {exc}") from None


def legal_from_json(game: str | type[State[Any]], choices: Any) -> list[Any]:
    """The legal actions of a :func:`legal_choices` list (a view message's ``legal``), read
    back: the values ``state.legal_actions()`` listed, in its order. ValueError when they
    are no actions of that game."""
    state_type = get_game(game).state_type if isinstance(game, str) else game
    package = state_type.__module__.rpartition(".")[0]
    if not isinstance(choices, list) or not all(
            isinstance(item, Mapping) and isinstance(item.get("action"), Mapping)
            for item in choices):
        raise ValueError(f"the legal actions of {state_type.game_name} are a list of objects "
                         "each with its 'action'")
    reader = _reader(package)
    try:
        return [reader.structure(item["action"], object) for item in choices]
    except (cattrs.BaseValidationError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not {state_type.game_name} actions: {exc}") from None
