"""Durable save files: whole or untouched after any crash, and one live process per file.

:func:`write_atomically` writes a unique temporary file beside the target, fsyncs it, renames
it over the target and fsyncs the folder, so a reader (or a process killed at any point) sees
the old file or the new one, never half of one, and two writers never share a temporary file.
A symbolic link is followed (the link stays a link) and a target that is not a regular file
(a device, a folder) is refused instead of being replaced.

:class:`SaveLock` holds ``FILE.lock`` (holding the owner's pid) for as long as a process uses
``FILE``: the lock is an advisory ``flock`` that the system drops when its process dies, so a
lock left by a killed process is simply taken over, and a live owner is named in the refusal.
Without ``fcntl`` (Windows) the lock file is written but not enforced.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

from cardgames.core.errors import RecordError, clip

__all__ = ["SaveLock", "check_writable_target", "lock_path", "write_atomically"]

if sys.platform != "win32":
    import fcntl


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

    @property
    def held(self) -> bool:
        """Whether this object holds the lock now."""
        return self._handle is not None

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
