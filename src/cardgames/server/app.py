"""The game server: the lobby's HTTP API and the tables' WebSocket, on FastAPI and uvicorn.

:class:`GameServer` routes: it holds the live tables (each a
:class:`~cardgames.server.tables.LiveTable`, which owns everything about its table: moves
through its one path :meth:`~cardgames.server.tables.LiveTable.play`, chat, notes, what each
connection is sent), the connections, and the workers: one database thread (every write goes
through it, in order, and the writes that arrive while one commits share the next
transaction: :meth:`GameServer.commit` is every table's Commit), the bots' pool (a bot thinks
there, so a slow bot never stalls the event loop or another table; its move then takes the
same path as a person's) and the hint processes. :func:`create_app` makes the ASGI
application; :func:`serve` runs it (``cardgames server``).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import functools
import gc
import logging
import multiprocessing
import time
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Any, Final, TypeVar

import attrs
import uvicorn
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

import cardgames
from cardgames.core.errors import CardgamesError, clip, one_line
from cardgames.core.limits import load_json
from cardgames.server import store, workers
from cardgames.server.catalogue import game_catalogue
from cardgames.server.security import (
    RateBucket,
    check_password,
    hash_password,
    hash_token,
    new_secret_seed,
    new_table_id,
    new_token,
    origin_allowed,
    token_matches,
)
from cardgames.server.store import SeatRow, Store, TableRow, Write
from cardgames.server.tables import LiveTable, ProtocolError, bot_names
from cardgames.wire.encode import action_choice, legal_choices, seat_view
from cardgames.wire.messages import (
    MAX_PASSWORD,
    PROTOCOL_VERSION,
    SUPPORTED_VERSIONS,
    Act,
    ActionChoice,
    AskHint,
    AskView,
    Chat,
    CreateTable,
    Error,
    GameCatalogue,
    HintMessage,
    Join,
    LeaveSeat,
    Note,
    Notes,
    Ping,
    Pong,
    SeatTaken,
    Spectate,
    StartTable,
    TableInfo,
    TableList,
    TakeSeat,
    View,
    Welcome,
    client_message_adapter,
)
from cardgames.wire.versions import message_json, unsupported

__all__ = ["Connection", "GameServer", "Settings", "create_app", "serve"]

log = logging.getLogger("cardgames.server")
T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

WS_MAX_FRAME: Final = 1024 * 1024
"""The largest WebSocket frame uvicorn reads at all (a larger one closes the connection with
code 1009); frames above ``Settings.max_message_bytes`` but below this get an error message."""
SEND_QUEUE: Final = 512
"""Messages waiting for one slow client before the server drops its connection."""
PASSWORD_CHECKS: Final = 2
"""Passwords checked at once (scrypt takes tens of milliseconds of a CPU each)."""
MAX_TRACKED_CLIENTS: Final = 10_000
"""Clients (addresses) whose lobby request rate is tracked at once."""
FINISHED_KEPT: Final = 256
"""Finished tables nobody watches kept in memory (others are read back from the database)."""
LISTING_AGE: Final = 1.0
"""Seconds the public table list is sent again as made (every open lobby asks every few
seconds; a table's move count in it may be this much behind)."""
PASSWORD_HEADER: Final = "X-Table-Password"
"""The header a private table's password travels in to the replay's HTTP request."""
MAX_FAILED_JOINS: Final = 10
"""Refused joins and spectates one connection may make before it is closed."""
FINISHED_LISTED: Final = 20
"""How many lately finished public tables the lobby lists (their games replay)."""
WEB_POLICY: Final = (
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data: blob:; "
    "style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
"""The web table's Content-Security-Policy: everything from this server, no inline script
(inline styles are allowed: the pages set colours, and all their text is text, never HTML)."""
STATUS_OF: Final = {
    "bad_message": 400, "version": 400, "unsupported_version": 400, "options": 400,
    "not_found": 404, "forbidden": 403,
    "conflict": 409, "limit": 429, "rate_limited": 429, "server": 500,
}
"""The HTTP status of a refused lobby request, by error code."""


@attrs.frozen(kw_only=True)
class Settings:
    """How a server runs: its database and its limits (``docs/server.md`` lists them)."""

    db: str
    """The database's SQLAlchemy URL (``sqlite:///path`` or ``postgresql+psycopg://...``)."""
    idle_timeout: float = 300.0
    """Seconds a connection may stay silent (a client pings to stay) before it is closed."""
    max_message_bytes: int = 16 * 1024
    """The largest message or request body read."""
    message_rate: float = 20.0
    """Messages a second one connection may send on average..."""
    message_burst: float = 60.0
    """... and in a burst."""
    max_refusals: int = 200
    """Messages refused for the rate before the connection is closed."""
    request_rate: float = 20.0
    """Lobby requests a second one client (address) may make on average..."""
    request_burst: float = 100.0
    """... and in a burst."""
    max_connections_per_client: int = 32
    """Open WebSockets from one address."""
    max_tables_per_client: int = 20
    """Tables waiting or playing created from one address."""
    max_tables: int = 10_000
    """Tables waiting or playing on the whole server."""
    origins: tuple[str, ...] = ()
    """Web origins allowed besides the server's own (``*``: any)."""
    bot_workers: int = 4
    """Threads the bundled bots think in."""
    hint_workers: int = 2
    """Processes the bundled bot thinks in when a seat asks for a hint."""


class Connection:
    """One client's WebSocket: at most one table, as a seat or a spectator; its messages go
    out through a queue, in order, so a slow client never holds up a table."""

    def __init__(self, websocket: WebSocket, client: str, settings: Settings) -> None:
        self.websocket = websocket
        self.client = client
        self.table: LiveTable | None = None
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.bucket = RateBucket(settings.message_rate, settings.message_burst)
        self.refusals = 0
        self.closed = False
        self.logged = 0
        """The moves of the table's log this connection has been sent."""
        self.failed_joins = 0
        self.version = 1
        """The protocol version the connection speaks: its join's or spectate's (none: 1)."""
        self.hello: int | None = None
        """The version its join or spectate named, once one was read (None before)."""
        self.sent: dict[str, Any] | None = None
        """The last view the connection was sent (its document: the base of its next patch)."""

    def send(self, message: BaseModel) -> None:
        """Queue `message`, as the connection's version has it; a client that lets
        SEND_QUEUE pile up is dropped."""
        if not self.closed:
            self.send_text(message_json(message, self.version))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (one encoding for every receiver of it)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        """Stop sending: the pump closes the socket."""
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send the queued messages until :meth:`close`, then close the socket."""
        try:
            while (text := await self.queue.get()) is not None:
                await self.websocket.send_text(text)
        except Exception:  # the client went away: nothing to tell it
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.websocket.close()


def _ref_of(data: Any) -> str | int | None:
    """The client's `ref` of a message that failed to read, when it is one to echo."""
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, bool) or not isinstance(ref, str | int):
        return None
    return ref if isinstance(ref, int) or len(ref) <= 64 else None


def _validation_text(exc: ValidationError) -> str:
    """The first problem of a message that is not one of the protocol's, in one line."""
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "message"
    return one_line(f"{where}: {first['msg']}")


class GameServer:
    """The live tables, the connections to them, the database and the bots' pool."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.tables: dict[str, LiveTable] = {}
        self.finished_listed: collections.deque[TableInfo] = collections.deque(
            maxlen=FINISHED_LISTED)
        """The public tables finished lately, newest last (the lobby lists them to replay)."""
        self.connections: collections.Counter[str] = collections.Counter()
        self.request_buckets: dict[str, RateBucket] = {}
        self.finished: dict[str, LiveTable] = {}
        """Finished tables nobody watches, the latest FINISHED_KEPT, oldest first."""
        self.listing: tuple[float, bytes] | None = None
        """The public table list as sent, and when it was made (see LISTING_AGE)."""
        self.pending: list[tuple[Write, asyncio.Future[None]]] = []
        """Writes waiting for the next transaction, each with the future it completes."""
        self.flusher: asyncio.Task[None] | None = None
        self.password_checks = asyncio.Semaphore(PASSWORD_CHECKS)
        self.database = concurrent.futures.ThreadPoolExecutor(1, "cardgames-db")
        self.bots = concurrent.futures.ThreadPoolExecutor(settings.bot_workers, "cardgames-bot")
        self.hints: concurrent.futures.Executor | None = None

    # ------------------------------------------------------------------ life
    async def open(self) -> None:
        """Open the database (upgrading its schema) and rebuild every live table."""
        self.store = await self._db(Store.open, self.settings.db)
        for table_id in await self._db(self._store().table_ids, live=True):
            try:
                table = await self._load(table_id)
            except CardgamesError as exc:  # a table this version cannot rebuild: left alone
                log.error("table %s not resumed: %s", table_id, exc)
                continue
            if table is None:
                continue
            if table.status == "over":  # killed between the last move's commit and the end's
                await self.commit(store.finish, table.id)
                self._forget(table)
            else:
                self._schedule_bots(table)
        log.info("%d table(s) resumed", len(self.tables))
        # What is loaded now (modules, the games' tables, the resumed games) lives as long
        # as the server: out of the collector's sight, a full collection walks only what
        # came after (a pause that grows with the tables otherwise).
        gc.collect()
        gc.freeze()

    async def close(self) -> None:
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.bots.shutdown(wait=False, cancel_futures=True)
        if self.hints is not None and self.hints is not self.bots:
            self.hints.shutdown(wait=False, cancel_futures=True)
        if self.flusher is not None:  # the writes already accepted are committed first
            await self.flusher
        if self.store is not None:
            await self._db(self.store.close)
        self.database.shutdown(wait=True)

    def _store(self) -> Store:
        assert self.store is not None, "the server is not open"
        return self.store

    async def _db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking database call on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.database, functools.partial(function, *args, **kwargs))

    async def commit(self, statement: Callable[..., None], *args: Any) -> None:
        """Commit one write (a statement of :mod:`cardgames.server.store`) before anything
        changes: ProtocolError("server") if it fails.

        Writes that arrive while a transaction commits wait for the next one together: one
        commit (one disk sync) for every table that moved meanwhile.
        """
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append(((statement, args), done))
        if self.flusher is None or self.flusher.done():
            self.flusher = asyncio.create_task(self._flush())
        try:
            await done
        except Exception as exc:
            log.error("database write failed: %s", exc)
            raise ProtocolError("server", "the server could not save this; nothing changed "
                                "(try again)") from exc

    async def _flush(self) -> None:
        """Commit the waiting writes, a batch per transaction, until none wait."""
        database = self._store()
        while self.pending:
            batch, self.pending = self.pending, []
            writes = [write for write, _done in batch]
            try:
                await self._db(database.write, writes)
                failures: list[BaseException | None] = [None] * len(batch)
            except Exception:
                # One bad write must not fail the others: each alone, to know which.
                failures = await self._db(self._write_each, writes)
            for (_write, done), failure in zip(batch, failures, strict=True):
                if done.done():
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)

    def _write_each(self, writes: list[Write]) -> list[BaseException | None]:
        failures: list[BaseException | None] = []
        for write in writes:
            try:
                self._store().write([write])
                failures.append(None)
            except Exception as exc:
                failures.append(exc)
        return failures

    async def _load(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return self.tables.setdefault(table_id, table)
        row = await self._db(self._store().load_table, table_id)
        if row is None:
            return None
        return self.tables.setdefault(table_id, LiveTable.from_row(row, self.commit))

    async def table(self, table_id: str) -> LiveTable:
        """The table `table_id` (a finished one is read back from the database)."""
        table = await self._load(table_id)
        if table is None:
            raise ProtocolError("not_found", f"there is no table {clip(table_id)!r}")
        return table

    # ------------------------------------------------------------------ the lobby
    async def table_info(self, table_id: str) -> TableInfo:
        """The lobby's look at a table (a finished one nobody watches is not kept)."""
        table = await self.table(table_id)
        info = table.table_info()
        if table.status == "over" and not table.listeners:
            self._forget(table)
        return info

    def check_request_rate(self, client: str) -> None:
        bucket = self.request_buckets.get(client)
        if bucket is None:
            if len(self.request_buckets) >= MAX_TRACKED_CLIENTS:
                self._drop_full_buckets()
            bucket = self.request_buckets[client] = RateBucket(
                self.settings.request_rate, self.settings.request_burst)
        if not bucket.take():
            raise ProtocolError("rate_limited", "too many requests: slow down")

    def _drop_full_buckets(self) -> None:
        """Forget the clients whose buckets have refilled (they have been quiet long enough
        to be as new), so a flood of addresses cannot wipe a busy client's count; when
        none has, the oldest tracked half goes."""
        full = [client for client, bucket in self.request_buckets.items() if bucket.is_full()]
        if not full:
            full = list(self.request_buckets)[:len(self.request_buckets) // 2]
        for client in full:
            del self.request_buckets[client]

    def live_tables(self) -> list[LiveTable]:
        return [table for table in self.tables.values() if table.status != "over"]

    def list_tables(self) -> TableList:
        shown = [table for table in self.live_tables() if table.row.password_hash is None]
        shown.sort(key=lambda table: (table.status != "waiting", -table.row.created))
        return TableList(tables=[table.table_info() for table in shown],
                         finished=list(reversed(self.finished_listed)))

    def listing_json(self) -> bytes:
        """:meth:`list_tables` as sent, made again at most every LISTING_AGE seconds (and
        whenever a table is created, a seat taken or left, or a game started or ended)."""
        now = time.monotonic()
        if self.listing is None or now - self.listing[0] > LISTING_AGE:
            self.listing = (now, self.list_tables().model_dump_json().encode())
        return self.listing[1]

    async def create_table(self, request: CreateTable, client: str) -> TableInfo:
        live = self.live_tables()
        if len(live) >= self.settings.max_tables:
            raise ProtocolError("limit", f"the server holds {len(live)} tables, its most")
        mine = sum(1 for table in live if table.row.creator == client)
        if mine >= self.settings.max_tables_per_client:
            raise ProtocolError("limit", f"you have {mine} tables waiting or playing, the most "
                                "one client may have")
        try:
            info = cardgames.get_game(request.game)
            count = info.check_players(len(request.seats))
            options = {key.strip().replace("-", "_"): value.strip()
                       for key, value in request.options.items()}
            for seat in request.seats:
                if seat.bot is not None and seat.bot not in info.bots:
                    raise ProtocolError("options", f"{info.title} has no bot {seat.bot!r}; bots: "
                                        f"{', '.join(info.bot_names())}")
            seed = new_secret_seed() if request.seed is None else request.seed
            info.new_game(count, seed, **options)  # refuses bad options now, not at the start
        except CardgamesError as exc:
            raise ProtocolError("options", str(exc)) from None
        except TypeError:  # an option named like one of new_game's own arguments
            raise ProtocolError(
                "options", f"the options {sorted(request.options)} name one that is not a "
                "game option (players and seed are set by the seats and the seed)") from None
        password = request.password
        password_hash = None if password is None else await asyncio.to_thread(
            hash_password, password)
        bots = [seat.bot for seat in request.seats]
        table_id = new_table_id()
        seats = tuple(
            SeatRow(number, "open" if bot is None else "bot", name, bot)
            for number, (bot, name) in enumerate(zip(bots, bot_names(bots, table_id),
                                                     strict=True)))
        row = TableRow(
            id=table_id, name=request.name.strip() or f"{info.title} table",
            game=info.name, options=options, seed=seed, bot_seed=new_secret_seed(),
            password_hash=password_hash,
            hints=request.hints, autostart=request.autostart, status="waiting", header=None,
            creator=client, created=time.time(), seats=seats,
        )
        await self.commit(store.create_table, row)
        table = self.tables[row.id] = LiveTable(row, info, list(seats), commit=self.commit)
        self.listing = None
        if request.autostart and all(seat.kind != "open" for seat in seats):
            await self._start(table)
        return table.table_info()

    async def take_seat(self, table_id: str, request: TakeSeat) -> SeatTaken:
        table = await self.table(table_id)
        await self._check_password(table, request.password)
        async with table.lock:
            seat = table.open_seat(request.seat)
            renamed = table.make_way_for(request.name)
            if renamed is not None:
                await self.commit(store.set_seat, table.id, renamed)
            name = table.check_name(seat, request.name)
            token = new_token()
            row = SeatRow(seat, "person", name, None, hash_token(token))
            await self.commit(store.set_seat, table.id, row)
            table.seats[seat] = row
            self._table_changed(table)
            if table.row.autostart and all(seat.kind != "open" for seat in table.seats):
                await self._start(table)
        return SeatTaken(table=table.id, seat=seat, token=token)

    async def leave(self, table_id: str, request: LeaveSeat) -> TableInfo:
        table = await self.table(table_id)
        async with table.lock:
            seat = self._seat_of(table, request.token)
            if table.state is not None:
                raise ProtocolError("conflict", f"table {table.id} has started: your seat stays "
                                    "yours (reconnect with its token)")
            row = SeatRow(seat, "open", "")
            await self.commit(store.set_seat, table.id, row)
            table.seats[seat] = row
            for connection in list(table.listeners):
                if connection.seat == seat:
                    connection.close()
            self._table_changed(table)
        return table.table_info()

    async def start(self, table_id: str, request: StartTable) -> TableInfo:
        table = await self.table(table_id)
        async with table.lock:
            self._seat_of(table, request.token)
            await self._start(table)
        return table.table_info()

    async def _start(self, table: LiveTable) -> None:
        header = table.start()
        try:
            await self.commit(store.start, table.id, header)
        except ProtocolError:
            table.state = None
            table.agents = {}
            raise
        self._table_changed(table)
        table.broadcast_views()
        self._schedule_bots(table)

    def _seat_of(self, table: LiveTable, token: str) -> int:
        seat = table.seat_of_token(functools.partial(token_matches, token))
        if seat is None:
            raise ProtocolError("forbidden", f"no seat at table {table.id} has this token")
        return seat

    async def _check_password(self, table: LiveTable, password: str | None) -> None:
        stored = table.row.password_hash
        if stored is None:
            return
        if password is None:
            raise ProtocolError("forbidden", f"table {table.id} is private: its password is "
                                "needed")
        # scrypt is slow on purpose: a few at a time, so guessing cannot take every CPU.
        async with self.password_checks:
            matches = await asyncio.to_thread(check_password, password, stored)
        if not matches:
            raise ProtocolError("forbidden", f"table {table.id} is private: a wrong or missing "
                                "password")

    # ------------------------------------------------------------------ the tables
    async def receive(self, connection: Connection, text: str) -> None:
        """Read one message from `connection` and act on it: a bad one gets one error."""
        ref = None
        try:
            size = len(text.encode("utf-8", "surrogatepass"))
            if size > self.settings.max_message_bytes:
                raise ProtocolError("bad_message", f"a message is at most "
                                    f"{self.settings.max_message_bytes} bytes (got {size})")
            if not connection.bucket.take():
                connection.refusals += 1
                if connection.refusals > self.settings.max_refusals:
                    connection.close()
                raise ProtocolError("rate_limited", "too many messages: slow down")
            try:
                data = load_json(text, "message")
            except CardgamesError as exc:
                raise ProtocolError("bad_message", str(exc)) from None
            ref = _ref_of(data)
            version = self._version_of(connection, data)
            try:
                message = client_message_adapter(version).validate_python(data)
            except ValidationError as exc:
                raise ProtocolError("bad_message", _validation_text(exc)) from None
            await self._dispatch(connection, message)
        except ProtocolError as refused:
            connection.send(Error(ref=ref, code=refused.code,  # type: ignore[arg-type]
                                  message=refused.message,
                                  supported=list(SUPPORTED_VERSIONS)
                                  if refused.code == "unsupported_version" else None))
            if connection.failed_joins >= MAX_FAILED_JOINS:  # guessing tokens or passwords
                connection.close()
        except Exception:
            log.exception("message failed")
            connection.send(Error(ref=ref, code="server",
                                  message="the server failed on this message; nothing changed"))

    @staticmethod
    def _version_of(connection: Connection, data: Any) -> int:
        """The protocol version a message is read in: the one it names (a join or spectate
        names the connection's), else the connection's. ProtocolError for a version the
        server does not speak, or another than the one the connection's join named."""
        named = data.get("version") if isinstance(data, dict) else None
        why = unsupported(named)
        if why is not None:
            raise ProtocolError("unsupported_version", why)
        if named is None:
            return connection.version
        if connection.hello is not None and named != connection.hello:
            raise ProtocolError("version", f"this connection speaks protocol version "
                                f"{connection.hello}, as its join or spectate said (got "
                                f"{clip(repr(named))}): name it or none")
        version: int = named
        return version

    async def _dispatch(self, connection: Connection, message: Any) -> None:
        if isinstance(message, Ping):
            connection.send(Pong(ref=message.ref))
        elif isinstance(message, Join | Spectate):
            await self._join(connection, message)
        else:
            table = connection.table
            if table is None:
                raise ProtocolError("not_joined", "join a seat or spectate a table first")
            if isinstance(message, Chat):
                await table.say(connection.seat, message.text)
                return
            if isinstance(message, AskView):
                connection.logged = 0
                table.send_view(connection, ref=message.ref, whole=True)
                return
            seat = connection.seat
            if seat is None:
                raise ProtocolError("forbidden", "a spectator may only chat")
            if isinstance(message, Act):
                ended = await table.play(
                    seat, message.action, move=message.move,
                    answer=None if message.ref is None else (connection, message.ref))
                self._moved(table, ended)
            elif isinstance(message, Note):
                await table.note(seat, message.card, message.text, message.ref)
            elif isinstance(message, AskHint):
                await self._hint(connection, table, seat, message)

    async def _join(self, connection: Connection, message: Join | Spectate) -> None:
        if connection.table is not None:
            raise ProtocolError("conflict", f"this connection is at table {connection.table.id}: "
                                "open another one for another table")
        try:
            table = await self.table(message.table)
            if isinstance(message, Join):
                seat: int | None = self._seat_of(table, message.token)
            else:
                if not LiveTable.watchable(table.info):
                    raise ProtocolError("forbidden", f"{table.info.title} has no spectator "
                                        "view: its tables cannot be watched")
                await self._check_password(table, message.password)
                seat = None
        except ProtocolError:
            connection.failed_joins += 1  # past MAX_FAILED_JOINS: closed (see receive)
            raise
        connection.table, connection.seat = table, seat
        connection.version = connection.hello = message.version
        table.listeners.add(connection)
        if seat is None:
            table.spectators += 1
        else:
            table.connected[seat] = table.connected.get(seat, 0) + 1
        connection.send(Welcome(ref=message.ref, table=table.table_info(), seat=seat,
                                idle_timeout=self.settings.idle_timeout))
        table.send_view(connection)
        if seat is not None:
            connection.send(Notes(table=table.id, notes=table.notes.get(seat, {})))
        for line in table.chat:
            if table.hears_chat(connection.seat, line):
                connection.send(line)
        if table.status == "over":
            connection.send(table.game_over())
        self._table_changed(table, but=connection)

    def leave_connection(self, connection: Connection) -> None:
        """Forget a closed connection (its seat stays its own)."""
        table = connection.table
        if table is None:
            return
        table.listeners.discard(connection)
        if connection.seat is None:
            table.spectators -= 1
        else:
            table.connected[connection.seat] -= 1
        if table.status == "over" and not table.listeners:
            self._forget(table)
        else:
            self._table_changed(table)

    def _forget(self, table: LiveTable) -> None:
        """Drop a finished table nobody watches from memory (it stays in the database)."""
        self.tables.pop(table.id, None)
        # Kept a while: a finished table is looked at again (its replay, its players'
        # lobby), and reading it back replays the whole game.
        self.finished.pop(table.id, None)
        self.finished[table.id] = table
        while len(self.finished) > FINISHED_KEPT:
            del self.finished[next(iter(self.finished))]

    def _moved(self, table: LiveTable, ended: bool) -> None:
        """After a move at `table` (see :meth:`LiveTable.play`): a finished game goes to the
        lobby's finished list, else the bots to act next are let act."""
        if ended:
            if table.row.password_hash is None:
                self.finished_listed.append(table.table_info())
            self._table_changed(table)
        else:
            self._schedule_bots(table)

    async def _hint(
        self, connection: Connection, table: LiveTable, seat: int, message: AskHint
    ) -> None:
        if not table.row.hints:
            raise ProtocolError("hints_off", f"table {table.id} gives no hints")
        state = table.state
        if state is None:
            raise ProtocolError("not_started", f"table {table.id} has not started")
        if state.current_player != seat:
            raise ProtocolError("not_your_turn", "a hint is for the seat to act, when it acts")
        move = state.move_count
        view, legal = seat_view(state, seat), state.legal_actions()
        bot, seed = table.hint_bot(seat)
        loop = asyncio.get_running_loop()
        # In a worker process: a strong bot thinks for seconds, and a thread would hold the
        # interpreter against the event loop and every other table meanwhile.
        index, reason = await loop.run_in_executor(
            self._hint_pool(), workers.advise, table.info.name, bot, seed, view,
            legal_choices(state, seat))
        if table.state is not state or state.move_count != move:
            raise ProtocolError("stale", "the game moved on while the bot thought: ask again")
        connection.send(HintMessage(
            ref=message.ref, table=table.id,
            action=ActionChoice.model_validate(action_choice(state, legal[index])),
            reason=reason))

    def _hint_pool(self) -> concurrent.futures.Executor:
        """The hint workers' processes, started at the first hint (spawned: a server that
        gives none starts none). Where processes cannot be started (a host without
        working standard streams for multiprocessing's helper, say), hints are thought out
        in the bots' threads, as before, rather than refused."""
        if self.hints is None:
            try:
                self.hints = concurrent.futures.ProcessPoolExecutor(
                    self.settings.hint_workers, mp_context=multiprocessing.get_context("spawn"))
            except (OSError, ValueError) as exc:
                log.warning("hints think in threads: no worker process could start (%s)", exc)
                self.hints = self.bots
        return self.hints

    # ------------------------------------------------------------------ bots
    def _schedule_bots(self, table: LiveTable) -> None:
        """Start the table's bot task when a bundled bot is to act and none runs."""
        if table.bot_to_move() is None:
            return
        running = table.bot_task
        if running is not None and not running.done():
            return
        table.bot_task = asyncio.create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        """Let the bots act while one is to move; each thinks in the bots' pool."""
        loop = asyncio.get_running_loop()
        try:
            while (seat := table.bot_to_move()) is not None:
                state = table.state
                assert state is not None
                move = state.move_count
                view, legal = state.view(seat), state.legal_actions()
                action, reason = await loop.run_in_executor(
                    self.bots, workers.bot_move, table.agents[seat], view, legal)
                try:
                    ended = await table.play(seat, action, move=move, reason=reason)
                except ProtocolError:
                    if table.state is not state:  # the game moved on while the bot thought
                        continue
                    raise
                self._moved(table, ended)
        except ProtocolError as exc:
            log.error("table %s: a bot's move was not saved: %s", table.id, exc.message)
        except Exception:
            log.exception("table %s: a bot failed", table.id)
        finally:
            table.bot_task = None

    # ------------------------------------------------------------------ sending
    def _table_changed(self, table: LiveTable, but: Connection | None = None) -> None:
        """Tell the table's connections of a change to its lobby entry (and the lobby's list,
        at once)."""
        self.listing = None
        table.broadcast_table(but)


# ------------------------------------------------------------------------- the ASGI app
def _error_response(code: str, message: str, status: int | None = None) -> JSONResponse:
    error = Error(code=code, message=message,  # type: ignore[arg-type]
                  supported=list(SUPPORTED_VERSIONS) if code == "unsupported_version" else None)
    return JSONResponse(error.model_dump(), status_code=status or STATUS_OF.get(code, 400))


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client is not None else "unknown"


async def _read(request: Request, model: type[M], limit: int) -> M:
    """The request's JSON body as `model`, within `limit` bytes; ProtocolError otherwise."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ProtocolError("bad_message", f"a request body is at most {limit} bytes")
    try:
        data = load_json(body.decode("utf-8"), "request body")
    except (UnicodeDecodeError, CardgamesError) as exc:
        raise ProtocolError("bad_message", str(exc)) from None
    why = unsupported(data.get("version") if isinstance(data, dict) else None)
    if why is not None:
        raise ProtocolError("unsupported_version", why)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ProtocolError("bad_message", _validation_text(exc)) from None


def create_app(settings: Settings) -> FastAPI:
    """The server's ASGI application (its :class:`GameServer` is ``app.state.server``)."""
    server = GameServer(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.open()
        try:
            yield
        finally:
            await server.close()

    app = FastAPI(
        title="cardgames server", version=str(PROTOCOL_VERSION), lifespan=lifespan,
        description="Play together: the lobby's HTTP API (tables at /ws: see the docs' "
        "protocol page).",
    )
    app.state.server = server

    @app.exception_handler(ProtocolError)
    async def refused(_request: Request, exc: ProtocolError) -> JSONResponse:
        return _error_response(exc.code, exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def no_such_request(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # An unknown path or method: the protocol's error body, not the framework's.
        code = "not_found" if exc.status_code == 404 else "bad_message"
        return _error_response(
            code, f"{request.method} {clip(request.url.path)}: {exc.detail} (the lobby's "
            "requests are under /api/tables; tables are at the WebSocket /ws)", exc.status_code)

    limit = settings.max_message_bytes

    @app.get("/api/games", response_model=GameCatalogue, response_model_exclude_unset=True)
    async def list_games(request: Request) -> dict[str, Any]:
        server.check_request_rate(_client(request))
        return game_catalogue()

    @app.get("/api/tables", response_model=TableList)
    async def list_tables(request: Request) -> Response:
        server.check_request_rate(_client(request))
        return Response(server.listing_json(), media_type="application/json")

    @app.post("/api/tables", response_model=TableInfo, status_code=201)
    async def create_table(request: Request) -> TableInfo:
        server.check_request_rate(_client(request))
        body = await _read(request, CreateTable, limit)
        return await server.create_table(body, _client(request))

    @app.get("/api/tables/{table_id}", response_model=TableInfo)
    async def get_table(request: Request, table_id: str) -> TableInfo:
        server.check_request_rate(_client(request))
        return await server.table_info(table_id)

    @app.get("/api/tables/{table_id}/moves/{move}", response_model=View)
    async def position(request: Request, table_id: str, move: int, seat: int = 0,
                       spectator: bool = False) -> View:
        """A finished game's position after `move` moves, as `seat` saw it (the replay), or
        with ``spectator=true`` as the spectators saw it (every hand); a private table's
        password in the ``X-Table-Password`` header."""
        server.check_request_rate(_client(request))
        if "password" in request.query_params:
            raise ProtocolError("bad_message", "send a table's password in the "
                                f"{PASSWORD_HEADER} header, not in the address (which "
                                "access logs keep)")
        password = request.headers.get(PASSWORD_HEADER)
        if password is not None and len(password) > MAX_PASSWORD:
            raise ProtocolError("bad_message", f"a password is at most {MAX_PASSWORD} "
                                "characters")
        table = await server.table(table_id)
        await server._check_password(table, password)
        return await asyncio.to_thread(table.position, move, None if spectator else seat)

    @app.post("/api/tables/{table_id}/seats", response_model=SeatTaken)
    async def take_seat(request: Request, table_id: str) -> SeatTaken:
        server.check_request_rate(_client(request))
        return await server.take_seat(table_id, await _read(request, TakeSeat, limit))

    @app.post("/api/tables/{table_id}/leave", response_model=TableInfo)
    async def leave(request: Request, table_id: str) -> TableInfo:
        server.check_request_rate(_client(request))
        return await server.leave(table_id, await _read(request, LeaveSeat, limit))

    @app.post("/api/tables/{table_id}/start", response_model=TableInfo)
    async def start(request: Request, table_id: str) -> TableInfo:
        server.check_request_rate(_client(request))
        return await server.start(table_id, await _read(request, StartTable, limit))

    @app.websocket("/ws")
    async def table_socket(websocket: WebSocket) -> None:
        if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"),
                              settings.origins):
            await websocket.close(code=1008)  # before accepting: the handshake gets a 403
            return
        client = _client(websocket)
        try:
            # A handshake is a request like the lobby's: guessing spectate passwords on
            # fresh connections must not hold the password checks from real joins.
            server.check_request_rate(client)
        except ProtocolError as exc:
            await websocket.send_denial_response(_error_response(exc.code, exc.message))
            return
        await websocket.accept()
        if server.connections[client] >= settings.max_connections_per_client:
            error = Error(code="limit", message=f"at most "
                          f"{settings.max_connections_per_client} connections per client")
            await websocket.send_text(error.model_dump_json())
            await websocket.close(code=1008)
            return
        server.connections[client] += 1
        connection = Connection(websocket, client, settings)
        pump = asyncio.create_task(connection.pump())
        try:
            while not connection.closed:
                try:
                    event = await asyncio.wait_for(websocket.receive(), settings.idle_timeout)
                except TimeoutError:
                    break
                if event["type"] == "websocket.disconnect":
                    break
                text = event.get("text")
                if text is None:
                    connection.send(Error(code="bad_message",
                                          message="send JSON messages as text frames"))
                    continue
                await server.receive(connection, text)
        finally:
            server.connections[client] -= 1
            if server.connections[client] <= 0:
                del server.connections[client]
            server.leave_connection(connection)
            connection.close()
            await pump

    game_files: dict[str, StaticFiles] = {}

    @app.api_route("/games/{game}/{path:path}", methods=["GET", "HEAD"])
    async def game_file(request: Request, game: str, path: str) -> Response:
        """A file of a game's own web table: its module ``<game>.js``, its ``<game>.css``,
        its pictures, from the folder its GameInfo names (``web_assets``)."""
        try:
            folder = cardgames.get_game(game).web_folder()
        except CardgamesError:
            folder = None
        if folder is None:
            raise ProtocolError("not_found", f"no web table for the game {clip(game)!r}")
        files = game_files.get(str(folder))
        if files is None:
            files = game_files[str(folder)] = StaticFiles(directory=str(folder))
        return await files.get_response(path, request.scope)

    # The web table (plain files inside the package), at / after every other route. Its
    # pages may load and connect to this server only (no inline script, no other origin).
    web = resources.files("cardgames.server").joinpath("web")
    app.mount("/", StaticFiles(directory=str(web), html=True), name="web")

    @app.middleware("http")
    async def web_headers(request: Request, call_next: Callable[[Request], Any]) -> Any:
        response = await call_next(request)
        if not request.url.path.startswith("/api/"):
            response.headers["Content-Security-Policy"] = WEB_POLICY
            response.headers["X-Content-Type-Options"] = "nosniff"
            response.headers["Referrer-Policy"] = "no-referrer"  # a table's link stays here
        return response
    return app


def serve(host: str, port: int, settings: Settings, *, log_level: str = "info") -> None:
    """Run the server on uvicorn until interrupted."""
    config = uvicorn.Config(
        create_app(settings), host=host, port=port, ws_max_size=WS_MAX_FRAME,
        log_level=log_level, lifespan="on",
    )
    uvicorn.Server(config).run()
