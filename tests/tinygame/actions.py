"""The tiny game's one kind of action, its ids and its notation (``play 7``).

Everything here works from plain values, not from a state: bots, renderers, the app adapter
and the encoding import it without the engine.
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames.core.errors import NotationError
from cardgames.core.game import ActionSpace
from cardgames.core.limits import small_number
from tinygame.cards import CARDS, read_card

__all__ = ["ACTION_SPACE", "PLAYS", "Play", "parse_action"]


@attrs.frozen
class Play:
    """Play `card` from your hand onto your row."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


PLAYS: Final = {card: Play(card) for card in CARDS}
"""The one value of each action: legal lists hold these, so the core finds them by identity."""
ACTION_SPACE: Final = ActionSpace(tuple(PLAYS.values()))
"""Action ids: playing card N is id N - 1, in every configuration."""


def parse_action(text: str) -> Play:
    """``play N`` -> its action; NotationError for anything else (a card you do not hold
    still parses: the state refuses it)."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text such as 'play 7' (got {text!r})")
    words = text.split()
    if len(words) != 2 or words[0] != "play" or small_number(words[1]) is None:
        raise NotationError(f"cannot read {text!r}: expected 'play N' with N in 1..9")
    return PLAYS[read_card(words[1])]
