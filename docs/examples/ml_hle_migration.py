"""Code written for DeepMind's hanabi_learning_environment.rl_env, with one import changed."""

from __future__ import annotations

import random

# Before: from hanabi_learning_environment import rl_env
from cardgames.rl import hle as rl_env

environment = rl_env.make("Hanabi-Full", num_players=2)
observations = environment.reset()
rng = random.Random(0)
done, total, steps = False, 0, 0
while not done:
    player = observations["current_player"]
    mine = observations["player_observations"][player]
    vector = mine["vectorized"]  # HLE's canonical observation: 658 values for 2 players
    assert len(vector) == 658
    move = rng.choice(mine["legal_moves"])  # HLE's move dicts; legal_moves_as_int has the uids
    observations, reward, done, info = environment.step(move)
    total += reward
    steps += 1
print(f"a random game: {steps} moves, rewards summing to {total}")
print("fireworks:", observations["player_observations"][0]["fireworks"])
