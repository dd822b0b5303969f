"""A variant chosen by a hanab.live name plays as hanab.live plays it: a clue must touch a card
unless the table's option allows empty clues, 8 clue tokens, 3 strikes and a score of 0 after
the last one (../shared/rules/hanabi.md, last section). The rulebook's game (``standard``)
keeps the rulebook's default, and records of earlier rules versions that name their variant
without its options replay with the defaults they were played under."""

from __future__ import annotations

import json

import pytest
from tests.conformance_data import CONFORMANCE, needs
from tests.hanabi.conftest import deal, game

import cardgames
import cardgames.hanabi
from cardgames.core.errors import IllegalActionError, RecordError
from cardgames.core.record import Record
from cardgames.hanabi import CATALOGUE, Clue, variant

FOLDER = CONFORMANCE / "hanabi" / "hanablive-variants"

HANABLIVE_TABLE = {
    "empty_clues": False, "clue_tokens": 8, "fuses": 3, "score_after_strikeout": False,
    "deck_plays": False, "hand_size_delta": 0, "all_or_nothing": False, "bonus_tiles": False,
    "starting_player": 0,
}
"""hanab.live's table as its server plays it when no table option is set (the rules file's
last section), written out here from that text."""

NO_BLUE = [["R1", "R2", "Y1", "G1", "Y2"], ["R3", "G2", "Y3", "R4", "G3"]]
"""Two hands without a blue card: a blue clue to seat 2 touches nothing."""


def table_of(name: str) -> dict[str, object]:
    built = variant(name)
    return {field: getattr(built, field) for field in HANABLIVE_TABLE}


@needs(FOLDER)
def test_every_hanablive_variant_starts_from_hanablives_table() -> None:
    names = [entry["name"] for entry in
             json.loads((FOLDER / "variants.json").read_text(encoding="utf-8"))]
    assert len(names) == 2426
    for name in names:
        assert table_of(name) == HANABLIVE_TABLE, name


def test_our_names_for_hanablive_variants_start_from_hanablives_table() -> None:
    named = [name for name, entry in CATALOGUE.items() if entry.hanablive_name]
    on_no_variant = [name for name, entry in CATALOGUE.items()
                     if entry.spec.split("+")[0] == "no-variant"]
    assert {"no-variant", "rainbow-ones-and-pink", "pink", "up-or-down"} <= {
        *named, *on_no_variant}
    for name in [*named, *on_no_variant, "no-variant+prism", "no-variant+dark-rainbow+funnels"]:
        assert table_of(name) == HANABLIVE_TABLE, name
    # The rulebook's game and its variants keep the rulebook's empty clues.
    for name in ("standard", "rainbow", "black-powder", "fuses-2", "6-suits"):
        assert variant(name).empty_clues, name
    # A table's option still allows them, by a word or by the option.
    assert variant("no-variant+empty-clues").empty_clues
    assert cardgames.hanabi.make_options("Rainbow (6 Suits)", empty_clues="on").empty_clues
    assert not variant("no-empty-clues").empty_clues


def test_no_variant_refuses_an_empty_clue_unless_the_table_allows_it() -> None:
    state = cardgames.new_game("hanabi", players=2, variant="no-variant")
    assert not state.variant.empty_clues
    hanablive = game(NO_BLUE, variant="no-variant")
    clues = [move for move in hanablive.legal_actions() if isinstance(move, Clue)]
    assert Clue(1, "red") in clues
    assert Clue(1, "blue") not in clues
    with pytest.raises(IllegalActionError, match="touches no card and empty clues are off"):
        hanablive.apply(Clue(1, "blue"))
    allowed = game(NO_BLUE, variant="no-variant+empty-clues")
    assert Clue(1, "blue") in allowed.legal_actions()
    rulebook = game([["R1", "R2", "Y1", "G1", "Y2"], ["R3", "G2", "Y3", "R4", "G3"]])
    assert Clue(1, "blue") in rulebook.legal_actions()
    # hanab.live's Color Blind: colour clues touch nothing and are always allowed.
    blind = cardgames.new_game("hanabi", players=2, variant="Color Blind (5 Suits)")
    assert Clue(1, "blue") in blind.legal_actions()


def hand_written(rules_version: int, options: dict[str, object]) -> Record:
    """A record written by hand: its variant by name, an empty blue clue as its move."""
    name = options["name"]
    assert isinstance(name, str)
    deck = deal(variant(name), NO_BLUE)
    return Record.from_dict({
        "format": 1, "game": "hanabi", "rules_version": rules_version, "options": options,
        "players": ["Ann", "Bob"], "deck": deck, "actions": ["clue 2 blue"],
    })


def test_older_records_that_name_a_hanablive_variant_replay_as_played() -> None:
    # Rules version 2 allowed empty clues in No Variant: its records replay so.
    for name in ("no-variant", "No Variant", "Rainbow (6 Suits)", "pink"):
        old = cardgames.replay(hand_written(2, {"name": name}))
        assert old.variant.empty_clues, name
        assert old.clue_tokens == 7, name
        again = old.record()
        assert again.rules_version == 3
        assert again.options["empty_clues"] is True
        assert cardgames.replay(again) == old
    # What the name said then still holds; what the record says wins.
    with pytest.raises(RecordError, match="empty clues are off"):
        cardgames.replay(hand_written(2, {"name": "no-variant+no-empty-clues"}))
    with pytest.raises(RecordError, match="empty clues are off"):
        cardgames.replay(hand_written(2, {"name": "no-variant", "empty_clues": False}))
    # A record of this version plays by hanab.live's table.
    with pytest.raises(RecordError, match="empty clues are off"):
        cardgames.replay(hand_written(3, {"name": "no-variant"}))
    assert cardgames.replay(hand_written(3, {"name": "standard"})).clue_tokens == 7
