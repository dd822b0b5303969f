"""Game records: what a game was (game, options, players, chance) and every move in notation.

A record is plain JSON, one object per line when many are written together (JSON Lines).
Replaying it (:func:`cardgames.replay`) rebuilds the final state bit for bit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from cardgames.core.errors import RecordError, clip
from cardgames.core.limits import check_data, load_json

__all__ = ["FORMAT_VERSION", "Record", "read_records", "write_records"]

FORMAT_VERSION = 1
"""The version written into every record; readers refuse newer ones."""


def _to_str_tuple(value: Iterable[Any]) -> tuple[str, ...]:
    return tuple(value)


def _to_opt_str_tuple(value: Iterable[Any] | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class Record:
    """One game: enough to replay it exactly.

    ``seed`` or ``deck`` fixes chance: a seeded game draws everything from
    ``random.Random(seed)``; a game from an explicit deck order (e.g. a real recorded game)
    carries that order as card strings. ``meta`` holds anything else (the result, which seats
    were human, bot names) and is not needed to replay.
    """

    game: str
    options: dict[str, Any]
    players: tuple[str, ...] = attrs.field(converter=_to_str_tuple)
    actions: tuple[str, ...] = attrs.field(converter=_to_str_tuple)
    seed: int | None = None
    deck: tuple[str, ...] | None = attrs.field(default=None, converter=_to_opt_str_tuple)
    meta: dict[str, Any] = attrs.field(factory=dict)
    format: int = FORMAT_VERSION
    rules_version: int = 1
    """The rules version of the game that wrote it (``State.rules_version``); a game refuses
    a record from a newer version of its rules, which it might replay differently."""

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-able data."""
        data: dict[str, Any] = {
            "format": self.format,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": list(self.players),
            "seed": self.seed,
            "deck": None if self.deck is None else list(self.deck),
            "actions": list(self.actions),
        }
        if self.meta:
            data["meta"] = self.meta
        return data

    def to_json(self) -> str:
        """The record as one line of JSON."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "record") -> Record:
        """Read a record from parsed JSON; RecordError names the field that is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: expected a JSON object, got {type(data).__name__}")
        # Data handed over by a caller was never through load_json's limits.
        check_data(data, source)
        missing = [key for key in ("game", "options", "players", "actions") if key not in data]
        if missing:
            raise RecordError(
                f"{source}: missing field(s) {', '.join(missing)}; a record has "
                "format, game, rules_version, options, players, seed or deck, actions"
            )
        version = data.get("format", FORMAT_VERSION)
        if not isinstance(version, int) or not 1 <= version <= FORMAT_VERSION:
            raise RecordError(
                f"{source}: format {clip(repr(version))} is not supported (this version reads 1.."
                f"{FORMAT_VERSION})"
            )
        game = data["game"]
        if not isinstance(game, str):
            raise RecordError(f"{source}: 'game' must be a string, got {clip(repr(game))}")
        if not isinstance(data["options"], dict):
            raise RecordError(
                f"{source}: 'options' must be an object, got {clip(repr(data['options']))}"
            )
        for key in ("players", "actions"):
            value = data[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise RecordError(f"{source}: '{key}' must be a list of strings")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(
                f"{source}: 'seed' must be an integer or null, got {clip(repr(seed))}"
            )
        deck = data.get("deck")
        if deck is not None and (
            not isinstance(deck, list) or not all(isinstance(c, str) for c in deck)
        ):
            raise RecordError(f"{source}: 'deck' must be a list of card strings or null")
        rules_version = data.get("rules_version", 1)
        if not isinstance(rules_version, int) or isinstance(rules_version, bool) or (
            rules_version < 1
        ):
            raise RecordError(
                f"{source}: 'rules_version' must be a whole number from 1, got "
                f"{clip(repr(rules_version))}"
            )
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError(f"{source}: 'meta' must be an object, got {clip(repr(meta))}")
        return cls(
            game=game,
            options=data["options"],
            players=data["players"],
            actions=data["actions"],
            seed=seed,
            deck=deck,
            meta=meta,
            format=version,
            rules_version=rules_version,
        )

    @classmethod
    def from_json(cls, text: str, *, source: str = "record") -> Record:
        """Read one record from JSON text; RecordError if it is not valid JSON or a record."""
        if not isinstance(text, str):
            raise RecordError(f"{source}: a record is JSON text (got {type(text).__name__})")
        return cls.from_dict(load_json(text, source), source=source)


def write_records(records: Iterable[Record], stream: IO[str]) -> int:
    """Write records as JSON Lines; return how many were written."""
    count = 0
    for record in records:
        stream.write(record.to_json())
        stream.write("\n")
        count += 1
    return count


def read_records(stream: Iterable[str], *, source: str = "records") -> Iterator[Record]:
    """Read JSON Lines records, skipping blank lines; RecordError names the bad line."""
    try:
        lines = iter(stream)
    except TypeError:
        raise RecordError(
            f"{source}: expected lines of text, got {type(stream).__name__}"
        ) from None
    for number, line in enumerate(lines, start=1):
        if not isinstance(line, str):
            raise RecordError(f"{source} line {number}: expected text, got {type(line).__name__}")
        if line.strip():
            yield Record.from_json(line, source=f"{source} line {number}")
