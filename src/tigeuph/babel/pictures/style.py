"""The look of a Babel picture (:mod:`tigeuph.babel.pictures`): its measures, its colours and
the few shapes every part draws with: a line of text that fits its room, a box, the yellow
frame of what the last action touched, a people card's chip."""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

from ...core.svg.markup import el
from ...core.svg.symbols import INK, PALETTE
from ..model.cards import NATIONS, Nation
from ..model.state import BabelState
from ..views import BabelView

__all__ = [
    "BAND",
    "CARD",
    "CARD_W",
    "FONT",
    "HALVING",
    "LEVEL",
    "LOCATION_X",
    "MARGIN",
    "MIN_TEXT",
    "NATION_FILL",
    "NATION_INK",
    "PANEL",
    "QUARRY_W",
    "QUARRY_X",
    "QUIET",
    "STATUS",
    "STONE",
    "STONE_EDGE",
    "STONE_TOP",
    "TEMPLE",
    "TILE_W",
    "TO_MOVE",
    "WIDTH",
    "Position",
    "box",
    "chip",
    "highlight",
    "label",
]

Position = BabelState | BabelView
"""What a picture draws: a state, or a player's view."""

MARGIN: Final = 16
QUARRY_X: Final = MARGIN
QUARRY_W: Final = 104
_SLOT: Final = 128
"""The width given to each location."""
LOCATION_X: Final = tuple(MARGIN + QUARRY_W + 8 + i * _SLOT + _SLOT // 2 for i in range(5))
"""The middle of each location, in the order of NATIONS."""
WIDTH: Final = LOCATION_X[-1] + _SLOT // 2 + MARGIN
STATUS: Final = 50
PANEL: Final = 64
BAND: Final = 80
LEVEL: Final = 13
TEMPLE: Final = 6 * LEVEL + 14
CARD: Final = 17
CARD_W: Final = 108
TILE_W: Final = _SLOT - 12
"""A location's tile in the band."""
FONT: Final = "DejaVu Sans, Verdana, sans-serif"
CHAR: Final = 0.6
"""A character's width, about, as a share of the font's size (DejaVu Sans)."""

NATION_FILL: Final = {
    Nation.HITTITES: "#e3b51e",
    Nation.ASSYRIANS: PALETTE["blue"],
    Nation.PERSIANS: "#7a828c",
    Nation.MEDES: PALETTE["green"],
    Nation.SUMERIANS: PALETTE["red"],
}
"""Each nation's colour (spec B1: yellow, blue, grey, green, red), the main game's where the
two share one."""
NATION_INK: Final = {n: INK if n is Nation.HITTITES else "#ffffff" for n in NATIONS}
STONE: Final = "#e9d193"
STONE_TOP: Final = "#d6b15a"
STONE_EDGE: Final = "#8a6a3a"
HIGHLIGHT: Final = "#ffe14d"
"""What the last action touched is framed in this yellow, as on the main game's board."""
HIGHLIGHT_EDGE: Final = "#d9a400"
TO_MOVE: Final = "#ffe9a8"
HALVING: Final = "#ffc078"
QUIET: Final = "#8c7f6a"
"""Labels' colour: quieter than the ink of what they label."""
MIN_TEXT: Final = 12
"""The smallest font size, in the picture's units: 9 pixels when the picture is 600 pixels
wide (issue 40), so that every label reads on a phone."""


def label(
    parent: Element,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    kind: str,
    bold: bool = False,
    anchor: str = "start",
    room: float | None = None,
    fill: str | None = None,
) -> Element:
    """A line of *text* at (*x*, *y*), in a smaller font when it would run over *room* units
    of width: a long line is narrowed, never cut (the font shrinks rather than the text being
    stretched by ``textLength``, which not every renderer honours), and never below
    ``MIN_TEXT``."""
    size = max(size, MIN_TEXT)
    wide = len(text) * size * (CHAR + 0.1 * bold)
    if room is not None and wide > room:
        size = max(round(size * room / wide, 1), MIN_TEXT)
    node = el(parent, "text", None, x=f"{x:g}", y=f"{y:g}", class_=kind, font_size=f"{size:g}")
    if bold:
        node.set("font-weight", "bold")
    if anchor != "start":
        node.set("text-anchor", anchor)
    if fill is not None:
        node.set("fill", fill)
    node.text = text
    return node


def box(parent: Element, x: float, y: float, w: float, h: float, kind: str, **style: str) -> None:
    place = {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{h:g}"}
    el(parent, "rect", place, class_=kind, **style)


def highlight(parent: Element, x: float, y: float, w: float, h: float) -> None:
    box(
        parent,
        x - 3,
        y - 3,
        w + 6,
        h + 6,
        "highlight",
        rx="5",
        fill=HIGHLIGHT,
        stroke=HIGHLIGHT_EDGE,
        stroke_width="1.5",
    )


def chip(parent: Element, nation: Nation, x: float, y: float, w: float, h: float) -> None:
    fill, ink = NATION_FILL[nation], NATION_INK[nation]
    box(
        parent,
        x,
        y,
        w,
        h,
        f"chip {nation.value}",
        rx="3",
        fill=fill,
        stroke=INK,
        stroke_width="0.8",
    )
    size = min(h - 4, 13)
    label(
        parent,
        x + w / 2,
        y + h / 2 + size * 0.36,
        nation.value,
        size,
        kind="chip-letter",
        bold=True,
        anchor="middle",
        fill=ink,
    )
