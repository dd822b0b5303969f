"""A tiny test-only game that proves the core and the conformance machine.

Cards 1..9 are shuffled; each player is dealt a hidden hand, the rest is the stock. On a turn a
player plays a card from hand onto their own row (`play 7`) and draws if the stock has cards.
A score is the sum of a player's row; the game ends when every hand is empty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Self

import attrs
from hypothesis import HealthCheck, settings

from cardgames.core import (
    GameInfo,
    NotationError,
    OptionsError,
    RandomAgent,
    State,
)
from cardgames.core.limits import check_seat, small_number
from cardgames.core.options import bounded, check_options, options_from_dict, options_to_dict


@attrs.frozen
class TinyOptions:
    hand_size: int = bounded(2, 1, 3)

    def __attrs_post_init__(self) -> None:
        check_options(self)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TinyOptions:
        return options_from_dict(cls, data, label="Tiny")


@attrs.frozen
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


PLAYS = {card: Play(card) for card in range(1, 10)}


@attrs.frozen
class TinyView:
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    stock_size: int


class TinyState(State[Play]):
    game_name = "tiny"
    __slots__ = ("hands", "rows", "stock", "turn")

    game_title = "Tiny"
    player_counts = range(2, 4)

    @classmethod
    def default_names(cls, count: int) -> tuple[str, ...]:
        return tuple(f"P{seat + 1}" for seat in range(count))

    def _setup(self, deck: tuple[str, ...] | None) -> None:
        if deck is not None:
            order = [self._card_of(text) for text in deck]
            if sorted(order) != list(range(1, 10)):
                raise OptionsError(f"the deck must hold the cards 1..9 once each (got {deck})")
        else:
            order = list(range(1, 10))
            random.Random(self.seed).shuffle(order)
        order.reverse()  # the top card last, so drawing is a pop
        size = self.options.hand_size
        self.hands = [sorted(order.pop() for _ in range(size)) for _ in self.players]
        self.stock = order
        self.rows: list[list[int]] = [[] for _ in self.players]
        self.turn = 0

    @staticmethod
    def _card_of(text: str) -> int:
        card = small_number(text)
        if card not in PLAYS:
            raise NotationError(f"no card {text!r}: cards are 1..9")
        return card

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def scores(self) -> list[int]:
        return [sum(row) for row in self.rows]

    def view(self, seat: int) -> TinyView:
        seat = check_seat(seat, len(self.players))
        return TinyView(
            seat,
            tuple(self.hands[seat]),
            tuple(len(h) for h in self.hands),
            tuple(tuple(r) for r in self.rows),
            len(self.stock),
        )

    def parse(self, text: str) -> Play:
        if not isinstance(text, str):
            raise NotationError(f"a move is text such as 'play 7' (got {text!r})")
        words = text.split()
        card = small_number(words[1]) if len(words) == 2 and words[0] == "play" else None
        if card is None:
            raise NotationError(f"cannot read {text!r}: expected 'play N' with N in 1..9")
        if card not in PLAYS:
            raise NotationError(f"no card {words[1]!r}: cards are 1..9")
        return PLAYS[card]

    def snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(map(tuple, self.hands)),
            tuple(self.stock),
            tuple(map(tuple, self.rows)),
            self.turn,
        )

    def _legal_actions(self) -> list[Play]:
        if self.is_over:
            return []
        return [PLAYS[card] for card in self.hands[self.turn]]

    def _act(self, action: Play, events: list[object] | None) -> None:
        hand = self.hands[self.turn]
        hand.remove(action.card)
        self.rows[self.turn].append(action.card)
        if self.stock:
            hand.append(self.stock.pop())
            hand.sort()
        self.turn = (self.turn + 1) % len(self.players)
        for _ in range(len(self.players)):
            if self.hands[self.turn]:
                break
            self.turn = (self.turn + 1) % len(self.players)
        if events is not None:
            events.append(f"{self.players[self.turn]} to play")

    def _copy_into(self, new: Self) -> None:
        new.hands = [list(h) for h in self.hands]
        new.rows = [list(r) for r in self.rows]
        new.stock = list(self.stock)
        new.turn = self.turn

    def illegal_reason(self, action: Play) -> str:
        if not isinstance(action, Play):
            return f"{action!r:.60} is not a move of this game (read text with parse)"
        if self.is_over:
            return "the game is over"
        return f"card {action.card} is not in your hand"

    def check_view(self, seat: int) -> None:
        view = self.view(seat)
        hidden = set(self.stock)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden.update(hand)
        assert not hidden & set(view.hand), "a view shows a hidden card"

    def check_invariants(self) -> None:
        every = [*self.stock, *(c for h in self.hands for c in h)]
        every += [c for r in self.rows for c in r]
        assert sorted(every) == list(range(1, 10)), "every card is somewhere exactly once"


def make_info(
    state_type: type[TinyState] = TinyState, **changes: Any
) -> GameInfo[TinyState, TinyOptions]:
    fields: dict[str, Any] = {
        "name": "tiny",
        "title": "Tiny",
        "description": "a test-only game",
        "state_type": state_type,
        "options_type": TinyOptions,
        "default_players": 2,
        "presets": {"two": TinyOptions(2), "three": TinyOptions(3)},
        "default_preset": "two",
        "bots": {"random": RandomAgent},
        "max_moves": 9,
    }
    fields.update(changes)
    return GameInfo(**fields)


TINY = make_info()
"""The tiny game's registry entry (third-party packages register theirs like this, through
the ``cardgames.games`` entry point group)."""

FAST = settings(
    max_examples=40,
    stateful_step_count=20,
    deadline=None,
    database=None,
    report_multiple_bugs=False,
    suppress_health_check=list(HealthCheck),
)
"""Settings for running the conformance machine on a (broken) tiny game in a test."""
