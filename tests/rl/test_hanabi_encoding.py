"""The Hanabi observation encoder: bit for bit HLE's canonical encoding on the games HLE played
(tests/rl/fixtures), and for every variant a vector whose sections say what the view says."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

import cardgames
from cardgames.core import OptionsError
from cardgames.hanabi import HanabiState, HanabiView
from cardgames.hanabi.names import variant_from_name
from cardgames.rl import hanabi
from hle_fixtures import bits, dealt_after_the_end, game_id, hle_games, replay

HLE_GAMES = [game for game in hle_games() if game["config"]["observation_type"] == 1]
STANDARD = variant_from_name("standard+no-empty-clues")

# The sections HLE's extra card, dealt after the end, can change (hle_observation's docs).
_AFTER_THE_END = ("hands", "missing_cards", "deck", "knowledge")


def test_the_fixtures_cover_every_player_count_and_several_configurations() -> None:
    players = {game["config"]["players"] for game in HLE_GAMES}
    assert players == {2, 3, 4, 5}
    assert sum(len(game["positions"]) for game in hle_games()) >= 500
    assert any(game["config"]["colors"] < 5 for game in HLE_GAMES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sizes_are_hles(players: int) -> None:
    assert hanabi.observation_size(STANDARD, players) == hanabi.HLE_SIZES[players]
    state = HanabiState.new(STANDARD, players=players, seed=1)
    assert hanabi.hle_observation(state.view(0)).shape == (hanabi.HLE_SIZES[players],)


@pytest.mark.parametrize("game", HLE_GAMES, ids=game_id)
def test_observations_and_legal_moves_equal_hles(game: dict[str, Any]) -> None:
    for env, _, position in replay(game):
        state = env.state
        assert state is not None
        layout = hanabi.layout(state.variant, env.players)
        assert [layout.size] == game["shape"]
        if not state.is_over:
            assert sorted(state.legal_action_ids()) == position["legal"]
        assert state.score == position["score"]
        for seat in range(env.players):
            ours = set(np.flatnonzero(hanabi.hle_observation(state.view(seat))).tolist())
            theirs = bits(position["vectorized"][seat])
            if dealt_after_the_end(state):
                differ = {name for name, part in layout.items()
                          for i in ours ^ theirs if part.start <= i < part.stop}
                assert differ <= set(_AFTER_THE_END), differ
            else:
                assert ours == theirs, f"seat {seat} at move {state.move_count}"


def test_a_game_ending_with_cards_left_is_in_the_fixtures() -> None:
    # The one documented difference must be met (and confined, above) at least once.
    ended = 0
    for game in HLE_GAMES:
        *_, (env, _, _) = replay(game)
        assert env.state is not None
        ended += dealt_after_the_end(env.state)
    assert ended


def test_hle_observation_refuses_other_variants() -> None:
    state = cardgames.new_game("hanabi", players=2, seed=1, variant="rainbow")
    with pytest.raises(OptionsError, match=r"'rainbow'.*observation\(\) encodes every variant"):
        hanabi.hle_observation(state.view(0))
    # Empty clues allowed is not HLE's game either (its legal moves differ).
    view = HanabiState.new(variant_from_name("standard"), players=2, seed=1).view(0)
    with pytest.raises(OptionsError):
        hanabi.hle_observation(view)


def test_hle_variants() -> None:
    assert hanabi.is_hle_variant(STANDARD)
    assert hanabi.is_hle_variant(hanabi.hle_variant())
    assert hanabi.is_hle_variant(hanabi.hle_variant(colors=3, ranks=4, max_life_tokens=1))
    assert not hanabi.is_hle_variant(variant_from_name("no-empty-clues+fuses-2+rainbow"))
    small = hanabi.hle_variant(colors=2, ranks=3)
    assert [suit.name for suit in small.suits] == ["red", "yellow"]
    assert small.deck_cards().count(small.card_types[0]) == 3
    assert [rank for rank, _ in small.suits[0].counts] == [1, 2, 3]
    with pytest.raises(OptionsError, match=r"'colors' must be in 1\.\.5"):
        hanabi.hle_variant(colors=6)


# ------------------------------------------------------------------- every variant
VARIANTS = [
    "standard", "rainbow", "rainbow-every-colour", "black-powder", "up-or-down",
    "rainbow+black-powder+bonus+fuses-2", "deck-plays", "all-or-nothing", "extra-card",
    "6-suits",
]


def _positions(variant: str, players: int, games: int = 3) -> Any:
    for seed in range(games):
        state = cardgames.new_game("hanabi", players=players, seed=seed, variant=variant)
        rng = random.Random(seed)
        yield state
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            yield state


def _check_sections(view: HanabiView, obs: np.ndarray[Any, Any]) -> None:
    """Each section says what the view says."""
    layout = hanabi.layout(view.variant, len(view.players))
    part = layout.split(obs)
    others = sum(len(hand) for hand in view.other_hands)
    assert part["hands"].sum() == others
    assert part["clue_tokens"].sum() == view.clue_tokens
    assert part["fuses"].sum() == view.fuses
    assert part["deck"].sum() == min(view.deck_size, layout["deck"].stop - layout["deck"].start)
    assert part["discards"].sum() == len(view.discards)
    assert part["fireworks"].sum() == sum(1 for stack in view.fireworks if stack)
    size = view.variant.hand_size(len(view.players))
    kinds = part["last_card"].size
    per_card = part["knowledge"].size // (len(view.players) * size)
    possible = sum(len(slot.possible) for slot in view.own_hand)
    own = part["knowledge"][: size * per_card].reshape(size, per_card)[:, :kinds]
    assert own.sum() == possible
    if "pending" in part:
        assert part["pending"].sum() == (view.pending is not None)
        assert part["tiles_left"].sum() == view.bonus_tiles_left
    if not view.history:
        assert not obs[layout["last_player"].start: layout["knowledge"].start].any()
    else:
        assert part["last_player"].sum() == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_encodes_its_view(variant: str) -> None:
    players = 3
    size = hanabi.observation_size(variant, players)
    for state in _positions(variant, players):
        for seat in range(players):
            view = state.view(seat)
            obs = hanabi.observation(view)
            assert obs.shape == (size,)
            assert obs.dtype == np.float32
            assert set(np.unique(obs).tolist()) <= {0.0, 1.0}
            _check_sections(view, obs)


def test_variant_sections_appear_only_where_needed() -> None:
    assert "direction" in hanabi.layout("up-or-down", 2)
    assert "last_from_deck" in hanabi.layout("deck-plays", 2)
    bonus = hanabi.layout("bonus", 2)
    assert {"last_bonus", "pending", "tiles_left"} <= set(bonus)
    plain = hanabi.layout("standard", 2)
    assert not {"direction", "last_from_deck", "last_bonus", "pending"} & set(plain)
    # The sections HLE has come first, in HLE's order, for every variant.
    assert list(bonus)[: len(plain)] == list(plain)


def test_the_observation_reads_only_the_view() -> None:
    # Two deals that differ only in seat 0's own hand (R1 and Y1 swapped with the bottom
    # of the pile) look the same to seat 0 before anything is revealed.
    first = HanabiState.new(STANDARD, players=2, seed=1)
    deck = [str(card) for card in (*first.hand(0)[::-1], *first.hand(1)[::-1],
                                   *first.draw_pile())]
    other = deck[:]
    other[0], other[-1] = other[-1], other[0]
    second = HanabiState.new(STANDARD, players=2, deck=other)
    assert first.hand(0) != second.hand(0)
    replayed = HanabiState.new(STANDARD, players=2, deck=deck)
    assert np.array_equal(hanabi.observation(replayed.view(0)),
                          hanabi.observation(second.view(0)))
    assert not np.array_equal(hanabi.observation(replayed.view(1)),
                              hanabi.observation(second.view(1)))


def test_observations_do_not_depend_on_the_order_they_are_asked_in() -> None:
    # The encoder follows each game's history incrementally; out of order, interleaved with
    # another game or from clones, it must give what a fresh encoder gives.
    states = [s.clone() for s in _positions("standard", 3, games=1)]
    other = [s.clone() for s in _positions("rainbow+black-powder+bonus+fuses-2", 3, games=1)]
    forward = [hanabi.observation(s.view(1)) for s in states]
    shuffled = list(range(len(states)))
    random.Random(4).shuffle(shuffled)
    for i in shuffled:
        assert np.array_equal(hanabi.observation(states[i].view(1)), forward[i])
        j = i % len(other)
        hanabi.observation(other[j].view(2))
    hanabi._REPLAYS.clear()
    assert np.array_equal(hanabi.observation(states[-1].view(1)), forward[-1])
    # A search: from one position, each child clone observed after one step.
    parent = states[len(states) // 2]
    for action_id in parent.legal_action_ids():
        child = parent.clone()
        child.step(action_id)
        hanabi._REPLAYS.clear()
        expected = hanabi.observation(child.view(0))
        hanabi.observation(parent.view(0))
        assert np.array_equal(hanabi.observation(child.view(0)), expected)


def test_clues_received_names_the_clues_a_card_got() -> None:
    state = HanabiState.new(STANDARD, players=2, seed=3)
    card, order = state.hand(1)[0], state.hand_orders(1)[0]
    colour = next(suit.name for suit in STANDARD.suits if suit.letter == card.suit)
    state.apply_text(f"clue 2 {colour}")
    state.apply_text("discard 5")  # seat 1's oldest card goes; the clued card keeps its order
    state.apply_text(f"clue 2 {card.rank}")
    for seat in (0, 1):
        received = hanabi.clues_received(state.view(seat))
        assert received[order] == (colour, card.rank)
        assert all(order in state.hand_orders(1) for order in received)


def test_a_copied_view_encodes_the_same() -> None:
    # Views from the engine share the variant's Card values (the encoder looks them up by
    # identity first); equal cards that are other objects must give the same vector.
    state = next(s for s in _positions("standard", 3) if s.move_count == 30)
    view = state.view(2)
    copied = copy.deepcopy(view)
    assert copied.discards
    assert copied.discards[0] is not view.discards[0]
    assert np.array_equal(hanabi.observation(copied), hanabi.observation(view))
