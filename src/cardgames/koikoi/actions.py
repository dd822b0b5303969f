"""Koi-Koi moves: :class:`KoiKoiAction`, the pre-built action tables and their ids, and the
notation grammar.

``str(action)`` is the notation: ``play nov-rain-man``, ``play sep-chaff-1 capture
sep-ribbon``, ``capture aug-moon``, ``koikoi``, ``stop``. :func:`parse_action` reads it back,
against a :class:`Position` (the mover's hand, the field and the decision waiting) when one
is known, so that ``play mar-chaff`` picks the March chaff in hand and errors list the cards
that would be accepted. The grammar reads plain data, never the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from cardgames.core.errors import NotationError, did_you_mean, summarize
from cardgames.core.game import ActionSpace
from cardgames.koikoi.cards import CARDS, Card, parse_card, suggest_card

__all__ = [
    "ACTION_SPACE",
    "CAPTURE",
    "CAPTURE_ACTIONS",
    "KOIKOI",
    "KOIKOI_ACTION",
    "MOVES",
    "NO_CARD",
    "PLAY",
    "PLAY_ACTIONS",
    "PLAY_CAPTURE_ACTIONS",
    "STOP",
    "STOP_ACTION",
    "KoiKoiAction",
    "Position",
    "parse_action",
]

PLAY: Final = 0
"""Play a card from hand (naming the field card it captures when the player chooses)."""
CAPTURE: Final = 1
"""Choose the field card the turned-over stock card captures."""
KOIKOI: Final = 2
"""Call koi-koi: play on after forming or raising a yaku."""
STOP: Final = 3
"""Stop: end the round and score."""
NO_CARD: Final = -1
"""The card of an action that names none (koi-koi, stop; a play that names no capture)."""


@attrs.frozen(slots=True, repr=False)
class KoiKoiAction:
    """A move. Use the pre-built values (:meth:`from_str`, ``state.legal_actions()``).

    ``str`` is the notation: ``play nov-rain-man``, ``play sep-chaff-1 capture sep-ribbon``,
    ``capture aug-moon``, ``koikoi``, ``stop``.
    """

    kind: int
    """PLAY, CAPTURE, KOIKOI or STOP."""
    card: int = NO_CARD
    """PLAY: the hand card; CAPTURE: the field card the stock card takes."""
    target: int = NO_CARD
    """PLAY: the field card captured when the choice is the player's, else -1."""

    def __attrs_post_init__(self) -> None:
        # Actions are built once, at import; this guards hand-made ones.
        in_range = self.kind in (PLAY, CAPTURE, KOIKOI, STOP) and -1 <= self.card < 48
        needs_card = self.kind in (PLAY, CAPTURE)
        if not in_range or needs_card != (self.card >= 0) or not -1 <= self.target < 48:
            raise NotationError(f"not a Koi-Koi action: kind={self.kind} card={self.card}")

    def __str__(self) -> str:
        kind = self.kind
        if kind == PLAY:
            text = "play " + CARDS[self.card].code
            if self.target != NO_CARD:
                text += " capture " + CARDS[self.target].code
            return text
        if kind == CAPTURE:
            return "capture " + CARDS[self.card].code
        return "koikoi" if kind == KOIKOI else "stop"

    def __repr__(self) -> str:
        return f"KoiKoiAction.from_str({str(self)!r})"

    @property
    def card_value(self) -> Card | None:
        """The card played or captured, as a :class:`Card`."""
        return None if self.card == NO_CARD else CARDS[self.card]

    @property
    def target_value(self) -> Card | None:
        """The field card named by ``play X capture Y``, as a :class:`Card`."""
        return None if self.target == NO_CARD else CARDS[self.target]

    @classmethod
    def from_str(cls, text: str) -> KoiKoiAction:
        """Read an action in full notation (card names in any form :func:`parse_card` reads).

        Unlike ``state.parse`` it knows no position, so ``play mar-chaff`` (which chaff?)
        is refused; ``state.parse`` resolves it against the hand.
        """
        return parse_action(text)


PLAY_ACTIONS: Final = tuple(KoiKoiAction(PLAY, card) for card in range(48))
"""``play CARD`` by card id."""
PLAY_CAPTURE_ACTIONS: Final = {
    (card, target): KoiKoiAction(PLAY, card, target)
    for card in range(48)
    for target in range(48)
    if card != target and card >> 2 == target >> 2
}
"""``play CARD capture TARGET`` by (card id, target id): the target is of the card's month."""
CAPTURE_ACTIONS: Final = tuple(KoiKoiAction(CAPTURE, card) for card in range(48))
"""``capture CARD`` by the id of the field card taken."""
KOIKOI_ACTION: Final = KoiKoiAction(KOIKOI)
STOP_ACTION: Final = KoiKoiAction(STOP)
ACTION_SPACE: Final = ActionSpace((
    *PLAY_ACTIONS, *PLAY_CAPTURE_ACTIONS.values(), *CAPTURE_ACTIONS, KOIKOI_ACTION, STOP_ACTION))
"""The action ids, the same in every position (242; card ids as in :mod:`cardgames.koikoi.cards`,
a month's cards ``4m .. 4m + 3``):

* 0..47: ``play CARD``, id ``CARD``;
* 48..191: ``play CARD capture TARGET``, id ``48 + 3 * CARD + j``, j the place (0, 1, 2) of
  TARGET among the other three cards of CARD's month, in id order;
* 192..239: ``capture TARGET``, id ``192 + TARGET``;
* 240: ``koikoi``; 241: ``stop``.

Example: ``play mar-ribbon capture mar-chaff-2`` is card 9 taking card 11, the third of
8, 10, 11: id 48 + 3 * 9 + 2 = 77 (docs/games/koikoi.md works it through)."""

MOVES: Final = "play CARD, play CARD capture CARD, capture CARD, koikoi, stop"
"""The move forms, as error messages list them."""
_KOIKOI_WORDS: Final = frozenset({"koikoi", "koi-koi", "koi", "k"})
_STOP_WORDS: Final = frozenset({"stop", "shobu", "shōbu", "s"})
_PLAY_WORDS: Final = frozenset({"play", "p"})
_CAPTURE_WORDS: Final = frozenset({"capture", "take", "c"})
_MOVE_WORDS: Final = ("play", "capture", "take", "koikoi", "koi-koi", "stop", "shobu")
"""The words a suggestion offers for a misspelt move word (not the one-letter forms)."""


@attrs.frozen(slots=True)
class Position:
    """What reading a move needs to know of the position it is made in, as card ids (the
    engine and a seat's view each build one)."""

    hand: Sequence[int]
    """The mover's hand: ``play mar-chaff`` picks the March chaff held."""
    field: Sequence[int]
    """The face-up field: the cards a play may name as its capture."""
    capture: Sequence[int] | None = None
    """While a turned-over stock card waits for its capture choice: the field cards it may
    take (a bare card then names the capture). None otherwise."""
    question: str | None = None
    """The decision the mover faces beyond a play (the capture choice, or koi-koi or stop),
    as a sentence: input that reads as no move is answered with it. None: a play."""


def parse_action(text: str, position: Position | None = None) -> KoiKoiAction:
    """Notation -> action: ``play CARD [capture CARD]``, ``capture CARD``, ``koikoi``,
    ``stop``; cards by name (``nov-rain-man``), ``11-1`` or id.

    With the `position` the move is made in (None: unknown, as for :meth:`KoiKoiAction.from_str`)
    ``play mar-chaff`` picks a March chaff from the hand, a bare card during a capture choice
    names the capture, and errors list the cards that would be accepted now.
    """
    if not isinstance(text, str):
        raise NotationError(
            f"a Koi-Koi move is text such as 'play nov-rain-man' or 'stop' (got {text!r})"
        )
    if position is None or position.question is None:
        return _parse_move(text, position)
    try:
        return _parse_move(text, position)
    except NotationError:
        # Whatever was meant, there is one question now: say it (with the nearest answer).
        words = text.strip().lower().split()
        if position.capture is None:
            near = did_you_mean(" ".join(words), ("koikoi", "stop"))
        else:
            named = " ".join(words[1:] if words and words[0] in _CAPTURE_WORDS else words)
            near = did_you_mean(named, [CARDS[card].code for card in sorted(position.capture)])
        raise NotationError(f"{text!r} is not a move{near}; {position.question}") from None


def _card_token(
    token: str, candidates: Sequence[int] | None, what: str, text: str, *, alone: bool = False
) -> int:
    """A card id from `token`; with `candidates`, forms like ``mar-chaff`` pick among them.

    `alone`: the token was the whole input, so it may have been meant as a move word.
    """
    try:
        return parse_card(token).id
    except NotationError:
        # Chaff cards of a month are alike, so "mar-chaff" may name whichever one is at hand.
        if candidates is not None and token.strip().lower().endswith("-chaff"):
            prefix = token.strip().lower() + "-"
            for card_id in sorted(candidates):
                if CARDS[card_id].code.startswith(prefix):
                    return card_id
    hint = ""
    if candidates is not None:
        hint = f"; {what} now: {summarize(CARDS[c].code for c in sorted(candidates))}"
    if alone:
        near = did_you_mean(token, _MOVE_WORDS) or suggest_card(token, candidates)
        raise NotationError(
            f"{text!r} is not a move or a card{near}; moves are: {MOVES}; cards are written "
            f"e.g. nov-rain-man, sep-ribbon, 11-1 or an id{hint}"
        )
    raise NotationError(
        f"{text!r}: {token!r} is not a card{suggest_card(token, candidates)} (write e.g. "
        f"nov-rain-man, sep-ribbon, 11-1 or an id){hint}"
    )


def _parse_move(text: str, position: Position | None) -> KoiKoiAction:
    words = text.strip().lower().split()
    hand = field = options = None
    if position is not None:
        hand = position.hand
        field = position.field
        options = position.capture
    if not words:
        raise NotationError(f"{text!r} is empty; moves are: {MOVES}")
    head = words[0]
    if len(words) == 1 and head in _KOIKOI_WORDS:
        return KOIKOI_ACTION
    if len(words) == 1 and head in _STOP_WORDS:
        return STOP_ACTION
    if head in _CAPTURE_WORDS:
        if len(words) != 2:
            raise NotationError(f"{text!r}: write capture CARD, e.g. capture sep-ribbon")
        return CAPTURE_ACTIONS[_card_token(words[1], options or field, "capturable", text)]
    if head in _PLAY_WORDS:
        words = words[1:]
    elif len(words) > 1 and _is_move_slip(head):
        # "plya jan-crane": the first word was meant as a move word, not as a card.
        raise NotationError(
            f"{text!r}: {head!r} is not a move word{did_you_mean(head, _MOVE_WORDS)}; moves "
            f"are: {MOVES}"
        )
    if options is not None and len(words) == 1 and head not in _PLAY_WORDS:
        # During the stock choice a bare card names the capture.
        return CAPTURE_ACTIONS[_card_token(words[0], options, "capturable", text, alone=True)]
    if len(words) == 3 and words[1] in _CAPTURE_WORDS:
        words = [words[0], words[2]]
    elif len(words) == 2 and words[1] in _CAPTURE_WORDS:
        raise NotationError(
            f"{text!r}: name the field card to capture, e.g. play sep-chaff-1 capture sep-ribbon"
        )
    if len(words) == 1:
        alone = head not in _PLAY_WORDS
        card = _card_token(words[0], hand, "in hand", text, alone=alone)
        _check_number_in_hand(words[0], card, hand, text)
        return PLAY_ACTIONS[card]
    if len(words) == 2:
        card = _card_token(words[0], hand, "in hand", text)
        _check_number_in_hand(words[0], card, hand, text)
        same_month = None if field is None else [f for f in field if f >> 2 == card >> 2]
        target = _card_token(words[1], same_month, "on the field in that month", text)
        action = PLAY_CAPTURE_ACTIONS.get((card, target))
        if action is None:
            raise NotationError(
                f"{text!r}: {CARDS[card].code} cannot capture {CARDS[target].code}; "
                f"a card captures a field card of its own month"
            )
        return action
    raise NotationError(f"{text!r} is not a move; moves are: {MOVES}")


def _check_number_in_hand(token: str, card: int, hand: Sequence[int] | None, text: str) -> None:
    """A card written as a number is its id, as the hand lists them ("10 mar-chaff-1"); one
    not in the hand may have been meant as a place in it ("play 9"): say so, with the ids
    the hand holds."""
    if hand is None or card in hand or not token.strip().isdigit():
        return
    held = ", ".join(f"{c} {CARDS[c].code}" for c in sorted(hand))
    raise NotationError(
        f"{text!r}: card {card} is {CARDS[card].code}, which is not in your hand (a number "
        f"is a card's id, as the hand lists them, not a place in it): {held}"
    )


def _is_move_slip(word: str) -> bool:
    """Whether `word` is no card but close to a move word (``plya``, ``captrue``)."""
    try:
        parse_card(word)
    except NotationError:
        return bool(did_you_mean(word, _MOVE_WORDS))
    return False
