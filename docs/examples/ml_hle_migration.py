"""Code written for DeepMind's hanabi_learning_environment.rl_env, with one import changed:
an agent subclassing rl_env.Agent, run as HLE's rl_env_example.py runs its agents."""

from __future__ import annotations

import random
from typing import Any

# Before: from hanabi_learning_environment import rl_env
from cardgames.rl import hanabi_hle as rl_env


class PlayCluedCardsAgent(rl_env.Agent):
    """Plays a card a clue touched, else gives a random clue, else discards at random."""

    def __init__(self, config: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        self.config = config
        self.rng = random.Random(config.get("seed", 0))

    def reset(self, config: dict[str, Any]) -> None:
        self.config = config

    def act(self, observation: dict[str, Any]) -> dict[str, Any] | None:
        if observation["current_player_offset"] != 0:
            return None  # not this agent's turn
        for index, known in enumerate(observation["card_knowledge"][0]):
            if known["color"] is not None or known["rank"] is not None:
                return {"action_type": "PLAY", "card_index": index}
        moves = observation["legal_moves"]
        clues = [move for move in moves if move["action_type"].startswith("REVEAL")]
        discards = [move for move in moves if move["action_type"] == "DISCARD"]
        choice: dict[str, Any] = self.rng.choice(clues or discards or moves)
        return choice


environment = rl_env.make("Hanabi-Full", num_players=3)
agents = [PlayCluedCardsAgent({"players": 3, "seed": seat}) for seat in range(3)]
observations = environment.reset()
done, total, steps = False, 0, 0
while not done:
    for seat, agent in enumerate(agents):  # every agent is asked; only the player's move counts
        action = agent.act(observations["player_observations"][seat])
        if seat == observations["current_player"]:
            move = action
    assert move is not None
    vector = observations["player_observations"][0]["vectorized"]  # HLE's canonical vector
    assert len(vector) == 956  # its size for 3 players
    observations, reward, done, info = environment.step(move)
    total += reward
    steps += 1
print(f"a game of three agents: {steps} moves, rewards summing to {total}")
print("fireworks:", observations["player_observations"][0]["fireworks"])
