"""The line mode's undo, hint, help and, at a terminal, line editing with Tab completion."""

from __future__ import annotations

import builtins
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app
from cardgames.core.errors import NotationError
from cardgames.core.limits import MAX_LINE
from cardgames.session import HUMAN, SavedGame, load_session
from cardgames.terminal import (
    SESSION_WORDS,
    UNDO_WORDS,
    _LineReader,
    completions,
    run_session,
)

GAMES = [("koikoi", 2), ("hanabi", 3), ("ikebana", 4)]


def play(
    game: str, lines: list[str], save: Path | None, *, players: int = 2, seed: int = 4,
    seats: tuple[str, ...] | None = None, width: int = 200,
) -> tuple[SavedGame[Any], str]:
    """Type `lines` (piped) into a game where seat 1 is the human and bots sit elsewhere."""
    info = cardgames.get_game(game)
    seats = seats or (HUMAN, *[info.default_bot] * (players - 1))
    session = SavedGame(info.new_game(players, seed), seats, seed)
    screen = io.StringIO()
    code = run_session(
        info, info.load_cli().UI, session, save_path=save,
        console=Console(file=screen, width=width),
        input_stream=io.StringIO("\n".join(lines) + "\n"),
    )
    assert code == 0
    return session, screen.getvalue()


def first_human_move(game: str, players: int, seed: int) -> tuple[str, int]:
    """The first legal move of seat 1 at its first turn, and how many bot moves came before."""
    info = cardgames.get_game(game)
    state = info.new_game(players, seed)
    bot = info.bots[info.default_bot]
    agents = {seat: bot(seed + seat) for seat in range(1, players)}
    while state.current_player != 0:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    return str(state.legal_actions()[0]), state.move_count


# ------------------------------------------------------------------ undo
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_undo_takes_back_your_move_and_the_bots_replies(
    game: str, players: int, tmp_path: Path
) -> None:
    move, before = first_human_move(game, players, seed=4)
    save = tmp_path / "game.json"
    _, screen = play(game, [move, "undo", "quit"], save, players=players)
    saved = load_session(save, cardgames.get_game(game)).state
    # Back where the human first had to move: the bots' opening moves only.
    assert saved.move_count == before
    assert saved.current_player == 0
    taken = screen.split("took back ", 1)[1].split(" move", 1)[0]
    # Yours and the bots' replies; in Ikebana a draw is followed by your keep-or-refuse, so
    # the draw alone is taken back.
    if game == "ikebana":
        assert int(taken) == 1
    else:
        assert int(taken) > 1
    # The table is drawn again for the move played over.
    assert screen.count("> ") >= 3


def test_undo_then_a_different_move_plays_on_from_there(tmp_path: Path) -> None:
    move, before = first_human_move("koikoi", 2, seed=9)
    info = cardgames.get_game("koikoi")
    state = info.new_game(2, 9)
    bot = info.bots[info.default_bot](9 + 1)
    while state.current_player != 0:
        state.apply(bot.act(state.view(1), state.legal_actions()))
    other = str(state.legal_actions()[-1])
    assert other != move
    save = tmp_path / "game.json"
    play("koikoi", [move, "undo", other, "quit"], save, seed=9)
    saved = load_session(save, info).state
    assert str(saved.history[before]) == other


def test_undo_before_your_first_move_changes_nothing(tmp_path: Path) -> None:
    _, before = first_human_move("ikebana", 2, seed=2)
    session, screen = play("ikebana", ["undo", "quit"], tmp_path / "s.json", seed=2)
    assert "nothing to undo" in screen
    assert session.state.move_count == before
    assert load_session(tmp_path / "s.json", cardgames.get_game("ikebana")).state == session.state


def test_undo_is_refused_at_a_hot_seat_table(tmp_path: Path) -> None:
    # Two people at one keyboard: taking a move back would show the next player's cards.
    move, _ = first_human_move("hanabi", 2, seed=1)
    session, screen = play("hanabi", [move, "undo", "quit"], tmp_path / "s.json",
                           seats=(HUMAN, HUMAN), seed=1)
    assert "nothing to undo" in screen
    assert session.state.move_count == 1


def test_undo_through_the_play_command(tmp_path: Path) -> None:
    move, before = first_human_move("koikoi", 2, seed=21)
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        app, ["play", "koikoi", "--seed", "21", "--plain", "--save", str(save)],
        input=f"{move}\nundo\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "took back" in result.output
    assert load_session(save, cardgames.get_game("koikoi")).state.move_count == before


# ------------------------------------------------------------------ hint and help
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_hint_names_a_legal_move_and_says_why(game: str, players: int) -> None:
    _, before = first_human_move(game, players, seed=6)
    session, screen = play(game, ["hint", "quit"], None, players=players, seed=6, width=1000)
    # After the prompt (typed input is not echoed): the move, then why.
    line = screen.split("> hint: ", 1)[1].splitlines()[0]
    move, _, reason = line.partition(" — ")
    legal = [str(action) for action in session.state.legal_actions()]
    assert move in legal
    assert len(reason) > 20
    assert session.state.move_count == before  # a hint changes nothing


def test_the_hinted_move_can_be_typed_next(tmp_path: Path) -> None:
    _, screen = play("ikebana", ["hint", "quit"], None, seed=3)
    move = screen.split("> hint: ", 1)[1].split(" — ", 1)[0]
    session, _ = play("ikebana", [move, "quit"], tmp_path / "s.json", seed=3)
    assert session.state.move_count > 0


def test_help_lists_hint_and_undo() -> None:
    _, screen = play("koikoi", ["help", "quit"], None)
    for word in (*SESSION_WORDS, *UNDO_WORDS):
        assert f"  {word} " in screen


# ------------------------------------------------------------------ completion
KOIKOI_MOVES = [
    "play jan-crane", "play jan-crane capture jan-chaff-1", "play jun-butterflies",
    "play jul-boar", "koikoi", "stop",
]


@pytest.mark.parametrize(("line", "expected"), [
    ("", ["help", "hint", "koikoi", "moves", "play", "quit", "stop", "undo", "yaku"]),
    ("h", ["help", "hint"]),
    ("p", ["play"]),
    ("PL", ["play"]),  # any case
    ("play ", ["jan-crane", "jul-boar", "jun-butterflies"]),
    ("play j", ["jan-crane", "jul-boar", "jun-butterflies"]),
    ("play ju", ["jul-boar", "jun-butterflies"]),
    ("play jun-", ["jun-butterflies"]),
    ("play jan-crane ", ["capture"]),
    ("play jan-crane capture ", ["jan-chaff-1"]),
    ("play jan-crane capture jan-chaff-1 ", []),
    ("quit ", []),  # the prompt's words take nothing after them
    ("plya j", []),
])
def test_tab_completes_moves_card_names_and_words(line: str, expected: list[str]) -> None:
    words = [*SESSION_WORDS, *UNDO_WORDS, "yaku"]
    assert completions(line, KOIKOI_MOVES, words) == expected


def test_tab_completes_hanabi_clues_from_the_legal_moves() -> None:
    state = cardgames.new_game("hanabi", players=3, seed=1)
    moves = [str(action) for action in state.legal_actions()]
    assert completions("clue ", moves) == ["2", "3"]
    colours = completions("clue 2 ", moves)
    assert colours
    assert all(f"clue 2 {value}" in moves for value in colours)


@pytest.fixture
def readline_module() -> Iterator[Any]:
    """Python's readline (skipped where there is none), checked to get its completer back."""
    readline = pytest.importorskip("readline")
    completer = readline.get_completer()
    yield readline
    assert readline.get_completer() is completer  # given back when the session ends


def test_the_reader_at_a_terminal_completes_with_readline(readline_module: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    reader = _LineReader(None, interactive=True)
    try:
        assert readline_module.get_completer() == reader._complete
        reader.offer = lambda: (KOIKOI_MOVES, ["help", "hint"])
        monkeypatch.setattr(readline_module, "get_line_buffer", lambda: "play ju")
        monkeypatch.setattr(readline_module, "get_endidx", lambda: len("play ju"))
        offered: list[str] = []
        while (match := reader._complete("ju", len(offered))) is not None:
            offered.append(match)
        # With a space, as readline then puts it after the word completed.
        assert offered == ["jul-boar ", "jun-butterflies "]
    finally:
        reader.close()


def test_the_reader_at_a_terminal_reads_through_input(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = iter(["play 1", "x" * (MAX_LINE + 1)])
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)
    reader = _LineReader(None, interactive=True)
    out = Console(file=io.StringIO())
    try:
        assert reader.read("Ann> ", out) == "play 1"
        with pytest.raises(NotationError, match="longer than"):
            reader.read("Ann> ", out)
        assert reader.read("Ann> ", out) is None  # Ctrl-D
    finally:
        reader.close()
    # The prompt is input()'s own, so that readline redraws it while the line is edited.
    assert prompts == ["Ann> "] * 3
    assert out.file.getvalue() == ""  # type: ignore[attr-defined]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_game_at_a_terminal_is_typed_through_input(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    move, before = first_human_move("koikoi", 2, seed=5)
    typed = iter([move, "undo", "hint", "quit"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr(sys, "stdout", _Terminal())
    info = cardgames.get_game("koikoi")
    session = SavedGame(info.new_game(2, 5), (HUMAN, "greedy"), 5)
    screen = io.StringIO()
    code = run_session(info, info.load_cli().UI, session, save_path=tmp_path / "s.json",
                       console=Console(file=screen, width=200))
    assert code == 0
    assert "took back" in screen.getvalue()
    assert "hint: " in screen.getvalue()
    assert load_session(tmp_path / "s.json", info).state.move_count == before
