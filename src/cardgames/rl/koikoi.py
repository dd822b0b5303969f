"""Koi-Koi for the learning environments: its :data:`ENCODING` and rewards.

>>> import cardgames
>>> from cardgames.rl import koikoi
>>> state = cardgames.new_game("koikoi", seed=3)
>>> obs = koikoi.observation(state.view(0))
>>> obs.shape == (koikoi.observation_size(),), int(obs[koikoi.LAYOUT["hand"]].sum())
(True, 8)

The observation is the game's own (:mod:`cardgames.koikoi.observation`, whose
:data:`LAYOUT`, :func:`observation` and :func:`observation_size` are offered here too); this
module adds what the environments need besides: the bounds, the table ``render()`` draws, and
the rewards (a round's points, :func:`round_returns`).
"""

from __future__ import annotations

from typing import Final

from cardgames.koikoi.observation import LAYOUT, observation, observation_size
from cardgames.koikoi.render import table_renderable
from cardgames.koikoi.state import KoiKoiState
from cardgames.koikoi.view import KoiKoiView
from cardgames.rl.encoding import Bounds, Encoding

__all__ = [
    "ENCODING", "LAYOUT", "no_rounds_yet", "observation", "observation_size", "round_returns",
]


def round_returns(state: KoiKoiState) -> list[int]:
    """Each seat's round points won less those lost, over the finished rounds: zero-sum, so
    the environments' Koi-Koi reward is a round's points, + to its winner, - to the loser."""
    won = [0, 0]
    for result in state.round_results:
        for seat in (0, 1):
            won[seat] += result.score[seat] - result.score[1 - seat]
    return won


def no_rounds_yet(_state: KoiKoiState) -> list[int]:
    """What each seat has won before the first deal: nothing. A round decided on the deal
    (a lucky hand) is paid with the first step's rewards."""
    return [0, 0]


def _bounds(_view: KoiKoiView) -> Bounds:
    return LAYOUT.bounds()


ENCODING: Final = Encoding(
    observation, _bounds, table_renderable, round_returns, starting_returns=no_rounds_yet
)
"""Koi-Koi for the learning environments (named by ``GAME.rl_encoding``): rewards are round
points (:func:`round_returns`)."""
