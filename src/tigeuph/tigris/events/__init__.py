"""The story of a game: what each action did, as events (issue 26).

:func:`tigeuph.transition` returns them with the next state. Each is a small frozen value
(:class:`TigrisEvent`, an :class:`~tigeuph.Event`) with its ``kind``, the players, cells,
colours and numbers it concerns, the clause that decided it and an English sentence; the rule
modules tell them as they do the work, so they never disagree with :func:`tigeuph.apply`.
:data:`EVENT_TYPES` names every kind.

The rule modules import an event where they tell it (under ``if w.events is not None``), not
at the top: a plain :func:`tigeuph.apply` tells none, and ``import tigeuph`` loads no event
module (the package's ``EVENT_TYPES`` comes on first use).
"""

from __future__ import annotations

from typing import Final

from .base import TigrisEvent
from .board import (
    CatastropheFell,
    KingdomsUnited,
    LeaderMoved,
    LeaderPlaced,
    LeaderReturned,
    LeaderWithdrawn,
    TilePlaced,
    TreasureTaken,
)
from .conflicts import ConflictBegun, ConflictResolved, SupportCommitted, WarCancelled
from .turn import GameEnded, TilesDrawn, TilesExchanged, TurnBegan, TurnPassed
from .works import (
    BuildingDeclined,
    BuildingPlaced,
    BuildingReturned,
    MonumentBuilt,
    MonumentDeclined,
    MonumentScored,
    WonderBuilt,
    WonderDeclined,
    WonderScored,
)

__all__ = [
    "EVENT_TYPES",
    "BuildingDeclined",
    "BuildingPlaced",
    "BuildingReturned",
    "CatastropheFell",
    "ConflictBegun",
    "ConflictResolved",
    "GameEnded",
    "KingdomsUnited",
    "LeaderMoved",
    "LeaderPlaced",
    "LeaderReturned",
    "LeaderWithdrawn",
    "MonumentBuilt",
    "MonumentDeclined",
    "MonumentScored",
    "SupportCommitted",
    "TigrisEvent",
    "TilePlaced",
    "TilesDrawn",
    "TilesExchanged",
    "TreasureTaken",
    "TurnBegan",
    "TurnPassed",
    "WarCancelled",
    "WonderBuilt",
    "WonderDeclined",
    "WonderScored",
]

EVENT_TYPES: Final[dict[str, type[TigrisEvent]]] = {
    cls.kind: cls
    for cls in (
        TilePlaced,
        KingdomsUnited,
        LeaderPlaced,
        LeaderMoved,
        LeaderWithdrawn,
        LeaderReturned,
        ConflictBegun,
        SupportCommitted,
        ConflictResolved,
        WarCancelled,
        CatastropheFell,
        MonumentBuilt,
        MonumentDeclined,
        MonumentScored,
        TreasureTaken,
        TilesExchanged,
        TilesDrawn,
        BuildingPlaced,
        BuildingDeclined,
        BuildingReturned,
        WonderBuilt,
        WonderDeclined,
        WonderScored,
        TurnPassed,
        TurnBegan,
        GameEnded,
    )
}
"""Every kind of event of the main game, by its name in writing."""
