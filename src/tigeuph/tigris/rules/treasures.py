"""Treasures: which trader's owner must take which treasures (spec R25)."""

from __future__ import annotations

from ..model.cells import Bitboard, Cell
from ..model.decisions import TreasureChoice
from ..model.pieces import GREEN
from ..model.reads import Position
from ..model.state import GameState
from ..model.work import Work

__all__ = [
    "next_treasure_choice",
    "take_treasure",
    "takeable",
    "takeable_now",
    "treasure_problem",
]


def takeable(kingdom: Bitboard, treasures: Bitboard, special: Bitboard) -> Bitboard:
    """Treasures that the trader's owner in *kingdom* may take now (spec R25).

    None unless the kingdom holds two or more; the special treasures among them first.

    >>> from tigeuph.tigris.model.cells import mask, names
    >>> names(takeable(mask("A1", "A2", "A3"), mask("A1", "A3"), mask("A3")))
    ['A3']

    Contracts (PEP 316, checked by CrossHair in CI): only treasures of the kingdom; none when it
    holds fewer than two, some when it holds two or more; never an ordinary treasure while a
    special one is there. Masks are bounded to the 187 bits of the board layout.

    pre: 0 <= kingdom < 1 << 187 and 0 <= treasures < 1 << 187 and 0 <= special < 1 << 187
    post: __return__ & ~(kingdom & treasures) == 0
    post: (__return__ != 0) == ((kingdom & treasures).bit_count() >= 2)
    post: __return__ & ~special == 0 or kingdom & treasures & special == 0
    """
    here = kingdom & treasures
    if here & (here - 1) == 0:  # fewer than two
        return 0
    return here & special or here


def takeable_now(state: GameState, trader: Cell) -> Bitboard:
    """The treasures the owner of the trader on *trader* may take now (spec R25)."""
    kingdom = state.analysis().kingdom_at(trader)
    return takeable(kingdom, state.treasures, state.rules.board.special)


_RICH: dict[Cell, tuple[Bitboard, Bitboard, bool]] = {}
"""By a trader's cell: its kingdom, the treasures on the board, and whether that kingdom held
two of them, as last counted (a kingdom in the analysis that holds the cell is its kingdom)."""


def next_treasure_choice(pos: Position) -> TreasureChoice | None:
    """The next trader's owner who must take a treasure, clockwise from the active player."""
    # Most of the time no kingdom with a trader holds two treasures, and the traders' kingdoms
    # are those of the last action: what each held is looked up in _RICH before it is counted.
    treasures = pos.treasures
    a = pos.analysis()
    for row in pos.leaders:
        c = row[GREEN]
        if c is None:
            continue
        known = _RICH.get(c)
        if known is not None and known[1] == treasures and known[0] in a.kingdoms:
            rich = known[2]
        else:
            kingdom = a.kingdom_at(c)
            here = kingdom & treasures
            rich = here & (here - 1) != 0
            _RICH[c] = (kingdom, treasures, rich)
        if rich:
            break
    else:
        return None
    special = pos.rules.board.special
    for player in pos.in_turn_order():
        trader = pos.leaders[player][GREEN]
        if trader is not None and takeable(a.kingdom_at(trader), pos.treasures, special):
            return TreasureChoice(player, trader)
    return None


def treasure_problem(state: GameState, choice: TreasureChoice, c: Cell) -> tuple[str, str] | None:
    """``(clause, reason)`` when the trader's owner may not take the treasure on *c* (R25)."""
    allowed = takeable_now(state, choice.trader)
    if allowed >> c & 1:
        return None
    special = allowed & state.rules.board.special
    return (
        "R25",
        "a special treasure must be taken first" if special else "no treasure to take there",
    )


def take_treasure(w: Work, choice: TreasureChoice, c: Cell) -> None:
    """The trader's owner takes the treasure on *c* (R25); he takes another while his trader's
    kingdom still holds two."""
    w.take_treasure(choice.player, c)
    if w.events is not None:
        from ..events import TreasureTaken

        w.events.append(TreasureTaken(choice.player, choice.trader, c))
    if takeable(w.analysis().kingdom_at(choice.trader), w.treasures, w.rules.board.special):
        w.pending = choice
