"""The package behind :func:`tigeuph.check_state` (issue 16): every kind of pending decision
has its checker."""

from __future__ import annotations

from typing import get_args

from tigeuph.tigris.checks.pending import CHECKERS
from tigeuph.tigris.model.decisions import Decision
from tigeuph.tigris.model.kinds import DECISIONS


def test_every_decision_kind_has_a_checker() -> None:
    """check_state looks up the pending decision's checker by its kind: the table covers every
    kind of decision, and only those (spec R15-R31)."""
    kinds = set(get_args(Decision))
    assert kinds and set(CHECKERS) == kinds
    assert {k.decision for k in DECISIONS if k.active_clause is not None} < kinds
