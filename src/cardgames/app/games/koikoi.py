"""Koi-Koi at the app's table: cards as tiles coloured by month, with their kind and picture.

Everything is drawn from the seat's :class:`~cardgames.koikoi.KoiKoiView`; the move log and
the round summaries reuse the line mode's sentences (:mod:`cardgames.koikoi.render`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.text import Text

from cardgames.app.base import GameAdapter, Row, TableContext, Tile
from cardgames.core.agents import Hint
from cardgames.core.game import Move
from cardgames.core.text import counted
from cardgames.koikoi import (
    CARDS,
    MONTHS,
    CaptureChoice,
    Card,
    Kind,
    KoiKoiAction,
    KoiKoiDecision,
    KoiKoiState,
    KoiKoiView,
    RibbonKind,
    yaku_progress,
)
from cardgames.koikoi.actions import CAPTURE, KOIKOI, PLAY, STOP
from cardgames.koikoi.events import (
    MatchEnded,
    RoundEnded,
    RoundStarted,
)
from cardgames.koikoi.hints import hint
from cardgames.koikoi.render import (
    agreeing,
    capture_hint,
    describe_event,
    match_line,
    round_results_table,
    round_summary,
    yaku_progress_by_key,
    yaku_score_text,
    yaku_table_renderable,
)

__all__ = ["ADAPTER", "KoiKoiAdapter", "tile_face"]

KIND_GLYPHS: Final = {Kind.BRIGHT: "★", Kind.ANIMAL: "◆", Kind.RIBBON: "▬", Kind.CHAFF: "·"}
"""The kind of a card at a glance: bright, animal, ribbon, chaff."""

_RIBBON_WORDS: Final = {RibbonKind.POETRY: "poem", RibbonKind.BLUE: "blue", RibbonKind.PLAIN: ""}


def picture(card: Card) -> str:
    """The card's picture in the words its tile uses: ``crane``, ``sake-cup``, ``chaff``, and
    for ribbons the tile's mark (``poem``, ``blue``) or ``ribbon`` for a plain one."""
    if card.ribbon is not None:
        return _RIBBON_WORDS[card.ribbon] or "ribbon"
    if card.kind is Kind.CHAFF and not card.is_lightning:
        return "chaff"
    return card.code.split("-", 1)[1]


TILE_TEXT_WIDTH: Final = 9
"""Letters a tile's line holds (app.tcss gives Koi-Koi tiles 9 columns)."""

def tile_face(card: Card) -> Text:
    """Two lines: month and kind (``Nov ★``; a poetry or blue ribbon says so: ``Feb ▬poem``),
    then the card's name as the actions and the log write it after the month (``rain-man``
    for nov-rain-man, ``ribbon`` for feb-ribbon), cut with ``…`` where longer than a tile."""
    month = MONTHS[card.month - 1].abbreviation.capitalize()
    face = Text(f"{month} ", style="bold")
    face.append(KIND_GLYPHS[card.kind], style="bold")
    if card.ribbon is not None:
        face.append(_RIBBON_WORDS[card.ribbon], style="bold")
    name = card.code.split("-", 1)[1]
    if len(name) > TILE_TEXT_WIDTH:
        name = name[: TILE_TEXT_WIDTH - 1] + "…"
    face.append("\n" + name)
    return face


def _tile(card: Card, key: str, keys: frozenset[str], *, capturable: bool = False) -> Tile:
    classes = f"month-{card.month}" + (" -capturable" if capturable else "")
    return Tile(tile_face(card), key if key in keys else None, classes)


def _selected_card(context: TableContext[KoiKoiView]) -> Card | None:
    """The hand card selected now, if any."""
    kind, _, number = (context.selected or "").partition("-")
    return CARDS[int(number)] if kind == "hand" else None


def _rows_of(header: Text, tiles: list[Tile]) -> list[Row]:
    """A header line, then the tiles (they flow onto as many lines as the width needs; the
    header on a line of its own leaves the full width to them)."""
    return [Row("", (), header), Row("", tuple(tiles))]


def pile_text(pile: Sequence[Card]) -> Text:
    """A captured pile by kind on one line: ``★ crane moon  ◆ boar  ▬ poem×2  · 7``."""
    text = Text()
    for kind in Kind:
        cards = [card for card in pile if card.kind is kind]
        if not cards:
            continue
        if text:
            text.append("  ")
        text.append(KIND_GLYPHS[kind] + " ", style="bold")
        if kind is Kind.CHAFF:
            text.append(str(len(cards)))
            continue
        names: dict[str, int] = {}
        for card in cards:
            names[picture(card)] = names.get(picture(card), 0) + 1
        text.append(" ".join(n if c == 1 else f"{n}×{c}" for n, c in names.items()))
    return text or Text("nothing captured yet", style="dim")


def _progress(view: KoiKoiView, seat: int) -> Text:
    near = yaku_progress(view.piles[seat], view.piles[1 - seat], view.rules, view.month)
    return Text(" · ".join(str(p) for p in near[:3]), style="dim")


def _name(view: KoiKoiView, seat: int) -> str:
    return "You" if seat == view.seat else view.players[seat]


def _side(view: KoiKoiView, seat: int) -> list[Row]:
    """A player's header (points, dealer, hand size, koi-koi), pile and yaku."""
    head = Text(_name(view, seat), style="bold cyan" if seat == view.seat else "bold")
    # With banks the scores are the banks (the points won come out of the other's bank).
    head.append(f" bank {view.scores[seat]}" if view.rules.banks
                else f" {counted(view.scores[seat], 'point')}",
                style="bold")
    if seat == view.dealer:
        head.append(" · dealer", style="dim")
    if seat != view.seat:
        head.append(f" · {view.opponent_hand_size} in hand", style="dim")
    calls = view.koikoi_calls[seat]
    if calls:
        head.append(f" · KOI-KOI{'' if calls == 1 else f' ×{calls}'}", style="bold magenta")
    head.append("  ")
    head.append_text(yaku_score_text(view.yaku[seat], none="no yaku"))
    head.append("  ")
    head.append_text(_progress(view, seat))
    return [Row("", (), head), Row("", (), Text("  ").append_text(pile_text(view.piles[seat])))]


def _question(view: KoiKoiView) -> Text | None:
    pending = view.pending
    if pending is None or pending.seat != view.seat:
        return None
    if isinstance(pending, CaptureChoice):
        options = " or ".join(card.code for card in pending.options)
        return Text(f"You turned over {pending.card.code}: which does it take, {options}?",
                    style="bold")
    text = Text("You have ", style="bold")
    text.append_text(yaku_score_text(pending.score))
    text.append(f": koi-koi, or stop and score {pending.stop_points.points}?", style="bold")
    return text


class KoiKoiAdapter(GameAdapter[KoiKoiState, KoiKoiView]):
    """Koi-Koi's table for the app."""

    game = "koikoi"
    tile_class = "koikoi-tile"
    stylesheet = Path(__file__).with_name("koikoi.tcss")

    def title(self, view: KoiKoiView) -> str:
        month = MONTHS[view.month - 1]
        scores = " – ".join(
            f"{_name(view, seat)} {view.scores[seat]}" for seat in (view.seat, 1 - view.seat)
        )
        return (
            f"Koi-Koi · round {view.round_number}/{view.rules.rounds} · "
            f"{month.abbreviation.capitalize()} ({month.flower}) · "
            f"{'banks ' if view.rules.banks else ''}{scores}"
        )

    def rows(self, context: TableContext[KoiKoiView]) -> list[Row]:
        view, keys = context.view, context.keys
        rows = _side(view, 1 - view.seat)
        field = Text(f"Field ({len(view.field)})", style="bold")
        field.append(f"  stock {view.stock_size}", style="dim")
        if isinstance(view.pending, CaptureChoice):
            field.append(f"  turned over: {view.pending.card.code}", style="bold")
        limit = view.rules.max_koikoi_calls
        if limit is not None:
            left = max(0, limit - sum(view.koikoi_calls))
            field.append(f"  koi-koi calls left {left}", style="dim")
        # The field cards the selected hand card would take stand out.
        chosen = _selected_card(context)
        rows += _rows_of(field, [
            _tile(card, f"field-{card.id}", keys,
                  capturable=chosen is not None and card.month == chosen.month)
            for card in view.field
        ])
        rows += _rows_of(
            Text(f"Your hand ({len(view.hand)})", style="bold"),
            [_tile(card, f"hand-{card.id}", keys) for card in view.hand],
        )
        rows += _side(view, view.seat)
        question = _question(view)
        if question is not None:
            rows.append(Row("", (), question))
        return rows

    def keys_of(self, action: KoiKoiAction, view: KoiKoiView) -> tuple[str, ...]:
        if action.kind == PLAY:
            return (f"hand-{action.card}",)
        if action.kind == CAPTURE:
            return (f"field-{action.card}",)
        return ()

    def label(self, action: KoiKoiAction, view: KoiKoiView) -> str:
        if action.kind == PLAY:
            card = CARDS[action.card]
            if action.target >= 0:
                return f"Play {card.code}, take {CARDS[action.target].code}"
            matches = [f.code for f in view.field if f.month == card.month]
            if not matches:
                return f"Play {card.code} onto the field"
            return f"Play {card.code}, take {' and '.join(matches)}"
        if action.kind == CAPTURE:
            return f"Take {CARDS[action.card].code}"
        if action.kind == KOIKOI:
            return "Koi-koi (play on)"
        pending = view.pending
        points = pending.stop_points.points if isinstance(pending, KoiKoiDecision) else 0
        return f"Stop (score {points})"

    def details(self, context: TableContext[KoiKoiView], key: str) -> RenderableType | None:
        chosen = _selected_card(context)
        if chosen is None:
            return None
        view = context.view
        text = Text(f"{chosen.code} ({chosen.description})", style="bold")
        return text.append_text(capture_hint(chosen, view.field, view.rules.capture_all_three))

    def describe(self, move: Move[Any], view: KoiKoiView, viewer: int | None) -> Text:
        players = view.players
        lines: list[Text] = []
        if move.action.kind == STOP:
            who = "You" if move.seat == viewer else players[move.seat]
            lines.append(Text(f"{who} {agreeing(who, 'stop')}.", style="bold"))
        for event in move.events:
            if isinstance(event, RoundEnded):
                lines.append(Text(
                    f"Round {event.result.round_number} over: "
                    + ("banks " if event.banks else "")
                    + " – ".join(f"{players[s]} {t}" for s, t in enumerate(event.totals)),
                    style="bold",
                ))
            elif isinstance(event, RoundStarted):
                dealer = "You" if event.dealer == viewer else players[event.dealer]
                lines.append(Text(f"Round {event.round_number} of {event.rounds}: "
                                  f"{dealer} {agreeing(dealer, 'deal')}", style="bold"))
            elif isinstance(event, MatchEnded):
                lines.append(match_line(event, players))
            else:
                shown = describe_event(event, players, viewer)
                if isinstance(shown, Text):
                    lines.append(shown)
        return Text("\n").join(lines)

    def round_summary(self, move: Move[Any], players: Sequence[str]) -> RenderableType | None:
        for event in move.events:
            if isinstance(event, RoundEnded):
                return round_summary(
                    event.result, players, event.totals, banks=event.banks
                )
        return None

    def final(self, state: KoiKoiState) -> RenderableType:
        ended = state.match_end
        assert ended is not None  # the final screen is shown once the match is over
        rules = state.rules
        return Group(
            match_line(ended, state.players),
            round_results_table(
                state.round_results, state.players,
                rules.starting_bank if rules.banks else None,
            ),
        )

    def help_sections(self, view: KoiKoiView) -> list[tuple[str, RenderableType]]:
        rules = view.rules
        short = Text(
            "Play a card from your hand onto a field card of the same month to capture both "
            "(no match: it stays on the field); then the stock's top card is turned over and "
            "captures the same way. Captured cards form yaku. With a new yaku you choose: "
            "Stop and score the round, or Koi-koi to play on for more — if the opponent then "
            "forms a yaku first, they score instead. A round also ends when the hands are "
            f"empty; the match is {counted(rules.rounds, 'round')}, the highest total wins.\n"
            "On a tile: the month, its kind (★ bright, ◆ animal, ▬ ribbon, · chaff) and its "
            "name as the actions write it (feb-ribbon: Feb ▬poem / ribbon).",
        )
        return [
            ("Koi-Koi in short", short),
            ("Yaku, and where you stand", yaku_table_renderable(
                rules, "", yaku_progress_by_key(view, view.seat)
            )),
        ]

    def hint(self, view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> Hint[KoiKoiAction]:
        return hint(view, legal)


ADAPTER = KoiKoiAdapter()
"""The Koi-Koi adapter."""
