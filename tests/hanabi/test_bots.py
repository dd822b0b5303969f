"""The Hanabi bots: legal on every variant, seeded, strong enough, and following conventions."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

import cardgames
from cardgames.core.loop import play
from cardgames.hanabi import GAME, variant, variant_names
from cardgames.hanabi.actions import Clue, Discard, Play
from cardgames.hanabi.bots import ConventionBot, RandomBot
from cardgames.hanabi.names import CATALOGUE, variant_from_name
from cardgames.hanabi.state import HanabiState
from cardgames.testing import check_explanations


def convention_game(players: int, seed: int, variant: str = "standard") -> HanabiState:
    state = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
    play(state, [ConventionBot(seed * 10 + seat) for seat in range(players)],
         max_moves=GAME.max_moves)
    return state


def deck_starting_with(first: Sequence[str], variant: str = "standard") -> list[str]:
    """A full deck whose top cards are `first`, the rest in the catalogue's order."""
    rest = Counter(str(c) for c in variant_from_name(variant).deck_cards())
    rest.subtract(first)
    assert all(n >= 0 for n in rest.values()), "the prefix uses more copies than exist"
    return [*first, *rest.elements()]


# ------------------------------------------------------------------ strength
def test_convention_bot_averages_at_least_21_with_two_players() -> None:
    # A floor under issue 15's target (21.5 over 1,000 games) on 150 seeded games.
    scores = [convention_game(2, seed).score for seed in range(150)]
    assert statistics.mean(scores) >= 21.0
    assert min(scores) > 0, "a strikeout in the standard game means a convention broke"


@pytest.mark.parametrize(("players", "floor"), [(3, 22.0), (4, 22.0), (5, 20.5)])
def test_convention_bot_plays_well_with_more_players(players: int, floor: float) -> None:
    scores = [convention_game(players, seed).score for seed in range(60)]
    assert statistics.mean(scores) >= floor
    assert min(scores) > 0


def test_convention_bot_beats_the_random_bot_by_far() -> None:
    random_scores = []
    for seed in range(30):
        state = HanabiState.new(variant_from_name("standard"), players=2, seed=seed)
        play(state, [RandomBot(seed), RandomBot(seed + 1)])
        random_scores.append(state.score)
    convention = [convention_game(2, seed).score for seed in range(30)]
    assert statistics.mean(convention) > statistics.mean(random_scores) + 10


# ------------------------------------------------------------------ every variant
@pytest.mark.parametrize("variant", sorted(CATALOGUE))
def test_convention_bot_finishes_every_named_variant(variant: str) -> None:
    # The test is that play() never raises: it does (IllegalActionError) if a bot ever picks
    # an illegal move, and (RuntimeError) if a game runs past the move bound.
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        convention_game(players, seed, variant)


@pytest.mark.parametrize("name", random.Random(15).sample(sorted(variant_names()), 40))
def test_convention_bot_plays_a_sample_of_every_listed_variant(name: str) -> None:
    # Drawn (seeded) from all the variants `cardgames hanabi variants` lists: play() raises
    # on an illegal move, and so does any exception in the bot.
    for players, seed in ((2, 4), (3, 5)):
        state = HanabiState.new(variant(name), players=players, seed=seed)
        play(state, [ConventionBot(seed * 10 + seat) for seat in range(players)],
             max_moves=GAME.max_moves)
        assert state.is_over


@pytest.mark.parametrize("variant", ["rainbow", "rainbow-every-colour", "null",
                                     "black-powder", "up-or-down"])
def test_variant_suits_are_read_from_the_rules_not_names(variant: str) -> None:
    scores = [convention_game(2, seed, variant).score for seed in range(12)]
    assert statistics.mean(scores) >= 12


def test_bots_are_deterministic_for_a_seed() -> None:
    first = convention_game(3, seed=9, variant="rainbow+black-powder+bonus+fuses-2")
    again = convention_game(3, seed=9, variant="rainbow+black-powder+bonus+fuses-2")
    assert first.history == again.history
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=4)
    twin = state.clone()
    play(state, [RandomBot(1), RandomBot(2)])
    play(twin, [RandomBot(1), RandomBot(2)])
    assert state.history == twin.history


def test_a_bot_joining_a_game_in_progress_rebuilds_its_memory() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=21)
    bots = [ConventionBot(1), ConventionBot(2)]
    for _ in range(30):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    play(state, [ConventionBot(3), ConventionBot(4)])  # fresh bots, as after --resume
    assert state.score >= 10


def test_a_joining_bot_reads_a_past_clue_on_the_cards_it_touched_then(
    make_game: Callable[..., HanabiState],
) -> None:
    # Seat 0 holds R1 (slot 1) and R3 (slot 3); seat 1 holds two R1s and an R2, so from
    # seat 0 the only red card that could be playable now is the other R2.
    state = make_game([["R1", "B2", "R3", "G3", "W4"], ["R1", "R1", "R2", "Y4", "B4"]])
    for move in ("clue 2 4", "clue 1 red", "play 1", "discard 5"):
        state.apply_text(move)
    # The red clue's focus was the R1, since played: it promised nothing about the R3. A
    # bot joining now (as after --resume, or 'suggest') must follow the clue to the cards it
    # touched then, not read it against the hand as it is now (where the R3 would look like
    # the focus, hence an R2, and be misplayed).
    assert act(state, ConventionBot(0)) != Play(3)


# ------------------------------------------------------------------ conventions
def act(state: HanabiState, bot: ConventionBot | None = None) -> object:
    seat = state.current_player
    assert seat is not None
    return (bot or ConventionBot(0)).act(state.view(seat), state.legal_actions())


def test_it_gives_a_play_clue_on_a_playable_card() -> None:
    # Seat 2 holds (slot 5 .. slot 1, oldest first) Y3 B4 R1 G3 W2: only R1 is playable.
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "Y3", "B4", "R1", "G3", "W2"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    action = act(state)
    assert isinstance(action, Clue)
    assert action.target == 1
    assert action.value in ("red", 1)


def test_the_receiver_plays_the_focus_of_a_colour_clue() -> None:
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "Y3", "B4", "R1", "G3", "W2"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    state.apply_text("clue 2 red")  # touches only R1, in slot 3: red means "playable"
    assert act(state, ConventionBot(5)) == Play(3)


def test_it_saves_a_five_on_the_partners_chop_with_a_rank_clue() -> None:
    # Seat 2's oldest card (its chop, slot 5) is R5; nothing of theirs is playable.
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "R5", "B4", "Y3", "G3", "W2"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    assert act(state) == Clue(1, 5)


def test_a_rank_clue_on_the_chop_is_a_save_the_receiver_keeps() -> None:
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "R5", "B4", "Y3", "G3", "W2"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    state.apply_text("clue 2 5")
    action = act(state, ConventionBot(2))
    assert action != Play(5)
    assert action != Discard(5)


def test_it_discards_its_oldest_unclued_card() -> None:
    # Nobody holds a playable or critical card. Three rank clues that promise nothing (no 4
    # or 3 is playable or critical) bring the tokens down to 5; then player 2 has nothing to
    # play, no clue worth a token and no tokens to spare, so it discards its chop: the
    # oldest card no clue touched.
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "Y3", "B4", "R2", "G3", "W2"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    for move in ("clue 2 4", "clue 1 4", "clue 2 3"):
        state.apply_text(move)
    assert state.clue_tokens == 5
    own = state.view(1).own_hand
    assert [slot.touched for slot in own] == [False, True, False, True, True]
    assert act(state, ConventionBot(8)) == Discard(3)


def test_it_never_tries_to_discard_with_every_token_available() -> None:
    for seed in range(10):
        state = HanabiState.new(variant_from_name("standard"), players=2, seed=seed)
        bots = [ConventionBot(seed), ConventionBot(seed + 1)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            action = bots[seat].act(state.view(seat), state.legal_actions())
            if state.clue_tokens == state.variant.clue_tokens:
                assert not isinstance(action, Discard)
            state.apply(action)


def test_the_registry_offers_both_bots() -> None:
    info = cardgames.get_game("hanabi")
    assert isinstance(info.bots["convention"](3), ConventionBot)
    state = info.new_game(2, 5)
    agent = info.bots["random"](3)
    assert agent.act(state.view(0), state.legal_actions()) in state.legal_actions()


# ------------------------------------------------------------------ finesse and explain
def test_a_finesse_is_given_and_played_blind() -> None:
    # Seat 2's newest card (slot 1) is R1; seat 3 holds R2 in slot 2. A 2 clue to seat 3
    # touches only R2, which nothing seat 2 sees explains: seat 2 plays its newest card
    # blind (the finesse), then seat 3 plays R2.
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "Y3", "B4", "G3", "W2", "R1",
                               "G4", "Y4", "B3", "R2", "W3"])
    state = HanabiState.new(variant_from_name("standard"), players=3, deck=deck)
    bots = [ConventionBot(seat) for seat in range(3)]
    clue = act(state, bots[0])
    assert isinstance(clue, Clue)
    assert (clue.target, clue.value) in ((2, 2), (2, "red"))
    state.apply(clue)
    assert act(state, bots[1]) == Play(1)
    state.apply(Play(1))
    assert act(state, bots[2]) == Play(2)
    state.apply(Play(2))
    assert state.score == 2


def test_no_finesse_is_read_when_the_card_below_is_clued_in_the_readers_hand() -> None:
    # Seat 2's R1 (slot 4) is clued red, so a later clue on seat 3's R2 is a delayed play
    # clue through it: seat 2 plays the clued R1 and never its newest card (B4) blind.
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "Y3", "R1", "G3", "W2", "B4",
                               "G4", "Y4", "B3", "R2", "W3"])
    state = HanabiState.new(variant_from_name("standard"), players=3, deck=deck)
    bots = [ConventionBot(seat) for seat in range(3)]
    for move in ("clue 2 red", "clue 1 3", "clue 1 4", "clue 3 red"):
        state.apply_text(move)
    assert act(state, bots[1]) == Play(4)
    for _ in range(6):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    assert state.fuses == state.variant.fuses
    assert [card.rank for card in state.fireworks[0]] == [1, 2]


@pytest.mark.parametrize(("players", "name"), [
    (2, "standard"), (3, "rainbow"), (4, "black-powder"), (5, "standard"),
    (3, "Orange (5 Suits)"), (3, "Throw It in a Hole (5 Suits)")])
def test_explain_names_the_move_act_chooses(players: int, name: str) -> None:
    for seed in range(3):
        state = HanabiState.new(variant_from_name(name), players=players, seed=seed)
        check_explanations(state, lambda seat, seed=seed: ConventionBot(seed * 10 + seat))
        # Explaining every move left the games as act alone plays them.
        assert state.history == convention_game(players, seed, name).history


@pytest.mark.parametrize("name", ["Orange (5 Suits)", "Orange Reversed (5 Suits)",
                                  "Throw It in a Hole (5 Suits)"])
def test_convention_bot_scores_in_orange_and_hole_variants(name: str) -> None:
    # Orange swaps play and discard; the hole hides the fireworks: both need the bot's own
    # handling (before it, 20-game means at 3 players were 1.7 of 25 with Orange Reversed
    # and 0 in the hole).
    scores = [convention_game(3, seed, name).score for seed in range(20)]
    assert statistics.mean(scores) >= 15


def test_explain_says_why_in_words() -> None:
    deck = deck_starting_with(["G2", "Y4", "B3", "W4", "R3", "R5", "B4", "Y3", "G3", "W2"])
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    hint = ConventionBot(0).explain(state.view(0), state.legal_actions())
    assert hint.action == Clue(1, 5)
    assert "R5" in hint.reason
    assert "saves" in hint.reason
