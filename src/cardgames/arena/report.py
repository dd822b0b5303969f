"""What an arena run found, worked out from its JSON lines alone (a file read back gives the
same report): :func:`summarize`.

* ``crossplay``: the cross-play matrix, row A and column B the team's mean score with one A
  and the rest of the seats B (the diagonal: self-play), each with its 95% interval, and
  every mix of two bots;
* ``roundrobin``: each pair's and each bot's win rate (a drawn game half a win) with its
  Wilson interval, the mean point difference, and each bot's rating (openskill's
  Plackett-Luce model over the games in order: ``mu``, ``sigma`` and the conservative
  ``mu - 3 sigma``);
* ``adhoc``: each bot's mean score (cooperative) or win rate (competitive) in its seat with
  the drawn partners.

Every report counts each seat's decisions, its mean time a decision and its faults.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import cardgames
from cardgames.simulate import check_plot_path, installed, wilson_interval

__all__ = [
    "RATINGS_EXTRA",
    "AdhocRow",
    "Mean",
    "PairRow",
    "Rate",
    "Rating",
    "Report",
    "SeatRow",
    "mix_name",
    "plot",
    "summarize",
]

RATINGS_EXTRA: Final = "pip install 'cardgames-engines[arena]'"
"""How to install openskill, which the round robin's ratings need."""
Z95: Final = 1.96


@attrs.frozen
class Mean:
    """A mean over `n` games with its 95% interval (normal approximation)."""

    n: int
    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        if not values:
            return cls(0, math.nan, math.nan, math.nan)
        mean = statistics.fmean(values)
        half = (Z95 * statistics.stdev(values) / math.sqrt(len(values))
                if len(values) > 1 else 0.0)
        return cls(len(values), mean, mean - half, mean + half)

    def __str__(self) -> str:
        return f"{self.mean:.2f} ± {self.high - self.mean:.2f}" if self.n else "–"


@attrs.frozen
class Rate:
    """Wins, draws and losses over `n` games; the rate counts a draw as half a win, its
    interval is Wilson's (95%)."""

    wins: int
    draws: int
    losses: int

    @property
    def n(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def rate(self) -> float:
        return (self.wins + self.draws / 2) / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins + self.draws / 2, self.n)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.rate:.1%} ({low:.1%}–{high:.1%})" if self.n else "–"


@attrs.frozen
class Rating:
    """A bot's openskill rating after the run's games."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the rating it has almost surely earned."""
        return self.mu - 3 * self.sigma


@attrs.frozen
class SeatRow:
    """One seat's games, decisions, time and faults over the run."""

    label: str
    games: int
    decisions: int
    seconds: float
    faults: Mapping[str, int]

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else math.nan


@attrs.frozen
class PairRow:
    """A pair of bots in a round robin (or a bot overall, `second` None): `first`'s record."""

    first: str
    second: str | None
    record: Rate
    difference: Mean
    """`first`'s mean score less the other's, a game."""


@attrs.frozen
class AdhocRow:
    label: str
    score: Mean
    """The score of the bot's seat (the team's, in a cooperative game)."""
    record: Rate | None
    """Its wins among the seats (a competitive game), else None."""


@attrs.frozen
class Report:
    """An arena run, summed up (see the module docstring for each mode's parts)."""

    game: str
    mode: str
    players: int
    games: int
    labels: tuple[str, ...]
    """The bots, in the order the run named them."""
    seats: tuple[SeatRow, ...]
    matrix: Mapping[tuple[str, str], Mean] = attrs.field(factory=dict)
    """crossplay: (row, column) -> the team's score with one row bot, the rest column bots."""
    mixes: Mapping[str, Mean] = attrs.field(factory=dict)
    """crossplay: every mix of seats played (:func:`mix_name`) -> the team's score."""
    pairs: tuple[PairRow, ...] = ()
    """roundrobin: each pair, then each bot against all (`second` None)."""
    ratings: Mapping[str, Rating] | None = None
    """roundrobin: each bot's rating; None when openskill is not installed."""
    adhoc: tuple[AdhocRow, ...] = ()


def mix_name(seats: Sequence[str], order: Sequence[str]) -> str:
    """A table's bots as counted: ``"h-group ×2 + convention ×1"`` (bots in `order`)."""
    counts = Counter(seats)
    return " + ".join(f"{label} ×{counts[label]}" for label in order if label in counts)


def summarize(lines: Iterable[Mapping[str, Any]], *, cooperative: bool | None = None) -> Report:
    """The report of an arena run's lines (all of one run); `cooperative` is the game's
    (looked up by its name when not given)."""
    games = list(lines)
    if not games:
        raise ValueError("an arena run of no games has no report")
    first = games[0]
    if cooperative is None:
        cooperative = cardgames.get_game(first["game"]).cooperative
    labels = tuple(dict.fromkeys(label for line in games for label in line["seats"]))
    if first["mode"] == "adhoc":
        tested = dict.fromkeys(line["seats"][line["focus"]] for line in games)
        labels = (*tested, *(label for label in labels if label not in tested))
    report = Report(first["game"], first["mode"], first["players"], len(games), labels,
                    _seat_rows(games, labels))
    if first["mode"] == "crossplay":
        return _crossplay(report, games)
    if first["mode"] == "roundrobin":
        return _roundrobin(report, games)
    return _adhoc(report, games, cooperative)


def _seat_rows(games: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> tuple[SeatRow, ...]:
    played: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    seconds: dict[str, float] = dict.fromkeys(labels, 0.0)
    faults: dict[str, Counter[str]] = {label: Counter() for label in labels}
    for line in games:
        times = line["time"]
        for seat, label in enumerate(line["seats"]):
            played[label] += 1
            decisions[label] += times["decisions"][seat]
            seconds[label] += times["seconds"][seat]
        fault = line["fault"]
        if fault is not None and fault["label"] is not None:
            faults[fault["label"]][fault["kind"]] += 1
    return tuple(SeatRow(label, played[label], decisions[label], seconds[label],
                         dict(faults[label])) for label in labels)


def _crossplay(report: Report, games: Sequence[Mapping[str, Any]]) -> Report:
    order = report.labels
    by_mix: dict[str, list[float]] = {}
    for line in games:
        by_mix.setdefault(mix_name(line["seats"], order), []).append(line["scores"][0])
    mixes = {name: Mean.of(scores) for name, scores in by_mix.items()}
    players = report.players
    matrix: dict[tuple[str, str], Mean] = {}
    for row in order:
        for column in order:
            seats = [row] * players if row == column else [row] + [column] * (players - 1)
            found = mixes.get(mix_name(seats, order))
            if found is not None:
                matrix[row, column] = found
    return attrs.evolve(report, matrix=matrix, mixes=mixes)


def _roundrobin(report: Report, games: Sequence[Mapping[str, Any]]) -> Report:
    order = {label: place for place, label in enumerate(report.labels)}
    results: dict[tuple[str, str], list[tuple[int, float]]] = {}
    # (outcome for the pair's first bot: 1 won, 0 drawn, -1 lost; its point difference)
    outcomes: list[tuple[str, str, int]] = []
    for line in games:
        first, second = sorted(set(line["seats"]), key=order.__getitem__)
        seats, ranks, scores = line["seats"], line["ranks"], line["scores"]
        mine = [seat for seat, label in enumerate(seats) if label == first]
        theirs = [seat for seat, label in enumerate(seats) if label == second]
        best_mine = min(ranks[seat] for seat in mine)
        best_theirs = min(ranks[seat] for seat in theirs)
        outcome = (best_mine < best_theirs) - (best_mine > best_theirs)
        difference = (statistics.fmean(scores[seat] for seat in mine)
                      - statistics.fmean(scores[seat] for seat in theirs))
        results.setdefault((first, second), []).append((outcome, difference))
        outcomes.append((first, second, outcome))
    pairs = [_pair_row(first, second, found) for (first, second), found in results.items()]
    for label in report.labels:
        # Every game of the bot, from its side.
        its = [(outcome, difference) for (first, _), found in results.items()
               if first == label for outcome, difference in found]
        its += [(-outcome, -difference) for (_, second), found in results.items()
                if second == label for outcome, difference in found]
        pairs.append(_pair_row(label, None, its))
    return attrs.evolve(report, pairs=tuple(pairs),
                        ratings=_ratings(report.labels, outcomes))


def _pair_row(first: str, second: str | None, found: Sequence[tuple[int, float]]) -> PairRow:
    outcomes = [outcome for outcome, _ in found]
    record = Rate(outcomes.count(1), outcomes.count(0), outcomes.count(-1))
    return PairRow(first, second, record, Mean.of([difference for _, difference in found]))


def _ratings(labels: Sequence[str],
             outcomes: Sequence[tuple[str, str, int]]) -> dict[str, Rating] | None:
    """Each bot's openskill rating (Plackett-Luce) after the games in order; None without
    openskill."""
    if not installed("openskill"):
        return None
    from openskill.models import PlackettLuce  # noqa: PLC0415  # the arena extra: only ratings need it

    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    for first, second, outcome in outcomes:
        # Lower ranks are better; a draw is a shared rank.
        [[ratings[first]], [ratings[second]]] = model.rate(
            [[ratings[first]], [ratings[second]]], ranks=[int(outcome < 0), int(outcome > 0)]
        )
    return {label: Rating(rating.mu, rating.sigma) for label, rating in ratings.items()}


def _adhoc(report: Report, games: Sequence[Mapping[str, Any]], cooperative: bool) -> Report:
    scores: dict[str, list[float]] = {}
    records: dict[str, list[int]] = {}
    for line in games:
        focus = line["focus"]
        label = line["seats"][focus]
        scores.setdefault(label, []).append(line["scores"][focus])
        if not cooperative:
            ranks = line["ranks"]
            shared = ranks.count(0)
            records.setdefault(label, []).append(
                -1 if ranks[focus] else 1 if shared == 1 else 0)
    rows = []
    for label, found in scores.items():
        record = None
        if not cooperative:
            outcomes = records[label]
            record = Rate(outcomes.count(1), outcomes.count(0), outcomes.count(-1))
        rows.append(AdhocRow(label, Mean.of(found), record))
    return attrs.evolve(report, adhoc=tuple(rows))


def plot(report: Report, path: Path) -> None:
    """Draw `report` to `path` (PNG, SVG or PDF by suffix; the plot extra): the cross-play
    matrix as a heat map, the round robin's ratings (``mu`` ± ``sigma``, or the win rates
    with their intervals without openskill), or the ad-hoc scores with their intervals."""
    check_plot_path(path)
    from matplotlib.figure import Figure  # noqa: PLC0415  # the plot extra, slow to load: only a plot needs it

    figure = Figure(figsize=(7, 5), layout="constrained")
    axes = figure.subplots()
    labels = list(report.labels)
    title = f"{report.game} {report.mode}, {report.players} players, {report.games} games"
    if report.mode == "crossplay":
        cells = [[report.matrix[row, column].mean if (row, column) in report.matrix
                  else math.nan for column in labels] for row in labels]
        image = axes.imshow(cells, cmap="viridis")
        figure.colorbar(image, ax=axes, label="team score (mean)")
        least, most = image.get_clim()
        for y, row in enumerate(labels):
            for x, column in enumerate(labels):
                found = report.matrix.get((row, column))
                if found is not None:
                    # Dark text on viridis' bright end, light on its dark end.
                    bright = found.mean > (least + most) / 2
                    axes.text(x, y, f"{found.mean:.1f}\n±{found.high - found.mean:.1f}",
                              ha="center", va="center", fontsize=9,
                              color="black" if bright else "white")
        axes.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
        axes.set_yticks(range(len(labels)), labels)
        axes.set_xlabel("partners (the other seats)")
        axes.set_ylabel("one seat")
    elif report.mode == "roundrobin" and report.ratings is not None:
        ratings = report.ratings
        axes.bar(labels, [ratings[label].mu for label in labels],
                 yerr=[ratings[label].sigma for label in labels], capsize=6, color="#4c72b0")
        axes.set_ylabel("openskill rating, mu ± sigma")
    else:
        rows = ([(row.first, row.record) for row in report.pairs if row.second is None]
                if report.mode == "roundrobin" else
                [(row.label, row.record) for row in report.adhoc if row.record is not None])
        if rows:
            rates = [record.rate * 100 for _, record in rows]
            intervals = [record.interval for _, record in rows]
            low = [rate - first * 100
                   for rate, (first, _) in zip(rates, intervals, strict=True)]
            high = [last * 100 - rate
                    for rate, (_, last) in zip(rates, intervals, strict=True)]
            axes.bar([label for label, _ in rows], rates, yerr=[low, high], capsize=6,
                     color="#4c72b0")
            axes.set_ylabel("win rate, % (95% interval)")
            axes.set_ylim(0, 100)
        else:
            means = [row.score for row in report.adhoc]
            axes.bar([row.label for row in report.adhoc], [mean.mean for mean in means],
                     yerr=[mean.high - mean.mean for mean in means], capsize=6,
                     color="#4c72b0")
            axes.set_ylabel("team score (mean, 95% interval)")
    axes.set_title(title)
    figure.savefig(path, format=path.suffix.lower().lstrip("."))
