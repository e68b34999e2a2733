"""The clauses that make an action legal, per kind of action, and the first of its effects."""

from __future__ import annotations

from ..actions import (
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
from ..decisions import MonumentChoice, Revolt, War
from ..rules.conflicts import contested_colours
from ..state import GameState
from .consequences import short_exchange

__all__ = ["action_clauses"]


def action_clauses(state: GameState, action: Action) -> list[str]:
    """The clauses that make *action* legal, and the first of its effects (a list to extend)."""
    match action:
        case PlaceTile():
            touching = len(state.analysis().touching(action.cell))
            return ["R11", "R12" if touching == 2 else "R13"]
        case PlaceLeader():
            return ["R8", "R9"]
        case WithdrawLeader() | EndTurn():
            return ["R5"]
        case PlaceCatastrophe():
            return ["R14"]
        case ExchangeTiles():
            # D4: a short exchange ends the game at once (R26 comes with the game's end).
            return ["R5", "D4"] if short_exchange(state, action) else ["R5"]
        case CommitSupport():
            english = ["R28"] if state.rules.english_reinforcement else []
            if isinstance(state.pending, Revolt):
                return ["R15", *english]
            assert isinstance(state.pending, War)
            if state.pending.attacker_support is None:
                return ["R19", *english]
            more = len(contested_colours(state)) > 1
            return ["R19", *english, "R20", "R21"] if more else ["R19", *english, "R20"]
        case ChooseWar():
            return ["R17"]
        case BuildMonument():
            return ["R22"]
        case DeclineMonument():
            assert isinstance(state.pending, MonumentChoice)
            return ["R22", "D3"] if len(state.pending.corners) > 1 else ["R22"]
        case TakeTreasure():
            return ["R25"]
        case PlaceBuilding() | DeclineBuilding():
            return ["R30"]
        case BuildWonder() | DeclineWonder():
            return ["R31"]
        case ScoreWonder():
            return ["R31"]
