"""The views' table aids: what a web table shows beside the cards, from the games' own code."""

from __future__ import annotations

import random
from typing import Any

from cardgames import get_game
from cardgames.core.game import State
from cardgames.ikebana.render import bouquet_worth
from cardgames.koikoi.yaku import yaku_progress
from cardgames.wire.decode import view_from_json
from cardgames.wire.encode import seat_view, spectator_view, table_aids


def played(game: str, players: int, moves: int, seed: int, **options: str) -> State[Any]:
    state = get_game(game).new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_koikoi_views_carry_each_seats_yaku_progress() -> None:
    state = played("koikoi", 2, 9, seed=5, rounds="1")
    view = state.view(0)
    expected = [[{"key": item.key, "name": item.name, "have": item.have, "need": item.need}
                 for item in yaku_progress(view.piles[seat], view.piles[1 - seat],
                                           view.rules, view.month)] for seat in (0, 1)]
    assert any(expected)  # the position has begun some yaku
    assert seat_view(state, 0)["progress"] == expected
    assert seat_view(state, 1)["progress"] == expected  # both piles are public
    assert spectator_view(state)["progress"] == expected


def test_ikebana_views_carry_each_bouquets_worth() -> None:
    state = played("ikebana", 3, 25, seed=2)
    view = state.view(1)
    expected = [bouquet_worth(bouquet, view.rules.multicolour_wild) for bouquet in view.bouquets]
    assert any(worth != "0" for worth in expected)
    assert seat_view(state, 1)["worth"] == expected
    assert spectator_view(state)["worth"] == expected


def test_a_view_with_its_aids_reads_back_as_the_games_own_view() -> None:
    for game, players in (("koikoi", 2), ("ikebana", 3)):
        state = played(game, players, 7, seed=1)
        assert view_from_json(game, seat_view(state, 0)) == state.view(0)


def test_hanabi_marks_every_card_in_a_hand() -> None:
    # What each mark is: tests/web/test_web_api.py (the game's own statuses, as far as the
    # viewer can tell).
    state = played("hanabi", 2, 3, seed=1)
    view = state.view(0)
    orders = {str(slot.order) for hand in (view.own_hand, view.other_hands[1]) for slot in hand}
    assert set(table_aids("hanabi", view)) == {"marks"}
    assert set(table_aids("hanabi", view)["marks"]) == orders
