"""The protocol's messages: every message a typed model, versioned, with its JSON Schema.

Two halves (see ``docs/server-protocol.md``):

* **The lobby** is a small HTTP API under ``/api``: create a table (:class:`CreateTable`), list
  the open tables (:class:`TableList`), look at one (:class:`TableInfo`), take a seat
  (:class:`TakeSeat` -> :class:`SeatTaken`, whose ``token`` is the seat's secret), leave it
  (:class:`LeaveSeat`) and start the game (:class:`StartTable`). A refused request answers a
  4xx status with an :class:`Error` body.
* **At the table** a client holds one WebSocket (``/ws``) and speaks JSON messages, one per
  frame, each with a ``type`` (the discriminator) and the protocol ``version``. The first
  message is :class:`Join` (a seat, by its token; the same message reconnects) or
  :class:`Spectate`. Then the client sends :class:`Act`, :class:`Chat`, :class:`Note`,
  :class:`AskHint` and :class:`Ping`; the server sends :class:`Welcome`, a :class:`View` after
  every move (the seat's own view, its legal actions, whose turn, the log as that seat sees
  it), :class:`ChatMessage`, :class:`Notes`, :class:`HintMessage`, :class:`TableUpdate`,
  :class:`GameOver`, :class:`Pong` and :class:`Error` (one message; nothing changed).

The server is the only authority: a client sends intents, the server checks them (whose seat,
whose turn, legal now), commits the accepted action to its database, then sends every seat its
own view. Client messages refuse unknown fields; server messages may gain fields within a
version, so a client should ignore fields it does not know.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from cardgames.core.game import SEED_LIMIT

__all__ = [
    "ADDED_IN",
    "CLIENT_MESSAGES",
    "LOBBY_MODELS",
    "LOBBY_VERSION",
    "MAX_CHAT",
    "MAX_NAME",
    "MAX_NOTATION",
    "MAX_NOTE",
    "MAX_NOTE_KEY",
    "MAX_OPTIONS",
    "MAX_OPTION_TEXT",
    "MAX_PASSWORD",
    "MAX_REF",
    "MAX_SEATS",
    "MAX_TOKEN",
    "PROTOCOL_VERSION",
    "SERVER_MESSAGES",
    "SUPPORTED_VERSIONS",
    "Act",
    "ActionChoice",
    "AskHint",
    "AskView",
    "BotChoice",
    "Chat",
    "ChatMessage",
    "ClientMessage",
    "CreateTable",
    "Error",
    "ErrorCode",
    "GameCatalogue",
    "GameEntry",
    "GameOption",
    "GameOver",
    "HintMessage",
    "Join",
    "LeaveSeat",
    "LogEntry",
    "MoveReason",
    "Note",
    "Notes",
    "Ping",
    "PlayerCounts",
    "Pong",
    "SeatInfo",
    "SeatSpec",
    "SeatTaken",
    "ServerMessage",
    "Spectate",
    "StartTable",
    "TableInfo",
    "TableList",
    "TableUpdate",
    "TakeSeat",
    "Version",
    "View",
    "ViewPatch",
    "Welcome",
    "client_message_adapter",
    "schemas",
    "schemas_json",
    "server_message_adapter",
]

PROTOCOL_VERSION: Final = 2
"""The newest protocol version, the one cardgames' own clients speak. A client names its
version in its first message at a table (:class:`Join` or :class:`Spectate`; none named: 1),
and the server speaks that version on the connection, in every message of its own; a
version it does not speak is refused (an :class:`Error` with code ``unsupported_version``
naming :data:`SUPPORTED_VERSIONS`)."""
SUPPORTED_VERSIONS: Final = (1, 2)
"""Every protocol version the server speaks (``docs/server-protocol.md``, Changes)."""
LOBBY_VERSION: Final = 1
"""The version the lobby's answers carry: the lobby is the same in every version."""
Version = Literal[1, 2]
"""A protocol version the server speaks."""

MAX_NAME: Final = 40
"""The longest player name."""
MAX_CHAT: Final = 500
"""The longest chat line."""
MAX_NOTE: Final = 200
"""The longest note on a card."""
MAX_NOTE_KEY: Final = 32
"""The longest card key a note is kept under."""
MAX_PASSWORD: Final = 128
"""The longest table password."""
MAX_OPTIONS: Final = 32
"""The most options a table may set."""
MAX_OPTION_TEXT: Final = 200
"""The longest option key or value."""
MAX_NOTATION: Final = 100
"""The longest move notation an ``act`` may carry."""
MAX_SEATS: Final = 8
"""The most seats a table may list (each game checks its own player counts)."""
MAX_REF: Final = 64
"""The longest client reference (``ref``) echoed back."""
MAX_TOKEN: Final = 100
"""The longest seat token accepted (the server makes 43-character ones)."""
"""The longest client reference (``ref``) echoed back."""

TableStatus = Literal["waiting", "playing", "over"]
"""A table's life: seats being taken, the game on, the game finished."""
SeatKind = Literal["open", "person", "bot"]
"""A seat nobody has taken yet, a seat taken by a person or an outside program (it plays
through this protocol with its token), or a bundled bot run by the server."""
ErrorCode = Literal[
    "bad_message",   # not JSON, too large, too deep, an unknown type or field, a bad value
    "version",       # another version than the one the connection's join or spectate named
    "unsupported_version",  # a protocol version the server does not speak
    "not_joined",    # a table message before join or spectate
    "not_found",     # no such table
    "forbidden",     # a wrong token or password, another seat's action, a spectator acting
    "not_your_turn",  # an act while another seat is to act
    "illegal",       # an act the rules refuse now (the message says why)
    "stale",         # an act for another move number than the current one
    "not_started",   # an act or hint before the game started
    "over",          # an act after the game ended
    "hints_off",     # a hint at a table that gives none
    "rate_limited",  # too many messages or requests
    "limit",         # too many tables, connections or notes
    "conflict",      # a lobby request that does not fit the table's state (seat taken...)
    "options",       # a table's game, options, seats or seed refused
    "server",        # the server failed; nothing changed
]
"""Why a message or request was refused (an :class:`Error`'s ``code``)."""

Ref = Annotated[Annotated[str, Field(max_length=MAX_REF)] | int | None, Field(
    description="A client's own reference for this message, echoed in the "
    "answer or error it causes (at most 64 characters, or an integer).")]


class _Message(BaseModel):
    """Every message carries the protocol version (none: 1). What a client sends is read
    strictly: no unknown field, no conversion (``true`` is no action id, ``5`` no text)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    version: Version = Field(
        default=1, description="The protocol version: 1 or 2 (none: 1). At a table, the "
        "join or spectate names the connection's version; later messages name it or none.")


class _ServerModel(BaseModel):
    # Server messages may gain fields within a version: clients ignore what they do not know.
    model_config = ConfigDict(frozen=True)


# ----------------------------------------------------------------------------- the lobby
class SeatSpec(BaseModel):
    """One seat of a new table: a bundled bot by name or level (``"hard"``,
    ``"convention"``), or open (None) for a person or an outside bot to take."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    bot: str | None = Field(
        default=None, max_length=MAX_NAME,
        description="A bundled bot's name or level; None: the seat is open.")


class CreateTable(_Message):
    """``POST /api/tables``: a new table, waiting for its open seats to be taken."""

    game: str = Field(max_length=MAX_NAME,
                      description="The game's name (as GET /api/games lists it).")
    options: dict[
        Annotated[str, Field(max_length=MAX_OPTION_TEXT)],
        Annotated[str, Field(max_length=MAX_OPTION_TEXT)],
    ] = Field(
        default_factory=dict, max_length=MAX_OPTIONS,
        description="The game's options as on the command line (-o KEY=VALUE), the rule set "
        "under the game's preset word (GET /api/games names it): {\"variant\": \"rainbow\"}.")
    seats: list[SeatSpec] = Field(
        min_length=1, max_length=MAX_SEATS,
        description="One entry per seat, in seat order: the number of players.")
    seed: int | None = Field(
        default=None, ge=0, lt=SEED_LIMIT,
        description="The deal's seed; None: drawn at random (kept secret until the end).")
    password: str | None = Field(
        default=None, min_length=1, max_length=MAX_PASSWORD,
        description="A private table's password (needed to sit or watch); None: public.")
    hints: bool = Field(
        default=False, description="Whether seats may ask the bundled bot for a hint.")
    name: str = Field(default="", max_length=MAX_NAME, description="The table's title.")
    autostart: bool = Field(
        default=False, description="Start as soon as every seat is filled (a table of bots "
        "alone starts at once); else a seated person starts it (StartTable).")


class SeatInfo(_ServerModel):
    """Who sits at one seat (never the seat's token)."""

    seat: int
    kind: SeatKind
    name: str = Field(description="The player's name (a bot's: its name); '' when open.")
    bot: str | None = Field(default=None, description="A bundled bot's name or level.")
    connected: bool = Field(
        default=False, description="Whether a person's connection is open now (bots: true).")


class TableInfo(_ServerModel):
    """A table as the lobby shows it (``GET /api/tables/{table}``)."""

    version: Literal[1] = LOBBY_VERSION
    table: str = Field(description="The table's id.")
    name: str
    game: str
    options: dict[str, Any] = Field(
        description="The options as given at creation (-o style strings).")
    seats: list[SeatInfo]
    status: TableStatus
    private: bool
    hints: bool
    moves: int = Field(description="Moves made so far.")
    spectators: int
    result: str | None = Field(
        default=None, description="A finished game's outcome in a line (the score, the "
        "winner by name); None before the end.")


class TableList(_ServerModel):
    """``GET /api/tables``: the public tables, waiting ones first, and the public tables
    finished lately (newest first: their games replay)."""

    version: Literal[1] = LOBBY_VERSION
    tables: list[TableInfo]
    finished: list[TableInfo] = Field(
        default_factory=list,
        description="Public tables whose game ended lately, newest first (for their replay).")


class GameOption(_ServerModel):
    """One single option a table may set (``-o KEY=VALUE``), as the lobby's form shows it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    label: str
    kind: Literal["choice", "switch", "number"]
    default: Any = Field(description="The rule set's value: a choice's text, a switch's "
                         "boolean, a number (or None where it may have none).")
    choices: list[str] | None = Field(default=None, description="A choice's values.")
    min: int | None = Field(default=None, description="A number's least value (None: any).")
    max: int | None = Field(default=None, description="A number's greatest value (None: any).")
    none: str | None = Field(default=None, description="The word for a number's no-value "
                             "(``unlimited``, ``none``), where it may have none.")
    help: str = Field(default="", description="One line on what the option does, for people.")


class PlayerCounts(_ServerModel):
    """How many seats a game's table may have."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    min: int
    max: int
    default: int


class BotChoice(_ServerModel):
    """A bot as the lobby offers it for a seat."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(description="The bot's name, as a seat's ``bot`` (a level or a bot).")
    means: str = Field(description="The bot it is at a table with a person (a level's bot).")
    line: str = Field(default="", description="One line on how it plays (empty: none).")


class GameEntry(_ServerModel):
    """One game the server offers, as the lobby's form needs it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(description="The game's name, as CreateTable.game.")
    title: str
    description: str
    players: PlayerCounts
    bots: list[str] = Field(description="The bundled bots' names, levels first.")
    default_bot: str
    bot_labels: dict[str, str] = Field(
        default_factory=dict, description="Each bot's label for people, by name (a level "
        "with what it is; the bots for bot-only tables say so).")
    bot_choices: list[BotChoice] = Field(
        default_factory=list, description="The bots a person chooses from, one entry a bot "
        "(levels first; a name meaning the same bot as an earlier one left out).")
    preset_word: str = Field(description="The option key naming a rule set (``variant``).")
    presets: list[str] = Field(description="The rule sets by name.")
    preset_titles: dict[str, str] = Field(
        default_factory=dict, description="A rule set's name for people where it has one "
        "besides its id (hanab.live's ``No Variant`` for ``no-variant``), by id.")
    preset_lines: dict[str, str] = Field(
        default_factory=dict, description="One line on each rule set that has one, by id.")
    default_preset: str
    preset_with_people: str | None = Field(
        default=None, description="The rule set a person's table starts with: the form's "
        "first choice, whose values the options start at (None: ``default_preset``).")
    options: list[GameOption]
    cooperative: bool = Field(description="Whether all seats share one score.")


class GameCatalogue(_ServerModel):
    """``GET /api/games``: every game the server offers."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    version: Literal[1] = LOBBY_VERSION
    games: list[GameEntry]


class TakeSeat(_Message):
    """``POST /api/tables/{table}/seats``: take an open seat (None: the first open one)."""

    seat: int | None = Field(default=None, ge=0, lt=MAX_SEATS)
    name: str = Field(min_length=1, max_length=MAX_NAME, description="Your player name.")
    password: str | None = Field(default=None, max_length=MAX_PASSWORD)


class SeatTaken(_ServerModel):
    """The answer to :class:`TakeSeat`: the seat and its token, the only key to it (keep it
    secret; it reconnects to the seat after a disconnect or a server restart)."""

    version: Literal[1] = LOBBY_VERSION
    table: str
    seat: int
    token: str


class LeaveSeat(_Message):
    """``POST /api/tables/{table}/leave``: give the seat up before the game starts (once it
    has started, the seat stays yours: reconnect with its token)."""

    token: str = Field(max_length=MAX_TOKEN)


class StartTable(_Message):
    """``POST /api/tables/{table}/start``: start the game (by a seated person's token, once
    every seat is taken). Answers the :class:`TableInfo`."""

    token: str = Field(max_length=MAX_TOKEN)


# ------------------------------------------------------------------ client -> server
class Join(_Message):
    """Sit at your seat (its token from :class:`SeatTaken`): the first message of a player's
    connection, and the whole of a reconnect. Answered by :class:`Welcome` and a
    :class:`View`."""

    type: Literal["join"] = "join"
    ref: Ref = None
    table: str = Field(max_length=MAX_NAME)
    token: str = Field(max_length=MAX_TOKEN)


class Spectate(_Message):
    """Watch a table (its password if private): the first message of a spectator's
    connection. A spectator sees no card hidden from any seat until the game is over."""

    type: Literal["spectate"] = "spectate"
    ref: Ref = None
    table: str = Field(max_length=MAX_NAME)
    password: str | None = Field(default=None, max_length=MAX_PASSWORD)


class Act(_Message):
    """Make a move: an action id from the view's ``legal`` list, or its notation
    (``"play 1"``, ``"clue 2 red"``). `move`, when given, must be the view's ``move`` number
    (an act meant for an earlier position is refused as ``stale``)."""

    type: Literal["act"] = "act"
    ref: Ref = None
    action: Annotated[int, Field(ge=0, lt=2**31)] | Annotated[
        str, Field(min_length=1, max_length=MAX_NOTATION)]
    move: int | None = Field(default=None, ge=0, lt=2**31)


class Chat(_Message):
    """Say something to the table (seats and spectators hear it)."""

    type: Literal["chat"] = "chat"
    ref: Ref = None
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class Note(_Message):
    """Write (or, with empty text, erase) your note on a card, kept on the server for your
    seat only. `card` is the card's public key in your view (a card's ``order``, say)."""

    type: Literal["note"] = "note"
    ref: Ref = None
    card: str = Field(min_length=1, max_length=MAX_NOTE_KEY)
    text: str = Field(max_length=MAX_NOTE)


class AskHint(_Message):
    """Ask the bundled bot what it would do in your seat now (tables with ``hints`` on)."""

    type: Literal["hint"] = "hint"
    ref: Ref = None


class Ping(_Message):
    """Keep the connection alive (a connection silent longer than the idle timeout is
    closed); answered by :class:`Pong`."""

    type: Literal["ping"] = "ping"
    ref: Ref = None


class AskView(_Message):
    """Version 2: send me my whole view again (a :class:`View`, its whole log), as on
    joining: a client whose :class:`ViewPatch` does not fit the view it holds (its
    ``base`` is not that view's move) asks for one."""

    type: Literal["ask_view"] = "ask_view"
    ref: Ref = None


ClientMessage = Annotated[
    Join | Spectate | Act | Chat | Note | AskHint | Ping | AskView, Field(discriminator="type")]
"""Any message a client sends (of any version: see :func:`client_message_adapter`)."""

CLIENT_MESSAGES: Final = (Join, Spectate, Act, Chat, Note, AskHint, Ping, AskView)


# ------------------------------------------------------------------ server -> client
class ActionChoice(_ServerModel):
    """One legal action: its id (valid for this move only) and its notation."""

    id: int
    notation: str
    action: dict[str, Any] | None = Field(
        default=None, description="The action as an object (its ``type``, its fields and its "
        "``text``), for a program that reads it back as the game's own value "
        "(``cardgames.wire.decode.legal_from_json``); in a view's ``legal`` list.")


class LogEntry(_ServerModel):
    """One move as the receiving seat (or a spectator) may see it."""

    seat: int
    action: str = Field(description="The move's notation, as that seat may see it.")
    events: list[str] = Field(description="What the move did, in words, as that seat sees it.")
    reason: str | None = Field(
        default=None, description="Why the bundled bot at `seat` made the move, in its own "
        "words, in a finished game's log (a reason may name cards some seat could not see "
        "while the game went on; GameOver.reasons brings those of the moves already logged); "
        "None for a person's move and while the game goes on.")


class MoveReason(_ServerModel):
    """Why a bundled bot made one move, in its own words (its ``explain``)."""

    move: int = Field(description="The move's number, from 0 (its place in the log).")
    seat: int
    reason: str


class Welcome(_ServerModel):
    """The answer to :class:`Join` or :class:`Spectate`: you are at the table."""

    type: Literal["welcome"] = "welcome"
    version: Version = Field(default=1, description="The connection's protocol version.")
    ref: Ref = None
    table: TableInfo
    seat: int | None = Field(description="Your seat; None for a spectator.")
    idle_timeout: float = Field(description="Seconds of silence before the server closes.")


class View(_ServerModel):
    """What the receiver may see now, sent after every move and on joining.

    `view` is the game's view of the seat (``cardgames.wire.encode.seat_view``), or for a
    spectator the view with every card hidden from any seat left out until the game is over
    (``spectator_view``). `legal` lists the actions of the seat to act, sent to that seat
    only (empty for the others and for spectators), each with its ``action`` as an object.
    `log` holds the moves from number `log_start` on, as the receiver may see them: a client
    appends them to what it has.

    Before the start (status ``waiting``) a view holds no game: ``move`` 0, ``to_move``
    None, ``view`` ``{}``, ``legal`` and ``log`` empty, and ``players`` the seats' names so
    far ('' for an open seat); the first view of the game follows the start."""

    type: Literal["view"] = "view"
    version: Version = Field(default=1, description="The connection's protocol version.")
    ref: Ref = Field(default=None, description="The `ref` of the act this view answers, in "
                     "the view sent to the connection that made the move; else None.")
    table: str
    seat: int | None
    move: int = Field(description="Moves made so far: an act may name it (Act.move).")
    to_move: int | None = Field(description="The seat to act; None before the start and after "
                                "the end.")
    status: TableStatus
    players: list[str]
    view: dict[str, Any]
    legal: list[ActionChoice]
    log_start: int = Field(
        default=0, description="The number of the first move in `log`: 0 (the whole log) "
        "in the first view a connection gets, then the moves since its previous view.")
    log: list[LogEntry]


class ChatMessage(_ServerModel):
    """A chat line, sent to everyone at the table (seats and spectators)."""

    type: Literal["chat"] = "chat"
    version: Version = Field(default=1, description="The connection's protocol version.")
    table: str
    seat: int | None = Field(description="The speaker's seat; None for a spectator.")
    name: str
    text: str
    time: float = Field(description="When the server received it, in Unix seconds.")


class Notes(_ServerModel):
    """Your notes on cards (all of them), sent on joining and after every :class:`Note`."""

    type: Literal["notes"] = "notes"
    version: Version = Field(default=1, description="The connection's protocol version.")
    ref: Ref = None
    table: str
    notes: dict[str, str]


class HintMessage(_ServerModel):
    """The bundled bot's advice for your seat now (to you only)."""

    type: Literal["hint"] = "hint"
    version: Version = Field(default=1, description="The connection's protocol version.")
    ref: Ref = None
    table: str
    action: ActionChoice
    reason: str


class TableUpdate(_ServerModel):
    """The table changed (a seat taken or left, a connection opened or closed, the start)."""

    type: Literal["table"] = "table"
    version: Version = Field(default=1, description="The connection's protocol version.")
    table: TableInfo


class GameOver(_ServerModel):
    """The game ended: its record (``cardgames replay`` reads it) and its foreign exports
    (its ``GameInfo.exports``). Sent once to everyone at the table, after the last :class:`View`."""

    type: Literal["game_over"] = "game_over"
    version: Version = Field(default=1, description="The connection's protocol version.")
    table: str
    scores: list[int]
    result: str = Field(description="The outcome in words.")
    record: dict[str, Any] = Field(description="The game's record (cardgames.core.record).")
    exports: dict[str, Any] = Field(
        default_factory=dict, description="The game in the foreign record formats its game "
        "writes, by format name (its GameInfo.exports; the docs list each game's).")
    reasons: list[MoveReason] = Field(
        default_factory=list, description="Why the bundled bots made their moves, in their "
        "own words, in move order (sent at the end: a reason may name cards some seat could "
        "not see while the game went on).")


class Pong(_ServerModel):
    """The answer to :class:`Ping`."""

    type: Literal["pong"] = "pong"
    version: Version = Field(default=1, description="The connection's protocol version.")
    ref: Ref = None


class Error(_ServerModel):
    """A refused message or request: one message saying what was wrong and what is
    accepted. Nothing changed."""

    type: Literal["error"] = "error"
    version: Version = Field(default=1, description="The connection's protocol version.")
    ref: Ref = None
    code: ErrorCode
    message: str
    supported: list[int] | None = Field(
        default=None, description="With code ``unsupported_version``: the versions the "
        "server speaks; else None.")


class ViewPatch(_ServerModel):
    """Version 2: what changed since the last view sent to this connection, sent instead of
    a :class:`View` after the first (``cardgames.wire.patch`` writes and reads them).

    It applies to the view of move `base` the receiver holds and makes the view of move
    `move`: `log` (from `log_start`) is appended to the receiver's log, `history` (from
    `history_start`) to its view's ``history`` list, then `patch`, a JSON merge patch
    (RFC 7386), is applied to the rest of the view (the view message's fields but ``type``,
    ``version``, ``ref``, ``log_start`` and ``log``), the lists of `lists` seen as objects
    keyed by index meanwhile, and each path of `nulls` is set to null. A receiver holding
    another view than that of `base` (or a history of another length than
    `history_start`) sends :class:`AskView` and gets a whole :class:`View`."""

    type: Literal["view_patch"] = "view_patch"
    version: Literal[2] = 2
    ref: Ref = Field(default=None, description="As a View's: the `ref` of the act it answers.")
    table: str
    base: int = Field(description="The move number of the view it applies to.")
    move: int = Field(description="The move number of the view it makes.")
    log_start: int = Field(description="The number of the first move in `log`.")
    log: list[LogEntry] = Field(description="The new log entries, appended to the log.")
    history_start: int = Field(
        description="The length of the view's ``history`` the entries of `history` follow.")
    history: list[Any] = Field(
        description="The new entries of the view's ``history`` list, appended to it.")
    patch: dict[str, Any] = Field(
        description="A JSON merge patch (RFC 7386) against the rest of the last view.")
    nulls: list[list[str]] = Field(
        description="Paths (object keys, outermost first) whose value becomes null, set "
        "after the merge patch (whose null deletes a key).")
    lists: list[list[str]] = Field(
        default_factory=list, description="Paths (outermost first) of the lists `patch` "
        "patches item by item: each is seen as an object keyed by index (\"0\", \"1\"...) "
        "from before the merge patch until after `nulls`, then as a list again.")


ServerMessage = Annotated[
    Welcome | View | ViewPatch | ChatMessage | Notes | HintMessage | TableUpdate | GameOver
    | Pong | Error,
    Field(discriminator="type"),
]
"""Any message the server sends on a table's WebSocket (of any version: see
:func:`server_message_adapter`)."""

SERVER_MESSAGES: Final = (
    Welcome, View, ViewPatch, ChatMessage, Notes, HintMessage, TableUpdate, GameOver, Pong,
    Error)
LOBBY_MODELS: Final = (
    CreateTable, SeatSpec, TableInfo, SeatInfo, TableList, TakeSeat, SeatTaken, LeaveSeat,
    StartTable, GameCatalogue, GameEntry, BotChoice, GameOption, PlayerCounts)

ADDED_IN: Final[dict[type[BaseModel], int]] = {AskView: 2, ViewPatch: 2}
"""The WebSocket messages a version added, by the version that added them."""

_VERSION_TYPES: Final[dict[int, Any]] = {1: Literal[1], 2: Literal[2]}


def _pinned(model: type[BaseModel], version: int, **fields: Any) -> type[BaseModel]:
    """`model` as one version has it: its ``version`` that version alone, and `fields` (a
    name and its type and Field) changed or added."""
    if "version" in model.model_fields:
        fields["version"] = (_VERSION_TYPES[version], Field(
            default=version, description=f"The protocol version ({version})."))
    pinned: type[BaseModel] = create_model(
        model.__name__, __base__=model, __doc__=model.__doc__, __module__=model.__module__,
        **fields)
    return pinned


_V1_FIELDS: Final[dict[type[BaseModel], dict[str, Any]]] = {
    # What version 1 documented and later versions moved: a seat's legal actions inside
    # its view too, and the one foreign export version 1 knew at the top of game_over.
    View: {"view": (dict[str, Any], Field(description=(
        "The receiver's view (see View). Version 1: a seat's view also lists under "
        "``legal`` the seat's legal actions as objects (each the ``action`` of an entry "
        "of the message's `legal`; empty when another seat is to act).")))},
    GameOver: {"hanablive": (dict[str, Any] | None, Field(default=None, description=(
        "Version 1: the export named ``hanablive`` of `exports` (None where the game "
        "writes none).")))},
}


def _messages_of(models: tuple[type[BaseModel], ...], version: int
                 ) -> tuple[type[BaseModel], ...]:
    return tuple(_pinned(model, version, **(_V1_FIELDS.get(model, {}) if version == 1 else {}))
                 for model in models if ADDED_IN.get(model, 1) <= version)


_CLIENT_OF: Final = {version: _messages_of(CLIENT_MESSAGES, version)
                     for version in SUPPORTED_VERSIONS}
_SERVER_OF: Final = {version: _messages_of(SERVER_MESSAGES, version)
                     for version in SUPPORTED_VERSIONS}


def _union(models: tuple[type[BaseModel], ...]) -> TypeAdapter[Any]:
    union: Any = Union[models]  # noqa: UP007 (a union built at run time)
    return TypeAdapter(Annotated[union, Field(discriminator="type")])


_CLIENT_ADAPTER: Final[TypeAdapter[Any]] = TypeAdapter(ClientMessage)
_SERVER_ADAPTER: Final[TypeAdapter[Any]] = TypeAdapter(ServerMessage)
_CLIENT_ADAPTERS: Final = {version: _union(models) for version, models in _CLIENT_OF.items()}
_SERVER_ADAPTERS: Final = {version: _union(models) for version, models in _SERVER_OF.items()}


def client_message_adapter(version: int | None = None) -> TypeAdapter[Any]:
    """Reads and checks any client message (``validate_python`` on parsed JSON): of one
    `version` (of :data:`SUPPORTED_VERSIONS`; its messages only, with that version), or of
    any (None). What it reads is an instance of the message's class (:class:`Act`...)."""
    return _CLIENT_ADAPTER if version is None else _CLIENT_ADAPTERS[version]


def server_message_adapter(version: int | None = None) -> TypeAdapter[Any]:
    """Reads and checks any server message (for clients and tests), of one `version` (its
    messages and shapes only) or of any (None)."""
    return _SERVER_ADAPTER if version is None else _SERVER_ADAPTERS[version]


def schemas(version: int = 1) -> dict[str, Any]:
    """The JSON Schemas of protocol `version`: one per model by name, and the unions of the
    WebSocket messages (``ClientMessage``, ``ServerMessage``)."""
    found: dict[str, Any] = {
        "ClientMessage": _CLIENT_ADAPTERS[version].json_schema(),
        "ServerMessage": _SERVER_ADAPTERS[version].json_schema(),
    }
    models: tuple[type[BaseModel], ...] = (
        *LOBBY_MODELS, *_CLIENT_OF[version], *_SERVER_OF[version])
    for model in models:
        found[model.__name__] = model.model_json_schema()
    return found


def schemas_json(version: int = 1) -> str:
    """:func:`schemas` as stable, indented JSON (what the docs publish: version 1 in
    ``docs/server-protocol-schemas.json``, version 2 in
    ``docs/server-protocol-schemas-v2.json``)."""
    return json.dumps(schemas(version), indent=2, sort_keys=True) + "\n"


# python -m cardgames.wire.messages 1 > docs/server-protocol-schemas.json
# python -m cardgames.wire.messages 2 > docs/server-protocol-schemas-v2.json
if __name__ == "__main__":
    import sys

    print(schemas_json(int(sys.argv[1]) if len(sys.argv) > 1 else 1), end="")
