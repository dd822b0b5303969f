"""The server tests' kit: a real server on a loopback port (in a thread, or a process to
kill), real clients.

:func:`running_server` starts uvicorn in a thread on a free port with a temporary SQLite
database; :func:`server_process` runs ``cardgames server`` as a process (for ``kill -9``);
:class:`Client` is a WebSocket client of the protocol (the ``websockets`` library's).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from cardgames.server.app import WS_MAX_FRAME, Settings, create_app

TIMEOUT = 20.0
"""Seconds a test waits for any one message."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Running:
    """A running server's addresses, and the lobby calls."""

    def __init__(self, port: int, db: str) -> None:
        self.port = port
        self.db = db
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws"

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> httpx.Response:
        content = None if body is None else (
            body if isinstance(body, str | bytes) else json.dumps(body))
        return httpx.request(method, self.http + path, content=content, headers=headers,
                             timeout=TIMEOUT)

    def ok(self, method: str, path: str, body: Any = None,
           headers: dict[str, str] | None = None) -> Any:
        response = self.request(method, path, body, headers)
        assert response.status_code in (200, 201), response.text
        return response.json()

    def create(self, game: str, seats: list[str | None], **fields: Any) -> str:
        body = {"game": game, "seats": [{"bot": bot} for bot in seats], **fields}
        table: str = self.ok("POST", "/api/tables", body)["table"]
        return table

    def sit(self, table: str, name: str, **fields: Any) -> tuple[int, str]:
        taken = self.ok("POST", f"/api/tables/{table}/seats", {"name": name, **fields})
        return taken["seat"], taken["token"]

    def info(self, table: str) -> Any:
        return self.ok("GET", f"/api/tables/{table}")

    def client(self, **headers: str) -> Client:
        return Client(self.ws, headers)


class Client:
    """A protocol client: send dicts, receive dicts, play a seat by a script."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.exits = contextlib.ExitStack()
        self.connection: ClientConnection = self.exits.enter_context(connect(
            url, additional_headers=headers or None, open_timeout=TIMEOUT,
            max_size=WS_MAX_FRAME))
        self.received: list[dict[str, Any]] = []
        self.acted: set[int] = set()
        """The move numbers this client has acted at."""

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        if isinstance(message, dict):
            message = json.dumps(message)
        self.connection.send(message)

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.connection.recv(timeout))
        self.received.append(message)
        return message

    def until(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Messages up to the first of type `kind` (returned)."""
        while True:
            message = self.recv(timeout)
            if message["type"] == kind:
                return message

    def error(self, message: dict[str, Any] | str | bytes) -> dict[str, Any]:
        """Send `message` and return the one error it causes."""
        self.send(message)
        return self.until("error")

    def join(self, table: str, token: str) -> dict[str, Any]:
        self.send({"type": "join", "table": table, "token": token})
        welcome = self.until("welcome")
        assert welcome["seat"] is not None
        view = self.until("view")
        self.until("notes")  # a seat's notes follow its view
        return view

    def spectate(self, table: str, password: str | None = None) -> dict[str, Any]:
        self.send({"type": "spectate", "table": table, "password": password})
        assert self.until("welcome")["seat"] is None
        return self.until("view")

    def play(self, choose: Callable[[dict[str, Any]], Any], *, stop_after: int | None = None,
             ) -> dict[str, Any] | None:
        """Play the seat until the game is over (returns game_over) or until `stop_after`
        moves have been made at the table (returns None). `choose` picks from a view; the
        latest view already received (on joining) counts."""
        views = [m for m in self.received if m["type"] == "view"]
        message = views[-1] if views else self.recv()
        while True:
            if message["type"] == "game_over":
                return message
            if message["type"] == "view":
                if stop_after is not None and message["move"] >= stop_after:
                    return None
                if message["legal"] and message["move"] not in self.acted:
                    self.acted.add(message["move"])
                    self.send({"type": "act", "action": choose(message),
                               "move": message["move"]})
            message = self.recv()

    def log(self) -> list[dict[str, Any]]:
        """The table's log as the views received so far tell it (each view's log from its
        `log_start` on)."""
        entries: list[dict[str, Any]] = []
        for message in self.received:
            if message["type"] == "view":
                entries[message["log_start"]:] = message["log"]
        return entries

    def close(self) -> None:
        self.exits.close()


def random_chooser(seed: int) -> Callable[[dict[str, Any]], Any]:
    """Picks a legal action id at random (seeded), as a person clicking would."""
    rng = random.Random(seed)
    return lambda view: rng.choice(view["legal"])["id"]


@contextlib.contextmanager
def running_server(db: str, **settings: Any) -> Iterator[Running]:
    """uvicorn in a thread on a free loopback port, until the block ends."""
    port = free_port()
    config = uvicorn.Config(
        create_app(Settings(db=db, **settings)), host="127.0.0.1", port=port,
        ws_max_size=WS_MAX_FRAME, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + TIMEOUT
    while not server.started:
        assert thread.is_alive(), "the server stopped while starting"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Running(port, db)
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)


@contextlib.contextmanager
def server_process(db: str, port: int, home: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``cardgames server`` as a process on `port` (killed at the end if still running)."""
    env = {**os.environ, "CARDGAMES_HOME": str(home),
           "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "server", "--port", str(port), "--db", db],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + TIMEOUT
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200:
                break
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"the server did not start: {process.stderr!r}")
        time.sleep(0.1)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait(TIMEOUT)
        assert process.stderr is not None
        process.stderr.close()
