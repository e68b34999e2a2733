"""Each stored game's record, replayed, and the games the server stops before their end: a
stall (spec D8) or the bound on actions.

The store plays every action on the game's record (its ``records.new_record``), so the record
it writes is always the library's own and proves itself, and a finished game's record carries
its result. People and agents may pass for ever (spec R5), so after every action the store asks
the game's stall watch (its ``records.stall_watch``; a game that always ends has none) whether
play has stalled, and stops a game that has, or that has reached ``ServerLimits.actions``: its
record is stopped (``[Termination "stalled"]`` or ``"action-limit"``) and the row keeps the
reason, so the game stays stopped across restarts.

Replaying a record at every action would make a game quadratic, so :class:`Watches` keeps each
game's record and watch by version in a small cache; a store takes one out to play on it and
keeps it again at the next version once the action is stored. One missing (after a restart, or
when another process played the last action) is replayed from the stored record.

The replay also keeps each seat's view up, public history included
(:meth:`tigeuph.GameInterface.seat_views`), so that an agent's view is built in memory, one
history entry an action, as the play loop builds its players' (issue 38).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

from attrs import define

from ..core.limits import Limits
from ..core.stops import STALL_ROUNDS
from ..games import AnyGame, SeatViews

__all__ = ["Replay", "Watches"]

_KEPT: Final = 512


@define
class Replay:
    """A game's record as replayed, its stall watch (``None`` for a game that always ends),
    each seat's view kept up, and whether play had stalled by the record's last state."""

    record: Any
    watch: Callable[[Any], bool] | None
    views: SeatViews[Any, Any, Any]
    stalled: bool = False

    def play(self, action: Any) -> Any:
        """Play *action* on the record, show it to every seat and watch the new state; the new
        state.

        Raises:
            IllegalActionError: the rules refuse *action*; nothing changed.
        """
        record = self.record
        before = record.state
        after = record.play(action)
        self.views.saw(before, record.actions[-1], after, record.events[-1])
        if self.watch is not None:
            self.stalled = self.watch(after)
        return after

    def view(self, seat: int) -> Any:
        """What *seat* may know now, with the public history the game's views carry."""
        return self.views.view(self.record.state, seat)


def replay(game: AnyGame, record: str, limits: Limits) -> Replay:
    """*record* (a stored game's text record of *game*) replayed, its states watched."""
    replayed = game.records.record_from_text(record, limits=limits)
    watch = game.records.stall_watch(STALL_ROUNDS)
    stalled = False
    if watch is not None:
        for state in replayed.states:
            stalled = watch(state)
    states = replayed.states
    views = game.seat_views(game.player_count(states[0]))
    for step in zip(states, replayed.actions, states[1:], replayed.events, strict=False):
        views.saw(*step)
    return Replay(replayed, watch, views, stalled)


class Watches:
    """Each game's ``Replay`` (its record and stall watch, spec D8), by game and version;
    safe to share between threads."""

    def __init__(self, limits: Limits) -> None:
        self._kept: OrderedDict[tuple[str, int], Replay] = OrderedDict()
        self._lock = threading.Lock()
        self._limits = limits

    def take(self, game: AnyGame, game_id: str, version: int, record: str) -> Replay:
        """The game's replay at *version*, taken out of the cache (or replayed from *record*):
        the caller plays on it, and :meth:`keep` it once its action is stored."""
        with self._lock:
            kept = self._kept.pop((game_id, version), None)
        return kept if kept is not None else replay(game, record, self._limits)

    def keep(self, game_id: str, version: int, kept: Replay) -> None:
        """Keep *kept* as the game's replay at *version*."""
        with self._lock:
            self._kept[(game_id, version)] = kept
            while len(self._kept) > _KEPT:
                self._kept.popitem(last=False)
