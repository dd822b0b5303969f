"""What the library knows about each game: one :class:`GameInfo` per game, found by name.

The games of this library are built in; other packages add theirs through the entry-point
group ``cardgames.games`` (``tiny = "my_package.tiny:GAME"``), read when a game is first
looked up. Nothing is imported before it is needed, so listing the names is cheap.

A GameInfo also names, as ``"module:NAME"`` text, where the rest of the library finds the
game's parts that live outside the core: its command line (`cli_module`), its table in the
app (`app_adapter`) and its encoding for learning (`rl_encoding`). They are imported on first
use, so the core imports no user interface and the app and rl keep no table of games.
"""

from __future__ import annotations

import importlib
import importlib.resources
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from importlib.resources.abc import Traversable
from typing import Any, Final, Generic, TypeVar

import attrs

from cardgames.core.agents import Agent
from cardgames.core.errors import NotationError, OptionsError, RecordError, clip, did_you_mean
from cardgames.core.game import Options, State, check_names, check_players
from cardgames.core.options import options_from_preset
from cardgames.core.record import Record

__all__ = ["ENTRY_POINT_GROUP", "GameInfo", "Registry", "check_names", "load_target"]

ENTRY_POINT_GROUP = "cardgames.games"
"""The entry-point group third-party games register under (the value names a GameInfo)."""

_MADE_LIMIT = 256
"""How many option sets one game keeps built (see ``GameInfo.make_options``)."""
_KEY_TYPES: Final = frozenset({str, int, bool, type(None)})
"""The types of the single option values ``GameInfo.make_options`` keeps built options for."""

S = TypeVar("S", bound=State[Any])
Opts = TypeVar("Opts", bound=Options)


def _bot_table(bots: Mapping[str, Callable[[int], Agent]]) -> dict[str, Callable[[int], Agent]]:
    """The entry's own copy of its bots (the levels are added to it)."""
    return dict(bots)


@attrs.frozen(kw_only=True)
class GameInfo(Generic[S, Opts]):
    """Everything the command line, the loop and the conformance kit need about a game.

    Each game package exposes one as ``GAME`` in its ``__init__``. What depends on the rules
    (views, invariants, result text) is a method of the game's State class, not a field here.
    """

    name: str
    """The registry name, as typed on the command line."""
    description: str
    """One line for ``cardgames list``."""
    state_type: type[S]
    """The game's State class (its ``new`` starts a game)."""
    title: str = attrs.field(
        default=attrs.Factory(lambda self: self.state_type.game_title, takes_self=True))
    """The game's display name (the state type's ``game_title`` unless given)."""
    options_type: type[Opts]
    """The game's options class (``to_dict``/``from_dict``)."""
    default_players: int
    """The number of players when none is given."""
    presets: Mapping[str, Opts]
    """Named options (presets, catalogue variants): players choose them, the conformance kit
    runs every one."""
    default_preset: str
    """The preset used when none is named (by the library, benchmarks and records; see
    `preset_with_people`)."""
    preset_with_people: str | None = None
    """The rule set a table where a person sits starts with: ``cardgames play``'s default,
    the app's new-game screen's and the web lobby's first choice (None: `default_preset`).
    A game whose players know its rules by another site's names starts people there."""
    preset_word: str = "preset"
    """What players call a rule set (``variant``, say): the option key and the
    ``--preset``/``--variant`` flag of ``play``."""
    resolve_preset: Callable[[str], Opts] | None = None
    """Reads a rule-set name beyond `presets` (specs made of parts: ``rainbow+black-powder``);
    OptionsError for a name it does not know. None: only `presets` are accepted."""
    read_options: Callable[[Mapping[str, Any]], Opts] | None = None
    """Reads options data (a record's) where the options type's ``from_dict`` cannot alone:
    data that may name its rule set instead of listing its parts. None: ``from_dict``."""
    test_options: Mapping[str, Opts] = attrs.field(factory=dict)
    """Further option combinations the conformance kit runs besides the presets."""
    bots: Mapping[str, Callable[[int], Agent]] = attrs.field(converter=_bot_table)
    """Seeded bot factories by name (the public way to make a bot:
    ``get_game("tiny").bots["high"](seed)``); always includes ``"random"``. The names of
    `levels` are added to it, each the factory of the bot it names."""
    levels: Mapping[str, str] = attrs.field(factory=dict)
    """Difficulty levels (``easy``, ``normal``, ``hard``; see ``cardgames.core.agents.LEVELS``)
    by the bot each one is, weakest first. Empty for
    a game without levels."""
    default_bot: str = "random"
    """The bot used when none is named (at a table of bots only; see `bot_with_people`)."""
    bot_with_people: str | None = None
    """The bot that sits, and gives hints, where a person sits: the default bot of a table
    with a person, the lobby's default seat and the bot behind every hint (None:
    `default_bot`). A game whose strongest bots follow conventions only bots share (hat
    guessing, say) names here the bot that plays as people do."""
    levels_with_people: Mapping[str, str] = attrs.field(factory=dict)
    """Levels that mean another bot at a table with a person, by the bot each means there
    (``hard`` may be a convention bot with people and a stronger one between bots)."""
    bot_lines: Callable[[], Mapping[str, str]] | None = None
    """One line on each bot, by name, for the lists people choose a bot from (called on
    first use, so the bots' modules are imported only then; a bot without a line is
    listed by its name alone)."""
    cooperative: bool = False
    """True when all seats share one score: simulations report no win rates."""
    max_moves: int = 10_000
    """An upper bound on the number of actions in one game."""
    cli_module: str | None = None
    """The module holding the game's Typer ``app`` and its terminal ``UI``."""
    app_adapter: str | None = None
    """Where the game's table in the full-screen app lives: ``"package.module:NAME"`` naming a
    ``cardgames.app.base.GameAdapter`` (``"package.module"`` alone: its ``ADAPTER``). None:
    the app does not offer the game and ``cardgames play`` uses the line mode."""
    rl_encoding: str | None = None
    """Where the game's encoding for learning lives: ``"package.module:NAME"`` naming a
    ``cardgames.rl.encoding.Encoding`` (``"package.module"`` alone: its ``ENCODING``). None:
    the PettingZoo and Gymnasium environments refuse the game."""
    table_aids: str | None = None
    """Where the game's table aids live: ``"package.module:NAME"`` naming a function of a
    seat's view or the public view to JSON data shown beside the cards (card marks, scoring
    combinations in progress), worked out by the game's own code so that a web table
    scores nothing itself. The server adds its fields to every view it sends. None: none."""
    spectator_hands: str | None = None
    """Where the game's spectator hands live: ``"package.module:NAME"`` naming a function of
    a State in progress and its public view as JSON data to the view's fields with every
    hand filled in (a table's spectators see every hand, as on hanab.live; never the deck).
    None: spectators see only the public view."""
    vector_engine: str | None = None
    """Where the game's batched JAX engine lives: ``"package.module:NAME"`` naming a function
    of ``(players, **options)`` to a ``cardgames.vector.VectorEnv`` (checking the options as
    :meth:`new_game` does). None: ``cardgames.vector.make`` refuses the game."""
    trainer: str | None = None
    """Where the game's trainer lives (the ``train`` extra): ``"package.module"`` naming a
    module with ``check_preset(preset)`` and ``train(...)``, as ``cardgames train`` calls
    them. None: ``cardgames train`` refuses the game."""
    view_decoder: str | None = None
    """Where the game's view decoder lives: ``"package.module:NAME"`` naming a function of a
    view's JSON data (the protocol's encoding) to the view value the game's bots read. None:
    the protocol's generic decoder (``cardgames.wire.decode``), which reads the attrs classes
    of the modules the game's engine is made of (its state's module and the modules of its
    package that it imports)."""
    web_assets: str | None = None
    """Where the game's web table lives: ``"package:folder"`` naming a folder inside an
    importable package that holds ``<name>.js`` (and optionally ``<name>.css``, pictures),
    served by the game server under ``/games/<name>/`` (see :meth:`web_folder`). None: the
    web table draws the game generically."""
    exports: Mapping[str, str] = attrs.field(factory=dict)
    """Foreign record formats a finished game is written in, by format name: each a
    ``"package.module:NAME"`` function of the final State to JSON data (the server sends
    them with a game's end: a site's own export format)."""
    importers: Mapping[str, Callable[[Any], S]] = attrs.field(factory=dict)
    """Readers of foreign record formats (parsed JSON -> final State; RecordError if not theirs)."""
    preset_lines: Mapping[str, str] = attrs.field(factory=dict)
    """One line on each rule set, by name, for the lists people choose one from (the web
    lobby's line under its select); a rule set without one is listed by its name alone."""
    preset_titles: Mapping[str, str] = attrs.field(factory=dict)
    """A rule set's name for people where it has one besides its id, by id (a name as the
    players' own site spells it, say, for a lower-case id)."""
    _made: dict[tuple[Any, ...], Opts] = attrs.field(
        factory=dict, init=False, eq=False, repr=False)
    # Options built by make_options from a rule set and single options, by its arguments:
    # options are frozen values, and building them (checking every field, deriving tables)
    # costs several times a new game's deal.
    _lines: dict[str, str] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    # `bot_lines` once read.

    def __attrs_post_init__(self) -> None:
        bots = self.bots
        for level, name in self.levels.items():
            if name not in bots:
                raise ValueError(f"{self.name}: level {level!r} names no bot ({name!r})")
            # An entry copied with attrs.evolve brings its levels along, as the same factory.
            if level == name or (level in bots and bots[level] is not bots[name]):
                raise ValueError(f"{self.name}: level {level!r} is also the name of a bot")
        # The levels become bot names of their own, so every place that takes a bot name
        # (play, simulate, the app, cardgames.rl) takes a level too.
        assert isinstance(bots, dict)  # the converter made it one, owned by this entry
        bots.update({level: bots[name] for level, name in self.levels.items()})
        if "random" not in bots or self.default_bot not in bots:
            raise ValueError(f"{self.name}: bots must include 'random' and the default bot")
        if self.people_preset not in self.presets:
            raise ValueError(f"{self.name}: preset_with_people names no preset "
                             f"({self.preset_with_people!r})")
        if self.people_bot not in bots:
            raise ValueError(f"{self.name}: bot_with_people names no bot "
                             f"({self.bot_with_people!r})")
        for level, name in self.levels_with_people.items():
            if level not in self.levels or name not in bots:
                raise ValueError(f"{self.name}: levels_with_people maps {level!r} (a level?) "
                                 f"to {name!r} (a bot?)")

    @property
    def people_preset(self) -> str:
        """The rule set for tables with a person (`preset_with_people`, else
        `default_preset`)."""
        return (self.default_preset if self.preset_with_people is None
                else self.preset_with_people)

    @property
    def people_bot(self) -> str:
        """The bot for tables with a person (`bot_with_people`, else `default_bot`)."""
        return self.default_bot if self.bot_with_people is None else self.bot_with_people

    def bot_among_people(self, name: str) -> str:
        """The bot that `name` means at a table where a person sits (`levels_with_people`)."""
        return self.levels_with_people.get(name, name)

    def bot_label(self, name: str, *, with_people: bool = False) -> str:
        """`name` with its line (`bot_lines`), for a list people choose from:
        ``"h-group-1: H-Group level 1: the beginner's guide ..."``; a level has the line of
        the bot it means (at a table with a person when `with_people`)."""
        lines = self._lines
        if not lines and self.bot_lines is not None:
            lines.update(self.bot_lines())
        meant = self.bot_among_people(name) if with_people else name
        line = lines.get(self.levels.get(meant, meant))
        return name if line is None else f"{name}: {line}"

    @property
    def player_counts(self) -> range:
        """The allowed numbers of players (the state type's)."""
        return self.state_type.player_counts

    def bot_names(self) -> list[str]:
        """The bots by name, levels first, each level followed by the bot it is."""
        named = [name for name in self.bots if name not in self.levels]
        return [f"{level} (= {bot})" for level, bot in self.levels.items()] + named

    @property
    def conformance_options(self) -> dict[str, Opts]:
        """Every named option set the conformance kit runs: the presets and `test_options`."""
        return {**self.presets, **self.test_options}

    def make_options(self, **values: Any) -> Opts:
        """Options from keyword values: the rule set by its `preset_word` (a name or an
        options object) and single options overriding it; strings as typed on a command
        line are accepted. OptionsError names what is wrong and what is allowed."""
        if len(values) == (self.preset_word in values):  # a rule set alone: nothing to build
            return self._build_options(values)
        # Only plain values (and a rule set's options object) are keys, with their type:
        # True == 1 == 1.0, but an int option refuses True and 1.0. A tuple would compare its
        # items without their types ((True, 2) finding what (1, 2) built): built each time.
        if not all(type(value) in _KEY_TYPES
                   or (name == self.preset_word and type(value) is self.options_type)
                   for name, value in values.items()):
            return self._build_options(values)
        try:
            key = tuple((name, type(value), value) for name, value in sorted(values.items()))
            made = self._made.get(key)
        except TypeError:  # an options type that is not hashable: built each time
            return self._build_options(values)
        if made is None:
            made = self._build_options(values)
            if len(self._made) >= _MADE_LIMIT:
                self._made.clear()
            self._made[key] = made
        return made

    def _build_options(self, values: dict[str, Any]) -> Opts:
        preset = values.pop(self.preset_word, None)
        if preset is not None and not isinstance(preset, str):
            self._check_options_type(preset, self.preset_word)
        if isinstance(preset, str) and self.resolve_preset is not None:
            resolver: Mapping[str, Opts] | Callable[[str], Opts] = self._resolve
        else:
            resolver = self.presets
        built: Opts = options_from_preset(
            resolver, preset, values, default=self.default_preset, label=self.title,
            preset_word=self.preset_word,
        )
        return built

    def _resolve(self, name: str) -> Opts:
        found = self.presets.get(name)
        if found is not None:
            return found
        assert self.resolve_preset is not None  # make_options only asks when there is one
        return self.resolve_preset(name)

    def options_from_dict(self, data: Mapping[str, Any]) -> Opts:
        """Read options back from ``to_dict`` data (with `read_options` where given)."""
        if self.read_options is not None:
            return self.read_options(data)
        return self.options_type.from_dict(data)

    def check_players(self, players: object) -> int:
        """The player count, checked (None: `default_players`): OptionsError says which
        counts the game allows."""
        count = self.default_players if players is None else players
        return check_players(count, self.player_counts, self.title)

    def new_game(
        self,
        players: int | None = None,
        seed: int | None = None,
        *,
        names: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        options: Opts | None = None,
        **option_values: Any,
    ) -> S:
        """A new game; options come ready-made (`options`) or as keyword values. The
        players, names, seed and deck are checked once, by :meth:`State.new`."""
        if options is not None and option_values:
            raise OptionsError("give either an options object or option values, not both")
        if options is not None:
            self._check_options_type(options, "options")
        built = options if options is not None else self.make_options(**option_values)
        return self.state_type.new(
            built, players=self.default_players if players is None else players, seed=seed,
            deck=deck, names=names)

    def _check_options_type(self, options: object, argument: str) -> None:
        # A wrong object would fail deep inside the game with an AttributeError.
        if not isinstance(options, self.options_type):
            name = "" if argument == "options" else f"a {self.preset_word} name or "
            raise OptionsError(
                f"{argument!r} must be {name}{self.options_type.__name__}(...) "
                f"(got {clip(repr(options))})"
            )

    def replay(self, record: Record) -> S:
        """Rebuild the state a record ends in; RecordError names the move that fails."""
        if not isinstance(record, Record):
            raise RecordError(f"'record' must be a Record, got {type(record).__name__}")
        # A Record built by hand was never checked: read it back as from_dict would.
        record = Record.from_dict(record.to_dict(), source=f"record of {self.name}")
        if record.game != self.name:
            raise RecordError(f"the record is of {record.game!r}, not {self.name!r}")
        ours = self.state_type.rules_version
        if record.rules_version > ours:
            raise RecordError(
                f"the record was written by {self.title} rules version {record.rules_version}; "
                f"this library plays version {ours} (upgrade cardgames to replay it)"
            )
        try:
            data = dict(record.options)
            if record.rules_version < ours:
                data = self.state_type.upgrade_options(data, record.rules_version)
            options = self.options_from_dict(data)
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

    def check_names(self, names: Sequence[str]) -> tuple[str, ...]:
        """Player names, one per seat, checked as :meth:`new_game` checks them (non-empty,
        printable, and whatever the game asks more: distinct single words, say),
        without dealing a game. OptionsError says what is wrong."""
        return self.state_type.check_seat_names(check_names(names, len(names)))

    def load_table_aids(self) -> Callable[[Any], dict[str, Any]] | None:
        """The game's table aids function (see `table_aids`), or None."""
        return None if self.table_aids is None else load_target(self.table_aids, "table_aids")

    def load_spectator_hands(self) -> Callable[[Any, dict[str, Any]], dict[str, Any]] | None:
        """The game's spectator hands function (see `spectator_hands`), or None."""
        return (None if self.spectator_hands is None
                else load_target(self.spectator_hands, "spectator_hands"))

    def export(self, state: S) -> dict[str, Any]:
        """The finished game `state` in every foreign format of `exports`, by format name."""
        return {name: load_target(target, "")(state) for name, target in self.exports.items()}

    def load_cli(self) -> Any:
        """The game's command-line module (with ``app`` and ``UI``), or None."""
        return None if self.cli_module is None else importlib.import_module(self.cli_module)

    def load_app_adapter(self) -> Any:
        """The game's app adapter (see `app_adapter`); OptionsError if it names none."""
        return self._load_part(self.app_adapter, "app_adapter", "table in the app", "ADAPTER")

    def load_rl_encoding(self) -> Any:
        """The game's encoding for learning (see `rl_encoding`); OptionsError if it names none."""
        return self._load_part(
            self.rl_encoding, "rl_encoding", "machine-learning encoding", "ENCODING"
        )

    def load_vector_engine(self) -> Any:
        """The function building the game's vector env (see `vector_engine`); OptionsError
        if it names none."""
        return self._load_part(self.vector_engine, "vector_engine", "vector engine", "make_env")

    def load_trainer(self) -> Any:
        """The game's trainer module (see `trainer`); OptionsError if it names none."""
        if self.trainer is None:
            raise OptionsError(
                f"the game {self.name!r} has no trainer (its GameInfo names no trainer)")
        return importlib.import_module(self.trainer)

    def load_view_decoder(self) -> Callable[[Any], Any] | None:
        """The game's own view decoder (see `view_decoder`), or None for the generic one."""
        return (None if self.view_decoder is None
                else load_target(self.view_decoder, "decode_view"))

    def web_folder(self) -> Traversable | None:
        """The folder of the game's web table (see `web_assets`), or None: the game has none.
        OptionsError if `web_assets` is not ``"package:folder"`` or names no folder."""
        if self.web_assets is None:
            return None
        package, _, folder = self.web_assets.partition(":")
        parts = folder.split("/")
        if not package or not folder or any(part in ("", ".", "..") for part in parts):
            raise OptionsError(f"the game {self.name!r} names its web assets "
                               f"{self.web_assets!r}: write \"package:folder\"")
        found = importlib.resources.files(package).joinpath(*parts)
        if not found.is_dir():
            raise OptionsError(f"the game {self.name!r} names its web assets "
                               f"{self.web_assets!r}, which is no folder")
        return found

    def _load_part(self, target: str | None, field: str, what: str, default: str) -> Any:
        if target is None:
            raise OptionsError(
                f"the game {self.name!r} has no {what} (its GameInfo names no {field})"
            )
        return load_target(target, default)


AnyGame = GameInfo[Any, Any]


def load_target(target: str, default: str) -> Any:
    """What ``"package.module:NAME"`` names, importing the module (``"package.module"``
    alone names its attribute `default`), as entry points are written."""
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute or default)


def _load_game(target: str) -> AnyGame:
    """``"package.module:NAME"`` (or a module exposing ``GAME``) -> its GameInfo."""
    found = load_target(target, "GAME")
    if not isinstance(found, GameInfo):
        raise TypeError(f"{target} is not a cardgames GameInfo")
    return found


@attrs.define
class Registry:
    """Game name -> where its GameInfo lives (``module`` or ``module:NAME``).

    Targets are imported on first use. Games registered through the ``cardgames.games``
    entry-point group join the built-in ones the first time the names are needed.
    """

    targets: dict[str, str]
    entry_point_group: str | None = ENTRY_POINT_GROUP
    _loaded: dict[str, AnyGame] = attrs.field(factory=dict, init=False)
    _scanned: bool = attrs.field(default=False, init=False)

    def _scan_entry_points(self) -> None:
        if self._scanned or self.entry_point_group is None:
            return
        self._scanned = True
        for entry in metadata.entry_points(group=self.entry_point_group):
            # A built-in name wins: a plug-in cannot replace one of our games by accident.
            self.targets.setdefault(entry.name, entry.value)

    def names(self) -> list[str]:
        """The registered game names, sorted (nothing is imported)."""
        self._scan_entry_points()
        return sorted(self.targets)

    def get(self, name: str) -> AnyGame:
        """The game called `name`; OptionsError suggesting the nearest names otherwise."""
        if not isinstance(name, str):
            raise OptionsError(f"a game is named by a string (got {clip(repr(name))})")
        info = self._loaded.get(name)
        if info is not None:
            return info
        self._scan_entry_points()
        target = self.targets.get(name)
        if target is None:
            raise OptionsError(
                f"unknown game {name!r}{did_you_mean(name, self.targets)}; games: "
                f"{', '.join(self.names())}"
            )
        info = _load_game(target)
        self._loaded[name] = info
        return info

    def register(self, target: str | AnyGame, name: str | None = None) -> AnyGame:
        """Add a game: its GameInfo, or where it lives (``"module"``, ``"module:NAME"``)."""
        info = target if isinstance(target, GameInfo) else _load_game(target)
        key = name or info.name
        self.targets[key] = target if isinstance(target, str) else f"<registered {key}>"
        self._loaded[key] = info
        return info

    def all(self) -> dict[str, AnyGame]:
        """Every registered game, by name."""
        return {name: self.get(name) for name in self.names()}
