"""What a Koi-Koi move causes: small frozen values with a readable ``str``.

Seats are numbers (0, 1); ``str`` names them "P1"/"P2" -- a renderer that knows the players'
names formats the fields itself. Kinds and reasons are enums, never text to parse.

Every event is public: both seats may see all of it. Events never show a card that is hidden
when they happen: hands appear only in a :class:`LuckyHand`, which its holder shows to win
the round (that round is over, so the cards are no secret any more), and the stock only as
the card turned over.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from cardgames.core.text import counted
from cardgames.koikoi.cards import CARDS
from cardgames.koikoi.rules import FirstDealer
from cardgames.koikoi.yaku import RoundPoints, YakuScore

__all__ = [
    "CardPlayed",
    "ChoiceRequired",
    "DealerChosen",
    "ForcedStop",
    "KoiKoiCalled",
    "LuckyHand",
    "LuckyHandKind",
    "MatchEnd",
    "MatchEnded",
    "RedealReason",
    "Redealt",
    "RoundEnd",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "StopReason",
    "YakuFormed",
]


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


_P1_P2 = ("P1", "P2")


def _codes(ids: tuple[int, ...]) -> str:
    return ", ".join(CARDS[i].code for i in ids)


@attrs.frozen(slots=True)
class DealerChosen:
    """Who deals the first round: by default each seat drew a card and the earlier month
    deals; ``first_dealer`` may choose at random or name the seat instead (no draws)."""

    draws: tuple[tuple[int, int], ...]
    """The cards (ids) seat 0 and seat 1 drew, one pair per draw (a tie draws again); empty
    when the dealer was not drawn for."""
    dealer: int
    chosen_by: FirstDealer = FirstDealer.DRAW
    """How: the card draw, a seeded random choice, or the seat named by the rules."""

    @property
    def how(self) -> str:
        """How the dealer was chosen, in words (empty for the card draw, whose cards say it)."""
        if self.chosen_by is FirstDealer.DRAW:
            return ""
        return "chosen at random" if self.chosen_by is FirstDealer.RANDOM else "named by the rules"

    def __str__(self) -> str:
        if self.chosen_by is not FirstDealer.DRAW:
            return f"{_seat(self.dealer)} deals first ({self.how})"
        rounds = "; ".join(
            f"{_seat(0)} draws {CARDS[a].code}, {_seat(1)} draws {CARDS[b].code}"
            for a, b in self.draws
        )
        return f"{rounds}: {_seat(self.dealer)} deals first"


class LuckyHandKind(enum.StrEnum):
    """The two lucky hands, checked right after the deal."""

    TESHI = "teshi"
    """All four cards of a month in hand."""
    KUTTSUKI = "kuttsuki"
    """Four pairs of months in hand."""


class RedealReason(enum.StrEnum):
    """Why the cards were dealt again."""

    FOUR_ON_FIELD = "four cards of a month on the field"
    LUCKY_HAND = "lucky hand"
    """A lucky hand with ``lucky_hands="redeal"``."""


@attrs.frozen(slots=True)
class Redealt:
    """The cards were dealt again (four of a month on the field, or a lucky hand to re-deal)."""

    round_number: int
    reason: RedealReason
    lucky_hand: LuckyHandKind | None = None
    """Which lucky hand, when that was the reason."""

    @property
    def why(self) -> str:
        """The reason in words: ``lucky hand (teshi)``."""
        if self.lucky_hand is None:
            return self.reason.value
        return f"{self.reason.value} ({self.lucky_hand})"

    def __str__(self) -> str:
        return f"round {self.round_number}: re-deal ({self.why})"


@attrs.frozen(slots=True)
class RoundStarted:
    """A round was dealt: the dealer and the face-up field (hands are private)."""

    round_number: int
    rounds: int
    dealer: int
    field: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"round {self.round_number} of {self.rounds}: {_seat(self.dealer)} deals; "
            f"field {_codes(self.field)}"
        )


@attrs.frozen(slots=True)
class LuckyHand:
    """A lucky hand won the round at once: teshi (four of a month) or kuttsuki (four pairs)."""

    seat: int
    kind: LuckyHandKind
    hand: tuple[int, ...]
    """The holder's hand, shown to claim the round (which ends at once)."""

    def __str__(self) -> str:
        return f"{_seat(self.seat)} shows a lucky hand ({self.kind}): {_codes(self.hand)}"


@attrs.frozen(slots=True)
class CardPlayed:
    """A card was played from hand or turned over from the stock, capturing `captured`."""

    seat: int
    card: int
    from_stock: bool
    captured: tuple[int, ...]
    """Field cards taken with it (empty: the card stays on the field)."""

    def __str__(self) -> str:
        verb = "turns over" if self.from_stock else "plays"
        if self.captured:
            taken = _codes(self.captured)
            return f"{_seat(self.seat)} {verb} {CARDS[self.card].code}, captures {taken}"
        return f"{_seat(self.seat)} {verb} {CARDS[self.card].code} onto the field"


@attrs.frozen(slots=True)
class ChoiceRequired:
    """The turned-over stock card matches two field cards: its player picks one."""

    seat: int
    card: int
    options: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"{_seat(self.seat)} turns over {CARDS[self.card].code}: capture "
            f"{' or '.join(CARDS[i].code for i in self.options)}?"
        )


class StopReason(enum.StrEnum):
    """Why a player who formed or raised a yaku is not asked koi-koi or stop."""

    CALLS_USED = "calls used"
    """The round's koi-koi calls (``max_koikoi_calls``, both players together) are used."""
    HAND_EMPTY = "hand empty"
    """The player's own hand is empty (unless ``koikoi_with_empty_hand``)."""
    NO_TURN_LEFT = "no turn left"
    """Both hands are empty: the round has no turn left to play on for."""


@attrs.frozen(slots=True)
class ForcedStop:
    """Why koi-koi is not possible now, with what the sentence needs: the round's call limit
    and the calls each seat made."""

    reason: StopReason
    limit: int | None
    """The rules' ``max_koikoi_calls`` (None: unlimited)."""
    calls: tuple[int, int]
    """Koi-koi calls of each seat this round."""

    def text(self, names: Sequence[str] = _P1_P2, seat: int = 0, you: int | None = None) -> str:
        """The reason in words, for the stop of `seat`; `you` is the seat reading it.

        >>> ForcedStop(StopReason.CALLS_USED, 1, (1, 0)).text()
        "the round's one koi-koi call is used (P1 called it)"
        """
        if self.reason is StopReason.HAND_EMPTY:
            whose = "your" if seat == you else f"{names[seat]}'s"
            return f"{whose} hand is empty"
        if self.reason is StopReason.NO_TURN_LEFT:
            return "both hands are empty: no turn is left in the round"
        if not self.limit:
            return "these rules allow no koi-koi (max_koikoi_calls is 0)"
        callers = [
            ("you" if caller == you else names[caller], count)
            for caller, count in enumerate(self.calls)
            if count
        ]
        if self.limit == 1:
            return f"the round's one koi-koi call is used ({callers[0][0]} called it)"
        who = ", ".join(f"{name} {count}" for name, count in callers)
        return f"the round's {self.limit} koi-koi calls are used ({who})"

    def __str__(self) -> str:
        return self.text()


@attrs.frozen(slots=True)
class YakuFormed:
    """A player's pile formed a new yaku or raised one; `forced_stop` says why the round ends
    at once when koi-koi is not possible (None: the player chooses koi-koi or stop)."""

    seat: int
    score: YakuScore
    forced_stop: ForcedStop | None = None

    @property
    def must_stop(self) -> bool:
        """Koi-koi is not possible: the round ends as this player's stop."""
        return self.forced_stop is not None

    def __str__(self) -> str:
        if self.forced_stop is None:
            return f"{_seat(self.seat)} has {self.score}: koi-koi or stop?"
        return f"{_seat(self.seat)} has {self.score}: must stop, {self.forced_stop}"


@attrs.frozen(slots=True)
class KoiKoiCalled:
    """A player called koi-koi and plays on."""

    seat: int
    calls: int
    """This player's calls this round, this one included."""

    def __str__(self) -> str:
        times = "" if self.calls == 1 else f" (call {self.calls})"
        return f"{_seat(self.seat)} calls koi-koi{times}"


class RoundEnd(enum.StrEnum):
    """How a round ended."""

    STOP = "stop"
    LUCKY_HAND = "lucky hand"
    DRAWN = "drawn"
    DEALERS_PRIVILEGE = "dealer's privilege"


@attrs.frozen(slots=True)
class RoundResult:
    """One finished round: who won how, every yaku and multiplier, the points of each seat."""

    round_number: int
    dealer: int
    winner: int | None
    """None for a drawn round where nobody scores."""
    end: RoundEnd
    yaku: YakuScore | None
    """The winner's yaku when the round ended by a stop."""
    points: RoundPoints | None
    """Base, multipliers and final points (None for a drawn round)."""
    score: tuple[int, int]
    """Points each seat scored this round (only the winner's can be non-zero)."""
    koikoi_calls: tuple[int, int]
    lucky_hand: LuckyHandKind | None = None
    """Which lucky hand, when the round ended by one."""

    def __str__(self) -> str:
        head = f"round {self.round_number}"
        if self.winner is None:
            return f"{head}: drawn, nobody scores"
        who = _seat(self.winner)
        total = self.score[self.winner]
        if self.end is RoundEnd.LUCKY_HAND:
            return (f"{head}: {who} wins with a lucky hand ({self.lucky_hand}): "
                    f"{counted(total, 'point')}")
        if self.end is RoundEnd.DEALERS_PRIVILEGE:
            return f"{head}: drawn; dealer's privilege: {who} scores {total}"
        assert self.yaku is not None
        assert self.points is not None
        noun = "point" if self.points.points == 1 else "points"
        return f"{head}: {who} stops with {self.yaku}; {self.points} {noun}"


@attrs.frozen(slots=True)
class RoundEnded:
    """A round is over (its :class:`RoundResult`) and the match totals after it."""

    result: RoundResult
    totals: tuple[int, int]
    """The match scores after the round: the sums of the points won, or with `banks` the
    players' banks."""
    banks: bool = False
    """The rules' ``banks``: `totals` are banks, the winner's points taken from the loser's."""

    def __str__(self) -> str:
        return f"{self.result}; {'banks' if self.banks else 'totals'} {_pair(self.totals)}"


def _pair(totals: tuple[int, int]) -> str:
    """``12-7``; with a bank below 0 ``-2/62`` (a minus after a dash would misread)."""
    first, second = totals
    return f"{first}/{second}" if min(totals) < 0 else f"{first}-{second}"


class MatchEnd(enum.StrEnum):
    """Why the match ended."""

    ROUNDS = "all rounds played"
    BANK_EMPTY = "a bank is empty"
    """``banks``: a round left a player's bank at 0 or below, which ends the match at once."""


@attrs.frozen(slots=True)
class MatchEnded:
    """The match is over: the totals (or banks), the winner (None on equal totals) and why."""

    totals: tuple[int, int]
    winner: int | None
    end: MatchEnd = MatchEnd.ROUNDS
    banks: bool = False
    """The rules' ``banks``: `totals` are the players' banks."""

    @property
    def empty_bank(self) -> int | None:
        """The seat whose bank is empty when that ended the match (the lower one), else None."""
        if self.end is not MatchEnd.BANK_EMPTY:
            return None
        return 0 if self.totals[0] <= self.totals[1] else 1

    def __str__(self) -> str:
        score = _pair(self.totals)
        why = "" if self.empty_bank is None else f" ({_seat(self.empty_bank)}'s bank is empty)"
        if self.winner is None:
            return f"match drawn {score}{why}"
        return f"{_seat(self.winner)} wins the match {score}{why}"
