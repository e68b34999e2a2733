"""Conflicts drawn: the two leaders of a revolt or a war framed, their strengths beside them,
the kingdoms they fight for outlined (spec R15-R20).

A conflict is drawn while it waits for support (the position's pending decision) and in the
picture of the action that settled it (its :class:`~tigeuph.tigris.events.ConflictResolved` event):
then the winner is framed with his total, and the loser's leader is drawn as a ghost on the cell
he left, with his (:mod:`.happened` crosses out the tiles a lost war removed).

Nothing here hides a piece (issue 40): the kingdoms' outlines run under the pieces, a leader's
frame is corner brackets on his cell's edges, and his tag lies on free land or in the margin,
joined to him by a line under the pieces (:mod:`.tags`).

Every element drawn here has the class ``conflict`` first (``conflict frame``, ``conflict
strength``, ``conflict kingdom``, ``conflict fallen``, ``conflict leader-line``); what stands on
a cell carries ``data-cell``, and what belongs to a seat ``data-seat``.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.etree.ElementTree import Element

from attrs import frozen

from ...core.dynasties import dynasty
from ...core.events import Event
from ...core.svg.markup import el
from ...core.svg.symbols import INK
from ...core.svg.text import FONT, text_width
from ..events import ConflictResolved
from ..model.cells import STRIDE, Bitboard, Cell, cell_name, cells_of
from ..model.decisions import Conflict, Revolt
from ..model.pieces import Colour
from ..model.regions import region
from ..rules.conflicts import temple_count, war_side
from .layers import SQUARE, Position, cell_xy
from .marks import Box, brackets
from .symbols import COLOUR_NAMES, FILL
from .tags import TAG_HEIGHT, leader_line, place

__all__ = ["Fight", "draw_fights", "draw_kingdoms", "fights", "ghost"]


Side = tuple[int | None, Bitboard]
"""A kingdom to outline, and the seat whose side it is (``None``: a revolt's, both's)."""


@frozen
class Fight:
    """A conflict to draw: the leader on *cell* of *seat* with his *label* (``attack 3+4``,
    ``won 5``); *fallen*: his leader has just left that cell."""

    seat: int
    colour: Colour
    cell: Cell
    label: str
    fallen: bool = False


def fights(pos: Position, events: Iterable[Event] = ()) -> tuple[list[Fight], list[Bitboard]]:
    """The leaders to frame in *pos*, after the action that told *events*, and the kingdoms
    to outline, a mask per side (one for a revolt's kingdom)."""
    out: list[Fight] = []
    kingdoms: list[Side] = []
    for event in events:
        if isinstance(event, ConflictResolved):
            out += _resolved(pos, event)
    pending = pos.pending
    if isinstance(pending, Conflict):
        found = _pending(pos, pending)
        if found is not None:
            out += found[0]
            kingdoms += found[1]
    return out, [mask for _, mask in kingdoms]


def _resolved(pos: Position, event: ConflictResolved) -> list[Fight]:
    won = pos.leaders[event.winner][event.colour]
    out = [Fight(event.loser, event.colour, event.cell, f"lost {event.loser_strength}", True)]
    if won is not None:
        out.append(Fight(event.winner, event.colour, won, f"won {event.winner_strength}"))
    return out


def _occupied(pos: Position) -> Bitboard:
    """Cells that join regions: tiles of either face and leaders (spec R0)."""
    leaders = sum(1 << c for row in pos.leaders for c in row if c is not None)
    return pos.flipped | leaders | sum(pos.tiles)


def _pending(pos: Position, conflict: Conflict) -> tuple[list[Fight], list[Side]] | None:
    """The leaders and the kingdoms of *conflict*, waiting for support in *pos*."""
    attacker_at = pos.leaders[conflict.attacker][conflict.colour]
    defender_at = pos.leaders[conflict.defender][conflict.colour]
    if attacker_at is None or defender_at is None:
        return None
    occupied, u = _occupied(pos), pos.unification
    sides: list[Side]
    if isinstance(conflict, Revolt) or u is None:  # R15: temples beside each leader
        temples = pos.tiles[Colour.RED]
        attack, defence = temple_count(attacker_at, temples), temple_count(defender_at, temples)
        sides = [(None, region(1 << attacker_at, occupied))]
    else:  # R19: the war's colour on each side of the unification tile
        sides = [
            (conflict.attacker, war_side(attacker_at, occupied, u)),
            (conflict.defender, war_side(defender_at, occupied, u)),
        ]
        tiles = pos.tiles[conflict.colour]
        attack, defence = ((side & tiles).bit_count() for _, side in sides)
    support = conflict.attacker_support
    attack_label = f"attack {attack}" if support is None else f"attack {attack}+{support}"
    fighters = [
        Fight(conflict.attacker, conflict.colour, attacker_at, attack_label),
        Fight(conflict.defender, conflict.colour, defender_at, f"defend {defence}"),
    ]
    return fighters, sides


def draw_kingdoms(under: Element, pos: Position) -> None:
    """Outline the kingdoms of *pos*'s pending conflict in *under*, beneath the pieces: the
    outline shows on the land around them and in the gaps between their tiles."""
    pending = pos.pending
    found = _pending(pos, pending) if isinstance(pending, Conflict) else None
    if found is None:
        return
    group = el(under, "g", class_="conflict kingdoms")
    for seat, mask in found[1]:
        path = _outline(mask)
        colour = "#ffffff" if seat is None else dynasty(seat).colour
        data = {} if seat is None else {"data-seat": str(seat)}
        el(group, "path", d=path, fill="none", stroke=INK, stroke_width="10", class_="conflict")
        dash = {"stroke-dasharray": "8 5"} if seat is None else {}
        el(
            group,
            "path",
            {**data, **dash},
            d=path,
            fill="none",
            stroke=colour,
            stroke_width="6",
            stroke_linecap="square",
            class_="conflict kingdom",
        )


def _outline(mask: Bitboard) -> str:
    """The path along the edges between the cells of *mask* and the cells outside it (a
    cell's row neighbours are one apart, its column neighbours ``STRIDE``; the guard bit
    between rows is never in a mask)."""
    parts = []

    def inside(n: int) -> bool:
        return n >= 0 and bool(mask >> n & 1)

    for c in cells_of(mask):
        x, y = cell_xy(c)
        if not inside(c - 1):
            parts.append(f"M{x} {y}v{SQUARE}")
        if not inside(c + 1):
            parts.append(f"M{x + SQUARE} {y}v{SQUARE}")
        if not inside(c - STRIDE):
            parts.append(f"M{x} {y}h{SQUARE}")
        if not inside(c + STRIDE):
            parts.append(f"M{x} {y + SQUARE}h{SQUARE}")
    return "".join(parts)


def draw_fights(
    parent: Element, under: Element, fights: Iterable[Fight], box: Box, blocked: list[Box]
) -> None:
    """Frame each fighting leader, a ghost for one who fell, and write his label on a tag
    nearby, within *box* (the board shown) or its margin, covering nothing of *blocked*
    (the pieces and markers: :func:`.marks.obstacles`) nor the other tags; the tags' lines
    go in *under*."""
    fights = list(fights)
    if not fights:
        return
    group = el(parent, "g", class_="conflict leaders", font_family=FONT)
    taken: list[Box] = [_around(f.cell) for f in fights]
    for fight in fights:
        x, y = cell_xy(fight.cell)
        data = {"data-cell": cell_name(fight.cell), "data-seat": str(fight.seat)}
        kind = f"conflict {'fallen' if fight.fallen else 'frame'} {COLOUR_NAMES[fight.colour]}"
        ring = el(group, "g", data, class_=kind)
        if fight.fallen:  # the leader who has just left: a ghost in his colours
            ghost(ring, fight.cell, fight.colour, "conflict")
        # Brackets from the gap into the cell's corners, which the leader's disc leaves free.
        i, o = 1, SQUARE - 1
        corners = [(x + i, y + i), (x + o, y + i), (x + o, y + o), (x + i, y + o)]
        brackets(ring, corners, dynasty(fight.seat).colour, arm=9, width=5)
        taken.append(_badge(group, under, fight, data, box, blocked, taken))


def ghost(parent: Element, c: Cell, colour: Colour, kind: str) -> None:
    """A leader of *colour* who has just left cell *c*: a dashed ring in his colours inside
    the cell, which he left empty."""
    x, y = cell_xy(c)
    el(
        parent,
        "circle",
        cx=f"{x + SQUARE / 2:g}",
        cy=f"{y + SQUARE / 2:g}",
        r=str(SQUARE / 2 - 5),
        fill="#ffffff",
        fill_opacity="0.6",
        stroke=FILL[colour],
        stroke_width="3",
        stroke_dasharray="5 4",
        class_=kind,
    )


def _around(c: Cell) -> Box:
    x, y = cell_xy(c)
    return x, y, x + SQUARE, y + SQUARE


def _badge(
    parent: Element,
    under: Element,
    fight: Fight,
    data: dict[str, str],
    box: Box,
    blocked: list[Box],
    taken: list[Box],
) -> Box:
    """Write the label of *fight* on a tag in the seat's colour, on the nearest free spot
    (:func:`.tags.place`), joined to the leader by a line under the pieces."""
    size = 12
    wide = text_width(fight.label, size, bold=True) + 10
    target = _around(fight.cell)
    left, top, right, bottom = place(target, wide, box, blocked, taken)
    colour = dynasty(fight.seat).colour
    leader_line(under, (left, top, right, bottom), target, colour, **data)
    badge = el(parent, "g", data, class_="conflict strength")
    el(
        badge,
        "rect",
        x=f"{left:g}",
        y=f"{top:g}",
        width=f"{wide:g}",
        height=str(TAG_HEIGHT),
        rx="4",
        fill=colour,
        stroke=INK,
        stroke_width="1.5",
        class_="conflict",
    )
    text = el(
        badge,
        "text",
        x=f"{left + wide / 2:g}",
        y=f"{top + TAG_HEIGHT - 4.5:g}",
        font_size=str(size),
        font_weight="bold",
        text_anchor="middle",
        fill=INK,
        class_="conflict label",
    )
    text.text = fight.label
    return left, top, right, bottom
