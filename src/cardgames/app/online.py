"""A seat at a ``cardgames server`` table, played at the app's table screen
(``cardgames join``): :class:`OnlineTable` is the :class:`~cardgames.app.session.AppTable`
of a server's seat, and :class:`SeatBook` remembers each seat's token so that joining again
takes the same seat back.

The game is the server's: the session holds the seat's latest view as the server sent it
(read back into the game's own view value, :func:`cardgames.wire.decode.view_from_json`, so the
game's adapter draws it as it draws a local game), sends the player's moves, notes and hint
requests, and hands the screen each new view's moves to log. It reconnects by itself
(:class:`cardgames.net.RemoteSeat`): a view after a reconnect shows whatever the server kept.
No Textual here; this module needs the ``server`` extra (websockets, cattrs).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Final

from rich.markup import escape

import cardgames
from cardgames.app.base import GameAdapter
from cardgames.app.session import AppTable
from cardgames.core.agents import Hint
from cardgames.core.errors import CardgamesError, OptionsError, RecordError
from cardgames.core.game import Move, State
from cardgames.core.record import Record
from cardgames.core.renamed import old_name
from cardgames.net import Lobby, RemoteSeat, ServerError, Ticket, server_urls
from cardgames.session import data_home, write_atomically
from cardgames.wire.decode import legal_from_json, view_from_json

__all__ = ["OnlineTable", "SeatBook", "check_seat", "join_table", "table_address"]

ANSWER_WAIT: Final = 60.0
"""Seconds a hint or a note waits for the server's answer."""
SEATS_FILE: Final = "seats.json"
"""The file in the data folder that keeps the tokens of the seats taken with ``join``."""


class SeatBook:
    """The seats this machine holds at servers: table → token, by server. Kept in the data
    folder (only its owner may read it: a token plays its seat)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_home() / SEATS_FILE

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}  # none yet, or unreadable: every seat is then taken anew
        return data if isinstance(data, dict) else {}

    def ticket(self, server: str, table: str) -> Ticket | None:
        """The seat remembered at `server`'s `table`, if any."""
        entry = self._read().get(f"{server}/{table}")
        if not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
            return None
        seat = entry.get("seat")
        return Ticket(table, seat if isinstance(seat, int) else None, entry["token"])

    def remember(self, server: str, ticket: Ticket) -> str | None:
        """Keep `ticket`; a warning when it cannot be written (the seat is still yours for
        this game, only not remembered)."""
        seats = self._read()
        seats[f"{server}/{ticket.table}"] = {"seat": ticket.seat, "token": ticket.token}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, json.dumps(seats, indent=1, sort_keys=True))
            os.chmod(self.path, 0o600)
        except OSError as exc:
            return f"the seat's token is not remembered ({self.path}: {exc.strerror})"
        return None

    def name(self) -> str | None:
        """The name last used at a table from this machine, if any."""
        name = self._read().get("name")
        return name.strip() if isinstance(name, str) and name.strip() else None

    def remember_name(self, name: str) -> None:
        """Keep `name` for the next join (not kept where the folder cannot be written)."""
        seats: dict[str, Any] = dict(self._read())
        seats["name"] = name
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, json.dumps(seats, indent=1, sort_keys=True))
            os.chmod(self.path, 0o600)

    def forget(self, server: str, table: str) -> None:
        """Drop the seat at `server`'s `table` (its game is over, or its token refused)."""
        seats = self._read()
        if seats.pop(f"{server}/{table}", None) is not None:
            with contextlib.suppress(OSError):
                write_atomically(self.path, json.dumps(seats, indent=1, sort_keys=True))


class OnlineTable(AppTable):
    """A seat at a server's table, as the table screen plays it (see the module docstring).

    :meth:`connect` joins with the ticket's token and waits for the game to start; the
    server's views then queue up, and the screen takes them one at a time
    (:meth:`next_moves`), so what it draws and logs follows the game move by move.
    """

    online: ClassVar[bool] = True

    def __init__(self, url: str, ticket: Ticket, game: str, *, retry_for: float = 60.0,
                 records: Path | None = None) -> None:
        self.url = url
        self.ticket = ticket
        self.client = RemoteSeat.seat(url, ticket, retry_for=retry_for)
        self.client.on_lost = self._lost
        self.records = records if records is not None else data_home() / "online"
        """Where the record of a finished game is written (``cardgames replay`` reads it)."""
        self.info = cardgames.get_game(game)
        self.notes = {}
        self.seat = 0
        self.message: dict[str, Any] = {}
        """The latest view message the screen has taken."""
        self.shown: Any = None
        self.offered: list[Any] = []
        self.seen = 0
        """How many moves of the history the screen has been given."""
        self.over: dict[str, Any] | None = None
        self.final: State[Any] | None = None
        self.record_path: Path | None = None
        self.news: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        """The server's views, game over and errors, in order, for the screen."""
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        """The requests waiting for the server's answer (a hint, a note), by their ref."""
        self.heard: list[str] = []
        self.reader: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ the connection
    async def connect(self) -> None:
        await self.client.open()
        welcome = self.client.welcome or {}
        self.seat = int(welcome.get("seat") or 0)
        self.hints = bool((welcome.get("table") or {}).get("hints", True))
        self.reader = asyncio.create_task(self._read())
        while not self.message:  # the game's first view (after the start, if it waits)
            self._take(await self.news.get())

    async def _read(self) -> None:
        try:
            async for message in self.client.messages():
                self._hear(message)
        except ServerError as exc:
            problem = exc
        else:
            problem = ServerError("closed", "the server closed the connection")
        self.news.put_nowait({"type": "error", "code": problem.code,
                              "message": problem.message, "fatal": True})
        if self.listener is not None:
            self.listener(problem)

    def _lost(self) -> None:
        """The connection dropped: say so at once (the table would look merely slow)."""
        self.heard.append("Connection to the server lost: trying to connect again…")
        if self.listener is not None:
            self.listener(None)

    def _hear(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome" and self.client.reconnects:
            self.heard.append("Connected again to the table.")
            if self.listener is not None:
                self.listener(None)
        elif (kind == "view" and message.get("status") != "waiting") or kind == "game_over":
            self.news.put_nowait(message)
        elif kind == "notes":
            notes = message.get("notes") or {}
            self.notes = {int(card): text for card, text in notes.items() if card.isdigit()}
            self._answer(message)
        elif kind == "chat":
            self.heard.append(f"{message.get('name')}: {message.get('text')}")
            if self.listener is not None:
                self.listener(None)
        elif kind == "hint":
            self._answer(message)
        elif kind == "error" and not self._answer(message):
            self.news.put_nowait(message)

    def _answer(self, message: dict[str, Any]) -> bool:
        """Hand `message` to the request its ref names, if one waits (True: it did)."""
        waiting = self.answers.get(str(message.get("ref")))
        if waiting is None or waiting.done():
            return False
        if message.get("type") == "error":
            waiting.set_exception(
                ServerError(str(message.get("code")), str(message.get("message"))))
        else:
            waiting.set_result(message)
        return True

    async def _ask(self, request: dict[str, Any], ref: str) -> dict[str, Any]:
        """Send `request` and wait for the server's answer to it (ServerError: refused)."""
        waiting = self.answers[ref] = asyncio.get_running_loop().create_future()
        await self.client.send({**request, "ref": ref})
        try:
            return await asyncio.wait_for(waiting, ANSWER_WAIT)
        except TimeoutError:
            raise ServerError("timeout", "the server did not answer in time") from None

    def _take(self, news: dict[str, Any]) -> list[Move[Any]]:
        """Make `news` the screen's: a view's new moves (to log), the end, or an error."""
        kind = news.get("type")
        if kind == "error":
            if news.get("fatal"):
                raise ServerError(str(news.get("code")), str(news.get("message")))
            self.heard.append(f"The server refused: {news.get('message')}")
            return []
        if kind == "game_over":
            self._end(news)
            return []
        data = news["view"]
        shown = view_from_json(self.info.name, data)
        self.offered = legal_from_json(self.info.name, news["legal"]) if news.get("legal") else []
        self.message, self.shown = news, shown
        history = list(shown.history)
        moves = history[self.seen:]
        self.seen = len(history)
        return moves

    def _end(self, over: dict[str, Any]) -> None:
        """The game is over: replay its record (every card shown now) and keep it."""
        self.over = over
        try:
            record = Record.from_dict(over["record"], source="the server's record")
            self.final = cardgames.replay(record)
        except (RecordError, KeyError) as exc:
            raise ServerError("bad_record", f"the server's record does not replay: {exc}") \
                from None
        path = self.records / f"{self.info.name}-{self.ticket.table}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, record.to_json())
        except OSError as exc:
            self.heard.append(f"The record is not saved ({path}: {exc.strerror}).")
        else:
            self.record_path = path

    # ------------------------------------------------------------------ the table's session
    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.message.get("players", ()))

    @property
    def humans(self) -> tuple[int, ...]:
        return (self.seat,)

    @property
    def to_move(self) -> int | None:
        seat = self.message.get("to_move")
        return seat if isinstance(seat, int) else None

    @property
    def is_over(self) -> bool:
        return self.message.get("status") == "over"

    def view(self, seat: int) -> Any:
        return self.shown

    def legal(self, seat: int) -> list[Any]:
        return list(self.offered) if seat == self.seat else []

    def goes_on(self) -> bool:
        return self.over is None and not self.offered

    async def act(self, action: Any) -> list[Move[Any]]:
        number = self.message["move"]
        notation = str(action)
        choice: int | str = next(
            (item["id"] for item in self.message["legal"] if item["notation"] == notation),
            notation)
        reconnects = self.client.reconnects
        await self.client.act(choice, number, ref="act")
        moves: list[Move[Any]] = []
        while True:
            news = await self.news.get()
            moves += self._take(news)
            if news.get("type") != "view" or news["move"] > number \
                    or self.client.reconnects != reconnects:
                # Answered: the move made, refused, or lost with a dropped connection (the
                # view after the reconnect asks again).
                return moves

    async def next_moves(self, delay: float) -> list[Move[Any]]:
        return self._take(await self.news.get())

    async def hint(self, seat: int, adapter: GameAdapter[Any, Any]) -> Hint[Any]:
        try:
            advice = await self._ask({"type": "hint"}, "hint")
        except ServerError as exc:
            raise CardgamesError(f"no hint: {exc.message}") from None
        notation = advice["action"]["notation"]
        for action in self.offered:
            if str(action) == notation:
                return Hint(action, str(advice.get("reason", "")))
        raise CardgamesError("the game moved on: ask again")

    async def set_note(self, card: int, text: str) -> None:
        """Keep the note on the server (its answer, all the seat's notes, is then shown);
        CardgamesError where it refuses."""
        try:
            await self._ask({"type": "note", "card": str(card), "text": text}, "note")
        except ServerError as exc:
            raise CardgamesError(f"the note is not kept: {exc.message}") from None

    def messages(self) -> list[str]:
        heard, self.heard = self.heard, []
        return heard

    def final_state(self) -> State[Any]:
        if self.final is None:
            raise CardgamesError("the game is not over yet")
        return self.final

    def record_where(self) -> str:
        return str(self.record_path) if self.record_path is not None else "not saved"

    def leave_message(self, reason: str) -> str:
        return (f"{reason}: your seat at table {escape(self.ticket.table)} stays yours; "
                f"cardgames join {escape(self.url)} --table {escape(self.ticket.table)} "
                "takes it back")

    def end_message(self) -> str:
        if self.over is None:
            return self.leave_message("quit")
        where = f"; record in {escape(str(self.record_path))}" if self.record_path else ""
        return f"game over: {escape(str(self.over.get('result', '')))}{where}" + "".join(
            f"\n{line}" for line in self.why_lines())

    def why_lines(self) -> list[str]:
        """Why each bundled bot made each of its moves, once the game is over (the server
        sends the reasons then), one line a move: its number, who, the move and the reason
        (rich markup)."""
        reasons = self.client.reasons
        if self.final is None or not reasons:
            return []
        moves = self.final.moves()
        lines = ["Why the bots moved as they did:"]
        for number, reason in sorted(reasons.items()):
            if number < len(moves):
                move = moves[number]
                who = self.final.players[move.seat]
                lines.append(escape(f"  move {number + 1}, {who} ({move.action}): {reason}"))
        return lines

    def close(self) -> None:
        reader = self.reader
        with contextlib.suppress(RuntimeError):  # the app's loop may be closed already
            if reader is not None and not reader.done():
                reader.cancel()


def table_address(url: str) -> tuple[str, str | None]:
    """The server's base URL and the table a link names, if it names one: a table's link
    ends in ``/table/ID`` (or ``/tables/ID``), or says ``?table=ID`` or ``#table=ID``; a
    server's address names none. ServerError (``bad_url``) for no server address."""
    base, _ = server_urls(url)
    parts = urllib.parse.urlsplit(url if "://" in url else "http://" + url.strip())
    for part in (parts.query, parts.fragment.lstrip("/")):
        found = urllib.parse.parse_qs(part).get("table")
        if found and found[0]:
            return base, found[0]
    words = [word for word in (parts.path + "/" + parts.fragment).split("/") if word]
    for before, after in itertools.pairwise(words):
        if before in ("table", "tables"):
            return base, urllib.parse.unquote(after)
    return base, None


def seat_name(given: str | None, book: SeatBook, ask: Callable[[str], str] | None,
              fallback: str) -> str:
    """The name to sit as: `given` (``--name``), else the one remembered from the last join,
    else what the player answers to `ask` (None: no terminal to ask at), else `fallback`
    (the login name). The name chosen is remembered for the next join."""
    name = (given or "").strip() or book.name()
    if not name and ask is not None:
        name = ask(fallback).strip()
    name = name or fallback
    book.remember_name(name)
    return name


def join_table(
    url: str, *, table: str | None, seat: int | None, name: str, password: str | None,
    token: str | None, book: SeatBook,
) -> tuple[str, Ticket, dict[str, Any], list[str]]:
    """Find the seat ``cardgames join`` plays (blocking, before the app starts): the server's
    base URL, the seat's ticket, the table's info and what to tell the player. The seat is
    `token`'s, else the one remembered for this table, else a seat taken now as `name` (the
    game started when that was the last open seat). ServerError or OptionsError names what
    is wrong."""
    base, linked = table_address(url)
    table = table if table is not None else linked
    if not table:
        raise OptionsError(f"{url!r} names no table: give a table's link or --table ID")
    lobby = Lobby(base)
    info = lobby.table(table)
    said: list[str] = []
    ticket = None if token is None else Ticket(table, seat, token)
    if ticket is None:
        ticket = book.ticket(base, table)
        if ticket is not None and seat is not None and ticket.seat != seat:
            ticket = None  # another seat asked for
        if ticket is not None and not check_seat(base, ticket):
            book.forget(base, table)
            ticket = None
            said.append("the seat remembered for this table was refused: taking a new one")
    if ticket is None:
        if info.get("status") != "waiting":
            raise ServerError("conflict", f"table {table} has started: join with your seat's "
                              "--token (a game in progress takes no new players)")
        ticket = lobby.take_seat(table, name, seat=seat, password=password)
        warning = book.remember(base, ticket)
        if warning:
            said.append(warning)
        info = lobby.table(table)
        if info.get("status") == "waiting" and all(
                entry.get("kind") != "open" for entry in info.get("seats", [])):
            info = lobby.start(ticket)
    elif token is not None:
        if not check_seat(base, ticket):
            raise ServerError("forbidden", f"the token is no seat's at table {table}")
        warning = book.remember(base, ticket)
        if warning:
            said.append(warning)
    return base, ticket, info, said


def check_seat(url: str, ticket: Ticket) -> bool:
    """Whether the server lets `ticket` sit (its token is the seat's); ServerError where the
    server cannot be reached."""

    async def knock() -> bool:
        session = RemoteSeat.seat(url, ticket, retry_for=5.0)
        try:
            await session.open()
        except ServerError as exc:
            if exc.code == "unreachable":
                raise
            return False
        await session.close()
        return True

    return asyncio.run(knock())


RENAMED: Final = {"OnlineSession": "OnlineTable"}
"""Old names kept for one release (a DeprecationWarning names the new one)."""


def __getattr__(name: str) -> Any:
    return old_name(__name__, name, RENAMED, globals())
