"""tigeuph: a fast, typed, immutable rules engine for Reiner Knizia's *Tigris & Euphrates*.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> action = tigeuph.legal_actions(state)[0]
>>> str(action), tigeuph.apply(state, action).to_move
('pass', 1)

The engine (states, actions, ``legal_actions``, ``apply``, ``outcome``, the errors) is imported
with the package; the readers and writers, views, explanations, records, agents and tensors are
imported on first use of one of their names (PEP 562), so that ``import tigeuph`` stays quick.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final

from .core.errors import (
    ArgumentError,
    ArgumentTypeError,
    BoardError,
    DealError,
    IllegalActionError,
    JsonError,
    LimitError,
    NotationError,
    PositionError,
    RecordError,
    TigeuphError,
    UndoError,
)
from .core.events import Event
from .tigris.engine.apply import Outcome, apply, is_legal, outcome, refusal, transition
from .tigris.engine.legal import LegalActions, legal_actions
from .tigris.model.action_text import parse_action
from .tigris.model.actions import (
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
)
from .tigris.model.boards import (
    ADVANCED,
    STANDARD,
    Board,
    board_from_json,
    board_from_text,
    board_to_json,
    board_to_text,
    load_board,
)
from .tigris.model.cells import CELLS, Bitboard, Cell, cell, cell_name, mask, names, parse_cell
from .tigris.model.cellset import CellSet
from .tigris.model.decisions import (
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
from .tigris.model.pieces import COLOURS, Colour, Monument
from .tigris.model.ruleset import SWITCHES, Rules
from .tigris.model.state import End, GameState, MonumentSite, WonderSite, new_game
from .tigris.rules.scoring import PlayerResult

if TYPE_CHECKING:  # the names imported on first use (_LAZY, _ALIASES), for the type checkers
    from .agents import Agent, AgentError, play
    from .core.deals import deal_commitment, verify_deal
    from .core.limits import Limits
    from .games import GAMES, GameInterface
    from .tigris import pictures as svg  # noqa: F401 (the alias _ALIASES gives)
    from .tigris.checks import check_state
    from .tigris.events import EVENT_TYPES
    from .tigris.explain import ConflictInfo, Explanation, explain
    from .tigris.learning.encoding import ACTION_COUNT, action_to_id, id_to_action, legal_mask
    from .tigris.learning.tensors import observation, returns
    from .tigris.notation import Sketch, from_text, read_sketch, to_text
    from .tigris.records import Game
    from .tigris.serialise import (
        action_from_json,
        action_to_json,
        json_schema,
        state_from_json,
        state_to_json,
        view_from_json,
        view_to_json,
    )
    from .tigris.views import PlayerView, PublicAction, ScoringEvent, sample_state, view

_LAZY: Final[dict[str, tuple[str, ...]]] = {
    ".agents": ("Agent", "AgentError", "play"),
    ".tigris.checks": ("check_state",),
    ".tigris.events": ("EVENT_TYPES",),
    ".core.deals": ("deal_commitment", "verify_deal"),
    ".tigris.learning.encoding": ("ACTION_COUNT", "action_to_id", "id_to_action", "legal_mask"),
    ".tigris.explain": ("ConflictInfo", "Explanation", "explain"),
    ".games": ("GAMES", "GameInterface"),
    ".core.limits": ("Limits",),
    ".tigris.notation": ("Sketch", "from_text", "read_sketch", "to_text"),
    ".tigris.records": ("Game",),
    ".tigris.serialise": (
        "action_from_json",
        "action_to_json",
        "json_schema",
        "state_from_json",
        "state_to_json",
        "view_from_json",
        "view_to_json",
    ),
    ".tigris.learning.tensors": ("observation", "returns"),
    ".tigris.views": ("PlayerView", "PublicAction", "ScoringEvent", "sample_state", "view"),
}
"""The modules imported on first use, each with the names it gives the package."""

_HOME: Final = {name: module for module, exported in _LAZY.items() for name in exported}

_ALIASES: Final = {"svg": ".tigris.pictures"}
"""The modules the package gives a name of their own, imported on first use: ``tigeuph.svg`` is
the main game's pictures (``from tigeuph import svg``)."""


def _lazy_attribute(name: str) -> Any:
    """A name of :data:`_LAZY`, imported from its module on first use, a module of
    :data:`_ALIASES`, or a submodule (``tigeuph.babel``), imported when first asked for."""
    home = _HOME.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home, __name__), name)
        globals()[name] = value  # found directly from now on
        return value
    alias = _ALIASES.get(name)
    if alias is not None:
        module = globals()[name] = importlib.import_module(alias, __name__)
        return module
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{name}":
            raise  # the submodule exists but needs something missing
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__() -> list[str]:
    """The public names, the aliases and the module's dunders: not what the package's own code
    imports (``importlib``, ``Any``...) nor its private names."""
    return sorted({*__all__, *_ALIASES, *(name for name in globals() if name.startswith("__"))})


if not TYPE_CHECKING:  # hidden from the type checkers, which would take any name as Any
    __getattr__ = _lazy_attribute  # PEP 562


__version__ = "0.2.0"
"""The version of this tigeuph: the one place it is written (``pyproject.toml`` reads it)."""

__all__ = [
    "ACTION_COUNT",
    "ADVANCED",
    "CELLS",
    "COLOURS",
    "EVENT_TYPES",
    "GAMES",
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
    "CellSet",
    "ChooseWar",
    "Colour",
    "CommitSupport",
    "Conflict",
    "ConflictInfo",
    "DealError",
    "Decision",
    "DeclineBuilding",
    "DeclineMonument",
    "DeclineWonder",
    "End",
    "EndTurn",
    "Event",
    "ExchangeTiles",
    "Explanation",
    "Game",
    "GameInterface",
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
    "deal_commitment",
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
    "transition",
    "verify_deal",
    "view",
    "view_from_json",
    "view_to_json",
]
