"""The tiny game at the full-screen app's table (named by ``GAME.app_adapter``).

One row per player (the cards played, the score) and the seat's own hand, whose cards are
selected to play them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardgames.app.base import GameAdapter, Row, TableContext, Tile
from cardgames.core.agents import Hint
from cardgames.core.game import Move
from tinygame.actions import Play
from tinygame.hints import hint
from tinygame.render import describe_move, final_table
from tinygame.state import TinyState
from tinygame.view import TinyView

__all__ = ["ADAPTER", "TinyAdapter"]


def _key(card: int) -> str:
    return f"card-{card}"


class TinyAdapter(GameAdapter[TinyState, TinyView]):
    """The tiny game's table for the app."""

    game = "tiny"
    tile_class = "tiny-tile"

    def title(self, view: TinyView) -> str:
        return f"Tiny · stock {view.stock_size} · scores {' '.join(map(str, map(sum, view.rows)))}"

    def rows(self, context: TableContext[TinyView]) -> list[Row]:
        view = context.view
        rows = [
            Row(Text(name, style="bold cyan" if seat == view.seat else "bold"),
                tuple(Tile(Text(str(card))) for card in view.rows[seat]),
                Text(f"{sum(view.rows[seat])} points"))
            for seat, name in enumerate(view.players)
        ]
        hand = tuple(
            Tile(Text(str(card), style="bold"),
                 _key(card) if _key(card) in context.keys else None)
            for card in view.hand
        )
        rows.append(Row(Text("Your hand", style="bold"), hand))
        return rows

    def keys_of(self, action: Play, view: TinyView) -> tuple[str, ...]:
        return (_key(action.card),)

    def label(self, action: Play, view: TinyView) -> str:
        return f"Play {action.card}"

    def describe(self, move: Move[Any], view: TinyView, viewer: int | None) -> Text:
        return describe_move(move, view.players)

    def hint(self, view: TinyView, legal: Sequence[Play]) -> Hint[Play]:
        return hint(view, legal)

    def final(self, state: TinyState) -> RenderableType:
        return final_table(state.players, state.scores())


ADAPTER = TinyAdapter()
"""The tiny game's adapter."""
