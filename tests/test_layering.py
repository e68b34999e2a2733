"""The layering of the package: the testing tools stay out of the runtime namespace (issue 16).

Only :mod:`tigeuph.testing` itself, the command line and the tools may import it; the library
a program embeds never does, so importing :mod:`tigeuph` loads no invariant and no soak."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Final

import tigeuph

SOURCE: Final = Path(tigeuph.__file__).parent
ALLOWED: Final = ("tigeuph.testing", "tigeuph.cli", "tigeuph.tools")
"""The packages that may import tigeuph.testing."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module *path* imports, anywhere in it (lazy imports in functions too), as absolute
    names; ``from a import b`` counts as both ``a`` and ``a.b``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def importers_of(target: str) -> set[str]:
    """The modules of the package that import *target* or a module inside it."""
    return {
        module_name(path)
        for path in SOURCE.rglob("*.py")
        if any(m == target or m.startswith(f"{target}.") for m in imported(path))
    }


def test_only_the_tools_import_the_testing_package() -> None:
    """No module of tigeuph outside tigeuph.testing, the command line and the tools imports
    tigeuph.testing (issue 16)."""
    importers = importers_of("tigeuph.testing")
    assert "tigeuph.cli.tools" in importers  # the scanner sees `from ..testing.soak import main`
    wrong = sorted(m for m in importers if not m.startswith(ALLOWED))
    assert wrong == [], f"{wrong} import tigeuph.testing"


def test_importing_tigeuph_loads_no_testing_module() -> None:
    """A program that imports tigeuph and plays a move loads nothing of tigeuph.testing."""
    code = (
        "import sys, tigeuph\n"
        "state = tigeuph.new_game(2, seed=1)\n"
        "tigeuph.check_state(tigeuph.apply(state, tigeuph.legal_actions(state)[0]))\n"
        "print(sorted(m for m in sys.modules if m.startswith('tigeuph.testing')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
