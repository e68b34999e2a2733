"""The players' panel under the board: the status, the last action and, at the end, how the
final scores were counted (spec R27), then one row per seat.

A row shows the seat's dynasty (its symbol on its seat colour, and its name), its points per
colour, its treasures and catastrophe tiles, and its hand. Drawn from a
:class:`~tigeuph.PlayerView`, the panel shows what that player may see and nothing more: his
own hand tile by tile, the others' as a count; points the view hides as ``?``.

Nothing is cut at the picture's edge: the status wraps between words, and a row whose parts do
not fit in the width goes on on a line below (a cropped board is narrow).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final
from xml.etree.ElementTree import Element

from attrs import frozen

from ...core.dynasties import dynasty
from ...core.svg.markup import el
from ...core.svg.symbols import INK
from ...core.svg.text import FONT, text_width, wrap
from ..describe.words import status, winners
from ..model.actions import Action, ExchangeTiles
from ..model.pieces import COLOURS
from ..model.ranking import final_vector
from ..model.state import GameState
from ..views import PlayerView
from .layers import MARGIN, Position
from .symbols import COLOUR_NAMES, PieceSymbols

__all__ = ["ROW", "Note", "draw_panel", "notes", "panel_height"]

ROW: Final = 38
"""The height of a seat's first line."""
_LINE: Final = 32  # each further line of a seat's row
_STATUS: Final = 15  # the status line's font size
_STATUS_LEADING: Final = 19
_NOTE: Final = 13  # the last action's and the final scores' lines
_NOTE_LEADING: Final = 17
_ICON: Final = 22
_INDENT: Final = 30  # where a seat's name, and a row's further lines, begin
_POINTS: Final = 4 * 52
_COUNTS: Final = 2 * 48


@frozen
class _Part:
    """One part of a seat's row: its width, and where it goes once laid out."""

    kind: str
    width: float
    line: int = 0
    x: float = 0


def _status(pos: Position) -> str:
    line = status(pos)
    return f"Seat {pos.player}'s view. {line}" if isinstance(pos, PlayerView) else line


def _status_lines(pos: Position, width: int) -> list[str]:
    return wrap(_status(pos), width - 2 * MARGIN, _STATUS, bold=True)


def _played(pos: Position, last: Action, mover: int | None) -> str:
    """*last* as the panel names it: another seat's exchange, in a view, by its size only
    (spec R4: its colours are that seat's secret)."""
    hidden = isinstance(pos, PlayerView) and mover != pos.player
    if isinstance(last, ExchangeTiles) and hidden:
        count = sum(last.counts)
        return f"an exchange of {count} tile{'s' * (count != 1)}"
    return str(last)


Note = tuple[str, str]
"""A line under the status: its class (``last-action``, ``final-scores``) and its text."""


def notes(pos: Position, last: Action | None, mover: int | None) -> list[Note]:
    """The panel's lines under the status: the last action (played by *mover*, when known)
    and, once the game is over, each seat's final score and how it was counted (spec R27:
    the treasures go to the weakest colours, and the weakest colour is the score)."""
    out = []
    if last is not None:
        who = "" if mover is None else f"seat {mover} played "
        out.append(("last-action", f"Last action: {who}{_played(pos, last, mover)}"))
    if pos.ended is not None:
        parts = []
        for seat, points in enumerate(pos.points):
            if points is None:
                continue
            treasures = pos.treasures_taken[seat]
            vector = final_vector(points, treasures)
            spread = f" with {treasures} treasure{'s' * (treasures != 1)}" if treasures else ""
            parts.append(f"seat {seat} {vector[0]} ({'-'.join(map(str, vector))}{spread})")
        if parts:
            text = (
                "Final scores, each seat's weakest colour once its treasures fill the weakest"
                f" colours (colours weakest first): {'; '.join(parts)}"
            )
            out.append(("final-scores", text))
    return out


def _note_lines(told: list[Note], width: int) -> list[Note]:
    room = width - 2 * MARGIN
    return [(kind, line) for kind, text in told for line in wrap(text, room, _NOTE)]


def _hand(pos: Position, seat: int) -> tuple[int, ...] | None:
    """The tiles *seat* holds, if the position shows them."""
    if isinstance(pos, GameState):
        return pos.hands[seat]
    return pos.hand if seat == pos.player else None


def _hand_text(pos: Position, seat: int) -> str:
    size = pos.hand_sizes[seat] if isinstance(pos, PlayerView) else 0
    return f"{size} tile{'s' * (size != 1)} in hand"


def _names(pos: Position, seat: int, won: set[int]) -> tuple[str, str]:
    """A seat's name and its note: ``Seat 0 (you)``, ``lion, to move``."""
    you = isinstance(pos, PlayerView) and seat == pos.player
    notes = [dynasty(seat).name]
    notes += ["winner"] if seat in won else ["to move"] if seat == pos.to_move else []
    return f"Seat {seat}{' (you)' * you}", ", ".join(notes)


def _head_width(pos: Position, won: set[int]) -> float:
    """The width of the seats' names, the same for every row so that the columns align."""
    widest = max(
        max(text_width(name, 14, bold=True), text_width(note, 11))
        for name, note in (_names(pos, seat, won) for seat in range(pos.players))
    )
    return _INDENT + max(widest, 60) + 10


def _layout(pos: Position, seat: int, head: float, room: float) -> list[_Part]:
    """The parts of *seat*'s row, each on its line and at its place within *room*."""
    hand = _hand(pos, seat)
    if hand is None:
        hand_width = text_width(_hand_text(pos, seat), 14)
    else:
        hand_width = max(sum(hand) * (_ICON + 2), text_width("empty hand", 14))
    parts = [_Part("points", _POINTS), _Part("counts", _COUNTS), _Part("hand", hand_width + 6)]
    out, line, x = [], 0, head
    for part in parts:
        if x + part.width > room and x > _INDENT:
            line, x = line + 1, _INDENT
        out.append(_Part(part.kind, part.width, line, x))
        x += part.width
    return out


def _rows(pos: Position, width: int) -> Iterator[tuple[int, list[_Part]]]:
    won = set(winners(pos))
    head = _head_width(pos, won)
    for seat in range(pos.players):
        yield seat, _layout(pos, seat, head, width - 2 * MARGIN)


def _row_height(parts: list[_Part]) -> int:
    return ROW + _LINE * max(p.line for p in parts)


def panel_height(pos: Position, width: int, told: list[Note] = []) -> int:  # noqa: B006
    """The panel's height for *pos* in a picture *width* wide, with the lines *told*
    (:func:`notes`) under the status."""
    header = 34 + _STATUS_LEADING * (len(_status_lines(pos, width)) - 1)
    header += _NOTE_LEADING * len(_note_lines(told, width))
    return header + sum(_row_height(parts) for _, parts in _rows(pos, width)) + 8


def _icon(parent: Element, symbol: str, x: float, y: float, kind: str, seat: int) -> None:
    place = {"x": f"{x:g}", "y": f"{y:g}", "width": str(_ICON), "height": str(_ICON)}
    el(parent, "use", {"xlink:href": f"#{symbol}", **place, "class": kind, "data-seat": str(seat)})


def _text(parent: Element, x: float, y: float, text: str, kind: str, **style: str) -> Element:
    node = el(parent, "text", None, x=f"{x:g}", y=f"{y:g}", class_=kind, **style)
    node.text = text
    return node


def draw_panel(
    svg: Element,
    symbols: PieceSymbols,
    pos: Position,
    top: int,
    width: int,
    told: list[Note] = [],  # noqa: B006
) -> None:
    """Draw the panel for *pos* from height *top*, *width* wide, with the lines *told*
    (:func:`notes`) under the status."""
    group = el(svg, "g", class_="panel", font_family=FONT, fill=INK)
    lines = _status_lines(pos, width)
    for i, line in enumerate(lines):
        y = top + 22 + i * _STATUS_LEADING
        _text(group, MARGIN, y, line, "status", font_size=str(_STATUS), font_weight="bold")
    y = top + 34 + _STATUS_LEADING * (len(lines) - 1)
    for kind, line in _note_lines(told, width):
        _text(group, MARGIN, y + 4, line, kind, font_size=str(_NOTE))
        y += _NOTE_LEADING
    won = set(winners(pos))
    for seat, parts in _rows(pos, width):
        height = _row_height(parts)
        row = el(group, "g", class_=f"seat seat-{seat}", data_seat=str(seat))
        if seat == pos.to_move or seat in won:
            el(
                row,
                "rect",
                x=str(MARGIN - 4),
                y=str(y - 3),
                width=str(width - 2 * MARGIN + 8),
                height=str(height - 4),
                rx="5",
                fill="#ffe9a8",
                class_="to-move",
            )
        el(
            row,
            "use",
            {"xlink:href": f"#{symbols.dynasty(seat)}", "class": "dynasty"},
            x=str(MARGIN - 2),
            y=str(y),
            width="27",
            height="27",
            data_seat=str(seat),
        )
        name, note = _names(pos, seat, won)
        left = MARGIN + _INDENT
        _text(row, left, y + 14, name, "seat-name", font_size="14", font_weight="bold")
        _text(row, left, y + 28, note, "seat-note", font_size="11")
        for part in parts:
            x, line_y = MARGIN + part.x, y + part.line * _LINE
            if part.kind == "points":
                _points(row, symbols, pos, seat, x, line_y)
            elif part.kind == "counts":
                _counts(row, symbols, pos, seat, x, line_y)
            else:
                _hand_icons(row, symbols, pos, seat, x + 6, line_y)
        y += height


def _points(
    row: Element, symbols: PieceSymbols, pos: Position, seat: int, x: float, y: float
) -> None:
    points = pos.points[seat]
    for colour in COLOURS:
        name = COLOUR_NAMES[colour]
        _icon(row, symbols.tile(colour), x, y + 2, f"points-icon {name}", seat)
        shown = "?" if points is None else str(points[colour])
        node = _text(row, x + 25, y + 19, shown, f"points {name}", font_size="15")
        node.set("data-seat", str(seat))
        x += 52


def _counts(
    row: Element, symbols: PieceSymbols, pos: Position, seat: int, x: float, y: float
) -> None:
    for kind, symbol, count in (
        ("treasures", symbols.treasure(False), pos.treasures_taken[seat]),
        ("catastrophes", symbols.catastrophe(), pos.catastrophe_tiles[seat]),
    ):
        _icon(row, symbol, x, y + 2, f"{kind}-icon", seat)
        _text(row, x + 24, y + 19, str(count), kind, font_size="15").set("data-seat", str(seat))
        x += 48


def _hand_icons(
    row: Element, symbols: PieceSymbols, pos: Position, seat: int, x: float, y: float
) -> None:
    hand = _hand(pos, seat)
    if hand is None:
        text = _hand_text(pos, seat)
        _text(row, x, y + 19, text, "hand-count", font_size="14").set("data-seat", str(seat))
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
