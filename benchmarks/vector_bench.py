"""Vector Hanabi speed: env steps/s by batch size, cardgames.vector against JaxMARL.

Every engine plays random legal actions with auto-reset, observations included, inside one
jitted ``lax.scan`` of steps (as a learning loop on the device runs it); a step is one action
in each game of the batch. Measured:

* ``cardgames.vector``: ``step_autoreset`` (the acting seat's observation on the state);
* ``cardgames.vector, all seats``: the same plus every seat's observation each step (what
  JaxMARL's ``step`` returns);
* JaxMARL's Hanabi (``jaxmarl.environments.hanabi``, imported directly, not through
  ``jaxmarl``'s registry), when it is importable in the interpreter ``--peer-python`` names
  (a throwaway virtualenv: ``pip install --no-deps jaxmarl`` plus jax, flax, chex,
  jaxtyping); its ``step`` resets ended games itself;
* the Python engine (``state.step(id)`` and the mover's ``cardgames.rl.hanabi``
  observation), one process, for scale.

Compile time is the first call's (trace and XLA compile) for each engine and batch size.
Usage::

    python benchmarks/vector_bench.py --players 2 --batches 1,1024,16384,65536
    python benchmarks/vector_bench.py --peer-python /tmp/jaxmarl-venv/bin/python

Not collected by pytest: speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp

DEFAULT_BATCHES = "1,16,256,1024,4096,16384,65536"
MIN_STEPS = 8
"""Steps per timed scan at the largest batches; smaller batches run more."""
TARGET_GAME_STEPS = 1 << 19
"""About this many game steps (batch x scan length) per timed run."""


def scan_length(batch: int) -> int:
    return max(MIN_STEPS, min(2048, TARGET_GAME_STEPS // batch))


def measure(run: Callable[[Any, Any], Any], carry: Any, key: Any,
            repeats: int) -> tuple[float, float]:
    """(compile seconds, best seconds of `repeats` timed runs) of the jitted `run`."""
    start = time.perf_counter()
    out = run(carry, key)
    jax.block_until_ready(out)
    compiled = time.perf_counter() - start
    best = float("inf")
    for i in range(repeats):
        key = jax.random.fold_in(key, i)
        start = time.perf_counter()
        out = run(carry, key)
        jax.block_until_ready(out)
        best = min(best, time.perf_counter() - start)
    return compiled, best


def bench_cardgames(players: int, batch: int, repeats: int, all_seats: bool) -> dict[str, Any]:
    from cardgames import vector  # noqa: PLC0415  # not importable in the peer's venv

    env = vector.make("hanabi", players=players, variant="standard+no-empty-clues")
    length = scan_length(batch)
    step = env.step_autoreset_batch
    observe = jax.vmap(env.functions.observe, in_axes=(None, 0))
    seats = jnp.arange(players)

    def one(carry: Any, key: Any) -> tuple[Any, Any]:
        state, checksum = carry
        act_key, step_key = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(act_key, logits)
        state, result = step(state, actions, jax.random.split(step_key, batch))
        checksum = checksum + result.rewards[:, 0].sum() + state.observation.sum()
        if all_seats:
            every = jax.vmap(lambda s: observe(s, seats))(state)
            checksum = checksum + every.sum()
        return (state, checksum), None

    @jax.jit
    def run(state: Any, key: Any) -> Any:
        return jax.lax.scan(one, (state, jnp.float32(0)), jax.random.split(key, length))[0]

    state = env.init(jax.random.split(jax.random.key(0), batch))
    compiled, best = measure(run, state, jax.random.key(1), repeats)
    return {"compile_s": compiled, "steps_per_s": batch * length / best}


def bench_jaxmarl(players: int, batch: int, repeats: int) -> dict[str, Any]:
    hanabi = import_jaxmarl_hanabi()
    env = hanabi.HanabiEnv(num_agents=players)
    agents = env.agents
    length = scan_length(batch)

    def one(carry: Any, key: Any) -> tuple[Any, Any]:
        state, checksum = carry
        act_key, step_key = jax.random.split(key)
        legal = jax.vmap(env.get_legal_moves)(state)
        keys = jax.random.split(act_key, len(agents))
        actions = {agent: jax.random.categorical(
            k, jnp.where(legal[agent] > 0, 0.0, -jnp.inf)) for agent, k in zip(
                agents, keys, strict=True)}
        obs, state, rewards, _, _ = jax.vmap(env.step)(
            jax.random.split(step_key, batch), state, actions)
        checksum = checksum + rewards[agents[0]].sum() + obs[agents[0]].sum()
        return (state, checksum), None

    @jax.jit
    def run(state: Any, key: Any) -> Any:
        return jax.lax.scan(one, (state, jnp.float32(0)), jax.random.split(key, length))[0]

    _, state = jax.vmap(env.reset)(jax.random.split(jax.random.key(0), batch))
    compiled, best = measure(run, state, jax.random.key(1), repeats)
    return {"compile_s": compiled, "steps_per_s": batch * length / best}


def import_jaxmarl_hanabi() -> types.ModuleType:
    """JaxMARL's hanabi module without ``jaxmarl/__init__`` (which imports every env)."""
    import importlib  # noqa: PLC0415
    import importlib.util  # noqa: PLC0415

    name = "jaxmarl.environments.hanabi.hanabi"
    if name in sys.modules:  # the packages below are stand-ins without a spec
        return sys.modules[name]
    spec = importlib.util.find_spec("jaxmarl")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("jaxmarl is not installed")
    root = Path(next(iter(spec.submodule_search_locations)))
    for package_name, folder in (("jaxmarl", root),
                                 ("jaxmarl.environments", root / "environments")):
        if package_name not in sys.modules:
            package = types.ModuleType(package_name)
            package.__path__ = [str(folder)]
            sys.modules[package_name] = package
    return importlib.import_module(name)


def bench_python(players: int, seconds: float) -> dict[str, Any]:
    import random  # noqa: PLC0415

    import cardgames  # noqa: PLC0415
    from cardgames.rl.hanabi import observation  # noqa: PLC0415

    rng = random.Random(0)
    steps = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        state = cardgames.new_game("hanabi", players=players, seed=rng.randrange(1 << 30),
                                   variant="standard+no-empty-clues")
        while not state.is_over:
            state.step(rng.choice(state.legal_action_ids()))
            if state.current_player is not None:
                observation(state.view(state.current_player))
            steps += 1
    return {"steps_per_s": steps / (time.perf_counter() - start)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--batches", default=DEFAULT_BATCHES)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--python-seconds", type=float, default=5.0)
    parser.add_argument("--peer-python", help="an interpreter where jaxmarl is installed")
    parser.add_argument("--only", choices=["jaxmarl"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    batches = [int(b) for b in args.batches.split(",")]
    if args.only == "jaxmarl":
        print(json.dumps({b: bench_jaxmarl(args.players, b, args.repeats) for b in batches}))
        return
    device = jax.devices()[0]
    print(f"device: {device.platform} ({device.device_kind}), jax {jax.__version__}, "
          f"players {args.players}")
    python = bench_python(args.players, args.python_seconds)
    print(f"Python engine (step + mover's observation): {python['steps_per_s']:,.0f} steps/s")
    rows = {b: {"ours": bench_cardgames(args.players, b, args.repeats, False),
                "ours_all": bench_cardgames(args.players, b, args.repeats, True)}
            for b in batches}
    peer: dict[str, Any] = {}
    if args.peer_python:
        out = subprocess.run(
            [args.peer_python, __file__, "--only", "jaxmarl", "--players", str(args.players),
             "--batches", args.batches, "--repeats", str(args.repeats)],
            capture_output=True, text=True, check=False)
        if out.returncode:
            print(f"JaxMARL not measured: {out.stderr.strip().splitlines()[-1:]}")
        else:
            peer = {int(k): v for k, v in json.loads(out.stdout.splitlines()[-1]).items()}
    else:
        try:
            peer = {b: bench_jaxmarl(args.players, b, args.repeats) for b in batches}
        except ImportError:
            print("JaxMARL not importable here (give --peer-python)")
    print("| batch | cardgames.vector steps/s (compile s) | all seats' obs steps/s "
          "| JaxMARL steps/s (compile s) | ratio |")
    print("|---:|---:|---:|---:|---:|")
    for b in batches:
        ours, every = rows[b]["ours"], rows[b]["ours_all"]
        theirs = peer.get(b)
        theirs_text = (f"{theirs['steps_per_s']:,.0f} ({theirs['compile_s']:.1f})"
                       if theirs else "-")
        ratio = f"{ours['steps_per_s'] / theirs['steps_per_s']:.2f}x" if theirs else "-"
        print(f"| {b:,} | {ours['steps_per_s']:,.0f} ({ours['compile_s']:.1f}) "
              f"| {every['steps_per_s']:,.0f} | {theirs_text} | {ratio} |")


if __name__ == "__main__":
    main()
