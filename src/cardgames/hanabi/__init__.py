"""Hanabi: the rule engine, every rulebook variant (alone and combined) and online variants.

>>> from cardgames.hanabi import HanabiState, variant_from_name
>>> state = HanabiState(variant_from_name("rainbow+black-powder"), players=3, seed=7)
>>> state.variant.max_score, state.score  # black powder starts at -5
(30, -5)
>>> events = state.apply(state.parse("clue 2 1"))
>>> state.clue_tokens
7
>>> touched = [slot.slot for slot in state.view(1).own_hand if slot.touched]
>>> all(slot.possible_ranks == {1} for slot in state.view(1).own_hand if slot.touched)
True

``GAME`` registers the game as ``hanabi``; its options are a :class:`HanabiVariant` built
from ``variant`` (a catalogue name, a hanab.live name or a ``+`` spec such as
``"rainbow+black-powder+bonus+fuses-2"``) plus any field of :class:`HanabiVariant`
(``fuses=2``, ``empty_clues=False``, ...), strings accepted.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardgames.core.agents import Agent, RandomAgent
from cardgames.core.errors import OptionsError
from cardgames.core.game import State
from cardgames.core.registry import GameInfo
from cardgames.hanabi.actions import (
    BonusClue,
    BonusPlay,
    BonusReshuffle,
    Clue,
    Clued,
    DeckPlay,
    Discard,
    Discarded,
    Drew,
    FireworkCompleted,
    FuseLost,
    GameEnded,
    HanabiAction,
    Play,
    Played,
    TileDrawn,
    TokenRegained,
)
from cardgames.hanabi.cards import START_RANK, Card
from cardgames.hanabi.knowledge import HanabiView, OwnSlot, SeenSlot
from cardgames.hanabi.state import BONUS_TILES, HanabiState, rating
from cardgames.hanabi.variants import (
    CATALOGUE,
    SUIT_LIBRARY,
    CatalogueEntry,
    ClueTouch,
    HanabiVariant,
    PlayOrder,
    ScoreRule,
    Suit,
    hanablive_variant,
    variant_from_name,
    variant_names,
)

__all__ = [
    "BONUS_TILES",
    "CATALOGUE",
    "GAME",
    "START_RANK",
    "SUIT_LIBRARY",
    "BonusClue",
    "BonusPlay",
    "BonusReshuffle",
    "Card",
    "CatalogueEntry",
    "Clue",
    "ClueTouch",
    "Clued",
    "DeckPlay",
    "Discard",
    "Discarded",
    "Drew",
    "FireworkCompleted",
    "FuseLost",
    "GameEnded",
    "HanabiAction",
    "HanabiState",
    "HanabiVariant",
    "HanabiView",
    "OwnSlot",
    "Play",
    "PlayOrder",
    "Played",
    "ScoreRule",
    "SeenSlot",
    "Suit",
    "TileDrawn",
    "TokenRegained",
    "check_invariants",
    "check_view",
    "from_hanablive",
    "hanablive_variant",
    "make_options",
    "rating",
    "to_hanablive",
    "variant_from_name",
    "variant_names",
]

_FIELD_TYPES: dict[str, type] = {
    "hand_size_delta": int,
    "clue_tokens": int,
    "fuses": int,
    "starting_player": int,
    "empty_clues": bool,
    "score_after_strikeout": bool,
    "all_or_nothing": bool,
    "bonus_tiles": bool,
    "deck_plays": bool,
    "early_end": bool,
}
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _convert(field: str, value: Any) -> Any:
    kind = _FIELD_TYPES[field]
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    if kind is bool:
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionsError(f"{field!r} must be true or false (got {value!r})")
    try:
        return int(text)
    except ValueError:
        raise OptionsError(f"{field!r} must be an integer (got {value!r})") from None


def make_options(variant: str | HanabiVariant | None = None, **fields: Any) -> HanabiVariant:
    """A variant by name (default ``standard``) with single options changed.

    ``make_options("rainbow", fuses="2")``; unknown fields raise OptionsError listing the
    allowed ones; values may be strings (as typed on the command line).
    """
    if isinstance(variant, HanabiVariant):
        base = variant
    else:
        base = variant_from_name("standard" if variant is None else variant)
    unknown = sorted(set(fields) - set(_FIELD_TYPES))
    if unknown:
        raise OptionsError(
            f"unknown Hanabi option(s) {', '.join(unknown)}; allowed: variant, "
            f"{', '.join(sorted(_FIELD_TYPES))}"
        )
    if not fields:
        return base
    return attrs.evolve(base, **{name: _convert(name, v) for name, v in fields.items()})


def _new_state(
    options: HanabiVariant,
    players: int,
    seed: int | None,
    deck: Sequence[str] | None,
    names: Sequence[str] | None,
) -> HanabiState:
    return HanabiState(options, players, seed, deck=deck, names=names)


def check_view(state: State[Any], seat: int) -> None:
    """Raise AssertionError if ``state.view(seat)`` shows the seat's own cards.

    The own hand must be :class:`OwnSlot` values (no card field), one per card; the true card
    must be among each slot's possibilities (knowledge is never wrong); the other hands must
    show exactly the other players' cards.
    """
    assert isinstance(state, HanabiState)
    view = state.view(seat)
    own = state.hand(seat)
    assert len(view.own_hand) == len(own), "own hand size differs"
    for slot, card in zip(view.own_hand, own, strict=True):
        assert type(slot) is OwnSlot, f"own slot is {type(slot).__name__}, not OwnSlot"
        assert not hasattr(slot, "card"), "an own slot carries a card"
        assert card in slot.possible, f"knowledge excludes the true card {card}"
    assert view.other_hands[seat] == (), "the view holds the seat's own hand"
    for other in range(len(state.players)):
        if other != seat:
            assert tuple(s.card for s in view.other_hands[other]) == state.hand(other)


def check_invariants(state: State[Any]) -> None:
    """Raise AssertionError when a rule invariant breaks.

    Every card is somewhere (pile, hands, fireworks, discards) exactly once; clue tokens and
    fuses stay in range; hands never exceed their size; each firework is a legal sequence;
    the score matches the fireworks (black powder counted) and never passes the maximum.
    """
    assert isinstance(state, HanabiState)
    variant = state.variant
    everywhere: Counter[Card] = Counter(state.draw_pile())
    for seat in range(len(state.players)):
        hand = state.hand(seat)
        assert len(hand) <= variant.hand_size(len(state.players)), "hand too large"
        everywhere.update(hand)
    for stack in state.fireworks:
        everywhere.update(stack)
    everywhere.update(state.discards)
    assert everywhere == Counter(variant.deck_cards()), "cards lost or duplicated"
    assert 0 <= state.clue_tokens <= variant.clue_tokens, f"clue tokens {state.clue_tokens}"
    assert 0 <= state.fuses <= variant.fuses, f"fuses {state.fuses}"
    if not state.is_over:
        assert state.fuses > 0, "the game goes on without fuses"
    assert state.fireworks_score <= variant.max_score, "score passes the maximum"
    # The score is the fireworks' cards, minus the missing black powder cards; as cards only
    # ever join fireworks, it never falls (the sweep in the tests checks that move by move).
    expected = sum(
        len(stack) - (suit.row_length if suit.score_rule is ScoreRule.BLACK_POWDER else 0)
        for suit, stack in zip(variant.suits, state.fireworks, strict=True))
    assert state.fireworks_score == expected, "the score does not match the fireworks"
    for suit, stack in zip(variant.suits, state.fireworks, strict=True):
        ranks = [card.rank for card in stack]
        assert len(ranks) <= suit.row_length, f"{suit.name} firework too long"
        assert all(card.suit == suit.letter for card in stack), f"{suit.name} mixes suits"
        if suit.order is PlayOrder.ASCENDING:
            assert ranks == list(suit.row_ranks[: len(ranks)]), f"{suit.name} out of order"
        elif suit.order is PlayOrder.DESCENDING:
            assert ranks == list(suit.row_ranks[::-1][: len(ranks)]), f"{suit.name} order"
    if not state.is_over:
        assert state.legal_actions(), "the game goes on with no legal action"


def _bot(name: str) -> Callable[[int], Agent]:
    def factory(seed: int) -> Agent:
        module = importlib.import_module("cardgames.hanabi.bots")
        made: Agent = getattr(module, name)(seed)
        return made

    return factory


def _random_bot(seed: int) -> Agent:
    return RandomAgent(seed)


def _result_text(state: State[Any]) -> str:
    assert isinstance(state, HanabiState)
    text = f"score {state.score}/{state.max_score}: {state.rating}"
    if state.end_reason:
        text += f" ({state.end_reason})"
    return text


def from_hanablive(data: Mapping[str, Any]) -> HanabiState:
    """Play a hanab.live JSON export through the engine (see :mod:`.hanablive`)."""
    module = importlib.import_module("cardgames.hanabi.hanablive")
    state: HanabiState = module.from_hanablive(data)
    return state


def to_hanablive(state: HanabiState) -> dict[str, Any]:
    """Export a game in hanab.live's JSON format (see :mod:`.hanablive`)."""
    module = importlib.import_module("cardgames.hanabi.hanablive")
    exported: dict[str, Any] = module.to_hanablive(state)
    return exported


def _presets() -> dict[str, HanabiVariant]:
    return {name: variant_from_name(name) for name in CATALOGUE}


GAME = GameInfo(
    name="hanabi",
    title="Hanabi",
    description="cooperative fireworks: every rulebook variant, bonus tiles, online variants",
    player_counts=range(2, 6),
    default_players=2,
    make_options=make_options,
    options_from_dict=HanabiVariant.from_dict,
    new_state=_new_state,
    presets=_presets(),
    bots={"random": _random_bot, "convention": _bot("ConventionBot")},
    cooperative=True,
    default_bot="convention",
    check_view=check_view,
    invariants=check_invariants,
    max_moves=2_000,
    result_text=_result_text,
    cli_module="cardgames.hanabi.cli",
    importers={"hanablive": from_hanablive},
)
"""The registry entry for Hanabi."""
