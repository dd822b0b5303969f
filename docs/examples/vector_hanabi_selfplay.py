"""Hanabi self-play on cardgames.vector: an actor-critic learns HLE's two-player game on a CPU.

One policy plays every seat: it sees the acting seat's observation (HLE's 658 values) and the
legal mask, and all seats share the team reward, so each game is one sequence of decisions.
Batched games with auto-reset run inside ``jax.lax.scan``; the learner is advantage
actor-critic with GAE and an entropy bonus, a two-layer MLP and Adam, written in plain JAX
(no other dependency). Run as it is it makes three small updates (the docs' tests run it);
``--full`` trains for some minutes and draws the learning curve (needs matplotlib)::

    python docs/examples/vector_hanabi_selfplay.py --full
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from cardgames import vector

FULL = "--full" in sys.argv
GAMES = 256 if FULL else 16  # games stepped side by side
UNROLL = 16 if FULL else 4  # steps per update
UPDATES = 600 if FULL else 3
HIDDEN = 256
GAMMA, LAMBDA, ENTROPY, LEARNING_RATE = 0.99, 0.95, 0.01, 5e-4

env = vector.make("hanabi", players=2, variant="standard+no-empty-clues")
size, actions = env.observation_shape[0], env.num_actions


def dense(key: jax.Array, fan_in: int, fan_out: int) -> dict[str, jax.Array]:
    return {"w": jax.random.normal(key, (fan_in, fan_out)) * jnp.sqrt(2.0 / fan_in),
            "b": jnp.zeros(fan_out)}


def init_params(key: jax.Array) -> dict[str, Any]:
    k1, k2, k3, k4 = jax.random.split(key, 4)
    policy = dense(k3, HIDDEN, actions)
    policy["w"] = policy["w"] * 0.01  # start near uniform over the legal ids
    return {"l1": dense(k1, size, HIDDEN), "l2": dense(k2, HIDDEN, HIDDEN),
            "policy": policy, "value": dense(k4, HIDDEN, 1)}


def network(params: dict[str, Any], observation: jax.Array,
            mask: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Masked log-probabilities over the action ids, and the value."""
    x = observation.astype(jnp.float32)
    x = jax.nn.relu(x @ params["l1"]["w"] + params["l1"]["b"])
    x = jax.nn.relu(x @ params["l2"]["w"] + params["l2"]["b"])
    logits = x @ params["policy"]["w"] + params["policy"]["b"]
    logits = jnp.where(mask, logits, -1e9)
    value = (x @ params["value"]["w"] + params["value"]["b"])[..., 0]
    return jax.nn.log_softmax(logits), value


def adam(params: Any, grads: Any, moments: Any, t: jax.Array) -> tuple[Any, Any]:
    """One Adam step (β 0.9 / 0.999)."""
    m, v = moments
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, grads)
    params = jax.tree.map(
        lambda p, m, v: p - LEARNING_RATE * (m / (1 - 0.9**t))
        / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, (m, v)


def rollout(params: Any, state: vector.VectorState, key: jax.Array) -> tuple[Any, ...]:
    def one(state: vector.VectorState, key: jax.Array) -> tuple[Any, Any]:
        act_key, step_key = jax.random.split(key)
        log_probs, value = network(params, state.observation, state.legal_action_mask)
        action = jax.random.categorical(act_key, log_probs)
        new, result = env.step_autoreset(state, action, jax.random.split(step_key, GAMES))
        record = (state.observation, state.legal_action_mask, action, value,
                  result.rewards[:, 0], result.terminated, result.scores[:, 0])
        return new, record

    return jax.lax.scan(one, state, jax.random.split(key, UNROLL))


def advantages(values: jax.Array, rewards: jax.Array, done: jax.Array,
               last: jax.Array) -> jax.Array:
    def back(carry: tuple[jax.Array, jax.Array], step: Any) -> tuple[Any, jax.Array]:
        gae, next_value = carry
        value, reward, ended = step
        keep = 1.0 - ended
        delta = reward + GAMMA * next_value * keep - value
        gae = delta + GAMMA * LAMBDA * keep * gae
        return (gae, value), gae

    _, out = jax.lax.scan(back, (jnp.zeros_like(last), last), (values, rewards, done),
                          reverse=True)
    return out


@jax.jit
def update(params: Any, moments: Any, t: jax.Array, state: vector.VectorState,
           key: jax.Array) -> tuple[Any, ...]:
    state, (obs, mask, action, value, reward, done, score) = rollout(params, state, key)
    _, last = network(params, state.observation, state.legal_action_mask)
    advantage = advantages(value, reward, done.astype(jnp.float32), last)
    target = advantage + value

    def loss(params: Any) -> jax.Array:
        log_probs, values = network(params, obs, mask)
        chosen = jnp.take_along_axis(log_probs, action[..., None], axis=-1)[..., 0]
        normalised = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        policy_loss = -(chosen * jax.lax.stop_gradient(normalised)).mean()
        entropy = -(jnp.where(mask, jnp.exp(log_probs) * log_probs, 0.0)).sum(-1).mean()
        return policy_loss + 0.5 * ((values - target) ** 2).mean() - ENTROPY * entropy

    grads = jax.grad(loss)(params)
    params, moments = adam(params, grads, moments, t)
    finished = done.sum()
    return params, moments, state, finished, jnp.where(done, score, 0).sum()


def main() -> None:
    key = jax.random.key(0)
    params = init_params(key)
    moments = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))
    state = env.init(jax.random.split(jax.random.key(1), GAMES))
    curve: list[tuple[int, float]] = []
    ended = total = 0.0
    start = time.perf_counter()
    for t in range(1, UPDATES + 1):
        key, now = jax.random.split(key)
        params, moments, state, finished, scored = update(params, moments, jnp.float32(t),
                                                          state, now)
        ended, total = ended + float(finished), total + float(scored)
        if t % (20 if FULL else 1) == 0:
            mean = total / max(ended, 1.0)
            steps = t * UNROLL * GAMES
            curve.append((steps, mean))
            print(f"{steps:>10,} steps  {ended:>7,.0f} games  mean final score {mean:5.2f}  "
                  f"({time.perf_counter() - start:.0f} s)")
            ended = total = 0.0
    if FULL:
        import matplotlib  # noqa: PLC0415  # the plot extra, for the full run only

        matplotlib.use("Agg")
        from matplotlib import pyplot  # noqa: PLC0415

        figure, axes = pyplot.subplots(figsize=(6, 3.5))
        axes.plot([s / 1e6 for s, _ in curve], [m for _, m in curve])
        axes.set_xlabel("environment steps (millions)")
        axes.set_ylabel("mean final score")
        axes.set_title("Hanabi self-play, 2 players, cardgames.vector on a CPU")
        axes.grid(alpha=0.3)
        figure.tight_layout()
        out = Path(__file__).resolve().parents[1] / "images" / "vector_hanabi_selfplay.png"
        out.parent.mkdir(exist_ok=True)
        figure.savefig(out, dpi=110)
        np.savetxt(out.with_suffix(".csv"), np.array(curve), delimiter=",",
                   header="steps,mean_final_score", fmt="%g")
        print(f"learning curve: {out}")


if __name__ == "__main__":
    main()
