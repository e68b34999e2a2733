"""Tags placed where nothing lies (issue 40): a label for a piece, on free land or in the
margin, joined to its piece by a short line drawn under the pieces.

:func:`place` looks for the nearest spot around the piece where the tag covers no piece (at
most a sliver of one's edge) and no other tag, first on the board shown, then in its margin,
and else takes the spot that covers least.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final
from xml.etree.ElementTree import Element

from ...core.svg.markup import el
from ...core.svg.symbols import INK
from .layers import MARGIN, SQUARE
from .marks import Box

__all__ = ["TAG_HEIGHT", "leader_line", "place"]

TAG_HEIGHT: Final = 17
"""A tag's height."""
_STEP: Final = 5  # the spots tried, this far apart
_REACH: Final = 3 * SQUARE  # how far from its piece a tag is looked for first
_SLIVER: Final = 14.0  # the area of a piece a tag may cover: a sliver of its edge


def _overlap(a: Box, b: Box) -> float:
    wide = min(a[2], b[2]) - max(a[0], b[0])
    high = min(a[3], b[3]) - max(a[1], b[1])
    return wide * high if wide > 0 and high > 0 else 0.0


def _gap(a: Box, b: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def _spots(target: Box, wide: float, area: Box, reach: float) -> list[Box]:
    """The tag's spots within *area* and within *reach* of *target*, nearest first."""
    cx, cy = (target[0] + target[2]) / 2, (target[1] + target[3]) / 2
    steps = int(reach // _STEP) + 2
    out = []
    for i in range(-steps, steps + 1):
        for j in range(-steps, steps + 1):
            left, top = cx - wide / 2 + i * _STEP, cy - TAG_HEIGHT / 2 + j * _STEP
            spot = (left, top, left + wide, top + TAG_HEIGHT)
            inside = area[0] <= left and spot[2] <= area[2] and area[1] <= top
            if inside and spot[3] <= area[3] and _gap(spot, target) <= reach:
                out.append(spot)
    out.sort(key=lambda s: (_gap(s, target), abs((s[0] + s[2]) / 2 - cx)))
    return out


def place(
    target: Box, wide: float, board: Box, blocked: Sequence[Box], taken: Sequence[Box]
) -> Box:
    """The box of a tag *wide* units wide for the piece in *target*: the nearest spot that
    covers nothing in *blocked* (pieces: a sliver of each at most) nor *taken* (other tags,
    frames), on *board* (the board shown), else in the margin around it, else the spot
    covering least."""
    outer = (board[0] - MARGIN + 1, board[1] - MARGIN + 1, board[2] + MARGIN - 1, board[3] + 6)
    best: tuple[float, Box] | None = None
    for area, reach in ((board, _REACH), (outer, _REACH), (outer, 99 * SQUARE)):
        for spot in _spots(target, wide, area, reach):
            near = [b for b in blocked if _overlap(spot, b) > 0]
            worst = max((_overlap(spot, b) for b in near), default=0.0)
            clash = sum(_overlap(spot, t) for t in taken)
            cost = sum(_overlap(spot, b) for b in near) + 10 * clash
            if worst <= _SLIVER and clash == 0:
                return spot
            if best is None or cost < best[0]:
                best = (cost, spot)
    assert best is not None, "some spot within the margin"
    return best[1]


def leader_line(under: Element, tag: Box, target: Box, colour: str, **data: str) -> None:
    """A line in *under* (beneath the pieces) from the tag in *tag* to the edge of *target*,
    unless the tag touches it."""
    if _gap(tag, target) < 3:
        return
    tx, ty = (tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2
    px = min(max(tx, target[0]), target[2])
    py = min(max(ty, target[1]), target[3])
    sx = min(max(px, tag[0]), tag[2])
    sy = min(max(py, tag[1]), tag[3])
    line = {"x1": f"{sx:g}", "y1": f"{sy:g}", "x2": f"{px:g}", "y2": f"{py:g}", **data}
    el(under, "line", line, stroke=INK, stroke_width="4", class_="conflict leader-line")
    el(under, "line", line, stroke=colour, stroke_width="2", class_="conflict leader-line")
