"""Vector Koi-Koi speed: env steps/s by batch size, cardgames.vector against the Python engine.

Measured, random legal actions in whole ``nintendo`` matches (12 rounds):

* ``cardgames.vector``: ``step_autoreset`` (its traceable form, ``step_autoreset_batch``,
  which deals only the ended games) inside one jitted ``lax.scan`` of steps (as a
  learning loop on the device runs it), the mover's observation on the state; a step is one
  action in each game of the batch, a uniformly random legal id. Compile time is the first
  call's (trace and XLA compile).
* the Python engine as a learning loop steps it: ``state.step(id)``, then the mover's
  ``cardgames.rl.koikoi`` observation and legal ids, one process.

The two take turns in the same run, so a busy machine slows both alike; the ratio at each
batch size is printed. Usage::

    python benchmarks/vector_koikoi_bench.py --batches 1,64,1024,4096,16384,65536
    python benchmarks/vector_koikoi_bench.py --json figures.json

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp

DEFAULT_BATCHES = "1,16,256,1024,4096,16384,65536"
TARGET_GAME_STEPS = 1 << 18
"""About this many game steps (batch x scan length) per timed run."""


def scan_length(batch: int) -> int:
    return max(8, min(1024, TARGET_GAME_STEPS // batch))


def uniform_legal(mask: Any, key: Any) -> Any:
    """A uniformly random legal id per game: the k-th legal id for a random k (a categorical
    over 242 logits draws 242 random numbers per game, several times the engine's step)."""
    count = mask.sum(axis=1)
    chosen = jax.random.randint(key, count.shape, 0, jnp.maximum(count, 1))
    ranks = jnp.cumsum(mask, axis=1) - 1
    return (mask & (ranks == chosen[:, None])).argmax(axis=1).astype(jnp.int32)


def bench_vector(batch: int, repeats: int, **options: Any) -> dict[str, Any]:
    from cardgames import vector  # noqa: PLC0415  # jax is imported only when measuring it

    env = vector.make("koikoi", **options)
    length = scan_length(batch)
    step = env.step_autoreset_batch

    def one(carry: Any, key: Any) -> tuple[Any, None]:
        state, checksum = carry
        act_key, step_key = jax.random.split(key)
        actions = uniform_legal(state.legal_action_mask, act_key)
        state, result = step(state, actions, jax.random.split(step_key, batch))
        checksum = checksum + result.rewards[:, 0].sum() + state.observation.sum()
        return (state, checksum), None

    @jax.jit
    def run(state: Any, key: Any) -> Any:
        return jax.lax.scan(one, (state, jnp.float32(0)), jax.random.split(key, length))[0]

    state = env.init(jax.random.split(jax.random.key(0), batch))
    jax.block_until_ready(state)
    start = time.perf_counter()
    jax.block_until_ready(run(state, jax.random.key(1)))
    compiled = time.perf_counter() - start
    best = float("inf")
    for repeat in range(repeats):
        start = time.perf_counter()
        jax.block_until_ready(run(state, jax.random.key(2 + repeat)))
        best = min(best, time.perf_counter() - start)
    return {"compile_s": compiled, "steps_per_s": batch * length / best}


def bench_python(seconds: float, **options: Any) -> dict[str, Any]:
    import cardgames  # noqa: PLC0415  # as above: imported where measured
    from cardgames.rl.koikoi import observation  # noqa: PLC0415

    rng = random.Random(0)
    steps = 0
    seed = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        state = cardgames.new_game("koikoi", seed=seed, **options)
        seed += 1
        while not state.is_over:
            state.step(rng.choice(state.legal_action_ids()))
            seat = state.current_player
            observation(state.view(0 if seat is None else seat))
            state.legal_action_ids()
            steps += 1
    return {"steps_per_s": steps / (time.perf_counter() - start)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", default=DEFAULT_BATCHES,
                        help="comma-separated batch sizes (default %(default)s)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per batch")
    parser.add_argument("--python-seconds", type=float, default=5.0,
                        help="seconds of Python play per batch size")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    rows = []
    print(f"device: {jax.devices()[0].platform}, jax {jax.__version__}")
    print(f"{'batch':>7} {'vector steps/s':>15} {'compile s':>10} {'python steps/s':>15} "
          f"{'ratio':>7}")
    for batch in (int(text) for text in args.batches.split(",")):
        vector_row = bench_vector(batch, args.repeats)
        python_row = bench_python(args.python_seconds)
        ratio = vector_row["steps_per_s"] / python_row["steps_per_s"]
        rows.append({"batch": batch, "vector": vector_row, "python": python_row,
                     "ratio": ratio})
        print(f"{batch:>7} {vector_row['steps_per_s']:>15,.0f} {vector_row['compile_s']:>10.1f} "
              f"{python_row['steps_per_s']:>15,.0f} {ratio:>7.1f}", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
