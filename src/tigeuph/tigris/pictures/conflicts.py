"""Conflicts drawn: the two leaders of a revolt or a war framed, their strengths beside them,
the kingdoms they fight for outlined (spec R15-R20).

A conflict is drawn while it waits for support (the position's pending decision) and in the
picture of the action that settled it (its :class:`~tigeuph.tigris.events.ConflictResolved` event):
then the winner is framed with his total, the loser's leader is drawn as a ghost on the cell he
left, with his, and the tiles a lost war removed are drawn as crossed-out ghosts.

Every element drawn here has the class ``conflict`` first (``conflict frame``, ``conflict
strength``, ``conflict kingdom``, ``conflict fallen``, ``conflict removed``); what stands on a
cell carries ``data-cell``, and what belongs to a seat ``data-seat``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final
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
from .layers import LEADER, SQUARE, Position, cell_xy
from .symbols import COLOUR_NAMES, FILL, UNIFICATION_OVERHANG

__all__ = ["Fight", "draw_fights", "draw_kingdoms", "fights"]

_BADGE: Final = 17  # a strength badge's height
_FRAME: Final = LEADER / 2 + 4  # a framed leader's ring radius


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


def draw_kingdoms(parent: Element, pos: Position, events: Iterable[Event] = ()) -> None:
    """Outline the kingdoms of *pos*'s pending conflict (drawn under the leaders), and the
    tiles a war settled by *events* removed."""
    pending = pos.pending
    found = _pending(pos, pending) if isinstance(pending, Conflict) else None
    settled = [e for e in events if isinstance(e, ConflictResolved)]
    if found is None and not any(e.removed for e in settled):
        return
    group = el(parent, "g", class_="conflict kingdoms")
    if found is not None:
        for seat, mask in found[1]:
            path = _outline(mask)
            colour = "#ffffff" if seat is None else dynasty(seat).colour
            data = {} if seat is None else {"data-seat": str(seat)}
            el(group, "path", d=path, fill="none", stroke=INK, stroke_width="7", class_="conflict")
            dash = {"stroke-dasharray": "8 5"} if seat is None else {}
            el(
                group,
                "path",
                {**data, **dash},
                d=path,
                fill="none",
                stroke=colour,
                stroke_width="4",
                stroke_linecap="square",
                class_="conflict kingdom",
            )
    for event in settled:
        for c in event.removed:
            _removed(group, c, event.colour)


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


def _removed(parent: Element, c: Cell, colour: Colour) -> None:
    x, y = cell_xy(c)
    group = el(parent, "g", class_="conflict removed", data_cell=cell_name(c))
    el(
        group,
        "rect",
        x=str(x + 3),
        y=str(y + 3),
        width=str(SQUARE - 6),
        height=str(SQUARE - 6),
        rx="4",
        fill="#ffffff",
        fill_opacity="0.55",
        stroke=FILL[colour],
        stroke_width="2.5",
        stroke_dasharray="4 3",
        class_="conflict",
    )
    el(
        group,
        "path",
        d=f"M{x + 11} {y + 11}l18 18m0 -18l-18 18",
        stroke=FILL[colour],
        stroke_width="3",
        stroke_linecap="round",
        class_="conflict",
    )


Box = tuple[float, float, float, float]
"""A rectangle: left, top, right, bottom."""


def draw_fights(parent: Element, fights: Iterable[Fight], box: Box, avoid: Iterable[Cell]) -> None:
    """Frame each fighting leader and write his label beside him, within *box* (the board
    shown), keeping the labels off each other, off the framed leaders and off the cells of
    *avoid* (the unification marker)."""
    fights = list(fights)
    if not fights:
        return
    group = el(parent, "g", class_="conflict leaders", font_family=FONT)
    taken = [_around(f.cell, _FRAME - SQUARE / 2) for f in fights]
    taken += [_around(c, UNIFICATION_OVERHANG) for c in avoid]
    for fight in fights:
        x, y = cell_xy(fight.cell)
        cx, cy = x + SQUARE / 2, y + SQUARE / 2
        data = {"data-cell": cell_name(fight.cell), "data-seat": str(fight.seat)}
        kind = f"conflict {'fallen' if fight.fallen else 'frame'} {COLOUR_NAMES[fight.colour]}"
        ring = el(group, "g", data, class_=kind)
        if fight.fallen:  # the leader who has just left: a ghost in his colours
            el(
                ring,
                "circle",
                cx=f"{cx:g}",
                cy=f"{cy:g}",
                r=str(LEADER / 2 - 3),
                fill="#ffffff",
                fill_opacity="0.6",
                stroke=FILL[fight.colour],
                stroke_width="3",
                stroke_dasharray="5 4",
                class_="conflict",
            )
        for stroke, line in ((INK, "7"), ("#ffffff", "3")):
            dash = {"stroke-dasharray": "6 4"} if fight.fallen and stroke != INK else {}
            el(
                ring,
                "circle",
                dash,
                cx=f"{cx:g}",
                cy=f"{cy:g}",
                r=f"{_FRAME:g}",
                fill="none",
                stroke=stroke,
                stroke_width=line,
                class_="conflict",
            )
        taken.append(_badge(group, fight, data, box, taken))


def _around(c: Cell, out: float) -> Box:
    x, y = cell_xy(c)
    return x - out, y - out, x + SQUARE + out, y + SQUARE + out


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _badge(parent: Element, fight: Fight, data: dict[str, str], box: Box, taken: list[Box]) -> Box:
    """Write the label of *fight* on a tag in the seat's colour, beside the leader: above him,
    or below, right or left, the first place within *box* that overlaps nothing *taken*."""
    size = 12
    wide = text_width(fight.label, size, bold=True) + 10
    x, y = cell_xy(fight.cell)
    cx, cy = x + SQUARE / 2, y + SQUARE / 2
    gap = _FRAME + 2
    places = [
        (cx - wide / 2, cy - gap - _BADGE),
        (cx - wide / 2, cy + gap),
        (cx + gap, cy - _BADGE / 2),
        (cx - gap - wide, cy - _BADGE / 2),
    ]
    inside = [
        (min(max(left, box[0] + 2), box[2] - wide - 2), top)
        for left, top in places
        if box[1] + 2 <= top <= box[3] - _BADGE - 2
    ] or [(min(max(cx - wide / 2, box[0] + 2), box[2] - wide - 2), cy - _BADGE / 2)]
    free = [
        (left, top)
        for left, top in inside
        if not any(_overlaps((left, top, left + wide, top + _BADGE), t) for t in taken)
    ]
    left, top = (free or inside)[0]
    badge = el(parent, "g", data, class_="conflict strength")
    el(
        badge,
        "rect",
        x=f"{left:g}",
        y=f"{top:g}",
        width=f"{wide:g}",
        height=str(_BADGE),
        rx="4",
        fill=dynasty(fight.seat).colour,
        stroke=INK,
        stroke_width="1.5",
        class_="conflict",
    )
    text = el(
        badge,
        "text",
        x=f"{left + wide / 2:g}",
        y=f"{top + _BADGE - 4.5:g}",
        font_size=str(size),
        font_weight="bold",
        text_anchor="middle",
        fill=INK,
        class_="conflict label",
    )
    text.text = fight.label
    return left, top, left + wide, top + _BADGE
