"""The layering that ``docs/architecture.rst`` promises: every module of the package stands in
exactly one of the layers its table lists, and none imports a module of a layer above its own;
no library module imports the tools, the command line, the server or the testing package
(issues 16 and 25).

The table of the page is the one list of layers: the test reads it, so the page and the check
cannot disagree."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import tigeuph

PACKAGE = Path(tigeuph.__file__).parent
ARCHITECTURE = Path(__file__).parent.parent / "docs" / "architecture.rst"
OUTSIDE = ("tigeuph.tools", "tigeuph.cli", "tigeuph.server", "tigeuph.testing")
"""The packages above the library: each may import the library, never the other way."""

NOTEBOOK_HOOK = "_repr_svg_"
"""The one function allowed to import upward: IPython asks the state itself for its picture, so
``GameState._repr_svg_`` imports the pictures when it is called (the page says so)."""


def _module_name(path: Path) -> str:
    parts = ["tigeuph", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
    )


def _imports(path: Path, *, typing_too: bool) -> Iterator[tuple[str, str | None]]:
    """Every module the source at *path* imports, with the function it is imported in (``None``
    at the top); ``if TYPE_CHECKING:`` blocks only when *typing_too*."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def walk(node: ast.AST, function: str | None) -> Iterator[tuple[str, str | None]]:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child) and not typing_too:
                continue
            if isinstance(child, ast.Import):
                yield from ((alias.name, function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                yield base, function
                yield from ((f"{base}.{alias.name}", function) for alias in child.names)
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(child, child.name)
            else:
                yield from walk(child, function)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")), None)


def imported(path: Path) -> Iterator[str]:
    """Every module that the source at *path* imports, at its top or inside a function, with
    relative imports resolved (``from ..x import y`` may name the module ``x.y``)."""
    yield from (name for name, _ in _imports(path, typing_too=True))


def library_modules() -> Iterator[Path]:
    """The source files of the library: every module but the tools, the command line (with
    ``python -m tigeuph``), the server and the testing package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _module_name(path)
        if not _within(name, OUTSIDE) and name != "tigeuph.__main__":
            yield path


def documented_layers(text: str) -> list[tuple[str, list[str]]]:
    """The layers of the table under "The layers", bottom first: each layer's name and the
    units its modules column names in double backquotes (``state``, ``rules/`` for a package;
    ``tigeuph`` for the package's own ``__init__``)."""
    lines = text.split("\nThe layers\n", 1)[1].splitlines()
    borders = [i for i, line in enumerate(lines) if re.fullmatch(r"=+ +=+", line)]
    column = lines[borders[0]].rindex(" ") + 1
    layers: list[tuple[str, list[str]]] = []
    for line in lines[borders[1] + 1 : borders[2]]:
        if line[:column].strip():
            layers.append((line[:column].strip(), []))
        layers[-1][1].extend(re.findall(r"``([^`]+)``", line[column:]))
    return layers


def _unit(name: str) -> str:
    """The table's name for the module *name*: a package below ``tigeuph`` is named as a whole
    (``rules/``), a module by itself, the package's ``__init__`` as ``tigeuph``."""
    parts = name.split(".")
    if len(parts) == 1:
        return "tigeuph"
    if (PACKAGE / parts[1]).is_dir():
        return parts[1] + "/"
    return parts[1]


def _module_of(name: str, modules: set[str]) -> str | None:
    """The module of the package that an imported *name* is or lies in (``tigeuph.Game`` lies in
    ``tigeuph``), or ``None`` outside the package."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in modules:
            return ".".join(parts[:end])
    return None


def _layer_of() -> dict[str, tuple[int, str]]:
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    return {unit: (i, layer) for i, (layer, units) in enumerate(layers) for unit in units}


def test_the_walk_resolves_relative_imports() -> None:
    """The import walk sees relative imports, top-level and inside functions, as module names."""
    tools = imported(PACKAGE / "cli" / "tools.py")
    assert {"tigeuph.tools.simulate", "tigeuph.tools.bench", "tigeuph.errors"} <= set(tools)
    assert "tigeuph.engine" in set(imported(PACKAGE / "tools" / "bench.py"))
    assert "tigeuph.tools.simulate.report" in set(
        imported(PACKAGE / "tools" / "simulate" / "run.py")
    )


def test_the_walk_knows_where_an_import_stands() -> None:
    """An import inside a function is named with its function; one under ``if TYPE_CHECKING:``
    is left out of the layering's walk."""
    state = set(_imports(PACKAGE / "state.py", typing_too=False))
    assert ("tigeuph.svg", NOTEBOOK_HOOK) in state
    assert ("tigeuph.regions", None) in state
    reads = PACKAGE / "reads.py"
    assert "tigeuph.state" in set(imported(reads))
    assert "tigeuph.state" not in {name for name, _ in _imports(reads, typing_too=False)}


def test_the_table_is_read_layer_by_layer() -> None:
    """The table's rows, continuation lines included, give each layer its units, bottom first."""
    layers = dict(documented_layers(ARCHITECTURE.read_text(encoding="utf-8")))
    names = list(layers)
    assert names.index("the position") < names.index("the rules") < names.index("the engine")
    assert {"state", "work", "describe"} <= set(layers["the position"])
    assert "options" not in {unit for units in layers.values() for unit in units}


def test_every_module_stands_in_exactly_one_documented_layer() -> None:
    """Every module of the package stands in one layer of the architecture page's table, and
    the table names nothing that is not a module or package of it."""
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    named = [unit for _, units in layers for unit in units]
    twice = sorted({unit for unit in named if named.count(unit) > 1})
    assert not twice, f"in more than one layer of docs/architecture.rst: {twice}"
    units = {_unit(_module_name(path)) for path in PACKAGE.rglob("*.py")}
    missing = sorted(units - set(named))
    assert not missing, f"in no layer of docs/architecture.rst: {missing}"
    stale = sorted(set(named) - units)
    assert not stale, f"in docs/architecture.rst's layers but not in the package: {stale}"


def test_no_module_imports_a_module_of_a_higher_layer() -> None:
    """No module imports one of a layer above its own, at its top or inside a function; imports
    under ``if TYPE_CHECKING:`` (types only, never run) and the notebook hook are exempt."""
    layer_of = _layer_of()
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    upward: set[str] = set()
    for name, path in modules.items():
        low, low_name = layer_of[_unit(name)]
        for target, function in _imports(path, typing_too=False):
            module = _module_of(target, set(modules))
            if module is None or function == NOTEBOOK_HOOK:
                continue
            high, high_name = layer_of[_unit(module)]
            if high > low:
                upward.add(f"{name} ({low_name}) imports {module} ({high_name})")
    assert not upward, "imports that reach up a layer:\n" + "\n".join(sorted(upward))


def test_no_library_module_imports_the_tools_cli_server_or_testing() -> None:
    """No library module imports tigeuph.tools, tigeuph.cli, tigeuph.server or tigeuph.testing."""
    paths = list(library_modules())
    assert PACKAGE / "engine.py" in paths
    assert PACKAGE / "tools" / "bench.py" not in paths
    upward = {
        f"{_module_name(path)} imports {name}"
        for path in paths
        for name in imported(path)
        if _within(name, OUTSIDE)
    }
    assert not upward, sorted(upward)


def test_importing_tigeuph_loads_no_testing_module() -> None:
    """A program that imports tigeuph and plays a move loads nothing of tigeuph.testing, the
    tools or the command line."""
    code = (
        "import sys, tigeuph\n"
        "state = tigeuph.new_game(2, seed=1)\n"
        "tigeuph.check_state(tigeuph.apply(state, tigeuph.legal_actions(state)[0]))\n"
        "above = ('tigeuph.testing', 'tigeuph.tools', 'tigeuph.cli')\n"
        "print(sorted(m for m in sys.modules if m.startswith(above)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
