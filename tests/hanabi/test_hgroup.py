"""The H-Group bot family (cardgames.hanabi.hgroup): registered levels, legal whole games,
and scenarios from the conventions' example situations, each with the expected reading."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardgames.core.loop import play
from cardgames.hanabi import GAME, HGROUP_LEVELS, HanabiState, hgroup, variant_from_name
from cardgames.hanabi.actions import Clue, Discard, Play
from cardgames.hanabi.hgroup import LEVELS, TOP_LEVEL, HGroupBot


def test_the_levels_are_registered_as_bots() -> None:
    assert HGROUP_LEVELS == len(LEVELS) == TOP_LEVEL
    assert sorted(LEVELS) == list(range(1, TOP_LEVEL + 1))
    top = GAME.bots["h-group"](3)
    assert isinstance(top, HGroupBot)
    assert top.level == TOP_LEVEL
    for level in LEVELS:
        bot = GAME.bots[f"h-group-{level}"](3)
        assert isinstance(bot, HGroupBot)
        assert bot.level == level


def test_an_unknown_level_is_refused_with_the_levels_named() -> None:
    with pytest.raises(ValueError, match=r"one of \[1, 2, 3, 4, 5, 6\]"):
        HGroupBot(0, level=99)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_whole_games_legally(players: int, level: int) -> None:
    for seed in range(2):
        state = HanabiState.new(variant_from_name("standard"), players=players, seed=seed)
        bots = [HGroupBot(seed * 10 + seat, level) for seat in range(players)]
        play(state, bots, max_moves=GAME.max_moves)  # play() refuses an illegal move
        assert state.is_over


@pytest.mark.parametrize("name", [
    "6 Suits", "Rainbow (6 Suits)", "Pink (5 Suits)", "White (5 Suits)", "Brown (5 Suits)",
    "Black (6 Suits)", "Null (5 Suits)", "Omni (5 Suits)", "Muddy Rainbow (5 Suits)",
    "Light Pink (5 Suits)", "Prism (5 Suits)", "Ambiguous (6 Suits)", "Dark Rainbow (6 Suits)",
])
def test_the_top_level_plays_the_common_variant_families_legally(name: str) -> None:
    state = HanabiState.new(variant_from_name(name), players=3, seed=5)
    play(state, [HGroupBot(seat) for seat in range(3)], max_moves=GAME.max_moves)
    assert state.is_over
    assert state.score >= 0


# ------------------------------------------------------------------ scenarios
# Positions from the conventions' example situations, dealt by hand (slot 1 first).


def test_a_one_card_play_clue_is_played(make_game: Callable[..., HanabiState]) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "R1", "Y4", "W3", "B2"]])
    state.apply_text("clue 2 red")  # touches Bob's R1 only, in slot 2
    bob = HGroupBot(1)
    view = state.view(1)
    assert bob.act(view, state.legal_actions()) == Play(2)
    (reading,) = bob.readings(view)
    assert (reading.move, reading.giver, reading.receiver, reading.clue) == (1, 0, 1, "red")
    assert reading.focus_slot == 2
    assert reading.meaning == "play"
    assert "play clue on R1" in reading.text
    # explain leads with the reading of the clue just received, then says why.
    hint = bob.explain(view, state.legal_actions())
    assert hint.action == Play(2)
    assert hint.reason.startswith(reading.text)
    assert "playable now" in hint.reason


def test_a_5_on_chop_is_saved_with_a_5_clue_and_kept(make_game: Callable[..., HanabiState]) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "Y4", "W3", "B2", "R5"]])
    alice = HGroupBot(0)
    clue = alice.act(state.view(0), state.legal_actions())
    assert clue == Clue(1, 5)  # Bob has nothing to play: his chop R5 must be saved now
    state.apply(clue)
    bob = HGroupBot(1)
    view = state.view(1)
    (reading,) = bob.readings(view)
    assert reading.meaning == "save"
    assert reading.focus_slot == 5
    assert "a save, keep it" in reading.text
    assert bob.act(view, state.legal_actions()) != Discard(5)
    assert "save" in bob.explain(view, state.legal_actions()).reason


def test_a_2_on_chop_is_saved_and_not_discarded(make_game: Callable[..., HanabiState]) -> None:
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "Y4", "W3", "R3", "Y2"]])
    alice = HGroupBot(0)
    clue = alice.act(state.view(0), state.legal_actions())
    assert clue == Clue(1, 2)
    state.apply(clue)
    bob = HGroupBot(1)
    view = state.view(1)
    assert bob.readings(view)[-1].meaning == "save"
    assert bob.act(view, state.legal_actions()) != Discard(5)


def test_a_2_visible_in_another_hand_is_not_saved(make_game: Callable[..., HanabiState]) -> None:
    # Cathy holds the other Y2: Alice does not 2-save Bob's Y2, and the level-1 bot (no
    # finesses) reads a 2 on the chop accordingly.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G3", "Y4", "W3", "R3", "Y2"],
                  ["Y2", "G4", "R4", "W3", "B3"]])
    alice = HGroupBot(0)
    action = alice.act(state.view(0), state.legal_actions())
    assert not (isinstance(action, Clue) and action.target == 1 and action.value == 2)


def test_a_finesse_is_answered_from_finesse_position(make_game: Callable[..., HanabiState]) -> None:
    # Alice clues Cathy's R2; only Bob's newest card, R1, connects to it.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["R1", "Y4", "W3", "G3", "B4"],
                  ["R2", "G4", "Y3", "W4", "B3"]])
    alice = HGroupBot(0)
    # Alice gives it herself (red or 2: either touches Cathy's R2 alone).
    assert alice.act(state.view(0), state.legal_actions()) in (Clue(2, "red"), Clue(2, 2))
    state.apply(Clue(2, "red"))
    bob = HGroupBot(1)
    view = state.view(1)
    (reading,) = bob.readings(view)
    assert reading.meaning == f"finesse on {view.players[1]}"
    assert "blind" in reading.text
    assert bob.act(view, state.legal_actions()) == Play(1)
    # The giver reads its own clue the same way.
    assert HGroupBot(0).readings(state.view(0))[0].meaning == f"finesse on {view.players[1]}"
    # Cathy, the receiver, waits: she does not play her R2 before Bob's R1.
    state.apply(Play(1))
    cathy = HGroupBot(2)
    assert cathy.act(state.view(2), state.legal_actions()) == Play(1)


def test_a_finesse_is_read_from_the_first_level(make_game: Callable[..., HanabiState]) -> None:
    # The guide's level 1 ("Fundamentals") teaches the finesse and the prompt.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["R1", "Y4", "W3", "G3", "B4"],
                  ["R2", "G4", "Y3", "W4", "B3"]])
    state.apply(Clue(2, "red"))
    bob = HGroupBot(1, level=1)
    view = state.view(1)
    assert bob.readings(view)[0].meaning == f"finesse on {view.players[1]}"
    assert bob.act(view, state.legal_actions()) == Play(1)


def test_a_partner_about_to_misplay_gets_a_fix_clue_at_level_3(
    make_game: Callable[..., HanabiState],
) -> None:
    # Cathy has played her R1 and drawn the other; Alice's 1 clue touches it alone: by good
    # touch Cathy takes it for a 1 still to play. Bob, next, fixes it with a red clue that
    # touches no new card (the guide's level 3); level 2 does not.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G2", "Y4", "W3", "G3", "B2"],
                       ["R1", "G4", "Y3", "W4", "B3"]], pile=["B4", "R1", "G3"])
    for move in ("clue 3 red", "discard 5", "play 1"):
        state.apply_text(move)
    state.apply_text("clue 3 1")  # Cathy's new R1 (slot 1), already played: read as a play
    view = state.view(1)
    assert HGroupBot(1).readings(view)[-1].meaning == "play"
    fix = HGroupBot(1, level=3).act(view, state.legal_actions())
    assert fix == Clue(2, "red")
    assert HGroupBot(1, level=2).act(view, state.legal_actions()) != fix
    assert "fix clue" in HGroupBot(1, level=3).explain(view, state.legal_actions()).reason
    state.apply(fix)
    cathy = HGroupBot(2)
    cathy_view = state.view(2)
    assert cathy.readings(cathy_view)[-1].meaning == "fix"
    assert cathy.act(cathy_view, state.legal_actions()) != Play(1)


def test_explaining_changes_nothing_and_every_clue_gets_a_reading() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=3, seed=11)
    bots = [HGroupBot(seat) for seat in range(3)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        hint = bots[seat].explain(view, legal)
        assert hint.reason
        assert bots[seat].act(view, legal) == hint.action
        state.apply(hint.action)
    view = state.view(0)
    clues = [number for number, move in enumerate(view.history, 1)
             if isinstance(move.action, Clue)]
    readings = bots[0].readings(view)
    assert [reading.move for reading in readings] == clues
    assert all(reading.text and reading.meaning for reading in readings)


def test_a_5_stall_in_the_early_game_at_level_2(make_game: Callable[..., HanabiState]) -> None:
    # Nothing to play or save, nothing discarded yet, tokens spent below the "to spare" line:
    # level 2 (the guide's) clues Bob's 5 off the chop instead of discarding; Bob reads a 5
    # stall.
    state = make_game([["B3", "G4", "Y3", "W4", "B4"], ["G5", "Y4", "W3", "R3", "G3"]])
    for move in ("clue 2 1", "clue 1 1", "clue 2 1", "clue 1 1"):  # empty clues
        state.apply_text(move)
    view = state.view(0)
    stall = HGroupBot(0, level=2).act(view, state.legal_actions())
    assert stall == Clue(1, 5)
    assert not isinstance(HGroupBot(0, level=1).act(view, state.legal_actions()), Clue)
    state.apply(stall)
    readings = HGroupBot(1).readings(state.view(1))
    assert readings[-1].meaning == "5 stall"
    assert [reading.meaning for reading in readings[:4]] == ["empty"] * 4
    assert "touches no card" in readings[0].text


def test_a_position_the_bot_cannot_read_gets_a_safe_legal_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=3)
    bot = HGroupBot(0)

    def broken(self: object) -> None:
        raise RuntimeError("an inference the conventions did not foresee")

    monkeypatch.setattr(hgroup.bot._Decision, "choose", broken)
    legal = state.legal_actions()
    action = bot.act(state.view(0), legal)
    assert action in legal
    assert isinstance(action, Clue)  # a clue risks no card
    hint = bot.explain(state.view(0), legal)
    assert hint.action == action
    assert "could not read this position" in hint.reason


def test_a_play_that_a_partners_clued_card_builds_on_goes_first(
        make_game: Callable[..., HanabiState]) -> None:
    state = make_game([["G4", "Y3", "W4", "Y4", "B2"], ["B1", "R1", "G3", "W3", "Y4"]])
    state.apply_text("clue 2 red")  # Bob's R1 (slot 2)
    state.apply_text("clue 1 2")  # Alice's B2 on her chop: a 2 save
    state.apply_text("clue 2 blue")  # Bob's B1 (slot 1)
    view, legal = state.view(1), state.legal_actions()
    bob = HGroupBot(1, level=1)
    assert bob.act(view, legal) == Play(1)  # B1 first: Alice's B2 builds on it
    assert "builds on it" in bob.explain(view, legal).reason


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_explain_and_act_agree_whatever_was_called_before(level: int) -> None:
    # The bot keeps no random state: a hint describes the move it makes, in any call order,
    # on the same bot or a fresh one, and a view asked twice gets the same answer.
    for seed in range(2):
        state = HanabiState.new(variant_from_name("standard"), players=3, seed=seed + 40)
        bots = [HGroupBot(seat, level) for seat in range(3)]
        step = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            first = bots[seat].act(view, legal) if step % 2 else None
            hint = bots[seat].explain(view, legal)
            again = bots[seat].act(view, legal)
            assert hint.action == again
            assert first in (None, again)
            assert HGroupBot(seat + 7, level).act(view, legal) == again
            if step % 5 == 0:  # another seat's question in between changes nothing
                other = (seat + 1) % 3
                bots[other].explain(state.view(other), legal)
                assert bots[seat].explain(view, legal) == hint
            state.apply(again)
            step += 1
