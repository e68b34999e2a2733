"""How the engine plays each kind of action, and lists the choices of each kind of decision.

Each kind of action (:data:`tigeuph.tigris.model.kinds.ACTION_KINDS`) has a :class:`Play` for each
decision it answers (``None`` between actions): the rule's *condition*, which says why the action is
refused (``None`` when it is legal); its *effect*, which carries it out on a scratch
:class:`~tigeuph.tigris.model.work.Work`; what *follows* it in the turn's pipeline (spec R6); and
the *clauses* that make it legal, with the first of its effects, for :func:`tigeuph.explain`. Each
kind of decision (:data:`tigeuph.tigris.model.kinds.DECISIONS`) has a :class:`Choices`: how the
actions answering it are listed, in the order :func:`tigeuph.legal_actions` gives. :data:`PLAYS` and
:data:`CHOICES` are built once, checked against the records of :mod:`tigeuph.tigris.model.kinds`,
and read by the engine (:func:`tigeuph.apply`, :func:`tigeuph.refusal`), the legal actions and
explain.

The condition, effect and clauses take the *subject*: the active player between actions, the
pending decision otherwise; what follows takes the decision answered (``None`` between actions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from attrs import frozen

from ..model.actions import (
    BUILD_MONUMENT,
    BUILD_WONDER,
    CHOOSE_WAR,
    COMMIT_SUPPORT,
    DECLINE_BUILDING,
    DECLINE_MONUMENT,
    DECLINE_WONDER,
    PLACE_BUILDING,
    SCORE_WONDER,
    TAKE_TREASURE,
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
from ..model.decisions import (
    BuildingChoice,
    Conflict,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from ..model.kinds import (
    ACTION_KINDS,
    DECISION_TYPES,
    DECISIONS,
    ActionKind,
    DecisionKind,
    action_kind,
    decision_kind,
)
from ..model.state import GameState
from ..model.work import Work
from ..rules.buildings import building_problem, decline_building, put_building
from ..rules.catastrophes import catastrophe_problem, place_catastrophe
from ..rules.conflicts import (
    choose_war,
    commit_support,
    contested_colours,
    support_colour,
    support_counts,
    support_problem,
    war_choice_problem,
)
from ..rules.exchange import exchange_problem, exchange_tiles, short_draw
from ..rules.monuments import available, build, decline_squares, monument_problem, square_colour
from ..rules.placement import (
    leader_problem,
    place_leader,
    place_tile,
    tile_problem,
    withdraw_leader,
    withdraw_problem,
)
from ..rules.treasures import take_treasure, takeable_now, treasure_problem
from ..rules.wonder import build_wonder, decline_crosses, score_wonder_point, wonder_problem
from .turn import (
    action_over,
    after_building,
    after_conflicts,
    after_monument,
    after_treasures,
    after_wars,
    after_wonder,
    close_turn,
    pass_turn,
    turn_over,
    unite,
)

__all__ = ["CHOICES", "PLAYS", "Choices", "Play", "Problem", "play_of"]

Problem = tuple[str, str] | None
"""``(clause, reason)`` when the rules refuse an action, else ``None``."""


@frozen
class Play:
    """How the engine plays one kind of action in answer to one decision (``answers``; ``None``
    between actions)."""

    kind: ActionKind
    answers: type[Any] | None
    condition: Callable[[GameState, Any, Any], Problem]
    """Why the rules refuse the action from (state, action, subject), or ``None``."""
    effect: Callable[[Work, Any, Any], None]
    """Carry the action out on (work, action, subject)."""
    follow: Callable[[Work, Any, Any], None]
    """Go on after it, on (work, action, the decision answered), unless a decision waits or
    the game has ended (spec R6)."""
    clauses: Callable[[GameState, Any, Any], list[str]]
    """The clauses that make the legal action legal on (state, action, subject), and the first
    of its effects (a new list, to extend)."""


@frozen
class Choices:
    """How the actions answering one kind of decision are listed."""

    kind: DecisionKind
    listed: Callable[[GameState, Any], tuple[Action, ...]]
    """The legal answers to (state, the pending decision), in the order of
    :func:`~tigeuph.legal_actions`."""


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


def _says(*clauses: str) -> Callable[[GameState, Any, Any], list[str]]:
    """Clauses that hold whatever the position."""
    return lambda _, __, ___: list(clauses)


def _untiled(w: Work, _: object, __: object) -> None:
    after_monument(w)  # a leader, a withdrawal, a catastrophe or a revolt places no tile


# The two commonest actions, spent without a second call (as _spend would).
def _place_tile(w: Work, action: PlaceTile, _: object) -> None:
    w.actions_left -= 1
    place_tile(w, w.active, action.colour, action.cell)


def _place_leader(w: Work, action: PlaceLeader, _: object) -> None:
    w.actions_left -= 1
    place_leader(w, w.active, action.colour, action.cell)


def _after_tile(w: Work, action: PlaceTile, _: object) -> None:
    if w.unification is not None:  # R16: the tile joined two kingdoms
        unite(w)
    else:
        after_conflicts(w, action.cell)


def _tile_clauses(state: GameState, action: PlaceTile, _: object) -> list[str]:
    touching = len(state.analysis().touching(action.cell))
    return ["R11", "R12" if touching == 2 else "R13"]


def _english(state: GameState) -> list[str]:
    return ["R28"] if state.rules.english_reinforcement else []


def _war_support_clauses(state: GameState, _: object, war: War) -> list[str]:
    if war.attacker_support is None:
        return ["R19", *_english(state)]
    more = len(contested_colours(state)) > 1  # the defender settles it: another may follow
    return ["R19", *_english(state), "R20", "R21"] if more else ["R19", *_english(state), "R20"]


def _play(
    action: type[Any],
    answers: type[Any] | None,
    condition: Callable[[GameState, Any, Any], Problem],
    effect: Callable[[Work, Any, Any], None],
    follow: Callable[[Work, Any, Any], None],
    clauses: Callable[[GameState, Any, Any], list[str]],
) -> Play:
    return Play(action_kind(action), answers, condition, effect, follow, clauses)


def _support_problem(state: GameState, action: CommitSupport, conflict: Conflict) -> Problem:
    return support_problem(state, conflict, action.count)  # R15, R19, R28: a revolt or a war


def _commit_support(w: Work, action: CommitSupport, conflict: Revolt | War) -> None:
    commit_support(w, conflict, action.count)


PLAYS: Final[tuple[Play, ...]] = (
    # Between actions (spec R5): the subject is the active player.
    _play(
        PlaceTile,
        None,
        lambda s, a, p: tile_problem(s, p, a.colour, a.cell),
        _place_tile,
        _after_tile,
        _tile_clauses,
    ),
    _play(
        PlaceLeader,
        None,
        lambda s, a, p: leader_problem(s, p, a.colour, a.cell),
        _place_leader,
        _untiled,
        _says("R8", "R9"),
    ),
    _play(
        WithdrawLeader,
        None,
        lambda s, a, p: withdraw_problem(s, p, a.colour),
        _spend(lambda w, a, p: withdraw_leader(w, p, a.colour)),
        _untiled,
        _says("R5"),
    ),
    _play(
        PlaceCatastrophe,
        None,
        lambda s, a, p: catastrophe_problem(s, p, a.cell),
        _spend(lambda w, a, p: place_catastrophe(w, p, a.cell)),
        _untiled,
        _says("R14"),
    ),
    _play(
        ExchangeTiles,
        None,
        lambda s, a, p: exchange_problem(s, p, a.counts),
        _spend(lambda w, a, p: exchange_tiles(w, p, a.counts)),
        lambda w, _, __: action_over(w),
        # D4: a short exchange ends the game at once (R26 comes with the game's end).
        lambda s, a, _: ["R5", "D4"] if short_draw(s, a.counts) else ["R5"],
    ),
    _play(
        EndTurn,
        None,
        _legal,
        lambda w, _, __: pass_turn(w),
        lambda w, _, __: turn_over(w),
        _says("R5"),
    ),
    # Decisions (spec R6): the subject is the pending decision.
    _play(
        CommitSupport,
        Revolt,
        _support_problem,
        _commit_support,
        _untiled,
        lambda s, _, __: ["R15", *_english(s)],
    ),
    _play(
        CommitSupport,
        War,
        _support_problem,
        _commit_support,
        lambda w, _, __: after_wars(w),  # R21: the next war of the unification
        _war_support_clauses,
    ),
    _play(
        ChooseWar,
        WarChoice,
        lambda s, a, d: war_choice_problem(d, a.colour),
        lambda w, a, d: choose_war(w, a.colour),
        _nothing,  # the war it starts always waits for support
        _says("R17"),
    ),
    _play(
        BuildMonument,
        MonumentChoice,
        lambda s, a, d: monument_problem(s, d, a.corner, a.monument),
        lambda w, a, d: build(w, a.corner, a.monument),
        lambda w, _, __: after_monument(w),
        _says("R22"),
    ),
    _play(
        DeclineMonument,
        MonumentChoice,
        _legal,
        lambda w, a, d: decline_squares(w, d.corners),
        lambda w, _, __: after_monument(w),
        lambda s, a, d: ["R22", "D3"] if len(d.corners) > 1 else ["R22"],
    ),
    _play(
        TakeTreasure,
        TreasureChoice,
        lambda s, a, d: treasure_problem(s, d, a.cell),
        lambda w, a, d: take_treasure(w, d, a.cell),
        lambda w, _, __: after_treasures(w),
        _says("R25"),
    ),
    _play(
        PlaceBuilding,
        BuildingChoice,
        lambda s, a, d: building_problem(d, a.cell),
        lambda w, a, d: put_building(w, d, a.cell),
        lambda w, _, d: after_building(w, d.placed),
        _says("R30"),
    ),
    _play(
        DeclineBuilding,
        BuildingChoice,
        _legal,
        lambda w, a, d: decline_building(w, d),
        lambda w, _, d: after_building(w, d.placed),
        _says("R30"),
    ),
    _play(
        BuildWonder,
        WonderChoice,
        lambda s, a, d: wonder_problem(d, a.centre),
        lambda w, a, d: build_wonder(w, a.centre),
        lambda w, _, d: after_wonder(w, d.placed),
        _says("R31"),
    ),
    _play(
        DeclineWonder,
        WonderChoice,
        _legal,
        lambda w, a, d: decline_crosses(w, d.centres),
        lambda w, _, d: after_wonder(w, d.placed),
        _says("R31"),
    ),
    _play(
        ScoreWonder,
        WonderPoint,
        _legal,
        lambda w, a, d: score_wonder_point(w, d.player, a.colour),
        lambda w, _, __: close_turn(w),
        _says("R31"),
    ),
)
"""How the engine plays each kind of action, once for each decision it answers."""


def _support(state: GameState, conflict: Conflict) -> tuple[Action, ...]:
    held = state.hands[conflict.player][support_colour(conflict)]
    if not state.rules.english_reinforcement:
        return COMMIT_SUPPORT[: held + 1]
    return tuple(COMMIT_SUPPORT[n] for n in support_counts(state, conflict, held))


def _monuments(state: GameState, choice: MonumentChoice) -> tuple[Action, ...]:
    builds: list[Action] = [DECLINE_MONUMENT]
    for corner in choice.corners:
        for m in available(state, square_colour(state, corner)):
            builds.append(BUILD_MONUMENT[m][corner])
    return tuple(builds)


_LISTED: Final[dict[type[Any], Callable[[GameState, Any], tuple[Action, ...]]]] = {
    Revolt: _support,
    War: _support,
    WarChoice: lambda s, d: tuple(CHOOSE_WAR[c] for c in d.colours),
    MonumentChoice: _monuments,
    TreasureChoice: lambda s, d: tuple(TAKE_TREASURE.pick(takeable_now(s, d.trader))),
    BuildingChoice: lambda s, d: (DECLINE_BUILDING, *(PLACE_BUILDING[c] for c in d.cells)),
    WonderChoice: lambda s, d: (DECLINE_WONDER, *(BUILD_WONDER[c] for c in d.centres)),
    WonderPoint: lambda s, d: SCORE_WONDER,
}

CHOICES: Final[Mapping[type[Any], Choices]] = {
    k.decision: Choices(decision_kind(k.decision), _LISTED[k.decision]) for k in DECISIONS
}
"""How each kind of decision's answers are listed, by decision class."""

RULES: Final[dict[tuple[type[Any] | None, type[Any]], Play]] = {
    (play.answers, play.kind.action): play for play in PLAYS
}
"""Each play by (the decision it answers or ``None``, the action class): the engine's table."""

TURN_PLAYS: Final[dict[type[Any], Play]] = {
    action: play for (answers, action), play in RULES.items() if answers is None
}
"""The plays between actions, by action class: :data:`RULES` for no pending decision, looked
up without building a key."""

# The plays answer exactly the decisions each record names, and every decision has choices.
assert len(RULES) == len(PLAYS)
assert set(RULES) == {(d, k.action) for k in ACTION_KINDS for d in k.answers}
assert set(_LISTED) == set(DECISION_TYPES)


def play_of(state: GameState, action: Action) -> Play | None:
    """The play of *action* in *state*: ``None`` when its kind does not answer what the state
    waits for (a turn action while a decision is pending, or the other way round)."""
    pending = state.pending
    return RULES.get((type(pending) if pending is not None else None, type(action)))
