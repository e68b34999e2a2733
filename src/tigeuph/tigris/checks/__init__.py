"""Consistency checks of a :class:`~tigeuph.tigris.model.state.GameState`: every problem, in words.

``GameState`` carries no validators, since it is rebuilt on every action; this package checks one
in full when it comes from outside (:func:`tigeuph.from_text`) and in the tests. One module per
concern: :mod:`~tigeuph.tigris.checks.shapes` (the types), ``counts`` (counts and the turn),
``board`` (pieces, terrain, buildings), ``monuments`` (monuments and the wonder), ``conservation``
(the box), ``pending`` (the pending decision, one checker per kind in ``conflicts`` and ``choices``)
and ``kingdoms``. Where a check needs what a rule computes (war sides, the attacker, buildable
squares, takeable treasures), it calls the rule function in :mod:`tigeuph.tigris.rules` rather than
restating it.

>>> from tigeuph import new_game
>>> check_state(new_game(3, seed=1))
[]
"""

from __future__ import annotations

from ...core.errors import expect
from ..model.state import GameState
from .board import buildings, on_board, pieces
from .conservation import conservation
from .counts import counts, flow
from .kingdoms import kingdoms
from .monuments import monuments
from .pending import pending
from .shapes import shape_problems

__all__ = ["check_state"]


def check_state(state: GameState) -> list[str]:
    """Every problem of *state*, each saying what is wrong and where; empty when consistent.

    ``check_state`` checks **consistency, not reachability**: that the state holds together, so
    that the engine can play on from it, not that some game leads to it. It checks, in order:

    - the shape: every field of its declared type, counts from 0 to
      ``tigeuph.tigris.checks.shapes.MAX_COUNT``, one entry per seat (if the shape is wrong, it
      stops there, so that the other checks can read the state safely);
    - the counts: hands of at most six tiles, 0 to 2 catastrophe tiles, the turn's seat and
      actions (R3-R5);
    - the board: one piece per cell, every piece on the board and on its terrain, monuments and
      the wonder on squares and crosses of their colour's terrain, buildings on tiles of their
      colour (R2, R8, R11, R14, R22, R30, R31);
    - conservation: every tile, catastrophe and treasure of the box exactly once, on the board,
      under a monument, in a hand, the bag, removed, discarded or taken (R1-R3);
    - the turn and the end (R5-R7, R26) and the pending decision: the one the rules would ask,
      of the player they would ask (R15-R31);
    - the kingdoms: leaders beside temples (R10), one leader per colour per kingdom (R15), no
      trader keeping two treasures (R25), with the piece that set off a pending conflict left
      out (spec R6).

    What it cannot check is history, which a state does not hold: points scored on a board where
    nothing was ever played, a treasure taken where no trader ever stood, the bag's order or a
    player's discards all pass if they add up, since some game could explain each of them. A
    position proves only that it is consistent. To know that a game was really played, replay
    it: :meth:`tigeuph.Game.from_record` (``verify=True``, the default) accepts only records
    dealt by :func:`~tigeuph.new_game` from their seed and played by the rules.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState`.
    """
    expect(state, GameState, "a GameState", "check_state: state")
    problems = shape_problems(state)
    if problems:
        return problems
    problems += counts(state)
    if problems:  # the board checks index per-player tuples by seat: stop before they fail
        return problems
    problems += pieces(state)
    problems += monuments(state)
    problems += buildings(state)
    problems += conservation(state)
    problems += flow(state)
    # Kingdoms are computed from the masks: only once every piece is a cell of the board.
    sane = on_board(state)
    problems += pending(state, sane)
    if sane:
        problems += kingdoms(state)
    return problems
