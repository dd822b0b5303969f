"""Bonus tiles (each effect, the choices, fall-backs, chaining) and all-or-nothing endings.

The bonus scenarios use a small variant whose suits hold only 1s, so that playing a 1
completes its firework and draws a tile at once.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from rich.console import Console

from cardgames.core.errors import IllegalActionError
from cardgames.hanabi import (
    BonusClue,
    BonusPlay,
    BonusReshuffle,
    Card,
    Clue,
    Discard,
    HanabiState,
    HanabiVariant,
    Play,
    TileDrawn,
    TokenRegained,
    variant_from_name,
)
from cardgames.hanabi.actions import BonusChoice, BonusEffect
from cardgames.hanabi.events import Clued, Drew, FireworkCompleted, Played
from cardgames.hanabi.render import render_view

MakeGame = Callable[..., HanabiState]

_SEVEN = variant_from_name("6-suits+white")
ONES = HanabiVariant(
    name="ones-only",
    suits=tuple(attrs.evolve(suit, counts=((1, 3),)) for suit in _SEVEN.suits),
    bonus_tiles=True,
)
"""Seven suits (red, yellow, green, blue, purple, teal, white) of three 1s each."""

HANDS = [["R1", "Y1", "G1", "B1", "P1"], ["R1", "Y1", "G1", "T1", "W1"]]


def tiles_of(events: list[object]) -> list[int]:
    return [e.tile for e in events if isinstance(e, TileDrawn)]


def test_tile_1_regains_a_token(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [1], ONES)
    state.apply(Clue(1, "red"))
    state.apply(Clue(0, "red"))
    assert state.clue_tokens == 6
    events = state.apply(Play(1))  # R1 completes red
    assert tiles_of(events) == [1]
    assert state.clue_tokens == 7
    assert state.bonus_tiles_left == 5
    assert not any(isinstance(e, TokenRegained) for e in events)


def test_tile_2_regains_a_token_and_restores_a_fuse(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [1, 2], ONES)
    state.apply(Play(1))  # R1: red complete, tile 1 (tokens already full)
    state.apply(Play(1))  # seat 1's R1 no longer fits: a fuse burns
    assert state.fuses == 2
    state.apply(Clue(1, 1))
    assert state.clue_tokens == 7
    state.apply(Clue(0, 1))
    events = state.apply(Play(2))  # Y1 (slot 2 after the draw)
    assert tiles_of(events) == [2]
    assert state.fuses == 3
    assert state.clue_tokens == 7


def test_tile_3_is_a_free_colour_clue_chosen_by_the_player(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [3], ONES)
    pile = state.deck_size
    events = state.apply(Play(1))
    assert tiles_of(events) == [3]
    assert state.pending_tile == 3
    assert state.current_player == 0
    assert state.deck_size == pile  # the card is drawn after the choice
    legal = state.legal_actions()
    assert legal
    assert all(isinstance(a, BonusClue) and isinstance(a.value, str) for a in legal)
    assert all(a.target == 1 for a in legal)  # type: ignore[union-attr]
    pending = state.view(0).pending
    assert pending == BonusChoice(0, BonusEffect.COLOUR_CLUE)
    assert pending.sentence == ("bonus tile: give a free colour clue; write 'bonus clue P "
                                "COLOUR' ('moves' lists them)")
    assert state.view(1).pending == pending  # public: the partner sees who must choose
    with pytest.raises(IllegalActionError, match="needs your choice first"):
        state.apply(Play(1))
    state.apply(state.parse("bonus clue 2 teal"))
    assert state.clue_tokens == 8  # free
    assert state.deck_size == pile - 1
    assert state.current_player == 1
    teal = [slot for slot in state.view(1).own_hand if slot.touched]
    assert [slot.slot for slot in teal] == [4]
    assert {str(c) for c in teal[0].possible} == {"T1"}


def test_tile_4_is_a_free_rank_clue(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [4], ONES)
    state.apply(Play(1))
    legal = state.legal_actions()
    assert legal == [BonusClue(1, 1)]
    state.apply(legal[0])
    assert all(slot.touched for slot in state.view(1).own_hand)


def test_tile_5_shuffles_a_discard_back(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [5], ONES)
    state.apply(Clue(1, 1))
    state.apply(Discard(5))  # seat 1 discards W1
    assert [str(c) for c in state.discards] == ["W1"]
    pile = state.deck_size
    state.apply(Play(1))
    assert state.legal_actions() == [BonusReshuffle(state.discards[0])]
    state.apply(state.parse("bonus reshuffle W1"))
    assert state.discards == ()
    assert state.deck_size == pile  # one card in, then the player's draw
    state.check_invariants()  # the W1 is in the pile or in seat 0's new card, not lost
    assert Card("W1"[0], 1) in (*state.draw_pile(), state.hand(0)[0])


def test_tile_5_falls_back_to_tile_6_on_an_empty_deck(make_tiles_game: MakeGame) -> None:
    # Small hands so the pile runs out quickly: seat 1 discards five times.
    state = make_tiles_game(HANDS, [5, 1], ONES)
    seat1_discards = 0
    while state.deck_size:
        state.apply(Clue(1, 1))
        state.apply(Discard(5))
        seat1_discards += 1
    assert state.current_player == 0
    discarded = {str(c) for c in state.discards}
    assert "G1" in discarded
    events = state.apply(Play(1))  # R1 completes red: tile 5, but the pile is empty
    assert tiles_of(events) == [5]
    assert "tile 6 applies" in str(events[-1])
    legal = state.legal_actions()
    assert legal
    assert all(isinstance(a, BonusPlay) for a in legal)
    assert BonusPlay(Card("G", 1)) in legal
    events = state.apply(state.parse("bonus play G1"))
    assert [str(c) for c in state.fireworks[2]] == ["G1"]
    # Completing green from the discard pile draws the next tile at once (tile 1).
    assert tiles_of(events) == [6, 1]


def test_tile_6_with_nothing_fitting_is_lost(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [6], ONES)
    events = state.apply(Play(1))
    assert tiles_of(events) == [6]
    assert "lost" in str(next(e for e in events if isinstance(e, TileDrawn)))
    assert state.pending_tile is None
    assert state.current_player == 1


def test_tiles_run_out_then_tokens_return(make_tiles_game: MakeGame) -> None:
    state = make_tiles_game(HANDS, [1], ONES)
    drawn: list[int] = []
    plays = 0
    while state.bonus_tiles_left:
        seat = state.current_player
        assert seat is not None
        if state.pending_tile:
            events = state.apply(state.legal_actions()[0])
        else:
            fitting = [slot for slot, card in enumerate(state.hand(seat), start=1)
                       if card in state.playable_cards()]
            events = state.apply(Play(fitting[0]) if fitting else Clue(1 - seat, 1))
            plays += bool(fitting)
        drawn += tiles_of(events)
    assert sorted(set(drawn)) == [1, 2, 3, 4, 5, 6]
    while state.pending_tile:
        state.apply(state.legal_actions()[0])
    # The seventh firework now returns a token the usual way: the deal and the tiles are
    # fixed, so the state here is too (seat 0 to play, white still open).
    assert state.bonus_tiles_left == 0
    open_suits = [suit.letter for suit, stack in zip(ONES.suits, state.fireworks, strict=True)
                  if not stack]
    assert len(open_suits) == 1
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        fitting = [slot for slot, card in enumerate(state.hand(seat), start=1)
                   if card in state.playable_cards()]
        if fitting:
            events = state.apply(Play(fitting[0]))
            assert not tiles_of(events)
            assert any(isinstance(e, TokenRegained) for e in events) or state.clue_tokens == 8
            break
        state.apply(Clue(1 - seat, 1) if state.clue_tokens else Discard(1))
    assert state.is_over
    assert state.end_reason == "every firework is complete"


# ------------------------------------------------------------------ all or nothing
def _empty_the_pile_safely(seed: int) -> HanabiState | None:
    """Play what fits, else discard only cards with another copy left, else clue, until the
    pile is empty (None if that policy gets stuck)."""
    state = HanabiState.new(variant_from_name("all-or-nothing"), players=2, seed=seed)
    variant = state.variant
    while state.deck_size:
        seat = state.current_player
        assert seat is not None
        spare = [slot for slot, card in enumerate(state.hand(seat), start=1)
                 if state.discards.count(card) + 1
                 < variant.suits[variant.suit_of(card.suit)].copies(card.rank)]
        fitting = [slot for slot, card in enumerate(state.hand(seat), start=1)
                   if card in state.playable_cards()]
        if fitting:
            state.apply(Play(fitting[0]))
        elif state.clue_tokens < 8 and spare:
            state.apply(Discard(spare[0]))
        elif state.clue_tokens:
            state.apply(Clue(1 - seat, 1))
        else:
            return None
        if state.is_over:  # a perfect game before the pile ran out: try another deal
            return None
    return state


def test_all_or_nothing_has_no_final_round_and_hands_shrink() -> None:
    state = next(s for s in map(_empty_the_pile_safely, range(100)) if s is not None)
    assert state.final_round_turns is None
    for _ in range(3):  # past the point where a final round would have ended
        seat = state.current_player
        assert seat is not None
        state.apply(Discard(1) if state.clue_tokens < 8 else Clue(1 - seat, 1))
        if state.is_over:
            break
    assert state.final_round_turns is None
    assert state.end_reason != "the final round is over"
    assert min(len(state.hand(seat)) for seat in (0, 1)) < 5


def test_all_or_nothing_is_lost_when_a_needed_card_is_gone(make_game: MakeGame) -> None:
    hands = [["Y1", "Y2", "G3", "B4", "W4"], ["R5", "R4", "R3", "R2", "R1"]]
    state = make_game(hands, variant="all-or-nothing")
    state.apply(Clue(1, "red"))
    events = state.apply(Discard(1))  # the only R5
    assert state.is_over
    assert state.end_reason == "a card needed to complete a firework is gone"
    assert state.score == 0
    assert "loses" in state.rating
    assert "gone" in str(events[-1])


def test_all_or_nothing_win_scores_the_maximum() -> None:
    one_suit = variant_from_name("all-or-nothing")
    red = attrs.evolve(one_suit.suits[0], counts=((1, 3), (2, 3), (3, 3), (4, 3), (5, 3)))
    variant = attrs.evolve(one_suit, name="red-aon", suits=(red,), hand_size_delta=-1)
    deck = ["R1", "R2", "R3", "R4", "R2", "R2", "R1", "R1", "R5", "R3", "R3", "R4", "R4",
            "R5", "R5"]
    state = HanabiState.new(variant, players=2, deck=deck)
    for _ in range(4):
        state.apply(Play(4))
        state.apply(Clue(0, 1))
    state.apply(Play(4))
    assert state.is_over
    assert state.score == 5
    assert "wins" in state.rating


def test_all_or_nothing_skips_a_player_who_cannot_act() -> None:
    # Two suits of two copies per rank, hands of 4, one clue token at most. The moves were
    # found by a seeded search: after the last one seat 0 has no card and no token is left,
    # so seat 0 cannot act and seat 1 moves again.
    base = variant_from_name("all-or-nothing")
    counts = ((1, 2), (2, 2), (3, 2), (4, 2), (5, 2))
    variant = attrs.evolve(
        base, name="tiny-aon", hand_size_delta=-1, clue_tokens=1,
        suits=tuple(attrs.evolve(s, counts=counts) for s in base.suits[:2]))
    state = HanabiState.new(variant, players=2, seed=2373)
    moves = ["clue 2 1", "play 1", "discard 3", "play 4", "clue 2 5", "discard 3",
             "clue 2 yellow", "discard 2", "play 1", "clue 1 red", "play 3", "play 2",
             "play 4", "clue 1 5", "play 1", "play 1", "discard 2", "clue 1 2", "discard 2",
             "clue 1 3", "discard 2", "clue 1 yellow", "discard 2", "play 1", "clue 2 yellow",
             "play 1", "discard 1"]
    for move in moves:
        state.apply_text(move)
    assert state.current_player == 1
    assert not state.is_over
    state.apply_text("clue 1 3")  # spends the only token; seat 0 holds nothing
    assert state.hand(0) == ()
    assert state.clue_tokens == 0
    assert not state.is_over
    assert state.current_player == 1  # seat 0 is skipped


def test_the_table_names_who_made_each_move_bonus_choices_included(
    make_tiles_game: MakeGame,
) -> None:
    state = make_tiles_game(HANDS, [3], ONES)
    state.apply(Play(1))
    state.apply(state.parse("bonus clue 2 teal"))
    view = state.view(1)
    assert [(move.seat, move.action) for move in view.history] == [
        (0, Play(1)), (0, BonusClue(1, "teal"))]
    assert [type(e) for e in view.history[0].events] == [
        Played, FireworkCompleted, TileDrawn]  # no draw yet: the choice comes first
    assert view.history[0].events[2] == TileDrawn(
        BonusEffect.COLOUR_CLUE, "give a free colour clue: your choice")
    clued, drew = view.history[1].events
    assert clued == Clued(0, 1, "teal", (4,), free=True)
    assert isinstance(drew, Drew)
    assert drew.seat == 0
    console = Console(width=200, record=True)
    console.print(render_view(view))
    assert "Last moves: Player 1: play 1; Player 1: bonus clue 2 teal" in console.export_text()
