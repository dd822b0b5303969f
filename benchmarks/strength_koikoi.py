"""Koi-Koi bot strength: the search bot against the greedy bot, seeded matches.

Plays whole matches (preset ``nintendo`` unless ``--preset`` says otherwise: 12 rounds) of
:class:`~cardgames.koikoi.search.SearchBot` against :class:`~cardgames.koikoi.bots.GreedyBot`,
the search bot in seat P1 in even-numbered matches and in seat P2 in odd ones, match ``i``
dealt from seed ``seed + i`` and both bots seeded from it. A match won by the higher total
(or bank) counts 1, a drawn one 1/2. It reports the search bot's win rate with a 95% Wilson
interval (draws as half a win: the interval is that of a binomial rate, slightly wider than
needed), the mean match score of each side and the search bot's milliseconds per decision
(wall-clock time inside ``act`` over the decisions with more than one legal move, the same
in CPU time of this process, and the wall-clock time over all calls of ``act``). The machine
is shared, so the wall-clock times grow with its load; the CPU times much less.

Usage::

    python benchmarks/strength_koikoi.py --games 40
    python benchmarks/strength_koikoi.py --games 40 --seed 1000 --preset koikoi-ai

``measure(games, seed)`` returns the table's rows for ``benchmarks/strength.py``.
Not collected by pytest: strength floors on small samples are asserted in
``tests/koikoi/test_search_bot.py``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from benchkit import TimedBot
from cardgames.koikoi import PRESETS, KoiKoiState, make_rules
from cardgames.koikoi.bots import GreedyBot
from cardgames.koikoi.search import SearchBot
from cardgames.simulate import wilson_interval


def play_matches(games: int, seed: int, preset: str = "nintendo") -> dict[str, Any]:
    """Play `games` matches of the search bot against the greedy bot; the raw counts."""
    rules = make_rules(preset)
    wins = draws = losses = 0
    search_points = greedy_points = 0
    timed: list[TimedBot] = []
    for index in range(games):
        match_seed = seed + index
        search_seat = index % 2
        search = TimedBot(SearchBot(match_seed))
        timed.append(search)
        greedy = GreedyBot(match_seed)
        state = KoiKoiState.new(rules, players=2, seed=match_seed)
        bots: dict[int, Any] = {search_seat: search, 1 - search_seat: greedy}
        while not state.is_over:
            seat = state.current_player
            assert seat is not None, "a match that is not over has a player to act"
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        scores = state.scores()
        mine, theirs = scores[search_seat], scores[1 - search_seat]
        search_points += mine
        greedy_points += theirs
        if mine > theirs:
            wins += 1
        elif mine == theirs:
            draws += 1
        else:
            losses += 1
    return {
        "preset": preset,
        "n": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "search_points": search_points,
        "greedy_points": greedy_points,
        "seconds": sum(t.seconds for t in timed),
        "decisions": sum(t.decisions for t in timed),
        "choice_seconds": sum(t.choice_seconds for t in timed),
        "choice_cpu": sum(t.choice_cpu for t in timed),
        "choices": sum(t.choices for t in timed),
    }


def row(counts: dict[str, Any]) -> dict[str, Any]:
    """One table row from :func:`play_matches`' counts."""
    n = counts["n"]
    points = counts["wins"] + counts["draws"] / 2
    low, high = wilson_interval(points, n)
    return {
        "matchup": f"koikoi {counts['preset']}: SearchBot vs GreedyBot",
        "n": n,
        "win rate": points / n,
        "95% interval": (low, high),
        "wins-draws-losses": f"{counts['wins']}-{counts['draws']}-{counts['losses']}",
        "mean score": f"{counts['search_points'] / n:.1f} to {counts['greedy_points'] / n:.1f}",
        "ms per decision": 1000 * counts["choice_seconds"] / max(counts["choices"], 1),
        "CPU ms per decision": 1000 * counts["choice_cpu"] / max(counts["choices"], 1),
        "ms per act call": 1000 * counts["seconds"] / max(counts["decisions"], 1),
    }


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/strength.py``: `games` seeded Nintendo matches."""
    return [row(play_matches(games, seed))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="matches to play (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    parser.add_argument("--preset", default="nintendo", help="rule preset (default nintendo)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    if args.preset not in PRESETS:
        parser.error(f"--preset must be one of {', '.join(PRESETS)} (got {args.preset!r})")
    result = row(play_matches(args.games, args.seed, args.preset))
    low, high = result["95% interval"]
    print(f"{'matchup':44} {'n':>5} {'win rate':>8} {'95% interval':>15} {'W-D-L':>11} "
          f"{'mean score':>14} {'ms/decision':>11} {'CPU ms':>6} {'ms/act':>7}")
    print(f"{result['matchup']:44} {result['n']:>5} {result['win rate']:>8.1%} "
          f"{f'{low:.1%}-{high:.1%}':>15} {result['wins-draws-losses']:>11} "
          f"{result['mean score']:>14} {result['ms per decision']:>11.0f} "
          f"{result['CPU ms per decision']:>6.0f} "
          f"{result['ms per act call']:>7.0f}")


if __name__ == "__main__":
    main()
