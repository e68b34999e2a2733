"""Explanations: why an action is legal or illegal and what it would cause, citing the spec.

:func:`explain` is what a person settling a dispute calls. It never changes the state: it asks
:func:`tigeuph.apply` for the state after the action (``apply`` never mutates its input) and
reads the consequences off the difference between the two states. Conflict strengths come from
the engine's own functions in ``rules/conflicts.py``, so they are the numbers the engine fights
with.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> print(tigeuph.explain(state, tigeuph.parse_action("rE1")))
Illegal (R11): rE1: a red tile never goes on a river (E1).
>>> done = tigeuph.explain(state, tigeuph.parse_action("pass"))
>>> done.legal, done.clauses, done.points
(True, ('R5', 'R7'), ())
>>> print(done)
Legal (R5, R7). Nobody scores. The turn ends; seat 1 plays next.
"""

from __future__ import annotations

from typing import Literal

from attrs import evolve, frozen

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
from .cells import Cell, cell_name, cells_of
from .decisions import (
    BuildingChoice,
    Conflict,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from .engine import apply, check_arguments
from .errors import IllegalActionError
from .pieces import COLOURS, Colour
from .rules.conflicts import board_strengths, contested_colours
from .rules.monuments import monument_points
from .state import GameState
from .work import Work

__all__ = ["ConflictInfo", "Explanation", "explain"]


@frozen
class ConflictInfo:
    """A revolt or war an action starts, takes part in or settles (spec R15, R19).

    ``attacker_strength`` and ``defender_strength`` are the board strengths the engine counts:
    face-up temples beside each leader in a revolt (R15), face-up tiles of the war's colour on
    each leader's side in a war (R19). Support is ``None`` until that side has committed;
    ``winner`` is ``None`` until the conflict is settled.
    """

    kind: Literal["revolt", "war"]
    colour: Colour
    attacker: int
    defender: int
    attacker_strength: int
    defender_strength: int
    attacker_support: int | None = None
    defender_support: int | None = None
    winner: int | None = None


@frozen
class Explanation:
    """What :func:`explain` found: the clauses behind an action and what it would cause.

    ``clauses`` are those that make the action legal and those its consequences follow, in the
    order they apply; for an illegal action, the one it breaks, with the error's words in
    ``reason`` (empty when legal). ``points`` holds ``(player, colour, gained)``;
    ``treasures_taken`` ``(player, taken)``; ``removed_tiles`` ``(cell, colour)`` for face-up
    tiles that left the board; ``withdrawn`` ``(player, colour)`` for leaders sent back to
    supply, not counting the one a :class:`~tigeuph.WithdrawLeader` withdraws; ``vanished_wars``
    the colours of wars of the unification that will no longer be fought (R21).
    ``next_decision`` says in words who must decide what once the action is taken;
    ``turn_ends`` whether the end of the turn (R7) runs during it. An illegal action causes
    nothing: every consequence is empty.
    """

    action: Action
    legal: bool
    clauses: tuple[str, ...]
    reason: str = ""
    points: tuple[tuple[int, Colour, int], ...] = ()
    treasures_taken: tuple[tuple[int, int], ...] = ()
    removed_tiles: tuple[tuple[Cell, Colour], ...] = ()
    withdrawn: tuple[tuple[int, Colour], ...] = ()
    conflict: ConflictInfo | None = None
    vanished_wars: tuple[Colour, ...] = ()
    next_decision: str | None = None
    monument_possible: bool = False
    turn_ends: bool = False
    next_player: int | None = None
    """Whose turn it is once the action is taken (``None`` once the game is over)."""
    monument_points: tuple[tuple[int, Colour, int], ...] = ()
    """The part of ``points`` scored from monuments at the end of the turn (spec R24)."""
    game_over: bool = False

    def __str__(self) -> str:
        return _describe(self)


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
    conflict = _conflict(state, action, after)
    turn_ends = _turn_ends(state, action, after)
    from_monuments = _monument_points(state, after) if turn_ends else ()
    treasures = _treasures(state, after)

    clauses = _action_clauses(state, action)
    if isinstance(action, PlaceTile) and any(n == 2 for _, _, n in _points(state, after)):
        clauses.append("R30")  # the kingdom holds the colour's building: double points
    if isinstance(after.pending, Revolt) and after.pending.attacker_support is None:
        clauses.append("R15")
    if isinstance(after.pending, WarChoice):
        clauses.append("R17")
    if isinstance(after.pending, War) and after.pending.attacker_support is None:
        clauses += ["R17", "R18", "R19"]  # a war starts: which, who attacks, how strong
    if any(w != _loser(conflict) for w in withdrawn):
        clauses.append("R10")
    if treasures or isinstance(after.pending, TreasureChoice):
        clauses.append("R25")
    if isinstance(after.pending, BuildingChoice):
        clauses.append("R30")
    if isinstance(after.pending, WonderChoice | WonderPoint):
        clauses.append("R31")
    if isinstance(after.pending, MonumentChoice):
        clauses.append("R22")
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
        points=_points(state, after),
        treasures_taken=treasures,
        removed_tiles=_removed(state, after),
        withdrawn=withdrawn,
        conflict=conflict,
        vanished_wars=_vanished_wars(state, action, after),
        next_decision=_decision_text(after.pending) if not after.is_over else None,
        monument_possible=isinstance(after.pending, MonumentChoice),
        turn_ends=turn_ends,
        next_player=None if after.is_over else after.active,
        monument_points=from_monuments,
        game_over=after.is_over,
    )


# --- the clauses of the action itself ----------------------------------------------------------


def _action_clauses(state: GameState, action: Action) -> list[str]:
    """The clauses that make *action* legal, and the first of its effects (a list to extend)."""
    match action:
        case PlaceTile():
            touching = len(state.analysis().touching(action.cell))
            return ["R11", "R12" if touching == 2 else "R13"]
        case PlaceLeader():
            return ["R8", "R9"]
        case WithdrawLeader() | EndTurn():
            return ["R5"]
        case PlaceCatastrophe():
            return ["R14"]
        case ExchangeTiles():
            # D4: a short exchange ends the game at once (R26 comes with the game's end).
            return ["R5", "D4"] if len(state.bag) < sum(action.counts) else ["R5"]
        case CommitSupport():
            english = ["R28"] if state.rules.english_reinforcement else []
            if isinstance(state.pending, Revolt):
                return ["R15", *english]
            assert isinstance(state.pending, War)
            if state.pending.attacker_support is None:
                return ["R19", *english]
            more = len(contested_colours(Work(state))) > 1
            return ["R19", *english, "R20", "R21"] if more else ["R19", *english, "R20"]
        case ChooseWar():
            return ["R17"]
        case BuildMonument():
            return ["R22"]
        case DeclineMonument():
            assert isinstance(state.pending, MonumentChoice)
            return ["R22", "D3"] if len(state.pending.corners) > 1 else ["R22"]
        case TakeTreasure():
            return ["R25"]
        case PlaceBuilding() | DeclineBuilding():
            return ["R30"]
        case BuildWonder() | DeclineWonder():
            return ["R31"]
        case ScoreWonder():
            return ["R31"]


# --- consequences, read off the two states -----------------------------------------------------


def _points(before: GameState, after: GameState) -> tuple[tuple[int, Colour, int], ...]:
    return tuple(
        (p, colour, after.points[p][colour] - before.points[p][colour])
        for p in range(before.players)
        for colour in COLOURS
        if after.points[p][colour] != before.points[p][colour]
    )


def _treasures(before: GameState, after: GameState) -> tuple[tuple[int, int], ...]:
    return tuple(
        (p, after.treasures_taken[p] - before.treasures_taken[p])
        for p in range(before.players)
        if after.treasures_taken[p] != before.treasures_taken[p]
    )


def _removed(before: GameState, after: GameState) -> tuple[tuple[Cell, Colour], ...]:
    """Face-up tiles that left the board (a tile turned face down under a monument stays)."""
    gone = [
        (c, colour)
        for colour, was, now in zip(COLOURS, before.tiles, after.tiles, strict=True)
        for c in cells_of(was & ~now & ~after.flipped)
    ]
    return tuple(sorted(gone))


def _turn_ends(before: GameState, action: Action, after: GameState) -> bool:
    """Whether the end of the turn (spec R7) ran during *action*."""
    if after.active != before.active:
        return True
    if after.ended is None:
        return False
    # The game ended: at the end of the turn, unless a short exchange ended it at once (D4).
    return not (isinstance(action, ExchangeTiles) and len(before.bag) < sum(action.counts))


def _monument_points(before: GameState, after: GameState) -> tuple[tuple[int, Colour, int], ...]:
    """The points the end of the turn gave from monuments (spec R24).

    The end of the turn changes no board cell and no leader, so the engine's own
    ``monument_points`` on a scratch copy of *after* counts them again.
    """
    scratch = Work(after)
    monument_points(scratch, before.active)
    return tuple(
        (before.active, colour, gained)
        for colour, was, now in zip(
            COLOURS, after.points[before.active], scratch.points[before.active], strict=True
        )
        if (gained := now - was)
    )


def _conflict(state: GameState, action: Action, after: GameState) -> ConflictInfo | None:
    """The revolt or war *action* starts, takes part in or settles."""
    pending = state.pending
    settles = isinstance(pending, Revolt | War) and pending.attacker_support is not None
    if isinstance(action, CommitSupport) and isinstance(pending, Revolt | War) and settles:
        # The defender's support settles it: the strengths are those of the board before.
        attacker_lost = after.leaders[pending.attacker][pending.colour] is None
        winner = pending.defender if attacker_lost else pending.attacker
        return evolve(_info(state, pending), defender_support=action.count, winner=winner)
    if isinstance(after.pending, Revolt | War):
        return _info(after, after.pending)
    return None


def _loser(conflict: ConflictInfo | None) -> tuple[int, Colour] | None:
    """The leader a settled conflict sends home, as ``(player, colour)``."""
    if conflict is None or conflict.winner is None:
        return None
    attacker_won = conflict.winner == conflict.attacker
    return (conflict.defender if attacker_won else conflict.attacker), conflict.colour


def _info(state: GameState, conflict: Conflict) -> ConflictInfo:
    """*conflict* as it stands in *state*, both leaders on the board.

    One source of truth: the strengths come from ``rules/conflicts:board_strengths``, the
    numbers the engine fights with.
    """
    attack, defence = board_strengths(state, conflict)
    kind: Literal["revolt", "war"] = "revolt" if isinstance(conflict, Revolt) else "war"
    return ConflictInfo(
        kind,
        conflict.colour,
        conflict.attacker,
        conflict.defender,
        attack,
        defence,
        conflict.attacker_support,
    )


def _vanished_wars(state: GameState, action: Action, after: GameState) -> tuple[Colour, ...]:
    """Wars of the unification that a settled war leaves unfought (spec R21)."""
    pending = state.pending
    if not (isinstance(action, CommitSupport) and isinstance(pending, War)):
        return ()
    if pending.attacker_support is None:
        return ()
    still = contested_colours(Work(after)) if after.unification is not None else []
    return tuple(
        colour
        for colour in contested_colours(Work(state))
        if colour is not pending.colour and colour not in still
    )


# --- words ---------------------------------------------------------------------------------


def _name(colour: Colour) -> str:
    return colour.name.lower()


def _decision_text(pending: Decision | None) -> str | None:
    """The pending decision in words."""
    match pending:
        case None:
            return None
        case Revolt() | War():
            kind = "revolt" if isinstance(pending, Revolt) else "war"
            tiles = "red" if isinstance(pending, Revolt) else _name(pending.colour)
            role = "attacker" if pending.attacker_support is None else "defender"
            return (
                f"seat {pending.player} commits support ({tiles} tiles) as the {role} "
                f"in a {_name(pending.colour)} {kind}"
            )
        case WarChoice():
            colours = " or ".join(_name(c) for c in pending.colours)
            return f"seat {pending.player} chooses the next war: {colours}"
        case MonumentChoice():
            squares = ", ".join(cell_name(c) for c in pending.corners)
            return f"seat {pending.player} builds a monument on the square at {squares} or declines"
        case TreasureChoice():
            return (
                f"seat {pending.player} takes a treasure from the kingdom of the trader on "
                f"{cell_name(pending.trader)}"
            )
        case BuildingChoice():
            cells = ", ".join(cell_name(c) for c in pending.cells)
            return (
                f"seat {pending.player} puts the {pending.colour.building} on one of {cells} "
                "or declines"
            )
        case WonderChoice():
            centres = ", ".join(cell_name(c) for c in pending.centres)
            return f"seat {pending.player} builds the wonder on the cross at {centres} or declines"
        case WonderPoint():
            return f"seat {pending.player} chooses the colour of the wonder's point"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _scores(points: tuple[tuple[int, Colour, int], ...]) -> str:
    """``seat 0 scores 1 red point and 3 green points; seat 1 scores ...`` ("" for none)."""
    by_player: dict[int, list[str]] = {}
    for p, colour, n in points:
        by_player.setdefault(p, []).append(_plural(n, f"{_name(colour)} point"))
    text = "; ".join(f"seat {p} scores {' and '.join(got)}" for p, got in by_player.items())
    return text + "." if text else ""


def _minus(
    points: tuple[tuple[int, Colour, int], ...], part: tuple[tuple[int, Colour, int], ...]
) -> tuple[tuple[int, Colour, int], ...]:
    """*points* less the points in *part* (a share of them)."""
    taken = {(p, colour): n for p, colour, n in part}
    out = ((p, colour, n - taken.get((p, colour), 0)) for p, colour, n in points)
    return tuple(pt for pt in out if pt[2])


def _side(strength: int, support: int | None) -> str:
    if support is None:
        return f"{strength} on the board"
    return f"{strength} + {support} committed = {strength + support}"


def _conflict_text(c: ConflictInfo) -> str:
    basis = (
        "temples beside each leader, R15"
        if c.kind == "revolt"
        else (f"{_name(c.colour)} tiles on each side, R19")
    )
    text = (
        f"{_name(c.colour).title()} {c.kind} ({basis}): seat {c.attacker} attacks with "
        f"{_side(c.attacker_strength, c.attacker_support)}, seat {c.defender} defends with "
        f"{_side(c.defender_strength, c.defender_support)}"
    )
    if c.winner is not None:
        tie = (
            c.attacker_support is not None
            and c.defender_support is not None
            and (
                c.attacker_strength + c.attacker_support == c.defender_strength + c.defender_support
            )
        )
        text += f"; seat {c.winner} wins" + (" (ties go to the defender)" if tie else "")
    return text + "."


def _describe(e: Explanation) -> str:
    if not e.legal:
        return f"Illegal ({', '.join(e.clauses)}): {e.reason}."
    out = [f"Legal ({', '.join(e.clauses)})."]
    if e.conflict is not None:
        out.append(_conflict_text(e.conflict))
    for colour in e.vanished_wars:
        out.append(
            f"The {_name(colour)} war vanishes: its leaders no longer face each other (R21)."
        )
    if e.removed_tiles:
        tiles = ", ".join(f"{_name(colour)} on {cell_name(c)}" for c, colour in e.removed_tiles)
        out.append(f"Tiles leave the board: {tiles}.")
    for p, colour in e.withdrawn:
        why = "" if (p, colour) == _loser(e.conflict) else " (R10: no temple beside it)"
        out.append(f"Seat {p}'s {colour.leader} returns to supply{why}.")
    scored = _scores(_minus(e.points, e.monument_points))
    out.append(scored[:1].upper() + scored[1:] if scored else "Nobody scores.")
    if e.monument_points:
        out.append(f"At the end of the turn, from monuments (R24): {_scores(e.monument_points)}")
    for p, n in e.treasures_taken:
        out.append(f"Seat {p} takes {_plural(n, 'treasure')} (R25).")
    if e.next_decision is not None:
        out.append(f"Next, {e.next_decision}.")
    if e.game_over:
        out.append("The game ends (R26).")
    elif e.turn_ends:
        out.append(f"The turn ends; seat {e.next_player} plays next.")
    return " ".join(out)
