"""The seats of an arena game: who plays them, and how a seat's mistakes are caught.

A seat is named by a spec (:func:`parse_seat`):

* a bundled bot or level by name (``h-group``, ``hard``);
* ``module:factory``: a Python bot, ``factory(seed)`` returning an
  :class:`~cardgames.core.agents.Agent` (as a game's ``bots`` table holds them);
* ``exec:COMMAND``: any program, one process a seat and a game, speaking JSON lines on its
  standard input and output (docs/arena.md has the messages).

Any spec may be given a name for the reports: ``mine=exec:node bot.js``.

Every seat plays through one interface (:class:`Seat`): ``start``, ``act`` for each of its
moves, ``finish``, ``close``. A seat that cannot give a legal move raises :class:`SeatFault`,
which the arena records against it (see :mod:`cardgames.arena.play`).
"""

from __future__ import annotations

import collections
import contextlib
import importlib
import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal, Protocol

import attrs

from cardgames.arena.wire import finish_message, start_message, turn_message
from cardgames.core.agents import Agent
from cardgames.core.errors import CardgamesError, OptionsError, clip, did_you_mean
from cardgames.core.game import State
from cardgames.core.registry import GameInfo
from cardgames.simulate import installed

__all__ = [
    "FAULT_KINDS",
    "BotSeat",
    "ProcessSeat",
    "Seat",
    "SeatFault",
    "SeatSpec",
    "make_seat",
    "parse_seat",
    "parse_seats",
    "split_seats",
]

SeatKind = Literal["bot", "python", "exec"]
FaultKind = Literal["crash", "timeout", "illegal", "unreadable"]
FAULT_KINDS: Final[tuple[FaultKind, ...]] = ("crash", "timeout", "illegal", "unreadable")
"""What a seat can do wrong: its program ended or its bot raised (``crash``), it gave no
answer within the move limit (``timeout``), it answered a move that is not legal now
(``illegal``) or an answer that names no move (``unreadable``)."""

EXIT_GRACE: Final = 2.0
"""Seconds a program is given to end by itself once the game is over (then it is killed)."""
STDERR_LINES: Final = 5
"""How many of a program's last lines on stderr a crash's record quotes."""
_LABEL: Final = re.compile(r"^([A-Za-z0-9_.+-]+)=(.+)$")
_PYTHON: Final = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


class SeatFault(Exception):  # noqa: N818  # a seat's fault, recorded, not an error of ours
    """A seat gave no legal move: the arena records `kind` and `detail` against it."""

    def __init__(self, kind: FaultKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind: FaultKind = kind
        self.detail = clip(detail, 300)


@attrs.frozen
class SeatSpec:
    """A seat as the arena was asked for it: picklable, so workers can make the seat."""

    label: str
    """The seat's name in records and reports (the spec itself unless a name was given)."""
    kind: SeatKind
    target: str
    """The bot's name, the ``module:factory`` or the command line."""


def parse_seat(text: str, info: GameInfo[Any, Any]) -> SeatSpec:
    """One seat spec, checked: OptionsError names what is wrong and what is accepted."""
    text = text.strip()
    label = None
    named = _LABEL.match(text)
    if named is not None:
        label, text = named.group(1), named.group(2).strip()
    if text.startswith("exec:"):
        if not installed("cattrs"):
            raise OptionsError(
                "an exec: seat reads its views in the server's encoding, which needs cattrs: "
                "pip install 'cardgames-engines[arena]'"
            )
        command = text.removeprefix("exec:").strip()
        _check_command(command)
        return SeatSpec(label or text, "exec", command)
    if text in info.bots:
        return SeatSpec(label or text, "bot", text)
    if _PYTHON.match(text):
        _load_factory(text)
        return SeatSpec(label or text, "python", text)
    raise OptionsError(
        f"unknown seat {text!r}{did_you_mean(text, info.bots)}: a seat is a bot of "
        f"{info.name} ({', '.join(info.bot_names())}), a Python bot as module:factory, "
        "or a program as exec:COMMAND (NAME=SPEC names it)"
    )


def parse_seats(seats: Sequence[str | SeatSpec],
                info: GameInfo[Any, Any]) -> tuple[SeatSpec, ...]:
    """Seats as specs (each a separate string; see :func:`split_seats` for a typed list) or
    SeatSpec values, checked; two seats of one name are refused (the reports could not tell
    them apart)."""
    specs = tuple(seat if isinstance(seat, SeatSpec) else parse_seat(seat, info)
                  for seat in seats)
    labels = [spec.label for spec in specs]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise OptionsError(
            f"the seat {twice[0]!r} is given twice: name each seat once (NAME=SPEC gives "
            "two programs of one command different names)"
        )
    return specs


def split_seats(values: Sequence[str]) -> list[str]:
    """Seat specs as typed: each value comma-separated, except that an ``exec:`` command
    runs to the end of its value (a command may hold commas)."""
    specs: list[str] = []
    for value in values:
        rest = value
        while rest.strip():
            head, comma, tail = rest.partition(",")
            if _starts_exec(head):
                specs.append(rest.strip())
                break
            if head.strip():
                specs.append(head.strip())
            rest = tail if comma else ""
    return specs


def _starts_exec(text: str) -> bool:
    text = text.strip()
    named = _LABEL.match(text)
    return (named.group(2) if named else text).lstrip().startswith("exec:")


def _check_command(command: str) -> None:
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise OptionsError(f"cannot read the command {command!r}: {exc}") from None
    if not argv:
        raise OptionsError("exec: names no command: write exec:COMMAND, e.g. exec:python3 bot.py")
    program = argv[0]
    if shutil.which(program) is None and not (os.sep in program and Path(program).is_file()):
        raise OptionsError(
            f"exec:{clip(command)} names no program that can be run ({program!r} is not on "
            "PATH nor an executable file)"
        )


def _load_factory(target: str) -> Callable[[int], Agent]:
    """The factory ``module:factory`` names, the module imported from the current directory
    or the Python path (as ``uvicorn module:app`` does: a console script's own path holds
    only its folder)."""
    module_name, _, attribute = target.partition(":")
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise OptionsError(f"cannot import the bot {target!r}: {exc}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise OptionsError(
            f"the bot {target!r}: the module {module_name!r} has no function {attribute!r} "
            "(a seat module:factory names a function of a seed that returns a bot)"
        )
    made: Callable[[int], Agent] = factory
    return made


class Seat(Protocol):
    """One seat of one game. `act` raises SeatFault when the seat gives no legal move."""

    def start(self, state: State[Any], seat: int, bot_seed: int) -> None:
        """Before the first move: the game as dealt, the seat's number, its bot's seed."""
        ...

    def act(self, state: State[Any], seat: int) -> Any:
        """The seat's move now, one of ``state.legal_actions()``."""
        ...

    def finish(self, state: State[Any], seat: int, scores: Sequence[int],
               fault: Mapping[str, Any] | None) -> None:
        """After the game (a seat that faulted is not told)."""
        ...

    def close(self) -> None:
        """Free what the seat holds (its process); called once, whatever happened."""
        ...


class BotSeat:
    """A Python bot (a bundled one, or ``module:factory``) played in this process."""

    def __init__(self, factory: Callable[[int], Agent]) -> None:
        self._factory = factory
        self._agent: Agent | None = None

    def start(self, state: State[Any], seat: int, bot_seed: int) -> None:
        try:
            self._agent = self._factory(bot_seed)
        except Exception as exc:  # a bot's bug is that seat's fault, not the run's end
            raise SeatFault("crash", f"the bot could not be made: {_exception(exc)}") from exc

    def act(self, state: State[Any], seat: int) -> Any:
        assert self._agent is not None, "start comes first"
        legal = state.legal_actions()
        try:
            action = self._agent.act(state.view(seat), legal)
        except Exception as exc:  # a bot's bug is that seat's fault, not the run's end
            raise SeatFault("crash", _exception(exc)) from exc
        if not state.is_legal(action):
            raise SeatFault("illegal", f"{clip(str(action))!r} is not legal now")
        return action

    def finish(self, state: State[Any], seat: int, scores: Sequence[int],
               fault: Mapping[str, Any] | None) -> None:
        pass

    def close(self) -> None:
        self._agent = None


def _exception(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


_EOF: Final = object()
"""What the reader thread queues when the program's output ends."""


class ProcessSeat:
    """A program in any language, one process for this seat and game, JSON lines on its
    standard input and output (see docs/arena.md for the messages)."""

    def __init__(self, command: str, move_limit: float) -> None:
        self._argv = shlex.split(command)
        self._move_limit = move_limit
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._threads: list[threading.Thread] = []

    def start(self, state: State[Any], seat: int, bot_seed: int) -> None:
        try:
            process = subprocess.Popen(
                self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise SeatFault("crash", f"the program could not start: {exc}") from exc
        self._process = process
        assert process.stdout is not None
        assert process.stderr is not None
        self._threads = [
            threading.Thread(target=_read_lines, args=(process.stdout, self._lines.put, True),
                             daemon=True),
            threading.Thread(target=_read_lines,
                             args=(process.stderr, self._stderr.append, False), daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        self._send(start_message(state, seat, bot_seed))

    def act(self, state: State[Any], seat: int) -> Any:
        self._send(turn_message(state, seat))
        try:
            line = self._lines.get(timeout=self._move_limit)
        except queue.Empty:
            raise SeatFault(
                "timeout", f"no answer within the move limit of {self._move_limit:g} s"
            ) from None
        if line is _EOF:
            raise SeatFault("crash", self._ended())
        assert isinstance(line, str)
        return _read_answer(state, line)

    def finish(self, state: State[Any], seat: int, scores: Sequence[int],
               fault: Mapping[str, Any] | None) -> None:
        # A program that has stopped reading is no fault now: the game is over anyway.
        with contextlib.suppress(SeatFault):
            self._send(finish_message(state, seat, scores, fault))
        process = self._process
        if process is not None and process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):  # close() kills it
                process.wait(EXIT_GRACE)

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        for thread in self._threads:
            thread.join(EXIT_GRACE)
        self._process = None

    def _send(self, message: Mapping[str, Any]) -> None:
        process = self._process
        assert process is not None, "start comes first"
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as exc:  # ValueError: stdin closed
            raise SeatFault("crash", self._ended()) from exc

    def _ended(self) -> str:
        """Why the program stopped answering: its exit status and its last lines on stderr."""
        process = self._process
        assert process is not None
        try:
            code = process.wait(EXIT_GRACE)
            ended = f"the program ended (exit status {code})"
        except subprocess.TimeoutExpired:
            ended = "the program closed its output"
        for thread in self._threads[1:]:
            thread.join(EXIT_GRACE)  # its last lines on stderr
        said = " | ".join(line.rstrip() for line in self._stderr if line.strip())
        return f"{ended}; stderr: {said}" if said else ended


def _read_lines(stream: Any, put: Callable[[object], object], mark_end: bool) -> None:
    """Pass each line of `stream` to `put`, then (if `mark_end`) :data:`_EOF`: a reader
    thread's loop."""
    try:
        for line in stream:
            put(line)
    except (OSError, ValueError):
        pass  # the stream was closed under us: the seat is being closed
    if mark_end:
        put(_EOF)


def _read_answer(state: State[Any], line: str) -> Any:
    """A program's answer: a move in notation, or the server's ``act`` object (``{"action":
    notation or id}``); SeatFault unless it is a legal move now."""
    text = line.strip()
    answer: str | int = text
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise SeatFault("unreadable", f"{clip(text)!r} is not JSON") from None
        found = data.get("action") if isinstance(data, dict) else None
        if not isinstance(found, str | int) or isinstance(found, bool):
            raise SeatFault(
                "unreadable", f"{clip(text)!r} holds no \"action\" (a notation or an id)"
            )
        answer = found
    if isinstance(answer, int):
        legal = state.legal_actions()
        matches = [action for action in legal if state.action_id(action) == answer]
        if not matches:
            raise SeatFault("illegal", f"the id {answer} is not one of the legal actions now")
        return matches[0]
    try:
        action = state.parse(answer)
    except CardgamesError as exc:
        raise SeatFault("unreadable", f"{clip(answer)!r}: {exc}") from None
    if not state.is_legal(action):
        raise SeatFault("illegal", f"{clip(answer)!r} is not legal now")
    return action


def make_seat(spec: SeatSpec, info: GameInfo[Any, Any], move_limit: float) -> Seat:
    """A fresh seat for one game."""
    if spec.kind == "exec":
        return ProcessSeat(spec.target, move_limit)
    factory = info.bots[spec.target] if spec.kind == "bot" else _load_factory(spec.target)
    return BotSeat(factory)
