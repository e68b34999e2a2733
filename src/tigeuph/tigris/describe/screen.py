"""What a player of the main game sees, for a terminal: the board in colour with the latest
actions marked, the players' panel, and the notation's help (the game interface's
``describe``, ``notation_help`` and ``action_kind``).

The colours are ``rich`` console markup written as plain strings, so that this module, beside
the state in its layer, imports no ``rich``: the terminal game (``tigeuph.terminal``) prints
them. Every cell is three characters wide and reads without colour too (the tokens of position
notation, monuments as ``m`` and a colour letter, the wonder as ``W``); colours only add to
them: tiles on their colour, rivers blue, the cells of the latest actions yellow. While a
revolt or a war waits for support, its two leaders are drawn with a ``!`` on magenta and the
kingdoms they fight for are underlined.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ...core.dynasties import dynasty
from ..model.actions import (
    Action,
    BuildMonument,
    BuildWonder,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
)
from ..model.cells import COLUMN_LETTERS, Bitboard, Cell, cell, cell_col, cell_row, from_cells
from ..model.decisions import Revolt, War
from ..model.pieces import COLOURS, Colour
from ..model.regions import region
from ..model.state import GameState
from .words import status, winners

if TYPE_CHECKING:  # a view is read like a state; the views sit above this module
    from ..views import PlayerView

__all__ = [
    "KINDS_BY_USE",
    "NOTATION_HELP",
    "action_cells",
    "action_kind",
    "board_markup",
    "conflict_cells",
    "describe_view",
    "notation_help",
    "players_markup",
]

_TILE: Final = (
    "bold white on red",
    "bold white on blue",
    "bold white on green",
    "bold white on grey23",
)
_INK: Final = ("bold #b02015", "bold #1f4fa0", "bold #1a7030", "bold #000000")
_LAND: Final = "#3b3222 on #d9c9a0"
_RIVER: Final = "#e0f0ff on #3f86c0"
_MARK: Final = "bold black on #ffd84a"
_FIGHTING: Final = "bold white on #a0207a"


def action_cells(action: Action | None) -> Bitboard:
    """The cells *action* puts something on or takes something from, to mark it as the last
    action: a tile's, leader's, catastrophe's, treasure's or building's cell, a monument's
    square, the wonder's cross. Other actions (pass, support...) name no cell.

    >>> from tigeuph import names, parse_action
    >>> names(action_cells(parse_action("mrkE5")))
    ['E5', 'F5', 'E6', 'F6']
    """
    match action:
        case PlaceTile(cell=c) | PlaceLeader(cell=c) | PlaceCatastrophe(cell=c):
            return 1 << c
        case TakeTreasure(cell=c) | PlaceBuilding(cell=c):
            return 1 << c
        case BuildMonument(corner=c):
            return _cells(c, ((0, 0), (0, 1), (1, 0), (1, 1)))
        case BuildWonder(centre=c):
            return _cells(c, _CROSS)
    return 0


_CROSS: Final = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))


def _cells(origin: Cell, steps: tuple[tuple[int, int], ...]) -> Bitboard:
    row, col = cell_row(origin), cell_col(origin)
    out = []
    for dr, dc in steps:
        try:
            out.append(cell(row + dr, col + dc))
        except ValueError:  # a cross at the board's edge: no such arm
            continue
    return from_cells(out)


def _escape(text: str) -> str:
    """*text* with its square brackets kept from reading as markup."""
    return text.replace("[", r"\[")


def _styled(text: str, style: str) -> str:
    return f"[{style}]{_escape(text)}[/]" if style else _escape(text)


def _leaders(pos: GameState | PlayerView) -> dict[Cell, tuple[int, Colour]]:
    return {
        at: (seat, colour)
        for seat, row in enumerate(pos.leaders)
        for colour, at in zip(COLOURS, row, strict=True)
        if at is not None
    }


def _monument_cells(pos: GameState | PlayerView) -> dict[Cell, Colour]:
    out: dict[Cell, Colour] = {}
    for site in pos.monuments:
        outer, inner = site.monument.colours
        row, col = cell_row(site.corner), cell_col(site.corner)
        for dr, dc, colour in ((0, 0, outer), (0, 1, inner), (1, 0, inner), (1, 1, outer)):
            out[cell(row + dr, col + dc)] = colour
    return out


def _wonder_mask(pos: GameState | PlayerView) -> Bitboard:
    return 0 if pos.wonder is None else _cells(pos.wonder.centre, _CROSS)


def conflict_cells(pos: GameState | PlayerView) -> tuple[Bitboard, Bitboard]:
    """The cells of the two leaders of the revolt or war waiting for support, and of the
    kingdoms they fight for (a revolt's one kingdom, R15; a war's two sides, without the
    unification tile, R19); nothing when no conflict waits.

    >>> import tigeuph
    >>> conflict_cells(tigeuph.new_game(2, seed=7))
    (0, 0)
    """
    conflict = pos.pending
    if not isinstance(conflict, Revolt | War):
        return 0, 0
    cells = [pos.leaders[conflict.attacker][conflict.colour]]
    cells.append(pos.leaders[conflict.defender][conflict.colour])
    leaders = from_cells(c for c in cells if c is not None)
    occupied = pos.flipped | from_cells(_leaders(pos))  # what joins regions (R0)
    for layer in pos.tiles:
        occupied |= layer
    if isinstance(conflict, War) and pos.unification is not None:
        occupied &= ~(1 << pos.unification)
    kingdoms = 0
    for c in cells:
        if c is not None:
            kingdoms |= region(1 << c, occupied)
    return leaders, kingdoms


def _cell(
    pos: GameState | PlayerView,
    c: Cell,
    leaders: dict[Cell, tuple[int, Colour]],
    monuments: dict[Cell, Colour],
    wonder: Bitboard,
    fighting: Bitboard,
) -> tuple[str, str]:
    """The cell's three characters and their style."""
    treasure = "$" if pos.treasures >> c & 1 else " "
    if c in leaders:
        seat, colour = leaders[c]
        if fighting >> c & 1:
            return f"{colour.letter.upper()}{seat}!", _FIGHTING
        # The seat's dynasty colour as the ground: whose leader it is, at a glance.
        return f"{colour.letter.upper()}{seat} ", f"{_INK[colour]} on {dynasty(seat).colour}"
    if pos.catastrophes >> c & 1:
        return " x ", "bold #ffb040 on #4a3a2c"
    if c in monuments:
        colour = monuments[c]
        return f"m{colour.letter}{treasure}", _TILE[colour]
    if wonder >> c & 1:
        return f" W{treasure}", "bold black on #e0c060"
    if pos.flipped >> c & 1:
        return f" #{treasure}", "black on #9a9080"
    for colour, layer in zip(COLOURS, pos.tiles, strict=True):
        if layer >> c & 1:
            mark = "*" if c == pos.unification else treasure
            if pos.buildings[colour] == c:
                return f"{colour.letter}{mark.strip()}@".ljust(3), _TILE[colour] + " underline"
            return f"{colour.letter}{mark} ", _TILE[colour]
    if pos.rules.board.river >> c & 1:
        return " ~ ", _RIVER
    return " . ", _LAND


def _marked(style: str) -> str:
    """*style* for a cell the latest actions touched: a tile keeps its colour and gets a yellow
    underlined letter; any other cell a yellow ground."""
    if style.startswith("bold white on "):
        return style.replace("bold white", "bold bright_yellow underline", 1)
    ink = style.split(" on ")[0]
    return f"{ink} on #ffd84a" if ink.startswith("bold #") else _MARK


def board_markup(pos: GameState | PlayerView, *, highlight: Bitboard = 0) -> str:
    """*pos*'s board in ``rich`` console markup, 3 characters a cell, the *highlight* cells
    marked, and the leaders and kingdoms of a conflict waiting for support
    (:func:`conflict_cells`): the column letters, then a line per row, each ending in a
    newline."""
    board = pos.rules.board
    leaders, monuments, wonder = _leaders(pos), _monument_cells(pos), _wonder_mask(pos)
    fighting, kingdoms = conflict_cells(pos)
    lines = ["    " + "".join(f" {COLUMN_LETTERS[col]} " for col in range(board.cols))]
    for row in range(board.rows):
        cells = []
        for col in range(board.cols):
            c = cell(row, col)
            text, style = _cell(pos, c, leaders, monuments, wonder, fighting)
            if highlight >> c & 1:
                style = _marked(style)
            if kingdoms >> c & 1 and not fighting >> c & 1:
                style += " underline"
            cells.append(_styled(text, style))
        lines.append(f"{row + 1:>3} " + "".join(cells))
    return "\n".join(lines) + "\n"


def players_markup(pos: GameState | PlayerView, names: Sequence[str] | None = None) -> str:
    """One line per seat (points, treasures, catastrophe tiles, hand) and the status line, in
    ``rich`` console markup; a :class:`~tigeuph.PlayerView` shows only what its player may see.
    Each seat is named with its dynasty on its seat colour, the ground of its leaders on the
    board (:mod:`tigeuph.core.dynasties`). *names* follow (``seat 1 bull greedy``)."""
    won = set(winners(pos))
    labels = [names[seat] if names and names[seat] else "" for seat in range(pos.players)]
    width = max(10, *(len(label) + 1 for label in labels))
    lines = []
    for seat in range(pos.players):
        to_move = seat == pos.to_move
        arrow = "*" if seat in won else ">" if to_move else " "
        style = "bold" if to_move or seat in won else ""
        crest = dynasty(seat)
        parts = [
            _styled(f"{arrow} seat {seat} ", style),
            _styled(f"{crest.name:<6}", f"bold black on {crest.colour}"),
            _styled(f" {labels[seat]:<{width}}", style),
        ]
        points = pos.points[seat]
        for colour in COLOURS:
            shown = "?" if points is None else str(points[colour])
            parts += [_styled(colour.letter, _TILE[colour]), f"{shown:<3}"]
        parts.append(
            f" treasures {pos.treasures_taken[seat]}  catastrophes {pos.catastrophe_tiles[seat]}  "
        )
        if isinstance(pos, GameState) or seat == pos.player:
            hand = pos.hands[seat] if isinstance(pos, GameState) else pos.hand
            parts.append("hand ")
            for colour in COLOURS:
                if hand[colour]:
                    parts += [_styled(colour.letter * hand[colour], _TILE[colour]), " "]
        else:
            parts.append(_styled(f"{pos.hand_sizes[seat]} tiles in hand", "dim"))
        lines.append("".join(parts))
    lines.append(_styled(status(pos), "bold"))
    return "\n".join(lines)


def describe_view(
    seen: GameState | PlayerView, *, last: Action | None = None, names: Sequence[str] | None = None
) -> str:
    """What *seen*'s player sees, in ``rich`` console markup (the terminal game's screen): the
    board in colour, every seat's points and hand as far as he may know them, and the status
    line. The cells of every action since the player's own last one are marked (what happened
    since he played; the terminal tells it in words below), or *last*'s when the view has no
    history; a full state is drawn whole, *last* marked. *names* follow the seats' numbers; a
    view's own seat is ``(you)`` when none are given."""
    history = () if isinstance(seen, GameState) else seen.history
    if names is None and not isinstance(seen, GameState):
        names = ["(you)" if seat == seen.player else "" for seat in range(seen.players)]
    marked = 0 if history else action_cells(last)
    if history:
        assert not isinstance(seen, GameState)
        mine = [i for i, entry in enumerate(history) if entry.player == seen.player]
        for entry in history[mine[-1] + 1 :] if mine else history:
            marked |= action_cells(entry.action)
    return board_markup(seen, highlight=marked) + "\n" + players_markup(seen, names)


# --- what a player types ---------------------------------------------------------------------

NOTATION_HELP: Final = """\
  rE5      put a red tile on E5 (r red, b blue, g green, k black)
  KE5      put your king on E5, or move him there (K king, R priest, B farmer, G trader)
  -K       withdraw your king
  xE5      put a catastrophe on E5
  ~rrg     exchange these tiles from your hand for new ones
  pass     end your turn
  +2       commit two tiles to a revolt or war (+0 for none)
  !k       fight the black war next
  mrkE5    build the red-black monument on the square from E5 (m- declines)
  $B2      take the treasure on B2
  @E5 @-   put your building on E5, or decline (variant)
  wE5 w-   build the wonder on the cross at E5, or decline (variant)
  *r       score the wonder's point in red (variant)"""
"""Action notation, one example a line, for a player's help."""

_KINDS: Final = {
    "+": "support",
    "!": "war order",
    "$": "treasure",
    "m": "monument",
    "@": "building",
    "w": "wonder",
    "*": "wonder point",
    "g": "green tile",
    "b": "blue tile",
    "k": "black tile",
    "r": "red tile",
    "B": "farmer",
    "G": "trader",
    "K": "king",
    "R": "priest",
    "x": "catastrophe",
    "~": "exchange",
    "-": "withdrawal",
}
"""The kinds of action by the first character of their notation, the kinds players use most
first (the greedy player's own moves over six games of two to four players: tiles, then
leaders, then catastrophes and exchanges; a decision's answers are alone when asked)."""

KINDS_BY_USE: Final = (*_KINDS.values(), "pass")
"""Every kind :func:`action_kind` names, the commonest first."""


def notation_help() -> str:
    """The main game's action notation for a player's help (:data:`NOTATION_HELP`)."""
    return NOTATION_HELP


def action_kind(action: Action) -> str:
    """*action*'s kind in a word or two, to sum up a list of legal actions: ``red tile``,
    ``king``, ``exchange``, ``support``, ``pass``.

    >>> from tigeuph import parse_action
    >>> action_kind(parse_action("rE5")), action_kind(parse_action("~rrg"))
    ('red tile', 'exchange')
    """
    text = str(action)
    return text if text == "pass" else _KINDS.get(text[0], text[0])
