"""The server, the protocol and the client are generic: no module of ``cardgames.server``,
``cardgames.wire``, ``cardgames.net`` or the app's online table imports a game, by name or
by a name it builds (a plug-in game gets them through its ``GameInfo`` hooks alone, as the
bundled games do)."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import cardgames
import cardgames.server
import cardgames.wire

GAME_PACKAGES = tuple(sorted({target.partition(":")[0]
                              for target in cardgames.registry.targets.values()}))
"""The packages of the built-in games (``cardgames.hanabi``...)."""

SINGLE_MODULES = ("cardgames.net", "cardgames.app.online", "cardgames.app.session")
"""The generic modules outside the two packages."""


def generic_modules() -> list[tuple[str, Path]]:
    found: list[tuple[str, Path]] = []
    for package in (cardgames.server, cardgames.wire):
        found.append((package.__name__, Path(package.__file__ or "")))
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            spec = module.module_finder.find_spec(module.name, None)  # type: ignore[call-arg]
            assert spec is not None
            assert spec.origin is not None
            found.append((module.name, Path(spec.origin)))
    for name in SINGLE_MODULES:
        path = Path(cardgames.__file__ or "").parent.joinpath(*name.split(".")[1:])
        found.append((name, path.with_suffix(".py")))
    return found


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def built_imports(path: Path) -> list[str]:
    """The calls in `path` that import a module by a name computed at run time
    (``importlib.import_module``, ``__import__``, ``importlib.util.find_spec``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            called = node.func
            name = (called.attr if isinstance(called, ast.Attribute)
                    else called.id if isinstance(called, ast.Name) else "")
            if name in {"import_module", "__import__", "find_spec"}:
                found.append(f"line {node.lineno}: {name}")
    return found


def test_the_game_packages_are_known() -> None:
    assert {"cardgames.hanabi", "cardgames.koikoi", "cardgames.ikebana"} <= set(GAME_PACKAGES)


def test_the_scan_sees_a_built_import(tmp_path: Path) -> None:
    # The check below would find the decoder's old way of reaching a game's modules.
    module = tmp_path / "old.py"
    module.write_text("import importlib\n\ndef parts(package):\n"
                      "    return importlib.import_module(f'{package}.yaku')\n")
    assert built_imports(module) == ["line 4: import_module"]


def test_no_generic_module_imports_a_game() -> None:
    modules = generic_modules()
    assert {"cardgames.server.app", "cardgames.server.tables", "cardgames.wire.encode",
            "cardgames.wire.decode", "cardgames.wire.messages"} <= {name for name, _ in modules}
    offenders = {
        name: sorted(imported for imported in imported_names(path)
                     if any(imported == game or imported.startswith(game + ".")
                            for game in GAME_PACKAGES))
        for name, path in modules}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_no_generic_module_builds_a_module_name() -> None:
    # What a layer needs of a game, it asks the game's GameInfo for (get_game, load_*).
    offenders = {name: built_imports(path) for name, path in generic_modules()}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_importing_the_generic_layers_loads_no_game() -> None:
    # Nothing imported at run time either (an importlib call would escape the AST check).
    names = ", ".join(name for name, _path in generic_modules())
    code = (f"import sys, importlib\nfor name in {names!r}.split(', '):\n"
            "    importlib.import_module(name)\n"
            f"print(sorted(m for m in sys.modules if m.startswith({GAME_PACKAGES!r})))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert found == "[]"


# Played in a fresh interpreter: each game is loaded through its GameInfo (the engine and the
# hooks it names), then every import asked for from a game package is recorded (a module
# not loaded yet goes through the finders, found or not), while the wire encodes and decodes
# whole games. The generic layers may ask for nothing more.
WATCH = """
import json, random, sys
import cardgames
from cardgames.wire.decode import legal_from_json, view_from_json
from cardgames.wire.encode import legal_choices, seat_view, spectator_view
games = GAMES
states = {}
for name in games:
    info = cardgames.get_game(name)
    info.load_table_aids(); info.load_spectator_hands(); info.load_view_decoder()
    state = info.new_game(info.default_players, 5)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    states[name] = state
asked = []
class Watch:
    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith(tuple(p + "." for p in games.values())):
            asked.append(fullname)
        return None
sys.meta_path.insert(0, Watch())
for name, state in states.items():
    seat = state.current_player if state.current_player is not None else 0
    data = json.loads(json.dumps(seat_view(state, seat)))
    assert view_from_json(name, data) == state.view(seat), name
    legal = json.loads(json.dumps(legal_choices(state, seat)))
    assert legal_from_json(name, legal) == list(state.legal_actions()), name
    assert view_from_json(type(state), json.loads(json.dumps(spectator_view(state)))) \\
        == state.public_view(), name
print(json.dumps(asked))
"""


def test_the_wire_asks_a_game_for_no_module() -> None:
    games = {name: target.partition(":")[0] for name, target in cardgames.registry.targets.items()}
    code = WATCH.replace("GAMES", repr(games))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
