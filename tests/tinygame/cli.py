"""``cardgames tiny ...`` and ``cardgames play tiny``: the tiny game's commands.

The play command is the shared one (the same flags as every game's); the game gives only how
it shows itself at the terminal (:data:`UI`) and one command of its own (``cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType

from cardgames.cli.commands import game_app, make_play_command
from cardgames.core.game import Event, Move
from cardgames.terminal import GameUI
from tinygame import GAME
from tinygame.cards import CARDS
from tinygame.hints import hint
from tinygame.render import describe_move, final_table, render_view
from tinygame.state import TinyState

__all__ = ["HELP_TEXT", "UI", "app", "play"]

app = game_app("tiny", "Tiny: the nine-card test game.")

HELP_TEXT = """\
Tiny: play one card from your hand onto your row each turn (play N), then draw.
Your score is the sum of your row; the game ends when every hand is empty."""


def _describe(
    state: TinyState, actor: int, action: Any, events: Sequence[Event], viewer: int | None
) -> RenderableType:
    return describe_move(Move(actor, action, tuple(events)), state.players)


UI: GameUI[TinyState] = GameUI(
    render=lambda state, seat: render_view(state.view(seat)),
    help_text=HELP_TEXT,
    describe=_describe,
    final=lambda state: final_table(state.players, state.scores()),
    hint=hint,
)
"""How the tiny game shows itself in the line mode."""

play = make_play_command(GAME, UI)
app.command("play")(play)


@app.command()
def cards() -> None:
    """List the cards of the deck."""
    Console(highlight=False).print(" ".join(map(str, CARDS)))
