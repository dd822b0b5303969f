"""Check the built sdist and wheel as a user would meet them (``make package`` runs this).

Usage: ``python .ci/check_package.py DIST_DIR [--python PYTHON] [--sdist-tests none|some|all]``

1. The two files in DIST_DIR are this version's sdist and wheel, under the distribution name
   pyproject.toml declares.
2. The wheel's metadata: name, version, license expression and file, extras, valid classifiers
   (and no ``License ::`` classifier, which PyPI refuses beside a license expression), the
   ``cardgames`` command; its files: every module of ``src/cardgames`` and ``py.typed``,
   nothing else.
3. The sdist holds what building and testing need: every file git tracks under ``src``,
   ``tests``, ``docs``, ``benchmarks`` and the top-level project files; no caches or venvs.
4. A fresh virtualenv in a temporary folder (outside the source tree, which is therefore not
   importable) gets the wheel alone, then runs the smoke test there: ``cardgames --version``
   and ``list``, one autoplayed game of each game saved to a file, ``cardgames replay`` of
   each, which must end as the game did; ``py.typed`` installed, and mypy accepts a typed
   client of the installed package.
5. The wheel again with its ``test`` extra: ``cardgames.testing`` imports and its conformance
   machine runs; then, with the extras the tests use, the test suite unpacked from the sdist
   runs against the installed wheel, never its ``src`` (without ``../shared``: those skip):
   every test module is collected, and the core, command-line, docs and packaging tests run
   (``--sdist-tests all`` runs them all; ``make test`` already ran them on the source).

Stdlib only, apart from trove-classifiers (the ``package`` extra) and mypy (``dev``).
"""

from __future__ import annotations

import argparse
import email.parser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "cardgames"
# Files of the project's top level that the sdist must carry.
TOP_LEVEL = ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "Makefile", "mkdocs.yml")
# Folders whose every tracked file the sdist must carry.
TRACKED_FOLDERS = ("src", "tests", "docs", "benchmarks")
# Path parts that must never be packed.
JUNK = {
    ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis",
    "site", "dist", "build", ".git",
}
# Extras the README promises.
EXTRAS = ("test", "rl", "cluster", "plot")
# The sdist's tests run by default against the wheel: quick, and they exercise the installed
# command, records, registry and docs examples (the engines' own tests ran in `make test`).
SOME_TESTS = ("tests/core", "tests/cli", "tests/test_docs.py", "tests/test_packaging.py")
# Game options that keep an autoplayed game short.
SHORT_GAME = {"koikoi": ["-o", "rounds=1"], "ikebana": ["-o", "rounds=1"]}
# A client of the installed package that mypy --strict accepts only if the types ship.
TYPED_CLIENT = """\
import cardgames
from cardgames.core import RandomAgent, play

state = cardgames.new_game("koikoi", players=2, seed=1)
record = play(state, [RandomAgent(seat) for seat in range(2)])
version: str = cardgames.__version__
scores: list[float] = [float(score) for score in state.scores()]
"""


class CheckError(Exception):
    """One check did not hold; the message says which and why."""


def fail_unless(condition: bool, message: str) -> None:
    if not condition:
        raise CheckError(message)


def run(
    command: Sequence[str | Path], *, cwd: Path, env: dict[str, str] | None = None
) -> str:
    """Run `command`; return its output, or raise CheckError with the output."""
    result = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
        check=False,
    )
    output = result.stdout + result.stderr
    if result.returncode != 0:
        shown = " ".join(str(part) for part in command)
        raise CheckError(f"`{shown}` exited {result.returncode}:\n{output[-4000:]}")
    return output


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def project() -> tuple[str, str, dict[str, list[str]]]:
    """The distribution name, the version (from its one source) and the extras."""
    meta = pyproject()
    version_file = ROOT / meta["tool"]["hatch"]["version"]["path"]
    found = re.search(r'^__version__ = "([^"]+)"$', version_file.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise CheckError(f"{version_file} sets no __version__")
    return meta["project"]["name"], found.group(1), meta["project"]["optional-dependencies"]


def normalized(name: str) -> str:
    """The file-name form of a distribution name (PEP 427/625)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def find_dists(dist: Path, name: str, version: str) -> tuple[Path, Path]:
    stem = f"{normalized(name)}-{version}"
    sdist, wheel = dist / f"{stem}.tar.gz", dist / f"{stem}-py3-none-any.whl"
    present = sorted(path.name for path in dist.iterdir())
    fail_unless(present == sorted([sdist.name, wheel.name]), f"{dist} holds {present}, "
                f"expected exactly {sdist.name} and {wheel.name}")
    return sdist, wheel


def check_wheel(wheel: Path, name: str, version: str, sdist_files: set[str]) -> None:
    import trove_classifiers  # noqa: PLC0415  # the `package` extra

    with zipfile.ZipFile(wheel) as archive:
        files = set(archive.namelist())
        info = f"{normalized(name)}-{version}.dist-info"
        metadata = email.parser.Parser().parsestr(
            archive.read(f"{info}/METADATA").decode("utf-8")
        )
        entry_points = archive.read(f"{info}/entry_points.txt").decode("utf-8")
    fail_unless(metadata["Name"] == name, f"wheel Name is {metadata['Name']!r}, not {name!r}")
    fail_unless(metadata["Version"] == version, f"wheel Version is {metadata['Version']!r}")
    fail_unless(metadata["License-Expression"] == "MIT", "wheel has no License-Expression: MIT")
    fail_unless(f"{info}/licenses/LICENSE" in files, "wheel lacks the LICENSE file")
    fail_unless(bool(metadata["Requires-Python"]), "wheel has no Requires-Python")
    extras = set(metadata.get_all("Provides-Extra") or [])
    fail_unless(set(EXTRAS) <= extras, f"wheel extras {sorted(extras)} lack some of {EXTRAS}")
    classifiers = metadata.get_all("Classifier") or []
    unknown = [c for c in classifiers if c not in trove_classifiers.classifiers]
    fail_unless(not unknown, f"classifiers PyPI does not know: {unknown}")
    deprecated = [c for c in classifiers if c in trove_classifiers.deprecated_classifiers]
    fail_unless(not deprecated, f"deprecated classifiers: {deprecated}")
    licenses = [c for c in classifiers if c.startswith("License ::")]
    fail_unless(not licenses, f"PyPI refuses License :: classifiers beside the license "
                f"expression: {licenses}")
    fail_unless("Typing :: Typed" in classifiers, "wheel lacks the Typing :: Typed classifier")
    target = pyproject()["project"]["scripts"]["cardgames"]
    fail_unless(f"\ncardgames = {target}\n" in f"\n{entry_points}\n",
                f"wheel does not install the `cardgames` command ({target})")
    modules = {
        path.removeprefix("src/") for path in sdist_files
        if path.startswith(f"src/{PACKAGE}/")
    }
    missing = sorted(modules - files)
    fail_unless(not missing, f"wheel lacks package files: {missing}")
    fail_unless(f"{PACKAGE}/py.typed" in files, "wheel lacks py.typed")
    stray = sorted(f for f in files if not f.startswith((f"{PACKAGE}/", f"{info}/")))
    fail_unless(not stray, f"wheel holds files outside the package: {stray}")
    urls = metadata.get_all("Project-URL") or []
    fail_unless(bool(urls), "wheel has no project URLs")
    if any("example.invalid" in url for url in urls):
        print("note: the project URLs are still placeholders for the owner to fill in")


def sdist_files(sdist: Path) -> set[str]:
    """The sdist's file paths, relative to its top folder."""
    with tarfile.open(sdist) as archive:
        names = [member.name for member in archive.getmembers() if member.isfile()]
    return {name.split("/", 1)[1] for name in names if "/" in name}


def check_sdist(files: set[str]) -> None:
    missing = sorted(set(TOP_LEVEL) - files)
    fail_unless(not missing, f"sdist lacks {missing}")
    junk = sorted(f for f in files if JUNK & set(f.split("/")[:-1]) or f.endswith(".pyc"))
    fail_unless(not junk, f"sdist holds caches or build output: {junk[:10]}")
    if shutil.which("git") and (ROOT / ".git").exists():
        tracked = run(["git", "ls-files", *TRACKED_FOLDERS], cwd=ROOT).splitlines()
        missing = sorted(set(tracked) - files)
        fail_unless(not missing, f"sdist lacks tracked files: {missing[:20]}")
    for folder in TRACKED_FOLDERS:
        fail_unless(any(f.startswith(f"{folder}/") for f in files), f"sdist has no {folder}/")


def smoke_test(venv: Path, wheel: Path, version: str, work: Path, env: dict[str, str]) -> None:
    python, command = venv / "bin" / "python", venv / "bin" / "cardgames"
    run([python, "-m", "pip", "install", "--quiet", wheel], cwd=work, env=env)
    where = run([python, "-c", f"import {PACKAGE}; print({PACKAGE}.__file__)"], cwd=work, env=env)
    fail_unless(Path(where.strip()).is_relative_to(venv),
                f"{PACKAGE} was imported from {where.strip()}, not from the fresh virtualenv")
    shown = run([command, "--version"], cwd=work, env=env).strip()
    fail_unless(shown == f"cardgames {version}", f"`cardgames --version` says {shown!r}")
    print(f"ok: {shown}, imported from the fresh virtualenv")

    names = run([python, "-c", "import cardgames; print(*cardgames.games())"], cwd=work,
                env=env).split()
    fail_unless({"hanabi", "ikebana", "koikoi"} <= set(names), f"games are {names}")
    listing = run([command, "list"], cwd=work, env=env)
    fail_unless(all(name in listing for name in names), f"`cardgames list` says:\n{listing}")
    for name in names:
        record = work / f"{name}.json"
        played = run([command, "play", name, "--autoplay", "--seed", "1",
                      *SHORT_GAME.get(name, []), "--save", record], cwd=work, env=env)
        replayed = run([command, "replay", record], cwd=work, env=env)
        end = played.strip().splitlines()[-1]
        fail_unless(replayed.strip().splitlines()[-1] == end,
                    f"replay of {name} ends differently from the game:\n{replayed[-1000:]}")
        print(f"ok: {name} autoplayed and replayed: {end.strip()}")

    marker = run([python, "-c", "import importlib.resources as r; "
                  f"print(r.files('{PACKAGE}').joinpath('py.typed').is_file())"],
                 cwd=work, env=env).strip()
    fail_unless(marker == "True", "py.typed is not installed")
    client = work / "client.py"
    client.write_text(TYPED_CLIENT, encoding="utf-8")
    run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--python-executable", python, client], cwd=work, env=env)
    print("ok: py.typed installed; mypy --strict accepts a typed client of the wheel")


def check_test_extra(
    venv: Path, wheel: Path, sdist: Path, work: Path, env: dict[str, str], *, tests: str
) -> None:
    python = venv / "bin" / "python"
    run([python, "-m", "pip", "install", "--quiet", f"{wheel}[test]"], cwd=work, env=env)
    run([python, "-c",
         "from hypothesis import settings\n"
         "from hypothesis.stateful import run_state_machine_as_test\n"
         "from cardgames.testing import conformance_machine\n"
         "machine = conformance_machine('koikoi', max_examples=3, steps=20)\n"
         "run_state_machine_as_test(machine, settings=settings(max_examples=3, deadline=None))\n"],
        cwd=work, env=env)
    print("ok: cardgames.testing imports with the test extra; its conformance machine runs")
    if tests == "none":
        return
    with tarfile.open(sdist) as archive:
        archive.extractall(work / "sdist", filter="data")
    (source,) = (work / "sdist").iterdir()
    # The extras `make test` has (those the dev extra names), but for the docs tools.
    dev = pyproject()["project"]["optional-dependencies"]["dev"][0]
    found = re.fullmatch(r"[\w.-]+\[([\w,\s]+)\]", dev)
    extras = [e.strip() for e in found.group(1).split(",")] if found else ["test"]
    wanted = ",".join(e for e in extras if e != "docs")
    run([python, "-m", "pip", "install", "--quiet", f"{wheel}[{wanted}]"], cwd=work, env=env)
    # As `make test` runs them, but without ../shared (CI=true would fail its tests) and
    # without the smoke test's wide terminal (some tests measure line widths).
    test_env = {key: value for key, value in env.items() if key not in ("CI", "COLUMNS")}
    # Under `python -m pytest` the tests see the sdist's top folder and tests/ (pyproject's
    # pythonpath), never src/: the package they import is the installed wheel.
    where = run([python, "-c", f"import {PACKAGE}; print({PACKAGE}.__file__)"], cwd=source,
                env=test_env | {"PYTHONPATH": str(source / "tests")}).strip()
    fail_unless(Path(where).is_relative_to(venv), f"the tests would import {where}")
    pytest: list[str | Path] = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    collected = run([*pytest, "--collect-only"], cwd=source, env=test_env)
    print(f"ok: every test module of the sdist imports: {collected.strip().splitlines()[-1]}")
    selected = SOME_TESTS if tests == "some" else ()
    output = run([*pytest, "-n", "2", *selected], cwd=source, env=test_env)
    which = "the core, command-line, docs and packaging" if selected else "all the"
    print(f"ok: {which} tests of the sdist pass against the installed wheel: "
          + output.strip().splitlines()[-1])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("dist", type=Path, help="the folder python -m build wrote")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python that makes the fresh virtualenv (default: this one)")
    parser.add_argument("--sdist-tests", choices=("none", "some", "all"), default="some",
                        help="which of the sdist's tests to run against the wheel")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        name, version, extras = project()
        fail_unless(set(EXTRAS) <= set(extras), f"pyproject extras lack some of {EXTRAS}")
        sdist, wheel = find_dists(args.dist.resolve(), name, version)
        files = sdist_files(sdist)
        check_sdist(files)
        print(f"ok: {sdist.name} holds the project ({len(files)} files)")
        check_wheel(wheel, name, version, files)
        print(f"ok: {wheel.name}: metadata, classifiers, package files, py.typed")
        with tempfile.TemporaryDirectory(prefix="cardgames-package-") as folder:
            work = Path(folder)
            fail_unless(not work.is_relative_to(ROOT), "the scratch folder is inside the tree")
            venv = work / "venv"
            run([args.python, "-m", "venv", venv], cwd=work)
            env = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
            env |= {"CARDGAMES_HOME": str(work / "home"), "COLUMNS": "200"}
            smoke_test(venv, wheel, version, work, env)
            check_test_extra(venv, wheel, sdist, work, env, tests=args.sdist_tests)
    except CheckError as error:
        print(f"package check failed: {error}", file=sys.stderr)
        return 1
    print(f"package check passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
