"""What a clue means under the H-Group conventions, as values: :class:`Meaning` (the kind
of clue) and :class:`Reading` (one clue read: its focus, the cards the focus may be, the
blind plays and prompts it asks for), with the plain sentence built from them."""

from __future__ import annotations

import enum

import attrs

from cardgames.hanabi.cards import Card


class Meaning(enum.Enum):
    """The kinds of clue the conventions know (``value``: the word the readings use)."""

    PLAY = "play"
    """A play clue: the focus is playable now, or once the cards it connects through are
    played (a delayed play clue)."""
    SAVE = "save"
    """A save on the chop: a 5 or a 2 by rank, or a card with no other copy left."""
    PLAY_OR_SAVE = "play or save"
    """A clue on the chop that may be either: keep the card, play it once it is known to fit."""
    FINESSE = "finesse"
    """A play clue that connects through a partner's blind play from finesse position."""
    PROMPT = "prompt"
    """A play clue that connects through a card already clued in a partner's hand."""
    FIVE_STALL = "5 stall"
    """A 5 clue off the chop in a stall situation: no play, no save, only a stall."""
    STALL = "stall"
    """A clue given because the giver must not discard (8 clues, a locked hand, the early
    game): it touches no new card, or only cards it reads as saved, and asks for no play."""
    TEMPO = "tempo"
    """A clue on cards already clued that gives them no new information of use: the focus
    (the newest of them not known) is playable."""
    FIX = "fix"
    """A clue on cards already clued showing one of them is not what it was taken for."""
    FIVE_CHOP_MOVE = "5 chop move"
    """A 5 clue on the card just newer than the chop: the chop is saved, not played."""
    TRASH_CHOP_MOVE = "trash chop move"
    """A clue touching only cards it shows useless, off the chop: the chop is saved."""
    ORDER_CHOP_MOVE = "order chop move"
    """Several 1s clued together played out of order (not the oldest first): the next
    player's chop is saved."""
    TRASH = "trash"
    """A clue touching only cards it shows useless, with no chop to move."""
    EMPTY = "empty"
    """A clue that touches no card."""
    UNEXPLAINED = "unexplained"
    """No convention of the bot's level explains the clue."""


PLAYS = frozenset({Meaning.PLAY, Meaning.FINESSE, Meaning.PROMPT, Meaning.TEMPO})
"""Meanings that ask the receiver to play the focus (now or after its connections)."""


@attrs.frozen
class Connection:
    """One card a play clue connects through, before its focus."""

    card: Card
    """The card that must be played first."""
    seat: int
    """The seat that holds it."""
    order: int
    """The card's public order."""
    kind: str
    """``known`` (clued and known to its holder), ``prompt`` (clued, its holder is
    reminded) or ``finesse`` (untouched: a blind play)."""


@attrs.frozen
class Reading:
    """How one clue reads (from one seat's knowledge)."""

    meaning: Meaning
    focus: int | None
    """The focus card's order (None: no card touched, or only clued ones without a tempo)."""
    candidates: frozenset[Card]
    """What the focus may be, read by the conventions (empty when nothing is promised)."""
    connections: tuple[Connection, ...] = ()
    """For a play clue, the cards played before the focus, in play order."""
    moved: tuple[int, ...] = ()
    """For a chop move, the orders of the cards moved off the chop."""
    fixed: int | None = None
    """For a fix, the card shown not to be what it was taken for."""
    options: tuple[tuple[Card, tuple[Connection, ...]], ...] = ()
    """For a play clue, each candidate of the focus with the cards it needs first, as the
    receiver reads it (a candidate whose blind play does not come is dropped later)."""

    @property
    def blind(self) -> tuple[Connection, ...]:
        """The blind plays the clue asks for."""
        return tuple(link for link in self.connections if link.kind == "finesse")


def cards_text(cards: frozenset[Card]) -> str:
    """``R3``, or ``R3 or B3`` ... in a fixed order."""
    names = sorted(map(str, cards))
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def sentence(reading: Reading, *, said: str, whose: str, slot: int | None,
             names: tuple[str, ...], you: int) -> str:
    """The reading in one plain sentence (`said`: "Alice's red clue to Bob"; `whose`:
    "your" or "Bob's"; `slot`: the focus's slot when the clue was given)."""
    meaning = reading.meaning
    where = f"{whose} #{slot}" if slot is not None else f"{whose} cards"
    cards = cards_text(reading.candidates) or "it"
    if meaning is Meaning.EMPTY:
        return f"{said} touches no card: it only tells what is not there (a stall)"
    if meaning in (Meaning.FINESSE, Meaning.PROMPT) or (
            meaning is Meaning.PLAY and reading.connections):
        steps = []
        for link in reading.connections:
            who = "you" if link.seat == you else names[link.seat]
            how = {"finesse": "blind, from finesse position", "prompt": "from a clued card",
                   "known": "already known"}[link.kind]
            steps.append(f"{who} {'play' if link.seat == you else 'plays'} {link.card} {how}")
        return (f"{said} focuses {where}: a {meaning.value} clue, {'; '.join(steps)}; then "
                f"the focus ({cards}) plays")
    text = {
        Meaning.PLAY: f"{said} focuses {where}: a play clue on {cards}",
        Meaning.SAVE: f"{said} focuses {where} on the chop: a save, keep it ({cards})",
        Meaning.PLAY_OR_SAVE: (f"{said} focuses {where} on the chop: a play or a save "
                               f"({cards}); keep it and play it once it is known to fit"),
        Meaning.FIVE_STALL: (f"{said} touches {where} off the chop: a 5 stall, it asks for no "
                             f"play"),
        Meaning.STALL: (f"{said} is a stall: it touches no new card it asks to play, and "
                        f"asks for no play"),
        Meaning.TEMPO: f"{said} re-touches clued cards: a tempo clue, {where} ({cards}) plays",
        Meaning.FIX: (f"{said} touches only clued cards: a fix, the card is not what it was "
                      f"taken for"),
        Meaning.FIVE_CHOP_MOVE: (f"{said} touches a 5 just left of the chop: a 5 chop move, "
                                 f"the chop is saved"),
        Meaning.TRASH_CHOP_MOVE: (f"{said} touches only useless cards off the chop: a trash "
                                  f"chop move, the chop is saved"),
        Meaning.ORDER_CHOP_MOVE: "an order chop move: the next player's chop is saved",
        Meaning.TRASH: f"{said} touches only useless cards: discard them",
        Meaning.UNEXPLAINED: f"{said} focuses {where}, and no convention explains it",
    }
    return text.get(meaning, f"{said}: {meaning.value}")
