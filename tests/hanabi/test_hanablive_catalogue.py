"""Every hanab.live variant, checked against hanab.live's own definitions.

The expected values are worked out here, independently of the library, from hanab.live's
suits.json, variants.json and colors.json (read from the shared conformance folder) with the
rules file's precedence (../shared/rules/hanabi.md, last section), then compared with what
``cardgames.hanabi.variant(name)`` builds: suits, clue colours and ranks in order, every card
against every clue, the copies of every card, and the maximum score.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conformance_data import CONFORMANCE, needs

from cardgames.core.errors import OptionsError
from cardgames.hanabi import Card, HanabiVariant
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.names import variant, variant_names

FOLDER = CONFORMANCE / "hanabi" / "hanablive-variants"
pytestmark = needs(FOLDER)

START = 7
REVERSED = " Reversed"


@cache
def load(name: str) -> Any:
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


@cache
def suits_by_name() -> dict[str, dict[str, Any]]:
    return {suit["name"]: suit for suit in load("suits.json")}


@cache
def colour_names() -> tuple[str, ...]:
    return tuple(colour["name"] for colour in load("colors.json"))


def suit_json(name: str) -> dict[str, Any]:
    """A suit's JSON entry; "X Reversed" is X played backwards."""
    return suits_by_name()[name.removesuffix(REVERSED)]


def suit_clue_colours(suit: dict[str, Any]) -> list[str]:
    """hanab.live: a suit's clueColors, else none for all/no-colour and prism suits, else
    its own name when that is a colour."""
    if "clueColors" in suit:
        return list(suit["clueColors"])
    if suit.get("allClueColors") or suit.get("noClueColors") or suit.get("prism"):
        return []
    return [suit["name"]] if suit["name"] in colour_names() else []


class Expected:
    """What hanab.live's definitions say about one variant."""

    def __init__(self, entry: dict[str, Any]) -> None:
        self.entry = entry
        self.suit_names: list[str] = entry["suits"]
        self.suits = [suit_json(name) for name in self.suit_names]
        self.stack = entry.get("stackSize", 5)
        self.up_or_down = entry.get("upOrDown", False)
        self.ranks = [*range(1, self.stack + 1), *([START] if self.up_or_down else [])]
        if "clueColors" in entry:
            self.colours: list[str] = list(entry["clueColors"])
        else:
            colours: list[str] = []
            for suit in self.suits:
                if suit.get("allClueColors"):
                    continue
                colours += [c for c in suit_clue_colours(suit) if c not in colours]
            self.colours = colours
        self.clue_ranks: list[int] = list(entry.get("clueRanks", range(1, self.stack + 1)))

    def colour_touches(self, index: int, rank: int, colour: str) -> bool:
        entry, suit = self.entry, self.suits[index]
        if entry.get("colorCluesTouchNothing"):
            return False
        if suit.get("allClueColors"):
            return True
        if suit.get("noClueColors"):
            return False
        if (entry.get("synesthesia") and not suit.get("noClueRanks") and self.colours
                and self.colours[(rank - 1) % len(self.colours)] == colour):
            return True
        if rank == entry.get("specialRank"):
            if entry.get("specialRankAllClueColors"):
                return True
            if entry.get("specialRankNoClueColors"):
                return False
        if suit.get("prism"):
            if not self.colours:
                return False
            at = len(self.colours) - 1 if rank == START else (rank - 1) % len(self.colours)
            return self.colours[at] == colour
        return colour in suit_clue_colours(suit)

    def rank_touches(self, index: int, rank: int, clue: int) -> bool:
        entry, suit = self.entry, self.suits[index]
        if entry.get("rankCluesTouchNothing"):
            return False
        if suit.get("allClueRanks"):
            return True
        if suit.get("noClueRanks"):
            return False
        if entry.get("funnels"):
            return rank <= clue
        if entry.get("chimneys"):
            return rank >= clue
        if entry.get("oddsAndEvens"):
            return rank in ((1, 3, 5) if clue == 1 else (2, 4))
        if rank == entry.get("specialRank"):
            if entry.get("specialRankAllClueRanks"):
                return True
            if entry.get("specialRankNoClueRanks"):
                return False
            if entry.get("specialRankDeceptive"):
                return clue == self.clue_ranks[index % len(self.clue_ranks)]
        return clue == rank

    def copies(self, index: int, rank: int) -> int:
        """hanab.live's deck: one of each in dark suits, one copy of the critical rank, two
        of each in sudoku, one 1 in Up or Down and reversed suits (three 5s there), two 1s
        with scarce ones, one START in Up or Down."""
        entry, suit = self.entry, self.suits[index]
        reversed_ = self.suit_names[index].endswith(REVERSED)
        if rank not in self.ranks:
            return 0
        if suit.get("oneOfEach"):
            return 1
        if rank == START:
            return 1
        if rank == entry.get("criticalRank"):
            return 1
        if entry.get("sudoku"):
            return 2
        if rank == 1:
            if self.up_or_down or reversed_:
                return 1
            return 2 if entry.get("scarceOnes") else 3
        if rank == 5:
            return 3 if reversed_ else 1
        return 2


@cache
def entries() -> list[dict[str, Any]]:
    return list(load("variants.json"))


def test_the_names_are_hanablives_in_its_order() -> None:
    names = [entry["name"] for entry in entries()]
    assert len(names) == 2426
    ours = variant_names()
    assert ours[len(ours) - len(names):] == names


def test_every_variant_matches_hanablives_definition() -> None:
    every_colour = [name.lower() for name in colour_names()]
    for entry in entries():
        name = entry["name"]
        expected = Expected(entry)
        built = variant(name)
        assert built is variant(name.upper()), name  # cached, any case
        assert hanablive_name_of(built) == name
        assert list(built.suit_names) == expected.suit_names, name
        assert list(built.clue_colours) == [c.lower() for c in expected.colours], name
        assert list(built.clue_ranks) == expected.clue_ranks, name
        assert built.max_score == len(expected.suits) * expected.stack, name
        deck = Counter(built.deck_cards())
        for index, suit in enumerate(built.suits):
            for rank in (*range(1, 10), START):
                copies = expected.copies(index, rank)
                assert built.copies(index, rank) == copies, (name, index, rank)
                assert deck[Card(suit.letter, rank)] == copies, (name, index, rank)
            for rank in expected.ranks:
                got = [built.touches(index, rank, colour) for colour in every_colour]
                want = [expected.colour_touches(index, rank, colour.title())
                        for colour in every_colour]
                assert got == want, (name, index, rank, "colours")
                got = [built.touches(index, rank, clue) for clue in range(1, 6)]
                want = [expected.rank_touches(index, rank, clue) for clue in range(1, 6)]
                assert got == want, (name, index, rank, "ranks")
        assert sum(deck.values()) == built.deck_size, name


def test_every_variant_is_found_by_its_rules_alone() -> None:
    # Without its name, each of the 2,426 variants is found again by its rules and suit names
    # (two with the same rules and other suit names are told apart by the names).
    for entry in entries():
        unnamed = attrs.evolve(variant(entry["name"]), name="unnamed")
        assert hanablive_name_of(unnamed) == entry["name"]


def test_every_variant_names_its_rules_in_describe() -> None:
    # Every flag of the JSON shows in the rules `help` prints.
    words = {"clueStarved": "clue starved", "alternatingClues": "alternate",
             "cowAndPig": "moo", "duck": "quack", "throwItInAHole": "hidden",
             "sudoku": "sudoku", "synesthesia": "synesthesia", "funnels": "funnels",
             "chimneys": "chimneys", "oddsAndEvens": "odd or even",
             "colorCluesTouchNothing": "colour clues touch nothing",
             "rankCluesTouchNothing": "rank clues touch nothing", "upOrDown": "up or down",
             "scarceOnes": "two 1s", "criticalRank": "one copy of each",
             "specialRank": "special rank", "specialRankDeceptive": "other rank clue"}
    for entry in entries():
        text = variant(entry["name"]).describe()
        for key, word in words.items():
            assert (word in text) == bool(entry.get(key)), (entry["name"], key)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([entry["name"] for entry in load("variants.json")])
       if FOLDER.is_dir() else st.just("No Variant"))
def test_catalogue_variants_round_trip_through_dict(name: str) -> None:
    built = variant(name)
    data = json.loads(json.dumps(built.to_dict()))
    again = HanabiVariant.from_dict(data)
    assert again == built
    assert again.clue_colours == built.clue_colours
    assert again.clue_ranks == built.clue_ranks
    assert hanablive_name_of(again) == name


def test_unknown_names_suggest_hanablives_nearest() -> None:
    with pytest.raises(OptionsError, match=r"Rainbow-Ones & Dark Prism \(5 Suits\)"):
        variant("Rainbow-Ones & Dark Prizm (5 Suits)")
    # hanab.live has no 3-suit variant of a rainbow beside a suit no colour clue touches.
    with pytest.raises(OptionsError, match="unknown Hanabi variant"):
        variant("Rainbow & White (3 Suits)")


FLAGS = ["clue_starved", "alternating_clues", "cow_and_pig", "duck", "throw_it_in_a_hole",
         "synesthesia", "funnels", "chimneys", "odds_and_evens", "scarce_ones",
         "colour_clues_touch_nothing", "rank_clues_touch_nothing", "special_deceptive"]


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from([entry["name"] for entry in load("variants.json")])
       if FOLDER.is_dir() else st.just("No Variant"),
       flags=st.lists(st.sampled_from(FLAGS), max_size=3, unique=True),
       colours=st.none() | st.lists(st.sampled_from(["red", "blue", "black"]), unique=True),
       ranks=st.none() | st.lists(st.integers(1, 5), unique=True))
def test_changed_catalogue_variants_round_trip_and_touch_alike(
        name: str, flags: list[str], colours: list[str] | None, ranks: list[int] | None) -> None:
    base = variant(name)
    changed = attrs.evolve(base, name="changed",
                           special_rank=base.special_rank or 1, clue_colours=colours,
                           clue_ranks=ranks, **dict.fromkeys(flags, True))
    again = HanabiVariant.from_dict(json.loads(json.dumps(changed.to_dict())))
    assert again == changed
    assert (again.clue_colours, again.clue_ranks) == (changed.clue_colours, changed.clue_ranks)
    clues = [*changed.clue_colours, "teal", *range(1, 6)]
    for index, suit in enumerate(changed.suits):
        for rank in suit.ranks:
            assert [again.touches(index, rank, c) for c in clues] == [
                changed.touches(index, rank, c) for c in clues]
            assert again.copies(index, rank) == changed.copies(index, rank)
