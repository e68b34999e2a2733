"""What a stored game writes as it goes: its public history, one entry per action, each hiding
from the other seats what only its player may see.

An entry is what the game's own views say of the action: a view document that carries a
``history`` (the main game's) gives, for the action's player, its last entry
(``{"player", "action", "exchanged", "scored"}``), and for another seat the same entry with
``"action": null`` when he may not see it (an exchange's colours, spec R4); a game whose views
carry no history (Babel, whose actions are all public) gets ``{"player", "action"}``. The store
keeps each entry as its player sees it, flagged :data:`~tigeuph.server.rows.HIDDEN` when the
others see less, and :func:`project` hides those actions from everyone but their player. An
agent's view gets its public history back from these entries (:func:`seat_view`).
"""

from __future__ import annotations

import json
from typing import Any

from ..games import AnyGame
from .rows import HIDDEN

__all__ = ["history_entry", "project", "seat_view"]


def _last_seen(game: AnyGame, seen: Any) -> dict[str, Any] | None:
    """The last entry of the history in the document of the view *seen*; ``None`` for a game
    whose views carry no history."""
    history = json.loads(game.view_to_json(seen)).get("history")
    return history[-1] if history else None


def history_entry(game: AnyGame, before: Any, action: Any, after: Any) -> dict[str, Any]:
    """The stored history entry of *action*, which led from *before* to *after*: as its player
    sees it, flagged :data:`~tigeuph.server.rows.HIDDEN` if another seat sees less."""
    mover = before.to_move
    assert mover is not None
    views = game.seat_views(game.player_count(before))
    views.saw(before, action, after)
    seen = [_last_seen(game, views.view(after, seat)) for seat in range(game.player_count(before))]
    own = seen[mover]
    if own is None:  # no public history in this game's views: every action is public
        return {"player": mover, "action": str(action), HIDDEN: False}
    hidden = any(entry is not None and entry["action"] is None for entry in seen)
    return {**own, HIDDEN: hidden}


def project(entries: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """*entries* as *seat* may see them (``None``: the public): the actions flagged hidden lose
    their notation but for their own player."""
    out = []
    for item in entries:
        shown = {key: value for key, value in item.items() if key != HIDDEN}
        if item.get(HIDDEN) and item["player"] != seat:
            shown["action"] = None
        out.append(shown)
    return out


def seat_view(game: AnyGame, state: Any, seat: int, entries: list[dict[str, Any]]) -> Any:
    """What *seat* may know of *state*, with the public history *entries* when the game's
    views carry one (an agent's view: a search may read the history)."""
    seen = game.view(state, seat)
    document = json.loads(game.view_to_json(seen))
    if "history" not in document:
        return seen
    document["history"] = project(entries, seat)
    return game.view_from_json(json.dumps(document))
