"""Drawing Ikebana with rich: the table from one seat's view, moves, round summaries.

Everything here reads a :class:`~cardgames.ikebana.view.IkebanaView` or events, never the
state's hidden parts, and the rules modules never import it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardgames.core.game import Event
from cardgames.core.text import counted
from cardgames.ikebana.cards import COLOUR_LETTERS, Card
from cardgames.ikebana.events import (
    Bought,
    Drew,
    GameEnded,
    Kept,
    Refused,
    Reshuffled,
    RoundScored,
)
from cardgames.ikebana.rules import IkebanaRules
from cardgames.ikebana.scoring import (
    BOUQUET_SIZE,
    BouquetScore,
    Combination,
    CombinationKind,
    combination_points,
    multiplier_name,
    score_bouquet,
)
from cardgames.ikebana.view import IkebanaView, Phase

__all__ = [
    "bouquet_text",
    "bouquet_worth",
    "card_text",
    "combinations_text",
    "describe_event",
    "presets_table",
    "round_table",
    "score_renderable",
    "scoring_reference",
    "table_aids",
    "table_renderable",
    "turn_hint",
]

_STYLES = {
    "R": "bold red",
    "G": "bold green",
    "K": "bold black on white",
    "B": "bold blue",
    "Y": "bold yellow",
    "M": "bold magenta",
}


def card_text(card: Card) -> Text:
    """A card in its colour."""
    return Text(str(card), style=_STYLES[card.colour_letter])


def bouquet_text(cards: Sequence[Card]) -> Text:
    """Cards side by side, coloured; ``-`` for none."""
    if not cards:
        return Text("-", style="dim")
    return Text(" ").join(card_text(card) for card in cards)


def table_aids(view: Any) -> dict[str, Any]:
    """What a table shows beside the cards (the server's ``table_aids`` hook): ``worth``,
    each bouquet's best score now in words (:func:`bouquet_worth`), from a seat's view or
    the public view."""
    wild = view.rules.multicolour_wild
    return {"worth": [bouquet_worth(bouquet, wild) for bouquet in view.bouquets]}


def bouquet_worth(cards: Sequence[Card], multicolour_wild: bool = True) -> str:
    """A bouquet's best score now: the full score once it has five cards (``32 = 16 x2``),
    else its combinations so far (``6: pair of 3s``; the colour multiplier only exists for
    five cards)."""
    if len(cards) == BOUQUET_SIZE:
        result = score_bouquet(cards, multicolour_wild=multicolour_wild)
        return f"{result.total} = {result.points} x{result.multiplier}"
    points, combos = combination_points(cards)
    if not combos:
        return "0"
    return f"{points}: " + " + ".join(map(_short, combos))


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def _short(combo: Combination) -> str:
    """A combination in a few letters, without its points (``two 3s``, ``run 1-2-3-4``)."""
    if combo.kind is CombinationKind.RUN:
        return combo.name
    return f"{_COUNT_WORDS[len(combo.values)]} {combo.values[0]}s"


def combinations_text(combos: Sequence[Combination], points: int) -> str:
    """Combinations and their total in a few letters: ``three 4s + two 1s = 14``, or ``none``."""
    if not combos:
        return "none"
    return " + ".join(map(_short, combos)) + f" = {points}"


def _player_label(view: IkebanaView, seat: int) -> str:
    return view.players[seat] + (" (you)" if seat == view.seat else "")


def _price_text(view: IkebanaView, price: int, payee: int | None) -> str:
    return f"{price} to {'the bank' if payee is None else view.players[payee]}"


def turn_hint(view: IkebanaView, *, notation: bool = True) -> str:
    """What the seat to act may do now, with the prices (the sentence of ``view.phase`` and
    ``view.pending``); in the prompt's words (``buy 2``), or without `notation` in the app's
    (its buttons Draw, Keep and Refuse; a pile's top card is selected to buy it)."""
    seat = view.current_player
    if view.phase is Phase.OVER or seat is None:
        return "The game is over."
    name = view.players[seat]
    pending = view.pending
    if pending is not None:
        price = _price_text(view, pending.paid, pending.payee)
        if not pending.can_refuse:
            return (
                f"{name} drew {pending.card} and must keep it: refusing would cost "
                f"{_price_text(view, pending.price, pending.payee)}, more than {name}'s "
                f"{view.prestige[seat]} prestige."
            )
        if pending.paid < pending.price:  # pay-what-you-have: the rest of the prestige
            price = f"{pending.price}; {name} would pay all {name} has, {price}"
        return f"{name} drew {pending.card}: keep it, or refuse it (refusal costs {price})."
    affordable = [
        (s, top) for s, top in enumerate(view.discard_tops)
        if top is not None and s != seat and top.value <= view.prestige[seat]
    ]
    first = _price_text(view, 1, view.next_refusal_payee)
    if not notation:
        text = f"{name} to play: Draw (a first refusal would cost {first})"
        if not affordable:
            return text + "."
        return text + ", or select a discard pile's top card to buy it: " + ", ".join(
            f"{view.players[s]}'s {top} for {top.value}" for s, top in affordable
        ) + "."
    buys = [f"buy {s + 1} ({view.players[s]}'s {top} for {top.value})" for s, top in affordable]
    text = f"{name} to play: draw (a first refusal would cost {first})"
    return text + (", or " + ", ".join(buys) if buys else "") + "."


def table_renderable(view: IkebanaView) -> RenderableType:
    """The whole table as `view.seat` sees it (fits 80 columns with 5 players)."""
    header = Text(
        f"Round {view.round}/{view.rules.rounds} · deck {counted(view.deck_size, 'card')} · "
        f"{view.players[view.starter]} started"
    )
    if view.score_factor > 1:
        header.append(" · final bouquet: scores double this round", style="bold")
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("player", no_wrap=True)
    table.add_column("prestige", justify="right")
    table.add_column("bouquet", no_wrap=True)
    table.add_column("score now")
    table.add_column("discard (cards)", no_wrap=True)
    for seat in range(len(view.players)):
        marker = "▶ " if seat == view.current_player else "  "
        top = view.discard_tops[seat]
        pile = Text()
        if top is not None:
            pile.append_text(card_text(top))
            pile.append(f" ({view.discard_sizes[seat]})", style="dim")
        else:
            pile.append("-", style="dim")
        table.add_row(
            str(seat + 1),
            marker + _player_label(view, seat),
            str(view.prestige[seat]),
            bouquet_text(view.bouquets[seat]),
            bouquet_worth(view.bouquets[seat], view.rules.multicolour_wild),
            pile,
        )
    parts: list[RenderableType] = [header, table]
    if view.discard_piles is not None:
        for seat, pile_cards in enumerate(view.discard_piles):
            if pile_cards:
                parts.append(Text(f"  {view.players[seat]}'s pile (bottom first): ").append_text(
                    bouquet_text(pile_cards)))
    parts.append(Text(turn_hint(view)))
    return Group(*parts)


def score_renderable(result: BouquetScore) -> RenderableType:
    """A scored bouquet with its breakdown (for ``cardgames ikebana score``)."""
    lines = Text()
    lines.append_text(bouquet_text(result.cards))
    lines.append(f": {result.total}\n", style="bold")
    lines.append(f"  combinations: {result.describe_combinations()} ({result.points})\n")
    lines.append(f"  colours: {result.colour_combination} x{result.multiplier}")
    jokers = result.describe_multicolour()
    if jokers:
        lines.append(f"\n  multicolour: {jokers}")
    return lines




def round_table(summary: RoundScored, names: Sequence[str]) -> RenderableType:
    """The end of a round: every bouquet with its breakdown and the prestige after it
    (fits 80 columns with 5 players)."""
    doubled = any(a != r.total for a, r in zip(summary.awarded, summary.scores, strict=True))
    title = f"Round {summary.round} scored" + (
        " (final bouquet: every score doubled)" if doubled else ""
    )
    table = Table(
        title=title, title_justify="left", header_style="bold",
        box=None, pad_edge=False,
    )
    table.add_column("player", no_wrap=True)
    table.add_column("bouquet", no_wrap=True)
    table.add_column("combinations")
    table.add_column("colours")
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("prestige", justify="right")
    # Only multicolour cards whose colour mattered are named, in the column and the legend.
    played = ", ".join(filter(None, (result.describe_multicolour() for result in summary.scores)))
    for seat, result in enumerate(summary.scores):
        colours = f"x{result.multiplier}"
        if result.multicolour_choices:
            colours += " (" + ", ".join(
                f"{card}={COLOUR_LETTERS[colour]}" for card, colour in result.multicolour_choices
            ) + ")"
        table.add_row(
            names[seat],
            bouquet_text(result.cards),
            combinations_text(result.combinations, result.points),
            colours,
            str(summary.awarded[seat]),
            str(summary.prestige[seat]),
        )
    legend = Text("colours x2: two only, x3: all five, x4: all one, x1: other", style="dim")
    if played:
        # Wrapped here, not by the console, so the summary fits 80 columns in any terminal.
        legend.append("\n" + textwrap.fill(f"multicolour cards: {played}", width=80))
    if summary.next_starter is not None:
        return Group(
            table, legend, Text(f"{names[summary.next_starter]} starts the next round.")
        )
    return Group(table, legend)


def describe_event(event: Event, names: Sequence[str]) -> RenderableType:
    """One event in words, with the players' names."""
    if isinstance(event, Drew):
        return Text(f"{names[event.seat]} draws ").append_text(card_text(event.card))
    if isinstance(event, Kept):
        return Text(f"{names[event.seat]} keeps ").append_text(card_text(event.card))
    if isinstance(event, Refused):
        to = "the bank" if event.payee is None else names[event.payee]
        short = f" (of {event.price})" if event.paid != event.price else ""
        return (
            Text(f"{names[event.seat]} refuses ")
            .append_text(card_text(event.card))
            .append(f" and pays {event.paid}{short} to {to}")
        )
    if isinstance(event, Bought):
        return (
            Text(f"{names[event.seat]} buys ")
            .append_text(card_text(event.card))
            .append(f" from {names[event.seller]} for {event.price}")
        )
    if isinstance(event, Reshuffled):
        return Text(str(event), style="italic")
    if isinstance(event, RoundScored):
        return round_table(event, names)
    if isinstance(event, GameEnded):
        winners = " and ".join(names[seat] for seat in event.winners)
        verb = "share the victory" if len(event.winners) > 1 else "wins"
        return Text(f"{winners} {verb} with {max(event.prestige)} prestige.", style="bold")
    return Text(str(event))


def presets_table(
    presets: Mapping[str, IkebanaRules], descriptions: Mapping[str, str], flag: str = "--preset"
) -> RenderableType:
    """The presets side by side, one row per option (its full name, as ``-o`` takes it):
    the first preset's values, then only where another preset differs (``·``: the same).
    `flag` is the play option that chooses a preset, for the title."""
    table = Table(title=f"Ikebana presets (play {flag} NAME)", title_justify="left",
                  header_style="bold", box=None, pad_edge=False)
    names = list(presets)
    table.add_column("option (-o KEY=VALUE)", no_wrap=True)
    for name in names:
        table.add_column(name, overflow="fold")
    rows = {name: presets[name].to_dict() for name in names}
    base = rows[names[0]]
    for option, value in base.items():
        others = [
            "·" if rows[name][option] == value else str(rows[name][option]).lower()
            for name in names[1:]
        ]
        table.add_row(option, str(value).lower(), *others)
    notes = Text("\n".join(f"{name}: {descriptions.get(name, '')}" for name in names))
    return Group(table, Text(), notes)


def scoring_reference(multicolour_wild: bool = True) -> Table:
    """How a bouquet scores: each combination's points, then each colour multiplier (the
    numbers are the scoring module's own)."""
    table = Table(title="Bouquet scoring", title_justify="left", header_style="bold",
                  box=None, pad_edge=False)
    table.add_column("five cards hold")
    table.add_column("points", justify="right")
    for count in range(2, BOUQUET_SIZE + 1):
        table.add_row(f"{_COUNT_WORDS[count]} of a kind", f"value x{count}")
    for run in ("1 2 3 4", "2 3 4 5", "1 2 3 4 5"):
        cards = " ".join(f"R{value}" for value in run.split())
        table.add_row(f"run {run.replace(' ', '-')}", str(combination_points(cards)[0]))
    table.add_section()
    for multiplier in (2, 3, 4):
        table.add_row(multiplier_name(multiplier), f"total x{multiplier}")
    table.caption = (
        "each card counts in one combination at most; "
        + ("a multicolour card (M) takes the colour that scores best" if multicolour_wild
           else "multicolour (M) is a sixth colour")
    )
    return table
