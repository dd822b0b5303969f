"""``cardgames serve``: the same app in a web browser, through textual-serve.

Each browser tab runs its own ``python -m cardgames.app`` (the new-game screen first). The
server listens on the loopback address unless told otherwise: whoever can reach it plays on
this machine and saves games here.
"""

from __future__ import annotations

import ipaddress
import re
import shlex
import sys
import tempfile
from pathlib import Path

__all__ = ["app_command", "is_loopback", "local_font_page", "serve"]

PAGE = "app_index.html"
"""textual-serve's page template, the one page it serves."""

FONT_FILE = "fonts/RobotoMono-VariableFont_wght.ttf"
"""The page's font, which textual-serve ships among its static files."""

_WEB_FONT_LINK = re.compile(r"<link\b[^>]*\bhref=\"https?://[^\"]*fonts?[^\"]*\"[^>]*>\s*", re.I)


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


def local_font_page(template: str) -> str:
    """textual-serve's page template loading its font from the server itself: the template
    links a web font (fonts.googleapis.com), which a browser without the internet waits for
    and which tells a third party who plays. The same font is among textual-serve's static
    files; an ``@font-face`` rule names it there."""
    page = _WEB_FONT_LINK.sub("", template)
    face = (
        '<style>@font-face { font-family: "Roboto Mono"; '
        f'src: url("{{{{ config.static.url }}}}{FONT_FILE}"); }}</style>\n'
    )
    return page.replace("</head>", face + "</head>", 1)


def serve(host: str = "127.0.0.1", port: int = 8000, game: str | None = None) -> None:
    """Serve the app at ``http://HOST:PORT`` until Ctrl-C."""
    import textual_serve  # noqa: PLC0415  # the app extra, checked by `cardgames serve`
    from textual_serve.server import Server  # noqa: PLC0415  # the app extra, as above

    templates = Path(textual_serve.__file__).parent / "templates"
    with tempfile.TemporaryDirectory(prefix="cardgames-serve-") as folder:
        page = local_font_page((templates / PAGE).read_text(encoding="utf-8"))
        (Path(folder) / PAGE).write_text(page, encoding="utf-8")
        Server(
            app_command(game), host=host, port=port, title="cardgames", templates_path=folder
        ).serve()
