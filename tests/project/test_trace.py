"""The spec traceability check, spec/trace.py (issue 3): synthetic specs, then the real one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from helpers.paths import ROOT


def _load() -> ModuleType:
    """spec/trace.py as a module; it is a script, and its name would hide the stdlib's trace."""
    spec = importlib.util.spec_from_file_location("spec_trace", ROOT / "spec" / "trace.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


trace = _load()

GOOD = """\
# A spec

## Some rules

**R1 — One rule.** Some words, `not a reference`.
Source: somewhere; `boards.json`. Code: `tigris/engine/apply:apply`,
`tigris/rules/placement:tile_cells`, `tigris/model/regions:Analysis.lifted_touch2`.
Tests: `test_a.py::test_one`, `test_a.py::TestPair::test_two`,
`scenarios/family/*`, `test_a.py`.

**D1 — A decision**, in so many words.
Code: `tigris.notation.position:rules_text`. Tests: `scenarios/family/one.txt`.

A note on R1 that belongs to no field.
"""

TEST_A = '''\
"""Tests of R1 (spec R1)."""


def test_one() -> None:
    """One thing holds (spec R1)."""


class TestPair:
    def test_two(self) -> None:
        """Another thing holds (R1, D1)."""


def test_three() -> None:
    """Everything holds (R1-R1): a range credits nothing."""
'''


@pytest.fixture
def tests(tmp_path: Path) -> Path:
    """A tests directory: one module and one scenario, both naming clauses of GOOD."""
    family = tmp_path / "tests" / "scenarios" / "family"
    family.mkdir(parents=True)
    (family / "one.txt").write_text("# One.\nclauses: R1 D1\nexpect-error: R1 no\n", "utf-8")
    (tmp_path / "tests" / "test_a.py").write_text(TEST_A, "utf-8")
    return tmp_path / "tests"


def problems(spec: str, tests: Path) -> tuple[str, ...]:
    return tuple(trace.check(spec, tests).problems)


def test_clauses_are_parsed_with_wrapped_fields() -> None:
    """Titles, and Code: and Tests: items across lines; a blank line ends a field."""
    r1, d1 = trace.parse_spec(GOOD)
    assert (r1.id, r1.title, r1.line) == ("R1", "One rule", 5)
    assert r1.code == (
        "tigris/engine/apply:apply",
        "tigris/rules/placement:tile_cells",
        "tigris/model/regions:Analysis.lifted_touch2",
    )
    assert r1.tests == (
        "test_a.py::test_one",
        "test_a.py::TestPair::test_two",
        "scenarios/family/*",
        "test_a.py",
    )
    assert (d1.id, d1.title, d1.code, d1.tests) == (
        "D1",
        "A decision",
        ("tigris.notation.position:rules_text",),
        ("scenarios/family/one.txt",),
    )


def test_a_good_spec_passes_and_credits_the_tests_naming_its_clauses(tests: Path) -> None:
    """Nothing is wrong; scenarios and test docstrings naming a clause join its row."""
    report = trace.check(GOOD, tests)
    assert report.problems == ()
    assert report.derived == {
        "R1": ("scenarios/family/one.txt", "test_a.py::TestPair::test_two", "test_a.py::test_one"),
        "D1": ("scenarios/family/one.txt", "test_a.py::TestPair::test_two"),
    }
    table = trace.table(report)
    assert "| D1 | A decision | `tigris.notation.position:rules_text` | " in table
    assert "`test_a.py::test_one`" in table.splitlines()[-2]
    assert trace.summary(report).startswith("2 clauses, 4 code references, 5 test references")


def test_a_clause_without_tests_fails(tests: Path) -> None:
    """A clause with no Tests: line, or one without references, is reported."""
    spec = (
        GOOD + "\n**D2 — Untested.** Words.\nCode: `tigris/engine/apply:apply`. Tests: none yet.\n"
    )
    (problem,) = problems(spec, tests)
    assert "D2 has no test" in problem


@pytest.mark.parametrize(
    ("ref", "why"),
    [
        (
            "tigris/engine/apply:no_such_function",
            "tigeuph.tigris.engine.apply has no attribute 'no_such_function'",
        ),
        (
            "tigris/model/regions:Analysis.nothing",
            "tigeuph.tigris.model.regions.Analysis has no attribute 'nothing'",
        ),
        ("tigris/rules/nowhere:thing", "module tigeuph.tigris.rules.nowhere cannot be imported"),
        ("engine.apply", "is not of the form module:name"),
    ],
)
def test_a_code_reference_that_does_not_resolve_fails(tests: Path, ref: str, why: str) -> None:
    """The message names the clause, the reference and what is missing."""
    spec = GOOD.replace("`tigris/engine/apply:apply`", f"`{ref}`")
    (problem,) = problems(spec, tests)
    assert f"R1: code reference `{ref}` does not resolve: {why}" in problem


@pytest.mark.parametrize(
    ("ref", "why"),
    [
        ("test_a.py::test_missing", "tests/test_a.py defines no test_missing"),
        ("test_a.py::TestPair::test_one", "defines no test_one"),
        ("test_b.py", "tests/test_b.py does not exist"),
        ("scenarios/family/two.txt", "does not exist"),
        ("scenarios/other/*", "matches no file"),
    ],
)
def test_a_test_reference_that_names_nothing_fails(tests: Path, ref: str, why: str) -> None:
    """A missing test function, file or scenario, or a glob matching nothing, is reported."""
    spec = GOOD.replace("`test_a.py::test_one`", f"`{ref}`")
    (problem,) = problems(spec, tests)
    assert f"R1: test reference `{ref}` does not resolve: " in problem
    assert why in problem


def test_a_scenario_naming_an_unknown_clause_fails(tests: Path) -> None:
    """Its clauses: line (or expect-error: line) may name only clauses of the spec."""
    two = tests / "scenarios" / "family" / "two.txt"
    two.write_text("# Two.\nclauses: R1 R99\nexpect-error: D7 refused\n", "utf-8")
    assert problems(GOOD, tests) == (
        "tests/scenarios/family/two.txt:2: names clause R99, not in the spec",
        "tests/scenarios/family/two.txt:3: names clause D7, not in the spec",
    )


def test_a_docstring_naming_an_unknown_clause_fails(tests: Path) -> None:
    """A test docstring's "(spec R…)", "(R…, R…)", range or "[R…]" names only clauses."""
    (tests / "test_b.py").write_text(
        '"""Module (spec R2)."""\n\n\ndef helper() -> None:\n    """Helps [D9]."""\n\n\n'
        'def test_range() -> None:\n    """Over a range (R1-R40)."""\n',
        "utf-8",
    )
    assert problems(GOOD, tests) == (
        "tests/test_b.py:1: names clause R2, not in the spec",
        "tests/test_b.py:5: names clause D9, not in the spec",
        "tests/test_b.py:9: names clause R40, not in the spec",
    )
    assert "test_b.py::test_range" not in trace.check(GOOD, tests).derived["R1"]


def test_docstring_mentions() -> None:
    """Clauses after "spec", "(" or "[" count; a range names its ends; other words do not."""
    assert trace.docstring_clauses("Kingdoms (spec R0): the R5 rule, Rules(x) (issue 6).") == [
        ("R0", True)
    ]
    assert trace.docstring_clauses("(R4, R32 and D1) [R11] spec R0-R27 (R15\u201325)") == [
        ("R4", True),
        ("R32", True),
        ("D1", True),
        ("R11", True),
        ("R0", False),
        ("R27", False),
        ("R15", False),
        ("R25", False),
    ]


def test_a_clause_defined_twice_fails(tests: Path) -> None:
    """Each clause number appears once."""
    spec = GOOD + "\n**R1 — Again.** Code: `tigris/engine/apply:apply`. Tests: `test_a.py`.\n"
    (problem,) = problems(spec, tests)
    assert "R1 is already a clause (line 5)" in problem


@pytest.mark.slow
def test_the_spec_traces_to_code_and_tests(capsys: pytest.CaptureFixture[str]) -> None:
    """spec/rules.md and spec/babel.md pass the check that CI runs (spec/trace.py --check)."""
    assert trace.main(["--check"]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.startswith("spec traceability (spec/rules.md): ")


def test_a_clause_of_the_other_spec_is_no_problem(tests: Path) -> None:
    """A test naming a Babel clause (B…) is checked against spec/babel.md, not this spec
    (issue 19); a clause of neither spec is still reported."""
    three = tests / "scenarios" / "family" / "three.txt"
    three.write_text("# Three.\nclauses: B12 B99\n", "utf-8")
    report = trace.check(GOOD, tests, elsewhere=frozenset({"B12"}))
    assert report.problems == (
        "tests/scenarios/family/three.txt:2: names clause B99, not in the spec",
    )
    assert trace.docstring_clauses("Travel (spec B12) [B3-B5]") == [
        ("B12", True),
        ("B3", False),
        ("B5", False),
    ]
