"""A game being played by people: its save file, who sits where, its bots, undo.

Nothing here draws or reads anything (no rich, typer, click or Textual): the line mode
(:mod:`cardgames.terminal`), the full-screen app (:mod:`cardgames.app`),
:func:`cardgames.simulate` and a game server build on it, each showing the game its own way.

- **Seats**: :data:`HUMAN` or a bot's name per seat. :func:`parse_bots` reads a list of bots
  as typed, :func:`seat_bots` checks it against a table, :func:`seat_kinds` seats people and
  bots, :func:`seat_names` names them, :meth:`SavedGame.new` deals the game.
- **Saves**: :func:`save_session` writes the game and who sits where as a record,
  :func:`load_session` reads it back. :func:`write_atomically` writes a unique temporary file
  beside the target, fsyncs it, renames it over the target and fsyncs the folder, so a reader
  (or a process killed at any point) sees the old file or the new one, never half of one, and
  two writers never share a temporary file. A symbolic link is followed (the link stays a
  link) and a target that is not a regular file (a device, a folder) is refused instead of
  being replaced.
- **The lock**: :class:`SaveLock` holds ``FILE.lock`` (holding the owner's pid) for as long as
  a process uses ``FILE``: the lock is an advisory ``flock`` that the system drops when its
  process dies, so a lock left by a killed process is simply taken over, and a live owner is
  named in the refusal. Without ``fcntl`` (Windows) the lock file is written but not enforced.
- **The live game**: :class:`LocalGame` makes the moves, asks the bots, takes moves back
  (undo) and saves after every move through its :class:`Autosave`, which never claims a save
  that did not happen and hands what it has to say to the caller as :class:`SaveWarning`.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

import attrs

from cardgames.core.agents import Agent
from cardgames.core.errors import OptionsError, RecordError, clip, did_you_mean
from cardgames.core.game import Move, State, draw_seed
from cardgames.core.limits import read_text
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo
from cardgames.core.renamed import old_name

__all__ = [
    "HUMAN",
    "Autosave",
    "LocalGame",
    "SaveLock",
    "SaveWarning",
    "SavedGame",
    "check_writable_target",
    "data_home",
    "default_save_path",
    "free_save_path",
    "load_session",
    "lock_path",
    "new_save_path",
    "parse_bots",
    "save_session",
    "seat_agents",
    "seat_bots",
    "seat_kinds",
    "seat_names",
    "write_atomically",
]

if sys.platform != "win32":
    import fcntl

S = TypeVar("S", bound=State[Any])

HUMAN = "human"
"""The seat kind of a person (any other seat kind names a bot)."""


# ------------------------------------------------------------------------ durable files

def _target(path: Path) -> Path:
    # Follow a symbolic link so the link itself survives the rename.
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check_writable_target(path: Path, flag: str = "--save") -> None:
    """RecordError if `path` cannot be a save file: no file name, or an existing thing that
    is not a regular file (a folder, a device, a pipe) which saving would replace."""
    if not path.name:
        raise RecordError(f"{flag} {clip(str(path))!r} is not a file name (e.g. {flag} game.json)")
    target = _target(path)
    if target.exists() and not target.is_file():
        kind = "a folder" if target.is_dir() else "a device or pipe"
        raise RecordError(
            f"{flag} {clip(str(path))!r} is {kind}, not a file: name a file to save the game to"
        )


def _fsync_folder(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk; some systems cannot
    # open a folder for this, and the data itself is already synced.
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) atomically and durably; OSError if it cannot.

    Refuses (IsADirectoryError/OSError) a target that exists and is not a regular file.
    """
    target = _target(path)
    if target.exists() and not target.is_file():
        raise IsADirectoryError(21, "not a regular file", str(path))
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    # A unique name per write: two processes (or two saves in one) never share it.
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(folder)


def lock_path(path: Path) -> Path:
    """The lock file of the save `path`."""
    target = _target(path)
    return target.with_name(target.name + ".lock")


def _read_pid(handle: int) -> int | None:
    try:
        os.lseek(handle, 0, os.SEEK_SET)
        text = os.read(handle, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isascii() and text.isdigit() else None


class SaveLock:
    """The lock of one save file, held from :meth:`acquire` until :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_file = lock_path(path)
        self._handle: int | None = None

    def acquire(self) -> None:
        """Take the lock; RecordError naming the live owner if another process has it.

        A lock file whose owner has died is taken over (its ``flock`` died with it). Left-over
        temporary files of this save, from a writer killed mid-write, are removed.
        """
        if self._handle is not None:
            return
        self.lock_file.parent.mkdir(parents=True, exist_ok=True)
        while True:
            handle = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                if sys.platform != "win32":
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                owner = _read_pid(handle)
                os.close(handle)
                who = f"process {owner}" if owner is not None else "another process"
                raise RecordError(
                    f"{clip(str(self.path))!r} is in use by {who}, another cardgames "
                    "game still running: leave that game first, or save this one elsewhere "
                    "(--save FILE)"
                ) from None
            # The previous owner may have removed the file between our open and our lock:
            # then we hold a lock on a file nobody else can see, so start again.
            try:
                same = os.stat(self.lock_file).st_ino == os.fstat(handle).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(handle)
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode("ascii"))
        self._handle = handle
        self._remove_leftovers()

    def _remove_leftovers(self) -> None:
        target = _target(self.path)
        for leftover in target.parent.glob(f".{target.name}.*.tmp"):
            with contextlib.suppress(OSError):
                leftover.unlink()

    def release(self) -> None:
        """Give the lock up and remove the lock file (nothing if it is not held)."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.lock_file)
        os.close(handle)

    @staticmethod
    def in_use(path: Path) -> bool:
        """Whether another live process holds the lock of `path` (a quick probe)."""
        probe = SaveLock(path)
        if not probe.lock_file.exists():
            return False
        try:
            probe.acquire()
        except (RecordError, OSError):
            return True
        probe.release()
        return False


# ------------------------------------------------------------------------------ seats
def parse_bots(text: str | None) -> tuple[str, ...]:
    """A list of bots as typed (``--bot``): one name, or a comma-separated list in seat order."""
    if text is None:
        return ()
    return tuple(name.strip() for name in text.split(",") if name.strip())


def seat_bots(
    info: GameInfo[Any, Any], bots: Sequence[str], count: int, *, flag: str = "--bot",
    with_people: bool = False,
) -> list[str]:
    """The bots of `count` seats: one name for every seat, or exactly one name per seat
    (none: the game's default bot; its bot for people when `with_people`).

    OptionsError names an unknown bot or a list of the wrong length (as `flag`, the way the
    caller's user typed it).
    """
    chosen = list(bots) if bots else [info.people_bot if with_people else info.default_bot]
    for name in chosen:
        if name not in info.bots:
            raise OptionsError(
                f"unknown bot {name!r}{did_you_mean(name, info.bots)}; bots: "
                f"{', '.join(info.bot_names())}"
            )
    if len(chosen) == 1:
        return chosen * count
    if len(chosen) != count:
        raise OptionsError(
            f"{flag} names {len(chosen)} bots for {count} seats: give one name for every "
            f"seat or exactly {count}, comma-separated in seat order"
        )
    return chosen


def seat_kinds(
    info: GameInfo[Any, Any], count: int, humans: Collection[int], bots: Sequence[str], *,
    flag: str = "--bot",
) -> tuple[str, ...]:
    """Who sits where at a table of `count`: :data:`HUMAN` at the seats `humans` (which the
    caller has checked), the bots of :func:`seat_bots` in the others, in seat order."""
    others = iter(seat_bots(info, bots, count - len(humans), flag=flag,
                            with_people=bool(humans)))
    return tuple(HUMAN if seat in humans else next(others) for seat in range(count))


def seat_names(seats: Sequence[str]) -> tuple[str, ...]:
    """Player names for a table of `seats` (:data:`HUMAN` or a bot's name each), as a game
    played by one person names them (``GameUI.name_seats``): "You" for the human, the bot's
    name for a bot (numbered when two share it): ``("You", "Greedy")``."""
    names = ["You" if kind == HUMAN else kind.capitalize() for kind in seats]
    for seat, name in enumerate(names):
        if names.count(name) > 1:
            names[seat] = f"{name} {seat + 1}"
    return tuple(names)


def seat_agents(info: GameInfo[Any, Any], session: SavedGame[Any]) -> dict[int, Agent]:
    """The session's bots by seat, each seeded from the session's bot seed and its seat, so a
    resumed game (or one rebuilt by undo) plays on as it would have. Where a person sits, a
    level means the bot it means among people (``GameInfo.levels_with_people``)."""
    people = HUMAN in session.seats
    return {
        seat: info.bots[info.bot_among_people(kind) if people else kind](session.bot_seed + seat)
        for seat, kind in enumerate(session.seats)
        if kind != HUMAN
    }


# ----------------------------------------------------------------------- saved sessions
@attrs.frozen
class SavedGame(Generic[S]):
    """A game in progress (or finished) and who sits where."""

    state: S
    seats: tuple[str, ...]
    """Each seat's kind: :data:`HUMAN` or a bot's name."""
    bot_seed: int
    """The bots' seed (each bot's is this plus its seat)."""

    @classmethod
    def new(
        cls, info: GameInfo[S, Any], seats: tuple[str, ...], *, seed: int | None = None,
        named: bool = False, options: Mapping[str, Any] | None = None,
    ) -> SavedGame[S]:
        """Deal a new game of `info` for `seats` (:func:`seat_kinds`), the deal and the bots
        seeded by `seed` (drawn at random when None, from the core's one range of seeds).
        `named`: the players are named after their seats (:func:`seat_names`), else the
        game's default names. `options` are the game's options by name; OptionsError names a
        bad one."""
        if seed is None:
            seed = draw_seed()
        names = seat_names(seats) if named else None
        state = info.new_game(len(seats), seed, names=names, **(options or {}))
        return cls(state, seats, seed)


def data_home() -> Path:
    """Where saved games go: $CARDGAMES_HOME, else ~/.local/share/cardgames."""
    root = os.environ.get("CARDGAMES_HOME")
    return Path(root) if root else Path.home() / ".local" / "share" / "cardgames"


def default_save_path(game: str, seed: int | None) -> Path:
    """The file a new game autosaves to when no file is given."""
    return data_home() / "saves" / f"{game}-{seed if seed is not None else 'deck'}.json"


def _unfinished(path: Path, info: GameInfo[Any, Any]) -> bool:
    try:
        return not load_session(path, info).state.is_over
    except RecordError:
        return False


def _taken(path: Path, info: GameInfo[Any, Any]) -> bool:
    """Whether `path` holds a game to keep: one a live process plays, or an unfinished one."""
    return SaveLock.in_use(path) or (path.exists() and _unfinished(path, info))


def free_save_path(info: GameInfo[Any, Any], seed: int | None) -> Path:
    """The file a new game saves to when none is given: :func:`default_save_path`, or the
    first free ``GAME-SEED-N.json`` beside it when that file holds an unfinished game or
    another process is playing it (never lose one)."""
    path = default_save_path(info.name, seed)
    if not _taken(path, info):
        return path
    number = 2
    while _taken(candidate := path.with_name(f"{path.stem}-{number}{path.suffix}"), info):
        number += 1
    return candidate


def new_save_path(info: GameInfo[Any, Any], seed: int | None) -> tuple[Path, str | None]:
    """:func:`free_save_path`, and the line to tell the player when it is not the default
    file (None when it is)."""
    path = free_save_path(info, seed)
    default = default_save_path(info.name, seed)
    if path == default:
        return path, None
    return path, (
        f"an unfinished game with this seed is saved in {default} (continue it with "
        f"--resume); this game saves to {path}"
    )


def save_session(path: Path, session: SavedGame[Any]) -> None:
    """Write the session's record atomically and durably (a crash, even a kill -9, leaves the
    old file or the new one, never half a file); OSError if it cannot be written."""
    meta = {"session": {"seats": list(session.seats), "bot_seed": session.bot_seed}}
    write_atomically(path, session.state.record(meta).to_json() + "\n")


def load_session(path: Path, info: GameInfo[S, Any]) -> SavedGame[S]:
    """Read a saved game back; RecordError says what is wrong with the file."""
    record = Record.from_json(read_text(path, "saved game"), source=clip(str(path)))
    if record.game != info.name:
        raise RecordError(f"{clip(str(path))!r} holds a game of {record.game}, not {info.name}")
    state = info.replay(record)
    session = record.meta.get("session")
    players = len(record.players)
    seats = session.get("seats") if isinstance(session, dict) else None
    bot_seed = session.get("bot_seed") if isinstance(session, dict) else None
    if (
        not isinstance(seats, list)
        or len(seats) != players
        # Each seat is checked to be a string first: a list in it is unhashable.
        or not all(isinstance(s, str) and (s == HUMAN or s in info.bots) for s in seats)
        or isinstance(bot_seed, bool)
        or not isinstance(bot_seed, int)
    ):
        raise RecordError(
            f"{clip(str(path))!r} is a record but not a saved session: 'meta.session' must "
            f"name the {players} seats ({HUMAN} or one of: {', '.join(info.bots)}) and a "
            "bot_seed"
        )
    return SavedGame(state, tuple(seats), bot_seed)


# ---------------------------------------------------------------------------- autosave
@attrs.frozen
class SaveWarning:
    """What the autosave has to tell the player: the line mode prints it, the app shows it as
    a notification."""

    text: str
    """One line of plain text."""
    saved: bool
    """Whether the game is saved all the same (in another file); False: it is NOT saved."""


class Autosave:
    """Saves the session after every move, and never claims a save that did not happen.

    When the chosen file cannot be written (a full disk, no permission), the game moves to
    a free file in the default save folder, saying so; when that fails too, `warn` is told
    plainly that the game is NOT saved (once per problem), and the caller may offer the
    player another file (:meth:`save_to`). Each file in use is locked (:class:`SaveLock`).

    :meth:`start` once, :meth:`save` after every move, :meth:`close` at the end. `saved` is
    what is saved (replace it when undo replaces the game); `path` is where the game is now
    (None: not saved anywhere); `problem` says why the last save failed (None when it did
    not).
    """

    def __init__(
        self, info: GameInfo[Any, Any], saved: SavedGame[Any], path: Path | None,
        warn: Callable[[SaveWarning], object] | None = None,
    ) -> None:
        self.info, self.saved, self.path = info, saved, path
        self.problem: str | None = None  # why the last save failed; None when saved
        self.lock = SaveLock(path) if path is not None else None
        self._warn = warn if warn is not None else _ignore
        self._warned: str | None = None

    def start(self) -> None:
        """Lock the save file and save once (RecordError if another process uses it)."""
        if self.lock is not None:
            with contextlib.suppress(OSError):
                # A place that cannot hold the lock cannot hold the save either: save() below
                # fails there the same way and moves the game somewhere it can be saved.
                self.lock.acquire()
            self.save()

    def close(self) -> None:
        """Release the save file's lock (the game is left)."""
        if self.lock is not None:
            self.lock.release()

    def _try(self, path: Path) -> str | None:
        """Save to `path`; the reason it failed, or None."""
        try:
            save_session(path, self.saved)
        except OSError as exc:
            return exc.strerror or str(exc)
        except UnicodeEncodeError:
            # Text a caller put into the game (a name, an option) that UTF-8 cannot hold.
            return "the game holds text that cannot be written as UTF-8"
        return None

    def _move_to(self, path: Path) -> str | None:
        """Lock `path` and save there, using it from now on; the reason it failed (another
        process uses it, it cannot be written), or None."""
        lock = SaveLock(path)
        try:
            lock.acquire()
        except (RecordError, OSError) as exc:
            return str(exc) if isinstance(exc, RecordError) else exc.strerror or str(exc)
        reason = self._try(path)
        if reason is not None:
            lock.release()
            return reason
        if self.lock is not None:
            self.lock.release()
        self.path, self.lock = path, lock
        return None

    def save(self) -> bool:
        """Save now; True when the game is saved."""
        if self.path is None:
            return False
        reason = self._try(self.path)
        if reason is None:
            self.problem = None
            return True
        self.problem = f"cannot write {self.path}: {reason}"
        fallback = free_save_path(self.info, self.saved.state.seed)
        if fallback != self.path and self._move_to(fallback) is None:
            self._warn(SaveWarning(
                f"warning: {self.problem}; the game is saved to {fallback} instead", saved=True
            ))
            self.problem = None
            return True
        if self.problem != self._warned:
            # Once per problem: every move would repeat the same line.
            self._warn(SaveWarning(
                f"warning: the game is NOT saved ({self.problem}); play on and it is saved "
                "when it can be, or type quit to save it elsewhere", saved=False,
            ))
            self._warned = self.problem
        return False

    def save_to(self, path: Path) -> bool:
        """Lock `path`, save there and go on saving there (the player named another file);
        False when it cannot, `problem` saying why."""
        reason = self._move_to(path)
        self.problem = None if reason is None else f"cannot write {path}: {reason}"
        return reason is None

    def where(self) -> str:
        """Where the game is, for the line said on leaving."""
        if self.path is None:
            return "game not saved (no save file)"
        return f"game saved to {self.path}; continue with --resume {self.path}"


def _ignore(warning: SaveWarning) -> None:
    """The autosave's listener when nobody listens."""


# ------------------------------------------------------------------------ the live game
class LocalGame(Generic[S]):
    """A game being played, as the line mode and the app play it: the game and who sits
    where, its bots, who made each move, its autosave; and undo.

    Moves go through :meth:`apply` (the caller saves with :meth:`save` once it has shown the
    move); :meth:`undo` rebuilds the game without the human's last move. :meth:`start` locks
    the save file and saves; :meth:`close` releases it. `warn` hears the autosave's warnings.
    """

    def __init__(
        self, info: GameInfo[S, Any], saved: SavedGame[S], save_path: Path | None,
        warn: Callable[[SaveWarning], object] | None = None,
    ) -> None:
        self.info = info
        self.saved = saved
        """The game and who sits where (replaced by :meth:`undo`)."""
        self.agents = seat_agents(info, saved)
        self.autosave = Autosave(info, saved, save_path, warn)

    # ------------------------------------------------------------------ who sits where
    @property
    def state(self) -> S:
        """The game's state (a new object after :meth:`undo`)."""
        return self.saved.state

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat's kind: :data:`HUMAN` or a bot's name."""
        return self.saved.seats

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == HUMAN)

    @property
    def to_move(self) -> int | None:
        """The seat to act, None once the game is over."""
        return self.state.current_player

    @property
    def human_to_move(self) -> bool:
        """Whether a person is to act now."""
        seat = self.to_move
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot is to act now."""
        seat = self.to_move
        return seat is not None and self.seats[seat] != HUMAN

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that made each move so far, oldest first."""
        return tuple(move.seat for move in self.state.moves())

    # ------------------------------------------------------------------ moves
    def bot_action(self) -> Any:
        """The action the bot to move chooses on its own view."""
        state = self.state
        seat = state.current_player
        assert seat is not None, "the game is over"
        assert seat in self.agents, "no bot is to move"
        return self.agents[seat].act(state.view(seat), state.legal_actions())

    def apply(self, action: Any) -> Move[Any]:
        """Make a move of the seat to act (IllegalActionError: nothing changed)."""
        state = self.state
        seat = state.current_player
        assert seat is not None, "the game is over"
        events = state.apply(action)
        return Move(seat, action, tuple(events))

    # ------------------------------------------------------------------ undo
    def undo_seat(self) -> int | None:
        """The seat whose moves undo takes back: the only human, once they have moved. None
        with no human or several: in a hot-seat game taking back a move would show the next
        player another's cards."""
        humans = self.humans
        if len(humans) != 1 or humans[0] not in self.actors:
            return None
        return humans[0]

    def undo(self) -> int:
        """Take back the human's last move and every bot move after it, save, and return how
        many moves were taken back (0: nothing to undo, see :meth:`undo_seat`).

        The game is rebuilt from its record without those moves, so it is exactly the state
        it was in; the bots are made afresh and rebuild their memory from its history.
        """
        seat = self.undo_seat()
        if seat is None:
            return 0
        actors = self.actors
        keep = max(number for number, mover in enumerate(actors) if mover == seat)
        record = self.state.record()
        state = self.info.replay(attrs.evolve(record, actions=record.actions[:keep], meta={}))
        self.saved = SavedGame(state, self.saved.seats, self.saved.bot_seed)
        self.autosave.saved = self.saved
        taken = len(actors) - keep
        self.agents = seat_agents(self.info, self.saved)
        self.autosave.save()
        return taken

    # ------------------------------------------------------------------ saving
    @property
    def save_path(self) -> Path | None:
        """Where the game is saved (the autosave may have moved it to the default folder)."""
        return self.autosave.path

    @property
    def is_saved(self) -> bool:
        """False when the last save failed (the game is not in its file)."""
        return self.autosave.problem is None

    def start(self) -> None:
        """Lock the save file and save once (RecordError if another process plays it)."""
        self.autosave.start()

    def save(self) -> bool:
        """Save now (`warn` hears what went wrong); True if saved."""
        return self.autosave.save()

    def close(self) -> None:
        """Release the save file's lock (the game is left)."""
        self.autosave.close()


RENAMED: Final = {"LiveSession": "LocalGame", "SavedSession": "SavedGame"}
"""Old names kept for one release (a DeprecationWarning names the new one)."""


def __getattr__(name: str) -> Any:
    return old_name(__name__, name, RENAMED, globals())
