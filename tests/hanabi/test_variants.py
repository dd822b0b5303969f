"""Variants as data: the catalogue, specs combined with '+', validation, round trips."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames.core.errors import OptionsError
from cardgames.core.options import options_from_dict, options_from_preset, options_to_dict
from cardgames.core.record import Record
from cardgames.hanabi import (
    CATALOGUE,
    GAME,
    SUIT_LIBRARY,
    Card,
    ClueTouch,
    HanabiState,
    HanabiVariant,
    PlayOrder,
    ScoreRule,
    Suit,
    hanablive_variant,
    variant_from_name,
)
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.names import variant
from cardgames.hanabi.render import variants_markdown


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_every_named_variant_round_trips_through_dict(name: str) -> None:
    variant = variant_from_name(name)
    data = variant.to_dict()
    assert HanabiVariant.from_dict(data) == variant
    assert HanabiVariant.from_dict(data).max_score == variant.max_score
    assert GAME.presets[name] == variant
    assert CATALOGUE[name].description


ADDITIONS = ["rainbow", "rainbow-short", "rainbow-every-colour", "black-powder", "pink",
             "brown", "omni", "null", "colourless", "dark-teal", "reversed-teal"]
OPTIONS = ["bonus", "all-or-nothing", "no-empty-clues", "keep-score", "deck-plays",
           "fuses-2", "fuses-1", "clues-9", "clues-10", "extra-card", "one-less-card",
           "rainbow-ones", "pink-fives", "up-or-down"]


@settings(max_examples=60, deadline=None)
@given(
    suits=st.lists(st.sampled_from(ADDITIONS), max_size=2, unique=True),
    options=st.lists(st.sampled_from(OPTIONS), max_size=3, unique=True),
)
def test_combinations_parse_generically_and_round_trip(
    suits: list[str], options: list[str]
) -> None:
    # Up or Down takes normal and one-of-each ("dark") suits, not the descending ones.
    if "up-or-down" in options and any(s in suits for s in ("black-powder", "reversed-teal")):
        with pytest.raises(OptionsError, match="up-or-down"):
            variant_from_name("+".join(["standard", *suits, *options]))
        return
    spec = "+".join(["standard", *suits, *options])
    if sum(s.startswith("rainbow") for s in suits) > 1 or sum(
            s.endswith("teal") for s in suits) > 1:  # the same suit letter twice
        with pytest.raises(OptionsError, match="must differ"):
            variant_from_name(spec)
        return
    variant = variant_from_name(spec)
    assert HanabiVariant.from_dict(variant.to_dict()) == variant
    assert len(variant.suits) == 5 + len(suits)
    state = HanabiState.new(variant, players=3, seed=1)
    assert state.legal_actions()


def test_rulebook_variants_have_the_printed_properties() -> None:
    standard = variant_from_name("standard")
    assert [s.name for s in standard.suits] == ["red", "yellow", "green", "blue", "white"]
    assert standard.max_score == 25
    assert standard.deck_size == 50
    assert (standard.clue_tokens, standard.fuses, standard.empty_clues) == (8, 3, True)
    assert not standard.score_after_strikeout
    rainbow = variant_from_name("rainbow")
    assert rainbow.max_score == 30
    assert "multicolour" in rainbow.clue_colours
    short = variant_from_name("rainbow-short")
    assert short.deck_size == 55
    assert short.suits[-1].counts == ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))
    every = variant_from_name("rainbow-every-colour")
    assert every.suits[-1].colour_clues is ClueTouch.ALL
    assert "rainbow" not in every.clue_colours
    black = variant_from_name("black-powder")
    suit = black.suits[-1]
    assert suit.order is PlayOrder.DESCENDING
    assert suit.score_rule is ScoreRule.BLACK_POWDER
    assert suit.colour_clues is ClueTouch.NONE
    assert dict(suit.counts) == {5: 3, 4: 2, 3: 2, 2: 2, 1: 1}
    assert black.max_score == 25
    combo = variant_from_name("rainbow+black-powder+bonus+fuses-2")
    assert [s.name for s in combo.suits][-2:] == ["multicolour", "black"]
    assert combo.bonus_tiles
    assert combo.fuses == 2
    assert combo.max_score == 30
    assert variant_from_name("clues-9").clue_tokens == 9
    assert variant_from_name("clues-10").clue_tokens == 10
    assert variant_from_name("fuses-1").fuses == 1
    assert not variant_from_name("no-empty-clues").empty_clues
    assert variant_from_name("all-or-nothing").all_or_nothing
    assert variant_from_name("deck-plays").deck_plays


def test_online_variants_match_hanablive() -> None:
    assert [s.name for s in hanablive_variant("No Variant").suits] == [
        "red", "yellow", "green", "blue", "purple"]
    pink = hanablive_variant("Rainbow-Ones & Pink (5 Suits)")
    assert [s.name for s in pink.suits] == ["red", "yellow", "green", "blue", "pink"]
    assert pink.clue_colours == ("red", "yellow", "green", "blue", "pink")
    assert (pink.special_rank, pink.special_all_colours) == (1, True)
    assert all(pink.touches(s, 1, colour) for s in range(5) for colour in pink.clue_colours)
    assert not pink.touches(0, 2, "yellow")
    up = hanablive_variant("Up or Down (5 Suits)")
    assert up.deck_size == 45
    assert up.max_score == 25
    assert all(s.order is PlayOrder.UP_OR_DOWN for s in up.suits)
    brown = hanablive_variant("up or down & brown (6 suits)")
    assert brown.suits[-1].rank_clues is ClueTouch.NONE
    assert hanablive_name_of(brown) == "Up or Down & Brown (6 Suits)"
    assert hanablive_variant("Cow & Pig (6 Suits)").cow_and_pig
    with pytest.raises(OptionsError, match=r"unsupported hanab\.live variant 'Cow & Pug "
                                           r"\(6 Suits\)' \(did you mean Cow & Pig \(6 Suits\)"):
        hanablive_variant("Cow & Pug (6 Suits)")


def test_unknown_names_suggest_the_nearest() -> None:
    with pytest.raises(OptionsError, match=r"'rainbo'.*did you mean rainbow"):
        variant_from_name("rainbo")
    with pytest.raises(OptionsError, match=r"'blak-powder'.*black-powder"):
        variant_from_name("rainbow+blak-powder")
    with pytest.raises(OptionsError, match="empty part"):
        variant_from_name("rainbow++bonus")


def test_validation_names_field_value_and_allowed() -> None:
    with pytest.raises(OptionsError, match=r"'fuses' must be a whole number in 1\.\.10 \(got 0\)"):
        HanabiVariant(fuses=0)
    with pytest.raises(OptionsError, match=r"'hand_size_delta' must be a whole number in "
                                           r"-1\.\.1 \(got 2\)"):
        HanabiVariant(hand_size_delta=2)
    with pytest.raises(OptionsError, match="'deck_plays' must be true or false"):
        HanabiVariant(deck_plays=1)
    with pytest.raises(OptionsError, match="suit letters must differ"):
        HanabiVariant(suits=(SUIT_LIBRARY["red"], attrs.evolve(SUIT_LIBRARY["blue"],
                                                               letter="R")))
    with pytest.raises(OptionsError, match="consecutive"):
        Suit("odd", "O", counts=((1, 1), (3, 1)))
    with pytest.raises(OptionsError, match="START"):
        Suit("odd", "O", counts=((1, 1), (7, 1)))
    with pytest.raises(OptionsError, match="letter"):
        Suit("odd", "S")
    with pytest.raises(OptionsError, match="'starting_player' must be below"):
        HanabiState.new(HanabiVariant(starting_player=3), players=2, seed=0)
    with pytest.raises(OptionsError, match="unknown suit field"):
        Suit.from_dict({"name": "red", "letter": "R", "colour": "red"})


@pytest.mark.parametrize(("option", "value", "message"), [
    ("fuses", "0", r"'fuses' must be a whole number in 1\.\.10 \(got 0\)"),
    ("fuses", "lots", r"'fuses' must be a whole number in 1\.\.10 \(got 'lots'\)"),
    ("clue_tokens", "21", r"'clue_tokens' must be a whole number in 1\.\.20 \(got 21\)"),
    ("empty_clues", "maybe", r"'empty_clues' must be true or false .*\(got 'maybe'\)"),
    ("starting_player", "-1", r"'starting_player' must be a whole number in 0\.\.4"),
    ("fusez", "2", r"unknown Hanabi option 'fusez'.*fuses"),
])
def test_bad_options_name_the_field_the_value_and_what_is_allowed(
    option: str, value: str, message: str
) -> None:
    with pytest.raises(OptionsError, match=message):
        cardgames.new_game("hanabi", players=2, variant="rainbow", **{option: value})


def test_options_are_read_from_command_line_strings_over_a_variant() -> None:
    state = cardgames.new_game("hanabi", players=2, variant="rainbow", fuses="2",
                               empty_clues="off", bonus_tiles="yes")
    assert isinstance(state, HanabiState)
    variant = state.variant
    assert (variant.fuses, variant.empty_clues, variant.bonus_tiles) == (2, False, True)
    assert variant.suits == variant_from_name("rainbow").suits
    assert state.fuses == 2
    # Data that names its variant instead of listing the suits (a hand-written record) is
    # read by the registry, which knows the names; the options type alone refuses it.
    read = GAME.options_from_dict({"name": "rainbow", "fuses": 2})
    assert (read.fuses, read.suits) == (2, variant_from_name("rainbow").suits)
    with pytest.raises(OptionsError, match="without its 'suits'"):
        HanabiVariant.from_dict({"name": "rainbow", "fuses": 2})


@pytest.mark.parametrize("name", ["standard", "rainbow+black-powder+bonus+fuses-2",
                                  "up-or-down-and-brown"])
def test_the_shared_options_round_trip_reads_every_variant(name: str) -> None:
    # The registry applies overrides through core.options' dict round trip: it must rebuild
    # the variant, suits included, from its own data; records (the variant's to_dict, which
    # also names its hanab.live variant) are read back through the registry.
    variant = variant_from_name(name)
    assert options_from_dict(HanabiVariant, options_to_dict(variant), label="Hanabi") == variant
    assert GAME.options_from_dict(variant.to_dict()) == variant
    changed = options_from_preset(variant_from_name, name, {"clue_tokens": "6"},
                                  default="standard", label="Hanabi")
    assert changed == attrs.evolve(variant, clue_tokens=6)
    assert json.loads(json.dumps(variant.to_dict())) == variant.to_dict()


def test_per_rank_touch_is_expressible() -> None:
    only_ones = Suit("red", "R", colour_clues_by_rank=((1, ClueTouch.ALL),))
    variant = HanabiVariant(name="custom", suits=(only_ones, SUIT_LIBRARY["blue"]))
    assert variant.clue_touches(Card("R", 1), "blue")
    assert not variant.clue_touches(Card("R", 2), "blue")
    assert variant.clue_touches(Card("R", 2), "red")


def test_a_special_rank_does_not_override_a_special_suits_own_property() -> None:
    # hanab.live: the suit's property wins over the special rank's.
    white = variant("no-variant+colourless+omni-ones")
    colourless = white.suit_of("C")
    assert not any(white.touches(colourless, 1, colour) for colour in white.clue_colours)
    assert white.touches(colourless, 1, 4)  # omni ones: every rank clue still touches it
    assert white.touches(0, 1, "blue")
    assert white.touches(0, 1, 3)
    assert white.clue_ranks == (2, 3, 4, 5)  # hanab.live offers no "1" clue here
    assert hanablive_name_of(white) == "Omni-Ones & White (6 Suits)"
    brown = variant("4-suits+brown+pink-ones")
    assert not any(brown.touches(4, 1, rank) for rank in range(1, 6))
    assert brown.touches(0, 1, 5)
    assert hanablive_name_of(brown) == "Pink-Ones & Brown (5 Suits)"


def test_two_special_ranks_keep_each_suits_own_property() -> None:
    both = variant_from_name("4-suits+colourless+rainbow-ones+pink-fives")
    assert both.special_rank == 1
    assert both.touches(0, 5, 2)
    assert not both.touches(0, 4, 2)
    assert both.touches(0, 1, "green")  # rainbow ones
    assert not both.touches(4, 1, "green")  # the colourless suit stays colourless


def test_reversed_suits_have_one_1_and_three_5s() -> None:
    teal = variant("no-variant+reversed-teal")
    assert dict(teal.suits[-1].counts) == {1: 1, 2: 2, 3: 2, 4: 2, 5: 3}
    assert teal.suits[-1].order is PlayOrder.DESCENDING
    assert teal.suit_names[-1] == "Teal Reversed"
    assert teal.clue_colours[-1] == "teal"
    assert teal.touches(5, 5, "teal")
    assert not teal.touches(5, 5, "reversed-teal")
    purple = variant("4-suits+reversed-purple")
    assert hanablive_name_of(purple) == "Reversed (5 Suits)"


def test_up_or_down_takes_dark_suits() -> None:
    dark = variant("no-variant+dark-rainbow+up-or-down")
    suit = dark.suits[-1]
    assert suit.order is PlayOrder.UP_OR_DOWN
    assert dict(suit.counts) == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 7: 1}
    assert dark.deck_size == 5 * 9 + 6
    assert hanablive_name_of(dark) == "Up or Down & Dark Rainbow (6 Suits)"


def test_hanablive_rule_words_in_specs() -> None:
    funnels = variant("no-variant+funnels")
    assert funnels.funnels
    assert hanablive_name_of(funnels) == "Funnels (5 Suits)"
    assert funnels.touches(0, 2, 4)
    assert not funnels.touches(0, 4, 2)
    mute = variant("no-variant+colour-mute")
    assert mute.clue_colours == ()
    assert hanablive_name_of(mute) == "Color Mute (5 Suits)"
    assert hanablive_name_of(variant("no-variant+prism")) == "Prism (6 Suits)"
    # The rulebook's white suit has No Variant's rules under another name (purple).
    assert hanablive_name_of(variant("standard")) == "No Variant"
    with pytest.raises(OptionsError, match=r"'prizm'.*did you mean prism"):
        variant("no-variant+prizm")
    with pytest.raises(OptionsError, match=r"Rainbow \(6 Suits\)"):
        variant("Rainbow (7 Suits)")


def test_hanablives_rules_under_other_suit_names_get_hanablives_name() -> None:
    # Which clues touch each card count, by the clue's place in the list, not the names: the
    # rulebook's white is No Variant's purple, our rainbow with its own colour is 6 Suits'
    # teal, a one-of-each rainbow with its own colour is a black suit.
    assert hanablive_name_of(variant("standard")) == "No Variant"
    assert hanablive_name_of(variant("rainbow")) == "6 Suits"
    assert hanablive_name_of(variant("rainbow-short")) == "Black (6 Suits)"
    assert hanablive_name_of(variant("3-suits")) == "3 Suits"  # hanab.live: red, green, blue
    # A hanab.live suit no colour clue touches is not the rulebook's white.
    assert hanablive_name_of(variant("no-variant+colourless")) == "White (6 Suits)"


def test_rules_hanablive_lacks_have_no_hanablive_name() -> None:
    assert hanablive_name_of(variant("black-powder")) is None
    assert hanablive_name_of(variant("rainbow+black-powder+bonus+fuses-2")) is None
    assert hanablive_name_of(variant("fuses-2")) is None
    assert hanablive_name_of(variant("bonus")) is None
    assert hanablive_name_of(variant("no-variant+prism+sudoku")) is None  # 6 suits of 1-5


def test_the_hanablive_name_is_found_from_the_rules_alone() -> None:
    no_variant = variant("No Variant")
    assert hanablive_name_of(no_variant) == "No Variant"
    # Options changed after naming make another hanab.live variant, or none.
    assert hanablive_name_of(attrs.evolve(no_variant, sudoku=True)) == "Sudoku (5 Suits)"
    changed = cardgames.hanabi.make_options("No Variant", funnels="on")
    assert hanablive_name_of(changed) == "Funnels (5 Suits)"
    assert hanablive_name_of(attrs.evolve(no_variant, fuses=2)) is None
    # hanab.live's table options are not in a variant's name.
    table = attrs.evolve(no_variant, deck_plays=True, empty_clues=True, hand_size_delta=1,
                         all_or_nothing=True, early_end=True, starting_player=1)
    assert hanablive_name_of(table) == "No Variant"
    # A name written in the data is not given back: hanab.live has none called "Ours", and
    # "No Variant" is not the rainbow's.
    written = {**no_variant.to_dict(), "hanablive_name": "Ours"}
    assert hanablive_name_of(HanabiVariant.from_dict(written)) == "No Variant"
    renamed = {**variant("Rainbow (6 Suits)").to_dict(), "hanablive_name": "No Variant"}
    assert hanablive_name_of(HanabiVariant.from_dict(renamed)) == "Rainbow (6 Suits)"


def test_of_hanablive_variants_with_the_same_rules_the_same_suit_names_win() -> None:
    # Synesthesia has no rank clues, and no colour clue touches a white or a null suit: the
    # two variants take the same clues.
    white = variant("Synesthesia & White (6 Suits)")
    null = variant("Synesthesia & Null (6 Suits)")
    assert white.clue_ranks == null.clue_ranks == ()
    clues = white.clue_colours
    assert [[white.touches(5, rank, clue) for clue in clues] for rank in range(1, 6)] == [
        [null.touches(5, rank, clue) for clue in clues] for rank in range(1, 6)]
    assert hanablive_name_of(variant("no-variant+null+synesthesia")) == (
        "Synesthesia & Null (6 Suits)")
    assert hanablive_name_of(attrs.evolve(null, name="unnamed")) == (
        "Synesthesia & Null (6 Suits)")
    # Under other names: the first in hanab.live's order.
    assert hanablive_name_of(variant("no-variant+colourless+synesthesia")) == (
        "Synesthesia & White (6 Suits)")
    assert hanablive_name_of(attrs.evolve(null, name="unnamed", suits=tuple(
        attrs.evolve(suit, display_name=f"Other {suit.hanablive_name}")
        for suit in null.suits))) == "Synesthesia & White (6 Suits)"


def test_the_new_fields_are_options_on_the_command_line() -> None:
    state = cardgames.new_game("hanabi", players=2, variant="no-variant", special_rank="1",
                               special_all_colours="on", clue_colours="red,blue",
                               clue_ranks="2,3", critical_rank="4")
    assert isinstance(state, HanabiState)
    changed = state.variant
    assert changed.clue_colours == ("red", "blue")
    assert changed.clue_ranks == (2, 3)
    assert changed.touches(2, 1, "blue")  # the green 1, by the special rank
    assert not changed.touches(2, 2, "blue")
    assert changed.copies(0, 4) == 1
    assert "special rank 1: touched by every colour" in changed.describe()
    assert HanabiVariant.from_dict(json.loads(json.dumps(changed.to_dict()))) == changed


@pytest.mark.parametrize(("option", "value", "message"), [
    ("special_rank", "x", r"'special_rank' must be a rank such as 1 or none \(got 'x'\)"),
    ("special_rank", "9", r"'special_rank' must be a rank of the suits"),
    ("critical_rank", "6", r"'critical_rank' must be a rank of the suits"),
    ("clue_ranks", "one", r"'clue_ranks' must be a list of ranks 1-9"),
    ("clue_colours", "red,Bl ue", r"'clue_colours' must be a list of colour names"),
    ("special_all_ranks", "yes", r"the special_\* options need 'special_rank'"),
])
def test_bad_new_options_say_what_is_allowed(option: str, value: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        cardgames.new_game("hanabi", players=2, variant="no-variant", **{option: value})


# ---------------------------------------------------------------------- the name tells the truth
# `hanablive_name_of(variant)` is worked out from the rules, however the variant was made: a name
# given once would go stale as soon as an option changes.
def test_options_over_a_name_give_the_changed_variants_hanablive_name() -> None:
    make = cardgames.hanabi.make_options
    assert hanablive_name_of(make("No Variant", sudoku="on")) == "Sudoku (5 Suits)"
    assert hanablive_name_of(make("No Variant", funnels="on")) == "Funnels (5 Suits)"
    assert hanablive_name_of(make("Rainbow (6 Suits)", critical_rank="4")) == (
        "Critical Fours & Rainbow (6 Suits)")
    assert hanablive_name_of(make("No Variant", fuses=2)) is None  # hanab.live always has 3
    # hanab.live's table options are not part of its names.
    assert hanablive_name_of(make("No Variant", deck_plays="on")) == "No Variant"


def test_an_evolved_variant_gives_its_own_hanablive_name() -> None:
    no_variant = variant("No Variant")
    assert hanablive_name_of(attrs.evolve(no_variant, funnels=True)) == "Funnels (5 Suits)"
    assert hanablive_name_of(attrs.evolve(no_variant, sudoku=True)) == "Sudoku (5 Suits)"
    assert hanablive_name_of(attrs.evolve(no_variant, bonus_tiles=True)) is None
    rainbow = variant("Rainbow (6 Suits)")
    assert hanablive_name_of(attrs.evolve(rainbow, suits=rainbow.suits[:5])) == "No Variant"
    # A variant hanab.live lacks gets a name once its rules are hanab.live's.
    assert hanablive_name_of(attrs.evolve(variant("fuses-2"), fuses=3)) == "No Variant"


def test_the_presets_give_the_same_hanablive_names_as_variant() -> None:
    # The registry's presets are built by variant_from_name, new games from them.
    assert hanablive_name_of(cardgames.hanabi.make_options("standard")) == "No Variant"
    assert hanablive_name_of(GAME.presets["rainbow"]) == "6 Suits"
    assert hanablive_name_of(GAME.presets["black-powder"]) is None
    state = cardgames.new_game("hanabi", players=2, variant="up-or-down")
    assert hanablive_name_of(state.options) == "Up or Down (5 Suits)"
    for name, preset in GAME.presets.items():
        assert hanablive_name_of(preset) == hanablive_name_of(variant(name)), name
        assert hanablive_name_of(variant_from_name(name)) == hanablive_name_of(variant(name)), name
        declared = CATALOGUE[name].hanablive_name
        if declared is not None:  # the catalogue's own hanab.live names are right
            assert hanablive_name_of(preset) == declared, name


def test_a_records_hanablive_name_is_not_trusted() -> None:
    # Records carry the name; one written before the name was worked out from the rules may
    # name another variant (No Variant changed to sudoku) or none at all.
    data = {**attrs.evolve(variant("No Variant"), sudoku=True).to_dict(),
            "hanablive_name": "No Variant"}
    assert hanablive_name_of(HanabiVariant.from_dict(data)) == "Sudoku (5 Suits)"
    assert hanablive_name_of(HanabiVariant.from_dict({**data, "hanablive_name": "Ours"})) == (
        "Sudoku (5 Suits)")
    assert hanablive_name_of(HanabiVariant.from_dict({**data, "hanablive_name": None})) == (
        "Sudoku (5 Suits)")
    fuses = {**variant("fuses-2").to_dict(), "hanablive_name": "No Variant"}
    assert hanablive_name_of(HanabiVariant.from_dict(fuses)) is None
    with pytest.raises(OptionsError, match="'hanablive_name' must be a string or None"):
        HanabiVariant.from_dict({**data, "hanablive_name": 7})


def test_a_record_writes_its_variants_true_hanablive_name() -> None:
    def written(options: HanabiVariant) -> object:
        state = cardgames.new_game("hanabi", players=2, seed=1, variant=options)
        return state.record().options["hanablive_name"]

    assert written(cardgames.hanabi.make_options("No Variant", sudoku="on")) == (
        "Sudoku (5 Suits)")
    assert written(variant("standard")) == "No Variant"
    assert written(variant("bonus")) is None
    # The options' own data holds rules only; the name is the record's, for its readers.
    assert "hanablive_name" not in variant("standard").to_dict()


def test_a_record_with_a_stale_hanablive_name_loads_and_replays() -> None:
    state = cardgames.new_game("hanabi", players=2, seed=4, variant="No Variant",
                               sudoku="on")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    data = state.record().to_dict()
    assert data["options"]["hanablive_name"] == "Sudoku (5 Suits)"
    data["options"]["hanablive_name"] = "No Variant"  # as the old code wrote it
    again = cardgames.replay(Record.from_dict(json.loads(json.dumps(data))))
    assert hanablive_name_of(again.options) == "Sudoku (5 Suits)"
    assert again.scores() == state.scores()
    assert again.options == state.options


def test_the_variants_table_names_each_entrys_hanablive_variant() -> None:
    rows = variants_markdown().splitlines()
    for name, entry in CATALOGUE.items():
        row = next(line for line in rows if line.startswith(f"| `{name}` |"))
        found = hanablive_name_of(entry.variant)
        named = "" if found is None else f" (hanab.live: {found})"
        assert row.endswith(f"| {entry.description}{named} |"), name
    standard = next(line for line in rows if line.startswith("| `standard` |"))
    assert standard.endswith("(hanab.live: No Variant) |")
