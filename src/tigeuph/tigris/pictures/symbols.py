"""The pieces' shapes: one SVG ``<symbol>`` per piece kind, drawn in a 40 x 40 box.

Every piece is told apart by its shape as well as by its colour, so that the pictures stay
readable in grey and for colour-blind players: each civilisation colour has a glyph (a stepped
temple for red, an ear of wheat for blue, a market's scales for green, a house for black) that
its tiles, leaders, buildings and monuments carry; each dynasty has its symbol (a lion, a bull,
an archer's bow, an urn: :mod:`tigeuph.core.dynasties`) and its seat colour, which its four
leaders carry; treasures are gold diamonds and special treasures gold stars.
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

from ...core.dynasties import dynasty
from ...core.svg.emblems import emblem
from ...core.svg.markup import el
from ...core.svg.symbols import BOX, INK, PALETTE, Symbols
from ..model.pieces import COLOURS, Colour, Monument

__all__ = ["COLOUR_NAMES", "EDGE", "FILL", "GOLD", "UNIFICATION_OVERHANG", "PieceSymbols"]

COLOUR_NAMES: Final = ("red", "blue", "green", "black")
"""CSS class names of the colours, indexed by :class:`~tigeuph.Colour`."""

FILL: Final = tuple(PALETTE[name] for name in COLOUR_NAMES)
"""Tile colours, indexed by :class:`~tigeuph.Colour`: dark enough that a white glyph reads."""

EDGE: Final = ("#7d2118", "#1c4578", "#1b5428", "#000000")
GOLD: Final = "#f2c230"
UNIFICATION_OVERHANG: Final = 6
"""How far the unification marker reaches beyond its cell."""


# Glyphs in the 40 x 40 box, white on a tile; each also names its colour's tiles' meaning.
_GLYPHS: Final = (
    # red: a stepped temple
    (
        "polygon",
        {"points": "7,33 7,27 11,27 11,21 15,21 15,13 25,13 25,21 29,21 29,27 33,27 33,33"},
    ),
    # blue: an ear of wheat (farms)
    (
        "path",
        {
            "d": "M20 34V8M20 13l-6-5M20 13l6-5M20 20l-7-6M20 20l7-6M20 27l-7-6M20 27l7-6",
            "fill": "none",
            "stroke-width": "3",
            "stroke-linecap": "round",
        },
    ),
    # green: a market's scales
    (
        "path",
        {
            "d": "M20 9V31M13 32H27M8 13H32M8 13L4 23H12ZM32 13L28 23H36Z",
            "stroke-width": "2.5",
            "stroke-linejoin": "round",
        },
    ),
    # black: a house (settlements)
    ("path", {"d": "M7 21L20 8L33 21V33H7ZM17 33V25H23V33Z", "fill-rule": "evenodd"}),
)


def _tile_square(sym: Element, fill: str, edge: str) -> None:
    """The rounded square every tile-sized piece stands on, in *fill* edged with *edge*."""
    el(
        sym,
        "rect",
        x="1.5",
        y="1.5",
        width="37",
        height="37",
        rx="4",
        fill=fill,
        stroke=edge,
        stroke_width="1.5",
    )


def glyph(parent: Element, colour: Colour, ink: str, scale: float, cx: float, cy: float) -> None:
    """Draw *colour*'s glyph in *ink*, scaled by *scale* and centred on (*cx*, *cy*)."""
    tag, attrs = _GLYPHS[colour]
    dx, dy = cx - 20 * scale, cy - 20 * scale
    group = el(
        parent,
        "g",
        transform=f"translate({dx:g} {dy:g}) scale({scale:g})",
        class_=f"glyph {COLOUR_NAMES[colour]}",
    )
    el(group, tag, {"fill": ink, "stroke": ink, "stroke-width": "0", **attrs})


class PieceSymbols(Symbols):
    """The ``<defs>`` of one picture of the main game: its pieces' symbols and the dynasties'
    marks, each defined the first time it is used."""

    def tile(self, colour: Colour) -> str:
        """A face-up tile of *colour*."""
        name = f"tile-{colour.letter}"
        if (sym := self._new(name)) is not None:
            _tile_square(sym, FILL[colour], EDGE[colour])
            glyph(sym, colour, "#ffffff", 0.8, 20, 20)
        return name

    def face_down(self) -> str:
        """A face-down tile (under a monument or the wonder)."""
        name = "face-down"
        if (sym := self._new(name)) is not None:
            _tile_square(sym, "#a39a8a", "#6f675b")
            el(
                sym,
                "path",
                d="M6 14L14 6M6 24L24 6M6 34L34 6M16 34L34 16M26 34L34 26",
                stroke="#8a8173",
                stroke_width="2",
            )
        return name

    def leader(self, seat: int, colour: Colour) -> str:
        """The leader of *colour* of the dynasty in *seat*: a disc in the leader's colour
        carrying the dynasty's symbol in white, ringed in the seat colour, with the colour's
        glyph on a white badge (so that neither colour is told by colour alone)."""
        name = f"leader-{seat}-{colour.letter}"
        if (sym := self._new(name)) is not None:
            ring = dynasty(seat).colour
            el(sym, "circle", cx="20", cy="20", r="19", fill=ring, stroke=INK, stroke_width="1.2")
            el(sym, "circle", cx="20", cy="20", r="14", fill=FILL[colour], stroke="#ffffff")
            emblem(sym, seat, "#ffffff", FILL[colour], 0.56, 20, 19.5)
            el(sym, "circle", cx="32", cy="32", r="7.5", fill="#ffffff", stroke=INK)
            glyph(sym, colour, FILL[colour], 0.32, 32, 32)
        return name

    def catastrophe(self) -> str:
        """A catastrophe tile: dark rubble crossed out."""
        name = "catastrophe"
        if (sym := self._new(name)) is not None:
            _tile_square(sym, "#5b4636", "#2f241b")
            el(
                sym,
                "path",
                d="M9 9L31 31M31 9L9 31",
                stroke="#f0a030",
                stroke_width="6",
                stroke_linecap="round",
            )
        return name

    def treasure(self, special: bool) -> str:
        """A treasure (a gold diamond) or a special treasure (a gold star), drawn small."""
        name = "treasure-special" if special else "treasure"
        if (sym := self._new(name)) is not None:
            points = (
                "20,2 24.5,14 37,14.5 27,22.5 30.5,35 20,27.5 9.5,35 13,22.5 3,14.5 15.5,14"
                if special
                else "20,3 35,20 20,37 5,20"
            )
            el(
                sym,
                "polygon",
                points=points,
                fill=GOLD,
                stroke=INK,
                stroke_width="3",
                stroke_linejoin="round",
            )
        return name

    def building(self, colour: Colour) -> str:
        """A civilisation building of *colour* (variant): a white tower on its tile."""
        name = f"building-{colour.letter}"
        if (sym := self._new(name)) is not None:
            _tile_square(sym, FILL[colour], EDGE[colour])
            el(
                sym,
                "path",
                d="M5 37V9H11V14H16V9H24V14H29V9H35V37Z",
                fill="#ffffff",
                stroke=INK,
                stroke_width="1.5",
            )
            glyph(sym, colour, FILL[colour], 0.55, 20, 25)
        return name

    def unification(self) -> str:
        """The unification marker (spec R16): a black and yellow frame around the tile that
        joined the kingdoms, with crossed swords on a badge at its corner. Its box reaches
        ``UNIFICATION_OVERHANG`` beyond the cell on every side."""
        name = "unification"
        if (sym := self._new(name)) is not None:
            o = UNIFICATION_OVERHANG
            sym.set("viewBox", f"{-o} {-o} {BOX + 2 * o} {BOX + 2 * o}")
            frame = {"x": "0", "y": "0", "width": str(BOX), "height": str(BOX), "fill": "none"}
            el(sym, "rect", frame, stroke="#000000", stroke_width="6")
            el(sym, "rect", frame, stroke="#ffd23f", stroke_width="3.5", stroke_dasharray="5 5")
            el(sym, "circle", cx="1", cy="1", r="9", fill=INK, stroke="#ffffff", stroke_width="2")
            el(
                sym,
                "path",
                d="M-4 -4L6 6M6 -4L-4 6M-5 3L-2 6M7 3L4 6",
                fill="none",
                stroke="#ffffff",
                stroke_width="2",
                stroke_linecap="round",
            )
        return name

    def monument(self, monument: Monument) -> str:
        """A monument over its 2 x 2 square: its first colour outside, its second inside, each
        with its glyph. The symbol's box is two cells wide."""
        name = f"monument-{monument.code}"
        if (sym := self._new(name)) is not None:
            sym.set("viewBox", f"0 0 {2 * BOX} {2 * BOX}")
            outer, inner = monument.colours
            el(
                sym,
                "rect",
                x="5",
                y="5",
                width="70",
                height="70",
                rx="5",
                fill=FILL[outer],
                stroke="#ffffff",
                stroke_width="3",
            )
            el(
                sym,
                "rect",
                x="5",
                y="5",
                width="70",
                height="70",
                rx="5",
                fill="none",
                stroke=INK,
                stroke_width="1",
            )
            el(
                sym,
                "rect",
                x="22",
                y="22",
                width="36",
                height="36",
                rx="3",
                fill=FILL[inner],
                stroke="#ffffff",
                stroke_width="3",
            )
            for x, y in ((13.5, 13.5), (66.5, 66.5)):
                glyph(sym, outer, "#ffffff", 0.3, x, y)
            glyph(sym, inner, "#ffffff", 0.7, 40, 40)
        return name

    def wonder(self) -> str:
        """The wonder's emblem on its centre cell: a stepped ziggurat, dark on the cross."""
        name = "wonder"
        if (sym := self._new(name)) is not None:
            el(
                sym,
                "polygon",
                points="2,37 2,30 7,30 7,23 12,23 12,16 17,16 17,4 23,4 23,16 28,16 28,23 "
                "33,23 33,30 38,30 38,37",
                fill=INK,
                stroke="#ffffff",
                stroke_width="2",
                stroke_linejoin="round",
            )
        return name


assert len(COLOURS) == len(FILL) == len(_GLYPHS)
