"""The casebook's cases as its pages show them (``docs/_ext/casebook_boards.py`` and
``casebook_words.py``, which need no Sphinx): every state of a case drawn, cropped alike to the
cells it concerns with each action's cells framed, every check worded as a sentence that names
the seats as the pictures draw them, and a title from the case's own description."""

from __future__ import annotations

import importlib
import re
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from helpers import scenario
from helpers.paths import DOCS

import tigeuph
from tigeuph import svg
from tigeuph.core.dynasties import dynasty
from tigeuph.tigris.model.cells import cell_name, cells_of

EXT = DOCS / "_ext"
CASES = [scenario.read(path) for path in scenario.all_scenarios()]


def _ext(name: str) -> Any:
    sys.path.insert(0, str(EXT))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(EXT))


BOARDS = _ext("casebook_boards")
WORDS = _ext("casebook_words")


def _coordinates(picture: str) -> tuple[list[str], list[str]]:
    """The column letters and row numbers a picture writes."""
    root = ET.fromstring(picture)
    group = next(n for n in root.iter() if n.get("class") == "coordinates")
    written = [n.text or "" for n in group]
    return [w for w in written if w.isalpha()], [w for w in written if w.isdigit()]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.name.rpartition("/")[2] for c in CASES])
def test_every_state_of_a_case_is_drawn_cropped_alike(case: scenario.Scenario) -> None:
    """A case shows its position and the board after each action (a refused action on the
    position it is refused in), all cropped to one rectangle that holds every cell the actions
    touch, each action's cells framed in its picture."""
    steps = BOARDS.steps(case)
    boards = BOARDS.boards(case)
    refused_first = bool(steps) and steps[0].refused
    assert len(boards) == len(steps) + (0 if refused_first else 1)
    shown = [_coordinates(board.picture) for board in boards]
    assert all(s == shown[0] for s in shown)
    columns, rows = shown[0]
    for step, board in zip(steps, boards[len(boards) - len(steps) :], strict=True):
        touched = {cell_name(c) for c in cells_of(svg.action_cells(step.action))}
        for name in touched:
            assert name[0] in columns and name[1:] in rows, (name, columns, rows)
        framed = {
            n.get("data-cell")
            for n in ET.fromstring(board.picture).iter()
            if n.get("class") == "highlight"
        }
        assert touched <= framed


def test_checks_are_sentences_naming_the_dynasties() -> None:
    """Every check of every case is worded as a sentence, and a check about a seat names it as
    its dynasty, as the pictures draw it."""
    for case in CASES:
        for kind, line in case.steps:
            if kind != "expect":
                continue
            words = WORDS.expectation(line)
            assert words and not words[0].islower() and words.endswith("."), (case.path, line)
            seat = re.match(r"(points|hand|treasures|leader|discarded|rank|score) (\d)", line)
            if seat is not None:
                assert dynasty(int(seat.group(2))).title(int(seat.group(2))) in words.lower()


def test_a_check_the_words_cannot_say_is_left_as_it_is() -> None:
    """A check of a kind the casebook has no words for gets none, rather than wrong ones."""
    assert WORDS.expectation("colour of the sky = blue") is None
    assert WORDS.expectation("points 0 = r1 b0 g0 k0") == (
        "The lion (seat 0) has 1 red point and no others."
    )


def test_a_title_comes_from_the_description() -> None:
    """A case's title is the beginning of its description, a line long at most."""
    for case in CASES:
        title = WORDS.case_title(case.title)
        assert 3 <= len(title) <= 81
        assert case.title.startswith(title.rstrip("…"))


def test_action_words_name_every_kind_of_action() -> None:
    """Every kind of action of a seeded game has its own words, not its notation."""
    state = tigeuph.new_game(2, seed=3)
    for action in tigeuph.legal_actions(state):
        assert WORDS.action_words(action) != str(action)
