"""Check the specs against the code and the tests; write the clause → code → tests tables.

    python spec/trace.py            check, then write docs/traceability.md and
                                    docs/babel-traceability.md
    python spec/trace.py --check    check only (CI)

There are two specs: spec/rules.md (Tigris & Euphrates, clauses R… and D…) and spec/babel.md
(Babel, clauses B…, issue 19); a test may name a clause of either.

It fails, listing every problem, when a clause has no test, a code reference (``module:name``
under ``src/tigeuph/``) does not resolve, a test reference (``file.py::test``, ``file.py`` or a
glob under ``tests/``; ``scenarios/dir/name.txt`` or a glob, a case of the casebook, under
``src/tigeuph/casebook/``) names nothing, or a scenario's ``clauses:`` line or a test docstring
names a clause the spec does not have (issue 3).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TypeAlias

from attrs import frozen

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "rules.md"
TESTS = ROOT / "tests"
CASEBOOK = ROOT / "src" / "tigeuph" / "casebook"
"""The folder whose ``scenarios/`` holds the casebook's cases (issue 39)."""
TABLE = ROOT / "docs" / "traceability.md"
SPECS = (
    (SPEC, TABLE),
    (ROOT / "spec" / "babel.md", ROOT / "docs" / "babel-traceability.md"),
)
"""Each spec and the table written from it."""

_CLAUSE_HEAD = re.compile(r"^\*\*(?P<id>[RDB]\d+) — (?P<title>.+?)\.?\*\*")
_FIELD = re.compile(r"\b(?P<name>Source|Code|Tests):")
_ITEM = re.compile(r"`([^`]+)`")
_ID = r"[RDB]\d+\b"
_DASH = r"\s*[-\u2013]\s*"  # between the ends of a range: a hyphen or an en dash (U+2013)
_IDS = rf"(?:R\d+(?:{_DASH}R?\d+)?|D\d+(?:{_DASH}D?\d+)?|B\d+(?:{_DASH}B?\d+)?)\b"  # or a range
# A docstring names clauses after "spec", "(" or "[": "(spec R4)", "(R1, R3)", "(R0-R27)", "[R11]".
_MENTION = re.compile(rf"(?:\bspec\s+|[(\[])(?P<ids>{_IDS}(?:\s*(?:,|\band\b)\s*{_IDS})*)")
_RANGE = re.compile(
    rf"(?P<letter>[RDB])(?P<low>\d+){_DASH}(?P=letter)?(?P<high>\d+)|(?P<one>{_ID})"
)
Definition: TypeAlias = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@frozen
class Clause:
    """One numbered clause of the spec, with its hand-written references."""

    id: str
    title: str
    line: int
    code: tuple[str, ...]
    tests: tuple[str, ...]


@frozen
class Mention:
    """A clause named by a scenario or a test docstring."""

    clause: str
    where: str  # file:line, for messages
    test: str | None  # the scenario or test function it credits, None for other docstrings


@frozen
class Report:
    """What the check found: the clauses, the tests naming each, and every problem."""

    clauses: tuple[Clause, ...]
    derived: Mapping[str, tuple[str, ...]]  # clause -> the scenarios and tests naming it
    problems: tuple[str, ...]


# --- the spec ---------------------------------------------------------------------------------


def parse_spec(text: str) -> tuple[Clause, ...]:
    """The clauses of *text*, a spec in the format of spec/rules.md.

    A clause runs from its ``**R12 — Title.**`` line to the next clause or heading; its
    ``Code:`` and ``Tests:`` fields run to the next field or a blank line, and list their
    references in backticks.
    """
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if _CLAUSE_HEAD.match(line)]
    clauses = []
    for start in starts:
        end = start + 1
        while end < len(lines) and not (
            _CLAUSE_HEAD.match(lines[end]) or lines[end].startswith("#")
        ):
            end += 1
        head = _CLAUSE_HEAD.match(lines[start])
        assert head is not None
        fields = _fields(lines[start:end])
        clauses.append(
            Clause(
                id=head["id"],
                title=head["title"],
                line=start + 1,
                code=tuple(_ITEM.findall(fields.get("Code", ""))),
                tests=tuple(_ITEM.findall(fields.get("Tests", ""))),
            )
        )
    return tuple(clauses)


def _fields(lines: Sequence[str]) -> dict[str, str]:
    """The text of each ``Name:`` field in a clause's *lines*; a blank line ends a field."""
    fields: dict[str, str] = {}
    current: str | None = None
    for line in lines:
        if not line.strip():
            current = None
            continue
        rest = line
        while rest:
            found = _FIELD.search(rest)
            upto = found.start() if found else len(rest)
            if current is not None:
                fields[current] += " " + rest[:upto]
            if found is None:
                break
            current = found["name"]
            fields.setdefault(current, "")
            rest = rest[found.end() :]
    return fields


# --- references -------------------------------------------------------------------------------


def resolve_code(ref: str, package: str = "tigeuph") -> str | None:
    """Why *ref* (``module:name``, ``rules/placement:Class.method``) does not resolve, or None."""
    module_name, colon, attribute = ref.partition(":")
    if not colon or not module_name or not attribute:
        return "is not of the form module:name"
    module_path = f"{package}.{module_name.replace('/', '.')}"
    try:
        obj: object = importlib.import_module(module_path)
    except ImportError as err:
        return f"module {module_path} cannot be imported ({err})"
    for i, part in enumerate(attribute.split(".")):
        if not hasattr(obj, part):
            where = ".".join([module_path, *attribute.split(".")[:i]])
            return f"{where} has no attribute {part!r}"
        obj = getattr(obj, part)
    return None


def resolve_test(ref: str, tests: Path, cases: Path | None = None) -> str | None:
    """Why *ref* names nothing under *tests* (a case, ``scenarios/...``: under *cases*, by
    default *tests* too), or None.

    *ref* is ``file.py::test`` (``file.py::Class::test``), a file, or a glob of files.
    """
    path, _, names = ref.partition("::")
    if path.startswith("scenarios/") and cases is not None:
        tests = cases
    if any(c in path for c in "*?["):
        if not any(p.is_file() for p in tests.glob(path)):
            return f"matches no file under {tests.name}/"
        return None
    file = tests / path
    if not file.is_file():
        return f"{tests.name}/{path} does not exist"
    if not names:
        return None
    body: Sequence[ast.stmt] = ast.parse(file.read_text("utf-8"), str(file)).body
    for name in names.split("::"):
        found = next((node for node in _definitions(body) if node.name == name), None)
        if found is None:
            return f"{tests.name}/{path} defines no {name}"
        body = found.body
    return None


def _definitions(body: Iterable[ast.stmt]) -> Iterator[Definition]:
    """The functions and classes defined in *body*."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node


# --- clauses named by the tests ---------------------------------------------------------------


def docstring_clauses(docstring: str) -> list[tuple[str, bool]]:
    """The clauses a docstring names: "(spec R4)", "(R1, R3)", "(R0-R27)", "[R11]".

    Each comes with whether it is named alone: a range (``R0-R27``) names its two ends, which
    must exist, but credits the test to no clause, as it claims too much to be precise.
    """
    named = []
    for mention in _MENTION.finditer(docstring):
        for found in _RANGE.finditer(mention["ids"]):
            if found["one"]:
                named.append((found["one"], True))
            else:
                named += [(f"{found['letter']}{found[end]}", False) for end in ("low", "high")]
    return named


def scenario_mentions(cases: Path) -> list[Mention]:
    """The clauses each scenario under *cases*' ``scenarios/`` names: its ``clauses:`` and
    ``expect-error:`` lines. A scenario is credited as ``scenarios/family/name.txt``."""
    mentions = []
    for file in sorted(cases.glob("scenarios/**/*.txt")):
        name = file.relative_to(cases).as_posix()
        for number, line in enumerate(file.read_text("utf-8").splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith("clauses:"):
                ids = stripped.removeprefix("clauses:").split()
            elif stripped.startswith("expect-error:"):
                ids = stripped.removeprefix("expect-error:").split()[:1]
            else:
                continue
            mentions += [Mention(c, f"{cases.name}/{name}:{number}", name) for c in ids]
    return mentions


def docstring_mentions(tests: Path) -> list[Mention]:
    """The clauses the docstrings of the Python files under *tests* name.

    A clause named in a test function's docstring credits that test; module, class and helper
    docstrings are only checked.
    """
    mentions = []
    for file in sorted(tests.rglob("*.py")):
        name = file.relative_to(tests).as_posix()
        tree = ast.parse(file.read_text("utf-8"), str(file))
        for node, test in _documented(tree, name):
            docstring = ast.get_docstring(node, clean=False)
            if docstring is None:
                continue
            number = node.body[0].lineno if node.body else 1
            where = f"{tests.name}/{name}:{number}"
            mentions += [
                Mention(clause, where, test if alone else None)
                for clause, alone in docstring_clauses(docstring)
            ]
    return mentions


def _documented(
    tree: ast.Module, name: str
) -> Iterator[tuple[ast.Module | Definition, str | None]]:
    """Every node of *tree* that may hold a docstring, with the test id it stands for, if any."""
    yield tree, None
    stack: list[tuple[ast.Module | ast.ClassDef, str]] = [(tree, name)]
    while stack:
        parent, prefix = stack.pop()
        for node in _definitions(parent.body):
            test_id = f"{prefix}::{node.name}"
            if isinstance(node, ast.ClassDef):
                stack.append((node, test_id))
                yield node, None
            else:
                yield node, test_id if node.name.startswith("test") else None


# --- the check --------------------------------------------------------------------------------


def check(
    spec_text: str,
    tests: Path,
    package: str = "tigeuph",
    spec_name: str = "spec",
    elsewhere: frozenset[str] = frozenset(),
    cases: Path | None = None,
) -> Report:
    """Every problem of the spec *spec_text* against *package*, the tests under *tests* and
    the cases under *cases*' ``scenarios/`` (by default *tests*' own).

    A test naming a clause of another spec (one of *elsewhere*) is that spec's business.
    """
    cases = tests if cases is None else cases
    clauses = parse_spec(spec_text)
    problems: list[str] = []
    known: dict[str, Clause] = {}
    for clause in clauses:
        if clause.id in known:
            first = known[clause.id].line
            problems.append(
                f"{spec_name}:{clause.line}: {clause.id} is already a clause (line {first})"
            )
        known.setdefault(clause.id, clause)
    for clause in clauses:
        at = f"{spec_name}:{clause.line}: {clause.id}"
        if not clause.tests:
            problems.append(f"{at} has no test (no `file.py::test` or scenario on a Tests: line)")
        for ref in clause.code:
            why = resolve_code(ref, package)
            if why is not None:
                problems.append(f"{at}: code reference `{ref}` does not resolve: {why}")
        for ref in clause.tests:
            why = resolve_test(ref, tests, cases)
            if why is not None:
                problems.append(f"{at}: test reference `{ref}` does not resolve: {why}")
    derived: dict[str, list[str]] = {clause.id: [] for clause in clauses}
    for mention in scenario_mentions(cases) + docstring_mentions(tests):
        if mention.clause in elsewhere and mention.clause not in known:
            continue
        if mention.clause not in known:
            problems.append(f"{mention.where}: names clause {mention.clause}, not in the spec")
        elif mention.test is not None and mention.test not in derived[mention.clause]:
            derived[mention.clause].append(mention.test)
    return Report(
        clauses=clauses,
        derived={clause: tuple(sorted(tests)) for clause, tests in derived.items()},
        problems=tuple(problems),
    )


def table(report: Report, spec_name: str = "spec/rules.md", title: str = "") -> str:
    """The clause → code → tests table of *report*, in Markdown."""
    out = [
        f"# Traceability{title}: clause → code → tests",
        "",
        f"Written by `python spec/trace.py` from `{spec_name}`; do not edit by hand. Tests are",
        "those the clause lists, then the scenarios whose `clauses:` line and the test functions",
        "whose docstring name it. Code is under `src/tigeuph/`, tests under `tests/`.",
        "",
        "| Clause | Title | Code | Tests |",
        "| --- | --- | --- | --- |",
    ]
    for clause in report.clauses:
        listed = list(clause.tests)
        tests = listed + [t for t in report.derived.get(clause.id, ()) if t not in listed]
        cells = [
            clause.id,
            clause.title.replace("|", "\\|"),
            _items(clause.code),
            _items(tests),
        ]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def _items(refs: Iterable[str]) -> str:
    return ", ".join(f"`{ref}`" for ref in refs) or "—"


def summary(report: Report) -> str:
    """One line: how many clauses, code references and tests the spec traces."""
    code = sum(len(clause.code) for clause in report.clauses)
    listed = sum(len(clause.tests) for clause in report.clauses)
    naming = len({test for tests in report.derived.values() for test in tests})
    return (
        f"{len(report.clauses)} clauses, {code} code references, {listed} test references, "
        f"{naming} tests and scenarios naming a clause"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Check the spec; write the table unless ``--check``. Exit 1 listing every problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--check", action="store_true", help="only check (the table must be current); write nothing"
    )
    args = parser.parse_args(argv)
    src = str(ROOT / "src")
    if src not in sys.path:  # a checkout without tigeuph installed still works
        sys.path.insert(0, src)
    texts = {spec: spec.read_text("utf-8") for spec, _ in SPECS}
    ids = {spec: {c.id for c in parse_spec(text)} for spec, text in texts.items()}
    status = 0
    for spec, table_path in SPECS:
        others = frozenset().union(*(found for other, found in ids.items() if other != spec))
        status |= _check_one(spec, table_path, texts[spec], others, write=not args.check)
    return status


def _check_one(spec: Path, table_path: Path, text: str, others: frozenset[str], write: bool) -> int:
    """Check one spec; write its table when *write*, else check that it is current."""
    spec_name = spec.relative_to(ROOT).as_posix()
    report = check(text, TESTS, spec_name=spec_name, elsewhere=others, cases=CASEBOOK)
    if report.problems:
        print(f"spec traceability: {len(report.problems)} problem(s)", file=sys.stderr)
        for problem in report.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    title = "" if spec == SPEC else f" ({spec.stem})"
    written = table(report, spec_name, title)
    name = table_path.relative_to(ROOT)
    if not write:
        if not table_path.exists() or table_path.read_text("utf-8") != written:
            print(f"spec traceability: {name} is out of date: run spec/trace.py", file=sys.stderr)
            return 1
    else:
        table_path.write_text(written, "utf-8")
    print(
        f"spec traceability ({spec_name}): {summary(report)}" + (f"; wrote {name}" if write else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
