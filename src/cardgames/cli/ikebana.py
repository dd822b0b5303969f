"""``cardgames ikebana ...`` (score, presets) and ``cardgames play ikebana``.

The play command runs the shared terminal session (:mod:`cardgames.terminal`): you are
P1 (``--seat K`` for PK) against greedy bots, the table drawn from your seat's view,
moves typed in the notation (``draw``, ``keep``, ``refuse``, ``buy P``) plus ``help``,
``moves``, ``scores`` and ``quit`` (the game is saved after every move; ``--resume FILE``
continues it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console, Group, RenderableType
from rich.text import Text

from cardgames.cli.commands import fail, game_app, make_play_command
from cardgames.core.errors import CardgamesError
from cardgames.core.game import Event
from cardgames.ikebana import GAME
from cardgames.ikebana.events import GameEnded
from cardgames.ikebana.hints import hint
from cardgames.ikebana.render import (
    describe_event,
    presets_table,
    round_table,
    score_renderable,
    table_renderable,
)
from cardgames.ikebana.rules import PRESET_DESCRIPTIONS, PRESETS, IkebanaRules, make_rules
from cardgames.ikebana.scoring import score_bouquet
from cardgames.ikebana.state import IkebanaState
from cardgames.terminal import GameUI

__all__ = ["HELP_TEXT", "UI", "app", "play"]

out = Console(highlight=False)

app = game_app("ikebana", "Ikebana: score a bouquet, list the presets.")

HELP_TEXT = """\
Ikebana: each round, add one card a turn to your bouquet until everyone has
five.

At the start of your turn:
  draw       draw the top card, then:
    keep       it joins your bouquet, your turn ends
    refuse     it goes on your discard pile, you pay the refusal price (1, then
               2, 3 ... to the next players on your left) and draw the next
               card
  buy P      take the top card of player P's discard pile (P = player number
             or name: buy 2 or buy P2), paying its value to P; it joins your
             bouquet and your turn ends (never your own pile; choose draw or
             buy before drawing)
A bouquet scores its best combinations (pairs to five of a kind: value x
count; runs 1-2-3-4: 8, 2-3-4-5: 12, 1-2-3-4-5: 15) times the colours: two
colours x2, one of each colour x3, one colour x4. Multicolour (M) cards take
the best colour. Cards: colour letter (R G K B Y M) and value, e.g. K5.
'scores' shows every past round's bouquets with their breakdown."""


# ------------------------------------------------------------------ reference commands
@app.command()
def score(
    cards: list[str] = typer.Argument(
        None, help="Five cards, e.g. R3 G3 K3 B2 Y2 (or one argument 'R3,G3,K3,B2,Y2').",
        show_default=False,
    ),
    sixth_colour: bool = typer.Option(
        False, "--sixth-colour", help="House rule: multicolour is a colour of its own, not a "
        "joker."
    ),
) -> None:
    """Score a five-card bouquet and show how: combinations, colours, multicolour cards."""
    # No cards is not a usage error here: the bouquet check says what a bouquet is.
    try:
        result = score_bouquet(" ".join(cards or ()), multicolour_wild=not sixth_colour)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    out.print(score_renderable(result))


@app.command()
def presets(
    names: list[str] = typer.Argument(
        None, help=f"Only these presets, the first one in full ({', '.join(PRESETS)}); "
        "default: all.", show_default=False,
    ),
) -> None:
    """Print the presets side by side: one column per preset, one row per option."""
    chosen: dict[str, IkebanaRules] = {}
    for name in names or PRESETS:
        try:
            chosen[name.strip().lower()] = make_rules(name)  # an unknown name: one line
        except CardgamesError as exc:
            raise fail(str(exc)) from None
    out.print(presets_table(chosen, PRESET_DESCRIPTIONS, flag=f"--{GAME.preset_word}"))


# ------------------------------------------------------------------------ playing
def _render(state: IkebanaState, seat: int) -> RenderableType:
    return table_renderable(state.view(seat))


def _describe(
    state: IkebanaState, actor: int, action: Any, events: Sequence[Event], viewer: int | None
) -> RenderableType:
    # Ikebana hides nothing a move reveals: a drawn card is face up either way next moment.
    # The events of one move share a line (a refusal and the next draw: "P1 refuses K4 and
    # pays 1 to P2; P1 draws B3"), so a numbered replay stays one line a move; a round's
    # score table follows on its own lines.
    parts: list[RenderableType] = []
    line: Text | None = None
    for event in events:
        if isinstance(event, GameEnded):
            continue  # the final summary says it
        shown = describe_event(event, state.players)
        if isinstance(shown, Text):
            line = shown if line is None else Text("; ").join([line, shown])
            continue
        if line is not None:
            parts.append(line)
            line = None
        parts.append(shown)
    if line is not None:
        parts.append(line)
    return Group(*parts) if parts else Text(f"{state.players[actor]}: {action}")


def _final(state: IkebanaState) -> RenderableType:
    prestige = state.scores()
    winners = state.winners()
    return Group(
        Text("Final prestige: " + ", ".join(
            f"{name} {points}" for name, points in zip(state.players, prestige, strict=True))),
        describe_event(GameEnded(tuple(prestige), tuple(winners)), state.players),
    )


def _prompt(state: IkebanaState, seat: int) -> str:
    # The kinds of the legal actions, in their order: "draw or buy", "keep or refuse" ...
    kinds = dict.fromkeys(action.kind for action in state.legal_actions())
    return f"[round {state.round_number} · {' or '.join(map(str, kinds))}] "


def _scores(state: IkebanaState, seat: int) -> RenderableType:
    rounds = state.round_results
    if not rounds:
        return Text("No round has been scored yet.")
    return Group(*(round_table(summary, state.players) for summary in rounds))


UI: GameUI[IkebanaState] = GameUI(
    render=_render,
    help_text=HELP_TEXT,
    commands={"scores": _scores},
    command_help={"scores": "every past round's bouquets with their scores"},
    describe=_describe,
    final=_final,
    hint=hint,
    prompt=_prompt,
)
"""How Ikebana shows itself in the shared terminal session."""


play = make_play_command(GAME, UI)
"""``cardgames play ikebana``: the shared play command with Ikebana's table."""
app.command("play")(play)
