"""Hanabi at the app's table: hands in suit colours, your own cards as backs showing what you
know, fireworks, discards by suit, tokens and pace; clue history and notes per card.

Everything is drawn from the seat's :class:`~cardgames.hanabi.HanabiView`: your own cards'
identities are not in it, so they cannot be drawn. Marks (``!`` critical, ``×`` trash, ``✓``
playable) are only shown where the seat can tell: on cards it sees, and on its own cards when
every card they may still be has the mark.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.text import Text

from cardgames.app.base import GameAdapter, Row, TableContext, Tile
from cardgames.core.agents import Hint
from cardgames.core.game import Move
from cardgames.core.text import counted
from cardgames.hanabi import (
    BonusClue,
    BonusPlay,
    BonusReshuffle,
    Card,
    Clue,
    Clued,
    DeckDiscard,
    DeckPlay,
    Discard,
    Discarded,
    Drew,
    HanabiAction,
    HanabiState,
    HanabiVariant,
    HanabiView,
    HiddenClued,
    Play,
    Played,
    Thrown,
)
from cardgames.hanabi.cards import rank_text
from cardgames.hanabi.hints import card_status, hint, known_status
from cardgames.hanabi.render import (
    describe_event,
    knowledge_text,
    variant_text,
)

__all__ = ["ADAPTER", "HanabiAdapter", "clue_history"]

MARKS: Final = {"critical": "!", "trash": "×", "playable": "✓"}
"""One letter per status a card can be known to have."""


def _style_class(style: str) -> str:
    """The CSS class of a suit's display colour (``hstyle-bright_black``)."""
    return "hstyle-" + style


def _value_text(value: str | int) -> str:
    return value if isinstance(value, str) else rank_text(value)


UNKNOWN_OWN = "??"
"""The second line of your own card when the clues tell nothing of it yet (its back)."""


def _known(variant: HanabiVariant, possible: frozenset[Card]) -> str:
    """What the clues pin down, in two letters: ``R3``, ``R?``, ``?3`` (blank: nothing)."""
    suits = {card.suit for card in possible}
    ranks = {card.rank for card in possible}
    if len(suits) > 1 and len(ranks) > 1:
        return "  "
    suit = next(iter(suits)) if len(suits) == 1 else "?"
    rank = rank_text(next(iter(ranks))) if len(ranks) == 1 else "?"
    return suit + rank


def clue_history(view: HanabiView) -> dict[int, list[tuple[int, Clued, bool]]]:
    """Every clue each card in a hand now received, by card order: (move number, the clue,
    whether it touched the card; False: a negative clue, "not red"), oldest first.

    The hands now are in the view; walking the history back, a drawn card leaves slot 1 and
    a played or discarded card returns to its slot, so each clue meets the hand it was given
    to.
    """
    hands = [
        [slot.order for slot in (view.own_hand if seat == view.seat else view.other_hands[seat])]
        for seat in range(len(view.players))
    ]
    now = {order for hand in hands for order in hand}
    found: dict[int, list[tuple[int, Clued, bool]]] = {order: [] for order in now}
    for number in range(len(view.history), 0, -1):
        for event in reversed(view.history[number - 1].events):
            if isinstance(event, Drew):
                hands[event.seat].pop(0)
            elif isinstance(event, Played | Discarded | Thrown) and event.slot is not None:
                hands[event.seat].insert(event.slot - 1, event.order)
            elif isinstance(event, Clued | HiddenClued):
                if isinstance(event, HiddenClued):
                    # Cow & Pig, Duck: the receiver heard only a word; it stands for the value.
                    event = Clued(event.seat, event.target, event.word, event.slots)
                for index, order in enumerate(hands[event.target]):
                    if order in found:
                        found[order].append((number, event, index + 1 in event.slots))
    for clues in found.values():
        clues.reverse()
    return found


def _touched(clue: Clue | BonusClue, view: HanabiView) -> list[int]:
    """The slots of the receiver's hand that `clue` touches."""
    return [
        slot.slot for slot in view.other_hands[clue.target]
        if view.variant.clue_touches(slot.card, clue.value)
    ]


def _clue_words(clues: Sequence[tuple[int, Clued, bool]], players: Sequence[str]) -> Text:
    text = Text()
    for number, (turn, clue, touched) in enumerate(clues):
        if number:
            text.append(", ")
        value = _value_text(clue.value)
        text.append(value if touched else f"not {value}", style="bold" if touched else "dim")
        text.append(f" (move {turn}, {players[clue.seat]})", style="dim")
    return text or Text("no clue yet", style="dim")


class HanabiAdapter(GameAdapter[HanabiState, HanabiView]):
    """Hanabi's table for the app."""

    game = "hanabi"
    tile_class = "hanabi-tile"
    stylesheet = Path(__file__).with_name("hanabi.tcss")
    notes = True

    def title(self, view: HanabiView) -> str:
        pace = view.score + view.deck_size + len(view.players) - view.max_score
        text = (
            f"Hanabi {view.variant.name} · score {view.score}/{view.max_score} · clues "
            f"{view.clue_tokens}/{view.max_clue_tokens} · fuses {view.fuses}/{view.max_fuses}"
            f" · deck {view.deck_size} · pace {pace}"
        )
        if view.final_round_turns is not None:
            text += f" · final round: {counted(view.final_round_turns, 'turn')}"
        return text

    def rows(self, context: TableContext[HanabiView]) -> list[Row]:
        view = context.view
        variant = view.variant
        rows = [Row("", tuple(self._firework(view, i) for i in range(len(variant.suits))),
                    Text("fireworks", style="dim"))]
        seats = len(view.players)
        for offset in range(seats):
            seat = (view.seat + offset) % seats
            rows.append(Row("", (self._name_tile(context, seat), *self._hand(context, seat))))
        rows.append(Row("", (), self._discards(view)))
        if view.pending is not None:
            rows.append(Row("", (), Text(view.pending.sentence, style="bold yellow")))
        return rows

    def _firework(self, view: HanabiView, index: int) -> Tile:
        suit = view.variant.suits[index]
        stack = view.fireworks[index]
        top = rank_text(stack[-1].rank) if stack else "·"
        done = len(stack) == suit.row_length
        face = Text(f"{suit.letter} {top}\n{'done' if done else ''}", style="bold")
        return Tile(face, None, _style_class(suit.style))

    def _name_tile(self, context: TableContext[HanabiView], seat: int) -> Tile:
        view = context.view
        marker = "▶" if view.current_player == seat else " "
        # The seat's name, as the log writes it; the second line marks your own seat.
        face = Text(f"{marker}{view.players[seat][:9]}", style="bold")
        if seat == view.seat:
            face.append("\n (you)", style="bold cyan")
        key = f"player-{seat}"
        return Tile(face, key if key in context.keys else None, "name-tile")

    def _hand(self, context: TableContext[HanabiView], seat: int) -> list[Tile]:
        view = context.view
        variant = view.variant
        tiles = []
        if seat == view.seat:
            for own in view.own_hand:
                status = known_status(view, own.possible)
                face = Text(f"#{own.slot}{MARKS.get(status or '', ' ')}", style="bold")
                face.append("✎" if own.order in context.notes else " ")
                # Nothing known yet: a card back ("??"), not blank space, so that your hand
                # shows as five cards.
                known = _known(variant, own.possible).strip() or UNKNOWN_OWN
                face.append(f"\n{known}{'*' if own.touched else ''}")
                suits = {card.suit for card in own.possible}
                colour = (
                    _style_class(variant.suits[variant.suit_of(next(iter(suits)))].style)
                    if len(suits) == 1 else "hstyle-unknown"
                )
                tiles.append(Tile(face, f"own-{own.slot}", colour))
            return tiles
        for slot in view.other_hands[seat]:
            status = card_status(view, slot.card)
            face = Text(f"{slot.card}{MARKS.get(status or '', ' ')}", style="bold")
            face.append("✎" if slot.order in context.notes else " ")
            face.append(f"\n{_known(variant, slot.possible)}{'*' if slot.touched else ''}")
            suit = variant.suits[variant.suit_of(slot.card.suit)]
            key = f"card-{seat}-{slot.slot}"
            tiles.append(Tile(face, key, _style_class(suit.style)))
        return tiles

    def _discards(self, view: HanabiView) -> Text:
        text = Text("discards ", style="dim")
        if not view.discards:
            return text.append("none")
        counts = Counter(view.discards)
        for suit in view.variant.suits:
            cards = sorted(c for c in counts if c.suit == suit.letter)
            if not cards:
                continue
            text.append(f"{suit.letter}:", style=f"bold {suit.style}")
            text.append(" ".join(rank_text(c.rank) * counts[c] for c in cards) + "  ")
        return text

    # ------------------------------------------------------------------ actions
    def keys_of(self, action: HanabiAction, view: HanabiView) -> tuple[str, ...]:
        if isinstance(action, Play | Discard):
            return (f"own-{action.slot}",)
        if isinstance(action, Clue | BonusClue):
            touched = [f"card-{action.target}-{slot}" for slot in _touched(action, view)]
            return (f"player-{action.target}", *touched)
        return ()

    def label(self, action: HanabiAction, view: HanabiView) -> str:
        if isinstance(action, Play):
            return f"Play #{action.slot}"
        if isinstance(action, Discard):
            return f"Discard #{action.slot}"
        if isinstance(action, Clue | BonusClue):
            kind = "Free clue" if isinstance(action, BonusClue) else "Clue"
            return f"{kind} {view.players[action.target]} {self.button_label(action, view)}"
        if isinstance(action, DeckPlay):
            return "Play the deck's last card"
        if isinstance(action, DeckDiscard):
            return "Discard the deck's last card"
        if isinstance(action, BonusReshuffle):
            return f"Reshuffle {action.card}"
        assert isinstance(action, BonusPlay)
        return f"Play {action.card} from the discards"

    def button_label(self, action: HanabiAction, view: HanabiView) -> str:
        if not isinstance(action, Clue | BonusClue):
            return self.label(action, view)
        # The selected player or card says whose hand: the bar shows what the clue touches.
        slots = ",".join(f"#{slot}" for slot in _touched(action, view)) or "none"
        free = "free " if isinstance(action, BonusClue) else ""
        return f"{free}{_value_text(action.value)} → {slots}"

    def shortcut(self, action: HanabiAction, view: HanabiView) -> str | None:
        # A clue on its rank or on its suit's letter, as the line mode reads clues.
        if not isinstance(action, Clue | BonusClue):
            return None
        if isinstance(action.value, int):
            return str(action.value)
        letters = [s.letter.lower() for s in view.variant.suits if s.name == action.value]
        return letters[0] if letters else None

    def wasted(self, action: HanabiAction, view: HanabiView) -> bool:
        return isinstance(action, Clue | BonusClue) and not _touched(action, view)

    def details(self, context: TableContext[HanabiView], key: str) -> RenderableType | None:
        view = context.view
        kind, _, rest = key.partition("-")
        if kind == "player":
            # One line: the bar under it holds up to a dozen clues on a small screen.
            head = Text(f"Clue {view.players[int(rest)]}: ", style="bold")
            return head.append("each clue lists the slots it touches.", style="")
        if kind == "own":
            own = view.own_hand[int(rest) - 1]
            head = Text(f"Your #{own.slot}: could be ", style="bold")
            head.append_text(knowledge_text(own.possible, view.variant))
            order, status = own.order, known_status(view, own.possible)
        elif kind == "card":
            seat, slot = map(int, rest.split("-"))
            seen = view.other_hands[seat][slot - 1]
            head = Text(f"{view.players[seat]}'s #{seen.slot}: {seen.card}; they know ",
                        style="bold")
            head.append_text(knowledge_text(seen.possible, view.variant))
            order, status = seen.order, card_status(view, seen.card)
        else:
            return None
        if status is not None:
            head.append(f" ({status})", style="bold yellow")
        clues = clue_history(view).get(order, [])
        lines = [head, Text("clues: ").append_text(_clue_words(clues, view.players))]
        note = context.notes.get(order)
        if note:
            lines.append(Text(f"note: {note}", style="italic"))
        return Group(*lines)

    def tile_name(self, view: HanabiView, key: str) -> str:
        kind, _, rest = key.partition("-")
        if kind == "own":
            return f"your #{rest}"
        if kind == "card":
            seat, slot = rest.split("-")
            return f"{view.players[int(seat)]}'s #{slot}"
        return key

    def note_id(self, view: HanabiView, key: str) -> int | None:
        kind, _, rest = key.partition("-")
        if kind == "own":
            return view.own_hand[int(rest) - 1].order
        if kind == "card":
            seat, slot = map(int, rest.split("-"))
            return view.other_hands[seat][slot - 1].order
        return None

    def describe(self, move: Move[Any], view: HanabiView, viewer: int | None) -> Text:
        # The action's own event says it with the card (a clue, a play, a discard); draws
        # are left out, the table shows the hands.
        shown = [
            describe_event(event, view.players, view.variant, viewer)
            for event in move.events if not isinstance(event, Drew)
        ]
        return Text("\n").join(shown) if shown else Text(
            f"{view.players[move.seat]}: {move.action}"
        )

    def final(self, state: HanabiState) -> RenderableType:
        view = state.view(0)
        # The score, its rating and why the game ended are the final screen's heading
        # (state.result_text()): said once, not again here.
        return Group(
            Text("Fireworks: ").append_text(Text(" ").join(
                Text(f"{suit.letter} {len(stack)}", style=f"bold {suit.style}")
                for suit, stack in zip(view.variant.suits, view.fireworks, strict=True)
            )),
            self._discards(view),
        )

    def help_sections(self, view: HanabiView) -> list[tuple[str, RenderableType]]:
        short = Text(
            "Together, build one firework per suit from 1 up to 5. You see every hand but "
            "your own. On your turn: give a clue (select a player, or a card of theirs, then "
            "the clue: it names every card of that colour or rank in their hand; it costs a "
            "clue token), discard one of your cards (gains a token back), or play one (a "
            "wrong card burns a fuse; the last fuse ends the game). The game ends after the "
            "deck runs out and everyone has had one more turn; the score is the fireworks' "
            "height.\n"
            "Marks on a card: ✓ playable, ! critical (the last of its kind), × trash; * it "
            "was clued; ✎ your note (n). Your own cards show what the clues tell (R?, ?3; "
            "?? nothing yet)."
        )
        return [("Hanabi in short", short), ("This game's variant", variant_text(view.variant))]

    def hint(self, view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
        return hint(view, legal)


ADAPTER = HanabiAdapter()
"""The Hanabi adapter."""
