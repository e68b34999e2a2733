"""Babel (Uwe Rosenberg and Hagen Dorgathen, Kosmos 2000): the two-player card game of temple
building on the rivers, played by the rules of ``spec/babel.md`` (clauses B0-B53).

>>> from tigeuph import babel
>>> state = babel.new_game(seed=7)
>>> len(babel.legal_actions(state)) > 0, babel.outcome(state)
(True, None)
"""

from .actions import (
    Action,
    Build,
    Colonise,
    Destroy,
    Discard,
    EndTurn,
    Expel,
    Halve,
    Migrate,
    SkipBuild,
    Steal,
    Switch,
    Travel,
    parse_action,
)
from .cards import NATIONS, Counts, Nation
from .engine import Outcome, apply, legal_actions, outcome
from .state import BabelState, End, Halving, Side, new_game

__all__ = [
    "NATIONS",
    "Action",
    "BabelState",
    "Build",
    "Colonise",
    "Counts",
    "Destroy",
    "Discard",
    "End",
    "EndTurn",
    "Expel",
    "Halve",
    "Halving",
    "Migrate",
    "Nation",
    "Outcome",
    "Side",
    "SkipBuild",
    "Steal",
    "Switch",
    "Travel",
    "apply",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
]
