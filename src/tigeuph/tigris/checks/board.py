"""The board: one piece per cell, every piece on the board and on its terrain, treasures on
temples, buildings on tiles of their colour (spec R2, R8, R11, R14, R30)."""

from __future__ import annotations

from ..model.cells import Bitboard, cell_name, cells_of, names
from ..model.pieces import COLOURS, Colour
from ..model.state import GameState
from .base import BOARD_CELLS, area, leader_cells, leader_name, name

__all__ = ["buildings", "on_board", "pieces"]


def on_board(state: GameState) -> bool:
    """Whether every piece is a cell of the state's board, so that kingdoms can be computed
    from the masks."""
    layers = [*state.tiles, state.flipped, state.catastrophes, state.treasures]
    cells = area(state)
    return all(layer >= 0 and not layer & ~cells for layer in layers) and all(
        c in BOARD_CELLS and cells >> c & 1 for _, _, c in leader_cells(state)
    )


def pieces(state: GameState) -> list[str]:
    """One piece per cell, all on the board, on the right terrain (spec R8, R11, R14)."""
    out: list[str] = []
    river = state.rules.board.river
    cells = area(state)
    layers: list[tuple[str, Bitboard]] = [
        (f"{colour.name.lower()} tile", layer)
        for colour, layer in zip(COLOURS, state.tiles, strict=True)
    ]
    layers += [("face-down tile", state.flipped), ("catastrophe", state.catastrophes)]
    for seat, colour, c in leader_cells(state):
        if c not in BOARD_CELLS or not cells >> c & 1:
            out.append(f"{leader_name(seat, colour)} stands on {name(c)}, off the board")
            continue
        layers.append((leader_name(seat, colour), 1 << c))
        if river >> c & 1:
            out.append(f"{leader_name(seat, colour)} stands on the river at {cell_name(c)}")
    extra = [
        ("treasure", state.treasures),
        ("declined", state.declined),
        ("declined cross", state.declined_crosses),
    ]
    for what, layer in [*layers, *extra]:
        if layer < 0 or layer & ~cells:
            out.append(f"a {what} lies off the board")
    seen = twice = 0
    for _, layer in layers:
        twice |= seen & layer
        seen |= layer
    for c in cells_of(twice & cells):
        here = [what for what, layer in layers if layer >> c & 1]
        out.append(f"{cell_name(c)} holds more than one piece: {', '.join(here)}")
    red, blue, green, black = state.tiles
    if blue & ~river & cells:
        out.append(f"blue tile on land at {', '.join(names(blue & ~river & cells))}")
    for colour, layer in ((Colour.RED, red), (Colour.GREEN, green), (Colour.BLACK, black)):
        if layer & river:
            where = ", ".join(names(layer & river))
            out.append(f"{colour.name.lower()} tile on the river at {where}")
    loose = state.treasures & ~(red | state.flipped) & cells
    if loose:
        out.append(
            f"treasure at {', '.join(names(loose))} is not on a face-up red tile "
            "or a face-down tile"
        )
    strays = state.treasures & ~state.rules.board.temples & cells
    if strays:
        out.append(f"treasure at {', '.join(names(strays))} is not on a starting temple")
    return out


def buildings(state: GameState) -> list[str]:
    """Each building stands on a face-up tile of its colour (variant, spec R30)."""
    out: list[str] = []
    if len(state.buildings) != len(COLOURS):
        return [f"{len(state.buildings)} buildings listed, not 4"]
    for colour, c in zip(COLOURS, state.buildings, strict=True):
        if c is None:
            continue
        if not state.rules.buildings:
            out.append(f"the {colour.building} stands on {name(c)}, but the rules have none")
        if c not in BOARD_CELLS or not state.tiles[colour] >> c & 1:
            out.append(
                f"the {colour.building} on {name(c)} is not on a face-up {colour.name.lower()} tile"
            )
    return out
