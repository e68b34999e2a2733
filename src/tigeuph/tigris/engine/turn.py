"""Turn flow: what follows each action (spec R6) and each turn (spec R7).

Each action's consequences run as a pipeline that stops whenever a player must decide
(support, war order, building, wonder, monument, treasure, the wonder's colour), leaving the
decision in ``pending``; the decision's action resumes the pipeline where it stopped. Which step
follows which kind of action is said by its play (``tigeuph.tigris.engine.plays``), a layer up.
"""

from __future__ import annotations

from ..model.cells import Cell
from ..model.decisions import MonumentChoice, War
from ..model.state import ACTIONS_PER_TURN, HAND_SIZE, End
from ..model.work import Work
from ..rules.buildings import building_choice
from ..rules.conflicts import conflict_begun, contested_colours, next_war
from ..rules.monuments import buildable_corners, monument_points
from ..rules.placement import withdraw_stranded
from ..rules.treasures import next_treasure_choice
from ..rules.wonder import wonder_choice, wonder_point

__all__ = [
    "action_over",
    "after_building",
    "after_conflicts",
    "after_monument",
    "after_treasures",
    "after_wars",
    "after_wonder",
    "close_turn",
    "pass_turn",
    "turn_over",
    "unite",
]


def unite(w: Work) -> None:
    """The tile just placed united two kingdoms (spec R16): its wars, then the rest."""
    if w.events is not None:
        from ..events import KingdomsUnited

        assert w.unification is not None
        wars = tuple(contested_colours(w))
        w.events.append(KingdomsUnited(w.active, w.unification, wars))
    after_wars(w)


def after_wars(w: Work) -> None:
    """Fight the next war of the unification, or go on once none is left (spec R17, R21)."""
    w.pending = war = next_war(w)
    if isinstance(war, War) and w.events is not None:
        w.events.append(conflict_begun(w, war))
    if war is None:
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
    if w.pending is None and w.actions_left == 0 and w.ended is None:
        turn_over(w)  # action_over, without its call: nearly every action passes here


def action_over(w: Work) -> None:
    """An action is over: the turn is over too when it was the last one (spec R5)."""
    if w.actions_left == 0 and w.ended is None:
        turn_over(w)


def pass_turn(w: Work) -> None:
    """The active player ends his turn early, his other actions unused (spec R5)."""
    if w.events is not None:
        from ..events import TurnPassed

        w.events.append(TurnPassed(w.active, w.actions_left))


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
    if w.monuments:  # none built, nothing to score: no call
        monument_points(w, w.active)
    complete = True
    for player in w.in_turn_order():
        missing = HAND_SIZE - sum(w.hands[player])
        if missing > 0 and not w.draw(player, missing):
            complete = False  # the game ends at this draw: the later seats draw nothing (R7)
            break
    if not complete:
        w.end(End.BAG)
    elif w.treasures.bit_count() <= 2:
        w.end(End.TREASURES)
    else:
        w.active = (w.active + 1) % len(w.hands)
        w.actions_left = ACTIONS_PER_TURN
        if w.events is not None:
            from ..events import TurnBegan

            w.events.append(TurnBegan(w.active))
