"""Short words about a position, shared by the pictures and the terminal game: whose turn it is,
the decision play waits for, how the game ended; and the board diagram of position notation,
which ``str(state)`` prints. The module sits beside the state, in its layer, and reads nothing
above it (``docs/architecture.rst``).

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> status(state)
'Seat 0 to play, 2 actions left; 131 tiles in the bag'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model.cells import COLUMN_LETTERS, Bitboard, Cell, cell, cell_name
from ..model.decisions import (
    BuildingChoice,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from ..model.pieces import COLOURS, Colour
from ..model.ranking import first_ranked, rank
from ..model.state import End, GameState

if TYPE_CHECKING:  # a view is read like a state; the views sit above this module
    from ..views import PlayerView

__all__ = [
    "LEGEND",
    "board_lines",
    "decision",
    "diagram",
    "ending",
    "status",
    "winners",
    "won_on_the_tie_break",
]

LEGEND = (
    "tiles r b g k, leaders R B G K + seat, $ treasure, # face down, x catastrophe, "
    "* unification, @ building, ~ river"
)
"""The one-line key to the board diagram of position notation."""

_ENDINGS = {End.TREASURES: "two treasures or fewer were left", End.BAG: "the bag ran out"}


def _name(colour: Colour) -> str:
    return colour.name.lower()


def decision(pending: Decision | None) -> str | None:
    """The pending decision in words, or ``None`` between actions: the one wording the status
    line, the pictures and :func:`tigeuph.explain` all use."""
    match pending:
        case None:
            return None
        case Revolt() | War():
            kind = pending.kind
            tiles = "red" if isinstance(pending, Revolt) else _name(pending.colour)
            role = "attacker" if pending.attacker_support is None else "defender"
            return (
                f"seat {pending.player} commits {tiles} tiles as the {role} in the "
                f"{_name(pending.colour)} {kind} of seat {pending.attacker} against seat "
                f"{pending.defender}"
            )
        case WarChoice():
            colours = " or ".join(_name(c) for c in pending.colours)
            return f"seat {pending.player} chooses the next war: {colours}"
        case MonumentChoice():
            squares = ", ".join(cell_name(c) for c in pending.corners)
            return f"seat {pending.player} builds a monument on the square at {squares} or declines"
        case TreasureChoice():
            return (
                f"seat {pending.player} takes a treasure from the kingdom of the trader on "
                f"{cell_name(pending.trader)}"
            )
        case BuildingChoice():
            cells = ", ".join(cell_name(c) for c in pending.cells)
            return (
                f"seat {pending.player} puts the {pending.colour.building} on one of {cells} "
                "or declines"
            )
        case WonderChoice():
            centres = ", ".join(cell_name(c) for c in pending.centres)
            return f"seat {pending.player} builds the wonder on the cross at {centres} or declines"
        case WonderPoint():
            return f"seat {pending.player} chooses the colour of the wonder's point"


def winners(pos: GameState | PlayerView) -> tuple[int, ...]:
    """The seats ranked first once the game is over (spec R27); nothing while it goes on."""
    if pos.ended is None or any(p is None for p in pos.points):
        return ()
    points = [p for p in pos.points if p is not None]
    return first_ranked(rank(points, pos.treasures_taken))


def ending(pos: GameState | PlayerView) -> str | None:
    """How the game ended and who won, or ``None`` while it goes on."""
    if pos.ended is None:
        return None
    first = winners(pos)
    seats = " and ".join(f"seat {s}" for s in first)
    how = " on the next colours up (R27)" if won_on_the_tie_break(pos) else ""
    return f"Game over: {_ENDINGS[pos.ended]}. Won by {seats}{how}."


def won_on_the_tie_break(pos: GameState | PlayerView) -> bool:
    """Whether a seat ranked below the winners has their score, and so lost on the next
    colours up (spec R27); ``False`` while the game goes on or a score is hidden."""
    first = winners(pos)
    if not first or any(p is None for p in pos.points):
        return False
    results = rank([p for p in pos.points if p is not None], pos.treasures_taken)
    best = results[first[0]].score
    return any(r.score == best for r in results if r.player not in first)


def status(pos: GameState | PlayerView) -> str:
    """One line on whose turn it is, or the decision awaited, or the end."""
    done = ending(pos)
    if done is not None:
        return done
    bag = len(pos.bag) if isinstance(pos, GameState) else pos.bag_size
    waiting = decision(pos.pending)
    if waiting is not None:
        return waiting[0].upper() + waiting[1:]
    left = f"{pos.actions_left} action{'s' * (pos.actions_left != 1)} left"
    return f"Seat {pos.active} to play, {left}; {bag} tiles in the bag"


def board_lines(state: GameState | PlayerView) -> Iterator[str]:
    """The board diagram of position notation (spec D1), line by line: the column letters, then
    one row of cell tokens per board row."""
    yield "     " + "  ".join(COLUMN_LETTERS[: state.rules.board.cols])
    leaders: dict[Cell, str] = {}
    for seat, row in enumerate(state.leaders):
        for colour, at in zip(COLOURS, row, strict=True):
            if at is not None:
                leaders[at] = f"{colour.letter.upper()}{seat}"
    river = state.rules.board.river
    for r in range(state.rules.board.rows):
        tokens = []
        for col in range(state.rules.board.cols):
            c = cell(r, col)
            token = leaders.get(c) or _token(state, c, river)
            tokens.append(f"{token:<2}")  # a three-letter token (r$@) shifts the row
        yield f"{r + 1:>2}   " + " ".join(tokens).rstrip()


def _token(state: GameState | PlayerView, c: Cell, river: Bitboard) -> str:
    treasure = "$" if state.treasures >> c & 1 else ""
    if state.catastrophes >> c & 1:
        return "x"
    if state.flipped >> c & 1:
        return "#" + treasure
    colour = next(
        (k for k, tiles in zip(COLOURS, state.tiles, strict=True) if tiles >> c & 1), None
    )
    if colour is not None:
        mark = "*" if c == state.unification else treasure
        return colour.letter + mark + ("@" if state.buildings[colour] == c else "")
    return "~" if river >> c & 1 else "."


def diagram(state: GameState) -> str:
    """The board diagram of position notation between the status line and :data:`LEGEND`: what
    ``str(state)`` prints."""
    board = "\n".join(board_lines(state))
    return f"{status(state)}\n\n{board}\n\n{LEGEND}"
