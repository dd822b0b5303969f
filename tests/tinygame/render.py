"""The tiny game in text: the table as one seat sees it, moves and the result."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardgames.core.game import Move
from tinygame.actions import Play
from tinygame.view import TinyView

__all__ = ["describe_move", "final_table", "render_view"]


def _cards(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def render_view(view: TinyView) -> RenderableType:
    """The table as `view.seat` sees it: every row with its score, the stock, the hand."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("player")
    table.add_column("row")
    table.add_column("score", justify="right")
    table.add_column("hand", justify="right")
    for seat, name in enumerate(view.players):
        marker = "▶ " if seat == view.current_player else "  "
        table.add_row(
            f"{marker}{name}", _cards(view.rows[seat]), str(sum(view.rows[seat])),
            f"{view.hand_sizes[seat]} cards",
        )
    return Group(
        table,
        Text(f"stock: {view.stock_size} cards"),
        Text(f"your hand: {_cards(view.hand)}", style="bold"),
    )


def describe_move(move: Move[Play], players: Sequence[str]) -> Text:
    """``P1 played 7 and drew a card``: the events' own words after the player's name."""
    return Text(f"{players[move.seat]} {' and '.join(map(str, move.events)) or move.action}")


def final_table(players: Sequence[str], scores: Sequence[int]) -> RenderableType:
    """The result: each player's score, the winners first."""
    best = max(scores)
    table = Table(title="Result", title_justify="left", box=None, pad_edge=False)
    table.add_column("player")
    table.add_column("score", justify="right")
    for seat in sorted(range(len(players)), key=lambda s: -scores[s]):
        table.add_row(players[seat], str(scores[seat]),
                      style="bold" if scores[seat] == best else "")
    return table
