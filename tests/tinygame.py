"""A tiny test-only game that proves the core and the conformance machine.

Cards 1..9 are shuffled; each player is dealt a hidden hand, the rest is the stock. On a turn a
player plays a card from hand onto their own row (`play 7`) and draws if the stock has cards.
A score is the sum of a player's row; the game ends when every hand is empty.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

import attrs

from cardgames.core import (
    Deck,
    GameInfo,
    NotationError,
    OptionsError,
    RandomAgent,
    State,
)


@attrs.frozen
class TinyOptions:
    hand_size: int = 2

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.hand_size <= 3:
            raise OptionsError(f"'hand_size' must be in 1..3 (got {self.hand_size!r})")

    def to_dict(self) -> dict[str, Any]:
        return {"hand_size": self.hand_size}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TinyOptions:
        return cls(**data)


def make_options(hand_size: int | str = 2) -> TinyOptions:
    try:
        size = int(hand_size)
    except ValueError:
        raise OptionsError(f"'hand_size' must be a number (got {hand_size!r})") from None
    return TinyOptions(size)


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

    def __init__(
        self,
        options: TinyOptions,
        players: int,
        seed: int | None,
        deck: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        names = tuple(names or (f"P{seat + 1}" for seat in range(players)))
        self._init_base(players=names, options=options, seed=seed, deck=deck)
        order = Deck([int(c) for c in deck]) if deck else Deck.shuffled(
            range(1, 10), random.Random(seed)
        )
        self.hands = [sorted(order.deal(options.hand_size)) for _ in range(players)]
        self.stock = order
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def scores(self) -> list[int]:
        return [sum(row) for row in self.rows]

    def view(self, seat: int) -> TinyView:
        return TinyView(
            seat,
            tuple(self.hands[seat]),
            tuple(len(h) for h in self.hands),
            tuple(tuple(r) for r in self.rows),
            len(self.stock),
        )

    def parse(self, text: str) -> Play:
        words = text.split()
        if len(words) != 2 or words[0] != "play" or not words[1].isdigit():
            raise NotationError(f"cannot read {text!r}: expected 'play N' with N in 1..9")
        card = int(words[1])
        if card not in PLAYS:
            raise NotationError(f"no card {words[1]!r}: cards are 1..9")
        return PLAYS[card]

    def snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(map(tuple, self.hands)),
            self.stock.cards,
            tuple(map(tuple, self.rows)),
            self.turn,
        )

    def _legal_actions(self) -> list[Play]:
        if self.is_over:
            return []
        return [PLAYS[card] for card in self.hands[self.turn]]

    def _apply(self, action: Play) -> list[object]:
        hand = self.hands[self.turn]
        hand.remove(action.card)
        self.rows[self.turn].append(action.card)
        if self.stock:
            hand.append(self.stock.draw())
            hand.sort()
        self.turn = (self.turn + 1) % len(self.players)
        for _ in range(len(self.players)):
            if self.hands[self.turn]:
                break
            self.turn = (self.turn + 1) % len(self.players)
        return [f"{self.players[self.turn]} to play"]

    def _copy_into(self, new: Self) -> None:
        new.hands = [list(h) for h in self.hands]
        new.rows = [list(r) for r in self.rows]
        new.stock = self.stock.copy()
        new.turn = self.turn

    def illegal_reason(self, action: Play) -> str:
        if self.is_over:
            return "the game is over"
        return f"card {action.card} is not in your hand"


def check_view(state: State[Any], seat: int) -> None:
    assert isinstance(state, TinyState)
    view = state.view(seat)
    hidden = set(state.stock.cards)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    assert not hidden & set(view.hand), "a view shows a hidden card"


def invariants(state: State[Any]) -> None:
    assert isinstance(state, TinyState)
    every = [*state.stock.cards, *(c for h in state.hands for c in h)]
    every += [c for r in state.rows for c in r]
    assert sorted(every) == list(range(1, 10)), "every card is somewhere exactly once"


def make_info(state_type: type[TinyState] = TinyState, **changes: Any) -> GameInfo:
    fields: dict[str, Any] = {
        "name": "tiny",
        "title": "Tiny",
        "description": "a test-only game",
        "player_counts": range(2, 4),
        "default_players": 2,
        "make_options": make_options,
        "options_from_dict": TinyOptions.from_dict,
        "new_state": state_type,
        "presets": {"two": TinyOptions(2), "three": TinyOptions(3)},
        "bots": {"random": RandomAgent},
        "check_view": check_view,
        "invariants": invariants,
        "max_moves": 9,
    }
    fields.update(changes)
    return GameInfo(**fields)


TINY = make_info()
