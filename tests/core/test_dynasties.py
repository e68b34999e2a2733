"""The dynasties (``tigeuph.core.dynasties``): one symbol and one seat colour per seat, told apart
from each other and from the tile colours."""

from __future__ import annotations

import pytest

import tigeuph
from tigeuph import ArgumentError, ArgumentTypeError
from tigeuph.core.dynasties import DYNASTIES, dynasty
from tigeuph.tigris.describe.screen import board_markup, players_markup
from tigeuph.tigris.pictures.symbols import FILL


def test_four_dynasties_each_its_own() -> None:
    """The rulebook's four dynasties, each with its own name, letter and seat colour, none of
    them a tile's colour."""
    assert [d.name for d in DYNASTIES] == ["lion", "bull", "archer", "urn"]
    assert len({d.letter for d in DYNASTIES}) == len({d.colour for d in DYNASTIES}) == 4
    assert not {d.colour for d in DYNASTIES} & set(FILL)


def test_a_seat_names_its_dynasty() -> None:
    """Seat N plays the Nth dynasty, and a sentence names it with its seat."""
    for seat, found in enumerate(DYNASTIES):
        assert dynasty(seat) == found
        assert dynasty(seat).title(seat) == f"the {found.name} (seat {seat})"


@pytest.mark.parametrize("seat", [-1, True, "0", None, 1.0])
def test_no_dynasty_for_what_is_no_seat(seat: object) -> None:
    """A negative number or a value that is no int is refused with the library's errors."""
    with pytest.raises((ArgumentError, ArgumentTypeError)):
        dynasty(seat)  # type: ignore[arg-type]


def test_the_terminal_names_each_seat_by_its_dynasty_on_its_colour() -> None:
    """The terminal's score rows name each seat's dynasty on its seat colour, and its leaders
    stand on the same colour: the legend and the board agree."""
    state = tigeuph.new_game(3, seed=4)
    state = tigeuph.apply(state, tigeuph.parse_action("pass"))  # seat 1 to move
    rows = players_markup(state).splitlines()
    for seat in range(3):
        crest = dynasty(seat)
        assert f"[bold black on {crest.colour}]{crest.name:<6}[/]" in rows[seat]
    placed = next(a for a in tigeuph.legal_actions(state) if isinstance(a, tigeuph.PlaceLeader))
    board = board_markup(tigeuph.apply(state, placed))
    assert f"on {dynasty(1).colour}]" in board and f"on {dynasty(0).colour}]" not in board
