"""Koi-Koi house rules: the frozen :class:`KoiKoiRules` and its named presets.

Every option of the rules file is a field; the rules read fields, never preset names.
Build rules from a preset plus overrides with :func:`make_rules` (strings from the command
line are accepted: ``make_rules("online", rounds="3", max_koikoi_calls="unlimited")``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardgames.core.errors import OptionsError
from cardgames.core.options import (
    bounded,
    check_options,
    options_differences,
    options_from_dict,
    options_from_preset,
    options_to_dict,
)

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "DrawnRound",
    "KoiKoiPenalty",
    "KoiKoiRules",
    "LuckyHands",
    "make_rules",
]


class KoiKoiPenalty(enum.StrEnum):
    """What calling koi-koi costs or earns.

    * ``double``: the winner's points are doubled if the loser had called koi-koi this round.
    * ``none``: koi-koi changes nothing in the score.
    * ``growing``: the winner's points are multiplied by 1 + the number of koi-koi calls made
      by both players in the round (one call ×2, two calls ×3, ...) -- the common app rule
      where every call raises the stakes for whoever wins.
    """

    DOUBLE = "double"
    NONE = "none"
    GROWING = "growing"


class DrawnRound(enum.StrEnum):
    """What happens when the hands run out and nobody has stopped.

    * ``nobody``: nobody scores; the other player deals next.
    * ``dealer``: dealer's privilege (oya-ken): the dealer wins the round with
      ``oya_ken_points`` and deals again (the winner deals).
    """

    NOBODY = "nobody"
    DEALER = "dealer"


class LuckyHands(enum.StrEnum):
    """Teshi (four of a month in hand) and kuttsuki (four pairs in hand), checked after the deal.

    * ``points``: the holder wins the round at once with ``lucky_hand_points`` (no
      multipliers); if both players hold one, the dealer's counts.
    * ``redeal``: the cards are dealt again by the same dealer.
    * ``off``: ignored; the round is played.
    """

    POINTS = "points"
    REDEAL = "redeal"
    OFF = "off"


@attrs.frozen(kw_only=True)
class KoiKoiRules:
    """Every Koi-Koi house rule, frozen and validated. The defaults are preset ``nintendo``.

    Scoring of a round: the yaku of the winner's pile are summed (:func:`score_yaku`), then
    doubled at 7 or more (``double_at_7``), then multiplied by the koi-koi penalty
    (``koikoi_penalty``); see :func:`~cardgames.koikoi.yaku.round_points`.
    """

    rounds: int = bounded(12, 1, 24)
    """Rounds in a match: 12 (one per month) by default; 6 and 3 are common. 1..24."""
    sake_cup_as_chaff: bool = True
    """The sake cup counts as a chaff card for Kasu as well as an animal."""
    viewing_yaku: bool = True
    """Hanami-zake (curtain + sake cup) and Tsukimi-zake (moon + sake cup) count."""
    viewing_yaku_points: int = bounded(5, 1, 10)
    """Points of each viewing yaku: 5 by default; 3 and 1 are common. 1..10."""
    viewing_cancelled_by_rain: bool = False
    """Viewing yaku do not count while the rain man or the lightning card is in the same pile."""
    viewing_only_after_koikoi: bool = False
    """Viewing yaku count only for a player who has already called koi-koi this round (so they
    can never end a round on their own before a koi-koi)."""
    goko_points: int = bounded(10, 1, 50)
    """Goko: all five brights."""
    shiko_points: int = bounded(8, 1, 50)
    """Shikō: four brights without the rain man."""
    ame_shiko_points: int = bounded(7, 1, 50)
    """Ame-shikō: the rain man and three other brights."""
    sanko_points: int = bounded(5, 1, 50)
    """Sankō: three brights without the rain man."""
    double_at_7: bool = True
    """A round's yaku total of 7 or more is doubled."""
    koikoi_penalty: KoiKoiPenalty = KoiKoiPenalty.DOUBLE
    """See :class:`KoiKoiPenalty`."""
    max_koikoi_calls: int | None = bounded(1, 0, 16, unlimited=True)
    """Koi-koi calls allowed per round, both players together (None: unlimited). Once they are
    used up, a player who forms or improves a yaku must stop."""
    koikoi_with_empty_hand: bool = False
    """Off (every preset): a turn that forms or improves a yaku and leaves its player's own
    hand empty ends the round as that player's stop, even when the opponent still holds a
    card. On: that player is asked koi-koi or stop as on any other turn, and after a koi-koi
    the opponent plays the last turn (the old behaviour, for groups that play on)."""
    drawn_round: DrawnRound = DrawnRound.NOBODY
    """See :class:`DrawnRound`."""
    oya_ken_points: int = bounded(6, 1, 50)
    """Points of the dealer's privilege when ``drawn_round`` is ``dealer``."""
    lucky_hands: LuckyHands = LuckyHands.POINTS
    """See :class:`LuckyHands`."""
    lucky_hand_points: int = bounded(6, 1, 50)
    """Points of a lucky hand (teshi or kuttsuki) when ``lucky_hands`` is ``points``."""
    redeal_four_on_field: bool = True
    """Re-deal when all four cards of a month are dealt to the field. Off: they stay there
    (nobody can capture them)."""
    capture_all_three: bool = True
    """A card whose month has three cards on the field captures all four. Off: the player
    chooses one of the three, like with two."""
    tsuki_fuda: bool = False
    """Tsuki-fuda: the four cards of the round's month (round 1 January, round 2 February, ...,
    round 13 January again) form a yaku worth ``tsuki_fuda_points``."""
    tsuki_fuda_points: int = bounded(4, 1, 50)
    """Points of the tsuki-fuda yaku."""

    def __attrs_post_init__(self) -> None:
        check_options(self)
        if not (
            self.goko_points >= self.shiko_points >= self.ame_shiko_points >= self.sanko_points
        ):
            raise OptionsError(
                "bright yaku values must not rise as brights are fewer: goko_points >= "
                "shiko_points >= ame_shiko_points >= sanko_points (got "
                f"{self.goko_points}/{self.shiko_points}/{self.ame_shiko_points}/"
                f"{self.sanko_points})"
            )

    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-able data (enums as their strings)."""
        return options_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KoiKoiRules:
        """Read :meth:`to_dict` data back (strings as typed on a command line accepted);
        OptionsError names an unknown field or a bad value."""
        return options_from_dict(cls, data, label="Koi-Koi")

    def differences(self, other: KoiKoiRules) -> dict[str, tuple[Any, Any]]:
        """Fields whose values differ: name -> (self's value, other's value)."""
        return options_differences(self, other)


DEFAULT_PRESET: Final = "nintendo"

PRESETS: Final[Mapping[str, KoiKoiRules]] = {
    "nintendo": KoiKoiRules(),
    "online": KoiKoiRules(rounds=6, max_koikoi_calls=None),
    "traditional": KoiKoiRules(
        max_koikoi_calls=None,
        goko_points=15,
        shiko_points=10,
        ame_shiko_points=8,
        sanko_points=6,
        viewing_cancelled_by_rain=True,
        double_at_7=False,
        drawn_round=DrawnRound.DEALER,
        tsuki_fuda=True,
    ),
}
"""The named rule sets; :data:`PRESET_DESCRIPTIONS` says what each stands for.

* ``nintendo`` (default): the rules file's scoring, from the rulebook in Nintendo's decks.
* ``online``: as ``nintendo`` with unlimited koi-koi and 6 rounds, as most apps and sites.
* ``traditional``: older parlour scoring -- brights 15/10/8/6, no 7+ doubling, unlimited
  koi-koi, viewing yaku spoilt by the rain man or lightning, the dealer's privilege (6) on a
  drawn round, tsuki-fuda.
"""

PRESET_DESCRIPTIONS: Final[Mapping[str, str]] = {
    "nintendo": (
        "The rulebook shipped with Nintendo's Hanafuda decks: one koi-koi per round, "
        "7+ doubled, opponent's koi-koi doubles, sake cup also chaff, viewing yaku 5, "
        "lucky hands 6, drawn rounds score nothing, 12 rounds."
    ),
    "online": (
        "The common online/app rules: as nintendo, but koi-koi may be called any number "
        "of times and a match is 6 rounds."
    ),
    "traditional": (
        "An older parlour scoring: brights 15/10/8/6, no 7+ doubling, unlimited koi-koi, "
        "viewing yaku spoilt by the rain man or lightning, dealer's privilege (6) on a drawn "
        "round, tsuki-fuda (the round's month, 4 points)."
    ),
}
"""One line per preset, for ``cardgames koikoi presets`` and the docs."""


def make_rules(preset: str | KoiKoiRules | None = None, /, **overrides: Any) -> KoiKoiRules:
    """Rules from a preset name (default ``nintendo``) with single options overridden.

    Values may be strings as typed on a command line (``rounds="6"``, ``double_at_7="off"``,
    ``max_koikoi_calls="unlimited"``). OptionsError names the bad preset, field or value.

    >>> make_rules("online", rounds="3").rounds
    3
    """
    return options_from_preset(
        PRESETS, preset, overrides, default=DEFAULT_PRESET, label="Koi-Koi"
    )
