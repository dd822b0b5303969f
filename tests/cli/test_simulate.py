"""Simulations: cardgames.simulate on any executor, simulate --cluster (Ray), the histograms
and --plot."""

from __future__ import annotations

import concurrent.futures
import importlib
import multiprocessing
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
import ray
from typer.testing import CliRunner

import cardgames
from cardgames.cli import HISTOGRAM_WIDTH, app
from cardgames.core.errors import OptionsError

# `cardgames.simulate` is the function; the module behind it, for its helpers.
simulation = importlib.import_module("cardgames.simulate")
GameResult = simulation.GameResult

runner = CliRunner()
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def one_error_line(code: int, output: str) -> str:
    assert code == 2, output
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith("error: ")
    return lines[0]


def processes_naming(text: str) -> list[int]:
    """The live processes whose command line holds `text`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:  # ended while we looked
            continue
        if text.encode() in command:
            found.append(int(entry.name))
    return found


# ------------------------------------------------------------------------------ the API
def test_a_process_pool_gives_the_games_of_one_process_in_order() -> None:
    here = list(cardgames.simulate("koikoi", 7, bots=["greedy", "random"], seed=11))
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=spawn) as pool:
        pooled = list(cardgames.simulate(
            "koikoi", 7, bots=["greedy", "random"], seed=11, executor=pool, chunk_size=2
        ))
    assert pooled == here
    assert [result.index for result in here] == list(range(7))
    assert [result.seed for result in here] == [11 + index for index in range(7)]
    for result in here:
        assert result.record is not None
        assert result.record.meta["bots"] == list(result.bots)
        # Each record replays to the scores the run reported.
        assert tuple(cardgames.replay(result.record).scores()) == result.scores
    # The bots change seats game by game.
    assert [result.bots for result in here[:2]] == [("greedy", "random"), ("random", "greedy")]


def test_chunks_and_threads_do_not_change_the_games() -> None:
    plain = list(cardgames.simulate("hanabi", 5, bots="random", players=3, seed=2,
                                    options={"variant": "rainbow"}))
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        for size in (1, 2, 5):
            threaded = list(cardgames.simulate(
                "hanabi", 5, bots="random", players=3, seed=2, options={"variant": "rainbow"},
                executor=pool, chunk_size=size, in_flight=2,
            ))
            assert threaded == plain
    assert all(result.record is not None and result.record.options["name"] == "rainbow"
               for result in plain)


def test_progress_counts_up_to_every_game_and_results_come_before_the_run_ends() -> None:
    calls: list[tuple[int, int]] = []
    results = cardgames.simulate("ikebana", 5, bots="random", chunk_size=2,
                                 progress=lambda done, total: calls.append((done, total)))
    first = next(results)
    assert first.index == 0
    assert calls == [(2, 5)]  # one chunk played so far, not the whole run
    rest = list(results)
    assert [result.index for result in rest] == [1, 2, 3, 4]
    assert calls == [(2, 5), (4, 5), (5, 5)]


class CountingPool(concurrent.futures.ThreadPoolExecutor):
    """One thread, counting the calls it actually ran."""

    def __init__(self) -> None:
        super().__init__(1)
        self.ran = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        def counted() -> Any:
            self.ran += 1
            return fn(*args, **kwargs)

        return super().submit(counted)


class HeldBackPool(concurrent.futures.ThreadPoolExecutor):
    """Chunks from game `held_from` on wait until `release` is set."""

    def __init__(self, held_from: int) -> None:
        super().__init__(2)
        self.held_from = held_from
        self.release = threading.Event()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        _, start, _ = args

        def held() -> Any:
            if start >= self.held_from:
                assert self.release.wait(60), "the test never let the chunk go"
            return fn(*args, **kwargs)

        return super().submit(held)


def test_results_come_back_while_later_chunks_are_still_playing() -> None:
    with HeldBackPool(held_from=2) as pool:
        results = cardgames.simulate("koikoi", 6, executor=pool, chunk_size=2)
        # Games 0 and 1 arrive while games 2 to 5 cannot have been played.
        assert [next(results).index, next(results).index] == [0, 1]
        pool.release.set()
        assert [result.index for result in results] == [2, 3, 4, 5]


def test_closing_a_run_early_cancels_the_chunks_not_started() -> None:
    with CountingPool() as pool:
        results = cardgames.simulate("hanabi", 60, executor=pool, chunk_size=1, in_flight=30,
                                     records=False)
        assert next(results).index == 0
        results.close()
    # 30 chunks were submitted; left running they would all have been played.
    assert 1 <= pool.ran < 30


def test_without_records_the_results_hold_none() -> None:
    results = list(cardgames.simulate("koikoi", 2, records=False))
    assert [result.record for result in results] == [None, None]
    assert all(len(result.scores) == 2 for result in results)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"games": 0}, "'games' must be a whole number of at least 1"),
        ({"chunk_size": 0}, "'chunk_size'"),
        ({"executor": "pool"}, "'executor' must be a concurrent.futures.Executor"),
        ({"bots": ["greedy", "random", "random"]}, "'bots' names 3 bots for 2 seats"),
        ({"bots": "genius"}, "unknown bot 'genius'"),
        ({"options": {"colour": "blue"}}, "colour"),
        ({"seed": "7"}, "'seed' must be a whole number"),
        ({"options": ["variant=rainbow"]}, "'options' must map option names to values"),
        ({"bots": [1, 2]}, "'bots' must be a bot's name or a list of names"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(arguments: dict[str, object],
                                                   named: str) -> None:
    with pytest.raises(OptionsError, match=named.replace("(", r"\(")):
        cardgames.simulate("koikoi", **arguments)  # type: ignore[arg-type]


def test_wilson_intervals_match_their_closed_forms() -> None:
    z2 = 1.96**2
    assert simulation.wilson_interval(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    assert simulation.wilson_interval(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)
    low, high = simulation.wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)  # the textbook example
    low, high = simulation.wilson_interval(3, 40)
    mirror_low, mirror_high = simulation.wilson_interval(37, 40)
    assert (low, high) == (pytest.approx(1 - mirror_high), pytest.approx(1 - mirror_low))


def test_tally_counts_shared_best_scores_as_draws_in_first_game_seat_order() -> None:
    results = [
        GameResult(0, 0, (5, 3), ("b", "a"), 10),
        GameResult(1, 1, (4, 4), ("a", "b"), 10),
        GameResult(2, 2, (1, 9), ("b", "a"), 10),
    ]
    rows = simulation.tally(results)
    assert [(row.bot, row.played, row.wins, row.draws, row.losses, row.total_score)
            for row in rows] == [("b", 3, 1, 1, 1, 10), ("a", 3, 1, 1, 1, 16)]
    assert simulation.score_counts(
        [GameResult(i, i, (s, s), ("x", "x"), 1) for i, s in enumerate((3, 6, 6))]
    ) == {3: 1, 4: 0, 5: 0, 6: 2}


# ------------------------------------------------------------------------------ the CLI
def test_cluster_local_gives_the_records_of_one_worker(tmp_path: Path) -> None:
    one = tmp_path / "one.jsonl"
    code, output = invoke("simulate", "koikoi", "-n", "6", "--seed", "4", "--workers", "1",
                          "--out", str(one))
    assert code == 0, output
    ray_home = Path(tempfile.mkdtemp(prefix="cg-ray-"))  # short: Ray's sockets live in it
    cluster = tmp_path / "cluster.jsonl"
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cardgames", "simulate", "koikoi", "-n", "6", "--seed", "4",
             "--cluster", "local", "--workers", "2", "--out", str(cluster)],
            capture_output=True, text=True, timeout=240,
            env={**os.environ, "RAY_TMPDIR": str(ray_home)},
        )
        assert done.returncode == 0, done.stderr
        assert "6 games of koikoi" in done.stdout
        # Ray ran here and was shut down with the command: none of its processes is left.
        assert any(ray_home.iterdir()), "Ray kept its session files elsewhere"
        assert processes_naming(str(ray_home)) == []
    finally:
        for pid in processes_naming(str(ray_home)):  # only if the check above failed
            os.kill(pid, 9)
        shutil.rmtree(ray_home, ignore_errors=True)
    assert cluster.read_text() == one.read_text()
    assert len(one.read_text().splitlines()) == 6


def test_a_bare_folder_named_like_an_extra_is_not_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cg_extra_folder").mkdir()  # as Ray leaves /tmp/ray, seen from /tmp
    (tmp_path / "cg_extra_package").mkdir()
    (tmp_path / "cg_extra_package" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert not simulation.installed("cg_extra_folder")
    assert simulation.installed("cg_extra_package")


def test_cluster_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation, "installed", lambda module: module != "ray")
    line = one_error_line(*invoke("simulate", "hanabi", "-n", "2", "--cluster", "local"))
    assert "pip install 'cardgames-engines[cluster]'" in line


@pytest.mark.parametrize("cluster", ["local", "auto", "ray://10.1.2.3:10001", "ray://head:1"])
def test_cluster_addresses_ray_takes(cluster: str) -> None:
    assert simulation.ray_address(cluster) == cluster


@pytest.mark.parametrize("cluster", ["head:10001", "ray://:10001", "ray://head", "ray://head:x",
                                     "LOCAL", ""])
def test_cluster_addresses_ray_does_not_take(cluster: str) -> None:
    with pytest.raises(OptionsError, match="use local, auto or ray://HOST:PORT"):
        simulation.ray_address(cluster)


def test_the_ray_executor_needs_a_connected_ray() -> None:
    assert not ray.is_initialized()
    with pytest.raises(cardgames.CardgamesError, match=r"call ray.init\(\) first"):
        simulation.RayExecutor()


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--cluster", "somewhere"], "use local, auto or ray://HOST:PORT"),
        (["--cluster", "ray://host"], "use local, auto or ray://HOST:PORT"),
        (["--cluster", "auto", "-w", "2"], "--workers sets the CPUs of --cluster local"),
    ],
)
def test_bad_cluster_flags_are_one_line(flags: list[str], named: str) -> None:
    assert named in one_error_line(*invoke("simulate", "hanabi", "-n", "2", *flags))


def test_ray_and_matplotlib_load_only_when_asked_for() -> None:
    script = (
        "import sys\n"
        "from cardgames.cli import app\n"
        "for args in (['--help'], ['simulate', 'hanabi', '-n', '2'], ['simulate', '--help']):\n"
        "    try:\n"
        "        app(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in ('ray', 'matplotlib') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_bot_games_load_no_user_interface() -> None:
    # Playing bot games (a worker process, a script) and the session layer under them need
    # no command line and no screen: no typer, rich, click or Textual is imported.
    script = (
        "import sys\n"
        "import cardgames.simulate, cardgames.session\n"
        "from cardgames.simulate import simulate\n"
        "results = list(simulate('koikoi', 2, bots=['greedy', 'random'], seed=1))\n"
        "assert len(results) == 2\n"
        "user_interfaces = {'typer', 'rich', 'click', 'textual'}\n"
        "print(sorted({name.split('.')[0] for name in sys.modules} & user_interfaces))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_hanabi_histogram_counts_every_score_of_the_records(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    code, output = invoke("simulate", "hanabi", "-n", "12", "--bots", "random", "-p", "3",
                          "--seed", "1", "--out", str(records))
    assert code == 0, output
    scores = [cardgames.replay(cardgames.Record.from_json(line)).scores()[0]
              for line in records.read_text().splitlines()]
    lines = output.splitlines()
    table = lines[lines.index("score  games") + 1:]
    shown = {int(line.split()[0]): int(line.split()[1]) for line in table}
    assert shown == {score: scores.count(score)
                     for score in range(min(scores), max(scores) + 1)}
    most = max(shown.values())
    for line in table:
        count = int(line.split()[1])
        bar = line.split(maxsplit=2)[2] if count else ""
        # Each bar is its count's share of the longest, to an eighth of a character.
        assert abs(len(bar) - HISTOGRAM_WIDTH * count / most) < 1


def test_win_rates_show_their_95_percent_intervals() -> None:
    code, output = invoke("simulate", "koikoi", "-n", "10", "--bots", "greedy,random",
                          "--seed", "3")
    assert code == 0, output
    rows = {line.split()[0]: line.split() for line in output.splitlines()
            if line.split()[:1] in (["greedy"], ["random"])}
    assert set(rows) == {"greedy", "random"}
    for row in rows.values():
        played, wins = int(row[1]), int(row[2])
        low, high = simulation.wilson_interval(wins, played)
        assert row[6] == f"{low:.1%}–{high:.1%}"
    charts = [line for line in output.splitlines() if line.startswith("|")]
    assert [line.split()[-1] for line in charts] == ["greedy", "random"]
    for line in charts:
        assert line.count("●") == 1


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header chunk, which comes first."""
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize(("game", "flags"), [("hanabi", ["-p", "2"]),
                                             ("koikoi", ["--bots", "greedy,random"])])
def test_plot_writes_a_png(tmp_path: Path, game: str, flags: list[str]) -> None:
    picture = tmp_path / "run.png"
    code, output = invoke("simulate", game, "-n", "6", *flags, "--plot", str(picture))
    assert code == 0, output
    assert f"plot written to {picture}" in output.replace("\n", "")
    data = picture.read_bytes()
    assert png_size(data) == (700, 400)  # 7 by 4 inches at matplotlib's 100 dots an inch
    assert len(data) > 10_000  # bars, axes and a title, not an empty canvas


@pytest.mark.parametrize(
    ("target", "named"),
    [
        ("missing-folder/run.png", "No such file or directory"),
        ("run.gif", "must end in .png, .svg, .pdf"),
    ],
)
def test_an_unwritable_plot_is_refused_before_the_games(tmp_path: Path, target: str,
                                                          named: str) -> None:
    line = one_error_line(*invoke("simulate", "hanabi", "-n", "5000", "--bots", "random", "--plot",
                                  str(tmp_path / target)))
    assert named in line
    assert not list(tmp_path.iterdir())


def test_an_unwritable_file_is_named_whichever_of_out_and_plot_it_is(tmp_path: Path) -> None:
    good, bad = tmp_path / "ok", tmp_path / "missing-folder" / "x"
    line = one_error_line(*invoke("simulate", "hanabi", "-n", "2", "--out", f"{good}.jsonl",
                                  "--plot", f"{bad}.png"))
    assert f"cannot write '{bad}.png'" in line
    line = one_error_line(*invoke("simulate", "hanabi", "-n", "2", "--out", f"{bad}.jsonl",
                                  "--plot", f"{good}.png"))
    assert f"cannot write '{bad}.jsonl'" in line


def test_plot_without_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setattr(simulation, "installed", lambda module: module != "matplotlib")
    line = one_error_line(*invoke("simulate", "hanabi", "-n", "2", "--plot",
                                  str(tmp_path / "run.png")))
    assert "pip install 'cardgames-engines[plot]'" in line
