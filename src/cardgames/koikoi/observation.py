"""Koi-Koi observations: one seat's :class:`~cardgames.koikoi.view.KoiKoiView` as a vector.

>>> import cardgames
>>> from cardgames.koikoi import observation as koikoi
>>> state = cardgames.new_game("koikoi", seed=3)
>>> obs = koikoi.observation(state.view(0))
>>> obs.shape == (koikoi.observation_size(),), int(obs[koikoi.LAYOUT["hand"]].sum())
(True, 8)

The vector is seat-relative: "own" is the viewing seat, "opponent" the other one, so one
policy can play either seat. Cards are indexed by their id (0..47, ``(month - 1) * 4 +
index - 1``); yaku follow the rows of :data:`cardgames.koikoi.yaku.YAKU`. Only the view is
read, so nothing hidden from the seat (the opponent's hand, the stock's order) can leak in.
:data:`LAYOUT` names the slices (the docs print it as a table).

The one encoder of the game's observation, part of the game so that each user stands on it
rather than on another: the learned bot (:mod:`cardgames.koikoi.expert`), the learning
environments (:mod:`cardgames.rl.koikoi`), the JAX engine (:mod:`cardgames.vector.koikoi`,
which writes the same values from arrays, with the scales and tables named here) and the
trainer. numpy is a dependency of the package.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from cardgames.core.layout import Field, Layout, squash
from cardgames.koikoi.cards import Card, Kind, RibbonKind
from cardgames.koikoi.view import CaptureChoice, KoiKoiDecision, KoiKoiView, Phase
from cardgames.koikoi.yaku import YAKU, yaku_progress

__all__ = [
    "HAND_SIZE",
    "KIND_GROUPS",
    "LAYOUT",
    "PHASES",
    "SCORE_SCALE",
    "STOCK_AFTER_DEAL",
    "TURNS_PER_ROUND",
    "YAKU_SCALE",
    "observation",
    "observation_size",
]

HAND_SIZE: Final = 8
"""Cards dealt to a hand: the opponent's hand size is written as a fraction of it."""
STOCK_AFTER_DEAL: Final = 24
"""48 cards less two hands and the field: the most the stock ever holds."""
TURNS_PER_ROUND: Final = 8
"""A player's turns in a round: at most one koi-koi call each."""
YAKU_SCALE: Final = 10
"""Yaku points written as 0.5 by :func:`~cardgames.core.layout.squash` (a big round)."""
SCORE_SCALE: Final = 30
"""Match points written as 0.5 (a match's typical lead)."""

PHASES: Final = (Phase.PLAY, Phase.CAPTURE, Phase.DECIDE, Phase.OVER)
"""The phases in the order of the observation's one-hot."""

KIND_GROUPS: Final[tuple[tuple[str, Kind, RibbonKind | None, int], ...]] = (
    ("brights", Kind.BRIGHT, None, 5),
    ("animals", Kind.ANIMAL, None, 9),
    ("poetry ribbons", Kind.RIBBON, RibbonKind.POETRY, 3),
    ("blue ribbons", Kind.RIBBON, RibbonKind.BLUE, 3),
    ("plain ribbons", Kind.RIBBON, RibbonKind.PLAIN, 4),
    ("chaff", Kind.CHAFF, None, 24),
)
"""The pile's cards by kind, with the ribbons by colour since Akatan and Aotan count them
apart: (name, kind, ribbon or None, how many cards there are)."""
_GROUP_OF: Final[tuple[int, ...]] = tuple(
    next(
        group
        for group, (_, kind, ribbon, _count) in enumerate(KIND_GROUPS)
        if card.kind is kind and card.ribbon is ribbon
    )
    for card in (Card.from_id(card_id) for card_id in range(48))
)
_GROUP_SIZES: Final = np.array([count for *_, count in KIND_GROUPS], dtype=np.float32)
_KINDS_TEXT: Final = ", ".join(f"{name} / {count}" for name, _, _, count in KIND_GROUPS)
_YAKU_KEYS: Final = tuple(row.key for row in YAKU)
_YAKU_TEXT: Final = "/".join(_YAKU_KEYS)

LAYOUT: Final = Layout(
    [
        Field("hand", 48, "own hand, by card id"),
        Field("field", 48, "face-up field cards, by card id"),
        Field("own_pile", 48, "own captured cards, by card id"),
        Field("opponent_pile", 48, "the opponent's captured cards, by card id"),
        Field(
            "pending_card", 48,
            "the turned-over stock card waiting for own capture choice (phase capture)",
        ),
        Field("own_pile_kinds", 6, f"own pile counted by kind: {_KINDS_TEXT}"),
        Field("opponent_pile_kinds", 6, "the opponent's pile, counted the same way"),
        Field(
            "own_yaku", len(YAKU),
            f"per yaku ({_YAKU_TEXT}): 1 when formed, cards held / cards needed while it "
            "can still form, else 0",
        ),
        Field("opponent_yaku", len(YAKU), "the opponent's yaku, the same way"),
        Field(
            "yaku_points", 2,
            f"own and the opponent's yaku totals, squash(points, {YAKU_SCALE})",
        ),
        Field(
            "stop_points", 1,
            f"what stopping now scores with multipliers (phase decide), squash(points, "
            f"{YAKU_SCALE})",
        ),
        Field(
            "koikoi_calls", 2,
            f"own and the opponent's koi-koi calls this round / {TURNS_PER_ROUND}",
        ),
        Field("koikoi_allowed", 1, "1 while the rules allow another koi-koi this round"),
        Field("phase", len(PHASES), "one-hot: play, capture, decide, over"),
        Field("to_act", 1, "1 when the viewing seat is to act"),
        Field("dealer", 1, "1 when the viewing seat deals this round"),
        Field("opponent_hand_size", 1, f"cards in the opponent's hand / {HAND_SIZE}"),
        Field("stock_size", 1, f"cards in the stock / {STOCK_AFTER_DEAL}"),
        Field("round", 1, "round number / rounds in the match"),
        Field("month", 12, "one-hot: the round's month (tsuki-fuda)"),
        Field(
            "score", 2, f"own and the opponent's match totals, squash(points, {SCORE_SCALE})",
            low=-1.0,
        ),
    ]
)
"""The slices of a Koi-Koi observation, by name."""

_HAND, _FIELD, _OWN_PILE, _OPPONENT_PILE, _PENDING = (
    LAYOUT.offset(name) for name in ("hand", "field", "own_pile", "opponent_pile", "pending_card")
)


def observation_size() -> int:
    """The length of every Koi-Koi observation (it depends on no option)."""
    return LAYOUT.size


def observation(view: KoiKoiView) -> npt.NDArray[np.float32]:
    """`view` as a ``float32`` vector laid out as :data:`LAYOUT` says."""
    obs = np.zeros(LAYOUT.size, dtype=np.float32)
    seat = view.seat
    other = 1 - seat
    own_pile, opponent_pile = view.piles[seat], view.piles[other]
    for offset, cards in (
        (_HAND, view.hand),
        (_FIELD, view.field),
        (_OWN_PILE, own_pile),
        (_OPPONENT_PILE, opponent_pile),
    ):
        for card in cards:
            obs[offset + card.id] = 1.0
    pending = view.pending
    if isinstance(pending, CaptureChoice) and pending.seat == seat:
        obs[_PENDING + pending.card.id] = 1.0
    obs[LAYOUT["own_pile_kinds"]] = _kind_counts(own_pile)
    obs[LAYOUT["opponent_pile_kinds"]] = _kind_counts(opponent_pile)
    obs[LAYOUT["own_yaku"]] = _yaku_progress(view, seat)
    obs[LAYOUT["opponent_yaku"]] = _yaku_progress(view, other)
    obs[LAYOUT["yaku_points"]] = [
        squash(view.yaku[seat].total, YAKU_SCALE),
        squash(view.yaku[other].total, YAKU_SCALE),
    ]
    if isinstance(pending, KoiKoiDecision) and pending.seat == seat:
        obs[LAYOUT["stop_points"]] = squash(pending.stop_points.points, YAKU_SCALE)
    calls = view.koikoi_calls
    obs[LAYOUT["koikoi_calls"]] = [
        calls[seat] / TURNS_PER_ROUND, calls[other] / TURNS_PER_ROUND
    ]
    obs[LAYOUT["koikoi_allowed"]] = view.koikoi_allowed
    obs[LAYOUT.offset("phase") + PHASES.index(view.phase)] = 1.0
    obs[LAYOUT["to_act"]] = view.current_player == seat
    obs[LAYOUT["dealer"]] = view.dealer == seat
    obs[LAYOUT["opponent_hand_size"]] = view.opponent_hand_size / HAND_SIZE
    obs[LAYOUT["stock_size"]] = view.stock_size / STOCK_AFTER_DEAL
    obs[LAYOUT["round"]] = view.round_number / view.rules.rounds
    obs[LAYOUT.offset("month") + view.month - 1] = 1.0
    obs[LAYOUT["score"]] = [
        squash(view.scores[seat], SCORE_SCALE), squash(view.scores[other], SCORE_SCALE)
    ]
    return obs


def _kind_counts(pile: tuple[Card, ...]) -> npt.NDArray[np.float32]:
    counts = np.zeros(len(KIND_GROUPS), dtype=np.float32)
    for card in pile:
        counts[_GROUP_OF[card.id]] += 1.0
    counts /= _GROUP_SIZES
    return counts


def _yaku_progress(view: KoiKoiView, seat: int) -> list[float]:
    """Per yaku row: 1 formed, have/need while it can still form (the same rows the
    terminal's progress hints show, from :func:`~cardgames.koikoi.yaku.yaku_progress`), else 0."""
    month = view.month if view.rules.tsuki_fuda else None
    progress = {
        row.key: row.have / row.need
        for row in yaku_progress(view.piles[seat], view.piles[1 - seat], view.rules, month)
    }
    formed = {yaku.key for yaku in view.yaku[seat].yaku}
    return [1.0 if key in formed else progress.get(key, 0.0) for key in _YAKU_KEYS]
