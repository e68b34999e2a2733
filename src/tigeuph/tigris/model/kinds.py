"""The kinds of action and of decision: one record each, the one place their words are declared.

Each kind of action has an :class:`ActionKind`: its notation (as the table of
:mod:`tigeuph.tigris.model.actions` shows it), the word a client is shown for it, the clauses its
play may cite, and the decisions it answers (``None``: a turn action, played when none is pending).
Each kind of decision has a :class:`DecisionKind`: the name JSON and the position notation write it
under (``{"kind": "war-choice", ...}``, ``pending: war-choice ...``), what play waits for while it
is pending (spec R6), the clauses that call for it, the clause that gives it to the active player if
it falls to him alone, and the kinds of action that answer it. :data:`ACTION_KINDS` and
:data:`DECISIONS` are the one list of each. The engine's table of conditions, effects, what follows
and the choices listed (``tigeuph.tigris.engine.plays``) is built from these records a layer up,
above the rules it names.

>>> from tigeuph.tigris.model.decisions import WarChoice
>>> DECISION_KINDS[WarChoice], DECISION_CLASSES["war-choice"] is WarChoice
('war-choice', True)
>>> decision_kind(WarChoice).answers
(<class 'tigeuph.tigris.model.actions.ChooseWar'>,)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, get_args

from attrs import frozen

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
)
from .decisions import (
    BuildingChoice,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)

__all__ = [
    "ACTION_KINDS",
    "DECISIONS",
    "DECISION_CLASSES",
    "DECISION_KINDS",
    "DECISION_TYPES",
    "ActionKind",
    "DecisionKind",
    "action_kind",
    "decision_kind",
    "kinds_text",
]


@frozen
class ActionKind:
    """One kind of action, in words: its class and everything said of it outside the rules."""

    action: type[Any]
    """The action class."""
    notation: str
    """An action of this kind in action notation, as the table of
    :mod:`tigeuph.tigris.model.actions` writes it (``rE5``)."""
    client_kind: str
    """The word a client is shown for it (``tile``), beside its notation."""
    clauses: tuple[str, ...]
    """Every clause of the rule book its play may cite as making it legal (the first of its
    effects among them), as :func:`tigeuph.explain` does."""
    answers: tuple[type[Any] | None, ...]
    """The decisions it answers: ``(None,)`` for a turn action, played when none is pending."""


@frozen
class DecisionKind:
    """One kind of decision, in words: its class, its name in writing, and what it waits for."""

    decision: type[Any]
    """The decision class."""
    name: str
    """Its name in JSON (``kind``) and on the ``pending:`` line of the position notation."""
    waits_for: str
    """What play waits for while it is pending, in words (spec R6)."""
    clauses: tuple[str, ...]
    """The clauses of the rule book that call for it, which :func:`tigeuph.explain` cites for
    an action after which it arises."""
    active_clause: str | None
    """The clause that has the active player take it, or ``None`` when it may fall to another
    player (support, a treasure)."""
    answers: tuple[type[Any], ...]
    """The kinds of action that answer it, from :data:`ACTION_KINDS`."""
    title: str
    """Its title in a client's dialog (``Take a treasure``)."""
    prompt: str
    """What a client's dialog asks of the player, in a sentence."""


_SUPPORT: Final = "support to be committed (+n)"

ACTION_KINDS: Final = (
    ActionKind(PlaceTile, "rE5", "tile", ("R11", "R12", "R13"), (None,)),
    ActionKind(PlaceLeader, "KE5", "leader", ("R8", "R9"), (None,)),
    ActionKind(WithdrawLeader, "-K", "withdraw", ("R5",), (None,)),
    ActionKind(PlaceCatastrophe, "xE5", "catastrophe", ("R14",), (None,)),
    ActionKind(ExchangeTiles, "~rrg", "exchange", ("R5", "D4"), (None,)),
    ActionKind(EndTurn, "pass", "pass", ("R5",), (None,)),
    ActionKind(CommitSupport, "+2", "support", ("R15", "R19", "R20", "R21", "R28"), (Revolt, War)),
    ActionKind(ChooseWar, "!k", "war", ("R17",), (WarChoice,)),
    ActionKind(BuildMonument, "mrkE5", "monument", ("R22",), (MonumentChoice,)),
    ActionKind(DeclineMonument, "m-", "decline-monument", ("R22", "D3"), (MonumentChoice,)),
    ActionKind(TakeTreasure, "$E5", "treasure", ("R25",), (TreasureChoice,)),
    ActionKind(PlaceBuilding, "@E5", "building", ("R30",), (BuildingChoice,)),
    ActionKind(DeclineBuilding, "@-", "decline-building", ("R30",), (BuildingChoice,)),
    ActionKind(BuildWonder, "wE5", "wonder", ("R31",), (WonderChoice,)),
    ActionKind(DeclineWonder, "w-", "decline-wonder", ("R31",), (WonderChoice,)),
    ActionKind(ScoreWonder, "*r", "score-wonder", ("R31",), (WonderPoint,)),
)
"""Every kind of action, in the order of the table of :mod:`tigeuph.tigris.model.actions` and of the
:data:`~tigeuph.tigris.model.actions.Action` union."""


def _decision(
    decision: type[Any],
    name: str,
    waits_for: str,
    clauses: tuple[str, ...],
    words: tuple[str, str],
    active_clause: str | None = None,
) -> DecisionKind:
    answers = tuple(k.action for k in ACTION_KINDS if decision in k.answers)
    title, prompt = words
    return DecisionKind(decision, name, waits_for, clauses, active_clause, answers, title, prompt)


DECISIONS: Final = (
    _decision(
        Revolt,
        "revolt",
        _SUPPORT,
        ("R15",),
        ("Revolt", "Commit temples (red tiles) from your hand as support."),
    ),
    # A war: which is fought, who attacks, how strong each side is.
    _decision(
        War,
        "war",
        _SUPPORT,
        ("R17", "R18", "R19"),
        ("War", "Commit tiles of the war's colour from your hand as support."),
    ),
    _decision(
        WarChoice,
        "war-choice",
        "the next war to be chosen (!colour)",
        ("R17",),
        ("Which war first?", "Several wars broke out: choose the colour to resolve next."),
        "R17",
    ),
    _decision(
        BuildingChoice,
        "building",
        "a building to be placed (@cell) or declined (@-)",
        ("R30",),
        ("Build a building?", "Choose where to put the civilisation building, or build none."),
        "R30",
    ),
    _decision(
        WonderChoice,
        "wonder",
        "the wonder to be built (w..) or declined (w-)",
        ("R31",),
        ("Build the wonder?", "A cross of five tiles may hold the wonder."),
        "R31",
    ),
    _decision(
        MonumentChoice,
        "monument",
        "a monument to be built (m..) or declined (m-)",
        ("R22",),
        (
            "Build a monument?",
            "Your tiles make a square of one colour: build a monument on it, or not.",
        ),
        "R22",
    ),
    _decision(
        TreasureChoice,
        "treasure",
        "a treasure to be taken ($cell)",
        ("R25",),
        ("Take a treasure", "Your trader takes treasures from the kingdom: choose which."),
    ),
    _decision(
        WonderPoint,
        "wonder-point",
        "the colour of the wonder's point (*colour)",
        ("R31",),
        ("The wonder's point", "Choose the colour of the point your king's wonder scores."),
        "R31",
    ),
)
"""Every kind of decision: the one list of the decision classes, in the order of the
:data:`~tigeuph.tigris.model.decisions.Decision` union, which is the order a tile can raise
them (its conflicts, then the building, the wonder and the monument it completes, the
treasures), the wonder's point last, at the end of the turn. Messages list the kinds in this
order, and the observation's one-hot of the pending decision follows it
(:data:`tigeuph.tigris.learning.tensors.DECISION_ORDER`): reordering it changes that layout,
which ``tests/tigris/test_tensors.py`` pins."""

DECISION_TYPES: Final[tuple[type[Any], ...]] = tuple(k.decision for k in DECISIONS)
"""The decision classes, in the order of :data:`DECISIONS`."""

_ACTION_KIND: Final[Mapping[type[Any], ActionKind]] = {k.action: k for k in ACTION_KINDS}
_DECISION_KIND: Final[Mapping[type[Any], DecisionKind]] = {k.decision: k for k in DECISIONS}

# Each class once, and every class of the unions (the decisions in the union's order): a new
# kind without a record fails at import.
assert len(_ACTION_KIND) == len(ACTION_KINDS) and set(_ACTION_KIND) == set(get_args(Action))
assert len(_DECISION_KIND) == len(DECISIONS) and get_args(Decision) == DECISION_TYPES


def action_kind(cls: type[Any]) -> ActionKind:
    """The record of the action class *cls* (``KeyError`` for a class that is no action)."""
    return _ACTION_KIND[cls]


def decision_kind(cls: type[Any]) -> DecisionKind:
    """The record of the decision class *cls* (``KeyError`` for a class that is no decision)."""
    return _DECISION_KIND[cls]


DECISION_KINDS: Final[Mapping[type[Any], str]] = MappingProxyType(
    {k.decision: k.name for k in DECISIONS}
)
"""The name of each decision class as JSON and the position notation write it, in the order
messages list them."""

DECISION_CLASSES: Final[Mapping[str, type[Any]]] = MappingProxyType(
    {k.name: k.decision for k in DECISIONS}
)
"""The decision class of each name of :data:`DECISION_KINDS`."""


def kinds_text(last: str = ", ") -> str:
    """The kinds' names in table order for messages, joined by commas, the last two by *last*.

    >>> kinds_text(" or ").endswith("treasure or wonder-point")
    True
    """
    kinds = list(DECISION_KINDS.values())
    return ", ".join(kinds[:-1]) + last + kinds[-1]
