"""``import tigeuph`` imports the engine only; the rest of the public API comes on first use
(issue 16)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import tigeuph

LATER = (
    "tigeuph.agents",
    "tigeuph.babel",
    "tigeuph.tigris.checks",
    "tigeuph.tigris.events",
    "tigeuph.tigris.events.board",
    "tigeuph.tigris.explain",
    "tigeuph.tigris.notation",
    "tigeuph.tigris.records",
    "tigeuph.tigris.serialise",
    "tigeuph.tigris.pictures",
    "tigeuph.tigris.learning.tensors",
    "tigeuph.tigris.views",
)
"""Modules that a bare ``import tigeuph`` must not import."""


def _run(code: str) -> str:
    """What *code* prints in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_import_brings_the_engine_and_not_the_readers_writers_or_agents() -> None:
    """A fresh ``import tigeuph`` loads the engine but none of the modules imported later."""
    found = _run("import sys, tigeuph; print(' '.join(sorted(sys.modules)))").split()
    assert "tigeuph.tigris.engine.apply" in found
    assert "tigeuph.tigris.model.actions" in found
    assert [name for name in LATER if name in found] == []


def test_every_public_name_resolves_and_is_listed() -> None:
    """Every name of ``__all__`` is an attribute of the package, listed by ``dir``, and the same
    object as in the module that defines it."""
    listed = dir(tigeuph)
    for name in tigeuph.__all__:
        assert name in listed, name
        value = getattr(tigeuph, name)
        assert value is not None, name
    assert tigeuph.explain is __import__("tigeuph.tigris.explain", fromlist=["explain"]).explain
    assert tigeuph.Game is __import__("tigeuph.tigris.records", fromlist=["Game"]).Game
    assert len(set(tigeuph.__all__)) == len(tigeuph.__all__)


def test_dir_lists_the_public_names_and_not_the_packages_own_imports() -> None:
    """``dir(tigeuph)`` lists the public names, lazy ones included, and the aliases, but not
    the names the package's code imports for itself nor its private ones."""
    listed = _run("import tigeuph; print(*dir(tigeuph))").split()
    assert {*tigeuph.__all__, "svg", "__version__"} <= set(listed)
    own = {"sys", "importlib", "Any", "Final", "TYPE_CHECKING", "annotations"}
    private = [name for name in listed if name.startswith("_") and not name.startswith("__")]
    assert [name for name in listed if name in own] == private == []


def test_the_explanation_module_gives_its_classes() -> None:
    """The explanations' module, imported by its name, gives its classes and its function (the
    package's ``explain`` is that function, not the module)."""
    out = _run(
        "import tigeuph.tigris.explain as ex, tigeuph\n"
        "print(ex.Explanation.__name__, ex.ConflictInfo.__name__, ex.explain is tigeuph.explain)"
    )
    assert out == "Explanation ConflictInfo True"


def test_a_lazy_name_works_in_a_fresh_interpreter() -> None:
    """The first use of a lazy name imports its module then and gives the right object."""
    out = _run(
        "import sys, tigeuph\n"
        "before = 'tigeuph.tigris.serialise' in sys.modules\n"
        "s = tigeuph.new_game(2, seed=3)\n"
        "back = tigeuph.state_from_json(tigeuph.state_to_json(s))\n"
        "print(before, 'tigeuph.tigris.serialise' in sys.modules, back == s)"
    )
    assert out == "False True True"


def test_the_pictures_come_as_svg_on_first_use() -> None:
    """``tigeuph.svg`` is the main game's pictures, imported when first asked for; the package
    has no module of that name any more."""
    out = _run(
        "import sys, tigeuph\n"
        "before = 'tigeuph.tigris.pictures' in sys.modules\n"
        "from tigeuph import svg\n"
        "import tigeuph.tigris.pictures as pictures\n"
        "text = svg.board(tigeuph.new_game(2, seed=3))\n"
        "print(before, svg is pictures is tigeuph.svg, text.startswith('<svg'))"
    )
    assert out == "False True True"
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(".svg", "tigeuph")


def test_submodules_come_on_first_use_and_unknown_names_fail() -> None:
    """``tigeuph.babel`` is imported when first asked for; a name that is nothing raises
    AttributeError."""
    assert _run("import tigeuph; print(tigeuph.babel.__name__)") == "tigeuph.babel"
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = tigeuph.no_such_thing  # type: ignore[attr-defined]


def test_the_type_checkers_see_exactly_the_lazy_names() -> None:
    """The ``TYPE_CHECKING`` imports of ``tigeuph/__init__.py`` name exactly the lazy table's
    modules and names, and its aliases' modules, and every public name is either imported at
    once or lazy."""
    source = Path(tigeuph.__file__).read_text(encoding="utf-8")
    block = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    imports = [node for node in block.body if isinstance(node, ast.ImportFrom)]
    typed = {
        f".{node.module}": tuple(alias.name for alias in node.names)
        for node in imports
        if all(alias.asname is None for alias in node.names)
    }
    aliases = {
        alias.asname: f".{node.module}.{alias.name}"
        for node in imports
        for alias in node.names
        if alias.asname is not None
    }
    lazy = tigeuph._LAZY
    assert typed == lazy
    assert aliases == tigeuph._ALIASES
    later = {name for names in lazy.values() for name in names}
    missing = _run("import tigeuph; print(*(n for n in tigeuph.__all__ if n not in vars(tigeuph)))")
    assert set(missing.split()) == later


def test_the_package_names_no_module_of_its_own() -> None:
    """Like any module, the package has no ``__module__`` (no type of its own may lend it one:
    CrossHair walks from a module to the module it names and would go round in a circle)."""
    assert getattr(tigeuph, "__module__", None) is None
