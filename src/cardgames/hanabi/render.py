"""Hanabi at the terminal: rich renderables for one seat's view, moves and the result.

Everything here is a pure function of a :class:`~cardgames.hanabi.view.HanabiView`
(or of events and plain values): what a seat does not know is never drawn, because the view
does not hold it. Cards are written in the notation the prompt accepts (``R3``) and coloured
by their suit's ``style``; a card some clue has touched is underlined and marked ``*``. For
the viewer's own slots the table shows what is still possible: the suit letters and ranks,
or the card itself once the clues pin it down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardgames.hanabi.actions import Clue, hidden_clue_word
from cardgames.hanabi.cards import Card, counted, rank_text
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.events import (
    Clued,
    Discarded,
    Drew,
    FireworkCompleted,
    FuseLost,
    GameEnded,
    HiddenClued,
    Played,
    Thrown,
    TileDrawn,
    TokenRegained,
)
from cardgames.hanabi.names import CATALOGUE
from cardgames.hanabi.rules import HanabiVariant
from cardgames.hanabi.view import HanabiView

__all__ = [
    "card_text",
    "describe_event",
    "describe_move",
    "final_summary",
    "knowledge_text",
    "render_view",
    "variant_text",
    "variants_markdown",
    "variants_table",
]

RECENT_MOVES = 6
"""How many of the latest moves the table lists."""


def _styles(variant: HanabiVariant) -> dict[str, str]:
    return {suit.letter: suit.style for suit in variant.suits}


def card_text(card: Card, variant: HanabiVariant, *, touched: bool = False) -> Text:
    """A card in its suit's colour (underlined and starred when a clue touched it)."""
    style = _styles(variant).get(card.suit, "white")
    if touched:
        return Text(f"{card}*", style=f"bold underline {style}")
    return Text(str(card), style=f"bold {style}")


def knowledge_text(possible: Iterable[Card], variant: HanabiVariant) -> Text:
    """What a slot may still be: the card when known, else its possible suits and ranks."""
    cards = sorted(set(possible), key=lambda c: (variant.suit_of(c.suit), c.rank))
    if len(cards) == 1:
        return card_text(cards[0], variant)
    styles = _styles(variant)
    text = Text()
    suits = [s.letter for s in variant.suits if any(c.suit == s.letter for c in cards)]
    ranks = sorted({c.rank for c in cards})
    if len(suits) == len(variant.suits):
        text.append("?", style="dim")
    else:
        for letter in suits:
            text.append(letter, style=f"bold {styles.get(letter, 'white')}")
    text.append(" ")
    every_rank = sorted({r for s in variant.suits for r in s.ranks})
    text.append("?" if ranks == every_rank else "".join(rank_text(r) for r in ranks),
                style="dim" if ranks == every_rank else "")
    return text


def _tokens(filled: int, total: int, glyph: str, style: str, *, half: bool = False) -> Text:
    """`filled` of `total` tokens as glyphs and numbers; `half`: half a token more (clue
    starved), drawn ◐ and written ½."""
    text = Text()
    text.append(glyph * filled, style=style)
    if half:
        text.append("◐", style=style)
    text.append("·" * (total - filled - half), style="dim")
    text.append(f" {filled}{'½' if half else ''}/{total}")
    return text


def _status(view: HanabiView) -> Text:
    text = Text()
    turn = view.current_player
    if view.is_over:
        text.append("game over", style="bold")
    elif turn is not None:
        who = "your" if turn == view.seat else f"{view.players[turn]}'s"
        text.append(f"turn {view.turn + 1}: {who} move", style="bold")
    text.append("  clues ")
    text.append_text(_tokens(view.clue_tokens, view.max_clue_tokens, "●", "bold cyan",
                             half=view.half_clue_token))
    if view.next_clue_kind is not None:
        text.append(f" (next clue: {view.next_clue_kind})", style="cyan")
    hidden = view.hole is not None and not view.is_over
    text.append("  fuses ")
    if hidden:  # a misplay in the hole burns a fuse nobody sees
        text.append(f"? of {view.max_fuses}", style="bold red")
    else:
        text.append_text(_tokens(view.fuses, view.max_fuses, "▲", "bold red"))
    text.append(f"  deck {view.deck_size}")
    if view.final_round_turns is not None:
        text.append(f"  final round: {counted(view.final_round_turns, 'turn')} left",
                    style="yellow")
    if view.variant.bonus_tiles:
        text.append(f"  bonus tiles {view.bonus_tiles_left}")
    if hidden:
        assert view.hole is not None
        text.append(f"  hole {counted(len(view.hole), 'card')}  score ?/{view.max_score}")
    else:
        text.append(f"  score {view.score}/{view.max_score}")
    return text


def _fireworks(view: HanabiView) -> Table:
    variant = view.variant
    table = Table(title="Fireworks", show_header=False, box=None, padding=(0, 1))
    table.add_column("suit")
    table.add_column("cards")
    table.add_column("next")
    if view.hole is not None and not view.is_over:
        # Throw it in a hole: every play lies face down until the game ends.
        for suit in variant.suits:
            table.add_row(Text(suit.name, style=f"bold {suit.style}"),
                          Text("hidden in the hole", style="dim"), Text(""))
        return table
    for suit, stack in zip(variant.suits, view.fireworks, strict=True):
        cards = Text(" ").join(card_text(c, variant) for c in stack) if stack else Text(
            "-", style="dim")
        nexts = sorted((c for c in view.playable if c.suit == suit.letter), key=lambda c: c.rank)
        following = (Text(" or ").join(card_text(c, variant) for c in nexts) if nexts
                     else Text("complete" if len(stack) == suit.row_length else "-",
                               style="green" if len(stack) == suit.row_length else "dim"))
        table.add_row(Text(suit.name, style=f"bold {suit.style}"), cards,
                      Text("next ").append_text(following))
    return table


def _hands(view: HanabiView) -> Table:
    variant = view.variant
    size = max([len(view.own_hand)] + [len(h) for h in view.other_hands])
    table = Table(title="Hands (slot 1 = newest)", box=None, padding=(0, 1))
    table.add_column("player")
    for slot in range(1, size + 1):
        table.add_column(str(slot), justify="center")
    seats = len(view.players)
    for offset in range(seats):
        seat = (view.seat + offset) % seats
        marker = "▶ " if view.current_player == seat else "  "
        if seat == view.seat:
            cells = [knowledge_text(s.possible, variant) for s in view.own_hand]
            for cell, own in zip(cells, view.own_hand, strict=True):
                if own.touched:
                    cell.append("*", style="bold")
            table.add_row(Text(f"{marker}you ({view.players[seat]})", style="bold"), *cells)
            continue
        hand = view.other_hands[seat]
        table.add_row(Text(f"{marker}{view.players[seat]}"),
                      *(card_text(s.card, variant, touched=s.touched) for s in hand))
        table.add_row(Text("   they know", style="dim"),
                      *(knowledge_text(s.possible, variant) for s in hand))
    return table


def _discards(view: HanabiView) -> Text:
    variant = view.variant
    if not view.discards:
        return Text("Discards: none", style="dim")
    counts = Counter(view.discards)
    text = Text("Discards: ")
    ordered = sorted(counts, key=lambda c: (variant.suit_of(c.suit), c.rank))
    for index, card in enumerate(ordered):
        if index:
            text.append(" ")
        text.append_text(card_text(card, variant))
        if counts[card] > 1:
            text.append(f"×{counts[card]}", style="dim")
    return text


def _recent(view: HanabiView) -> Text:
    text = Text("Last moves: ", style="dim")
    if not view.history:
        return text.append("none yet")
    recent = view.history[-RECENT_MOVES:]
    return text.append("; ".join(f"{view.players[move.seat]}: {move.action}" for move in recent))


def render_view(view: HanabiView) -> RenderableType:
    """The table as `view`'s seat sees it: status, fireworks, hands, discards, last moves."""
    parts: list[RenderableType] = [_status(view), _fireworks(view), _hands(view),
                                   _discards(view), _recent(view)]
    if view.pending is not None:
        parts.append(Text(f"Your choice: {view.pending.sentence}", style="bold yellow"))
    if view.can_deck_play:
        parts.append(Text("You may play the last card of the pile blind: play deck"
                          + (" (or discard it: discard deck)"
                             if view.variant.deck_discards else ""), style="yellow"))
    return Group(*parts)


def describe_event(
    event: object, players: Sequence[str], variant: HanabiVariant, viewer: int | None = None
) -> Text:
    """One event as a line, with player names and coloured cards; a clue to `viewer` (the
    human's seat) stands out. In Cow & Pig and Duck a clue to `viewer` says only the word
    its receiver hears."""
    if isinstance(event, Clued) and event.target == viewer:
        word = hidden_clue_word(variant, event.value)
        if word is not None:
            event = HiddenClued(event.seat, event.target, word, event.slots)
    if isinstance(event, HiddenClued):
        touched = Clued(event.seat, event.target, event.word, event.slots).touched_text
        return Text(f"{players[event.seat]} gives {players[event.target]} a clue: "
                    f"{event.word} → {touched}",
                    style="bold yellow" if event.target == viewer else "")
    if isinstance(event, Thrown):
        where = "the deck" if event.slot is None else f"slot {event.slot}"
        return Text(f"{players[event.seat]} throws the card from {where} into the hole")
    if isinstance(event, Clued):
        kind = "a free clue" if event.free else "a clue"
        value = event.value if isinstance(event.value, str) else rank_text(event.value)
        return Text(f"{players[event.seat]} gives {players[event.target]} {kind}: "
                    f"{value} → {event.touched_text}",
                    style="bold yellow" if event.target == viewer else "")
    if isinstance(event, Played):
        where = "the deck" if event.slot is None else f"slot {event.slot}"
        text = Text(f"{players[event.seat]} plays ").append_text(card_text(event.card, variant))
        text.append(f" from {where}")
        text.append(" ✓" if event.success else " ✗ misplay", style="green" if event.success
                    else "bold red")
        return text
    if isinstance(event, Discarded):
        where = "the deck" if event.slot is None else f"slot {event.slot}"
        return (Text(f"{players[event.seat]} discards ")
                .append_text(card_text(event.card, variant))
                .append(f" from {where}"))
    if isinstance(event, Drew):
        return Text(f"{players[event.seat]} draws a card ({event.left} left)", style="dim")
    if isinstance(event, FuseLost):
        return Text(f"a fuse burns: {event.left} left", style="bold red")
    if isinstance(event, TokenRegained):
        if event.half:
            return Text(f"half a clue token returns ({event.tokens} whole)", style="cyan")
        return Text(f"a clue token returns ({event.tokens})", style="cyan")
    if isinstance(event, FireworkCompleted):
        return Text(f"the {event.suit} firework is complete!", style="bold green")
    if isinstance(event, TileDrawn):
        return Text(f"bonus tile {event.tile}: {event.outcome}", style="yellow")
    if isinstance(event, GameEnded):
        # The score, the rating and the reason follow once, in the final summary.
        return Text("game over", style="bold")
    return Text(str(event))


def describe_move(
    actor: str, move: str, events: Sequence[object], players: Sequence[str],
    variant: HanabiVariant, viewer: int | None = None,
) -> RenderableType:
    """A move and what it caused, one line each (a clue to `viewer` stands out; in Cow & Pig
    and Duck it names only the word its receiver hears)."""
    for event in events:
        if isinstance(event, Clued) and event.target == viewer:
            word = hidden_clue_word(variant, event.value)
            if word is not None:
                move = str(Clue(event.target, word))
    lines = [Text(f"{actor}: ", style="bold").append(move, style="")]
    lines += [Text("  ").append_text(describe_event(e, players, variant, viewer))
              for e in events]
    return Group(*lines)


def final_summary(score: int, max_score: int, rating: str, reason: str | None) -> Text:
    """The end of a game: the score, the rulebook's rating line and why it ended."""
    text = Text(f"Final score {score}/{max_score}", style="bold")
    text.append(f" — {rating}")
    if reason:
        text.append(f" ({reason})", style="dim")
    return text


def variants_table() -> RenderableType:
    """Every named variant: its name, maximum score and suits on one line, its description
    indented on the next (readable in an 80-column terminal).

    Suits are shown by their card letters (``R Y G B W``) in their colours; the last line
    names every letter.
    """
    width = max(map(len, CATALOGUE))
    lines: list[RenderableType] = [
        Text("Hanabi variants (combine with +, e.g. rainbow+black-powder+bonus)",
             style="bold"),
        Text(f"{'name':<{width}}  max  suits", style="dim"),
    ]
    letters: dict[str, list[str]] = {}
    styles: dict[str, str] = {}
    for name, entry in CATALOGUE.items():
        variant = entry.variant
        line = Text(f"{name:<{width}}", style="bold")
        line.append(f"  {variant.max_score:>3}  ")
        line.append_text(
            Text(" ").join(Text(s.letter, style=f"bold {s.style}") for s in variant.suits))
        for suit in variant.suits:
            styles.setdefault(suit.letter, suit.style)
            if suit.name not in letters.setdefault(suit.letter, []):
                letters[suit.letter].append(suit.name)
        description = _with_hanablive_name(entry.description, variant)
        lines += [line, Text(f"    {description}", style="dim")]
    legend = Text("Suits: ")
    for index, (letter, suit_names) in enumerate(letters.items()):
        if index:
            legend.append(", ")
        legend.append(letter, style=f"bold {styles[letter]}")
        legend.append(f" {'/'.join(suit_names)}")
    lines.append(legend)
    return Group(*lines)


def _with_hanablive_name(description: str, variant: HanabiVariant) -> str:
    """A catalogue entry's description, followed by the hanab.live name of its rules."""
    name = hanablive_name_of(variant)
    return description if name is None else f"{description} (hanab.live: {name})"


def _catalogue_rows() -> list[tuple[str, str, int, str]]:
    rows = []
    for name, entry in CATALOGUE.items():
        variant = entry.variant
        description = _with_hanablive_name(entry.description, variant)
        rows.append((name, ", ".join(s.name for s in variant.suits), variant.max_score,
                     description))
    return rows


def variants_markdown() -> str:
    """The variants table of the docs page, as Markdown (a test keeps the page in step)."""
    lines = ["| name | suits | max | description |", "|---|---|---:|---|"]
    lines += [f"| `{name}` | {suits} | {best} | {text} |"
              for name, suits, best, text in _catalogue_rows()]
    return "\n".join(lines)


def variant_text(variant: HanabiVariant) -> Text:
    """The variant: its name (and hanab.live's for the same rules) with the maximum score,
    what is special about it (``HanabiVariant.describe``), and the clues offered."""
    online = hanablive_name_of(variant)
    title = variant.name
    if online is not None and online.casefold() != variant.name.casefold():
        title += f" (hanab.live: {online})"
    clues = (f"colour clues: {', '.join(variant.clue_colours) or 'none'}; rank clues: "
             f"{', '.join(map(str, variant.clue_ranks)) or 'none'}")
    return Text("\n").join([
        Text(f"{title} (max score {variant.max_score})", style="bold"),
        Text(variant.describe()),
        Text(clues),
    ])
