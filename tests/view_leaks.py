"""Searching JSON messages for the cards a seat may not see (tests of the server's views and
protocol): :func:`leaks` lists every place a message names one of
:func:`hidden_cards`
(the cards a seat may not see, worked out from the whole state by each game's own rules:
test-only knowledge of the three bundled games, kept out of the server)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from cardgames.core.game import State

__all__ = ["HiddenCard", "current_deal", "hidden_cards", "leaks"]

DEAL_STARTS = {"koikoi": ("RoundStarted",), "ikebana": ("Reshuffled", "RoundScored")}
"""The events after which a game's cards lie anew: before them a message may name a card
that is hidden now, as it was seen then (an earlier round, a card since reshuffled)."""
PAST = {"koikoi": "round_results", "ikebana": "past_rounds"}
"""The view field that tells of earlier deals."""


def current_deal(game: str, data: Any) -> Any:
    """`data` (a view as JSON, or a protocol message holding one under ``view`` with the
    moves in words under ``log``) without what it tells of earlier deals: the games whose
    cards are dealt again (Koi-Koi's rounds, Ikebana's rounds and reshuffles) may name a card
    that is hidden now in the moves before the last deal."""
    if game not in DEAL_STARTS or not isinstance(data, dict):
        return data
    if isinstance(data.get("view"), dict):  # a protocol message: its view and its log
        view = data["view"]
        start = _last_deal(game, view.get("history", []))
        kept = {**data, "view": _cut_view(game, view, start)}
        if isinstance(data.get("log"), list):  # the moves from number log_start on
            kept["log"] = _cut(data["log"], start, data.get("log_start", 0))
        return kept
    return _cut_view(game, data, _last_deal(game, data.get("history", [])))


def _last_deal(game: str, moves: list[Any]) -> tuple[int, int]:
    """Where the current deal starts in a view's history: the move, and the event after the
    last one that dealt anew."""
    start = (0, 0)
    for index, move in enumerate(moves):
        for position, event in enumerate(move["events"]):
            if event.get("type") in DEAL_STARTS[game]:
                start = (index, position + 1)
    return start


def _cut(moves: list[Any], start: tuple[int, int], first: int = 0) -> list[Any]:
    """`moves` (a history, or a log in words whose first entry is move number `first`)
    from `start` on."""
    index, position = start
    kept = []
    for number, move in enumerate(moves, first):
        if number == index:  # the action that dealt was made before the deal
            kept.append(dict(move, events=move["events"][position:], text="", action=""))
        elif number > index:
            kept.append(move)
    return kept


def _cut_view(game: str, view: dict[str, Any], start: tuple[int, int]) -> dict[str, Any]:
    kept = {key: value for key, value in view.items() if key != PAST[game]}
    if "history" in view:
        kept["history"] = _cut(view["history"], start)
    return kept


def _walk(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _walk(value, f"{path}[{index}]")


def leaks(game: str, data: Any, hidden: frozenset[HiddenCard]) -> list[str]:
    """Every place in `data` that names a card of `hidden`: an object with a hidden card's
    ``order`` that says which card it is, or, for a card without a public id (its notation
    names it), any string of the current deal that holds its notation as a word."""
    found: list[str] = []
    by_order = {card.order: card.card for card in hidden if card.order is not None}
    named = [card.card for card in hidden if card.order is None]
    pattern = (re.compile("|".join(rf"(?<![\w-]){re.escape(name)}(?![\w-])" for name in named))
               if named else None)
    for path, value in _walk(data if pattern is None else current_deal(game, data)):
        if isinstance(value, dict) and value.get("order") in by_order:
            if value.get("card") is not None:
                found.append(f"{path}: order {value['order']} shown as {value['card']}")
        elif pattern is not None and isinstance(value, str) and pattern.search(value):
            found.append(f"{path}: {value!r}")
    return found


@attrs.frozen
class HiddenCard:
    """A card a seat may not see: its notation and, where the game gives cards a public id
    (Hanabi's deck position, ``order``), that id; None where the notation names one card
    (Koi-Koi's cards are all different) or any copy (Ikebana)."""

    card: str
    order: int | None = None


def hidden_cards(state: State[Any], seat: int | None, *,
                 hands_shown: bool = False) -> frozenset[HiddenCard]:
    """The cards `seat` (None: a spectator) may not see now, for the tests that search every
    message for them: Hanabi's own hand (every hand for a spectator), the plays in the hole
    and the top of the draw pile, by order; Koi-Koi's other hand (both for a spectator) and
    the stock; Ikebana's cards of which every copy is in the deck. Nothing once the game is
    over, but Hanabi's pile and Ikebana's deck. `hands_shown`: a spectator who sees every
    hand (a table's spectators, ``spectator_view(show_hands=True)``): no hand is hidden."""
    name = state.game_name
    over = state.is_over
    seats: Iterable[int] = (() if hands_shown and seat is None
                            else range(len(state.players)) if seat is None else (seat,))
    found: set[HiddenCard] = set()
    if name == "hanabi":
        card_at = state.card_at  # type: ignore[attr-defined]
        if not over:
            for holder in seats:
                found.update(HiddenCard(str(card_at(order)), order)
                             for order in state.hand_orders(holder))  # type: ignore[attr-defined]
            found.update(HiddenCard(str(card_at(order)), order)
                         for order in state.hole)  # type: ignore[attr-defined]
        top = state.deck_order_of_top()  # type: ignore[attr-defined]
        if top is not None:
            found.add(HiddenCard(str(card_at(top)), top))
    elif name == "koikoi":
        if not over:
            holders = list(seats) if seat is None else [1 - seat]
            for holder in holders:
                found.update(HiddenCard(str(card)) for card in state.hand(holder))  # type: ignore[attr-defined]
            found.update(HiddenCard(str(card)) for card in state.stock)  # type: ignore[attr-defined]
    elif name == "ikebana":
        codes = state.all_cards()  # type: ignore[attr-defined]
        deck = state.draw_pile()  # type: ignore[attr-defined]
        found.update(HiddenCard(str(card)) for card in set(deck)
                     if deck.count(card) == codes.count(card.code))
    else:
        raise ValueError(f"hidden_cards knows hanabi, koikoi and ikebana (got {name!r})")
    return frozenset(found)
