"""Playing at the terminal: the one interactive loop and the one ``play`` command of every game.

A game supplies a :class:`GameUI` (how to draw its table for a seat, its notation help, extra
words such as ``yaku``); :func:`make_play_command` turns it into the game's ``play`` command,
with the same flags for every game, and :func:`play_command` builds or resumes the game and
runs it with humans and bots. Input is read line by line from stdin, so piped input works. The
game is saved after every move; ``quit``, the end of input or Ctrl-C leaves it saved, and
``--resume FILE`` continues.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

import attrs
import typer
from rich.console import Console, RenderableType
from rich.markup import escape

from cardgames.core.errors import (
    CardgamesError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
    did_you_mean,
    summarize,
)
from cardgames.core.game import Event, State
from cardgames.core.options import parse_option_pairs
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo

__all__ = [
    "HUMAN",
    "GameUI",
    "SavedSession",
    "default_save_path",
    "fail",
    "game_app",
    "load_session",
    "make_play_command",
    "parse_bots",
    "play_command",
    "run_session",
    "save_session",
    "seat_bots",
]

S = TypeVar("S", bound=State[Any])

HUMAN = "human"
"""The seat kind of a person at the keyboard (any other seat kind names a bot)."""

SESSION_WORDS = {
    "help": "this help",
    "moves": "list the moves that are legal now",
    "quit": "save the game and leave (continue later with --resume FILE); Ctrl-C too",
}


def fail(message: str) -> typer.Exit:
    """Print one red error line on stderr and return the exit (code 2) to raise."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[red]error: {escape(message)}[/]"
    )
    return typer.Exit(2)


def _default_describe(
    state: State[Any], actor: int, action: Any, events: Sequence[Event], viewer: int | None
) -> RenderableType:
    lines = [f"[bold]{escape(state.players[actor])}[/]: {escape(str(action))}"]
    lines.extend(f"  {escape(str(event))}" for event in events)
    return "\n".join(lines)


@attrs.frozen(kw_only=True)
class GameUI(Generic[S]):
    """How a game shows itself at the terminal.

    `render(state, seat)` draws the table as `seat` sees it and must use only
    ``state.view(seat)``. `describe(state, actor, action, events, viewer)` announces a move to
    `viewer` (None when every seat is a bot); a game whose events carry hidden cards (a card
    drawn into the viewer's own hand) must supply it. `commands` are extra prompt words (e.g.
    ``yaku``) drawn for the seat at the prompt, each explained in `help` by `command_help`.
    `final(state)` is the end-of-game summary of a finished game. `name_seats` names the
    human seat "You" and each bot seat after its bot (Koi-Koi's two-player table), instead of
    the game's default names.
    """

    render: Callable[[S, int], RenderableType]
    help_text: str
    commands: Mapping[str, Callable[[S, int], RenderableType]] = attrs.field(factory=dict)
    command_help: Mapping[str, str] = attrs.field(factory=dict)
    describe: Callable[[S, int, Any, Sequence[Event], int | None], RenderableType] = (
        _default_describe
    )
    final: Callable[[S], RenderableType] | None = None
    prompt: Callable[[S, int], str] | None = None
    name_seats: bool = False


@attrs.frozen
class SavedSession(Generic[S]):
    """A game in progress (or finished) and who sits where."""

    state: S
    seats: tuple[str, ...]
    bot_seed: int


def data_home() -> Path:
    """Where saved games go: $CARDGAMES_HOME, else ~/.local/share/cardgames."""
    root = os.environ.get("CARDGAMES_HOME")
    return Path(root) if root else Path.home() / ".local" / "share" / "cardgames"


def default_save_path(game: str, seed: int | None) -> Path:
    """The file a new game autosaves to when no --save is given."""
    return data_home() / "saves" / f"{game}-{seed if seed is not None else 'deck'}.json"


def _unfinished(path: Path, info: GameInfo[Any, Any]) -> bool:
    try:
        return not load_session(path, info).state.is_over
    except RecordError:
        return False


def _free_save_path(info: GameInfo[Any, Any], seed: int | None, out: Console) -> Path:
    """The default save file, moved aside when it holds an unfinished game (never lose one)."""
    path = default_save_path(info.name, seed)
    if not path.exists() or not _unfinished(path, info):
        return path
    number = 2
    while (
        candidate := path.with_name(f"{path.stem}-{number}{path.suffix}")
    ).exists() and _unfinished(candidate, info):
        number += 1
    out.print(
        f"[yellow]an unfinished game with this seed is saved in {escape(str(path))} "
        f"(continue it with --resume); this game saves to {escape(str(candidate))}[/]",
        soft_wrap=True,
    )
    return candidate


def save_session(path: Path, session: SavedSession[Any]) -> None:
    """Write the session's record atomically (a crash never leaves half a file)."""
    meta = {"session": {"seats": list(session.seats), "bot_seed": session.bot_seed}}
    text = session.state.record(meta).to_json() + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def load_session(path: Path, info: GameInfo[S, Any]) -> SavedSession[S]:
    """Read a saved game back; RecordError says what is wrong with the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read saved game {str(path)!r}: {exc.strerror}") from None
    record = Record.from_json(text, source=str(path))
    if record.game != info.name:
        raise RecordError(f"{str(path)!r} holds a game of {record.game}, not {info.name}")
    state = info.replay(record)
    session = record.meta.get("session")
    players = len(record.players)
    if (
        not isinstance(session, dict)
        or not isinstance(session.get("seats"), list)
        or len(session["seats"]) != players
        or not all(s == HUMAN or s in info.bots for s in session["seats"])
        or not isinstance(session.get("bot_seed"), int)
    ):
        raise RecordError(
            f"{str(path)!r} is a record but not a saved session: 'meta.session' must name "
            f"the {players} seats ({HUMAN} or one of: {', '.join(info.bots)}) and a bot_seed"
        )
    return SavedSession(state, tuple(session["seats"]), session["bot_seed"])


def _read_line(stream: IO[str] | None) -> str | None:
    """One line of input, or None at the end of input (or a closed stream).

    `stream` is None when the process was started with stdin closed (``<&-``).
    """
    if stream is None:
        return None
    try:
        line = stream.readline()
    except (ValueError, OSError):
        return None
    return line if line else None


def run_session(
    info: GameInfo[S, Any],
    ui: GameUI[S],
    session: SavedSession[S],
    *,
    save_path: Path | None,
    console: Console | None = None,
    input_stream: IO[str] | None = None,
) -> int:
    """Play `session` to the end or until the human leaves; return the exit code (0).

    Humans type moves in the game's notation or one of the words ``help``, ``moves``,
    ``quit`` and the game's own commands. Invalid input re-prompts with the reason and changes
    nothing. The game is saved after every move, so nothing is lost; Ctrl-C saves and leaves.
    """
    out = console if console is not None else Console(highlight=False)
    stream: IO[str] | None = input_stream if input_stream is not None else sys.stdin
    state = session.state
    agents = {
        seat: info.bots[kind](session.bot_seed + seat)
        for seat, kind in enumerate(session.seats)
        if kind != HUMAN
    }
    humans = [seat for seat, kind in enumerate(session.seats) if kind == HUMAN]
    viewer = humans[0] if humans else None
    save_warned = False

    def save() -> None:
        nonlocal save_warned
        if save_path is None:
            return
        try:
            save_session(save_path, session)
        except OSError as exc:
            if not save_warned:
                out.print(f"[yellow]warning: cannot save to {escape(str(save_path))}: "
                          f"{escape(exc.strerror or str(exc))}[/]")
                save_warned = True

    def leave(reason: str) -> int:
        save()
        where = (
            f"saved to {escape(str(save_path))}; continue with --resume {escape(str(save_path))}"
            if save_path is not None else "not saved (no save file)"
        )
        out.print(f"{reason}: game {where}", soft_wrap=True)
        return 0

    def help_text() -> str:
        words = {
            **SESSION_WORDS,
            **{word: ui.command_help.get(word, "show it") for word in ui.commands},
        }
        lines = [ui.help_text.rstrip(), "", "Other words:"]
        lines += [f"  {word:<8} {meaning}" for word, meaning in words.items()]
        return "\n".join(lines)

    seats_text = ", ".join(
        f"{name} ({'you' if kind == HUMAN else kind})"
        for name, kind in zip(state.players, session.seats, strict=True)
    )
    out.print(f"[bold]{escape(info.title)}[/] — {escape(seats_text)}")
    if humans:
        out.print("Type [bold]help[/] for the notation, [bold]moves[/] for what is legal now.")

    try:
        while not state.is_over:
            seat = state.current_player
            assert seat is not None  # the game is not over, so a seat is to act
            if seat in agents:
                action = agents[seat].act(state.view(seat), state.legal_actions())
                events = state.apply(action)
            else:
                out.print(ui.render(state, seat))
                while True:
                    label = ui.prompt(state, seat) if ui.prompt else ""
                    out.print(f"{escape(label)}{escape(state.players[seat])}> ", end="")
                    line = _read_line(stream)
                    if line is None:
                        out.print()
                        return leave("end of input")
                    text = line.strip()
                    word = text.lower()
                    if not text:
                        continue
                    if word in ("help", "?"):
                        out.print(escape(help_text()))
                    elif word == "moves":
                        out.print("legal now: " + escape(summarize(
                            (str(a) for a in state.legal_actions()), limit=60)))
                    elif word in ("quit", "exit"):
                        return leave("quit")
                    elif word in ui.commands:
                        out.print(ui.commands[word](state, seat))
                    else:
                        try:
                            action = state.parse(text)
                            events = state.apply(action)
                        except (NotationError, IllegalActionError) as exc:
                            # Word-wrapped (not soft-wrapped): a narrow terminal breaks the
                            # line between words, never inside one.
                            out.print(f"[red]{escape(str(exc))}[/]")
                            continue
                        break
            out.print(ui.describe(state, seat, action, events, viewer))
            save()
    except KeyboardInterrupt:
        # Every move is saved as it is made, so an interrupted game loses nothing.
        out.print()
        return leave("interrupted")
    out.print(ui.final(state) if ui.final else escape(state.result_text()))
    return 0


def parse_bots(text: str | None) -> tuple[str, ...]:
    """``--bot`` as typed: one name, or a comma-separated list in seat order."""
    if text is None:
        return ()
    return tuple(name.strip() for name in text.split(",") if name.strip())


def seat_bots(
    info: GameInfo[Any, Any], bots: Sequence[str], count: int, *, flag: str = "--bot"
) -> list[str]:
    """The bots of `count` seats: one name for every seat, or exactly one name per seat.

    OptionsError names an unknown bot or a list of the wrong length.
    """
    chosen = list(bots) if bots else [info.default_bot]
    for name in chosen:
        if name not in info.bots:
            raise OptionsError(
                f"unknown bot {name!r}{did_you_mean(name, info.bots)}; bots: "
                f"{', '.join(info.bots)}"
            )
    if len(chosen) == 1:
        return chosen * count
    if len(chosen) != count:
        raise OptionsError(
            f"{flag} names {len(chosen)} bots for {count} seats: give one name for every "
            f"seat or exactly {count}, comma-separated in seat order"
        )
    return chosen


def play_command(
    info: GameInfo[S, Any],
    *,
    ui: GameUI[S],
    preset: str | None = None,
    players: int | None = None,
    seed: int | None = None,
    human_seat: int = 1,
    bots: Sequence[str] = (),
    autoplay: bool = False,
    resume: Path | None = None,
    save: Path | None = None,
    option_pairs: Sequence[str] = (),
) -> None:
    """The body of every ``cardgames play GAME`` command.

    `preset` is the rule set by name (``--variant`` in Hanabi, ``--preset`` elsewhere) and
    `option_pairs` single ``-o KEY=VALUE`` options over it. `human_seat` counts from 1.
    `bots` names the bots of the other seats in seat order (one name is used for all).
    A bad option or save file is one red line and exit code 2.
    """
    out = Console(highlight=False)
    if save is not None and not save.name:
        raise fail(f"--save {str(save)!r} is not a file name (e.g. --save game.json)")
    try:
        if resume is not None:
            session = load_session(resume, info)
            save_path: Path | None = save or resume
            if session.state.is_over:
                raise RecordError(
                    f"the game in {str(resume)!r} is already over "
                    f"({session.state.result_text()}); start a new one without --resume"
                )
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            values = parse_option_pairs(option_pairs)
            reserved = sorted(set(values) & {"players", "seed", "names", "seat", "bot"})
            if reserved:
                raise OptionsError(
                    f"-o {reserved[0]}=... is not an option: use --{reserved[0]}"
                )
            if preset is not None:
                values[info.preset_word] = preset
            count = info.check_players(info.default_players if players is None else players)
            if not 1 <= human_seat <= count:
                raise OptionsError(f"'--seat' must be in 1..{count} (got {human_seat})")
            others = seat_bots(info, bots, count if autoplay else count - 1)
            kinds = iter(others)
            seats = tuple(
                HUMAN if (seat == human_seat - 1 and not autoplay) else next(kinds)
                for seat in range(count)
            )
            names = _seat_names(seats) if ui.name_seats else None
            state = info.new_game(count, seed, names=names, **values)
            session = SavedSession(state, seats, seed)
            save_path = save or _free_save_path(info, seed, out)
        code = run_session(info, ui, session, save_path=save_path, console=out)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    raise typer.Exit(code)


def _seat_names(seats: Sequence[str]) -> tuple[str, ...]:
    """"You" for the human, the bot's name for a bot (numbered when two share it)."""
    names = ["You" if kind == HUMAN else kind.capitalize() for kind in seats]
    for seat, name in enumerate(names):
        if names.count(name) > 1:
            names[seat] = f"{name} {seat + 1}"
    return tuple(names)


def game_app(name: str, help_text: str) -> typer.Typer:
    """A game's sub-app (``cardgames GAME ...``), with the settings every game shares: a bare
    group prints its help, and errors are left to the root's one-line handler."""
    return typer.Typer(
        name=name,
        help=help_text,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )


def make_play_command(info: GameInfo[S, Any], ui: GameUI[S]) -> Callable[..., None]:
    """The game's ``play`` command, with the flags every game shares.

    Mounted as ``cardgames play GAME`` and ``cardgames GAME play``. The rule set is
    ``--variant`` or ``--preset``, as the game's players call it (``GameInfo.preset_word``).
    """
    counts = info.player_counts
    count_text = (
        f"{counts.start} only" if len(counts) == 1 else f"{counts.start}-{counts.stop - 1}"
    )
    word = info.preset_word
    shown = ", ".join(list(info.presets)[:8]) + (", ..." if len(info.presets) > 8 else "")

    def play(
        preset: str | None = typer.Option(
            None, f"--{word}", "-r" if word == "preset" else "-v",
            help=f"The {word} (default {info.default_preset}): {shown}.",
        ),
        players: int | None = typer.Option(
            None, "--players", "-p", help=f"Number of players, {count_text} "
            f"(default {info.default_players})."
        ),
        seat: int = typer.Option(1, "--seat", "-k", help="Your seat, 1 = the first seat."),
        bot: str | None = typer.Option(
            None, "--bot", "-b", help=f"The bot in every other seat, or one per seat in seat "
            f"order, comma-separated ({', '.join(info.bots)}; default {info.default_bot})."
        ),
        seed: int | None = typer.Option(
            None, "--seed", "-s", help="Seed of the deal (random if not given)."
        ),
        option: list[str] = typer.Option(
            [], "--option", "-o", help=f"A single rule KEY=VALUE over the {word} "
            "(repeatable), e.g. -o rounds=6."
        ),
        autoplay: bool = typer.Option(False, "--autoplay", help="Bots in every seat; watch."),
        resume: Path | None = typer.Option(
            None, "--resume", help="Continue the game saved in FILE (after quit, Ctrl-C or "
            "end of input)."
        ),
        save: Path | None = typer.Option(
            None, "--save", help="Save the game to FILE after every move (default: a file "
            "under $CARDGAMES_HOME)."
        ),
    ) -> None:
        play_command(
            info, ui=ui, preset=preset, players=players, seed=seed, human_seat=seat,
            bots=parse_bots(bot), autoplay=autoplay, resume=resume, save=save,
            option_pairs=option,
        )

    play.__doc__ = f"Play {info.title} in the terminal against bots."
    return play
