"""Many bot games at once, on one core, a process pool or a cluster.

``cardgames.simulate("koikoi", 100, bots=["greedy", "random"], seed=1)`` plays 100 games of
the greedy bot against the random one.

:func:`simulate` deals the games out in chunks to any :class:`concurrent.futures.Executor` (a
:class:`~concurrent.futures.ProcessPoolExecutor`, a Dask client's ``get_executor()``,
:class:`RayExecutor`) and yields one :class:`GameResult` per game, in game order, as the
chunks come back. Game *i* is seeded from the run's seed and *i* alone, so the results are the
same whatever the executor and the chunk size. :func:`tally`, :func:`score_counts` and
:func:`plot` summarise them; :func:`ray_cluster` starts or joins a Ray cluster.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib.util
import logging
import math
import multiprocessing
import os
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, ParamSpec, TypeVar

import attrs

# The package's registry (get_game); the package loads this module only when
# cardgames.simulate is first asked for, so the two do not import each other.
import cardgames
from cardgames.core.errors import CardgamesError, OptionsError, clip
from cardgames.core.loop import play
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo
from cardgames.session import seat_bots

__all__ = [
    "CLUSTER_EXTRA",
    "PLOT_EXTRA",
    "PLOT_FORMATS",
    "BotTally",
    "GameResult",
    "RayExecutor",
    "check_plot_path",
    "game_seed",
    "installed",
    "map_chunks",
    "open_executor",
    "plot",
    "ray_address",
    "ray_cluster",
    "score_counts",
    "simulate",
    "tally",
    "usable_cpus",
    "wilson_interval",
]

CLUSTER_EXTRA: Final = "pip install 'cardgames-engines[cluster]'"
"""How to install Ray, which :class:`RayExecutor` and :func:`ray_cluster` need."""
PLOT_EXTRA: Final = "pip install 'cardgames-engines[plot]'"
"""How to install matplotlib, which :func:`plot` needs."""
MAX_CHUNK: Final = 50
"""The most games in one chunk when the chunk size is left to :func:`simulate`."""
IN_FLIGHT: Final = 64
"""The most chunks submitted and not yet yielded, by default: bounds the memory a run holds
while a slow chunk keeps later ones waiting."""
PLOT_FORMATS: Final = (".png", ".svg", ".pdf")
"""The file types :func:`plot` writes, by suffix."""


@attrs.frozen
class GameResult:
    """One game of a simulation."""

    index: int
    """The game's number in the run, from 0."""
    seed: int
    """The game's seed (:func:`game_seed` of the run's seed and `index`)."""
    scores: tuple[int, ...]
    """The final scores by seat (Hanabi: the team's score in every seat)."""
    bots: tuple[str, ...]
    """The bot in every seat."""
    moves: int
    """How many moves the game took."""
    record: Record | None = None
    """The game's record, naming the bot in every seat in ``meta["bots"]``; None when the
    run was asked for no records."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: ``seed + index``.

    It depends on nothing else, so a run gives the same games however it is split up.
    """
    return seed + index


@attrs.frozen
class _Job:
    """What every game of a run shares; sent to the workers with each chunk."""

    game: str
    players: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    records: bool


def _play(job: _Job, index: int) -> GameResult:
    """Play game `index` of a run."""
    info = cardgames.get_game(job.game)
    seed = game_seed(job.seed, index)
    state = info.new_game(job.players, seed, **job.options)
    count = len(state.players)
    # Rotating the bots one seat a game spreads the first player's advantage over them all.
    shift = index % count if job.rotate else 0
    bots = tuple(job.bots[(seat - shift) % len(job.bots)] for seat in range(count))
    agents = [info.bots[name](seed * 7919 + seat) for seat, name in enumerate(bots)]
    record = play(state, agents, max_moves=info.max_moves)
    if job.records:
        record = attrs.evolve(record, meta={**record.meta, "bots": list(bots)})
    return GameResult(
        index, seed, tuple(state.scores()), bots, state.move_count,
        record if job.records else None,
    )


def _play_chunk(job: _Job, start: int, stop: int) -> list[GameResult]:
    """Games `start` to `stop` (not included) of a run: one task for an executor."""
    return [_play(job, index) for index in range(start, stop)]


def _positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OptionsError(f"{name!r} must be a whole number of at least 1, got "
                           f"{clip(repr(value))}")
    return value


def simulate(
    game: str,
    games: int = 100,
    *,
    bots: str | Sequence[str] = (),
    players: int | None = None,
    seed: int = 0,
    rotate: bool = True,
    records: bool = True,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    in_flight: int = IN_FLIGHT,
    progress: Callable[[int, int], object] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Generator[GameResult, None, None]:
    """Play `games` bot games of `game`; yield each one's :class:`GameResult` in game order.

    `bots` names one bot for every seat or one per seat (default: the game's default bot);
    with `rotate` they move one seat on every game. `options` are the game's options by name,
    as :func:`cardgames.new_game` takes them (``{"variant": "rainbow"}``,
    ``{"preset": "online", "rounds": 6}``). Game *i* is seeded ``seed + i``
    (:func:`game_seed`).

    Without an `executor` the games are played here, one after another. With one, they are
    submitted in chunks of `chunk_size` games (default: up to 50, small enough for every
    worker to get several), at most `in_flight` chunks at a time, and yielded in order as
    they come back; each worker looks the game up by name, so a game added with
    ``registry.register`` at run time is known only where it was registered. `progress`, if
    given, is called with (games done, games in all) whenever a chunk comes back.

    The arguments are checked at once (OptionsError naming what was wrong); the games are
    played as the iterator is read. Closing it (``close()``) cancels the chunks not yet
    started.
    """
    info: GameInfo[Any, Any] = cardgames.get_game(game)
    games = _positive("games", games)
    in_flight = _positive("in_flight", in_flight)
    if chunk_size is not None:
        chunk_size = _positive("chunk_size", chunk_size)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionsError(f"'seed' must be a whole number, got {clip(repr(seed))}")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise OptionsError(
            f"'executor' must be a concurrent.futures.Executor, got {type(executor).__name__}"
        )
    if options is not None and not isinstance(options, Mapping):
        raise OptionsError(
            f"'options' must map option names to values, got {type(options).__name__}"
        )
    if isinstance(bots, str):
        bots = (bots,)
    if not isinstance(bots, Sequence) or not all(isinstance(name, str) for name in bots):
        raise OptionsError(
            f"'bots' must be a bot's name or a list of names, got {clip(repr(bots))}"
        )
    count = info.check_players(players)
    names = tuple(seat_bots(info, bots, count, flag="'bots'"))
    if len(set(names)) == 1:
        names = names[:1]
    options = dict(options or {})
    info.new_game(count, seed, **options)  # bad options fail here, not in a worker
    job = _Job(info.name, count, options, names, seed, rotate, records)
    return map_chunks(_play_chunk, job, games, executor=executor, chunk_size=chunk_size,
                      in_flight=in_flight, progress=progress)


J = TypeVar("J")
R = TypeVar("R")


def map_chunks(
    work: Callable[[J, int, int], list[R]],
    job: J,
    count: int,
    *,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    in_flight: int = IN_FLIGHT,
    progress: Callable[[int, int], object] | None = None,
) -> Generator[R, None, None]:
    """``work(job, start, stop)`` over items 0 to `count` in chunks, yielding the items'
    results in order: how :func:`simulate` (and the arena) spread their games.

    `work` must be a module-level function and `job` picklable when an `executor` runs the
    chunks (a process pool, :class:`RayExecutor`); without one they run here, in turn.
    Chunks are of `chunk_size` items (default: up to :data:`MAX_CHUNK`, small enough for
    every worker to get several), at most `in_flight` submitted and not yet yielded;
    `progress` is called with (items done, `count`) whenever a chunk comes back. Closing the
    iterator cancels the chunks not yet started.
    """
    size = chunk_size or max(1, min(MAX_CHUNK, count // IN_FLIGHT))
    spans = _Spans(count, size)
    if executor is None:
        return _run_here(work, job, spans, count, progress)
    return _run_on(executor, work, job, spans, count, in_flight, progress)


@attrs.frozen
class _Spans:
    """The chunks of a run, (first game, game after the last), worked out as they are
    needed: a run of a billion games holds none of them in a list."""

    games: int
    size: int

    def __len__(self) -> int:
        return -(-self.games // self.size)

    def __getitem__(self, chunk: int) -> tuple[int, int]:
        start = chunk * self.size
        return start, min(self.games, start + self.size)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return (self[chunk] for chunk in range(len(self)))


def _run_here(
    work: Callable[[J, int, int], list[R]], job: J, spans: _Spans, games: int,
    progress: Callable[[int, int], object] | None,
) -> Generator[R, None, None]:
    done = 0
    for start, stop in spans:
        chunk = work(job, start, stop)
        done += len(chunk)
        if progress is not None:
            progress(done, games)
        yield from chunk


def _run_on(
    executor: concurrent.futures.Executor, work: Callable[[J, int, int], list[R]], job: J,
    spans: _Spans, games: int, in_flight: int, progress: Callable[[int, int], object] | None,
) -> Generator[R, None, None]:
    pending: dict[concurrent.futures.Future[list[R]], int] = {}
    arrived: dict[int, list[R]] = {}
    submitted = yielded = done = 0
    try:
        while yielded < len(spans):
            # Arrived chunks count against the bound too: they wait for an earlier one.
            while submitted < len(spans) and len(pending) + len(arrived) < in_flight:
                start, stop = spans[submitted]
                pending[executor.submit(work, job, start, stop)] = submitted
                submitted += 1
            finished, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in finished:
                chunk = future.result()  # a worker's exception is raised here, as it was
                arrived[pending.pop(future)] = chunk
                done += len(chunk)
            if progress is not None:
                progress(done, games)
            while yielded in arrived:
                yield from arrived.pop(yielded)
                yielded += 1
    finally:
        for future in pending:
            future.cancel()


# ------------------------------------------------------------------------------ summaries
def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default `z`); `successes` may
    count draws as halves (the interval is then that of a binomial rate, a little wide).

    Unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or `trials`
    successes, which small samples of bot games reach often.
    """
    if trials <= 0:
        return 0.0, 1.0
    rate = successes / trials
    spread = z * z / trials
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / trials + spread / (4 * trials)) / (1 + spread)
    # The interval holds the rate itself: at all or no successes rounding would leave it out.
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))


@attrs.define
class BotTally:
    """One bot's games in a competitive simulation: a seat counts once per game."""

    bot: str
    played: int = 0
    wins: int = 0
    """Games it won alone."""
    draws: int = 0
    """Games whose best score it shared."""
    losses: int = 0
    total_score: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the win rate (:func:`wilson_interval`)."""
        return wilson_interval(self.wins, self.played)

    @property
    def mean_score(self) -> float:
        return self.total_score / self.played if self.played else 0.0


def tally(results: Iterable[GameResult]) -> list[BotTally]:
    """Wins, draws and losses by bot, in the seat order of the first game."""
    rows: dict[str, BotTally] = {}
    for result in results:
        best = max(result.scores)
        winners = sum(1 for score in result.scores if score == best)
        for bot, score in zip(result.bots, result.scores, strict=True):
            row = rows.setdefault(bot, BotTally(bot))
            row.played += 1
            row.total_score += score
            if score < best:
                row.losses += 1
            elif winners == 1:
                row.wins += 1
            else:
                row.draws += 1
    return list(rows.values())


def score_counts(results: Iterable[GameResult]) -> dict[int, int]:
    """How many games ended on each team score (seat 0's), every score from the lowest to
    the highest reached, those no game reached with 0."""
    counts: dict[int, int] = {}
    for result in results:
        counts[result.scores[0]] = counts.get(result.scores[0], 0) + 1
    if not counts:
        return {}
    return {score: counts.get(score, 0) for score in range(min(counts), max(counts) + 1)}


def installed(module: str) -> bool:
    """Whether `module` can be imported, without importing it (an optional extra's).

    A bare folder of that name (Ray's own ``/tmp/ray``, seen from ``/tmp``) would import as
    an empty namespace package: it has no origin, and does not count.
    """
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None


# -------------------------------------------------------------------------------- pictures
def check_plot_path(path: Path) -> None:
    """OSError or CardgamesError (one line) if :func:`plot` could not write `path`; checked
    before a long run rather than after it."""
    if path.suffix.lower() not in PLOT_FORMATS:
        raise CardgamesError(
            f"cannot plot to {clip(str(path))!r}: the file must end in "
            f"{', '.join(PLOT_FORMATS)}"
        )
    if not installed("matplotlib"):
        raise CardgamesError(f"plotting needs matplotlib, the plot extra: {PLOT_EXTRA}")
    if path.is_dir():
        raise CardgamesError(f"cannot plot to {clip(str(path))!r}: it is a folder")
    # Opening for append creates the file if it can and changes nothing already there.
    existed = path.exists()
    with path.open("ab"):
        pass
    if not existed:
        path.unlink()


def plot(
    results: Sequence[GameResult], path: Path, *, title: str, cooperative: bool
) -> None:
    """Draw a run to `path` (PNG, SVG or PDF by suffix): the distribution of the team's
    scores for a cooperative game, else each bot's win rate with its 95% interval."""
    check_plot_path(path)
    from matplotlib.figure import Figure  # noqa: PLC0415  # the plot extra, slow to load: only a plot needs it

    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.subplots()
    if cooperative:
        counts = score_counts(results)
        axes.bar(list(counts), list(counts.values()), color="#4c72b0")
        axes.set_xlabel("team score")
        axes.set_ylabel("games")
        axes.set_xticks(list(counts))
    else:
        rows = tally(results)
        rates = [row.win_rate * 100 for row in rows]
        low = [rate - row.interval[0] * 100 for rate, row in zip(rates, rows, strict=True)]
        high = [row.interval[1] * 100 - rate for rate, row in zip(rates, rows, strict=True)]
        axes.bar([row.bot for row in rows], rates, yerr=[low, high], capsize=6,
                 color="#4c72b0")
        axes.set_ylabel("win rate, % (95% interval)")
        axes.set_ylim(0, 100)
    axes.set_title(title)
    figure.savefig(path, format=path.suffix.lower().lstrip("."))


# ---------------------------------------------------------------------------------- Ray
P = ParamSpec("P")
T = TypeVar("T")


class RayExecutor(concurrent.futures.Executor):
    """A :class:`concurrent.futures.Executor` that runs every call as a Ray task.

    Ray must be connected (``ray.init(...)``, or :func:`ray_cluster`). Each task runs in a
    worker process of the cluster, which must have cardgames installed.
    """

    def __init__(self) -> None:
        import ray  # noqa: PLC0415  # the cluster extra, installed or not: only a Ray run needs it

        if not ray.is_initialized():
            raise CardgamesError("RayExecutor needs a connected Ray: call ray.init() first")
        self._ray = ray
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(
        self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> concurrent.futures.Future[T]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        future: concurrent.futures.Future[T] = remote.remote(*args, **kwargs).future()
        return future


def ray_address(cluster: str) -> str:
    """`cluster` as Ray's address: ``local`` (a new instance on this machine), ``auto`` (the
    cluster this machine belongs to) or ``ray://HOST:PORT`` (a cluster's client server)."""
    if cluster in ("local", "auto"):
        return cluster
    host, _, port = cluster.removeprefix("ray://").rpartition(":")
    if not cluster.startswith("ray://") or not host or not port.isdigit():
        raise OptionsError(
            f"cluster {clip(cluster)!r} is not one Ray knows: use local, auto or ray://HOST:PORT"
        )
    return cluster


@contextlib.contextmanager
def ray_cluster(cluster: str, *, num_cpus: int | None = None) -> Iterator[RayExecutor]:
    """Connect to Ray for the length of a ``with`` block and yield a :class:`RayExecutor`.

    ``local`` starts a Ray instance on this machine with `num_cpus` CPUs (default: all) and
    stops it, its processes and all, when the block ends; ``auto`` and ``ray://HOST:PORT``
    join a running cluster and leave it running. CardgamesError (one line) when Ray is not
    installed or the cluster cannot be reached.
    """
    address = ray_address(cluster)
    if not installed("ray"):
        raise CardgamesError(f"running on Ray needs the cluster extra: {CLUSTER_EXTRA}")
    if address.startswith("ray://") and not installed("grpc"):
        raise CardgamesError(
            f"joining a cluster at ray://... needs Ray's client (grpcio): {CLUSTER_EXTRA}"
        )
    import ray  # noqa: PLC0415  # the cluster extra, checked above

    settings: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    if address == "local":
        settings.update(num_cpus=num_cpus, include_dashboard=False)
    try:
        with warnings.catch_warnings():
            # Ray warns on stderr, at length, before it raises the error said below.
            warnings.simplefilter("ignore")
            ray.init(address=address, **settings)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        if address == "auto" and isinstance(exc, ConnectionError):
            raise CardgamesError(
                "found no Ray cluster that this machine belongs to (cluster 'auto'): start "
                "one with 'ray start --head', or use a local one"
            ) from None
        raise CardgamesError(f"cannot start or join Ray at {address!r}: {exc}") from None
    try:
        yield RayExecutor()
    finally:
        ray.shutdown()


# ------------------------------------------------------------------------ where to run
def usable_cpus(limit: int | None = None) -> int:
    """The CPUs this process may run on (at most `limit`)."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        usable = os.cpu_count() or 1
    return max(1, usable if limit is None else min(limit, usable))


@contextlib.contextmanager
def open_executor(
    workers: int | None = None, cluster: str | None = None
) -> Iterator[concurrent.futures.Executor | None]:
    """Where a run's chunks go, for the length of a ``with`` block: None (here, in turn)
    for one worker, a process pool for `workers` > 1, or Ray for a `cluster` (see
    :func:`ray_cluster`; `workers` is then the CPUs of a local one, default all)."""
    if cluster is not None:
        if ray_address(cluster) != "local" and workers is not None:
            raise OptionsError(
                f"the number of workers sets the CPUs of a local cluster; the cluster "
                f"{cluster} has its own"
            )
        with ray_cluster(cluster, num_cpus=workers or usable_cpus()) as executor:
            yield executor
        return
    if workers is None or workers == 1:
        yield None
        return
    # spawn: a forked child would inherit a progress bar's thread and its locks.
    with concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn")
    ) as pool:
        yield pool
