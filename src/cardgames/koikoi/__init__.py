"""Hanafuda Koi-Koi: the 48 cards, every yaku and house rule, and the match engine.

>>> from cardgames.koikoi import score_yaku
>>> score_yaku(["jan-crane", "mar-curtain", "aug-moon"]).total
5
>>> from cardgames.koikoi import KoiKoiState, make_rules
>>> state = KoiKoiState(make_rules("online"), seed=7)
>>> state.apply(state.legal_actions()[0]) and state.move_count
1

``GAME`` registers the game as ``koikoi`` (options: a ``preset`` name plus any
:class:`KoiKoiRules` field).
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from cardgames.core.agents import Agent, RandomAgent
from cardgames.core.game import State
from cardgames.core.registry import GameInfo
from cardgames.koikoi.cards import CARDS, MONTHS, Card, Kind, Month, RibbonKind, parse_card
from cardgames.koikoi.events import (
    CardPlayed,
    ChoiceRequired,
    DealerChosen,
    KoiKoiCalled,
    LuckyHand,
    MatchEnded,
    Redealt,
    RoundEnd,
    RoundEnded,
    RoundResult,
    RoundStarted,
    YakuFormed,
)
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
from cardgames.koikoi.state import KoiKoiAction, KoiKoiState, KoiKoiView, deal_order
from cardgames.koikoi.yaku import (
    Multiplier,
    RoundPoints,
    Yaku,
    YakuInfo,
    YakuScore,
    drawn_round_points,
    month_of_round,
    round_points,
    score_yaku,
    yaku_table,
)

__all__ = [
    "CARDS",
    "DEFAULT_PRESET",
    "GAME",
    "MONTHS",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "Card",
    "CardPlayed",
    "ChoiceRequired",
    "DealerChosen",
    "DrawnRound",
    "Kind",
    "KoiKoiAction",
    "KoiKoiCalled",
    "KoiKoiPenalty",
    "KoiKoiRules",
    "KoiKoiState",
    "KoiKoiView",
    "LuckyHand",
    "LuckyHands",
    "MatchEnded",
    "Month",
    "Multiplier",
    "Redealt",
    "RibbonKind",
    "RoundEnd",
    "RoundEnded",
    "RoundPoints",
    "RoundResult",
    "RoundStarted",
    "Yaku",
    "YakuFormed",
    "YakuInfo",
    "YakuScore",
    "deal_order",
    "drawn_round_points",
    "make_rules",
    "month_of_round",
    "parse_card",
    "round_points",
    "score_yaku",
    "yaku_table",
]


def _make_options(preset: str | None = None, **overrides: Any) -> KoiKoiRules:
    return make_rules(preset, **overrides)


def _new_state(
    options: KoiKoiRules,
    players: int,
    seed: int | None,
    deck: Sequence[str] | None,
    names: Sequence[str] | None,
) -> KoiKoiState:
    return KoiKoiState(options, seed=seed, deck=deck, names=names)


def _greedy(seed: int) -> Agent:
    # The bots module is optional at import time: loading it only when a greedy bot is asked
    # for keeps `import cardgames.koikoi` light.
    bots = importlib.import_module("cardgames.koikoi.bots")
    agent: Agent = bots.GreedyBot(seed)
    return agent


def _cards_in(value: object) -> Iterator[Card]:
    """Every Card inside a view value (tuples and attrs values searched recursively)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _cards_in(item)
    elif attrs.has(type(value)) and not isinstance(value, KoiKoiRules):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]  # attrs.has checked it
            yield from _cards_in(getattr(value, field.name))


def check_view(state: State[Any], seat: int) -> None:
    """AssertionError if ``state.view(seat)`` shows the opponent's hand or the stock."""
    assert isinstance(state, KoiKoiState)
    view = state.view(seat)
    assert view.hand == state.hand(seat), "a seat sees its own hand"
    shown = set(_cards_in(view))
    hidden = set(state.hand(1 - seat)) | set(state.stock)
    leaked = shown & hidden
    assert not leaked, f"seat {seat}'s view shows hidden cards: {sorted(c.code for c in leaked)}"
    assert view.opponent_hand_size == len(state.hand(1 - seat))
    assert view.stock_size == len(state.stock)
    names = {f.name for f in attrs.fields(type(view))}
    assert not any("stock" in n and n != "stock_size" for n in names), "the view lists the stock"


def invariants(state: State[Any]) -> None:
    """AssertionError when a Koi-Koi invariant breaks (see the module docs)."""
    assert isinstance(state, KoiKoiState)
    hands = [state.hand(0), state.hand(1)]
    pending = () if state.pending_card is None else (state.pending_card,)
    everywhere = [*hands[0], *hands[1], *state.field, *state.stock, *state.pile(0),
                  *state.pile(1), *pending]
    counts = Counter(everywhere)
    assert len(counts) == 48, "the 48 cards are all present (hands, field, stock, piles)"
    assert all(n == 1 for n in counts.values()), "no card is in two places at once"
    for seat in (0, 1):
        months = Counter(card.month for card in state.pile(seat))
        assert all(n % 2 == 0 for n in months.values()), (
            f"seat {seat}'s pile holds an odd number of a month: captures come in same-month pairs"
        )
    assert abs(len(hands[0]) - len(hands[1])) <= 1
    assert len(state.stock) == 8 + len(hands[0]) + len(hands[1]), (
        "each turn takes one card from hand and one from the stock"
    )
    totals = [0, 0]
    for result in state.round_results:
        for seat in (0, 1):
            if result.winner != seat:
                assert result.score[seat] == 0, "a round's points go only to its winner"
            totals[seat] += result.score[seat]
    assert totals == state.scores(), "match totals equal the sum of the round results"
    assert len(state.round_results) <= state.rules.rounds
    assert state.is_over == (len(state.round_results) == state.rules.rounds)


def result_text(state: State[Any]) -> str:
    """One line: the totals and the winner."""
    assert isinstance(state, KoiKoiState)
    first, second = state.scores()
    name = state.players
    if first == second:
        return f"draw {first}-{second}"
    winner = 0 if first > second else 1
    return f"{name[winner]} wins {max(first, second)}-{min(first, second)}"


GAME = GameInfo(
    name="koikoi",
    title="Koi-Koi",
    description="Hanafuda Koi-Koi for two: capture by month, form yaku, koi-koi or stop.",
    player_counts=range(2, 3),
    default_players=2,
    make_options=_make_options,
    options_from_dict=KoiKoiRules.from_dict,
    new_state=_new_state,
    presets={
        **PRESETS,
        # Option combinations the conformance tests also exercise.
        "redeal-lucky-short": make_rules(
            "nintendo", rounds=3, lucky_hands="redeal", redeal_four_on_field=False,
            capture_all_three=False,
        ),
        "growing-unlimited": make_rules(
            "online", koikoi_penalty="growing", viewing_only_after_koikoi=True,
            viewing_cancelled_by_rain=True, lucky_hands="off", sake_cup_as_chaff=False,
        ),
        "no-koikoi-oyaken": make_rules(
            "nintendo", rounds=4, max_koikoi_calls=0, drawn_round="dealer", koikoi_penalty="none",
            viewing_yaku=False, double_at_7=False, tsuki_fuda=True,
        ),
    },
    bots={"random": RandomAgent, "greedy": _greedy},
    default_bot="greedy",
    check_view=check_view,
    invariants=invariants,
    max_moves=24 * 16 * 3,
    result_text=result_text,
    cli_module="cardgames.koikoi.cli",
)
"""The registry entry: ``cardgames.new_game("koikoi", seed=1, preset="online")``."""
