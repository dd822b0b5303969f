"""hanab.live interop: the recorded games replay to their results, exports round-trip."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import pytest

import cardgames
from cardgames.core.errors import RecordError
from cardgames.core.record import Record
from cardgames.hanabi.actions import DeckPlay, Discard, Play
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.events import Discarded, Played
from cardgames.hanabi.hanablive import PLAY, from_hanablive, to_hanablive
from cardgames.hanabi.names import CATALOGUE, variant, variant_from_name
from cardgames.hanabi.rules import HanabiVariant
from cardgames.hanabi.state import HanabiState
from conformance_data import CONFORMANCE, needs

DATA = CONFORMANCE / "hanabi" / "hanablive"

needs_data = needs(DATA)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


# ------------------------------------------------------------------ recorded results
# (file, score, clue tokens left, fuses lost or None, turns or None) from the README table.
RECORDED = [
    ("no_variant", 23, 4, 0, 53),
    ("example_game", 25, 3, 0, None),
    ("game-194321", 25, 4, None, None),
    ("rainbow-ones_and_pink", 25, 8, None, 53),
]


@needs_data
@pytest.mark.parametrize(("name", "score", "clues", "strikes", "turns"), RECORDED)
def test_recorded_games_reach_their_results(
    name: str, score: int, clues: int, strikes: int | None, turns: int | None
) -> None:
    state = from_hanablive(load(name))
    assert state.is_over
    assert state.score == score
    assert state.clue_tokens == clues
    if strikes is not None:
        assert state.variant.fuses - state.fuses == strikes
    if turns is not None:
        assert state.move_count == turns


@needs_data
def test_up_or_down_reaches_its_result() -> None:
    # Recorded: score 24, 2 clues, 50 turns. In the final round with one turn left (Cathy's),
    # the blue 1 needed next is in Donald's hand, whose last turn is over: hanab.live ends
    # the game there (no card left can be played), and so do imports (``early_end``).
    state = from_hanablive(load("up_or_down"))
    assert (state.score, state.clue_tokens, state.move_count) == (24, 2, 50)
    assert state.variant.early_end
    assert state.is_over
    assert state.end_reason == "no card left can be played"
    assert state.final_round_turns == 1


@needs_data
def test_up_or_down_critical_ends_early_too() -> None:
    # The green 1 needed next is in Cathy's hand after her last turn: hanab.live stopped
    # after 60 moves with two final-round turns unplayed.
    state = from_hanablive(load("up_or_down_critical"))
    assert (state.score, state.move_count, state.final_round_turns) == (29, 60, 2)
    assert state.end_reason == "no card left can be played"


@needs_data
def test_moves_past_the_early_end_replay_without_it() -> None:
    # hanab.live records nothing after its early end; an export that goes on was made
    # without the rule (e.g. our own export), so the import replays it without the option.
    data = load("up_or_down")
    data["actions"].append({"type": 3, "target": 0, "value": 3})  # Cathy's final turn
    state = from_hanablive(data)
    assert not state.variant.early_end
    assert (state.move_count, state.end_reason) == (51, "the final round is over")


@needs_data
@pytest.mark.parametrize("name", ["omni-ones_and_white", "up_or_down_critical"])
def test_records_without_a_stated_result_replay(name: str) -> None:
    data = load(name)
    state = from_hanablive(data)
    assert state.move_count == len(data["actions"])
    assert hanablive_name_of(state.variant) == data["options"]["variant"]


@needs_data
def test_the_variant_and_options_come_from_the_export() -> None:
    state = from_hanablive(load("omni-ones_and_white"))
    variant = state.variant
    assert variant.deck_plays
    assert variant.empty_clues
    assert variant.starting_player == 1
    assert len(variant.suits) == 6
    # hanab.live forbids empty clues unless the export allows them.
    assert not from_hanablive(load("no_variant")).variant.empty_clues


@needs_data
def test_deck_orders_map_to_the_slots_the_engine_uses() -> None:
    data = load("no_variant")
    state = from_hanablive(data)
    final_hands = [state.hand_orders(seat) for seat in range(len(state.players))]
    # Every card order ends in exactly one place: a hand, the fireworks or the discards.
    held = {order for hand in final_hands for order in hand}
    played_or_discarded = {a["target"] for a in data["actions"] if a["type"] in (0, 1)}
    assert held.isdisjoint(played_or_discarded)
    assert len(held) + len(played_or_discarded) == len(data["deck"])
    for seat, hand in enumerate(final_hands):
        for slot, order in enumerate(hand, start=1):
            deck_card = data["deck"][order]
            card = state.card_at(order)
            assert card.rank == deck_card["rank"]
            assert state.variant.suit_of(card.suit) == deck_card["suitIndex"]
            assert state.slot_of_order(seat, order) == slot


# ------------------------------------------------------------------ round trips
@needs_data
@pytest.mark.parametrize("name", sorted(p.stem for p in DATA.glob("*.json")) if DATA.is_dir()
                         else ["absent"])
def test_exports_round_trip(name: str) -> None:
    state = from_hanablive(load(name))
    again = from_hanablive(to_hanablive(state))
    assert again == state
    assert again.score == state.score


def random_game(name: str, players: int, seed: int, moves: int | None = None) -> HanabiState:
    state = HanabiState.new(variant(name), players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and (moves is None or state.move_count < moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("variant", "players"),
    [("standard", 2), ("no-variant", 3), ("rainbow-ones-and-pink", 4),
     ("omni-ones-and-white", 5), ("up-or-down", 2), ("no-empty-clues", 3),
     ("extra-card", 2), ("one-less-card", 4), ("all-or-nothing", 3), ("deck-plays", 2)],
)
def test_our_games_round_trip_through_an_export(variant: str, players: int) -> None:
    for seed in range(5):
        state = random_game(variant, players, seed)
        export = json.loads(json.dumps(to_hanablive(state)))  # survives JSON
        again = from_hanablive(export)
        # The same cards and moves (the rulebook's white suit exports as hanab.live purple).
        assert to_hanablive(again) == export
        assert again.move_count == state.move_count
        assert (again.score, again.clue_tokens, again.fuses, again.is_over) == (
            state.score, state.clue_tokens, state.fuses, state.is_over)
        assert again.discards == tuple(
            again.variant.card_types[state.variant.card_types.index(c)] for c in state.discards)


# ------------------------------------------------------------------ every hanab.live variant
SPEC = CONFORMANCE / "hanabi" / "hanablive-variants"


def hanablive_names() -> list[str]:
    """hanab.live's own variant names, from its variants.json (the specification)."""
    if not SPEC.is_dir():
        return []
    entries = json.loads((SPEC / "variants.json").read_text(encoding="utf-8"))
    return [entry["name"] for entry in entries]


# One variant of each family (a special suit or rank, each rule flag, the reversed, dual-colour
# and ambiguous suits), then a seeded sample of the rest.
FAMILIES = [
    "No Variant", "Rainbow (6 Suits)", "Omni-Ones & White (6 Suits)", "Prism (6 Suits)",
    "Orange (5 Suits)", "Rainbow & Dark Orange (6 Suits)", "Throw It in a Hole (5 Suits)",
    "Cow & Pig (4 Suits)", "Duck (5 Suits)", "Synesthesia (5 Suits)", "Sudoku (5 Suits)",
    "Clue Starved (6 Suits)", "Alternating Clues (5 Suits)", "Funnels (5 Suits)",
    "Chimneys (4 Suits)", "Odds and Evens (5 Suits)", "Critical Fours (5 Suits)",
    "Scarce Ones (6 Suits)", "Color Blind (4 Suits)", "Number Mute (5 Suits)",
    "Deceptive-Ones (5 Suits)", "Reversed (5 Suits)", "Brown-Fives (5 Suits)",
    "Up or Down (5 Suits)", "Dark Rainbow (6 Suits)", "Black & Dark Prism (6 Suits)",
    "Ambiguous (6 Suits)", "Dual-Color (6 Suits)", "Pink-Ones & Brown (6 Suits)",
]
SAMPLE = FAMILIES + random.Random(10).sample(
    sorted(set(hanablive_names()) - set(FAMILIES)), 31) if SPEC.is_dir() else ["absent"]


def random_options(variant: HanabiVariant, players: int, rng: random.Random) -> HanabiVariant:
    """`variant` with hanab.live's table options drawn at random."""
    return attrs.evolve(
        variant, deck_plays=rng.random() < 0.5, empty_clues=rng.random() < 0.5,
        hand_size_delta=rng.choice((-1, 0, 0, 1)), all_or_nothing=rng.random() < 0.25,
        starting_player=rng.randrange(players))


@needs(SPEC)
def test_the_sample_holds_real_hanablive_names() -> None:
    assert set(SAMPLE) <= set(hanablive_names())
    assert len(set(SAMPLE)) == 60


@needs(SPEC)
@pytest.mark.parametrize("name", SAMPLE)
def test_games_in_hanablive_variants_round_trip(name: str) -> None:
    rng = random.Random(name)
    for seed in range(2):
        players = rng.randrange(2, 6)
        options = random_options(variant(name), players, rng)
        state = HanabiState.new(options, players=players, seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        export = json.loads(json.dumps(to_hanablive(state)))
        assert export["options"]["variant"] == name
        for key, field, value in (("deckPlays", "deck_plays", True),
                                  ("emptyClues", "empty_clues", True),
                                  ("oneExtraCard", "hand_size_delta", 1),
                                  ("oneLessCard", "hand_size_delta", -1),
                                  ("allOrNothing", "all_or_nothing", True)):
            assert export["options"].get(key, False) == (getattr(options, field) == value)
        assert export["options"].get("startingPlayer", 0) == options.starting_player
        again = from_hanablive(export)
        assert to_hanablive(again) == export
        assert hanablive_name_of(again.variant) == name
        assert (again.move_count, again.score, again.clue_tokens, again.fuses,
                again.is_over, again.end_reason) == (
            state.move_count, state.score, state.clue_tokens, state.fuses,
            state.is_over, state.end_reason)
        assert again.fireworks == state.fireworks
        assert again.discards == state.discards


def test_an_export_records_what_took_effect_for_an_inverted_suit() -> None:
    # Orange: playing one of its cards discards it and discarding plays it. The export says
    # what happened (as hanab.live's do), and the import chooses the action that does it.
    orange = variant("Orange (5 Suits)")
    assert [suit.inverted for suit in orange.suits] == [False] * 4 + [True]
    swapped = 0
    for seed in range(6):
        state = random_game("Orange (5 Suits)", 2, seed)
        export = to_hanablive(state)
        moves = state.view(0).history
        kinds = [entry["type"] for entry in export["actions"]]
        for move, kind in zip(moves, kinds, strict=True):
            if isinstance(move.action, Play | Discard):
                card = next(e.card for e in move.events if isinstance(e, Played | Discarded))
                took_effect = PLAY if any(isinstance(e, Played) for e in move.events) else 1
                assert kind == took_effect
                inverted = card.suit == orange.suits[4].letter
                assert (kind == PLAY) == (isinstance(move.action, Play) != inverted)
                swapped += inverted
        again = from_hanablive(export)
        assert again.history == state.history  # the same choices, not swapped twice
    assert swapped > 5


def test_hanablive_names_are_read_in_any_case_and_written_as_hanablive_spells_them() -> None:
    state = random_game("Rainbow (6 Suits)", 3, seed=2)
    export = to_hanablive(state)
    assert export["options"]["variant"] == "Rainbow (6 Suits)"
    export["options"]["variant"] = "rainbow (6 SUITS)"
    again = from_hanablive(export)
    assert hanablive_name_of(again.variant) == "Rainbow (6 Suits)"
    assert to_hanablive(again)["options"]["variant"] == "Rainbow (6 Suits)"
    assert again.history == state.history


def test_omni_ones_and_white_has_hanablive_s_clues() -> None:
    # hanab.live: the omni 1s take every clue, so no "1" clue is offered, and the white
    # suit's own property (no colour touches it) beats the special rank's.
    omni = variant("Omni-Ones & White (6 Suits)")
    assert omni.clue_ranks == (2, 3, 4, 5)
    assert omni.clue_colours == ("red", "yellow", "green", "blue", "purple")
    assert omni.suit_names[5] == "White"
    assert not any(omni.touches(5, 1, colour) for colour in omni.clue_colours)
    assert all(omni.touches(0, 1, clue) for clue in (*omni.clue_colours, *omni.clue_ranks))
    if DATA.is_dir():
        recorded = from_hanablive(load("omni-ones_and_white"))
        assert recorded.variant.clue_ranks == (2, 3, 4, 5)


def test_a_variant_changed_after_naming_exports_under_its_real_name() -> None:
    # No Variant with sudoku switched on is hanab.live's "Sudoku (5 Suits)"; a name carried
    # over from before the change must not be written.
    changed = attrs.evolve(variant("No Variant"), sudoku=True)
    state = HanabiState.new(changed, players=2, seed=1)
    assert to_hanablive(state)["options"]["variant"] == "Sudoku (5 Suits)"


def test_an_export_names_the_variant_as_its_hanablive_name_does() -> None:
    # One lookup for both: every named variant exports under hanablive_name_of(variant), and one
    # without a hanab.live name is refused.
    for name in CATALOGUE:
        named = variant(name)
        state = HanabiState.new(named, players=2, seed=1)
        if hanablive_name_of(named) is None:
            with pytest.raises(RecordError, match=r"cannot be exported|no hanab\.live equivalent"):
                to_hanablive(state)
        else:
            assert to_hanablive(state)["options"]["variant"] == hanablive_name_of(named), name
    changed = HanabiState.new(cardgames.hanabi.make_options("No Variant", funnels="on"), players=2)
    assert to_hanablive(changed)["options"]["variant"] == "Funnels (5 Suits)"


@pytest.mark.parametrize(("key", "value"), [("cardCycle", True), ("speedrun", True),
                                            ("timed", True), ("timePerTurn", 20)])
def test_options_that_do_not_change_the_game_are_ignored(key: str, value: Any) -> None:
    data = minimal_export()
    data["options"][key] = value
    assert from_hanablive(data).history == from_hanablive(minimal_export()).history


def same_game_imported(again: HanabiState, state: HanabiState) -> bool:
    """The same players, cards, moves and state (everything ``==`` compares); imports add
    hanab.live's early end to the rules."""
    return (again.players, again.snapshot(), again.history, again.variant) == (
        state.players, state.snapshot(), state.history,
        attrs.evolve(state.variant, early_end=True))


def test_an_unfinished_game_round_trips() -> None:
    state = random_game("no-variant", 3, seed=11, moves=7)
    again = from_hanablive(to_hanablive(state))
    assert same_game_imported(again, state)
    assert not again.is_over


def test_a_deck_play_exports_as_a_play_of_the_last_pile_card() -> None:
    variant = variant_from_name("no-variant+deck-plays")
    state = HanabiState.new(variant, players=2, seed=3)
    rng = random.Random(3)
    # Burn clue tokens and discard until one card is left, keeping the game alive.
    while state.deck_size > 1:
        legal = state.legal_actions()
        discards = [a for a in legal if str(a).startswith("discard")]
        clues = [a for a in legal if str(a).startswith("clue")]
        state.apply(rng.choice(discards or clues))
    top = state.deck_order_of_top()
    state.apply(DeckPlay())
    export = to_hanablive(state)
    assert export["actions"][-1] == {"type": 0, "target": top, "value": 0}
    assert export["options"]["deckPlays"] is True
    again = from_hanablive(export)
    # Same cards, moves and state; only the variant's name differs ("no-variant" + option).
    assert (again.snapshot(), again.history) == (state.snapshot(), state.history)


def test_the_rulebook_suits_export_as_no_variant() -> None:
    state = random_game("standard", 2, seed=5)
    export = to_hanablive(state)
    assert export["options"]["variant"] == "No Variant"
    assert export["options"]["emptyClues"] is True


@pytest.mark.parametrize(
    ("variant", "reason"),
    [("bonus", "bonus tiles"), ("fuses-2", "2 fuses"), ("clues-10", "10 clue tokens"),
     ("keep-score", "the score kept"), ("black-powder", "no hanab.live equivalent")],
)
def test_rules_hanablive_lacks_cannot_be_exported(variant: str, reason: str) -> None:
    state = HanabiState.new(variant_from_name(variant), players=2, seed=1)
    with pytest.raises(RecordError, match=reason):
        to_hanablive(state)


# ------------------------------------------------------------------ bad exports
def minimal_export() -> dict[str, Any]:
    state = random_game("no-variant", 2, seed=2, moves=4)
    data = to_hanablive(state)
    data["players"] = ["Alice", "Bob"]
    return data


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(minimal_export())
    change(data)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "expected a JSON object"),
        (broken(lambda d: d.pop("players")), "'players' must be a list of 2 to 5"),
        (broken(lambda d: d.update(players=["a"] * 6)), "'players' must be a list of 2 to 5"),
        (broken(lambda d: d.update(actions="none")), "'actions' must be a list"),
        (broken(lambda d: d.update(deck=[])), "'deck' must be a non-empty list"),
        (broken(lambda d: d["deck"][0].update(suitIndex=9)), "deck card 0 has suitIndex 9"),
        (broken(lambda d: d["deck"][3].update(rank="x")), "deck card 3: 'rank' must be an int"),
        (broken(lambda d: d["deck"][4].update(rank=7)), "deck card 4 has rank 7"),
        (broken(lambda d: d["deck"].pop()), "exactly the 50 cards"),
        (broken(lambda d: d["options"].update(variant="Rainbow (9 Suits)")),
         "unknown Hanabi variant 'Rainbow \\(9 Suits\\)' \\(did you mean Rainbow \\(6 Suits\\)"),
        (broken(lambda d: d["options"].update(variant="rainbow+bonus")),
         "'rainbow\\+bonus' is not a hanab.live variant name"),
        (broken(lambda d: d["options"].update(variant="Rainbow (6 Suits)")),
         "exactly the 60 cards of 'Rainbow \\(6 Suits\\)'"),
        (broken(lambda d: d["options"].update(detrimentalCharacters=True)),
         "option 'detrimentalCharacters' = True is not supported"),
        (broken(lambda d: d["options"].update(oneExtraCard=True, oneLessCard=True)),
         "options 'oneExtraCard' and 'oneLessCard' are both set"),
        (broken(lambda d: d["options"].update(variant=6)),
         "option 'variant' must be a variant name \\(got 6\\)"),
        (broken(lambda d: d["options"].update(deckPlays="yes")),
         "option 'deckPlays' must be true or false"),
        (broken(lambda d: d["options"].update(startingPlayer=2)),
         "'startingPlayer' must be in 0..1"),
        (broken(lambda d: d["actions"].insert(0, {"type": 0, "target": 7})),
         "action 0 \\(play card 7\\): Alice holds cards"),
        (broken(lambda d: d["actions"].insert(0, {"type": 1, "target": 0})),
         "action 0 .*all 8 clue tokens are available"),
        (broken(lambda d: d["actions"].insert(0, {"type": 2, "target": 1, "value": 5})),
         "colour 5 is not one of the variant's clue colours"),
        (broken(lambda d: d["actions"].insert(0, {"type": 3, "target": 0, "value": 2})),
         "you cannot clue yourself"),
        (broken(lambda d: d["actions"].insert(0, {"type": 9, "target": 0})),
         "type 9 is not an action type"),
        (broken(lambda d: d["actions"].insert(0, {"type": 4, "target": 0, "value": 2})),
         "the export says the game ended \\(strikeout\\) but by the rules it goes on"),
        (broken(lambda d: d["actions"].insert(0, "play")), "action 0 must be an object"),
    ],
)
def test_bad_exports_are_record_errors_naming_the_problem(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        from_hanablive(data)


def test_a_game_ended_by_the_site_stops_the_replay_there() -> None:
    data = minimal_export()
    data["actions"] = [*data["actions"][:2], {"type": 4, "target": 0, "value": 4},
                       *data["actions"][2:]]
    state = from_hanablive(data)
    assert state.move_count == 2
    assert not state.is_over


def test_moves_after_the_end_are_refused() -> None:
    state = random_game("no-variant", 2, seed=4)
    data = to_hanablive(state)
    data["actions"].append({"type": 3, "target": 1, "value": 1})
    with pytest.raises(RecordError, match="comes after the game ended"):
        from_hanablive(data)
    data["actions"][-1] = {"type": 4, "target": 0, "value": 1}
    assert same_game_imported(from_hanablive(data), state)


def orange_deck_play_game(seed: int) -> HanabiState | None:
    """A 2-player Orange (5 Suits) game with deck plays, played down to its last pile card;
    that card (orange, when the seed deals it so) is then played blind. None when the last
    card is not orange."""
    orange = attrs.evolve(variant("Orange (5 Suits)"), deck_plays=True)
    state = HanabiState.new(orange, players=2, seed=seed)
    rng = random.Random(seed)
    letter = orange.suits[4].letter
    while state.deck_size > 1:
        # Throw cards away without burning fuses: a discard, or for an orange card a play.
        seat = state.current_player
        assert seat is not None
        orders = state.hand_orders(seat)
        legal = state.legal_actions()
        away = [a for a in legal if isinstance(a, Play | Discard)
                and isinstance(a, Play) == (state.card_at(orders[a.slot - 1]).suit == letter)]
        clues = [a for a in legal if str(a).startswith("clue")]
        state.apply(rng.choice(away or clues))
        if state.is_over:
            return None
    top = state.deck_order_of_top()
    assert top is not None
    if state.card_at(top).suit != orange.suits[4].letter:
        return None
    state.apply(DeckPlay())
    return state


def test_an_orange_deck_play_is_recorded_as_hanablive_records_it_and_imported_again() -> None:
    # hanab.live's server records the deck play of an orange card as a discard whose target
    # is the pile's last card (an orange card's play is swapped for a discard).
    games = [game for seed in range(60) if (game := orange_deck_play_game(seed)) is not None]
    assert len(games) >= 2
    for state in games:
        export = json.loads(json.dumps(to_hanablive(state)))
        top = state.view(0).history[-1]
        assert isinstance(top.action, DeckPlay)
        deck_card = len(state.players) * 5 + sum(
            1 for move in state.view(0).history[:-1]
            if isinstance(move.action, Play | Discard))
        assert export["actions"][-1] == {"type": 1, "target": deck_card, "value": 0}
        again = from_hanablive(export)
        assert (again.snapshot(), again.history) == (state.snapshot(), state.history)
        assert to_hanablive(again) == export


def test_an_imported_orange_deck_play_ends_as_on_hanablive() -> None:
    # hanab.live discards an orange card played from the deck: the import ends with that
    # card on the discard pile, the fireworks and fuses as they were, and a token back.
    games = [game for seed in range(60) if (game := orange_deck_play_game(seed)) is not None]
    assert games
    for state in games:
        export = to_hanablive(state)
        deck_card = export["actions"][-1]["target"]
        before = from_hanablive({**export, "actions": export["actions"][:-1]})
        after = from_hanablive(export)
        assert after.deck_size == before.deck_size - 1 == 0
        assert after.discards == (*before.discards, state.card_at(deck_card))
        assert after.fireworks == before.fireworks
        assert (after.score, after.fuses) == (before.score, before.fuses)
        assert after.clue_tokens == min(before.clue_tokens + 1, 8)


def test_a_rules_version_1_orange_deck_play_is_not_exported() -> None:
    # Rules version 1 played an orange card from the deck; hanab.live discards it, so such a
    # game (replayed from its old record) has no hanab.live export.
    state = next(game for seed in range(60) if (game := orange_deck_play_game(seed)) is not None)
    data = state.record().to_dict()
    data["rules_version"] = 1
    del data["options"]["deck_plays_always_play"]  # version 1 records do not list it
    old = cardgames.replay(Record.from_dict(data))
    assert old.variant.deck_plays_always_play
    top = to_hanablive(state)["actions"][-1]["target"]
    assert old.card_at(top) in old.fireworks[4] or old.fuses == state.fuses - 1
    with pytest.raises(RecordError, match=r"as rules version 1 did; hanab\.live discards it"):
        to_hanablive(old)
    # The same game before that move exports as ever.
    assert to_hanablive(state)["actions"][:-1] == to_hanablive(
        cardgames.replay(attrs.evolve(old.record(), actions=old.record().actions[:-1]))
    )["actions"]
