"""Babel's story: what each action did, as events (issue 26, spec B7-B31).

:func:`tigeuph.babel.transition` returns them with the next state, as
:func:`tigeuph.transition` does the main game's; the rule modules of
``tigeuph.babel.rules`` tell them as they do the work. Each is a
:class:`tigeuph.Event`: its ``kind``, the players it concerns, its ``clause`` and an English
sentence; the cards a player draws are his secret (:meth:`~tigeuph.Event.seen_by`).
:data:`BABEL_EVENT_TYPES` names every kind.

>>> from tigeuph import babel
>>> after, events = babel.transition(babel.new_game(seed=2), babel.parse_action(">H"))
>>> [str(e) for e in events]
['Seat 0 discards a Hittite and travels from the quarry to the Hittites.']
"""

from __future__ import annotations

from typing import Final

from ...core.events import Event
from .abilities import (
    CardsDiscarded,
    CardsExpelled,
    CardsSwitched,
    HandHalved,
    LevelStolen,
    TempleDestroyed,
)
from .moves import CardColonised, CardsMigrated, PawnTravelled, TempleBuilt
from .turn import DeckReshuffled, GameEnded, PeopleDrawn, TurnBegan, TurnEnded

__all__ = [
    "BABEL_EVENT_TYPES",
    "CardColonised",
    "CardsDiscarded",
    "CardsExpelled",
    "CardsMigrated",
    "CardsSwitched",
    "DeckReshuffled",
    "GameEnded",
    "HandHalved",
    "LevelStolen",
    "PawnTravelled",
    "PeopleDrawn",
    "TempleBuilt",
    "TempleDestroyed",
    "TurnBegan",
    "TurnEnded",
]

BABEL_EVENT_TYPES: Final[dict[str, type[Event]]] = {
    cls.kind: cls
    for cls in (
        PawnTravelled,
        CardColonised,
        CardsMigrated,
        TempleBuilt,
        TempleDestroyed,
        LevelStolen,
        CardsExpelled,
        CardsSwitched,
        HandHalved,
        CardsDiscarded,
        TurnEnded,
        TurnBegan,
        DeckReshuffled,
        PeopleDrawn,
        GameEnded,
    )
}
"""Every kind of Babel's events, by its name in writing."""
