"""The values :func:`~tigeuph.explain` answers with: the explanation and the conflict in it."""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from ..model.actions import Action
from ..model.cells import Cell
from ..model.pieces import Colour
from .words import describe

__all__ = ["ConflictInfo", "Explanation"]


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
        return describe(self)
