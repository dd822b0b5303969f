"""What a Koi-Koi move causes: small frozen values with a readable ``str``.

Seats are numbers (0, 1); ``str`` names them "P1"/"P2" -- a renderer that knows the players'
names formats the fields itself. Events never show a hidden card: hands appear only in a
:class:`LuckyHand` (the holder shows it to win).
"""

from __future__ import annotations

import enum

import attrs

from cardgames.koikoi.cards import CARDS
from cardgames.koikoi.yaku import RoundPoints, YakuScore

__all__ = [
    "CardPlayed",
    "ChoiceRequired",
    "DealerChosen",
    "KoiKoiCalled",
    "LuckyHand",
    "MatchEnded",
    "Redealt",
    "RoundEnd",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "YakuFormed",
]


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def _codes(ids: tuple[int, ...]) -> str:
    return ", ".join(CARDS[i].code for i in ids)


@attrs.frozen(slots=True)
class DealerChosen:
    """Who deals the first round: each seat drew a card; the earlier month deals."""

    draws: tuple[tuple[int, int], ...]
    """The cards (ids) seat 0 and seat 1 drew, one pair per draw (a tie draws again)."""
    dealer: int

    def __str__(self) -> str:
        rounds = "; ".join(
            f"{_seat(0)} draws {CARDS[a].code}, {_seat(1)} draws {CARDS[b].code}"
            for a, b in self.draws
        )
        return f"{rounds}: {_seat(self.dealer)} deals first"


@attrs.frozen(slots=True)
class Redealt:
    """The cards were dealt again (four of a month on the field, or a lucky hand to re-deal)."""

    round_number: int
    reason: str

    def __str__(self) -> str:
        return f"round {self.round_number}: re-deal ({self.reason})"


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
    kind: str
    """``teshi`` or ``kuttsuki``."""
    hand: tuple[int, ...]

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


@attrs.frozen(slots=True)
class YakuFormed:
    """A player's pile formed a new yaku or raised one; `must_stop` if koi-koi is not allowed."""

    seat: int
    score: YakuScore
    must_stop: bool

    def __str__(self) -> str:
        then = "must stop" if self.must_stop else "koi-koi or stop?"
        return f"{_seat(self.seat)} has {self.score}: {then}"


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
    lucky_hand: str | None = None
    """``teshi`` or ``kuttsuki`` when the round ended by a lucky hand."""

    def __str__(self) -> str:
        head = f"round {self.round_number}"
        if self.winner is None:
            return f"{head}: drawn, nobody scores"
        who = _seat(self.winner)
        total = self.score[self.winner]
        if self.end is RoundEnd.LUCKY_HAND:
            return f"{head}: {who} wins with a lucky hand ({self.lucky_hand}): {total} points"
        if self.end is RoundEnd.DEALERS_PRIVILEGE:
            return f"{head}: drawn; dealer's privilege: {who} scores {total}"
        assert self.yaku is not None
        assert self.points is not None
        return f"{head}: {who} stops with {self.yaku}; {self.points} points"


@attrs.frozen(slots=True)
class RoundEnded:
    """A round is over (its :class:`RoundResult`) and the match totals after it."""

    result: RoundResult
    totals: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.result}; totals {self.totals[0]}-{self.totals[1]}"


@attrs.frozen(slots=True)
class MatchEnded:
    """The last round is over: the totals and the winner (None on equal totals)."""

    totals: tuple[int, int]
    winner: int | None

    def __str__(self) -> str:
        score = f"{self.totals[0]}-{self.totals[1]}"
        if self.winner is None:
            return f"match drawn {score}"
        return f"{_seat(self.winner)} wins the match {score}"
