"""The verdict on one action: legal or not, the clauses it rests on and what it would cause."""

from __future__ import annotations

from ...core.errors import IllegalActionError
from ..describe.words import decision
from ..engine.apply import apply, check_arguments
from ..model.actions import Action, PlaceTile, WithdrawLeader
from ..model.decisions import Conflict, MonumentChoice
from ..model.kinds import decision_kind
from ..model.pieces import COLOURS
from ..model.state import GameState
from .clauses import action_clauses
from .consequences import (
    conflict_info,
    ends_turn,
    monument_points_gained,
    points_gained,
    removed_tiles,
    tile_doubled,
    treasures_gained,
    vanished_wars,
)
from .values import Explanation
from .words import loser

__all__ = ["explain"]


def explain(state: GameState, action: Action) -> Explanation:
    """The clauses that make *action* legal or illegal in *state* and what it would cause.

    *state* is never changed. An action that :func:`tigeuph.apply` refuses is explained by the
    :class:`~tigeuph.IllegalActionError` it raises, never raised here.

    Raises:
        ArgumentTypeError: *state* is not a state or *action* not an action.
    """
    check_arguments(state, action, "explain")
    try:
        after = apply(state, action)
    except IllegalActionError as err:
        return Explanation(action, legal=False, clauses=(err.clause,), reason=err.reason)
    player = state.to_move
    assert player is not None  # apply refuses every action once the game is over
    own = (player, action.colour) if isinstance(action, WithdrawLeader) else None
    withdrawn = tuple(
        (p, colour)
        for p in range(state.players)
        for colour in COLOURS
        if state.leaders[p][colour] is not None
        and after.leaders[p][colour] is None
        and (p, colour) != own
    )
    conflict = conflict_info(state, action, after)
    turn_ends = ends_turn(state, action, after)
    from_monuments = monument_points_gained(state, after) if turn_ends else ()
    treasures = treasures_gained(state, after)

    clauses = action_clauses(state, action)
    if isinstance(action, PlaceTile) and tile_doubled(state, action, after):
        clauses.append("R30")  # the kingdom holds the colour's building: double points
    if any(w != loser(conflict) for w in withdrawn):
        clauses.append("R10")
    if treasures:
        clauses.append("R25")
    # A new decision cites the clauses that call for it, after the action's withdrawals and
    # treasures (a conflict waiting for the defender's support is no new decision).
    arises = after.pending
    if arises is not None and not (
        isinstance(arises, Conflict) and arises.attacker_support is not None
    ):
        clauses += decision_kind(type(arises)).clauses
    if turn_ends:
        clauses.append("R7")
    if from_monuments:
        clauses.append("R24")
    if after.is_over:
        clauses.append("R26")
    return Explanation(
        action,
        legal=True,
        clauses=tuple(dict.fromkeys(clauses)),
        points=points_gained(state, after),
        treasures_taken=treasures,
        removed_tiles=removed_tiles(state, after),
        withdrawn=withdrawn,
        conflict=conflict,
        vanished_wars=vanished_wars(state, action, after),
        next_decision=decision(after.pending) if not after.is_over else None,
        monument_possible=isinstance(after.pending, MonumentChoice),
        turn_ends=turn_ends,
        next_player=None if after.is_over else after.active,
        monument_points=from_monuments,
        game_over=after.is_over,
    )
