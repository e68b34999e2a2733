"""Which actions would take a player back to a position he began a turn in (spec D8), read from
his view alone, so that the greedy and search players can avoid moving a leader to and fro.

The stall watch (:class:`~tigeuph.tigris.stall.StallWatch`) stops a game whose turn begins in
the same position, but for points, for the fourth time; a player who never steps back into a
position his own turn began in never brings one of his own turns back (two players' leaders
going to and fro together still may, each back to a position of the other's turn, and the
watch stops that). Only leaders come and go:
every other change (a tile, a catastrophe, an exchange, a draw, a conflict, a treasure, a
monument, a building, the wonder) is for good, since the bag only empties and the board and
the discards only fill. So the positions that can come back are those since the last such
change, and they differ only in where the leaders stand: the view's public history, walked back
from the newest action and undoing its leaders' moves, gives them, with no memory kept between
decisions (a player reused from game to game, or asked once a move as the server asks, knows as
much). A view without a history (a sketch, a bot that asked for none) finds nothing to avoid.

>>> import tigeuph
>>> game = tigeuph.Game.new(2, seed=1)
>>> for text in ("KB1", "pass", "pass", "-K"):  # seat 0 places his king, then takes it back
...     _ = game.play(tigeuph.parse_action(text))
>>> view = game.view(0)
>>> [str(a) for a, back in zip(view.legal, repeats(view, view.legal)) if back]
['KB1']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..events import (
    LeaderMoved,
    LeaderPlaced,
    LeaderWithdrawn,
    MonumentScored,
    TurnBegan,
    TurnPassed,
    WonderScored,
)
from ..model.actions import Action, PlaceLeader, WithdrawLeader
from ..model.cells import Cell
from ..views import PlayerView

__all__ = ["repeats", "turn_beginnings"]

Leaders = tuple[tuple[Cell | None, ...], ...]

_FOR_NOW: Final = (TurnBegan, TurnPassed, MonumentScored, WonderScored)
"""Events that change nothing but points and whose turn it is."""


def turn_beginnings(view: PlayerView) -> set[Leaders]:
    """Where every leader stood at each beginning of a turn of *view*'s player since the last
    change for good (the rest of the position was as it is now), newest first as the history
    is walked back; the game's start counts as the beginning of its first player's turn."""
    me = view.player
    leaders = [list(seat) for seat in view.leaders]
    found: set[Leaders] = set()
    history = view.history
    for index in range(len(history) - 1, -1, -1):
        entry = history[index]
        events = entry.events
        if entry.action is None or not events:  # a hidden exchange, or a document without events
            return found
        if any(isinstance(e, TurnBegan) and e.player == me for e in events):
            found.add(_frozen(leaders))
        for event in reversed(events):
            if isinstance(event, LeaderPlaced):
                leaders[event.player][event.colour] = None
            elif isinstance(event, LeaderMoved):
                leaders[event.player][event.colour] = event.origin
            elif isinstance(event, LeaderWithdrawn):
                leaders[event.player][event.colour] = event.cell
            elif not isinstance(event, _FOR_NOW):
                return found
    if history and history[0].player == me:
        found.add(_frozen(leaders))
    return found


def repeats(view: PlayerView, legal: Sequence[Action]) -> list[bool]:
    """Whether each action of *legal* would move a leader of *view*'s player so that the leaders
    stand as they stood when one of his turns began, the rest of the position unchanged since
    (:func:`turn_beginnings`). Ending the turn, or any other action, repeats nothing: it leaves
    the leaders where they are, or changes the position for good."""
    out = [False] * len(legal)
    me = view.player
    now = view.leaders
    seen = turn_beginnings(view)
    seen.discard(now)  # nearly always left empty: a tile was placed since the turn began
    if not seen:
        return out
    mine = now[me]
    for index, action in enumerate(legal):
        if isinstance(action, PlaceLeader):
            colour, cell = action.colour, action.cell
        elif isinstance(action, WithdrawLeader):
            colour, cell = action.colour, None
        else:
            continue
        if mine[colour] != cell:
            after = (*mine[:colour], cell, *mine[colour + 1 :])
            out[index] = (*now[:me], after, *now[me + 1 :]) in seen
    return out


def _frozen(leaders: list[list[Cell | None]]) -> Leaders:
    return tuple(tuple(seat) for seat in leaders)
