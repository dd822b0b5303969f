"""Koi-Koi bot strength: one bundled bot or level against another, seeded matches.

Plays whole matches (preset ``nintendo`` unless ``--preset`` says otherwise: 12 rounds) of
``--bot`` (default ``search``, the hard level) against ``--against`` (default ``greedy``),
the measured bot in seat P1 in even-numbered matches and in seat P2 in odd ones (seat-swapped
pairs), match ``i`` dealt from seed ``seed + i`` and both bots seeded from it. A match won by
the higher total (or bank) counts 1, a drawn one 1/2. It reports the measured bot's win rate
with a 95% Wilson interval (draws as half a win: the interval is that of a binomial rate,
slightly wider than needed), the mean match score of each side and the measured bot's
milliseconds per decision (wall-clock time inside ``act`` over the decisions with more than
one legal move, the same in CPU time of this process, and the wall-clock time over all calls
of ``act``). The machine is shared, so the wall-clock times grow with its load; the CPU times
much less.

The ``expert`` level's network was trained on JAX keys from seed 2026 (``cardgames train
koikoi --seed 2026``), never on these Python seeds; report it from seeds never used to
compare settings (docs/games/koikoi.md uses 1,000,000 and up).

Usage::

    python benchmarks/strength_koikoi.py --games 40
    python benchmarks/strength_koikoi.py --games 1000 --bot learned --seed 1000000
    python benchmarks/strength_koikoi.py --games 100 --bot learned --against hard
    python benchmarks/strength_koikoi.py --games 40 --seed 1000 --preset koikoi-ai

``measure(games, seed)`` returns the table's rows for ``benchmarks/strength.py``.
Not collected by pytest: strength floors on small samples are asserted in
``tests/koikoi/test_search_bot.py``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from benchkit import TimedBot, print_table
from cardgames.koikoi import GAME, PRESETS, KoiKoiState, make_rules
from cardgames.simulate import wilson_interval


def play_matches(games: int, seed: int, preset: str = "nintendo", bot: str = "search",
                 against: str = "greedy") -> dict[str, Any]:
    """Play `games` matches of the bot named `bot` against `against`; the raw counts."""
    rules = make_rules(preset)
    wins = draws = losses = 0
    bot_points = other_points = 0
    timed: list[TimedBot] = []
    for index in range(games):
        match_seed = seed + index
        bot_seat = index % 2
        measured = TimedBot(GAME.bots[bot](match_seed))
        timed.append(measured)
        opponent = GAME.bots[against](match_seed)
        state = KoiKoiState.new(rules, players=2, seed=match_seed)
        bots: dict[int, Any] = {bot_seat: measured, 1 - bot_seat: opponent}
        while not state.is_over:
            seat = state.current_player
            assert seat is not None, "a match that is not over has a player to act"
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        scores = state.scores()
        mine, theirs = scores[bot_seat], scores[1 - bot_seat]
        bot_points += mine
        other_points += theirs
        if mine > theirs:
            wins += 1
        elif mine == theirs:
            draws += 1
        else:
            losses += 1
    return {
        "preset": preset,
        "bot": bot,
        "against": against,
        "n": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "bot_points": bot_points,
        "other_points": other_points,
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
    names = {name: type(GAME.bots[name](0)).__name__ for name in (counts["bot"],
                                                                   counts["against"])}
    return {
        "matchup": f"koikoi {counts['preset']}: {names[counts['bot']]} vs "
                   f"{names[counts['against']]}",
        "n": n,
        "win rate": points / n,
        "95% interval": (low, high),
        "wins-draws-losses": f"{counts['wins']}-{counts['draws']}-{counts['losses']}",
        "mean score": f"{counts['bot_points'] / n:.1f} to {counts['other_points'] / n:.1f}",
        "ms per decision": 1000 * counts["choice_seconds"] / max(counts["choices"], 1),
        "CPU ms per decision": 1000 * counts["choice_cpu"] / max(counts["choices"], 1),
        "ms per act call": 1000 * counts["seconds"] / max(counts["decisions"], 1),
    }


def measure(games: int, seed: int) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/strength.py``: `games` seeded Nintendo matches of the hard
    and the expert level against the greedy bot."""
    return [row(play_matches(games, seed, bot=bot)) for bot in ("search", "expert")]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="matches to play (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    parser.add_argument("--preset", default="nintendo", help="rule preset (default nintendo)")
    parser.add_argument("--bot", default="search",
                        help="the bot or level measured (default search, the hard level)")
    parser.add_argument("--against", default="greedy",
                        help="its opponent, a bot or level (default greedy)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    if args.preset not in PRESETS:
        parser.error(f"--preset must be one of {', '.join(PRESETS)} (got {args.preset!r})")
    for flag, name in (("--bot", args.bot), ("--against", args.against)):
        if name not in GAME.bots:
            parser.error(f"{flag} must be one of {', '.join(GAME.bots)} (got {name!r})")
    print_table([row(play_matches(args.games, args.seed, args.preset, args.bot,
                                  args.against))])


if __name__ == "__main__":
    main()
