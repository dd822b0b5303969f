"""``cardgames koikoi ...`` (presets, yaku, score, cards) and ``cardgames play koikoi``.

The play command runs the shared terminal session (:mod:`cardgames.core.terminal`): you
against a bot, the table drawn from your seat's view, moves typed in the notation (``play
nov-rain-man``, ``capture sep-ribbon``, ``koikoi``, ``stop``; cards also as ``11-1`` or ids),
plus the words ``help``, ``moves``, ``yaku``, ``cards``, ``field`` and ``quit``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group, RenderableType
from rich.text import Text

from cardgames.core.errors import CardgamesError, NotationError
from cardgames.core.game import Event, State
from cardgames.core.options import parse_option_pairs
from cardgames.core.terminal import GameUI, fail, play_command
from cardgames.koikoi import GAME
from cardgames.koikoi.bots import BOTS
from cardgames.koikoi.cards import card_ids
from cardgames.koikoi.events import MatchEnded
from cardgames.koikoi.render import (
    card_table,
    cards_grid,
    describe_event,
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
from cardgames.koikoi.state import STOP, KoiKoiAction, KoiKoiState

__all__ = ["HELP_TEXT", "UI", "app", "play"]

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

app = typer.Typer(
    name="koikoi",
    help="Hanafuda Koi-Koi: presets, the yaku table, scoring a pile, the cards.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

HELP_TEXT = """\
Koi-Koi: capture field cards of the same month, form yaku, then koi-koi (play on) or stop.

Moves (cards by name, e.g. nov-rain-man, sep-ribbon, mar-chaff-1; as 11-1; as an id 0..47;
or by a picture only one card shows: moon, rain-man, sake-cup):
  play CARD                play a card from your hand (it takes its field match, if any)
  play CARD capture CARD   when two field cards match, name the one you take
  capture CARD             when the card you turned over matches two, name the one it takes
  koikoi                   after forming a yaku: play on for more (risky)
  stop                     after forming a yaku: score now and end the round
Short forms: a bare card plays it (or captures, while choosing); p = play, k = koikoi, s = stop."""


def _rules(preset: str, option: Sequence[str] = ()) -> KoiKoiRules:
    try:
        return make_rules(preset, **parse_option_pairs(option))
    except CardgamesError as exc:
        raise fail(str(exc)) from None


# ------------------------------------------------------------------ reference commands
@app.command()
def presets() -> None:
    """Print the presets side by side: one column per preset, one row per option."""
    out.print(presets_renderable(PRESETS))


@app.command()
def yaku(
    rules: str = typer.Option(
        DEFAULT_PRESET, "--rules", "-r", help=f"The preset ({', '.join(PRESETS)})."
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
    out.print(yaku_table_renderable(chosen, title))


@app.command()
def score(
    cards: list[str] = typer.Argument(
        ..., help="The cards of a pile: names (nov-rain-man), month-index (11-1), ids (40) or "
        "a picture only one card shows (moon)."
    ),
    rules: str = typer.Option(
        DEFAULT_PRESET, "--rules", "-r", help=f"The preset ({', '.join(PRESETS)})."
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
            ids, chosen, koikoi_called=koikoi, opponent_called=opponent_koikoi, month=month
        )
    except NotationError as exc:
        raise fail(str(exc)) from None
    out.print(renderable)


@app.command("cards")
def cards_command() -> None:
    """Print the 48 cards with ids, notation, month, flower, kind and names."""
    out.print(card_table())


# ------------------------------------------------------------------------ playing
def _view_of(state: State[Any], seat: int) -> Any:
    assert isinstance(state, KoiKoiState)
    return state.view(seat)


def _render(state: State[Any], seat: int) -> RenderableType:
    table = table_renderable(_view_of(state, seat))
    if state.move_count == 0:
        return Group(_start(state, seat), table)
    return table


def _start(state: State[Any], viewer: int | None) -> RenderableType:
    """What happened before the first move: the dealer draw and the first deal."""
    assert isinstance(state, KoiKoiState)
    return Group(*(describe_event(e, state.players, viewer) for e in state.start_events))


def _describe(
    state: State[Any], actor: int, action: Any, events: Sequence[Event], viewer: int | None
) -> RenderableType:
    parts: list[RenderableType] = []
    if state.move_count == 1 and actor != viewer:
        # A bot moved first, so the opening table (which shows the start) was never drawn.
        parts.append(_start(state, viewer))
    if isinstance(action, KoiKoiAction) and action.kind == STOP:
        who, s = ("You", "") if actor == viewer else (state.players[actor], "s")
        parts.append(Text(f"{who} stop{s} and score{s}.", style="bold"))
    for event in events:
        if isinstance(event, MatchEnded):
            continue  # the final summary says it
        parts.append(describe_event(event, state.players, viewer))
    return Group(*parts)


def _final(state: State[Any]) -> RenderableType:
    assert isinstance(state, KoiKoiState)
    first, second = state.scores()
    winner = state.winner()
    return Group(
        round_results_table(state.round_results, state.players),
        match_line(MatchEnded((first, second), winner), state.players),
    )


def _prompt(state: State[Any], seat: int) -> str:
    assert isinstance(state, KoiKoiState)
    phase = state.phase
    if phase == "decide":
        return "[koikoi or stop] "
    if phase == "capture":
        return "[capture which?] "
    return f"[round {state.round_number} · play] "


def _field_and_hand(state: State[Any], seat: int) -> RenderableType:
    view = _view_of(state, seat)
    return Group(field_renderable(view), Text(), hand_renderable(view))


UI = GameUI(
    render=_render,
    help_text=HELP_TEXT,
    commands={
        "yaku": lambda state, seat: yaku_status(_view_of(state, seat)),
        "cards": lambda state, seat: cards_grid(_view_of(state, seat)),
        "field": _field_and_hand,
    },
    command_help={
        "yaku": "both sides' yaku now, and the yaku table of the rules in force",
        "cards": "all 48 cards by month, with where you know each one to be",
        "field": "the field and your hand again",
    },
    describe=_describe,
    final=_final,
    prompt=_prompt,
)
"""How Koi-Koi shows itself in the shared terminal session."""


def play(
    rules: str = typer.Option(
        DEFAULT_PRESET, "--rules", "-r", help=f"The preset ({', '.join(PRESETS)})."
    ),
    rounds: int | None = typer.Option(
        None, "--rounds", "-n", help="Rounds in the match (default: the preset's, 12)."
    ),
    seed: int | None = typer.Option(
        None, "--seed", "-s", help="Seed of the deal (random if not given)."
    ),
    opponent: str = typer.Option(
        "greedy", "--opponent", "-b", help=f"The bot you play against ({', '.join(BOTS)})."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A single house rule KEY=VALUE (repeatable), e.g. "
        "-o max_koikoi_calls=unlimited; see 'cardgames koikoi presets'."
    ),
    autoplay: bool = typer.Option(False, "--autoplay", help="Let bots play both seats; watch."),
    resume: Path | None = typer.Option(
        None, "--resume", help="Continue the game saved in FILE (after quit or end of input)."
    ),
    save: Path | None = typer.Option(
        None, "--save", help="Save the game to FILE after every move (default: a file under "
        "$CARDGAMES_HOME)."
    ),
) -> None:
    """Play Koi-Koi against a bot in the terminal (you deal or play second by the draw)."""
    values: dict[str, Any] = {"preset": rules}
    if rounds is not None:
        values["rounds"] = rounds
    play_command(
        GAME,
        option_values=values,
        ui=UI,
        seed=seed,
        human_seat=1,
        bots=[opponent],
        autoplay=autoplay,
        resume=resume,
        save=save,
        names=None if autoplay else ("You", opponent.capitalize()),
        option_pairs=option,
    )
