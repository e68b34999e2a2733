"""Decisions the rules ask of a player in the middle of an action: what ``GameState.pending``
holds while play waits (spec R6).

A decision's fields are the one statement of what it holds: the ``pending:`` line of the
position notation writes and reads them in order, as ``name=value`` words (a field's
``metadata["word"]`` renames it there), and :func:`tigeuph.check_state` checks each by its
type, so a new field is declared here alone.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, TypeAlias

from attrs import Attribute, field, fields, frozen, resolve_types

from .cells import Cell
from .pieces import RED, Colour

__all__ = [
    "BuildingChoice",
    "Conflict",
    "Decision",
    "MonumentChoice",
    "Revolt",
    "TreasureChoice",
    "War",
    "WarChoice",
    "WonderChoice",
    "WonderPoint",
    "decision_fields",
]


@frozen
class Conflict:
    """A conflict waiting for support: the attacker commits first, then the defender.

    Both leaders of ``colour`` stand on the board; ``attacker_support`` is ``None`` until the
    attacker has committed.
    """

    colour: Colour
    attacker: int
    defender: int
    attacker_support: int | None = field(default=None, metadata={"word": "support"})
    """The attacker's committed support, once given: ``support=`` on the ``pending:`` line."""

    kind: ClassVar[Literal["revolt", "war"]]
    """``"revolt"`` or ``"war"``, as the events and the words name the conflict."""

    @property
    def support(self) -> Colour:
        """The colour of the tiles committed: red in a revolt (R15), the war's in a war
        (R19)."""
        return RED if self.kind == "revolt" else self.colour

    @property
    def player(self) -> int:
        """Who must commit support now."""
        return self.attacker if self.attacker_support is None else self.defender


@frozen
class Revolt(Conflict):
    """A revolt (spec R15): a leader placed in a kingdom holding a leader of its colour;
    support is red, whatever the leaders' colour."""

    kind: ClassVar[Literal["revolt", "war"]] = "revolt"


@frozen
class War(Conflict):
    """A war (spec R16-R20) in ``colour``, after a unification; support is of that colour."""

    kind: ClassVar[Literal["revolt", "war"]] = "war"


@frozen
class WarChoice:
    """A unification set off several wars; the active player picks the next (spec R17)."""

    player: int
    colours: tuple[Colour, ...]


@frozen
class MonumentChoice:
    """The placed tile completed buildable squares; the active player builds or declines (R22).

    ``corners`` are the top-left cells of the squares, in board order.
    """

    player: int
    corners: tuple[Cell, ...]


@frozen
class TreasureChoice:
    """A trader's kingdom holds two or more treasures; its owner takes one (spec R25)."""

    player: int
    trader: Cell


@frozen
class BuildingChoice:
    """The placed tile lies on a run of three or more of its colour: the active player may put
    that colour's building on one of ``cells``, or decline (variant, spec R30).

    ``placed`` is the tile that made the run; the wonder and the monument it may complete are
    decided next.
    """

    player: int
    colour: Colour
    cells: tuple[Cell, ...]
    placed: Cell


@frozen
class WonderChoice:
    """The placed tile completed crosses of five that may hold the wonder (variant, spec R31):
    the active player builds it on one of ``centres`` or declines; ``placed`` is that tile."""

    player: int
    centres: tuple[Cell, ...]
    placed: Cell


@frozen
class WonderPoint:
    """At the end of his turn, the active player's king stands in the wonder's kingdom: he
    picks the colour of his point (variant, spec R31)."""

    player: int


Decision: TypeAlias = (
    Revolt
    | War
    | WarChoice
    | BuildingChoice
    | WonderChoice
    | MonumentChoice
    | TreasureChoice
    | WonderPoint
)
"""A decision the rules ask of a player in the middle of an action."""


def decision_fields(cls: type[Any]) -> tuple[Attribute[Any], ...]:
    """The fields of the decision class *cls*, in order, their ``type`` resolved (``Cell``,
    ``tuple[Colour, ...]``, ``int | None``): what the notation and the checks derive their
    work from. Resolved on first asking, so that ``import tigeuph`` does not pay for it."""
    return tuple(fields(resolve_types(cls)))
