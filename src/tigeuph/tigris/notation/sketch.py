"""Sketches: positions drawn by hand with only the cells that matter, completed into a whole,
consistent position (spec D7).

A referee with a rules question draws six cells, not a game's bookkeeping. A sketch is written
in position notation under the title ``tigeuph sketch``; reading it fills in what the writer
left out, so that every tile, catastrophe and treasure of the box is somewhere (spec R1-R3):

- **Tiles.** Without a ``bag`` line the bag holds every tile found nowhere else (as in any
  position). With a ``bag`` line but no ``removed`` line, the tiles found nowhere else were
  removed in the open.
- **Catastrophes.** A catastrophe drawn on the board was played by someone: the players whose
  line does not give ``catastrophes=`` give up catastrophe tiles for them, seat 0 first.
- **Treasures.** Treasures neither drawn (``r$``) nor taken by a player (``treasures=``) are
  *set aside*: out of the game, counted for nobody
  (:attr:`~tigeuph.GameState.treasures_set_aside`). They change no score; the board's count
  still ends the game at the end of a turn with one or two treasures left, or none (R26).

What no game could hold is still refused, as :func:`~tigeuph.check_state` says: two leaders of
a colour in one kingdom, a tile on the wrong terrain, a treasure off the starting temples, a
leader with no temple beside him. The completed state is an ordinary position:
:func:`~tigeuph.to_text` writes it in full, set-aside treasures included.
"""

from __future__ import annotations

from attrs import evolve, frozen

from ..model.pieces import COLOURS
from ..model.state import CATASTROPHES, TILE_COUNTS, GameState, tiles_outside_bag

__all__ = ["Sketch", "complete"]


@frozen
class Sketch:
    """A sketch read and completed: the position, and a sentence for each thing filled in."""

    state: GameState
    filled: tuple[str, ...]
    """What the reading filled in, in words, e.g. ``"the bag: 120 tiles (r51 b33 g28 k8)"``."""

    def __str__(self) -> str:
        return "\n".join(self.filled) if self.filled else "nothing was filled in"


def complete(
    state: GameState, *, bag_given: bool, removed_given: bool, catastrophes_given: frozenset[int]
) -> Sketch:
    """*state*, read from a sketch, with its tiles, catastrophes and treasures made to add up
    (spec D7); what cannot be made to add up is left for :func:`~tigeuph.check_state` to refuse.

    *bag_given* and *removed_given* say which of those lines the writer wrote;
    *catastrophes_given* the seats whose catastrophe tiles he gave.
    """
    filled: list[str] = []
    if not bag_given:
        if state.bag:
            filled.append(f"the bag: {len(state.bag)} tiles ({_colours(state.bag)})")
    elif not removed_given:
        found = tiles_outside_bag(
            state.tiles, state.monuments, state.hands, (0, 0, 0, 0), state.discarded, state.wonder
        )
        removed = tuple(
            max(0, TILE_COUNTS[colour] - found[colour] - state.bag.count(colour.letter))
            for colour in COLOURS
        )
        r, b, g, k = removed
        state = evolve(state, removed=(r, b, g, k))
        if any(removed):
            filled.append(f"removed in the open: r{r} b{b} g{g} k{k}")

    drawn = (state.catastrophes & state.rules.board.cells).bit_count()
    held = list(state.catastrophe_tiles)
    owed = drawn - sum(CATASTROPHES - n for n in held)
    for seat in range(state.players):
        if owed <= 0:
            break
        if seat in catastrophes_given:
            continue
        given = min(owed, held[seat])
        if given:
            held[seat] -= given
            owed -= given
            filled.append(f"seat {seat} played {given} of the catastrophes drawn")
    state = evolve(state, catastrophe_tiles=tuple(held))

    on_board = (state.treasures & state.rules.board.cells).bit_count()
    aside = state.rules.board.temple_count - on_board - sum(state.treasures_taken)
    aside -= state.treasures_set_aside
    if aside > 0:
        state = evolve(state, treasures_set_aside=state.treasures_set_aside + aside)
        filled.append(f"{aside} treasures set aside, taken by nobody")
    return Sketch(state, tuple(filled))


def _colours(letters: str) -> str:
    return " ".join(f"{colour.letter}{letters.count(colour.letter)}" for colour in COLOURS)
