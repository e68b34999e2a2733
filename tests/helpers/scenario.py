"""The tests' names for the casebook's main-game cases (:mod:`tigeuph.casebook`).

The cases, their reader and their runner are the package's (``tigeuph/casebook/``, issue 39):
an installed tigeuph plays its own casebook. The tests that pick a case or walk the main
game's cases import these names.
"""

from __future__ import annotations

from pathlib import Path

from tigeuph import casebook
from tigeuph.casebook import SCENARIOS, Case, CaseFailed
from tigeuph.casebook.tigris_checks import check

__all__ = ["SCENARIOS", "CaseFailed", "Scenario", "all_scenarios", "check", "read", "run"]

Scenario = Case


def read(path: Path) -> Case:
    """The case in *path*, named as the casebook names it when it is one of its own."""
    if path.is_relative_to(SCENARIOS):
        return casebook.read(path, path.relative_to(SCENARIOS).with_suffix("").as_posix())
    return casebook.read(path)


def run(case: Case) -> None:
    """Play *case*; :class:`~tigeuph.casebook.CaseFailed` at its first failed check."""
    casebook.run(case)


def all_scenarios() -> list[Path]:
    """The main game's case files (Babel's, under ``scenarios/babel/``, are left out)."""
    return casebook.case_paths("tigris")
