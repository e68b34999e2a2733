"""One way to read a position: the :class:`Position` protocol, and the reads derived from it.

The frozen :class:`~tigeuph.GameState` and the scratch :class:`~tigeuph.tigris.model.work.Work` that
:func:`tigeuph.apply` changes hold the same fields under the same names, and both inherit the
derived reads below from :class:`Reads`. A rule's condition written for a ``Position`` thus
reads a state between actions and the scratch copy in the middle of one alike, so that
:func:`tigeuph.check_state`, :func:`tigeuph.explain` and the engine share one statement of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from .cells import CELL_BITS, Bitboard, Cell
from .pieces import Colour
from .regions import Analysis

if TYPE_CHECKING:  # the types of fields only; the modules import this one
    from .decisions import Decision
    from .ruleset import Rules
    from .state import Counts, End, MonumentSite, WonderSite

__all__ = ["Position", "Reads"]

_TURN_ORDER: Final = {
    n: [tuple((a + i) % n for i in range(n)) for a in range(n)] for n in (2, 3, 4)
}


class Position(Protocol):
    """What the rules read of a position (see :class:`~tigeuph.GameState` for each field)."""

    # The fields, read-only here: a state's are frozen, a Work's change only through the rules.
    @property
    def rules(self) -> Rules: ...
    @property
    def tiles(self) -> tuple[Bitboard, ...] | list[Bitboard]: ...
    @property
    def flipped(self) -> Bitboard: ...
    @property
    def catastrophes(self) -> Bitboard: ...
    @property
    def treasures(self) -> Bitboard: ...
    @property
    def leaders(self) -> tuple[tuple[Cell | None, ...], ...] | list[tuple[Cell | None, ...]]: ...
    @property
    def monuments(self) -> tuple[MonumentSite, ...]: ...
    @property
    def declined(self) -> Bitboard: ...
    @property
    def unification(self) -> Cell | None: ...
    @property
    def hands(self) -> tuple[Counts, ...] | list[Counts]: ...
    @property
    def catastrophe_tiles(self) -> tuple[int, ...] | list[int]: ...
    @property
    def points(self) -> tuple[Counts, ...] | list[Counts]: ...
    @property
    def treasures_taken(self) -> tuple[int, ...] | list[int]: ...
    @property
    def bag(self) -> str: ...
    @property
    def removed(self) -> Counts | list[int]: ...
    @property
    def discarded(self) -> tuple[Counts, ...] | list[Counts]: ...
    @property
    def active(self) -> int: ...
    @property
    def actions_left(self) -> int: ...
    @property
    def pending(self) -> Decision | None: ...
    @property
    def ended(self) -> End | None: ...
    @property
    def buildings(self) -> tuple[Cell | None, Cell | None, Cell | None, Cell | None]: ...
    @property
    def wonder(self) -> WonderSite | None: ...
    @property
    def declined_crosses(self) -> Bitboard: ...
    @property
    def treasures_set_aside(self) -> int: ...

    # Derived reads (Reads gives them to both).
    @property
    def leader_mask(self) -> Bitboard: ...
    @property
    def face_up(self) -> Bitboard: ...
    @property
    def occupied(self) -> Bitboard: ...
    @property
    def players(self) -> int: ...
    def analysis(self) -> Analysis: ...
    def in_turn_order(self) -> tuple[int, ...]: ...
    def leaders_in(self, area: Bitboard) -> list[tuple[int, Colour, Cell]]: ...
    def tile_at(self, c: Cell) -> Colour | None: ...


class _Fields(Protocol):
    """The fields the derived reads use."""

    @property
    def tiles(self) -> tuple[Bitboard, ...] | list[Bitboard]: ...
    @property
    def flipped(self) -> Bitboard: ...
    @property
    def leaders(self) -> tuple[tuple[Cell | None, ...], ...] | list[tuple[Cell | None, ...]]: ...
    @property
    def hands(self) -> tuple[Counts, ...] | list[Counts]: ...
    @property
    def active(self) -> int: ...
    @property
    def leader_mask(self) -> Bitboard: ...
    @property
    def _cache(self) -> Analysis | None: ...


class Reads:
    """The reads derived from the fields, shared by :class:`~tigeuph.GameState` and
    :class:`~tigeuph.tigris.model.work.Work` (a base with no slots of its own)."""

    __slots__ = ()

    @property
    def leader_mask(self: _Fields) -> Bitboard:
        """Every cell holding a leader, as a mask (``CellSet(state.leader_mask)`` names them)."""
        if self._cache is not None:
            return self._cache.leaders
        out = 0
        for row in self.leaders:
            for c in row:
                if c is not None:
                    out |= CELL_BITS[c]
        return out

    @property
    def face_up(self: _Fields) -> Bitboard:
        """Every face-up civilisation tile."""
        red, blue, green, black = self.tiles
        return red | blue | green | black

    @property
    def occupied(self: _Fields) -> Bitboard:
        """Cells that join regions: tiles (either face) and leaders (spec R0)."""
        red, blue, green, black = self.tiles
        return red | blue | green | black | self.flipped | self.leader_mask

    @property
    def players(self: _Fields) -> int:
        """How many players."""
        return len(self.hands)

    def fresh_analysis(self: _Fields) -> Analysis:
        """The kingdoms and what touches them (spec R0), computed afresh: a pure function of
        the occupied cells and the leaders' cells. ``analysis()`` computes it once and keeps
        it, each class in its own way (``tigeuph.tigris.model.state`` owns a state's
        derived slots)."""
        red, blue, green, black = self.tiles
        leaders = self.leader_mask
        return Analysis(red | blue | green | black | self.flipped | leaders, leaders)

    def in_turn_order(self: _Fields) -> tuple[int, ...]:
        """Every player, the active one first, then clockwise."""
        return _TURN_ORDER[len(self.hands)][self.active]

    def leaders_in(self: _Fields, area: Bitboard) -> list[tuple[int, Colour, Cell]]:
        """``(player, colour, cell)`` of every leader standing in *area*."""
        return [
            (player, Colour(colour), c)
            for player, row in enumerate(self.leaders)
            for colour, c in enumerate(row)
            if c is not None and area & CELL_BITS[c]
        ]

    def tile_at(self: _Fields, c: Cell) -> Colour | None:
        """The colour of the face-up tile on *c*, or ``None``."""
        here = CELL_BITS[c]
        for colour, layer in enumerate(self.tiles):
            if layer & here:
                return Colour(colour)
        return None
