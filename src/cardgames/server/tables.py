"""A table in the server's memory: its seats, its game, its bots, and the messages it sends.

:meth:`LiveTable.play` is the one move path, for people and bots alike, read top to bottom:
resolve the act, apply it to a copy of the game, commit it, make the copy the table's game,
send every connection its view. Nothing here touches the network or the database itself:
:mod:`cardgames.server.app` holds the connections and hands each table its :class:`Commit`
(the database's write, which a move awaits before anyone hears of it). The game itself is the
library's: :meth:`GameInfo.new_game` deals it, :meth:`GameInfo.replay` rebuilds it from what
the store kept, ``state.view(seat)`` (through :mod:`cardgames.wire.encode`) is all a seat is
sent of it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from collections.abc import Callable, Collection
from typing import Any, Final, Protocol

import attrs
import pydantic_core
from pydantic import BaseModel

import cardgames
from cardgames.core.agents import Agent
from cardgames.core.errors import NotationError, OptionsError
from cardgames.core.game import State
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo
from cardgames.server import store
from cardgames.server.store import ActionRow, SeatRow, TableRow
from cardgames.session import HUMAN, SavedGame, seat_agents
from cardgames.wire.encode import (
    legal_choices,
    seat_log,
    seat_view,
    spectator_log,
    spectator_view,
)
from cardgames.wire.messages import (
    PROTOCOL_VERSION,
    ChatMessage,
    GameOver,
    LogEntry,
    MoveReason,
    Notes,
    SeatInfo,
    TableInfo,
    TableStatus,
    TableUpdate,
    View,
)
from cardgames.wire.patch import make_view_patch
from cardgames.wire.versions import as_version, message_json

__all__ = [
    "CHAT_KEPT", "NOTES_KEPT", "Commit", "Listener", "LiveTable", "ProtocolError", "bot_names",
]

CHAT_KEPT: Final = 50
"""Chat lines a table keeps to show a new arrival."""
NOTES_KEPT: Final = 500
"""Notes one seat may keep."""


class ProtocolError(Exception):
    """A message or request the server refuses: the protocol's error code and one line
    saying why (nothing changed)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


BOT_NAMES: Final = (
    "Alma", "Basil", "Cora", "Dario", "Elsa", "Felix", "Greta", "Hugo", "Ines", "Jonas",
    "Kira", "Leon", "Mira", "Nico", "Olga", "Pablo", "Quinn", "Rosa", "Sami", "Tessa",
    "Umberto", "Vera", "Wim", "Yara", "Zeno",
)
"""The names a table's bots go by, as people's are (a bot's level is said beside it, on
hover): single distinct words, which every game takes. More than the most seats."""


def bot_names(bots: list[str | None], table: str = "",
              taken: Collection[str] = ()) -> list[str]:
    """Player names for the bot seats of a new table, '' for the open seats: distinct names
    from :data:`BOT_NAMES`, drawn in an order fixed by the `table`'s id (the same table, the
    same names), none of them one of the names `taken` (people's, say)."""
    shunned = {name.casefold() for name in taken}
    order = [name for name in BOT_NAMES if name.casefold() not in shunned]
    random.Random(f"bot names {table}").shuffle(order)
    drawn = iter(order)
    return ["" if bot is None else next(drawn) for bot in bots]


class Listener(Protocol):
    """A connection at a table, as the table sees it: where it sits, the protocol version it
    speaks, how much of the log it has been sent and the last view (its document, see
    :func:`cardgames.wire.patch.view_document`) it was sent, and a way to send it a message
    already encoded."""

    seat: int | None
    version: int
    logged: int
    sent: dict[str, Any] | None

    def send_text(self, text: str) -> None: ...

    def send(self, message: BaseModel) -> None: ...

    def close(self) -> None: ...


class Commit(Protocol):
    """How a table keeps a change: one write of :mod:`cardgames.server.store` (a statement
    and its arguments), committed before the call returns; ProtocolError("server") if it
    could not be, and then nothing changed."""

    async def __call__(self, statement: Callable[..., None], *args: Any) -> None: ...


async def _kept_nowhere(statement: Callable[..., None], *args: Any) -> None:
    """The commit of a table with no database (a table built in memory: tests, benchmarks)."""


@attrs.define(eq=False)
class LiveTable:
    """One table, the one owner of everything about it: stored fields, its options (read
    once), the game once started, the bots and their task, notes and recent chat, the lock
    its changes take, the connections at it and what is sent to them."""

    row: TableRow
    info: GameInfo[Any, Any]
    seats: list[SeatRow]
    state: State[Any] | None = None
    options: Any = attrs.field(default=attrs.Factory(
        lambda self: self.info.make_options(**self.row.options), takes_self=True))
    """The game's options object, read once from the row's option strings."""
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    """Held while a change to the table is checked and committed (moves one at a time)."""
    listeners: set[Listener] = attrs.field(factory=set)
    """The connections at the table (seats and spectators)."""
    bot_task: asyncio.Task[None] | None = None
    """The task letting the bundled bots act, while one runs."""
    agents: dict[int, Agent] = attrs.field(factory=dict)
    notes: dict[int, dict[str, str]] = attrs.field(factory=dict)
    chat: deque[ChatMessage] = attrs.field(factory=lambda: deque(maxlen=CHAT_KEPT))
    spectators: int = 0
    connected: dict[int, int] = attrs.field(factory=dict)
    """Open connections by seat."""
    commit: Commit = _kept_nowhere
    """Where the table's changes are kept (the server's database)."""
    reasons: dict[int, str] = attrs.field(factory=dict)
    """The bundled bots' reasons for their moves, by move number (sent once the game is
    over: a reason may name cards some seat may not see until then)."""

    @classmethod
    def from_row(cls, row: TableRow, commit: Commit = _kept_nowhere) -> LiveTable:
        """The table `row` as stored, its game rebuilt from its header and actions; its
        changes kept by `commit`."""
        info = cardgames.get_game(row.game)
        table = cls(row, info, list(row.seats), commit=commit)
        table.notes = {seat: dict(notes) for seat, notes in row.notes.items()}
        table.reasons = {action.number: action.reason for action in row.actions
                         if action.reason is not None}
        for seat, name, text, when in row.chat:
            table.chat.append(ChatMessage(
                table=row.id, seat=seat, name=name, text=text, time=when))
        if row.header is not None:
            record = Record(
                game=row.game, options=row.header["options"], players=row.header["players"],
                actions=tuple(action.notation for action in row.actions), seed=row.seed,
                rules_version=row.header["rules_version"],
            )
            table.state = info.replay(record)
            table.make_agents()
        return table

    @staticmethod
    def watchable(info: GameInfo[Any, Any]) -> bool:
        """Whether the game has a spectator view (``State.public_view``; a plug-in game
        may have none, and then its tables take no spectator)."""
        return info.state_type.public_view is not State.public_view

    # ------------------------------------------------------------------ who sits where
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> TableStatus:
        if self.state is None:
            return "waiting"
        return "over" if self.state.is_over else "playing"

    def seat_of_token(self, matches: Callable[[str | None], bool]) -> int | None:
        """The seat whose stored token hash `matches` accepts."""
        for seat in self.seats:
            if seat.kind == "person" and matches(seat.token_hash):
                return seat.seat
        return None

    def open_seat(self, wanted: int | None) -> int:
        """The seat a person asks for (None: the first open one); ProtocolError if taken."""
        if self.state is not None:
            raise ProtocolError("conflict", f"table {self.id} has started: its seats are taken")
        if wanted is None:
            for seat in self.seats:
                if seat.kind == "open":
                    return seat.seat
            raise ProtocolError("conflict", f"table {self.id} has no open seat")
        if wanted >= len(self.seats):
            raise ProtocolError("conflict", f"table {self.id} has seats 0..{len(self.seats) - 1} "
                                f"(got seat {wanted})")
        if self.seats[wanted].kind != "open":
            raise ProtocolError("conflict", f"seat {wanted} of table {self.id} is taken")
        return wanted

    def make_way_for(self, name: str) -> SeatRow | None:
        """A bot's seat renamed where a person comes to sit under the bot's name before the
        game starts (a bot gives way: a person's name is their own); None: no bot has it."""
        clash = next((row for row in self.seats if row.kind == "bot"
                      and row.name.casefold() == name.strip().casefold()), None)
        if clash is None or self.state is not None:
            return None
        names = [row.name for row in self.seats if row.kind != "open"]
        renamed = bot_names([clash.bot], self.id, [*names, name])[0]
        self.seats[clash.seat] = attrs.evolve(clash, name=renamed)
        return self.seats[clash.seat]

    def check_name(self, seat: int, name: str) -> str:
        """A person's name for `seat`, checked: not another seat's, and one the game takes
        (single words, say) beside the names already at the table."""
        name = name.strip()
        if not name:
            raise ProtocolError("bad_message", "a player name must have a letter or digit")
        if any(row.name.casefold() == name.casefold() for row in self.seats):
            raise ProtocolError("conflict", f"the name {name!r} is taken at table {self.id}")
        names = [name if row.seat == seat else row.name or f"Open{row.seat}"
                 for row in self.seats]
        try:
            self.info.check_names(names)
        except OptionsError as exc:
            raise ProtocolError("bad_message", f"the name {name!r} is refused: {exc}") from None
        return name

    def start(self) -> dict[str, Any]:
        """Deal the game; returns the record header the store keeps (rules version, the
        options as data, the players' names). ProtocolError while a seat is open."""
        if self.state is not None:
            raise ProtocolError("conflict", f"table {self.id} has already started")
        open_seats = [seat.seat for seat in self.seats if seat.kind == "open"]
        if open_seats:
            raise ProtocolError("conflict", f"table {self.id} cannot start: seat(s) "
                                f"{', '.join(map(str, open_seats))} still open")
        try:
            state = self.info.new_game(
                len(self.seats), self.row.seed, names=[seat.name for seat in self.seats],
                options=self.options)
        except OptionsError as exc:
            raise ProtocolError("options", str(exc)) from None
        self.state = state
        self.make_agents()
        return {"rules_version": state.rules_version, "options": state.options.to_dict(),
                "players": list(state.players)}

    def make_agents(self) -> None:
        """The bundled bots of the bot seats, seeded from the table's bot seed and their
        seat (not from the deal's seed: a bot's choices must not help anyone find it)."""
        assert self.state is not None
        kinds = tuple(HUMAN if seat.kind != "bot" else str(seat.bot) for seat in self.seats)
        self.agents = seat_agents(self.info, SavedGame(self.state, kinds, self.row.bot_seed))

    def bot_to_move(self) -> int | None:
        """The bot seat to act now, if a bundled bot is to act."""
        state = self.state
        seat = None if state is None else state.current_player
        return seat if seat is not None and seat in self.agents else None

    def hint_agent(self, seat: int) -> Agent:
        """A fresh bot to advise `seat` (the game's bot for people, seeded like a seat's
        bot): a person asking for a hint gets a move people's conventions explain."""
        name, seed = self.hint_bot(seat)
        return self.info.bots[name](seed)

    def hint_bot(self, seat: int) -> tuple[str, int]:
        """The name and seed of the bot that advises `seat`: the game's bot for people,
        seeded like a seat's bot."""
        return self.info.people_bot, self.row.bot_seed + len(self.seats) + seat

    # ------------------------------------------------------------------ moves
    async def play(self, seat: int, action: Any, *, move: int | None = None,
                   answer: tuple[Listener, str | int] | None = None,
                   reason: str | None = None) -> bool:
        """The one move path: `seat` makes `action` (an action id, its notation, or the
        action itself, as a bot hands it), at move number `move` when given. Returns whether
        the move ended the game. ProtocolError (with the protocol's code) when it is refused
        or cannot be kept, and then nothing changed. `answer`: the connection that sent the
        act and its ``ref``, echoed in the view it is sent. `reason`: why a bundled bot
        makes the move, kept with it.

        One move at a time per table (its lock): resolve, apply to a copy, commit, swap,
        broadcast. Nobody sees a move before it is saved, a failed commit leaves the game as
        it was, and the move that ends the game is saved with the end in one commit. The
        commit names the move's number, and the store keeps one action per number and table,
        so a second writer of the same move (another process, one day) is refused there.
        """
        async with self.lock:
            chosen = self.resolve(seat, action, move)
            before = self.state
            assert before is not None  # resolve refuses a table that has not started
            after = before.clone()
            after.apply(chosen)
            row = ActionRow(before.move_count, seat, str(chosen), reason)
            await self.commit(store.add_last_action if after.is_over else store.add_action,
                              self.id, row)
            self.state = after
            if reason is not None:
                self.reasons[row.number] = reason
            self.broadcast_views(answer)
            if after.is_over:
                self.broadcast(self.game_over())
                # The spectators' words, kept from the seats while the game went on, now
                # reach them.
                held = [line for line in self.chat if line.seat is None]
                for listener in list(self.listeners):
                    if listener.seat is not None:
                        for line in held:
                            listener.send(line)
            return after.is_over

    def resolve(self, seat: int, action: Any, move: int | None) -> Any:
        """The action `seat` asks for (an id, a notation, or the action), checked: its seat,
        its turn, the move number, legal now. ProtocolError (with the protocol's code)
        otherwise; nothing changes either way."""
        state = self.state
        if state is None:
            raise ProtocolError("not_started", f"table {self.id} has not started")
        if state.is_over:
            raise ProtocolError("over", f"the game at table {self.id} is over")
        to_move = state.current_player
        if to_move != seat:
            who = "nobody's" if to_move is None else f"seat {to_move}'s ({state.players[to_move]})"
            raise ProtocolError("not_your_turn", f"it is {who} turn, not seat {seat}'s")
        if move is not None and move != state.move_count:
            raise ProtocolError("stale", f"the act names move {move}, but {state.move_count} "
                                "moves have been made: look at the latest view")
        try:
            chosen = (state.action_from_id(action) if isinstance(action, int)
                      else state.parse(action) if isinstance(action, str) else action)
        except NotationError as exc:
            raise ProtocolError("illegal", str(exc)) from None
        if not state.is_legal(chosen):
            legal = ", ".join(str(a) for a in state.legal_actions()[:12])
            raise ProtocolError("illegal", f"{str(chosen)!r} is not legal now "
                                f"({state.illegal_reason(chosen)}); legal: {legal}")
        return chosen

    def log(self, seat: int | None, start: int = 0) -> list[LogEntry]:
        """The moves from number `start` on as `seat` may see them (None: a spectator;
        everything once the game is over)."""
        state = self.state
        if state is None:
            return []
        entries = (spectator_log(state, start) if seat is None
                   else seat_log(state, seat, start))
        return [LogEntry.model_validate(entry) for entry in self._with_reasons(entries, start)]

    def _with_reasons(self, entries: list[dict[str, Any]], start: int
                      ) -> list[dict[str, Any]]:
        """The log `entries` (moves from number `start` on), each bot move's with its
        ``reason`` once the game is over (until then a reason may name a card its receiver
        may not see)."""
        state = self.state
        if not self.reasons or state is None or not state.is_over:
            return entries
        for number, entry in enumerate(entries, start):
            reason = self.reasons.get(number)
            if reason is not None:
                entry["reason"] = reason
        return entries

    # ------------------------------------------------------------------ chat and notes
    def hears_chat(self, seat: int | None, line: ChatMessage) -> bool:
        """Whether a connection at `seat` (None: a spectator) gets a chat `line`: a
        spectator's words stay among the spectators until the game is over (a spectator sees
        every hand, so nothing they say may reach a seat while it could help)."""
        return line.seat is not None or seat is None or self.status == "over"

    async def say(self, seat: int | None, text: str) -> None:
        """`seat`'s chat line (None: a spectator's), kept, then sent to those who hear it
        (:meth:`hears_chat`). ProtocolError for a line that is not one line of text."""
        text = text.strip()
        if not text or not text.isprintable():
            raise ProtocolError("bad_message", "a chat line is printable text on one line")
        name = "spectator" if seat is None else self.seats[seat].name
        line = ChatMessage(table=self.id, seat=seat, name=name, text=text, time=time.time())
        await self.commit(store.add_chat, self.id, seat, name, text, line.time)
        self.chat.append(line)
        for listener in list(self.listeners):
            if self.hears_chat(listener.seat, line):
                listener.send(line)

    async def note(self, seat: int, card: str, text: str, ref: str | int | None = None
                   ) -> None:
        """`seat`'s note on `card` (empty `text`: none), kept, then all the seat's notes sent
        to its connections (`ref` echoed). ProtocolError past NOTES_KEPT notes, or for a note
        that is not one line of text."""
        notes = self.notes.setdefault(seat, {})
        text = text.strip()
        if text and card not in notes and len(notes) >= NOTES_KEPT:
            raise ProtocolError("limit", f"a seat keeps at most {NOTES_KEPT} notes")
        if text and not text.isprintable():
            raise ProtocolError("bad_message", "a note is printable text on one line")
        await self.commit(store.set_note, self.id, seat, card, text)
        if text:
            notes[card] = text
        else:
            notes.pop(card, None)
        message = Notes(ref=ref, table=self.id, notes=notes)
        for listener in self.listeners:
            if listener.seat == seat:
                listener.send(message)

    # ------------------------------------------------------------------ messages
    def table_info(self) -> TableInfo:
        return TableInfo(
            table=self.id, name=self.row.name, game=self.row.game, options=self.row.options,
            seats=[SeatInfo(seat=seat.seat, kind=seat.kind,  # type: ignore[arg-type]
                            name=seat.name, bot=seat.bot,
                            connected=seat.kind == "bot" or self.connected.get(seat.seat, 0) > 0)
                   for seat in self.seats],
            status=self.status, private=self.row.password_hash is not None,
            hints=self.row.hints, moves=0 if self.state is None else self.state.move_count,
            spectators=self.spectators,
            result=self.state.result_text() if self.state is not None and self.state.is_over
            else None,
        )

    def view(self, seat: int | None, log_start: int = 0) -> View:
        """What `seat` (None: a spectator) is sent now, with the log from move `log_start`
        (the moves the connection has not been sent yet), as the protocol's model."""
        return View.model_validate(self.view_data(seat, log_start))

    def view_data(self, seat: int | None, log_start: int = 0) -> dict[str, Any]:
        """:meth:`view` as JSON data (as the newest protocol version has it), built without
        the model's checks (what the server sends: the model describes it, ``tests/server``
        check that it matches)."""
        return self._view_message(self.document(seat), seat, log_start)

    def _view_message(self, document: dict[str, Any], seat: int | None, log_start: int
                      ) -> dict[str, Any]:
        log = [] if self.state is None else self._with_reasons(
            spectator_log(self.state, log_start) if seat is None
            else seat_log(self.state, seat, log_start), log_start)
        return {"type": "view", "version": PROTOCOL_VERSION, "ref": None, **document,
                "log_start": 0 if self.state is None else log_start, "log": log}

    def document(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) is shown now, but the log: a view message's
        fields but ``type``, ``version``, ``ref``, ``log_start`` and ``log`` (what a
        ``view_patch`` changes, :func:`cardgames.wire.patch.view_document`)."""
        state = self.state
        if state is None:
            return {"table": self.id, "seat": seat, "move": 0, "to_move": None,
                    "status": "waiting", "players": [seat_row.name for seat_row in self.seats],
                    "view": {}, "legal": []}
        # A table's spectators see every hand, as on hanab.live (their chat stays among them
        # until the end: LiveTable.hears_chat).
        shown = (spectator_view(state, show_hands=True) if seat is None
                 else seat_view(state, seat))
        return {"table": self.id, "seat": seat, "move": state.move_count,
                "to_move": state.current_player, "status": self.status,
                "players": list(state.players), "view": shown,
                "legal": legal_choices(state, seat)}

    def position(self, move: int, seat: int | None) -> View:
        """A finished game's position after `move` moves as `seat` saw it then, or (None) as
        the spectators did, every hand shown (a replay; every card is public once the game is
        over). ProtocolError before the end or for a move or seat out of range."""
        state = self.state
        if state is None or not state.is_over:
            raise ProtocolError("conflict", f"table {self.id}'s game is not over: its replay "
                                "opens at the end")
        if not 0 <= move <= state.move_count:
            raise ProtocolError("bad_message", f"move {move} is not in 0..{state.move_count}")
        if seat is not None and not 0 <= seat < len(state.players):
            raise ProtocolError("bad_message", f"seat {seat} is not in 0..{len(state.players) - 1}")
        record = state.record()
        then = self.info.replay(attrs.evolve(record, actions=record.actions[:move]))
        shown = (spectator_view(then, show_hands=True) if seat is None
                 else seat_view(then, seat))
        log = spectator_log(then) if seat is None else seat_log(then, seat)
        # The lobby's HTTP answers are the same in every version: version 1's shape.
        return View.model_validate(as_version(View(
            table=self.id, seat=seat, move=move, to_move=then.current_player,
            status="over" if then.is_over else "playing", players=list(then.players),
            view=shown, legal=[], log_start=0,
            log=[LogEntry.model_validate(entry)
                 for entry in self._with_reasons(log, 0)]).model_dump(), 1))

    def game_over(self) -> GameOver:
        """The end of the game: scores, result, record and the foreign export."""
        state = self.state
        assert state is not None
        assert state.is_over
        record = state.record({"table": self.id, "server": "cardgames"})
        moves = state.moves() if self.reasons else ()
        return GameOver(table=self.id, scores=state.scores(), result=state.result_text(),
                        record=record.to_dict(), exports=self.info.export(state),
                        reasons=[MoveReason(move=number, seat=moves[number].seat, reason=reason)
                                 for number, reason in sorted(self.reasons.items())])

    # ------------------------------------------------------------------ sending
    def broadcast(self, message: BaseModel, but: Listener | None = None) -> None:
        """`message` to everyone at the table (but `but`), encoded once for each protocol
        version its receivers speak."""
        texts: dict[int, str] = {}
        data: dict[str, Any] | None = None
        for listener in list(self.listeners):
            if listener is but:
                continue
            text = texts.get(listener.version)
            if text is None:
                data = message.model_dump(mode="json") if data is None else data
                text = texts[listener.version] = message_json(data, listener.version)
            listener.send_text(text)

    def broadcast_table(self, but: Listener | None = None) -> None:
        """The table's lobby entry to everyone at it (but `but`), encoded once."""
        if not self.listeners or (but is not None and self.listeners == {but}):
            return
        self.broadcast(TableUpdate(table=self.table_info()), but)

    def broadcast_views(self, answer: tuple[Listener, str | int] | None = None) -> None:
        """Every connection its own view, or what changed since its last view (a
        ``view_patch``, to the connections of version 2): each seat's view built once, each
        message encoded once for the connections it goes to alike. `answer`: the connection
        whose act made the move and the act's ``ref``, echoed in what it is sent."""
        built: dict[tuple[Any, ...], Any] = {}
        for listener in list(self.listeners):
            ref = answer[1] if answer is not None and listener is answer[0] else None
            self.send_view(listener, built, ref=ref)

    def send_view(self, listener: Listener, built: dict[tuple[Any, ...], Any] | None = None,
                  *, ref: str | int | None = None, whole: bool = False) -> None:
        """Send `listener` its view with the moves of the log it has not had yet: the whole
        view to a connection of version 1, to one that has had none, or when `whole`; else
        a ``view_patch`` against the last view it was sent. `built`: what is already built
        for this move (views by seat, messages by what they are made of); `ref`: echoed."""
        built = {} if built is None else built
        seat, logged, version, last = listener.seat, listener.logged, listener.version, (
            listener.sent)
        document = built.get(("document", seat))
        if document is None:
            document = built["document", seat] = self.document(seat)
        if version == 1 or last is None or whole:
            key: tuple[Any, ...] = ("view", version, seat, logged)
            data = built.get(key)
            if data is None:
                data = built[key] = as_version(self._view_message(document, seat, logged),
                                               version)
        else:
            key = ("patch", seat, logged, id(last))
            data = built.get(key)
            if data is None:
                data = built[key] = make_view_patch(
                    last, self._view_message(document, seat, logged))
        if ref is not None:
            listener.send_text(pydantic_core.to_json({**data, "ref": ref}).decode())
        else:
            text = built.get(("text", *key))
            if text is None:
                text = built["text", *key] = pydantic_core.to_json(data).decode()
            listener.send_text(text)
        listener.sent = document
        if self.state is not None:
            listener.logged = self.state.move_count
