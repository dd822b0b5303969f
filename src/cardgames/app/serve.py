"""``cardgames serve``: the same app in a web browser, through textual-serve.

Each browser tab runs its own ``python -m cardgames.app`` (the new-game screen first). The
server listens on the loopback address unless told otherwise: whoever can reach it plays on
this machine and saves games here.
"""

from __future__ import annotations

import ipaddress
import shlex
import sys

__all__ = ["app_command", "is_loopback", "serve"]


def app_command(game: str | None = None) -> str:
    """The shell command a browser tab runs: this Python, the app module, the game."""
    words = [sys.executable, "-m", "cardgames.app"]
    if game is not None:
        words += ["--game", game]
    return shlex.join(words)


def is_loopback(host: str) -> bool:
    """Whether `host` is only reachable from this machine (``127.0.0.1``, ``::1``,
    ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(host: str = "127.0.0.1", port: int = 8000, game: str | None = None) -> None:
    """Serve the app at ``http://HOST:PORT`` until Ctrl-C."""
    from textual_serve.server import Server  # noqa: PLC0415  # the app extra, checked by `cardgames serve`

    Server(app_command(game), host=host, port=port, title="cardgames").serve()
