"""Ikebana options: the frozen :class:`IkebanaRules` and its named presets.

Every "interpretation" of the rules file that a group might play otherwise is a field here;
the engine reads fields, never preset names. Build rules from a preset plus overrides with
:func:`make_rules` (strings from the command line are accepted:
``make_rules("default", final_bouquet="on", rounds="3")``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardgames.core.options import (
    bounded,
    check_options,
    options_from_dict,
    options_from_preset,
    options_to_dict,
)

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "IkebanaRules",
    "RefusalPayee",
    "ReshuffleTiming",
    "StarterTieBreak",
    "UnaffordableRefusal",
    "make_rules",
]


class UnaffordableRefusal(enum.StrEnum):
    """What a player may do with a drawn card whose refusal price exceeds their prestige.

    * ``keep`` (the rules file's interpretation): the refusal is not allowed, the card must
      be kept.
    * ``pay-what-you-have``: a house rule; the player may refuse anyway, paying all the
      prestige they have left to the player due the payment -- but never for free: with 0
      prestige the card must be kept.
    """

    KEEP = "keep"
    PAY_WHAT_YOU_HAVE = "pay-what-you-have"


class StarterTieBreak(enum.StrEnum):
    """Who starts the next round when several players share the most prestige.

    * ``from-previous`` (the rules file's interpretation): the tied player met first going
      clockwise from the previous round's starter, that starter included.
    * ``after-previous``: the same, but counting from the player on the previous starter's
      left, so a tied starter hands the lead on.
    """

    FROM_PREVIOUS = "from-previous"
    AFTER_PREVIOUS = "after-previous"


class RefusalPayee(enum.StrEnum):
    """Who receives refusal payments.

    * ``players`` (the rules): the 1st refusal of a turn pays the player on the left, the
      2nd the next one clockwise, skipping the refuser; with 2 players all go to the opponent.
    * ``bank``: the payments go to the bank (a gentler game where refusing helps nobody).
    """

    PLAYERS = "players"
    BANK = "bank"


class ReshuffleTiming(enum.StrEnum):
    """When the discards become a new deck once the draw pile runs out.

    * ``when-needed`` (the default): when a card must be drawn and the pile is empty. A card
      just refused is then the top of its pile and stays out of the new deck.
    * ``when-empty``: at once when the last card is drawn, before the player decides on it;
      if that card is then refused it goes onto a pile the reshuffle has already cut down to
      its top.
    """

    WHEN_NEEDED = "when-needed"
    WHEN_EMPTY = "when-empty"


@attrs.frozen(kw_only=True)
class IkebanaRules:
    """Every Ikebana option, frozen and validated. The defaults are the rules as written."""

    rounds: int = bounded(4, 1, 12)
    """Rounds in a game: 4. 1..12."""
    starting_prestige: int = bounded(6, 0, 100)
    """Prestige each player starts with: 6. 0..100."""
    final_bouquet: bool = False
    """The "final bouquet" variant: the last round's bouquets score double."""
    first_player: int = bounded(1, 1, 5)
    """The player who starts the first round ("a chosen player"), counted from 1 like the
    names ``P1`` .. ``P5``: 1 (seat index 0) unless chosen. 1..5, and at most the number of
    players."""
    unaffordable_refusal: UnaffordableRefusal = UnaffordableRefusal.KEEP
    """See :class:`UnaffordableRefusal`."""
    starter_tie_break: StarterTieBreak = StarterTieBreak.FROM_PREVIOUS
    """See :class:`StarterTieBreak`."""
    refusal_payee: RefusalPayee = RefusalPayee.PLAYERS
    """See :class:`RefusalPayee`."""
    multicolour_wild: bool = True
    """The multicolour cards are jokers for colour, each counting as whichever colour scores
    best (the rules file's interpretation). Off: multicolour is a sixth colour of its own --
    five multicolour cards are one colour (x4), five different colours x3, two colours x2."""
    reshuffle: ReshuffleTiming = ReshuffleTiming.WHEN_NEEDED
    """See :class:`ReshuffleTiming`."""
    public_discards: bool = False
    """Every card of every discard pile is visible. The rules: only the top card is (the
    default); a group that lets players look through the piles turns this on."""

    def __attrs_post_init__(self) -> None:
        check_options(self)

    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-able data (enums as their strings)."""
        return options_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> IkebanaRules:
        """Read :meth:`to_dict` data back (strings as typed on a command line accepted);
        OptionsError names an unknown field or a bad value."""
        return options_from_dict(cls, data, label="Ikebana")


DEFAULT_PRESET: Final = "default"

PRESETS: Final[Mapping[str, IkebanaRules]] = {
    "default": IkebanaRules(),
    "final-bouquet": IkebanaRules(final_bouquet=True),
    "house": IkebanaRules(
        unaffordable_refusal=UnaffordableRefusal.PAY_WHAT_YOU_HAVE,
        starter_tie_break=StarterTieBreak.AFTER_PREVIOUS,
        public_discards=True,
        multicolour_wild=False,
        reshuffle=ReshuffleTiming.WHEN_EMPTY,
        starting_prestige=2,
        rounds=2,
    ),
    "bank": IkebanaRules(refusal_payee=RefusalPayee.BANK, final_bouquet=True, first_player=2),
}
"""The named option sets; ``default`` is the rules as written."""

PRESET_DESCRIPTIONS: Final[Mapping[str, str]] = {
    "default": "The rules as written: 4 rounds, 6 prestige to start, refusals paid to players.",
    "final-bouquet": "The 'final bouquet' variant: the last round's bouquets score double.",
    "house": (
        "Short and poor: 2 rounds from 2 prestige, refusals you cannot afford cost all you "
        "have, tied leaders hand the start on, discard piles open to all, multicolour a "
        "sixth colour, the deck rebuilt the moment it empties."
    ),
    "bank": "Refusals are paid to the bank; final bouquet doubled; player 2 (P2) starts.",
}
"""One line per preset, for the docs and the command line."""


def make_rules(preset: str | IkebanaRules | None = None, **overrides: Any) -> IkebanaRules:
    """Rules from a preset name (default ``default``) with single options overridden.

    Values may be strings as typed on a command line (``rounds="3"``,
    ``final_bouquet="on"``). OptionsError names the bad preset, field or value.

    >>> make_rules("final-bouquet", rounds="3").rounds
    3
    """
    return options_from_preset(
        PRESETS, preset, overrides, default=DEFAULT_PRESET, label="Ikebana"
    )
