"""Koi-Koi at the terminal: rich renderables for cards, piles, yaku, tables and summaries.

Everything a seat's table shows comes from that seat's view (``state.view(seat)``): the
opponent's hand and the stock order are never drawn. Cards are written in the notation the
prompt accepts (``nov-rain-man``) and coloured by kind: brights gold, animals green, poetry
ribbons red, blue ribbons blue, plain ribbons magenta, chaff grey.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardgames.core.text import counted
from cardgames.koikoi.actions import STOP, KoiKoiAction
from cardgames.koikoi.cards import CARDS, MONTHS, Card, Kind
from cardgames.koikoi.events import (
    CardPlayed,
    ChoiceRequired,
    DealerChosen,
    KoiKoiCalled,
    LuckyHand,
    MatchEnded,
    Redealt,
    RoundEnd,
    RoundEnded,
    RoundResult,
    RoundStarted,
    YakuFormed,
)
from cardgames.koikoi.rules import PRESET_DESCRIPTIONS, KoiKoiPenalty, KoiKoiRules
from cardgames.koikoi.view import CaptureChoice, KoiKoiView
from cardgames.koikoi.yaku import (
    RoundPoints,
    YakuScore,
    round_points,
    score_yaku,
    yaku_progress,
    yaku_table,
)

__all__ = [
    "KIND_STYLES",
    "agreeing",
    "capture_hint",
    "card_style",
    "card_table",
    "card_text",
    "cards_grid",
    "cards_or",
    "cards_text",
    "describe_event",
    "describe_move",
    "field_renderable",
    "hand_renderable",
    "match_line",
    "pile_table",
    "presets_renderable",
    "presets_table",
    "progress_text",
    "round_results_table",
    "round_summary",
    "score_pile_renderable",
    "scoring_notes",
    "table_renderable",
    "yaku_progress",
    "yaku_progress_by_key",
    "yaku_score_text",
    "yaku_status",
    "yaku_table_renderable",
]

KIND_STYLES: Final[Mapping[str, str]] = {
    "bright": "bold yellow",
    "animal": "green",
    "poetry ribbon": "bold red",
    "blue ribbon": "bold blue",
    "plain ribbon": "magenta",
    "chaff": "grey62",
}
"""The colour of each kind of card (``Card.description``)."""

_KIND_PLURALS: Final = (
    (Kind.BRIGHT, "brights"),
    (Kind.ANIMAL, "animals"),
    (Kind.RIBBON, "ribbons"),
    (Kind.CHAFF, "chaff"),
)


def _card(card: Card | int) -> Card:
    return CARDS[card] if isinstance(card, int) else card


def card_style(card: Card | int) -> str:
    """The rich style of a card, by its kind (ribbons by colour)."""
    return KIND_STYLES[_card(card).description]


def card_text(card: Card | int, *, kind: bool = False) -> Text:
    """The card's notation, coloured by kind; with `kind`, its kind follows in grey."""
    found = _card(card)
    text = Text(found.code, style=card_style(found))
    if kind:
        label = found.description
        if found.is_sake_cup:
            label += " · also chaff"
        elif found.is_rain_man:
            label = "bright · rain man"
        elif found.is_lightning:
            label = "chaff · lightning"
        text.append(f" ({label})", style="dim")
    return text


def cards_text(cards: Iterable[Card | int], *, empty: str = "—") -> Text:
    """Cards side by side, coloured by kind, separated by two spaces."""
    text = Text()
    for number, card in enumerate(cards):
        if number:
            text.append("  ")
        text.append_text(card_text(card))
    if not text:
        text.append(empty, style="dim")
    return text


def cards_or(cards: Sequence[Card | int]) -> Text:
    """Cards as alternatives: ``a``, ``a or b``, ``a, b or c``; coloured by kind."""
    text = Text()
    for number, card in enumerate(cards):
        if number:
            text.append(" or " if number == len(cards) - 1 else ", ")
        text.append_text(card_text(card))
    return text


def pile_table(pile: Sequence[int], *, sake_cup_as_chaff: bool, compact: bool = False) -> Table:
    """A captured pile grouped by kind, with counts; the sake cup is noted when it is chaff too.

    `compact` leaves out the kinds of which the pile holds nothing.
    """
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    by_kind = sorted(pile)
    sake_cup = [i for i in by_kind if CARDS[i].is_sake_cup]
    for kind, plural in _KIND_PLURALS:
        members = [i for i in by_kind if CARDS[i].kind is kind]
        cards = cards_text(members)
        if kind is Kind.CHAFF and sake_cup_as_chaff and sake_cup:
            # The sake cup counts here too: listed after the chaff, marked.
            if members:
                cards.append("  ")
            else:
                cards = Text()
            cards.append_text(card_text(sake_cup[0]))
            cards.append(" (as chaff)", style="dim")
            members = [*members, *sake_cup]
        count = len(members)
        if count or not compact:
            table.add_row(f"{plural} {count}", cards)
    if compact and not pile:
        table.add_row("pile", Text("nothing captured yet", style="dim"))
    return table


def yaku_score_text(score: YakuScore, *, none: str = "no yaku yet") -> Text:
    """The yaku of a pile, each with its points, and the total."""
    if not score:
        return Text(none, style="dim")
    text = Text()
    for number, yaku in enumerate(score.yaku):
        if number:
            text.append(" + ")
        text.append(yaku.name, style="bold")
        text.append(f" {yaku.points}")
    text.append(f" = {score.total}", style="bold")
    return text


def card_table() -> Table:
    """The 48 cards: id, short form, notation, month and flower, kind, names."""
    table = Table(title="The 48 Hanafuda cards", header_style="bold")
    # The codes are what a player types: wrap the prose columns, never the codes.
    table.add_column("id", justify="right", no_wrap=True)
    table.add_column("short", no_wrap=True)
    table.add_column("notation", no_wrap=True)
    table.add_column("month")
    table.add_column("kind")
    table.add_column("names (English, Japanese)")
    for card in CARDS:
        table.add_row(
            str(card.id),
            card.short,
            card_text(card),
            f"{MONTHS[card.month - 1].name} ({card.flower})",
            card.description,
            Text.assemble(card.name, "\n", (card.japanese, "dim")),
        )
    return table


_PENALTY_NOTES: Final[Mapping[KoiKoiPenalty, str]] = {
    KoiKoiPenalty.DOUBLE: "the winner's points are doubled if the loser called koi-koi",
    KoiKoiPenalty.NONE: "koi-koi calls do not change the points",
    KoiKoiPenalty.GROWING: "the winner's points are multiplied by 1 + the round's koi-koi calls",
}


def yaku_table_renderable(
    rules: KoiKoiRules, title: str, progress: Mapping[str, Text] | None = None
) -> Table:
    """The yaku and what each pays under `rules`; with `progress` (by yaku key, see
    :func:`yaku_progress_by_key`), a column of where a player stands on each."""
    table = Table(title=title, header_style="bold")
    table.add_column("yaku")
    table.add_column("cards")
    table.add_column("points")
    table.add_column("replaces")
    if progress is not None:
        table.add_column("you")
    for row in yaku_table(rules):
        style = "dim" if row.points == "off" else ""
        name = Text.assemble((row.name, "bold"), (f" ({row.english})", "dim"))
        cells: list[RenderableType] = [name, row.cards, row.points, row.replaces or "—"]
        if progress is not None:
            cells.append(progress.get(row.key, Text("—", style="dim")))
        table.add_row(*cells, style=style)
    table.caption = "; ".join(scoring_notes(rules))
    return table


def scoring_notes(rules: KoiKoiRules) -> list[str]:
    """What happens to a round's yaku total under `rules`, one note per rule that touches it."""
    notes = []
    if rules.own_koikoi_bonus:
        notes.append(
            "the winner's own koi-koi calls add 1 point each (up to 3 calls); from 4 calls "
            "the total is multiplied by the calls − 2 instead"
        )
    if rules.double_at_7:
        notes.append("a total of 7 or more is doubled")
    notes.append(_PENALTY_NOTES[rules.koikoi_penalty])
    if rules.banks:
        notes.append(
            f"the winner takes the points from the loser's bank (each starts with "
            f"{rules.starting_bank}; a bank at 0 or below ends the match)"
        )
    return notes


def _option_value(value: object) -> str:
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(getattr(value, "value", value))


def presets_table(presets: Mapping[str, KoiKoiRules]) -> Table:
    """The presets side by side: one column per preset, one row per option.

    Values that differ from the first preset are highlighted.
    """
    table = Table(title="Koi-Koi presets", header_style="bold")
    table.add_column("option", style="bold")
    names = list(presets)
    for name in names:
        table.add_column(name + (" (default)" if name == names[0] else ""))
    data = {name: rules.to_dict() for name, rules in presets.items()}
    for option in data[names[0]]:
        first = data[names[0]][option]
        cells = [
            Text(
                _option_value(data[name][option]),
                style="" if data[name][option] == first else "bold cyan",
            )
            for name in names
        ]
        table.add_row(option, *cells)
    return table


def presets_renderable(presets: Mapping[str, KoiKoiRules]) -> RenderableType:
    """:func:`presets_table` followed by one line describing each preset."""
    notes = Table.grid(padding=(0, 1))
    notes.add_column(style="bold", no_wrap=True)
    notes.add_column()
    for name in presets:
        notes.add_row(name, PRESET_DESCRIPTIONS.get(name, ""))
    return Group(presets_table(presets), notes)


# --------------------------------------------------------------------------- events
def _points(points: int) -> str:
    """``1 point``, ``6 points``."""
    return counted(points, "point")


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


_THIRD_PERSON: Final = {"have": "has"}


def agreeing(subject: str, verb: str) -> str:
    """`verb` agreeing with `subject`: "You win", "P2 wins", "You have", "P2 has", "P2 turns
    over"."""
    if subject == "You":
        return verb
    first, _, rest = verb.partition(" ")
    first = _THIRD_PERSON.get(first, first + "s")
    return f"{first} {rest}" if rest else first


def round_summary(
    result: RoundResult, names: Sequence[str], totals: Sequence[int], *, banks: bool = False
) -> Table:
    """A finished round: how it ended, every yaku, bonus and multiplier, and the match totals
    (with `banks`, the players' banks after the round)."""
    table = Table(
        title=f"Round {result.round_number} over", title_style="bold", show_header=False,
        box=None, padding=(0, 1),
    )
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    table.add_row("dealer", _who(names, result.dealer))
    if result.winner is None:
        table.add_row("result", Text("drawn — nobody scores", style="bold"))
    else:
        winner = _who(names, result.winner)
        if result.end is RoundEnd.LUCKY_HAND:
            lucky = f"{winner} {agreeing(winner, 'win')} with a lucky hand ({result.lucky_hand})"
            table.add_row("result", Text(lucky, style="bold"))
        elif result.end is RoundEnd.DEALERS_PRIVILEGE:
            privilege = f"drawn; dealer's privilege: {winner} {agreeing(winner, 'score')}"
            table.add_row("result", Text(privilege, style="bold"))
        else:
            table.add_row("result", Text(
                f"{winner} {agreeing(winner, 'stop')} and {agreeing(winner, 'win')} the round",
                style="bold",
            ))
        if result.yaku is not None:
            for yaku in result.yaku.yaku:
                table.add_row("yaku", Text.assemble((yaku.name, "bold"), f"  {yaku.points}"))
        if result.points is not None:
            table.add_row("yaku total", str(result.points.base))
            if result.points.call_bonus:
                table.add_row(
                    "bonus", f"+{result.points.call_bonus} — {result.points.bonus_reason}"
                )
            for multiplier in result.points.multipliers:
                table.add_row("multiplier", f"×{multiplier.factor} — {multiplier.reason}")
        points = result.score[result.winner]
        if banks:
            loser = _who(names, 1 - result.winner)
            taken = f"{winner} +{points}, {loser} −{points}"
            table.add_row("points", Text(taken, style="bold green"))
        else:
            table.add_row("points", Text(f"{winner} +{points}", style="bold green"))
    calls = ", ".join(
        f"{_who(names, seat)} {count}" for seat, count in enumerate(result.koikoi_calls) if count
    )
    if calls:
        table.add_row("koi-koi calls", calls)
    table.add_row(
        "banks" if banks else "match",
        " · ".join(f"{_who(names, seat)} {total}" for seat, total in enumerate(totals)),
    )
    return table


def describe_event(event: object, names: Sequence[str], viewer: int | None) -> RenderableType:
    """One event as the player at `viewer` should read it (names instead of seat numbers).

    The viewer is "You", and every verb agrees with its subject ("You draw", "P2 draws"),
    also when a player is named "You" (a saved game replayed without a viewer).
    """
    you = viewer

    def who(seat: int) -> str:
        return "You" if seat == you else _who(names, seat)

    def does(seat: int, verb: str) -> str:
        subject = who(seat)
        return f"{subject} {agreeing(subject, verb)}"

    if isinstance(event, CardPlayed):
        seat = event.seat
        text = Text(does(seat, "turn over" if event.from_stock else "play") + " ")
        text.append_text(card_text(event.card))
        if event.captured:
            text.append(f" and {agreeing(who(seat), 'capture')} ")
            text.append_text(cards_text(event.captured))
        else:
            text.append(" onto the field", style="dim")
        return text
    if isinstance(event, ChoiceRequired):
        if event.seat != you:
            return Group()  # the bot's choice follows at once as its capture
        text = Text(does(event.seat, "turn over") + " ")
        text.append_text(card_text(event.card))
        text.append(": it matches ")
        text.append_text(cards_or(event.options))
        text.append(" — which one does it take?")
        return text
    if isinstance(event, YakuFormed):
        text = Text(does(event.seat, "have") + " ")
        text.append_text(yaku_score_text(event.score))
        forced = event.forced_stop
        if forced is not None:
            why = forced.text(names, event.seat, you=you)
            text.append(f" — koi-koi is not possible now: {why}; the round ends", style="dim")
        elif event.seat == you:
            text.append(" — koi-koi or stop?", style="bold magenta")
        # Another player's decision follows as its own line (koi-koi, or stops).
        return text
    if isinstance(event, KoiKoiCalled):
        times = "" if event.calls == 1 else f" (call {event.calls})"
        return Text(f"{does(event.seat, 'call')} KOI-KOI!{times}", style="bold magenta")
    if isinstance(event, LuckyHand):
        text = Text(f"{does(event.seat, 'show')} a lucky hand ({event.kind}): ", style="bold")
        text.append_text(cards_text(event.hand))
        return text
    if isinstance(event, RoundStarted):
        month = MONTHS[(event.round_number - 1) % 12].name
        text = Text(f"Round {event.round_number} of {event.rounds} ({month}): "
                    f"{does(event.dealer, 'deal')}; field ", style="bold")
        text.append_text(cards_text(event.field))
        return text
    # Summaries name the viewer "You" too.
    named = [("You" if seat == you else name) for seat, name in enumerate(names)]
    if isinstance(event, RoundEnded):
        return Group(Text(), round_summary(event.result, named, event.totals, banks=event.banks))
    if isinstance(event, MatchEnded):
        return match_line(event, named)
    if isinstance(event, DealerChosen):
        if event.how:
            return Text(f"{does(event.dealer, 'deal')} first ({event.how})")
        text = Text()
        for a, b in event.draws:
            for seat, card in ((0, a), (1, b)):
                text.append(does(seat, "draw") + " ")
                text.append_text(card_text(card))
                text.append(", " if seat == 0 else "; ")
        text.append(f"the earlier month deals first: {who(event.dealer)}")
        return text
    if isinstance(event, Redealt):
        return Text(f"Round {event.round_number}: re-deal ({event.why})", style="dim")
    return Text(str(event))


def describe_move(
    actor: int,
    action: KoiKoiAction,
    events: Sequence[object],
    names: Sequence[str],
    viewer: int | None,
) -> Group:
    """A move as `viewer` reads it: a stop is announced, then each event but the match's
    end (the final summary says that)."""
    parts: list[RenderableType] = []
    if action.kind == STOP:
        subject = "You" if actor == viewer else _who(names, actor)
        stops = f"{agreeing(subject, 'stop')} and {agreeing(subject, 'score')}"
        parts.append(Text(f"{subject} {stops}.", style="bold"))
    parts += (
        describe_event(event, names, viewer)
        for event in events
        if not isinstance(event, MatchEnded)
    )
    return Group(*parts)


def match_line(event: MatchEnded, names: Sequence[str]) -> Text:
    """The match result in one line (with banks, the banks and whose ran empty)."""
    score = " – ".join(f"{_who(names, s)} {t}" for s, t in enumerate(event.totals))
    if event.banks:
        score = "banks " + score
    empty = event.empty_bank
    if empty is not None:
        whose = "your" if _who(names, empty) == "You" else f"{_who(names, empty)}'s"
        score += f" ({whose} bank is empty)"
    if event.winner is None:
        return Text(f"Match drawn: {score}", style="bold")
    winner = _who(names, event.winner)
    return Text(f"{winner} {agreeing(winner, 'win')} the match: {score}", style="bold green")


def score_pile_renderable(
    pile: Sequence[int],
    rules: KoiKoiRules,
    *,
    koikoi_called: bool = False,
    opponent_called: bool = False,
    month: int | None = None,
    calls: int | None = None,
) -> RenderableType:
    """What ``cardgames koikoi score`` prints: the pile grouped by kind, its yaku and what a
    round won with it pays (`koikoi_called`: the pile's owner called koi-koi this round;
    `calls`: how often, when it matters (``own_koikoi_bonus``, the growing penalty; default
    1 if called); `opponent_called`: the opponent did; `month`: the round's month, for
    tsuki-fuda)."""
    own_calls = calls if calls is not None else int(koikoi_called)
    koikoi_called = own_calls > 0
    score = score_yaku(pile, rules, koikoi_called=koikoi_called, month=month)
    lines: list[RenderableType] = [pile_table(pile, sake_cup_as_chaff=rules.sake_cup_as_chaff)]
    if score:
        for yaku in score.yaku:
            lines.append(Text.assemble(("  " + yaku.name, "bold"), f"  {yaku.points}"))
        final = round_points(
            score.total, rules, winner_calls=own_calls, loser_calls=int(opponent_called)
        )
        lines.append(Text(f"total {score.total} before round multipliers", style="bold"))
        if final.multipliers or final.call_bonus:
            callers = [
                who for who, called in (("you", koikoi_called), ("the opponent", opponent_called))
                if called
            ]
            when = (
                "after " + " and ".join(callers) + " called koi-koi" if callers
                else "without koi-koi"
            )
            lines.append(Text(f"as a round won {when}: {final}", style="dim"))
    else:
        lines.append(Text("no yaku", style="dim"))
    return Group(*lines)


# ------------------------------------------------------------------------- the table
def _seat_name(view: KoiKoiView, seat: int) -> str:
    return "You" if seat == view.seat else view.players[seat]


def capture_hint(card: Card, field: Sequence[Card], capture_all_three: bool) -> Text:
    """What `card` takes when played onto `field`: ``takes jan-chaff-1``, ``takes one of
    ...``, ``takes all three: ...``, or that it has no match."""
    matches = [f for f in field if f.month == card.month]
    text = Text("  ")
    if not matches:
        text.append("no match: goes onto the field", style="dim")
        return text
    if len(matches) == 1:
        text.append("takes ", style="dim")
    elif len(matches) == 3 and capture_all_three:
        text.append("takes all three: ", style="dim")
    else:
        text.append("takes one of ", style="dim")
    text.append_text(cards_text(matches))
    return text


def _progress(view: KoiKoiView, seat: int) -> Text:
    """The yaku `seat` is closest to, from the view (tsuki-fuda by the round's month)."""
    return progress_text(
        [c.id for c in view.piles[seat]],
        [c.id for c in view.piles[1 - seat]],
        view.rules,
        month=view.month,
    )


def _side(view: KoiKoiView, seat: int) -> Table:
    """One player's header line, captured pile by kind and current yaku."""
    rules = view.rules
    table = Table.grid(padding=(0, 1))
    table.add_column()
    head = Text(_seat_name(view, seat), style="bold cyan" if seat == view.seat else "bold")
    if rules.banks:
        head.append(f"  bank {view.scores[seat]}", style="bold")
    else:
        head.append(f"  {_points(view.scores[seat])}", style="bold")
    if seat == view.dealer:
        head.append("  · dealer", style="dim")
    if seat != view.seat:
        count = view.opponent_hand_size
        head.append(f"  · {counted(count, 'card')} in hand", style="dim")
    calls = view.koikoi_calls[seat]
    if calls:
        head.append(f"  · KOI-KOI{'' if calls == 1 else f' ×{calls}'}", style="bold magenta")
    table.add_row(head)
    table.add_row(pile_table(
        [c.id for c in view.piles[seat]], sake_cup_as_chaff=rules.sake_cup_as_chaff, compact=True
    ))
    yaku_line = Text.assemble(("yaku ", "dim"), yaku_score_text(view.yaku[seat]))
    if view.yaku[seat]:
        final = _stop_points(view, seat)
        if final.multipliers or final.call_bonus:
            yaku_line.append(f"  → stopping scores {final}", style="dim")
    table.add_row(yaku_line)
    near = _progress(view, seat)
    if near:
        table.add_row(Text.assemble(("toward ", "dim"), near))
    return table


def progress_text(
    pile: Sequence[int],
    opponent_pile: Sequence[int],
    rules: KoiKoiRules,
    limit: int = 4,
    month: int | None = None,
) -> Text:
    """The closest yaku in progress, e.g. ``Tane 3/5 · Akatan 2/3`` (empty when none)."""
    text = Text()
    for number, progress in enumerate(yaku_progress(pile, opponent_pile, rules, month)):
        if number == limit:
            break
        if number:
            text.append(" · ", style="dim")
        text.append(str(progress), style="bold" if progress.missing == 1 else "")
    return text


def field_renderable(view: KoiKoiView) -> Table:
    """The face-up field, one column per month present; cards your hand can take are marked."""
    table = Table.grid(padding=(0, 1))
    table.add_column()
    hand_months = {card.month for card in view.hand}
    line = Text()
    for number, card in enumerate(view.field):
        if number:
            line.append("  ")
        text = card_text(card)
        if card.month in hand_months:
            text.stylize("underline")
        line.append_text(text)
    if not view.field:
        line.append("(empty)", style="dim")
    title = Text(f"Field ({len(view.field)})", style="bold")
    title.append(f"   stock {view.stock_size}", style="dim")
    title.append("   underlined: your hand can take it", style="dim")
    table.add_row(title)
    table.add_row(line)
    return table


def hand_renderable(view: KoiKoiView) -> Table:
    """Your hand: each card with its kind and what it would capture."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="dim", justify="right")
    table.add_column()
    table.add_column()
    table.add_row("", Text(f"Your hand ({len(view.hand)})", style="bold"), "")
    for card in view.hand:
        table.add_row(
            str(card.id),
            card_text(card, kind=True),
            capture_hint(card, view.field, view.rules.capture_all_three),
        )
    return table


def _question(view: KoiKoiView) -> Text | None:
    """What the seat to act is asked, when it is not an ordinary play (from the view's
    pending decision)."""
    pending = view.pending
    if pending is None or pending.seat != view.seat:
        return None
    if isinstance(pending, CaptureChoice):
        text = Text("You turned over ", style="bold")
        text.append_text(card_text(pending.card))
        text.append(": it matches ", style="bold")
        text.append_text(cards_or(pending.options))
        text.append(" — type ", style="bold")
        options = pending.options
        for number, card in enumerate(options):
            if number:
                text.append(" or " if number == len(options) - 1 else ", ", style="bold")
            text.append(f"capture {card.code}", style="bold reverse")
        return text
    text = Text("You have ", style="bold")
    text.append_text(yaku_score_text(pending.score))
    text.append(" — type ", style="bold")
    text.append("koikoi", style="bold reverse")
    text.append(" to play on for more, or ", style="bold")
    text.append("stop", style="bold reverse")
    final = pending.stop_points
    text.append(f" to score {_points(final.points)} now", style="bold")
    if final.multipliers or final.call_bonus:
        text.append(f" ({final})", style="dim")
    if pending.calls_left == 1:
        text.append("\nThis is the round's last koi-koi call.", style="dim")
    penalty = view.rules.koikoi_penalty
    if penalty is not KoiKoiPenalty.NONE:
        other = view.players[1 - pending.seat]
        risk = (
            "doubled" if penalty is KoiKoiPenalty.DOUBLE
            else "multiplied by 1 + the round's koi-koi calls"
        )
        text.append(
            f"\nAfter a koi-koi, if {other} forms a yaku and stops first, {other}'s points "
            f"are {risk}.",
            style="dim",
        )
    if view.rules.own_koikoi_bonus:
        calls = view.koikoi_calls[pending.seat] + 1
        after = round_points(
            pending.score.total, view.rules, winner_calls=calls,
            loser_calls=view.koikoi_calls[1 - pending.seat],
        )
        text.append(
            f"\nThis koi-koi would be your call {calls}: a stop with these yaku would then "
            f"score {after}.",
            style="dim",
        )
    return text


def _stop_points(view: KoiKoiView, seat: int) -> RoundPoints:
    """What `seat` would score by stopping now: its yaku total and the round's multipliers."""
    return round_points(
        view.yaku[seat].total,
        view.rules,
        winner_calls=view.koikoi_calls[seat],
        loser_calls=view.koikoi_calls[1 - seat],
    )


def table_renderable(view: KoiKoiView) -> RenderableType:
    """The whole table as the view's seat sees it."""
    rules = view.rules
    month = MONTHS[view.month - 1]
    title = f"Koi-Koi · round {view.round_number} of {rules.rounds} · {month.name} ({month.flower})"
    if rules.max_koikoi_calls is not None:
        left = max(0, rules.max_koikoi_calls - sum(view.koikoi_calls))
        title += f" · koi-koi calls left {left}"
    parts: list[RenderableType] = [
        _side(view, 1 - view.seat),
        Rule(style="dim"),
        field_renderable(view),
        Rule(style="dim"),
        _side(view, view.seat),
        Text(),
        hand_renderable(view),
    ]
    question = _question(view)
    if question is not None:
        parts += [Text(), question]
    return Panel(Group(*parts), title=title, title_align="left", border_style="cyan")


def cards_grid(view: KoiKoiView) -> Table:
    """All 48 cards by month, each marked with where this seat knows it to be."""
    table = Table(title="Where the cards are (as you know it)", header_style="bold")
    table.add_column("month")
    for index in range(1, 5):
        table.add_column(str(index))
    places: dict[int, str] = {}
    for card in view.hand:
        places[card.id] = "hand"
    for card in view.field:
        places[card.id] = "field"
    for seat in (0, 1):
        for card in view.piles[seat]:
            places[card.id] = "your pile" if seat == view.seat else "their pile"
    if isinstance(view.pending, CaptureChoice):
        places[view.pending.card.id] = "turned over"
    for month in MONTHS:
        row: list[RenderableType] = [f"{month.number:>2} {month.abbreviation} {month.flower}"]
        for card in CARDS[(month.number - 1) * 4 : month.number * 4]:
            cell = card_text(card)
            cell.append(f"\n{places.get(card.id, 'unseen')}", style="dim")
            row.append(cell)
        table.add_row(*row)
    return table


def yaku_progress_by_key(view: KoiKoiView, seat: int) -> dict[str, Text]:
    """Where `seat` stands on each yaku, by key: ``formed (5)`` for a yaku its pile has,
    ``3/5`` for one begun and still possible (others are left out: not begun, or out of
    reach)."""
    found: dict[str, Text] = {
        progress.key: Text(f"{progress.have}/{progress.need}",
                           style="bold" if progress.missing == 1 else "")
        for progress in yaku_progress(
            view.piles[seat], view.piles[1 - seat], view.rules, view.month
        )
    }
    for yaku in view.yaku[seat].yaku:
        found[yaku.key] = Text(f"formed ({yaku.points})", style="bold green")
    return found


def yaku_status(view: KoiKoiView) -> RenderableType:
    """Both sides' current yaku, then the yaku table of the rules in force."""
    lines = Table.grid(padding=(0, 1))
    lines.add_column(style="bold")
    lines.add_column()
    for seat in (view.seat, 1 - view.seat):
        lines.add_row(_seat_name(view, seat), yaku_score_text(view.yaku[seat]))
        near = _progress(view, seat)
        if near:
            lines.add_row("", Text.assemble(("toward ", "dim"), near))
    return Group(lines, yaku_table_renderable(
        view.rules, "Yaku (rules in force)", yaku_progress_by_key(view, view.seat)
    ))


def round_results_table(
    results: Sequence[RoundResult], names: Sequence[str], starting_bank: int | None = None
) -> Table:
    """Every finished round: dealer, winner, yaku, koi-koi calls, multipliers and points.

    With `starting_bank` (the rules' banks are on) the last row shows the banks: the start,
    plus the points won, minus the points lost."""
    table = Table(title="Rounds", header_style="bold")
    table.add_column("round", justify="right")
    table.add_column("dealer")
    table.add_column("result")
    table.add_column("yaku")
    table.add_column("koi-koi")
    table.add_column("multipliers")
    for name in names:
        table.add_column(name, justify="right")
    totals = [0] * len(names)
    for result in results:
        for seat, points in enumerate(result.score):
            totals[seat] += points
        if result.winner is None:
            outcome = "drawn"
        elif result.end is RoundEnd.STOP:
            winner = _who(names, result.winner)
            outcome = f"{winner} {agreeing(winner, 'stop')}"
        elif result.end is RoundEnd.LUCKY_HAND:
            outcome = f"{_who(names, result.winner)}: lucky hand ({result.lucky_hand})"
        else:
            outcome = f"{_who(names, result.winner)}: dealer's privilege"
        yaku = ", ".join(str(y) for y in result.yaku.yaku) if result.yaku else "—"
        steps = []
        if result.points and result.points.call_bonus:
            steps.append(f"+{result.points.call_bonus} {result.points.bonus_reason}")
        if result.points:
            steps += (f"×{m.factor} {m.reason}" for m in result.points.multipliers)
        multipliers = ", ".join(steps) or "—"
        calls = ", ".join(
            _who(names, seat) + ("" if count == 1 else f" ×{count}")
            for seat, count in enumerate(result.koikoi_calls)
            if count
        )
        table.add_row(
            str(result.round_number), _who(names, result.dealer), outcome, yaku, calls or "—",
            multipliers, *(str(points) if points else "·" for points in result.score),
        )
    table.add_section()
    if starting_bank is not None:
        banks = [starting_bank + won - (sum(totals) - won) for won in totals]
        table.add_row("", "", "banks", "", "", "", *(Text(str(b), style="bold") for b in banks))
    else:
        table.add_row("", "", "total", "", "", "", *(Text(str(t), style="bold") for t in totals))
    return table
