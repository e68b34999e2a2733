"""Explanations: why an action is legal or illegal and what it would cause, citing the spec.

:func:`explain` is what a person settling a dispute calls. It never changes the state: it asks
:func:`tigeuph.apply` for the state after the action (``apply`` never mutates its input) and
reads the consequences off the difference between the two states. Conflict strengths, the
wars a unification brings, monument points and a building's double score come from the
engine's own functions in ``rules/``, so they are the numbers the engine plays with.

One idea a module: the values an explanation is made of (``explain.values``), the clauses an
action rests on, per kind of action (``explain.clauses``), the consequences read off the two
states (``explain.consequences``), the verdict that puts them together (``explain.verdict``)
and the words that tell it (``explain.words``).

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> print(tigeuph.explain(state, tigeuph.parse_action("rE1")))
Illegal (R11): rE1: a red tile never goes on a river (E1).
>>> done = tigeuph.explain(state, tigeuph.parse_action("pass"))
>>> done.legal, done.clauses, done.points
(True, ('R5', 'R7'), ())
>>> print(done)
Legal (R5, R7). Nobody scores. The turn ends; seat 1 plays next.
"""

from .values import ConflictInfo, Explanation
from .verdict import explain

__all__ = ["ConflictInfo", "Explanation", "explain"]
