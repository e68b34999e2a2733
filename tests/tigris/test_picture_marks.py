"""No mark hides a piece, and the board tells what the last action took off it (issue 40).

The measure (:mod:`helpers.coverage`) reads each picture's geometry: for every piece (tile,
building, catastrophe, leader, monument, the wonder), the share of its area under the marks
drawn after it (highlight frames, arrows, a conflict's frames, tags and ghosts, what an
action did, the aids)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import scenario
from helpers.coverage import coverage, mark_boxes, worst
from helpers.pictures import casebook, gallery
from helpers.svg import SVG, parse

import tigeuph
from tigeuph import svg
from tigeuph.tigris.events import CatastropheFell, LeaderReturned

LIMIT = 0.05
"""The most of a piece any mark may cover."""


@pytest.mark.slow
@pytest.mark.parametrize("source", [gallery, casebook])
def test_no_mark_covers_more_than_a_sliver_of_any_piece(source: Any) -> None:
    """In every picture the documentation shows (the gallery, every casebook board: pending
    and settled conflicts, catastrophes, monuments, the wonder, the end), the marks together
    cover at most 5% of any piece."""
    pictures = {name: p for name, p in source().items() if not name.startswith("babel")}
    assert pictures
    found = {
        name: [(piece, round(share, 3)) for piece, share in coverage(p) if share > LIMIT]
        for name, p in pictures.items()
    }
    assert {name: pieces for name, pieces in found.items() if pieces} == {}
    tagged = [p for p in pictures.values() if mark_boxes(p, "conflict strength")]
    assert tagged or source is not gallery, "the gallery shows conflicts with their tags"


def test_the_measure_sees_a_mark_laid_over_a_piece() -> None:
    """The measure is not blind: a tag laid on a tile, a frame around a leader's disc and an
    arrow across the board are each found covering their pieces."""
    state = tigeuph.new_game(2, seed=7)
    picture = svg.board(state)
    x, y = svg.cell_xy(tigeuph.parse_cell("K1"))  # a red tile
    tag = (
        f'<g class="conflict strength"><rect x="{x}" y="{y + 10}" width="40" height="17"/></g>'
        "</svg>"
    )
    assert worst(picture) == 0
    covered = dict(coverage(picture.replace("</svg>", tag)))
    assert covered["tile red K1"] > 0.3
    arrow = '<polygon class="arrow" points="0,0 700,700 700,690 10,0"/></svg>'
    assert worst(picture.replace("</svg>", arrow)) > LIMIT


def _step(name: str) -> tuple[tigeuph.GameState, tigeuph.Action, tigeuph.GameState, Any]:
    case = scenario.read(scenario.SCENARIOS / name)
    state = tigeuph.from_text(case.position)
    for text in case.play:
        action = tigeuph.parse_action(text)
        after, events = tigeuph.transition(state, action)
        if any(isinstance(e, CatastropheFell | LeaderReturned) for e in events):
            return state, action, after, events
        state = after
    raise AssertionError(f"{name} sends no leader home")


def _marks(picture: str, kind: str) -> list[str]:
    return [
        n.get("data-cell", "")
        for n in parse(picture).iter()
        if n.tag == f"{SVG}g" and n.get("class", "") == kind
    ]


def test_a_catastrophe_leaves_a_ghost_and_its_destroyed_tile() -> None:
    """Given the state before (or the events), the picture after a catastrophe draws a ghost
    on the cell of each leader it sent home and marks the tile it destroyed; without them,
    neither."""
    before, action, after, events = _step("catastrophes/catastrophe-strands-a-leader.txt")
    returned = [e for e in events if isinstance(e, LeaderReturned)]
    fell = next(e for e in events if isinstance(e, CatastropheFell))
    assert returned and fell.destroyed is not None
    for picture in (
        svg.board(after, lastmove=action, before=before),
        svg.board(after, lastmove=action, events=events),
        svg.board(tigeuph.view(after, 1), lastmove=action, before=before),
    ):
        assert _marks(picture, "happened returned") == [tigeuph.cell_name(e.cell) for e in returned]
        assert _marks(picture, "happened destroyed") == [tigeuph.cell_name(fell.cell)]
        assert worst(picture) <= LIMIT
    alone = svg.board(after, lastmove=action)
    assert _marks(alone, "happened returned") == _marks(alone, "happened destroyed") == []


def test_a_monument_that_strands_a_leader_leaves_his_ghost() -> None:
    """A monument that flips the last temple beside a leader sends him home: his ghost
    stands on his cell in the picture of that action."""
    before, action, after, events = _step("monuments/rulebook-monument-withdraws-a-leader.txt")
    returned = [tigeuph.cell_name(e.cell) for e in events if isinstance(e, LeaderReturned)]
    assert returned
    assert _marks(svg.board(after, lastmove=action, before=before), "happened returned") == (
        returned
    )
