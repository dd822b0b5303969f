"""The rulebook situations, each on a hand-made deal."""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable

import attrs
import pytest

import cardgames.hanabi
from cardgames.core.errors import IllegalActionError, NotationError, OptionsError
from cardgames.hanabi import (
    BonusClue,
    BonusPlay,
    BonusReshuffle,
    Card,
    Clue,
    DeckPlay,
    Discard,
    FireworkCompleted,
    GameEnded,
    HanabiState,
    HanabiVariant,
    Play,
    TokenRegained,
    rating,
    variant_from_name,
)

MakeGame = Callable[..., HanabiState]

# Two hands of 5; seat 0 holds R1-R5 with R1 oldest (slot 5), so "play 5" five times in a
# row plays R1, R2, R3, R4, R5 (each new card enters at slot 1 and pushes the rest up).
RED_RUN = [["R5", "R4", "R3", "R2", "R1"], ["Y1", "Y2", "G3", "B4", "W5"]]


def test_hand_sizes_and_deal_in_blocks() -> None:
    for players, size in ((2, 5), (3, 5), (4, 4), (5, 4)):
        state = HanabiState.new(variant_from_name("standard"), players=players, seed=1)
        assert [len(state.hand(s)) for s in range(players)] == [size] * players
        assert state.deck_size == 50 - size * players
        # Seat 0 gets the first cards of the deck; the first dealt is the oldest (last slot).
        assert state.hand(0)[-1] == state.card_at(0)
        assert state.hand(1)[-1] == state.card_at(size)
    extra = HanabiState.new(variant_from_name("extra-card"), players=4, seed=1)
    assert len(extra.hand(0)) == 5


def test_discard_refused_with_every_token_available(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    assert state.clue_tokens == 8
    assert not any(isinstance(a, Discard) for a in state.legal_actions())
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match="clue tokens are available"):
        state.apply(Discard(1))
    assert state.snapshot() == before
    assert state.move_count == 0


def test_clue_refused_at_zero_tokens(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    for _ in range(8):
        state.apply(Clue(1 - state.current_player, 1))  # type: ignore[operator]
    assert state.clue_tokens == 0
    assert not any(isinstance(a, Clue) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="no clue token is left"):
        state.apply(Clue(1, "red"))
    state.apply(Discard(1))
    assert state.clue_tokens == 1


def test_a_five_returns_a_token_only_when_one_is_missing(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    for _ in range(4):
        state.apply(Play(5))  # R1, R2, R3, R4 in turn
        state.apply(Clue(0, 5))  # seat 1 spends a token each time
    assert state.clue_tokens == 4
    events = state.apply(Play(5))
    assert [str(c) for c in state.fireworks[0]] == ["R1", "R2", "R3", "R4", "R5"]
    assert state.clue_tokens == 5
    assert any(isinstance(e, FireworkCompleted) for e in events)
    assert any(isinstance(e, TokenRegained) for e in events)

    full = make_game(RED_RUN)
    for reply in (Play(1), Play(2), Clue(0, 1), Discard(1)):  # Y1, Y2, a clue, a discard
        full.apply(Play(5))
        full.apply(reply)
    assert full.clue_tokens == 8
    assert full.score == 6
    events = full.apply(Play(5))
    assert full.clue_tokens == 8
    assert not any(isinstance(e, TokenRegained) for e in events)


def test_a_black_one_completes_black_powder_and_returns_a_token(make_game: MakeGame) -> None:
    variant = variant_from_name("black-powder")
    state = make_game([["K1", "K2", "K3", "K4", "K5"], ["Y1", "Y2", "G3", "B4", "W5"]],
                      variant=variant)
    assert state.score == -5  # an untouched black row
    for expected in (-4, -3, -2, -1):
        state.apply(Play(5))
        assert state.score == expected
        state.apply(Clue(0, 1))
    tokens = state.clue_tokens
    state.apply(Play(5))
    assert state.score == 0
    assert state.clue_tokens == tokens + 1
    assert [c.rank for c in state.fireworks[-1]] == [5, 4, 3, 2, 1]


def test_black_cards_are_never_touched_by_colour(make_game: MakeGame) -> None:
    variant = variant_from_name("black-powder")
    assert "black" not in variant.clue_colours
    state = make_game([["Y1", "Y2", "G3", "B4", "W5"], ["K5", "K4", "R1", "K3", "K2"]],
                      variant=variant)
    events = state.apply(Clue(1, "red"))
    assert events[0].slots == (3,)  # type: ignore[attr-defined]


def test_a_misplay_discards_and_burns_a_fuse(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    state.apply(Play(1))  # R5 does not fit
    assert state.fuses == 2
    assert [str(c) for c in state.discards] == ["R5"]
    assert state.fireworks[0] == ()


def test_the_last_fuse_ends_the_game_at_zero(make_game: MakeGame) -> None:
    hands = [["R5", "R4", "R3", "R2", "R1"], ["G1", "Y5", "Y4", "Y3", "Y2"]]
    state = make_game(hands)
    state.apply(Play(5))  # R1 fits
    state.apply(Play(1))  # G1 fits
    assert state.score == 2
    state.apply(Play(2))  # R5: misplayed
    state.apply(Play(2))  # Y5: misplayed
    assert not state.is_over
    events = state.apply(Play(3))  # R4: misplayed, the last fuse
    assert isinstance(events[-1], GameEnded)
    assert state.fuses == 0
    assert state.end_reason == "the last fuse burned"
    assert state.fireworks_score > 0
    assert state.score == 0
    assert state.scores() == [0, 0]
    assert state.current_player is None
    assert state.legal_actions() == []


def test_keep_score_after_the_last_fuse(make_game: MakeGame) -> None:
    variant = variant_from_name("keep-score+fuses-1")
    state = make_game([["R5", "R4", "R3", "R2", "R1"], ["Y5", "G4", "B4", "W4", "Y4"]],
                      variant=variant)
    state.apply(Play(5))
    state.apply(Play(1))  # Y5 misplayed: the only fuse
    assert state.is_over
    assert state.score == 1


def test_fewer_fuses_end_sooner(make_game: MakeGame) -> None:
    state = make_game(RED_RUN, variant="fuses-2")
    state.apply(Play(1))
    assert not state.is_over
    state.apply(Play(2))  # seat 1 misplays Y2: the second and last fuse
    assert state.is_over
    assert state.score == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_last_round_gives_every_player_exactly_one_more_turn(players: int) -> None:
    state = HanabiState.new(variant_from_name("standard"), players=players, seed=players)
    drawer = None
    while drawer is None:
        seat = state.current_player
        assert seat is not None
        action = Discard(1) if state.clue_tokens < 8 else Clue((seat + 1) % players, 1)
        state.apply(action)
        if state.deck_size == 0:
            drawer = seat
    assert state.final_round_turns == players
    seats = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        seats.append(seat)
        state.apply(Discard(1) if state.clue_tokens < 8 else Clue((seat + 1) % players, 1))
    assert seats == [(drawer + 1 + k) % players for k in range(players)]
    assert state.end_reason == "the final round is over"


def test_every_firework_complete_ends_at_once() -> None:
    standard = variant_from_name("standard")
    red = attrs.evolve(standard.suits[0], counts=((1, 3), (2, 3), (3, 3), (4, 3), (5, 3)))
    variant = attrs.evolve(standard, name="red-only", suits=(red,), hand_size_delta=-1)
    # seat 0: R4 R3 R2 R1 (slot 1 first); seat 1: R1 R1 R2 R2; then R5 tops the pile.
    deck = ["R1", "R2", "R3", "R4", "R2", "R2", "R1", "R1", "R5", "R3", "R3", "R4", "R4",
            "R5", "R5"]
    state = HanabiState.new(variant, players=2, deck=deck)
    for _ in range(4):
        state.apply(Play(4))  # R1, R2, R3, R4 (the R5 drawn first moves up to slot 4)
        state.apply(Clue(0, 1))
    assert [c.rank for c in state.fireworks[0]] == [1, 2, 3, 4]
    assert state.deck_size == 3
    events = state.apply(Play(4))
    assert state.is_over
    assert state.end_reason == "every firework is complete"
    assert state.score == state.max_score == 5
    assert isinstance(events[-1], GameEnded)


def test_empty_clues_are_allowed_by_default_and_can_be_forbidden(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    events = state.apply(Clue(1, "blue"))  # seat 1 holds B4: fine; now an empty one
    assert events[0].slots == (4,)  # type: ignore[attr-defined]
    events = state.apply(Clue(1 - 1, "blue"))
    assert events[0].slots == ()  # type: ignore[attr-defined]
    strict = make_game(RED_RUN, variant="no-empty-clues")
    legal = strict.legal_actions()
    assert Clue(1, "yellow") in legal
    assert Clue(1, 3) in legal
    assert Clue(1, 1) in legal
    assert Clue(1, 5) in legal
    assert Clue(1, "red") not in legal
    with pytest.raises(IllegalActionError, match="touches no card"):
        strict.apply(Clue(1, "red"))


def test_clueing_yourself_is_refused(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    with pytest.raises(IllegalActionError, match="cannot clue yourself"):
        state.apply(Clue(0, 1))


def test_deck_plays(make_game: MakeGame) -> None:
    state = HanabiState.new(variant_from_name("deck-plays"), players=2, seed=3)
    while state.deck_size > 1:
        seat = state.current_player
        assert seat is not None
        assert DeckPlay() not in state.legal_actions()
        state.apply(Discard(1) if state.clue_tokens < 8 else Clue(1 - seat, 1))
    assert state.deck_size == 1
    assert DeckPlay() in state.legal_actions()
    top = state.draw_pile()[0]
    fits = top in state.playable_cards()
    fuses = state.fuses
    discarded = len(state.discards)
    state.apply(state.parse("play deck"))
    assert state.deck_size == 0
    assert state.fuses == fuses - (not fits)
    assert len(state.discards) == discarded + (not fits)
    assert state.final_round_turns == 2
    assert DeckPlay() not in state.legal_actions()

    plain = HanabiState.new(variant_from_name("standard"), players=2, seed=3)
    with pytest.raises(IllegalActionError, match="deck plays are off"):
        plain.apply(DeckPlay())


def test_illegal_slot_is_refused_with_the_hand_size(make_game: MakeGame) -> None:
    state = HanabiState.new(variant_from_name("standard"), players=4, seed=0)
    action = state.parse("play 4")
    assert action == Play(4)
    with pytest.raises(NotationError, match="'5' is not a slot"):
        state.parse("play 5")


def test_notation_round_trips_and_names_the_bad_word() -> None:
    state = HanabiState.new(variant_from_name("rainbow"), players=3, seed=0,
                            names=["Alice", "Bob", "Cathy"])
    for action in state.legal_actions():
        assert state.parse(str(action)) == action
        assert eval(repr(action), {type(action).__name__: type(action)}) == action
    assert state.parse("clue Bob multicolour") == Clue(1, "multicolour")
    assert state.parse("clue 3 M") == Clue(2, "multicolour")
    assert state.parse("CLUE cathy 4") == Clue(2, 4)
    with pytest.raises(NotationError, match=r"'Dave' is not a player.*Alice, Bob, Cathy"):
        state.parse("clue Dave red")
    with pytest.raises(NotationError, match=r"'purple' is not a clue.*multicolour"):
        state.parse("clue 2 purple")
    with pytest.raises(NotationError, match="'juggle' is not a move"):
        state.parse("juggle 2")
    with pytest.raises(NotationError, match="write clue P COLOUR"):
        state.parse("clue 2")


@pytest.mark.parametrize(("text", "message"), [
    ("plya 1", r"^'plya' is not a move \(did you mean play\?\); moves: play N"),
    ("disard 2", r"^'disard' is not a move \(did you mean discard\?\)"),
    ("clue 2 rde", r"^'rde' is not a clue in 'rainbow' \(did you mean red\?\); clues: red,"),
    ("clue 2 multicolor", r"\(did you mean multicolour\?\)"),
    ("bonus reshufle R3", r"'reshuffle CARD' or 'play CARD' \(did you mean reshuffle\?\)$"),
    ("bonus play R33", r"^'R33' is not a card of 'rainbow' \(did you mean R3\?\); cards: R1,"),
    ("bonus play 3R", r"^'3R' is not a card of 'rainbow' \(did you mean R3\?\)"),
    ("bonus play red3", r"^'red3' is not a card of 'rainbow' \(did you mean R3\?\)"),
    ("bonus play multicolour4", r"\(did you mean M4\?\)"),
])
def test_a_misspelt_word_is_answered_with_the_nearest_one(text: str, message: str) -> None:
    state = HanabiState.new(variant_from_name("rainbow"), players=3, seed=0)
    with pytest.raises(NotationError, match=message) as caught:
        state.parse(text)
    assert "\n" not in str(caught.value)


def test_long_lists_in_parse_errors_are_capped() -> None:
    state = HanabiState.new(variant_from_name("rainbow"), players=3, seed=0)
    with pytest.raises(NotationError, match=r"cards: R1, R2, .*, and 18 more$"):
        state.parse("bonus play X3")
    with pytest.raises(NotationError, match=r"^'dance' is not a move; moves"):
        state.parse("dance")  # nothing near: no suggestion


def test_a_failed_call_changes_nothing(make_game: MakeGame) -> None:
    state = make_game(RED_RUN)
    before = (state.snapshot(), state.history)
    for text in ("discard 1", "clue 1 red", "play deck", "bonus play R1"):
        with pytest.raises(IllegalActionError):
            state.apply_text(text)
    for text in ("play 0", "clue 9 red", "bonus", "play R1"):
        with pytest.raises(NotationError):
            state.apply_text(text)
    assert (state.snapshot(), state.history) == before


def test_seeded_games_and_explicit_decks_replay_exactly() -> None:
    first = HanabiState.new(variant_from_name("rainbow+bonus"), players=3, seed=11)
    second = HanabiState.new(variant_from_name("rainbow+bonus"), players=3, seed=11)
    assert first.draw_pile() == second.draw_pile()
    assert first.bonus_tile_order == second.bonus_tile_order
    other = HanabiState.new(variant_from_name("rainbow+bonus"), players=3, seed=12)
    assert other.draw_pile() != first.draw_pile()
    deck = [str(c) for c in (*first.hand(0)[::-1], *first.hand(1)[::-1], *first.hand(2)[::-1],
                             *first.draw_pile())]
    explicit = HanabiState.new(variant_from_name("rainbow+bonus"), players=3, seed=11, deck=deck)
    assert explicit.snapshot()[:5] == first.snapshot()[:5]


def test_ratings_follow_the_rulebook_bands() -> None:
    assert rating(0, 25).startswith("horrible")
    assert rating(5, 25).startswith("horrible")
    assert rating(6, 25).startswith("mediocre")
    assert rating(15, 25).startswith("honourable")
    assert rating(20, 25).startswith("excellent")
    assert rating(24, 25).startswith("extraordinary")
    assert rating(25, 25).startswith("legendary")
    assert rating(27, 30).startswith("legendary")
    assert rating(30, 30).startswith("divine")
    assert rating(-3, 25).startswith("horrible")
    assert rating(20, 20).startswith("legendary")  # scaled to 25
    assert "wins" in rating(25, 25, perfect_needed=True)
    assert "loses" in rating(0, 25, perfect_needed=True)


def test_game_ended_event_carries_score_and_rating(make_game: MakeGame) -> None:
    state = make_game(RED_RUN, variant="fuses-1")
    events = state.apply(Play(1))
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    assert ended[0].score == 0
    assert "fuse" in str(ended[0])


def test_the_package_docstring_example_runs() -> None:
    result = doctest.testmod(cardgames.hanabi, verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0


def test_a_clue_the_variant_does_not_have_is_refused_with_the_choices() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=0)
    with pytest.raises(IllegalActionError, match=r"'purple' is not a clue.*red, yellow"):
        state.apply(Clue(1, "purple"))


def test_actions_compare_and_hash_by_value() -> None:
    assert Clue(1, "red") == Clue(1, "red")
    assert hash(Clue(1, "red")) == hash(Clue(1, "red"))
    assert Clue(1, "red") != BonusClue(1, "red")
    assert Play(1) != Discard(1)
    assert len({Play(1), Play(1), Discard(1), DeckPlay(), DeckPlay(),
                BonusPlay(Card("R", 1)), BonusReshuffle(Card("R", 1))}) == 5


# ------------------------------------------------------------------ early end (hanab.live)
def _small(counts: tuple[tuple[int, int], ...], early_end: bool) -> HanabiVariant:
    standard = variant_from_name("standard")
    suits = tuple(attrs.evolve(standard.suits[i], counts=counts) for i in range(2))
    return attrs.evolve(standard, name="small", suits=suits, hand_size_delta=-1,
                        early_end=early_end)


@pytest.mark.parametrize("early_end", [True, False])
def test_early_end_when_a_needed_card_is_only_in_a_finished_hand(early_end: bool) -> None:
    one_each = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))
    variant = _small(one_each, early_end)
    # seat 0: R1 Y2 Y3 Y4, seat 1: Y1 R3 R4 R5 (slot 1 first); the pile: R2, then Y5.
    state = HanabiState.new(variant, players=2, deck=[
        "Y4", "Y3", "Y2", "R1", "R5", "R4", "R3", "Y1", "R2", "Y5"])
    state.apply(Play(1))  # R1; seat 0 draws R2
    state.apply(Play(1))  # Y1; seat 1 draws Y5, the last card: the final round begins
    assert state.final_round_turns == 2
    state.apply(Clue(1, 5))  # seat 0's last turn; R2 and Y2 stay in its hand
    if early_end:
        # Seat 1 holds R3 R4 R5 Y5: nothing it could play, so hanab.live ends the game here.
        assert state.is_over
        assert state.end_reason == "no card left can be played"
        assert state.score == 2
    else:
        assert state.current_player == 1
        state.apply(Clue(0, 5))
        assert state.end_reason == "the final round is over"
        assert state.score == 2


def test_early_end_before_the_final_round_when_the_next_cards_are_gone() -> None:
    counts = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 2))
    for early_end in (True, False):
        variant = _small(counts, early_end)
        # seat 0: R1 Y1 R2 Y2, seat 1: R3 R4 Y3 Y4; the pile: R5 Y5 R5 Y5.
        state = HanabiState.new(variant, players=2, deck=[
            "Y2", "R2", "Y1", "R1", "Y4", "Y3", "R4", "R3", "R5", "Y5", "R5", "Y5"])
        state.apply(Clue(1, 3))
        state.apply(Clue(0, 1))
        state.apply(Discard(1))  # R1, the only one: red can never start
        assert not state.is_over  # Y1 is still in seat 0's hand
        state.apply(Clue(0, 1))
        state.apply(Discard(2))  # Y1 (R5 was drawn into slot 1): nothing can ever be played
        assert state.deck_size == 2  # no final round yet
        assert state.is_over is early_end
        if early_end:
            assert (state.end_reason, state.score) == ("no card left can be played", 0)


def test_early_end_is_a_variant_option_and_a_spec_word() -> None:
    variant = variant_from_name("no-variant+early-end")
    assert variant.early_end
    assert not variant_from_name("no-variant").early_end
    assert HanabiVariant.from_dict(variant.to_dict()) == variant
    assert "early end" in variant.describe()


def test_bad_bonus_notation_and_a_bad_explicit_deck_say_what_is_wrong() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=1)
    for text in ("bonus", "bonus foo", "bonus clue 2"):
        with pytest.raises(NotationError, match="'bonus' is followed by 'clue P VALUE'"):
            state.parse(text)
    with pytest.raises(NotationError, match=r"^'dance' is not a move; moves: play N"):
        state.parse("dance")
    deck = [str(card) for card in state.variant.deck_cards()]
    deck[0] = "R2"
    with pytest.raises(OptionsError, match=r"too many: R2×1; missing: R1×1"):
        HanabiState.new(variant_from_name("standard"), players=2, deck=deck)


def test_a_variant_name_in_place_of_the_variant_is_refused_in_one_line() -> None:
    # The engine takes the options object; names are read by variant() or new_game.
    with pytest.raises(OptionsError, match=r"^HanabiState.new takes a HanabiVariant \(got "
                                           r"'standard'\)"):
        HanabiState.new("standard", players=2, seed=1)


def test_early_end_with_bonus_tiles_left() -> None:
    # Tiles come back only with a completed firework, which needs a fitting card first.
    variant = attrs.evolve(_small(((1, 1), (2, 1), (3, 1), (4, 1), (5, 2)), True),
                           bonus_tiles=True)
    state = HanabiState.new(variant, players=2, seed=1, deck=[
        "Y2", "R2", "Y1", "R1", "Y4", "Y3", "R4", "R3", "R5", "Y5", "R5", "Y5"])
    for move in ("clue 2 3", "clue 1 1", "discard 1", "clue 1 1", "discard 2"):
        state.apply(state.parse(move))
    assert state.bonus_tiles_left == 6
    assert state.end_reason == "no card left can be played"


def test_a_clue_may_name_a_player_whose_name_has_spaces() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=3, seed=1)
    assert state.parse("clue Player 2 red") == Clue(1, "red")
    assert state.parse("bonus clue player 3 4") == BonusClue(2, 4)
    with pytest.raises(NotationError, match="'Player 9' is not a player; write a seat number"):
        state.parse("clue Player 9 red")


@pytest.mark.parametrize("variant", [
    "standard", "no-empty-clues", "rainbow+black-powder+bonus+fuses-2", "all-or-nothing",
    "Throw It in a Hole (5 Suits)", "Cow & Pig (5 Suits)", "Duck (5 Suits)",
    "Alternating Clues (5 Suits)", "Sudoku (5 Suits)", "Orange (5 Suits)",
])
def test_step_builds_no_events_yet_views_show_the_same_history(variant: str) -> None:
    # step() takes the event-free path: the views must replay the same events that apply()
    # returned, for every seat and at every point (a clone taken midway too).

    for players, seed in ((2, 3), (4, 8)):
        by_apply = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
        by_step = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
        rng = random.Random(seed)
        clone = None
        while not by_apply.is_over:
            ids = by_step.legal_action_ids()
            legal = by_apply.legal_actions()
            assert ids == [by_step.action_id(action) for action in legal]
            choice = rng.randrange(len(ids))
            by_apply.apply(legal[choice])
            by_step.step(ids[choice])
            if by_step.move_count == 2:
                clone = by_step.clone()
            if rng.random() < 0.3 or by_apply.is_over:
                for seat in range(players):
                    assert by_step.view(seat) == by_apply.view(seat)
        assert by_step.snapshot() == by_apply.snapshot()
        assert clone is not None
        replayed = HanabiState.new(variant_from_name(variant), players=players, seed=seed)
        for action in clone.history:
            replayed.apply(action)
        assert [clone.view(seat) for seat in range(players)] == [
            replayed.view(seat) for seat in range(players)]


def test_step_refuses_an_illegal_id_and_changes_nothing() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=1)
    discard = state.action_id(Discard(1))  # every token is there: not legal
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=r"cannot discard \(action id"):
        state.step(discard)
    with pytest.raises(NotationError, match=r"not in 0\.\."):
        state.step(10_000)
    assert state.snapshot() == before
    assert state.move_count == 0


@pytest.mark.parametrize("variant", ["standard", "all-or-nothing", "Orange (5 Suits)"])
def test_apply_accepts_exactly_the_legal_actions(variant: str) -> None:
    # apply() finds pre-built actions in a set of the legal ones: an action legal a move ago
    # but not now must still be refused, and nothing change (all or nothing looks at other
    # seats' moves while it settles a move).

    for seed in range(4):
        state = HanabiState.new(variant_from_name(variant), players=3, seed=seed)
        rng = random.Random(seed)
        before = state.legal_actions()
        while not state.is_over:
            state.apply(rng.choice(before))
            now = state.legal_actions()
            stale = [action for action in before if action not in now]
            for action in stale[:3]:
                snapshot = state.snapshot()
                with pytest.raises(IllegalActionError):
                    state.apply(action)
                assert state.snapshot() == snapshot
            assert [state.is_legal(action) for action in before] == [
                action in now for action in before]
            before = now


@pytest.mark.parametrize(("name", "offered", "not_offered"), [
    ("standard", [], ["play deck", "discard deck", "bonus"]),
    ("deck-plays", ["play deck"], ["discard deck", "bonus"]),
    ("bonus", ["bonus clue P VALUE", "bonus reshuffle CARD", "bonus play CARD"], ["deck"]),
    ("no-variant+orange+deck-plays", ["play deck", "discard deck"], ["bonus"]),
])
def test_a_move_not_understood_lists_only_the_moves_of_its_variant(
        name: str, offered: list[str], not_offered: list[str]) -> None:
    state = HanabiState.new(variant_from_name(name), players=2, seed=0)
    with pytest.raises(NotationError) as caught:
        state.parse("foo")
    message = str(caught.value)
    assert "moves: play N, discard N, clue P COLOUR, clue P RANK" in message
    for form in offered:
        assert form in message, (name, message)
    for word in not_offered:
        assert word not in message, (name, message)
