"""hanab.live's flow rules (issue 10), each on a hand-made deal with a known answer from the
rules file's last section; then every hanab.live variant played to its end.

The variants here are built from flags (the engine reads flags, never names); the sweep at the
end builds each of hanab.live's 2,426 variants by its name.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import attrs
import pytest
from rich.console import Console, RenderableType
from tests.conformance_data import CONFORMANCE, needs
from tests.hanabi.conftest import deal, game

import cardgames
import cardgames.hanabi.state as state_module
from cardgames.core.errors import IllegalActionError
from cardgames.core.record import Record
from cardgames.hanabi import (
    Card,
    Clue,
    Clued,
    DeckPlay,
    Discard,
    Discarded,
    EndReason,
    FireworkCompleted,
    FuseLost,
    HanabiState,
    HanabiVariant,
    Play,
    Played,
    TokenRegained,
    variant_from_name,
)
from cardgames.hanabi.actions import HiddenClue
from cardgames.hanabi.events import HiddenClued, Thrown
from cardgames.hanabi.names import variant
from cardgames.hanabi.render import describe_move, render_view
from cardgames.rl import hanabi as rl_hanabi

NO_VARIANT = variant_from_name("no-variant")  # red, yellow, green, blue, purple

# Seat 0 holds R1-R5 with R1 oldest (slot 5): "play 5" five times plays R1 up to R5.
RED_RUN = [["R5", "R4", "R3", "R2", "R1"], ["Y1", "Y2", "G3", "B4", "P5"]]


def flagged(**flags: Any) -> HanabiVariant:
    """No Variant's suits with `flags` set (empty clues off, as on hanab.live)."""
    return attrs.evolve(NO_VARIANT, name="flow-test", **{"empty_clues": False, **flags})


def shown(renderable: RenderableType) -> str:
    """What the terminal shows of `renderable`, as plain text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def text_of(state: HanabiState, seat: int) -> str:
    """Everything the terminal table shows `seat`, as plain text."""
    return shown(render_view(state.view(seat)))


# ------------------------------------------------------------------ clue starved
def test_clue_starved_counts_tokens_in_halves() -> None:
    state = game(RED_RUN, variant=flagged(clue_starved=True, clue_tokens=1))
    assert (state.clue_tokens, state.half_clue_token) == (1, False)
    assert not any(isinstance(a, Discard) for a in state.legal_actions())  # at the maximum
    state.apply(Clue(1, "yellow"))  # a clue costs a whole token
    assert (state.clue_tokens, state.half_clue_token) == (0, False)
    state.apply(Discard(1))  # seat 1: a discard gives half a token
    assert (state.clue_tokens, state.half_clue_token) == (0, True)
    view = state.view(0)
    assert (view.clue_tokens, view.half_clue_token) == (0, True)
    assert "0½/1" in text_of(state, 0)
    assert not any(isinstance(a, Clue) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="half a clue token is left"):
        state.apply(Clue(1, "yellow"))
    state.apply(Discard(1))  # seat 0: the second half
    assert (state.clue_tokens, state.half_clue_token) == (1, False)
    assert any(isinstance(a, Clue) for a in state.legal_actions())


def test_clue_starved_firework_gives_half_a_token() -> None:
    state = game(RED_RUN, variant=flagged(clue_starved=True))
    for _ in range(4):
        state.apply(Play(5))  # R1 .. R4
        state.apply(Clue(0, 5))
    assert (state.clue_tokens, state.half_clue_token) == (4, False)
    events = state.apply(Play(5))  # R5 completes red
    assert any(isinstance(e, FireworkCompleted) for e in events)
    assert TokenRegained(4, half=True) in events
    assert (state.clue_tokens, state.half_clue_token) == (4, True)


# ------------------------------------------------------------------ alternating clues
def test_alternating_clues_take_turns_by_kind() -> None:
    state = game(RED_RUN, variant=flagged(alternating_clues=True))
    assert state.view(0).next_clue_kind is None  # the first clue is free
    assert Clue(1, "yellow") in state.legal_actions()
    assert Clue(1, 1) in state.legal_actions()
    state.apply(Clue(1, "yellow"))
    legal = state.legal_actions()
    assert state.view(1).next_clue_kind == "rank"
    assert "next clue: rank" in text_of(state, 1)
    assert Clue(0, 5) in legal
    assert not any(
        isinstance(a, Clue) and isinstance(a.value, str) for a in legal)
    with pytest.raises(IllegalActionError, match="must be a rank clue"):
        state.apply(Clue(0, "red"))
    state.apply(Clue(0, 5))
    assert state.view(0).next_clue_kind == "colour"
    assert Clue(1, "green") in state.legal_actions()
    assert Clue(1, 3) not in state.legal_actions()


# ------------------------------------------------------------------ blind and mute
def test_colour_blind_clues_touch_nothing_and_are_always_allowed() -> None:
    state = game(RED_RUN, variant=flagged(colour_clues_touch_nothing=True))
    legal = state.legal_actions()
    # Every colour clue is legal though it touches nothing; rank clues must touch a card.
    assert {a.value for a in legal if isinstance(a, Clue) and isinstance(a.value, str)} == set(
        NO_VARIANT.clue_colours)
    assert Clue(1, 1) in legal
    assert Clue(1, 4) in legal
    assert Clue(1, 5) in legal
    held = {1, 2, 3, 4, 5}  # seat 1 holds Y1 Y2 G3 B4 P5: every rank clue touches
    assert {a.value for a in legal if isinstance(a, Clue) and isinstance(a.value, int)} == held
    events = state.apply(Clue(1, "yellow"))
    assert isinstance(events[0], Clued)
    assert events[0].slots == ()
    assert not any(slot.touched for slot in state.view(1).own_hand)


def test_number_blind_rank_clues_touch_nothing_but_colours_must() -> None:
    state = game(RED_RUN, variant=flagged(rank_clues_touch_nothing=True))
    legal = state.legal_actions()
    assert all(Clue(1, rank) in legal for rank in (1, 2, 3, 4, 5))
    assert Clue(1, "red") not in legal  # seat 1 has no red card: an empty colour clue
    assert Clue(1, "yellow") in legal


def test_colour_mute_has_no_colour_clue() -> None:
    state = game(RED_RUN, variant=flagged(clue_colours=()))
    assert not any(isinstance(a, Clue) and isinstance(a.value, str)
                   for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="is not a clue"):
        state.apply(Clue(1, "yellow"))


# ------------------------------------------------------------------ cow & pig, duck
@pytest.mark.parametrize(("flags", "colour_word", "rank_word"), [
    ({"cow_and_pig": True}, "moo", "oink"),
    ({"duck": True}, "quack", "quack"),
])
def test_the_receiver_hears_only_a_word(
    flags: dict[str, bool], colour_word: str, rank_word: str
) -> None:
    state = game(RED_RUN, variant=flagged(**flags))
    state.apply(Clue(1, "yellow"))  # touches Y1 (slot 1) and Y2 (slot 2)
    receiver, giver = state.view(1), state.view(0)
    assert receiver.history[-1].action == HiddenClue(1, colour_word)
    assert receiver.history[-1].events == (HiddenClued(0, 1, colour_word, (1, 2)),)
    assert giver.history[-1].action == Clue(1, "yellow")  # the giver saw the real clue
    assert state.history[-1] == Clue(1, "yellow")  # and so does the record
    assert cardgames.replay(state.record()).history == state.history
    # The receiver learns that two cards were touched, not that they are yellow: a touched
    # card may still be red (a colour clue touched it), an untouched one may be yellow.
    touched, untouched = receiver.own_hand[0], receiver.own_hand[2]
    assert touched.touched
    assert not untouched.touched
    assert {"R", "Y"} <= touched.possible_suits
    assert "Y" in untouched.possible_suits
    assert "clue 2 yellow" not in " ".join(str(m.action) for m in receiver.history)
    line = describe_move("Player 1", "clue 2 yellow", state.view(0).history[-1].events,
                         ["Player 1", "Player 2"], state.variant, viewer=1)
    assert colour_word in shown(line)
    assert "yellow" not in shown(line)
    state.apply(Clue(0, 5))
    assert state.view(0).history[-1].action == HiddenClue(0, rank_word)
    assert state.view(1).history[-1].action == Clue(0, 5)


def test_cow_and_pig_tells_a_rank_clue_touches_by_rank() -> None:
    state = game(RED_RUN, variant=flagged(cow_and_pig=True))
    state.apply(Clue(1, 3))  # "oink": G3
    touched = state.view(1).own_hand[2]
    assert touched.touched
    # Any card a rank clue touches is possible: every suit and rank of No Variant.
    assert touched.possible_ranks == {1, 2, 3, 4, 5}


# ------------------------------------------------------------------ throw it in a hole
def test_throw_it_in_a_hole_hides_plays_until_the_end() -> None:
    state = game(RED_RUN, variant=flagged(throw_it_in_a_hole=True, fuses=2))
    events = state.apply(Play(5))  # R1: fits, face down
    assert events[0] == Thrown(0, 5, 0)
    assert not any(isinstance(e, Played) for e in events)
    events = state.apply(Play(5))  # seat 1's P5 misplays, face down: a fuse burns unseen
    assert not any(isinstance(e, Played | FuseLost) for e in events)
    assert state.fuses == 1
    assert len(state.fireworks[0]) == 1
    for seat in (0, 1):
        view = state.view(seat)
        assert view.fireworks == ((),) * 5
        assert view.playable == frozenset()
        assert view.fuses == 2
        assert view.score == 0
        assert view.discards == ()
        assert view.hole == (0, 5)
        assert not any(isinstance(e, Played | FuseLost) for m in view.history for e in m.events)
        assert state.moves(seat) == view.history
        shown = text_of(state, seat)
        assert "R1" not in shown.split("Hands")[0]
        assert "hole 2 cards" in shown
        state.check_view(seat)
    # The state's own log is omniscient; what a spectator may see hides the plays as the seats.
    assert any(isinstance(e, Played) for m in state.moves() for e in m.events)
    assert state.public_moves() == state.view(0).history
    state.apply(Clue(1, 1))
    state.apply(Play(5))  # seat 1's B4 misplays: the second fuse ends the game, all is shown
    assert state.is_over
    assert state.end_reason is EndReason.STRIKEOUT
    view = state.view(0)
    assert view.fuses == 0
    assert view.fireworks[0]
    assert view.hole is not None
    assert any(isinstance(e, Played) for m in view.history for e in m.events)


def test_check_view_catches_a_play_shown_from_the_hole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The sweep relies on check_view to find leaks: with the hole's masking switched off,
    # it must fail.

    monkeypatch.setattr(state_module, "_into_the_hole", iter)
    state = game(RED_RUN, variant=flagged(throw_it_in_a_hole=True))
    state.apply(Play(5))
    with pytest.raises(AssertionError, match="the history shows a play in the hole"):
        state.check_view(1)


def test_check_view_catches_a_clue_value_told_to_its_receiver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(HanabiState, "_told", lambda self, move, seat: move)
    state = game(RED_RUN, variant=flagged(duck=True))
    state.apply(Clue(1, "yellow"))
    state.check_view(0)  # the giver may see it
    with pytest.raises(AssertionError, match="tells a clue's value to its receiver"):
        state.check_view(1)


def test_throw_it_in_a_hole_firework_gives_no_token() -> None:
    for hole, tokens in ((False, 5), (True, 4)):
        state = game(RED_RUN, variant=flagged(throw_it_in_a_hole=hole))
        for _ in range(4):
            state.apply(Play(5))
            state.apply(Clue(0, 5))
        events = state.apply(Play(5))  # R5 completes red
        assert state.clue_tokens == tokens
        assert any(isinstance(e, TokenRegained) for e in events) is not hole
        assert len(state.fireworks[0]) == 5


# ------------------------------------------------------------------ orange (inverted)
ORANGE = attrs.evolve(NO_VARIANT.suits[0], name="orange", letter="O", inverted=True,
                      style="orange1")
WITH_ORANGE = flagged(suits=(*NO_VARIANT.suits[:4], ORANGE))
ORANGE_HANDS = [["O1", "O2", "R1", "B4", "O5"], ["Y1", "Y2", "G3", "B3", "R2"]]


def test_orange_swaps_play_and_discard() -> None:
    state = game(ORANGE_HANDS, variant=WITH_ORANGE)
    # With an orange suit in the game a discard is legal at the maximum and gives nothing.
    assert Discard(1) in state.legal_actions()
    events = state.apply(Discard(1))  # "discard" O1 (slot 1): it is played
    assert isinstance(events[0], Played)
    assert events[0].success
    assert [str(c) for c in state.fireworks[4]] == ["O1"]
    assert state.clue_tokens == 8
    state.apply(Discard(5))  # seat 1 discards R2 at the maximum: legal, no token
    assert state.clue_tokens == 8
    assert [str(c) for c in state.discards] == ["R2"]
    state.apply(Play(3))  # seat 0 "plays" R1 (slot 3): not orange, it plays
    assert [str(c) for c in state.fireworks[0]] == ["R1"]
    assert list(state.history) == [Discard(1), Discard(5), Play(3)]  # the choices, as made
    assert cardgames.replay(state.record()) == state


def test_orange_play_discards_and_returns_a_token() -> None:
    state = game(ORANGE_HANDS, variant=WITH_ORANGE)
    state.apply(Clue(1, "yellow"))
    state.apply(Clue(0, 1))
    assert state.clue_tokens == 6
    events = state.apply(Play(2))  # "play" O2 (slot 2): it is discarded, a token returns
    assert isinstance(events[0], Discarded)
    assert str(events[0].card) == "O2"
    assert state.clue_tokens == 7
    assert state.fuses == 3
    assert [str(c) for c in state.discards] == ["O2"]


WITH_ORANGE_DECK_PLAYS = attrs.evolve(WITH_ORANGE, deck_plays=True)


def orange_deck_play_state(tokens: int = 7) -> HanabiState:
    """A 2-player game with deck plays and an orange suit, run down to one pile card, an O1
    (it would fit the empty orange firework), with `tokens` clue tokens (7 or 8); seat 0 is
    to move."""
    hands = [["R1", "R2", "R3", "B4", "Y5"], ["Y1", "Y2", "G3", "B3", "R4"]]
    order = deal(WITH_ORANGE_DECK_PLAYS, hands)
    order.remove("O1")  # the first O1 of the pile goes to its bottom: the last card drawn
    order.append("O1")
    state = HanabiState.new(WITH_ORANGE_DECK_PLAYS, players=2, deck=order)
    if tokens == 8:
        state.apply(Clue(1, 1))  # seat 1 throws away next; the token comes back
    letter = ORANGE.letter
    while state.deck_size > 1:
        # Throw the oldest card away without burning a fuse: discard it, or "play" it if it
        # is orange (a discard is legal at every token with an orange suit in the game).
        seat = state.current_player
        assert seat is not None
        oldest = state.hand_orders(seat)[-1]
        orange = state.card_at(oldest).suit == letter
        state.apply(Play(5) if orange else Discard(5))
    if tokens == 7:
        state.apply(Clue(0, 1))  # seat 1
    assert (state.deck_size, state.clue_tokens, state.fuses, state.score) == (1, tokens, 3, 0)
    assert str(state.card_at(state.deck_order_of_top() or 0)) == "O1"
    assert state.current_player == 0
    return state


def test_an_orange_deck_play_discards_the_card() -> None:
    # hanab.live swaps play and discard for an orange card also when it is played from the
    # deck (rules version 2): the O1 is discarded, not played, and a token returns.
    state = orange_deck_play_state()
    top = state.deck_order_of_top()
    discards = len(state.discards)
    events = state.apply(DeckPlay())
    assert events[0] == Discarded(0, Card("O", 1), None, top)
    assert not any(isinstance(e, Played | FuseLost) for e in events)
    assert state.fireworks[4] == ()
    assert (state.score, state.fuses, state.clue_tokens, state.deck_size) == (0, 3, 8, 0)
    assert len(state.discards) == discards + 1
    assert str(state.discards[-1]) == "O1"
    assert state.final_round_turns is not None  # the last card is gone: the final round
    assert state.view(1).history[-1].events == tuple(events)
    line = describe_move("Player 1", "play deck", events, ["Player 1", "Player 2"],
                         state.variant)
    assert "discards O1 from the deck" in shown(line)
    record = state.record()
    assert record.rules_version == 3
    assert "deck_plays_always_play" not in record.options or not record.options[
        "deck_plays_always_play"]
    assert cardgames.replay(record) == state


def test_an_orange_deck_play_at_every_token_gives_none() -> None:
    state = orange_deck_play_state(tokens=8)
    state.apply(DeckPlay())
    assert state.clue_tokens == 8
    assert str(state.discards[-1]) == "O1"


def test_a_rules_version_1_record_of_an_orange_deck_play_replays_as_it_was_played() -> None:
    # Rules version 1 played an orange card from the deck: its records must still replay so.
    state = orange_deck_play_state()
    state.apply(DeckPlay())
    data = state.record().to_dict()
    data["rules_version"] = 1
    # The option did not exist in version 1: its records do not list it.
    data["options"] = {key: value for key, value in data["options"].items()
                       if key != "deck_plays_always_play"}
    old = cardgames.replay(Record.from_dict(data))
    assert old.history == state.history
    assert old.variant.deck_plays_always_play
    assert "an orange card's deck play plays it" in old.variant.describe()
    assert [str(card) for card in old.fireworks[4]] == ["O1"]
    assert (old.score, old.fuses, old.clue_tokens) == (1, 3, 7)
    assert old.discards == state.discards[:-1]
    # Written again, it is a record of the current version that keeps the old rule.
    again = old.record()
    assert again.rules_version == 3
    assert again.options["deck_plays_always_play"] is True
    assert cardgames.replay(again) == old


def test_a_rules_version_1_record_without_an_orange_deck_play_option_keeps_its_variant() -> None:
    # Only games with deck plays and an orange suit get the version 1 rule.
    for variant_used in (WITH_ORANGE, attrs.evolve(NO_VARIANT, deck_plays=True)):
        state = game(ORANGE_HANDS if variant_used is WITH_ORANGE else RED_RUN,
                     variant=variant_used)
        state.apply(Clue(1, "yellow"))
        data = state.record().to_dict()
        data["rules_version"] = 1
        old = cardgames.replay(Record.from_dict(data))
        assert old.variant == variant_used
        assert old == state


# ------------------------------------------------------------------ sudoku
def test_sudoku_fireworks_start_anywhere_each_at_a_different_rank() -> None:
    variant = flagged(sudoku=True)
    hands = [["R2", "R1", "R5", "R4", "R3"], ["Y3", "Y2", "G3", "B4", "P5"]]
    state = game(hands, variant=variant)
    assert {c.rank for c in state.playable_cards()} == {1, 2, 3, 4, 5}
    state.apply(Play(5))  # R3 starts red at 3
    assert [str(c) for c in state.fireworks[0]] == ["R3"]
    playable = {str(c) for c in state.playable_cards()}
    assert "R4" in playable
    assert "Y3" not in playable
    assert "Y2" in playable
    with pytest.raises(IllegalActionError):
        state.apply(Clue(1, 9))
    state.apply(Play(5))  # seat 1 plays P5 (slot 5): purple starts at 5
    assert "Y5" not in {str(c) for c in state.playable_cards()}
    for _ in range(3):  # R4, R5, then R1 (the wrap-around)
        state.apply(Play(5))
        state.apply(Clue(0, 1))
    assert [str(c) for c in state.fireworks[0]] == ["R3", "R4", "R5", "R1"]
    assert state.clue_tokens == 5
    events = state.apply(Play(5))  # R2 completes red
    assert any(isinstance(e, FireworkCompleted) for e in events)
    assert state.clue_tokens == 6
    state.check_invariants()


# ------------------------------------------------------------------ up or down
def test_up_or_down_goes_either_way_from_start() -> None:
    hands = [["R1", "R2", "R3", "R4", "RS"], ["Y5", "Y4", "G1", "B1", "P1"]]
    state = game(hands, variant=variant("Up or Down (5 Suits)"))
    first = {str(c) for c in state.playable_cards()}
    assert {"R1", "R5", "RS", "Y1", "Y5", "YS"} <= first
    assert "R2" not in first
    state.apply(Play(5))  # START: then a 2 (up) or a 4 (down)
    assert {str(c) for c in state.playable_cards() if c.suit == "R"} == {"R2", "R4"}
    state.apply(Play(1))  # seat 1's Y5 starts yellow going down
    assert {str(c) for c in state.playable_cards() if c.suit == "Y"} == {"Y4"}
    state.apply(Play(5))  # R4 after START: red goes down
    assert {str(c) for c in state.playable_cards() if c.suit == "R"} == {"R3"}
    for _ in range(3):  # R3, R2 (seat 1 clues in between), then R1 completes red
        state.apply(Clue(0, 1))
        events = state.apply(Play(5))
    assert [str(c) for c in state.fireworks[0]] == ["RS", "R4", "R3", "R2", "R1"]
    assert any(isinstance(e, FireworkCompleted) for e in events)
    assert state.clue_tokens == 6  # three clues spent, the completed firework's token back


# ------------------------------------------------------------------ hanab.live's endings
SOFTLOCK_DECK = ["R4", "R3", "R2", "R1", "R3", "R2", "R1", "R1", "R4", "R5"]
SOFTLOCK_MOVES = ["play 1", "play 1", "play 2", "play 4", "play 1", "clue 1 red", "discard 1",
                  "clue 1 red", "discard 1", "clue 1 red"]


def test_all_or_nothing_softlock_ends_with_score_zero() -> None:
    # One red suit, hands of 4 (seat 0: R1 R2 R3 R4, seat 1: R1 R1 R2 R3), R4 R5 in the pile.
    variant = flagged(all_or_nothing=True, clue_tokens=1, hand_size_delta=-1,
                      empty_clues=True, suits=NO_VARIANT.suits[:1])
    for hanablive in (True, False):
        state = HanabiState.new(attrs.evolve(variant, early_end=hanablive), players=2,
                                deck=SOFTLOCK_DECK)
        for move in SOFTLOCK_MOVES:
            state.apply(state.parse(move))
        # Seat 0 is to move with no card and no clue token.
        assert state.hand(0) == ()
        assert state.clue_tokens == 0
        assert state.fireworks_score == 4
        if hanablive:  # hanab.live ends the game: a softlock, scored 0
            assert state.is_over
            assert state.end_reason is EndReason.SOFTLOCK
            assert state.score == 0
        else:  # the rulebook skips the player who cannot act
            assert not state.is_over
            assert state.current_player == 1


# ------------------------------------------------------------------ what observers read
def test_observations_keep_hidden_what_the_views_hide() -> None:
    state = game(RED_RUN, variant=flagged(cow_and_pig=True))
    state.apply(Clue(1, "yellow"))  # touches Y1 and Y2, orders 9 and 8
    assert rl_hanabi.clues_received(state.view(0)) == {9: ("yellow",), 8: ("yellow",)}
    assert rl_hanabi.clues_received(state.view(1)) == {9: (), 8: ()}  # touched, value unheard
    hole = game(RED_RUN, variant=flagged(throw_it_in_a_hole=True))
    hole.apply(Play(5))  # R1, face down
    layout = rl_hanabi.layout(hole.variant, 2)
    for seat in (0, 1):
        observed = rl_hanabi.observation(hole.view(seat))
        assert not observed[layout["fireworks"]].any()  # no firework shows the R1
        assert not observed[layout["last_card"]].any()  # nor does the last move
        assert not observed[layout["last_scored"]].any()


@pytest.mark.parametrize("index", range(0, 2426, 97))
@needs(CONFORMANCE / "hanabi" / "hanablive-variants")
def test_the_table_draws_a_game_in_progress(index: int) -> None:
    name = _variant_names()[index]
    state = HanabiState.new(variant(name), players=3, seed=index)
    rng = random.Random(index)
    for _ in range(15):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    table = text_of(state, 0)
    for suit in state.variant.suits:  # every firework has its row
        assert suit.name in table
    for card in state.hand(1):  # the other hands are shown
        assert str(card) in table


# ------------------------------------------------------------------ every variant
def _variant_names() -> list[str]:
    path = CONFORMANCE / "hanabi" / "hanablive-variants" / "variants.json"
    return [entry["name"] for entry in json.loads(path.read_text(encoding="utf-8"))]


def play_to_the_end(variant: HanabiVariant, players: int, seed: int, views: bool) -> HanabiState:
    """A seeded game of mostly sensible random moves (misplays only one time in five, so
    games reach their last rounds), checking after every move the invariants and a view:
    every seat's when `views`, else one seat's in turn."""
    state = HanabiState.new(variant, players=players, seed=seed)
    rng = random.Random(seed)
    playable = state.playable_cards
    while not state.is_over:
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        hand = state.hand(seat)
        fits = playable()
        sensible = [a for a in legal if not isinstance(a, Play) or hand[a.slot - 1] in fits]
        pool = sensible if sensible and rng.random() < 0.8 else legal
        state.apply(pool[rng.randrange(len(pool))])
        state.check_invariants()
        for viewer in range(players) if views else (state.move_count % players,):
            state.check_view(viewer)
    return state


@needs(CONFORMANCE / "hanabi" / "hanablive-variants")
def test_every_hanablive_variant_plays_to_its_end() -> None:
    reasons: dict[EndReason, int] = {}
    for index, name in enumerate(_variant_names()):
        players = 2 + index % 4
        built = variant(name)
        if index % 2:  # as hanab.live's tables play it: its early end, no empty clues
            built = attrs.evolve(built, early_end=True, empty_clues=False)
        state = play_to_the_end(built, players, seed=index, views=index % 8 == 0)
        assert state.end_reason is not None
        reasons[state.end_reason] = reasons.get(state.end_reason, 0) + 1
        # hanab.live records 0 for any ending but a normal one (the last fuse, all or
        # nothing's fail or softlock); a normal ending keeps the fireworks' score.
        if state.end_reason in (EndReason.STRIKEOUT, EndReason.CARD_GONE, EndReason.SOFTLOCK):
            assert state.score == 0
        else:
            assert state.score == state.fireworks_score
        if index % 50 == 0:
            assert cardgames.replay(state.record()) == state
    # The sweep reaches the normal endings, not only strikeouts.
    assert reasons.get(EndReason.FINAL_ROUND, 0) + reasons.get(EndReason.NOTHING_PLAYABLE, 0)
