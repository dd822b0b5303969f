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
  meaning (``play``, ``save``, ``play or save``, ``finesse on <seat>``, ``prompt on
  <seat>``, ``orange``, ``fix or narrowing``, ``unexplained``) and one plain sentence.

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
3. H-Group level 2: the early game and 5 stalls: until the first discard, a player with
   nothing to play and no play or save clue to give clues a 5 (or gives any harmless clue)
   rather than discard.
4. H-Group level 3: fix clues and several 1s: a partner about to play a clued card that does
   not fit gets a clue that shows it will not; clued 1s are played oldest first.

The bot reads partners' clues by the same conventions; a giver whose clue none of them
explains is taken to follow other conventions (its later clues narrow cards, but promise
no finesse). Every rule is read from the view's variant (which clues touch which cards,
the rows' orders, copies), never from suit names. Bluffs and chop moves are not played.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardgames.core.agents import Hint, unmoved
from cardgames.hanabi.actions import BonusClue, Clue, HanabiAction
from cardgames.hanabi.bots import (
    ClueRead,
    ConventionBot,
    Conventions,
    _Facts,
    _facts,
    _Memory,
    _Turn,
)
from cardgames.hanabi.view import HanabiView

__all__ = ["LEVELS", "TOP_LEVEL", "ClueReading", "HGroupBot"]

LEVELS: dict[int, str] = {
    1: "the beginner's guide: chop, good touch, play and save clues by focus, 5, 2 and "
       "critical saves, delayed play clues; no blind plays",
    2: "adds H-Group level 1: finesses and prompts (blind plays from finesse position)",
    3: "adds H-Group level 2's early game: 5 stalls and no discard while a clue can be given "
       "before the first discard",
    4: "adds H-Group level 3: fix clues for a partner about to misplay, clued 1s played "
       "oldest first",
}
"""Each level, and what it adds to the one below."""

TOP_LEVEL = max(LEVELS)
"""The strongest level (the bot ``h-group``)."""


def conventions_at(level: int) -> Conventions:
    """The clue conventions a bot of `level` gives and reads."""
    return Conventions(finesses=level >= 2, two_saves=True)


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
    """``play``, ``save``, ``play or save``, ``finesse on <seat>``, ``prompt on <seat>``,
    ``orange``, ``fix or narrowing``, or ``unexplained``."""
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

    def _turn(
        self, view: HanabiView, legal: Sequence[HanabiAction], facts: _Facts, memory: _Memory,
    ) -> _Turn:
        return _HTurn(view, legal, facts, memory, self._rng, self.conventions, self._level)

    def readings(self, view: HanabiView) -> list[ClueReading]:
        """How the bot read every clue of the game so far, oldest first."""
        memory, _ = self._sync(view, _facts(view.variant))
        return [_reading(view, read) for read in memory.reads]

    def explain(self, view: HanabiView, legal: Sequence[HanabiAction]) -> Hint[HanabiAction]:
        """The move :meth:`act` would choose, and why; led by the reading of the latest clue
        when it concerns this seat (given by it, to it, or asking it to play)."""
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
    if read.focus is None or slot is None:
        meaning = "fix or narrowing"
        text = (f"{said} touches only cards already clued: it fixes or narrows what they are, "
                f"with no new promise")
    elif meaning == "orange":
        text = f"{said} shows which cards are orange and promises nothing"
    elif meaning in ("finesse", "prompt"):
        holder = read.holder if read.holder is not None else clue.target
        meaning = f"{meaning} on {names[holder]}"
        how = ("from their newest untouched card, blind" if read.kind == "finesse"
               else "from a card already clued")
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
        rng: object, conventions: Conventions, level: int,
    ) -> None:
        super().__init__(view, legal, facts, memory, rng, conventions)  # type: ignore[arg-type]
        self.level = level

    def choose(self) -> tuple[HanabiAction, str]:
        return super().choose()


def _is_clue(action: HanabiAction) -> bool:
    return isinstance(action, Clue | BonusClue)



