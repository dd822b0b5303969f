"""Write docs/cli-reference.md from the real commands: ``python docs/cli_reference.py``.

The page lists every command of ``cardgames`` (the games' sub-apps included) with its usage,
its help and a table of its arguments and options, read from the Typer app itself.
``tests/test_docs.py`` checks that the committed page is exactly what this script writes, so
the reference can never drift from the code.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer

import cardgames
from cardgames.cli import app

PAGE = Path(__file__).resolve().parent / "cli-reference.md"

HEADER = """\
# Command reference

Every command of `cardgames`, generated from the commands themselves by
`docs/cli_reference.py` (a test checks this page matches them). The
[command line overview](cli.md) explains how they fit together. `cardgames play GAME` is
the same command as `cardgames GAME play`: every game's takes the same flags.
"""


def _commands(group: Any, path: str) -> Iterator[tuple[str, Any]]:
    """(full path, command) for every leaf command under `group`, in its listed order (a
    hidden one, such as an old name saying where it went, left out as ``--help`` leaves it)."""
    for name, command in group.commands.items():
        if getattr(command, "hidden", False):
            continue
        if hasattr(command, "commands"):
            yield from _commands(command, f"{path} {name}")
        else:
            yield f"{path} {name}", command


def _all_commands() -> Iterator[tuple[str, Any]]:
    root = typer.main.get_command(app)
    yield from _commands(root, "cardgames")
    for name in cardgames.registry.names():
        # A game's sub-app is imported only when it is run; the page loads each one.
        module = cardgames.get_game(name).load_cli()
        yield from _commands(typer.main.get_command(module.app), f"cardgames {name}")


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _parameter_rows(command: Any) -> list[str]:
    rows = []
    for param in command.params:
        if getattr(param, "hidden", False) or param.name == "help":
            continue
        if type(param).__name__.endswith("Argument"):
            flags = f"`{param.name.upper()}`"
        else:
            names = [*param.opts, *param.secondary_opts]
            flags = " / ".join(f"`{name}`" for name in names)
        default = param.default
        empty = default is None or default is False or default in ("", [], ()) or callable(
            default
        )
        shown = "" if empty else f"{default}"
        rows.append(f"| {flags} | {_cell(param.help or '')} | {_cell(shown)} |")
    return rows


def reference() -> str:
    """The whole page, as Markdown."""
    parts = [HEADER]
    for path, command in _all_commands():
        parts.append(f"## `{path}`\n")
        help_text = (command.help or "").strip()
        if help_text:
            parts.append(help_text + "\n")
        rows = _parameter_rows(command)
        if rows:
            parts.append("| argument or option | meaning | default |\n|---|---|---|")
            parts.append("\n".join(rows) + "\n")
    return "\n".join(parts)


def main() -> None:
    """Write the page (or, with ``--check``, exit 1 if it is out of date)."""
    text = reference()
    if "--check" in sys.argv[1:]:
        raise SystemExit(0 if PAGE.read_text(encoding="utf-8") == text else 1)
    PAGE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
