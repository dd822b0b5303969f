"""What one Ikebana seat may know: :class:`IkebanaView`, a frozen value.

Everything in Ikebana is public except the order of the deck and (unless
``public_discards``) the cards under each discard pile's top: those are absent from the view,
not masked.
"""

from __future__ import annotations

import enum

import attrs

from cardgames.core.game import Move, in_place, placed_after
from cardgames.ikebana.actions import IkebanaAction
from cardgames.ikebana.cards import Card
from cardgames.ikebana.events import RoundScored
from cardgames.ikebana.rules import IkebanaRules

__all__ = ["IkebanaPublicView", "IkebanaView", "PendingCard", "Phase"]


class Phase(enum.StrEnum):
    """What the player to act must decide."""

    DRAW_OR_BUY = "draw-or-buy"
    """The start of a turn: draw the top card or buy a discard pile's top card."""
    KEEP_OR_REFUSE = "keep-or-refuse"
    """A card has been drawn (:attr:`IkebanaView.pending`): keep it or refuse it."""
    OVER = "over"
    """The last round has been scored: nobody acts."""


@attrs.frozen(kw_only=True)
class PendingCard:
    """The drawn card the current player must keep or refuse, and what refusing costs."""

    seat: int
    """Who drew it (the player to act)."""
    card: Card
    price: int
    """The price of refusing it: 1 + the refusals already made this turn."""
    paid: int
    """What refusing would take: the price, or less when a house rule lets a player who
    cannot afford it pay all they have (``unaffordable_refusal``)."""
    payee: int | None
    """Who the refusal would pay (None: the bank)."""
    can_refuse: bool
    """Whether refusing is allowed; False: the card must be kept (it cannot be afforded)."""


@attrs.frozen(kw_only=True)
class IkebanaPublicView:
    """What every seat may know (``state.public_view()``, a spectator's view): every seat's
    view but its `seat`, as Ikebana hides the same from all (the deck order, and the cards
    under the discard tops unless ``public_discards``; once the game is over the whole
    piles are shown). :class:`IkebanaView` extends it with the seat."""

    players: tuple[str, ...]
    rules: IkebanaRules
    round: int
    """The round being played, 1-based (``rules.rounds`` once the game is over)."""
    starter: int
    current_player: int | None
    bouquets: tuple[tuple[Card, ...], ...]
    discard_tops: tuple[Card | None, ...]
    discard_sizes: tuple[int, ...]
    discard_piles: tuple[tuple[Card, ...], ...] | None
    """Whole piles, bottom first, only with ``rules.public_discards`` (the public view: also
    once the game is over); None otherwise."""
    prestige: tuple[int, ...]
    deck_size: int
    phase: Phase
    """What the player to act must decide."""
    pending: PendingCard | None
    """In :attr:`Phase.KEEP_OR_REFUSE`: the drawn card and its refusal's price; else None."""
    refusals_this_turn: int
    next_refusal_price: int
    """What the current player's next refusal would cost (1 + refusals so far this turn)."""
    next_refusal_payee: int | None
    """Who would receive it (None: the bank)."""
    score_factor: int
    """2 in the final round of the "final bouquet" variant, else 1."""
    past_rounds: tuple[RoundScored, ...]
    is_over: bool
    history: tuple[Move[IkebanaAction], ...]
    """Every move of the game so far, oldest first, with its events. Nothing in them is
    hidden from any seat: each card an event names was face up at that moment (a drawn card
    is public, a refused one lies face up on its pile) and a reshuffle gives only a count."""

    @property
    def drawn(self) -> Card | None:
        """The card the current player drew and must keep or refuse, if any."""
        return None if self.pending is None else self.pending.card


@attrs.frozen(kw_only=True, field_transformer=in_place)
class IkebanaView(IkebanaPublicView):
    """What one seat may know: the public view's fields with the seat first.

    Everything in Ikebana is public except the order of the deck and (unless
    ``public_discards``) the cards under each discard pile's top: those are absent.
    """

    seat: int = attrs.field(metadata=placed_after(None))
