"""The engine: :func:`legal_actions`, :func:`apply` and :func:`outcome`."""

from __future__ import annotations

from typing import Final, get_args

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
from .cells import cell_name
from .decisions import (
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
from .errors import ArgumentTypeError, IllegalActionError, expect
from .pieces import COLOURS, Colour
from .rules.buildings import doubled, place_building
from .rules.conflicts import (
    board_strengths,
    finish_revolt,
    finish_war,
    revolt_for,
    start_war,
    support_counts,
)
from .rules.monuments import available, build, square_colour
from .rules.placement import (
    catastrophe_cells,
    catastrophe_problem,
    leader_cells,
    leader_problem,
    tile_cells,
    tile_problem,
)
from .rules.scoring import PlayerResult, rank, scorer
from .rules.treasures import takeable, takeable_now
from .rules.wonder import build_wonder
from .state import End, GameState
from .turn import (
    after_building,
    after_conflicts,
    after_monument,
    after_treasures,
    after_wars,
    after_wonder,
    end_turn,
    finish_action,
    finish_turn,
)
from .work import Work

__all__ = ["Outcome", "apply", "outcome"]


def _count_of(colour: Colour, n: int) -> tuple[int, int, int, int]:
    """*n* tiles of *colour*, as counts per colour."""
    counts = [0, 0, 0, 0]
    counts[colour] = n
    return counts[0], counts[1], counts[2], counts[3]


_ONE = tuple(_count_of(colour, 1) for colour in COLOURS)


# --- apply ---------------------------------------------------------------------------------


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
    if state.ended is not None:
        raise IllegalActionError("R26", f"{action}: the game is over")
    pending = state.pending
    if pending is None:
        return _apply_turn_action(state, action)
    if isinstance(pending, Conflict):
        if not isinstance(action, CommitSupport):
            raise _waiting(action, pending, "support to be committed (+n)")
        colour = Colour.RED if isinstance(pending, Revolt) else pending.colour
        have = state.hands[pending.player][colour]
        if action.count > have:
            clause = "R15" if isinstance(pending, Revolt) else "R19"
            raise IllegalActionError(
                clause, f"{action}: player {pending.player} holds only {have} {colour.name.lower()}"
            )
        if action.count not in support_counts(state, pending, have):
            raise IllegalActionError("R28", f"{action}: {_english_problem(state, pending)}")
        return _commit(state, pending, colour, action.count)
    if isinstance(pending, WarChoice):
        if not isinstance(action, ChooseWar):
            raise _waiting(action, pending, "the next war to be chosen (!colour)")
        if action.colour not in pending.colours:
            raise IllegalActionError(
                "R17", f"{action}: there is no {action.colour.name.lower()} war to fight"
            )
        w = Work(state)
        w.pending = start_war(w, action.colour)
        return w.freeze()
    if isinstance(pending, MonumentChoice):
        return _monument(state, pending, action)
    if isinstance(pending, BuildingChoice):
        return _building(state, pending, action)
    if isinstance(pending, WonderChoice):
        return _wonder(state, pending, action)
    if isinstance(pending, WonderPoint):
        if not isinstance(action, ScoreWonder):
            raise _waiting(action, pending, "the colour of the wonder's point (*colour)")
        w = Work(state)
        w.score(pending.player, action.colour, 1)
        w.pending = None
        finish_turn(w)
        return w.freeze()
    return _treasure(state, pending, action)


def _english_problem(state: GameState, pending: Conflict) -> str:
    """Why a support count breaks English reinforcement (spec R28), in words."""
    attack, defence = board_strengths(state, pending)
    if pending.attacker_support is None:
        return (
            f"under English reinforcement the attacker commits nothing or enough to exceed the "
            f"defender's {defence} on the board (he has {attack})"
        )
    total = attack + pending.attacker_support
    return (
        f"under English reinforcement the defender commits nothing or exactly enough to tie "
        f"the attacker's {total} (he has {defence} on the board)"
    )


def _waiting(action: Action, pending: object, what: str) -> IllegalActionError:
    return IllegalActionError("R6", f"{action}: play waits for {what}")


def _apply_turn_action(state: GameState, action: Action) -> GameState:
    player = state.active
    hand = state.hands[player]
    if isinstance(action, EndTurn):
        w = Work(state)
        end_turn(w)
        return w.freeze()
    if isinstance(action, PlaceTile):
        colour, c = action.colour, action.cell
        if not hand[colour]:
            raise IllegalActionError("R5", f"{action}: no {colour.name.lower()} tile in hand")
        if not tile_cells(state, colour) >> c & 1:
            clause, reason = tile_problem(state, colour, c)
            raise IllegalActionError(clause, f"{action}: {reason}")
        touching = state.analysis().touching(c)
        w = Work(state)
        w.take_from_hand(player, _ONE[colour])
        w.place_tile(colour, c, len(touching))
        w.actions_left -= 1
        if len(touching) == 2:  # R12, R16: a unification
            w.unification = c
            after_wars(w)
        else:
            if touching:  # R13
                who = scorer(w.leaders, colour, touching[0])
                if who is not None:
                    # R30: the kingdom the tile is now part of may hold the colour's building.
                    double = state.rules.buildings and doubled(
                        w, colour, w.analysis().kingdom_at(c)
                    )
                    w.score(who, colour, 2 if double else 1)
            after_conflicts(w, c)
        return w.freeze()
    if isinstance(action, PlaceLeader):
        colour, c = action.colour, action.cell
        if not leader_cells(state, player, colour) >> c & 1:
            clause, reason = leader_problem(state, player, colour, c)
            raise IllegalActionError(clause, f"{action}: {reason}")
        w = Work(state)
        w.move_leader(player, colour, c)
        w.actions_left -= 1
        revolt = revolt_for(w, player, colour)
        if revolt is not None:
            w.pending = revolt
        else:
            after_conflicts(w, None)
        return w.freeze()
    if isinstance(action, WithdrawLeader):
        if state.leaders[player][action.colour] is None:
            raise IllegalActionError(
                "R5", f"{action}: the {action.colour.leader} is not on the board"
            )
        w = Work(state)
        w.move_leader(player, action.colour, None)
        w.actions_left -= 1
        after_conflicts(w, None)
        return w.freeze()
    if isinstance(action, PlaceCatastrophe):
        c = action.cell
        if not state.catastrophe_tiles[player]:
            raise IllegalActionError("R14", f"{action}: no catastrophe tile left")
        if not catastrophe_cells(state) >> c & 1:
            clause, reason = catastrophe_problem(state, c)
            raise IllegalActionError(clause, f"{action}: {reason}")
        w = Work(state)
        for colour in COLOURS:
            w.remove_tiles(colour, 1 << c)
        w.catastrophes |= 1 << c
        w.catastrophe_tiles[player] -= 1
        w.actions_left -= 1
        after_conflicts(w, None)
        return w.freeze()
    if isinstance(action, ExchangeTiles):
        if any(n > h for n, h in zip(action.counts, hand, strict=True)):
            raise IllegalActionError("R5", f"{action}: those tiles are not all in hand")
        w = Work(state)
        w.take_from_hand(player, action.counts)
        old, n = w.discarded[player], action.counts
        w.discarded[player] = (old[0] + n[0], old[1] + n[1], old[2] + n[2], old[3] + n[3])
        w.actions_left -= 1
        if not w.draw(player, sum(action.counts)):
            w.ended = End.BAG  # R26: a short draw ends the game at once
        else:
            finish_action(w)
        return w.freeze()
    raise IllegalActionError("R5", f"{action}: no decision is pending; play a turn action")


def _commit(state: GameState, pending: Revolt | War, colour: Colour, count: int) -> GameState:
    w = Work(state)
    w.take_from_hand(pending.player, _count_of(colour, count))
    w.removed[colour] += count  # R15, R20: committed tiles leave the game
    if pending.attacker_support is None:
        w.pending = evolve(pending, attacker_support=count)
    elif isinstance(pending, Revolt):
        w.pending = None
        finish_revolt(w, pending, count)
        after_conflicts(w, None)
    else:
        w.pending = None
        finish_war(w, pending, count)
        after_wars(w)
    return w.freeze()


def _monument(state: GameState, pending: MonumentChoice, action: Action) -> GameState:
    w = Work(state)
    if isinstance(action, DeclineMonument):
        for corner in pending.corners:
            w.declined |= 1 << corner
    elif isinstance(action, BuildMonument):
        if action.corner not in pending.corners:
            raise IllegalActionError(
                "R22", f"{action}: no buildable square has its corner on {cell_name(action.corner)}"
            )
        colour = square_colour(state, action.corner)
        if action.monument not in available(state, colour):
            raise IllegalActionError(
                "R22",
                f"{action}: the {action.monument.code} monument is built already or has no "
                f"{colour.name.lower()}",
            )
        build(w, action.corner, action.monument)
    else:
        raise _waiting(action, pending, "a monument to be built (m..) or declined (m-)")
    w.pending = None
    after_monument(w)
    return w.freeze()


def _building(state: GameState, pending: BuildingChoice, action: Action) -> GameState:
    w = Work(state)
    if isinstance(action, PlaceBuilding):
        if action.cell not in pending.cells:
            raise IllegalActionError(
                "R30",
                f"{action}: the {pending.colour.building} may go only on a run of three or more "
                f"through {cell_name(pending.placed)}, longer than the longest through its tile",
            )
        place_building(w, pending.colour, action.cell)
    elif not isinstance(action, DeclineBuilding):
        raise _waiting(action, pending, "a building to be placed (@cell) or declined (@-)")
    w.pending = None
    after_building(w, pending.placed)
    return w.freeze()


def _wonder(state: GameState, pending: WonderChoice, action: Action) -> GameState:
    w = Work(state)
    if isinstance(action, BuildWonder):
        if action.centre not in pending.centres:
            raise IllegalActionError(
                "R31", f"{action}: no buildable cross is centred on {cell_name(action.centre)}"
            )
        build_wonder(w, action.centre)
    elif isinstance(action, DeclineWonder):
        for centre in pending.centres:
            w.declined_crosses |= 1 << centre
    else:
        raise _waiting(action, pending, "the wonder to be built (w..) or declined (w-)")
    w.pending = None
    after_wonder(w, pending.placed)
    return w.freeze()


def _treasure(state: GameState, pending: TreasureChoice, action: Action) -> GameState:
    if not isinstance(action, TakeTreasure):
        raise _waiting(action, pending, "a treasure to be taken ($cell)")
    allowed = takeable_now(state, pending.trader)
    if not allowed >> action.cell & 1:
        special = allowed & state.rules.board.special
        why = "a special treasure must be taken first" if special else "no treasure to take there"
        raise IllegalActionError("R25", f"{action}: {why}")
    w = Work(state)
    w.treasures &= ~(1 << action.cell)
    w.treasures_taken[pending.player] += 1
    if not takeable(w.analysis().kingdom_at(pending.trader), w.treasures, w.rules.board.special):
        after_treasures(w)
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
