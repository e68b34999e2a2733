"""The dynasties' symbols (:mod:`tigeuph.core.dynasties`) as drawings: a lion's maned head, a
bull's horned head, an archer's drawn bow and an urn, each in a 40 x 40 box.

Each is drawn in two paints: shapes in ink and cut-outs in the colour they stand on, so that a
symbol reads white on a leader's colour and dark on a seat's colour alike.
"""

from __future__ import annotations

import math
from typing import Final
from xml.etree.ElementTree import Element

from ..dynasties import dynasty
from .markup import el

__all__ = ["EMBLEMS", "emblem"]


def _star(points: int, outer: float, inner: float, cx: float = 20, cy: float = 20) -> str:
    """A star's polygon points: *points* tips at radius *outer*, notches at *inner*."""
    out = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points
        out.append(f"{cx + r * math.sin(a):.1f},{cy - r * math.cos(a):.1f}")
    return " ".join(out)


# Each dynasty's symbol in the 40 x 40 box: shapes in ink ("ink") and cut-outs in the colour
# they stand on ("ground"), so that a symbol reads on a leader (white on the leader's colour)
# and on a seat's mark (ink on the seat colour) alike.
_Shape = tuple[str, str, dict[str, str]]
EMBLEMS: Final[tuple[tuple[_Shape, ...], ...]] = (
    (  # the lion: a maned head
        ("polygon", "ink", {"points": _star(14, 19.5, 14.5)}),
        ("circle", "ground", {"cx": "20", "cy": "21", "r": "10.5"}),
        ("circle", "ink", {"cx": "16", "cy": "18.5", "r": "1.9"}),
        ("circle", "ink", {"cx": "24", "cy": "18.5", "r": "1.9"}),
        ("polygon", "ink", {"points": "16.5,22.5 23.5,22.5 20,26.5"}),
        ("path", "ink-line", {"d": "M20 26V28.5M15.5 27.5Q20 32 24.5 27.5", "stroke-width": "1.8"}),
    ),
    (  # the bull: a horned head
        (
            "path",
            "ink",
            {
                "d": "M1.5 6C2 16 8 20.5 15 18.5V14C9.5 15 4.5 12.5 1.5 6Z"
                "M38.5 6C38 16 32 20.5 25 18.5V14C30.5 15 35.5 12.5 38.5 6Z"
                "M12 13H28L27 27C27 33 24 37.5 20 37.5C16 37.5 13 33 13 27Z"
                "M12.5 16L4.5 21.5L13 23ZM27.5 16L35.5 21.5L27 23Z"
            },
        ),
        ("circle", "ground", {"cx": "16.5", "cy": "21", "r": "2"}),
        ("circle", "ground", {"cx": "23.5", "cy": "21", "r": "2"}),
        ("circle", "ground", {"cx": "17.5", "cy": "32", "r": "1.6"}),
        ("circle", "ground", {"cx": "22.5", "cy": "32", "r": "1.6"}),
    ),
    (  # the archer: a drawn bow and its arrow
        ("path", "ink-line", {"d": "M12 2.5Q40 20 12 37.5", "stroke-width": "4"}),
        ("path", "ink-line", {"d": "M12 2.5V37.5", "stroke-width": "1.5"}),
        ("path", "ink-line", {"d": "M3 20H31M3 20L0.5 15.5M3 20L0.5 24.5", "stroke-width": "2.8"}),
        ("polygon", "ink", {"points": "39.5,20 29,13.5 29,26.5"}),
    ),
    (  # the urn: a two-handled pot
        (
            "path",
            "ink",
            {
                "d": "M13.5 3H26.5V6.5H24V10.5C31 12.5 34.5 18.5 33.5 24.5C32.5 30 28.5 33 25 34"
                "L27.5 37.5H12.5L15 34C11.5 33 7.5 30 6.5 24.5C5.5 18.5 9 12.5 16 10.5V6.5H13.5Z"
            },
        ),
        ("path", "ink-line", {"d": "M16 7.5C10 7 7.5 10 9.5 15M24 7.5C30 7 32.5 10 30.5 15"}),
        ("path", "ground-line", {"d": "M8 21H32M8.5 27H31.5", "stroke-width": "2"}),
    ),
)
"""The drawing of each dynasty's symbol, in seat order
(:data:`tigeuph.core.dynasties.DYNASTIES`)."""


def emblem(
    parent: Element, seat: int, ink: str, ground: str, scale: float, cx: float, cy: float
) -> None:
    """Draw the dynasty symbol of *seat* in *ink* on *ground*, scaled by *scale* and centred on
    (*cx*, *cy*)."""
    dx, dy = cx - 20 * scale, cy - 20 * scale
    group = el(
        parent,
        "g",
        transform=f"translate({dx:g} {dy:g}) scale({scale:g})",
        class_=f"emblem {dynasty(seat).name}",
    )
    for tag, paint, attrs in EMBLEMS[seat % len(EMBLEMS)]:
        colour = ink if paint.startswith("ink") else ground
        if paint.endswith("-line"):
            style = {
                "fill": "none",
                "stroke": colour,
                "stroke-width": "2.5",
                "stroke-linecap": "round",
            }
        else:
            style = {"fill": colour}
        el(group, tag, {**style, **attrs})
