"""Conservation of the box: every tile, catastrophe and treasure exactly once (spec R1-R3)."""

from __future__ import annotations

from ..model.pieces import COLOURS
from ..model.state import CATASTROPHES, TILE_COUNTS, GameState
from .base import area

__all__ = ["conservation"]


def conservation(state: GameState) -> list[str]:
    """Every tile, catastrophe and treasure of the box is somewhere, exactly once: on the
    board, under a monument or the wonder, in a hand, the bag, removed, discarded or taken
    (spec R1-R3)."""
    out: list[str] = []
    cells = area(state)
    played = sum(CATASTROPHES - held for held in state.catastrophe_tiles)
    on_board = (state.catastrophes & cells).bit_count()
    if on_board != played:
        out.append(
            f"{on_board} catastrophes on the board, but the players have played {played} "
            f"(each starts with {CATASTROPHES})"
        )
    board = state.rules.board
    on_board = (state.treasures & cells).bit_count()
    taken = sum(state.treasures_taken)
    aside = state.treasures_set_aside
    if aside < 0:
        out.append(f"{aside} treasures set aside")
    elif on_board + taken + aside != board.temple_count:
        also = f" and {aside} set aside" if aside else ""
        out.append(
            f"{on_board} treasures on the board and {taken} taken{also}, but the {board.name} "
            f"board starts with {board.temple_count}"
        )
    for colour in COLOURS:
        on_board = (state.tiles[colour] & cells).bit_count()
        under = 4 * sum(1 for site in state.monuments if site.colour is colour)
        if state.wonder is not None and state.wonder.colour is colour:
            under += 5
        hands = sum(hand[colour] for hand in state.hands)
        bag = state.bag.count(colour.letter)
        removed = state.removed[colour]
        discarded = sum(d[colour] for d in state.discarded)
        total = on_board + under + hands + bag + removed + discarded
        if total != TILE_COUNTS[colour]:
            out.append(
                f"{total} {colour.name.lower()} tiles instead of {TILE_COUNTS[colour]}: "
                f"{on_board} face up, {under} under monuments or the wonder, {hands} in hands, "
                f"{bag} in the "
                f"bag, {removed} removed, {discarded} discarded"
            )
    return out
