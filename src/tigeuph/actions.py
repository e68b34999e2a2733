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

>>> str(parse_action("rE5")), parse_action("~grr")
('rE5', parse_action('~rrg'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

from attrs import field, frozen
from attrs.validators import ge, instance_of

from .cells import CELLS, Cell, CellMap, cell_name, parse_cell
from .errors import NotationError
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
    "parse_action",
]


class _Notation:
    """Shared ``repr``: valid Python that rebuilds the action, so failures paste into tests."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@frozen(repr=False, cache_hash=True)
class PlaceTile(_Notation):
    """Put one civilisation tile from hand on an empty cell (spec R11-R13)."""

    colour: Colour
    cell: Cell

    def __str__(self) -> str:
        return f"{self.colour.letter}{cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class PlaceLeader(_Notation):
    """Put one of the player's leaders on a cell, from supply or moved from the board (R8, R9)."""

    colour: Colour
    cell: Cell

    def __str__(self) -> str:
        return f"{self.colour.letter.upper()}{cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class WithdrawLeader(_Notation):
    """Take one of the player's leaders off the board, back to supply (spec R5)."""

    colour: Colour

    def __str__(self) -> str:
        return f"-{self.colour.letter.upper()}"


@frozen(repr=False, cache_hash=True)
class PlaceCatastrophe(_Notation):
    """Put a catastrophe on a cell, destroying any face-up tile there (spec R14)."""

    cell: Cell

    def __str__(self) -> str:
        return f"x{cell_name(self.cell)}"


def _four(counts: Iterable[int]) -> tuple[int, int, int, int]:
    a, b, c, d = counts  # ValueError unless four counts
    return a, b, c, d


def _check_counts(_: object, __: object, counts: tuple[int, int, int, int]) -> None:
    if any(not isinstance(n, int) or n < 0 for n in counts) or not 1 <= sum(counts) <= 6:
        raise ValueError(f"an exchange discards 1 to 6 tiles, not {counts!r}")


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

    count: int = field(validator=[instance_of(int), ge(0)])

    def __str__(self) -> str:
        return f"+{self.count}"


@frozen(repr=False, cache_hash=True)
class ChooseWar(_Notation):
    """Fight the war of this colour next, when a unification set off several (spec R17)."""

    colour: Colour

    def __str__(self) -> str:
        return f"!{self.colour.letter}"


@frozen(repr=False, cache_hash=True)
class BuildMonument(_Notation):
    """Build *monument* on the 2x2 square whose top-left cell is *corner* (spec R22)."""

    corner: Cell
    monument: Monument

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

    cell: Cell

    def __str__(self) -> str:
        return f"${cell_name(self.cell)}"


@frozen(repr=False, cache_hash=True)
class PlaceBuilding(_Notation):
    """Put the building of the placed tile's colour on this cell of its run, from supply or
    moved from its tile (variant, spec R30)."""

    cell: Cell

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

    centre: Cell

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

    colour: Colour

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


def parse_action(text: str) -> Action:
    """The action written as *text* in action notation; ``parse_action(str(a)) == a``.

    >>> parse_action("KE5"), parse_action("mkrE5")
    (parse_action('KE5'), parse_action('mrkE5'))

    Raises:
        NotationError: *text* is not an action.
    """
    if not isinstance(text, str):
        raise NotationError(f"action notation must be a string, not {type(text).__name__}")
    t = text.strip()
    try:
        return _parse(t)
    except (ValueError, IndexError, KeyError):
        pass
    raise NotationError(f"{text!r} is not an action (see tigeuph.actions for the notation)")


def _parse(t: str) -> Action:
    if t == "pass":
        return END_TURN
    if t == "m-":
        return DECLINE_MONUMENT
    if t == "@-":
        return DECLINE_BUILDING
    if t == "w-":
        return DECLINE_WONDER
    head, rest = t[0], t[1:]
    if head == "-" and len(rest) == 1 and rest.isupper():
        return WITHDRAW_LEADER[Colour.from_letter(rest)]
    if head == "x":
        return PLACE_CATASTROPHE[parse_cell(rest)]
    if head == "$":
        return TAKE_TREASURE[parse_cell(rest)]
    if head == "@":
        return PLACE_BUILDING[parse_cell(rest)]
    if head == "w" and rest[:1].isupper():
        return BUILD_WONDER[parse_cell(rest)]
    if head == "*" and len(rest) == 1 and rest.islower():
        return SCORE_WONDER[Colour.from_letter(rest)]
    if head == "+" and rest.isdigit() and rest.isascii():
        return commit(int(rest))
    if head == "!" and len(rest) == 1 and rest.islower():
        return CHOOSE_WAR[Colour.from_letter(rest)]
    if head == "~" and rest and rest.islower():
        counts = [0, 0, 0, 0]
        for ch in rest:
            counts[Colour.from_letter(ch)] += 1
        return exchange((counts[0], counts[1], counts[2], counts[3]))
    if head == "m" and len(rest) >= 4 and rest[:2].islower():
        return BUILD_MONUMENT[Monument.from_code(rest[:2])][parse_cell(rest[2:])]
    if head in "rbgk" and rest[:1].isupper():
        return PLACE_TILE[Colour.from_letter(head)][parse_cell(rest)]
    if head in "RBGK" and rest[:1].isupper():
        return PLACE_LEADER[Colour.from_letter(head)][parse_cell(rest)]
    raise ValueError(t)
