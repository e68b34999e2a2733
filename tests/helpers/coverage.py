"""How much of each piece a picture's marks hide, measured from the SVG's geometry (issue 40).

A picture of the main game draws its pieces (tiles, buildings, face-down tiles, catastrophes,
leaders, monuments, the wonder) and its marks (highlight frames, arrows, a conflict's frames,
tags and ghosts, what an action did, the aids): a mark drawn after a piece, in document
order, covers what of the piece lies under its paint. Each piece is sampled on a grid of
points a unit apart inside its shape, and each mark's paint (fill and stroke) is tested point
by point; a piece's coverage is the share of its points under some mark drawn after it.

Shapes are read as the pictures draw them (a mark that only touches a piece's edge covers
none of it): rectangles, circles, polygons and paths of
straight segments (a curve is taken as the straight line to its end point), a text as the
box its approximate width and its size make. Transforms are ignored: a picture's marks and
pieces sit in the same group.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

from helpers.svg import SVG
from tigeuph import parse_cell, svg

__all__ = ["MARKS", "PIECES", "coverage", "mark_boxes", "worst"]

PIECES = ("tile", "building", "catastrophe", "leader", "monument", "wonder")
"""The first word of a piece's class (a face-down tile lies under a monument or the wonder,
which stand for it)."""
MARKS = ("highlight-frame", "arrow", "conflict", "happened", "aid")
"""The first word of a mark's class: a leaf element whose class, or an ancestor's, starts so."""

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Inside = Callable[[float, float], bool]


def _num(node: ET.Element, name: str, default: float = 0.0) -> float:
    value = node.get(name)
    return default if value is None else float(value)


def _piece(node: ET.Element, kind: str) -> tuple[Box, Inside] | None:
    """The box and the inside test of a piece element, if it is one."""
    if node.tag == f"{SVG}g" and kind == "wonder":
        cx, cy = svg.cell_xy(parse_cell(node.get("data-cell", "")))
        s = svg.SQUARE

        def inside_cross(px: float, py: float) -> bool:
            upright = cx + 1 <= px <= cx + s - 1 and cy - s + 1 <= py <= cy + 2 * s - 1
            return upright or (cx - s + 1 <= px <= cx + 2 * s - 1 and cy + 1 <= py <= cy + s - 1)

        return (cx - s, cy - s, cx + 2 * s, cy + 2 * s), inside_cross
    if node.tag != f"{SVG}use":
        return None
    x, y, w = _num(node, "x"), _num(node, "y"), _num(node, "width")
    if kind == "leader":
        mx, my, r = x + w / 2, y + w / 2, w * 19 / 40
        return (mx - r, my - r, mx + r, my + r), lambda px, py: math.hypot(px - mx, py - my) <= r
    inset = w * (5 / 80 if kind == "monument" else 1.5 / 40)
    box = (x + inset, y + inset, x + w - inset, y + w - inset)
    return box, lambda px, py: box[0] <= px <= box[2] and box[1] <= py <= box[3]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _in_polygon(p: Point, points: list[Point]) -> bool:
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


_TOKEN = re.compile(r"[MmLlHhVvZzQqTtCcSsAa]|-?[\d.]+(?:e-?\d+)?")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "z": 0, "q": 4, "t": 2, "c": 6, "s": 4, "a": 7}


def _subpaths(d: str) -> list[list[Point]]:
    """The subpaths of path data *d* as polylines (curves straightened)."""
    out: list[list[Point]] = []
    x, y = 0.0, 0.0
    command = "M"
    tokens = _TOKEN.findall(d)
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "zZ":
                if out and out[-1]:
                    out[-1].append(out[-1][0])
                    x, y = out[-1][0]
                continue
        n = _ARITY[command.lower()]
        args = [float(t) for t in tokens[i : i + n]]
        i += n
        rel = command.islower()
        low = command.lower()
        if low == "h":
            x = x + args[0] if rel else args[0]
        elif low == "v":
            y = y + args[0] if rel else args[0]
        else:
            ex, ey = args[-2], args[-1]
            x, y = (x + ex, y + ey) if rel else (ex, ey)
        if low == "m":
            out.append([(x, y)])
            command = "l" if rel else "L"
        elif out:
            out[-1].append((x, y))
    return out


def _paint(node: ET.Element, style: dict[str, str]) -> list[tuple[Box, Inside]]:
    """What a mark element paints, as shapes: each a box and an inside test."""
    fill = node.get("fill", style.get("fill", "#000"))
    stroke = node.get("stroke", style.get("stroke", "none"))
    half = _num(node, "stroke-width", float(style.get("stroke-width", "1"))) / 2
    filled, stroked = fill != "none", stroke != "none"
    tag = node.tag.removeprefix(SVG)
    if tag == "rect":
        x, y, w, h = (_num(node, k) for k in ("x", "y", "width", "height"))
        pad = half if stroked else 0
        box = (x - pad, y - pad, x + w + pad, y + h + pad)

        def in_rect(px: float, py: float) -> bool:
            if not (box[0] < px < box[2] and box[1] < py < box[3]):
                return False
            if filled:
                return True
            return not (x + half <= px <= x + w - half and y + half <= py <= y + h - half)

        return [(box, in_rect)]
    if tag == "circle":
        cx, cy, r = _num(node, "cx"), _num(node, "cy"), _num(node, "r")
        out = r + (half if stroked else 0)

        def in_circle(px: float, py: float) -> bool:
            d = math.hypot(px - cx, py - cy)
            return d < out and (filled or d > r - half)

        return [((cx - out, cy - out, cx + out, cy + out), in_circle)]
    if tag == "text" and node.text:
        size = float(style.get("font-size", "16"))
        wide = len(node.text) * size * 0.6
        x, y = _num(node, "x"), _num(node, "y")
        anchor = style.get("text-anchor", "start")
        left = x - wide / 2 if anchor == "middle" else x - wide if anchor == "end" else x
        box = (left, y - size * 0.75, left + wide, y + size * 0.2)
        return [(box, lambda px, py: box[0] <= px <= box[2] and box[1] <= py <= box[3])]
    if tag == "polygon":
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", node.get("points", ""))]
        lines = [list(zip(numbers[::2], numbers[1::2], strict=True))]
        lines[0].append(lines[0][0])
    elif tag == "path":
        lines = _subpaths(node.get("d", ""))
    elif tag == "line":
        lines = [[(_num(node, "x1"), _num(node, "y1")), (_num(node, "x2"), _num(node, "y2"))]]
    else:
        return []
    shapes: list[tuple[Box, Inside]] = []
    for line in lines:
        if filled and len(line) > 2:
            xs, ys = [p[0] for p in line], [p[1] for p in line]
            shapes.append(((min(xs), min(ys), max(xs), max(ys)), _polygon_test(line)))
        if stroked:
            for a, b in itertools.pairwise(line):
                edge = (min(a[0], b[0]) - half, min(a[1], b[1]) - half)
                edge_box = (*edge, max(a[0], b[0]) + half, max(a[1], b[1]) + half)
                shapes.append((edge_box, _segment_test(a, b, half)))
    return shapes


def _polygon_test(line: list[Point]) -> Inside:
    return lambda px, py: _in_polygon((px, py), line)


def _segment_test(a: Point, b: Point, half: float) -> Inside:
    return lambda px, py: _segment_distance((px, py), a, b) < half


_STYLE = ("fill", "stroke", "stroke-width", "font-size", "text-anchor")


def _walk(
    node: ET.Element, style: dict[str, str], mark: bool, marks: tuple[str, ...] = MARKS
) -> Iterator[tuple[str, ET.Element, dict[str, str], bool]]:
    """Every element under *node* in document order, with the style it inherits and whether
    it belongs to a mark; symbols and definitions are left out."""
    if node.tag in (f"{SVG}defs", f"{SVG}symbol", f"{SVG}clipPath"):
        return
    style = {**style, **{k: node.attrib[k] for k in _STYLE if k in node.attrib}}
    classes = node.get("class", "")
    kind = classes.split(" ")[0]
    mark = mark or classes.startswith(marks)
    yield kind, node, style, mark
    for child in node:
        yield from _walk(child, style, mark, marks)


def coverage(picture: str, marks: tuple[str, ...] = MARKS) -> list[tuple[str, float]]:
    """Each piece of *picture* (its class and cell) with the share of its area that marks
    drawn after it cover (*marks*: the classes of the marks counted, each a class's start),
    the pieces with none left out."""
    pieces: list[tuple[str, Box, set[tuple[int, int]], set[tuple[int, int]]]] = []
    for kind, node, style, mark in _walk(ET.fromstring(picture), {}, False, marks):
        if not mark and kind in PIECES:
            found = _piece(node, kind)
            if found is not None:
                box, inside = found
                points = {
                    (px, py)
                    for px in range(math.floor(box[0]), math.ceil(box[2]))
                    for py in range(math.floor(box[1]), math.ceil(box[3]))
                    if inside(px + 0.5, py + 0.5)
                }
                name = f"{node.get('class')} {node.get('data-cell')}"
                pieces.append((name, box, points, set()))
        elif mark and len(node) == 0:
            for (left, top, right, bottom), inside in _paint(node, style):
                for _, (pl, pt, pr, pb), points, covered in pieces:
                    if not (left < pr and pl < right and top < pb and pt < bottom):
                        continue
                    covered.update(
                        (px, py)
                        for px in range(math.floor(max(left, pl)), math.ceil(min(right, pr)))
                        for py in range(math.floor(max(top, pt)), math.ceil(min(bottom, pb)))
                        if (px, py) in points and inside(px + 0.5, py + 0.5)
                    )
    return [(name, len(c) / len(points)) for name, _, points, c in pieces if c and points]


def worst(picture: str, marks: tuple[str, ...] = MARKS) -> float:
    """The largest share of a piece that *marks* cover in *picture* (0 when none)."""
    return max((share for _, share in coverage(picture, marks)), default=0.0)


def mark_boxes(picture: str, kind: str) -> list[Box]:
    """The boxes of the rectangles of the marks whose class is *kind* (``conflict strength``)."""
    out = []
    for _, node, _, _ in _walk(ET.fromstring(picture), {}, False):
        if node.get("class", "").startswith(kind):
            for rect in node.iter(f"{SVG}rect"):
                x, y, w, h = (_num(rect, k) for k in ("x", "y", "width", "height"))
                out.append((x, y, x + w, y + h))
    return out
