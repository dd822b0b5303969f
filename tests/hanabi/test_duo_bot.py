"""The two-player DuoBot: the hat strategy with rollouts at the end of the game. Its sampled
deals agree with everything its seat knows, it scores well in self-play, its explanations are
its moves, and it moves legally in every variant and with any partners."""

from __future__ import annotations

import random
import statistics

import pytest

from cardgames.core.loop import play
from cardgames.hanabi import GAME
from cardgames.hanabi.bots import ConventionBot
from cardgames.hanabi.hat import HatBot
from cardgames.hanabi.names import variant_from_name
from cardgames.hanabi.search import DuoBot, sample_deal
from cardgames.hanabi.state import HanabiState
from cardgames.testing import check_explanations


def duo_game(players: int, seed: int, variant: str = "standard") -> HanabiState:
    state = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
    play(state, [DuoBot(seed * 10 + seat) for seat in range(players)],
         max_moves=GAME.max_moves)
    return state


def test_duo_bot_scores_well_with_two_players() -> None:
    # A floor under the 1,000-game mean (benchmarks/strength_hanabi.py), over 16 seeded games
    # (their mean: 23.5); no game is lost to a strikeout.
    games = [duo_game(2, seed) for seed in range(16)]
    assert statistics.mean(game.score for game in games) >= 22.5
    assert all(game.fuses > 0 for game in games)


def test_sampled_deals_agree_with_what_the_seat_knows() -> None:
    # Halfway through a game and near its end, each sampled deal rebuilds the same game as
    # the seat sees it: the partner's hand, fireworks, discards and tokens, and its own cards
    # among the possibilities the table keeps for them.
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=4)
    bots = [DuoBot(seat) for seat in range(2)]
    checked = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if state.deck_size in (20, 3):
            table = bots[seat]._sync(view)
            assert table is not None
            rng = random.Random(checked)
            for _ in range(5):
                sample = sample_deal(table, view, rng)
                assert sample is not None
                sampled, _ = sample
                other = 1 - seat
                assert sampled.hand(other) == state.hand(other)
                assert sampled.fireworks == state.fireworks
                assert sampled.discards == state.discards
                assert sampled.clue_tokens == state.clue_tokens
                assert sampled.deck_size == state.deck_size
                own = sampled.hand(seat)[::-1]  # the table keeps the oldest card first
                for card, mask in zip(own, table.masks[seat], strict=True):
                    assert mask >> table.rules.index[card] & 1
                checked += 1
        state.apply(bots[seat].act(view, state.legal_actions()))
    assert checked >= 10  # both moments were reached, by either seat


def test_explain_gives_the_move_act_makes() -> None:
    # The sampled deals come from the seed and the move number, so an explanation neither
    # differs from the move nor changes later ones; near the end it cites the rollouts.
    for players, variant in ((2, "standard"), (2, "rainbow"), (3, "standard")):
        state = HanabiState.new(variant_from_name(variant), players=players, seed=12)
        reasons = [hint.reason for hint in check_explanations(state, DuoBot)]
        if players == 2:
            assert any("sampled deals" in reason for reason in reasons)


def test_with_three_players_it_plays_as_the_hat_bot() -> None:
    state = duo_game(3, seed=5)
    hat = HanabiState.new(variant_from_name("standard"), players=3, seed=5)
    play(hat, [HatBot(50 + seat) for seat in range(3)], max_moves=GAME.max_moves)
    assert state.history == hat.history


@pytest.mark.parametrize("variant", [
    "rainbow", "black-powder", "no-empty-clues", "up-or-down", "Funnels (5 Suits)",
    "Throw It in a Hole (5 Suits)", "Clue Starved (5 Suits)", "Sudoku (5 Suits)"])
def test_duo_bot_finishes_variants(variant: str) -> None:
    # play() raises on an illegal move or a game that does not end; where the strategy
    # cannot follow the variant the bot falls back to the convention bot's moves.
    for players, seed in ((2, 1), (2, 2), (4, 3)):
        duo_game(players, seed, variant)


def test_duo_bot_moves_legally_beside_a_convention_bot() -> None:
    for seed in range(3):
        state = HanabiState.new(variant_from_name("standard"), players=2, seed=seed)
        play(state, [DuoBot(seed), ConventionBot(seed + 1)], max_moves=GAME.max_moves)


def test_duo_bot_is_deterministic_for_a_seed() -> None:
    assert duo_game(2, seed=8).history == duo_game(2, seed=8).history
