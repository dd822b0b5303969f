"""GreedyBot plays exactly the moves it played before it was made faster.

``greedy_games.json`` holds, for seeded games over every preset and player count (greedy
self-play, and greedy seats beside random ones to reach poor and odd positions), the number
of moves and a SHA-256 of the move list, recorded with GreedyBot as of commit c9db009 (before
the speed-up), and re-recorded once when bots came to draw their ties (and the random seats
their moves) from their seed and the position instead of one generator each: with the old
draws, every recorded game replayed move for move (so the values were unchanged); with the
new, 30 of the 192 greedy games took another tie somewhere, and every mixed game changed.
Re-record only for a deliberate change of the bot's play::

    .venv/bin/python tests/ikebana/test_greedy_recorded.py --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import cardgames
from cardgames.core.agents import Agent, RandomAgent
from cardgames.core.loop import play
from cardgames.ikebana import PRESETS
from cardgames.ikebana.bots import GreedyBot

RECORDED = Path(__file__).with_name("greedy_games.json")
SEEDS = range(12)


def game_digest(preset: str, players: int, seed: int, mixed: bool) -> tuple[int, str]:
    """Play one seeded game; its move count and the SHA-256 of its moves, one per line."""
    state = cardgames.new_game("ikebana", players=players, seed=seed, preset=preset)
    agents: list[Agent] = [
        RandomAgent(seed * 10 + seat) if mixed and seat % 2 else GreedyBot(seed * 10 + seat)
        for seat in range(players)
    ]
    record = play(state, agents)
    text = "\n".join(record.actions)
    return len(record.actions), hashlib.sha256(text.encode()).hexdigest()


def all_games() -> dict[str, list[object]]:
    return {
        f"{preset}/{players}p/{seed}/{'mixed' if mixed else 'greedy'}": list(
            game_digest(preset, players, seed, mixed)
        )
        for preset in PRESETS
        for players in range(2, 6)
        for seed in SEEDS
        for mixed in (False, True)
    }


def test_greedy_plays_the_recorded_moves() -> None:
    recorded = json.loads(RECORDED.read_text())
    played = all_games()
    assert played.keys() == recorded.keys()
    differ = [key for key in played if played[key] != recorded[key]]
    assert not differ, f"{len(differ)} games differ from the record, e.g. {differ[:3]}"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: test_greedy_recorded.py --write  (re-records greedy_games.json)")
    RECORDED.write_text(json.dumps(all_games(), indent=1, sort_keys=True) + "\n")
