"""The app's screens: the table, round summaries, the final result, passing the screen to the
next player, a hint, a note, and the new-game form."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Select, Static

import cardgames
from cardgames.app.base import GameAdapter, TableContext
from cardgames.app.games import adapter_for, app_games
from cardgames.app.session import AppTable, new_session
from cardgames.app.widgets import (
    ActionBar,
    ActionButton,
    CardTile,
    KeyFooter,
    MoveLog,
    OfferedAction,
    TableView,
    action_keys,
)
from cardgames.core.errors import CardgamesError
from cardgames.core.game import Move
from cardgames.core.options import option_example, parse_option_pairs
from cardgames.core.registry import GameInfo
from cardgames.core.text import counted

if TYPE_CHECKING:
    from cardgames.app.app import CardgamesApp

__all__ = [
    "FinalScreen",
    "HelpScreen",
    "HintScreen",
    "NewGameScreen",
    "NoteScreen",
    "PassScreen",
    "SummaryScreen",
    "TableScreen",
    "key_help",
]


class _Dismissable(ModalScreen[bool]):
    """A message box: Enter, Escape or its button closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
    ]

    def action_close(self) -> None:
        self.dismiss(False)


class SummaryScreen(_Dismissable):
    """A round's summary, shown until dismissed (the bots wait)."""

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body)
            yield Button("Continue", id="continue", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.query_one("#continue").focus()

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.dismiss(True)


class HintScreen(_Dismissable):
    """What the bundled bot would do and why; its button makes that move."""

    def __init__(self, label: str, reason: str) -> None:
        super().__init__()
        self.label = label
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            with VerticalScroll(id="dialog-body"):
                yield Static(Text.assemble(("Hint: ", "bold"), (self.label, "bold cyan")))
                yield Static(self.reason)
            with Horizontal(classes="buttons"):
                yield Button("Do it", id="do-it", compact=True, variant="primary")
                yield Button("Close", id="close", compact=True)

    def on_mount(self) -> None:
        self.query_one("#do-it").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "do-it")


class HelpScreen(ModalScreen[None]):
    """F1 or ``?``: the keys with what each does, then the game's pages (the rules in short,
    its reference as your seat stands now). Escape, F1, ``?`` or its button closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark", "close", "Close"),
    ]

    def __init__(
        self, keys: Sequence[tuple[str, str, str]],
        sections: Sequence[tuple[str, RenderableType]] = (),
    ) -> None:
        super().__init__()
        self.keys = list(keys)
        self.sections = list(sections)

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, pad_edge=False, expand=True,
                      padding=(0, 2, 0, 0))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for key, name, what in self.keys:
            table.add_row(key, name, what)
        with Vertical(id="help-dialog"):
            with VerticalScroll(id="help-body"):
                yield Static(Text("Keys", style="bold underline"))
                yield Static(table, id="help-keys")
                for heading, body in self.sections:
                    yield Static(Text(f"\n{heading}", style="bold underline"))
                    yield Static(body, classes="help-section")
            yield Button("Close (Esc)", id="close", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


TEXTUAL_ONLY: Final = frozenset({"screen.copy_text", "copy_text"})
"""Textual's own keys the help leaves out: copying selected text (the table has no text to
select); ctrl+q, Textual's plain quit, is left out too: q and ctrl+c save and quit, and one
line says so."""


def key_help(screen: Screen[Any]) -> list[tuple[str, str, str]]:
    """The keys `screen` answers now, as (keys, name, what it does): its own, the focused
    widget's, a card's (on the table, whatever has the focus) and the app's, one line per
    name (``1-9`` for the numbered actions). What a key does is its binding's tooltip (empty
    for Textual's own keys, whose names say it)."""
    lines: dict[str, tuple[list[str], str]] = {}
    app = screen.app
    # The containers' own keys (scrolling the table or the log) are left out: the table
    # scrolls to the focused card by itself.
    answering = (screen, app, screen.focused)
    bindings = [
        (key, active.binding) for key, active in screen.active_bindings.items()
        if active.node in answering
    ]
    if isinstance(screen, TableScreen):
        bindings += [
            (binding.key, binding) for binding in Binding.make_bindings(CardTile.BINDINGS)
        ]
    for key, binding in bindings:
        if not binding.description or binding.action in TEXTUAL_ONLY or key == "ctrl+q":
            continue
        shown = binding.key_display or app.get_key_display(binding)
        keys, tooltip = lines.setdefault(binding.description, ([], binding.tooltip))
        if shown not in keys and key not in keys:
            keys.append(shown)
        if not tooltip and binding.tooltip:
            lines[binding.description] = (keys, binding.tooltip)
    return [(", ".join(keys), name, tooltip) for name, (keys, tooltip) in lines.items()]


class PassScreen(Screen[None]):
    """Hot seat: every hand is hidden until the named player takes the screen."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "I am ready")]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="pass"):
            yield Static(Text(f"Pass the screen to {self.player}", style="bold"), id="pass-to")
            yield Static("Only they should look now: their hand is shown next.")
            yield Button(f"I am {self.player}", id="ready", compact=True, variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#ready").focus()

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.dismiss(None)


class NoteScreen(ModalScreen[str | None]):
    """A free-text note on a card (in a game that keeps them: see ``GameAdapter.notes``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, what: str, note: str) -> None:
        super().__init__()
        self.what = what
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(f"Note on {self.what} (Enter keeps it, empty removes it)")
            yield Input(self.note, id="note", compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class FinalScreen(Screen[None]):
    """The end of the game: result, a table per round, and where the record is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session: AppTable, adapter: GameAdapter[Any, Any]) -> None:
        super().__init__()
        self.session = session
        self.adapter = adapter

    def compose(self) -> ComposeResult:
        session = self.session
        state = session.final_state()
        with VerticalScroll(id="final"):
            yield Static(Text(f"Game over — {state.result_text()}", style="bold"))
            yield Static(self.adapter.final(state))
            yield Static(Text(f"Record: {session.record_where()}", style="dim"),
                         id="record-path")
        with Horizontal(classes="buttons"):
            yield Button("New game", id="new-game", compact=True, variant="primary")
            yield Button("Quit", id="quit", compact=True)
        yield KeyFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-game":
            self.action_new_game()
        else:
            self.action_quit()

    def action_new_game(self) -> None:
        self.app.switch_screen(NewGameScreen(self.session.info.name))

    def action_quit(self) -> None:
        self.app.exit(self.session.end_message())


SPEEDS: tuple[tuple[str, float], ...] = (
    ("instant", 0.0), ("fast", 0.25), ("normal", 0.7), ("slow", 1.5),
)
"""How long the bots wait before each move, by name."""


class TableScreen(Screen[None]):
    """The game at the table, from one seat's view: select a card, then an action."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "act(1)", "Action", key_display="1-9 a-z",
                tooltip="make the action with that key, shown on its button at the bottom"),
        *(Binding(str(n), f"act({n})", show=False) for n in range(2, 10)),
        Binding("left", "app.focus_previous", "Previous card", show=False,
                tooltip="move to the previous card (Shift+Tab too)"),
        Binding("right", "app.focus_next", "Next card", show=False,
                tooltip="move to the next card or button (Tab too)"),
        Binding("escape", "deselect", "Deselect", show=False,
                tooltip="put the selected card back (the focus stays on it)"),
        Binding("h", "hint", "Hint",
                tooltip="what the bundled bot would do here, and why; its button does it"),
        Binding("u", "undo", "Undo",
                tooltip="take back your last move and the bots' replies"),
        Binding("n", "note", "Note", tooltip="write a note on the selected card"),
        Binding("s", "speed", "Speed",
                tooltip="the bots' speed, one step: instant, fast, normal, slow"),
        Binding("question_mark", "app.help", "Help", show=False,
                tooltip="this screen: the keys, the rules in short, the game's reference"),
        Binding("q", "quit", "Save & quit",
                tooltip="save the game and leave (continue with --resume FILE)"),
    ]

    def __init__(self, session: AppTable) -> None:
        super().__init__()
        self.session = session
        self.adapter = adapter_for(session.info.name)
        if self.adapter.stylesheet is not None:
            # Textual loads a screen's stylesheets when it is shown: the game's, with its table.
            self.css_path = [*self.css_path, self.adapter.stylesheet]
        self.selected: str | None = None
        self.busy = False
        """True while the game goes on by itself (bots moving, a summary shown)."""
        self.acting = False
        """True while the player's move is on its way (to a server: it answers)."""
        humans = session.humans
        seat = session.to_move
        self.viewer = seat if seat is not None and seat in humans else (
            humans[0] if humans else 0
        )

    @property
    def cardgames(self) -> CardgamesApp:
        # Every screen here is shown by CardgamesApp, which imports this module.
        return cast("CardgamesApp", self.app)

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="main"):
            yield TableView(id="table")
            yield MoveLog(id="log")
        yield Static(id="details")
        yield ActionBar(id="actions")
        yield KeyFooter()

    async def on_mount(self) -> None:
        if self.session not in self.cardgames.sessions:
            self.cardgames.sessions.append(self.session)
        self.session.listener = self._news
        self._rebuild_log()
        await self.redraw()
        self.advance()

    # ------------------------------------------------------------------ drawing
    def _view(self) -> Any:
        return self.session.view(self.viewer)

    def _legal(self) -> list[Any]:
        """The actions offered: the legal ones, when the viewer is the seat to move."""
        return self.session.legal(self.viewer)

    async def redraw(self) -> None:
        """Draw the table, the details of the selected card and the actions offered."""
        focused = self.app.focused
        focused_key = focused.key if isinstance(focused, CardTile) else None
        view = self._view()
        legal = self._legal()
        keys = frozenset(
            key for action in legal for key in self.adapter.keys_of(action, view)
        )
        if self.selected not in keys and not (
            self.selected is not None and self.adapter.note_id(view, self.selected) is not None
        ):
            self.selected = None
        context = TableContext(view, keys, self.session.notes, self.selected)
        self.query_one("#title", Static).update(Text(self.adapter.title(view), style="bold"))
        table = self.query_one(TableView)
        await table.show(self.adapter.rows(context), self.adapter.tile_class, self.selected)
        details = (
            self.adapter.details(context, self.selected) if self.selected is not None else None
        )
        panel = self.query_one("#details", Static)
        panel.update(details or "")
        panel.display = details is not None
        adapter = self.adapter
        offered = [
            OfferedAction(adapter.button_label(action, view), action,
                          adapter.shortcut(action, view), adapter.wasted(action, view))
            for action in legal
            if not (keys_of := adapter.keys_of(action, view)) or self.selected in keys_of
        ]
        offered.sort(key=lambda choice: choice.wasted)  # a wasted turn comes last
        await self.query_one(ActionBar).show(
            offered, action_keys(offered, self._command_keys()), self._idle_text(keys)
        )
        self._focus_after_redraw(focused_key)

    def _idle_text(self, keys: frozenset[str]) -> Text:
        session = self.session
        if session.is_over:
            return Text("The game is over.", style="bold")
        if keys:
            return Text("Select a card (click it, or Tab/arrows and Enter).", style="dim")
        seat = session.to_move
        assert seat is not None
        return Text(f"{session.players[seat]} is thinking…", style="dim")

    def _focus_after_redraw(self, focused_key: str | None) -> None:
        """Keep the keyboard where the player is: the selected card, else the card that had
        the focus (Escape leaves it where it was), else the first card."""
        table = self.query_one(TableView)
        cards = table.cards()
        for key in (self.selected, focused_key):
            for card in cards:
                if key is not None and card.key == key:
                    card.focus(scroll_visible=False)
                    return
        buttons = list(self.query(ActionButton))
        if cards:
            cards[0].focus(scroll_visible=False)
        elif buttons:
            buttons[0].focus(scroll_visible=False)

    def _command_keys(self) -> set[str]:
        """The keys of the screen's commands (hint, undo...), which no action may take."""
        return {
            key
            for binding in self.BINDINGS if isinstance(binding, Binding)
            and not binding.action.startswith("act(")
            for key in binding.key.split(",")
        }

    def _rebuild_log(self) -> None:
        viewer = self._log_viewer()
        view = self._view()
        self.query_one(MoveLog).reset(
            [self.adapter.describe(move, view, viewer) for move in view.history]
        )

    def _log_viewer(self) -> int | None:
        # "You" only when one person plays; in a hot-seat game the log names everyone.
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    def _log(self, move: Move[Any]) -> None:
        self.query_one(MoveLog).add(
            self.adapter.describe(move, self._view(), self._log_viewer())
        )

    # ------------------------------------------------------------------ input
    async def on_card_tile_chosen(self, event: CardTile.Chosen) -> None:
        await self.select(event.key)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, ActionButton):
            await self.perform(event.button.game_action)

    async def select(self, key: str) -> None:
        """Select a card; selecting it again makes its move when it has only one."""
        if key == self.selected:
            view = self._view()
            mine = [a for a in self._legal() if key in self.adapter.keys_of(a, view)]
            if len(mine) == 1:
                await self.perform(mine[0])
                return
        self.selected = key
        await self.redraw()

    async def action_act(self, number: int) -> None:
        await self.press_action(str(number))

    async def on_key(self, event: Key) -> None:
        # An action's key may be any digit or letter (a clue's colour, say): the bar says
        # which; the screen's command keys never name an action.
        if event.character and await self.press_action(event.character):
            event.stop()
            event.prevent_default()

    async def press_action(self, key: str) -> bool:
        """Make the action offered on `key`, if there is one (True: there was)."""
        button = self.query_one(ActionBar).button(key)
        if button is None:
            return False
        await self.perform(button.game_action)
        return True

    async def action_deselect(self) -> None:
        self.selected = None
        await self.redraw()

    async def perform(self, action: Any) -> None:
        """Make the human's move, then let the game go on."""
        if self.acting or action not in self._legal():
            return  # a stale button (the game moved on), or a move already on its way
        self.selected = None
        self.acting = True
        try:
            moves = await self.session.act(action)
        except CardgamesError as exc:
            self._lost(exc)
            return
        finally:
            self.acting = False
        for move in moves:
            self._log(move)
        self._warn_unsaved()
        await self.redraw()
        self.advance(moves)

    def _warn_unsaved(self) -> None:
        """Show what the autosave said (it says each problem once)."""
        for message in self.session.messages():
            self.notify(message, severity="warning", timeout=10, markup=False)

    # ------------------------------------------------------------------ the game goes on
    @work(exclusive=True, group="play")
    async def advance(self, moves: Sequence[Move[Any]] = ()) -> None:
        """Show what `moves` call for, let the game go on (the bots, one move at a time; the
        other seats at a server), then hand over."""
        self.busy = True
        try:
            await self._advance(moves)
        except CardgamesError as exc:
            self._lost(exc)
        finally:
            self.busy = False

    def _news(self, problem: CardgamesError | None) -> None:
        """The session's news while the player thinks (the game going on takes them in its
        stride): what it has to say, or the game lost."""
        if self.busy or self.acting:
            return
        if problem is not None:
            self._lost(problem)
        else:
            self._warn_unsaved()

    def _lost(self, problem: CardgamesError) -> None:
        """Leave the app when the game is lost (a server that stays unreachable), saying
        why and how to come back; exit code 2."""
        self.app.exit(
            self.session.leave_message(f"the table is lost ({escape(str(problem))})"),
            return_code=2)

    async def _advance(self, moves: Sequence[Move[Any]]) -> None:
        session = self.session
        for move in moves:
            await self._summary(move)
        while session.goes_on():
            # A server's bots move at the server's pace.
            delay = 0.0 if session.online else SPEEDS[self.cardgames.speed][1]
            moves = await session.next_moves(delay)
            for move in moves:
                self._log(move)
            self._warn_unsaved()
            if moves and (delay or session.online or not session.goes_on() or session.is_over):
                # At instant speed the table is drawn once the bots are done.
                await self.redraw()
            for move in moves:
                await self._summary(move)
        if session.is_over:
            self.app.switch_screen(FinalScreen(session, self.adapter))
            return
        seat = session.to_move
        if seat is not None and seat != self.viewer and len(session.humans) > 1:
            await self.app.push_screen_wait(PassScreen(session.players[seat]))
            self.viewer = seat
            self.selected = None
            self._rebuild_log()
        await self.redraw()

    async def _summary(self, move: Move[Any]) -> None:
        session = self.session
        if session.is_over:
            return  # the final screen says it all
        body = self.adapter.round_summary(move, session.players)
        if body is not None:
            await self.app.push_screen_wait(SummaryScreen(body))

    # ------------------------------------------------------------------ commands
    async def action_undo(self) -> None:
        session = self.session
        if session.undo_seat() is None:
            self.notify("Undo takes back a move in a game with one human player.",
                        severity="warning")
            return
        self.workers.cancel_group(self, "play")
        taken = session.undo()
        self.selected = None
        self._rebuild_log()
        self.notify(f"Took back {counted(taken, 'move')}.")
        await self.redraw()
        self.advance()

    async def action_hint(self) -> None:
        legal = self._legal()
        if not legal:
            self.notify("A hint is for your turn.", severity="warning")
            return
        view = self._view()
        try:
            hint = await self.session.hint(self.viewer, self.adapter)
        except CardgamesError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if hint.action not in self._legal():
            return  # the game moved on while the bot thought
        self.app.push_screen(
            HintScreen(self.adapter.label(hint.action, view), hint.reason),
            lambda do_it: self._after_hint(hint.action, do_it),
        )

    async def _after_hint(self, action: Any, do_it: bool | None) -> None:
        if do_it:
            await self.perform(action)

    async def action_note(self) -> None:
        if not self.adapter.notes:
            self.notify("This game keeps no notes.", severity="warning")
            return
        key = self.selected
        view = self._view()
        card = None if key is None else self.adapter.note_id(view, key)
        if key is None or card is None:
            self.notify("Select a card first, then press n.", severity="warning")
            return
        self.app.push_screen(
            NoteScreen(self.adapter.tile_name(view, key), self.session.notes.get(card, "")),
            lambda note: self._after_note(card, note),
        )

    async def _after_note(self, card: int, note: str | None) -> None:
        if note is None:
            return
        try:
            await self.session.set_note(card, note)
        except CardgamesError as exc:
            self.notify(str(exc), severity="warning", markup=False)
        await self.redraw()

    async def action_speed(self) -> None:
        app = self.cardgames
        app.change_speed()
        scale = " · ".join(
            f"[{name}]" if index == app.speed else name for index, (name, _) in enumerate(SPEEDS)
        )
        self.notify(f"Bots move at {SPEEDS[app.speed][0]} speed ({scale}).", markup=False)
        await self.redraw()

    def action_quit(self) -> None:
        self.app.exit(self.session.leave_message("quit"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Footer keys that do nothing in this game are hidden.
        if action == "note":
            return self.adapter.notes
        if action == "undo":
            # Hidden at a server table (every move there is final; the help screen says so),
            # dimmed where a local game offers none now.
            if self.session.online:
                return False
            return self.session.undo_seat() is not None or None
        if action == "speed":
            return not self.session.online  # a server's bots keep the server's pace
        if action == "hint":
            return self.session.hints  # hidden at a server's table made without hints
        return True


def _bot_choice(info: GameInfo[Any, Any], label: str) -> str:
    """A bot as the new-game form lists it: `label` from ``bot_names()``
    (``"easy (= casual)"``), or the bot's line where the game gives one."""
    name = label.split(" ")[0]
    described = info.bot_label(name, with_people=True)
    return label if described == name else described


class NewGameScreen(Screen[None]):
    """Choose a game, its variant or preset, house rules, players, bots and seed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "app.quit", "Quit"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.games = app_games()
        # The game just played, or the one named; else the first the app offers (by name).
        self.game = game if game in self.games else self.games[0]

    def compose(self) -> ComposeResult:
        info = cardgames.get_game(self.game)
        with VerticalScroll(id="new-game-form"):
            yield Static(Text("New game", style="bold"))
            yield self._field("Game", Select(
                [(cardgames.get_game(name).title, name) for name in self.games],
                value=self.game, allow_blank=False, id="game", compact=True,
            ))
            yield self._field("Rules", Select(
                [(name, name) for name in list(info.presets)[:40]],
                value=info.people_preset, allow_blank=False, id="preset", compact=True,
            ))
            example = option_example(info.presets[info.people_preset])
            yield self._field("House rules", Input(
                placeholder="KEY=VALUE ..." + (f" e.g. {example}" if example else ""),
                id="options", compact=True,
            ))
            counts = info.player_counts
            yield self._field("Players", Select(
                [(str(n), n) for n in counts], value=info.default_players,
                allow_blank=False, id="players", compact=True,
            ))
            yield self._field("Humans", Select(
                [("1 (you against bots)", 1), ("0 (watch the bots)", 0),
                 *((f"{n} (hot seat)", n) for n in range(2, counts.stop))],
                value=1, allow_blank=False, id="humans", compact=True,
            ))
            yield self._field("Bots", Select(
                # Listed as bot_names() orders them, each with its line as a person's bot
                # where the game gives one.
                [(_bot_choice(info, label), label.split(" ")[0]) for label in info.bot_names()],
                value=info.people_bot,
                allow_blank=False, id="bot", compact=True,
            ))
            yield self._field("Seed", Input(
                placeholder="random", id="seed", type="integer", compact=True
            ))
            yield Static(id="problem")
            yield Button("Start", id="start", compact=True, variant="primary")
        yield KeyFooter()

    @staticmethod
    def _field(label: str, widget: Any) -> Horizontal:
        return Horizontal(Label(label, classes="field-label"), widget, classes="field")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and event.value != self.game:
            self.app.switch_screen(NewGameScreen(str(event.value)))

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.action_start()

    def action_start(self) -> None:
        info = cardgames.get_game(self.game)

        def value(widget_id: str) -> Any:
            return self.query_one(f"#{widget_id}", Select).value

        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            options = parse_option_pairs(self.query_one("#options", Input).value.split())
            options[info.preset_word] = value("preset")
            session, message = new_session(
                info, players=value("players"), humans=value("humans"),
                bots=(value("bot"),), seed=int(seed_text) if seed_text else None,
                options=options,
            )
        except (CardgamesError, ValueError) as exc:
            self.query_one("#problem", Static).update(Text(str(exc), style="bold red"))
            return
        if message:
            self.notify(message, timeout=8, markup=False)
        self.app.switch_screen(TableScreen(session))
