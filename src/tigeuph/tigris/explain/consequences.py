"""What an action caused, read off the states before and after it, with the engine's own
rule functions where a number must be counted again."""

from __future__ import annotations

from attrs import evolve

from ..model.actions import Action, CommitSupport, ExchangeTiles, PlaceTile
from ..model.cells import Cell, cells_of
from ..model.decisions import Conflict, Revolt, War
from ..model.pieces import COLOURS, Colour
from ..model.state import GameState
from ..model.work import Work
from ..rules.buildings import doubled
from ..rules.conflicts import board_strengths, contested_colours
from ..rules.exchange import short_draw
from ..rules.monuments import monument_points
from ..rules.scoring import scorer
from .values import ConflictInfo

__all__ = [
    "conflict_info",
    "ends_turn",
    "monument_points_gained",
    "points_gained",
    "removed_tiles",
    "tile_doubled",
    "treasures_gained",
    "vanished_wars",
]


def points_gained(before: GameState, after: GameState) -> tuple[tuple[int, Colour, int], ...]:
    return tuple(
        (p, colour, after.points[p][colour] - before.points[p][colour])
        for p in range(before.players)
        for colour in COLOURS
        if after.points[p][colour] != before.points[p][colour]
    )


def treasures_gained(before: GameState, after: GameState) -> tuple[tuple[int, int], ...]:
    return tuple(
        (p, after.treasures_taken[p] - before.treasures_taken[p])
        for p in range(before.players)
        if after.treasures_taken[p] != before.treasures_taken[p]
    )


def removed_tiles(before: GameState, after: GameState) -> tuple[tuple[Cell, Colour], ...]:
    """Face-up tiles that left the board (a tile turned face down under a monument stays)."""
    gone = [
        (c, colour)
        for colour, was, now in zip(COLOURS, before.tiles, after.tiles, strict=True)
        for c in cells_of(was & ~now & ~after.flipped)
    ]
    return tuple(sorted(gone))


def tile_doubled(before: GameState, action: PlaceTile, after: GameState) -> bool:
    """Whether the tile *action* places scored double: it joined one kingdom, a leader there
    scored it (spec R13) and that kingdom holds the building of its colour (spec R30).

    The engine's own ``scorer`` and ``doubled`` decide, on the kingdom the tile is part of
    once placed: the rest of the action (a choice left pending, the end of the turn) changes
    no tile, leader or building.
    """
    if not before.rules.buildings:
        return False
    touching = before.analysis().touching(action.cell)
    if len(touching) != 1 or scorer(before.leaders, action.colour, touching[0]) is None:
        return False
    kingdom = after.analysis().kingdom_at(action.cell)
    return doubled(after, action.colour, kingdom)


def ends_turn(before: GameState, action: Action, after: GameState) -> bool:
    """Whether the end of the turn (spec R7) ran during *action*."""
    if after.active != before.active:
        return True
    if after.ended is None:
        return False
    # The game ended: at the end of the turn, unless an exchange asking for more tiles than
    # the bag holds ended it at once (D4).
    return not (isinstance(action, ExchangeTiles) and short_draw(before, action.counts))


def monument_points_gained(
    before: GameState, after: GameState
) -> tuple[tuple[int, Colour, int], ...]:
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


def conflict_info(state: GameState, action: Action, after: GameState) -> ConflictInfo | None:
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


def _info(state: GameState, conflict: Conflict) -> ConflictInfo:
    """*conflict* as it stands in *state*, both leaders on the board.

    One source of truth: the strengths come from ``rules/conflicts:board_strengths``, the
    numbers the engine fights with.
    """
    attack, defence = board_strengths(state, conflict)
    kind = conflict.kind
    return ConflictInfo(
        kind,
        conflict.colour,
        conflict.attacker,
        conflict.defender,
        attack,
        defence,
        conflict.attacker_support,
    )


def vanished_wars(state: GameState, action: Action, after: GameState) -> tuple[Colour, ...]:
    """Wars of the unification that a settled war leaves unfought (spec R21)."""
    pending = state.pending
    if not (isinstance(action, CommitSupport) and isinstance(pending, War)):
        return ()
    if pending.attacker_support is None:
        return ()
    still = contested_colours(after) if after.unification is not None else []
    return tuple(
        colour
        for colour in contested_colours(state)
        if colour is not pending.colour and colour not in still
    )
