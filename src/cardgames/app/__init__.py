"""The full-screen app (Textual): a game at the table, played with the keyboard or the mouse.

``cardgames play GAME`` starts it when stdin and stdout are terminals and the ``app`` extra
is installed (``pip install 'cardgames-engines[app]'``); ``--plain`` keeps the line mode.
``cardgames join URL`` plays the same table at a seat of a ``cardgames server`` table. The
table is drawn from the seat's view only; the game modules never import this package.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from cardgames.app.session import AppTable, LocalTable
from cardgames.core.game import State
from cardgames.core.registry import GameInfo
from cardgames.session import SavedGame
from cardgames.terminal import run_session

if TYPE_CHECKING:  # Textual is the app extra: only the type is named here
    from cardgames.app.app import CardgamesApp

__all__ = ["join_in_app", "play_in_app"]


def play_in_app(
    info: GameInfo[Any, Any],
    session: SavedGame[State[Any]],
    *,
    save_path: Path | None,
    console: Console | None = None,
) -> int:
    """Play `session` full screen until it ends or the player leaves; return the exit code.

    Like the line mode, the game is saved after every move; the terminal then says where it
    is saved (or the result).
    """
    if info.app_adapter is None:
        # A game that names no app adapter is played in the line mode, as with --plain.
        ui = info.load_cli().UI
        return run_session(info, ui, session, save_path=save_path, console=console)
    # Textual is the app extra, installed or not: this package loads without it (the
    # command line imports it to find this function), the table only when it is played.
    from cardgames.app.app import CardgamesApp  # noqa: PLC0415  # Textual: the app extra

    game = LocalTable(info, session, save_path)
    _run(CardgamesApp(game), console)
    # As in the line mode: leaving a game that could not be saved is a failure.
    return 0 if game.is_saved else 2


def join_in_app(session: AppTable, *, console: Console | None = None) -> int:
    """Play a server's seat (:class:`cardgames.app.online.OnlineTable`) full screen until
    the game ends or the player leaves; return the exit code (2: the seat was refused)."""
    from cardgames.app.app import CardgamesApp  # noqa: PLC0415  # Textual: the app extra

    app = CardgamesApp(session)
    _run(app, console)
    return app.return_code or 0


def _run(app: CardgamesApp, console: Console | None) -> None:
    """Run `app` full screen, close its sessions however it ends, then print its parting
    message (where a save went, why a seat was refused)."""
    try:
        message = app.run()
    finally:
        app.close_sessions()
    out = console if console is not None else Console(highlight=False)
    if message:
        out.print(message, soft_wrap=True)
