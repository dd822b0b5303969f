"""The information-strategy HatBot: strong in self-play, its hat answers always true, its
explanations the moves it makes, and legal in every variant and with any partners."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

import pytest

from cardgames.core.loop import play
from cardgames.hanabi import GAME
from cardgames.hanabi.actions import Clue, HanabiAction
from cardgames.hanabi.bots import ConventionBot, RandomBot
from cardgames.hanabi.hat import HatBot
from cardgames.hanabi.names import CATALOGUE, variant_from_name
from cardgames.hanabi.state import HanabiState
from cardgames.hanabi.view import HanabiView


def hat_game(players: int, seed: int, variant: str = "standard") -> HanabiState:
    state = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
    play(state, [HatBot(seed * 10 + seat) for seat in range(players)],
         max_moves=GAME.max_moves)
    return state


# ------------------------------------------------------------------ strength
@pytest.mark.parametrize(("players", "floor"), [(3, 24.6), (4, 24.7), (5, 24.7)])
def test_hat_bot_scores_near_perfect_with_three_to_five_players(
        players: int, floor: float) -> None:
    # Floors under the 1,000-game means (24.88, 24.96, 24.93; benchmarks/strength_hanabi.py),
    # over 150 seeded games each.
    games = [hat_game(players, seed) for seed in range(150)]
    assert statistics.mean(game.score for game in games) >= floor
    assert all(game.fuses > 0 for game in games), "the strategy never risks the last fuse"


def test_hat_bot_beats_the_convention_bot_with_two_players() -> None:
    hat = [hat_game(2, seed).score for seed in range(60)]
    convention = []
    for seed in range(60):
        state = HanabiState.new(variant_from_name("standard"), players=2, seed=seed)
        play(state, [ConventionBot(seed * 10), ConventionBot(seed * 10 + 1)])
        convention.append(state.score)
    assert statistics.mean(hat) > statistics.mean(convention) + 1


# ------------------------------------------------------------------ the hat answers are true
class Checked:
    """A HatBot whose table is checked after each of its decisions: every card of every hand,
    its own included, is among the possibilities the table keeps for it."""

    def __init__(self, bot: HatBot, state: HanabiState) -> None:
        self.bot = bot
        self.state = state
        self.checks = 0

    def act(self, view: HanabiView, legal: Sequence[HanabiAction]) -> HanabiAction:
        action = self.bot.act(view, legal)
        table = self.bot._table
        assert table is not None
        assert not table.broken
        for seat in range(len(view.players)):
            cards = self.state.hand(seat)[::-1]  # the table keeps the oldest card first
            for card, mask in zip(cards, table.masks[seat], strict=True):
                assert mask >> table.rules.index[card] & 1, (seat, card)
                self.checks += 1
        return action


@pytest.mark.parametrize(("players", "variant"), [
    (2, "standard"), (3, "standard"), (4, "rainbow"), (5, "black-powder"), (3, "no-empty-clues"),
    (3, "Funnels (5 Suits)"), (4, "Critical Fours (5 Suits)"), (5, "Deceptive-Ones (5 Suits)")])
def test_what_the_clues_tell_is_true_of_every_hand(players: int, variant: str) -> None:
    # A receiver reads its own answers from the giver's sum; a wrong reading would drop its
    # real card from the table.
    for seed in range(3):
        state = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
        bots = [Checked(HatBot(seat), state) for seat in range(players)]
        play(state, bots, max_moves=GAME.max_moves)
        assert sum(bot.checks for bot in bots) > 100


def test_hat_clues_narrow_every_receivers_own_cards() -> None:
    # The first move (every token available) is a clue; with four players each of the three
    # partners learns about its own hand from it, which none of them can see.
    state = HanabiState.new(variant_from_name("standard"), players=4, seed=5)
    bots = [HatBot(seat) for seat in range(4)]
    giver = state.current_player
    assert giver == 0
    before = {}
    for seat in range(1, 4):
        table = bots[seat]._sync(state.view(seat))
        assert table is not None
        before[seat] = list(table.masks[seat])
    action = bots[giver].act(state.view(giver), state.legal_actions())
    assert isinstance(action, Clue)
    state.apply(action)
    for seat in range(1, 4):
        table = bots[seat]._sync(state.view(seat))
        assert table is not None
        if seat == action.target:
            continue  # the clue itself tells the target about its cards
        assert table.masks[seat] != before[seat], f"seat {seat} learnt nothing"


# ------------------------------------------------------------------ explanations
def test_explain_gives_the_move_act_makes() -> None:
    for players, variant in ((3, "standard"), (5, "rainbow"), (2, "up-or-down")):
        state = HanabiState.new(variant_from_name(variant), players=players, seed=11)
        bots = [HatBot(seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            hint = bots[seat].explain(view, legal)
            if variant != "up-or-down":
                # A bot joining now reads the whole history and reaches the same move (in
                # up-or-down the convention bot's memory of earlier moves counts as well).
                assert HatBot(99).explain(view, legal) == hint
            assert bots[seat].act(view, legal) == hint.action
            assert hint.reason
            assert not hint.reason.endswith(".")
            state.apply(hint.action)


# ------------------------------------------------------------------ legality everywhere
@pytest.mark.parametrize("variant", sorted(CATALOGUE))
def test_hat_bot_finishes_every_named_variant(variant: str) -> None:
    # play() raises on an illegal move or a game that does not end.
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        hat_game(players, seed, variant)


@pytest.mark.parametrize("variant", [
    "Rainbow-Ones (5 Suits)", "Synesthesia (5 Suits)", "Odds and Evens (5 Suits)",
    "Color Blind (5 Suits)", "Prism (5 Suits)", "Sudoku (5 Suits)", "Orange (6 Suits)",
    "Cow & Pig (5 Suits)", "Duck (5 Suits)", "Throw It in a Hole (5 Suits)",
    "Clue Starved (5 Suits)", "Alternating Clues (5 Suits)", "Up or Down (5 Suits)"])
def test_hat_bot_finishes_hanablive_variants(variant: str) -> None:
    # The options it follows (clue touching, copies) and the ones it leaves to the
    # convention bot (hidden clues or plays, half tokens, sudoku and up-or-down rows, ...).
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        hat_game(players, seed, variant)


@pytest.mark.parametrize("partner", [ConventionBot, RandomBot])
def test_hat_bot_moves_legally_beside_other_bots(
        partner: Callable[[int], ConventionBot | RandomBot]) -> None:
    for players in (2, 3, 5):
        for seed in range(4):
            state = HanabiState.new(variant_from_name("rainbow"), players=players, seed=seed)
            agents = [HatBot(seed) if seat % 2 == 0 else partner(seed + seat)
                      for seat in range(players)]
            play(state, agents, max_moves=GAME.max_moves)


def test_hat_bot_falls_back_when_partners_follow_other_conventions() -> None:
    # Convention bots' clues are not hat sums: the bot notices and plays their conventions,
    # so the table rarely strikes out.
    strikeouts = 0
    for seed in range(30):
        state = HanabiState.new(variant_from_name("standard"), players=3, seed=seed)
        play(state, [HatBot(seed), ConventionBot(seed + 1), ConventionBot(seed + 2)])
        strikeouts += state.fuses == 0
    assert strikeouts <= 2


def test_hat_bot_is_deterministic_for_a_seed() -> None:
    first = hat_game(4, seed=21, variant="rainbow+fuses-2")
    again = hat_game(4, seed=21, variant="rainbow+fuses-2")
    assert first.history == again.history


def test_a_hat_bot_plays_a_new_game_as_a_fresh_one_would() -> None:
    # The bot follows a game through its history; a history that is not the one it read
    # (a new game) starts its memory afresh.
    bots = [HatBot(seat) for seat in range(3)]
    for seed in (3, 4):
        state = HanabiState.new(variant_from_name("standard"), players=3, seed=seed)
        play(state, bots, max_moves=GAME.max_moves)
        fresh = HanabiState.new(variant_from_name("standard"), players=3, seed=seed)
        play(fresh, [HatBot(seat) for seat in range(3)], max_moves=GAME.max_moves)
        assert state.history == fresh.history
