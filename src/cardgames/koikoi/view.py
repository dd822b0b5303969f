"""What one seat of a Koi-Koi match may know: :class:`KoiKoiView`, its :class:`Phase` and the
decision it waits for (:data:`Pending`), as data.

A pending decision holds what is to be decided; its sentence (:meth:`CaptureChoice.question`,
:meth:`KoiKoiDecision.question`) is derived from that data for display and error messages,
never stored, so bots and renderers read the values and nobody parses text.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from cardgames.core.game import Move, in_place, placed_after
from cardgames.koikoi.actions import KoiKoiAction
from cardgames.koikoi.cards import Card
from cardgames.koikoi.events import RoundResult
from cardgames.koikoi.rules import KoiKoiRules
from cardgames.koikoi.yaku import RoundPoints, Yaku, YakuScore

__all__ = [
    "CaptureChoice",
    "CardMasks",
    "KnownMasks",
    "KoiKoiDecision",
    "KoiKoiPublicView",
    "KoiKoiSharedView",
    "KoiKoiView",
    "Pending",
    "Phase",
    "listed",
]


class Phase(enum.StrEnum):
    """What the current player is asked. The values are the lowercase words, so that
    ``view.phase == "decide"`` reads as before."""

    PLAY = "play"
    """Play a card from hand."""
    CAPTURE = "capture"
    """Choose which field card the turned-over stock card captures."""
    DECIDE = "decide"
    """Koi-koi or stop."""
    OVER = "over"
    """The match is over."""


def listed(words: Sequence[str], last: str) -> str:
    """``a``, ``a or b``, ``a, b or c`` (`last` joins the last two: ``or``, ``and``)."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


@attrs.frozen(slots=True)
class CaptureChoice:
    """The turned-over stock card matches two field cards (three without
    ``capture_all_three``): its player chooses the one it captures (``capture CARD``)."""

    seat: int
    """The player who chooses."""
    card: Card
    """The turned-over stock card."""
    options: tuple[Card, ...]
    """The field cards it may capture, by id."""

    def question(self) -> str:
        """The question put to the chooser, e.g. ``the turned-over mar-chaff-2 matches
        mar-ribbon and mar-chaff-1: answer capture mar-ribbon or capture mar-chaff-1``."""
        codes = [card.code for card in self.options]
        return (
            f"the turned-over {self.card.code} matches {listed(codes, 'and')}: answer "
            + listed([f"capture {code}" for code in codes], "or")
        )


@attrs.frozen(slots=True)
class KoiKoiDecision:
    """The player formed or raised a yaku and may call koi-koi (play on) or stop (score now);
    both are allowed (when koi-koi is not, the round ends without asking)."""

    seat: int
    """The player who decides."""
    score: YakuScore
    """The player's yaku now: what stopping scores before multipliers."""
    raised: tuple[Yaku, ...]
    """Why the question is asked: the yaku that formed or pay more since the round began
    (or since the player's last koi-koi)."""
    stop_points: RoundPoints
    """What stopping now scores, with the round's multipliers."""
    calls_left: int | None
    """Koi-koi calls the round still allows, this one included (None: unlimited)."""

    def question(self) -> str:
        """The question put to the player, e.g. ``you have Sankō 5 = 5: answer koikoi (play
        on) or stop (score 5 points now)``."""
        points = self.stop_points.points
        return (
            f"you have {self.score}: answer koikoi (play on) or stop (score {points} "
            f"point{'' if points == 1 else 's'} now)"
        )


class CardMasks(NamedTuple):
    """A view's cards as masks: bit ``id`` set for each card (see :attr:`KoiKoiView.masks`)."""

    hand: int
    """The viewing seat's hand."""
    field: int
    """The face-up field."""
    piles: tuple[int, int]
    """Each seat's captured cards."""


class KnownMasks(NamedTuple):
    """The masks of a view's cards as its builder found them, with the very tuples they
    describe: a view uses them only while its cards are those tuples (a view changed with
    ``attrs.evolve`` finds its masks from its own cards)."""

    masks: CardMasks
    hand: tuple[Card, ...]
    field: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


Pending = CaptureChoice | KoiKoiDecision | None
"""The decision a view waits for beyond an ordinary play (None: play a card, or over)."""


@attrs.frozen(kw_only=True)
class KoiKoiSharedView:
    """What a seat's view and the public view share: everything but the hands (and the
    seat). :class:`KoiKoiView` and :class:`KoiKoiPublicView` extend it."""

    players: tuple[str, ...]
    rules: KoiKoiRules
    round_number: int
    """1-based; after the match, the last round's number."""
    month: int
    """The round's month (for tsuki-fuda)."""
    dealer: int
    current_player: int | None
    phase: Phase
    field: tuple[Card, ...]
    """Face-up cards, by month."""
    stock_size: int
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's captured cards, by id."""
    yaku: tuple[YakuScore, YakuScore]
    """Each seat's current yaku (what stopping would score before multipliers)."""
    koikoi_calls: tuple[int, int]
    """Koi-koi calls of each seat this round."""
    koikoi_allowed: bool
    """Whether another koi-koi may be called this round."""
    pending: Pending
    """The capture choice or the koi-koi decision the current player faces (None: a play)."""
    scores: tuple[int, int]
    """Match totals: the points won, or with ``rules.banks`` the players' banks."""
    round_results: tuple[RoundResult, ...]
    is_over: bool
    history: tuple[Move[KoiKoiAction], ...] = ()
    """Every move of the match, oldest first: the seat, the action and its events. Every
    Koi-Koi event is public (see :mod:`cardgames.koikoi.events`), so both seats see the same
    entries."""


@attrs.frozen(kw_only=True, field_transformer=in_place)
class KoiKoiView(KoiKoiSharedView):
    """What one seat may know. The opponent's hand and the stock order are absent. Its
    fields are :class:`KoiKoiSharedView`'s with the seat first and its hand after `phase`."""

    seat: int = attrs.field(metadata=placed_after(None))
    hand: tuple[Card, ...] = attrs.field(metadata=placed_after("phase"))
    opponent_hand_size: int = attrs.field(metadata=placed_after("hand"))
    known_masks: KnownMasks | None = attrs.field(default=None, eq=False, repr=False)
    """The card masks the builder already has (the engine keeps its cards as masks), tied to
    the card tuples they describe; None: :attr:`masks` finds them from the cards."""

    @property
    def masks(self) -> CardMasks:
        """The hand, the field and the piles as card masks (bit ``id`` set for each card):
        what bots compute with, without a pass over the Card tuples."""
        known = self.known_masks
        if (
            known is not None
            and known.hand is self.hand
            and known.field is self.field
            and known.piles is self.piles
        ):
            return known.masks
        return CardMasks(
            _mask(self.hand), _mask(self.field), (_mask(self.piles[0]), _mask(self.piles[1]))
        )

    @property
    def pending_card(self) -> Card | None:
        """The turned-over stock card waiting for its capture choice."""
        return self.pending.card if isinstance(self.pending, CaptureChoice) else None

    @property
    def capture_options(self) -> tuple[Card, ...]:
        """The field cards the pending stock card may capture (empty when none waits)."""
        return self.pending.options if isinstance(self.pending, CaptureChoice) else ()


@attrs.frozen(kw_only=True, field_transformer=in_place)
class KoiKoiPublicView(KoiKoiSharedView):
    """What both seats may know (``state.public_view()``, a spectator's view): the hands and
    the stock are absent while the match goes on, only their sizes shown; once it is over,
    the hands (`hands`). The other fields are :class:`KoiKoiSharedView`'s."""

    hand_sizes: tuple[int, int] = attrs.field(metadata=placed_after("phase"))
    """How many cards each seat holds."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    """Each seat's hand once the match is over; None while it goes on."""
