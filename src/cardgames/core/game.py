"""The State protocol every game implements, with the shared behaviour written once.

A game subclasses :class:`State`, declares its own ``__slots__`` and fills in the abstract
members: :meth:`State._setup` deals, :meth:`State._legal_actions` lists the legal actions and
:meth:`State._act` carries one out. The base class owns the rest: construction
(:meth:`State.new` checks players, names, seed and deck once), the move log with its
:class:`Move` history, checked :meth:`State.apply` (an illegal action raises
:class:`~cardgames.core.errors.IllegalActionError` and changes nothing), the id fast path
:meth:`State.step`, the cached :meth:`State.legal_actions`, :meth:`State.clone`,
:meth:`State.record` and equality.

Action ids (for learning and search code that wants integers): a game numbers its actions
with an :class:`ActionSpace` returned by :meth:`State.action_space`. The numbering covers
every action the game's configuration can ever allow, so :attr:`State.num_actions` never
changes during a game; it may depend on the position (a game may number clues by the
target's offset from the player to act), which is why the space is asked of the state, not the game.
:meth:`State.step` applies an action by id on the fast path.
"""

from __future__ import annotations

import abc
import functools
import random
from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_, itemgetter
from typing import (
    Any,
    ClassVar,
    Final,
    Generic,
    Protocol,
    Self,
    SupportsIndex,
    TypeVar,
    runtime_checkable,
)

import attrs

from cardgames.core.errors import (
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
    clip,
)
from cardgames.core.limits import check_seat
from cardgames.core.record import Record

__all__ = [
    "SEED_LIMIT",
    "Action",
    "ActionSpace",
    "Event",
    "LogEntry",
    "Move",
    "Options",
    "State",
    "check_deck",
    "check_names",
    "check_players",
    "check_seed",
    "draw_seed",
    "in_place",
    "placed_after",
    "shared_fields",
]


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


SEED_LIMIT: Final = 2**32
"""Seeds drawn for games started without one are below this: one range for every game, and
one that numpy's and JAX's 32-bit seeds take as they are."""


def draw_seed() -> int:
    """A fresh seed from the system's randomness, in ``range(SEED_LIMIT)``."""
    return _SYSTEM_RANDOM.randrange(SEED_LIMIT)


_SYSTEM_RANDOM = random.SystemRandom()


@functools.cache  # built once per count: a new game (a simulation's thousands) reads it
def _player_names(count: int) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(count))


def check_players(players: object, counts: range, title: str) -> int:
    """The player count, checked: OptionsError says which counts the game allows."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        allowed = f"{counts.start}" if len(counts) == 1 else f"in {counts.start}..{counts.stop - 1}"
        raise OptionsError(
            f"'players' must be {allowed} for {title} (got {clip(repr(players))})"
        )
    return players


def check_names(names: object, count: int) -> tuple[str, ...]:
    """`names` as a tuple, checked: `count` non-empty printable names, one per seat.

    Printable: a name with a line break, a format character (a byte-order mark) or a lone
    surrogate (JSON can spell one) would break every line that shows it, or fail to print.
    OptionsError otherwise. Importers of foreign records that build a state call it too.
    """
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != count:
        raise OptionsError(
            f"'names' must hold {count} names, one per seat (got {clip(repr(names))})"
        )
    if not all(isinstance(name, str) and name.strip() and name.isprintable() for name in names):
        raise OptionsError(
            f"'names' must be non-empty printable strings (got {clip(repr(names))})"
        )
    return tuple(names)


def check_seed(seed: object) -> int | None:
    """`seed` checked: an integer or None (OptionsError otherwise)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionsError(f"'seed' must be an integer (got {clip(repr(seed))})")
    return seed


def check_deck(deck: object) -> tuple[str, ...] | None:
    """`deck` checked as card notations, top first: a tuple of them, or None."""
    if deck is None:
        return None
    if (
        isinstance(deck, str)
        or not isinstance(deck, Sequence)
        or not all(isinstance(card, str) for card in deck)
    ):
        raise OptionsError(
            f"'deck' must be a list of cards in notation, top first (got {clip(repr(deck))})"
        )
    return tuple(deck)


_PLACED_AFTER: Final = "cardgames.placed_after"
"""The attrs field metadata key :func:`placed_after` sets and :func:`in_place` reads."""


def placed_after(name: str | None) -> dict[str, str | None]:
    """attrs field metadata for a view that extends a base of the fields its seat shares
    with the public view: :func:`in_place` puts this field right after the inherited field
    `name` (None: first). ``seat: int = attrs.field(metadata=placed_after(None))``."""
    return {_PLACED_AFTER: name}


def in_place(cls: type[Any], fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """An attrs ``field_transformer`` for a view that extends a base: each of its fields
    marked with :func:`placed_after` goes where it belongs among the inherited ones (the
    others keep their order). A view's field order is its repr and the order of its fields
    on the wire, so a view keeps the order it had when it declared every field itself."""
    placed = [field for field in fields if _PLACED_AFTER not in field.metadata]
    for field in fields:
        if _PLACED_AFTER not in field.metadata:
            continue
        anchor = field.metadata[_PLACED_AFTER]
        names = [other.name for other in placed]
        if anchor is not None and anchor not in names:
            raise TypeError(f"{cls.__name__}.{field.name} is placed after {anchor!r}, "
                            f"which is none of its fields ({', '.join(names)})")
        placed.insert(0 if anchor is None else names.index(anchor) + 1, field)
    return placed


def shared_fields(view: Any, public_type: type[Any], *own: str) -> dict[str, Any]:
    """The fields of a seat's `view` (an attrs value) that `public_type` (a game's spectator
    view) has too, by name, but the `own` ones the spectator view fills in itself: a game's
    :meth:`State.public_view` copies what every seat sees alike from one seat's view."""
    return {field.name: getattr(view, field.name)
            for field in attrs.fields(public_type) if field.name not in own}


LogEntry = tuple[int, A, "tuple[Event, ...] | None"]
"""One move of a state's log: the seat that moved, its action, and the events it caused (None
where :meth:`State.step` skipped building them)."""
_EVENTS_OF: Final = itemgetter(2)
"""A log entry's events."""


class State(abc.ABC, Generic[A]):
    """The whole state of one game (all its rounds), mutated by :meth:`apply`.

    The base class owns what every game shares: construction (:meth:`new` checks the players,
    names, seed and deck once, then calls the game's :meth:`_setup`), the move log and its
    :class:`Move` history (:meth:`moves`), and the checked :meth:`apply` and the id fast path
    :meth:`step`, both of which hand the move to the game's one mutation hook :meth:`_act`.
    """

    __slots__ = (
        "_events_wanted",
        "_id_actions",
        "_legal_cache",
        "_legal_ids",
        "_legal_set",
        "_log",
        "_move_cache",
        "deck",
        "options",
        "players",
        "seed",
    )

    game_name: ClassVar[str]
    """The name the game is registered under."""
    game_title: ClassVar[str]
    """The game's display name, in messages (the registry name unless the game sets one)."""
    player_counts: ClassVar[range]
    """The allowed numbers of players."""
    rules_version: ClassVar[int] = 1
    """Raised whenever a rule change would make an old record replay differently; records
    carry it, and a record from a newer rules version is refused."""
    derived_slots: ClassVar[frozenset[str]] = frozenset()
    """The game's slots that only cache what the others determine (left out of
    :meth:`snapshot`; the conformance kit checks that every other slot of the game is in it)."""

    players: tuple[str, ...]
    """The players' names, by seat."""
    options: Any
    """The game's options object (it has ``to_dict``)."""
    seed: int | None
    """The seed the game's chance was drawn from, or None for an explicit deck."""
    deck: tuple[str, ...] | None
    """The explicit deck order (cards in notation) the game was dealt from, if any."""
    _log: list[LogEntry[A]]
    _move_cache: list[Move[A]]  # the log's entries as Moves, built when first read
    _legal_cache: list[A] | None
    _legal_ids: list[int] | None
    # The id() of every action of _legal_cache, where the game's _legal_actions() sets it
    # (a set kept in the game's tables, one per kind of position): apply() then finds a
    # pre-built action with one look-up instead of a scan. None: apply() scans the list.
    _legal_set: frozenset[int] | None
    # The actions by id now, where the game's _legal_id_list() sets them with the ids (from
    # its id tables): step() reads its action there. None: step() calls _action_of_id.
    _id_actions: Sequence[A] | None
    _events_wanted: bool  # moves were read: step() builds events from then on

    _hides_events: ClassVar[bool] = False
    """Whether the class replaces :meth:`_public_events` (apply() skips the call otherwise)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "game_title" not in cls.__dict__ and "game_name" in cls.__dict__:
            cls.game_title = cls.game_name
        cls._hides_events = cls._public_events is not State._public_events

    def __init__(self) -> None:
        raise TypeError(
            f"start a game with {type(self).__name__}.new(options, players=...) or "
            f"cardgames.new_game(name, ...)"
        )

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        options: Any,
        *,
        players: int,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> Self:
        """A new game: `players` seats (named `names`, else :meth:`default_names`), chance
        drawn from `seed` or dealt from an explicit `deck` order (cards in notation, top
        first); with neither, a seed is drawn (:func:`draw_seed`).

        Every check is made here, once: the player count, the names, the seed, the deck (a
        deck the game cannot deal from is an OptionsError too). `options` is the game's
        options object, already validated (:meth:`~cardgames.core.registry.GameInfo.new_game`
        builds it from names and values).
        """
        count = check_players(players, cls.player_counts, cls.game_title)
        seat_names = (cls.default_names(count) if names is None
                      else cls.check_seat_names(check_names(names, count)))
        seed = check_seed(seed)
        cards = check_deck(deck)
        if seed is None and cards is None:
            seed = draw_seed()
        state = object.__new__(cls)
        state.players = seat_names
        state.options = options
        state.seed = seed
        state.deck = cards
        state._log = []
        state._move_cache = []
        state._legal_cache = None
        state._legal_ids = None
        state._legal_set = None
        state._id_actions = None
        state._events_wanted = False
        try:
            state._setup(cards)
        except NotationError as exc:  # a card of the deck the game cannot read
            raise OptionsError(f"'deck': {exc}") from None
        return state

    @classmethod
    def check_seat_names(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        """`names` (already non-empty printable strings, one per seat), checked for what the
        game asks more of them; OptionsError says what. Every name is fine by default."""
        return names

    @classmethod
    def default_names(cls, count: int) -> tuple[str, ...]:
        """The players' names when none are given (games may name seats their own way)."""
        return _player_names(count)

    # ----------------------------------------------------------------- the game fills in
    @abc.abstractmethod
    def _setup(self, deck: tuple[str, ...] | None) -> None:
        """Deal the game: from the explicit `deck` (card notations, top first) when given,
        else from ``self.seed``. :meth:`new` has set ``players``, ``options``, ``seed`` and
        ``deck``; the game checks what depends on them together (options against the player
        count, the deck's cards) and raises OptionsError (or NotationError for a deck card it
        cannot read)."""

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
    def _act(self, action: A, events: list[Event] | None) -> None:
        """Carry out `action`, which is legal now: the game's one mutation hook.

        Append what it caused to `events`; when `events` is None (the fast path of
        :meth:`step`) build no events at all. The base logs the move; a game clears its own
        caches of the position here.
        """

    @abc.abstractmethod
    def _copy_into(self, new: Self) -> None:
        """Copy the game's own fields into `new`, for :meth:`clone` (the base copied its)."""

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

    def public_view(self) -> Any:
        """What every seat may know: a spectator's view (a frozen value, like :meth:`view`).

        While the game goes on no card that any seat may not see is in it (a hand, the stock,
        the deck order: absent); once it is over, the hands are shown. Games override it;
        the default says the game has none.
        """
        raise NotImplementedError(f"{self.game_title} has no spectator view")

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

    def _legal_id_list(self) -> list[int]:
        """The ids of the legal actions, in their order (games with id tables override it
        to build the list without looking actions up one by one)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal_actions()
        space = self.action_space()
        by_identity = space.by_identity
        try:
            return [by_identity[key] for key in map(id, cache)]
        except KeyError:  # actions built by hand: look them up by value
            return [space.ids[action] for action in cache]

    def _action_of_id(self, action_id: int) -> A:
        """The action of a legal id now (games may read it from their tables directly)."""
        return self.action_space().actions[action_id]

    def _as_seen_by(self, moves: list[Move[A]], seat: int | None) -> Sequence[Move[A]]:
        """`moves` (the whole game, as it happened) as `seat` may see them; None: as every
        seat sees them (:meth:`public_moves`, for spectators).

        The default shows everything (each game's events already say only what is public);
        a game that hides part of a move from some seats replaces those moves here. Return
        `moves` itself when nothing is hidden: it is not changed by the caller.
        """
        return moves

    def _public_events(self, events: list[Event]) -> list[Event]:
        """The events :meth:`apply` returns: what every seat sees of the move (as
        :meth:`_as_seen_by` with None shows it); the default returns them all."""
        return events

    # ------------------------------------------------------------- shared behaviour
    @property
    def history(self) -> tuple[A, ...]:
        """The actions applied so far, oldest first."""
        return tuple(entry[1] for entry in self._log)

    @property
    def move_count(self) -> int:
        """How many actions have been applied."""
        return len(self._log)

    def moves(self, seat: int | None = None) -> tuple[Move[A], ...]:
        """The moves so far, oldest first, as `seat` sees them; None: as they happened,
        nothing hidden (the omniscient log: ``[m.seat for m in state.moves()]`` is who
        moved). A seat's view shows its own."""
        built = self._built_moves()
        if seat is None:
            return tuple(built)
        return tuple(self._as_seen_by(built, check_seat(seat, len(self.players))))

    def public_moves(self) -> tuple[Move[A], ...]:
        """The moves so far as every seat sees them: what a spectator may be shown."""
        return tuple(self._as_seen_by(self._built_moves(), None))

    def _built_moves(self) -> list[Move[A]]:
        """The log as Move values, its events filled in (kept: later calls extend it)."""
        self._events_wanted = True
        log = self._log
        built = self._move_cache
        if len(built) < len(log):
            if None in map(_EVENTS_OF, log[len(built):]):  # C-level: a view asks every move
                self._replay_events()
            built.extend(Move(*entry) for entry in log[len(built):])  # type: ignore[arg-type]
        return built

    def _replay_events(self) -> None:
        """Fill in the events of the moves :meth:`step` took without building them: a copy of
        the game from the same deal replays them. Once only: :meth:`_built_moves` has set
        ``_events_wanted``, so every later move logs its events as it is made."""
        shadow = type(self).new(
            self.options, players=len(self.players), seed=self.seed, deck=self.deck,
            names=self.players)
        log = self._log
        for index, (seat, action, logged) in enumerate(log):
            events: list[Event] = []
            shadow._act(action, events)  # legal: this game took it from the same position
            if logged is None:
                log[index] = (seat, action, tuple(events))

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
        """Apply a legal action and return its events as every seat sees them;
        IllegalActionError (nothing changed) for any other action."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._legal_actions()
        known = self._legal_set
        if ((known is None or id(action) not in known)
                and not any(map(is_, cache, repeat(action))) and action not in cache):
            raise IllegalActionError(action, self.illegal_reason(action), cache)
        seat: int = self.current_player  # type: ignore[assignment]  # a legal move: not over
        self._legal_cache = self._legal_ids = self._legal_set = self._id_actions = None
        events: list[Event] = []
        self._act(action, events)
        self._log.append((seat, action, tuple(events)))
        return self._public_events(events) if self._hides_events else events

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
        ids = self._legal_ids
        if ids is None:
            ids = self._legal_ids = self._legal_id_list()
        return list(ids)

    def step(self, action_id: SupportsIndex) -> None:
        """Apply the action with id `action_id` (the fast path: no events are built until
        :meth:`moves` or a view asks for them).

        An id out of range raises NotationError, an illegal one IllegalActionError; either
        way nothing changes.
        """
        ids = self._legal_ids
        if ids is None:
            ids = self._legal_ids = self._legal_id_list()
        if type(action_id) is not int or action_id not in ids:
            self._checked_step(action_id)
            return
        seat: int = self.current_player  # type: ignore[assignment]  # a legal id: not over
        table = self._id_actions
        action = self._action_of_id(action_id) if table is None else table[action_id]
        self._legal_cache = self._legal_ids = self._legal_set = self._id_actions = None
        if self._events_wanted:  # moves are being read: log the events now, not by a replay
            events: list[Event] = []
            self._act(action, events)
            self._log.append((seat, action, tuple(events)))
        else:
            self._act(action, None)
            self._log.append((seat, action, None))

    def _checked_step(self, action_id: SupportsIndex) -> None:
        # Anything but a legal plain int: a NumPy integer, or an id to refuse with the reason.
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
        new._log = self._log.copy()
        new._move_cache = self._move_cache.copy()
        new._legal_cache = self._legal_cache
        new._legal_ids = self._legal_ids
        new._legal_set = self._legal_set
        new._id_actions = self._id_actions
        new._events_wanted = self._events_wanted
        self._copy_into(new)
        return new

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The game so far as a :class:`~cardgames.core.record.Record`."""
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
            actions=tuple(str(entry[1]) for entry in self._log),
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
            and self.history == other.history
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # states are mutable, so not hashable

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.current_player} to act"
        return (
            f"<{type(self).__name__} {self.game_name} players={len(self.players)} "
            f"moves={len(self._log)} {status}>"
        )
