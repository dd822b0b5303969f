"""Hostile text at every game's prompt, in-process: the session never raises, every refused
line changes nothing, and whatever happens the saved game is the game being played."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import strategies as st
from rich.console import Console

import cardgames
from cardgames.core.errors import CardgamesError
from cardgames.core.game import State
from cardgames.core.limits import MAX_LINE
from cardgames.session import HUMAN, SavedGame, load_session
from cardgames.terminal import SESSION_WORDS, run_session
from fuzz.kit import PROFILES, fuzz

GAMES = sorted(cardgames.registry.names())


@attrs.frozen
class Legal:
    """Stands for a legal move, chosen when the line is read (the game moves on)."""

    index: int


@attrs.frozen
class Interrupt:
    """Ctrl-C at the prompt."""


HOSTILE_WORDS = [
    "play ²", "clue ① red", "clue 2 ¹", "discard ①", "buy ²", "play ٣", "capture ²",
    "play -1", "play 0", "play 99", "clue 9 red", "clue 1 1", "bonus", "bonus play",
    "koikoi", "stop", "draw", "keep", "refuse", "buy 1", "buy 9", "play deck", "\x00", "\x1b[2J",
    "[red]markup[/red]", "\\", "' OR 1=1", "%s%n", "\u202e", "\ud800", "ＰＬＡＹ １", "PLAY 1",
    " play  1 ", "help", "?", "moves", "HELP",
]


def line_strategy(game: str) -> st.SearchStrategy[Any]:
    info = cardgames.get_game(game)
    ui = info.load_cli().UI
    words = [word for word in (*SESSION_WORDS, *ui.commands) if word != "quit"]
    text = st.text(st.characters(exclude_characters="\n"), max_size=40)
    return st.one_of(
        st.builds(Legal, st.integers(0, 10_000)),
        st.builds(Legal, st.integers(0, 10_000)),
        st.sampled_from(HOSTILE_WORDS + words),
        text,
        st.tuples(st.sampled_from(HOSTILE_WORDS), text).map(" ".join),
        st.integers(4300, 6000).map(lambda n: "play " + "9" * n),
        st.integers(MAX_LINE - 3, MAX_LINE + 10).map(lambda n: "x" * n),
        st.just(Interrupt()),
    )


class HostileInput(io.TextIOBase):
    """Typed lines from a list, each read as a terminal delivers it (up to a newline, at most
    `size` characters at a time); Legal picks a legal move of the game when it is read."""

    def __init__(self, items: list[Any], session: SavedGame[Any]) -> None:
        self.items = list(reversed(items))
        self.session = session
        self.buffer = ""
        self.last: tuple[str, State[Any]] | None = None

    def check_the_last_line(self) -> None:
        """A line that is no legal move must have left the game exactly as it was."""
        if self.last is None:
            return
        text, before = self.last
        try:
            legal = before.is_legal(before.clone().parse(text.strip()))
        except CardgamesError:
            legal = False
        if not legal:
            assert self.session.state == before, f"the refused line {text!r:.80} changed the game"

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.buffer:
            self.check_the_last_line()
            if not self.items:
                return ""
            item = self.items.pop()
            if isinstance(item, Interrupt):
                raise KeyboardInterrupt
            if isinstance(item, Legal):
                legal = self.session.state.legal_actions()
                item = str(legal[item.index % len(legal)]) if legal else "moves"
            self.buffer = item + "\n"
            self.last = (item, self.session.state.clone())
        cut = len(self.buffer) if size is None or size < 0 else size
        end = self.buffer.find("\n")
        cut = min(cut, end + 1 if end >= 0 else len(self.buffer))
        line, self.buffer = self.buffer[:cut], self.buffer[cut:]
        return line


@st.composite
def sessions(draw: st.DrawFn, game: str) -> tuple[int, int | None, int, list[Any]]:
    info = cardgames.get_game(game)
    players = draw(st.sampled_from(list(info.player_counts)))
    seed = draw(st.integers(0, 2**32))
    human = draw(st.integers(0, players - 1))
    return players, human, seed, draw(st.lists(line_strategy(game), max_size=60))


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("game", GAMES)
def test_hostile_text_at_the_prompt(profile: str, game: str) -> None:
    info = cardgames.get_game(game)
    ui = info.load_cli().UI

    def check(case: tuple[int, int, int, list[Any]]) -> None:
        players, human, seed, items = case
        state = info.new_game(players, seed)
        seats = tuple(HUMAN if seat == human else "random" for seat in range(players))
        session: SavedGame[Any] = SavedGame(state, seats, seed)
        screen = io.StringIO()
        with tempfile.TemporaryDirectory() as folder:
            save = Path(folder) / "game.json"
            code = run_session(
                info, ui, session, save_path=save, console=Console(file=screen, width=100),
                input_stream=HostileInput(items, session),
            )
            assert code == 0, screen.getvalue()[-2000:]
            # Nothing is lost: the save holds exactly the game as it stands.
            assert load_session(save, info).state == session.state
        # Only legal moves were made: the record replays, and the rules' invariants hold.
        assert info.replay(session.state.record()) == session.state
        session.state.check_invariants()
        assert "Traceback" not in screen.getvalue()

    fuzz(profile, f"prompt sessions ({game})", sessions(game), check, short=40)
