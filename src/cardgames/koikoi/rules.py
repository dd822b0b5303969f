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
    "FirstDealer",
    "KoiKoiPenalty",
    "KoiKoiQuestion",
    "KoiKoiRules",
    "LuckyHands",
    "Shuffle",
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
    """What happens when the hands run out and nobody has stopped (an exhausted round).

    * ``nobody``: nobody scores; the other player deals next.
    * ``dealer``: dealer's privilege (oya-ken): the dealer wins the round with
      ``oya_ken_points`` and deals again (the winner deals). KoiKoi-AI: 1 point.
    * ``same-dealer``: nobody scores and the same dealer deals again (a Go engine's rule).
    """

    NOBODY = "nobody"
    DEALER = "dealer"
    SAME_DEALER = "same-dealer"


class FirstDealer(enum.StrEnum):
    """Who deals the first round.

    * ``draw``: each seat draws a card; the earlier month deals (the same month: draw again).
    * ``random``: a seeded random choice, no card draw (KoiKoi-AI).
    * ``1`` / ``2``: that seat (P1 / P2) deals: replays of games recorded by other engines
      name the dealer and give the deal as an explicit deck.
    """

    DRAW = "draw"
    RANDOM = "random"
    SEAT_1 = "1"
    SEAT_2 = "2"


class KoiKoiQuestion(enum.StrEnum):
    """When a player is asked koi-koi or stop after a turn.

    * ``yaku-raised``: a yaku formed or pays more than when the round began, or than at the
      player's last koi-koi (the rulebook: "forms a new yaku or raises a yaku's points").
    * ``total-raised``: the points a stop would score are strictly higher than just before
      the turn's hand card was played (KoiKoi-AI).

    They differ when one turn forms a yaku and spoils another (``viewing_cancelled_by_rain``:
    a fifth ribbon taken with the rain man forms Tanzaku 1 and spoils a Tsukimi-zake 5, so
    only ``yaku-raised`` asks). That a 4th animal after Ino-shika-chō asks nothing under
    KoiKoi-AI follows from ``set_yaku_stack``: a fixed Ino-shika-chō does not rise.
    """

    YAKU_RAISED = "yaku-raised"
    TOTAL_RAISED = "total-raised"


class LuckyHands(enum.StrEnum):
    """What a lucky hand does: teshi (four of a month in hand) and kuttsuki (four pairs in
    hand), checked after the deal; ``teshi`` and ``kuttsuki`` say which of them count.

    * ``points``: the holder wins the round at once with ``lucky_hand_points`` (no
      multipliers); if both players hold one, the dealer's counts.
    * ``redeal``: the cards are dealt again by the same dealer; nobody scores.
    * ``off``: ignored; the round is played.
    """

    POINTS = "points"
    REDEAL = "redeal"
    OFF = "off"


class Shuffle(enum.StrEnum):
    """How a match's chance (the first-dealer choice and every shuffle) follows from its seed
    (or from the text of an explicit deck, for the deals after those it lists).

    * ``stream`` (rules version 3 on): one chance stream per match, read in blocks: block 0
      chooses the first dealer, block n shuffles the n-th deal.
    * ``per-deal`` (rules versions 1 and 2): each chance event seeds its own generator from the
      seed and the event's name. Slower; kept so that the records of those versions replay as
      they were played (:meth:`~cardgames.koikoi.state.KoiKoiState.upgrade_options` sets it).

    Both are fully determined by the seed; they deal different matches from the same seed.
    """

    STREAM = "stream"
    PER_DEAL = "per-deal"


def _seat_text(value: object) -> object:
    """The seat numbers 1 and 2 read as their option values "1" and "2" (a seat is an int in
    Python and a string on the command line and in records); other values pass to the check."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


@attrs.frozen(kw_only=True, cache_hash=True)  # hashed on every table and bot look-up
class KoiKoiRules:
    """Every Koi-Koi house rule, frozen and validated. The defaults are preset ``nintendo``.

    Scoring of a round: the yaku of the winner's pile are summed (:func:`score_yaku`), the
    winner's own koi-koi calls add their bonus (``own_koikoi_bonus``), then the total is
    doubled when the yaku sum is 7 or more (``double_at_7``) and multiplied by the koi-koi
    penalty (``koikoi_penalty``); see :func:`~cardgames.koikoi.yaku.round_points`. With
    ``banks`` the winner's points come out of the loser's bank.
    """

    rounds: int = bounded(12, 1, 24)
    """Rounds in a match: 12 (one per month) by default; 8, 6 and 3 are common. 1..24."""
    banks: bool = False
    """Each player starts with a bank of ``starting_bank`` points and a round's winner takes
    the round's points out of the loser's bank (the banks always add up to twice the start;
    they may go below 0). Right after a round that leaves a bank at 0 or below, the match
    ends at once. The scores are the banks: the larger bank wins. Off: the scores are the
    sums of the points won."""
    starting_bank: int = bounded(30, 1, 1000)
    """Each player's bank at the start of a match when ``banks`` is on."""
    first_dealer: FirstDealer = attrs.field(default=FirstDealer.DRAW, converter=_seat_text)
    """See :class:`FirstDealer` (``draw``, ``random``, or the seat ``1`` or ``2``)."""
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
    viewing_koikoi_bonus: int = bounded(0, 0, 10)
    """Points each viewing yaku gains once its owner has called koi-koi this round (KoiKoi-AI:
    1 point, 3 after the owner's koi-koi, so 2). 0..10."""
    goko_points: int = bounded(10, 1, 50)
    """Goko: all five brights."""
    shiko_points: int = bounded(8, 1, 50)
    """Shikō: four brights without the rain man."""
    ame_shiko_points: int = bounded(7, 1, 50)
    """Ame-shikō: the rain man and three other brights."""
    sanko_points: int = bounded(5, 1, 50)
    """Sankō: three brights without the rain man."""
    set_yaku_stack: bool = False
    """Ino-shika-chō, Akatan and Aotan pay a fixed 5 and Akatan-Aotan a fixed 10, and none of
    them replaces another yaku: Tane, Tanzaku (and with all six ribbons Akatan and Aotan) are
    paid on top (KoiKoi-Japan: the six poetry and blue ribbons make 10 + 5 + 5 + Tanzaku 2).
    Off: they pay 1 per further animal or ribbon and replace the yaku whose cards they count."""
    double_at_7: bool = True
    """A round's yaku total of 7 or more is doubled."""
    koikoi_penalty: KoiKoiPenalty = KoiKoiPenalty.DOUBLE
    """See :class:`KoiKoiPenalty`."""
    own_koikoi_bonus: bool = False
    """The winner's own koi-koi calls this round raise the points of the stop: +1 per call up
    to 3 calls, ×(calls − 2) from 4 calls (so a 4th call can lower them); the loser's calls
    change nothing here (KoiKoi-Japan)."""
    max_koikoi_calls: int | None = bounded(1, 0, 16, unlimited=True)
    """Koi-koi calls allowed per round, both players together (None: unlimited). Once they are
    used up, a player who forms or improves a yaku must stop."""
    koikoi_question: KoiKoiQuestion = KoiKoiQuestion.YAKU_RAISED
    """When koi-koi or stop is asked: see :class:`KoiKoiQuestion`."""
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
    """What a lucky hand does: see :class:`LuckyHands`."""
    teshi: bool = True
    """All four cards of a month in one hand is a lucky hand (``lucky_hands`` says what it
    does). Off: that hand is played like any other."""
    kuttsuki: bool = True
    """Four pairs of months in one hand is a lucky hand (``lucky_hands`` says what it does).
    Off: that hand is played like any other (KoiKoi-AI)."""
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
    shuffle: Shuffle = Shuffle.STREAM
    """How the chance of a match follows from its seed: see :class:`Shuffle` (``per-deal``
    replays records of rules version 2 and before)."""

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

    @property
    def first_dealer_seat(self) -> int | None:
        """The seat ``first_dealer`` names (0 or 1), or None for a draw or a random choice."""
        if self.first_dealer is FirstDealer.SEAT_1:
            return 0
        return 1 if self.first_dealer is FirstDealer.SEAT_2 else None

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
    "koikoi-ai": KoiKoiRules(
        rounds=8,
        banks=True,
        first_dealer=FirstDealer.RANDOM,
        viewing_yaku_points=1,
        viewing_koikoi_bonus=2,
        set_yaku_stack=True,
        double_at_7=False,
        koikoi_penalty=KoiKoiPenalty.NONE,
        own_koikoi_bonus=True,
        max_koikoi_calls=None,
        koikoi_question=KoiKoiQuestion.TOTAL_RAISED,
        drawn_round=DrawnRound.DEALER,
        oya_ken_points=1,
        lucky_hands=LuckyHands.REDEAL,
        kuttsuki=False,
    ),
}
"""The named rule sets; :data:`PRESET_DESCRIPTIONS` says what each stands for.

* ``nintendo`` (default): the rules file's scoring, from the rulebook in Nintendo's decks.
* ``online``: as ``nintendo`` with unlimited koi-koi and 6 rounds, as most apps and sites.
* ``traditional``: older parlour scoring -- brights 15/10/8/6, no 7+ doubling, unlimited
  koi-koi, viewing yaku spoilt by the rain man or lightning, the dealer's privilege (6) on a
  drawn round, tsuki-fuda.
* ``koikoi-ai``: the rule set of the KoiKoi-AI research engine (after the PC game
  "KoiKoi-Japan"), exactly as the rules file specifies it.
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
    "koikoi-ai": (
        "The KoiKoi-AI research engine (after the PC game KoiKoi-Japan): 8 rounds, banks of "
        "30 (a bank at 0 ends the match), random first dealer, set yaku fixed with Tane and "
        "Tanzaku on top, viewing yaku 1 (3 after own koi-koi), own koi-koi calls +n (×(n−2) "
        "from 4), asked only when the total rises, no doubling, the dealer takes 1 on an "
        "exhausted round, four of a month re-deals, four pairs play on."
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
