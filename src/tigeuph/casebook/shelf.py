"""The casebook's own cases, installed with the package: one file a rule question.

They live in ``tigeuph/casebook/scenarios/``, a folder a family (``wars/``, ``revolts/`` ...),
Babel's under ``babel/`` in families of their own (``babel/abilities/`` ...). A case's name is
its path there without ``.txt``: ``wars/rulebook-war-second-war-vanishes``,
``babel/turn/travel``. The tests play them all, the documentation gives each a page, and
``tigeuph casebook`` plays them on any installed copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from .format import Case, CaseError, read

__all__ = ["SCENARIOS", "all_cases", "case_named", "case_paths", "family_of"]

SCENARIOS: Final = Path(__file__).parent / "scenarios"
"""The folder of the casebook's cases."""


def case_paths(game: str | None = None) -> list[Path]:
    """The files of the casebook's cases, sorted: all of them, or those of *game*
    (``tigris``: the main game's; ``babel``: Babel's)."""
    paths = sorted(SCENARIOS.rglob("*.txt"))
    if game is None:
        return paths
    return [p for p in paths if (p.relative_to(SCENARIOS).parts[0] == "babel") == (game == "babel")]


def _name(path: Path) -> str:
    return path.relative_to(SCENARIOS).with_suffix("").as_posix()


def all_cases(game: str | None = None) -> list[Case]:
    """The casebook's cases (of *game* only, when given), read, in the order of their names."""
    return [read(path, _name(path)) for path in case_paths(game)]


def case_named(name: str) -> Case:
    """The casebook's case called *name* (``wars/rulebook-war-second-war-vanishes``).

    Raises:
        CaseError: the casebook has no such case.
    """
    path = SCENARIOS / f"{name}.txt"
    if ".." in Path(name).parts or not path.is_file():
        raise CaseError(f"the casebook has no case {name!r} (tigeuph casebook --list names them)")
    return read(path, name)


def family_of(case: Case) -> str:
    """The family of one of the casebook's cases, from its name: ``wars``, ``babel/turn``."""
    return case.name.rpartition("/")[0]
