"""The State protocol every game implements, with the shared behaviour written once.

A game subclasses :class:`State`, declares its own ``__slots__`` and fills in the abstract
members. The base class provides checked :meth:`State.apply` (an illegal action raises
:class:`~cardgames.core.errors.IllegalActionError` and changes nothing), the cached
:meth:`State.legal_actions`, the move history, :meth:`State.clone`, :meth:`State.record` and
equality.

Action ids (for learning and search code that wants integers): a game numbers its actions
with an :class:`ActionSpace` returned by :meth:`State.action_space`. The numbering covers
every action the game's configuration can ever allow, so :attr:`State.num_actions` never
changes during a game; it may depend on the position (Hanabi numbers clues by the target's
offset from the player to act), which is why the space is asked of the state, not the game.
:meth:`State.step` applies an action by id on the fast path.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Protocol,
    Self,
    SupportsIndex,
    TypeVar,
    runtime_checkable,
)

import attrs

from cardgames.core.errors import IllegalActionError, NotationError, RecordError

if TYPE_CHECKING:
    from cardgames.core.record import Record

__all__ = ["Action", "ActionSpace", "Event", "Move", "Options", "State"]


@runtime_checkable
class Action(Protocol):
    """A move: a small frozen value whose ``str`` is its notation."""

    def __str__(self) -> str: ...


Event = object
"""Anything a move caused, with a readable ``str`` (and optionally ``__rich__``)."""

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


@attrs.frozen(slots=True)
class Move(Generic[A_co]):
    """One entry of a view's history: who moved, what they did, and what it showed.

    `events` are the move's events as the viewing seat saw them: a game leaves out (or
    replaces with a public stand-in) anything hidden from that seat, such as the card drawn
    into the viewer's own hand. Bots read these values; text is only for display.
    """

    seat: int
    """The seat that took the action."""
    action: A_co
    """The action, as the same frozen value the state's ``legal_actions`` held."""
    events: tuple[Event, ...] = ()
    """What the action caused, as public to the viewing seat."""

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.action}"


class ActionSpace(Generic[A]):
    """A numbering of actions: ``actions[i]`` has id ``i``, and ``ids`` maps back.

    Build one per game configuration (and per position class where ids are relative) and
    share it between states: the tuple and the dict are read-only after construction.
    """

    __slots__ = ("actions", "by_identity", "ids")

    def __init__(self, actions: Sequence[A]) -> None:
        self.actions: tuple[A, ...] = tuple(actions)
        """Every action, by id."""
        self.ids: dict[A, int] = {action: i for i, action in enumerate(self.actions)}
        """Action -> id (actions are hashable frozen values)."""
        if len(self.ids) != len(self.actions):
            raise ValueError("an action space lists an action twice")
        self.by_identity: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        """``id(action)`` -> id for the very values listed: games hand out pre-built actions,
        and an int key skips an action's Python-level hash. The space holds the values, so
        no other object can have their ids while it lives."""

    def id_of(self, action: A) -> int | None:
        """The id of `action`, or None if the space does not list it."""
        found = self.by_identity.get(id(action))
        if found is None:
            try:
                found = self.ids.get(action)
            except TypeError:  # an unhashable value is no action either
                return None
        return found

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<ActionSpace of {len(self.actions)} actions>"


class Options(Protocol):
    """A game's frozen, validated options (variant, house rules)."""

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-able data; ``from_dict`` of the same class reads it back."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Read :meth:`to_dict` data back (strings as typed on a command line accepted)."""
        ...


class State(abc.ABC, Generic[A]):
    """The whole state of one game (all its rounds), mutated by :meth:`apply`."""

    __slots__ = ("_history", "_legal_cache", "deck", "options", "players", "seed")

    game_name: ClassVar[str]
    """The name the game is registered under."""
    rules_version: ClassVar[int] = 1
    """Raised whenever a rule change would make an old record replay differently; records
    carry it, and a record from a newer rules version is refused."""
    derived_slots: ClassVar[frozenset[str]] = frozenset()
    """Slots that only cache what the others determine (left out of :meth:`snapshot`; the
    conformance kit checks that every other slot is in it)."""

    players: tuple[str, ...]
    """The players' names, by seat."""
    options: Any
    """The game's options object (it has ``to_dict``)."""
    seed: int | None
    """The seed the game's chance was drawn from, or None for an explicit deck."""
    deck: tuple[str, ...] | None
    """The explicit deck order (cards in notation) the game was dealt from, if any."""

    def _init_base(
        self,
        *,
        players: Sequence[str],
        options: Any,
        seed: int | None,
        deck: Sequence[str] | None = None,
    ) -> None:
        self.players = tuple(players)
        self.options = options
        self.seed = seed
        self.deck = None if deck is None else tuple(deck)
        self._history: list[A] = []
        self._legal_cache: list[A] | None = None

    # ----------------------------------------------------------------- the game fills in
    @classmethod
    @abc.abstractmethod
    def new(
        cls,
        options: Any,
        *,
        players: int,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> Self:
        """A new game: `players` seats (named `names`, else the game's default names), chance
        drawn from `seed` or dealt from an explicit `deck` order (cards in notation).

        The registry (:meth:`~cardgames.core.registry.GameInfo.new_game`) has checked the
        player count and the names; the game checks the deck.
        """

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """One number per seat (in a cooperative game, the team score for every seat)."""

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What `seat` may know: hidden cards are absent, not masked."""

    @abc.abstractmethod
    def parse(self, text: str) -> A:
        """Read an action in the game's notation; NotationError on bad text.

        A well-formed action that is not legal now parses; :meth:`apply` refuses it.
        """

    @abc.abstractmethod
    def snapshot(self) -> tuple[Any, ...]:
        """The complete state as comparable data (random generator state included)."""

    @abc.abstractmethod
    def _legal_actions(self) -> list[A]:
        """The legal actions now, in a stable order."""

    @abc.abstractmethod
    def _apply(self, action: A) -> list[Event]:
        """Carry out a legal action and return the events it caused."""

    @abc.abstractmethod
    def _copy_into(self, new: Self) -> None:
        """Copy the game's own fields into `new`, a bare instance, for :meth:`clone`."""

    @classmethod
    def upgrade_options(cls, options: dict[str, Any], rules_version: int) -> dict[str, Any]:
        """Options data of a record written under an older `rules_version`, rewritten so that
        it replays as it was played (e.g. an option added later, set to the old behaviour).

        Games override it when they raise ``rules_version``; the default changes nothing.
        """
        return options

    def outcome_text(self) -> str:
        """One line on how a finished game came out (games say it in their own words)."""
        return "scores: " + ", ".join(map(str, self.scores()))

    def check_view(self, seat: int) -> None:
        """Raise AssertionError if ``self.view(seat)`` shows anything hidden from `seat`.

        Games override it; the conformance machine calls it for every seat after every move.
        """
        self.view(seat)

    def check_invariants(self) -> None:
        """Raise AssertionError when a rule invariant of the game does not hold (games
        override it; the conformance machine calls it after every move)."""

    def illegal_reason(self, action: A) -> str:
        """Why `action` is not allowed now (games override this with the rule's words)."""
        if self.is_over:
            return "the game is over"
        return "it is not among the legal actions now"

    def action_space(self) -> ActionSpace[A]:
        """The numbering of actions in force now (see the module docstring).

        Games override it; every space a game returns for one configuration has the same
        length. The default says the game has no action ids.
        """
        raise NotImplementedError(f"{self.game_name} does not number its actions")

    # ------------------------------------------------------------- shared behaviour
    @property
    def history(self) -> tuple[A, ...]:
        """The actions applied so far, oldest first."""
        return tuple(self._history)

    @property
    def move_count(self) -> int:
        """How many actions have been applied."""
        return len(self._history)

    def result_text(self) -> str:
        """One line: the outcome of a finished game, or how far an unfinished one got."""
        if not self.is_over:
            seat = self.current_player
            who = "" if seat is None else f"; {self.players[seat]} to move"
            moves = self.move_count
            return f"unfinished after {moves} move{'' if moves == 1 else 's'}{who}"
        return self.outcome_text()

    def legal_actions(self) -> list[A]:
        """The legal actions now, in a stable order (empty once the game is over)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal_actions()
        return list(cache)

    def is_legal(self, action: A) -> bool:
        """Whether `action` may be applied now."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal_actions()
        # Pre-built actions are found by identity in C; equality (a Python-level __eq__ per
        # element) is only the fallback for actions built by hand.
        return any(map(is_, cache, repeat(action))) or action in cache

    def apply(self, action: A) -> list[Event]:
        """Apply a legal action; IllegalActionError (nothing changed) for any other."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal_actions()
        if not any(map(is_, cache, repeat(action))) and action not in cache:
            raise IllegalActionError(action, self.illegal_reason(action), cache)
        self._legal_cache = None
        events = self._apply(action)
        self._history.append(action)
        return events

    # ------------------------------------------------------------- action ids
    @property
    def num_actions(self) -> int:
        """How many action ids the game's configuration has (constant through a game)."""
        return len(self.action_space().actions)

    def action_id(self, action: A) -> int:
        """The id of `action` now; NotationError if the numbering has no such action."""
        space = self.action_space()
        found = space.id_of(action)
        if found is None:
            raise NotationError(
                f"{str(action)!r} has no action id in {self.game_name} now (ids number "
                f"{len(space.actions)} actions, 0..{len(space.actions) - 1})"
            )
        return found

    def action_from_id(self, action_id: SupportsIndex) -> A:
        """The action with id `action_id` now; NotationError for an id out of range."""
        actions = self.action_space().actions
        if type(action_id) is int:
            number = action_id
        else:
            # NumPy integers are ids too (a policy's argmax); bools and floats are not.
            index = getattr(type(action_id), "__index__", None)
            if index is None or isinstance(action_id, bool):
                raise NotationError(
                    f"an action id is an integer in 0..{len(actions) - 1} "
                    f"(got {action_id!r:.40})")
            number = index(action_id)
        if not 0 <= number < len(actions):
            raise NotationError(
                f"action id {number} is not in 0..{len(actions) - 1} ({self.game_name} has "
                f"{len(actions)} action ids)"
            )
        return actions[number]

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in the same order."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal_actions()
        space = self.action_space()
        by_identity = space.by_identity
        try:
            return [by_identity[key] for key in map(id, cache)]
        except KeyError:  # actions built by hand: look them up by value
            return [space.ids[action] for action in cache]

    def step(self, action_id: SupportsIndex) -> None:
        """Apply the action with id `action_id` (the fast path: no events returned).

        An id out of range raises NotationError, an illegal one IllegalActionError; either
        way nothing changes.
        """
        action = self.action_from_id(action_id)
        try:
            self.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(
                action, f"{exc.reason} (action id {action_id})", exc.legal) from None

    def apply_text(self, text: str) -> list[Event]:
        """Parse `text` and apply it (NotationError or IllegalActionError, nothing changed)."""
        return self.apply(self.parse(text))

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""
        new = object.__new__(type(self))
        new.players = self.players
        new.options = self.options
        new.seed = self.seed
        new.deck = self.deck
        new._history = list(self._history)
        new._legal_cache = self._legal_cache
        self._copy_into(new)
        return new

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The game so far as a :class:`~cardgames.core.record.Record`."""
        from cardgames.core.record import Record

        if meta is not None and not isinstance(meta, dict):
            raise RecordError(f"'meta' must be a dict of JSON data, got {type(meta).__name__}")
        result: dict[str, Any] = dict(meta or {})
        if self.is_over:
            result.setdefault("scores", self.scores())
        return Record(
            game=self.game_name,
            rules_version=self.rules_version,
            options=self.options.to_dict(),
            players=self.players,
            actions=tuple(str(a) for a in self._history),
            seed=self.seed,
            deck=self.deck,
            meta=result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return (
            self.players == other.players
            and self.options == other.options
            and self._history == other._history
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # states are mutable, so not hashable

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.current_player} to act"
        return (
            f"<{type(self).__name__} {self.game_name} players={len(self.players)} "
            f"moves={len(self._history)} {status}>"
        )
