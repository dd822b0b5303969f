"""Hanafuda Koi-Koi: the 48 cards, every yaku and house rule, and the match engine.

>>> from cardgames.koikoi import score_yaku
>>> score_yaku(["jan-crane", "mar-curtain", "aug-moon"]).total
5
"""

from __future__ import annotations

from cardgames.koikoi.cards import CARDS, MONTHS, Card, Kind, Month, RibbonKind, parse_card
from cardgames.koikoi.rules import (
    DEFAULT_PRESET,
    PRESET_DESCRIPTIONS,
    PRESETS,
    DrawnRound,
    KoiKoiPenalty,
    KoiKoiRules,
    LuckyHands,
    make_rules,
)
from cardgames.koikoi.yaku import (
    Multiplier,
    RoundPoints,
    Yaku,
    YakuInfo,
    YakuScore,
    month_of_round,
    round_points,
    score_yaku,
    yaku_table,
)

__all__ = [
    "CARDS",
    "DEFAULT_PRESET",
    "MONTHS",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "Card",
    "DrawnRound",
    "KoiKoiPenalty",
    "KoiKoiRules",
    "Kind",
    "LuckyHands",
    "Month",
    "Multiplier",
    "RibbonKind",
    "RoundPoints",
    "Yaku",
    "YakuInfo",
    "YakuScore",
    "make_rules",
    "month_of_round",
    "parse_card",
    "round_points",
    "score_yaku",
    "yaku_table",
]
