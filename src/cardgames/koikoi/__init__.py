"""Hanafuda Koi-Koi: the 48 cards, every yaku and house rule, and the match engine.

>>> from cardgames.koikoi import score_yaku
>>> score_yaku(["jan-crane", "mar-curtain", "aug-moon"]).total
5
>>> from cardgames.koikoi import KoiKoiState, make_rules
>>> state = KoiKoiState.new(make_rules("online"), players=2, seed=7)
>>> state.apply(state.legal_actions()[0]) and state.move_count
1

``GAME`` registers the game as ``koikoi`` (options: a ``preset`` name plus any
:class:`KoiKoiRules` field).
"""

from __future__ import annotations

from cardgames.core.agents import Agent, RandomAgent, sloppy_factory
from cardgames.core.registry import GameInfo
from cardgames.koikoi.actions import KoiKoiAction
from cardgames.koikoi.bots import GreedyBot
from cardgames.koikoi.cards import (
    CARDS,
    MONTHS,
    Card,
    Kind,
    Month,
    RibbonKind,
    deal_order,
    parse_card,
)
from cardgames.koikoi.events import (
    CardPlayed,
    ChoiceRequired,
    DealerChosen,
    ForcedStop,
    KoiKoiCalled,
    LuckyHand,
    LuckyHandKind,
    MatchEnd,
    MatchEnded,
    RedealReason,
    Redealt,
    RoundEnd,
    RoundEnded,
    RoundResult,
    RoundStarted,
    StopReason,
    YakuFormed,
)
from cardgames.koikoi.rules import (
    DEFAULT_PRESET,
    PRESET_DESCRIPTIONS,
    PRESETS,
    DrawnRound,
    FirstDealer,
    KoiKoiPenalty,
    KoiKoiQuestion,
    KoiKoiRules,
    LuckyHands,
    Shuffle,
    make_rules,
)
from cardgames.koikoi.search import SearchBot
from cardgames.koikoi.state import KoiKoiState
from cardgames.koikoi.view import CaptureChoice, KoiKoiDecision, KoiKoiView, Pending, Phase
from cardgames.koikoi.yaku import (
    YAKU,
    Multiplier,
    MultiplierKind,
    RoundPoints,
    Yaku,
    YakuInfo,
    YakuProgress,
    YakuRow,
    YakuScore,
    drawn_round_points,
    month_of_round,
    round_points,
    score_yaku,
    yaku_progress,
    yaku_table,
)

__all__ = [
    "CARDS",
    "DEFAULT_PRESET",
    "GAME",
    "MONTHS",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "YAKU",
    "CaptureChoice",
    "Card",
    "CardPlayed",
    "ChoiceRequired",
    "DealerChosen",
    "DrawnRound",
    "FirstDealer",
    "ForcedStop",
    "Kind",
    "KoiKoiAction",
    "KoiKoiCalled",
    "KoiKoiDecision",
    "KoiKoiPenalty",
    "KoiKoiQuestion",
    "KoiKoiRules",
    "KoiKoiState",
    "KoiKoiView",
    "LuckyHand",
    "LuckyHandKind",
    "LuckyHands",
    "MatchEnd",
    "MatchEnded",
    "Month",
    "Multiplier",
    "MultiplierKind",
    "Pending",
    "Phase",
    "RedealReason",
    "Redealt",
    "RibbonKind",
    "RoundEnd",
    "RoundEnded",
    "RoundPoints",
    "RoundResult",
    "RoundStarted",
    "Shuffle",
    "StopReason",
    "Yaku",
    "YakuFormed",
    "YakuInfo",
    "YakuProgress",
    "YakuRow",
    "YakuScore",
    "deal_order",
    "drawn_round_points",
    "make_rules",
    "month_of_round",
    "parse_card",
    "round_points",
    "score_yaku",
    "yaku_progress",
    "yaku_table",
]


CASUAL_MISTAKE_RATE = 0.3
"""How often the ``casual`` bot (the easy level) makes a random move instead of the greedy
bot's."""


def expert_bot(seed: int | None = None) -> Agent:
    """The ``learned`` bot: :class:`cardgames.koikoi.expert.ExpertBot`, the network learned
    by self-play (numpy is imported only when one is made)."""
    from cardgames.koikoi.expert import ExpertBot  # noqa: PLC0415

    return ExpertBot(seed)


def _bot_lines() -> dict[str, str]:
    """One line on each bot, for the lists people choose a bot from."""
    return {
        "greedy": "plays for its best yaku and spoils yours; calls koi-koi by a simple risk rule",
        "casual": f"the greedy bot, with a random move about {CASUAL_MISTAKE_RATE:.0%} of the time",
        "search": "plays out many guesses at the hidden cards before each move (slower)",
        "learned": "a network learned by self-play; not yet stronger than greedy",
        "random": "a random legal move",
    }


GAME: GameInfo[KoiKoiState, KoiKoiRules] = GameInfo(
    name="koikoi",
    description="Hanafuda Koi-Koi for two: capture by month, form yaku, koi-koi or stop.",
    state_type=KoiKoiState,
    options_type=KoiKoiRules,
    default_players=2,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    test_options={
        # Option combinations the conformance kit runs besides the presets.
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
        # Small banks end matches early often; the rest are koikoi-ai's rules on other
        # presets' scoring, so that each new rule is also run apart from its preset.
        "small-banks-same-dealer": make_rules(
            "online", banks=True, starting_bank=15, drawn_round="same-dealer", first_dealer=2,
            teshi=False, own_koikoi_bonus=True, koikoi_question="total-raised",
        ),
        "stacked-yaku-viewing-bonus": make_rules(
            "traditional", rounds=4, set_yaku_stack=True, viewing_koikoi_bonus=3,
            viewing_only_after_koikoi=True, first_dealer="random", kuttsuki=False,
            koikoi_penalty="growing", own_koikoi_bonus=True,
        ),
    },
    bots={"random": RandomAgent, "greedy": GreedyBot,
          "casual": sloppy_factory(GreedyBot, CASUAL_MISTAKE_RATE), "search": SearchBot,
          "learned": expert_bot},
    # The learned network is offered by its name only: it is not yet stronger than greedy
    # (docs/games/koikoi.md), so it is no level; it becomes `expert` once it beats `hard`.
    levels={"easy": "casual", "normal": "greedy", "hard": "search"},
    default_bot="greedy",
    max_moves=24 * 16 * 3,
    cli_module="cardgames.cli.koikoi",
    vector_engine="cardgames.vector.koikoi:make_env",
    trainer="cardgames.train.koikoi",
    app_adapter="cardgames.app.games.koikoi:ADAPTER",
    table_aids="cardgames.koikoi.yaku:table_aids",
    spectator_hands="cardgames.koikoi.yaku:spectator_hands",
    rl_encoding="cardgames.rl.koikoi:ENCODING",
    web_assets="cardgames.koikoi:web",
    preset_lines=PRESET_DESCRIPTIONS,
    bot_lines=_bot_lines,
)
"""The registry entry: ``cardgames.new_game("koikoi", seed=1, preset="online")``."""
