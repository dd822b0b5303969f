"""All 10,000 JaxMARL two-player games replay to their recorded score.

Data: ``../shared/conformance/hanabi/jaxmarl/`` (format in ``../shared/conformance/README``):
deck codes top first (colours R Y G W B), action ids 0-4 discard slot, 5-9 play slot, 10-14
colour clue R, Y, G, W, B, 15-19 rank clue 1-5, 20 padding after the end. JaxMARL counts
slots in deal order (0 = oldest card); ours count from 1 = newest.
"""

from __future__ import annotations

import json

import pytest

from cardgames.hanabi import Clue, Discard, HanabiState, Play, variant_from_name
from conformance_data import CONFORMANCE, needs

DATA = CONFORMANCE / "hanabi" / "jaxmarl"

pytestmark = needs(DATA)

JAX_COLOURS = ("red", "yellow", "green", "white", "blue")
PADDING = 20


def replay_jaxmarl(deck: list[str], actions: list[int]) -> HanabiState:
    """Play one JaxMARL game through the engine; stops at the padding."""
    state = HanabiState.new(variant_from_name("standard"), players=2, deck=deck)
    for code in actions:
        if code == PADDING:
            break
        seat = state.current_player
        assert seat is not None, f"the game is over but the record goes on with {code}"
        other = 1 - seat
        size = len(state.hand(seat))
        if code < 5:
            action: Play | Discard | Clue = Discard(size - code)
        elif code < 10:
            action = Play(size - (code - 5))
        elif code < 15:
            action = Clue(other, JAX_COLOURS[code - 10])
        else:
            action = Clue(other, code - 14)
        state.apply(action)
    return state


@pytest.fixture(scope="module")
def games() -> list[tuple[list[str], list[int], int]]:
    decks = json.loads((DATA / "decks.json").read_text())
    actions = json.loads((DATA / "actions.json").read_text())
    scores = {}
    for line in (DATA / "scores.txt").read_text().splitlines():
        index, _, score = line.partition(",")
        if index.strip().isdigit():
            scores[int(index)] = int(score)
    assert len(decks) == len(actions) == len(scores) == 10_000
    return [(d["deck"], a, scores[i]) for i, (d, a) in enumerate(zip(decks, actions, strict=True))]


def test_every_jaxmarl_game_reaches_its_recorded_score(
    games: list[tuple[list[str], list[int], int]],
) -> None:
    wrong = []
    for index, (deck, actions, score) in enumerate(games):
        state = replay_jaxmarl(deck, actions)
        moves = sum(1 for code in actions if code != PADDING)
        if not state.is_over or state.score != score or state.move_count != moves:
            wrong.append((index, state.score, score, state.is_over))
    assert not wrong, f"{len(wrong)} games differ, first: {wrong[:5]}"


def test_jaxmarl_summary_statistics(games: list[tuple[list[str], list[int], int]]) -> None:
    # The README states a mean of 20.839 and 265 perfect games; check the data we compare
    # against is the data described, so a silent truncation cannot pass.
    scores = [score for _, _, score in games]
    assert round(sum(scores) / len(scores), 3) == 20.839
    assert scores.count(25) == 265


def test_jaxmarl_slot_numbering_matches_ours() -> None:
    # Game 0 starts with player 0 clueing rank 1 (action 15) and player 1 playing JaxMARL
    # slot 3 (action 8). Player 1 was dealt G2 R5 G3 R1 R2 (deal order, oldest first), so
    # JaxMARL slot 3 is R1: our slot 2 (5 - 3), and it fits.
    full = json.loads((DATA / "decks.json").read_text())[0]["deck"]
    assert full[5:10] == ["G2", "R5", "G3", "R1", "R2"]
    state = replay_jaxmarl(full, [15, 8])
    assert [str(card) for card in state.fireworks[0]] == ["R1"]
    assert state.clue_tokens == 7
