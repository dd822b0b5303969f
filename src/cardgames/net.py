"""The game server's client: a seat (or a spectator) at a ``cardgames server`` table, from
Python, for outside bots (``cardgames bot``), the app, tests and benchmarks.

Two parts, as the protocol has two (see the server's protocol page):

* :class:`Lobby` speaks the small HTTP API: create a table, list the open ones, take a seat
  (a :class:`Ticket` holds the seat's secret token), leave, start. It is **blocking** (the
  standard library's ``urllib``): a lobby call is one request and one answer, made before a
  game, and blocking calls are the simplest to use from a script or a command.
* :class:`RemoteSeat` is one WebSocket at a table, **asyncio**: a seat spends nearly all its
  time waiting for the server, so one event loop can hold many seats (the benchmark runs
  thousands) and an asyncio user interface (the Textual app) can hold one without a thread.
  It receives every message as a dict, sends actions, chat, notes, hint requests, and
  **reconnects by itself** when the connection drops (a server restarted, a network hiccup):
  it joins again with the seat's token, and the server answers with the seat's view, so
  nothing is lost: an action sent as the connection fell is either committed (the new view
  shows it) or not (the view asks again). :meth:`RemoteSeat.play` plays a seat with any
  :class:`~cardgames.core.agents.Agent`, which sees the very view and legal actions it would
  see locally (:func:`cardgames.wire.decode.view_from_json`), thinking in a worker thread so
  the connection keeps answering.

Blocking callers use :func:`play_seat` (``asyncio.run`` around :meth:`RemoteSeat.play`).

This module needs the ``server`` extra (``pip install 'cardgames[server]'``: websockets and
cattrs).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any, Final, Self

import attrs
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardgames import get_game
from cardgames.core.agents import Agent
from cardgames.core.errors import CardgamesError, OptionsError, clip
from cardgames.core.game import draw_seed
from cardgames.core.registry import load_target
from cardgames.core.renamed import old_name
from cardgames.session import seat_bots
from cardgames.wire.decode import legal_from_json, view_from_json
from cardgames.wire.messages import PROTOCOL_VERSION
from cardgames.wire.patch import ViewMirror

__all__ = [
    "MAX_MESSAGE",
    "Lobby",
    "RemoteSeat",
    "ServerError",
    "Ticket",
    "load_agent",
    "play_seat",
    "server_urls",
]

MAX_MESSAGE: Final = 16 * 1024 * 1024
"""The largest message a remote seat accepts from the server (a long game's view with its whole
history is tens of kilobytes)."""
RETRY_FIRST: Final = 0.1
"""Seconds before the first reconnection attempt; each later one waits twice as long..."""
RETRY_MOST: Final = 2.0
"""...up to this."""


class ServerError(CardgamesError):
    """The server refused a request: its error `code` and `message` (or it could not be
    reached at all: code ``unreachable``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} ({code})")
        self.code = code
        self.message = message


def server_urls(url: str) -> tuple[str, str]:
    """The lobby's base URL and the table WebSocket's URL of a server given as
    ``http://host:port`` (``https``, ``ws``, ``wss`` too; a bare ``host:port`` is http).
    ServerError (``bad_url``) for anything else."""
    text = url.strip() if isinstance(url, str) else ""
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    secure = {"http": False, "ws": False, "https": True, "wss": True}.get(parts.scheme)
    if secure is None or not _usable_host(parts):
        raise ServerError("bad_url", f"{url[:200]!r} is no server address; write "
                          "http://HOST:PORT (a host name of labels up to 63 characters)")
    base = f"{'https' if secure else 'http'}://{parts.netloc}"
    return base, f"{'wss' if secure else 'ws'}://{parts.netloc}/ws"


def _usable_host(parts: urllib.parse.SplitResult) -> bool:
    """Whether `parts` name a host and port a socket can take: a port in range, and a host
    name the resolver accepts (a label over 63 characters is refused here, not as a
    UnicodeError deep in the socket layer)."""
    try:
        return parts.port != 0 and bool(parts.hostname) and bool(
            (parts.hostname or "").encode("idna"))
    except (ValueError, UnicodeError):
        return False


@attrs.frozen
class Ticket:
    """A taken seat: the table, the seat index and its token (the seat's secret: whoever
    holds it plays the seat, and reconnects with it)."""

    table: str
    seat: int | None
    """The seat index (from 0); None where only the token is known (the server knows)."""
    token: str = attrs.field(repr=False)


class Lobby:
    """The server's lobby over HTTP (blocking; see the module docstring)."""

    def __init__(self, url: str, *, timeout: float = 10.0) -> None:
        self.base, self.ws_url = server_urls(url)
        self.timeout = timeout

    def _call(self, method: str, path: str, body: Mapping[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as refused:
            raise _refusal(refused) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ServerError("unreachable", f"no server at {self.base}: {reason}") from None

    def create_table(
        self,
        game: str,
        seats: Sequence[str | None],
        *,
        options: Mapping[str, str] | None = None,
        seed: int | None = None,
        password: str | None = None,
        hints: bool = False,
        name: str | None = None,
        autostart: bool = False,
    ) -> dict[str, Any]:
        """Create a table of `game`: one entry of `seats` per seat, a bot's name (any level:
        ``"hard"``) or None for a seat left open; `options` as on the command line
        (``{"variant": "rainbow"}``); `autostart`: start when the last open seat is taken.
        Returns the table's info (its id under ``"table"``)."""
        body: dict[str, Any] = {
            "game": game, "seats": [{"bot": bot} for bot in seats],
            "options": dict(options or {}), "seed": seed, "password": password,
            "hints": hints, "autostart": autostart}
        if name is not None:
            body["name"] = name
        info: dict[str, Any] = self._call("POST", "/api/tables", body)
        return info

    def tables(self) -> list[dict[str, Any]]:
        """The open public tables' info."""
        tables: list[dict[str, Any]] = self._call("GET", "/api/tables")["tables"]
        return tables

    def table(self, table: str) -> dict[str, Any]:
        """One table's info (its game, options, seats, status)."""
        info: dict[str, Any] = self._call("GET", f"/api/tables/{_segment(table)}")
        return info

    def take_seat(self, table: str, name: str, *, seat: int | None = None,
                  password: str | None = None) -> Ticket:
        """Sit at `table` as `name`, in `seat` (None: the first open one)."""
        taken = self._call("POST", f"/api/tables/{_segment(table)}/seats",
                           {"seat": seat, "name": name, "password": password})
        return Ticket(taken["table"], taken["seat"], taken["token"])

    def leave(self, ticket: Ticket) -> dict[str, Any]:
        """Give the seat up (before the game starts)."""
        info: dict[str, Any] = self._call(
            "POST", f"/api/tables/{_segment(ticket.table)}/leave", {"token": ticket.token})
        return info

    def start(self, ticket: Ticket) -> dict[str, Any]:
        """Start the game (every seat taken), as the holder of `ticket`."""
        info: dict[str, Any] = self._call(
            "POST", f"/api/tables/{_segment(ticket.table)}/start", {"token": ticket.token})
        return info


def _segment(text: str) -> str:
    return urllib.parse.quote(str(text), safe="")


def _refusal(refused: urllib.error.HTTPError) -> ServerError:
    """The server's Error body of a refused lobby request, as a ServerError."""
    try:
        body = json.loads(refused.read())
        return ServerError(str(body["code"]), str(body["message"]))
    except (ValueError, KeyError, TypeError):
        return ServerError(f"http_{refused.code}", f"the server answered {refused.code}")


class RemoteSeat:
    """One WebSocket at a table: a seat (:meth:`seat`) or a spectator (:meth:`spectator`).

    Use it as an async context manager; iterate :meth:`messages` for everything the server
    sends (dicts, as the protocol's JSON), or let :meth:`play` play the seat. A dropped
    connection is opened again and the seat joined again, for up to `retry_for` seconds of
    trying (then :class:`ServerError` ``unreachable``); a refused join (a bad token, a wrong
    password) raises ServerError at once.
    """

    def __init__(self, url: str, hello: Mapping[str, Any], *, retry_for: float = 60.0,
                 origin: str | None = None) -> None:
        self.ws_url = server_urls(url)[1]
        self.hello = dict(hello)
        self.retry_for = retry_for
        self.origin = origin
        self.connection: ClientConnection | None = None
        self.welcome: dict[str, Any] | None = None
        self.reconnects = 0
        """How many times the seat has connected again after a drop."""
        self.on_lost: Callable[[], None] | None = None
        """Called when the connection drops, before connecting again (a table says so)."""
        self.mirror = ViewMirror()
        """This seat's view as last sent, kept from the server's views and patches (the
        protocol's version 2 sends what changed after the first view)."""
        self.reasons: dict[int, str] = {}
        """The bundled bots' reasons for their moves, by move number, as the server sends
        them: once the game is over (see :meth:`why`)."""
        self._closed = False

    @classmethod
    def seat(cls, url: str, ticket: Ticket, **settings: Any) -> Self:
        """A remote seat playing `ticket`'s seat."""
        return cls(url, {"type": "join", "table": ticket.table, "token": ticket.token},
                   **settings)

    @classmethod
    def spectator(cls, url: str, table: str, password: str | None = None,
                  **settings: Any) -> Self:
        """A remote seat watching `table` as a spectator (no hidden card until the game is over)."""
        return cls(url, {"type": "spectate", "table": table, "password": password},
                   **settings)

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        """Connect and join (or spectate); ServerError if the server refuses or cannot be
        reached within `retry_for` seconds."""
        deadline = time.monotonic() + self.retry_for
        wait = RETRY_FIRST
        while True:
            try:
                await self._connect()
                return
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as exc:
                if time.monotonic() + wait > deadline:
                    raise ServerError(
                        "unreachable", f"no server answers at {self.ws_url}: {exc}") from None
            await asyncio.sleep(wait * (0.5 + random.random()))  # spread a crowd's retries
            wait = min(wait * 2, RETRY_MOST)

    async def _connect(self) -> None:
        headers = {"Origin": self.origin} if self.origin else None
        try:
            connection = await connect(self.ws_url, max_size=MAX_MESSAGE,
                                       additional_headers=headers, open_timeout=10)
        except InvalidURI as exc:
            raise ServerError("bad_url", str(exc)) from None
        try:
            await connection.send(json.dumps({**self.hello, "version": PROTOCOL_VERSION}))
            first = json.loads(await connection.recv())
        except BaseException:
            await connection.close()
            raise
        if first.get("type") == "error":
            await connection.close()
            raise ServerError(str(first.get("code")), str(first.get("message")))
        self.connection = connection
        self.welcome = first

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Every message from the server, as dicts, the welcome first; reconnecting by
        itself after a drop (the server then sends a new welcome and the current view).
        A ``view_patch`` comes out as the whole ``view`` message it makes of the view held
        (:attr:`mirror`), its ``log`` the new entries as a view's is; one that does not fit
        that view is not passed on, and a whole view is asked for (``ask_view``).
        Ends when :meth:`close` is called or the server closes the connection normally."""
        if self.welcome is not None:
            yield self.welcome
        while not self._closed:
            connection = self.connection
            if connection is None:
                return
            try:
                text = await connection.recv()
            except ConnectionClosed as closed:
                if self._closed or (closed.rcvd is not None and closed.rcvd.code == 1000):
                    return
                if self.on_lost is not None:
                    self.on_lost()
                await self._reconnect()
                if self.welcome is not None:
                    yield self.welcome
                continue
            message: dict[str, Any] = json.loads(text)
            if message.get("type") in ("view", "view_patch"):
                view = self.mirror.read(message)
                if view is None:  # a patch for another view than the one held
                    await self.send({"type": "ask_view"})
                    continue
                message = view
            self._keep_reasons(message)
            yield message

    def _keep_reasons(self, message: Mapping[str, Any]) -> None:
        """Keep the bots' reasons a view's log or the game's end brings."""
        kind = message.get("type")
        if kind == "view" and isinstance(message.get("log_start"), int):
            for number, entry in enumerate(message.get("log") or (), message["log_start"]):
                if isinstance(entry, Mapping) and isinstance(entry.get("reason"), str):
                    self.reasons[number] = entry["reason"]
        elif kind == "game_over":
            for item in message.get("reasons") or ():
                if isinstance(item, Mapping) and isinstance(item.get("move"), int) \
                        and isinstance(item.get("reason"), str):
                    self.reasons[item["move"]] = item["reason"]

    def why(self, move: int) -> str | None:
        """Why the bundled bot made move number `move` (from 0), in its own words; None for
        a person's move, or before the game is over (a reason may name cards this seat
        could not see while the game went on, so the server sends them at the end)."""
        return self.reasons.get(move)

    async def _reconnect(self) -> None:
        self.connection = None
        await self.open()
        self.reconnects += 1

    async def send(self, message: Mapping[str, Any]) -> None:
        """Send one message (its ``version`` added). A dropped connection is not an error:
        :meth:`messages` reconnects, and the server's next view says what happened."""
        connection = self.connection
        if connection is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await connection.send(json.dumps({**message, "version": PROTOCOL_VERSION}))

    async def act(self, action: int | str, move: int | None = None, ref: str | None = None,
                  ) -> None:
        """Make a move: an action id of the view's ``legal`` list or a notation; `move` the
        view's move number (the server refuses the act as ``stale`` if the game has moved)."""
        await self.send({"type": "act", "action": action, "move": move, "ref": ref})

    async def chat(self, text: str) -> None:
        """Say something at the table."""
        await self.send({"type": "chat", "text": text})

    async def note(self, card: str, text: str) -> None:
        """Keep a note on a card (the server keeps it for this seat)."""
        await self.send({"type": "note", "card": card, "text": text})

    async def hint(self) -> None:
        """Ask the bundled bot for a hint (where the table allows hints)."""
        await self.send({"type": "hint"})

    async def close(self) -> None:
        """Leave the table's connection (the seat stays yours: join again with its token)."""
        self._closed = True
        if self.connection is not None:
            await self.connection.close()

    async def play(self, agent: Agent, game: str | None = None) -> dict[str, Any]:
        """Play the seat with `agent` until the game is over; returns the ``game_over``
        message. The agent gets the view and legal actions it would get locally (for the
        table's `game`, read from the welcome when not given) and thinks in a worker thread."""
        sent: tuple[int | str, int] | None = None  # the act the server has not yet answered
        async for message in self.messages():
            kind = message.get("type")
            if kind == "welcome" and game is None:
                game = message["table"]["game"]
            elif kind == "game_over":
                return message
            elif kind == "error" and message.get("code") == "rate_limited" and sent:
                # A quick agent can outrun the server's message rate: the act was refused
                # and nothing changed, so it waits for the bucket and sends it again (its
                # move number keeps it from being applied twice).
                await asyncio.sleep(RATE_LIMITED_PAUSE)
                await self.act(*sent)
            elif kind == "view":
                sent = None
                if message.get("legal") and game is not None:
                    choice = await asyncio.to_thread(_choose, agent, game, message)
                    sent = (choice, message["move"])
                    await self.act(*sent)
        raise ServerError("closed", "the connection ended before the game did")


RATE_LIMITED_PAUSE = 0.25
"""Seconds :meth:`RemoteSeat.play` waits before sending an act the server refused for its rate."""


def _choose(agent: Agent, game: str, message: Mapping[str, Any]) -> int | str:
    """What `agent` plays from a view message: the id the server listed for its action (its
    notation where the lists disagree, which the server then checks)."""
    data = message["view"]
    view = view_from_json(game, data)
    legal = legal_from_json(game, message["legal"])
    action = agent.act(view, legal)
    notation = str(action)
    for choice in message["legal"]:
        if choice["notation"] == notation:
            chosen: int = choice["id"]
            return chosen
    return notation


def play_seat(url: str, ticket: Ticket, agent: Agent, *, game: str | None = None,
              retry_for: float = 60.0) -> dict[str, Any]:
    """Play `ticket`'s seat with `agent` to the end of the game, blocking; returns the
    ``game_over`` message (see :meth:`RemoteSeat.play`)."""

    async def run() -> dict[str, Any]:
        async with RemoteSeat.seat(url, ticket, retry_for=retry_for) as remote:
            return await remote.play(agent, game)

    return asyncio.run(run())


def load_agent(spec: str, game: str, seed: int | None = None) -> Agent:
    """The agent `spec` names for `game`: one of the game's bots or levels (``"hard"``), or
    ``module:attr`` naming an :class:`~cardgames.core.agents.Agent` or a function (a class)
    that makes one from a seed, as the games' bot tables do. OptionsError otherwise."""
    chosen = draw_seed() if seed is None else seed
    if ":" not in spec:
        info = get_game(game)
        (name,) = seat_bots(info, [spec], 1)  # OptionsError names the bots of the game
        agent: Agent = info.bots[name](chosen)
        return agent
    try:
        found = load_target(spec, "")
    except (ImportError, AttributeError, ValueError) as exc:
        raise OptionsError(f"cannot load the bot {clip(repr(spec))}: {exc}") from None
    made = found if isinstance(found, Agent) and not isinstance(found, type) else None
    if made is None and callable(found):
        made = found(chosen)
    if not isinstance(made, Agent):
        raise OptionsError(f"{clip(repr(spec))} is no Agent (an object with act(view, legal)) "
                           "nor a function making one from a seed")
    return made


RENAMED: Final = {"Session": "RemoteSeat"}
"""Old names kept for one release (a DeprecationWarning names the new one)."""


def __getattr__(name: str) -> Any:
    return old_name(__name__, name, RENAMED, globals())
