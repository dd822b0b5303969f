"""Views and actions read back from JSON: the far side of :mod:`cardgames.wire.encode`.

* :func:`view_from_json` reads a seat's (or the public) view back into the game's own view
  value, equal to the one ``state.view(seat)`` returned, so that a bot on the far side of the
  protocol (``cardgames bot``, the server's hint workers) sees what it would see locally.
* :func:`legal_from_json` reads a view message's ``legal`` list back into the game's actions.

The decoder names no game and builds no module name. What it reads a game's values with
comes from the game's ``GameInfo``: a game that names a ``view_decoder`` has its views read by
that function; any other game's by the generic decoder, which knows the attrs classes of the
modules the game's engine is made of: the module of its state class and every module of the
same package that those modules import (found by walking their namespaces, so whatever value
the engine hands out, its class is known). A tagged object (``{"type": "Clue", ...}``) is
read as the class its ``type`` names; a card from its notation (``from_str``); options from
their ``to_dict`` data (``from_dict``). A value read back is replaced by the engine's own
pre-built one where the game keeps one as a module constant (a bot may compare actions by
identity: ``action is KEEP``).
"""

from __future__ import annotations

import functools
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, Union, get_args, get_origin

import attrs
import cattrs

from cardgames import get_game
from cardgames.core.errors import OptionsError
from cardgames.core.game import Move, State
from cardgames.wire.encode import is_card, is_options

__all__ = ["game_modules", "legal_from_json", "view_from_json"]

AnyState = type[State[Any]]


def _is_union(declared: Any) -> bool:
    origin = get_origin(declared)
    return origin is Union or origin is types.UnionType


def _is_loose(declared: Any) -> bool:
    """A declared type that says nothing of the value (Any, object, a type variable)."""
    return declared is Any or declared is object or isinstance(declared, TypeVar)


def _state_type(game: str | AnyState) -> AnyState:
    return get_game(game).state_type if isinstance(game, str) else game


@functools.cache
def game_modules(state_type: AnyState) -> tuple[types.ModuleType, ...]:
    """The modules a game's engine is made of: the module of `state_type` and every module of
    its package (the module's parent) that those modules import, by walking their namespaces
    (a module they hold, or the module a class or function they hold was written in). Every
    value the engine hands out in a view is made by one of them, so its class is found
    here; nothing is imported."""
    home = state_type.__module__
    package = home.rpartition(".")[0]
    prefix = package + "." if package else home
    seen: dict[str, types.ModuleType] = {}
    waiting = [sys.modules[home]]
    while waiting:
        module = waiting.pop()
        if module.__name__ in seen:
            continue
        seen[module.__name__] = module
        for value in vars(module).values():
            name = value.__name__ if isinstance(value, types.ModuleType) else getattr(
                value, "__module__", None)
            if (isinstance(name, str) and name.startswith(prefix) and name not in seen
                    and (found := sys.modules.get(name)) is not None):
                waiting.append(found)
    return tuple(seen[name] for name in sorted(seen))


@functools.cache
def _classes_of(state_type: AnyState) -> dict[str, type[Any]]:
    """The public attrs classes of the game's modules by name (see :func:`game_modules`)."""
    found: dict[str, type[Any]] = {}
    for module in game_modules(state_type):
        for name, value in vars(module).items():
            if (isinstance(value, type) and attrs.has(value) and not name.startswith("_")
                    and value.__module__ == module.__name__):
                found.setdefault(name, value)
    # A class imported from elsewhere (not written in the game) only where none is.
    for module in game_modules(state_type):
        for name, value in vars(module).items():
            if isinstance(value, type) and attrs.has(value) and not name.startswith("_"):
                found.setdefault(name, value)
    found.setdefault("Move", Move)
    return found


@functools.cache
def _canonical_of(state_type: AnyState) -> dict[Any, Any]:
    """The game's pre-built values (public module constants of its modules that are attrs
    values, and tuples of them), each by itself: a value read back is replaced by the one
    the engine hands out, as bots may compare actions by identity (``action is KEEP``)."""
    found: dict[Any, Any] = {}
    for module in game_modules(state_type):
        for name, value in vars(module).items():
            if name.startswith("_") or isinstance(value, type):
                continue
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    try:
                        found.setdefault(item, item)
                    except TypeError:  # an unhashable value is no action
                        continue
    return found


@functools.cache
def _reader(state_type: AnyState) -> cattrs.Converter:
    """A converter that reads the JSON of the game's views back."""
    classes = _classes_of(state_type)
    canonical = _canonical_of(state_type)
    game = state_type.game_name
    converter = cattrs.Converter()
    read = converter.structure

    def tagged(data: Any, declared: Any) -> Any:
        """A tagged object as the class its ``type`` names (the declared type may be a union,
        a type variable or Any)."""
        if isinstance(data, Mapping) and isinstance(data.get("type"), str):
            cls = classes.get(data["type"])
            if cls is None:
                raise ValueError(f"{data['type']!r} is no value of {game}")
            value = read_attrs(data, cls)
            try:
                return canonical.get(value, value)
            except TypeError:  # an unhashable value has no pre-built twin
                return value
        return read_plain(data, declared)

    def read_plain(data: Any, declared: Any) -> Any:
        """`data` as the `declared` type, where it is no tagged object."""
        if _is_loose(declared):
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
    converter.register_structure_hook_factory(is_card, card_hook)
    converter.register_structure_hook_factory(is_options, options_hook)
    converter.register_structure_hook_func(_is_union, read_plain)
    converter.register_structure_hook_func(_is_loose, tagged)
    return converter


def _generic_view(state_type: AnyState, data: Mapping[str, Any]) -> Any:
    kind = data.get("type") if isinstance(data, Mapping) else None
    cls = _classes_of(state_type).get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"a view of {state_type.game_name} is an object with its 'type' "
                         f"(got {str(data)[:60]!r})")
    try:
        return _reader(state_type).structure(data, cls)
    except (cattrs.BaseValidationError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a {state_type.game_name} view: {exc}") from None


def view_from_json(game: str | AnyState, data: Mapping[str, Any]) -> Any:
    """A seat's (or the public) view as :func:`~cardgames.wire.encode.seat_view` wrote it,
    read back into the game's own view value: the one ``state.view(seat)`` returned, equal
    to it. `game` is a registered game's name or its state class. The game's own decoder
    reads it where its ``GameInfo`` names one (``view_decoder``). ValueError when the data is
    no view of that game."""
    state_type = _state_type(game)
    decoder = _decoder_of(state_type)
    if decoder is not None:
        return decoder(data)
    return _generic_view(state_type, data)


def _decoder_of(state_type: AnyState) -> Callable[[Any], Any] | None:
    """The view decoder the game of `state_type` names on its GameInfo, if it is registered
    and names one."""
    try:
        info = get_game(state_type.game_name)
    except OptionsError:  # a state class no registered game plays: the generic decoder
        return None
    return info.load_view_decoder() if info.state_type is state_type else None


def legal_from_json(game: str | AnyState, choices: Any) -> list[Any]:
    """The legal actions of a :func:`~cardgames.wire.encode.legal_choices` list (a view
    message's ``legal``), read back: the values ``state.legal_actions()`` listed, in its
    order. ValueError when they are no actions of that game."""
    state_type = _state_type(game)
    if not isinstance(choices, list) or not all(
            isinstance(item, Mapping) and isinstance(item.get("action"), Mapping)
            for item in choices):
        raise ValueError(f"the legal actions of {state_type.game_name} are a list of objects "
                         "each with its 'action'")
    reader = _reader(state_type)
    try:
        return [reader.structure(item["action"], object) for item in choices]
    except (cattrs.BaseValidationError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not {state_type.game_name} actions: {exc}") from None
