"""Giving is reading: every clue the bot may give is read first with the same reader its
receiver (and every other player) will use, and is given only when that reading is what
the bot means: the focus is among what the receiver will take it for, every blind play and
prompt it asks for is the card it must be, no touched card will be taken for a play it is
not, and no card is touched that good touch forbids when the clue can be avoided."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from cardgames.hanabi.actions import Clue, HanabiAction
from cardgames.hanabi.cards import Card
from cardgames.hanabi.hgroup.meanings import PLAYS, Connection, Meaning, Reading
from cardgames.hanabi.hgroup.model import Table
from cardgames.hanabi.hgroup.reading import connect, read_clue, save_candidates


@attrs.frozen
class Candidate:
    """A clue the bot could give, how it reads, and what it is worth (None: misleading)."""

    clue: Clue
    touched: tuple[int, ...]
    """The orders of the cards it touches."""
    reading: Reading
    worth: float | None
    bad_touch: int
    plays: int
    """How many cards get played through it (the focus and its connections)."""


def touched_by(table: Table, target: int, value: str | int) -> tuple[int, ...]:
    touch = table.facts.touched_by[value]
    return tuple(order for order in table.hands[target]
                 if table.identity.get(order) in touch)


def candidates(table: Table, legal: Sequence[HanabiAction]) -> list[Candidate]:
    """Every legal clue, read as its receiver will read it, and weighed."""
    found = []
    for action in legal:
        if not isinstance(action, Clue) or action.target == table.me:
            continue
        touched = touched_by(table, action.target, action.value)
        reading = read_clue(table, table.me, action.target, action.value, touched,
                            hidden=(action.target, table.me))
        found.append(_weigh(table, action, touched, reading))
    return found


def _weigh(table: Table, clue: Clue, touched: tuple[int, ...], reading: Reading) -> Candidate:
    me, target = table.me, clue.target
    facts = table.facts
    needed = table.needed()
    playable = table.playable()
    touch = facts.touched_by[clue.value]
    elsewhere = Counter(table.clued_elsewhere((me,), besides=touched))
    new = [order for order in touched if not table.thoughts[order].clued]
    bad = 0
    within: Counter[Card] = Counter()
    for order in new:
        card = table.identity[order]
        within[card] += 1
        if (card not in needed and card not in facts.odd) or elsewhere[card] or within[card] > 1:
            bad += 1
    # No touched card may be taken for a play it is not.
    for order in touched:
        card = table.identity[order]
        thought = table.thoughts[order]
        if order == reading.focus:
            believed = reading.candidates
        elif thought.clued:
            believed = thought.inferred & touch or thought.inferred
        else:
            believed = table.good_touch(thought.possible & touch, (target, me), (order,))
        if believed and believed <= playable and card not in playable and (
                (order == reading.focus and reading.meaning in PLAYS) or order != reading.focus):
            return Candidate(clue, touched, reading, None, bad, 0)
    meaning = reading.meaning
    focus = reading.focus
    truth = table.identity.get(focus) if focus is not None else None
    if truth is not None and any(
            truth in table.thoughts[order].inferred and len(table.thoughts[order].inferred) > 1
            and (table.thoughts[order].clued or table.thoughts[order].finessed)
            for order in table.hands[me]):
        # The receiver sees my hand: a clued card of mine that may be this very card would
        # make it read the clue another way (good touch would rule the focus out).
        return Candidate(clue, touched, reading, None, bad, 0)
    worth: float | None = None
    plays = 0
    if meaning in (Meaning.PLAY, Meaning.FINESSE, Meaning.PROMPT, Meaning.TEMPO):
        if truth is None or truth not in reading.candidates:
            return Candidate(clue, touched, reading, None, bad, 0)
        links = connect(table, truth, giver=me, receiver=target, reader=target,
                        hidden=(target, me), focus=focus)
        if links is None or any(table.seen(link.order, (me,)) != link.card for link in links):
            return Candidate(clue, touched, reading, None, bad, 0)
        if links and not _all_read_alike(table, truth, target, focus, links):
            return Candidate(clue, touched, reading, None, bad, 0)
        own = {link for link in links if link.seat == target}
        if any({link for link in other if link.seat == target} != own
               for _, other in reading.options):
            return Candidate(clue, touched, reading, None, bad, 0)  # the receiver cannot tell
        plays = 1 + sum(1 for link in links if link.kind != "known")
        worth = plays + 0.2 * sum(1 for order in new if order != focus
                                  and table.identity[order] in needed) - _BAD_TOUCH * bad
        if meaning is Meaning.TEMPO:
            worth -= 0.3
    elif meaning in (Meaning.SAVE, Meaning.PLAY_OR_SAVE):
        if truth is None or truth not in reading.candidates:
            return Candidate(clue, touched, reading, None, bad, 0)
        if truth not in save_candidates(table, clue.value, frozenset({truth}), (target, me)):
            # Kept as a play, not a save: what it connects through must be so.
            links = connect(table, truth, giver=me, receiver=target, reader=target,
                            hidden=(target, me), focus=focus)
            if links is None or any(table.seen(link.order, (me,)) != link.card
                                    for link in links) or any(
                    link.kind == "finesse" for link in links):
                return Candidate(clue, touched, reading, None, bad, 0)
        critical = _critical(table, truth)
        if not critical and truth in facts.row_seconds and any(
                table.identity.get(order) == truth
                for seat, hand in enumerate(table.hands) if seat not in (me, target)
                for order in hand):
            return Candidate(clue, touched, reading, None, bad, 0)  # no 2 save on a 2 seen
        worth = (2.0 if critical else 1.0 if truth in facts.row_seconds else 0.5) - _BAD_TOUCH * bad
        if truth in playable:
            worth += 0.5
    elif meaning is Meaning.FIVE_STALL:
        worth = 0.2 - bad if all(table.identity[o] in facts.row_ends for o in new) else None
    elif meaning in (Meaning.FIVE_CHOP_MOVE, Meaning.TRASH_CHOP_MOVE):
        moved = [table.identity[order] for order in reading.moved]
        if meaning is Meaning.TRASH_CHOP_MOVE and any(
                table.identity[o] in needed for o in new):
            return Candidate(clue, touched, reading, None, bad, 0)
        if meaning is Meaning.FIVE_CHOP_MOVE and truth not in facts.row_ends:
            return Candidate(clue, touched, reading, None, bad, 0)
        elsewhere_all = Counter(table.clued_elsewhere((me,)))
        if not any(card in needed and not elsewhere_all[card] for card in moved):
            return Candidate(clue, touched, reading, None, bad, 0)  # nothing worth keeping
        worth = 0.6 + (1.5 if any(_critical(table, card) for card in moved) else 0.0)
    elif meaning is Meaning.STALL and not new:
        worth = 0.0
    elif meaning is Meaning.FIX and reading.fixed is not None:
        fixed = table.identity.get(reading.fixed)
        worth = 1.5 if fixed is not None and table.thoughts[reading.fixed].inferred <= (
            playable) and fixed not in playable else 0.0
    # Cards already clued that the clue shows playable (a fill-in) play too.
    filled = 0
    for order in touched:
        other = table.thoughts[order]
        if not other.clued or other.inferred <= playable:
            continue
        narrowed = other.inferred & touch
        if narrowed and narrowed <= playable and table.identity[order] in playable:
            filled += 1
    if filled and meaning is not Meaning.FIX and (worth is not None or not new):
        worth = (worth or 0.0) + filled
        plays += filled
    if worth is not None and plays == 0 and _locks(table, target, touched, reading):
        # A clue that leaves its receiver no chop forces clued cards out later: only a card
        # that must not be lost is worth it.
        saved = table.identity.get(focus) if focus is not None else None
        if saved is None or not _critical(table, saved):
            return Candidate(clue, touched, reading, None, bad, 0)
    return Candidate(clue, touched, reading, worth, bad, plays)


def _locks(table: Table, target: int, touched: tuple[int, ...], reading: Reading) -> bool:
    """Whether the receiver is left with no card to discard (all clued or chop moved)."""
    return all(order in touched or order in reading.moved or table.thoughts[order].clued
               or table.thoughts[order].chop_moved for order in table.hands[target])


def _all_read_alike(table: Table, truth: Card, target: int, focus: int | None,
                    links: tuple[Connection, ...]) -> bool:
    """Whether every other player, who sees the focus but not their own hand, finds the
    same connections (else one of them would answer a finesse or prompt that is not theirs)."""
    me = table.me
    for seat in range(table.players):
        if seat in (me, target):
            continue
        theirs = connect(table, truth, giver=me, receiver=target, reader=seat,
                         hidden=(seat, me), focus=focus)
        if theirs is None or [(link.order, link.card) for link in theirs] != [
                (link.order, link.card) for link in links]:
            return False
    return True


_BAD_TOUCH = 1.5
"""What touching one card good touch forbids costs, in cards played (it may be misplayed
later, and it takes a slot)."""


def _critical(table: Table, card: Card) -> bool:
    """The last copy of a card still needed."""
    if card not in table.needed():
        return False
    return table.facts.copies[card] - table.gone.count(card) <= 1
