"""What a stored game writes as it goes: its public history, one entry per action, each hiding
from the other seats what only its player may see, and telling what the action did.

An entry is what the game's own views say of the action: a view document that carries a
``history`` (the main game's) gives, for the action's player, its last entry
(``{"player", "action", "exchanged", "scored"}``), and for another seat the same entry with
``"action": null`` when he may not see it (an exchange's colours, spec R4); a game whose views
carry no history (Babel, whose actions are all public) gets ``{"player", "action"}``. Each entry
adds the action's ``label`` in words (the game's :meth:`~tigeuph.games.ClientExtras.label`),
``null`` with a hidden action. The store
keeps each entry as its player sees it, flagged :data:`~tigeuph.server.rows.HIDDEN` when the
others see less, and :func:`project` hides those actions from everyone but their player.

Every entry also carries ``events``: what the action did (:mod:`tigeuph.tigris.events`), each event
as every player may know it (:meth:`tigeuph.Event.public`) and written by the game's
:meth:`~tigeuph.GameInterface.event_to_json`, so the same list is right for every viewer. The store
keeps beside them, under :data:`SAID`, each event's sentence for each seat it concerns, worded for
that seat (``you``, his own hidden colours included: :meth:`tigeuph.Event.seen_by`); :func:`project`
answers a seat its own sentences (``told``) and nobody anyone else's. An entry stored before events
were kept has neither key, and still reads.

An agent's view is not read back from these entries: the store's replay keeps each seat's view
up in memory (:class:`~tigeuph.server.stops.Replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..core.events import Event, names_for
from ..core.interface.views import last_seen
from ..games import AnyGame
from .rows import HIDDEN

__all__ = ["SAID", "history_entry", "project"]

SAID: Final = "said"
"""The key of a stored entry holding, for each of its events, the sentence each seat it
concerns is told (``{"0": "You place ..."}``); never answered as stored: :func:`project`
turns it into the asking seat's ``told``."""


def history_entry(
    game: AnyGame, before: Any, action: Any, after: Any, events: Sequence[Event]
) -> dict[str, Any]:
    """The stored history entry of *action*, which led from *before* to *after* causing
    *events*: as its player sees it, flagged :data:`~tigeuph.server.rows.HIDDEN` if another
    seat sees less, with the public ``events`` and each seat's own sentences (:data:`SAID`)."""
    mover = before.to_move
    assert mover is not None
    players = game.player_count(before)
    views = game.seat_views(players)
    views.saw(before, action, after, events)
    seen = [last_seen(game, views.view(after, seat)) for seat in range(players)]
    own = seen[mover]
    told = {
        "events": [game.event_to_json(event.public()) for event in events],
        SAID: [
            {
                str(seat): event.seen_by(seat).text(names_for(players, seat))
                for seat in event.players
            }
            for event in events
        ],
    }
    label = game.client.label(action)
    if own is None:  # no public history in this game's views: every action is public
        return {"player": mover, "action": str(action), "label": label, **told, HIDDEN: False}
    hidden = any(entry is not None and entry["action"] is None for entry in seen)
    return {**own, "label": label, **told, HIDDEN: hidden}


def project(entries: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """*entries* as *seat* may see them (``None``: the public): the actions flagged hidden lose
    their notation and label but for their own player, and each entry with events has ``told``, its
    events' sentences as *seat* is told them (his own, or the events' ``text``)."""
    out = []
    key = None if seat is None else str(seat)
    for item in entries:
        shown = {k: value for k, value in item.items() if k not in (HIDDEN, SAID)}
        if item.get(HIDDEN) and item["player"] != seat:
            shown["action"] = None
            if "label" in shown:
                shown["label"] = None
        if "events" in item:
            own = item.get(SAID) or [{} for _ in item["events"]]
            shown["told"] = [
                said.get(key, event["text"]) if key is not None else event["text"]
                for event, said in zip(item["events"], own, strict=True)
            ]
        out.append(shown)
    return out
