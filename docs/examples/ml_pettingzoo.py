"""Random agents through PettingZoo: one game of each, every agent choosing among its legal ids."""

from __future__ import annotations

import numpy as np

from cardgames.rl import env


def play_randomly(game: str, seed: int, **config: object) -> dict[str, float]:
    """One game with uniformly random legal actions; each agent's total reward."""
    aec = env(game, **config)
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _info = aec.last()
        totals[agent] += reward
        if termination or truncation:
            action = None  # the game is over: each agent leaves with step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        aec.step(action)
    aec.close()
    return totals


# Hanabi pays every agent the change in the team score: the totals are the final score.
print("hanabi (rainbow, 3 players):", play_randomly("hanabi", 1, players=3, variant="rainbow"))
# Koi-Koi pays a round's points to its winner and takes them from the loser: zero-sum.
koikoi = play_randomly("koikoi", 1, preset="online", rounds=2)
print("koikoi (online, 2 rounds):", koikoi)
assert sum(koikoi.values()) == 0
# Ikebana pays the change in each player's prestige (refusals and purchases move it too).
print("ikebana (4 players):", play_randomly("ikebana", 1, players=4))
