"""Ikebana (Antoine Bauza, 2010): build a five-card bouquet each round, scored in prestige.

>>> from cardgames.ikebana import score_bouquet
>>> score_bouquet("R3 G3 K3 B2 Y2".split()).total
39

The engine is :class:`IkebanaState` (2-5 players, four rounds), its options
:class:`IkebanaRules`; ``GAME`` registers it as ``ikebana``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.core.agents import RandomAgent
from cardgames.core.game import State
from cardgames.core.registry import GameInfo
from cardgames.ikebana.bots import GreedyBot
from cardgames.ikebana.cards import CARDS, DECK_SIZE, FULL_DECK, FULL_DECK_CODES, Card
from cardgames.ikebana.rules import (
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
    bouquet_total,
    combination_points,
    score_bouquet,
)
from cardgames.ikebana.state import (
    DRAW,
    KEEP,
    REFUSE,
    Buy,
    Draw,
    IkebanaAction,
    IkebanaState,
    IkebanaView,
    Keep,
    Refuse,
)

__all__ = [
    "DRAW",
    "FULL_DECK",
    "GAME",
    "KEEP",
    "MAX_MOVES",
    "PRESETS",
    "REFUSE",
    "BouquetScore",
    "Buy",
    "Card",
    "Combination",
    "Draw",
    "GreedyBot",
    "IkebanaAction",
    "IkebanaRules",
    "IkebanaState",
    "IkebanaView",
    "Keep",
    "RefusalPayee",
    "Refuse",
    "ReshuffleTiming",
    "StarterTieBreak",
    "UnaffordableRefusal",
    "bouquet_total",
    "check_view",
    "combination_points",
    "invariants",
    "make_rules",
    "result_text",
    "score_bouquet",
]

_MAX_TOTAL_PRESTIGE = 5 * 100 + 12 * 5 * 88 * 2
"""Prestige can never exceed: 5 players x 100 to start + 12 rounds x 5 bouquets x 88 (the
best bouquet) x 2 (final bouquet)."""
MAX_MOVES = 12 * 5 * 5 * (2 + _MAX_TOTAL_PRESTIGE)
"""A proven bound on the actions of one game: every turn is a draw or a buy, a keep, and
refusals that each cost the refuser at least 1 of the prestige they hold (bounded above)."""


def new_state(
    options: IkebanaRules,
    players: int,
    seed: int | None,
    deck: Sequence[str] | None,
    names: Sequence[str] | None,
) -> IkebanaState:
    """A fresh game (the registry's ``new_state``)."""
    return IkebanaState(options, players, seed, deck, names)


def _as_ikebana(state: State[Any]) -> IkebanaState:
    assert isinstance(state, IkebanaState), f"not an Ikebana state: {state!r}"
    return state


def check_view(state: State[Any], seat: int) -> None:
    """AssertionError if `seat`'s view reveals the deck order or cards under discard tops."""
    game = _as_ikebana(state)
    view = game.view(seat)
    fields = set(attrs.fields_dict(type(view)))
    assert not fields & {"deck", "deck_order", "deck_cards"}, "the view holds the deck"
    visible: list[Card] = [card for bouquet in view.bouquets for card in bouquet]
    if view.discard_piles is None:
        assert not game.rules.public_discards
        visible += [card for card in view.discard_tops if card is not None]
        hidden_under_tops = sum(max(0, size - 1) for size in view.discard_sizes)
    else:
        assert game.rules.public_discards, "whole discard piles shown though not public"
        visible += [card for pile in view.discard_piles for card in pile]
        hidden_under_tops = 0
    if view.drawn is not None:
        visible.append(view.drawn)
    assert len(visible) + hidden_under_tops + view.deck_size == DECK_SIZE, (
        "the view shows more (or fewer) cards than are face up"
    )
    assert not Counter(visible) - Counter(CARDS[c] for c in game.all_cards()), (
        "the view shows cards that are not in the game"
    )


def invariants(state: State[Any]) -> None:
    """AssertionError when an Ikebana invariant breaks.

    55 cards accounted for; total prestige = starting prestige + bouquet points awarded
    (payments only move points; bank payments leave the game); nobody below zero; no bouquet
    above five cards, and every scored round's bouquets had exactly five.
    """
    game = _as_ikebana(state)
    assert Counter(game.all_cards()) == Counter(FULL_DECK_CODES), "cards are not conserved"
    prestige = game.scores()
    expected = len(prestige) * game.rules.starting_prestige + game.total_awarded
    assert sum(prestige) == expected - game.paid_to_bank, (
        f"total prestige {sum(prestige)} != start + awarded - bank {expected - game.paid_to_bank}"
    )
    assert min(prestige) >= 0, f"negative prestige {prestige}"
    assert all(len(game.bouquet(seat)) <= 5 for seat in range(len(prestige)))
    for summary in game.round_results:
        assert all(len(score.cards) == 5 for score in summary.scores), "a short bouquet scored"
    assert len(game.round_results) == (game.rules.rounds if game.is_over else game.round_number - 1)


def result_text(state: State[Any]) -> str:
    """One line: the winner(s) and everyone's prestige."""
    game = _as_ikebana(state)
    prestige = game.scores()
    pairs = zip(game.players, prestige, strict=True)
    table = ", ".join(f"{name} {points}" for name, points in pairs)
    winners = [game.players[seat] for seat in game.winners()]
    if not game.is_over:
        return f"in progress, round {game.round_number}: {table}"
    if len(winners) > 1:
        return f"{' and '.join(winners)} share the victory with {max(prestige)} ({table})"
    return f"{winners[0]} wins with {max(prestige)} prestige ({table})"


GAME = GameInfo(
    name="ikebana",
    title="Ikebana",
    description="Antoine Bauza's bouquet game: draw, keep or refuse, buy; 4 rounds of prestige.",
    player_counts=range(2, 6),
    default_players=2,
    make_options=make_rules,
    options_from_dict=IkebanaRules.from_dict,
    new_state=new_state,
    presets=PRESETS,
    bots={"random": RandomAgent, "greedy": GreedyBot},
    default_bot="greedy",
    check_view=check_view,
    invariants=invariants,
    max_moves=MAX_MOVES,
    result_text=result_text,
    cli_module="cardgames.ikebana.cli",
)
"""The registry entry of Ikebana."""
