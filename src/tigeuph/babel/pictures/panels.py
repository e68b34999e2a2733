"""The text and panels of a Babel picture (:mod:`tigeuph.babel.pictures`): the status line, each
player's panel (score, starting card, temple row, hand), the decks and the discard pile."""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

from ...core.dynasties import dynasty
from ...core.svg.markup import el
from ...core.svg.symbols import INK, Symbols
from ..describe import result_text
from ..engine import Outcome, outcome
from ..model.actions import Action
from ..model.cards import NATIONS
from ..model.state import BabelState, Side
from ..views import BabelView
from .marks import Marks
from .style import (
    HALVING,
    MARGIN,
    PANEL,
    QUIET,
    STATUS,
    STONE,
    STONE_EDGE,
    STONE_TOP,
    TO_MOVE,
    WIDTH,
    Position,
    box,
    chip,
    highlight,
    label,
)

__all__ = ["FOOTER", "draw_footer", "draw_panel", "draw_status"]

FOOTER: Final = 70
"""The height of the decks and discard pile under the panels."""


def _outcome(position: Position) -> Outcome | None:
    """The result of *position*'s game (spec B30, B31, B51), ``None`` while it goes on."""
    if not isinstance(position, BabelView):
        return outcome(position)
    # What outcome reads of a state (scores, hand sizes, who is active), a view shows too.
    sides = tuple(
        Side((size, 0, 0, 0, 0), s.pawn, s.starting, s.row, s.columns, s.temples)
        for size, s in zip(position.hand_sizes, position.sides, strict=True)
    )
    return outcome(BabelState((sides[0], sides[1]), active=position.active, end=position.end))


def _result(found: Outcome) -> str:
    return f"Game over: {result_text(found)}"


def _winners(position: Position) -> frozenset[int]:
    """The seats that won (both on a draw); none while the game goes on."""
    found = _outcome(position)
    if found is None:
        return frozenset()
    return frozenset((0, 1) if found.winner is None else (found.winner,))


def draw_status(root: Element, position: Position, last: Action | None, marks: Marks) -> None:
    """The top line: whose turn it is, the halving play waits for, or how the game ended; the
    last action under it."""
    group = el(root, "g", class_="status")
    found = _outcome(position)
    if found is not None:
        line = _result(found)
    elif position.pending is not None:
        halved = position.pending
        cards = f"{halved.count} card{'s' * (halved.count != 1)}"
        line = f"Turn {position.turn}: seat {halved.player} must discard {cards} (halving)"
        box(group, 8, 6, WIDTH - 16, STATUS - 10, "halving", rx="6", fill=HALVING)
    else:
        line = f"Turn {position.turn}: seat {position.active} to play"
        if position.migrated:
            line += " (he has migrated this turn)"
    if isinstance(position, BabelView):
        line = f"Seat {position.player}'s view. {line}"
    label(group, MARGIN, 24, line, 17, kind="status-line", bold=True, room=WIDTH - 2 * MARGIN)
    if last is not None:
        text = f"Last action: {marks.caption}"
        label(group, MARGIN, 43, text, 12, kind="last-action", room=WIDTH - 2 * MARGIN)


# A player's panel.


def draw_panel(
    root: Element, symbols: Symbols, position: Position, seat: int, y: float, marks: Marks
) -> None:
    """Seat *seat*'s panel from height *y*: his mark and name, score, starting card, temple
    row and hand."""
    panel = el(root, "g", class_=f"panel seat-{seat}", data_seat=str(seat))
    won = _winners(position)
    if seat == position.to_move or seat in won:
        box(panel, 8, y + 3, WIDTH - 16, PANEL - 6, "to-move", rx="6", fill=TO_MOVE)
    place = {"x": str(MARGIN), "y": f"{y + 14:g}", "width": "32", "height": "32"}
    el(panel, "use", {"xlink:href": f"#{symbols.dynasty(seat)}", **place}, class_="seat-mark")
    label(panel, 56, y + 29, f"Seat {seat}", 16, kind="seat-name", bold=True)
    notes = ["winner" if seat in won else "to move" if seat == position.to_move else ""]
    if isinstance(position, BabelView) and seat == position.player:
        notes.append("you")
    label(panel, 56, y + 45, dynasty(seat).name, 12, kind="seat-note", room=84)
    note = ", ".join(n for n in notes if n)
    if note:
        label(panel, 56, y + 59, note, 12, kind="seat-note", room=84)
    score = position.sides[seat]
    label(panel, 142, y + 20, "score", 11, kind="field-label", fill=QUIET)
    total = sum(t[-1] for t in score.temples if t)
    label(panel, 142, y + 50, str(total), 28, kind="score", bold=True).set("data-seat", str(seat))
    _starting(panel, score.starting, 196, y)
    _row(panel, seat, score.row, 252, y, seat in marks.rows)
    _hand(panel, position, seat, 472, y, seat in marks.hands)


def _temple_card(parent: Element, level: int, x: float, y: float, kind: str) -> None:
    box(parent, x, y, 22, 30, kind, rx="3", fill=STONE, stroke=STONE_EDGE, stroke_width="1.2")
    label(parent, x + 11, y + 20, str(level), 13, kind=f"{kind}-level", bold=True, anchor="middle")


def _starting(panel: Element, unbuilt: bool, x: float, y: float) -> None:
    label(panel, x, y + 20, "start", 11, kind="field-label", fill=QUIET)
    if unbuilt:
        _temple_card(panel, 1, x + 4, y + 26, "starting-card")
    else:
        label(panel, x, y + 46, "built", 12, kind="starting-built", fill=QUIET)


def _row(panel: Element, seat: int, row: tuple[int, ...], x: float, y: float, marked: bool) -> None:
    """The temple row, bottom card first: only the top card, at the right, may be taken
    (``#0`` builds from seat 0's row, spec B9)."""
    title = f"row #{seat}" + (f": {len(row)} cards, top at the right" if len(row) > 1 else "")
    label(panel, x, y + 20, title, 11, kind="field-label", fill=QUIET)
    room = 200.0
    step = min(18.0, (room - 22) / max(1, len(row) - 1)) if len(row) > 1 else 0.0
    if marked:
        highlight(panel, x, y + 26, step * max(0, len(row) - 1) + 22, 30)
    if not row:
        label(panel, x, y + 46, "empty", 12, kind="row-empty", fill=QUIET)
    for i, level in enumerate(row):
        top = i == len(row) - 1
        box(
            panel,
            x + i * step,
            y + 26,
            22,
            30,
            "row-card",
            rx="3",
            stroke=STONE_EDGE,
            fill=STONE_TOP if top else STONE,
            stroke_width="1.2",
        )
        middle = x + i * step + (11 if top else min(11, step / 2 + 0.5))
        label(
            panel,
            middle,
            y + 46,
            str(level),
            13 if top else min(12, step),
            bold=top,
            kind="row-card-level",
            anchor="middle",
        )


def _hand(panel: Element, position: Position, seat: int, x: float, y: float, mark: bool) -> None:
    """The hand: card by card in a state or the viewer's own, else a count (spec B28)."""
    if isinstance(position, BabelState):
        hand: tuple[int, ...] | None = position.sides[seat].hand
        size = sum(position.sides[seat].hand)
    else:
        hand = position.hand if seat == position.player else None
        size = position.hand_sizes[seat]
    pending = position.pending
    halved = pending is not None and pending.player == seat
    title = f"hand ({size} card{'s' * (size != 1)})"
    if pending is not None and halved:
        title += f": must discard {pending.count}"
    label(panel, x, y + 20, title, 11, kind="field-label", bold=halved, room=WIDTH - MARGIN - x)
    shown = [] if hand is None else [n for n in NATIONS if hand[n.index]]
    if mark:
        highlight(panel, x, y + 26, max(1, len(shown)) * 56 - 4 if hand else 150, 30)
    if hand is None:
        box(panel, x, y + 26, 22, 30, "card-back", rx="3", fill="#6b4f2a", stroke=INK)
        text = f"{size} card{'s' * (size != 1)}, unseen"
        label(panel, x + 30, y + 47, text, 13, kind="hand-count").set("data-seat", str(seat))
        return
    if not shown:
        label(panel, x, y + 47, "empty", 13, kind="hand-count", fill=QUIET)
    for i, nation in enumerate(shown):
        group = el(panel, "g", class_=f"hand-cards {nation.value}", data_seat=str(seat))
        chip(group, nation, x + i * 56, y + 26, 24, 30)
        count = label(
            group, x + i * 56 + 27, y + 47, f"\u00d7{hand[nation.index]}", 14, kind="hand-count-of"
        )
        count.set("data-count", str(hand[nation.index]))


def draw_footer(root: Element, position: Position, y: float, marks: Marks) -> None:
    """The people deck, the temple deck (both face down: sizes only) and the discard pile, its
    latest cards face up (spec B11, B28)."""
    footer = el(root, "g", class_="decks")
    if isinstance(position, BabelState):
        people, temples = len(position.people), len(position.temple_deck)
    else:
        people, temples = position.people_size, position.temple_size
    box(footer, MARGIN, y + 14, 28, 38, "people-deck", rx="3", fill="#6b4f2a", stroke=INK)
    label(footer, MARGIN + 36, y + 28, "people deck", 11, kind="field-label", fill=QUIET)
    label(footer, MARGIN + 36, y + 48, str(people), 18, kind="people-size", bold=True)
    x = MARGIN + 116
    box(footer, x, y + 14, 28, 38, "temple-deck", rx="3", fill=STONE_TOP, stroke=STONE_EDGE)
    label(footer, x + 36, y + 28, "temple deck", 11, kind="field-label", fill=QUIET)
    label(footer, x + 36, y + 48, str(temples), 18, kind="temple-size", bold=True)
    x += 124
    pile = position.discard
    shown = pile[-20:]
    if marks.discard:
        highlight(footer, x, y + 20, max(1, len(shown)) * 23 - 3, 28)
    text = f"discard pile of {len(pile)}, the latest at the right" if pile else "discard pile"
    text += f" (the last {len(shown)} shown)" if len(shown) < len(pile) else ""
    label(footer, x, y + 12, text, 11, kind="field-label", fill=QUIET, room=WIDTH - MARGIN - x)
    if not pile:
        label(footer, x, y + 40, "empty", 13, kind="discard-empty", fill=QUIET)
    for i, card in enumerate(shown):
        chip(footer, card, x + i * 23, y + 20, 20, 28)
