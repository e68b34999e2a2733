"""Babel (Uwe Rosenberg and Hagen Dorgathen, Kosmos 2000): the two-player card game of temple
building on the rivers, played by the rules of ``spec/babel.md`` (clauses B0-B60).

>>> from tigeuph import babel
>>> state = babel.new_game(seed=7)
>>> len(babel.legal_actions(state)) > 0, babel.outcome(state)
(True, None)
"""

from .checks import check_state
from .engine import Outcome, apply, legal_actions, outcome, transition
from .events import BABEL_EVENT_TYPES
from .model.actions import (
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
from .model.cards import NATIONS, Counts, Nation
from .model.state import BabelState, End, Halving, Side, new_game
from .notation import from_text, to_text
from .records import BabelGame
from .serialise import (
    action_from_json,
    action_to_json,
    event_from_json,
    event_to_json,
    json_schema,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from .views import BabelView, PublicSide, sample_state, view

__all__ = [
    "BABEL_EVENT_TYPES",
    "NATIONS",
    "Action",
    "BabelGame",
    "BabelState",
    "BabelView",
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
    "PublicSide",
    "Side",
    "SkipBuild",
    "Steal",
    "Switch",
    "Travel",
    "action_from_json",
    "action_to_json",
    "apply",
    "check_state",
    "event_from_json",
    "event_to_json",
    "from_text",
    "json_schema",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "sample_state",
    "state_from_json",
    "state_to_json",
    "to_text",
    "transition",
    "view",
    "view_from_json",
    "view_to_json",
]
