"""What the web lobby offers: every game with its seats, bots, rule sets and options.

``GET /api/games`` answers :func:`game_catalogue`: for each registered game its title, the
numbers of players, its bots (levels first), its rule sets by the game's own preset word
(``variant``, say) and the single options a table may set (``-o KEY=VALUE``), each with
its kind, its default and the values it accepts, read from the game's options class.
"""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import itertools
import re
import textwrap
from typing import Any

import attrs

import cardgames
from cardgames.core.registry import GameInfo

__all__ = ["bot_choices", "game_catalogue", "game_entry", "option_entries"]


_FIELD_HELP: dict[type[Any], dict[str, str]] = {}


def field_help(cls: type[Any]) -> dict[str, str]:
    """Each field's docstring (the string under its line in the class body), first sentence
    only, by field name: the lobby's line of help under each option. Read from the source,
    for the class and its bases; empty where the source cannot be read."""
    if cls in _FIELD_HELP:
        return _FIELD_HELP[cls]
    found: dict[str, str] = _FIELD_HELP.setdefault(cls, {})
    for klass in reversed(cls.__mro__):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for statement, following in itertools.pairwise(body):
            if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                    and isinstance(following, ast.Expr)
                    and isinstance(following.value, ast.Constant)
                    and isinstance(following.value.value, str)):
                text = " ".join(following.value.value.split())
                first = text.split(". ")[0].rstrip(".")
                found[statement.target.id] = first.replace("``", "") + "."
    return found


def option_entries(options: Any) -> list[dict[str, Any]]:
    """The single options of an options value (its class's init fields that are a switch, a
    choice or a number), each with its default (the value in `options`); a number's
    ``none`` is the word for no value (``unlimited``, ``none``) where it may have none."""
    cls = type(options)
    attrs.resolve_types(cls)
    entries: list[dict[str, Any]] = []
    helps = field_help(cls)
    for field in attrs.fields(cls):
        if not field.init:
            continue
        value = getattr(options, field.name)
        help_text = helps.get(field.name, "")
        if (isinstance(field.type, type) and issubclass(field.type, enum.Enum)
                and ":class:" in help_text and field.type.__doc__):
            # "See :class:`DrawnRound`": the choice's own class says what it is.
            help_text = " ".join(field.type.__doc__.split()).split(". ")[0].rstrip(".") + "."
        help_text = re.sub(r":\w+:`~?([\w.]+)`", r"\1", help_text).replace("``", "")
        entry: dict[str, Any] = {"name": field.name, "label": field.name.replace("_", " "),
                                 "help": help_text}
        if isinstance(field.type, type) and issubclass(field.type, enum.Enum):
            entry |= {"kind": "choice", "choices": [str(m.value) for m in field.type],
                      "default": str(value.value if isinstance(value, enum.Enum) else value)}
        elif field.type is bool:
            entry |= {"kind": "switch", "default": bool(value)}
        elif "range" in field.metadata:
            low, high = field.metadata["range"]
            entry |= {"kind": "number", "min": low, "max": high, "default": value,
                      "none": "unlimited" if field.metadata.get("unlimited") else None}
        elif field.type == int | None:  # a number or none (a special rank, say)
            entry |= {"kind": "number", "min": None, "max": None, "default": value,
                      "none": "none"}
        else:  # the rule set's name, structured fields (a list of suits): the rule set's own
            continue
        entries.append(entry)
    return entries


def bot_choices(info: GameInfo[Any, Any]) -> list[dict[str, str]]:
    """The bots a person chooses a seat's bot from: one entry a bot, levels first, a name that
    means the same bot at a table with a person as an earlier one left out (a level such as ``easy``
    that is another bot's name). Each has its name (the short label), the bot it means there, and
    its line (`GameInfo.bot_lines`; empty where the game has none), shown for the chosen one."""
    def meant(name: str) -> str:
        among = info.bot_among_people(name)
        return info.levels.get(among, among)

    choices: dict[str, dict[str, str]] = {}
    for name in [*info.levels, *(name for name in info.bots if name not in info.levels)]:
        means = meant(name)
        if means not in choices:
            label = info.bot_label(name, with_people=True)
            line = label.removeprefix(f"{name}: ") if label != name else ""
            choices[means] = {"name": name, "means": means, "line": line}
    return list(choices.values())


def game_entry(info: GameInfo[Any, Any]) -> dict[str, Any]:
    """One game as the lobby's form needs it."""
    # A person sets a table up: the form starts at the rule set people start with.
    default = info.presets[info.people_preset]
    levels = list(info.levels)
    return {
        "name": info.name,
        "title": info.title,
        "description": info.description,
        "players": {"min": info.player_counts.start, "max": info.player_counts.stop - 1,
                    "default": info.default_players},
        "bots": levels + [name for name in info.bots if name not in info.levels],
        # A person sets a table up: its default seat bot is the game's bot for people.
        "default_bot": info.people_bot,
        "bot_labels": {name: info.bot_label(name, with_people=True) for name in info.bots},
        "bot_choices": bot_choices(info),
        "preset_word": info.preset_word,
        "presets": list(info.presets),
        "preset_titles": {name: title for name, title in info.preset_titles.items()
                          if name in info.presets},
        "preset_lines": {name: line for name, line in info.preset_lines.items()
                         if name in info.presets},
        "default_preset": info.default_preset,
        "preset_with_people": info.people_preset,
        "options": option_entries(default),
        "cooperative": info.cooperative,
    }


@functools.cache
def game_catalogue() -> dict[str, Any]:
    """Every registered game as :func:`game_entry` writes it (the registry does not change
    while a server runs)."""
    return {"version": 1, "games": [game_entry(info) for info in cardgames.games().values()]}
