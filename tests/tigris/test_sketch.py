"""Sketches (spec D7): positions drawn with only the cells that matter, completed into whole,
consistent positions through the public API."""

from __future__ import annotations

import random

import pytest
from helpers.paths import TEST_DATA

import tigeuph
from tigeuph import PositionError

EMPTY_ROWS = """\
 1   .  .  .  .  ~  ~  ~  ~  ~  .  .  .  ~  .  .  .
 2   .  .  .  .  ~  .  .  .  .  .  .  .  ~  .  .  .
 3   .  .  .  ~  ~  .  .  .  .  .  .  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  ~
 6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  .  .  .  .  ~  ~  ~  .
 8   .  .  .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  .  .
10   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
"""


def sketch_text(cells: dict[str, str], *extra: str, title: str = "tigeuph sketch") -> str:
    """A sketch on the standard board's bare terrain with *cells* drawn (``{"E5": "K0"}``)."""
    rows = [line.split() for line in EMPTY_ROWS.splitlines()]
    for name, token in cells.items():
        rows[int(name[1:]) - 1][ord(name[0]) - ord("A") + 1] = token
    grid = "\n".join(f"{row[0]:>2}   " + "  ".join(row[1:]) for row in rows)
    return "\n".join([title, "rules: players=2 board=standard", *extra, grid, ""])


KING_BY_TEMPLE = {"E5": "r", "F5": "K0", "I7": "r$"}


def test_a_sketch_fills_the_bag_and_sets_treasures_aside() -> None:
    """Tiles left out go to the bag and undrawn treasures are set aside for nobody (D7, R1)."""
    sketch = tigeuph.read_sketch(sketch_text(KING_BY_TEMPLE))
    state = sketch.state
    assert tigeuph.check_state(state) == []
    assert state.treasures_set_aside == 9
    assert sum(state.treasures_taken) == 0
    assert len(state.bag) == 153 - 2
    assert any("9 treasures set aside" in line for line in sketch.filled)
    assert "treasures set aside" in str(sketch)


def test_the_same_text_as_a_position_is_refused() -> None:
    """Without the sketch title the treasures must add up, as in any position (R1-R3)."""
    with pytest.raises(PositionError, match="treasures on the board"):
        tigeuph.from_text(sketch_text(KING_BY_TEMPLE, title="tigeuph position"))
    assert tigeuph.read_sketch(sketch_text(KING_BY_TEMPLE, title="tigeuph position")).filled


def test_from_text_reads_a_sketch_by_its_title() -> None:
    """``from_text`` completes a text titled ``tigeuph sketch`` as ``read_sketch`` does (D7)."""
    text = sketch_text(KING_BY_TEMPLE)
    assert tigeuph.from_text(text) == tigeuph.read_sketch(text).state


def test_a_completed_sketch_round_trips_as_a_position() -> None:
    """The completed state is an ordinary position: text, JSON, views and samples keep the
    set-aside treasures (D7, R4)."""
    state = tigeuph.read_sketch(sketch_text(KING_BY_TEMPLE)).state
    text = tigeuph.to_text(state)
    assert text.startswith("tigeuph position\n") and "treasures-set-aside: 9" in text
    assert tigeuph.from_text(text) == state
    assert tigeuph.state_from_json(tigeuph.state_to_json(state)) == state
    seen = tigeuph.view(state, 1)
    assert seen.treasures_set_aside == 9
    assert tigeuph.view_from_json(tigeuph.view_to_json(seen)) == seen
    sampled = tigeuph.sample_state(seen, random.Random(3))
    assert sampled.treasures_set_aside == 9 and tigeuph.check_state(sampled) == []


def test_the_removed_tiles_absorb_the_difference_when_the_bag_is_given() -> None:
    """With a ``bag`` line and no ``removed`` line, tiles found nowhere else were removed (D7)."""
    sketch = tigeuph.read_sketch(sketch_text(KING_BY_TEMPLE, "bag: rrbk"))
    assert sketch.state.bag == "rrbk"
    assert sketch.state.removed == (57 - 2 - 2, 36 - 1, 30, 30 - 1)
    assert any(line.startswith("removed in the open") for line in sketch.filled)


def test_drawn_catastrophes_come_from_players_who_did_not_say() -> None:
    """Catastrophes drawn are taken from the supplies of seats whose count is not written,
    seat 0 first (D7, R14)."""
    two = {**KING_BY_TEMPLE, "A1": "x", "B1": "x"}
    assert tigeuph.read_sketch(sketch_text(two)).state.catastrophe_tiles == (0, 2)
    state = tigeuph.read_sketch(sketch_text(two, "player 0: catastrophes=2")).state
    assert state.catastrophe_tiles == (2, 0)
    three = {**two, "C1": "x"}
    assert tigeuph.read_sketch(sketch_text(three)).state.catastrophe_tiles == (0, 1)
    with pytest.raises(PositionError, match="catastrophes"):
        tigeuph.read_sketch(sketch_text(three, "player 1: catastrophes=2"))


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        ({"E5": "r", "F5": "K0", "G5": "r", "H5": "K1"}, "R15"),
        ({"E3": "r", "F5": "K0", "E5": "r", "I7": "r$"}, "E3"),
        ({"E5": "r$", "F5": "K0"}, "not on a starting temple"),
        ({"F5": "K0"}, "red tile"),
    ],
    ids=["two-kings-in-a-kingdom", "red-tile-on-the-river", "treasure-off-a-temple", "no-temple"],
)
def test_a_sketch_still_refuses_what_no_game_could_hold(cells: dict[str, str], words: str) -> None:
    """Completion never makes an impossible board possible (D7)."""
    with pytest.raises(PositionError, match=words):
        tigeuph.read_sketch(sketch_text(cells))


def test_two_traders_can_never_owe_at_once() -> None:
    """A position in which a war would leave two traders owing treasures is refused: before the
    unification tile each trader's kingdom already held two (R25). So one action makes at most
    one trader owe, and D2's order decides among one kingdom's choices only."""
    text = (TEST_DATA / "two-traders-owing-sketch.txt").read_text()
    with pytest.raises(PositionError) as refused:
        tigeuph.read_sketch(text)
    assert str(refused.value).count("[R25]") == 2
