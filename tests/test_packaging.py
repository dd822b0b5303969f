"""The package as published: one version source, changelog, license, metadata, install docs.

The built sdist and wheel themselves are checked by ``make package`` (.ci/check_package.py),
which CI runs after this suite.
"""

from __future__ import annotations

import re
import subprocess
import tomllib
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardgames
from cardgames.cli import app

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
NAME = PROJECT["name"]
# The extras a user may want; the others are for working on the project itself.
USER_EXTRAS = sorted(set(PROJECT["optional-dependencies"]) - {"dev", "docs", "package"})
VERSION_HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def changelog_versions() -> list[tuple[str, date]]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return [(v, date.fromisoformat(d)) for v, d in VERSION_HEADING.findall(text)]


def test_the_version_has_one_source_read_by_hatch() -> None:
    assert "version" not in PROJECT
    assert "version" in PROJECT["dynamic"]
    source = ROOT / PYPROJECT["tool"]["hatch"]["version"]["path"]
    assert source == ROOT / "src" / "cardgames" / "core" / "version.py"
    assigned = re.findall(r'^__version__ = "([^"]+)"$', source.read_text(encoding="utf-8"), re.M)
    assert assigned == [cardgames.__version__]
    # Nowhere else in the package spells the version out.
    others = [
        path.relative_to(ROOT) for path in (ROOT / "src").rglob("*.py")
        if path != source and f'"{cardgames.__version__}"' in path.read_text(encoding="utf-8")
    ]
    assert not others


def test_cardgames_version_is_the_changelogs_newest_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    shown = result.output.strip().removeprefix("cardgames ")
    versions = changelog_versions()
    assert versions, "CHANGELOG.md lists no released version"
    assert versions[0][0] == shown == cardgames.__version__


def test_the_changelog_keeps_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "[Unreleased]"
    assert len(headings) == 1 + len(changelog_versions()), f"malformed headings: {headings}"
    versions = changelog_versions()
    numbers = [tuple(int(part) for part in v.split(".")) for v, _ in versions]
    assert numbers == sorted(numbers, reverse=True), "newest version first"
    assert len(set(numbers)) == len(numbers)
    dates = [d for _, d in versions]
    assert dates == sorted(dates, reverse=True)
    sections = set(re.findall(r"^### (.+)$", text, re.M))
    assert sections <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_license_file_is_mit_as_declared() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert re.search(r"^Copyright \(c\) \d{4} the cardgames developers$", text, re.M)
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    # PyPI refuses a License :: classifier beside a license expression.
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_classifiers_match_the_supported_pythons_and_the_typed_package() -> None:
    classifiers = PROJECT["classifiers"]
    assert PROJECT["requires-python"] == ">=3.11"
    pythons = {c.rsplit(" :: ", 1)[1] for c in classifiers
               if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert pythons == {"3.11", "3.12", "3.13"}
    assert "Typing :: Typed" in classifiers
    assert (ROOT / "src" / "cardgames" / "py.typed").is_file()
    assert any(c.startswith("Topic :: Games/Entertainment") for c in classifiers)
    assert {"hanabi", "koikoi", "ikebana", "hanafuda"} <= set(PROJECT["keywords"])


def test_project_urls_are_placeholders_until_the_owner_fills_them() -> None:
    urls = PROJECT["urls"]
    assert {"Documentation", "Source", "Issues"} <= set(urls)
    for url in urls.values():
        # The reserved .invalid domain can never resolve to someone else's site.
        assert url.startswith("https://example.invalid/OWNER-FILLS-IN/")


def test_the_import_package_and_command_keep_their_name() -> None:
    assert NAME == "cardgames-engines"
    assert list(PROJECT["scripts"]) == ["cardgames"]
    assert PROJECT["scripts"]["cardgames"].startswith("cardgames.")
    assert PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [
        "src/cardgames"
    ]
    # The dev extra installs this very distribution's other extras, by its new name.
    assert PROJECT["optional-dependencies"]["dev"][0].startswith(f"{NAME}[test,docs")


@pytest.mark.parametrize("page", ["README.md", "docs/quickstart.md", "docs/index.md"])
def test_install_pages_show_pip_install_by_name_beside_the_make_commands(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert f"pip install {NAME}\n" in text or f"pip install {NAME} " in text
    shown_extras = set(re.findall(rf"pip install '{re.escape(NAME)}\[(\w+)\]'", text))
    declared = set(PROJECT["optional-dependencies"])
    assert shown_extras <= declared, f"{page} shows undeclared extras"
    if page != "docs/index.md":
        assert {"test", "rl", "cluster", "plot"} <= set(USER_EXTRAS)
        assert shown_extras == set(USER_EXTRAS)
        assert "make play" in text
        assert "make test" in text


def test_the_readme_says_what_each_extra_is_for() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for extra in USER_EXTRAS:
        row = next((line for line in readme.splitlines() if line.startswith(f"| `{extra}` |")),
                   None)
        assert row is not None, f"README has no row for the {extra} extra"
        _, installs, purpose = (cell.strip() for cell in row.strip("|").split("|"))
        # The row names exactly what the extra installs, and says what it is for.
        required = {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0]
                    for r in PROJECT["optional-dependencies"][extra]}
        assert set(installs.split(", ")) == required, f"README's {extra} row: {installs}"
        assert purpose


def test_ci_builds_checks_and_smoke_tests_the_package() -> None:
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
          .splitlines() if not line.lstrip().startswith("#")]
    # CI runs exactly README's test command, and that command ends with the package step.
    assert [line for line in ci if line.startswith("make")] == ["make test"]
    test_plan = subprocess.run(
        ["make", "-n", "test"], cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    assert test_plan.index("pytest") < test_plan.index(".ci/check_package.py")
    plan = subprocess.run(
        ["make", "-n", "package"], cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    steps = [line for line in plan.splitlines() if line.startswith((".venv/bin/", "rm "))]
    assert any("-m build --outdir dist ." in line for line in steps), plan
    assert any("twine check --strict dist/*" in line for line in steps), plan
    assert any(".ci/check_package.py dist" in line for line in steps), plan
    assert PROJECT["optional-dependencies"]["package"], "build and twine come from an extra"


def test_the_readme_installs_the_app_from_the_checkout_first() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```bash\n", 1)[1].split("```", 1)[0]
    assert first_block.splitlines()[0].startswith("make play"), first_block
    assert "pip install -e '.[app]'" in readme
    # The checkout's way comes before the (unpublished) package's.
    assert readme.index("pip install -e '.[app]'") < readme.index(f"pip install '{NAME}[app]'")
