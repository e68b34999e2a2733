"""The layering that ``docs/architecture.rst`` promises (issues 16, 25 and 38): every module of
the package stands in exactly one of the layers its first table lists, and none imports a
module of a layer above its own; the core imports no game, a game no other game, and no game
the registry, the players, the adapters, testing, the tools or the applications; inside each
game, the modules keep the order of the second table; and no library module imports the tools,
the command line, the server or the testing package.

The tables of the page are the one list of layers: the test reads them, so the page and the
check cannot disagree."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from helpers.paths import DOCS

import tigeuph

PACKAGE = Path(tigeuph.__file__).parent
ARCHITECTURE = DOCS / "architecture.rst"
OUTSIDE = ("tigeuph.tools", "tigeuph.cli", "tigeuph.server", "tigeuph.testing")
"""The packages above the library: each may import the library, never the other way."""

CORE = "the core"
GAMES = ("the main game", "Babel")
"""The layers of the first table that the three rules of issue 38 name."""

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


# --- the page's tables ------------------------------------------------------------------------


def _table(text: str, heading: str) -> list[list[str]]:
    """The rows of the first simple table under *heading*, each a list of its cells' text
    (a row's continuation lines, whose first cell is blank, joined to it); the header first."""
    lines = text.split(f"\n{heading}\n", 1)[1].splitlines()
    borders = [i for i, line in enumerate(lines) if re.fullmatch(r"=+( +=+)+", line)]
    starts = [m.start() for m in re.finditer(r"=+", lines[borders[0]])]
    ends = [*starts[1:], None]

    def cells(line: str) -> list[str]:
        return [line[start:end].strip() for start, end in zip(starts, ends, strict=True)]

    rows = [cells(lines[borders[0] + 1])]
    for line in lines[borders[1] + 1 : borders[2]]:
        row = cells(line)
        if row[0] or len(rows) == 1:
            rows.append(row)
        else:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], row, strict=True)]
    return rows


def _units(cell: str) -> list[str]:
    return re.findall(r"``([^`]+)``", cell)


def documented_layers(text: str) -> list[tuple[str, list[str]]]:
    """The layers of the table under "The layers", bottom first: each layer's name and the
    units its modules column names in double backquotes (``core/``, ``records/history``: a
    package when it ends in ``/``, else a module; ``tigeuph`` for the package's own
    ``__init__``)."""
    return [(row[0], _units(row[1])) for row in _table(text, "The layers")[1:]]


def documented_games(text: str) -> dict[str, tuple[str, list[tuple[str, list[str]]]]]:
    """The table under "Inside a game": for each game (a column), its folder (``tigris/``, or
    ``""`` when its modules are named from the package's top) and its sub-layers, bottom
    first, each with its units (``__init__`` is the game's own package)."""
    rows = _table(text, "Inside a game")
    games = {}
    for column, title in enumerate(rows[0][1:], 1):
        name = title.split("(")[0].strip()
        folder = (_units(title) or [""])[0]
        rows_of = [
            (row[0], [_in(folder, unit) for unit in _units(row[column])]) for row in rows[1:]
        ]
        games[name] = (folder, rows_of)
    return games


def _in(folder: str, unit: str) -> str:
    """A game's *unit* named from the package's top: ``model/cells`` in ``tigris/`` is
    ``tigris/model/cells``, and ``__init__`` the game's own package, ``tigris``."""
    return folder.rstrip("/") if unit == "__init__" else folder + unit


def _unit(name: str, named: set[str]) -> str | None:
    """The unit of a table that holds the module *name*: the longest that names it (the module
    itself, else the deepest package it is in); ``tigeuph`` for the package's ``__init__``."""
    parts = name.split(".")[1:]
    if not parts:
        return "tigeuph" if "tigeuph" in named else None
    path = "/".join(parts)
    if path in named:
        return path
    for end in range(len(parts), 0, -1):
        package = "/".join(parts[:end]) + "/"
        if package in named:
            return package
    return None


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _layer_of() -> dict[str, tuple[int, str]]:
    """Each module's layer: its index in the table, bottom first, and its name."""
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    where = {unit: (i, layer) for i, (layer, units) in enumerate(layers) for unit in units}
    named = set(where)
    found = {}
    for module in _modules():
        unit = _unit(module, named)
        if unit is not None:
            found[module] = where[unit]
    return found


def _module_of(name: str, modules: set[str]) -> str | None:
    """The module of the package that an imported *name* is or lies in (``tigeuph.Game`` lies in
    ``tigeuph``), or ``None`` outside the package."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in modules:
            return ".".join(parts[:end])
    return None


def _edges(*, typing_too: bool) -> Iterator[tuple[str, str, str | None]]:
    """Every import between two modules of the package: importer, imported, function."""
    modules = _modules()
    for name, path in modules.items():
        for target, function in _imports(path, typing_too=typing_too):
            module = _module_of(target, set(modules))
            if module is not None and module != name:
                yield name, module, function


def _rules() -> dict[str, set[str]]:
    """The imports (``if TYPE_CHECKING:`` ones too) that break each of the three rules of issue
    38, as "importer -> imported"."""
    names = [layer for layer, _ in documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))]
    above = set(names[max(names.index(game) for game in GAMES) + 1 :])
    layer_of = _layer_of()
    found: dict[str, set[str]] = {"core": set(), "games": set(), "above": set()}
    for low, high, _ in _edges(typing_too=True):
        importer, imported = layer_of[low][1], layer_of[high][1]
        if importer == CORE and imported in GAMES:
            found["core"].add(f"{low} -> {high}")
        elif importer in GAMES and imported in GAMES and importer != imported:
            found["games"].add(f"{low} -> {high}")
        elif importer in GAMES and imported in above:
            found["above"].add(f"{low} -> {high}")
    return found


def _upward() -> set[str]:
    """The imports that reach up a layer (at the top or in a function, not for types only)."""
    layer_of = _layer_of()
    return {
        f"{low} -> {high}"
        for low, high, function in _edges(typing_too=False)
        if function != NOTEBOOK_HOOK and layer_of[high][0] > layer_of[low][0]
    }


def _listed(found: set[str], what: str) -> str:
    return f"{what}:\n" + "\n".join(sorted(found))


# --- the tests --------------------------------------------------------------------------------


def test_the_walk_resolves_relative_imports() -> None:
    """The import walk sees relative imports, top-level and inside functions, as module names."""
    tools = imported(PACKAGE / "cli" / "tools.py")
    assert {"tigeuph.tools.simulate", "tigeuph.tools.bench", "tigeuph.core.errors"} <= set(tools)
    assert "tigeuph.tigris.engine.apply" in set(imported(PACKAGE / "tools" / "bench.py"))
    assert "tigeuph.tools.simulate.report" in set(
        imported(PACKAGE / "tools" / "simulate" / "run.py")
    )


def test_the_walk_knows_where_an_import_stands() -> None:
    """An import inside a function is named with its function; one under ``if TYPE_CHECKING:``
    is left out of the layering's walk but not out of the three rules'."""
    state = set(_imports(PACKAGE / "tigris" / "model" / "state.py", typing_too=False))
    assert ("tigeuph.tigris.pictures", NOTEBOOK_HOOK) in state
    assert ("tigeuph.tigris.model.regions", None) in state
    reads = PACKAGE / "tigris" / "model" / "reads.py"
    assert "tigeuph.tigris.model.state" in set(imported(reads))
    assert "tigeuph.tigris.model.state" not in {
        name for name, _ in _imports(reads, typing_too=False)
    }


def test_the_tables_are_read_row_by_row() -> None:
    """The tables' rows, continuation lines included, give each layer its units, bottom first,
    and each game its folder and sub-layers."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    names = [layer for layer, _ in documented_layers(text)]
    assert names.index(CORE) < names.index(GAMES[0]) < names.index("the players")
    assert GAMES[1] in names
    games = documented_games(text)
    assert set(games) == set(GAMES)
    layers = dict(games[GAMES[0]][1])
    subs = list(layers)
    assert subs.index("the position") < subs.index("the rules") < subs.index("the engine")
    assert games[GAMES[0]][0] == "tigris/"
    assert {"tigris/model/state", "tigris/model/work", "tigris/events/"} <= set(
        layers["the position"]
    )


def test_every_module_stands_in_exactly_one_documented_layer() -> None:
    """Every module of the package stands in one layer of the architecture page's first table,
    and the table names nothing that is not a module or package of it."""
    layers = documented_layers(ARCHITECTURE.read_text(encoding="utf-8"))
    named = [unit for _, units in layers for unit in units]
    twice = sorted({unit for unit in named if named.count(unit) > 1})
    assert not twice, f"in more than one layer of docs/architecture.rst: {twice}"
    modules = set(_modules())
    missing = sorted(m for m in modules if _unit(m, set(named)) is None)
    assert not missing, f"in no layer of docs/architecture.rst: {missing}"
    used = {_unit(m, set(named)) for m in modules}
    stale = sorted(set(named) - used)
    assert not stale, f"in docs/architecture.rst's layers but no module's: {stale}"


def test_every_module_of_a_game_stands_in_exactly_one_of_its_sub_layers() -> None:
    """Every module of a game's layer stands in one row of its column of the second table, and
    the column names nothing that is not a module of that game."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    layer_of = _layer_of()
    for game, (_, rows) in documented_games(text).items():
        named = [unit for _, units in rows for unit in units]
        twice = sorted({unit for unit in named if named.count(unit) > 1})
        assert not twice, f"{game}: in more than one sub-layer: {twice}"
        modules = {m for m, (_, layer) in layer_of.items() if layer == game}
        missing = sorted(m for m in modules if _unit(m, set(named)) is None)
        assert not missing, f"{game}: in no sub-layer of docs/architecture.rst: {missing}"
        used = {_unit(m, set(named)) for m in modules}
        stale = sorted(set(named) - used)
        assert not stale, f"{game}: in its sub-layers but no module of the game's: {stale}"


def test_no_module_imports_a_module_of_a_higher_layer() -> None:
    """No module imports one of a layer above its own, at its top or inside a function; imports
    under ``if TYPE_CHECKING:`` (types only, never run) and the notebook hook are exempt."""
    upward = _upward()
    assert not upward, _listed(upward, "imports that reach up a layer")


def test_inside_a_game_no_module_imports_a_higher_sub_layer() -> None:
    """Inside each game, no module imports one of a sub-layer above its own (the same exemptions
    as between layers)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    modules = set(_modules())
    upward = set()
    for game, (_, rows) in documented_games(text).items():
        where = {unit: i for i, (_, units) in enumerate(rows) for unit in units}
        of = {m: where[u] for m in modules if (u := _unit(m, set(where))) is not None}
        for low, high, function in _edges(typing_too=False):
            if low in of and high in of and function != NOTEBOOK_HOOK and of[high] > of[low]:
                upward.add(f"{low} -> {high} ({game})")
    assert not upward, "imports that reach up inside a game:\n" + "\n".join(sorted(upward))


def test_the_core_imports_no_game() -> None:
    """No module of the core imports a module of either game (types included)."""
    found = _rules()["core"]
    assert not found, _listed(found, "the core imports a game")


def test_a_game_imports_no_other_game() -> None:
    """Neither game imports a module of the other (types included)."""
    found = _rules()["games"]
    assert not found, _listed(found, "a game imports the other")


def test_no_game_imports_the_registry_players_or_applications() -> None:
    """No module of a game imports the registry, the players, the public names, the adapters,
    testing, the tools or the applications: any layer above the games (types included)."""
    found = _rules()["above"]
    assert not found, _listed(found, "a game imports a layer above the games")


def test_no_library_module_imports_the_tools_cli_server_or_testing() -> None:
    """No library module imports tigeuph.tools, tigeuph.cli, tigeuph.server or tigeuph.testing."""
    paths = list(library_modules())
    assert PACKAGE / "tigris" / "engine" / "apply.py" in paths
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
