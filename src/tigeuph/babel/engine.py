"""Babel's engine: :func:`legal_actions`, :func:`apply` and :func:`outcome` (spec B7-B32).

The engine only dispatches, as the main game's does. For the decision a state waits for (a
halving, or none during a turn) and the kind of action, :data:`_RULES` names the condition of
:mod:`tigeuph.babel.rules`, which says why the action is refused (``None`` when it may be
played), and the effect, which carries it out.

>>> from tigeuph import babel
>>> state = babel.new_game(seed=2)
>>> [str(a) for a in babel.legal_actions(state)][:3]
['>H', '>A', '>P']
>>> state = babel.apply(state, babel.parse_action(">H"))
>>> state.sides[0].pawn
<Nation.HITTITES: 'H'>
>>> babel.apply(state, babel.parse_action("end"))
Traceback (most recent call last):
tigeuph.core.errors.IllegalActionError: end: the starting card must be built during one's ... [B8]
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any, Final

from attrs import evolve, frozen

from ..core.errors import IllegalActionError
from ..core.events import Event
from .events import GameEnded
from .model.actions import (
    BUILD,
    COLONISE,
    END_TURN,
    TRAVEL,
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
from .model.cards import NATIONS, Counts, Nation
from .model.state import BabelState, End, Halving
from .rules.abilities import runs
from .rules.base import Problem
from .rules.building import build, build_problem, skip_build, skip_build_problem
from .rules.colonise import colonise, colonise_problem
from .rules.columns import expel, expel_problem, switch, switch_problem
from .rules.halving import discard, discard_problem, halve, halve_problem
from .rules.migration import migrate, migrate_problem
from .rules.temples import destroy, destroy_problem, steal, steal_problem
from .rules.travel import travel, travel_problem
from .rules.turns import can_still_build_start, end_turn, end_turn_problem

__all__ = [
    "Outcome",
    "apply",
    "legal_actions",
    "outcome",
    "problem",
    "transition",
    "winner_by_score",
]

_Effect = Callable[[BabelState, Any, list[Event] | None], BabelState]
_Rule = tuple[Callable[[BabelState, Any], Problem], _Effect]

_RULES: Final[dict[tuple[type | None, type], _Rule]] = {
    # During a turn (spec B7): (condition (state, action), effect (state, action, events)).
    (None, Travel): (travel_problem, travel),
    (None, Colonise): (colonise_problem, colonise),
    (None, Build): (build_problem, build),
    (None, Migrate): (migrate_problem, migrate),
    (None, Destroy): (destroy_problem, destroy),
    (None, Steal): (steal_problem, steal),
    (None, Expel): (expel_problem, expel),
    (None, Switch): (switch_problem, switch),
    (None, SkipBuild): (skip_build_problem, skip_build),
    (None, Halve): (halve_problem, halve),
    (None, EndTurn): (end_turn_problem, end_turn),
    # The halved player's discard (spec B27, B48).
    (Halving, Discard): (discard_problem, discard),
}


def _rule(state: BabelState, action: Action) -> _Rule | None:
    pending = None if state.pending is None else type(state.pending)
    return _RULES.get((pending, type(action)))


def problem(state: BabelState, action: Action) -> Problem:
    """Why *action* may not be played in *state*, or ``None`` (before spec B8's look-ahead)."""
    if state.end is not None:
        return "B53", "the game is over"
    rule = _rule(state, action)
    if rule is not None:
        return rule[0](state, action)
    if state.pending is not None:
        return "B48", f"seat {state.pending.player} must first discard half his hand"
    return "B48", "only a halved player discards"


def _effect(state: BabelState, action: Action, events: list[Event] | None) -> BabelState:
    """*action*'s effect on *state*, which it does not check, telling what it does into
    *events* when it is a list."""
    rule = _rule(state, action)
    assert rule is not None
    return rule[1](state, action, events)


def _candidates(state: BabelState) -> list[Action]:
    """Every action that might be legal in *state*: a superset of the legal ones, simplest
    first (so that Hypothesis shrinks towards short games)."""
    if state.pending is not None:
        hand = state.sides[state.pending.player].hand
        return [Discard(c) for c in _subsets(hand, state.pending.count)]
    me = state.sides[state.active]
    found: list[Action] = [END_TURN]
    found += [BUILD[row] for row in (None, 0, 1)]
    found += [COLONISE[n] for n in NATIONS if me.hand[n.index]]
    found += [TRAVEL[n] for n in NATIONS if me.hand[n.index]]
    if not state.migrated:
        found += [Migrate(a, b) for a in NATIONS for b in NATIONS if len(me.column(a)) >= 3]
    if me.pawn is not None:
        for run in runs(me.column(me.pawn)):
            found.append(Halve(run.nation, run.start))
            match run.nation:
                case Nation.ASSYRIANS:
                    found.append(Destroy(run.start))
                case Nation.HITTITES:
                    found.append(Steal(run.start))
                case Nation.MEDES:
                    found += [Expel(run.start, named) for named in NATIONS]
                case Nation.SUMERIANS:
                    found.append(Switch(run.start))
                case Nation.PERSIANS:
                    found += [SkipBuild(run.start, row) for row in (0, 1)]
    return found


def _subsets(hand: Counts, size: int) -> list[Counts]:
    """Every way to choose *size* cards from *hand* (as counts per nation)."""
    ranges = [range(k + 1) for k in hand]
    return [(c[0], c[1], c[2], c[3], c[4]) for c in product(*ranges) if sum(c) == size]


def legal_actions(state: BabelState) -> tuple[Action, ...]:
    """The actions the player to move may take in *state*; none once the game is over.

    The halved player may only discard (spec B48); the active player may travel, colonise,
    build, migrate, use an ability or end his turn (spec B7), never so as to lose the chance of
    building his starting card during his first turn (spec B8).
    """
    if state.end is not None:
        return ()
    legal = []
    for action in _candidates(state):
        if problem(state, action) is None and _keeps_start(state, action):
            legal.append(action)
    return tuple(legal)


def _keeps_start(state: BabelState, action: Action) -> bool:
    """B8: after *action* the active player can still build his starting card this turn."""
    if not state.sides[state.active].starting or isinstance(action, Discard):
        return True
    return can_still_build_start(_effect(state, action, None))


def apply(state: BabelState, action: Action) -> BabelState:
    """The state after *action*, played by the player to move; *state* is left as it was.

    After the action the win of spec B30 is checked (B50).

    Raises:
        IllegalActionError: the rules forbid *action* here; ``clause`` names the rule.
    """
    return _run(state, action, None)


def transition(state: BabelState, action: Action) -> tuple[BabelState, tuple[Event, ...]]:
    """The state after *action*, equal to :func:`apply`'s, and the events the action caused,
    in order (:mod:`tigeuph.babel.events`): the same rule code does the work and tells it.

    >>> from tigeuph import babel
    >>> state = babel.new_game(seed=2)
    >>> for text in (">H", "+A", "#s"):
    ...     state = babel.apply(state, babel.parse_action(text))
    >>> state, events = babel.transition(state, babel.parse_action("end"))
    >>> for event in events:
    ...     print(event)
    Seat 0 ends their turn and draws temple cards 3 and 2 onto their row (41 left in the deck).
    Turn 2: seat 1's turn.
    Seat 1 draws 3 people cards (2 Hittites and an Assyrian).
    >>> print(events[-1].seen_by(0))
    Seat 1 draws 3 people cards.

    The events tell everything, the people cards drawn too: what a player may know of one is
    :meth:`Event.seen_by(seat) <tigeuph.Event.seen_by>`.

    Raises:
        IllegalActionError: the rules forbid *action* here; ``clause`` names the rule.
    """
    events: list[Event] = []
    return _run(state, action, events), tuple(events)


def _run(state: BabelState, action: Action, events: list[Event] | None) -> BabelState:
    """:func:`apply`, telling what happens into *events* when it is a list."""
    found = problem(state, action)
    if found is not None:
        clause, reason = found
        raise IllegalActionError(clause, f"{action}: {reason}")
    after = _effect(state, action, events)
    starting = state.sides[state.active].starting
    if starting and not isinstance(action, Discard) and not can_still_build_start(after):
        raise IllegalActionError(
            "B8", f"{action}: the starting card could no longer be built this turn"
        )
    after = _check_win(after)
    if events is not None and after.end is not None:
        # Only a legal action reaches here, and none is legal once the game is over: this
        # action ended it, by score (B30) or with the last temple card (B31).
        result = outcome(after)
        assert result is not None
        events.append(GameEnded(result.reason, result.winner, result.scores, result.hands))
    return after


def winner_by_score(scores: tuple[int, int], active: int) -> int | None:
    """The seat that has won by spec B30 with these scores: 20 or more, or 15 or more against
    9 or less; the active player is looked at first. None if neither.

    >>> winner_by_score((15, 9), 1), winner_by_score((15, 10), 0), winner_by_score((19, 20), 0)
    (0, None, 1)
    """
    for seat in (active, 1 - active):
        mine, theirs = scores[seat], scores[1 - seat]
        if mine >= 20 or (mine >= 15 and theirs <= 9):
            return seat
    return None


def _check_win(state: BabelState) -> BabelState:
    if state.end is None and winner_by_score(state.scores, state.active) is not None:
        return evolve(state, end=End.SCORE, pending=None)
    return state


@frozen
class Outcome:
    """How a finished game ended: the winner (``None`` for a draw), the scores and why."""

    winner: int | None
    scores: tuple[int, int]
    reason: End
    hands: tuple[int, int]
    """Each player's number of people cards in hand (the tie-break, spec B31)."""


def outcome(state: BabelState) -> Outcome | None:
    """The result of *state*'s game, or ``None`` while it goes on (spec B30, B31, B51).

    At deck exhaustion the higher score wins, then the larger hand; a full tie is a draw.
    """
    if state.end is None:
        return None
    scores = state.scores
    hands = (sum(state.sides[0].hand), sum(state.sides[1].hand))
    if state.end is End.SCORE:
        winner = winner_by_score(scores, state.active)
    elif scores[0] != scores[1]:
        winner = 0 if scores[0] > scores[1] else 1
    elif hands[0] != hands[1]:
        winner = 0 if hands[0] > hands[1] else 1
    else:
        winner = None
    return Outcome(winner, scores, state.end, hands)
