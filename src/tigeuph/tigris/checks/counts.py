"""The counts and the turn: per-seat tuples, hands, points, the bag, whose turn, actions left,
and why a finished game ended (spec R3-R7, R26)."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.decisions import WonderPoint
from ..model.pieces import COLOURS
from ..model.state import ACTIONS_PER_TURN, CATASTROPHES, HAND_SIZE, End, GameState
from .base import area

__all__ = ["counts", "flow"]


def _seat_row_problems(name: str, rows: Sequence[object], players: int) -> list[str]:
    if len(rows) != players:
        return [f"{name} has {len(rows)} entries for {players} players"]
    return []


def counts(state: GameState) -> list[str]:
    """Per-player tuples, hands, points, bag and turn counters (spec R3-R5)."""
    out: list[str] = []
    n = state.rules.players
    for name, rows in (
        ("leaders", state.leaders),
        ("hands", state.hands),
        ("catastrophe_tiles", state.catastrophe_tiles),
        ("points", state.points),
        ("treasures_taken", state.treasures_taken),
        ("discarded", state.discarded),
    ):
        out += _seat_row_problems(name, rows, n)
    if out:
        return out
    for seat in range(n):
        if len(state.leaders[seat]) != len(COLOURS):
            out.append(f"seat {seat} has {len(state.leaders[seat])} leaders, not 4")
        hand = state.hands[seat]
        if len(hand) != 4 or any(k < 0 for k in hand):
            out.append(f"seat {seat}'s hand {hand} is not 4 non-negative counts")
        elif sum(hand) > HAND_SIZE:
            out.append(f"seat {seat} holds {sum(hand)} tiles, more than {HAND_SIZE}")
        if not 0 <= state.catastrophe_tiles[seat] <= CATASTROPHES:
            out.append(
                f"seat {seat} holds {state.catastrophe_tiles[seat]} catastrophe tiles, "
                f"not 0 to {CATASTROPHES}"
            )
        points = state.points[seat]
        if len(points) != 4 or any(k < 0 for k in points):
            out.append(f"seat {seat}'s points {points} are not 4 non-negative counts")
        discarded = state.discarded[seat]
        if len(discarded) != 4 or any(k < 0 for k in discarded):
            out.append(f"seat {seat}'s discards {discarded} are not 4 non-negative counts")
        if state.treasures_taken[seat] < 0:
            out.append(f"seat {seat} has taken {state.treasures_taken[seat]} treasures")
    if len(state.removed) != 4 or any(k < 0 for k in state.removed):
        out.append(f"removed {state.removed} is not 4 non-negative counts")
    if not 0 <= state.active < n:
        out.append(f"active seat {state.active} is not 0 to {n - 1}")
    if not 0 <= state.actions_left <= ACTIONS_PER_TURN:
        out.append(f"{state.actions_left} actions left, not 0 to {ACTIONS_PER_TURN}")
    strays = sorted(set(state.bag) - set("rbgk"))
    if strays:
        out.append(f"the bag holds {', '.join(map(repr, strays))}: only r, b, g, k are tiles")
    return out


def flow(state: GameState) -> list[str]:
    """Actions left for the phase of the turn, and why a finished game ended (spec R5-R7, R26).

    Every action but ending the turn spends one at once, and the last one ends the turn, so
    between actions one or two are left; a decision other than the wonder's point (asked at the
    end of the turn, R31) follows an action, so at most one is left. A game ends by treasures at
    the end of a turn, once every hand is refilled, with one or two on the board; by the bag when
    a draw takes the last tiles and falls short. No treasure is taken that is the last of its
    kingdom, so one always stays on the board (R25).
    """
    out: list[str] = []
    pending, left = state.pending, state.actions_left
    on_board = (state.treasures & area(state)).bit_count()
    if on_board == 0 and not state.treasures_set_aside:  # a sketch may draw none (D7)
        out.append("no treasure is left on the board: the last one of a kingdom stays [R25]")
    if state.ended is None:
        if pending is None and left == 0:
            out.append("between actions 0 actions are left: the last action ends the turn [R5, R7]")
        elif pending is not None and not isinstance(pending, WonderPoint) and left == 2:
            out.append(
                f"{type(pending).__name__} is pending with 2 actions left, but decisions follow "
                "an action [R5, R6]"
            )
    elif state.ended is End.TREASURES:
        if on_board > 2:
            out.append(
                f"the game ended by treasures with {on_board} on the board, not 1 or 2 [R26]"
            )
        short = [seat for seat, hand in enumerate(state.hands) if sum(hand) != HAND_SIZE]
        if short:
            out.append(
                f"the game ended by treasures, after the refills, yet seat {short[0]} holds "
                f"{sum(state.hands[short[0]])} tiles, not {HAND_SIZE} [R7, R26]"
            )
    elif state.bag:
        out.append(
            f"the game ended because a draw could not be met, yet the bag holds "
            f"{len(state.bag)} tiles: the drawer takes what is left [R26]"
        )
    elif all(sum(hand) == HAND_SIZE for hand in state.hands):
        out.append(
            f"the game ended because a draw could not be met, yet every hand holds {HAND_SIZE} "
            "tiles [R26]"
        )
    return out
