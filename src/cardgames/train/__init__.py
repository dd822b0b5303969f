"""Training agents on the JAX vector engines (extra ``train``: JAX, optax).

A game offers training by naming its trainer module on its ``GameInfo`` (``trainer``);
``cardgames train GAME`` loads it with ``GameInfo.load_trainer()`` and calls, from it:
``SUPPORTED_PRESETS`` (the first is the default preset), ``check_preset(preset)``
(OptionsError for one it does not train), ``TrainConfig(steps=..., seed=..., preset=...,
num_envs=..., rollout=..., hidden=..., eval_every=..., eval_matches=...)``, ``train(config,
out_dir, checkpoint, report, time_limit)`` (the figures as JSON data, ``figures["final"]``
the last row of the curve) and ``CURVE`` (the curve's win rates by name, each with the words
saying whom it is against).
"""

from __future__ import annotations

try:
    import jax  # noqa: F401  # only to say which extra is missing
    import optax  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is installed wherever tests run
    raise ImportError(
        "training needs the optional extra 'train': pip install 'cardgames-engines[train]'"
    ) from exc
