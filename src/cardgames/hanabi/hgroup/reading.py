"""Reading a clue (and a play) by the H-Group conventions, one seat's knowledge at a time.

The same reader serves the bot's own hand, each partner's (to know what they will do), and
the bot's own clues before it gives them (:mod:`~cardgames.hanabi.hgroup.giving`). It takes
the conventions in the guide's order; each is gated by the level that brings it:

* focus and chop (:func:`focus_of`), saves on the chop (:func:`save_candidates`);
* play clues, delayed play clues through clued cards in any hand, prompts and finesses
  (:func:`connect`; self-finesses from level 2);
* 5 stalls (level 2), fix clues (level 3), 5's and trash chop moves (level 4), order chop
  moves (level 4, :func:`read_play`), tempo clues (level 6); a clue in a stall situation that
  nothing else explains is read as the stall it must be.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.hanabi.cards import Card
from cardgames.hanabi.hgroup.levels import Level
from cardgames.hanabi.hgroup.meanings import Connection, Meaning, Reading
from cardgames.hanabi.hgroup.model import Table

__all__ = ["connect", "focus_of", "read_clue", "read_play", "save_candidates",
           "stall_situation"]


# ------------------------------------------------------------------ focus and chop
def focus_of(table: Table, receiver: int, touched: Sequence[int]) -> int | None:
    """The focus of a clue touching `touched`: the chop when it is touched anew, else the
    newest card touched anew (None when the clue touches no new card)."""
    new = [order for order in table.hands[receiver]
           if order in touched and not table.thoughts[order].clued]
    if not new:
        return None
    chop = table.chop(receiver)
    if chop in new:
        return chop
    moved = [order for order in new if table.thoughts[order].chop_moved]
    return moved[-1] if moved and len(moved) == len(new) else new[0]


def stall_situation(table: Table, giver: int) -> bool:
    """Whether `giver` must not discard now: the early game (no discard yet), 8 clue tokens,
    or a hand with no chop (locked)."""
    return (not table.discarded_yet or table.tokens >= table.max_tokens
            or table.locked(giver))


# ------------------------------------------------------------------ saves
def save_candidates(table: Table, value: str | int, possible: frozenset[Card],
                    hidden: Sequence[int]) -> frozenset[Card]:
    """What a clue on the chop may save: a row's end by rank (a 5 save), a row's second card
    by rank (a 2 save), any card with no other copy left (a critical save)."""
    facts = table.facts
    needed = table.needed()
    found: set[Card] = set()
    if value == facts.end_rank:
        found |= possible & facts.row_ends & needed
    if value == facts.second_rank:
        found |= possible & facts.row_seconds & needed
    gone = table.gone
    for card in possible & needed:
        if card in facts.row_ends and not isinstance(value, int):
            continue  # a row's end is saved by rank
        if facts.copies[card] - gone.count(card) == 1:
            found.add(card)
    elsewhere = set(table.clued_elsewhere(hidden))
    return frozenset(card for card in found if card not in elsewhere)


# ------------------------------------------------------------------ play clues
def connect(table: Table, card: Card, *, giver: int, receiver: int, reader: int,
            hidden: Sequence[int], focus: int | None = None,
            used: set[int] | None = None) -> tuple[Connection, ...] | None:
    """The cards `card` connects through, in play order, as `reader` (who cannot see the
    hands of `hidden`) finds them: clued cards in any hand (known, or prompted), then the
    finesse positions of the players after the giver (the reader's own last). None when a
    card below it is found nowhere."""
    facts = table.facts
    index = facts.suit_index[card.suit]
    if card in facts.odd:
        return None
    below = facts.below(card)
    if card not in facts.step or table.heights[index] > facts.step[card]:
        return None
    taken = set(used or ())
    if focus is not None:
        taken.add(focus)
    links: list[Connection] = []
    for needed in below[table.heights[index]:]:
        link = _find(table, needed, giver=giver, receiver=receiver, reader=reader,
                     hidden=hidden, taken=taken, links=links)
        if link is None:
            return None
        links.append(link)
        taken.add(link.order)
    return tuple(links)


def _find(table: Table, needed: Card, *, giver: int, receiver: int, reader: int,
          hidden: Sequence[int], taken: set[int], links: list[Connection]) -> Connection | None:
    thoughts = table.thoughts
    # A clued or promised card: known to its holder, or visible and first in line (a prompt).
    for seat, hand in enumerate(table.hands):
        prompt_seen = False
        for order in hand:
            thought = thoughts[order]
            if order in taken or not (thought.clued or thought.finessed):
                continue
            card = table.seen(order, hidden)
            if card == needed:
                kind = "known" if thought.inferred == frozenset({needed}) else "prompt"
                if kind == "known" or not prompt_seen:
                    return Connection(needed, seat, order, kind)
            if thought.clued and needed in thought.inferred:
                prompt_seen = True  # a prompt would land on this card first
    level = table.level
    # The reader's own clued card that may be it (a prompt on the reader).
    if reader != giver and reader in hidden:
        for order in table.hands[reader]:
            thought = thoughts[order]
            if order not in taken and thought.clued and needed in thought.inferred:
                return Connection(needed, reader, order, "prompt")
    # A finesse: the finesse position of a player after the giver, the reader's own last.
    players = table.players
    # A double finesse takes the next card of a seat already finessed in this clue.
    for step in range(1, players):
        seat = (giver + step) % players
        if seat == reader or seat in hidden:
            continue
        if seat == receiver and level < Level.BASIC_FINESSES:
            continue
        position = table.finesse_position(seat, skip=taken)
        if position is not None and table.seen(position, hidden) == needed:
            return Connection(needed, seat, position, "finesse")
    if reader != giver and reader in hidden and (
            reader != receiver or level >= Level.BASIC_FINESSES):
        position = table.finesse_position(reader, skip=taken)
        if position is not None:
            return Connection(needed, reader, position, "finesse")
    return None


def _own_blind(links: Sequence[Connection], reader: int) -> int:
    return sum(1 for link in links if link.seat == reader and link.kind == "finesse")


def play_options(table: Table, candidates: frozenset[Card], *, giver: int, receiver: int,
                 reader: int, hidden: Sequence[int], focus: int
                 ) -> dict[Card, tuple[Connection, ...]]:
    """Each candidate of the focus that a play clue can mean, with its connections; when
    the reader is the receiver, the readings that ask it for no blind play come first (the
    simplest reading), the others only when none is left."""
    options: dict[Card, tuple[Connection, ...]] = {}
    for card in sorted(candidates, key=str):
        links = connect(table, card, giver=giver, receiver=receiver, reader=reader,
                        hidden=hidden, focus=focus)
        if links is not None:
            options[card] = links
    if reader == receiver and options:
        fewest = min(_own_blind(links, reader) for links in options.values())
        options = {card: links for card, links in options.items()
                   if _own_blind(links, reader) == fewest and fewest <= _MOST_OWN_BLIND}
    return options


_MOST_OWN_BLIND = 2
"""The most blind plays a receiver reads a clue as asking of itself (a self-finesse)."""


def _kind(links: Sequence[Connection]) -> Meaning:
    if any(link.kind == "finesse" for link in links):
        return Meaning.FINESSE
    if any(link.kind == "prompt" for link in links):
        return Meaning.PROMPT
    return Meaning.PLAY


# ------------------------------------------------------------------ the reader
def read_clue(table: Table, giver: int, receiver: int, value: str | int | None,
              touched: tuple[int, ...], *, hidden: Sequence[int]) -> Reading:
    """How a clue from `giver` to `receiver` reads to a seat that cannot see the hands of
    `hidden` (the first of them is the reading seat): its meaning, focus, candidates and,
    where the reader can tell them, the connections it asks for."""
    if value is None:
        return Reading(Meaning.UNEXPLAINED, None, frozenset())
    if not touched:
        return Reading(Meaning.EMPTY, None, frozenset())
    reader = hidden[0]
    facts = table.facts
    touch = facts.touched_by[value]
    focus = focus_of(table, receiver, touched)
    if focus is None:
        return _read_reclue(table, giver, receiver, value, touched, hidden=hidden)
    thought = table.thoughts[focus]
    possible = thought.possible & touch or thought.possible
    level = table.level
    chop = table.chop(receiver)
    hand = table.hands[receiver]
    # 5's chop move (level 4): a 5 clue on the card just newer than the chop saves the chop.
    if (level >= Level.CHOP_MOVES and value == facts.end_rank and chop is not None
            and chop not in touched and hand.index(chop) >= 1
            and hand[hand.index(chop) - 1] == focus):
        return Reading(Meaning.FIVE_CHOP_MOVE, focus, possible & facts.row_ends,
                       moved=(chop,))
    # The 5 stall (level 2): in a stall situation a 5 clue off the chop asks for nothing.
    if (level >= Level.BASIC_FINESSES and value == facts.end_rank and focus != chop
            and stall_situation(table, giver)):
        return Reading(Meaning.FIVE_STALL, focus, possible & facts.row_ends)
    common = (receiver, *[seat for seat in hidden if seat != receiver])
    useful = table.good_touch(possible, common, besides=(focus,)) & table.needed()
    saves = (save_candidates(table, value, possible, common) if focus == chop
             else frozenset())
    options = play_options(table, useful, giver=giver, receiver=receiver, reader=receiver,
                           hidden=common, focus=focus)
    if focus == chop:
        # A clue on the chop asks its receiver for no blind play (a self-finesse): it may be
        # a save, or read against another chop, and a blind play there costs a strike.
        options = {card: links for card, links in options.items()
                   if not _own_blind(links, receiver)}
    truth = table.seen(focus, hidden)
    links: tuple[Connection, ...] = ()
    if truth is not None and reader != receiver:
        # The reader sees the focus: what the receiver cannot tell, the reader may (a
        # finesse on the reader itself).
        mine = connect(table, truth, giver=giver, receiver=receiver, reader=reader,
                       hidden=hidden, focus=focus)
        if (mine is not None and truth in useful and truth not in saves
                and _own_blind(mine, reader) <= _MOST_OWN_BLIND):
            options[truth] = mine
            links = mine
    elif truth is None and reader == receiver and len(options) >= 1:
        shared = [link for link in next(iter(options.values()))
                  if all(link in other for other in options.values())]
        links = tuple(shared)
    plays = frozenset(options)
    if plays and saves and not isinstance(value, int):
        # A colour clue on the chop that can be a play clue is one (H-Group readers, will-bot
        # among them, take it so): a card that must be saved gets a rank clue, or a colour
        # clue only where no play reading is left.
        saves = frozenset()
    if saves or plays:
        if focus == chop and saves and plays:
            meaning = Meaning.PLAY_OR_SAVE
        elif plays and not (focus == chop and saves):
            meaning = _kind(links) if links else Meaning.PLAY
        else:
            meaning = Meaning.SAVE
        return Reading(meaning, focus, plays | saves, links,
                       options=tuple(sorted(options.items(), key=lambda item: str(item[0]))))
    # Nothing it can mean is still useful.
    new = [order for order in touched if not table.thoughts[order].clued]
    trash = all(not (table.thoughts[order].possible & touch & table.needed()) or
                not table.good_touch(table.thoughts[order].possible & touch, common,
                                     besides=(order,)) & table.needed()
                for order in new)
    if trash:
        if level >= Level.CHOP_MOVES and chop is not None and chop not in touched:
            return Reading(Meaning.TRASH_CHOP_MOVE, focus, frozenset(), moved=(chop,))
        return Reading(Meaning.TRASH, focus, frozenset())
    if stall_situation(table, giver):
        return Reading(Meaning.STALL, focus, frozenset())
    return Reading(Meaning.UNEXPLAINED, focus, frozenset())


def _read_reclue(table: Table, giver: int, receiver: int, value: str | int,
                 touched: tuple[int, ...], *, hidden: Sequence[int]) -> Reading:
    """A clue touching only clued cards: a fix (level 3), a tempo clue (level 6), or a
    stall."""
    touch = table.facts.touched_by[value]
    playable = table.playable()
    level = table.level
    for order in touched:
        thought = table.thoughts[order]
        narrowed = thought.inferred & touch
        if level >= Level.BASIC_STRATEGY and thought.inferred and (
                not narrowed or (thought.inferred <= playable and not narrowed <= playable)):
            return Reading(Meaning.FIX, None, frozenset(), fixed=order)
    if level >= Level.TEMPO_CLUES:
        common = (receiver, *[seat for seat in hidden if seat != receiver])
        for order in table.hands[receiver]:
            thought = table.thoughts[order]
            if order not in touched or thought.promised or thought.inferred <= playable:
                continue
            useful = table.good_touch(thought.possible & touch, common, besides=(order,))
            options = play_options(table, useful & table.needed(), giver=giver,
                                   receiver=receiver, reader=receiver, hidden=common,
                                   focus=order)
            if options:
                return Reading(Meaning.TEMPO, order, frozenset(options))
            break
    return Reading(Meaning.STALL, None, frozenset())


# ------------------------------------------------------------------ plays
def read_play(table: Table, seat: int, order: int) -> None:
    """Before a card leaves a hand by a play: several 1s clued together played out of order
    (not the oldest first) are an order chop move on the next player (level 4): the chop is
    saved, or the card one newer for each further skip."""
    if table.level < Level.CHOP_MOVES:
        return
    thought = table.thoughts.get(order)
    if thought is None or not thought.clued:
        return
    firsts = frozenset(sequence[0] for sequence in table.facts.sequences if sequence)
    if not thought.possible <= firsts or len(thought.possible) == 1:
        return  # a 1 known exactly may be played in any order
    ones = [other for other in table.hands[seat]
            if table.thoughts[other].clued and table.thoughts[other].possible <= firsts
            and len(table.thoughts[other].possible) > 1]
    if len(ones) < 2 or ones[-1] == order:
        return
    skipped = len(ones) - 1 - ones.index(order)
    target = (seat + 1) % table.players
    moved: list[int] = []
    for candidate in reversed(table.hands[target]):
        other = table.thoughts[candidate]
        if other.clued or other.chop_moved or other.finessed:
            continue
        moved.append(candidate)
        if len(moved) == skipped:
            break
    if len(moved) == skipped:
        table.thoughts[moved[-1]].chop_moved = True
