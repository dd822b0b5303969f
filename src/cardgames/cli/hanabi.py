"""``cardgames hanabi ...`` and ``cardgames play hanabi``.

``cardgames hanabi variants`` lists the named variants; ``cardgames hanabi export-hanablive``
and ``import-hanablive`` convert between our records and hanab.live JSON exports.
``cardgames play hanabi`` seats you at one seat with convention bots in the others, through
the shared terminal session (``help``, ``moves``, ``quit``, autosave, ``--resume``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from cardgames.cli.commands import fail, game_app, make_play_command
from cardgames.core.errors import CardgamesError, clip, did_you_mean
from cardgames.core.game import Event
from cardgames.core.limits import load_json, read_text
from cardgames.core.record import Record
from cardgames.hanabi import GAME
from cardgames.hanabi.cards import counted
from cardgames.hanabi.catalogue import hanablive_names
from cardgames.hanabi.hanablive import from_hanablive, to_hanablive
from cardgames.hanabi.hints import hint
from cardgames.hanabi.names import variant, variant_names
from cardgames.hanabi.render import (
    card_text,
    describe_move,
    final_summary,
    render_view,
    variant_text,
    variants_table,
)
from cardgames.hanabi.state import HanabiState
from cardgames.terminal import GameUI

__all__ = ["UI", "app", "play"]

app = game_app("hanabi", "Hanabi: variants, hanab.live conversion, and play.")


def _out() -> Console:
    # Made per command, so the terminal's width is read when the command runs.
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)

HELP_TEXT = """\
Moves (slot 1 is your newest card; players are seat numbers or names):
  play N              play the card in slot N
  discard N           discard slot N (not with every clue token available)
  clue P COLOUR       clue player P about a colour: clue 2 red (or clue 2 R)
  clue P RANK         clue player P about a rank: clue 2 3
  play deck           deck plays: play the last card of the pile blind
  discard deck        deck plays with an orange suit: discard it blind
  bonus clue P VALUE  bonus tile 3/4: the free clue you give
  bonus reshuffle R3  bonus tile 5: the discard shuffled back into the pile
  bonus play R3       bonus tile 6: the discard played onto its firework
Your own slots show what the clues left possible: suit letters, then ranks
('?' = any); a '*' marks a card a clue touched."""


def _render(state: HanabiState, seat: int) -> RenderableType:
    return render_view(state.view(seat))


def _describe(
    state: HanabiState, actor: int, action: Any, events: Sequence[Event], viewer: int | None
) -> RenderableType:
    names = [f"{name} (you)" if seat == viewer else name
             for seat, name in enumerate(state.players)]
    return describe_move(names[actor], str(action), list(events), names, state.variant,
                         viewer)


def _final(state: HanabiState) -> RenderableType:
    summary = final_summary(state.score, state.max_score, state.rating, state.end_reason)
    if not state.is_over:
        return summary
    # The game is over: nothing is hidden any more, so every hand is shown.
    hands = Text("Hands at the end: ", style="dim")
    for seat, name in enumerate(state.players):
        if seat:
            hands.append("; ", style="dim")
        hands.append(f"{name} ", style="dim")
        cards = state.hand(seat)
        hands.append_text(Text(" ").join(card_text(card, state.variant) for card in cards)
                          if cards else Text("-", style="dim"))
    return Group(summary, hands)


def _discards(state: HanabiState, seat: int) -> RenderableType:
    view = state.view(seat)
    if not view.discards:
        return Text("the discard pile is empty")
    return Text("Discards, oldest first: " + " ".join(map(str, view.discards)))


def _suggest(state: HanabiState, seat: int) -> RenderableType:
    # The word from before hints; the hint's move without its reason.
    move = hint(state.view(seat), state.legal_actions()).action
    return Text(f"the convention bot would play: {move}")


def _rules(state: HanabiState) -> RenderableType:
    """The game's variant: its name and maximum score, what is special, the clues offered."""
    return variant_text(state.variant)


def _prompt(state: HanabiState, seat: int) -> str:
    # From the seat's view: Throw It in a Hole hides burned fuses, and clue starved has
    # half tokens.
    view = state.view(seat)
    tokens = (f"{view.clue_tokens}½ clues" if view.half_clue_token
              else counted(view.clue_tokens, "clue"))
    fuses = "fuses ?" if view.hole is not None and not view.is_over else counted(
        view.fuses, "fuse")
    return f"[{tokens}, {fuses}, deck {view.deck_size}] "


UI: GameUI[HanabiState] = GameUI(
    render=_render,
    help_text=HELP_TEXT,
    commands={"discards": _discards, "table": _render, "suggest": _suggest,
              "rules": lambda state, seat: _rules(state)},
    command_help={
        "rules": "this game's variant: its suits, clues and special rules",
        "discards": "list the discard pile",
        "table": "draw the table again",
        "suggest": "the move the convention bot would make in your seat (hint: and why)",
    },
    describe=_describe,
    final=_final,
    hint=hint,
    prompt=_prompt,
    rules=_rules,
)
"""How Hanabi shows itself at the terminal."""


@app.command("variants")
def list_variants(
    search: str | None = typer.Option(
        None, "--search", "-s", metavar="WORDS",
        help="Only the variants whose name holds every one of these words, any case "
        "(hanab.live's included): --search prism, --search \"dark 5 suits\"."),
    every: bool = typer.Option(
        False, "--all", help="Every variant name, hanab.live's 2,426 included, one a line "
        "(for a pager or grep)."),
    limit: int = typer.Option(
        40, "--limit", "-n", min=0, help="Show at most N matches of a search (0: all)."),
) -> None:
    """List the named variants; --search or --all list hanab.live's too, each with its
    maximum score and suits. Any name listed plays: cardgames play hanabi --variant NAME."""
    if search is None and not every:
        _out().print(variants_table())
        _out().print(Text(
            f"and hanab.live's {len(hanablive_names()):,} variants by name: --search WORDS "
            "finds them (e.g. --search prism), --all lists every one", style="dim"))
        return
    names = list(dict.fromkeys(variant_names()))
    matched = names
    if search is not None:
        words = search.casefold().split()
        if not words:
            raise fail("--search needs a word, such as --search prism")
        matched = [name for name in names if all(w in name.casefold() for w in words)]
        if not matched:
            vocabulary = {w for name in names for w in name.casefold().split()}
            missing = next((w for w in words if not any(w in name.casefold() for name in names)),
                           words[0])
            raise fail(f"no variant name holds {search!r}{did_you_mean(missing, vocabulary)}; "
                       "--all lists every name")
    shown = matched if every or not limit else matched[:limit]
    width = min(max(map(len, shown)), 44)
    if search is not None:
        typer.echo(f"{counted(len(matched), 'variant')} named with {search!r} "
                   "(name, maximum score, suits):")
    for name in shown:
        found = variant(name)
        typer.echo(f"{name:<{width}} {found.max_score:>3}  {', '.join(found.suit_names)}")
    if len(shown) < len(matched):
        typer.echo(f"... and {len(matched) - len(shown)} more: --limit 0 shows them all, "
                   "more words narrow the search")


@app.command("export-hanablive")
def export_hanablive(
    record: Path = typer.Argument(..., help="A cardgames Hanabi record (.json)."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here (default: "
                                       "standard output)."),
) -> None:
    """Convert one of our Hanabi records to a hanab.live JSON export."""
    try:
        text = read_text(record, "record")
        state = GAME.replay(Record.from_json(text, source=clip(str(record))))
        exported = json.dumps(to_hanablive(state), indent=1)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    _write(exported, output)


@app.command("import-hanablive")
def import_hanablive(
    export: Path = typer.Argument(..., help="A hanab.live JSON export."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write here (default: "
                                       "standard output)."),
) -> None:
    """Replay a hanab.live export and write it as one of our records."""
    try:
        data = load_json(read_text(export, "export"), repr(clip(str(export))))
        state = from_hanablive(data)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    _write(state.record().to_json(), output)
    _err().print(escape(state.result_text()))


def _write(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {str(output)!r}: {exc.strerror}") from None


play = make_play_command(GAME, UI)
"""``cardgames play hanabi``: the shared play command with Hanabi's table."""
app.command("play")(play)
