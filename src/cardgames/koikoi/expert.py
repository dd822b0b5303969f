"""Koi-Koi's bot ``learned`` (the level ``expert`` once it beats ``hard``): a policy network
learned by self-play, played with numpy alone.

The network reads one seat's observation (:func:`cardgames.koikoi.observation.observation`
of its view, nothing else) and scores the 242 action ids; the bot plays the legal id scored highest
(ties: the lowest id), so the same view always gets the same move. The weights ship in the
package as ``expert.npz`` (float32 arrays named as :data:`PARAMETERS` says); they were trained
by ``cardgames train koikoi`` (:mod:`cardgames.train.koikoi`, the extra ``train``) on the
JAX engine. No JAX is needed to play.

>>> import cardgames
>>> from cardgames.koikoi.expert import ExpertBot
>>> state = cardgames.new_game("koikoi", seed=4)
>>> action = ExpertBot().act(state.view(state.current_player), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import numpy as np
import numpy.typing as npt

from cardgames.core.agents import Hint
from cardgames.koikoi.actions import ACTION_SPACE, KoiKoiAction
from cardgames.koikoi.observation import observation
from cardgames.koikoi.view import KoiKoiView

__all__ = ["PARAMETERS", "WEIGHTS", "ExpertBot", "forward", "load_weights"]

WEIGHTS: Final = Path(__file__).with_name("expert.npz")
"""The shipped weights."""
PARAMETERS: Final = ("w1", "b1", "w2", "b2", "policy_w", "policy_b", "value_w", "value_b")
"""The arrays of a weights file: two hidden ReLU layers, then the policy's logits (one per
action id) and the value (the seat's expected outcome) on the last hidden layer."""

A = TypeVar("A")


def forward(params: Mapping[str, Any], observations: Any) -> tuple[Any, Any]:
    """(logits, value) of `observations` (one or a batch): written with operators only, so
    the same function runs on numpy arrays here and on JAX arrays in the trainer."""
    hidden = observations @ params["w1"] + params["b1"]
    hidden = hidden * (hidden > 0)
    hidden = hidden @ params["w2"] + params["b2"]
    hidden = hidden * (hidden > 0)
    logits = hidden @ params["policy_w"] + params["policy_b"]
    value = (hidden @ params["value_w"] + params["value_b"])[..., 0]
    return logits, value


def load_weights(path: Path | str = WEIGHTS) -> dict[str, npt.NDArray[np.float32]]:
    """The arrays of a weights file, checked: ValueError naming what is missing or wrong."""
    with np.load(path) as data:
        missing = [name for name in PARAMETERS if name not in data]
        if missing:
            raise ValueError(f"{path} is no Koi-Koi weights file: it lacks {', '.join(missing)}")
        params = {name: np.asarray(data[name], np.float32) for name in PARAMETERS}
    if params["policy_w"].shape[1] != len(ACTION_SPACE):
        raise ValueError(
            f"{path} scores {params['policy_w'].shape[1]} action ids; Koi-Koi has "
            f"{len(ACTION_SPACE)}")
    return params


@functools.cache
def _shipped() -> dict[str, npt.NDArray[np.float32]]:
    return load_weights(WEIGHTS)


class ExpertBot:
    """Plays the learned policy's best legal move for its seat's view (deterministic: the
    seed is accepted for the bot factories' sake and not used)."""

    __slots__ = ("_params",)

    def __init__(self, seed: int | None = None,
                 params: Mapping[str, npt.NDArray[np.float32]] | None = None) -> None:
        del seed
        self._params = _shipped() if params is None else params

    def __repr__(self) -> str:
        return "ExpertBot()"

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """The Agent protocol: :meth:`choose`."""
        return cast(A, self.choose(view, cast(Sequence[KoiKoiAction], legal)))

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The move :meth:`act` chooses, and how sure the network is of it."""
        moves = cast(Sequence[KoiKoiAction], legal)
        if len(moves) == 1:
            return Hint(legal[0], "it is the only move")
        chances, best = self._policy(view, moves)
        ranked = sorted(range(len(moves)), key=lambda i: -chances[i])
        runner = next(i for i in ranked if moves[i] != moves[best])
        return Hint(legal[best], (
            f"the learned policy plays it {chances[best]:.0%} of the time from this view "
            f"(next: {moves[runner]}, {chances[runner]:.0%})"))

    def choose(self, view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> KoiKoiAction:
        """The legal action the network scores highest for the view's seat."""
        if len(legal) == 1:
            return legal[0]
        return legal[self._policy(view, legal)[1]]

    def _policy(self, view: KoiKoiView, legal: Sequence[KoiKoiAction]
                ) -> tuple[list[float], int]:
        """(the network's probability of each of `legal`, the index of the best: the
        highest score, ties to the lowest id, then the first listed)."""
        logits, _ = forward(self._params, observation(view))
        ids = [ACTION_SPACE.ids[action] for action in legal]
        scores = logits[ids].astype(np.float64)
        best = min(range(len(ids)), key=lambda i: (-scores[i], ids[i], i))
        distinct = sorted(set(ids))
        weights = np.exp(logits[distinct].astype(np.float64) - scores[best])
        share = dict(zip(distinct, (weights / weights.sum()).tolist(), strict=True))
        return [share[i] for i in ids], best
