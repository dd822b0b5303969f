"""Ikebana observations: one seat's :class:`~cardgames.ikebana.IkebanaView` as a vector.

>>> import cardgames
>>> from cardgames.rl import ikebana
>>> state = cardgames.new_game("ikebana", players=3, seed=3)
>>> obs = ikebana.observation(state.view(1))
>>> obs.shape == (ikebana.observation_size(3),)
True

Seats are relative: block 0 of every per-seat field is the viewing seat, block 1 the player
on its left (the next clockwise, who receives the first refusal of its turns), and so on, so
one policy can play any seat. A card is its code (``colour * 5 + value - 1``: R1..R5, G1..,
K.., B.., Y.., M1..M5). Only the view is read: the deck's order and, unless the rules make
the discard piles public, the cards under each pile's top cannot leak in. :func:`layout`
names the slices for a number of players (the docs print it for two).
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
import numpy.typing as npt

from cardgames.ikebana.cards import COPIES, DECK_SIZE, Card
from cardgames.ikebana.render import table_renderable
from cardgames.ikebana.scoring import BOUQUET_SIZE
from cardgames.ikebana.view import IkebanaView, Phase
from cardgames.rl.encoding import Bounds, Encoding
from cardgames.rl.layout import Field, Layout, squash

__all__ = ["ENCODING", "layout", "observation", "observation_size"]

_CODES: Final = len(COPIES)
"""30 card codes: 6 colours (5 plain and multicolour) x 5 values."""
_COPIES: Final = np.array(COPIES, dtype=np.float32)
_PRESTIGE_SCALE: Final = 20
"""Prestige written as 0.5 by :func:`~cardgames.rl.layout.squash` (a good bouquet)."""
_PRICE_SCALE: Final = 5
"""A refusal price written as 0.5."""
_PHASES: Final = (Phase.DRAW_OR_BUY, Phase.KEEP_OR_REFUSE, Phase.OVER)


@functools.cache
def layout(players: int) -> Layout:
    """The slices of an Ikebana observation for `players` seats, by name."""
    if not 2 <= players <= 5:
        raise ValueError(f"Ikebana is for 2..5 players (got {players})")
    per_seat = f"{players} blocks, own seat first then clockwise"
    return Layout(
        [
            Field(
                "bouquets", players * _CODES,
                f"{per_seat}: each bouquet's cards by code, count / copies in the deck",
            ),
            Field("bouquet_sizes", players, f"{per_seat}: cards in the bouquet / {BOUQUET_SIZE}"),
            Field("discard_tops", players * _CODES, f"{per_seat}: one-hot top card of the pile"),
            Field("discard_sizes", players, f"{per_seat}: cards in the pile / {DECK_SIZE}"),
            Field(
                "discard_piles", players * _CODES,
                f"{per_seat}: the whole pile by code, count / copies (only with the "
                "public_discards rule; else 0)",
            ),
            Field(
                "prestige", players,
                f"{per_seat}: prestige, squash(points, {_PRESTIGE_SCALE})",
            ),
            Field("deck_size", 1, f"cards in the draw pile / {DECK_SIZE}"),
            Field(
                "drawn_card", _CODES,
                "one-hot: the card the player to act drew and must keep or refuse",
            ),
            Field(
                "refusal_price", 1,
                f"what the next refusal of the player to act costs, squash(price, "
                f"{_PRICE_SCALE})",
            ),
            Field("can_refuse", 1, "1 when the drawn card may be refused"),
            Field(
                "refusal_payee", players + 1,
                f"one-hot: who the next refusal pays ({per_seat}; last: the bank)",
            ),
            Field("phase", len(_PHASES), "one-hot: draw-or-buy, keep-or-refuse, over"),
            Field("to_act", players, f"one-hot over the {per_seat}: the player to act"),
            Field("starter", players, f"one-hot over the {per_seat}: the round's starter"),
            Field("round", 1, "round number / rounds in the game"),
            Field("score_factor", 1, "1 when this round's bouquets score double (final bouquet)"),
        ]
    )


def observation_size(players: int) -> int:
    """The length of an Ikebana observation for `players` seats (2..5)."""
    return layout(players).size


def observation(view: IkebanaView) -> npt.NDArray[np.float32]:
    """`view` as a ``float32`` vector laid out as :func:`layout` says."""
    players = len(view.players)
    parts = layout(players)
    obs = np.zeros(parts.size, dtype=np.float32)
    seat = view.seat
    order = [(seat + k) % players for k in range(players)]

    def relative(who: int | None) -> int | None:
        return None if who is None else (who - seat) % players

    bouquets = obs[parts["bouquets"]].reshape(players, _CODES)
    tops = obs[parts["discard_tops"]].reshape(players, _CODES)
    piles = obs[parts["discard_piles"]].reshape(players, _CODES)
    for block, who in enumerate(order):
        _add_cards(bouquets[block], view.bouquets[who])
        top = view.discard_tops[who]
        if top is not None:
            tops[block, top.code] = 1.0
        if view.discard_piles is not None:
            _add_cards(piles[block], view.discard_piles[who])
    obs[parts["bouquet_sizes"]] = [len(view.bouquets[who]) / BOUQUET_SIZE for who in order]
    obs[parts["discard_sizes"]] = [view.discard_sizes[who] / DECK_SIZE for who in order]
    obs[parts["prestige"]] = [squash(view.prestige[who], _PRESTIGE_SCALE) for who in order]
    obs[parts["deck_size"]] = view.deck_size / DECK_SIZE
    pending = view.pending
    if pending is not None:
        obs[parts.offset("drawn_card") + pending.card.code] = 1.0
        obs[parts["can_refuse"]] = pending.can_refuse
    if not view.is_over:
        obs[parts["refusal_price"]] = squash(view.next_refusal_price, _PRICE_SCALE)
        payee = relative(view.next_refusal_payee)
        obs[parts.offset("refusal_payee") + (players if payee is None else payee)] = 1.0
    obs[parts.offset("phase") + _PHASES.index(view.phase)] = 1.0
    to_act = relative(view.current_player)
    if to_act is not None:
        obs[parts.offset("to_act") + to_act] = 1.0
    obs[parts.offset("starter") + (view.starter - seat) % players] = 1.0
    obs[parts["round"]] = view.round / view.rules.rounds
    obs[parts["score_factor"]] = view.score_factor == 2
    return obs


def _add_cards(row: npt.NDArray[np.float32], cards: tuple[Card, ...]) -> None:
    """Add `cards` to `row` (a block of 30 codes) as fractions of each code's copies."""
    for card in cards:
        row[card.code] += 1.0
    row /= _COPIES


def _bounds(view: IkebanaView) -> Bounds:
    return layout(len(view.players)).bounds()


ENCODING: Final = Encoding(observation, _bounds, table_renderable)
"""Ikebana for the learning environments (named by ``GAME.rl_encoding``): rewards are the
change of each player's prestige."""
