"""The casebook's pages as a reader sees them (``docs/_ext/casebook.py`` writes them at build
time): every page the generator writes, both games' and the index, read by docutils, shows its
code as code: no literal backtick in the words (issue 40: 29 pages showed ````kJ5````), and the
words of a check and a clause's Markdown title keep their code whole.

The pages are read here rather than from a built site: a build takes minutes, and the words a
reader sees are what docutils makes of the page's source (Sphinx's own directives and roles,
which change no text, stand in as plain ones)."""

from __future__ import annotations

import importlib
import importlib.util
import io
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers.paths import DOCS, ROOT

# docutils (Sphinx's) has no type stubs here: read as untyped modules.
nodes: Any = importlib.import_module("docutils.nodes")
rst: Any = importlib.import_module("docutils.parsers.rst")
publish_doctree: Any = importlib.import_module("docutils.core").publish_doctree

EXT = DOCS / "_ext"


def _module(name: str, path: Path | None = None) -> ModuleType:
    """The extension module *name* (from ``docs/_ext``), or the file *path* as *name*."""
    if path is not None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    sys.path.insert(0, str(EXT))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(EXT))


@cache
def _pages() -> dict[str, str]:
    """Every casebook page's source, as ``docs/conf.py``'s build writes it."""
    if "spec_trace" not in sys.modules:  # docs/conf.py loads it so, for the extensions
        _module("spec_trace", ROOT / "spec" / "trace.py")
    pages: dict[str, str] = _module("casebook").pages(Path("casebook"))
    return pages


def _nothing(directive: object) -> list[object]:
    return []


_Plain: Any = type(
    "_Plain",
    (rst.Directive,),
    {
        "__doc__": "A Sphinx directive (``rst-class``, ``toctree``...) read as nothing.",
        "optional_arguments": 1,
        "final_argument_whitespace": True,
        "has_content": True,
        "option_spec": defaultdict(lambda: rst.directives.unchanged),
        "run": _nothing,
    },
)


def _code(
    name: str, rawtext: str, text: str, lineno: int, inliner: object, *args: object
) -> tuple[list[Any], list[Any]]:
    """A Sphinx role (``:clause:``, ``:doc:``...) read as the text it links."""
    return [nodes.literal(rawtext, text)], []


def _shown(source: str) -> tuple[str, str]:
    """The words a reader sees on the page *source* (outside code and raw HTML), and what
    docutils said of its markup."""
    for name in ("rst-class", "toctree", "literalinclude"):
        rst.directives.register_directive(name, _Plain)
    for name in ("clause", "doc", "ref", "mod", "func", "class"):
        rst.roles.register_local_role(name, _code)
    said = io.StringIO()
    tree = publish_doctree(source, settings_overrides={"warning_stream": said, "report_level": 2})
    hidden = (nodes.literal, nodes.raw, nodes.literal_block, nodes.system_message)
    words = "".join(
        text.astext()
        for text in tree.findall(nodes.Text)
        if not any(isinstance(up, hidden) for up in _ancestors(text))
    )
    return words, said.getvalue()


def _ancestors(node: Any) -> list[Any]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


@pytest.mark.slow
def test_no_casebook_page_shows_a_backtick() -> None:
    """Every page, the index and both games' cases: no backtick among the words shown, no
    escaped backtick in the source, and docutils finds no broken inline markup."""
    pages = _pages()
    assert len(pages) > 100 and "index.rst" in pages
    for name, source in pages.items():
        words, said = _shown(source)
        assert "`" not in words, (name, words[max(0, words.find("`") - 60) :][:120])
        assert "\\`" not in source, name
        assert "Inline" not in said, (name, said)


def test_a_checks_words_keep_their_code_and_a_clause_title_its_markdown_code() -> None:
    """``escape`` keeps the code in a sentence an inline literal (no clause link inside it),
    turns a Markdown title's `>N` into one, and still escapes a stray mark and links R11."""
    escape = _module("casebook_pages").escape
    assert escape("A black tile on J5 (``kJ5``) is legal.") == (
        "A black tile on J5 (``kJ5``) is legal."
    )
    assert escape("the building on C5 (``@D5``)") == "the building on C5 (``@D5``)"
    assert escape("Travel (`>N`)") == "Travel (``>N``)"
    assert escape("R11 says *so*") == ":clause:`R11` says \\*so\\*"
    words, said = _shown(escape("The point in red (``*r``) under R11.") + "\n")
    assert words == "The point in red () under ." and not said
