"""Koi-Koi rendering: cards by kind and colour, piles by kind, the table from a seat's view
(never the opponent's hand), round and match summaries, and the docs' card table."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

from cardgames.koikoi import CARDS, GAME, KoiKoiRules, KoiKoiState, make_rules, score_yaku
from cardgames.koikoi import events as events_module
from cardgames.koikoi.actions import KoiKoiAction
from cardgames.koikoi.cards import Kind, parse_card
from cardgames.koikoi.events import (
    CardPlayed,
    ChoiceRequired,
    DealerChosen,
    ForcedStop,
    KoiKoiCalled,
    LuckyHand,
    LuckyHandKind,
    MatchEnd,
    MatchEnded,
    RedealReason,
    Redealt,
    RoundEnd,
    RoundEnded,
    RoundResult,
    RoundStarted,
    StopReason,
    YakuFormed,
)
from cardgames.koikoi.render import (
    KIND_STYLES,
    card_style,
    card_text,
    cards_grid,
    describe_event,
    describe_move,
    pile_table,
    presets_table,
    round_results_table,
    round_summary,
    table_renderable,
    yaku_progress,
    yaku_table_renderable,
)
from cardgames.koikoi.rules import PRESETS, FirstDealer
from cardgames.koikoi.yaku import round_points, yaku_table

ROOT = Path(__file__).resolve().parents[2]


def text_of(renderable: RenderableType, width: int = 140) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def codes_in(screen: str) -> set[str]:
    """The card codes written on a screen."""
    return {
        card.code for card in CARDS
        if re.search(rf"(?<![\w-]){re.escape(card.code)}(?![\w-])", screen)
    }


def ids(*codes: str) -> list[int]:
    return [parse_card(code).id for code in codes]


# ----------------------------------------------------------------------------- cards
@pytest.mark.parametrize(
    ("code", "style"),
    [
        ("nov-rain-man", "bold yellow"),
        ("sep-sake-cup", "green"),
        ("jan-ribbon", "bold red"),
        ("oct-ribbon", "bold blue"),
        ("nov-ribbon", "magenta"),
        ("nov-lightning", "grey62"),
    ],
)
def test_cards_are_coloured_by_kind(code: str, style: str) -> None:
    assert card_style(parse_card(code)) == style
    text = card_text(parse_card(code).id)
    assert text.plain == code
    assert str(text.style) == style


def test_every_kind_has_its_own_colour() -> None:
    assert len(set(KIND_STYLES.values())) == len(KIND_STYLES)
    assert {card.description for card in CARDS} == set(KIND_STYLES)


def test_a_card_with_its_kind_names_the_special_ones() -> None:
    assert card_text(parse_card("sep-sake-cup"), kind=True).plain == (
        "sep-sake-cup (animal · also chaff)"
    )
    assert card_text(parse_card("nov-rain-man"), kind=True).plain == (
        "nov-rain-man (bright · rain man)"
    )
    assert card_text(parse_card("oct-ribbon"), kind=True).plain == "oct-ribbon (blue ribbon)"


def test_a_pile_is_grouped_by_kind_with_counts() -> None:
    pile = ids("mar-curtain", "jan-crane", "sep-sake-cup", "oct-ribbon", "jan-chaff-1")
    screen = text_of(pile_table(pile, sake_cup_as_chaff=True))
    assert re.search(r"brights 2\s+jan-crane  mar-curtain", screen)
    assert re.search(r"animals 1\s+sep-sake-cup", screen)
    assert re.search(r"ribbons 1\s+oct-ribbon", screen)
    assert re.search(r"chaff 2\s+jan-chaff-1  sep-sake-cup \(as chaff\)", screen)
    plain = text_of(pile_table(pile, sake_cup_as_chaff=False))
    assert re.search(r"chaff 1\s+jan-chaff-1\s*$", plain, re.MULTILINE)
    alone = text_of(pile_table(ids("sep-sake-cup"), sake_cup_as_chaff=True, compact=True))
    assert re.search(r"chaff 1\s+sep-sake-cup \(as chaff\)", alone)
    assert "—" not in alone
    compact = text_of(pile_table(ids("jan-crane"), sake_cup_as_chaff=True, compact=True))
    assert "animals" not in compact
    assert "brights 1" in compact


def test_yaku_progress_lists_live_yaku_closest_first() -> None:
    rules = KoiKoiRules()
    mine = ids("jan-crane", "mar-curtain", "jul-boar", "oct-deer", "jan-ribbon")
    progress = yaku_progress(mine, ids("jun-butterflies"), rules)
    assert [(p.name, p.have, p.need) for p in progress[:2]] == [
        ("Sankō", 2, 3), ("Hanami-zake", 1, 2),
    ]
    names = [p.name for p in progress]
    assert "Ino-shika-chō" not in names  # the opponent holds the butterflies
    assert "Goko" not in names  # Sankō, on the same cards, is closer
    off = make_rules("nintendo", viewing_yaku=False)
    assert "Hanami-zake" not in [p.name for p in yaku_progress(mine, [], off)]


def test_yaku_progress_shows_the_next_step_once_a_yaku_is_formed() -> None:
    three = ids("jan-crane", "mar-curtain", "aug-moon")
    assert [str(p) for p in yaku_progress(three, [])][:2] == ["Shikō 3/4", "Ame-shikō 3/4"]
    # The rain man in the opponent's pile leaves only Shikō to reach.
    assert [str(p) for p in yaku_progress(three, ids("nov-rain-man"))][:1] == ["Shikō 3/4"]
    # Aotan replaces Tanzaku but counts other cards, so both are shown.
    ribbons = ids("jan-ribbon", "feb-ribbon", "jun-ribbon", "apr-ribbon")
    assert [str(p) for p in yaku_progress(ribbons, [])] == [
        "Akatan 2/3", "Tanzaku 4/5", "Aotan 1/3",
    ]


def test_yaku_progress_counts_tsuki_fuda_by_the_rounds_month() -> None:
    march = ids("mar-ribbon", "mar-chaff-1")
    rules = make_rules("traditional")
    assert "Tsuki-fuda 2/4" in [str(p) for p in yaku_progress(march, [], rules, month=3)]
    assert "Tsuki-fuda" not in str([str(p) for p in yaku_progress(march, [], rules, month=4)])
    assert "Tsuki-fuda" not in str([str(p) for p in yaku_progress(march, [], rules)])


# ----------------------------------------------------------------------------- table
def played_state(seed: int, moves: int) -> KoiKoiState:
    state = GAME.new_game(2, seed)
    assert isinstance(state, KoiKoiState)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("seed", range(6))
def test_the_table_shows_only_what_the_seat_may_know(seed: int) -> None:
    state = played_state(seed, 7)
    for seat in (0, 1):
        screen = text_of(table_renderable(state.view(seat)))
        words = codes_in(screen)
        own = {c.code for c in state.hand(seat)}
        visible = own | {c.code for c in state.field}
        visible |= {c.code for s in (0, 1) for c in state.pile(s)}
        if state.pending_card is not None:
            visible.add(state.pending_card.code)
        assert own <= words, "your whole hand is shown"
        assert words <= visible, f"hidden cards shown: {sorted(words - visible)}"
        assert f"Your hand ({len(own)})" in screen
        assert f"{len(state.hand(1 - seat))} cards in hand" in screen
        assert f"stock {len(state.stock)}" in screen


def test_the_table_says_what_each_hand_card_would_take() -> None:
    for seed in range(40):
        state = played_state(seed, 0)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        lonely = [c for c in view.hand if not any(f.month == c.month for f in view.field)]
        paired = [c for c in view.hand if sum(f.month == c.month for f in view.field) == 1]
        if lonely and paired:
            screen = text_of(table_renderable(view))
            match = next(f for f in view.field if f.month == paired[0].month)
            assert re.search(rf"{paired[0].code} .*takes {match.code}", screen)
            assert re.search(rf"{lonely[0].code} .*no match: goes onto the field", screen)
            return
    pytest.fail("no deal with both a lone and a paired hand card in 40 seeds")


def test_the_question_after_a_yaku_is_koikoi_or_stop() -> None:
    for seed in range(200):
        state = played_state(seed, 0)
        rng = random.Random(seed)
        while not state.is_over and state.phase != "decide":
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.phase == "decide":
            seat = state.current_player
            assert seat is not None
            screen = text_of(table_renderable(state.view(seat)))
            final = round_points(state.yaku(seat).total, state.rules)
            words = "point" if final.points == 1 else "points"
            assert f"koikoi to play on for more, or stop to score {final.points} {words} now" in (
                " ".join(screen.replace("│", " ").split())
            )
            assert str(state.yaku(seat).yaku[0].name) in screen
            other = state.players[1 - seat]
            flowing = " ".join(screen.replace("│", " ").split())
            assert f"if {other} forms a yaku and stops first, {other}'s points are doubled" in (
                flowing
            )
            return
    pytest.fail("no koi-koi decision in 200 random matches")


def test_the_question_and_the_yaku_line_show_what_stopping_scores(
    dealt: Callable[..., KoiKoiState], koikoi_then_inoshikacho: tuple[list[str], ...]
) -> None:
    # P1 forms Hanami-zake and calls koi-koi; P2 then forms Ino-shika-chō (online: P2 may
    # choose), and stopping would pay P2 double.
    state = dealt(*koikoi_then_inoshikacho, rules=make_rules("online"))
    for move in ("play mar-curtain", "play jul-chaff-1", "play sep-sake-cup", "koikoi",
                 "play oct-chaff-1", "play feb-warbler", "play jun-chaff-1"):
        state.apply(state.parse(move))
    assert state.phase == "decide"
    assert state.current_player == 1
    flowing = " ".join(text_of(table_renderable(state.view(1))).replace("│", " ").split())
    assert (
        "stop to score 10 points now (5 ×2 (opponent called koi-koi) = 10)" in flowing
    )
    assert "yaku Ino-shika-chō 5 = 5 → stopping scores 5 ×2 (opponent called koi-koi) = 10" in (
        flowing
    )
    # P1's own call does not multiply P1's points: no arrow on that line.
    assert "yaku Hanami-zake 5 = 5 toward" in flowing or "yaku Hanami-zake 5 = 5 You" in flowing


def test_the_table_header_counts_points_in_words() -> None:
    state = played_state(6, 0)
    rng = random.Random(6)
    while not state.round_results or state.round_results[0].score != (1, 0):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])  # seed 6: P1 wins round 1 with 1 point
    screen = text_of(table_renderable(state.view(1)))
    assert "P1  1 point " in screen
    assert "You  0 points" in screen


def test_the_cards_grid_places_every_card() -> None:
    state = played_state(2, 6)
    screen = text_of(cards_grid(state.view(0)), width=160)
    assert screen.count("your pile") == len(state.pile(0))
    assert screen.count("their pile") == len(state.pile(1))
    assert screen.count("hand") == len(state.hand(0))
    unseen = 48 - len(state.pile(0)) - len(state.pile(1)) - len(state.hand(0))
    unseen -= len(state.field) + (state.pending_card is not None)
    assert screen.count("unseen") == unseen


# ------------------------------------------------------------------------ summaries
def test_a_round_summary_shows_every_yaku_and_multiplier() -> None:
    rules = KoiKoiRules()
    pile = ["jan-crane", "mar-curtain", "aug-moon", "sep-sake-cup"]
    yaku = score_yaku(pile, rules)
    points = round_points(yaku.total, rules, winner_calls=0, loser_calls=1)
    result = RoundResult(4, 1, 0, RoundEnd.STOP, yaku, points, (points.points, 0), (0, 1))
    screen = text_of(round_summary(result, ("Ann", "Bot"), (60, 3)))
    for name in ("Sankō", "Hanami-zake", "Tsukimi-zake"):
        assert name in screen
    assert "yaku total     15" in screen
    assert "×2 — 7 points or more" in screen
    assert "×2 — opponent called koi-koi" in screen
    assert "Ann +60" in screen
    assert "Ann stops and wins the round" in screen
    assert "Bot 1" in screen  # koi-koi calls
    assert "Ann 60 · Bot 3" in screen


def test_a_drawn_round_and_a_lucky_hand_are_summarised() -> None:
    drawn = RoundResult(2, 0, None, RoundEnd.DRAWN, None, None, (0, 0), (0, 0))
    assert "drawn — nobody scores" in text_of(round_summary(drawn, ("A", "B"), (0, 0)))
    lucky = RoundResult(3, 0, 1, RoundEnd.LUCKY_HAND, None, None, (0, 6), (0, 0),
                        LuckyHandKind.TESHI)
    screen = text_of(round_summary(lucky, ("A", "B"), (0, 6)))
    assert "B wins with a lucky hand (teshi)" in screen
    assert "B +6" in screen


def test_the_match_table_adds_up_to_the_scores() -> None:
    state = played_state(5, 0)
    rng = random.Random(5)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    screen = text_of(round_results_table(state.round_results, state.players), width=180)
    total_line = next(line for line in screen.splitlines() if "total" in line)
    assert [int(n) for n in re.findall(r"\d+", total_line)] == state.scores()
    named = text_of(round_results_table(state.round_results, ("You", "Bot")), width=180)
    assert "koi-koi" in named.splitlines()[2]
    rows = [line for line in named.splitlines() if re.match(r"^│\s+\d+ │", line)]
    for result, row in zip(state.round_results, rows, strict=True):
        calls = row.split("│")[5].strip()
        expected = ", ".join(
            name + ("" if n == 1 else f" ×{n}")
            for name, n in zip(("You", "Bot"), result.koikoi_calls, strict=True) if n
        )
        assert calls == (expected or "—")
    assert "You stops" not in named
    stopped = {r.winner for r in state.round_results if r.end is RoundEnd.STOP}
    assert ("You stop " in named) == (0 in stopped)
    assert ("Bot stops" in named) == (1 in stopped)
    assert len(re.findall(r"^│\s+\d+ │", screen, flags=re.MULTILINE)) == state.rules.rounds


def test_events_are_told_from_the_viewers_seat() -> None:
    names = ("P1", "P2")
    play_event = CardPlayed(0, parse_card("jan-chaff-1").id, False, (parse_card("jan-crane").id,))
    assert text_of(describe_event(play_event, names, 0)).strip() == (
        "You play jan-chaff-1 and capture jan-crane"
    )
    assert text_of(describe_event(play_event, names, 1)).strip() == (
        "P1 plays jan-chaff-1 and captures jan-crane"
    )
    stock = CardPlayed(1, parse_card("dec-chaff-1").id, True, ())
    assert text_of(describe_event(stock, names, 0)).strip() == (
        "P2 turns over dec-chaff-1 onto the field"
    )
    choice = ChoiceRequired(1, 30, (28, 31))
    assert text_of(describe_event(choice, names, 0)).strip() == ""  # the bot's capture follows
    formed = YakuFormed(0, score_yaku(["jan-crane", "mar-curtain", "aug-moon"]))
    assert "You have Sankō 5 = 5 — koi-koi or stop?" in text_of(describe_event(formed, names, 0))
    # Another player's yaku is told without the question: their answer follows on its own.
    assert text_of(describe_event(formed, names, 1)).strip() == "P1 has Sankō 5 = 5"
    assert "P2 calls KOI-KOI!" in text_of(describe_event(KoiKoiCalled(1, 1), names, 0))
    yaku = score_yaku(["jan-ribbon", "feb-ribbon", "mar-ribbon"])
    won = RoundResult(6, 1, 0, RoundEnd.STOP, yaku, round_points(5), (5, 0), (0, 0))
    ended = RoundEnded(won, (5, 0))
    assert "You stop and win the round" in text_of(describe_event(ended, names, 0))
    assert "P1 stops and wins the round" in text_of(describe_event(ended, names, 1))
    assert "You win the match: You 5 – P2 0" in text_of(
        describe_event(MatchEnded((5, 0), 0), names, 0)
    )


def test_the_yaku_table_and_presets_follow_the_rules() -> None:
    traditional = text_of(yaku_table_renderable(PRESETS["traditional"], "t"))
    assert re.search(r"Goko\s.*\s15\s", traditional)
    assert "off" not in traditional.split("Tsuki-fuda")[1].splitlines()[0]
    nintendo = text_of(yaku_table_renderable(PRESETS["nintendo"], "n"))
    assert "a total of 7 or more is doubled" in nintendo
    presets = text_of(presets_table(PRESETS), width=160)
    header = next(line for line in presets.splitlines() if "option" in line)
    assert all(name in header for name in PRESETS)
    assert sum(1 for line in presets.splitlines() if line.startswith("│")) == len(
        PRESETS["nintendo"].to_dict()
    )


# --------------------------------------------------------------------------- docs
def test_the_docs_card_table_is_the_engines() -> None:
    page = (ROOT / "docs" / "games" / "koikoi.md").read_text(encoding="utf-8")
    rows = [
        [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        for line in page.splitlines()
        if re.match(r"\|\s*\d+\s*\|\s*\d+-\d", line)
    ]
    assert len(rows) == 48
    for row, card in zip(rows, CARDS, strict=True):
        assert row[:5] == [str(card.id), card.short, card.code, card.month_info.name, card.flower]
        assert row[5] == card.description
        assert row[6:8] == [card.name, card.japanese]
    assert sum(1 for card in CARDS if card.kind is Kind.BRIGHT) == 5


def _docs_rows(pattern: str) -> list[list[str]]:
    page = (ROOT / "docs" / "games" / "koikoi.md").read_text(encoding="utf-8")
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in page.splitlines()
        if re.match(pattern, line)
    ]


def yaku_markdown() -> list[str]:
    """The docs' yaku table, generated from the yaku rows (one column per preset)."""
    names = list(PRESETS)
    tables = {name: yaku_table(PRESETS[name]) for name in names}
    lines = [
        "| yaku | cards | " + " | ".join(names) + " | replaces |",
        "|---|---|" + "---|" * len(names) + "---|",
    ]
    for number, info in enumerate(tables[names[0]]):
        cards = {tables[name][number].cards for name in names}
        assert len(cards) == 1, f"{info.name}: the presets count different cards"
        points = " | ".join(tables[name][number].points for name in names)
        lines.append(
            f"| **{info.name}** ({info.english}) | {info.cards} | {points} | "
            f"{info.replaces or '—'} |"
        )
    return lines


def test_the_docs_yaku_table_is_generated_from_the_yaku_rows() -> None:
    page = (ROOT / "docs" / "games" / "koikoi.md").read_text(encoding="utf-8").splitlines()
    expected = yaku_markdown()
    start = page.index(expected[0]) if expected[0] in page else -1
    shown = page[start : start + len(expected)] if start >= 0 else []
    assert shown == expected, "docs/games/koikoi.md's yaku table should read:\n" + "\n".join(
        expected
    )


def test_the_docs_options_table_is_the_engines_for_every_preset() -> None:
    rows = {
        row[0].strip("`"): row
        for row in _docs_rows(r"\|\s*`[a-z_0-9]+`\s*\|")
        if len(row) == len(PRESETS) + 2  # option, one column per preset, meaning
    }
    defaults = PRESETS["nintendo"].to_dict()
    assert set(rows) == set(defaults)
    for option, row in rows.items():
        for column, rules in enumerate(PRESETS.values(), start=1):
            value = rules.to_dict()[option]
            shown = "unlimited" if value is None else (
                ("on" if value else "off") if isinstance(value, bool) else str(value)
            )
            assert row[column] == shown, (option, column)


def test_the_capture_question_names_each_choice(dealt: Callable[..., KoiKoiState]) -> None:
    state = dealt(
        ["mar-curtain", "aug-moon", "aug-geese", "oct-deer", "oct-ribbon", "nov-swallow",
         "dec-phoenix", "dec-chaff-1"],
        ["jan-crane", "feb-warbler", "apr-cuckoo", "may-bridge", "jun-butterflies",
         "jul-boar", "sep-sake-cup", "sep-ribbon"],
        ["mar-chaff-1", "mar-ribbon", "jan-chaff-1", "feb-chaff-1", "apr-chaff-1",
         "may-chaff-1", "jun-chaff-1", "jul-chaff-1"],
        ["mar-chaff-2"],
    )
    events = state.apply(state.parse("play aug-moon"))
    assert text_of(describe_event(events[-1], state.players, 0)).strip() == (
        "You turn over mar-chaff-2: it matches mar-ribbon or mar-chaff-1 — which one does it take?"
    )
    flowing = " ".join(text_of(table_renderable(state.view(0))).replace("│", " ").split())
    assert (
        "You turned over mar-chaff-2: it matches mar-ribbon or mar-chaff-1 — type "
        "capture mar-ribbon or capture mar-chaff-1"
    ) in flowing


# ----------------------------------------------------------- "You draw", never "You draws"
def every_event(seat: int) -> list[object]:
    """One event of every kind, each by `seat` where it has an actor."""
    yaku = score_yaku(["jan-ribbon", "feb-ribbon", "mar-ribbon"])
    won = RoundResult(1, seat, seat, RoundEnd.STOP, yaku, round_points(5), (5, 0), (0, 0))
    lucky = RoundResult(
        2, seat, seat, RoundEnd.LUCKY_HAND, None, None, (6, 0), (0, 0), LuckyHandKind.TESHI
    )
    privilege = RoundResult(
        3, seat, seat, RoundEnd.DEALERS_PRIVILEGE, None, None, (6, 0), (0, 0)
    )
    forced = ForcedStop(StopReason.HAND_EMPTY, 1, (0, 0))
    return [
        DealerChosen(((0, 47),), seat),
        Redealt(1, RedealReason.LUCKY_HAND, LuckyHandKind.KUTTSUKI),
        RoundStarted(1, 12, seat, (0, 4, 8, 12, 16, 20, 24, 28)),
        LuckyHand(seat, LuckyHandKind.TESHI, (0, 1, 2, 3, 4, 8, 12, 16)),
        CardPlayed(seat, 2, False, (0,)),
        CardPlayed(seat, 2, False, ()),
        CardPlayed(seat, 3, True, (1,)),
        ChoiceRequired(seat, 30, (28, 31)),
        YakuFormed(seat, yaku),
        YakuFormed(seat, yaku, forced),
        KoiKoiCalled(seat, 2),
        RoundEnded(won, (5, 0)),
        RoundEnded(lucky, (6, 0)),
        RoundEnded(privilege, (6, 0)),
        MatchEnded((5, 0), seat),
        # The rules of other engines: a dealer chosen at random, banks, a bank run empty.
        DealerChosen((), seat, FirstDealer.RANDOM),
        RoundEnded(won, (35, 25), banks=True),
        MatchEnded((62, -2) if seat == 0 else (-2, 62), seat, MatchEnd.BANK_EMPTY, banks=True),
    ]


def test_every_kind_of_event_is_sampled() -> None:
    kinds = {type(event) for event in every_event(0)}
    assert {kind.__name__ for kind in kinds} == {
        name for name in events_module.__all__
        if name not in ("ForcedStop", "LuckyHandKind", "MatchEnd", "RedealReason", "RoundEnd",
                        "RoundResult", "StopReason")
    }


@pytest.mark.parametrize("event", every_event(0), ids=lambda event: type(event).__name__)
def test_the_human_seat_reads_you_draw_never_you_draws(event: object) -> None:
    seen = [
        text_of(describe_event(event, ("P1", "P2"), 0)),  # the viewer's own event
        text_of(describe_event(event, ("You", "Greedy"), None)),  # a replay: no viewer
        text_of(describe_move(0, KoiKoiAction.from_str("stop"), [event], ("You", "Bot"), None)),
    ]
    for screen in seen:
        flowing = " ".join(screen.split())
        assert not re.search(r"\bYou (\w+s|has)\b", flowing), flowing
        assert "You stop" in seen[2]


def test_the_actors_own_events_read_in_the_second_person() -> None:
    names = ("P1", "P2")
    lines = [
        " ".join(text_of(describe_event(event, names, 0)).split()) for event in every_event(0)
    ]
    assert lines[0].startswith("You draw jan-crane, P2 draws dec-chaff-3")
    assert lines[0].endswith("the earlier month deals first: You")
    assert lines[1] == "Round 1: re-deal (lucky hand (kuttsuki))"
    assert lines[2].startswith("Round 1 of 12 (January): You deal; field jan-crane")
    assert lines[3].startswith("You show a lucky hand (teshi): jan-crane")
    assert lines[4] == "You play jan-chaff-1 and capture jan-crane"
    assert lines[5] == "You play jan-chaff-1 onto the field"
    assert lines[6] == "You turn over jan-chaff-2 and capture jan-ribbon"
    assert lines[7].startswith("You turn over aug-chaff-1: it matches aug-moon or aug-chaff-2")
    assert lines[8] == "You have Akatan 5 = 5 — koi-koi or stop?"
    assert lines[9] == (
        "You have Akatan 5 = 5 — koi-koi is not possible now: your hand is empty; the round ends"
    )
    assert lines[10] == "You call KOI-KOI! (call 2)"
    assert "You stop and win the round" in lines[11]
    assert "You win with a lucky hand (teshi)" in lines[12]
    assert "drawn; dealer's privilege: You score" in lines[13]
    assert lines[14].startswith("You win the match")
    others = [
        " ".join(text_of(describe_event(event, names, 1)).split()) for event in every_event(0)
    ]
    assert others[4] == "P1 plays jan-chaff-1 and captures jan-crane"
    assert others[8] == "P1 has Akatan 5 = 5"
    assert others[9].endswith("koi-koi is not possible now: P1's hand is empty; the round ends")
    stop = describe_move(1, KoiKoiAction.from_str("stop"), [], ("You", "Bot"), 0)
    assert text_of(stop).strip() == "Bot stops and scores."


# ------------------------------------------------------------------ banks and bonuses
def test_round_summaries_and_the_final_table_show_the_bonus_and_the_banks() -> None:
    brights = "jan-crane mar-curtain aug-moon nov-rain-man dec-phoenix"
    yaku = score_yaku(brights, "koikoi-ai")
    points = round_points(yaku.total, "koikoi-ai", winner_calls=2)
    result = RoundResult(3, 1, 0, RoundEnd.STOP, yaku, points, (12, 0), (2, 0))
    summary = [" ".join(line.split()) for line in
               text_of(round_summary(result, ("P1", "P2"), (35, 25), banks=True)).splitlines()]
    assert "yaku total 10" in summary
    assert "bonus +2 — 2 own koi-koi calls" in summary
    assert "points P1 +12, P2 −12" in summary
    assert "banks P1 35 · P2 25" in summary
    assert "match P1 35 · P2 25" in " ".join(text_of(
        round_summary(result, ("P1", "P2"), (35, 25))
    ).split())
    final = text_of(round_results_table([result], ("P1", "P2"), starting_bank=23))
    assert re.search(r"│\s+│\s+│ banks\s+│.*│ 35 │ 11 │", final)
    assert "+2 2 own koi-koi calls" in final


def test_the_table_shows_banks_and_what_another_koikoi_would_add() -> None:
    state = GAME.new_game(2, 3, preset="koikoi-ai")
    assert isinstance(state, KoiKoiState)
    screen = text_of(table_renderable(state.view(0)))
    assert re.search(r"You\s+bank 30", screen)
    assert "points" not in screen.splitlines()[1]
    rng = random.Random(3)
    while state.phase != "decide":
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player
    assert seat is not None
    flowing = " ".join(text_of(table_renderable(state.view(seat))).replace("│", " ").split())
    calls = state.koikoi_calls[seat] + 1
    assert f"This koi-koi would be your call {calls}: a stop with these yaku would then score" \
        in flowing
    assert "doubled" not in flowing  # koikoi-ai: the opponent's calls change nothing
