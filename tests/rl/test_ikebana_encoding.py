"""The Ikebana observation: what each slice holds, its bounds, and that the deck order stays out."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import cardgames
from cardgames.ikebana import DRAW, GAME, KEEP, REFUSE, Buy, IkebanaState, Phase
from cardgames.ikebana.cards import COPIES, FULL_DECK_CODES, Card
from cardgames.rl import ikebana
from cardgames.rl.layout import unsquash

FULL_DECK = [str(Card.from_code(code)) for code in FULL_DECK_CODES]


def deck_starting(*top: str) -> list[str]:
    """A full deck whose first cards are `top`, the rest in canonical order."""
    rest = list(FULL_DECK)
    for card in top:
        rest.remove(card)
    return [*top, *rest]


def random_positions(players: int, preset: str, seed: int) -> list[IkebanaState]:
    state = cardgames.new_game("ikebana", players=players, seed=seed, preset=preset)
    assert isinstance(state, IkebanaState)
    rng = random.Random(seed)
    positions = [state.clone()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


def test_the_deck_order_does_not_change_the_observation() -> None:
    top = ("R3", "G3", "K5", "B1", "Y2")
    rest = deck_starting(*top)[len(top):]
    states = [
        cardgames.new_game("ikebana", players=2, deck=[*top, *order])
        for order in (rest, rest[::-1])
    ]
    moves = [DRAW, REFUSE, KEEP, Buy(0), DRAW, REFUSE, KEEP, DRAW, KEEP]
    for move in [None, *moves]:
        if move is not None:
            for state in states:
                state.apply(move)
        for seat in (0, 1):
            first, second = (ikebana.observation(state.view(seat)) for state in states)
            np.testing.assert_array_equal(first, second)
    # The cards drawn so far are the same; the next one is not, and it shows once drawn.
    for state in states:
        state.apply(DRAW)
    assert not np.array_equal(*(ikebana.observation(s.view(0)) for s in states))


@pytest.mark.parametrize(("players", "preset"), [
    (2, "default"), (3, "house"), (4, "bank"), (5, "final-bouquet"),
])
def test_every_slice_says_what_the_view_says(players: int, preset: str) -> None:
    layout = ikebana.layout(players)
    low, high = layout.bounds()
    assert preset in GAME.presets
    for state in random_positions(players, preset, seed=players)[::5]:
        for seat in range(players):
            view = state.view(seat)
            obs = ikebana.observation(view)
            assert obs.dtype == np.float32
            assert obs.shape == (ikebana.observation_size(players),)
            assert np.all((obs >= low) & (obs <= high))
            part = layout.split(obs)
            bouquets = part["bouquets"].reshape(players, 30) * np.array(COPIES)
            for block in range(players):
                who = (seat + block) % players
                held = sorted(card.code for card in view.bouquets[who])
                counted = np.repeat(np.arange(30), np.rint(bouquets[block]).astype(int))
                assert sorted(counted.tolist()) == held
                top = view.discard_tops[who]
                tops = part["discard_tops"].reshape(players, 30)[block]
                assert list(np.flatnonzero(tops)) == ([] if top is None else [top.code])
                prestige = unsquash(float(part["prestige"][block]), 20)
                assert prestige == pytest.approx(view.prestige[who], abs=1e-3)
            piles = part["discard_piles"]
            assert piles.any() == (view.discard_piles is not None and any(view.discard_piles))
            assert round(part["deck_size"][0] * 55) == view.deck_size
            assert part["phase"].sum() == 1
            drawn = np.flatnonzero(part["drawn_card"])
            assert list(drawn) == ([] if view.drawn is None else [view.drawn.code])
            if view.current_player is None:
                assert view.phase is Phase.OVER
                assert not part["to_act"].any()
            else:
                assert part["to_act"].argmax() == (view.current_player - seat) % players


def test_the_refusal_price_and_payee_are_seat_relative() -> None:
    state = cardgames.new_game("ikebana", players=3, deck=deck_starting("R1", "R2", "R3"))
    state.apply(DRAW)
    state.apply(REFUSE)  # seat 0's first refusal paid seat 1; the next one pays seat 2
    layout = ikebana.layout(3)
    for seat, payee_block in ((0, 2), (1, 1), (2, 0)):
        part = layout.split(ikebana.observation(state.view(seat)))
        assert unsquash(float(part["refusal_price"][0]), 5) == pytest.approx(2)
        assert part["refusal_payee"].argmax() == payee_block
        assert part["can_refuse"][0] == 1
    bank = cardgames.new_game("ikebana", players=3, seed=1, preset="bank")
    bank.apply(DRAW)
    part = layout.split(ikebana.observation(bank.view(0)))
    assert part["refusal_payee"].argmax() == 3  # the bank


def test_the_final_bouquet_round_is_flagged() -> None:
    layout = ikebana.layout(2)
    last = random_positions(2, "final-bouquet", seed=9)[-2]
    assert layout.split(ikebana.observation(last.view(0)))["score_factor"][0] == 1
    first = cardgames.new_game("ikebana", players=2, seed=9, preset="final-bouquet")
    assert layout.split(ikebana.observation(first.view(0)))["score_factor"][0] == 0


def test_a_bad_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match=r"2\.\.5 players"):
        ikebana.layout(6)


def test_the_docs_show_the_two_player_layout() -> None:
    page = (Path(__file__).parents[2] / "docs" / "ml.md").read_text(encoding="utf-8")
    layout = ikebana.layout(2)
    assert layout.markdown() in page, "docs/ml.md: paste cardgames.rl.ikebana.layout(2).markdown()"
    assert f"({layout.size} values)" in page
