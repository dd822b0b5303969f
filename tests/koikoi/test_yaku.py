"""Yaku of a pile and a round's final points: worked examples first, then a property check
against a plain reference scorer written from the rules table."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.errors import NotationError, OptionsError
from cardgames.koikoi import (
    CARDS,
    Card,
    Kind,
    KoiKoiRules,
    RibbonKind,
    drawn_round_points,
    make_rules,
    month_of_round,
    round_points,
    score_yaku,
    yaku_table,
)
from cardgames.koikoi.cards import parse_card
from cardgames.koikoi.yaku import YAKU, compile_rows, yaku_progress, yaku_table_for

CHAFF_9 = [
    "jan-chaff-1", "jan-chaff-2", "feb-chaff-1", "feb-chaff-2", "mar-chaff-1",
    "mar-chaff-2", "apr-chaff-1", "apr-chaff-2", "may-chaff-1",
]


def yaku_of(cards: list[str], rules: KoiKoiRules | None = None, **kwargs: object) -> dict[str, int]:
    score = score_yaku(cards, rules, **kwargs)  # type: ignore[arg-type]  # kwargs typed loosely
    assert score.total == sum(y.points for y in score.yaku)
    return {y.name: y.points for y in score.yaku}


# --- brights ---------------------------------------------------------------------------
def test_crane_curtain_moon_is_sanko_5() -> None:
    assert yaku_of(["jan-crane", "mar-curtain", "aug-moon"]) == {"Sankō": 5}


def test_rain_man_and_three_other_brights_is_ame_shiko_7() -> None:
    assert yaku_of(["nov-rain-man", "jan-crane", "mar-curtain", "dec-phoenix"]) == {
        "Ame-shikō": 7
    }


def test_four_brights_without_rain_man_is_shiko_8() -> None:
    assert yaku_of(["jan-crane", "mar-curtain", "aug-moon", "dec-phoenix"]) == {"Shikō": 8}


def test_all_five_brights_is_goko_10_and_only_the_best_bright_yaku_counts() -> None:
    five = ["jan-crane", "mar-curtain", "aug-moon", "nov-rain-man", "dec-phoenix"]
    assert yaku_of(five) == {"Goko": 10}


def test_rain_man_with_two_brights_is_nothing() -> None:
    assert yaku_of(["nov-rain-man", "jan-crane", "dec-phoenix"]) == {}


def test_bright_values_are_options() -> None:
    rules = make_rules("traditional")
    assert (rules.goko_points, rules.shiko_points, rules.ame_shiko_points) == (15, 10, 8)
    assert yaku_of(["jan-crane", "mar-curtain", "aug-moon"], rules) == {"Sankō": 6}
    assert yaku_of(["jan-crane", "mar-curtain", "aug-moon", "dec-phoenix"], rules) == {
        "Shikō": 10
    }


# --- viewing yaku ------------------------------------------------------------------------
def test_viewing_yaku_share_the_sake_cup() -> None:
    assert yaku_of(["mar-curtain", "sep-sake-cup"]) == {"Hanami-zake": 5}
    assert yaku_of(["aug-moon", "sep-sake-cup"]) == {"Tsukimi-zake": 5}
    assert yaku_of(["mar-curtain", "aug-moon", "sep-sake-cup"]) == {
        "Hanami-zake": 5, "Tsukimi-zake": 5,
    }


@pytest.mark.parametrize("points", [5, 3, 1])
def test_viewing_yaku_value_option(points: int) -> None:
    rules = make_rules(viewing_yaku_points=points)
    assert yaku_of(["mar-curtain", "sep-sake-cup"], rules) == {"Hanami-zake": points}


def test_viewing_yaku_off() -> None:
    assert yaku_of(["mar-curtain", "sep-sake-cup"], make_rules(viewing_yaku=False)) == {}


@pytest.mark.parametrize("spoiler", ["nov-rain-man", "nov-lightning"])
def test_viewing_yaku_cancelled_by_rain_man_or_lightning(spoiler: str) -> None:
    rules = make_rules(viewing_cancelled_by_rain=True)
    assert yaku_of(["aug-moon", "sep-sake-cup", spoiler], rules) == {}
    # Without the option the same pile scores.
    assert yaku_of(["aug-moon", "sep-sake-cup", spoiler]) == {"Tsukimi-zake": 5}


def test_viewing_yaku_only_after_koikoi() -> None:
    rules = make_rules(viewing_only_after_koikoi=True)
    assert yaku_of(["aug-moon", "sep-sake-cup"], rules) == {}
    assert yaku_of(["aug-moon", "sep-sake-cup"], rules, koikoi_called=True) == {
        "Tsukimi-zake": 5
    }


# --- animals -----------------------------------------------------------------------------
def test_boar_deer_butterflies_is_ino_shika_cho_5() -> None:
    assert yaku_of(["jul-boar", "oct-deer", "jun-butterflies"]) == {"Ino-shika-chō": 5}


def test_boar_deer_butterflies_and_two_animals_is_7_not_paid_twice_with_tane() -> None:
    pile = ["jul-boar", "oct-deer", "jun-butterflies", "feb-warbler", "apr-cuckoo"]
    assert yaku_of(pile) == {"Ino-shika-chō": 7}


def test_five_animals_is_tane_1_and_each_further_animal_adds_1() -> None:
    five = ["feb-warbler", "apr-cuckoo", "may-bridge", "aug-geese", "nov-swallow"]
    assert yaku_of(five) == {"Tane": 1}
    assert yaku_of([*five, "jul-boar"]) == {"Tane": 2}


def test_sake_cup_counts_as_an_animal() -> None:
    four = ["feb-warbler", "apr-cuckoo", "may-bridge", "aug-geese"]
    assert yaku_of([*four, "sep-sake-cup"]) == {"Tane": 1}
    assert yaku_of(["jul-boar", "oct-deer", "jun-butterflies", "sep-sake-cup"]) == {
        "Ino-shika-chō": 6
    }


# --- ribbons -----------------------------------------------------------------------------
POETRY = ["jan-ribbon", "feb-ribbon", "mar-ribbon"]
BLUE = ["jun-ribbon", "sep-ribbon", "oct-ribbon"]


def test_three_poetry_ribbons_is_akatan_5() -> None:
    assert yaku_of(POETRY) == {"Akatan": 5}


def test_three_poetry_ribbons_and_one_plain_ribbon_is_6() -> None:
    assert yaku_of([*POETRY, "apr-ribbon"]) == {"Akatan": 6}


def test_akatan_with_two_more_ribbons_is_7_without_tanzaku() -> None:
    assert yaku_of([*POETRY, "apr-ribbon", "jun-ribbon"]) == {"Akatan": 7}


def test_three_blue_ribbons_is_aotan_5_plus_further_ribbons() -> None:
    assert yaku_of(BLUE) == {"Aotan": 5}
    assert yaku_of([*BLUE, "nov-ribbon", "jan-ribbon"]) == {"Aotan": 7}


def test_all_six_poetry_and_blue_ribbons_is_10_plus_further_ribbons() -> None:
    assert yaku_of([*POETRY, *BLUE]) == {"Akatan-Aotan": 10}
    assert yaku_of([*POETRY, *BLUE, "may-ribbon"]) == {"Akatan-Aotan": 11}


def test_five_ribbons_is_tanzaku_1() -> None:
    plain = ["apr-ribbon", "may-ribbon", "jul-ribbon", "nov-ribbon"]
    assert yaku_of([*plain, "jan-ribbon"]) == {"Tanzaku": 1}
    assert yaku_of([*plain, "jan-ribbon", "jun-ribbon"]) == {"Tanzaku": 2}


# --- chaff -------------------------------------------------------------------------------
def test_nine_chaff_and_the_sake_cup_is_kasu_1_with_the_sake_cup_as_chaff() -> None:
    assert yaku_of([*CHAFF_9, "sep-sake-cup"]) == {"Kasu": 1}
    assert yaku_of([*CHAFF_9, "sep-sake-cup"], make_rules(sake_cup_as_chaff=False)) == {}


def test_sake_cup_is_animal_and_chaff_at_once() -> None:
    animals = ["feb-warbler", "apr-cuckoo", "may-bridge", "aug-geese"]
    assert yaku_of([*CHAFF_9, *animals, "sep-sake-cup"]) == {"Tane": 1, "Kasu": 1}


def test_ten_chaff_is_kasu_1_and_lightning_is_chaff() -> None:
    assert yaku_of([*CHAFF_9, "nov-lightning"]) == {"Kasu": 1}
    assert yaku_of([*CHAFF_9, "nov-lightning", "dec-chaff-1", "dec-chaff-2"]) == {"Kasu": 3}
    assert yaku_of(CHAFF_9) == {}


# --- tsuki-fuda --------------------------------------------------------------------------
def test_tsuki_fuda_four_cards_of_the_rounds_month() -> None:
    rules = make_rules(tsuki_fuda=True)
    march = ["mar-curtain", "mar-ribbon", "mar-chaff-1", "mar-chaff-2"]
    assert yaku_of(march, rules, month=3) == {"Tsuki-fuda": 4}
    assert yaku_of(march, rules, month=4) == {}
    assert yaku_of(march, make_rules(tsuki_fuda=True, tsuki_fuda_points=2), month=3) == {
        "Tsuki-fuda": 2
    }
    assert yaku_of(march, month=3) == {}  # off by default
    assert [month_of_round(r) for r in (1, 3, 12, 13, 24)] == [1, 3, 12, 1, 12]


# --- inputs ------------------------------------------------------------------------------
def test_cards_may_be_cards_ids_or_text() -> None:
    by_text = score_yaku(["jan-crane", "mar-curtain", "aug-moon"])
    assert score_yaku([0, 8, 28]) == by_text
    assert score_yaku([CARDS[0], CARDS[8], CARDS[28]]) == by_text
    assert str(by_text) == "Sankō 5 = 5"
    assert by_text.points_of("sanko") == 5
    assert not score_yaku([])
    assert str(score_yaku([])) == "no yaku"


def test_bad_piles_are_refused() -> None:
    with pytest.raises(NotationError, match="'jan-crane' appears twice"):
        score_yaku(["jan-crane", 0])
    with pytest.raises(NotationError, match="'mond' is not a card"):
        score_yaku(["mond"])
    with pytest.raises(NotationError, match=r"months are 1\.\.12"):
        score_yaku([], month=13)


# --- a round's final points ----------------------------------------------------------------
def test_seven_or_more_is_doubled() -> None:
    assert round_points(6).points == 6
    assert round_points(7).points == 14
    assert str(round_points(7)) == "7 ×2 (7 points or more) = 14"
    assert str(round_points(6)) == "6"
    assert round_points(7, make_rules(double_at_7=False)).points == 7


def test_koikoi_penalty_doubles_when_the_loser_called() -> None:
    assert round_points(5, loser_calls=1).points == 10
    assert round_points(5, winner_calls=1).points == 5  # your own call costs nothing
    assert round_points(7, loser_calls=1).points == 28  # both multipliers: ×4
    assert round_points(5, make_rules(koikoi_penalty="none"), loser_calls=1).points == 5


def test_growing_koikoi_multiplier() -> None:
    rules = make_rules(koikoi_penalty="growing")
    assert round_points(5, rules).points == 5
    assert round_points(5, rules, winner_calls=1).points == 10
    assert round_points(5, rules, winner_calls=1, loser_calls=1).points == 15
    growing = round_points(8, rules, winner_calls=2, loser_calls=1)
    assert growing.points == 8 * 2 * 4
    assert [m.factor for m in growing.multipliers] == [2, 4]


def test_drawn_round_points_nobody_or_the_dealers_privilege() -> None:
    assert drawn_round_points() == 0
    assert drawn_round_points(make_rules(drawn_round="dealer")) == 6
    assert drawn_round_points(make_rules(drawn_round="dealer", oya_ken_points=4)) == 4
    assert drawn_round_points(make_rules("traditional")) == 6


def test_yaku_table_follows_the_rules() -> None:
    default = {row.key: row for row in yaku_table()}
    assert len(default) == 14
    assert default["sanko"].points == "5"
    assert default["tsukifuda"].points == "off"
    traditional = {row.key: row for row in yaku_table(make_rules("traditional"))}
    assert traditional["goko"].points == "15"
    assert "rain man" in traditional["hanami_zake"].points


# --- a reference scorer, written plainly from the rules table ----------------------------
def reference(cards: list[Card], rules: KoiKoiRules, called: bool, month: int) -> dict[str, int]:
    codes = {c.code for c in cards}
    brights = [c for c in cards if c.kind is Kind.BRIGHT]
    rain = "nov-rain-man" in codes
    result: dict[str, int] = {}
    if len(brights) == 5:
        result["goko"] = rules.goko_points
    elif len(brights) == 4 and not rain:
        result["shiko"] = rules.shiko_points
    elif len(brights) == 4:
        result["ame_shiko"] = rules.ame_shiko_points
    elif len(brights) == 3 and not rain:
        result["sanko"] = rules.sanko_points
    spoilt = rules.viewing_cancelled_by_rain and ({"nov-rain-man", "nov-lightning"} & codes)
    if (
        rules.viewing_yaku and "sep-sake-cup" in codes and not spoilt
        and (called or not rules.viewing_only_after_koikoi)
    ):
        if "mar-curtain" in codes:
            result["hanami_zake"] = rules.viewing_yaku_points
        if "aug-moon" in codes:
            result["tsukimi_zake"] = rules.viewing_yaku_points
    animals = sum(c.kind is Kind.ANIMAL for c in cards)
    if {"jul-boar", "oct-deer", "jun-butterflies"} <= codes:
        result["inoshikacho"] = 5 + animals - 3
    elif animals >= 5:
        result["tane"] = 1 + animals - 5
    ribbons = sum(c.kind is Kind.RIBBON for c in cards)
    poetry = sum(c.ribbon is RibbonKind.POETRY for c in cards) == 3
    blue = sum(c.ribbon is RibbonKind.BLUE for c in cards) == 3
    if poetry and blue:
        result["akatan_aotan"] = 10 + ribbons - 6
    elif poetry:
        result["akatan"] = 5 + ribbons - 3
    elif blue:
        result["aotan"] = 5 + ribbons - 3
    elif ribbons >= 5:
        result["tanzaku"] = 1 + ribbons - 5
    chaff = sum(c.kind is Kind.CHAFF for c in cards)
    chaff += rules.sake_cup_as_chaff and "sep-sake-cup" in codes
    if chaff >= 10:
        result["kasu"] = 1 + chaff - 10
    if rules.tsuki_fuda and month and sum(c.month == month for c in cards) == 4:
        result["tsukifuda"] = rules.tsuki_fuda_points
    return result


rules_strategy = st.builds(
    KoiKoiRules,
    sake_cup_as_chaff=st.booleans(),
    viewing_yaku=st.booleans(),
    viewing_yaku_points=st.sampled_from([1, 3, 5]),
    viewing_cancelled_by_rain=st.booleans(),
    viewing_only_after_koikoi=st.booleans(),
    tsuki_fuda=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(
    pile=st.lists(st.sampled_from(CARDS), unique=True, max_size=30),
    rules=rules_strategy,
    called=st.booleans(),
    month=st.integers(1, 12),
)
def test_scorer_agrees_with_the_reference(
    pile: list[Card], rules: KoiKoiRules, called: bool, month: int
) -> None:
    score = score_yaku(pile, rules, koikoi_called=called, month=month)
    assert {y.key: y.points for y in score.yaku} == reference(pile, rules, called, month)
    assert score.total == sum(y.points for y in score.yaku)


def test_rules_by_preset_name_and_a_pile_as_one_string() -> None:
    assert score_yaku("jan-crane mar-curtain aug-moon", "traditional").total == 6
    assert score_yaku("jan-crane, mar-curtain, aug-moon").total == 5
    assert round_points(7, "traditional").points == 7  # no doubling at 7
    assert drawn_round_points("traditional") == 6
    assert yaku_table("traditional")[0].points == "15"
    with pytest.raises(OptionsError, match="unknown Koi-Koi preset 'casino'"):
        score_yaku(["jan-crane"], "casino")
    with pytest.raises(OptionsError, match="KoiKoiRules or a preset name"):
        score_yaku(["jan-crane"], 3)  # type: ignore[arg-type]  # the point is a wrong type


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"yaku_total": -1}, "yaku_total"),
        ({"yaku_total": 5.5}, "yaku_total"),
        ({"yaku_total": 5, "winner_calls": -1}, "winner_calls"),
        ({"yaku_total": 5, "loser_calls": True}, "loser_calls"),
    ],
)
def test_round_points_refuses_negative_or_non_whole_numbers(
    kwargs: dict[str, object], name: str
) -> None:
    with pytest.raises(OptionsError, match=f"'{name}' must be a whole number >= 0"):
        round_points(**kwargs)  # type: ignore[arg-type]  # wrong types on purpose


# --- the yaku rows are the one description of the yaku ------------------------------------
def test_every_yaku_row_names_real_rules_fields_and_cards() -> None:
    fields = {field.name: field for field in attrs.fields(KoiKoiRules)}
    defaults = KoiKoiRules()
    keys = [row.key for row in YAKU]
    assert len(set(keys)) == len(keys)
    for row in YAKU:
        for name in (row.enabled_by, row.also_counts_if, row.spoiled_if, row.after_koikoi_if):
            assert name is None or isinstance(getattr(defaults, name), bool), (row.key, name)
        if row.points_field is not None:
            assert row.points_field in fields, row.key
            assert isinstance(getattr(defaults, row.points_field), int)
        assert all(key in keys and key != row.key for key in row.replaces), row.key
        assert row.cards <= (row.further or row.cards), "further cards include the yaku's own"
        assert row.requires <= row.cards
        assert row.round_month == (not row.cards)
        assert 0 < row.need <= (4 if row.round_month else len(row.cards))


@pytest.mark.parametrize("preset", ["nintendo", "online", "traditional"])
def test_each_row_scores_its_points_with_exactly_the_cards_it_needs(preset: str) -> None:
    rules = make_rules(preset, viewing_yaku=True, tsuki_fuda=True)
    info = {row.key: row for row in yaku_table(rules)}
    for row in YAKU:
        month = 3
        # The cards it needs, taking first those no yaku replacing it counts (Tanzaku from
        # plain ribbons, not from the three poetry ribbons of Akatan).
        replacing = [other for other in YAKU if row.key in other.replaces]
        cards = [4 * (month - 1) + i for i in range(4)] if row.round_month else sorted(
            row.cards - row.requires,
            key=lambda c: (sum(c in other.cards for other in replacing), c),
        )
        pile = [*sorted(row.requires), *cards][: row.need]
        score = score_yaku(pile, rules, koikoi_called=True, month=month)
        base = getattr(rules, row.points_field) if row.points_field else row.points
        assert score.points_of(row.key) == base, row.key
        assert info[row.key].points.split(",")[0] == str(base)
        replaced = {key for other in score.yaku for key in YAKU_BY_KEY[other.key].replaces}
        assert not replaced & {y.key for y in score.yaku}, "a replaced yaku is never paid"


def test_the_score_the_table_and_the_hints_name_the_yaku_of_the_rows() -> None:
    assert [(i.key, i.name) for i in yaku_table()] == [(r.key, r.name) for r in YAKU]
    five = ["jan-crane", "mar-curtain", "aug-moon", "nov-rain-man", "dec-phoenix"]
    assert [y.name for y in score_yaku(five).yaku] == [YAKU_BY_KEY["goko"].name]
    assert yaku_table()[0].replaces == "Shikō, Ame-shikō, Sankō"
    hinted = {p.key for p in yaku_progress(["jan-crane"], [])}
    assert hinted <= set(YAKU_BY_KEY)


YAKU_BY_KEY = {row.key: row for row in YAKU}


# ------------------------------------------------------------- may_form (the engine's pre-check)
MAY_FORM_RULES = [
    make_rules("nintendo"),
    make_rules("traditional"),  # tsuki-fuda: a row per month
    make_rules("koikoi-ai"),  # viewing points grow after a koi-koi, set yaku stack
    make_rules("nintendo", viewing_yaku=False, sake_cup_as_chaff=False),
    make_rules("nintendo", viewing_only_after_koikoi=True, viewing_cancelled_by_rain=True),
]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(range(len(MAY_FORM_RULES))),
    st.sets(st.integers(0, 47), max_size=16),
)
def test_may_form_is_false_only_for_piles_forming_nothing(rules_index: int, ids: set[int]) -> None:
    rules = MAY_FORM_RULES[rules_index]
    table = yaku_table_for(rules)
    pile = sum(1 << card for card in ids)
    months = range(1, 13) if rules.tsuki_fuda else (0,)
    formed = any(
        any(table.slots(pile, called, month)) for called in (False, True) for month in months
    )
    if not table.may_form(pile):
        assert not formed, sorted(CARDS[c].code for c in ids)
    # The counting rows make it exact on its own terms: some row has `need` of its cards.
    needs = {
        (row.cards, row.need)
        for called in (False, True)
        for month in months
        for row in compile_rows(rules, called, month)
    }
    reached = any((pile & cards).bit_count() >= need for cards, need in needs)
    assert table.may_form(pile) == reached


def test_may_form_on_known_piles() -> None:
    table = yaku_table_for(make_rules("nintendo"))

    def mask(codes: list[str]) -> int:
        return sum(1 << parse_card(code).id for code in codes)

    assert not table.may_form(0)
    assert table.may_form(mask(["jan-crane", "mar-curtain", "aug-moon"]))  # Sankō
    assert table.may_form(mask(["mar-curtain", "sep-sake-cup"]))  # Hanami-zake
    assert not table.may_form(mask(CHAFF_9))  # nine chaff: one short of Kasu
    assert table.may_form(mask([*CHAFF_9, "sep-sake-cup"]))  # the sake cup as the tenth
    no_cup = yaku_table_for(make_rules("nintendo", sake_cup_as_chaff=False, viewing_yaku=False))
    assert not no_cup.may_form(mask([*CHAFF_9, "sep-sake-cup"]))
