"""The table of a Babel picture (:mod:`tigeuph.babel.pictures`): the band of locations with the
pawns, and each player's temples and columns."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ...core.svg.markup import el
from ...core.svg.symbols import INK, Symbols
from ..model.cards import NATIONS, Nation
from ..rules import runs
from .marks import Marks
from .style import (
    BAND,
    CARD,
    CARD_W,
    LEVEL,
    LOCATION_X,
    NATION_FILL,
    NATION_INK,
    QUARRY_W,
    QUARRY_X,
    QUIET,
    STONE,
    STONE_EDGE,
    STONE_TOP,
    TEMPLE,
    TILE_W,
    WIDTH,
    Position,
    box,
    highlight,
    label,
)

__all__ = ["column_height", "draw_band", "draw_column", "draw_temple"]


def draw_band(
    root: Element, symbols: Symbols, position: Position, y: float, top: int, marks: Marks
) -> None:
    """The quarry and the five locations across the middle, each with the pawns on it: the
    upper pawn is the upper half's player's."""
    band = el(root, "g", class_="band")
    box(band, 8, y + 4, WIDTH - 16, BAND - 8, "band-ground", rx="8", fill="#efe3c6")
    box(
        band,
        QUARRY_X,
        y + 10,
        QUARRY_W - 8,
        BAND - 20,
        "quarry",
        rx="6",
        fill="#b9ab90",
        stroke=INK,
        stroke_width="1",
    )
    label(band, QUARRY_X + 6, y + 30, "Quarry", 13, kind="location-name", bold=True, room=56)
    for nation in NATIONS:
        x = LOCATION_X[nation.index]
        spot = el(band, "g", class_=f"location {nation.value}", data_location=nation.value)
        left = x - TILE_W / 2
        if nation in marks.locations:
            highlight(spot, left, y + 10, TILE_W, BAND - 20)
        box(
            spot,
            left,
            y + 10,
            TILE_W,
            BAND - 20,
            "location-tile",
            rx="6",
            fill=NATION_FILL[nation],
            stroke=INK,
            stroke_width="1",
        )
        ink = NATION_INK[nation]
        label(
            spot,
            left + 24,
            y + 47,
            nation.value,
            30,
            kind="location-letter",
            bold=True,
            anchor="middle",
            fill=ink,
        )
        label(
            spot,
            left + 7,
            y + 64,
            nation.name.title(),
            11,
            kind="location-name",
            fill=ink,
            room=TILE_W - 42,
        )
    for seat, dy in ((top, 12), (1 - top, 42)):
        at = position.sides[seat].pawn
        left = QUARRY_X + QUARRY_W - 40 if at is None else LOCATION_X[at.index] + TILE_W / 2 - 32
        place = {"x": f"{left:g}", "y": f"{y + dy:g}", "width": "26", "height": "26"}
        el(
            band,
            "use",
            {"xlink:href": f"#{symbols.dynasty(seat)}", **place},
            class_=f"pawn seat-{seat}",
            data_seat=str(seat),
            data_location="quarry" if at is None else at.value,
        )


def column_height(position: Position, seat: int) -> int:
    """The height of *seat*'s half's column area: room for his longest column."""
    longest = max(len(column) for column in position.sides[seat].columns)
    return max(4, longest) * CARD + 10


def draw_temple(
    spot: Element,
    temple: tuple[int, ...],
    x: float,
    y: float,
    seat: int,
    nation: Nation,
    marks: Marks,
) -> None:
    """A temple as stacked levels, each card a block at its level (levels may be skipped,
    spec B22, B25), over the outline of the six it may reach."""
    base = y + TEMPLE - 7
    group = el(spot, "g", class_="temple", data_seat=str(seat), data_location=nation.value)
    if (seat, nation) in marks.temples:
        highlight(group, x - CARD_W / 2, base - 6 * LEVEL, CARD_W, 6 * LEVEL)
    for level in range(1, 7):
        w = CARD_W - (level - 1) * 14
        top = base - level * LEVEL
        if level in temple:
            fill = STONE_TOP if level == temple[-1] else STONE
            box(
                group,
                x - w / 2,
                top,
                w,
                LEVEL,
                "temple-block",
                fill=fill,
                stroke=STONE_EDGE,
                stroke_width="1",
                data_level=str(level),
            )
            label(
                group,
                x,
                top + LEVEL - 2.5,
                str(level),
                10.5,
                kind="temple-level",
                bold=level == temple[-1],
                anchor="middle",
            )
        else:
            box(
                group,
                x - w / 2,
                top,
                w,
                LEVEL,
                "temple-slot",
                fill="none",
                stroke="#dccfb0",
                stroke_width="0.8",
                stroke_dasharray="3 2",
            )
    if not temple:
        label(
            group,
            x,
            base - 2 * LEVEL - 2,
            "no temple",
            11,
            kind="temple-empty",
            anchor="middle",
            fill=QUIET,
        )


def draw_column(
    spot: Element,
    column: tuple[Nation, ...],
    x: float,
    y: float,
    height: float,
    seat: int,
    nation: Nation,
    upward: bool,
    marks: Marks,
    indices: bool,
) -> None:
    """A column of people cards, head (index 0) next to the temple; each card shows its
    nation's letter and name, and with *indices* its index (as the action notation counts,
    spec B19); a bar marks each run of three or more."""
    group = el(spot, "g", class_="column", data_seat=str(seat), data_location=nation.value)

    def card_y(i: int) -> float:
        return y + height - 4 - (i + 1) * CARD if upward else y + 4 + i * CARD

    left = x - CARD_W / 2
    if (seat, nation) in marks.columns and column:
        ends = card_y(0), card_y(len(column) - 1)
        highlight(group, left, min(ends), CARD_W, abs(ends[0] - ends[1]) + CARD - 2)
    for i in range(len(column)):
        if (seat, nation, i) in marks.cards:
            highlight(group, left, card_y(i), CARD_W, CARD - 2)
    for i, card in enumerate(column):
        cy = card_y(i)
        one = el(group, "g", class_=f"card {card.value}", data_index=str(i))
        box(
            one,
            left,
            cy,
            CARD_W,
            CARD - 2,
            "card-face",
            rx="3",
            fill=NATION_FILL[card],
            stroke=INK,
            stroke_width="0.6",
        )
        ink = NATION_INK[card]
        if indices:
            label(
                one, left + 12, cy + 11.5, str(i), 9, kind="card-index", anchor="middle", fill=ink
            )
        label(
            one,
            left + 30,
            cy + 12,
            card.value,
            12,
            kind="card-letter",
            bold=True,
            anchor="middle",
            fill=ink,
        )
        name = card.name.title()
        label(one, left + 42, cy + 11.5, name, 10, kind="card-name", fill=ink, room=CARD_W - 46)
    if not column:
        middle = y + height - 14 if upward else y + 16
        label(group, x, middle, "no people", 11, kind="column-empty", anchor="middle", fill=QUIET)
    for run in runs(column):
        ends = card_y(run.start), card_y(run.start + run.length - 1)
        top, bottom = min(ends) + 2, max(ends) + CARD - 4
        bar = left + CARD_W + 4
        el(
            group,
            "path",
            d=f"M{bar - 3:g} {top:g}H{bar:g}V{bottom:g}H{bar - 3:g}",
            fill="none",
            stroke=INK,
            stroke_width="1.6",
            class_="run",
        )
