"""Koi-Koi against random play on cardgames.vector: an actor-critic learns on a CPU.

The agent holds seat 0 of one-round ``nintendo`` matches (``rounds=1``; the dealer is drawn
each match); seat 1 picks a uniformly random legal id. The opponent is part of the
environment: every step is recorded with the agent's own observation
(``cardgames.rl.koikoi``'s values), the critic learns from all of them, the policy only from
the agent's decisions. The reward is the match's outcome: +1 won, -1 lost, 0 drawn (the
env pays the round's points, + to the winner; learning their sign aims at winning, where
learning the points themselves learns to call koi-koi for bigger rounds and wins no more
often). The learner is advantage actor-critic with GAE and an entropy
bonus, a two-layer MLP and Adam, in plain JAX (no other dependency), as in
``vector_hanabi_selfplay.py``. Run as it is it makes three small updates (the docs' tests
run it: compiling the evaluation's loop too would double their time); ``--full`` trains for
some minutes, draws the learning curve (needs matplotlib) and plays 1,000 new matches
against random play before and after training::

    python docs/examples/vector_koikoi_learn.py --full
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
GAMES = 256 if FULL else 16  # matches stepped side by side
UNROLL = 32 if FULL else 4  # steps per update
UPDATES = 300 if FULL else 3
EVALUATION_MATCHES = 1000
HIDDEN = 256
GAMMA, LAMBDA, ENTROPY, LEARNING_RATE = 0.99, 0.95, 0.01, 1e-3
AGENT = 0  # the learner's seat; seat 1 plays uniformly random legal ids

env = vector.make("koikoi", rounds=1)
size, actions = env.observation_shape[0], env.num_actions
observe = jax.vmap(env.functions.observe)
step = jax.vmap(env.step_one)


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


def uniform_legal(mask: jax.Array, key: jax.Array) -> jax.Array:
    """A uniformly random legal id per match: the k-th legal id for a random k."""
    count = mask.sum(axis=1)
    chosen = jax.random.randint(key, count.shape, 0, jnp.maximum(count, 1))
    ranks = jnp.cumsum(mask, axis=1) - 1
    return (mask & (ranks == chosen[:, None])).argmax(axis=1).astype(jnp.int32)


def agent_view(state: vector.VectorState) -> jax.Array:
    return observe(state, jnp.full(state.current_player.shape, AGENT, jnp.int32))


def choose(params: Any, state: vector.VectorState, key: jax.Array,
           greedy: jax.Array | bool = False) -> tuple[jax.Array, ...]:
    """The agent's id where it is to act, a random legal id elsewhere; with the agent's view,
    its log-probabilities and the value."""
    agent_key, random_key = jax.random.split(key)
    view = agent_view(state)
    log_probs, value = network(params, view, state.legal_action_mask)
    mine = state.current_player == AGENT
    picked = jnp.where(greedy, jnp.argmax(log_probs, axis=-1),
                       jax.random.categorical(agent_key, log_probs))
    action = jnp.where(mine, picked, uniform_legal(state.legal_action_mask, random_key))
    return action, view, mine, value


def rollout(params: Any, state: vector.VectorState, key: jax.Array) -> tuple[Any, ...]:
    def one(state: vector.VectorState, key: jax.Array) -> tuple[Any, Any]:
        act_key, step_key = jax.random.split(key)
        action, view, mine, value = choose(params, state, act_key)
        new, result = env.step_autoreset_batch(state, action,
                                               jax.random.split(step_key, GAMES))
        won = result.scores[:, AGENT] > result.scores[:, 1 - AGENT]
        record = (view, state.legal_action_mask, action, mine, value,
                  result.rewards[:, AGENT], result.terminated, won)  # the points: the curve
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
    state, (view, mask, action, mine, value, reward, done, won) = rollout(params, state, key)
    _, last = network(params, agent_view(state), state.legal_action_mask)
    advantage = advantages(value, jnp.sign(reward), done.astype(jnp.float32), last)
    target = advantage + value
    weight = mine.astype(jnp.float32)
    decisions = jnp.maximum(weight.sum(), 1.0)

    def loss(params: Any) -> jax.Array:
        log_probs, values = network(params, view, mask)
        chosen = jnp.take_along_axis(log_probs, action[..., None], axis=-1)[..., 0]
        mean = (advantage * weight).sum() / decisions
        spread = jnp.sqrt((((advantage - mean) ** 2) * weight).sum() / decisions)
        normalised = (advantage - mean) / (spread + 1e-8)
        policy_loss = -(chosen * jax.lax.stop_gradient(normalised) * weight).sum() / decisions
        entropy = -(jnp.where(mask, jnp.exp(log_probs) * log_probs, 0.0)).sum(-1)
        return (policy_loss + 0.5 * ((values - target) ** 2).mean()
                - ENTROPY * (entropy * weight).sum() / decisions)

    grads = jax.grad(loss)(params)
    params, moments = adam(params, grads, moments, t)
    return params, moments, state, done.sum(), (done & won).sum(), jnp.where(done, reward, 0).sum()


@jax.jit
def play_out(params: Any, state: vector.VectorState, key: jax.Array,
             greedy: jax.Array) -> vector.VectorState:
    """Every match of `state` played to its end (none restarted: a finished match stays)."""

    def more(carry: tuple[vector.VectorState, jax.Array]) -> jax.Array:
        return ~carry[0].terminated.all()

    def one(carry: tuple[vector.VectorState, jax.Array]) -> tuple[Any, jax.Array]:
        state, key = carry
        key, act_key, step_key = jax.random.split(key, 3)
        action = choose(params, state, act_key, greedy)[0]
        keys = jax.random.split(step_key, state.terminated.shape[0])
        return step(state, action, keys), key

    return jax.lax.while_loop(more, one, (state, key))[0]


def evaluate(params: Any, matches: int, key: jax.Array, greedy: bool) -> tuple[int, int, int]:
    """(wins, draws, losses) of the agent in `matches` one-round matches against random
    play, its ids sampled from the policy or (`greedy`) the most likely."""
    deal_key, play_key = jax.random.split(key)
    state = play_out(params, env.init(jax.random.split(deal_key, matches)), play_key,
                     jnp.asarray(greedy))
    mine, theirs = np.asarray(state.scores[:, AGENT]), np.asarray(state.scores[:, 1 - AGENT])
    return (int((mine > theirs).sum()), int((mine == theirs).sum()),
            int((mine < theirs).sum()))


def main() -> None:
    key = jax.random.key(0)
    params = init_params(key)
    moments = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))
    state = env.init(jax.random.split(jax.random.key(1), GAMES))
    if FULL:
        before = evaluate(params, EVALUATION_MATCHES, jax.random.key(7), greedy=False)
    curve: list[tuple[int, float, float]] = []
    ended = wins = points = 0.0
    start = time.perf_counter()
    for t in range(1, UPDATES + 1):
        key, now = jax.random.split(key)
        params, moments, state, finished, won, scored = update(
            params, moments, jnp.float32(t), state, now)
        ended, wins, points = ended + float(finished), wins + float(won), points + float(scored)
        if t % (10 if FULL else 1) == 0:
            steps = t * UNROLL * GAMES
            rate, mean = wins / max(ended, 1.0), points / max(ended, 1.0)
            curve.append((steps, rate, mean))
            print(f"{steps:>10,} steps  {ended:>6,.0f} matches  won {rate:6.1%}  "
                  f"points per match {mean:+5.2f}  ({time.perf_counter() - start:.0f} s)")
            ended = wins = points = 0.0
    if not FULL:
        return
    for label, result in (("untrained, sampling", before),
                          ("trained, sampling", evaluate(params, EVALUATION_MATCHES,
                                                         jax.random.key(8), greedy=False)),
                          ("trained, greedy", evaluate(params, EVALUATION_MATCHES,
                                                       jax.random.key(9), greedy=True))):
        won, drawn, lost = result
        print(f"{label:>20} vs random, {EVALUATION_MATCHES} one-round matches: "
              f"won {won}, drawn {drawn}, lost {lost} (win rate {won / EVALUATION_MATCHES:.1%})")
    import matplotlib  # noqa: PLC0415  # the plot extra, for the full run only

    matplotlib.use("Agg")
    from matplotlib import pyplot  # noqa: PLC0415

    figure, axes = pyplot.subplots(figsize=(6, 3.5))
    axes.plot([s / 1e6 for s, _, _ in curve], [100 * r for _, r, _ in curve])
    axes.set_xlabel("environment steps (millions, both seats)")
    axes.set_ylabel("matches won against random (%)")
    axes.set_title("Koi-Koi, one-round matches, cardgames.vector on a CPU")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    out = Path(__file__).resolve().parents[1] / "images" / "vector_koikoi_learn.png"
    out.parent.mkdir(exist_ok=True)
    figure.savefig(out, dpi=110)
    np.savetxt(out.with_suffix(".csv"), np.array(curve), delimiter=",",
               header="steps,win_rate,points_per_match", fmt="%g")
    print(f"learning curve: {out}")


if __name__ == "__main__":
    main()
