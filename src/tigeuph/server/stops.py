"""Games the server stops before their end: a stall (spec D8) or the bound on actions.

People and agents may pass for ever (spec R5), so after every action the store asks
:class:`Watches` whether play has stalled, and stops a game that has, or that has reached
``ServerLimits.actions``: its record, replayed once as at the end of a game, is rewritten with
``[Termination "stalled"]`` (or ``"action-limit"``) by :meth:`tigeuph.Game.stop`, and the row
keeps the reason, so the game stays stopped across restarts.

A watch needs every state since the first, which the store does not keep: each game's watch is
kept per version in a small cache, and rebuilt from the record (one replay) only when it is
missing, after a restart or when another process played the last action.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import Final

from .. import Game, GameState, TigeuphError
from ..stall import StallWatch, Stop

__all__ = ["Watches", "settled_record"]

_KEPT: Final = 512


class Watches:
    """Each game's :class:`~tigeuph.stall.StallWatch`, by game and version; safe to share
    between threads."""

    def __init__(self) -> None:
        self._watches: OrderedDict[tuple[str, int], StallWatch] = OrderedDict()
        self._lock = threading.Lock()

    def see(
        self, game_id: str, version: int, record: str, after: GameState
    ) -> tuple[bool, StallWatch]:
        """Whether the game *game_id*, at *version* with record *record*, has stalled once an
        action has led to *after* (spec D8), and its watch then, not kept: :meth:`keep` it
        once the action is stored."""
        with self._lock:
            kept = self._watches.get((game_id, version))
        if kept is None:
            kept = StallWatch()
            for state in Game.from_record(record).states:
                kept.see(state)
            self.keep(game_id, version, kept)
        watch = copy.copy(kept)  # the kept one stays as it was at *version*
        return watch.see(after), watch

    def keep(self, game_id: str, version: int, watch: StallWatch) -> None:
        """Keep *watch* as the game's at *version*: only an action that was stored, so that
        an action that lost a race leaves no watch behind."""
        with self._lock:
            self._watches[(game_id, version)] = watch
            while len(self._watches) > _KEPT:
                self._watches.popitem(last=False)


def settled_record(game_id: str, record: str, after: GameState, reason: Stop | None) -> str:
    """*record*, which has just led to *after*, replayed once and rewritten with the tags a
    game writes itself once it is over (its result) or stopped for *reason* (its
    ``Termination``): one replay for either, so the record proves what it says.

    Raises:
        TigeuphError: the record does not replay to *after* (never expected).
        ArgumentError: *reason* is a stall and the game has not stalled (never expected).
    """
    replayable = record.replace('[Result "*"]\n', "", 1) if after.is_over else record
    replayed = Game.from_record(replayable)
    if replayed.state != after:
        raise TigeuphError(f"game {game_id}: the record does not replay to the state")
    if reason is not None:
        replayed.stop(reason)
    return replayed.to_record()
