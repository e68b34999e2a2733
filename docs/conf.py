"""Sphinx configuration of the tigeuph documentation.

Build it (the ``docs`` extra installs what it needs)::

    pip install -e '.[docs]'
    sphinx-build -n -W --keep-going -b html docs docs/_build/html
    sphinx-build -n -W --keep-going -b doctest docs docs/_build/doctest

Two local extensions under ``docs/_ext/`` write pages at build time: ``specbook`` renders
``spec/rules.md`` with an anchor per clause (the ``clause`` role links to one from anywhere)
and ``casebook`` writes a page per case of :mod:`tigeuph.casebook`. ``tryit`` gives those pages
and ``play`` their live engine: Pyodide from the npm registry (a pinned version, its integrity
checked, cached under ``docs/_build/.tryit/``) and a wheel of tigeuph built from this checkout;
that is the one thing the build fetches, once.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.util import logging
from sphinx.util.inspect import TypeAliasForwardRef

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE / "_ext"), str(ROOT / "src")]


def _load(name: str, path: Path) -> None:
    """Import *path* as module *name* (``spec/trace.py`` would lose to the standard ``trace``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


_load("spec_trace", ROOT / "spec" / "trace.py")

logger = logging.getLogger("tigeuph-docs")

project = "tigeuph"
author = "the tigeuph authors"
copyright = "the tigeuph authors"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    "specbook",
    "casebook",
    "clihelp",
    "tryit",
    "viewfields",
    "laddertable",
]

# -- pages -------------------------------------------------------------------------------------
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
nitpicky = True
# numpy's array type in tigeuph.observation's signature (numpy is an optional extra, so not
# cross-referenced).
nitpick_ignore = [
    ("py:class", "NDArray"),
    ("py:class", "np.float32"),
    ("py:class", "tigeuph.tigris.model.cells.T"),
    ("py:class", "tigeuph.tigris.model.cells.Cell"),  # an int alias
    # the game interface's type parameters: a state, a view, an action, a record
    *(("py:class", f"tigeuph.core.interface.protocol.{t}") for t in ("S", "V", "A", "G")),
    *(("py:class", f"tigeuph.core.interface.holders.{t}") for t in ("S_in", "V_out", "A_in")),
    # the capabilities' type parameters, the same four (issue 38)
    *(
        ("py:class", f"tigeuph.core.interface.{module}.{t}")
        for module in (
            "variants",
            "records",
            "invariants",
            "evaluation",
            "measures",
            "presentation",
        )
        for t in ("S", "V", "A", "G")
    ),
    # the records strategy's: as History's (docs/api/notation.rst)
    *(("py:class", f"tigeuph.core.records.keeping.{t}") for t in ("S", "V", "A")),
    # rich's console in the terminal game's signature (rich is the optional cli extra).
    ("py:class", "Console"),
]
# Names the standard library's own documentation would resolve (no intersphinx: the build
# never goes to the network).
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|random|os|pathlib|enum|argparse|io)\.\w+.*"),
    ("py:class", r"(Random|Path|PathLike|Iterable|Iterator|Sequence|Mapping|Callable)"),
    ("py:class", r"(NoneType|Ellipsis|EllipsisType)"),
    ("py:data", r"typing\.\w+"),
    ("py:.*", r"attrs?\..*"),
]

# -- autodoc -----------------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True  # `rules=Rules()` as written, not the value spelled out
python_use_unqualified_type_names = True
# The aliases keep their names: ``Cell``, not ``int``; ``Action``, not a union of 17 classes.
autodoc_type_aliases = {
    **{name: f"tigeuph.{name}" for name in ("Cell", "Bitboard", "Action", "Decision")},
    "Counts": "tigeuph.tigris.model.state.Counts",
    "Position": "tigeuph.tigris.pictures.Position",
}
autodoc_default_options = {"exclude-members": "__init__, __new__"}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- doctest -----------------------------------------------------------------------------------
doctest_global_setup = f"import os\nos.chdir({str(ROOT)!r})\nimport tigeuph"
# Only the pages' `.. doctest::` blocks: the docstrings' examples run under pytest
# (--doctest-modules), in their modules' namespaces.
doctest_test_doctest_blocks = ""

# -- html --------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "tigeuph"
html_static_path = ["_static"]
html_favicon = "../src/tigeuph/server/static/favicon.svg"  # the browser board's icon
html_css_files = ["tigeuph.css"]
html_theme_options = {
    "light_css_variables": {"color-brand-primary": "#1f5f8b", "color-brand-content": "#1f5f8b"},
    "dark_css_variables": {"color-brand-primary": "#7fb6dc", "color-brand-content": "#7fb6dc"},
}


# -- two workarounds, each for a fault of the tools rather than of the pages -------------------
def _alias_repr(self: Any) -> str:
    # Sphinx 8.2+ writes an alias inside a generic (``list[Cell]``) as
    # ``TypeAliasForwardRef('tigeuph.Cell')``; its name is what the signature should show.
    return str(self.name)


TypeAliasForwardRef.__repr__ = _alias_repr  # type: ignore[method-assign]


def _attribute_docstring(self: Any) -> list[str]:
    # napoleon reads an attribute docstring "Tiles out: the tiles ..." as "type: description";
    # ours are prose, typed by their annotations.
    return list(self._consume_to_end())


GoogleDocstring._parse_attribute_docstring = _attribute_docstring  # type: ignore[method-assign]


# The public modules: every name of each one's __all__ must be documented somewhere.
PUBLIC_MODULES = [
    "tigeuph",
    "tigeuph.tigris.pictures",
    "tigeuph.testing.invariants",
    "tigeuph.agents",
    "tigeuph.casebook",
]


def _check_public_api(app: Sphinx, env: Any) -> None:
    """Warn of a name of a public module's ``__all__`` that no page documents."""
    import tigeuph

    documented = set(env.domaindata["py"]["objects"])
    for module_name in PUBLIC_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            logger.warning("%s, a public module, cannot be imported", module_name)
            continue
        for name in module.__all__:
            # A name tigeuph exports too may be documented there only (tigeuph.agents.play).
            top = getattr(tigeuph, name, None) is getattr(module, name) and f"tigeuph.{name}"
            if f"{module_name}.{name}" not in documented and top not in documented:
                logger.warning("%s.%s is public but no page documents it", module_name, name)


def setup(app: Sphinx) -> None:
    app.connect("env-check-consistency", _check_public_api)
