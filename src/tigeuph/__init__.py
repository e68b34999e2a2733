"""tigeuph: a fast, typed, immutable rules engine for Reiner Knizia's *Tigris & Euphrates*.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> action = tigeuph.legal_actions(state)[0]
>>> str(action), tigeuph.apply(state, action).to_move
('pass', 1)
"""

from .actions import (
    Action,
    BuildMonument,
    ChooseWar,
    CommitSupport,
    DeclineMonument,
    EndTurn,
    ExchangeTiles,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
    WithdrawLeader,
    parse_action,
)
from .boards import ADVANCED, STANDARD, Board
from .cells import CELLS, Bitboard, Cell, cell, cell_name, mask, names, parse_cell
from .checks import check_state
from .engine import Outcome, apply, legal_actions, outcome
from .errors import BoardError, IllegalActionError, NotationError, PositionError, TigeuphError
from .notation import from_text, to_text
from .pieces import COLOURS, Colour, Monument
from .rules.scoring import PlayerResult
from .ruleset import Rules
from .state import (
    Decision,
    End,
    GameState,
    MonumentChoice,
    MonumentSite,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    new_game,
)

__version__ = "0.1.0"

__all__ = [
    "ADVANCED",
    "CELLS",
    "COLOURS",
    "STANDARD",
    "Action",
    "Bitboard",
    "Board",
    "BoardError",
    "BuildMonument",
    "Cell",
    "ChooseWar",
    "Colour",
    "CommitSupport",
    "Decision",
    "DeclineMonument",
    "End",
    "EndTurn",
    "ExchangeTiles",
    "GameState",
    "IllegalActionError",
    "Monument",
    "MonumentChoice",
    "MonumentSite",
    "NotationError",
    "Outcome",
    "PlaceCatastrophe",
    "PlaceLeader",
    "PlaceTile",
    "PlayerResult",
    "PositionError",
    "Revolt",
    "Rules",
    "TakeTreasure",
    "TigeuphError",
    "TreasureChoice",
    "War",
    "WarChoice",
    "WithdrawLeader",
    "apply",
    "cell",
    "cell_name",
    "check_state",
    "from_text",
    "legal_actions",
    "mask",
    "names",
    "new_game",
    "outcome",
    "parse_action",
    "parse_cell",
    "to_text",
]
