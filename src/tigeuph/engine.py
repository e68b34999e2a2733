"""The engine: :func:`is_legal`, :func:`refusal`, :func:`apply` and :func:`outcome`.

The engine only dispatches. For the decision a state waits for (none between actions) and the
kind of action, :data:`_RULES` names the rule module's condition, which says why the action is
refused (``None`` when it is legal), and its effect, which carries it out on a scratch
:class:`~tigeuph.work.Work`; :func:`tigeuph.turn.follow` then says what comes next. The list of
legal actions lives in :mod:`tigeuph.legal`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, get_args

from attrs import frozen

from .actions import (
    Action,
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
from .decisions import (
    BuildingChoice,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from .errors import ArgumentTypeError, IllegalActionError, expect
from .rules.buildings import building_problem, place_building
from .rules.catastrophes import catastrophe_problem, place_catastrophe
from .rules.conflicts import choose_war, commit_support, support_problem, war_choice_problem
from .rules.exchange import exchange_problem, exchange_tiles
from .rules.monuments import build, decline_squares, monument_problem
from .rules.placement import (
    leader_problem,
    place_leader,
    place_tile,
    tile_problem,
    withdraw_leader,
    withdraw_problem,
)
from .rules.scoring import PlayerResult, rank
from .rules.treasures import take_treasure, treasure_problem
from .rules.wonder import build_wonder, decline_crosses, score_wonder_point, wonder_problem
from .state import End, GameState
from .turn import follow
from .work import Work

__all__ = ["Outcome", "apply", "is_legal", "outcome", "refusal"]

Problem = tuple[str, str] | None
"""``(clause, reason)`` when the rules refuse an action, else ``None``."""


def _legal(*_: object) -> Problem:
    return None


def _nothing(*_: object) -> None:
    pass


def _spend(effect: Callable[[Work, Any, int], None]) -> Callable[[Work, Any, Any], None]:
    """A turn action's effect: it uses one of the active player's actions (spec R5)."""

    def spent(w: Work, action: Any, _: object) -> None:
        w.actions_left -= 1
        effect(w, action, w.active)

    return spent


_Rule = tuple[Callable[[GameState, Any, Any], Problem], Callable[[Work, Any, Any], None]]

_SUPPORT: Final[_Rule] = (
    lambda s, a, d: support_problem(s, d, a.count),
    lambda w, a, d: commit_support(w, d, a.count),
)
"""Committing support, to a revolt or a war alike (spec R15, R19, R28)."""

_RULES: Final[dict[tuple[type | None, type], _Rule]] = {
    # Between actions (spec R5): (condition (state, action, player), effect (work, action, player)).
    (None, EndTurn): (_legal, _nothing),
    (None, PlaceTile): (
        lambda s, a, p: tile_problem(s, p, a.colour, a.cell),
        _spend(lambda w, a, p: place_tile(w, p, a.colour, a.cell)),
    ),
    (None, PlaceLeader): (
        lambda s, a, p: leader_problem(s, p, a.colour, a.cell),
        _spend(lambda w, a, p: place_leader(w, p, a.colour, a.cell)),
    ),
    (None, WithdrawLeader): (
        lambda s, a, p: withdraw_problem(s, p, a.colour),
        _spend(lambda w, a, p: withdraw_leader(w, p, a.colour)),
    ),
    (None, PlaceCatastrophe): (
        lambda s, a, p: catastrophe_problem(s, p, a.cell),
        _spend(lambda w, a, p: place_catastrophe(w, p, a.cell)),
    ),
    (None, ExchangeTiles): (
        lambda s, a, p: exchange_problem(s, p, a.counts),
        _spend(lambda w, a, p: exchange_tiles(w, p, a.counts)),
    ),
    # Decisions (spec R6): (condition (state, action, decision), effect (work, action, decision)).
    (Revolt, CommitSupport): _SUPPORT,
    (War, CommitSupport): _SUPPORT,
    (WarChoice, ChooseWar): (
        lambda s, a, d: war_choice_problem(d, a.colour),
        lambda w, a, d: choose_war(w, a.colour),
    ),
    (MonumentChoice, BuildMonument): (
        lambda s, a, d: monument_problem(s, d, a.corner, a.monument),
        lambda w, a, d: build(w, a.corner, a.monument),
    ),
    (MonumentChoice, DeclineMonument): (_legal, lambda w, a, d: decline_squares(w, d.corners)),
    (BuildingChoice, PlaceBuilding): (
        lambda s, a, d: building_problem(d, a.cell),
        lambda w, a, d: place_building(w, d.colour, a.cell),
    ),
    (BuildingChoice, DeclineBuilding): (_legal, _nothing),
    (WonderChoice, BuildWonder): (
        lambda s, a, d: wonder_problem(d, a.centre),
        lambda w, a, d: build_wonder(w, a.centre),
    ),
    (WonderChoice, DeclineWonder): (_legal, lambda w, a, d: decline_crosses(w, d.centres)),
    (WonderPoint, ScoreWonder): (_legal, lambda w, a, d: score_wonder_point(w, d.player, a.colour)),
    (TreasureChoice, TakeTreasure): (
        lambda s, a, d: treasure_problem(s, d, a.cell),
        lambda w, a, d: take_treasure(w, d, a.cell),
    ),
}
"""For each decision a state may wait for and each kind of action: the rule's condition and
its effect."""

_WAITS_FOR: Final[dict[type, str]] = {
    Revolt: "support to be committed (+n)",
    War: "support to be committed (+n)",
    WarChoice: "the next war to be chosen (!colour)",
    MonumentChoice: "a monument to be built (m..) or declined (m-)",
    BuildingChoice: "a building to be placed (@cell) or declined (@-)",
    WonderChoice: "the wonder to be built (w..) or declined (w-)",
    WonderPoint: "the colour of the wonder's point (*colour)",
    TreasureChoice: "a treasure to be taken ($cell)",
}
"""What each decision waits for, in words (an action of another kind is refused, spec R6)."""

ACTION_TYPES: Final = frozenset(get_args(Action))
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
    rule = _RULES.get((type(pending) if pending is not None else None, type(action)))
    if rule is None:
        if pending is None:
            return IllegalActionError("R5", f"{action}: no decision is pending; play a turn action")
        return IllegalActionError("R6", f"{action}: play waits for {_WAITS_FOR[type(pending)]}")
    found = rule[0](state, action, state.active if pending is None else pending)
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
    pending = state.pending
    rule = _RULES.get((type(pending) if pending is not None else None, type(action)))
    subject = state.active if pending is None else pending
    if rule is None or state.ended is not None or rule[0](state, action, subject) is not None:
        refused = refusal(state, action)
        assert refused is not None
        raise refused
    w = Work(state)
    w.pending = None
    rule[1](w, action, subject)
    follow(w, action, pending)
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
        return tuple(r.player for r in self.results if r.rank == 1)


def outcome(state: GameState) -> Outcome | None:
    """The result of a finished game, or ``None`` while it goes on.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState`.
    """
    expect(state, GameState, "a GameState", "outcome: state")
    if state.ended is None:
        return None
    return Outcome(state.ended, rank(state.points, state.treasures_taken))
