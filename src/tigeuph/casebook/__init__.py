"""The rules casebook: cases that pin the rules, read, played and checked (issue 39).

A case is a small text file, a position with the actions played from it and what must follow
(:mod:`tigeuph.casebook.format` gives the format); the library ships its own, a file a rule
question, for both games (:mod:`tigeuph.casebook.shelf`). :func:`play` plays a case and keeps
every step and every check's verdict; :func:`run` raises :class:`CaseFailed` at its first
failed check. The tests, the documentation's casebook and its live panel in the browser, and
``tigeuph casebook`` all play cases here.

>>> from tigeuph import casebook
>>> case = casebook.case_named("wars/rulebook-war-second-war-vanishes")
>>> trial = casebook.run(case)
>>> trial.passed, len(trial.steps), trial.game.facts.name
(True, 4, 'tigris')
>>> edited = casebook.parse(case.position + "\\nplay: pass\\nexpect: to-move = 0", loose=True)
>>> [check.failure for check in casebook.play(edited).checks]
['to-move = 0: got 1']
"""

from __future__ import annotations

from .format import Case, CaseError, CaseFailed, halves, parse, read, steps_text
from .shelf import SCENARIOS, all_cases, case_named, case_paths, family_of
from .trial import CHECKS, Check, Step, Trial, game_of_case, play, run

__all__ = [
    "CHECKS",
    "SCENARIOS",
    "Case",
    "CaseError",
    "CaseFailed",
    "Check",
    "Step",
    "Trial",
    "all_cases",
    "case_named",
    "case_paths",
    "family_of",
    "game_of_case",
    "halves",
    "parse",
    "play",
    "read",
    "run",
    "steps_text",
]
