"""Docs that run: every example file executes, and the CLI page covers every command."""

from __future__ import annotations

import re
import runpy
import subprocess
from pathlib import Path

import pytest
import typer

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_a_docs_example_runs(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(example), run_name="__main__")
    assert capsys.readouterr().out, f"{example.name} should show what it does"


def real_commands() -> list[tuple[str, typer.core.TyperCommand]]:
    """Every command path with its command, as the generated reference reads them."""
    script = runpy.run_path(str(ROOT / "docs" / "cli_reference.py"))
    return list(script["_all_commands"]())


def test_the_cli_pages_name_every_command() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    page += "".join(
        (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
        for game in ("hanabi", "koikoi", "ikebana")
    )
    paths = [path for path, _ in real_commands()]
    assert "cardgames koikoi play" in paths
    missing = [path for path in paths if path not in page and not path.endswith(" play")]
    assert not missing, f"document these commands: {missing}"


def test_every_flag_the_cli_pages_name_exists() -> None:
    flags = {
        name for _, command in real_commands() for param in command.params
        for name in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ()))
    }
    for page in ("cli.md", "games/hanabi.md", "games/koikoi.md", "games/ikebana.md"):
        text = "\n".join(
            line for line in (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines()
            if "benchmarks/" not in line  # the benchmark scripts' own flags
        )
        named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
        unknown = sorted(named - flags - {"--help", "--version"})
        assert not unknown, f"docs/{page} names flags no command has: {unknown}"


def test_make_play_installs_the_app_and_says_where_the_command_is(
    tmp_path: Path,
) -> None:
    venv = tmp_path / "venv"
    plan = subprocess.run(
        ["make", "-n", "play", f"VENV={venv}"], cwd=ROOT, capture_output=True, text=True,
        check=True,
    ).stdout
    installs = [line for line in plan.splitlines() if "pip install" in line]
    # The package and the app extra, nothing else: `cardgames play` at a terminal is then the
    # full-screen table the README pictures (issue 22), not the line mode.
    assert any(line.rstrip().endswith("install --quiet -e '.[app]'") for line in installs), plan
    assert not any("[" in line and "'.[app]'" not in line for line in installs), plan
    assert f"{venv}/bin/cardgames play koikoi" in plan
    assert "source" in plan
    assert "activate" in plan
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".venv/bin/cardgames" in readme
    assert "source .venv/bin/activate" in readme


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


@pytest.mark.parametrize("page", ["README.md", "docs/quickstart.md", "docs/index.md"])
def test_install_pages_do_not_call_the_working_extras_in_progress(page: str) -> None:
    # `cardgames simulate --cluster` and `--plot` work (tests/cli/test_simulate.py).
    text = (ROOT / page).read_text(encoding="utf-8").lower()
    assert "in progress" not in text, page
    assert "nothing in this release needs them" not in text, page
