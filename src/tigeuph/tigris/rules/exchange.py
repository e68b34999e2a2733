"""Exchanging tiles: discard some from hand, out of the game, and draw as many (spec R4, R5)."""

from __future__ import annotations

from ..model.reads import Position
from ..model.state import Counts, End
from ..model.work import Work

__all__ = ["exchange_problem", "exchange_tiles", "short_draw"]


def exchange_problem(state: Position, player: int, counts: Counts) -> tuple[str, str] | None:
    """``(clause, reason)`` when *player* does not hold the tiles *counts* names, else ``None``."""
    if any(n > h for n, h in zip(counts, state.hands[player], strict=True)):
        return "R5", "those tiles are not all in hand"
    return None


def short_draw(pos: Position, counts: Counts) -> bool:
    """Whether the bag holds fewer tiles than an exchange of *counts* draws: the draw comes up
    short and the game ends at once (spec D4)."""
    return len(pos.bag) < sum(counts)


def exchange_tiles(w: Work, player: int, counts: Counts) -> None:
    """*player* discards *counts* face down (R4: their colours stay his secret) and draws as
    many; a draw the bag cannot meet ends the game at once (R26)."""
    w.take_from_hand(player, counts)
    if w.events is not None:
        from ..events import TilesExchanged

        w.events.append(TilesExchanged(player, sum(counts), counts))
    w.discard(player, counts)
    if not w.draw(player, sum(counts)):
        w.end(End.BAG)
