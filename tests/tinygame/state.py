"""The tiny game's engine: the hooks of :class:`cardgames.core.State` and nothing else.

Cards 1..9 are shuffled; each player is dealt a hidden hand, the rest is the stock. On a turn a
player plays a card from hand onto their own row (``play 7``) and draws if the stock has
cards. A score is the sum of a player's row; the game ends when every hand is empty.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from cardgames.core import ActionSpace, Event, OptionsError, State
from cardgames.core.limits import check_seat
from tinygame.actions import ACTION_SPACE, PLAYS, Play, parse_action
from tinygame.cards import CARDS, read_card
from tinygame.events import Drew, Played
from tinygame.rules import TinyOptions
from tinygame.view import TinyView

__all__ = ["TinyState"]


class TinyState(State[Play]):
    """One tiny game. Start one with ``cardgames.new_game("tiny", players=2, seed=7)``."""

    __slots__ = ("hands", "rows", "stock", "turn")

    game_name = "tiny"
    game_title = "Tiny"
    player_counts: ClassVar[range] = range(2, 4)
    options: TinyOptions

    @classmethod
    def default_names(cls, count: int) -> tuple[str, ...]:
        return tuple(f"P{seat + 1}" for seat in range(count))

    # ------------------------------------------------------------------ the hooks
    def _setup(self, deck: tuple[str, ...] | None) -> None:
        if deck is not None:
            order = [read_card(text) for text in deck]
            if sorted(order) != list(CARDS):
                raise OptionsError(f"the deck must hold the cards 1..9 once each (got {deck})")
        else:
            order = list(CARDS)
            random.Random(self.seed).shuffle(order)
        order.reverse()  # the top card last, so drawing is a pop
        size = self.options.hand_size
        self.hands = [sorted(order.pop() for _ in range(size)) for _ in self.players]
        self.stock = order
        self.rows: list[list[int]] = [[] for _ in self.players]
        self.turn = 0

    def _legal_actions(self) -> list[Play]:
        if self.is_over:
            return []
        return [PLAYS[card] for card in self.hands[self.turn]]

    def _act(self, action: Play, events: list[Event] | None) -> None:
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(action.card)
        self.rows[seat].append(action.card)
        if events is not None:
            events.append(Played(seat, action.card))
        if self.stock:
            hand.append(self.stock.pop())
            hand.sort()
            if events is not None:
                events.append(Drew(seat))
        self.turn = (seat + 1) % len(self.players)
        for _ in range(len(self.players)):
            if self.hands[self.turn]:
                break
            self.turn = (self.turn + 1) % len(self.players)

    def _copy_into(self, new: Self) -> None:
        new.hands = [list(h) for h in self.hands]
        new.rows = [list(r) for r in self.rows]
        new.stock = list(self.stock)
        new.turn = self.turn

    # ------------------------------------------------------------ the game's answers
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
            seat=seat,
            players=self.players,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            rows=tuple(tuple(r) for r in self.rows),
            stock_size=len(self.stock),
            current_player=self.current_player,
            history=self.moves(seat),
        )

    def parse(self, text: str) -> Play:
        return parse_action(text)

    def action_space(self) -> ActionSpace[Play]:
        return ACTION_SPACE

    def snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(map(tuple, self.hands)),
            tuple(self.stock),
            tuple(map(tuple, self.rows)),
            self.turn,
        )

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
        assert sorted(every) == list(CARDS), "every card is somewhere exactly once"
