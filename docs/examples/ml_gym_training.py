"""A tiny training loop on Gymnasium: a linear softmax policy learns Ikebana against a bot.

REINFORCE with a running baseline, numpy only, for a few hundred steps. The point is the loop
(observation, action mask, reward); with this seed the policy learns that keeping a drawn card
beats paying for refusals, which roughly doubles its prestige against the greedy bot.
"""

from __future__ import annotations

import numpy as np

from cardgames.rl import gym_env

game = gym_env("ikebana", seat=0, opponents="greedy", players=2, rounds=1)
size = game.observation_space["observation"].shape[0]
weights = np.zeros((game.action_space.n, size))  # one linear score per action id


def policy(observation: dict[str, np.ndarray]) -> np.ndarray:
    """Action probabilities: a softmax of the linear scores over the legal ids only."""
    scores = weights @ observation["observation"]
    scores[observation["action_mask"] == 0] = -np.inf
    scores = np.exp(scores - scores.max())
    return scores / scores.sum()


def episode(seed: int, rng: np.random.Generator) -> tuple[list, list[float]]:
    """One game from `seed`: (observation, action, probabilities) per step, and the rewards."""
    observation, _ = game.reset(seed=seed)
    steps, rewards, done = [], [], False
    while not done:
        probabilities = policy(observation)
        action = int(rng.choice(len(probabilities), p=probabilities))
        steps.append((observation["observation"], action, probabilities))
        observation, reward, terminated, truncated, _ = game.step(action)
        rewards.append(reward)
        done = terminated or truncated
    return steps, rewards


def evaluate() -> float:
    """Mean prestige gained over the same 30 games (and the same dice) every time."""
    rng = np.random.default_rng(123)
    return float(np.mean([sum(episode(10_000 + i, rng)[1]) for i in range(30)]))


before = evaluate()
rng = np.random.default_rng(0)
baseline, learning_rate, trained = 0.0, 0.1, 0
for number in range(40):
    steps, rewards = episode(number, rng)
    trained += len(steps)
    # Each action is credited with the rewards that followed it, less the baseline (scaled
    # and clipped: one lucky bouquet must not swamp the update).
    to_go = np.cumsum(rewards[::-1])[::-1]
    for (features, action, probabilities), value in zip(steps, to_go, strict=True):
        gradient = -probabilities
        gradient[action] += 1.0
        advantage = float(np.clip((value - baseline) / 10, -1, 1))
        weights += learning_rate * advantage * np.outer(gradient, features)
    baseline += 0.1 * (sum(rewards) - baseline)

print(f"trained for {trained} steps (40 games)")
print(f"mean prestige gained in 30 test games: {before:.1f} before, {evaluate():.1f} after")
