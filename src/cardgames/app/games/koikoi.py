"""Koi-Koi at the app's table: cards as tiles coloured by month, with their kind and picture.

Everything is drawn from the seat's :class:`~cardgames.koikoi.KoiKoiView`; the move log and
the round summaries reuse the line mode's sentences (:mod:`cardgames.koikoi.render`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.text import Text

from cardgames.app.base import GameAdapter, Hint, Row, TableContext, Tile
from cardgames.core.game import Move
from cardgames.koikoi import (
    CARDS,
    MONTHS,
    YAKU,
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
from cardgames.koikoi.bots import (
    KOIKOI_MIN_HAND,
    KOIKOI_MIN_OPPONENT_NEED,
    GreedyBot,
    YakuEvaluator,
)
from cardgames.koikoi.events import (
    MatchEnded,
    RoundEnded,
    RoundStarted,
)
from cardgames.koikoi.render import (
    describe_event,
    match_line,
    round_results_table,
    round_summary,
    yaku_score_text,
)
from cardgames.koikoi.state import CAPTURE, KOIKOI, PLAY, STOP

__all__ = ["ADAPTER", "KoiKoiAdapter", "tile_face"]

KIND_GLYPHS: Final = {Kind.BRIGHT: "★", Kind.ANIMAL: "◆", Kind.RIBBON: "▬", Kind.CHAFF: "·"}
"""The kind of a card at a glance: bright, animal, ribbon, chaff."""

_RIBBON_NAMES: Final = {
    RibbonKind.POETRY: "poetry", RibbonKind.BLUE: "blue", RibbonKind.PLAIN: "ribbon",
}
_SHORT: Final = {"butterflies": "butterfly", "sake-cup": "sake cup", "rain-man": "rain man"}
ROW_LENGTH: Final = 8
"""Tiles per line: eight 10-column tiles fit an 80-column terminal."""


def picture(card: Card) -> str:
    """The card's picture in at most 9 letters: ``crane``, ``poetry``, ``chaff``."""
    if card.ribbon is not None:
        return _RIBBON_NAMES[card.ribbon]
    if card.kind is Kind.CHAFF and not card.is_lightning:
        return "chaff"
    name = card.code.split("-", 1)[1]
    return _SHORT.get(name, name)


def tile_face(card: Card) -> Text:
    """Two lines: month and kind (``Nov ★``), then the picture (``rain man``)."""
    month = MONTHS[card.month - 1].abbreviation.capitalize()
    face = Text(f"{month} ", style="bold")
    face.append(KIND_GLYPHS[card.kind], style="bold")
    face.append("\n" + picture(card))
    return face


def _tile(card: Card, key: str, keys: frozenset[str]) -> Tile:
    return Tile(tile_face(card), key if key in keys else None, f"month-{card.month}")


def _rows_of(header: Text, tiles: list[Tile]) -> list[Row]:
    """A header line, then the tiles in lines of :data:`ROW_LENGTH` (the header on a line of
    its own leaves the full width to the tiles: eight of them fill 80 columns)."""
    rows = [Row("", (), header)]
    rows += [
        Row("", tuple(tiles[start : start + ROW_LENGTH]))
        for start in range(0, len(tiles), ROW_LENGTH)
    ]
    return rows


def pile_text(pile: Sequence[Card]) -> Text:
    """A captured pile by kind on one line: ``★ crane moon  ◆ boar  ▬ poetry ×2  · 7``."""
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
    head.append(f" {view.scores[seat]} pts", style="bold")
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

    def title(self, view: KoiKoiView) -> str:
        month = MONTHS[view.month - 1]
        scores = " – ".join(
            f"{_name(view, seat)} {view.scores[seat]}" for seat in (view.seat, 1 - view.seat)
        )
        return (
            f"Koi-Koi · round {view.round_number}/{view.rules.rounds} · "
            f"{month.abbreviation.capitalize()} ({month.flower}) · {scores}"
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
        rows += _rows_of(field, [_tile(card, f"field-{card.id}", keys) for card in view.field])
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

    def describe(self, move: Move[Any], view: KoiKoiView, viewer: int | None) -> Text:
        players = view.players
        lines: list[Text] = []
        if move.action.kind == STOP:
            lines.append(Text(f"{'You' if move.seat == viewer else players[move.seat]} "
                              f"{'stop' if move.seat == viewer else 'stops'}.", style="bold"))
        for event in move.events:
            if isinstance(event, RoundEnded):
                lines.append(Text(
                    f"Round {event.result.round_number} over: "
                    + " – ".join(f"{players[s]} {t}" for s, t in enumerate(event.totals)),
                    style="bold",
                ))
            elif isinstance(event, RoundStarted):
                lines.append(Text(f"Round {event.round_number} of {event.rounds}: "
                                  f"{players[event.dealer]} deals", style="bold"))
            elif isinstance(event, MatchEnded):
                lines.append(match_line(event, players))
            else:
                shown = describe_event(event, players, viewer)
                if isinstance(shown, Text):
                    lines.append(shown)
        return Text("\n").join(lines)

    def summary(self, move: Move[Any], state: KoiKoiState) -> RenderableType | None:
        for event in move.events:
            if isinstance(event, RoundEnded):
                return round_summary(event.result, state.players, event.totals)
        return None

    def final(self, state: KoiKoiState) -> RenderableType:
        first, second = state.scores()
        return Group(
            match_line(MatchEnded((first, second), state.winner()), state.players),
            round_results_table(state.round_results, state.players),
        )

    def hint(self, view: KoiKoiView, legal: Sequence[KoiKoiAction]) -> Hint:
        bot = GreedyBot(0)
        evaluator = YakuEvaluator(view.rules)
        if isinstance(view.pending, KoiKoiDecision):
            action = bot.decide(view, legal, evaluator)
            return Hint(action, _decision_reason(view, action, evaluator))
        if len(legal) == 1:
            return Hint(legal[0], "it is the only move")
        scores = bot.score_moves(view, legal, evaluator)
        ranked = sorted(zip(scores, range(len(legal)), strict=True), reverse=True)
        best_score, best = ranked[0]
        action = legal[best]
        reason = _move_reason(view, action)
        runner_score, runner = ranked[1]
        reason += (
            f". The greedy bot's evaluation (its yaku potential gained, plus what it denies "
            f"the opponent, minus the risk of giving cards away) rates it {best_score:+.1f}, "
            f"the next best ({legal[runner]}) {runner_score:+.1f}"
        )
        return Hint(action, reason)


def _taken(view: KoiKoiView, action: KoiKoiAction) -> tuple[Card, ...]:
    """The cards the action brings into the seat's pile (played or turned-over card too)."""
    if action.kind == CAPTURE and isinstance(view.pending, CaptureChoice):
        return (view.pending.card, CARDS[action.card])
    card = CARDS[action.card]
    if action.target >= 0:
        return (card, CARDS[action.target])
    matches = tuple(f for f in view.field if f.month == card.month)
    return (card, *matches) if matches else ()


def _move_reason(view: KoiKoiView, action: KoiKoiAction) -> str:
    """What the move does for the seat's yaku and against the opponent's, in words."""
    taken = _taken(view, action)
    mine, theirs = view.piles[view.seat], view.piles[1 - view.seat]
    if not taken:
        return (f"{CARDS[action.card].code} captures nothing: of your cards it is the one the "
                f"opponent is least likely to use")
    before = {p.key: p for p in yaku_progress(mine, theirs, view.rules, view.month)}
    after = yaku_progress((*mine, *taken), theirs, view.rules, view.month)
    gains = [str(p) for p in after if p.key not in before or p.have > before[p.key].have]
    reason = "it takes " + ", ".join(card.code for card in taken)
    formed = view.yaku[view.seat]
    if gains:
        reason += " toward " + ", ".join(gains[:3])
    elif not formed:
        reason += " (no yaku closer, but the cards count)"
    denied = [
        str(p) for p in yaku_progress(theirs, mine, view.rules, view.month)
        if any(card.id in _needed(p.key) for card in taken)
    ]
    if denied:
        reason += "; it keeps them from the opponent's " + ", ".join(denied[:2])
    return reason


def _needed(key: str) -> frozenset[int]:
    """The cards a yaku row counts (for saying what a capture denies)."""
    return _YAKU_CARDS.get(key, frozenset())


_YAKU_CARDS: Final = {row.key: row.cards for row in YAKU}


def _decision_reason(view: KoiKoiView, action: KoiKoiAction, evaluator: YakuEvaluator) -> str:
    """Why the greedy bot calls koi-koi or stops: the facts its risk rule weighs."""
    seat, other = view.seat, 1 - view.seat
    pending = view.pending
    assert isinstance(pending, KoiKoiDecision)
    points = pending.stop_points.points
    if view.round_number >= view.rules.rounds:
        mine, theirs = view.scores[seat], view.scores[other]
        if action.kind == STOP:
            return (f"the last round: stopping now scores {points}, and {mine} + {points} "
                    f"beats the opponent's {theirs}")
        return (f"the last round: stopping scores only {points}, and {mine} + {points} does "
                f"not beat the opponent's {theirs}, so play on for more")
    mine_mask = _mask(view.piles[seat])
    theirs_mask = _mask(view.piles[other])
    month = view.month if view.rules.tsuki_fuda else None
    opponent_need = evaluator.cards_needed(theirs_mask, mine_mask | _mask(view.hand), month)
    own_need = evaluator.cards_needed(mine_mask, theirs_mask, month)
    facts = (
        f"you hold {len(view.hand)} cards (it wants {KOIKOI_MIN_HAND}+), the opponent is "
        f"{_cards(opponent_need)} from a yaku (it wants {KOIKOI_MIN_OPPONENT_NEED}+), and you "
        f"are {_cards(own_need)} from more points (it wants 1)"
    )
    if action.kind == KOIKOI:
        return f"koi-koi: {facts}, so the chance of more is worth the risk"
    if not view.koikoi_allowed:
        return f"stop and score {points}: koi-koi is not allowed any more this round"
    if view.rules.double_at_7 and view.yaku[seat].total >= 7:
        return f"stop and score {points}: your yaku already reach 7, so they are doubled"
    return f"stop and score {points} now: {facts}"


def _cards(count: int) -> str:
    if count >= 99:
        return "no card"
    return f"{count} card{'' if count == 1 else 's'}"


def _mask(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card.id
    return bits


ADAPTER = KoiKoiAdapter()
"""The Koi-Koi adapter."""
