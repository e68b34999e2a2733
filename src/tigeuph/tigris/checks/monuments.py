"""Monuments and the wonder on the board: the face-down tiles are exactly the built monuments'
squares and the wonder's cross, each of one colour's terrain; declined squares and crosses were
once of one colour (spec R11, R22, R31)."""

from __future__ import annotations

from ..model.cells import STRIDE, Bitboard, cell_name, cells_of, names
from ..model.pieces import Colour, Monument
from ..model.state import GameState
from ..rules.monuments import square
from ..rules.wonder import cross
from .base import BOARD_CELLS, area, name

__all__ = ["monuments"]


def monuments(state: GameState) -> list[str]:
    """Face-down tiles are exactly the built monuments' squares and the wonder's cross (spec
    R22, R31)."""
    out: list[str] = []
    cells = area(state)
    union = 0
    wonder = state.wonder
    if wonder is not None:
        where = name(wonder.centre)
        if not state.rules.wonder:
            out.append(f"a wonder stands on {where}, but the rules have no wonder")
        centre = wonder.centre
        if centre not in BOARD_CELLS or centre < STRIDE or cross(centre) & ~cells:
            out.append(f"the wonder's cross at {where} runs off the board")
        else:
            union = cross(wonder.centre)
            if state.declined_crosses >> wonder.centre & 1:
                out.append(f"the cross at {where} is both declined and built")
            out += _terrain(state, f"the wonder at {where}", union, wonder.colour)
    built: set[Monument] = set()
    for site in state.monuments:
        where = name(site.corner)
        code = site.monument.code
        if site.monument in built:
            out.append(f"monument {code} is built twice (again at {where})")
        built.add(site.monument)
        if site.colour not in site.monument.colours:
            out.append(f"monument {code} at {where} stands on a {site.colour.name.lower()} square")
        if site.corner not in BOARD_CELLS or square(site.corner) & ~cells:
            out.append(f"monument {code} at {where}: its square runs off the board")
            continue
        sq = square(site.corner)
        out += _terrain(state, f"monument {code} at {where}", sq, site.colour)
        if union & sq:
            out.append(f"monument {code} at {where} overlaps another monument or the wonder")
        union |= sq
        if state.declined >> site.corner & 1:
            out.append(f"the square at {where} is both declined and built")
    if union != state.flipped:
        if state.flipped & ~union:
            where = ", ".join(names(state.flipped & ~union))
            out.append(f"face-down tile at {where} is under no monument and not the wonder's")
        if union & ~state.flipped:
            where = ", ".join(names(union & ~state.flipped))
            out.append(f"monument or wonder tile at {where} is not face down")
    return out + _declined(state)


def _declined(state: GameState) -> list[str]:
    """Declined squares and crosses lie on the board, all on land or all on the river: each was
    once of one colour (spec R11, R22, R31)."""
    out: list[str] = []
    cells = area(state)
    river = state.rules.board.river
    for corner in cells_of(state.declined & cells):
        if square(corner) & ~cells:
            out.append(f"declined square at {cell_name(corner)} runs off the board")
        elif square(corner) & river not in (0, square(corner)):
            out.append(
                f"declined square at {cell_name(corner)} lies on land and river, so it was "
                "never of one colour [R11, R22]"
            )
    if state.declined_crosses and not state.rules.wonder:
        out.append("crosses are declined for the wonder, but the rules have no wonder")
    for centre in cells_of(state.declined_crosses & cells):
        if centre < STRIDE or cross(centre) & ~cells:
            out.append(f"declined cross at {cell_name(centre)} runs off the board")
        elif cross(centre) & river not in (0, cross(centre)):
            out.append(
                f"declined cross at {cell_name(centre)} lies on land and river, so it was "
                "never of one colour [R11, R31]"
            )
    return out


def _terrain(state: GameState, what: str, cells: Bitboard, colour: Colour) -> list[str]:
    """The tiles under a monument or the wonder were of its recorded *colour*: all on the river
    for blue, all on land for the others (spec R11, R22, R31)."""
    river = state.rules.board.river
    wrong = cells & ~river if colour is Colour.BLUE else cells & river
    if not wrong:
        return []
    terrain = "land" if colour is Colour.BLUE else "the river"
    return [
        f"{what} covers {colour.name.lower()} tiles, yet {', '.join(names(wrong))} "
        f"{'lies' if wrong.bit_count() == 1 else 'lie'} on {terrain} [R11, R22, R31]"
    ]
