"""The server is generic: no module of ``cardgames.server`` imports a game (a plug-in game gets
the server through its ``GameInfo`` hooks alone, as the bundled games do)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import cardgames
import cardgames.server

GAME_PACKAGES = tuple(sorted({target.partition(":")[0]
                              for target in cardgames.registry.targets.values()}))
"""The packages of the built-in games (``cardgames.hanabi``...)."""


def server_modules() -> list[tuple[str, Path]]:
    package = cardgames.server
    found = [("cardgames.server", Path(package.__file__ or ""))]
    for module in pkgutil.walk_packages(package.__path__, "cardgames.server."):
        spec = module.module_finder.find_spec(module.name, None)  # type: ignore[call-arg]
        assert spec is not None
        assert spec.origin is not None
        found.append((module.name, Path(spec.origin)))
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


def test_the_game_packages_are_known() -> None:
    assert {"cardgames.hanabi", "cardgames.koikoi", "cardgames.ikebana"} <= set(GAME_PACKAGES)


def test_no_server_module_imports_a_game() -> None:
    modules = server_modules()
    assert {"cardgames.server.app", "cardgames.server.views", "cardgames.server.tables"} <= {
        name for name, _path in modules}
    offenders = {
        name: sorted(imported for imported in imported_names(path)
                     if any(imported == game or imported.startswith(game + ".")
                            for game in GAME_PACKAGES))
        for name, path in modules}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_importing_the_server_loads_no_game() -> None:
    # Nothing imported at run time either (an importlib call would escape the AST check).
    names = ", ".join(name for name, _path in server_modules())
    code = (f"import sys, importlib\nfor name in {names!r}.split(', '):\n"
            "    importlib.import_module(name)\n"
            f"print(sorted(m for m in sys.modules if m.startswith({GAME_PACKAGES!r})))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert found == "[]"
