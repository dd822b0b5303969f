"""What the library knows about each game: one :class:`GameInfo` per game, found by name."""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardgames.core.agents import Agent
from cardgames.core.errors import NotationError, OptionsError, RecordError
from cardgames.core.game import State
from cardgames.core.record import Record

__all__ = ["GameInfo", "Registry"]

NewState = Callable[
    [Any, int, "int | None", "Sequence[str] | None", "Sequence[str] | None"], State[Any]
]


def _no_check(state: State[Any], *args: Any) -> None:
    """A check that accepts everything (for games that add none)."""


@attrs.frozen(kw_only=True)
class GameInfo:
    """Everything the command line, the loop and the conformance tests need about a game.

    Each game package exposes one as ``GAME`` in its ``__init__``.
    """

    name: str
    """The registry name, as typed on the command line."""
    title: str
    """The game's display name."""
    description: str
    """One line for ``cardgames list``."""
    player_counts: range
    """The allowed numbers of players."""
    default_players: int
    """The number of players when none is given."""
    make_options: Callable[..., Any]
    """Build options from keyword arguments (strings from the command line accepted)."""
    options_from_dict: Callable[[dict[str, Any]], Any]
    """Read options back from ``to_dict`` data."""
    new_state: NewState
    """``new_state(options, players, seed, deck, names)`` -> a fresh State."""
    presets: Mapping[str, Any]
    """Named options (presets, variants) that the conformance tests run."""
    bots: Mapping[str, Callable[[int], Agent]]
    """Seeded bot factories by name; always includes ``"random"``."""
    cooperative: bool = False
    """True when all seats share one score (Hanabi): simulations report no win rates."""
    default_bot: str = "random"
    """The bot used when none is named."""
    check_view: Callable[[State[Any], int], None] = _no_check
    """Raise AssertionError when ``state.view(seat)`` reveals anything hidden from that seat."""
    invariants: Callable[[State[Any]], None] = _no_check
    """Raise AssertionError when a rule invariant of the game does not hold."""
    max_moves: int = 10_000
    """An upper bound on the number of actions in one game."""
    result_text: Callable[[State[Any]], str] = attrs.field(
        default=lambda state: "scores: " + ", ".join(map(str, state.scores()))
    )
    """One line describing the result of a finished game."""
    cli_module: str | None = None
    """The module holding the game's Typer ``app`` and its ``play`` command."""
    importers: Mapping[str, Callable[[Any], State[Any]]] = attrs.field(factory=dict)
    """Readers of foreign record formats (parsed JSON -> final State; RecordError if not theirs)."""

    def new_game(
        self,
        players: int | None = None,
        seed: int | None = None,
        *,
        names: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        options: Any = None,
        **option_values: Any,
    ) -> State[Any]:
        """A new game; options come ready-made (`options`) or as keyword values."""
        count = self.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int) or count not in self.player_counts:
            raise OptionsError(
                f"'players' must be in {self.player_counts.start}.."
                f"{self.player_counts.stop - 1} for {self.name} (got {players!r})"
            )
        if names is not None and len(names) != count:
            raise OptionsError(f"'names' must hold {count} names (got {len(names)})")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionsError(f"'seed' must be an integer (got {seed!r})")
        if options is not None and option_values:
            raise OptionsError("give either an options object or option values, not both")
        built = options if options is not None else self.make_options(**option_values)
        return self.new_state(built, count, seed, deck, names)

    def replay(self, record: Record) -> State[Any]:
        """Rebuild the state a record ends in; RecordError names the move that fails."""
        if record.game != self.name:
            raise RecordError(f"the record is of {record.game!r}, not {self.name!r}")
        try:
            options = self.options_from_dict(dict(record.options))
            state = self.new_game(
                len(record.players), record.seed, names=record.players, deck=record.deck,
                options=options,
            )
        except (OptionsError, NotationError) as exc:
            raise RecordError(f"record of {self.name}: {exc}") from None
        for number, text in enumerate(record.actions, start=1):
            try:
                state.apply(state.parse(text))
            except (NotationError, ValueError) as exc:
                raise RecordError(f"record move {number} {text!r}: {exc}") from None
        return state

    def load_cli(self) -> Any:
        """The game's command-line module (with ``app`` and ``play``), or None."""
        return None if self.cli_module is None else importlib.import_module(self.cli_module)


@attrs.define
class Registry:
    """Game name -> the module exposing its ``GAME``; modules are imported on first use."""

    modules: dict[str, str]
    _loaded: dict[str, GameInfo] = attrs.field(factory=dict, init=False)

    def names(self) -> list[str]:
        """The registered game names, sorted."""
        return sorted(self.modules)

    def get(self, name: str) -> GameInfo:
        """The game called `name`; OptionsError suggesting the nearest names otherwise."""
        info = self._loaded.get(name)
        if info is not None:
            return info
        module = self.modules.get(name)
        if module is None:
            near = difflib.get_close_matches(name, self.modules, n=3)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            raise OptionsError(
                f"unknown game {name!r}{hint}; games: {', '.join(self.names())}"
            )
        info = importlib.import_module(module).GAME
        if not isinstance(info, GameInfo):
            raise TypeError(f"{module}.GAME is not a GameInfo")
        self._loaded[name] = info
        return info

    def register(self, module: str, name: str | None = None) -> GameInfo:
        """Add a game from its module (its ``GAME``), e.g. a game of your own."""
        info = importlib.import_module(module).GAME
        if not isinstance(info, GameInfo):
            raise TypeError(f"{module}.GAME is not a GameInfo")
        key = name or info.name
        self.modules[key] = module
        self._loaded[key] = info
        return info

    def all(self) -> dict[str, GameInfo]:
        """Every registered game, by name."""
        return {name: self.get(name) for name in self.names()}
