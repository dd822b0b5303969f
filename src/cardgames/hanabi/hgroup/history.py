"""The belief model built from a view's history: every move in turn, every clue read (by
:mod:`~cardgames.hanabi.hgroup.reading`) as the modelling seat read it when it came."""

from __future__ import annotations

from cardgames.hanabi.events import (
    Clued,
    Discarded,
    Drew,
    HiddenClued,
    Played,
    Thrown,
    TokenRegained,
)
from cardgames.hanabi.hgroup.model import ClueRecord, Table, Thought
from cardgames.hanabi.hgroup.reading import read_clue, read_play
from cardgames.hanabi.view import HanabiView

__all__ = ["replay"]


def replay(view: HanabiView, level: int) -> Table:
    """The model of the game so far, from the view's seat, every clue read as it came."""
    table = Table(view, level)
    for number, move in enumerate(view.history, start=1):
        played: int | None = None
        table.moves = number
        for event in move.events:
            if isinstance(event, (Clued, HiddenClued)):
                hand = table.hands[event.target]
                touched = tuple(hand[slot - 1] for slot in event.slots if slot - 1 < len(hand))
                value = event.value if isinstance(event, Clued) else None
                reading = read_clue(table, event.seat, event.target, value, touched,
                                    hidden=(table.me,))
                focus_slot = table.slot_of(reading.focus) if reading.focus is not None else None
                table.clues.append(ClueRecord(number, event.seat, event.target, value, touched,
                                              focus_slot, reading))
                table.apply_clue(event.seat, event.target, value, touched, reading)
                table.tokens = max(0, table.tokens - 1)
            elif isinstance(event, Played):
                if event.slot is not None:
                    read_play(table, event.seat, event.order)
                    played = event.order
                    table.after_play(event.seat, event.order, event.card, event.success)
                elif event.success:
                    table.after_play(event.seat, -1, event.card, True)
                else:
                    table.gone.append(event.card)
            elif isinstance(event, Thrown):
                if event.slot is not None:
                    played = event.order
                    table.after_play(event.seat, event.order, None, True)
            elif isinstance(event, Discarded):
                if event.slot is not None:
                    table.after_discard(event.seat, event.order, event.card)
                    table.tokens = min(table.max_tokens, table.tokens + 1)
                else:
                    table.gone.append(event.card)
            elif isinstance(event, TokenRegained):
                table.tokens = event.tokens
            elif isinstance(event, Drew):
                table.hands[event.seat].insert(0, event.order)
                every = frozenset(table.facts.cards)
                table.thoughts[event.order] = Thought(event.order, event.seat, every, every)
        table.turn_passed(move.seat, played)
    table.tokens = view.clue_tokens
    return table
