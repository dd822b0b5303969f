"""Hanabi: the rule engine, every rulebook variant (alone and combined) and online variants.

>>> from cardgames.hanabi import HanabiState, variant_from_name
>>> state = HanabiState.new(variant_from_name("rainbow+black-powder"), players=3, seed=7)
>>> state.variant.max_score, state.score  # black powder starts at -5
(30, -5)
>>> events = state.apply(state.parse("clue 2 1"))
>>> state.clue_tokens
7
>>> touched = [slot.slot for slot in state.view(1).own_hand if slot.touched]
>>> all(slot.possible_ranks == {1} for slot in state.view(1).own_hand if slot.touched)
True

``GAME`` registers the game as ``hanabi``; its options are a :class:`HanabiVariant` built
from ``variant`` (a catalogue name, any hanab.live variant name such as ``"Prism (6 Suits)"``,
or a ``+`` spec such as
``"rainbow+black-powder+bonus+fuses-2"``) plus any field of :class:`HanabiVariant`
(``fuses=2``, ``empty_clues=False``, ...), strings accepted.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from cardgames.core.agents import Agent, RandomAgent, sloppy_factory
from cardgames.core.registry import GameInfo
from cardgames.hanabi.actions import (
    BONUS_TILES,
    BonusChoice,
    BonusClue,
    BonusEffect,
    BonusPlay,
    BonusReshuffle,
    Clue,
    DeckDiscard,
    DeckPlay,
    Discard,
    HanabiAction,
    HiddenClue,
    Play,
)
from cardgames.hanabi.cards import START_RANK, Card
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.events import (
    Clued,
    Discarded,
    Drew,
    EndReason,
    FireworkCompleted,
    FuseLost,
    GameEnded,
    HiddenClued,
    Played,
    Thrown,
    TileDrawn,
    TokenRegained,
)
from cardgames.hanabi.hanablive import from_hanablive, to_hanablive
from cardgames.hanabi.names import (
    CATALOGUE,
    CatalogueEntry,
    hanablive_variant,
    variant,
    variant_from_data,
    variant_from_name,
    variant_names,
)
from cardgames.hanabi.rules import (
    SUIT_LIBRARY,
    ClueTouch,
    HanabiVariant,
    PlayOrder,
    ScoreRule,
    Suit,
)
from cardgames.hanabi.state import HanabiState, rating
from cardgames.hanabi.view import HanabiView, OwnSlot, SeenSlot

__all__ = [
    "BONUS_TILES",
    "BOT_ONLY",
    "CATALOGUE",
    "GAME",
    "START_RANK",
    "SUIT_LIBRARY",
    "BonusChoice",
    "BonusClue",
    "BonusEffect",
    "BonusPlay",
    "BonusReshuffle",
    "Card",
    "CatalogueEntry",
    "Clue",
    "ClueTouch",
    "Clued",
    "DeckDiscard",
    "DeckPlay",
    "Discard",
    "Discarded",
    "Drew",
    "EndReason",
    "FireworkCompleted",
    "FuseLost",
    "GameEnded",
    "HanabiAction",
    "HanabiState",
    "HanabiVariant",
    "HanabiView",
    "HiddenClue",
    "HiddenClued",
    "OwnSlot",
    "Play",
    "PlayOrder",
    "Played",
    "ScoreRule",
    "SeenSlot",
    "Suit",
    "Thrown",
    "TileDrawn",
    "TokenRegained",
    "from_hanablive",
    "hanablive_name_of",
    "hanablive_variant",
    "make_options",
    "rating",
    "to_hanablive",
    "variant",
    "variant_from_data",
    "variant_from_name",
    "variant_names",
]

def _bot(name: str, module_name: str = "cardgames.hanabi.bots") -> Callable[[int], Agent]:
    # Bots are imported when one is made, which keeps `import cardgames.hanabi` light.
    def factory(seed: int) -> Agent:
        module = importlib.import_module(module_name)
        made: Agent = getattr(module, name)(seed)
        return made

    return factory


CASUAL_MISTAKE_RATE = 0.1
"""How often the ``casual`` bot (the easy level) makes a random move instead of the
convention bot's (a team mate's slips cost fuses, so fewer than in the duels)."""


def _hgroup_bot(level: int | None = None) -> Callable[[int], Agent]:
    # The H-Group family: ``h-group`` (its top level) and ``h-group-N``, one per level.
    def factory(seed: int) -> Agent:
        module = importlib.import_module("cardgames.hanabi.hgroup")
        made: Agent = module.HGroupBot(seed, module.TOP_LEVEL if level is None else level)
        return made

    return factory


HGROUP_LEVELS = 6
"""How many levels the H-Group family has (``cardgames.hanabi.hgroup.LEVELS``; a test keeps
the two equal, so that registering them does not import the bot)."""


BOT_ONLY = "for bot-only tables: its conventions are not human ones"
"""The line on the hat family (``hat``, ``duo``): hat guessing needs every partner to read
clues its way, which no person does."""


def _bot_lines() -> dict[str, str]:
    """One line on each bot, for the lists people choose a bot from (imports the H-Group
    bot for its levels' lines)."""
    hgroup = importlib.import_module("cardgames.hanabi.hgroup")
    levels: dict[int, str] = hgroup.LEVELS
    top = hgroup.TOP_LEVEL
    return {
        "h-group": f"H-Group level {top}, the top level: {levels[top]}",
        **{f"h-group-{level}": f"H-Group level {level}: {line}"
           for level, line in levels.items()},
        "convention": "plays a simple convention of play and save clues, the H-Group "
                      "bot's ancestor",
        "casual": "the convention bot, with a random move now and then",
        "hat": f"hat guessing, {BOT_ONLY}",
        "duo": f"hat guessing with a look-ahead at the end of two-player games, {BOT_ONLY}",
        "random": "a random legal move",
    }


def _random_bot(seed: int) -> Agent:
    return RandomAgent(seed)


def _presets() -> dict[str, HanabiVariant]:
    return {name: variant_from_name(name) for name in CATALOGUE}


GAME: GameInfo[HanabiState, HanabiVariant] = GameInfo(
    name="hanabi",
    description="cooperative fireworks: every rulebook variant, bonus tiles, online variants",
    state_type=HanabiState,
    options_type=HanabiVariant,
    default_players=2,
    presets=_presets(),
    default_preset="standard",
    preset_with_people="no-variant",
    preset_word="variant",
    resolve_preset=variant,
    read_options=variant_from_data,
    bots={"random": _random_bot, "convention": _bot("ConventionBot"),
          "casual": sloppy_factory(_bot("ConventionBot"), CASUAL_MISTAKE_RATE),
          "hat": _bot("HatBot", "cardgames.hanabi.hat"),
          "duo": _bot("DuoBot", "cardgames.hanabi.search"),
          "h-group": _hgroup_bot(),
          **{f"h-group-{level}": _hgroup_bot(level) for level in range(1, HGROUP_LEVELS + 1)}},
    levels={"easy": "casual", "normal": "convention", "hard": "duo"},
    cooperative=True,
    default_bot="convention",
    # People play the H-Group conventions; hat guessing is for tables of bots only.
    bot_with_people="h-group",
    levels_with_people={"hard": "h-group"},
    bot_lines=_bot_lines,
    max_moves=2_000,
    cli_module="cardgames.cli.hanabi",
    vector_engine="cardgames.vector.hanabi:make_env",
    app_adapter="cardgames.app.games.hanabi:ADAPTER",
    table_aids="cardgames.hanabi.hints:table_aids",
    spectator_hands="cardgames.hanabi.hints:spectator_hands",
    exports={"hanablive": "cardgames.hanabi.hanablive:to_hanablive"},
    rl_encoding="cardgames.rl.hanabi:ENCODING",
    web_assets="cardgames.hanabi:web",
    importers={"hanablive": from_hanablive},
    preset_lines={name: entry.description for name, entry in CATALOGUE.items()},
    preset_titles={name: entry.hanablive_name for name, entry in CATALOGUE.items()
                   if entry.hanablive_name is not None},
)
"""The registry entry for Hanabi: ``new_game("hanabi", variant="rainbow", fuses=2)``."""


def make_options(variant: str | HanabiVariant | None = None, **fields: Any) -> HanabiVariant:
    """A variant by name (default ``standard``) with single options changed.

    ``make_options("rainbow", fuses="2")``; unknown fields raise OptionsError listing the
    allowed ones; values may be strings (as typed on the command line).
    """
    return GAME.make_options(variant=variant, **fields)
