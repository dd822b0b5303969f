"""Hanabi bots that play the H-Group conventions (hanabi.github.io) by level, and say what
they understood.

``HGroupBot(seed=None, level=TOP_LEVEL)`` is an :class:`~cardgames.core.agents.Agent` and an
:class:`~cardgames.core.agents.Explainer`:

* ``act(view, legal) -> HanabiAction``: its move (always one of `legal`).
* ``explain(view, legal) -> Hint``: the same move and why, in words; when the latest clue
  concerns the seat (it gave, received or must answer it), the reason starts with how it
  read that clue.
* ``readings(view) -> list[ClueReading]``: how it read every clue of the game so far, oldest
  first: the move number, giver, receiver, the clue, the focus (slot and order), the
  meaning (``play``, ``save``, ``play or save``, ``finesse on <player>``, ``prompt on
  <player>``, ``5 stall``, ``orange``, ``fix or narrowing``, ``empty``, ``unexplained``)
  and one plain sentence.

The conventions by level (:data:`LEVELS`; ``h-group`` is :data:`TOP_LEVEL`,
``h-group-1`` ... ``h-group-N`` each level):

1. The beginner's guide: the chop (the oldest untouched card) is discarded; good touch (no
   clue on a card already played, clued elsewhere, or useless); a clue has one focus (the
   chop when it touches it, else the newest new card); a focus on the chop may save it: a
   rank clue on a 5, a rank clue on a 2 no other hand shows, either clue on a critical card;
   any other focus is a play clue, playable now or once the clued cards before it are
   played (a delayed play clue). No blind plays.
2. H-Group level 1: finesses and prompts. A clue explained by nothing the table shows asks
   the player who holds the card below its focus to play it: their clued card that may be
   it (a prompt), else their newest untouched card, blind (a finesse).
3. H-Group level 2's 5 stall: until the first discard, a player with nothing to play and no
   play or save clue to give clues a 5 off the chop rather than discard.
4. H-Group level 3's fix clue: a partner about to play a clued card that does not fit gets
   a clue, on cards already clued, that shows them it does not.
5. An end game: with at most three cards in the deck, a player who would discard gives a
   clue instead when it holds a token (a discard draws a card, and so ends the game a turn
   sooner for the team), and with no token a card at least even odds to fit is played
   while a fuse is to spare; on the last turn, with a fuse to spare, it plays the card most
   likely to fit rather than discard or give a clue no one can still use. And of several
   cards known playable, one that a partner's clued card builds on is played first (after
   a card that ends a row), so that the partner has a play sooner.

At every level clued cards are played oldest first (several 1s too), a card that ends a row
before the others.

The bot reads partners' clues by the same conventions; a giver whose clue none of them
explains is taken to follow other conventions (its later clues narrow cards, but promise
no finesse). Every rule is read from the view's variant (which clues touch which cards,
the rows' orders, copies), never from suit names. Bluffs and chop moves are not played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from cardgames.core.agents import Hint, unmoved
from cardgames.hanabi.actions import Clue, Discard, HanabiAction, Play
from cardgames.hanabi.bots import (
    ClueRead,
    ConventionBot,
    Conventions,
    _Facts,
    _facts,
    _Memory,
    _one_away,
    _Turn,
)
from cardgames.hanabi.cards import Card
from cardgames.hanabi.view import HanabiView, SeenSlot

__all__ = ["LEVELS", "TOP_LEVEL", "ClueReading", "HGroupBot"]

LEVELS: dict[int, str] = {
    1: "the beginner's guide: chop, good touch, play and save clues by focus, 5, 2 and "
       "critical saves, delayed play clues; no blind plays",
    2: "adds finesses and prompts, blind plays from finesse position (the guide's level 1)",
    3: "adds the 5 stall (the guide's level 2): before the first discard, a 5 clue off "
       "the chop rather than a discard",
    4: "adds the fix clue (the guide's level 3): a partner about to play a clued card that "
       "does not fit is told",
    5: "adds an end game: with the deck nearly out a clue rather than a discard, and on "
       "the last turn a card that may fit is played while a fuse is to spare; a card a "
       "partner's clued card builds on is played first",
}
"""Each level, and what it adds to the one below."""

TOP_LEVEL = max(LEVELS)
"""The strongest level (the bot ``h-group``)."""


_END_DECK = 3
"""Level 5 gives a clue rather than discard while the deck holds at most this many cards
(tuned on seeds >= 1,000,000: 2 to 4 alike, 8 worse)."""

_LATE_GAMBLE = 0.5
"""With no token to stall with there, level 5 plays a card this likely to fit rather than
discard, while a fuse is to spare (0.34 and 0.5 alike in tuning)."""


def conventions_at(level: int) -> Conventions:
    """The clue conventions a bot of `level` gives and reads."""
    return Conventions(finesses=level >= 2, two_saves=True, shared_finesse=True)


@attrs.frozen
class ClueReading:
    """How the bot read one clue (``HGroupBot.readings``)."""

    move: int
    """The clue's move number (1 = the game's first move)."""
    giver: int
    """The seat that gave it."""
    receiver: int
    """The seat it was given to."""
    clue: str | int
    """The colour or rank named."""
    focus_slot: int | None
    """The focus's slot in the receiver's hand when the clue was given (1 = newest); None
    when the clue touched no new card."""
    focus_order: int | None
    """The focus card's public order (None as for `focus_slot`)."""
    meaning: str
    """``play``, ``save``, ``play or save``, ``finesse on <player>``, ``prompt on <player>``,
    ``5 stall``, ``orange``, ``fix or narrowing``, ``empty`` (it touched no card), or
    ``unexplained``."""
    text: str
    """The reading in one plain sentence."""


class HGroupBot(ConventionBot):
    """A partner that plays the H-Group conventions up to `level` (see :data:`LEVELS`).

    `seed` drives the only random choice left: ties between equally good moves."""

    __slots__ = ("_level", "conventions")

    def __init__(self, seed: int | None = None, level: int = TOP_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"H-Group level must be one of {sorted(LEVELS)} (got {level!r})")
        super().__init__(seed)
        self._level = level
        self.conventions = conventions_at(level)

    def __repr__(self) -> str:
        return f"HGroupBot(level={self._level})"

    @property
    def level(self) -> int:
        """The bot's level (1 .. TOP_LEVEL)."""
        return self._level

    def act(self, view: HanabiView, legal: Sequence[HanabiAction]) -> HanabiAction:
        """Choose one of `legal` from what `view` shows (never raises: see `explain`)."""
        return self._never_failing(view, legal, explaining=False).action

    def explain(self, view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
        """The move :meth:`act` would choose, and why; led by the reading of the latest clue
        when it concerns this seat (given by it, to it, or asking it to play).

        A position the bot cannot read (a failure in its inference: a bug, or a history no
        convention foresaw) is read again from the start of the game with a fresh memory;
        failing that, it gives the safest legal move (a clue, else its chop) and says so."""
        return self._never_failing(view, legal, explaining=True)

    def _never_failing(
        self, view: HanabiView, legal: Sequence[HanabiAction], *, explaining: bool,
    ) -> Hint[HanabiAction]:
        for _ in range(2):
            try:
                if explaining:
                    return self._explained(view, legal)
                return Hint(ConventionBot.act(self, view, legal), "")
            except Exception:  # a partner must never fail mid-game
                self._memory = None  # read the whole history again
        return _safest(legal)

    def _explained(
        self, view: HanabiView, legal: Sequence[HanabiAction],
    ) -> Hint[HanabiAction]:
        with unmoved(self._rng):
            hint, _ = self._decide(view, legal)
        assert self._memory is not None
        latest = self._memory.reads[-1] if self._memory.reads else None
        if latest is None or latest.clue.move < len(view.history) - len(view.players):
            return hint
        if view.seat not in (latest.clue.giver, latest.clue.target, latest.holder):
            return hint
        reading = _reading(view, latest)
        return Hint(hint.action, f"{reading.text}; so: {hint.reason}")

    def _turn(
        self, view: HanabiView, legal: Sequence[HanabiAction], facts: _Facts, memory: _Memory,
    ) -> _Turn:
        return _HTurn(view, legal, facts, memory, self._rng, self.conventions, self._level)

    def readings(self, view: HanabiView) -> list[ClueReading]:
        """How the bot read every clue of the game so far, oldest first."""
        memory, _ = self._sync(view, _facts(view.variant))
        return [_reading(view, read) for read in memory.reads]


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


def _reading(view: HanabiView, read: ClueRead) -> ClueReading:
    """The plain-words reading of `read` from `view`'s seat."""
    clue = read.clue
    names = view.players
    giver, receiver = names[clue.giver], names[clue.target]
    you = view.seat
    said = f"{giver}'s {_clue_word(clue.value)} clue to {receiver}"
    slot = clue.hand.index(read.focus) + 1 if read.focus in clue.hand else None
    meaning = read.kind
    cards = " ".join(sorted(map(str, read.candidates)))
    whose = "your" if clue.target == you else f"{receiver}'s"
    if not clue.touched:
        meaning = "empty"
        text = (f"{said} touches no card: it only tells {receiver} what they do not hold "
                f"(a stall)")
    elif read.focus is None or slot is None:
        meaning = "fix or narrowing"
        text = (f"{said} touches only cards already clued: it fixes or narrows what they are, "
                f"with no new promise")
    elif meaning == "orange":
        text = f"{said} shows which cards are orange and promises nothing"
    elif meaning in ("finesse", "prompt"):
        holder = read.holder if read.holder is not None else clue.target
        meaning = f"{meaning} on {names[holder]}"
        own = "your" if holder == you else "their"
        how = (f"from {own} newest untouched card, blind" if read.kind == "finesse"
               else f"from {own} card already clued")
        who = "you play" if holder == you else f"{names[holder]} plays"
        text = (f"{said} focuses {whose} #{slot}: a {read.kind}, {who} {read.below} {how}, "
                f"then the focus ({cards}) follows")
    elif meaning == "save":
        text = (f"{said} focuses {whose} chop #{slot}: a save, keep it ({cards}), do not "
                f"discard it")
    elif meaning == "play or save":
        text = (f"{said} focuses {whose} chop #{slot}: a play or a save ({cards}); keep it "
                f"and play it once it is known to fit")
    elif meaning == "play":
        text = f"{said} focuses {whose} #{slot}: a play clue on {cards or 'it'}"
    elif isinstance(clue.value, int) and (
            _facts(view.variant).touched_by[clue.value] <= _facts(view.variant).rank_saved):
        meaning = "5 stall"
        text = (f"{said} touches {whose} #{slot} off the chop: a 5 stall, it asks for no "
                f"play and keeps the 5 from being discarded")
    else:
        text = f"{said} focuses {whose} #{slot}, and no convention explains it"
    return ClueReading(clue.move + 1, clue.giver, clue.target, clue.value, slot, read.focus,
                       meaning, text)


def _clue_word(value: str | int) -> str:
    return str(value) if isinstance(value, int) else value


class _HTurn(_Turn):
    """One decision of an H-Group bot: the convention bot's, with the level's additions."""

    def __init__(
        self, view: HanabiView, legal: Sequence[HanabiAction], facts: _Facts, memory: _Memory,
        rng: random.Random, conventions: Conventions, level: int,
    ) -> None:
        super().__init__(view, legal, facts, memory, rng, conventions)
        self.level = level

    def _urgent_clue(self) -> tuple[HanabiAction, str] | None:
        """Level 4: a fix clue for the first partner (in turn order) who holds a clued card
        they take to be playable and that is not."""
        if self.level < 4:
            return None
        view = self.view
        legal = [action for action in self.legal if isinstance(action, Clue)]
        for partner in self._others()[:1]:  # later partners can be fixed on a later turn
            for slot in view.other_hands[partner]:
                if not slot.touched or slot.card in self.playable:
                    continue
                if not self._believed_playable(slot, slot.possible):
                    continue
                fix = self._fix(legal, partner, slot)
                if fix is not None:
                    name = view.players[partner]
                    return fix, (f"a fix clue: {name} takes #{slot.slot} for a playable card, "
                                 f"but it is {slot.card}; this clue shows them it is not")
        return None

    def _believed_playable(self, slot: SeenSlot, possible: frozenset[Card]) -> bool:
        """Whether a holder who knows `possible` of `slot` and its promise takes it to be
        playable now."""
        promise = self.memory.promise.get(slot.order)
        believed = possible & promise if promise is not None else possible
        if not believed:
            believed = possible
        return bool(believed) and believed <= self.playable

    def _fix(self, legal: Sequence[Clue], partner: int, slot: SeenSlot) -> Clue | None:
        """The clue to `partner` that touches `slot` and leaves its holder unable to take it
        for playable, touching as few new cards as it can."""
        hand = self.view.other_hands[partner]
        best: tuple[int, int] | None = None
        chosen: Clue | None = None
        for action in legal:
            if action.target != partner:
                continue
            touches = self.facts.touched_by[action.value]
            if slot.card not in touches:
                continue
            if self._believed_playable(slot, slot.possible & touches):
                continue
            newly = sum(1 for other in hand if other.card in touches and not other.touched)
            if newly:
                continue  # a clue on new cards would read as a new play or save clue
            rank = (newly, isinstance(action.value, int))
            if best is None or rank < best:
                best, chosen = rank, action
        return chosen

    def _stall_clue(self) -> tuple[HanabiAction, str] | None:
        """Rather than a discard: a 2 save on a partner's chop (after every play and play
        clue: a 2 is not the last copy, so it waits for a turn with nothing better); then,
        from level 3 in the early game (before the first discard), a 5 stall (a 5 clue on a
        5 off the chop)."""
        for partner in self._others():
            save = self._save_clue(self.legal, partner, twos=True)
            if save is not None:
                return save, self._clue_why(save, "save")
        if self.level < 3 or self.view.discards:
            return None
        facts = self.facts
        ends = facts.rank_saved
        for action in self.legal:
            if not isinstance(action, Clue) or not isinstance(action.value, int):
                continue
            touches = facts.touched_by[action.value]
            if not touches or not touches <= ends:
                continue
            hand = self.view.other_hands[action.target]
            untouched = [slot for slot in hand if not slot.touched]
            newly = [slot for slot in untouched if slot.card in touches]
            if newly and untouched[-1] not in newly:
                return action, (f"a 5 stall in the early game: the clue touches "
                                f"{self.view.players[action.target]}'s 5 off the chop, "
                                f"rather than discard before anything is discarded")
        return None

    def choose(self) -> tuple[HanabiAction, str]:
        """The convention bot's move, then (level 5) a second look at it: the end game, and
        the order of known plays."""
        action, why = super().choose()
        if self.level < 5 or self.view.pending is not None:
            return action, why
        end = self._end_game(action)
        if end is not None:
            return end
        if isinstance(action, Play):
            sooner = self._unlocking_play(action)
            if sooner is not None:
                return sooner
        return action, why

    def _unlocking_play(self, chosen: Play) -> tuple[HanabiAction, str] | None:
        """Among cards known playable, one a partner's clued card builds on goes first (it
        gives them a play), after a card that ends a row."""
        plays = [i for i in range(len(self.view.own_hand)) if self._known_playable(i)]
        if chosen.slot - 1 not in plays or len(plays) < 2:
            return None
        waiting: set[Card] = set()
        for hand in self.view.other_hands:
            for slot in hand:
                if slot.touched:
                    below = _one_away(self.facts, self.heights, slot.card)
                    if below is not None:
                        waiting.add(below)
        ends = self.facts.rank_saved
        best = min(plays, key=lambda i: (not self.my_candidates[i] <= ends,
                                         not self.my_candidates[i] & waiting, -i))
        if best == chosen.slot - 1:
            return None
        action = self._play_action(best)
        if action not in self.legal:
            return None
        return action, (f"{self._play_why(best)}; it goes first because a partner's clued "
                        f"card builds on it")

    def _end_game(self, chosen: HanabiAction) -> tuple[HanabiAction, str] | None:
        """Level 5's end game: a discard late in the game draws the deck down and so takes a
        turn from the team, so with a token to spend a clue comes first; and on the last
        turn (the deck is empty) a card that may fit is played while a fuse is to spare."""
        view = self.view
        if not isinstance(chosen, Discard) and not (
                isinstance(chosen, Clue) and view.deck_size == 0):
            return None
        if view.deck_size == 0 and view.fuses > 1:
            best = max(((self._play_chance(i), i) for i in range(len(view.own_hand))),
                       default=(0.0, -1))
            useful = isinstance(chosen, Clue) and self._useful_last(chosen)
            if best[0] > 0.0 and not useful:
                action = self._play_action(best[1])
                if action in self.legal:
                    return action, (f"the last turn, with a fuse to spare: #{action.slot} may "
                                    f"fit, and nothing else can still score")
        if isinstance(chosen, Discard) and view.clue_tokens > 0 and (
                view.deck_size <= _END_DECK):
            stall, _ = self._best_clue(self.legal, minimum=float("-inf"))
            if stall is not None:
                return stall, (f"the end game: a discard would draw one of the last "
                               f"{view.deck_size} cards and so take a turn from the team; "
                               f"{self._clue_why(stall, 'stall')}")
        if isinstance(chosen, Discard) and view.fuses > 1 and view.deck_size <= _END_DECK:
            # No token to stall with: a card at least even odds to fit beats a discard.
            best = max(((self._play_chance(i), i) for i in range(len(view.own_hand))),
                       default=(0.0, -1))
            if best[0] >= _LATE_GAMBLE:
                action = self._play_action(best[1])
                if action in self.legal:
                    return action, (f"the end game, with a fuse to spare: #{action.slot} is "
                                    f"at least as likely to fit as not, and a discard would "
                                    f"draw one of the last {view.deck_size} cards")
        return None

    def _useful_last(self, clue: Clue) -> bool:
        """Whether a last-turn clue can still get a card played (its receiver has a turn)."""
        turns = self.view.final_round_turns or 0
        players = len(self.view.players)
        distance = (clue.target - self.view.seat) % players
        return distance < turns and (self._score_clue(clue.target, clue.value) or 0) >= 5.0
