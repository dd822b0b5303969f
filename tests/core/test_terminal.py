"""The shared terminal session: prompts, re-prompts, saving, resuming, piped input."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import cardgames
from cardgames.cli.commands import make_play_command
from cardgames.core.errors import RecordError
from cardgames.session import HUMAN, SavedGame, load_session
from cardgames.terminal import SESSION_WORDS, UNDO_WORDS, GameUI, run_session
from tinygame import TINY

UI = GameUI(
    render=lambda state, seat: f"your hand: {state.view(seat).hand}",
    help_text="play N   play card N from your hand",
    commands={"rows": lambda state, seat: f"rows: {state.view(seat).rows}"},
    command_help={"rows": "show every player's row"},
)


def run(session: SavedGame, lines: str, save: Path | None) -> str:
    screen = io.StringIO()
    code = run_session(
        TINY, UI, session, save_path=save, console=Console(file=screen, width=120),
        input_stream=io.StringIO(lines),
    )
    assert code == 0
    return screen.getvalue()


def human_moves(seed: int) -> str:
    """The first legal move at every human turn, as typed input."""
    state = TINY.new_game(2, seed)
    lines = []
    while not state.is_over:
        action = state.legal_actions()[0]
        if state.current_player == 0:
            lines.append(str(action))
        state.apply(action)
    return "\n".join(lines) + "\n"


def test_a_whole_game_can_be_typed(tmp_path: Path) -> None:
    session = SavedGame(TINY.new_game(2, 5), (HUMAN, "random"), 5)
    screen = run(session, human_moves(5), tmp_path / "save.json")
    assert session.state.is_over
    assert "scores:" in screen
    assert load_session(tmp_path / "save.json", TINY).state == session.state


def test_invalid_input_re_prompts_and_changes_nothing(tmp_path: Path) -> None:
    session = SavedGame(TINY.new_game(2, 5), (HUMAN, "random"), 5)
    missing = next(c for c in range(1, 10) if c not in session.state.hands[0])
    screen = run(session, f"dance\nplay {missing}\nhelp\nmoves\nrows\n", tmp_path / "s.json")
    assert "cannot read 'dance'" in screen
    assert f"illegal action 'play {missing}'" in screen
    assert "play N   play card N" in screen
    assert "quit" in screen
    assert "legal now: play" in screen
    assert "rows: ((), ())" in screen
    assert "rows     show every player's row" in screen
    assert session.state.move_count == 0
    assert "end of input: game saved to" in screen


def test_quit_saves_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    session = SavedGame(TINY.new_game(2, 8), (HUMAN, "random"), 8)
    first_move = str(session.state.legal_actions()[0])
    run(session, f"{first_move}\nquit\n", save)
    resumed = load_session(save, TINY)
    assert resumed.state == session.state
    assert resumed.seats == (HUMAN, "random")
    run(resumed, human_moves(8).split("\n", 1)[1], save)
    assert resumed.state.is_over


def test_a_closed_input_stream_saves(tmp_path: Path) -> None:
    stream = io.StringIO("")
    stream.close()
    session = SavedGame(TINY.new_game(2, 1), (HUMAN, "random"), 1)
    screen = io.StringIO()
    run_session(TINY, UI, session, save_path=tmp_path / "s.json",
                console=Console(file=screen), input_stream=stream)
    assert "end of input" in screen.getvalue()
    assert (tmp_path / "s.json").exists()


def test_a_process_without_stdin_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", None)  # what Python sets when started with `<&-`
    session = SavedGame(TINY.new_game(2, 1), (HUMAN, "random"), 1)
    screen = io.StringIO()
    run_session(TINY, UI, session, save_path=tmp_path / "s.json", console=Console(file=screen))
    assert "end of input" in screen.getvalue()
    assert load_session(tmp_path / "s.json", TINY).state == session.state


def test_a_file_that_is_no_saved_session_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(TINY.new_game(2, 1).record().to_json())
    with pytest.raises(RecordError, match="not a saved session"):
        load_session(path, TINY)
    with pytest.raises(RecordError, match="cannot read"):
        load_session(tmp_path / "missing.json", TINY)


def command_app() -> typer.Typer:
    app = typer.Typer()
    app.command()(make_play_command(TINY, UI))
    return app


def test_play_command_autoplays_and_refuses_bad_options(tmp_path: Path) -> None:
    runner = CliRunner()
    app = command_app()
    save = tmp_path / "auto.json"
    result = runner.invoke(app, ["--seed", "4", "--autoplay", "--save", str(save)])
    assert result.exit_code == 0, result.output
    assert "scores:" in result.output
    result = runner.invoke(app, ["--resume", str(save)])
    assert result.exit_code == 2
    assert "already over" in result.output
    for args, complaint in [
        (["-o", "hand_size=9"], "'hand_size' must be a whole number in 1..3 (got 9)"),
        (["--preset", "four"], "unknown Tiny preset 'four'; presets: two, three"),
        (["--seat", "5"], "'--seat' must be in 1..2"),
        (["--bot", "genius"], "unknown bot 'genius'"),
        (["--bot", "random,random,random", "--players", "3"], "--bot names 3 bots for 2 seats"),
        (["--players", "4"], "'players' must be in 2..3 for Tiny (got 4)"),
        (["-o", "players=3"], "-o players=... is not a game option: use --players"),
        (["--save", ""], "is not a file name"),
        (["--resume", str(tmp_path / "nope.json")], "cannot read saved game"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert complaint in result.output
        assert "Traceback" not in result.output


def test_play_command_reads_piped_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path))
    result = CliRunner().invoke(command_app(), ["--seed", "5"], input=human_moves(5))
    assert result.exit_code == 0, result.output
    assert "scores:" in result.output
    assert (tmp_path / "saves" / "tiny-5.json").exists()


def test_a_new_game_never_overwrites_an_unfinished_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path))
    runner = CliRunner()
    first = runner.invoke(command_app(), ["--seed", "5"], input="quit\n")
    assert first.exit_code == 0, first.output
    saved = tmp_path / "saves" / "tiny-5.json"
    before = saved.read_text()
    second = runner.invoke(command_app(), ["--seed", "5"], input="quit\n")
    assert second.exit_code == 0, second.output
    assert "an unfinished game with this seed is saved in" in second.output
    assert saved.read_text() == before
    assert (tmp_path / "saves" / "tiny-5-2.json").exists()


class InterruptAfter(io.StringIO):
    """Typed input that ends with Ctrl-C instead of a line."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_game_and_says_so(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    session = SavedGame(TINY.new_game(2, 8), (HUMAN, "random"), 8)
    first_move = str(session.state.legal_actions()[0])
    screen = io.StringIO()
    code = run_session(
        TINY, UI, session, save_path=save, console=Console(file=screen, width=200),
        input_stream=InterruptAfter(first_move + "\n"),
    )
    assert code == 0
    assert f"interrupted: game saved to {save}; continue with --resume {save}" in screen.getvalue()
    resumed = load_session(save, TINY)
    assert resumed.state == session.state
    assert resumed.state.history[0] == session.state.parse(first_move)


def test_an_error_wraps_between_words_on_a_narrow_terminal() -> None:
    session = SavedGame(TINY.new_game(2, 5), (HUMAN, "random"), 5)
    screen = io.StringIO()
    typed = "play 7 7 7 7 7 7 7 7 7 7"
    run_session(TINY, UI, session, save_path=None, console=Console(file=screen, width=30),
                input_stream=io.StringIO(typed + "\n"))
    message = f"cannot read {typed!r}: expected 'play N' with N in 1..9"
    text = screen.getvalue()
    start = text.index("cannot read")
    shown = text[start:start + len(message) + 10]
    # The message spans lines, broken only where it had a space.
    assert "\n" in shown
    assert shown.replace("\n", " ").replace("  ", " ").startswith(message)
    # (At a terminal the typed line ends with Enter, so the message starts a fresh line.)
    assert all(len(line) <= 30 for line in text[start:start + len(message)].splitlines())


@pytest.mark.parametrize("game", ["hanabi", "ikebana", "koikoi"])
def test_help_fits_an_80_column_terminal(game: str, tmp_path: Path) -> None:
    # Lines longer than the terminal are broken by the console wherever they reach the edge,
    # a ragged text; every line of the help is written to fit 80 columns instead.
    info = cardgames.get_game(game)
    ui = info.load_cli().UI
    session = SavedGame(info.new_game(info.default_players, 5), ("human", "random"), 5)
    screen = io.StringIO()
    run_session(info, ui, session, save_path=tmp_path / "s.json",
                console=Console(file=screen, width=80), input_stream=io.StringIO("help\n"))
    # (The first line follows the prompt.)
    shown = [line.rstrip() for line in screen.getvalue().splitlines()]
    for line in ui.help_text.splitlines():
        assert len(line) <= 80, line
        assert any(s.endswith(line.rstrip()) for s in shown), (
            f"the help line {line!r} was broken by the terminal"
        )
    # The prompt's own words: each meaning is wrapped under itself, not by the terminal.
    start = shown.index("Other words:")
    words = [*SESSION_WORDS, *UNDO_WORDS, *ui.commands]
    listed = shown[start + 1 :]
    for word in words:
        first = next(i for i, s in enumerate(listed) if s.startswith(f"  {word:<8} "))
        meaning = [listed[first][11:]]
        meaning += [s[11:] for s in itertools.takewhile(
            lambda s: s.startswith(" " * 11), listed[first + 1 :])]
        full = {**SESSION_WORDS, **UNDO_WORDS, **ui.command_help}.get(word, "show it")
        assert " ".join(meaning) == full
