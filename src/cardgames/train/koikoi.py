"""Koi-Koi by self-play: PPO on the JAX engine against a league (extra ``train``).

``cardgames train koikoi --steps N`` runs :func:`train`. One jitted update plays
``rollout`` steps in each of ``num_envs`` matches (:mod:`cardgames.vector.koikoi`, Nintendo's
12-round matches), then runs PPO (clipped objective, GAE, masked illegal ids) on the
learner's decisions. The matches are split between three kinds of opponent, so that the
policy does not chase its own latest habits in circles:

- self-play: the current policy plays both seats, and both seats' decisions are learned;
- the league: a past self (a snapshot taken every ``snapshot_every`` updates, ``league``
  kept; one drawn per update) plays one seat;
- a greedy card-value policy, written here on the observation (the bundled Python bots
  cannot run inside JAX): it takes the capture of the most valuable cards (brights 20,
  animals 10, ribbons 5, chaff 1), throws its least valuable card when nothing matches, and
  always stops.

The network is :func:`cardgames.koikoi.expert.forward` (two hidden ReLU layers), the very
function the numpy bot plays with. A step's reward for a seat is its round points / 20, plus
1 for winning the match (-1 losing). Every ``eval_every`` updates the greedy-argmax policy
plays ``eval_matches`` matches against a uniformly random player and against the card-value
policy (seats alternating); those win rates are the learning curve.

Seeded (``seed``: every key comes from it), resumable (``checkpoint``: written every
``checkpoint_every`` updates and at the end; a run given an existing checkpoint goes on from
it), with a progress bar, a curve (PNG, where matplotlib is installed) and the figures as
JSON.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, NamedTuple

import attrs
import jax
import jax.numpy as jnp
import numpy as np
import optax

from cardgames.core.errors import OptionsError
from cardgames.koikoi import PRESETS
from cardgames.koikoi.actions import ACTION_SPACE, CAPTURE, KOIKOI, PLAY, STOP
from cardgames.koikoi.cards import CARDS, Kind
from cardgames.koikoi.expert import PARAMETERS, forward
from cardgames.koikoi.observation import LAYOUT
from cardgames.vector.env import VectorEnv, VectorState
from cardgames.vector.koikoi import make_env

__all__ = [
    "CURVE", "SUPPORTED_PRESETS", "TrainConfig", "check_preset", "export_weights", "train",
]

Array = jax.Array
Params = dict[str, Array]

SUPPORTED_PRESETS: Final = ("nintendo",)
"""The rule presets training is offered for (the shipped agent plays Nintendo's rules; the
first is ``cardgames train``'s default)."""
CURVE: Final = {"vs_random": "against random",
                "vs_greedy_policy": "against the card-value policy"}
"""The learning curve's win rates (keys of every history row and of ``figures["final"]``),
each with the words saying whom it is against."""
_SELF, _LEAGUE, _GREEDY = 0, 1, 2
_WIN_BONUS: Final = 1.0
_POINT_SCALE: Final = 1 / 20
_MASKED: Final = -1e9
_MAX_MATCH_STEPS: Final = 24 * 16 * 3
"""The most actions a match can take (the registry's ``max_moves`` for Koi-Koi)."""


@attrs.frozen
class TrainConfig:
    """A training run's settings (every figure of the run's JSON names them)."""

    steps: int = 1_000_000
    """Environment steps to play in all (rounded up to whole updates)."""
    seed: int = 0
    preset: str = "nintendo"
    num_envs: int = 256
    rollout: int = 32
    """Steps per match per update."""
    epochs: int = 3
    minibatches: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_weight: float = 0.5
    hidden: int = 256
    league: int = 8
    snapshot_every: int = 20
    share_league: float = 0.3
    share_greedy: float = 0.2
    eval_every: int = 25
    eval_matches: int = 256

    @property
    def steps_per_update(self) -> int:
        return self.num_envs * self.rollout

    @property
    def updates(self) -> int:
        return max(1, -(-self.steps // self.steps_per_update))


def check_preset(preset: str) -> None:
    """OptionsError (one line) for a preset training does not offer."""
    if preset not in SUPPORTED_PRESETS:
        what = "not trained for yet" if preset in PRESETS else "no Koi-Koi preset"
        raise OptionsError(
            f"training Koi-Koi supports the preset {', '.join(SUPPORTED_PRESETS)} only "
            f"({preset!r} is {what})")


# ------------------------------------------------------------------ the card-value policy
def _card_values() -> np.ndarray:
    worth = {Kind.BRIGHT: 20.0, Kind.ANIMAL: 10.0, Kind.RIBBON: 5.0, Kind.CHAFF: 1.0}
    return np.array([worth[card.kind] for card in CARDS], np.float32)


def _greedy_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(base (A,), same-month (48, A), taken value (48, A), plays-by-card (A,)): a play by
    card alone scores its card plus the field cards of its month, or minus its card when
    nothing matches; a named capture scores both cards; koi-koi never, stop always."""
    values = _card_values()
    count = len(ACTION_SPACE)
    base = np.zeros(count, np.float32)
    same_month = np.zeros((48, count), np.float32)
    by_card = np.zeros(count, bool)
    for index, action in enumerate(ACTION_SPACE.actions):
        if action.kind == PLAY and action.target < 0:
            by_card[index] = True
            base[index] = values[action.card]
            same_month[[c for c in range(48) if c >> 2 == action.card >> 2 and c != action.card],
                       index] = 1.0
        elif action.kind == PLAY:
            base[index] = values[action.card] + values[action.target]
        elif action.kind == CAPTURE:
            base[index] = values[action.card]
        elif action.kind == KOIKOI:
            base[index] = -1000.0
        elif action.kind == STOP:
            base[index] = 1000.0
    return base, same_month, same_month * values[:, None], by_card


def greedy_scores(observations: Array) -> Array:
    """(B, A) the card-value policy's score of every action id, from the observations."""
    base, same_month, taken, by_card = _greedy_tables()
    field = observations[..., LAYOUT["field"]]
    matches = field @ same_month
    gained = base + field @ taken
    values = jnp.asarray(_card_values())
    played = jnp.asarray(np.array([a.card for a in ACTION_SPACE.actions]).clip(0))
    thrown = -values[played]
    return jnp.where(by_card, jnp.where(matches > 0, gained, thrown), base)


# ------------------------------------------------------------------ network and policy
def init_params(key: Array, hidden: int) -> Params:
    """Orthogonal weights (the policy head small, so play starts near uniform)."""
    sizes = {"w1": (LAYOUT.size, hidden), "w2": (hidden, hidden),
             "policy_w": (hidden, len(ACTION_SPACE)), "value_w": (hidden, 1)}
    scales = {"w1": np.sqrt(2), "w2": np.sqrt(2), "policy_w": 0.01, "value_w": 1.0}
    keys = dict(zip(sizes, jax.random.split(key, len(sizes)), strict=True))
    params: Params = {}
    for name, shape in sizes.items():
        params[name] = jax.nn.initializers.orthogonal(scales[name])(keys[name], shape)
        params[name.replace("_w", "_b").replace("w", "b")] = jnp.zeros(shape[1])
    return params


def _masked_logits(params: Params, observations: Array, masks: Array) -> tuple[Array, Array]:
    logits, value = forward(params, observations)
    return jnp.where(masks, logits, _MASKED), value


def _sample(key: Array, logits: Array) -> Array:
    return jax.random.categorical(key, logits).astype(jnp.int32)


# ------------------------------------------------------------------ the jitted update
class Runner(NamedTuple):
    params: Params
    opt_state: Any
    league: Params
    """The past selves, stacked on a first axis of ``config.league``."""
    league_filled: Array
    env_state: VectorState
    key: Array
    update: Array


class Batch(NamedTuple):
    observation: Array
    mask: Array
    action: Array
    log_prob: Array
    value: Array
    seat: Array
    learner: Array
    rewards: Array
    done: Array


def _opponent_kinds(config: TrainConfig) -> tuple[np.ndarray, np.ndarray]:
    """Per match: the opponent's kind, and which seats the learner plays ((B, 2) bool)."""
    n = config.num_envs
    league = round(n * config.share_league)
    greedy = round(n * config.share_greedy)
    kinds = np.full(n, _SELF, np.int32)
    kinds[n - league - greedy:n - greedy] = _LEAGUE
    kinds[n - greedy:] = _GREEDY
    seats = np.ones((n, 2), bool)
    one_seat = kinds != _SELF
    learner_seat = np.arange(n) % 2
    seats[one_seat] = np.arange(2)[None, :] == learner_seat[one_seat, None]
    return kinds, seats


def _shaped(rewards: Array, terminated: Array, scores: Array) -> Array:
    """(B, 2): round points scaled, plus the match's outcome on its last step."""
    lead = scores - scores[:, ::-1]
    outcome = jnp.sign(lead).astype(jnp.float32) * _WIN_BONUS
    return rewards * _POINT_SCALE + jnp.where(terminated[:, None], outcome, 0.0)


def _advantages(config: TrainConfig, batch: Batch, last_values: Array) -> Array:
    """(T, B) GAE per learner decision, each seat's decisions chained past the opponent's
    steps between them (their rewards are added to the seat's next decision back)."""
    total = jnp.zeros_like(batch.value)
    for seat in (0, 1):
        mine = batch.learner & (batch.seat == seat)

        def back(carry: tuple[Array, Array, Array], step: tuple[Array, ...]
                 ) -> tuple[tuple[Array, Array, Array], Array]:
            next_value, next_advantage, pending = carry
            value, reward, done, own = step
            next_value = jnp.where(done, 0.0, next_value)
            next_advantage = jnp.where(done, 0.0, next_advantage)
            pending = jnp.where(done, 0.0, pending) + reward
            advantage = (pending + config.gamma * next_value - value
                         + config.gamma * config.gae_lambda * next_advantage)
            carry = (jnp.where(own, value, next_value),
                     jnp.where(own, advantage, next_advantage),
                     jnp.where(own, 0.0, pending))
            return carry, jnp.where(own, advantage, 0.0)

        start = (last_values[seat], jnp.zeros_like(last_values[seat]),
                 jnp.zeros_like(last_values[seat]))
        _, advantages = jax.lax.scan(
            back, start, (batch.value, batch.rewards[..., seat], batch.done, mine),
            reverse=True)
        total = total + advantages
    return total


def _loss(config: TrainConfig, params: Params, batch: Batch, advantages: Array,
          returns: Array) -> tuple[Array, dict[str, Array]]:
    logits, value = _masked_logits(params, batch.observation, batch.mask)
    log_probs = jax.nn.log_softmax(logits)
    log_prob = jnp.take_along_axis(log_probs, batch.action[:, None], axis=1)[:, 0]
    weight = batch.learner.astype(jnp.float32)
    count = jnp.maximum(weight.sum(), 1.0)
    ratio = jnp.exp(log_prob - batch.log_prob)
    clipped = jnp.clip(ratio, 1 - config.clip, 1 + config.clip)
    policy = -(jnp.minimum(ratio * advantages, clipped * advantages) * weight).sum() / count
    value_loss = (((value - returns) ** 2) * weight).sum() / count
    entropy = (-(jnp.exp(log_probs) * log_probs).sum(axis=1) * weight).sum() / count
    loss = policy + config.value_weight * value_loss - config.entropy * entropy
    return loss, {"policy_loss": policy, "value_loss": value_loss, "entropy": entropy}


def _make_update(config: TrainConfig, env: VectorEnv, optimizer: optax.GradientTransformation
                 ) -> Callable[[Runner], tuple[Runner, dict[str, Array]]]:
    kinds_np, seats_np = _opponent_kinds(config)
    kinds, seats = jnp.asarray(kinds_np), jnp.asarray(seats_np)
    batch_range = jnp.arange(config.num_envs)

    def act(runner: Runner, league_params: Params, state: VectorState, key: Array
            ) -> tuple[VectorState, Batch, dict[str, Array]]:
        own_key, league_key, greedy_key, step_key = jax.random.split(key, 4)
        observations = state.observation.astype(jnp.float32)
        masks = state.legal_action_mask
        logits, value = _masked_logits(runner.params, observations, masks)
        mine = _sample(own_key, logits)
        past, _ = _masked_logits(league_params, observations, masks)
        theirs = _sample(league_key, past)
        noise = jax.random.uniform(greedy_key, masks.shape, maxval=1e-3)
        greedy = jnp.argmax(jnp.where(masks, greedy_scores(observations) + noise, _MASKED),
                            axis=1).astype(jnp.int32)
        seat = state.current_player
        learner = seats[batch_range, seat]
        action = jnp.where(learner, mine, jnp.where(kinds == _LEAGUE, theirs, greedy))
        log_prob = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], 1)[:, 0]
        state, result = env.step_autoreset_batch(
            state, action, jax.random.split(step_key, config.num_envs))
        rewards = _shaped(result.rewards, result.terminated, result.scores)
        lead = result.scores[batch_range, seats_np[:, 1].astype(np.int32)] - result.scores[
            batch_range, 1 - seats_np[:, 1].astype(np.int32)]
        won = result.terminated & (lead > 0)
        ended = {f"{name}_{what}": (result.terminated & (kinds == kind)
                                    & (won if what == "wins" else True)).sum()
                 for name, kind in (("league", _LEAGUE), ("greedy", _GREEDY))
                 for what in ("wins", "matches")}
        batch = Batch(observations, masks, action, log_prob, value, seat, learner, rewards,
                      result.terminated)
        return state, batch, ended

    def update(runner: Runner) -> tuple[Runner, dict[str, Array]]:
        key, rollout_key, pick_key, shuffle_key = jax.random.split(runner.key, 4)
        pick = jax.random.randint(pick_key, (), 0, jnp.maximum(runner.league_filled, 1))
        league_params = jax.tree.map(lambda stacked: stacked[pick], runner.league)

        def step(state: VectorState, step_key: Array
                 ) -> tuple[VectorState, tuple[Batch, dict[str, Array]]]:
            state, batch, ended = act(runner, league_params, state, step_key)
            return state, (batch, ended)

        state, (batch, ended) = jax.lax.scan(
            step, runner.env_state, jax.random.split(rollout_key, config.rollout))
        last_values = jnp.stack([
            forward(runner.params, _observe(env, state, seat))[1] for seat in (0, 1)])
        advantages = _advantages(config, batch, last_values)
        returns = advantages + batch.value
        flat = jax.tree.map(lambda part: part.reshape((-1, *part.shape[2:])), batch)
        flat_adv = advantages.reshape(-1)
        flat_ret = returns.reshape(-1)
        weight = flat.learner.astype(jnp.float32)
        count = jnp.maximum(weight.sum(), 1.0)
        mean = (flat_adv * weight).sum() / count
        std = jnp.sqrt((((flat_adv - mean) ** 2) * weight).sum() / count) + 1e-8
        flat_adv = (flat_adv - mean) / std
        size = flat_adv.shape[0]
        per = size // config.minibatches

        def epoch(carry: tuple[Params, Any], epoch_key: Array
                  ) -> tuple[tuple[Params, Any], dict[str, Array]]:
            order = jax.random.permutation(epoch_key, size)[:per * config.minibatches]
            order = order.reshape(config.minibatches, per)

            def minibatch(carry: tuple[Params, Any], index: Array
                          ) -> tuple[tuple[Params, Any], dict[str, Array]]:
                params, opt_state = carry
                part = jax.tree.map(lambda whole: whole[index], flat)
                grads, info = jax.grad(
                    lambda p: _loss(config, p, part, flat_adv[index], flat_ret[index]),
                    has_aux=True)(params)
                updates, opt_state = optimizer.update(grads, opt_state, params)
                return (optax.apply_updates(params, updates), opt_state), info

            return jax.lax.scan(minibatch, carry, order)

        (params, opt_state), info = jax.lax.scan(
            epoch, (runner.params, runner.opt_state),
            jax.random.split(shuffle_key, config.epochs))
        new_update = runner.update + 1
        snapshot = new_update % config.snapshot_every == 0
        slot = (new_update // config.snapshot_every - 1) % config.league
        league = jax.tree.map(
            lambda stacked, now: jnp.where(snapshot, stacked.at[slot].set(now), stacked),
            runner.league, params)
        filled = jnp.where(snapshot, jnp.minimum(runner.league_filled + 1, config.league),
                           runner.league_filled)
        metrics = {name: value.mean() for name, value in info.items()}
        metrics.update({name: value.sum() for name, value in ended.items()})
        return Runner(params, opt_state, league, filled, state, key, new_update), metrics

    return update


def _observe(env: VectorEnv, state: VectorState, seat: int) -> Array:
    """Each match's observation for `seat`, traceable (the env's own method is jitted)."""
    seats = jnp.full(state.current_player.shape, seat, jnp.int32)
    observed: Array = jax.vmap(env.functions.observe)(state, seats)
    return observed.astype(jnp.float32)


# ------------------------------------------------------------------ evaluation
def _make_evaluate(config: TrainConfig, env: VectorEnv
                   ) -> Callable[[Params, Array], dict[str, Array]]:
    """Win rates of the argmax policy against a random player and the card-value policy,
    over ``eval_matches`` matches each, the policy in seat 0 in even matches."""
    n = config.eval_matches
    seat = jnp.arange(n) % 2
    rows = jnp.arange(n)

    def play(params: Params, key: Array, opponent: int) -> Array:
        init_key, loop_key = jax.random.split(key)
        start = jax.vmap(env.functions.init)(jax.random.split(init_key, n))

        def not_done(carry: tuple[VectorState, Array, Array]) -> Array:
            state, _, count = carry
            return (~state.terminated).any() & (count < _MAX_MATCH_STEPS)

        def body(carry: tuple[VectorState, Array, Array]
                 ) -> tuple[VectorState, Array, Array]:
            state, key, count = carry
            key, noise_key, step_key = jax.random.split(key, 3)
            observations = state.observation.astype(jnp.float32)
            masks = state.legal_action_mask
            logits, _ = _masked_logits(params, observations, masks)
            mine = jnp.argmax(logits, axis=1).astype(jnp.int32)
            if opponent == _GREEDY:
                noise = jax.random.uniform(noise_key, masks.shape, maxval=1e-3)
                scores = greedy_scores(observations) + noise
            else:
                scores = jax.random.uniform(noise_key, masks.shape)
            other = jnp.argmax(jnp.where(masks, scores, _MASKED), axis=1).astype(jnp.int32)
            action = jnp.where(state.current_player == seat, mine, other)
            state = env.step_batch(state, action, jax.random.split(step_key, n))
            return state, key, count + 1

        state, _, _ = jax.lax.while_loop(not_done, body, (start, loop_key, jnp.int32(0)))
        lead = state.scores[rows, seat] - state.scores[rows, 1 - seat]
        return jnp.where(lead > 0, 1.0, jnp.where(lead == 0, 0.5, 0.0)).mean()

    def evaluate(params: Params, key: Array) -> dict[str, Array]:
        random_key, greedy_key = jax.random.split(key)
        return {"vs_random": play(params, random_key, -1),
                "vs_greedy_policy": play(params, greedy_key, _GREEDY)}

    return evaluate


# ------------------------------------------------------------------ checkpoints
def _save_checkpoint(path: Path, runner: Runner, history: list[dict[str, Any]],
                     config: TrainConfig, seconds: float) -> None:
    leaves = jax.tree.leaves(jax.tree.map(
        lambda part: jax.random.key_data(part) if jnp.issubdtype(
            part.dtype, jax.dtypes.prng_key) else part, runner))
    meta = {"config": attrs.asdict(config), "history": history, "seconds": seconds}
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial.npz")
    arrays: dict[str, Any] = {f"leaf{index}": np.asarray(leaf)
                              for index, leaf in enumerate(leaves)}
    np.savez_compressed(partial, meta=np.array(json.dumps(meta)), **arrays)
    partial.replace(path)


def _load_checkpoint(path: Path, template: Runner, config: TrainConfig
                     ) -> tuple[Runner, list[dict[str, Any]], float]:
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        saved = {key: value for key, value in meta["config"].items() if key != "steps"}
        wanted = {key: value for key, value in attrs.asdict(config).items() if key != "steps"}
        if saved != wanted:
            changed = sorted(key for key in wanted if saved.get(key) != wanted[key])
            raise OptionsError(
                f"the checkpoint {path} was trained with other settings "
                f"({', '.join(changed)}); resume with the same ones or start a new file")
        raw_template = jax.tree.map(
            lambda part: jax.random.key_data(part) if jnp.issubdtype(
                part.dtype, jax.dtypes.prng_key) else part, template)
        leaves, treedef = jax.tree.flatten(raw_template)
        loaded = [jnp.asarray(data[f"leaf{index}"]) for index in range(len(leaves))]
    raw = jax.tree.unflatten(treedef, loaded)
    runner = jax.tree.map(
        lambda part, like: jax.random.wrap_key_data(part) if jnp.issubdtype(
            like.dtype, jax.dtypes.prng_key) else part, raw, template)
    return runner, list(meta["history"]), float(meta["seconds"])


def export_weights(params: Params, path: Path) -> None:
    """The network as the numpy bot reads it (:func:`cardgames.koikoi.expert.load_weights`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {name: np.asarray(params[name], np.float32)
                              for name in PARAMETERS}
    np.savez_compressed(path, **arrays)


# ------------------------------------------------------------------ the run
@functools.cache
def _compiled(config: TrainConfig) -> tuple[
        VectorEnv, optax.GradientTransformation, Callable[[Runner], tuple[Runner, Any]],
        Callable[[Params, Array], dict[str, Array]]]:
    """The env, optimiser and jitted functions of `config` (its step count aside): kept, so
    a run resumed in the same process compiles nothing again."""
    env = make_env(preset=config.preset)
    optimizer = optax.chain(optax.clip_by_global_norm(0.5),
                            optax.adam(config.learning_rate, eps=1e-5))
    return (env, optimizer, jax.jit(_make_update(config, env, optimizer)),
            jax.jit(_make_evaluate(config, env)))


Progress = Callable[[int, int, dict[str, float]], None]


def train(config: TrainConfig, out: Path, checkpoint: Path | None = None,
          progress: Progress | None = None, time_limit: float | None = None
          ) -> dict[str, Any]:
    """Run `config`; write ``weights.npz``, ``figures.json`` and (with matplotlib)
    ``curve.png`` into `out`. Returns the figures. With `time_limit` (seconds of this call,
    compiling included) the run stops after the update that passes it, checkpointed, so a
    later call with the same checkpoint goes on."""
    check_preset(config.preset)
    env, optimizer, update, evaluate = _compiled(attrs.evolve(config, steps=0))
    root = jax.random.key(config.seed)
    init_key, env_key, run_key, eval_root = jax.random.split(root, 4)
    params = init_params(init_key, config.hidden)
    league = jax.tree.map(lambda part: jnp.stack([part] * config.league), params)
    env_state = env.init(jax.random.split(env_key, config.num_envs))
    runner = Runner(params, optimizer.init(params), league, jnp.int32(1), env_state, run_key,
                    jnp.int32(0))
    history: list[dict[str, Any]] = []
    seconds_before = 0.0
    if checkpoint is not None and checkpoint.exists():
        runner, history, seconds_before = _load_checkpoint(checkpoint, runner, config)
    started = time.perf_counter()
    done = int(runner.update)
    totals = {"league_wins": 0.0, "league_matches": 0.0, "greedy_wins": 0.0,
              "greedy_matches": 0.0}

    def record(at: int) -> dict[str, float]:
        figures = {name: float(value) for name, value in evaluate(
            runner.params, jax.random.fold_in(eval_root, at)).items()}
        row: dict[str, Any] = {"update": at, "steps": at * config.steps_per_update,
                               "seconds": seconds_before + time.perf_counter() - started,
                               **figures}
        for name in ("league", "greedy"):
            matches = totals[f"{name}_matches"]
            row[f"train_{name}_win_rate"] = (totals[f"{name}_wins"] / matches
                                             if matches else None)
        history.append(row)
        return figures

    if not history:
        record(0)
    last: dict[str, float] = {}
    def out_of_time() -> bool:
        return time_limit is not None and time.perf_counter() - started > time_limit

    while done < config.updates and not out_of_time():
        runner, metrics = update(runner)
        done += 1
        for name in totals:
            totals[name] += float(metrics[name])
        last = {name: float(value) for name, value in metrics.items()}
        finishing = done == config.updates or out_of_time()
        if done % config.eval_every == 0 or finishing:
            last.update(record(done))
            for name in totals:
                totals[name] = 0.0
        if checkpoint is not None and (done % config.eval_every == 0 or finishing):
            _save_checkpoint(checkpoint, runner, history, config,
                             seconds_before + time.perf_counter() - started)
        if progress is not None:
            progress(done, config.updates, last)
    seconds = seconds_before + time.perf_counter() - started
    out.mkdir(parents=True, exist_ok=True)
    export_weights(runner.params, out / "weights.npz")
    figures = {
        "game": "koikoi",
        "config": attrs.asdict(config),
        "updates": done,
        "env_steps": done * config.steps_per_update,
        "seconds": seconds,
        "device": str(jax.devices()[0]),
        "history": history,
        "final": history[-1],
    }
    (out / "figures.json").write_text(json.dumps(figures, indent=1) + "\n")
    plot_curve(history, out / "curve.png")
    return figures


def plot_curve(history: list[dict[str, Any]], path: Path) -> bool:
    """The learning curve as a PNG (False, nothing written, without matplotlib)."""
    try:
        import matplotlib  # noqa: PLC0415  # optional (extra plot)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        return False
    figure, axes = plt.subplots(figsize=(7, 4))
    steps = [row["steps"] for row in history]
    for name, against in CURVE.items():
        axes.plot(steps, [row[name] for row in history], marker=".",
                  label=against.replace("against", "vs", 1))
    axes.axhline(0.5, color="grey", linewidth=0.5)
    axes.set_xlabel("environment steps")
    axes.set_ylabel("match win rate (argmax policy)")
    axes.set_ylim(0, 1)
    axes.set_title("Koi-Koi self-play (12-round Nintendo matches)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return True
