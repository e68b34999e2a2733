"""An explanation in words: what :func:`str` of an :class:`~tigeuph.Explanation` says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.cells import cell_name
from ..model.pieces import Colour

if TYPE_CHECKING:
    from .values import ConflictInfo, Explanation

__all__ = ["describe", "loser"]


def loser(conflict: ConflictInfo | None) -> tuple[int, Colour] | None:
    """The leader a settled conflict sends home, as ``(player, colour)``."""
    if conflict is None or conflict.winner is None:
        return None
    attacker_won = conflict.winner == conflict.attacker
    return (conflict.defender if attacker_won else conflict.attacker), conflict.colour


def _name(colour: Colour) -> str:
    return colour.name.lower()


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


def describe(e: Explanation) -> str:
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
        why = "" if (p, colour) == loser(e.conflict) else " (R10: no temple beside it)"
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
