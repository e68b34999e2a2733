"""Actions: small frozen values, one class per kind, with a compact text notation.

========================  ==========  =====================================================
action                    notation    meaning
========================  ==========  =====================================================
:class:`PlaceTile`        ``rE5``     a civilisation tile (``r`` ``b`` ``g`` ``k``) on E5
:class:`PlaceLeader`      ``KE5``     a leader (``R`` ``B`` ``G`` ``K``) to E5, from supply
                                      or from its cell on the board
:class:`WithdrawLeader`   ``-K``      a leader back to its owner's supply
:class:`PlaceCatastrophe` ``xE5``     a catastrophe on E5
:class:`ExchangeTiles`    ``~rrg``    discard these tiles from hand and draw as many
:class:`EndTurn`          ``pass``    end the turn, forfeiting the actions left
:class:`CommitSupport`    ``+2``      commit this many tiles to the conflict
:class:`ChooseWar`        ``!k``      fight the war of this colour next
:class:`BuildMonument`    ``mrkE5``   build the red-black monument on the square whose
                                      top-left cell is E5
:class:`DeclineMonument`  ``m-``      build no monument
:class:`TakeTreasure`     ``$E5``     take the treasure on E5
:class:`PlaceBuilding`    ``@E5``     put the building of the tile's colour on E5
                                      (variant: civilisation buildings)
:class:`DeclineBuilding`  ``@-``      place or move no building
:class:`BuildWonder`      ``wE5``     build the wonder on the cross centred on E5
                                      (variant: the wonder)
:class:`DeclineWonder`    ``w-``      build no wonder
:class:`ScoreWonder`      ``*r``      score the wonder's point in this colour
========================  ==========  =====================================================

>>> from tigeuph import parse_action
>>> str(parse_action("rE5")), parse_action("~grr")
('rE5', parse_action('~rrg'))

An action value always has a notation: its constructor refuses a field the notation cannot
write (a bit index that is no cell, a negative support, an exchange of no tile or of more
than six), so that :func:`tigeuph.apply` can only accept an action or refuse it with
:class:`~tigeuph.IllegalActionError`, never fail on a malformed one.

>>> PlaceTile(Colour.RED, Cell(16))
Traceback (most recent call last):
...
tigeuph.core.errors.NotationError: PlaceTile.cell: 16 is no cell of the board (see tigeuph.CELLS)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

from attrs import Attribute, field, frozen

from ...core.errors import ArgumentTypeError, NotationError, expect
from .cells import CELLS, Cell, CellMap, cell_name
from .pieces import COLOURS, MONUMENTS, Colour, Monument

__all__ = [
    "Action",
    "BuildMonument",
    "BuildWonder",
    "ChooseWar",
    "CommitSupport",
    "DeclineBuilding",
    "DeclineMonument",
    "DeclineWonder",
    "EndTurn",
    "ExchangeTiles",
    "PlaceBuilding",
    "PlaceCatastrophe",
    "PlaceLeader",
    "PlaceTile",
    "ScoreWonder",
    "TakeTreasure",
    "WithdrawLeader",
]


_CELL_SET: Final = frozenset(CELLS)


def _is_cell(instance: object, attribute: Attribute[Cell], value: object) -> None:
    """attrs validator: *value* is a cell of the 11x16 layout (a board's own cells are the
    engine's business: an action off a smaller board is illegal there, not malformed)."""
    if type(value) is not int:  # bool too: True would pass for B1
        raise ArgumentTypeError(
            f"{type(instance).__name__}.{attribute.name} must be a cell (an int), "
            f"not {type(value).__name__}"
        )
    if value not in _CELL_SET:
        raise NotationError(
            f"{type(instance).__name__}.{attribute.name}: {value!r} is no cell of the board "
            "(see tigeuph.CELLS)"
        )


def _is_colour(instance: object, attribute: Attribute[Colour], value: object) -> None:
    """attrs validator: *value* is a :class:`Colour` (``Colour.RED``, not ``"r"``)."""
    expect(value, Colour, "a Colour", f"{type(instance).__name__}.{attribute.name}")


def _is_monument(instance: object, attribute: Attribute[Monument], value: object) -> None:
    """attrs validator: *value* is a :class:`Monument`."""
    expect(value, Monument, "a Monument", f"{type(instance).__name__}.{attribute.name}")


MAX_SUPPORT: Final = 99
"""The most tiles a :class:`CommitSupport` names: its notation has one or two digits (a hand
holds six tiles, so anything above six is legal notation but always an illegal action)."""


class _Notation:
    """Shared ``repr``: valid Python that rebuilds the action, so failures paste into tests."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@frozen(repr=False, cache_hash=True)
class PlaceTile(_Notation):
    """Put one civilisation tile from hand on an empty cell (spec R11-R13)."""

    colour: Colour = field(validator=_is_colour)
    cell: Cell = field(validator=_is_cell)

    def __str__(self) -> str:
        return f"{self.colour.letter}{cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class PlaceLeader(_Notation):
    """Put one of the player's leaders on a cell, from supply or moved from the board (R8, R9)."""

    colour: Colour = field(validator=_is_colour)
    cell: Cell = field(validator=_is_cell)

    def __str__(self) -> str:
        return f"{self.colour.letter.upper()}{cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class WithdrawLeader(_Notation):
    """Take one of the player's leaders off the board, back to supply (spec R5)."""

    colour: Colour = field(validator=_is_colour)

    def __str__(self) -> str:
        return f"-{self.colour.letter.upper()}"


@frozen(repr=False, cache_hash=True)
class PlaceCatastrophe(_Notation):
    """Put a catastrophe on a cell, destroying any face-up tile there (spec R14)."""

    cell: Cell = field(validator=_is_cell)

    def __str__(self) -> str:
        return f"x{cell_name(self.cell)}"


def _four(counts: Iterable[int]) -> tuple[int, int, int, int]:
    expect(counts, (tuple, list), "four counts (a tuple)", "ExchangeTiles.counts")
    found = tuple(counts)
    if len(found) != 4:
        raise NotationError(f"an exchange has one count per colour (four), not {found!r}")
    return found[0], found[1], found[2], found[3]


def _check_counts(_: object, __: object, counts: tuple[int, int, int, int]) -> None:
    if any(type(n) is not int for n in counts):
        raise ArgumentTypeError(f"an exchange's counts must be ints, not {str(counts)[:60]}")
    if any(n < 0 for n in counts) or not 1 <= sum(counts) <= 6:
        raise NotationError(f"an exchange discards 1 to 6 tiles, not {counts!r}")


def _check_count(_: object, __: object, count: int) -> None:
    if type(count) is not int:
        raise ArgumentTypeError(f"a support count must be an int, not {type(count).__name__}")
    if not 0 <= count <= MAX_SUPPORT:
        shown = count if abs(count) < 10**9 else "a number that large"
        raise NotationError(f"a support count is 0 to {MAX_SUPPORT}, not {shown}")


@frozen(repr=False, cache_hash=True)
class ExchangeTiles(_Notation):
    """Discard 1-6 tiles from hand, out of the game, and draw as many (spec R5).

    ``counts`` holds how many of each colour are discarded, indexed by :class:`Colour`.
    """

    counts: tuple[int, int, int, int] = field(converter=_four, validator=_check_counts)

    def __str__(self) -> str:
        return "~" + "".join(c.letter * n for c, n in zip(COLOURS, self.counts, strict=True))


@frozen(repr=False, cache_hash=True)
class EndTurn(_Notation):
    """End the turn now, forfeiting the actions left (spec R5)."""

    def __str__(self) -> str:
        return "pass"


@frozen(repr=False, cache_hash=True)
class CommitSupport(_Notation):
    """Commit this many tiles of the conflict's colour from hand (spec R15, R19)."""

    count: int = field(validator=_check_count)

    def __str__(self) -> str:
        return f"+{self.count}"


@frozen(repr=False, cache_hash=True)
class ChooseWar(_Notation):
    """Fight the war of this colour next, when a unification set off several (spec R17)."""

    colour: Colour = field(validator=_is_colour)

    def __str__(self) -> str:
        return f"!{self.colour.letter}"


@frozen(repr=False, cache_hash=True)
class BuildMonument(_Notation):
    """Build *monument* on the 2x2 square whose top-left cell is *corner* (spec R22)."""

    corner: Cell = field(validator=_is_cell)
    monument: Monument = field(validator=_is_monument)

    def __str__(self) -> str:
        return f"m{self.monument.code}{cell_name(self.corner)}"


@frozen(repr=False, cache_hash=True)
class DeclineMonument(_Notation):
    """Build no monument on the completed square(s); they stay unbuildable (spec R22)."""

    def __str__(self) -> str:
        return "m-"


@frozen(repr=False, cache_hash=True)
class TakeTreasure(_Notation):
    """Take the treasure on this cell for the trader's owner (spec R25)."""

    cell: Cell = field(validator=_is_cell)

    def __str__(self) -> str:
        return f"${cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class PlaceBuilding(_Notation):
    """Put the building of the placed tile's colour on this cell of its run, from supply or
    moved from its tile (variant, spec R30)."""

    cell: Cell = field(validator=_is_cell)

    def __str__(self) -> str:
        return f"@{cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class DeclineBuilding(_Notation):
    """Place or move no building (variant, spec R30)."""

    def __str__(self) -> str:
        return "@-"


@frozen(repr=False, cache_hash=True)
class BuildWonder(_Notation):
    """Build the wonder on the cross of five centred on this cell (variant, spec R31)."""

    centre: Cell = field(validator=_is_cell)

    def __str__(self) -> str:
        return f"w{cell_name(self.centre)}"


@frozen(repr=False, cache_hash=True)
class DeclineWonder(_Notation):
    """Build no wonder on the completed cross(es); they stay unbuildable (spec R31)."""

    def __str__(self) -> str:
        return "w-"


@frozen(repr=False, cache_hash=True)
class ScoreWonder(_Notation):
    """Score the wonder's end-of-turn point in this colour (variant, spec R31)."""

    colour: Colour = field(validator=_is_colour)

    def __str__(self) -> str:
        return f"*{self.colour.letter}"


Action: TypeAlias = (
    PlaceTile
    | PlaceLeader
    | WithdrawLeader
    | PlaceCatastrophe
    | ExchangeTiles
    | EndTurn
    | CommitSupport
    | ChooseWar
    | BuildMonument
    | DeclineMonument
    | TakeTreasure
    | PlaceBuilding
    | DeclineBuilding
    | BuildWonder
    | DeclineWonder
    | ScoreWonder
)
"""Any action."""

# Actions are finite: build the common ones once and share them between states.
PLACE_TILE: Final = tuple(CellMap({c: PlaceTile(colour, c) for c in CELLS}) for colour in COLOURS)
PLACE_LEADER: Final = tuple(
    CellMap({c: PlaceLeader(colour, c) for c in CELLS}) for colour in COLOURS
)
WITHDRAW_LEADER: Final = tuple(WithdrawLeader(colour) for colour in COLOURS)
PLACE_CATASTROPHE: Final = CellMap({c: PlaceCatastrophe(c) for c in CELLS})
TAKE_TREASURE: Final = CellMap({c: TakeTreasure(c) for c in CELLS})
CHOOSE_WAR: Final = tuple(ChooseWar(colour) for colour in COLOURS)
BUILD_MONUMENT: Final = tuple({c: BuildMonument(c, m) for c in CELLS} for m in MONUMENTS)
COMMIT_SUPPORT: Final = tuple(CommitSupport(n) for n in range(7))
END_TURN: Final = EndTurn()
DECLINE_MONUMENT: Final = DeclineMonument()
PLACE_BUILDING: Final = CellMap({c: PlaceBuilding(c) for c in CELLS})
DECLINE_BUILDING: Final = DeclineBuilding()
BUILD_WONDER: Final = CellMap({c: BuildWonder(c) for c in CELLS})
DECLINE_WONDER: Final = DeclineWonder()
SCORE_WONDER: Final = tuple(ScoreWonder(colour) for colour in COLOURS)
_EXCHANGES: dict[tuple[int, int, int, int], ExchangeTiles] = {}


def exchange(counts: tuple[int, int, int, int]) -> ExchangeTiles:
    """The shared :class:`ExchangeTiles` value for *counts*."""
    found = _EXCHANGES.get(counts)
    if found is None:
        found = _EXCHANGES[counts] = ExchangeTiles(counts)
    return found


def commit(count: int) -> CommitSupport:
    """The shared :class:`CommitSupport` value for *count*."""
    return COMMIT_SUPPORT[count] if count < len(COMMIT_SUPPORT) else CommitSupport(count)
