"""What a person sees: the table, the round summary and the move lines (80 columns)."""

from __future__ import annotations

from rich.console import Console, RenderableType

from cardgames.cli.ikebana import UI
from cardgames.ikebana import score_bouquet
from cardgames.ikebana.events import RoundScored
from cardgames.ikebana.render import round_table, table_renderable, turn_hint

from .test_state import deck_starting, interleave, keep_everything, new, play


def lines_of(renderable: RenderableType) -> list[str]:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_the_table_of_five_players_fits_80_columns_one_line_a_player() -> None:
    deck = deck_starting(*interleave(
        "R4 M2 K4 G2 R1", "K5 B5 R2 G1 K3", "Y1 Y2 G3 K4 B2", "R5 G5 K1 B3 R3", "M5 M4 B4 G4 Y4"
    ))
    state = new(5, deck=deck, starting_prestige=100)
    keep_everything(state, 4 * 5 - 1)  # everyone holds four cards but P5, who holds three
    play(state, "draw", "refuse")  # a discard pile for the table to show
    lines = lines_of(table_renderable(state.view(0)))
    assert max(map(len, lines)) <= 80, "\n".join(lines)
    rows = [line for line in lines if line.lstrip()[:1].isdigit()]
    assert len(rows) == 5
    assert "P1 (you)" in rows[0]
    assert "12: two 4s + two 2s" in rows[0]  # the best combinations so far
    assert rows[4].lstrip().startswith("5  ▶ P5")  # numbered from 1, the player to act marked


def test_the_round_summary_fits_80_columns_and_names_the_jokers_colours() -> None:
    bouquets = [
        "R4 M2 K4 G2 M5", "B4 M4 B5 R5 B1", "R1 G2 K3 B5 Y5", "M1 R2 R3 R4 R5", "G1 G2 K1 K2 G3"
    ]
    scores = tuple(score_bouquet(b.split()) for b in bouquets)
    summary = RoundScored(4, scores, tuple(2 * s.total for s in scores), (999,) * 5, None)
    names = ("P1", "P2", "P3", "P4", "P5")
    lines = lines_of(round_table(summary, names))
    text = "\n".join(lines)
    assert max(map(len, lines)) <= 80, text
    assert "Round 4 scored (final bouquet: every score doubled)" in text
    assert "two 4s + two 2s = 12" in text
    assert "x3 (M2=B, M5=Y)" in text  # both jokers fill the missing colours
    assert "x2 (M4=B)" in text
    assert "x4 (M1=R)" in text
    assert "run 1-2-3-4-5 = 15" in text
    assert lines[4].endswith("x3                  60       999")  # P3's x3 bouquet holds no joker


def _summary(*bouquets: str, multicolour_wild: bool = True) -> RoundScored:
    scores = tuple(score_bouquet(b.split(), multicolour_wild=multicolour_wild) for b in bouquets)
    return RoundScored(1, scores, tuple(s.total for s in scores), (50,) * len(scores), 0)


def test_the_round_legend_names_the_jokers_played_and_the_colours_they_took() -> None:
    lines = lines_of(round_table(_summary("R4 M2 K4 G2 M5", "B4 M4 B5 R5 B1"), ("P1", "P2")))
    assert max(map(len, lines)) <= 80
    assert lines[-3:] == [
        "colours x2: two only, x3: all five, x4: all one, x1: other",
        "multicolour cards: M2 as blue, M5 as yellow, M4 as blue",
        "P1 starts the next round.",
    ]
    assert "M3" not in "\n".join(lines)  # not played: never named (it once always was)


def test_the_round_legend_says_nothing_of_jokers_when_none_was_played() -> None:
    text = "\n".join(lines_of(round_table(_summary("R3 G3 K3 B2 Y2", "R1 R2 G3 G4 R2"),
                                          ("P1", "P2"))))
    assert "colours x2: two only, x3: all five, x4: all one, x1: other" in text
    assert "multicolour" not in text
    assert "M3" not in text
    assert "=Y" not in text


def test_the_round_legend_skips_jokers_whose_colour_did_not_matter() -> None:
    # x1 (three colours and a joker): the joker's colour changed nothing; under the
    # sixth-colour house rule a joker is multicolour, no colour was chosen for it.
    for summary in (
        _summary("R3 Y5 K3 M4 R4", "R1 R2 G3 G4 R2"),
        _summary("R3 G3 M3 B2 Y2", "R1 R2 G3 G4 R2", multicolour_wild=False),
    ):
        text = "\n".join(lines_of(round_table(summary, ("P1", "P2"))))
        assert "multicolour" not in text
        assert "M3=" not in text
        assert "M4=" not in text


def test_a_joker_whose_colour_changes_nothing_is_not_given_one() -> None:
    result = score_bouquet(["R3", "Y5", "K3", "M4", "R4"])
    assert result.multiplier == 1
    assert result.describe_multicolour() == ""
    assert "as" not in str(result)


def test_the_hint_says_when_a_card_must_be_kept() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3"), starting_prestige=1)
    play(state, "draw")
    assert turn_hint(state.view(0)) == "P1 drew R1: keep it, or refuse it (refusal costs 1 to P2)."
    play(state, "refuse")
    assert turn_hint(state.view(1)) == (
        "P1 drew R2 and must keep it: refusing would cost 2 to P2, more than P1's 0 prestige."
    )


def test_the_hint_and_prompt_follow_the_pending_card_under_pay_what_you_have() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3"), starting_prestige=1,
                unaffordable_refusal="pay-what-you-have")
    assert UI.prompt is not None
    assert UI.prompt(state, 0) == "[round 1 · draw] "
    play(state, "draw")
    assert turn_hint(state.view(0)) == "P1 drew R1: keep it, or refuse it (refusal costs 1 to P2)."
    assert UI.prompt(state, 0) == "[round 1 · keep or refuse] "
    state2 = new(2, deck=deck_starting("R1", "R2", "R3"), starting_prestige=3,
                 unaffordable_refusal="pay-what-you-have")
    play(state2, "draw", "refuse", "refuse")  # 1 + 2 paid: nothing left, the card is kept
    assert UI.prompt(state2, 0) == "[round 1 · keep] "
    assert "must keep it: refusing would cost 3 to P2" in turn_hint(state2.view(0))
    state3 = new(2, deck=deck_starting("R1", "R2", "R3"), starting_prestige=2,
                 unaffordable_refusal="pay-what-you-have")
    play(state3, "draw", "refuse")  # 1 left, the price is 2: refusing takes the last point
    assert turn_hint(state3.view(1)) == (
        "P1 drew R2: keep it, or refuse it (refusal costs 2; P1 would pay all P1 has, 1 to P2)."
    )


def test_the_hint_lists_only_the_discard_tops_you_can_afford() -> None:
    state = new(3, deck=deck_starting("K5", "R1", "G1", "B2"), starting_prestige=5)
    play(state, "draw", "refuse", "keep")  # P1: K5 on its pile, 4 prestige
    play(state, "draw", "refuse", "keep")  # P2: G1 on its pile, P2 pays 1 to P3
    hint = turn_hint(state.view(2))
    assert "buy 1 (P1's K5 for 5), buy 2 (P2's G1 for 1)" in hint
    state2 = new(3, deck=deck_starting("K5", "R1", "G1", "B2"), starting_prestige=3)
    play(state2, "draw", "refuse", "keep")
    play(state2, "draw", "refuse", "keep")  # P3 has 4 prestige: K5 is out of reach
    assert "buy 1" not in turn_hint(state2.view(2))
    assert "buy 2 (P2's G1 for 1)" in turn_hint(state2.view(2))


def test_a_move_is_one_line_a_refusal_with_the_next_draw() -> None:
    state = new(2, deck=deck_starting("K4", "B3"))
    play(state, "draw")
    events = state.apply(state.parse("refuse"))
    lines = lines_of(UI.describe(state, 0, state.parse("refuse"), events, 0))
    assert lines == ["P1 refuses K4 and pays 1 to P2; P1 draws B3"]


def test_the_screen_shows_the_final_bouquet_round_and_the_deck() -> None:
    block = deck_starting(*interleave("R3 G3 K3 B2 Y2", "R1 R2 G3 G4 R2"))
    state = new(2, deck=block * 2, rounds=2, final_bouquet=True)
    keep_everything(state, 10)
    text = "\n".join(lines_of(UI.render(state, 0)))
    assert "Round 2/2 · deck 55 cards · P1 started · final bouquet: scores double" in text
    assert "P1 to play: draw (a first refusal would cost 1 to P2)." in text
