"""A seat's view with its public history, built in memory from a game's states, actions and
events (issue 38): what a record's ``view(seat)`` answers through the interface's default
records, and what a server asks of the record it keeps replayed; and the seat views of a game
whose views carry no history (the interface's default ``seat_views``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..events import Event

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["PlainSeatViews", "history_view", "last_seen", "seen_notations"]

S = TypeVar("S")  # the game's state
V = TypeVar("V")  # one player's view
A = TypeVar("A")  # an action


class PlainSeatViews(Generic[S, V, A]):
    """Each seat's view of a game whose views carry no public history: the view of the moment
    (:meth:`~tigeuph.GameInterface.view`); seeing an action changes nothing."""

    __slots__ = ("_game",)

    def __init__(self, game: GameInterface[S, V, A, Any]) -> None:
        self._game = game

    def view(self, state: S, seat: int) -> V:
        return self._game.view(state, seat)

    def saw(self, before: S, action: A, after: S, events: Sequence[Event] | None = None) -> None:
        pass


def history_view(
    game: GameInterface[S, V, A, Any],
    states: Sequence[S],
    actions: Sequence[A],
    events: Sequence[tuple[Event, ...]],
    seat: int,
) -> V:
    """What *seat* may know after the game of *states*, *actions* and *events*
    (``actions[i]`` led from ``states[i]`` to ``states[i + 1]`` doing ``events[i]``): the view
    of the last state, with the public history the game's seat views keep
    (:meth:`~tigeuph.GameInterface.seat_views`), told every action in turn; the view of the
    moment for a game whose views carry none (``facts.public_history`` false).

    Raises:
        ArgumentError: *seat* is not a seat of the game.
    """
    if not game.facts.public_history:
        return game.view(states[-1], seat)
    views = game.seat_views(game.player_count(states[0]))
    for before, action, after, told in zip(states, actions, states[1:], events, strict=False):
        views.saw(before, action, after, told)
    return views.view(states[-1], seat)


def last_seen(game: GameInterface[Any, V, Any, Any], view: V) -> dict[str, Any] | None:
    """The last entry of *view*'s public history, as its JSON document writes it (``"action":
    null`` when its player may not see the action: an exchange's colours, spec R4); ``None``
    when the game's views carry no history or it is empty (every action public)."""
    history = json.loads(game.view_to_json(view)).get("history")
    return history[-1] if history else None


def seen_notations(
    game: GameInterface[S, V, A, Any],
    states: Sequence[S],
    actions: Sequence[A],
    events: Sequence[tuple[Event, ...]],
    seat: int,
    start: int = 0,
) -> list[str | None]:
    """The notation of each of ``actions[start:]`` as *seat* may know it: ``None`` for an
    action his view's public history hides (another seat's exchange, whose colours are secret,
    spec R4); every notation for a game whose views carry no history. What a seat's story, replay
    or animation may print in place of the action (``actions[i]`` led from ``states[i]`` to
    ``states[i + 1]`` doing ``events[i]``; events a record lacks are told again)."""
    if not game.facts.public_history:
        return [str(action) for action in actions[start:]]
    views = game.seat_views(game.player_count(states[0]))
    seen: list[str | None] = []
    for index, (before, action, after) in enumerate(zip(states, actions, states[1:], strict=False)):
        views.saw(before, action, after, events[index] if index < len(events) else None)
        if index >= start:
            entry = last_seen(game, views.view(after, seat))
            seen.append(str(action) if entry is None else entry["action"])
    return seen
