"""The Textual application: a game at the table, or the new-game form first."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from cardgames.app.screens import SPEEDS, HelpScreen, NewGameScreen, TableScreen, key_help
from cardgames.app.session import AppTable
from cardgames.core.errors import CardgamesError

__all__ = ["ONLINE_HELP", "CardgamesApp"]

ONLINE_HELP = (
    "The game is kept by the server: every move is final there, so undo is not offered. "
    "The hint is the server's (at tables created with hints); your notes are kept on the "
    "server for your seat. Quit leaves the table, not the seat: `cardgames join` with the "
    "same table takes it back (your seat's token is remembered). A dropped connection is "
    "opened again by itself."
)
"""The help screen's page about playing at a server (``cardgames join``)."""


class CardgamesApp(App[str]):
    """``cardgames play GAME`` full screen. Its return value is the line the terminal shows
    after it closes (where the game is saved, or the result)."""

    CSS_PATH = "app.tcss"
    TITLE = "cardgames"
    # Narrow screens put the move log under the table, wide ones beside it.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]  # noqa: RUF012 (Textual's type)
    BINDINGS: ClassVar[list[BindingType]] = [
        # Ctrl-C saves and leaves, as in the line mode (the game is saved after every move
        # anyway; this says where).
        Binding("ctrl+c", "interrupt", "Save & quit", show=False, priority=True,
                tooltip="save the game and leave (continue with --resume FILE)"),
        Binding("f1", "help", "Help", tooltip="this screen: the keys, the rules in short, "
                "the game's reference (? too, at the table)"),
        Binding("ctrl+p", "command_palette", "Palette", show=False,
                tooltip="the command palette: help, theme, screenshot, quit"),
    ]

    def __init__(
        self,
        session: AppTable | None = None,
        *,
        game: str | None = None,
        speed: str = "normal",
    ) -> None:
        super().__init__()
        self.session = session
        self.game = game
        self.sessions: list[AppTable] = [] if session is None else [session]
        """Every game played in this run (their save files are locked until it closes)."""
        names = [name for name, _ in SPEEDS]
        self.speed = names.index(speed)
        """The bots' speed, an index into SPEEDS."""
        self.speed_step = 1
        """Where the speed key goes next: 1 slower, -1 faster."""

    def on_mount(self) -> None:
        session = self.session
        if session is None:
            self.push_screen(NewGameScreen(self.game))
        elif session.online:
            # Joining waits for the server, and for the game to start where it waits: the
            # app says so meanwhile, and answers Ctrl+C.
            self.mount(Static(
                "Joining the table… the game starts when every seat is taken "
                "(Ctrl+C leaves; the seat stays yours).", id="joining"))
            self.run_worker(self._sit(session), exclusive=True, group="join")
        else:
            self.push_screen(TableScreen(session))

    async def _sit(self, session: AppTable) -> None:
        try:
            await session.connect()
        except CardgamesError as exc:
            self.exit(f"cannot sit at the table: {escape(str(exc))}", return_code=2)
            return
        self.push_screen(TableScreen(session))

    def change_speed(self) -> None:
        """One step along SPEEDS, turning back at either end: instant, fast, normal, slow,
        normal, fast, instant... (never from slow straight to instant)."""
        if not 0 <= self.speed + self.speed_step < len(SPEEDS):
            self.speed_step = -self.speed_step
        self.speed += self.speed_step

    def action_help(self) -> None:
        """Show the help screen over the screen in front (or close it, when it is the help)."""
        screen = self.screen
        if isinstance(screen, HelpScreen):
            screen.dismiss(None)
            return
        sections = []
        if isinstance(screen, TableScreen):
            session = screen.session
            sections = screen.adapter.help_sections(session.view(screen.viewer))
            if session.online:
                sections.insert(0, ("At a server table", ONLINE_HELP))
        self.push_screen(HelpScreen(key_help(screen), sections))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # The palette's "Keys" opens Textual's panel of key names, which Escape does not
        # close; the help screen says what each key does.
        for command in super().get_system_commands(screen):
            if command.title != "Keys":
                yield command
        yield SystemCommand(
            "Keys and help",
            "What each key does, the rules in short and the game's reference (F1)",
            self.action_help,
        )

    def current_session(self) -> AppTable | None:
        """The game on screen (the one started from the new-game screen, too), if any."""
        session = getattr(self.screen, "session", None)
        return session if isinstance(session, AppTable) else None

    def close_sessions(self) -> None:
        """Release every game's save file (the app has closed)."""
        for session in self.sessions:
            session.close()

    def action_interrupt(self) -> None:
        session = self.current_session()
        if session is not None:
            session.save()
            self.exit(
                session.end_message() if session.is_over
                else session.leave_message("interrupted")
            )
        else:
            self.exit("interrupted")
