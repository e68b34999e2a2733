"""The casebook's boards: a case played step by step, and its pictures cropped to what it is about.

A case of the main game (:mod:`tigeuph.casebook`) is played here as the tests play it, and
every state it passes through is drawn: the position, then the board after each action, each
cropped to the same rectangle of the board (the cells the actions touch, the events tell of,
the checks name and the play changes, with a cell of margin around them), the cells each
action touches framed and its conflicts drawn. A refused action is drawn on the position it
is refused in.

Nothing here needs Sphinx, so that the tests can draw every casebook board and measure it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from attrs import frozen
from casebook_words import seat_name

import tigeuph
from tigeuph import GameState, svg
from tigeuph.casebook import Case
from tigeuph.core.events import Event
from tigeuph.tigris.events import ConflictBegun, ConflictResolved
from tigeuph.tigris.model.actions import Action
from tigeuph.tigris.model.cells import (
    Bitboard,
    Cell,
    cell,
    cell_col,
    cell_row,
    cells_of,
    neighbours,
)
from tigeuph.tigris.model.state import MonumentSite

__all__ = ["Board", "Step", "boards", "region", "steps"]

_MOST: Final = 0.7  # a crop covering more of the board than this shows it whole
_CELL: Final = re.compile(r"^[A-P](?:[1-9]|1[01])$")


@frozen
class Step:
    """One action of a case: who played it, the states around it and what it did."""

    action: Action
    seat: int | None
    before: GameState
    after: GameState
    events: tuple[Event, ...]
    refused: bool = False


@frozen
class Board:
    """One picture of a case's page, with its caption (plain text)."""

    caption: str
    picture: str


def steps(case: Case) -> list[Step]:
    """Every action of *case* in order, played from its position (the refused one, if the
    case expects a refusal, left unplayed)."""
    state = tigeuph.from_text(case.position)
    out = []
    for text in case.play:
        action = tigeuph.parse_action(text)
        if case.error is not None and len(out) == len(case.play) - 1:
            out.append(Step(action, state.to_move, state, state, (), refused=True))
            break
        after, events = tigeuph.transition(state, action)
        out.append(Step(action, state.to_move, state, after, events))
        state = after
    return out


def _monument_cells(sites: tuple[MonumentSite, ...]) -> Bitboard:
    mask = 0
    for site in sites:
        r, c = cell_row(site.corner), cell_col(site.corner)
        mask |= sum(1 << cell(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1))
    return mask


def _changed(a: GameState, b: GameState) -> Bitboard:
    """The cells whose contents differ between *a* and *b*."""
    mask = a.flipped ^ b.flipped | a.catastrophes ^ b.catastrophes | a.treasures ^ b.treasures
    for x, y in zip(a.tiles, b.tiles, strict=True):
        mask |= x ^ y
    for row_a, row_b in zip(a.leaders, b.leaders, strict=True):
        for x, y in zip(row_a, row_b, strict=True):
            if x != y:
                mask |= sum(1 << c for c in (x, y) if c is not None)
    for x, y in ((a.unification, b.unification), *zip(a.buildings, b.buildings, strict=True)):
        if x != y:
            mask |= sum(1 << c for c in (x, y) if c is not None)
    if a.monuments != b.monuments:
        mask |= _monument_cells(a.monuments) ^ _monument_cells(b.monuments)
    if a.wonder != b.wonder:
        for site in (a.wonder, b.wonder):
            if site is not None:
                mask |= 1 << site.centre | neighbours(1 << site.centre)
    return mask


def _named(line: str) -> Iterator[Cell]:
    """The cells an ``expect:`` line names: its cell names, and the cells of its actions."""
    for word in re.split(r"[\s=,/@]+", line):
        if _CELL.match(word):
            yield tigeuph.parse_cell(word)
        elif line.startswith("legal") and word not in ("legal", "has", "lacks"):
            try:
                yield from cells_of(svg.action_cells(tigeuph.parse_action(word)))
            except tigeuph.TigeuphError:
                continue


def _touched(step: Step) -> Bitboard:
    """The cells *step*'s action touches and its events tell of, but for the leaders and
    tiles of a conflict, which the pictures draw as the conflict's own."""
    mask = svg.action_cells(step.action)
    for event in step.events:
        if not isinstance(event, ConflictBegun | ConflictResolved):
            mask |= sum(1 << c for c in event.cells)
    return mask


def region(case: Case, played: list[Step]) -> Bitboard:
    """The cells *case* is about: those its actions touch and change, its events tell of and
    its checks name; none (the whole board) when the rectangle around them covers most of
    the board. The pictures crop to that rectangle, with a margin (``svg.CROP_MARGIN``)."""
    board = played[0].before.rules.board if played else tigeuph.from_text(case.position).rules.board
    mask = 0
    for step in played:
        mask |= svg.action_cells(step.action) | _changed(step.before, step.after)
        mask |= sum(1 << c for event in step.events for c in event.cells)
    for kind, text in case.steps:
        if kind == "expect":
            mask |= sum(1 << c for c in _named(text))
    mask &= board.cells
    rows = [cell_row(c) for c in cells_of(mask)] or [0]
    cols = [cell_col(c) for c in cells_of(mask)] or [0]
    high = min(max(rows) - min(rows) + 1 + 2 * svg.CROP_MARGIN, board.rows)
    wide = min(max(cols) - min(cols) + 1 + 2 * svg.CROP_MARGIN, board.cols)
    return 0 if high * wide > _MOST * board.rows * board.cols else mask


def boards(case: Case) -> list[Board]:
    """*case*'s pictures: its position, then the board after each action (or the refused
    action on the position it is refused in), cropped alike."""
    played = steps(case)
    crop = region(case, played)
    first = tigeuph.from_text(case.position)
    next_cells = _touched(played[0]) if played and not played[0].refused else 0
    caption = "The position"
    if played and not played[0].refused and next_cells:
        caption += f"; {played[0].action} will be played on the framed cells"
    out = [Board(caption, svg.board(first, size=None, crop=crop, highlight=next_cells))]
    if played and played[0].refused:
        out = []
    for number, step in enumerate(played, 1):
        who = "" if step.seat is None else f", by {seat_name(step.seat)}"
        if step.refused:
            caption = f"{number}. {step.action}{who}, is refused: the position stays as it is"
            picture = svg.board(
                step.before, size=None, crop=crop, highlight=svg.action_cells(step.action)
            )
        else:
            caption = f"After {number}. {step.action}{who}"
            picture = svg.board(
                step.after,
                size=None,
                crop=crop,
                lastmove=step.action,
                events=step.events,
                highlight=_touched(step),
                arrows=svg.leader_arrows(step.before, step.action),
            )
        out.append(Board(caption, picture))
    return out
