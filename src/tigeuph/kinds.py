"""The decision kinds: the one table of the names a pending decision goes by in writing.

JSON writes a decision as ``{"kind": "war-choice", ...}`` and the position notation as
``pending: war-choice ...``: both read the name from :data:`DECISION_KINDS`, keyed by the
decision class of :mod:`tigeuph.decisions`, and read it back through :data:`DECISION_CLASSES`,
so a new decision is named once (spec R6).

>>> from tigeuph.decisions import WarChoice
>>> DECISION_KINDS[WarChoice], DECISION_CLASSES["war-choice"] is WarChoice
('war-choice', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from .decisions import (
    BuildingChoice,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)

__all__ = ["DECISION_CLASSES", "DECISION_KINDS", "kinds_text"]

DECISION_KINDS: Final[Mapping[type[Any], str]] = MappingProxyType(
    {
        Revolt: "revolt",
        War: "war",
        WarChoice: "war-choice",
        MonumentChoice: "monument",
        TreasureChoice: "treasure",
        BuildingChoice: "building",
        WonderChoice: "wonder",
        WonderPoint: "wonder-point",
    }
)
"""The name of each decision class as JSON and the position notation write it, in the order
messages list them."""

DECISION_CLASSES: Final[Mapping[str, type[Any]]] = MappingProxyType(
    {kind: cls for cls, kind in DECISION_KINDS.items()}
)
"""The decision class of each name of :data:`DECISION_KINDS`."""


def kinds_text(last: str = ", ") -> str:
    """The kinds' names in table order for messages, joined by commas, the last two by *last*.

    >>> kinds_text(" or ").endswith("wonder or wonder-point")
    True
    """
    kinds = list(DECISION_KINDS.values())
    return ", ".join(kinds[:-1]) + last + kinds[-1]
