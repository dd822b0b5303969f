"""The H-Group bot: :class:`HGroupBot` decides from the belief model of its seat
(:mod:`~cardgames.hanabi.hgroup.model`), reads every clue with the level's conventions
(:mod:`~cardgames.hanabi.hgroup.reading`) and gives only clues that read as it means them
(:mod:`~cardgames.hanabi.hgroup.giving`).

Its decision is a pure function of the view and its level: no random state, so ``explain``
says the move ``act`` makes, whatever was called before."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from cardgames.core.agents import Hint
from cardgames.hanabi.actions import Clue, Discard, HanabiAction, Play
from cardgames.hanabi.cards import Card
from cardgames.hanabi.hgroup.giving import Candidate, candidates
from cardgames.hanabi.hgroup.history import replay
from cardgames.hanabi.hgroup.levels import LEVELS, TOP_LEVEL, Level
from cardgames.hanabi.hgroup.meanings import PLAYS, Meaning, cards_text, sentence
from cardgames.hanabi.hgroup.model import ClueRecord, Table
from cardgames.hanabi.view import HanabiView

__all__ = ["ClueReading", "HGroupBot", "readings"]


@attrs.frozen
class ClueReading:
    """How the bot read one clue (:meth:`HGroupBot.readings`)."""

    move: int
    """The clue's move number (1 = the game's first move)."""
    giver: int
    receiver: int
    clue: str | int | None
    """The colour or rank named (None where the variant hid it from the reader)."""
    focus_slot: int | None
    """The focus's slot in the receiver's hand when the clue was given (1 = newest)."""
    focus_order: int | None
    meaning: str
    """The meaning's word (``play``, ``save``, ``5 stall``, ``trash chop move``, ...), with
    the seat for a finesse or prompt: ``finesse on Bob``."""
    text: str
    """The reading in one plain sentence."""
    kind: Meaning = Meaning.UNEXPLAINED
    """The meaning as a value."""


def _reading(view: HanabiView, record: ClueRecord) -> ClueReading:
    names = view.players
    value = record.value
    word = "hidden" if value is None else str(value)
    said = f"{names[record.giver]}'s {word} clue to {names[record.receiver]}"
    whose = "your" if record.receiver == view.seat else f"{names[record.receiver]}'s"
    reading = record.reading
    text = sentence(reading, said=said, whose=whose, slot=record.focus_slot, names=names,
                    you=view.seat)
    meaning = reading.meaning.value
    if reading.meaning in (Meaning.FINESSE, Meaning.PROMPT):
        seats = [link.seat for link in reading.connections if link.kind != "known"]
        if seats:
            meaning = f"{meaning} on {names[seats[0]]}"
    return ClueReading(record.move, record.giver, record.receiver, value, record.focus_slot,
                       reading.focus, meaning, text, reading.meaning)


def readings(view: HanabiView, level: int = TOP_LEVEL) -> list[ClueReading]:
    """How a bot of `level` in the view's seat reads every clue of the game so far."""
    table = replay(view, level)
    return [_reading(view, record) for record in table.clues]


class HGroupBot:
    """A partner that plays the H-Group conventions up to `level` (see :data:`LEVELS`).

    `seed` is kept for the bot interface; the bot draws nothing at random."""

    __slots__ = ("_level", "seed")

    def __init__(self, seed: int | None = None, level: int = TOP_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"H-Group level must be one of {sorted(LEVELS)} (got {level!r})")
        self.seed = seed
        self._level = level

    def __repr__(self) -> str:
        return f"HGroupBot(level={self._level})"

    @property
    def level(self) -> int:
        """The bot's level (1 .. TOP_LEVEL)."""
        return self._level

    def act(self, view: HanabiView, legal: Sequence[HanabiAction]) -> HanabiAction:
        """Choose one of `legal` from what `view` shows (never raises)."""
        return self.explain(view, legal).action

    def explain(self, view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
        """The move :meth:`act` makes, and why; led by the reading of the latest clue when
        it concerns this seat (given by it, to it, or asking it to play)."""
        try:
            table = replay(view, self._level)
            action, why = _Decision(view, legal, table).choose()
        except Exception:  # a partner must never fail mid-game
            return _safest(legal)
        if action not in legal:
            return _safest(legal)
        latest = table.clues[-1] if table.clues else None
        if latest is not None and latest.move >= len(view.history) - len(view.players) + 1:
            linked = {link.seat for link in latest.reading.connections}
            if view.seat in (latest.giver, latest.receiver) or view.seat in linked:
                return Hint(action, f"{_reading(view, latest).text}; so: {why}")
        return Hint(action, why)

    def readings(self, view: HanabiView) -> list[ClueReading]:
        """How the bot read every clue of the game so far, oldest first."""
        return readings(view, self._level)


def _safest(legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
    """The legal move that risks least when the bot cannot read the position: a clue (it
    costs a token, never a card), else a discard of the oldest card, else the first move."""
    clues = [action for action in legal if isinstance(action, Clue)]
    if clues:
        return Hint(clues[0], "the bot could not read this position, so it gives a clue: it "
                              "costs a token and risks no card")
    discards = [action for action in legal if isinstance(action, Discard)]
    if discards:
        oldest = max(discards, key=lambda action: action.slot)
        return Hint(oldest, "the bot could not read this position, so it discards its oldest "
                            "card rather than play blind")
    return Hint(legal[0], "the bot could not read this position, so it makes the first legal "
                          "move")


_Step = Callable[[], "tuple[HanabiAction, str] | None"]
"""One priority of the decision: a move and why, or None to go on to the next."""


class _Decision:
    """One decision, in the guide's order of priorities."""

    def __init__(self, view: HanabiView, legal: Sequence[HanabiAction], table: Table) -> None:
        self.view = view
        self.legal = list(legal)
        self.table = table
        self.level = table.level
        self.hand = table.hands[table.me]
        self.playable = table.playable()
        self.needed = table.needed()
        self.seen_count = self._seen_counts()
        self._clues: list[Candidate] | None = None

    # ------------------------------------------------------------ what I know of my cards
    def _seen_counts(self) -> Counter[Card]:
        counts: Counter[Card] = Counter(self.table.played)
        counts.update(self.table.gone)
        for hand in self.view.other_hands:
            counts.update(slot.card for slot in hand)
        return counts

    def private(self, order: int) -> frozenset[Card]:
        """What my card may be: the conventions' belief, less every card whose copies I see
        all of elsewhere."""
        thought = self.table.thoughts[order]
        slot = next((s for s in self.view.own_hand if s.order == order), None)
        possible = slot.possible if slot is not None else thought.possible
        believed = thought.inferred & possible or possible
        copies = self.table.facts.copies
        kept = frozenset(card for card in believed
                         if self.seen_count[card] < copies.get(card, 1))
        return kept or believed

    def _known_playable(self, order: int) -> bool:
        thought = self.table.thoughts[order]
        cards = self.private(order)
        if not cards:
            return False
        odd_ok = all(card in self.view.playable for card in cards)
        if not (cards <= self.playable or odd_ok):
            return False
        if self.view.fuses <= 1 and not thought.finessed:
            # On the last fuse a card is played only when what the clues and the cards seen
            # leave it (not what good touch infers: a copy clued twice breaks that) fits.
            seen = self._visible_possible(order)
            if not seen <= self.playable:
                return False
        return thought.clued or thought.finessed or len(cards) == 1

    def _visible_possible(self, order: int) -> frozenset[Card]:
        """What the clues leave my card able to be, less the cards I see every copy of."""
        slot = next((s for s in self.view.own_hand if s.order == order), None)
        possible = slot.possible if slot is not None else self.table.thoughts[order].possible
        copies = self.table.facts.copies
        return frozenset(card for card in possible
                         if self.seen_count[card] < copies.get(card, 1)) or possible

    def _known_trash(self, order: int) -> bool:
        cards = self.private(order)
        facts = self.table.facts
        elsewhere = set(self.table.clued_elsewhere((self.table.me,), besides=(order,)))
        return bool(cards) and all(card not in facts.odd and (
            card not in self.needed or card in elsewhere) for card in cards)

    # ------------------------------------------------------------ moves
    def _play(self, order: int) -> Play:
        return Play(self.hand.index(order) + 1)

    def _discard(self, order: int) -> Discard:
        return Discard(self.hand.index(order) + 1)

    def clues(self) -> list[Candidate]:
        if self._clues is None:
            self._clues = candidates(self.table, self.legal)
        return self._clues

    def choose(self) -> tuple[HanabiAction, str]:
        view = self.view
        if view.pending is not None or not any(
                isinstance(action, (Play, Discard, Clue)) for action in self.legal):
            first: HanabiAction = self.legal[0]
            return first, "the only kind of move to make now"
        early: tuple[_Step, ...] = () if self.table.discarded_yet else (self._play_clue,)
        steps: tuple[_Step, ...] = (*early, self._urgent, self._play_known, self._play_clue,
                                   self._early_game, self._last_round, self._forced_clue,
                                   self._discard_move)
        for step in steps:
            found = step()
            if found is not None:
                return found
        fallback = _safest(self.legal)
        return fallback.action, fallback.reason

    def _can_clue(self) -> bool:
        return any(isinstance(action, Clue) for action in self.legal)

    def _can_discard(self) -> bool:
        return any(isinstance(action, Discard) for action in self.legal)

    def _urgent(self) -> tuple[HanabiAction, str] | None:
        """The next player's chop is a card that must not be lost and they will discard
        it: save it (a play clue on it does too); a partner about to misplay: fix it."""
        table = self.table
        if not self._can_clue():
            return None
        players = table.players
        for step in range(1, players):
            seat = (table.me + step) % players
            chop = table.chop(seat)
            if self.level >= Level.BASIC_STRATEGY:
                fix = self._fix_for(seat)
                if fix is not None:
                    return fix
            if chop is None or step > 1 or self._has_play(seat):
                continue
            card = table.identity.get(chop)
            if card is None or not self._worth_saving(card, chop):
                continue
            if not table.discarded_yet and card in table.facts.row_seconds and (
                    table.facts.copies[card] - table.gone.count(card) > 1):
                continue  # in the early game no one discards: a 2 save can wait
            if not self._can_discard_seat():
                continue
            best = self._save_for(seat, chop)
            if best is not None:
                name = view_name(self.view, seat)
                return best.clue, (f"{name}'s chop is {card}, which must not be discarded: "
                                   f"{_what(best)}")
        return None

    def _save_for(self, seat: int, chop: int) -> Candidate | None:
        """The best clue that keeps `seat`'s chop: one touching it, else a chop move."""
        touching = [c for c in self.clues() if c.clue.target == seat and chop in c.touched
                    and c.worth is not None and c.worth > 0]
        moving = [c for c in self.clues() if c.clue.target == seat and c.worth is not None
                  and c.reading.meaning in (Meaning.FIVE_CHOP_MOVE, Meaning.TRASH_CHOP_MOVE)]
        return max(touching or moving, key=_rank, default=None)

    def _can_discard_seat(self) -> bool:
        return self.table.tokens < self.table.max_tokens or True

    def _worth_saving(self, card: Card, order: int) -> bool:
        table = self.table
        facts = table.facts
        if card not in self.needed:
            return False
        elsewhere = Counter(table.clued_elsewhere((table.me,), besides=(order,)))
        if elsewhere[card]:
            return False
        if card in facts.row_ends or table.facts.copies[card] - table.gone.count(card) <= 1:
            return True
        if card in facts.row_seconds:
            seen = sum(1 for hand in self.view.other_hands for slot in hand
                       if slot.card == card and slot.order != order)
            return seen == 0
        return False

    def _has_play(self, seat: int) -> bool:
        table = self.table
        for order in table.hands[seat]:
            thought = table.thoughts[order]
            if thought.finessed:
                return True
            if thought.clued and thought.inferred and thought.inferred <= self.playable:
                return True
        return False

    def _fix_for(self, seat: int) -> tuple[HanabiAction, str] | None:
        table = self.table
        soon = self.playable | table.facts.next_cards([h + 1 for h in table.heights])
        elsewhere = Counter(table.clued_elsewhere((table.me,)))
        for order in table.hands[seat]:
            thought = table.thoughts[order]
            card = table.identity.get(order)
            if card is None or not thought.clued or card in self.playable:
                continue
            # A card that does not fit and is taken to (it would be misplayed now), or a
            # useless copy taken for a card that fits after one more play (it would be then).
            useless = card not in self.needed or elsewhere[card] > 1
            if thought.inferred and thought.inferred <= self.playable:
                danger = self.playable
            elif useless and thought.inferred and thought.inferred <= soon:
                danger = soon
            else:
                continue
            touch = table.facts.touched_by
            fixes = [c for c in self.clues() if c.clue.target == seat and order in c.touched
                     and c.reading.meaning is Meaning.FIX]
            clears = [c for c in self.clues() if c.clue.target == seat and c.worth is not None
                      and order in c.touched
                      and not touch[c.clue.value] & thought.inferred & danger]
            best = max(fixes or clears, key=_rank, default=None)
            if best is not None:
                return best.clue, (f"a fix clue: {view_name(self.view, seat)} takes "
                                   f"#{table.hands[seat].index(order) + 1} for a playable "
                                   f"card, but it is {card}")
        return None

    def _best(self, keep: Callable[[Candidate], bool]) -> Candidate | None:
        kept = [candidate for candidate in self.clues() if keep(candidate)]
        return max(kept, key=_rank, default=None)

    def _play_known(self) -> tuple[HanabiAction, str] | None:
        table = self.table
        plays = [order for order in self.hand if self._known_playable(order)]
        if not plays:
            return None
        firsts = frozenset(seq[0] for seq in table.facts.sequences if seq)

        def priority(order: int) -> tuple[int, int, int, int, int]:
            cards = self.private(order)
            finessed = table.thoughts[order].finessed
            ends = all(card in table.facts.row_ends for card in cards)
            ones = all(card in firsts for card in cards)
            unlocks = self._unlocks(cards)
            # Several 1s are played oldest first (level 3), as is any other tie.
            return (0 if finessed else 1, 0 if unlocks else 1, 0 if ends else 1,
                    0 if ones else 1, -self.hand.index(order))
        order = min(plays, key=priority)
        action = self._play(order)
        if action not in self.legal:
            return None
        why = f"#{action.slot} is {cards_text(self.private(order))}: playable now"
        if len(plays) > 1 and self._unlocks(self.private(order)):
            why += "; it goes first because a partner's clued card builds on it"
        return action, why

    def _unlocks(self, cards: frozenset[Card]) -> bool:
        facts = self.table.facts
        for hand in self.view.other_hands:
            for slot in hand:
                if slot.touched and facts.below(slot.card)[-1:] and (
                        facts.below(slot.card)[-1] in cards):
                    return True
        return False

    def _play_clue(self) -> tuple[HanabiAction, str] | None:
        if not self._can_clue() or self.table.tokens <= 0:
            return None
        best = self._best(lambda c: c.worth is not None and c.worth >= 1.0
                          and (c.plays >= 1 or c.worth >= 1.5))
        if best is None:
            return None
        return best.clue, _what(best)

    def _early_game(self) -> tuple[HanabiAction, str] | None:
        """Before the first discard, any useful clue (a save, a 5 stall) before a discard."""
        if self.table.discarded_yet or not self._can_clue():
            return None
        best = self._best(lambda c: c.worth is not None and c.worth > 0.1 and c.bad_touch == 0)
        if best is None:
            return None
        return best.clue, f"the early game, nothing is discarded yet: {_what(best)}"

    def _last_round(self) -> tuple[HanabiAction, str] | None:
        """The deck is out and a fuse is to spare: a discard or a stall can no longer help,
        a card that may fit can; play the one likeliest to."""
        view = self.view
        if view.deck_size > 0 or view.fuses <= 1:
            return None
        copies = self.table.facts.copies
        best: tuple[float, int] | None = None
        for order in self.hand:
            cards = self.private(order)
            weights = {card: copies.get(card, 1) - self.seen_count[card] for card in cards}
            total = sum(max(0, weight) for weight in weights.values())
            if total <= 0:
                continue
            chance = sum(max(0, weights[card]) for card in cards
                         if card in self.playable) / total
            if chance > 0 and (best is None or chance > best[0]):
                best = (chance, order)
        if best is None:
            return None
        action = self._play(best[1])
        if action not in self.legal:
            return None
        return action, (f"the last round, with a fuse to spare: #{action.slot} fits "
                        f"{best[0]:.0%} of the time, and nothing else can still score")

    def _forced_clue(self) -> tuple[HanabiAction, str] | None:
        """8 clue tokens (no discard allowed), or a locked hand with tokens: a clue every
        reader reads as what it is, a stall when nothing better."""
        table = self.table
        forced = not self._can_discard() or (
            table.locked(table.me) and self._can_clue() and table.tokens > 0
            and not any(self._known_trash(order) for order in self.hand))
        if not forced or not self._can_clue():
            return None
        best = self._best(lambda c: c.worth is not None and c.worth > 0.0)
        if best is not None:
            return best.clue, f"a stall situation (no discard open): {_what(best)}"
        stall = self._best(lambda c: c.worth is not None)
        if stall is not None:
            return stall.clue, (f"a stall situation (no discard open): {_what(stall)}")
        quiet = min(self.clues(), key=lambda c: (self._harm(c), c.bad_touch, len(c.touched),
                                                 str(c.clue)), default=None)
        if quiet is not None:
            return quiet.clue, ("a stall situation: no clue reads cleanly, so the one that "
                                "misleads least")
        return None

    def _harm(self, candidate: Candidate) -> int:
        """How badly a clue no reading fits may be answered: 2, its receiver takes the focus
        (or another touched card) for a card to play now that is not; 1, someone answers a
        finesse or prompt; 0, it only waits (a stall, a delayed play that never comes)."""
        reading = candidate.reading
        table = self.table
        truth = table.identity.get(reading.focus) if reading.focus is not None else None
        if (reading.meaning in PLAYS and reading.candidates
                and reading.candidates <= self.playable and truth not in self.playable):
            return 2
        if any(link.kind != "known" for link in reading.connections) or any(
                link.kind != "known" for _, links in reading.options for link in links):
            return 1
        return 0

    def _discard_move(self) -> tuple[HanabiAction, str] | None:
        table = self.table
        if not self._can_discard():
            return None
        for order in reversed(self.hand):
            if self._known_trash(order):
                action = self._discard(order)
                return action, (f"#{action.slot} can only be a card no firework needs any "
                                f"more (played already, or above a card whose every copy "
                                f"is gone): discard it")
        chop = table.chop(table.me)
        if chop is not None:
            action = self._discard(chop)
            return action, f"nothing to play or clue: discard the chop, #{action.slot}"
        # A locked hand with no token: the card least likely to be needed.

        def risk(order: int) -> tuple[float, int]:
            cards = self.private(order)
            useful = [card for card in cards if card in self.needed]
            critical = [card for card in useful
                        if table.facts.copies[card] - table.gone.count(card) <= 1]
            return (len(critical) / max(1, len(cards)) + len(useful) / max(1, len(cards)) / 4,
                    -self.hand.index(order))
        order = min(self.hand, key=risk)
        action = self._discard(order)
        return action, (f"a locked hand and no token: discard #{action.slot}, the card least "
                        f"likely to be needed")


def _rank(candidate: Candidate) -> tuple[float, int, bool, int, int, str]:
    # Of clues worth as much, the one read one way only (a rank save over a colour clue that
    # may be taken for a play), touching fewest cards good touch forbids.
    reading = candidate.reading
    return (candidate.worth if candidate.worth is not None else -9.0, -candidate.bad_touch,
            reading.meaning is not Meaning.PLAY_OR_SAVE, -len(reading.candidates),
            -candidate.clue.target, str(candidate.clue.value))


def view_name(view: HanabiView, seat: int) -> str:
    return view.players[seat]


def _what(candidate: Candidate) -> str:
    reading = candidate.reading
    kind = reading.meaning.value
    cards = cards_text(reading.candidates)
    clue = candidate.clue
    text = f"clue {clue.value} to player {clue.target + 1}, read as a {kind}"
    if cards:
        text += f" ({cards})"
    return text
