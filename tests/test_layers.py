"""The layering: no library module imports the tools, the command line, the server or the
testing package (issue 16)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import tigeuph

PACKAGE = Path(tigeuph.__file__).parent
OUTSIDE = ("tigeuph.tools", "tigeuph.cli", "tigeuph.server", "tigeuph.testing")
"""The packages above the library: each may import the library, never the other way."""


def _module_name(path: Path) -> str:
    parts = ["tigeuph", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def imported(path: Path) -> Iterator[str]:
    """Every module that the source at *path* imports, at its top or inside a function, with
    relative imports resolved (``from ..x import y`` may name the module ``x.y``)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def library_modules() -> Iterator[Path]:
    """The source files of the library: every module but the tools, the command line (with
    ``python -m tigeuph``), the server and the testing package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _module_name(path)
        if not _within(name, OUTSIDE) and name != "tigeuph.__main__":
            yield path


def test_the_walk_resolves_relative_imports() -> None:
    """The import walk sees relative imports, top-level and inside functions, as module names."""
    tools = imported(PACKAGE / "cli" / "tools.py")
    assert {"tigeuph.tools.simulate", "tigeuph.tools.bench", "tigeuph.errors"} <= set(tools)
    assert "tigeuph.engine" in set(imported(PACKAGE / "tools" / "bench.py"))
    assert "tigeuph.tools.simulate.report" in set(
        imported(PACKAGE / "tools" / "simulate" / "run.py")
    )


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
