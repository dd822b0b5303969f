"""Training agents on the JAX vector engines (extra ``train``: JAX, optax).

A game's trainer is the module its ``GameInfo.trainer`` names (``check_preset(preset)`` and
``train(...)``), which ``cardgames train GAME`` calls: it trains the game's learned bot by
self-play on the game's vector engine.
"""

from __future__ import annotations

try:
    import jax  # noqa: F401  # only to say which extra is missing
    import optax  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is installed wherever tests run
    raise ImportError(
        "training needs the optional extra 'train': pip install 'cardgames-engines[train]'"
    ) from exc
