"""Scenarios for the H-Group bot, one or more per convention, built on the guide's own
example situations (hanabi.github.io): the position, the clue, the reading every seat makes
of it, and the move that follows. Hands are dealt by hand, slot 1 (newest) first; the names
are Alice, Bob, Cathy, Donna in seat order."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from cardgames.hanabi import HanabiState, variant_from_name
from cardgames.hanabi.actions import Clue, Discard, Play
from cardgames.hanabi.cards import Card
from cardgames.hanabi.hgroup import HGroupBot, Meaning, readings
from cardgames.hanabi.hgroup.history import replay

Game = Callable[..., HanabiState]


def _last(state: HanabiState, seat: int, level: int = 6) -> Meaning:
    return readings(state.view(seat), level)[-1].kind


def _act(state: HanabiState, seat: int, level: int = 6) -> object:
    return HGroupBot(seat, level).act(state.view(seat), state.legal_actions())


# ------------------------------------------------------------------ beginner's guide
def test_a_play_clue_focuses_the_newest_new_card_and_is_played(make_game: Game) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "R1", "Y4", "W3", "B2"]])
    state.apply(Clue(1, "red"))
    (reading,) = readings(state.view(1))
    assert (reading.kind, reading.focus_slot) == (Meaning.PLAY, 2)
    assert _act(state, 1) == Play(2)


def test_a_5_on_the_chop_is_saved_by_rank_and_read_as_a_save(make_game: Game) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "Y4", "W3", "B2", "R5"]])
    assert _act(state, 0) == Clue(1, 5)
    state.apply(Clue(1, 5))
    assert _last(state, 1) is Meaning.SAVE
    assert _act(state, 1) != Discard(5)


def test_a_clue_on_the_chop_may_be_a_play_or_a_save(make_game: Game) -> None:
    # A colour clue on a chop card: a play clue (R1), or a critical save.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "Y4", "W3", "B2", "R1"]])
    state.apply(Clue(1, "red"))
    reading = readings(state.view(1))[-1]
    assert reading.kind in (Meaning.PLAY, Meaning.PLAY_OR_SAVE)
    assert reading.focus_slot == 5


def test_good_touch_a_clue_never_touches_a_card_already_played_when_it_can_be_avoided(
        make_game: Game) -> None:
    # The third situation: green is at 2; Bob holds G3 and a G1 already played.
    # A green clue would touch the G1 too (bad touch: taken for a green still to come, it is
    # misplayed later); the bot's clue touches no card already played.
    state = make_game([["G1", "G2", "Y4", "W4", "B4"], ["B2", "G3", "Y4", "G1", "B3"]],
                      pile=["W3", "R3", "B5"])
    for move in ("clue 2 blue", "clue 1 green", "play 1", "discard 5", "play 2"):
        state.apply_text(move)
    assert [len(row) for row in state.view(0).fireworks][2] == 2
    bob = state.hand(1)
    played = [slot for slot, card in enumerate(bob, 1) if str(card) == "G1"]
    assert played
    clue = _act(state, 0)
    assert clue != Clue(1, "green")
    if isinstance(clue, Clue):
        touched = [slot for slot, card in enumerate(bob, 1)
                   if state.variant.clue_touches(card, clue.value)]
        assert not set(touched) & set(played)


def test_a_delayed_play_clue_connects_through_cards_clued_in_two_other_hands(
        make_game: Game) -> None:
    # The fifth situation: R1 is clued in Bob's hand, R2 in Cathy's; Cathy's 3 clue
    # to Donna touches R3 (the focus, slot 1) and B3: a delayed play clue on R3 through
    # both. Donna waits for them, then plays R3, never the B3.
    state = make_game([["B4", "G4", "Y3", "W4"], ["R1", "Y4", "W3", "G3"],
                       ["R2", "G4", "Y3", "W4"], ["R3", "Y4", "B3", "G2"]])
    state.apply(Clue(1, "red"))
    state.apply(Clue(2, "red"))
    assert _last(state, 2) in (Meaning.PLAY, Meaning.PROMPT)
    state.apply(Clue(3, 3))
    reading = readings(state.view(3))[-1]
    assert reading.focus_slot == 1
    assert reading.kind is Meaning.PLAY
    assert [str(link.card) for link in replay(state.view(3), 6).clues[-1].reading.connections
            ] == ["R1", "R2"]
    state.apply_text("discard 4")  # Donna waits: nothing is known playable to her yet
    assert _act(state, 0) != Play(3)
    state.apply_text("discard 3")
    assert _act(state, 1) == Play(1)  # R1
    state.apply(Play(1))
    assert _act(state, 2) == Play(1)  # R2
    state.apply(Play(1))
    assert _act(state, 3) == Play(2)  # R3 (now slot 2), never the B3


# ------------------------------------------------------------------ level 1
def test_a_finesse_asks_the_player_who_holds_the_card_below_for_a_blind_play(
        make_game: Game) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["R1", "Y4", "W3", "G3", "B4"],
                       ["R2", "G4", "Y3", "W4", "B3"]])
    assert _act(state, 0) in (Clue(2, "red"), Clue(2, 2))
    state.apply(Clue(2, "red"))
    assert _last(state, 1) is Meaning.FINESSE
    assert _act(state, 1) == Play(1)
    state.apply(Play(1))
    assert _act(state, 2) == Play(1)


def test_a_prompt_asks_for_the_clued_card_not_a_blind_play(make_game: Game) -> None:
    # Bob's 1 clue touched his R1 (slot 3); Alice's red clue to Cathy on R2 prompts it.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G2", "Y4", "R1", "G3", "B4"],
                       ["R2", "G4", "Y3", "W4", "B3"]])
    state.apply(Clue(1, 1))
    state.apply_text("clue 1 4")
    state.apply_text("discard 5")
    state.apply(Clue(2, "red"))
    assert _last(state, 1) in (Meaning.PROMPT, Meaning.PLAY)
    assert _act(state, 1) == Play(3)


# ------------------------------------------------------------------ level 2
def test_a_5_off_the_chop_in_the_early_game_is_a_5_stall(make_game: Game) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G5", "Y4", "W3", "R3", "G3"]])
    state.apply(Clue(1, 5))
    assert _last(state, 1, level=2) is Meaning.FIVE_STALL
    assert _last(state, 1, level=1) is not Meaning.FIVE_STALL
    assert not isinstance(_act(state, 1), Play)


# ------------------------------------------------------------------ level 3
def test_several_1s_are_played_oldest_first(make_game: Game) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["R1", "Y4", "B1", "G3", "W1"]])
    state.apply(Clue(1, 1))
    assert _act(state, 1) == Play(5)


# ------------------------------------------------------------------ level 4
def test_an_order_chop_move_saves_the_next_players_chop(make_game: Game) -> None:
    # The fourth situation: Bob plays the newer of his two clued 1s first: an order
    # chop move on Cathy, whose chop (slot 4) is saved; her chop is now slot 3. A clue to
    # her then focuses as the guide says.
    state = make_game([["B3", "G4", "Y3", "W4"], ["R1", "Y4", "B1", "G3"],
                       ["Y2", "G2", "G4", "G3"], ["W2", "Y4", "W3", "B4"]])
    state.apply(Clue(1, 1))  # Bob's R1 (slot 1) and B1 (slot 3)
    state.apply(Play(1))  # the newer 1 first: out of order
    table = replay(state.view(0), 6)
    cathy = table.hands[2]
    assert table.thoughts[cathy[3]].chop_moved
    assert table.chop(2) == cathy[2]
    assert replay(state.view(0), 3).chop(2) == cathy[3]  # before level 4 no chop move
    # Cathy herself knows it too, and does not discard the saved card.
    assert _act(state, 2) != Discard(4)


def test_a_trash_chop_move_saves_the_chop_and_is_not_played(make_game: Game) -> None:
    # The fifth situation: Y1 is played and both Y2s are discarded, so no yellow
    # card is of use; a yellow clue on Cathy's Y3 off the chop touches only trash: a trash
    # chop move. Cathy keeps her chop (R4) and never plays the Y3.
    state = make_game([["Y1", "G4", "R3", "W4", "B4"], ["B2", "G3", "W3", "Y2", "Y2"],
                       ["G2", "B4", "W2", "Y3", "R4"]], pile=["W1", "R1", "G1"])
    for move in ("clue 2 3", "discard 5", "clue 1 yellow", "play 1", "discard 5",
                 "clue 2 blue"):
        state.apply_text(move)
    state.apply(Clue(2, "yellow"))  # Cathy's Y3 alone, not her chop R4
    assert _last(state, 2) is Meaning.TRASH_CHOP_MOVE
    assert _last(state, 2, level=3) is not Meaning.TRASH_CHOP_MOVE
    action = _act(state, 2)
    assert action not in (Play(4), Discard(5))
    table = replay(state.view(2), 6)
    assert table.thoughts[table.hands[2][4]].chop_moved
    assert replay(state.view(1), 6).chop(2) == table.hands[2][2]


def test_a_5s_chop_move_saves_the_chop(make_game: Game) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "Y4", "R5", "W3", "B2"]])
    state.apply_text("clue 2 1")  # an empty clue: the early game is left to the stall rules
    state.apply_text("discard 5")
    state.apply(Clue(1, 5))
    assert _last(state, 1, level=4) is Meaning.FIVE_CHOP_MOVE
    assert _act(state, 1) != Discard(5)


# ------------------------------------------------------------------ stalls
@pytest.mark.parametrize("empty_clues", [True, False])
def test_a_locked_hand_gives_a_stall_no_one_reads_as_a_finesse(
        make_game: Game, empty_clues: bool) -> None:
    # The first situation: Alice's hand is locked (every card clued), nothing is
    # playable; she must clue, and her clue must not read as a finesse Bob answers with a
    # blind play. Without empty clues (hanab.live's rule) it re-touches a clued card.
    variant = attrs.evolve(variant_from_name("standard"), empty_clues=empty_clues)
    state = make_game([["R5", "G5", "B5", "Y5", "W5"], ["R3", "G4", "Y3", "W4", "B4"]],
                      pile=["W3", "B3", "G2"], variant=variant)
    state.apply(Clue(1, "green"))
    state.apply(Clue(0, 5))
    table = replay(state.view(0), 6)
    assert table.locked(0)
    clue = _act(state, 0)
    assert isinstance(clue, Clue)
    touched = [slot.touched for slot in state.view(0).other_hands[1]
               if state.variant.clue_touches(slot.card, clue.value)]
    state.apply(clue)
    assert _last(state, 1) in (Meaning.STALL, Meaning.EMPTY)
    if not empty_clues:
        assert touched
        assert all(touched)  # only cards already clued: a hard burn
    assert _act(state, 1) not in (Play(1), Play(2), Play(3), Play(4), Play(5))


@pytest.mark.parametrize("empty_clues", [True, False])
def test_at_8_clues_a_clue_on_the_chop_is_a_real_clue(make_game: Game, empty_clues: bool) -> None:
    # The second situation: at 8 clues a clue touching the chop is read as a save
    # or a play, never as a stall; and the bot gives one only when that reading is right:
    # with nothing to play or save (no empty clue either), its clue touches no chop and asks
    # for no play.
    variant = attrs.evolve(variant_from_name("standard"), empty_clues=empty_clues)
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["R3", "G4", "Y3", "W4", "B3"]],
                      variant=variant)
    state.apply(Clue(1, "blue"))  # Bob's B3, on his chop
    assert _last(state, 1) in (Meaning.PLAY, Meaning.PLAY_OR_SAVE, Meaning.SAVE)
    fresh = make_game([["B3", "G4", "Y3", "W4", "B4"], ["R3", "G4", "Y3", "W4", "B3"]],
                      variant=variant)
    clue = _act(fresh, 0)
    assert isinstance(clue, Clue)
    assert not fresh.variant.clue_touches(fresh.hand(1)[4], clue.value)  # not the chop
    fresh.apply(clue)
    reading = readings(fresh.view(1))[-1]
    truth = fresh.hand(1)[reading.focus_slot - 1] if reading.focus_slot else None
    assert reading.kind not in (Meaning.FINESSE, Meaning.PROMPT, Meaning.UNEXPLAINED)
    if reading.kind in (Meaning.PLAY, Meaning.SAVE, Meaning.PLAY_OR_SAVE):
        assert truth in {Card.from_str(str(card)) for card in
                         replay(fresh.view(0), 6).clues[-1].reading.candidates}
