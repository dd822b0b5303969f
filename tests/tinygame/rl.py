"""The tiny game for the learning environments (named by ``GAME.rl_encoding``).

The observation, seat-relative so one policy plays any seat: the seat's hand (9 bits), its row
(9 bits), the cards on the other rows (9 bits), the stock as a fraction of the deck. Rewards
are the change of each seat's score.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardgames.rl.encoding import Bounds, Encoding
from tinygame.cards import CARDS
from tinygame.render import render_view
from tinygame.view import TinyView

__all__ = ["ENCODING", "SIZE", "observation"]

SIZE: Final = 3 * len(CARDS) + 1
"""The length of an observation."""


def observation(view: TinyView) -> npt.NDArray[np.float32]:
    """`view` as a vector of :data:`SIZE` values in 0..1."""
    obs = np.zeros(SIZE, dtype=np.float32)
    count = len(CARDS)
    for card in view.hand:
        obs[card - 1] = 1.0
    for seat, row in enumerate(view.rows):
        block = count if seat == view.seat else 2 * count
        for card in row:
            obs[block + card - 1] = 1.0
    obs[3 * count] = view.stock_size / count
    return obs


def _bounds(_view: TinyView) -> Bounds:
    return np.zeros(SIZE, dtype=np.float32), np.ones(SIZE, dtype=np.float32)


ENCODING: Final = Encoding(observation, _bounds, render_view)
"""What the PettingZoo and Gymnasium environments read of the tiny game."""
