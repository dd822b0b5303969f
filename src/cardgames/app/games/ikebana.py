"""Ikebana at the app's table: each player's bouquet with its best score now, discard tops
(buy one by selecting it), prestige and prices; a per-round table at the end.

Everything in Ikebana is public but the deck's order and the cards under each discard pile's
top, which the seat's :class:`~cardgames.ikebana.IkebanaView` leaves out.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardgames.app.base import GameAdapter, Row, TableContext, Tile
from cardgames.core.agents import Hint
from cardgames.core.game import Move
from cardgames.core.text import counted
from cardgames.ikebana.actions import DRAW, KEEP, REFUSE, Buy, IkebanaAction
from cardgames.ikebana.cards import Card
from cardgames.ikebana.events import GameEnded, RoundScored
from cardgames.ikebana.hints import hint
from cardgames.ikebana.render import (
    bouquet_worth,
    describe_event,
    round_table,
    scoring_reference,
    turn_hint,
)
from cardgames.ikebana.state import IkebanaState
from cardgames.ikebana.view import IkebanaView

__all__ = ["ADAPTER", "IkebanaAdapter", "rounds_table"]

TILE_SPAN = 5
"""Columns a card takes on the table: its width and the space after it (app.tcss)."""


def _tile(card: Card, key: str | None = None) -> Tile:
    return Tile(Text(str(card), style="bold"), key, f"colour-{card.colour_letter}")


def rounds_table(state: IkebanaState) -> Table:
    """Prestige won in each round by each player, and the totals."""
    table = Table(title="Prestige by round", title_justify="left", header_style="bold",
                  box=None, pad_edge=False)
    table.add_column("round")
    for name in state.players:
        table.add_column(name, justify="right")
    for summary in state.round_results:
        table.add_row(str(summary.round), *(f"+{points}" for points in summary.awarded))
    table.add_section()
    start = state.options.starting_prestige
    table.add_row("start", *(str(start) for _ in state.players))
    table.add_row("total", *(str(points) for points in state.scores()), style="bold")
    return table


class IkebanaAdapter(GameAdapter[IkebanaState, IkebanaView]):
    """Ikebana's table for the app."""

    game = "ikebana"
    tile_class = "ikebana-tile"
    stylesheet = Path(__file__).with_name("ikebana.tcss")

    def title(self, view: IkebanaView) -> str:
        text = (
            f"Ikebana · round {view.round}/{view.rules.rounds} · deck {view.deck_size} · "
            f"{view.players[view.starter]} started"
        )
        if view.score_factor > 1:
            text += " · final bouquet: scores double"
        return text

    def rows(self, context: TableContext[IkebanaView]) -> list[Row]:
        view = context.view
        # Column headers over the bouquet's five places and the discard pile's top (select
        # it to buy it); the text after them names itself (prestige, pile, best score). The
        # header's text starts a column right of the cards (the note's padding).
        rows = [Row(Text("player", style="dim"), (), Text(
            f"{'bouquet':<{5 * TILE_SPAN - 1}}discard top", style="dim",
        ))]
        for seat, name in enumerate(view.players):
            marker = "▶" if seat == view.current_player else " "
            who = f"{marker}{name[:6]}"
            top = view.discard_tops[seat]
            tiles = [_tile(card) for card in view.bouquets[seat]]
            tiles += [Tile(Text("  "), None, "empty-slot")] * (5 - len(tiles))
            if top is not None:
                key = f"discard-{seat}"
                tiles.append(_tile(top, key if key in context.keys else None))
            else:
                tiles.append(Tile(Text(" -", style="dim"), None, "empty-slot"))
            note = Text(f"{view.prestige[seat]:>3} prestige  ", style="bold")
            if seat == view.seat:
                note = Text("(you) ", style="bold cyan").append_text(note)
            note.append(f"pile {view.discard_sizes[seat]}  ", style="dim")
            note.append(bouquet_worth(view.bouquets[seat], view.rules.multicolour_wild))
            rows.append(Row(Text(who, style="bold cyan" if seat == view.seat else "bold"),
                            tuple(tiles), note))
        pending = view.pending
        if pending is not None:
            rows.append(Row("", (_tile(pending.card),), Text("drawn", style="bold")))
        rows.append(Row("", (), Text(turn_hint(view, notation=False), style="dim")))
        return rows

    def keys_of(self, action: IkebanaAction, view: IkebanaView) -> tuple[str, ...]:
        return (f"discard-{action.seat}",) if isinstance(action, Buy) else ()

    def label(self, action: IkebanaAction, view: IkebanaView) -> str:
        if action is DRAW:
            return "Draw"
        if action is KEEP:
            return "Keep"
        if action is REFUSE:
            pending = view.pending
            assert pending is not None
            to = "the bank" if pending.payee is None else view.players[pending.payee]
            return f"Refuse (pay {pending.paid} to {to})"
        assert isinstance(action, Buy)
        top = view.discard_tops[action.seat]
        assert top is not None
        return f"Buy {top} from {view.players[action.seat]} for {top.value}"

    def describe(self, move: Move[Any], view: IkebanaView, viewer: int | None) -> Text:
        lines = []
        for event in move.events:
            if isinstance(event, RoundScored):
                lines.append(Text(f"Round {event.round} scored: " + ", ".join(
                    f"{view.players[s]} +{p}" for s, p in enumerate(event.awarded)),
                    style="bold"))
            elif not isinstance(event, GameEnded):
                shown = describe_event(event, view.players)
                if isinstance(shown, Text):
                    lines.append(shown)
        return Text("; ").join(lines) if lines else Text(
            f"{view.players[move.seat]}: {move.action}"
        )

    def round_summary(self, move: Move[Any], players: Sequence[str]) -> RenderableType | None:
        for event in move.events:
            if isinstance(event, RoundScored):
                return round_table(event, players)
        return None

    def final(self, state: IkebanaState) -> RenderableType:
        ended = GameEnded(tuple(state.scores()), tuple(state.winners()))
        parts: list[RenderableType] = [describe_event(ended, state.players), rounds_table(state)]
        if state.round_results:
            parts += [Text(), round_table(state.round_results[-1], state.players)]
        return Group(*parts)

    def help_sections(self, view: IkebanaView) -> list[tuple[str, RenderableType]]:
        rules = view.rules
        short = Text(
            "Each round every player builds a bouquet of five cards, one a turn. On your "
            "turn: Draw the deck's top card, then Keep it (it joins your bouquet) or Refuse "
            "it (it goes on your discard pile, you pay the refusal price — 1, then 2, 3 ... "
            "— and draw again); or buy the top card of another player's discard pile (select "
            "it) for its value, paid to that player. When every bouquet has five cards, the "
            "round is scored: the best bouquet wins the most prestige. After "
            f"{counted(rules.rounds, 'round')} the most prestige wins.\n"
            "Cards: colour letter (R red, G green, K black, B blue, Y yellow, M multicolour) "
            "and value 1-5."
        )
        mine = view.bouquets[view.seat]
        now = Text(f"Your bouquet now: {bouquet_worth(mine, rules.multicolour_wild)}",
                   style="bold")
        return [
            ("Ikebana in short", short),
            ("Scoring", Group(scoring_reference(rules.multicolour_wild), now)),
        ]

    def hint(self, view: IkebanaView, legal: Sequence[IkebanaAction]) -> Hint[IkebanaAction]:
        return hint(view, legal)


ADAPTER = IkebanaAdapter()
"""The Ikebana adapter."""
