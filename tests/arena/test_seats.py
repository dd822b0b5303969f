"""Seats of every kind: programs in Python and JavaScript over JSON lines, Python factories,
and seats that crash, run past the move limit or answer no legal move."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import pytest

import cardgames
from cardgames import arena

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PYTHON_BOT = (f"exec:{shlex.quote(sys.executable)} "
              f"{shlex.quote(str(ROOT / 'docs/examples/arena/bot.py'))}")
NODE = shutil.which("node")
JS_BOT = f"exec:{NODE} {shlex.quote(str(ROOT / 'docs/examples/arena/bot.js'))}"


def faulty(behaviour: str) -> str:
    return (f"{behaviour}=exec:{shlex.quote(sys.executable)} "
            f"{shlex.quote(str(HERE / 'faulty_bot.py'))} {behaviour}")


def replayed(line: dict[str, object]) -> cardgames.State:  # type: ignore[type-arg]
    """The game of a line, played again from its seed and its moves."""
    state = cardgames.new_game(str(line["game"]), players=int(str(line["players"])),
                               seed=int(str(line["seed"])))
    for move in line["moves"]:  # type: ignore[attr-defined]
        state.apply(state.parse(move))
    return state


@pytest.mark.parametrize(("game", "mode"), [
    ("hanabi", "crossplay"), ("koikoi", "roundrobin"), ("ikebana", "roundrobin")])
def test_the_example_bots_in_python_and_javascript_play_whole_games(game: str,
                                                                    mode: str) -> None:
    assert NODE is not None, "the JavaScript example bot needs node (Node.js) on PATH"
    job = arena.plan(game, [f"py={PYTHON_BOT}", f"js={JS_BOT}"], mode=mode, games=2, seed=4)
    lines = list(arena.run(job))
    assert {seat for line in lines for seat in line["seats"]} == {"py", "js"}
    for line in lines:
        assert line["fault"] is None, line["fault"]
        state = replayed(line)
        assert state.is_over
        assert state.scores() == line["scores"]
        assert all(count > 0 for count in line["time"]["decisions"])
    # Seeded from the arena's start message: the same games again.
    again = list(arena.run(job))
    assert [arena.without_times(line) for line in again] == [
        arena.without_times(line) for line in lines]


def test_a_python_factory_plays_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    job = arena.plan("koikoi", ["first=arena_testbots:first_legal", "greedy"], games=2)
    lines = list(arena.run(job))
    assert all(line["fault"] is None for line in lines)
    state = cardgames.new_game("koikoi", players=2, seed=lines[0]["seed"])
    seat = lines[0]["seats"].index("first")
    # Its every move is the first legal one.
    for move in lines[0]["moves"]:
        if state.current_player == seat:
            assert state.parse(move) == state.legal_actions()[0]
        state.apply(state.parse(move))


@pytest.mark.parametrize(("behaviour", "kind", "detail"), [
    ("crash", "crash", "(exit status 3); stderr: boom: this bot gives up"),
    ("silent", "timeout", "move limit of 1 s"),
    ("illegal", "illegal", " red' is not legal now"),
    ("unreadable", "unreadable", "'fly to the moon'"),
])
def test_a_faulty_program_is_recorded_against_its_seat_and_the_run_goes_on(
    behaviour: str, kind: str, detail: str
) -> None:
    # A short limit for the silent program only: the others' start must not count against them
    # on a loaded machine.
    job = arena.plan("hanabi", ["convention", faulty(behaviour)], players=2, games=2,
                     move_limit=1 if behaviour == "silent" else 30)
    lines = list(arena.run(job))
    assert len(lines) == len(job.games) == 2 + 2 + 2  # every game was played
    for line in lines:
        if behaviour not in line["seats"]:
            assert line["fault"] is None
            assert line["scores"][0] > 0
            continue
        fault = line["fault"]
        assert fault["kind"] == kind
        assert fault["label"] == behaviour
        assert line["seats"][fault["seat"]] == behaviour
        assert detail in fault["detail"]
        assert line["scores"] == [0, 0]  # the cooperative rule: the team scores nothing
        assert replayed(line).current_player == fault["seat"]  # stopped at its move
    report = arena.summarize(lines, cooperative=True)
    faults = {row.label: dict(row.faults) for row in report.seats}
    assert faults == {"convention": {}, behaviour: {kind: 4}}


def test_in_a_competitive_game_the_faulting_seat_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    job = arena.plan("koikoi", ["bug=arena_testbots:raises", "random"], games=4,
                     move_limit=5)
    lines = list(arena.run(job))
    for line in lines:
        fault = line["fault"]
        assert fault["label"] == "bug"
        assert fault["kind"] == "crash"
        assert "RuntimeError: a bug in this bot" in fault["detail"]
        assert line["seats"][fault["seat"]] == "bug"
        # Last whatever the scores (0 to 0 at the first move), the other seat first.
        assert line["ranks"][fault["seat"]] == 1
        assert line["ranks"][1 - fault["seat"]] == 0
    report = arena.summarize(lines, cooperative=False)
    overall = {row.first: row.record for row in report.pairs if row.second is None}
    assert (overall["bug"].wins, overall["bug"].losses) == (0, 4)
    assert (overall["random"].wins, overall["random"].losses) == (4, 0)
