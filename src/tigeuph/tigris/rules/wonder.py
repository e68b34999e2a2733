"""The Wonder, or Ziggurat (variant, spec R31): crosses of five that may hold it, building it,
and the point it brings a king at the end of his turn."""

from __future__ import annotations

from ..model.cells import GUARDS, STRIDE, Bitboard, Cell, cell_name  # noqa: F401 (GUARDS: the contracts)
from ..model.decisions import WonderChoice, WonderPoint
from ..model.pieces import COLOURS, Colour
from ..model.reads import Position
from ..model.state import WonderSite
from ..model.work import Work
from .buildings import return_covered

__all__ = [
    "build_wonder",
    "complete_crosses",
    "cross",
    "decline_crosses",
    "score_wonder_point",
    "wonder_centres",
    "wonder_choice",
    "wonder_point",
    "wonder_problem",
]


def cross(centre: Cell) -> Bitboard:
    """The plus-shaped cross of five centred on *centre* (arms may run off the board: the
    guard column and negative cells are never tiles, so such a cross is never complete)."""
    middle = 0b111 << centre >> 1
    return middle | 1 << centre + STRIDE | (1 << centre - STRIDE if centre >= STRIDE else 0)


def wonder_centres(pos: Position, placed: Cell) -> tuple[Cell, ...]:
    """Centres of the complete one-colour crosses through *placed* that may hold the wonder:
    none once it is built, and never a cross declined before (spec R31)."""
    if pos.wonder is not None:
        return ()
    for layer in pos.tiles:
        if layer >> placed & 1:
            break
    else:
        return ()
    return complete_crosses(layer, placed, pos.declined_crosses)


def complete_crosses(layer: Bitboard, placed: Cell, declined: Bitboard) -> tuple[Cell, ...]:
    """Centres of the crosses of five of *layer* through *placed*, but for the *declined*
    ones, in board order (spec R31).

    >>> from tigeuph.tigris.model.cells import mask, names, parse_cell
    >>> layer = mask("B1", "A2", "B2", "C2", "B3", "C3")
    >>> [names(1 << c) for c in complete_crosses(layer, parse_cell("C2"), 0)]
    [['B2']]

    Contracts (PEP 316, checked by CrossHair in CI): every cross found has five cells, all in
    *layer*, holds *placed* and was not declined, and every such cross is found. Masks are
    bounded to the first 60 bits (three rows and more), as in tigeuph.tigris.model.regions.

    pre: 0 <= layer < 1 << 60 and layer & GUARDS == 0 and 0 <= declined < 1 << 60
    pre: 0 <= placed < 60 and layer >> placed & 1
    post: list(__return__) == sorted(set(__return__))
    post: all(cross(c).bit_count() == 5 and cross(c) & layer == cross(c) for c in __return__)
    post: all(cross(c) >> placed & 1 and not declined >> c & 1 for c in __return__)
    post: all(c in __return__ for c in range(placed + STRIDE + 1) if cross(c).bit_count() == 5 and cross(c) >> placed & 1 and cross(c) & layer == cross(c) and not declined >> c & 1)
    """  # noqa: E501 (a contract is one line)
    found = []
    for centre in (placed - STRIDE, placed - 1, placed, placed + 1, placed + STRIDE):
        if centre < STRIDE or declined >> centre & 1:
            continue  # a centre on the top row has no upper arm
        shape = cross(Cell(centre))
        if shape & layer == shape:
            found.append(Cell(centre))
    return tuple(found)


def wonder_choice(pos: Position, placed: Cell) -> WonderChoice | None:
    """The wonder decision *placed* offers the active player, if any (spec R31)."""
    centres = wonder_centres(pos, placed)
    return WonderChoice(pos.active, centres, placed) if centres else None


def build_wonder(w: Work, centre: Cell) -> None:
    """Turn the cross on *centre* face down under the wonder (spec R31, with R22 and R23)."""
    shape = cross(centre)
    colour = next(c for c, layer in zip(COLOURS, w.tiles, strict=True) if layer >> centre & 1)
    w.turn_face_down(colour, shape)
    w.wonder = WonderSite(centre, colour)
    if w.events is not None:
        from ..events import WonderBuilt

        w.events.append(WonderBuilt(w.active, centre, colour))
    return_covered(w, shape)


def wonder_point(pos: Position) -> WonderPoint | None:
    """The active player's colour choice, when his king stands in the wonder's kingdom at the
    end of his turn (spec R31)."""
    if pos.wonder is None:
        return None
    king = pos.leaders[pos.active][Colour.BLACK]
    if king is None or not pos.analysis().kingdom_at(pos.wonder.centre) >> king & 1:
        return None
    return WonderPoint(pos.active)


def wonder_problem(choice: WonderChoice, centre: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when the wonder may not go on the cross centred on *centre*."""
    if centre in choice.centres:
        return None
    return "R31", f"no buildable cross is centred on {cell_name(centre)}"


def decline_crosses(w: Work, centres: tuple[Cell, ...]) -> None:
    """The active player builds no wonder: the crosses at *centres* never hold it (R31)."""
    for centre in centres:
        w.declined_crosses |= 1 << centre
    if w.events is not None:
        from ..events import WonderDeclined

        w.events.append(WonderDeclined(w.active, centres))


def score_wonder_point(w: Work, player: int, colour: Colour) -> None:
    """*player*'s king stands in the wonder's kingdom at the end of his turn: he scores a
    point of the colour he chose (R31)."""
    w.score(player, colour, 1)
    if w.events is not None:
        from ..events import WonderScored

        w.events.append(WonderScored(player, colour))
