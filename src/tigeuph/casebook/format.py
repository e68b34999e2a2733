"""A case as text: a position, the actions played from it, and what must follow.

A case is a text file (the casebook's own are under ``tigeuph/casebook/scenarios/``)::

    # The rulebook's revolt: 2 + 2 against 1 + 3, a tie the defender wins.
    clauses: R15
    tigeuph position
    rules: players=2 board=standard
    ... (any position text of either game)
    play: RF5 +2 +3
    expect: leader 0 R = supply
    expect: points 1 = r1 b0 g0 k0
    told: Seat 1 wins the red revolt, 4 to 4 (the defender wins ties): ...

Lines starting ``clauses:``, ``play:``, ``expect:``, ``told:`` and ``expect-error:`` belong to
the case; every other line is the position, in the position notation of its game (its first
line, ``tigeuph position`` or ``babel position``, says which). The first ``#`` line is the
case's description. ``play`` lines add actions, in the game's action notation, in order; each
``expect`` line is checked against the state the actions above it reach
(:mod:`tigeuph.casebook.tigris_checks`, :mod:`tigeuph.casebook.babel_checks` list what an
``expect`` line may say); a ``told`` line is an event's sentence (with seat numbers) that the
actions played since the previous ``expect`` or ``told`` line must have told, word for word.
``expect-error: R11 some words`` says that the last action played must raise
:class:`~tigeuph.IllegalActionError` for that clause, its message containing the words, and that
the state before it is left as it was; it follows the last ``play`` line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from attrs import frozen

from ..core.errors import TigeuphError

__all__ = ["Case", "CaseError", "CaseFailed", "halves", "parse", "read", "steps_text"]

_OWN: Final = ("clauses:", "play:", "expect:", "told:", "expect-error:")


class CaseError(TigeuphError, ValueError):
    """A case that cannot be read or played as written: a line out of place, no clauses or no
    expectation, an action or a position its game cannot read, an ``expect`` line of a kind
    its game's checks do not know."""


class CaseFailed(TigeuphError, AssertionError):
    """The engine disagrees with a case: an expectation does not hold, a sentence was not told,
    an action the case plays is illegal, or the refusal it expects did not come. Raised by
    :func:`tigeuph.casebook.run` and by the checks themselves, never by ``assert``, so that it
    holds under ``python -O`` and in the browser alike; *line* is the case's line that failed."""

    def __init__(self, message: str, line: str = "") -> None:
        super().__init__(message)
        self.line = line


@frozen
class Case:
    """One case: its description, the clauses it pins, the position and its steps."""

    name: str
    """The case's name: ``wars/red-war-keeps-temples`` for the casebook's own, a file's stem
    otherwise."""
    title: str
    """Its description, the first ``#`` line."""
    clauses: tuple[str, ...]
    position: str
    """The position's text, its comment lines included."""
    steps: tuple[tuple[str, str], ...]
    """``("play", action)``, ``("expect", line)`` and ``("told", sentence)`` in file order:
    each expectation is checked against the state the actions before it reach, each sentence
    against the events of the actions played since the previous check."""
    error: str | None
    """What ``expect-error`` expects: a clause and words, or ``None``."""
    path: Path | None = None
    """The file the case was read from, if any."""

    @property
    def play(self) -> tuple[str, ...]:
        """The actions, in order, as written."""
        return tuple(text for kind, text in self.steps if kind == "play")

    @property
    def position_title(self) -> str:
        """The first line of the position that is not a comment: its game's title."""
        for line in self.position.splitlines():
            if line.strip() and not line.strip().startswith("#"):
                return line.strip()
        return ""

    @property
    def notes(self) -> tuple[str, ...]:
        """The position's comment lines after the description, without their ``#``."""
        found = [
            line.strip().lstrip("# ").strip()
            for line in self.position.splitlines()
            if line.strip().startswith("#")
        ]
        return tuple(found[1:])


def parse(text: str, name: str = "case", *, path: Path | None = None, loose: bool = False) -> Case:
    """The case *text* holds, called *name*.

    A case names the clauses it pins and expects something, unless *loose* (a case being
    edited in the browser may drop both).

    Raises:
        CaseError: a ``play`` line after ``expect-error``, and without *loose* no ``clauses``
            line or nothing expected.
    """
    where = str(path) if path is not None else name
    clauses: list[str] = []
    steps: list[tuple[str, str]] = []
    error = None
    position = []
    title = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#") and not title:
            title = stripped.lstrip("# ")
        if stripped.startswith("clauses:"):
            clauses += stripped.removeprefix("clauses:").split()
        elif stripped.startswith("play:"):
            if error is not None:
                raise CaseError(f"{where}: expect-error follows the last play line")
            steps += (("play", text) for text in stripped.removeprefix("play:").split())
        elif stripped.startswith("expect:"):
            steps.append(("expect", stripped.removeprefix("expect:").strip()))
        elif stripped.startswith("told:"):
            steps.append(("told", stripped.removeprefix("told:").strip()))
        elif stripped.startswith("expect-error:"):
            error = stripped.removeprefix("expect-error:").strip()
        else:
            position.append(line)
    if error is not None and not any(kind == "play" for kind, _ in steps):
        raise CaseError(f"{where}: expect-error, but no action is played to be refused")
    if not loose:
        if not clauses:
            raise CaseError(f"{where}: a case names the clauses it covers (clauses: R…)")
        if error is None and not any(kind == "expect" for kind, _ in steps):
            raise CaseError(f"{where}: a case expects something (expect: …)")
    body = "\n".join(position)
    return Case(name, title, tuple(clauses), body, tuple(steps), error, path)


def read(path: Path, name: str | None = None) -> Case:
    """The case in the file *path* (called *name*, by default the file's stem).

    Raises:
        CaseError: as :func:`parse` does.
        OSError: the file cannot be read.
    """
    return parse(path.read_text("utf-8"), name or path.stem, path=path)


def steps_text(case: Case) -> str:
    """*case*'s own lines (``clauses``, ``play``, ``expect``, ``told``, ``expect-error``) as a
    case file writes them: consecutive actions on one ``play`` line."""
    lines = [f"clauses: {' '.join(case.clauses)}"] if case.clauses else []
    for kind, text in case.steps:
        if kind == "play" and lines[-1:] and lines[-1].startswith("play:"):
            lines[-1] += f" {text}"
        else:
            lines.append(f"{kind}: {text}")
    if case.error is not None:
        lines.append(f"expect-error: {case.error}")
    return "\n".join(lines)


def halves(text: str) -> tuple[str, str]:
    """A case file's *text* in two: its position (every line not the case's own, comments
    included) and its own lines (``clauses``, ``play``, ``expect``, ``told``,
    ``expect-error``), each in file order; ``parse`` of the two joined reads the same case."""
    position: list[str] = []
    own: list[str] = []
    for line in text.splitlines():
        (own if line.strip().startswith(_OWN) else position).append(line)
    return "\n".join(position).strip("\n"), "\n".join(own)
