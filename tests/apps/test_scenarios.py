"""The casebook's cases, each a test, and its runner (:mod:`tigeuph.casebook`, issue 39): every
case of both games passes; a case that the engine contradicts fails with
:class:`~tigeuph.casebook.CaseFailed` naming the line, and one that cannot be read with
:class:`~tigeuph.casebook.CaseError`, under ``python -O`` too.

One case alone: ``pytest tests/test_scenarios.py -k priest-enters``, or
``tigeuph casebook revolts/priest-enters-a-priests-kingdom``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tigeuph import casebook
from tigeuph.casebook import Case, CaseError, CaseFailed

CASES = casebook.all_cases()
WAR = "wars/rulebook-war-second-war-vanishes"
TRAVEL = "babel/actions/travel"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_case(case: Case) -> None:
    """The engine does what the case says (its clauses, on its ``clauses:`` line)."""
    trial = casebook.run(case)
    assert trial.passed and trial.checks


def test_the_casebook_holds_both_games() -> None:
    """99 cases of the main game and 49 of Babel, each named by its path."""
    assert len(casebook.all_cases("tigris")) == 99
    assert len(casebook.all_cases("babel")) == 49
    assert {casebook.game_of_case(case).facts.name for case in CASES} == {"tigris", "babel"}
    assert casebook.family_of(casebook.case_named(TRAVEL)) == "babel/actions"


def _edited(name: str, old: str, new: str) -> Case:
    case = casebook.case_named(name)
    assert case.path is not None
    text = case.path.read_text("utf-8")
    assert old in text
    return casebook.parse(text.replace(old, new), name)


def test_a_false_expectation_fails_and_names_its_line() -> None:
    """An expectation the engine contradicts is a failed check; ``run`` raises at it."""
    case = _edited(WAR, "points 0 = r0 b0 g3 k0", "points 0 = r0 b0 g4 k0")
    trial = casebook.play(case)
    assert [check.line for check in trial.failures] == ["points 0 = r0 b0 g4 k0"]
    assert trial.failures[0].failure == "points 0 = r0 b0 g4 k0: got r0 b0 g3 k0"
    assert sum(check.ok for check in trial.checks) == len(trial.checks) - 1
    with pytest.raises(CaseFailed) as failed:
        casebook.run(case)
    assert failed.value.line == "points 0 = r0 b0 g4 k0"


def test_an_illegal_action_stops_the_case() -> None:
    """An action the rules refuse where the case expects it legal fails, citing the rule."""
    case = _edited(TRAVEL, "play: >A\nexpect: pawn 0", "play: >M\nexpect: pawn 0")
    trial = casebook.play(case)
    assert [c.kind for c in trial.failures][:1] == ["play"] and not trial.steps
    assert "B" in (trial.failures[0].failure or "")  # the refusal's clause
    case = _edited(WAR, "play: +4", "play: +9")
    trial = casebook.play(case)
    assert trial.failures[0].kind == "play" and len(trial.steps) == 2
    assert "+9" in (trial.failures[0].failure or "")


def test_a_refusal_that_does_not_come_fails() -> None:
    """``expect-error`` wants the last action refused for its clause."""
    name = next(
        c.name for c in CASES if c.error and casebook.game_of_case(c).facts.name == "tigris"
    )
    case = casebook.case_named(name)
    assert case.error is not None
    clause = case.error.split()[0]
    text = (case.path or Path()).read_text("utf-8")
    wrong = casebook.parse(text.replace(f"expect-error: {clause}", "expect-error: R99"), name)
    assert [c.kind for c in casebook.play(wrong).failures] == ["expect-error"]


def test_a_sentence_not_told_fails() -> None:
    """A ``told`` line the events did not say is a failed check."""
    case = _edited(WAR, "told: The black war is off", "told: The blue war is off")
    assert [c.kind for c in casebook.play(case).failures] == ["told"]


def test_what_cannot_be_read_is_a_case_error() -> None:
    """No clauses, nothing expected, a play after the refusal, an unknown check or action."""
    position = casebook.case_named(WAR).position
    with pytest.raises(CaseError, match="clauses"):
        casebook.parse(position + "\nexpect: to-move = 0")
    with pytest.raises(CaseError, match="expects something"):
        casebook.parse("clauses: R1\n" + position)
    with pytest.raises(CaseError, match="expect-error follows"):
        casebook.parse(position + "\nplay: pass\nexpect-error: R5 x\nplay: pass", loose=True)
    with pytest.raises(CaseError, match="unknown expectation"):
        casebook.run(casebook.parse(position + "\nexpect: colour of the sky = blue", loose=True))
    with pytest.raises(CaseError, match="rZ99"):
        casebook.run(casebook.parse(position + "\nplay: rZ99", loose=True))
    with pytest.raises(CaseError, match="position cannot be read"):
        casebook.play(casebook.parse("tigeuph position\nrules: players=9\nplay: pass", loose=True))
    with pytest.raises(CaseError, match="no case"):
        casebook.case_named("../pyproject")


def test_halves_join_back_to_the_case() -> None:
    """A case's text split into its position and its own lines reads back the same case."""
    for case in CASES[::7]:
        assert case.path is not None
        position, own = casebook.halves(case.path.read_text("utf-8"))
        for lines in (own, casebook.steps_text(case)):
            again = casebook.parse(position + "\n" + lines, case.name, path=case.path)
            assert again.position.strip() == case.position.strip()
            assert (again.title, again.clauses, again.steps, again.error) == (
                case.title,
                case.clauses,
                case.steps,
                case.error,
            )


def test_checks_hold_under_python_minus_o(tmp_path: Path) -> None:
    """The checks raise, not assert: under ``python -O`` a false expectation still fails."""
    source = casebook.case_named(WAR).path
    assert source is not None
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(source.read_text("utf-8").replace("= r0 b0 g3 k0", "= r0 b0 g4 k0"))
    code = (
        "import sys; from pathlib import Path; from tigeuph import casebook\n"
        "trial = casebook.play(casebook.read(Path(sys.argv[1])))\n"
        "print(sys.flags.optimize, [c.line for c in trial.failures])"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", code, str(wrong)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "1 ['points 0 = r0 b0 g4 k0']"


def _casebook(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tigeuph", "casebook", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_the_command_plays_the_installed_casebook() -> None:
    """``tigeuph casebook`` plays every case of the package and says all pass; a family or a
    name picks some; ``--list`` names them."""
    every = _casebook()
    assert every.returncode == 0, every.stdout + every.stderr
    assert every.stdout.strip() == f"{len(CASES)} cases: {len(CASES)} passed"
    some = _casebook("wars", TRAVEL, "-v")
    assert some.returncode == 0
    assert f"passed {TRAVEL} " in some.stdout and "passed wars/" in some.stdout
    listed = _casebook("--list", "--game", "babel").stdout.splitlines()
    assert len(listed) == 49 and listed[0].startswith("babel/")


def test_the_command_fails_a_case_the_engine_contradicts(tmp_path: Path) -> None:
    """A case file whose expectation is false fails with its line; one that cannot be read,
    or a name the casebook lacks, is bad input (exit 2)."""
    source = casebook.case_named(WAR).path
    assert source is not None
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(source.read_text("utf-8").replace("= r0 b0 g3 k0", "= r0 b0 g4 k0"))
    failed = _casebook(str(wrong))
    assert failed.returncode == 1
    assert "FAILED wrong: expect: points 0 = r0 b0 g4 k0: got r0 b0 g3 k0" in failed.stdout
    unreadable = tmp_path / "unreadable.txt"
    unreadable.write_text("# Nothing.\nclauses: R1\nplay: pass\nexpect-error: R5 x\nplay: pass\n")
    assert _casebook(str(unreadable)).returncode == 2
    assert "no case 'no/such'" in _casebook("no/such").stderr
