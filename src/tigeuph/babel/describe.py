"""A Babel position in plain text, as a player sees it: turn, scores, decks, both sides
location by location, his own hand (the terminal game's board)."""

from __future__ import annotations

from .actions import Action
from .cards import NATIONS, counts_text, nations_text
from .views import BabelView

__all__ = ["describe"]


def _levels(levels: tuple[int, ...]) -> str:
    return "".join(map(str, levels)) or "-"


def describe(seen: BabelView, *, last: Action | None = None) -> str:
    """*seen* as text for the terminal: turn, scores, both sides location by location."""
    scores = seen.scores
    lines = [
        f"turn {seen.turn}, seat {seen.active} to play; scores {scores[0]} - {scores[1]}; "
        f"people deck {seen.people_size}, temple deck {seen.temple_size}, "
        f"discard pile {nations_text(seen.discard[-8:]) or '-'}"
        f"{' (last 8)' if len(seen.discard) > 8 else ''}",
    ]
    for seat, side in enumerate(seen.sides):
        pawn = "quarry" if side.pawn is None else side.pawn.name.title()
        start = "starting card held" if side.starting else "starting card built"
        lines.append(
            f"seat {seat}: {seen.hand_sizes[seat]} cards in hand, pawn at {pawn}, {start}, "
            f"row {_levels(side.row)} (top last)"
        )
        for n in NATIONS:
            column, temple = side.columns[n.index], side.temples[n.index]
            if column or temple:
                lines.append(
                    f"   {n.name.title():<10} temple {_levels(temple):<7} "
                    f"column {nations_text(column) or '-'}"
                )
    lines.append(f"your hand (seat {seen.player}): {counts_text(seen.hand) or '-'}")
    return "\n".join(lines)
