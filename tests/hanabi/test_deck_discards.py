"""hanab.live's deck discard: with deck plays and an orange (inverted) suit in the game, the
last card of the draw pile may be played blind (``play deck``) or discarded blind
(``discard deck``); for an orange card each does the other, and hanab.live's exports record
what took effect. Engine, notation, action ids, views, import and export, in every hanab.live
variant with an inverted suit."""

from __future__ import annotations

import json
import random
from functools import cache

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.app.games.hanabi import ADAPTER
from cardgames.core.errors import IllegalActionError
from cardgames.hanabi.actions import DeckDiscard, DeckPlay, Discard, Play
from cardgames.hanabi.events import Discarded, Played
from cardgames.hanabi.hanablive import DISCARD, PLAY, from_hanablive, to_hanablive
from cardgames.hanabi.names import variant, variant_from_name
from cardgames.hanabi.render import render_view
from cardgames.hanabi.rules import HanabiVariant
from cardgames.hanabi.state import HanabiState
from cardgames.rl import hanabi as rl_hanabi
from conformance_data import CONFORMANCE, needs

VARIANTS = CONFORMANCE / "hanabi" / "hanablive-variants" / "variants.json"


@cache
def inverted_variant_names() -> tuple[str, ...]:
    """Every hanab.live variant with an inverted (orange) suit."""
    names = [entry["name"] for entry in json.loads(VARIANTS.read_text(encoding="utf-8"))]
    return tuple(name for name in names if any(suit.inverted for suit in variant(name).suits))


def _is_orange(state: HanabiState, order: int) -> bool:
    v = state.variant
    return v.suits[v.suit_of(state.card_at(order).suit)].inverted


def to_the_last_card(v: HanabiVariant, players: int, seed: int) -> HanabiState | None:
    """A seeded game played down to the draw pile's last card without burning a fuse (a
    plain card discarded, an orange one "played", which discards it; clues otherwise);
    None if it ended before (all or nothing loses a needed card, for one)."""
    state = HanabiState.new(v, players=players, seed=seed)
    rng = random.Random(seed)
    while state.deck_size > 1 and not state.is_over:
        seat = state.current_player
        assert seat is not None
        orders = state.hand_orders(seat)
        legal = state.legal_actions()
        away = [a for a in legal if isinstance(a, Play | Discard)
                and isinstance(a, Play) == _is_orange(state, orders[a.slot - 1])]
        clues = [a for a in legal if str(a).startswith("clue")]
        state.apply(rng.choice(away if away and (not clues or rng.random() < 0.8) else clues
                               or legal))
    return None if state.is_over else state


def _orange_game(name: str = "Orange (5 Suits)", *, orange_last: bool, players: int = 2,
                 ) -> HanabiState:
    """A game at its last pile card, that card orange or not as asked."""
    v = attrs.evolve(variant(name), deck_plays=True)
    for seed in range(200):
        state = to_the_last_card(v, players, seed)
        if state is not None:
            top = state.deck_order_of_top()
            assert top is not None
            if _is_orange(state, top) == orange_last:
                return state
    raise AssertionError("no seed reached the wanted last card")


# ------------------------------------------------------------------ engine
def test_deck_discards_exist_only_with_deck_plays_and_an_orange_suit() -> None:
    orange = variant("Orange (5 Suits)")
    assert not orange.deck_discards
    assert attrs.evolve(orange, deck_plays=True).deck_discards
    assert not variant_from_name("standard+deck-plays").deck_discards
    # Records of rules version 1 (a deck play always played) had no deck discard.
    assert not attrs.evolve(orange, deck_plays=True, deck_plays_always_play=True).deck_discards


@pytest.mark.parametrize("orange_last", [False, True])
def test_both_deck_moves_are_offered_at_the_last_card_and_each_swaps_for_orange(
    orange_last: bool,
) -> None:
    state = _orange_game(orange_last=orange_last)
    legal = state.legal_actions()
    assert DeckPlay() in legal
    assert DeckDiscard() in legal
    # After the plays, the deck's two moves, in that order.
    deck_at = legal.index(DeckPlay())
    assert legal[deck_at + 1] == DeckDiscard()
    assert all(isinstance(a, Play) for a in legal[:deck_at])
    # The id fast path lists the same moves.
    space = state.action_space()
    assert [space.actions[i] for i in state.legal_action_ids()] == legal
    view = state.view(state.current_player)
    assert view.can_deck_play
    assert "discard deck" in str(render_view(view).renderables[-1])
    top = state.deck_order_of_top()
    for action, plays in ((DeckPlay(), not orange_last), (DeckDiscard(), orange_last)):
        by_id = state.clone()
        by_id.step(space.ids[action])
        trial = state.clone()
        events = trial.apply(action)
        assert by_id == trial
        moved = [e for e in events if isinstance(e, Played | Discarded)]
        assert [(type(e), e.order, e.slot) for e in moved] == [
            (Played if plays else Discarded, top, None)]
        assert trial.deck_size == 0
        assert str(action) in ("play deck", "discard deck")
        assert trial.parse(str(action)) == action
        assert cardgames.replay(trial.record()) == trial


def test_the_app_offers_the_deck_discard_as_a_button_of_no_card() -> None:
    state = _orange_game(orange_last=True)
    view = state.view(state.current_player)
    assert ADAPTER.keys_of(DeckDiscard(), view) == ()  # in the bar whatever is selected
    assert ADAPTER.label(DeckDiscard(), view) == "Discard the deck's last card"
    assert ADAPTER.label(DeckPlay(), view) == "Play the deck's last card"


def test_a_deck_discard_is_refused_where_it_does_not_exist_in_one_line() -> None:
    plain = HanabiState.new(variant_from_name("standard+deck-plays"), players=2, seed=1)
    with pytest.raises(IllegalActionError, match="deck discards need an orange suit"):
        plain.apply(DeckDiscard())
    early = HanabiState.new(attrs.evolve(variant("Orange (5 Suits)"), deck_plays=True),
                            players=2, seed=1)
    assert DeckDiscard() not in early.legal_actions()
    with pytest.raises(IllegalActionError, match="the draw pile holds 40 cards; deck moves"):
        early.apply(DeckDiscard())


def test_the_deck_discard_id_comes_last_and_moves_no_other_id() -> None:
    v = attrs.evolve(variant("Orange (5 Suits)"), deck_plays=True)
    without = attrs.evolve(v, deck_plays_always_play=True)  # the same ids, no deck discard
    ours = HanabiState.new(v, players=3, seed=2).action_space()
    theirs = HanabiState.new(without, players=3, seed=2).action_space()
    assert ours.actions == (*theirs.actions, DeckDiscard())
    # HLE's id space has no deck move at all, and stays as it is.
    hle = HanabiState.new(variant_from_name("standard"), players=2, seed=1).action_space()
    assert len(hle.actions) == 20


def test_the_rl_observation_tells_a_deck_discard_from_a_deck_play() -> None:
    state = _orange_game(orange_last=False)
    seen = {}
    for action in (DeckPlay(), DeckDiscard()):
        trial = state.clone()
        trial.apply(action)
        observed = rl_hanabi.observation(trial.view(0))
        at = rl_hanabi.layout(trial.variant, 2)
        seen[str(action)] = (observed[at["last_kind"]].tolist(),
                             observed[at["last_from_deck"]].tolist())
    assert seen["play deck"][1] == seen["discard deck"][1] == [1.0]
    assert seen["play deck"][0] != seen["discard deck"][0]


# ------------------------------------------------------------------ hanab.live
@pytest.mark.parametrize(("name", "players", "recorded", "orange_last"), [
    # The shapes of the games hanab.live imports refused before deck discards existed: a
    # PLAY of an orange last card, a DISCARD of a plain one.
    ("Null-Ones & Orange (3 Suits)", 3, PLAY, True),
    ("Muddy Rainbow & Dark Orange (6 Suits)", 4, DISCARD, False),
    # And the deck plays, imported as ever.
    ("Orange (5 Suits)", 2, PLAY, False),
    ("Orange (5 Suits)", 2, DISCARD, True),
])
def test_a_hanablive_deck_action_imports_as_the_button_pressed(
    name: str, players: int, recorded: int, orange_last: bool,
) -> None:
    state = _orange_game(name, orange_last=orange_last, players=players)
    top = state.deck_order_of_top()
    # The export as hanab.live's server writes it: the moves so far, then the deck's last
    # card with the kind that took effect.
    export = to_hanablive(state)
    export["actions"].append({"type": recorded, "target": top, "value": 0})
    imported = from_hanablive(export)
    pressed = imported.history[-1]
    assert pressed == (DeckPlay() if (recorded == PLAY) != orange_last else DeckDiscard())
    assert imported.history[:-1] == state.history
    assert imported.deck_size == 0
    effect = imported.view(0).history[-1].events
    assert any(isinstance(e, Played if recorded == PLAY else Discarded) and e.order == top
               for e in effect)
    assert to_hanablive(imported)["actions"] == export["actions"]


@st.composite
def deck_games(draw: st.DrawFn) -> tuple[HanabiState, bool, str]:
    name = draw(st.sampled_from(inverted_variant_names()))
    players = draw(st.integers(2, 5))
    seed = draw(st.integers(0, 2**16))
    v = attrs.evolve(variant(name), deck_plays=True,
                     empty_clues=draw(st.booleans()), early_end=draw(st.booleans()))
    return HanabiState.new(v, players=players, seed=seed), draw(st.booleans()), name


@needs(VARIANTS.parent)
@settings(max_examples=60)
@given(deck_games(), st.integers(0, 2**16))
def test_every_orange_and_deck_combination_round_trips_through_hanablive(
    game: tuple[HanabiState, bool, str], seed: int,
) -> None:
    start, discard, _name = game
    state = to_the_last_card(start.variant, len(start.players), seed)
    if state is None:  # ended before the last card: the moves so far still round-trip
        state = start
    else:
        top = state.deck_order_of_top()
        assert top is not None
        state.apply(DeckDiscard() if discard else DeckPlay())
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        export = json.loads(json.dumps(to_hanablive(state)))
        deck_move = next(m for m in state.view(0).history
                         if isinstance(m.action, DeckPlay | DeckDiscard))
        played = any(isinstance(e, Played) for e in deck_move.events)
        # Recorded as hanab.live records it: what took effect, on the pile's last card.
        assert {"type": PLAY if played else DISCARD, "target": top, "value": 0} in (
            export["actions"])
        assert played == (discard == _is_orange(state, top))
    export = to_hanablive(state)
    again = from_hanablive(export)
    assert (again.history, again.snapshot()) == (state.history, state.snapshot())
    assert to_hanablive(again) == export


@needs(VARIANTS.parent)
def test_every_variant_with_an_inverted_suit_imports_both_deck_buttons() -> None:
    # One game per variant and button: hanab.live-style exports of deck plays and deck
    # discards of orange and plain cards all import as the move that was made.
    seen: set[tuple[bool, bool]] = set()
    for index, name in enumerate(inverted_variant_names()):
        players = 2 + index % 4
        v = attrs.evolve(variant(name), deck_plays=True, empty_clues=False)
        state = next(filter(None, (to_the_last_card(v, players, index * 10 + tries)
                                   for tries in range(10))), None)
        assert state is not None, name
        top = state.deck_order_of_top()
        assert top is not None
        action = DeckDiscard() if index % 2 else DeckPlay()
        state.apply(action)
        imported = from_hanablive(to_hanablive(state))
        assert imported.history == state.history, name
        seen.add((isinstance(action, DeckDiscard), _is_orange(state, top)))
    assert seen == {(False, False), (False, True), (True, False), (True, True)}
