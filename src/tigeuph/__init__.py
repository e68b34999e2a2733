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
    BuildWonder,
    ChooseWar,
    CommitSupport,
    DeclineBuilding,
    DeclineMonument,
    DeclineWonder,
    EndTurn,
    ExchangeTiles,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    ScoreWonder,
    TakeTreasure,
    WithdrawLeader,
    parse_action,
)
from .agents import Agent, AgentError, play
from .boards import (
    ADVANCED,
    STANDARD,
    Board,
    board_from_json,
    board_from_text,
    board_to_json,
    board_to_text,
    load_board,
)
from .cells import CELLS, Bitboard, Cell, cell, cell_name, mask, names, parse_cell
from .checks import check_state
from .decisions import (
    BuildingChoice,
    Conflict,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from .encoding import ACTION_COUNT, action_to_id, id_to_action, legal_mask
from .engine import Outcome, apply, is_legal, outcome, refusal
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardError,
    IllegalActionError,
    JsonError,
    LimitError,
    NotationError,
    PositionError,
    RecordError,
    TigeuphError,
    UndoError,
)
from .explain import ConflictInfo, Explanation, explain
from .legal import LegalActions, legal_actions
from .limits import Limits
from .notation import Sketch, from_text, read_sketch, to_text
from .pieces import COLOURS, Colour, Monument
from .records import Game
from .rules.scoring import PlayerResult
from .ruleset import SWITCHES, Rules
from .serialise import (
    action_from_json,
    action_to_json,
    json_schema,
    state_from_json,
    state_to_json,
    view_from_json,
    view_to_json,
)
from .state import End, GameState, MonumentSite, WonderSite, new_game
from .tensors import observation, returns
from .views import PlayerView, PublicAction, ScoringEvent, sample_state, view

__version__ = "0.2.0"
"""The version of this tigeuph: the one place it is written (``pyproject.toml`` reads it)."""

__all__ = [
    "ACTION_COUNT",
    "ADVANCED",
    "CELLS",
    "COLOURS",
    "STANDARD",
    "SWITCHES",
    "Action",
    "Agent",
    "AgentError",
    "ArgumentError",
    "ArgumentTypeError",
    "Bitboard",
    "Board",
    "BoardError",
    "BuildMonument",
    "BuildWonder",
    "BuildingChoice",
    "Cell",
    "ChooseWar",
    "Colour",
    "CommitSupport",
    "Conflict",
    "ConflictInfo",
    "Decision",
    "DeclineBuilding",
    "DeclineMonument",
    "DeclineWonder",
    "End",
    "EndTurn",
    "ExchangeTiles",
    "Explanation",
    "Game",
    "GameState",
    "IllegalActionError",
    "JsonError",
    "LegalActions",
    "LimitError",
    "Limits",
    "Monument",
    "MonumentChoice",
    "MonumentSite",
    "NotationError",
    "Outcome",
    "PlaceBuilding",
    "PlaceCatastrophe",
    "PlaceLeader",
    "PlaceTile",
    "PlayerResult",
    "PlayerView",
    "PositionError",
    "PublicAction",
    "RecordError",
    "Revolt",
    "Rules",
    "ScoreWonder",
    "ScoringEvent",
    "Sketch",
    "TakeTreasure",
    "TigeuphError",
    "TreasureChoice",
    "UndoError",
    "War",
    "WarChoice",
    "WithdrawLeader",
    "WonderChoice",
    "WonderPoint",
    "WonderSite",
    "action_from_json",
    "action_to_id",
    "action_to_json",
    "apply",
    "board_from_json",
    "board_from_text",
    "board_to_json",
    "board_to_text",
    "cell",
    "cell_name",
    "check_state",
    "explain",
    "from_text",
    "id_to_action",
    "is_legal",
    "json_schema",
    "legal_actions",
    "legal_mask",
    "load_board",
    "mask",
    "names",
    "new_game",
    "observation",
    "outcome",
    "parse_action",
    "parse_cell",
    "play",
    "read_sketch",
    "refusal",
    "returns",
    "sample_state",
    "state_from_json",
    "state_to_json",
    "to_text",
    "view",
    "view_from_json",
    "view_to_json",
]
