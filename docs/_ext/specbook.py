"""The spec as a book: ``spec/rules.md`` rendered with an anchor per clause.

``docs/spec.md`` is a stub; when Sphinx reads it, this extension puts in its place the text of
``spec/rules.md`` rewritten for MyST:

- each clause (``**R20 — Red war.** ...``) becomes a heading with the label ``clause-r20``, so
  that the ``clause`` role (:clause:`R20` in reStructuredText, {clause}`R20` in MyST) links
  to it from any page;
- its ``Source:``, ``Code:`` and ``Tests:`` fields become a box under it: code references
  (``rules/conflicts:war_losses``) link to the API pages (the public name when the object is
  public, otherwise the page of the code the spec cites, ``api/internals``), scenario references
  to their casebook pages, and a ``Cases:`` line lists every scenario pinning the clause;
- clause names in the text (``(R16)``) and public names in backticks (```sample_state```) link.

The ``cited-code`` directive documents, with autodoc, every object the spec cites that the
public API does not export, grouped by module.

The clauses, their fields and the scenarios naming them come from ``spec/trace.py``, the same
reader CI uses to check the spec against the code and the tests.
"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import spec_trace  # spec/trace.py, loaded by conf.py
from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import tigeuph

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "rules.md"
STUB = "spec"  # the docname whose text is replaced

_HEAD = re.compile(r"^\*\*(?P<id>[RD]\d+) — (?P<title>.+?)\.?\*\*(?P<rest>.*)$")
_FIELD = re.compile(r"\b(Source|Code|Tests):")
_TICKED = re.compile(r"(`[^`]+`)")
_MENTION = re.compile(r"(?<![\w`/{])([RD]\d+)\b")
_NAME = re.compile(r"^([A-Za-z_]\w*)((?:\.\w+)?)(\(\))?$")

log = logging.getLogger(__name__)


def label(clause: str) -> str:
    """The label of *clause*'s heading: ``clause-r20``."""
    return f"clause-{clause.lower()}"


def clause_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: Any = None,
    content: Any = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:clause:`R20``` links to clause R20 of the spec; ``:clause:`the war rule <R20>```."""
    title, target = text, text
    found = re.match(r"^(.*?)\s*<([RD]\d+)>$", text)
    if found:
        title, target = found[1], found[2]
    ref = addnodes.pending_xref(
        rawtext,
        refdomain="std",
        reftype="ref",
        reftarget=label(target),
        refexplicit=True,
        refwarn=True,
    )
    ref += nodes.inline(title, title, classes=["clause"])
    return [ref], []


# --- targets ----------------------------------------------------------------------------------


def _public() -> dict[int, str]:
    """Each object of ``tigeuph.__all__`` by identity, with its public name."""
    return {id(getattr(tigeuph, name)): name for name in tigeuph.__all__}


def code_target(ref: str) -> tuple[str, bool]:
    """The Python object *ref* (``rules/placement:tile_problem``) is documented as, and whether
    it is public (``tigeuph.X``) rather than cited only (``tigeuph.tigris.rules.placement.X``)."""
    module_name, _, attribute = ref.partition(":")
    module = f"tigeuph.{module_name.replace('/', '.')}"
    head, *rest = attribute.split(".")
    obj = getattr(importlib.import_module(module), head)
    public = _public().get(id(obj))
    if public is not None:
        return ".".join(["tigeuph", public, *rest]), True
    return f"{module}.{attribute}", False


def cited_internals() -> dict[str, list[str]]:
    """The objects the spec cites that ``tigeuph`` does not export, by module, in spec order."""
    by_module: dict[str, list[str]] = defaultdict(list)
    for clause in spec_trace.parse_spec(SPEC.read_text("utf-8")):
        for ref in clause.code:
            target, public = code_target(ref)
            if not public:
                module = "tigeuph." + ref.partition(":")[0].replace("/", ".")
                if target not in by_module[module]:
                    by_module[module].append(target)
    return dict(sorted(by_module.items()))


def case_doc(ref: str) -> str | None:
    """The casebook page of a test reference (a scenario file, or a family by glob), or None."""
    found = re.match(r"^scenarios/(?P<family>[\w-]+)/(?P<rest>.+)$", ref)
    if found is None:
        return None
    if found["rest"].endswith(".txt") and not any(c in found["rest"] for c in "*?["):
        return f"/casebook/{found['family']}/{found['rest'].removesuffix('.txt')}"
    return f"/casebook/{found['family']}"


# --- the rewrite ------------------------------------------------------------------------------


def _inline(text: str, clauses: set[str]) -> str:
    """MyST *text* with clause names and public names in backticks made links."""
    out = []
    for part in _TICKED.split(text):
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            inner = part[1:-1]
            name = _NAME.match(inner)
            if name and name[1] in tigeuph.__all__ and not inner[0].isdigit():
                target = f"tigeuph.{name[1]}{name[2]}"
                out.append(f"{{py:obj}}`{inner} <{target}>`")
            else:
                out.append(part)
        else:
            out.append(
                _MENTION.sub(
                    lambda m: f"{{clause}}`{m[1]}`" if m[1] in clauses else m[0],
                    part,
                )
            )
    return "".join(out)


def _code_item(ref: str) -> str:
    target, _ = code_target(ref)
    return f"{{py:obj}}`{ref} <{target}>`"


def _test_item(ref: str) -> str:
    doc = case_doc(ref)
    return f"{{doc}}`{ref} <{doc}>`" if doc else f"`{ref}`"


def render(text: str, cases: dict[str, list[str]], titles: dict[str, str]) -> str:
    """The MyST page of the spec *text*; *cases* lists the scenarios naming each clause
    (``scenarios/wars/x.txt``), *titles* the casebook title of each scenario."""
    clauses = {c.id: c for c in spec_trace.parse_spec(text)}
    ids = set(clauses)
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        head = _HEAD.match(lines[i])
        if head is None:
            line = lines[i]
            out.append(line if line.startswith("#") else _inline(line, ids))
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not (_HEAD.match(lines[end]) or lines[end].startswith("#")):
            end += 1
        out += _clause(head, lines[i + 1 : end], clauses[head["id"]], cases, titles, ids)
        i = end
    return "\n".join(out) + "\n"


def _clause(
    head: re.Match[str],
    body: list[str],
    clause: spec_trace.Clause,
    cases: dict[str, list[str]],
    titles: dict[str, str],
    ids: set[str],
) -> list[str]:
    """The MyST lines of one clause: heading, text, then its references in a box."""
    rest = head["rest"]
    first = rest.strip() if not rest.startswith((",", ";", ":")) else head["title"] + rest
    # The clause runs to its last field; a paragraph after it is a note of the section.
    paragraphs = [p for p in re.split(r"\n\s*\n", "\n".join([first, *body])) if p.strip()]
    last = max((k for k, p in enumerate(paragraphs) if _FIELD.search(p)), default=0)
    text = " ".join(paragraphs[: last + 1]).replace("\n", " ").strip()
    trailing = [p.replace("\n", " ").strip() for p in paragraphs[last + 1 :]]
    found = _FIELD.search(text)
    prose, fields_text = (text[: found.start()], text[found.start() :]) if found else (text, "")
    fields = _split_fields(fields_text)
    out = [
        f"({label(clause.id)})=",
        f"### {clause.id} — {head['title']}",
        "",
        _inline(prose.strip(), ids),
        "",
        ":::{container} clause-refs",
    ]
    if "Source" in fields:
        out += [f"**Source:** {_inline(fields['Source'], ids)}", ""]
    if clause.code:
        out += ["**Code:** " + ", ".join(_code_item(ref) for ref in clause.code), ""]
    if clause.tests:
        out += ["**Tests:** " + ", ".join(_test_item(ref) for ref in clause.tests), ""]
    pinned = cases.get(clause.id, [])
    if pinned:
        links = [f"{{doc}}`{titles[ref]} <{case_doc(ref)}>`" for ref in pinned]
        out += [f"**Cases ({len(pinned)}):** " + "; ".join(links), ""]
    out += [":::", ""]
    for note in trailing:
        out += [_inline(note, ids), ""]
    return out


def _split_fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    parts = _FIELD.split(text)
    for name, value in zip(parts[1::2], parts[2::2], strict=True):
        fields[name] = value.strip()
    return fields


def scenario_cases() -> tuple[dict[str, list[str]], dict[str, str]]:
    """The scenarios naming each clause (``clauses:`` and ``expect-error:`` lines, as
    ``spec/trace.py`` counts them), and each scenario's casebook title."""
    from casebook_words import case_title  # the casebook's words

    cases: dict[str, list[str]] = defaultdict(list)
    for mention in spec_trace.scenario_mentions(spec_trace.CASEBOOK):
        if mention.test is not None and mention.test not in cases[mention.clause]:
            cases[mention.clause].append(mention.test)
    titles = {test: case_title(Path(test).stem) for tests in cases.values() for test in tests}
    return dict(cases), titles


# --- Sphinx -----------------------------------------------------------------------------------


def traceability(text: str) -> str:
    """``docs/traceability.md`` with its clauses and scenarios linked."""
    out = []
    for line in text.splitlines():
        cells = line.split(" | ")
        if line.startswith("| ") and re.fullmatch(r"\| [RD]\d+", cells[0]):
            cells[0] = f"| {{clause}}`{cells[0][2:]}`"
            line = " | ".join(cells)
            line = re.sub(r"`(scenarios/[^`]+)`", lambda m: _test_item(m[1]), line)
        out.append(line)
    return "\n".join(out) + "\n"


def source_read(app: Sphinx, docname: str, source: list[str]) -> None:
    if docname == "traceability":
        source[0] = traceability(source[0])
        return
    if docname != STUB:
        return
    app.env.note_dependency(str(SPEC))
    cases, titles = scenario_cases()
    source[0] = render(SPEC.read_text("utf-8"), cases, titles)


class CitedCode(SphinxDirective):
    """``.. cited-code::``: autodoc for every object the spec cites that is not public."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for module, targets in cited_internals().items():
            short = module.removeprefix("tigeuph.")
            lines += [short, "-" * len(short), "", f".. currentmodule:: {module}", ""]
            for target in targets:
                obj: Any = importlib.import_module(module)
                for part in target.removeprefix(module + ".").split("."):
                    obj = getattr(obj, part)
                kind = (
                    "autoclass"
                    if isinstance(obj, type)
                    else "automethod"
                    if target.count(".") > module.count(".") + 1
                    else "autofunction"
                    if callable(obj)
                    else "autodata"
                )
                lines += [f".. {kind}:: {target}", ""]
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source="cited-code"), container)
        return list(container.children)


_LITERAL = re.compile(r"(``.+?``|`[^`]*`)")


def link_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Make the clauses a docstring names ("(spec R20)") links to them, outside literals,
    examples and indented blocks."""
    ids = _clause_ids()
    _contracts_as_code(lines)
    for i, line in enumerate(lines):
        if line.startswith((" ", ">>>", "...")) or "::" in line:
            continue
        parts = _LITERAL.split(line)
        for k in range(0, len(parts), 2):
            parts[k] = _MENTION.sub(
                lambda m: f":clause:`{m[1]}`" if m[1] in ids else m[0], parts[k]
            )
        lines[i] = "".join(parts)


def _contracts_as_code(lines: list[str]) -> None:
    """Show a docstring's CrossHair contract lines (``pre: ...``, ``post: ...``) as code."""
    out: list[str] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if line.startswith(("pre: ", "post: ")):
            block.append(line)
            continue
        if block:
            out += ["", ".. code-block:: text", "", *(f"   {b}" for b in block), ""]
            block = []
        out.append(line)
    lines[:] = out[:-1]


_IDS: set[str] = set()


def _clause_ids() -> set[str]:
    if not _IDS:
        _IDS.update(c.id for c in spec_trace.parse_spec(SPEC.read_text("utf-8")))
    return _IDS


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("clause", clause_role)
    app.connect("autodoc-process-docstring", link_docstring)
    app.add_directive("cited-code", CitedCode)
    app.connect("source-read", source_read)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
