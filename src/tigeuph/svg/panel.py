"""The players' panel under the board: the turn, then one row per seat.

A row shows the seat's dynasty mark, its points per colour, its treasures and catastrophe tiles,
and its hand. Drawn from a :class:`~tigeuph.PlayerView`, the panel shows what that player may
see and nothing more: his own hand tile by tile, the others' as a count; points the view hides
as ``?``.
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

from ..describe import status, winners
from ..pieces import COLOURS
from ..state import GameState
from ..views import PlayerView
from .layers import MARGIN, Position
from .symbols import COLOUR_NAMES, INK, Symbols, el

__all__ = ["ROW", "draw_panel", "panel_height"]

ROW: Final = 38
"""The height of a seat's row."""
HEADER: Final = 34
_ICON: Final = 22
_FONT: Final = "DejaVu Sans, Verdana, sans-serif"
_BOLD_CHAR: Final = 9.0  # a bold 15-unit character's width, about, in DejaVu Sans


def panel_height(players: int) -> int:
    """The panel's height for *players* seats."""
    return HEADER + players * ROW + 8


def _icon(parent: Element, symbol: str, x: float, y: float, kind: str, seat: int) -> None:
    place = {"x": f"{x:g}", "y": f"{y:g}", "width": str(_ICON), "height": str(_ICON)}
    el(parent, "use", {"xlink:href": f"#{symbol}", **place, "class": kind, "data-seat": str(seat)})


def _text(parent: Element, x: float, y: float, text: str, kind: str, **style: str) -> Element:
    node = el(parent, "text", None, x=f"{x:g}", y=f"{y:g}", class_=kind, **style)
    node.text = text
    return node


def draw_panel(svg: Element, symbols: Symbols, pos: Position, top: int, width: int) -> None:
    """Draw the panel for *pos* from height *top*, *width* wide."""
    group = el(svg, "g", class_="panel", font_family=_FONT, fill=INK)
    line = status(pos)
    if isinstance(pos, PlayerView):
        line = f"Seat {pos.player}'s view. {line}"
    node = _text(group, MARGIN, top + 22, line, "status", font_size="15", font_weight="bold")
    room = width - 2 * MARGIN
    if len(line) * _BOLD_CHAR > room:  # squeeze a long line into the width rather than cut it
        node.set("textLength", str(room))
        node.set("lengthAdjust", "spacingAndGlyphs")
    won = set(winners(pos))
    for seat in range(pos.players):
        y = top + HEADER + seat * ROW
        row = el(group, "g", class_=f"seat seat-{seat}", data_seat=str(seat))
        if seat == pos.to_move or seat in won:
            el(
                row,
                "rect",
                x=str(MARGIN - 4),
                y=str(y - 3),
                width=str(width - 2 * MARGIN + 8),
                height=str(ROW - 4),
                rx="5",
                fill="#ffe9a8",
                class_="to-move",
            )
        _icon(row, symbols.dynasty(seat), MARGIN, y + 2, "dynasty", seat)
        notes = ["winner" if seat in won else "to move" if seat == pos.to_move else ""]
        if isinstance(pos, PlayerView) and seat == pos.player:
            notes.append("you")
        label = ", ".join(n for n in notes if n)
        _text(
            row,
            MARGIN + 28,
            y + 14,
            f"Seat {seat}",
            "seat-name",
            font_size="14",
            font_weight="bold",
        )
        _text(row, MARGIN + 28, y + 28, label, "seat-note", font_size="11")
        _points(row, symbols, pos, seat, MARGIN + 100, y)
        _hand(row, symbols, pos, seat, MARGIN + 420, y)


def _points(row: Element, symbols: Symbols, pos: Position, seat: int, x: int, y: int) -> None:
    points = pos.points[seat]
    for colour in COLOURS:
        name = COLOUR_NAMES[colour]
        _icon(row, symbols.tile(colour), x, y + 2, f"points-icon {name}", seat)
        shown = "?" if points is None else str(points[colour])
        node = _text(row, x + 25, y + 19, shown, f"points {name}", font_size="15")
        node.set("data-seat", str(seat))
        x += 52
    treasures = pos.treasures_taken[seat]
    _icon(row, symbols.treasure(False), x, y + 2, "treasures-icon", seat)
    _text(row, x + 24, y + 19, str(treasures), "treasures", font_size="15").set(
        "data-seat", str(seat)
    )
    x += 48
    catastrophes = pos.catastrophe_tiles[seat]
    _icon(row, symbols.catastrophe(), x, y + 2, "catastrophes-icon", seat)
    _text(row, x + 24, y + 19, str(catastrophes), "catastrophes", font_size="15").set(
        "data-seat", str(seat)
    )


def _hand(row: Element, symbols: Symbols, pos: Position, seat: int, x: int, y: int) -> None:
    if isinstance(pos, GameState):
        hand: tuple[int, ...] | None = pos.hands[seat]
    else:
        hand = pos.hand if seat == pos.player else None
    if hand is None:
        size = pos.hand_sizes[seat] if isinstance(pos, PlayerView) else 0
        tiles = f"{size} tile{'s' * (size != 1)} in hand"
        _text(row, x, y + 19, tiles, "hand-count", font_size="14").set("data-seat", str(seat))
        return
    for colour in COLOURS:
        for _ in range(hand[colour]):
            kind = f"hand-tile {COLOUR_NAMES[colour]}"
            _icon(row, symbols.tile(colour), x, y + 2, kind, seat)
            x += _ICON + 2
    if not sum(hand):
        _text(row, x, y + 19, "empty hand", "hand-count", font_size="14").set(
            "data-seat", str(seat)
        )
