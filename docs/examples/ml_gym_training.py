"""A tiny training loop on Gymnasium: a linear softmax policy learns Ikebana against a bot.

REINFORCE with a running baseline, in numpy, for a few hundred steps: the point is the loop
(observation, action mask, reward), not a strong player.
"""

from __future__ import annotations

import numpy as np

from cardgames.rl import gym_env

game = gym_env("ikebana", seat=0, opponents="greedy", players=2, rounds=1)
rng = np.random.default_rng(0)
size = game.observation_space["observation"].shape[0]
weights = np.zeros((game.action_space.n, size))  # one linear score per action id
baseline, learning_rate = 0.0, 0.01


def policy(observation: dict[str, np.ndarray]) -> np.ndarray:
    """Action probabilities: a softmax of the linear scores over the legal ids only."""
    scores = weights @ observation["observation"]
    scores[observation["action_mask"] == 0] = -np.inf
    scores = np.exp(scores - scores.max())
    return scores / scores.sum()


returns, steps = [], 0
for episode in range(40):
    observation, info = game.reset(seed=episode)
    trajectory, rewards, done = [], [], False
    while not done:
        probabilities = policy(observation)
        action = int(rng.choice(len(probabilities), p=probabilities))
        trajectory.append((observation["observation"], action, probabilities))
        observation, reward, terminated, truncated, info = game.step(action)
        rewards.append(reward)
        done = terminated or truncated
        steps += 1
    # Each action is credited with the rewards that followed it.
    to_go = np.cumsum(rewards[::-1])[::-1]
    for (features, action, probabilities), value in zip(trajectory, to_go, strict=True):
        gradient = -probabilities
        gradient[action] += 1.0
        weights += learning_rate * (value - baseline) * np.outer(gradient, features)
    baseline += 0.1 * (sum(rewards) - baseline)
    returns.append(sum(rewards))

print(f"{steps} steps in {len(returns)} episodes")
print(f"mean prestige gained: first 10 episodes {np.mean(returns[:10]):.1f}, "
      f"last 10 {np.mean(returns[-10:]):.1f}")
