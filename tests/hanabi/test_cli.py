"""``cardgames play hanabi`` and ``cardgames hanabi ...`` through typer's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app as root
from cardgames.cli.hanabi import UI, app
from cardgames.core.record import Record
from cardgames.hanabi.actions import BonusEffect
from cardgames.hanabi.cards import Card
from cardgames.hanabi.events import (
    Clued,
    Discarded,
    Drew,
    EndReason,
    FireworkCompleted,
    FuseLost,
    GameEnded,
    Played,
    TileDrawn,
    TokenRegained,
)
from cardgames.hanabi.names import CATALOGUE, variant_from_name
from cardgames.hanabi.render import (
    describe_event,
    final_summary,
    render_view,
    variants_markdown,
)
from cardgames.hanabi.rules import HanabiVariant
from cardgames.hanabi.state import HanabiState
from conformance_data import CONFORMANCE, needs

runner = CliRunner()
DATA = CONFORMANCE / "hanabi"


pytestmark = pytest.mark.usefixtures("wide_terminal")


def test_variants_lists_every_named_variant_with_its_maximum() -> None:
    result = runner.invoke(app, ["variants"])
    assert result.exit_code == 0, result.output
    for name, entry in CATALOGUE.items():
        assert name in result.output
        assert entry.description.split(",")[0][:20] in result.output
    assert "hanab.live: Rainbow-Ones" in result.output
    row = next(line for line in result.output.splitlines() if line.startswith("rainbow "))
    assert row.split() == ["rainbow", "30", "R", "Y", "G", "B", "W", "M"]
    combined = "rainbow+black-powder+bonus+fuses-2"
    row = next(line for line in result.output.splitlines() if line.startswith(combined))
    assert row.split() == [combined, "30", "R", "Y", "G", "B", "W", "M", "K"]
    assert "K black" in result.output


SPEC = DATA / "hanablive-variants"


def spec_names() -> list[str]:
    """hanab.live's variant names, from its variants.json."""
    entries = json.loads((SPEC / "variants.json").read_text(encoding="utf-8"))
    return [entry["name"] for entry in entries]


def listed(output: str) -> list[str]:
    """The variant lines of `variants --search/--all` (name, max, suits)."""
    return [line for line in output.splitlines()
            if re.search(r" \d+  \S", line) and not line.startswith("...")]


@needs(SPEC)
def test_variants_search_finds_hanablive_variants_with_score_and_suits() -> None:
    result = runner.invoke(app, ["variants", "--search", "prism", "--limit", "0"])
    assert result.exit_code == 0, result.output
    expected = [name for name in spec_names() if "prism" in name.lower()]
    lines = listed(result.output)
    assert len(lines) == len(expected)
    assert result.output.startswith(f"{len(expected)} variants named with 'prism'")
    row = next(line for line in lines if line.startswith("Prism (6 Suits) "))
    assert row.split() == ["Prism", "(6", "Suits)", "30", "Red,", "Yellow,", "Green,", "Blue,",
                           "Purple,", "Prism"]
    assert {line[:44].rstrip() for line in lines} >= {n for n in expected if len(n) <= 44}


@needs(SPEC)
def test_every_word_of_a_search_must_match_and_long_results_are_cut() -> None:
    result = runner.invoke(app, ["variants", "--search", "DARK prism 5 suits", "-n", "3"])
    assert result.exit_code == 0, result.output
    expected = [name for name in spec_names()
                if all(w in name.lower() for w in ("dark", "prism", "5", "suits"))]
    lines = listed(result.output)
    assert len(lines) == 3
    assert f"... and {len(expected) - 3} more" in result.output
    assert all(line.split("  ")[0].strip() in expected for line in lines)


@needs(SPEC)
def test_variants_all_lists_every_hanablive_name() -> None:
    result = runner.invoke(app, ["variants", "--all"])
    assert result.exit_code == 0, result.output
    names = {line[:44].rstrip() for line in listed(result.output)}
    assert {name for name in spec_names() if len(name) <= 44} <= names
    assert len(listed(result.output)) >= len(spec_names())


def test_a_search_that_finds_nothing_is_one_line_naming_the_nearest_word() -> None:
    result = runner.invoke(app, ["variants", "--search", "prsim"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "no variant name holds 'prsim' (did you mean prism?)" in lines[0]


@pytest.mark.parametrize("word", ["help", "rules"])
def test_any_hanablive_variant_plays_and_help_shows_its_rules(tmp_path: Path, word: str) -> None:
    result = runner.invoke(root, ["play", "hanabi", "--variant", "Prism (6 Suits)", "--seed",
                                  "2", "--save", str(tmp_path / "p.json")],
                           input=f"{word}\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("rules    this game's variant" in out) == (word == "help")  # help lists the word
    assert out.count("Prism (6 Suits) (max score 30)") == 1
    assert "prism (colour by rank)" in out.lower()
    assert "colour clues: red, yellow, green, blue, purple; rank clues: 1, 2, 3, 4, 5" in out
    record = Record.from_json((tmp_path / "p.json").read_text())
    assert record.options["hanablive_name"] == "Prism (6 Suits)"


@pytest.mark.parametrize("name", ["Throw It in a Hole (4 Suits)", "Cow & Pig (5 Suits)",
                                  "Synesthesia (6 Suits)", "Orange (5 Suits)"])
def test_hanablive_variants_autoplay_to_the_end(tmp_path: Path, name: str) -> None:
    result = runner.invoke(root, ["play", "hanabi", "--variant", name, "--autoplay",
                                  "--players", "3", "--seed", "4", "--save",
                                  str(tmp_path / "a.json")])
    assert result.exit_code == 0, result.output
    assert "Final score" in result.output


def test_an_unknown_hanablive_name_is_one_line_with_the_nearest_names() -> None:
    result = runner.invoke(root, ["play", "hanabi", "--variant", "Prsim (6 Suits)"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "did you mean Prism (6 Suits)" in lines[0]


def test_autoplay_plays_a_whole_game(tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    result = runner.invoke(root, ["play", "hanabi", "--autoplay", "--seed", "5",
                                  "--players", "3", "--save", str(save)])
    assert result.exit_code == 0, result.output
    assert "Final score" in result.output
    record = Record.from_json(save.read_text())
    assert record.meta["session"]["seats"] == ["convention"] * 3
    assert len(record.actions) > 40


@pytest.mark.parametrize("command", ["play", "replay"])
def test_the_final_score_rating_and_reason_are_printed_once(
    tmp_path: Path, command: str
) -> None:
    save = tmp_path / "once.json"
    played = runner.invoke(root, ["play", "hanabi", "--autoplay", "--seed", "3",
                                  "--variant", "standard", "--save", str(save)])
    assert played.exit_code == 0, played.output
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=3)
    for action in Record.from_json(save.read_text()).actions:
        state.apply_text(action)
    assert state.is_over
    out = played.output if command == "play" else runner.invoke(
        root, ["replay", str(save)]).output
    assert out.count(f"score {state.score}/25") == 1
    assert len(re.findall(r"\bscore\b", out)) == 1
    assert out.count(state.rating.split(",")[0]) == 1
    assert out.count(str(state.end_reason)) == 1
    assert "game over" in out  # the move that ended the game still says so


def test_the_prompt_counts_in_the_singular_and_the_plural() -> None:
    assert UI.prompt is not None
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=1)
    assert UI.prompt(state, 0) == "[8 clues, 3 fuses, deck 40] "
    lean = HanabiState.new(HanabiVariant(clue_tokens=1, fuses=1), players=2, seed=1)
    assert UI.prompt(lean, 0) == "[1 clue, 1 fuse, deck 40] "
    assert HanabiVariant(clue_tokens=1, fuses=1).describe().endswith("1 clue token; 1 fuse")
    assert str(Clued(0, 1, "red", (2,))) == "player 1 gives player 2 a clue: red (slot 2)"


def test_a_typed_game_runs_to_the_end_and_shows_score_and_rating(tmp_path: Path) -> None:
    # The human only ever plays slot 1: the game ends (three fuses or the last round).
    lines = "help\nmoves\nsuggest\nbogus\ndiscard 1\nclue 1 red\n" + "play 1\n" * 80
    result = runner.invoke(root, ["play", "hanabi", "--seed", "3", "--save",
                                  str(tmp_path / "typed.json")], input=lines)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "play N" in out  # help
    assert "legal now: play 1" in out  # moves
    assert "the convention bot would play: " in out  # suggest
    assert "'bogus' is not a move" in out
    assert "all 8 clue tokens are available; you cannot discard" in out
    assert "you cannot clue yourself" in out
    assert "Final score" in out
    assert any(word in out for word in ("horrible", "mediocre", "honourable", "excellent"))
    assert "Hands (slot 1 = newest)" in out
    assert "Fireworks" in out


def test_end_of_input_saves_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = runner.invoke(root, ["play", "hanabi", "--seed", "8", "--save", str(save)],
                          input="play 2\n")
    assert first.exit_code == 0, first.output
    assert "end of input" in first.output
    saved = Record.from_json(save.read_text())
    assert saved.actions[0] == "play 2"
    moves_before = len(saved.actions)
    second = runner.invoke(root, ["play", "hanabi", "--resume", str(save)],
                           input="quit\n")
    assert second.exit_code == 0, second.output
    assert "quit" in second.output
    resumed = Record.from_json(save.read_text())
    assert resumed.actions[:moves_before] == saved.actions
    third = runner.invoke(root, ["play", "hanabi", "--resume", str(save)],
                          input="play 1\n" * 80)
    assert third.exit_code == 0, third.output
    assert "Final score" in third.output


def test_quit_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = runner.invoke(root, ["play", "hanabi", "--seed", "2", "--seat", "2",
                                  "--players", "4", "--save", str(save)], input="quit\n")
    assert result.exit_code == 0, result.output
    record = Record.from_json(save.read_text())
    assert record.meta["session"]["seats"][1] == "human"
    assert len(record.actions) == 1  # seat 1 (a bot) moved before us


def test_a_bad_variant_is_one_line_and_exit_code_2() -> None:
    result = runner.invoke(root, ["play", "hanabi", "--variant", "rainbw"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "unknown Hanabi variant or suit 'rainbw'" in lines[0]
    assert "did you mean" in lines[0]


def test_a_bad_player_count_is_refused() -> None:
    result = runner.invoke(root, ["play", "hanabi", "--players", "7"])
    assert result.exit_code == 2
    assert "'players' must be in 2..5" in result.output


def test_variants_play_at_the_terminal(tmp_path: Path) -> None:
    result = runner.invoke(root, ["play", "hanabi", "--autoplay", "--seed", "1", "--variant",
                                  "rainbow+black-powder+bonus+fuses-2", "--save",
                                  str(tmp_path / "v.json")])
    assert result.exit_code == 0, result.output
    assert "Final score" in result.output
    assert "/30" in result.output  # the sixth suit raises the maximum; black powder does not


@needs(DATA)
def test_replay_reads_a_hanablive_export() -> None:
    result = runner.invoke(root, ["replay", str(DATA / "hanablive" / "no_variant.json")])
    assert result.exit_code == 0, result.output
    assert "score 23/25" in result.output


@needs(DATA)
def test_hanablive_conversion_both_ways(tmp_path: Path) -> None:
    ours = tmp_path / "ours.json"
    result = runner.invoke(app, ["import-hanablive",
                                 str(DATA / "hanablive" / "example_game.json"),
                                 "--output", str(ours)])
    assert result.exit_code == 0, result.output
    record = Record.from_json(ours.read_text())
    assert record.meta["scores"] == [25, 25, 25]
    back = tmp_path / "back.json"
    result = runner.invoke(app, ["export-hanablive", str(ours), "--output", str(back)])
    assert result.exit_code == 0, result.output
    exported = json.loads(back.read_text())
    original = json.loads((DATA / "hanablive" / "example_game.json").read_text())
    assert exported["deck"] == original["deck"]
    assert exported["actions"] == [
        {"type": a["type"], "target": a["target"], "value": a.get("value", 0)}
        for a in original["actions"]
    ]


def test_a_game_in_a_hanablive_variant_converts_both_ways(tmp_path: Path) -> None:
    ours = tmp_path / "ours.json"
    played = runner.invoke(root, ["play", "hanabi", "--variant", "orange (5 suits)",
                                  "--autoplay", "--seed", "6", "--players", "3",
                                  "--save", str(ours)])
    assert played.exit_code == 0, played.output
    export = tmp_path / "export.json"
    result = runner.invoke(app, ["export-hanablive", str(ours), "--output", str(export)])
    assert result.exit_code == 0, result.output
    data = json.loads(export.read_text())
    assert data["options"]["variant"] == "Orange (5 Suits)"
    back = tmp_path / "back.json"
    result = runner.invoke(app, ["import-hanablive", str(export), "--output", str(back)])
    assert result.exit_code == 0, result.output
    assert Record.from_json(back.read_text()).actions == Record.from_json(
        ours.read_text()).actions


def test_conversion_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": ["a"]}')
    result = runner.invoke(app, ["import-hanablive", str(bad)])
    assert result.exit_code == 2
    assert "'players' must be a list of 2 to 5 names" in result.output
    result = runner.invoke(app, ["export-hanablive", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.output


def test_the_docs_variants_table_matches_the_catalogue() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "hanabi.md").read_text(
        encoding="utf-8")
    assert variants_markdown() in page, (
        "regenerate the table in docs/games/hanabi.md from "
        "cardgames.hanabi.render.variants_markdown()")


def test_the_table_shows_a_seat_only_what_it_may_know() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=12)
    state.apply_text("clue 2 1")
    console = Console(width=200, record=True)
    console.print(render_view(state.view(1)))
    lines = console.export_text().splitlines()
    own_row = next(line for line in lines if "you (Player 2)" in line)
    other_row = next(line for line in lines if line.strip().startswith("Player 1"))
    for card in state.hand(0):
        assert str(card) in other_row
    touched = [slot for slot in state.view(1).own_hand if slot.touched]
    assert touched
    assert own_row.count("*") == len(touched)
    shown = own_row.split(")", 1)[1]
    for slot, card in zip(state.view(1).own_hand, state.hand(1), strict=True):
        if len(slot.possible) > 1:
            assert str(card) not in shown


def test_every_event_reads_with_player_names() -> None:
    variant = variant_from_name("standard")
    names = ("Ann", "Bob")
    expected = [
        (Clued(0, 1, "red", (1, 3)), "Ann gives Bob a clue: red → slots 1, 3"),
        (Clued(1, 0, 4, (), free=True), "Bob gives Ann a free clue: 4 → no card"),
        (Played(1, Card("R", 1), 2, True, 7), "Bob plays R1 from slot 2 ✓"),
        (Played(0, Card("G", 4), None, False, 49), "Ann plays G4 from the deck ✗ misplay"),
        (Discarded(0, Card("W", 5), 5, 3), "Ann discards W5 from slot 5"),
        (Drew(1, 12, 37), "Bob draws a card (12 left)"),
        (FuseLost(1), "a fuse burns: 1 left"),
        (TokenRegained(4), "a clue token returns (4)"),
        (FireworkCompleted("blue"), "the blue firework is complete!"),
        (TileDrawn(BonusEffect.COLOUR_CLUE, "give a free colour clue: your choice"),
         "bonus tile 3: give a free colour clue: your choice"),
        # The score and why the game ended follow once, in the final summary.
        (GameEnded(EndReason.FINAL_ROUND, 21, "extraordinary"), "game over"),
    ]
    for event, text in expected:
        assert describe_event(event, names, variant).plain == text
    summary = final_summary(25, 25, "legendary", "every firework is complete").plain
    assert summary == "Final score 25/25 — legendary (every firework is complete)"


def test_moves_name_the_human_seat_you() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=12)
    action = state.parse("clue 1 1")
    state.apply_text("clue 2 1")
    events = state.apply(action)
    console = Console(width=200, record=True)
    console.print(UI.describe(state, 1, action, events, 0))
    text = console.export_text()
    assert text.startswith("Player 2: clue 1 1")
    assert "Player 2 gives Player 1 (you) a clue: 1" in text
    # The clue to the human stands out (bold yellow); a clue to a bot does not.
    colour = Console(width=200, force_terminal=True, color_system="standard")
    with colour.capture() as captured:
        colour.print(UI.describe(state, 1, action, events, 0))
    assert "\x1b[1;33mPlayer 2 gives Player 1 (you)" in captured.get()
    with colour.capture() as captured:
        colour.print(UI.describe(state, 1, action, events, 1))
    assert "\x1b[1;33m" not in captured.get()


def test_the_end_shows_every_hand() -> None:
    state = HanabiState.new(variant_from_name("standard"), players=2, seed=3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert UI.final is not None
    console = Console(width=200, record=True)
    console.print(UI.final(state))
    text = console.export_text()
    assert text.startswith(f"Final score {state.score}/25")
    for seat, name in enumerate(state.players):
        assert f"{name} {' '.join(map(str, state.hand(seat)))}" in text


def test_the_prompt_reads_the_seats_view_so_the_hole_keeps_its_fuses_hidden() -> None:
    assert UI.prompt is not None
    hole = cardgames.new_game("hanabi", players=2, seed=5, variant="Throw It in a Hole (5 Suits)")
    # Misplays burn fuses out of sight: play every first card until one misses.
    while hole.fuses == 3 and not hole.is_over:
        hole.apply(next(a for a in hole.legal_actions() if str(a) == "play 1"))
    assert hole.fuses < 3
    assert "fuses ?" in UI.prompt(hole, 0)
    starved = cardgames.new_game("hanabi", players=2, seed=5, variant="Clue Starved (5 Suits)")
    starved.apply(next(a for a in starved.legal_actions() if str(a).startswith("clue")))
    starved.apply(next(a for a in starved.legal_actions() if str(a) == "discard 1"))
    view = starved.view(0)
    assert view.half_clue_token
    assert f"{view.clue_tokens}½ clues" in UI.prompt(starved, 0)


def test_an_unknown_variant_is_quoted_as_typed_with_the_nearest_names() -> None:
    result = CliRunner().invoke(root, ["play", "hanabi", "--variant", "Prsim (6 Suits)",
                                       "--plain"])
    assert result.exit_code != 0
    assert "unknown Hanabi variant 'Prsim (6 Suits)'" in result.output
    assert "did you mean Prism (6 Suits)" in result.output


def test_a_person_plays_no_variant_unless_told_otherwise(tmp_path: Path) -> None:
    # hanab.live's players expect No Variant (a clue must touch a card), as the web lobby
    # offers first; the library's own default stays the rulebook's `standard`.
    save = tmp_path / "person.json"
    result = runner.invoke(root, ["play", "hanabi", "--plain", "--seed", "1", "--save",
                                  str(save)], input="moves\nquit\n")
    assert result.exit_code == 0, result.output
    state = cardgames.replay(Record.from_json(save.read_text()))
    assert state.variant == variant_from_name("no-variant")
    assert not state.variant.empty_clues
    legal = result.output.split("legal now:")[1].split("Player 1>")[0]
    clues = set(re.findall(r"clue 2 (\w+)", legal))
    partner = state.hand(1)
    assert clues, legal
    # Every clue offered touches a card of the partner's hand.
    colours = {suit.name for suit in state.variant.suits
               if suit.letter in {card.suit for card in partner}}
    assert clues <= colours | {str(card.rank) for card in partner}
    assert cardgames.new_game("hanabi").variant.name == "standard"
    help_text = runner.invoke(root, ["play", "hanabi", "--help"],
                              env={"COLUMNS": "200"}).output
    assert "default no-variant" in help_text
    told = runner.invoke(root, ["play", "hanabi", "--plain", "--variant", "standard",
                                "--seed", "1", "--save", str(save)], input="quit\n")
    assert told.exit_code == 0, told.output
    assert cardgames.replay(Record.from_json(save.read_text())).variant.name == "standard"


def test_a_game_entry_refuses_a_rule_set_for_people_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="preset_with_people names no preset"):
        attrs.evolve(cardgames.get_game("hanabi"), preset_with_people="nonesuch")
