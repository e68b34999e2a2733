"""Why an action is illegal, clause by clause (spec B8-B27, B42-B48): pure functions of a state.

Each ``*_problem`` function returns ``None`` when the action may be played, else the clause it
breaks and why; :func:`tigeuph.babel.apply` turns that into an
:class:`~tigeuph.errors.IllegalActionError`, and :func:`tigeuph.babel.legal_actions` keeps the
actions with none, so that the two always agree.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from .actions import (
    Action,
    Build,
    Colonise,
    Destroy,
    Discard,
    EndTurn,
    Expel,
    Halve,
    Migrate,
    SkipBuild,
    Steal,
    Switch,
    Travel,
)
from .cards import NATIONS, Nation
from .state import BabelState, Side

__all__ = ["Problem", "Run", "can_still_build_start", "problem", "runs"]

Problem: TypeAlias = tuple[str, str] | None
"""``None``, or the clause an action breaks and why."""


@frozen
class Run:
    """A maximal block of at least three consecutive same-nation cards in a column (spec B0)."""

    start: int
    length: int
    nation: Nation


def runs(column: tuple[Nation, ...]) -> tuple[Run, ...]:
    """The runs of three or more in *column*, head first (spec B0, B19).

    >>> from tigeuph.babel.cards import parse_nations
    >>> [(run.start, run.length, run.nation.value) for run in runs(parse_nations("HAAAPPPPA"))]
    [(1, 3, 'A'), (4, 4, 'P')]
    """
    found = []
    i = 0
    while i < len(column):
        j = i
        while j < len(column) and column[j] is column[i]:
            j += 1
        if j - i >= 3:
            found.append(Run(i, j - i, column[i]))
        i = j
    return tuple(found)


def _run_problem(side: Side, run: int, nation: Nation) -> Problem:
    """B19: the pawn stands at a location where one's column has a run of *nation* from *run*."""
    if side.pawn is None:
        return "B13", "the pawn is on the quarry: no ability can be used yet"
    column = side.column(side.pawn)
    for found in runs(column):
        if found.start == run:
            if found.nation is not nation:
                return "B19", f"the run at {run} is of {found.nation.name.title()}"
            return None
    return "B19", f"no run of three or more starts at card {run} of the column here"


def _build_level_problem(state: BabelState, row: int, level: int) -> Problem:
    cards = state.sides[row].row
    if not cards:
        return "B9", f"row {row} is empty"
    if cards[-1] != level:
        return "B16", f"the top of row {row} is level {cards[-1]}, not {level}"
    return None


def _opponent(state: BabelState) -> Side:
    return state.sides[1 - state.active]


def _turn_problem(state: BabelState, action: Action) -> Problem:
    """Problems of an action of the active player's turn (everything but Discard)."""
    me = state.sides[state.active]
    match action:
        case Travel(nation=n):
            if me.hand[n.index] == 0:
                return "B12", f"no {n.name.title()} card in hand"
            if me.pawn is n:
                return "B12", f"the pawn already stands at the {n.name.title()}"
            return None
        case Colonise(nation=n):
            if me.pawn is None:
                return "B13", "the pawn is on the quarry: travel first"
            if me.hand[n.index] == 0:
                return "B14", f"no {n.name.title()} card in hand"
            return None
        case Build(row=row):
            if me.pawn is None:
                return "B13", "the pawn is on the quarry: travel first"
            h = me.height(me.pawn)
            if h == 6:
                return "B16", "this temple is complete (level 6)"
            if row is None:
                if not me.starting:
                    return "B16", "the starting card is already built"
                if h != 0:
                    return "B16", "the starting card (level 1) goes on an empty site only"
            else:
                found = _build_level_problem(state, row, h + 1)
                if found:
                    return found
            if len(me.column(me.pawn)) < h + 1:
                return "B16", f"level {h + 1} needs {h + 1} people cards in the column here"
            return None
        case Migrate(origin=origin, target=target):
            if state.migrated:
                return "B18", "one migration per turn"
            if origin is target:
                return "B18", "a migration goes to another location"
            if len(me.column(origin)) < 3:
                return "B18", f"the column at the {origin.name.title()} holds fewer than 3 cards"
            return None
        case Destroy(run=run):
            return _run_problem(me, run, Nation.ASSYRIANS) or _destroy_problem(state, me)
        case Steal(run=run):
            return _run_problem(me, run, Nation.HITTITES) or _steal_problem(state, me)
        case Expel(run=run, named=named):
            found = _run_problem(me, run, Nation.MEDES)
            if found or me.pawn is None:
                return found
            if named not in _opponent(state).column(me.pawn):
                return "B42", f"the opponent has no {named.name.title()} card here"
            return None
        case Switch(run=run):
            found = _run_problem(me, run, Nation.SUMERIANS)
            if found or me.pawn is None:
                return found
            if not _opponent(state).column(me.pawn):
                return "B42", "the opponent's column here is empty"
            return None
        case SkipBuild(run=run, row=row):
            return _run_problem(me, run, Nation.PERSIANS) or _skip_problem(state, me, row)
        case Halve(nation=nation, run=run):
            found = _run_problem(me, run, nation)
            if found:
                return found
            if sum(_opponent(state).hand) < 2:
                return "B42", "the opponent holds fewer than 2 cards"
            return None
        case EndTurn():
            if me.starting:
                return "B8", "the starting card must be built during one's first turn"
            return None
        case Discard():
            return "B48", "only a halved player discards"


def _destroy_problem(state: BabelState, me: Side) -> Problem:
    assert me.pawn is not None
    if not _opponent(state).temples[me.pawn.index]:
        return "B42", "the opponent has no temple here"
    return None


def _steal_problem(state: BabelState, me: Side) -> Problem:
    assert me.pawn is not None
    theirs = _opponent(state).height(me.pawn)
    if theirs == 0:
        return "B42", "the opponent has no temple here"
    if theirs <= me.height(me.pawn):
        return "B22", f"his level {theirs} is not above one's own {me.height(me.pawn)}"
    if len(me.column(me.pawn)) < theirs:  # B44: counted before the cost is paid
        return "B22", f"stealing level {theirs} needs {theirs} people cards in the column here"
    return None


def _skip_problem(state: BabelState, me: Side, row: int) -> Problem:
    assert me.pawn is not None
    h = me.height(me.pawn)
    if h > 4:
        return "B47", f"no level {h + 2} exists"
    found = _build_level_problem(state, row, h + 2)
    if found:
        return "B25", found[1]
    if len(me.column(me.pawn)) < h + 2:  # the Persian paid counts (spec B25)
        return "B25", f"level {h + 2} needs {h + 2} people cards in the column here"
    return None


def problem(state: BabelState, action: Action) -> Problem:
    """Why *action* may not be played in *state*, or ``None`` (before spec B8's look-ahead)."""
    if state.end is not None:
        return "B53", "the game is over"
    if state.pending is not None:
        if not isinstance(action, Discard):
            return "B48", f"seat {state.pending.player} must first discard half his hand"
        hand = state.sides[state.pending.player].hand
        if sum(action.counts) != state.pending.count:
            return "B27", f"discard exactly {state.pending.count} cards"
        if any(k > held for k, held in zip(action.counts, hand, strict=True)):
            return "B27", "these cards are not all in hand"
        return None
    return _turn_problem(state, action)


def can_still_build_start(state: BabelState) -> bool:
    """Whether the active player can still build his starting card this turn (spec B8).

    The starting card needs an empty site of his, his pawn there and a card in his column
    there. His pawn reaches a location only by Travel (a card of its nation), and a column
    gains a card by Colonise (a card from hand), Migrate (three cards from a column holding
    three, once a turn) or the Sumerians (which need three cards there already), so these
    resources are all there is to check.
    """
    me = state.sides[state.active]
    if not me.starting:
        return True
    can_migrate_from = {n for n in NATIONS if not state.migrated and len(me.column(n)) >= 3}
    for site in NATIONS:
        if me.temples[site.index]:
            continue
        hand = list(me.hand)
        if me.pawn is not site:
            if hand[site.index] == 0:
                continue
            hand[site.index] -= 1
        if me.column(site) or sum(hand) > 0 or can_migrate_from - {site}:
            return True
    return False
