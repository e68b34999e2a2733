"""Turn flow: what follows each action (spec R6) and each turn (spec R7).

:func:`follow` is the one place that says what comes after an action once the rule modules
have carried it out. Each action's consequences run as a pipeline that stops whenever a player
must decide (support, war order, building, wonder, monument, treasure, the wonder's colour),
leaving the decision in ``pending``; the decision's action resumes the pipeline where it
stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .actions import (
    BuildMonument,
    BuildWonder,
    ChooseWar,
    CommitSupport,
    DeclineBuilding,
    DeclineMonument,
    DeclineWonder,
    EndTurn,
    ExchangeTiles,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    ScoreWonder,
    TakeTreasure,
    WithdrawLeader,
)
from .cells import Cell
from .decisions import BuildingChoice, Decision, MonumentChoice, War, WonderChoice
from .rules.buildings import building_choice
from .rules.conflicts import next_war
from .rules.monuments import buildable_corners, monument_points
from .rules.placement import withdraw_stranded
from .rules.treasures import next_treasure_choice
from .rules.wonder import wonder_choice, wonder_point
from .state import ACTIONS_PER_TURN, HAND_SIZE, End
from .work import Work

__all__ = [
    "action_over",
    "after_building",
    "after_conflicts",
    "after_monument",
    "after_treasures",
    "after_wars",
    "after_wonder",
    "close_turn",
    "follow",
    "turn_over",
]


def follow(w: Work, action: Any, answered: Decision | None) -> None:
    """Go on after *action*, which answered the decision *answered* (``None`` between
    actions), once its effect is done; nothing follows while a new decision waits (a revolt,
    the defender's support, a war, another treasure) or once the game has ended."""
    if w.pending is None and w.ended is None:
        _FOLLOWS[type(action)](w, action, answered)


def _after_tile(w: Work, action: PlaceTile, _: object) -> None:
    if w.unification is not None:  # R16: the tile joined two kingdoms
        after_wars(w)
    else:
        after_conflicts(w, action.cell)


def _after_support(w: Work, _: object, answered: Decision | None) -> None:
    if isinstance(answered, War):  # R21: the next war of the unification
        after_wars(w)
    else:
        after_conflicts(w, None)


def _after_untiled(w: Work, _: object, __: object) -> None:
    after_conflicts(w, None)  # a leader, a withdrawal or a catastrophe places no tile


def _after_building_choice(w: Work, _: object, answered: Decision | None) -> None:
    assert isinstance(answered, BuildingChoice)
    after_building(w, answered.placed)


def _after_wonder_choice(w: Work, _: object, answered: Decision | None) -> None:
    assert isinstance(answered, WonderChoice)
    after_wonder(w, answered.placed)


_FOLLOWS: Final[dict[type, Callable[[Work, Any, Decision | None], None]]] = {
    EndTurn: lambda w, _, __: turn_over(w),
    PlaceTile: _after_tile,
    PlaceLeader: _after_untiled,
    WithdrawLeader: _after_untiled,
    PlaceCatastrophe: _after_untiled,
    ExchangeTiles: lambda w, _, __: action_over(w),
    CommitSupport: _after_support,
    ChooseWar: lambda w, _, __: None,  # the war it starts always waits for support
    PlaceBuilding: _after_building_choice,
    DeclineBuilding: _after_building_choice,
    BuildWonder: _after_wonder_choice,
    DeclineWonder: _after_wonder_choice,
    BuildMonument: lambda w, _, __: after_monument(w),
    DeclineMonument: lambda w, _, __: after_monument(w),
    TakeTreasure: lambda w, _, __: after_treasures(w),
    ScoreWonder: lambda w, _, __: close_turn(w),
}
"""What follows each kind of action (spec R6)."""


def after_wars(w: Work) -> None:
    """Fight the next war of the unification, or go on once none is left (spec R17, R21)."""
    w.pending = next_war(w)
    if w.pending is None:
        placed = w.unification
        w.unification = None  # R6: the marker leaves once the wars are over
        after_conflicts(w, placed)


def after_conflicts(w: Work, placed: Cell | None) -> None:
    """Building, wonder, monument, withdrawals and treasures after the conflicts of an action
    (spec R6).

    *placed* is the tile the action placed (the unification tile after its wars), if any.
    """
    if placed is None:
        after_monument(w)
        return
    if w.rules.buildings:
        w.pending = building_choice(w, placed)  # R30
        if w.pending is not None:
            return
    after_building(w, placed)


def after_building(w: Work, placed: Cell) -> None:
    """The wonder (spec R31), then the rest, once the building is decided."""
    if w.rules.wonder:
        w.pending = wonder_choice(w, placed)
        if w.pending is not None:
            return
    after_wonder(w, placed)


def after_wonder(w: Work, placed: Cell) -> None:
    """The monument (spec R22), then the rest, once the wonder is decided."""
    corners = buildable_corners(w, placed)
    if corners:
        w.pending = MonumentChoice(w.active, corners)
        return
    after_monument(w)


def after_monument(w: Work) -> None:
    """Withdraw leaders with no temple beside them (R10), then hand out treasures (R25)."""
    withdraw_stranded(w)
    after_treasures(w)


def after_treasures(w: Work) -> None:
    """Ask the next trader's owner to take a treasure, or finish the action."""
    w.pending = next_treasure_choice(w)
    if w.pending is None:
        action_over(w)


def action_over(w: Work) -> None:
    """An action is over: the turn is over too when it was the last one (spec R5)."""
    if w.actions_left == 0 and w.ended is None:
        turn_over(w)


def turn_over(w: Work) -> None:
    """The turn is over (its last action done, or ended early): the wonder's point first, which
    waits for its colour to be chosen (spec R31), then :func:`close_turn`."""
    if w.rules.wonder:
        w.pending = wonder_point(w)
        if w.pending is not None:
            return
    close_turn(w)


def close_turn(w: Work) -> None:
    """Close the turn: monument points, refills, end of game, next player (spec R7, R24, R26)."""
    monument_points(w, w.active)
    complete = True
    for player in w.in_turn_order():
        missing = HAND_SIZE - sum(w.hands[player])
        if missing > 0:
            complete &= w.draw(player, missing)
    if not complete:
        w.ended = End.BAG
    elif w.treasures.bit_count() <= 2:
        w.ended = End.TREASURES
    else:
        w.active = (w.active + 1) % w.players
        w.actions_left = ACTIONS_PER_TURN
