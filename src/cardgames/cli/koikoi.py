"""``cardgames koikoi ...`` (presets, yaku, score, cards) and ``cardgames play koikoi``.

The play command runs the shared terminal session (:mod:`cardgames.terminal`): you
against a bot, the table drawn from your seat's view, moves typed in the notation (``play
nov-rain-man``, ``capture sep-ribbon``, ``koikoi``, ``stop``; cards also as ``11-1`` or ids),
plus the words ``help``, ``moves``, ``yaku``, ``cards``, ``field`` and ``quit``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import typer
from rich.console import Console, Group, RenderableType
from rich.text import Text

from cardgames.cli.commands import fail, game_app, make_play_command
from cardgames.core.errors import CardgamesError, NotationError
from cardgames.core.game import Event
from cardgames.core.options import parse_option_pairs
from cardgames.koikoi import GAME
from cardgames.koikoi.actions import KoiKoiAction
from cardgames.koikoi.cards import card_ids
from cardgames.koikoi.hints import hint
from cardgames.koikoi.render import (
    card_table,
    cards_grid,
    describe_event,
    describe_move,
    field_renderable,
    hand_renderable,
    match_line,
    presets_renderable,
    round_results_table,
    score_pile_renderable,
    table_renderable,
    yaku_status,
    yaku_table_renderable,
)
from cardgames.koikoi.rules import DEFAULT_PRESET, PRESETS, KoiKoiRules, make_rules
from cardgames.koikoi.state import KoiKoiState
from cardgames.koikoi.view import Phase
from cardgames.terminal import GameUI

__all__ = ["HELP_TEXT", "UI", "app", "play"]


def _out() -> Console:
    # Made per command, so that the terminal's width is read when the command runs (a
    # module-level console keeps the width of whenever the module was first imported).
    return Console(highlight=False)


app = game_app("koikoi", "Hanafuda Koi-Koi: presets, the yaku table, scoring a pile, the cards.")

HELP_TEXT = """\
Koi-Koi: capture field cards of the same month, form yaku, then koi-koi (play
on) or stop.

Moves (cards by name, e.g. nov-rain-man, sep-ribbon, mar-chaff-1; as 11-1; as
an id 0..47; or by a picture only one card shows: moon, rain-man, sake-cup):
  play CARD               play a card from your hand (it takes its field
                          match, if any)
  play CARD capture CARD  when two field cards match, name the one you take
  capture CARD            when the card you turned over matches two, name the
                          one it takes
  koikoi                  after forming a yaku: play on for more (risky)
  stop                    after forming a yaku: score now and end the round
Short forms: a bare card plays it (or captures, while choosing); p = play,
k = koikoi, s = stop."""


def _rules(preset: str, option: Sequence[str] = ()) -> KoiKoiRules:
    try:
        return make_rules(preset, **parse_option_pairs(option))
    except CardgamesError as exc:
        raise fail(str(exc)) from None


# ------------------------------------------------------------------ reference commands
@app.command()
def presets() -> None:
    """Print the presets side by side: one column per preset, one row per option."""
    _out().print(presets_renderable(PRESETS))


@app.command()
def yaku(
    rules: str = typer.Option(
        DEFAULT_PRESET, "--preset", "-r", help=f"The preset ({', '.join(PRESETS)})."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A single house rule KEY=VALUE (repeatable), e.g. "
        "-o viewing_yaku_points=3."
    ),
) -> None:
    """Print the yaku table of a preset (with single house rules changed by -o)."""
    chosen = _rules(rules, option)
    overrides = parse_option_pairs(option)  # valid: _rules read them
    title = f"Koi-Koi yaku — preset {rules.strip().lower()}"
    if overrides:
        title += " with " + ", ".join(f"{key}={value}" for key, value in overrides.items())
    _out().print(yaku_table_renderable(chosen, title))


@app.command()
def score(
    cards: list[str] = typer.Argument(
        ..., help="The cards of a pile: names (nov-rain-man), month-index (11-1), ids (40) or "
        "a picture only one card shows (moon)."
    ),
    rules: str = typer.Option(
        DEFAULT_PRESET, "--preset", "-r", help=f"The preset ({', '.join(PRESETS)})."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A single house rule KEY=VALUE (repeatable), e.g. "
        "-o viewing_yaku_points=3."
    ),
    month: int | None = typer.Option(
        None, "--month", "-m", help="The round's month 1..12 (for tsuki-fuda)."
    ),
    koikoi: bool = typer.Option(
        False, "--koikoi", help="The pile's owner has called koi-koi this round."
    ),
    calls: int | None = typer.Option(
        None, "--calls", min=0, max=16, help="How many times the pile's owner has called "
        "koi-koi this round (for own_koikoi_bonus and the growing penalty; implies --koikoi "
        "when above 0)."
    ),
    opponent_koikoi: bool = typer.Option(
        False, "--opponent-koikoi", help="The opponent has called koi-koi this round."
    ),
) -> None:
    """Score a captured pile: its yaku, each with points, the total and the round's points."""
    chosen = _rules(rules, option)
    words = [word for text in cards for word in text.replace(",", " ").split()]
    try:
        ids = card_ids(words)
        renderable = score_pile_renderable(
            ids, chosen, koikoi_called=koikoi, opponent_called=opponent_koikoi, month=month,
            calls=calls,
        )
    except NotationError as exc:
        raise fail(str(exc)) from None
    _out().print(renderable)


@app.command("cards")
def cards_command() -> None:
    """Print the 48 cards with ids, notation, month, flower, kind and names."""
    _out().print(card_table())


# ------------------------------------------------------------------------ playing
def _render(state: KoiKoiState, seat: int) -> RenderableType:
    table = table_renderable(state.view(seat))
    if state.move_count == 0:
        return Group(_start(state, seat), table)
    return table


def _start(state: KoiKoiState, viewer: int | None) -> RenderableType:
    """What happened before the first move: the dealer draw and the first deal."""
    return Group(*(describe_event(e, state.players, viewer) for e in state.start_events))


def _describe(
    state: KoiKoiState,
    actor: int,
    action: KoiKoiAction,
    events: Sequence[Event],
    viewer: int | None,
) -> RenderableType:
    move = describe_move(actor, action, events, state.players, viewer)
    if state.move_count == 1 and actor != viewer:
        # A bot moved first, so the opening table (which shows the start) was never drawn.
        return Group(_start(state, viewer), move)
    return move


def _final(state: KoiKoiState) -> RenderableType:
    rules = state.rules
    ended = state.match_end
    assert ended is not None  # the session shows the final screen once the match is over
    return Group(
        round_results_table(
            state.round_results, state.players, rules.starting_bank if rules.banks else None
        ),
        match_line(ended, state.players),
    )


_PROMPTS: Final = {Phase.DECIDE: "[koikoi or stop] ", Phase.CAPTURE: "[capture which?] "}


def _prompt(state: KoiKoiState, seat: int) -> str:
    return _PROMPTS.get(state.phase) or f"[round {state.round_number} · play] "


def _field_and_hand(state: KoiKoiState, seat: int) -> RenderableType:
    view = state.view(seat)
    return Group(field_renderable(view), Text(), hand_renderable(view))


UI: GameUI[KoiKoiState] = GameUI(
    render=_render,
    help_text=HELP_TEXT,
    commands={
        "yaku": lambda state, seat: yaku_status(state.view(seat)),
        "cards": lambda state, seat: cards_grid(state.view(seat)),
        "field": _field_and_hand,
    },
    command_help={
        "yaku": "both sides' yaku now, and the yaku table of the rules in force",
        "cards": "all 48 cards by month, with where you know each one to be",
        "field": "the field and your hand again",
    },
    describe=_describe,
    final=_final,
    hint=hint,
    prompt=_prompt,
    name_seats=True,
)
"""How Koi-Koi shows itself in the shared terminal session."""


play = make_play_command(GAME, UI)
"""``cardgames play koikoi``: the shared play command with Koi-Koi's table."""
app.command("play")(play)
