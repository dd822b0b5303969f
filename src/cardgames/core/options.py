"""Frozen, validated option objects: the shared half of every game's rules class.

A game declares its options as a frozen attrs class whose fields are ints (with a range,
:func:`bounded`), bools, enums or strings, calls :func:`check_options` from
``__attrs_post_init__``, and gets from here the dict round trip, command-line strings
(``"on"``, ``"6"``, ``"unlimited"``, an enum's value) and presets with overrides — with
errors that name the field, the value and what is allowed.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

import attrs

from cardgames.core.errors import OptionsError, clip, did_you_mean

__all__ = [
    "bounded",
    "check_options",
    "option_example",
    "options_differences",
    "options_from_dict",
    "options_from_preset",
    "options_to_dict",
    "parse_option_pairs",
]

T = TypeVar("T")

_TRUE: Final = frozenset({"true", "on", "yes", "1", "y"})
_FALSE: Final = frozenset({"false", "off", "no", "0", "n"})
_UNLIMITED: Final = frozenset({"unlimited", "none", "inf", "infinite", "no-limit"})


def bounded(default: int | None, low: int, high: int, *, unlimited: bool = False) -> Any:
    """An int option field allowed in ``low..high`` (and None, "unlimited", if `unlimited`)."""
    return attrs.field(
        default=default, metadata={"range": (low, high), "unlimited": unlimited}
    )


def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    # Field types are strings under `from __future__ import annotations`; resolve them once.
    if not getattr(cls, "__cardgames_types_resolved__", False):
        attrs.resolve_types(cls)
        type.__setattr__(cls, "__cardgames_types_resolved__", True)
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)
    return fields


def _enum_type(field: attrs.Attribute[Any]) -> type[enum.Enum] | None:
    kind = field.type
    return kind if isinstance(kind, type) and issubclass(kind, enum.Enum) else None


def _allowed_int(field: attrs.Attribute[Any]) -> str:
    low, high = field.metadata.get("range", (None, None))
    text = "a whole number" if low is None else f"a whole number in {low}..{high}"
    return text + (" or 'unlimited'" if field.metadata.get("unlimited") else "")


def check_options(options: Any) -> None:
    """Validate every field of a frozen options object (call it in ``__attrs_post_init__``).

    Enum fields given as their string value are converted to the member once, here.
    """
    for field in _fields(type(options)):
        name, value = field.name, getattr(options, field.name)
        enum_type = _enum_type(field)
        if enum_type is not None:
            if not isinstance(value, enum_type):
                try:
                    # Frozen classes set fields through object.__setattr__: an accepted string
                    # ("double") becomes its member once, at construction.
                    object.__setattr__(options, name, enum_type(value))
                except ValueError:
                    allowed = ", ".join(str(m.value) for m in enum_type)
                    raise OptionsError(
                        f"{name!r} must be one of {allowed} (got {value!r})"
                    ) from None
        elif field.type is bool:
            if not isinstance(value, bool):
                raise OptionsError(f"{name!r} must be true or false (got {value!r})")
        elif "range" in field.metadata:
            if value is None and field.metadata.get("unlimited"):
                continue
            low, high = field.metadata["range"]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise OptionsError(f"{name!r} must be {_allowed_int(field)} (got {value!r})")


def _coerce(field: attrs.Attribute[Any], value: Any) -> Any:
    """Command-line text -> the field's type; other values pass through to the validator."""
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    if _enum_type(field) is not None:
        return text
    if field.type is bool:
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionsError(
            f"{field.name!r} must be true or false (on/off, yes/no) (got {value!r})"
        )
    if "range" in field.metadata:
        if field.metadata.get("unlimited") and text in _UNLIMITED:
            return None
        try:
            return int(text)
        except ValueError:
            raise OptionsError(
                f"{field.name!r} must be {_allowed_int(field)} (got {value!r})"
            ) from None
    return value


def options_to_dict(options: Any) -> dict[str, Any]:
    """Every field as JSON-able data (enums as their values)."""
    # Fields computed at construction (init=False) are derived, not options.
    return {
        f.name: (v.value if isinstance(v, enum.Enum) else v)
        for f in _fields(type(options))
        if f.init
        for v in (getattr(options, f.name),)
    }


def options_from_dict(cls: type[T], data: Any, *, label: str) -> T:
    """Build `cls` from data (``to_dict`` output or command-line strings).

    `label` names the game in messages ("unknown Tiny option 'x'; options: …").
    """
    if not isinstance(data, Mapping):
        raise OptionsError(f"{label} options must be a mapping of option names (got {data!r})")
    fields = {f.name: f for f in _fields(cls)}
    # Keys from a caller need not be strings (sorting mixed types would raise TypeError).
    unknown = sorted((key for key in data if key not in fields), key=repr)
    if unknown:
        raise OptionsError(
            f"unknown {label} option {clip(repr(unknown[0]))}"
            f"{did_you_mean(str(unknown[0]), fields)}; "
            f"options: {', '.join(sorted(fields))}"
        )
    values = {key: _coerce(fields[key], value) for key, value in data.items()}
    try:
        return cls(**values)
    except TypeError as exc:  # a value of a type no option takes
        raise OptionsError(f"bad {label} options {dict(data)!r}: {exc}") from None


def options_from_preset(
    presets: Mapping[str, T] | Callable[[str], T],
    preset: str | T | None,
    overrides: Mapping[str, Any],
    *,
    default: str,
    label: str,
    preset_word: str = "preset",
) -> T:
    """A preset (by name, or an options object) with single options overridden.

    `presets` maps names to options, or resolves a name itself (a game that reads rule-set
    specs made of parts, ``rainbow+black-powder``) raising OptionsError for a name it does not know.
    OptionsError names an unknown preset or option and lists the accepted ones.
    """
    if preset is None or isinstance(preset, str):
        name = default if preset is None else preset.strip()
        if callable(presets):
            # A resolver reads names in any case itself, and its errors quote them as typed.
            base = presets(name)
        elif (name := name.lower()) in presets:
            base = presets[name]
        else:
            raise OptionsError(
                f"unknown {label} {preset_word} {preset!r}{did_you_mean(name, presets)}; "
                f"{preset_word}s: {', '.join(presets)}"
            )
    else:
        base = preset
    if not overrides:
        return base
    data = options_to_dict(base)
    for key in overrides:
        if key not in data:
            raise OptionsError(
                f"unknown {label} option {key!r}{did_you_mean(key, [preset_word, *data])}; "
                f"options: {preset_word}, {', '.join(sorted(data))}"
            )
    data.update(overrides)
    return options_from_dict(type(base), data, label=label)


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """Options typed as ``KEY=VALUE`` (``-o rounds=6``) -> {key: value}; dashes in keys
    become underscores. OptionsError for a pair without ``=``."""
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            # No example here: every game has its own options (the help shows each one's).
            raise OptionsError(f"option {pair!r} is not KEY=VALUE (a rule's name, '=', a value)")
        values[key.strip().replace("-", "_")] = value.strip()
    return values


def options_differences(first: Any, second: Any) -> dict[str, tuple[Any, Any]]:
    """Fields whose values differ: name -> (first's value, second's value)."""
    mine, theirs = options_to_dict(first), options_to_dict(second)
    return {key: (mine[key], theirs[key]) for key in mine if mine[key] != theirs[key]}


def option_example(options: Any) -> str:
    """A single option `options` accept, as typed after ``-o`` (``rounds=6``): the first
    bounded int above 1, at half its value (an example, for help texts, that the game does
    not refuse). Empty when the options have no such field."""
    for field in _fields(type(options)):
        value = getattr(options, field.name)
        low, _ = field.metadata.get("range", (None, None))
        if low is None or not isinstance(value, int) or value // 2 < max(low, 1):
            continue
        return f"{field.name}={value // 2}"
    return ""
