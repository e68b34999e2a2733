"""The engine: :func:`is_legal`, :func:`refusal`, :func:`apply`, :func:`transition` and
:func:`outcome`.

The engine only dispatches. For the decision a state waits for (none between actions) and the
kind of action, the play of :mod:`tigeuph.tigris.engine.plays` names the rule module's condition,
which says why the action is refused (``None`` when it is legal), its effect, which carries it out
on a scratch :class:`~tigeuph.tigris.model.work.Work`, and what follows it in the turn. The list of
legal actions lives in :mod:`tigeuph.tigris.engine.legal`.
"""

from __future__ import annotations

from typing import Final

from attrs import frozen

from ...core.errors import ArgumentTypeError, IllegalActionError, expect
from ...core.events import Event
from ..model.actions import Action
from ..model.kinds import ACTION_KINDS, decision_kind
from ..model.ranking import first_ranked
from ..model.state import End, GameState
from ..model.work import TellingWork, Work
from ..rules.scoring import PlayerResult, rank
from .plays import RULES, TURN_PLAYS

__all__ = ["Outcome", "apply", "is_legal", "outcome", "refusal", "transition"]

ACTION_TYPES: Final = frozenset(kind.action for kind in ACTION_KINDS)
"""The action classes: one of them is an action."""


def check_arguments(state: object, action: object, where: str) -> None:
    """Raise :class:`ArgumentTypeError` unless *state* is a state and *action* an action."""
    expect(state, GameState, "a GameState", f"{where}: state")
    if type(action) not in ACTION_TYPES:
        shown = repr(action) if len(repr(action)) <= 30 else ""
        raise ArgumentTypeError(
            f"{where}: action must be an action (see tigeuph.parse_action), "
            f"not {type(action).__name__} {shown}".rstrip()
        )


def refusal(state: GameState, action: Action) -> IllegalActionError | None:
    """Why the rules refuse *action* from ``state.to_move`` now, or ``None`` when it is legal:
    the error :func:`apply` would raise, its ``clause`` naming the rule.

    >>> from tigeuph import new_game, parse_action
    >>> refusal(new_game(2, seed=1), parse_action("+1")).clause
    'R5'

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState` or *action* not an
            action.
    """
    if type(action) not in ACTION_TYPES or type(state) is not GameState:
        check_arguments(state, action, "refusal")
    if state.ended is not None:
        return IllegalActionError("R26", f"{action}: the game is over")
    pending = state.pending
    play = RULES.get((type(pending) if pending is not None else None, type(action)))
    if play is None:
        if pending is None:
            return IllegalActionError("R5", f"{action}: no decision is pending; play a turn action")
        waits_for = decision_kind(type(pending)).waits_for
        return IllegalActionError("R6", f"{action}: play waits for {waits_for}")
    found = play.condition(state, action, state.active if pending is None else pending)
    return None if found is None else IllegalActionError(found[0], f"{action}: {found[1]}")


def is_legal(state: GameState, action: Action) -> bool:
    """Whether :func:`apply` accepts *action* from ``state.to_move`` now: exactly when
    :func:`~tigeuph.legal_actions` lists it, without listing the others.

    >>> from tigeuph import new_game, parse_action
    >>> is_legal(new_game(2, seed=1), parse_action("pass"))
    True

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState` or *action* not an
            action.
    """
    if type(action) not in ACTION_TYPES or type(state) is not GameState:
        check_arguments(state, action, "is_legal")
    return refusal(state, action) is None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``state.to_move`` takes *action*; *state* itself never changes.

    Every action value holds cells of the 11x16 layout and sane counts (its constructor sees to
    it), so any action is either accepted, exactly when :func:`legal_actions` lists it, or
    refused; a cell off a smaller custom board is refused naming R2.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState` or *action* not an
            action (a string is not: read it with :func:`~tigeuph.parse_action`).
        IllegalActionError: the rules forbid *action* here; ``clause`` names the rule.
    """
    if type(action) not in ACTION_TYPES or type(state) is not GameState:
        check_arguments(state, action, "apply")
    return _run(state, action, None)


def transition(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``state.to_move`` takes *action*, equal to :func:`apply`'s, and the
    events the action caused, in order (:mod:`tigeuph.tigris.events`): the same rule code does the
    work and tells it.

    >>> from tigeuph import new_game, parse_action
    >>> after, events = transition(new_game(2, seed=1), parse_action("pass"))
    >>> [str(e) for e in events][:2]
    ['Seat 0 passes, leaving 2 actions unused.', "Seat 1's turn."]

    The events tell everything, the colours of tiles drawn or exchanged too: what a player may
    know of one is :meth:`Event.seen_by(seat) <tigeuph.Event.seen_by>`.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState` or *action* not an
            action.
        IllegalActionError: the rules forbid *action* here; ``clause`` names the rule.
    """
    if type(action) not in ACTION_TYPES or type(state) is not GameState:
        check_arguments(state, action, "transition")
    events: list[Event] = []
    return _run(state, action, events), tuple(events)


def _run(state: GameState, action: Action, events: list[Event] | None) -> GameState:
    """:func:`apply`, telling what happens into *events* when it is a list."""
    pending = state.pending
    if pending is None:
        play = TURN_PLAYS.get(type(action))
        subject: object = state.active
    else:
        play = RULES.get((type(pending), type(action)))
        subject = pending
    if (
        play is None
        or state.ended is not None
        or play.condition(state, action, subject) is not None
    ):
        refused = refusal(state, action)
        assert refused is not None
        raise refused
    w = Work(state) if events is None else TellingWork(state, events)
    w.pending = None
    play.effect(w, action, subject)
    # What follows the action (spec R6), unless a new decision waits or the game has ended.
    if w.pending is None and w.ended is None:
        play.follow(w, action, pending)
    return w.freeze()


# --- outcome -------------------------------------------------------------------------------


@frozen
class Outcome:
    """How a finished game ended: why, and each player's result in seat order (spec R27)."""

    end: End
    results: tuple[PlayerResult, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The players ranked first (several on a full tie)."""
        return first_ranked(self.results)


def outcome(state: GameState) -> Outcome | None:
    """The result of a finished game, or ``None`` while it goes on.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState`.
    """
    expect(state, GameState, "a GameState", "outcome: state")
    if state.ended is None:
        return None
    return Outcome(state.ended, rank(state.points, state.treasures_taken))
