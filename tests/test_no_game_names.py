"""One room per game: the generic layers name no game and import none (issue 37).

Everything a layer needs from a game is named on its :class:`~cardgames.core.GameInfo` (as
``"module:NAME"`` text loaded on first use), so the core, the session, the server (its Python,
its web shell), the network client, the app (outside the per-game adapters its GameInfo
names), rl's and vector's generic modules, the trainer's front and the command line keep no
table of games. Three proofs:

- no file of a generic layer holds a built-in game's name or title, in code, strings,
  comments or docstrings (nothing is allowed: an example takes a game's name as a variable,
  or the tiny plug-in game);
- no generic module imports a game's module, by an import statement, an ``importlib`` call
  on a literal, or a ``"module:NAME"`` string (read from the source with ``ast``);
- in a new process where every module of the built-in games refuses to load and the registry
  holds only the tiny test game (``tests/tinygame``), every generic module imports, and the
  tiny game is played through the RL environments, the server (a table created, joined and
  played to its end), the web table's files and the app, through its GameInfo alone.

A layer's files are listed below by where they are; a layer a later change splits (the
command line as a package, the protocol as ``wire``) is found by either name.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
import tinygame
from cardgames.core.registry import GameInfo, Registry

SRC = Path(cardgames.__file__).parent
"""The package's folder (``src/cardgames``)."""

LAYERS: Mapping[str, tuple[str, ...]] = {
    "core": ("core",),
    "session": ("session.py",),
    "server": ("server", "wire"),
    "net": ("net.py",),
    "app": ("app",),
    "rl": ("rl/__init__.py", "rl/encoding.py", "rl/envs.py", "rl/gym.py", "rl/layout.py",
           "rl/runner.py", "rl/wrappers.py"),
    "vector": ("vector/__init__.py", "vector/env.py", "vector/wrappers.py"),
    "train": ("train/__init__.py",),
    "cli": ("cli.py", "cli", "commands.py", "terminal.py"),
}
"""The generic layers, by the paths under ``src/cardgames`` that hold them (a folder: every
file in it); each layer has at least one of its paths."""


def built_in_games() -> dict[str, GameInfo[Any, Any]]:
    """The games this package brings (no plug-in), by name."""
    bundled = Registry(dict(cardgames.registry.targets), entry_point_group=None)
    return bundled.all()


GAMES = built_in_games()
NAMES = re.compile("|".join(sorted({re.escape(word) for name, info in GAMES.items()
                                    for word in (name, info.title)})), re.IGNORECASE)
"""A built-in game's registry name or title (``koikoi``, ``Koi-Koi``), in any case."""

_TARGET = re.compile(r"[A-Za-z_][\w.]*(:[\w./]*)?")
"""A ``"package.module"`` or ``"package.module:NAME"`` target, as GameInfo fields write them."""


def _named_modules(info: GameInfo[Any, Any]) -> set[str]:
    """The modules of ours a GameInfo names in its fields (``"module:NAME"`` text): the
    game's own parts, wherever they live (its app adapter, its RL encoding...)."""
    found: set[str] = set()
    for field in attrs.fields(type(info)):
        value = getattr(info, field.name)
        for text in value.values() if isinstance(value, Mapping) else (value,):
            if not isinstance(text, str) or not _TARGET.fullmatch(text):
                continue
            module = text.partition(":")[0]
            try:
                spec = importlib.util.find_spec(module)
            except (ImportError, ValueError):
                continue
            if spec is not None and spec.origin and Path(spec.origin).is_relative_to(SRC):
                found.add(module)
    return found


GAME_MODULES = frozenset(
    {target.partition(":")[0] for target in cardgames.registry.targets.values()}
    | {module for info in GAMES.values() for module in _named_modules(info)})
"""The built-in games' packages and every module their GameInfo names (a module inside one
of these is a game's too)."""


def is_game_module(name: str) -> bool:
    return any(name == module or name.startswith(module + ".") for module in GAME_MODULES)


@cache
def per_game_files() -> frozenset[Path]:
    """The files of the generic folders that are a game's own because its GameInfo names
    them: its modules (an app adapter), and what they name in turn (the adapter's
    stylesheet)."""
    files: set[Path] = set()
    for info in GAMES.values():
        for module in _named_modules(info):
            spec = importlib.util.find_spec(module)
            assert spec is not None
            assert spec.origin is not None
            files.add(Path(spec.origin))
        if info.app_adapter is not None:
            stylesheet = info.load_app_adapter().stylesheet
            if stylesheet is not None:
                files.add(Path(stylesheet))
    return frozenset(files)


def layer_files(layer: str) -> list[Path]:
    """The files of `layer`, the per-game ones left out."""
    present = [SRC / path for path in LAYERS[layer] if (SRC / path).exists()]
    assert present, f"the layer {layer} is at none of {LAYERS[layer]}"
    files: set[Path] = set()
    for path in present:
        found = [path] if path.is_file() else [
            file for file in path.rglob("*") if file.is_file() and "__pycache__" not in file.parts]
        files.update(found)
    return sorted(files - per_game_files())


def module_name(path: Path) -> str | None:
    """The importable module a file of the package is (None: not a module of a package)."""
    if path.suffix != ".py" or path.stem == "__main__":  # importing a __main__ runs it
        return None
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    folder = path.parent
    while folder != SRC:  # every folder on the way must be a package (migrations are not)
        if not (folder / "__init__.py").is_file():
            return None
        folder = folder.parent
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["cardgames", *parts])


def _listed(what: str, offenders: Mapping[str, list[str]]) -> str:
    """Every offending line, by file, under `what` (all of them: the fix needs each)."""
    return "\n".join([f"{what}:", *(f"  {where} line {line}" for where, lines in
                                     offenders.items() for line in lines)])


def test_the_layers_and_the_games_modules_are_found() -> None:
    assert {"hanabi", "ikebana", "koikoi"} <= set(GAMES), GAMES
    for written in ("Koi-Koi", "HANABI", "ikebana_v0", "cardgames.koikoi.yaku"):
        assert NAMES.search(written), written
    assert {"cardgames.hanabi", "cardgames.app.games.koikoi", "cardgames.rl.ikebana",
            "cardgames.vector.hanabi", "cardgames.train.koikoi"} <= GAME_MODULES
    for layer in LAYERS:
        assert layer_files(layer), layer
    app = {path.relative_to(SRC).as_posix() for path in layer_files("app")}
    # The adapters and their stylesheets are the games' own; the app's own files are kept.
    assert not any(path.startswith("app/games/") and path != "app/games/__init__.py"
                   for path in app), app
    assert {"app/screens.py", "app/app.tcss", "app/games/__init__.py"} <= app
    assert SRC / "server" / "web" / "app.js" in layer_files("server")
    assert SRC / "app" / "games" / "koikoi.tcss" in per_game_files()
    assert is_game_module("cardgames.koikoi.yaku")
    assert not is_game_module("cardgames.koikoi_extra")


@pytest.mark.parametrize("layer", list(LAYERS))
def test_a_generic_layer_names_no_game(layer: str) -> None:
    offenders: dict[str, list[str]] = {}
    for path in layer_files(layer):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # not text (no such file now): nothing to read a name in
            continue
        lines = [f"{number}: {line.strip()[:120]}"
                 for number, line in enumerate(text.splitlines(), start=1) if NAMES.search(line)]
        if lines:
            offenders[path.relative_to(SRC).as_posix()] = lines
    assert not offenders, _listed(f"the {layer} layer names a game", offenders)


def imported_modules(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """What the source of `module` (at `path`) imports or names as an import target, by line:
    import statements (relative ones resolved), ``importlib.import_module``/``__import__``
    on a literal, and any string that is a ``"package.module[:NAME]"`` target."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and _TARGET.fullmatch(node.value)):
            yield node.lineno, node.value.partition(":")[0]


def test_imported_modules_reads_every_kind_of_import(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text("import cardgames.hanabi.cards\nfrom . import koikoi\n"
                      "from ..rl import ikebana\nimport importlib\n"
                      "importlib.import_module('cardgames.koikoi.yaku')\n"
                      "TARGET = 'cardgames.app.games.hanabi:ADAPTER'\n", encoding="utf-8")
    found = {name for _line, name in imported_modules(source, "cardgames.vector.env")
             if is_game_module(name)}
    assert found == {"cardgames.hanabi.cards", "cardgames.vector.koikoi", "cardgames.rl.ikebana",
                     "cardgames.koikoi.yaku", "cardgames.app.games.hanabi"}


@pytest.mark.parametrize("layer", list(LAYERS))
def test_no_generic_module_imports_a_game(layer: str) -> None:
    offenders: dict[str, list[str]] = {}
    for path in layer_files(layer):
        module = module_name(path)
        if module is None:
            continue
        found = [f"{line}: {name}" for line, name in imported_modules(path, module)
                 if is_game_module(name)]
        if found:
            offenders[module] = found
    assert not offenders, _listed(f"the {layer} layer imports a game's module", offenders)


# ---------------------------------------------------------------- the games' modules blocked

_BLOCKED_RUN = r'''
import asyncio, importlib, importlib.abc, json, sys, tempfile
from pathlib import Path

blocked = json.loads(sys.argv[1])
modules = json.loads(sys.argv[2])
attempts = {}
phase = "import"


def is_blocked(name):
    return any(name == module or name.startswith(module + ".") for module in blocked)


class Blocker(importlib.abc.MetaPathFinder):
    """Every module of the built-in games refuses to load (and the attempt is noted)."""

    def find_spec(self, name, path=None, target=None):
        if is_blocked(name):
            attempts.setdefault(phase, []).append(name)
            raise ModuleNotFoundError(f"{name} is a built-in game's module", name=name)
        return None


sys.meta_path.insert(0, Blocker())
import cardgames
from cardgames.core.registry import Registry

cardgames.registry = Registry({"tiny": "tinygame:GAME"}, entry_point_group=None)
done = {"missing_extras": []}

for name in modules:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if is_blocked(exc.name or ""):
            continue  # noted as an attempt
        if (exc.name or "").startswith("cardgames"):
            raise
        done["missing_extras"].append(f"{name}: {exc.name}")
done["import"] = True

phase = "rl"
from cardgames.rl import env, gym_env

game = env("tiny", players=3)
game.reset(seed=1)
for agent in game.agent_iter():
    observation, reward, terminated, truncated, info = game.last()
    action = None if terminated or truncated else int(observation["action_mask"].argmax())
    game.step(action)
single = gym_env("tiny", players=2)
observation, info = single.reset(seed=2)
over = False
while not over:
    observation, reward, terminated, truncated, info = single.step(
        int(single.action_masks().argmax()))
    over = terminated or truncated
done["rl"] = info["scores"]

phase = "server"
from server.kit import random_chooser, running_server

with tempfile.TemporaryDirectory() as folder, \
        running_server(f"sqlite:///{Path(folder) / 'server.db'}") as server:
    catalogue = server.ok("GET", "/api/games")
    table = server.create("tiny", [None, "high"], seed=3, autostart=True)
    seat, token = server.sit(table, "Ann")
    person = server.client()
    first = person.join(table, token)
    ended = person.play(random_chooser(5))
    person.close()
    done["server"] = {"games": [entry["name"] for entry in catalogue["games"]],
                      "status": first["status"], "scores": ended["scores"]}
    phase = "web"
    page = server.request("GET", "/")
    script = server.request("GET", "/games/tiny/tiny.js")
    done["web"] = {"page": page.status_code, "script": script.status_code,
                   "exports": "export function render" in script.text}

phase = "app"
from app.conftest import play_to_the_end, wait_until
from cardgames.app.app import CardgamesApp
from cardgames.app.screens import TableScreen


async def play():
    app = CardgamesApp(game="tiny", speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "started")
        table = app.screen
        await play_to_the_end(pilot, mouse=False)
        return table.session.state.game_name, table.session.state.is_over


done["app"] = list(asyncio.run(play()))

phase = "end"
done["attempts"] = attempts
done["loaded"] = sorted(name for name in sys.modules if is_blocked(name))
print(json.dumps(done))
'''


@pytest.fixture(scope="module")
def blocked_run() -> dict[str, Any]:
    """The run in a new process with the built-in games' modules refused (its findings)."""
    modules = sorted({name for layer in LAYERS for path in layer_files(layer)
                      if (name := module_name(path)) is not None})
    tests = Path(__file__).parent
    path = [SRC.parent, tests, Path(tinygame.__file__).parents[1]]
    done = subprocess.run(
        [sys.executable, "-c", _BLOCKED_RUN, json.dumps(sorted(GAME_MODULES)),
         json.dumps(modules)],
        capture_output=True, text=True, check=False, timeout=600,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(map(str, path))},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return found


@pytest.mark.parametrize("phase", ["import", "rl", "server", "web", "app"])
def test_with_the_games_modules_blocked_the_tiny_game_is_played_through_every_layer(
    blocked_run: dict[str, Any], phase: str
) -> None:
    # No generic module so much as tried to load a built-in game's module in this phase.
    assert blocked_run["attempts"].get(phase, []) == []
    assert phase in blocked_run, f"the {phase} phase did not finish"
    if phase == "import":
        assert blocked_run["loaded"] == []
    elif phase == "rl":
        assert len(blocked_run["rl"]) == 2  # the Gymnasium game's final scores, by seat
    elif phase == "server":
        assert blocked_run["server"]["games"] == ["tiny"]
        assert blocked_run["server"]["status"] == "playing"
        assert len(blocked_run["server"]["scores"]) == 2
    elif phase == "web":
        assert blocked_run["web"] == {"page": 200, "script": 200, "exports": True}
    else:
        assert blocked_run["app"] == ["tiny", True]
