"""Docs that run: every example file executes, and the CLI page covers every command."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
import typer

from cardgames.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_a_docs_example_runs(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(example), run_name="__main__")
    assert capsys.readouterr().out, f"{example.name} should show what it does"


def command_paths(group: typer.Typer, prefix: str = "cardgames") -> list[str]:
    paths = [f"{prefix} {command.name}" for command in group.registered_commands if command.name]
    for sub in group.registered_groups:
        assert sub.typer_instance is not None
        name = sub.name or sub.typer_instance.info.name
        paths += command_paths(sub.typer_instance, f"{prefix} {name}")
    return paths


def test_the_cli_page_names_every_command() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    page += "".join(
        (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
        for game in ("hanabi", "koikoi", "ikebana")
    )
    missing = [path for path in command_paths(app) if path not in page]
    assert not missing, f"document these commands: {missing}"


def test_the_readme_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in readme.split("```python\n")[1:]]
    assert blocks, "README.md shows a library example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_the_command_reference_is_generated_from_the_commands() -> None:
    script = runpy.run_path(str(ROOT / "docs" / "cli_reference.py"))
    page = (ROOT / "docs" / "cli-reference.md").read_text(encoding="utf-8")
    assert page == script["reference"](), (
        "docs/cli-reference.md is out of date: run .venv/bin/python docs/cli_reference.py"
    )
