"""Ikebana (Antoine Bauza, 2010): build a five-card bouquet each round, scored in prestige.

>>> from cardgames.ikebana import score_bouquet
>>> score_bouquet("R3 G3 K3 B2 Y2".split()).total
39

The engine is :class:`IkebanaState` (2-5 players, four rounds), its options
:class:`IkebanaRules`; ``GAME`` registers it as ``ikebana``.
"""

from __future__ import annotations

from cardgames.core.agents import RandomAgent, sloppy_factory
from cardgames.core.registry import GameInfo
from cardgames.ikebana.actions import (
    DRAW,
    KEEP,
    REFUSE,
    ActionKind,
    Buy,
    Draw,
    IkebanaAction,
    Keep,
    Refuse,
)
from cardgames.ikebana.bots import GreedyBot
from cardgames.ikebana.cards import FULL_DECK, Card
from cardgames.ikebana.rules import (
    DEFAULT_PRESET,
    PRESET_DESCRIPTIONS,
    PRESETS,
    IkebanaRules,
    RefusalPayee,
    ReshuffleTiming,
    StarterTieBreak,
    UnaffordableRefusal,
    make_rules,
)
from cardgames.ikebana.scoring import (
    BouquetScore,
    Combination,
    CombinationKind,
    bouquet_total,
    combination_points,
    score_bouquet,
)
from cardgames.ikebana.search import PlannerBot
from cardgames.ikebana.state import IkebanaState
from cardgames.ikebana.view import IkebanaView, PendingCard, Phase

__all__ = [
    "DRAW",
    "FULL_DECK",
    "GAME",
    "KEEP",
    "MAX_MOVES",
    "PRESETS",
    "REFUSE",
    "ActionKind",
    "BouquetScore",
    "Buy",
    "Card",
    "Combination",
    "CombinationKind",
    "Draw",
    "GreedyBot",
    "IkebanaAction",
    "IkebanaRules",
    "IkebanaState",
    "IkebanaView",
    "Keep",
    "PendingCard",
    "Phase",
    "RefusalPayee",
    "Refuse",
    "ReshuffleTiming",
    "StarterTieBreak",
    "UnaffordableRefusal",
    "bouquet_total",
    "combination_points",
    "make_rules",
    "score_bouquet",
]

_MAX_TOTAL_PRESTIGE = 5 * 100 + 12 * 5 * 88 * 2
"""Prestige can never exceed: 5 players x 100 to start + 12 rounds x 5 bouquets x 88 (the
best bouquet) x 2 (final bouquet)."""
MAX_MOVES = 12 * 5 * 5 * (2 + _MAX_TOTAL_PRESTIGE)
"""A proven bound on the actions of one game: every turn is a draw or a buy, a keep, and
refusals that each cost the refuser at least 1 of the prestige they hold (bounded above)."""


CASUAL_MISTAKE_RATE = 0.3
"""How often the ``casual`` bot (the easy level) makes a random move instead of the greedy
bot's."""

def _bot_lines() -> dict[str, str]:
    """One line on each bot, for the lists people choose a bot from."""
    return {
        "greedy": "takes the move that gains the most prestige over the others now",
        "casual": f"the greedy bot, with a random move about {CASUAL_MISTAKE_RATE:.0%} of the time",
        "planner": "plans its bouquet against the cards it has not seen, to win",
        "random": "a random legal move",
    }


GAME: GameInfo[IkebanaState, IkebanaRules] = GameInfo(
    name="ikebana",
    description="Antoine Bauza's bouquet game: draw, keep or refuse, buy; 4 rounds of prestige.",
    state_type=IkebanaState,
    options_type=IkebanaRules,
    default_players=2,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    bots={"random": RandomAgent, "greedy": GreedyBot,
          "casual": sloppy_factory(GreedyBot, CASUAL_MISTAKE_RATE), "planner": PlannerBot},
    levels={"easy": "casual", "normal": "greedy", "hard": "planner"},
    default_bot="greedy",
    max_moves=MAX_MOVES,
    cli_module="cardgames.cli.ikebana",
    app_adapter="cardgames.app.games.ikebana:ADAPTER",
    table_aids="cardgames.ikebana.render:table_aids",
    rl_encoding="cardgames.rl.ikebana:ENCODING",
    web_assets="cardgames.ikebana:web",
    preset_lines=PRESET_DESCRIPTIONS,
    bot_lines=_bot_lines,
)
"""The registry entry of Ikebana."""
