"""A writer killed (SIGKILL) at random points never leaves a torn save, and its lock is taken
over by the next process."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cardgames
from cardgames.session import SaveLock, load_session
from fuzz.kit import COUNTS, long_seconds

WRITER = """
import sys
from pathlib import Path
import cardgames
from cardgames.session import HUMAN, SaveLock, SavedGame, save_session

path = Path(sys.argv[1])
SaveLock(path).acquire()
state = cardgames.new_game("koikoi", seed=int(sys.argv[2]))
session = SavedGame(state, (HUMAN, "random"), 1)
save_session(path, session)
print("ready", flush=True)
while True:  # save after every move, game after game, until killed
    if state.is_over:
        state = cardgames.new_game("koikoi", seed=state.seed + 1)
        session = SavedGame(state, (HUMAN, "random"), 1)
    state.apply(state.legal_actions()[0])
    save_session(path, session)
"""


def kill_a_writer(path: Path, rng: random.Random) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(rng.randrange(1000))],
        stdout=subprocess.PIPE, text=True,
    )
    assert writer.stdout is not None
    assert writer.stdout.readline() == "ready\n"
    time.sleep(rng.uniform(0, 0.05))
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    COUNTS["writers killed"] += 1
    # The save is whole: it reads back and replays.
    session = load_session(path, cardgames.get_game("koikoi"))
    assert session.state.game_name == "koikoi"
    # The dead writer's lock is taken over, and its half-written temporary files go.
    lock = SaveLock(path)
    lock.acquire()
    lock.release()
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_killed_writer_never_tears_the_save(tmp_path: Path) -> None:
    rng = random.Random(11)
    for _ in range(6):
        kill_a_writer(tmp_path / "game.json", rng)


@pytest.mark.fuzz
def test_a_killed_writer_never_tears_the_save_long(tmp_path: Path) -> None:
    rng = random.Random()
    stop = time.monotonic() + long_seconds()
    while time.monotonic() < stop:
        kill_a_writer(tmp_path / "game.json", rng)
