"""The layers of the library, read from its imports: which package may import which.

Every module of ``src/cardgames`` is parsed (its imports at the top and inside functions
alike: an import a function makes when it runs is a dependency too; only imports under ``if
TYPE_CHECKING:`` are left out, since they never run) and each import is mapped to the
package it lands in: ``cardgames.koikoi.expert`` to ``koikoi``, ``cardgames.net`` to ``net``.
The rules (docs/dev/architecture.md):

- a game's engine package imports only the core and itself;
- the core imports nothing of ours outside the core;
- no two packages import each other, directly or round a longer circle;
- the package's own ``__init__`` loads only the core when imported (its ``simulate`` is
  loaded on first use, so :mod:`cardgames.simulate`, which reads the registry, and the
  package do not import each other).

The games are the registry's own, so a game added to it is held to the same rules.
"""

from __future__ import annotations

import ast
import itertools
import json
import subprocess
import sys
import warnings
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import cardgames

SOURCE = Path(cardgames.__file__).resolve().parent
ROOT = "cardgames"
"""The package itself (its ``__init__``), as a node of the graph."""
ROOT_LOADS_LATER = {"cardgames.simulate"}
"""What the package's ``__init__`` imports only when a name is first asked for."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def _resolve(name: str) -> str:
    """The module `name` lands in: itself, or for ``package.module.attribute`` the longest
    prefix that is one of our modules."""
    modules = _modules()
    while name not in modules and "." in name:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(module: str, *, top_level_only: bool = False) -> Iterator[tuple[str, int]]:
    """(the module imported, line) for every import of ours in `module`."""
    path = _modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[str, int]]:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from visit(child, in_function)
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            in_function = True
        if not (in_function and top_level_only):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield alias.name, node.lineno
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    source = node.module or ""
                for alias in node.names:
                    yield f"{source}.{alias.name}", node.lineno
        for child in ast.iter_child_nodes(node):
            yield from visit(child, in_function)

    for name, line in visit(tree, False):
        if name == ROOT or name.startswith(ROOT + "."):
            yield _resolve(name), line


def _package(module: str) -> str:
    """The package a module belongs to: ``cardgames.koikoi.expert`` -> ``koikoi``; the
    package's own ``__init__`` is ``cardgames``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT


@cache
def _edges() -> dict[tuple[str, str], list[str]]:
    """(importing package, imported package) -> where: ``module:line -> module``."""
    edges: dict[tuple[str, str], list[str]] = {}
    for module in _modules():
        top_only = module == ROOT
        for target, line in _imports(module, top_level_only=top_only):
            pair = (_package(module), _package(target))
            where = f"{module}:{line} -> {target}"
            if pair[0] != pair[1] and where not in edges.get(pair, ()):
                edges.setdefault(pair, []).append(where)
    return edges


def _engines() -> list[str]:
    """The packages of the registry's built-in games (``cardgames.hanabi`` -> ``hanabi``)."""
    packages = {target.partition(":")[0] for target in cardgames.registry.targets.values()}
    return sorted(_package(name) for name in packages if name.startswith(ROOT + "."))


def test_the_graph_sees_the_imports_it_should() -> None:
    # The parser finds the imports a function makes and those of a relative import, and maps
    # an imported name to the module holding it: otherwise every rule below would pass on an
    # empty graph.
    edges = _edges()
    assert ("cli", "session") in edges
    assert any("cardgames.cli:" in where and "-> cardgames.server.app" in where
               for where in edges[("cli", "server")])  # inside `cardgames server`
    assert len(_engines()) >= 3
    for engine in _engines():
        assert (engine, "core") in edges


@pytest.mark.parametrize("engine", _engines())
def test_an_engine_imports_only_the_core_and_itself(engine: str) -> None:
    wrong = {pair: where for pair, where in _edges().items()
             if pair[0] == engine and pair[1] != "core"}
    assert not wrong, f"{engine} imports beyond the core: {wrong}"


USER_INTERFACES = ("rich", "typer", "textual", "click", "fastapi", "websockets", "jax")
"""Outside libraries of the layers above the engines (terminal, command line, app, server,
vector engines): a game's rules never import them, and only its renderer imports rich."""


def _outside_imports(module: str) -> set[str]:
    """The top-level names of the outside libraries `module` imports (anywhere in it)."""
    path = _modules()[module]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("engine", _engines())
def test_only_an_engines_renderer_draws_and_nothing_of_it_is_a_user_interface(
    engine: str,
) -> None:
    files = {name: _outside_imports(name) for name in _modules() if _package(name) == engine}
    wrong = {name: sorted(used & set(USER_INTERFACES)) for name, used in files.items()
             if used & set(USER_INTERFACES) - ({"rich"} if name.endswith(".render") else set())}
    assert not wrong, f"{engine}: files importing user-interface libraries: {wrong}"
    assert "rich" in files[f"{ROOT}.{engine}.render"]  # the check reads real imports


def test_the_core_imports_nothing_of_ours_beyond_itself() -> None:
    wrong = {pair: where for pair, where in _edges().items() if pair[0] == "core"}
    assert not wrong, f"the core imports beyond itself: {wrong}"
    drawing = {name: sorted(_outside_imports(name) & set(USER_INTERFACES))
               for name in _modules() if _package(name) == "core"}
    assert not any(drawing.values()), f"the core imports a user interface: {drawing}"


def test_the_package_loads_only_the_core_and_simulate_on_first_use() -> None:
    at_import = {_package(target) for target, _ in _imports(ROOT, top_level_only=True)}
    assert at_import <= {"core"}, at_import
    later = {target for target, _ in _imports(ROOT)} - {
        target for target, _ in _imports(ROOT, top_level_only=True)}
    assert later == ROOT_LOADS_LATER


def _circle() -> list[str] | None:
    """A circle of packages importing each other (the first found), or None."""
    following: dict[str, set[str]] = {}
    for importer, imported in _edges():
        following.setdefault(importer, set()).add(imported)
    done: set[str] = set()
    path: list[str] = []

    def walk(package: str) -> list[str] | None:
        if package in path:
            return [*path[path.index(package):], package]
        if package in done:
            return None
        path.append(package)
        for nxt in sorted(following.get(package, ())):
            found = walk(nxt)
            if found is not None:
                return found
        path.pop()
        done.add(package)
        return None

    for start in sorted(following):
        found = walk(start)
        if found is not None:
            return found
    return None


def test_no_two_packages_import_each_other() -> None:
    circle = _circle()
    if circle is not None:
        where = {f"{a} -> {b}": _edges()[(a, b)] for a, b in itertools.pairwise(circle)}
        pytest.fail(f"the packages {' -> '.join(circle)} import each other: "
                    f"{json.dumps(where, indent=1)}")


def _loaded_after(statement: str) -> list[str]:
    """Our modules loaded in a fresh interpreter after running `statement`."""
    program = (f"import sys\n{statement}\n"
               "print('\\n'.join(sorted(m for m in sys.modules if m.split('.')[0] == "
               f"{ROOT!r})))")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True, timeout=120)
    return done.stdout.split()


def test_importing_every_module_of_an_engine_loads_only_the_core_and_it() -> None:
    # What the parser cannot see (an import built from a string) shows here: every file of
    # every engine is imported, and nothing of ours beyond the core, the engine and the
    # package's own __init__ is loaded.
    engines = _engines()
    names = [name for name in _modules() if _package(name) in engines]
    loaded = _loaded_after("\n".join(f"import {name}" for name in names))
    beyond = [name for name in loaded if _package(name) not in {ROOT, "core", *engines}]
    assert not beyond
    assert set(names) <= set(loaded)


def test_simulate_is_loaded_on_first_use_and_stays_the_function() -> None:
    program = "\n".join([
        "import cardgames",
        "assert 'cardgames.simulate' not in sys.modules",
        "from cardgames.simulate import GameResult",  # the submodule, imported by name
        "assert cardgames.simulate is sys.modules['cardgames.simulate'].simulate",
        "assert len(list(cardgames.simulate('koikoi', 1, seed=3))) == 1",
    ])
    assert "cardgames.simulate" in _loaded_after(program)
    # Asked for before the submodule is imported: the same function.
    assert "cardgames.simulate" in _loaded_after(
        "import cardgames\nrun = cardgames.simulate\n"
        "assert run is sys.modules['cardgames.simulate'].simulate")


def test_the_old_path_of_the_shared_command_pieces_still_works_and_warns() -> None:
    sys.modules.pop("cardgames.commands", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        import cardgames.commands as old  # noqa: PLC0415
    import cardgames.cli.commands as new  # noqa: PLC0415

    assert old is new
    assert any(issubclass(w.category, DeprecationWarning) and "cardgames.cli.commands"
               in str(w.message) for w in caught)


ARCHITECTURE = Path(__file__).resolve().parent.parent / "docs" / "dev" / "architecture.md"
UNLISTED = {"__main__", "commands"}
"""Packages the layers page leaves out: ``python -m cardgames`` (it runs the command line)
and the deprecated alias of ``cardgames.cli.commands``."""


def _documented_layers() -> dict[str, int]:
    """Each package of the layers page's picture, by its line (0 at the top)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    picture = text.split("```\n", 2)[1]
    ranks: dict[str, int] = {}
    for line in picture.splitlines():
        if not line or line[0] == " ":
            continue  # the words of the line above, carried on
        rank = len(set(ranks.values()))
        for word in line.split("  ")[0].split():
            ranks[word.removesuffix("/").removesuffix(".py")] = rank
    return ranks


def test_the_layers_page_draws_every_package_with_its_arrows_pointing_down() -> None:
    ranks = _documented_layers()
    packages = {package for pair in _edges() for package in pair} | set(_engines())
    assert packages - UNLISTED <= set(ranks), "docs/dev/architecture.md lacks a package"
    upward = {f"{a} -> {b}": where for (a, b), where in _edges().items()
              if a not in UNLISTED and ranks[a] >= ranks[b]}
    assert not upward, f"docs/dev/architecture.md draws these imports pointing up: {upward}"
