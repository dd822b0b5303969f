"""Training agents on the JAX vector engines (extra ``train``: JAX, optax).

:mod:`cardgames.train.koikoi` trains the Koi-Koi ``expert`` bot's network by self-play
(``cardgames train koikoi``).
"""

from __future__ import annotations

try:
    import jax  # noqa: F401  # only to say which extra is missing
    import optax  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is installed wherever tests run
    raise ImportError(
        "training needs the optional extra 'train': pip install 'cardgames-engines[train]'"
    ) from exc
