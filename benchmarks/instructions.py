"""Instruction counts of fixed engine workloads, for comparing two checkouts on a busy machine.

Wall-clock figures swing by tens of percent when other work shares the cores; the number of
instructions a fixed workload executes does not. Run under valgrind's callgrind, once with N
games and once with none (the imports), and take the difference::

    for n in 60 0; do PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/instructions.py hanabi_apply $n 2>&1 | grep Collected; done

Do the same with the other checkout's ``src`` on ``PYTHONPATH`` and compare the differences.
The first games of a run include building each configuration's tables once; compare equal N.
Koi-Koi workloads deal with ``shuffle="per-deal"`` where the engine has that option, so that
rules version 3 deals the same cards as older checkouts.

Workloads: hanabi_apply, hanabi_step, hanabi_view_step (step + the HLE observation of the
player to act), hanabi_new (new games with a single option over the rule set), ikebana_apply,
ikebana_step, koikoi_apply (one-round games), koikoi_greedy (greedy bots, view + choose).
Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import cardgames
from cardgames.core.game import State

RNG = random.Random(1)


def hanabi(game: int, **options: object) -> State[object]:
    return cardgames.new_game("hanabi", players=2, seed=game, **options)


def ikebana(game: int) -> State[object]:
    return cardgames.new_game("ikebana", players=2, seed=game)


def koikoi(game: int) -> State[object]:
    info = cardgames.get_game("koikoi")
    same_deals = {"shuffle": "per-deal"} if "shuffle" in info.make_options().to_dict() else {}
    return cardgames.new_game("koikoi", seed=game, rounds=1, **same_deals)


def by_actions(new: Callable[[int], State[object]], games: int) -> None:
    for game in range(games):
        state = new(game)
        while not state.is_over:
            state.apply(RNG.choice(state.legal_actions()))


def by_ids(new: Callable[[int], State[object]], games: int) -> None:
    for game in range(games):
        state = new(game)
        while not state.is_over:
            state.step(RNG.choice(state.legal_action_ids()))


def hanabi_view_step(games: int) -> None:
    from cardgames.rl import hanabi as encoding  # noqa: PLC0415  # numpy: only this workload

    for game in range(games):
        state = hanabi(game)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            encoding.observation(state.view(seat))
            state.step(RNG.choice(state.legal_action_ids()))


def hanabi_new(games: int) -> None:
    for game in range(games):
        hanabi(game, empty_clues=False)


def koikoi_greedy(games: int) -> None:
    bots = [cardgames.get_game("koikoi").bots["greedy"](seed) for seed in (1, 2)]
    for game in range(games):
        state = koikoi(game)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat), state.legal_actions()))


WORKLOADS: dict[str, Callable[[int], None]] = {
    "hanabi_apply": lambda n: by_actions(hanabi, n),
    "hanabi_step": lambda n: by_ids(hanabi, n),
    "hanabi_view_step": hanabi_view_step,
    "hanabi_new": hanabi_new,
    "ikebana_apply": lambda n: by_actions(ikebana, n),
    "ikebana_step": lambda n: by_ids(ikebana, n),
    "koikoi_apply": lambda n: by_actions(koikoi, n),
    "koikoi_greedy": koikoi_greedy,
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in WORKLOADS or not sys.argv[2].isdigit():
        sys.exit(f"usage: instructions.py {{{','.join(WORKLOADS)}}} GAMES")
    WORKLOADS[sys.argv[1]](int(sys.argv[2]))
