"""What a stored game writes as it goes: its public history (one entry per action, others'
exchanges hidden from each seat) and its record, one move appended at a time.

A history entry is a JSON object ``{"player", "action", "exchanged", "scored"}``; the store
keeps every entry with its action and :func:`project` hides the colours of an exchange from
everyone but its player (spec R4).
"""

from __future__ import annotations

from typing import Any

from .. import Action, Colour, Game, GameState, PublicAction, ScoringEvent, parse_action

__all__ = ["append_to_record", "history_entry", "project", "public_actions"]


def history_entry(before: GameState, action: Action) -> dict[str, Any]:
    """The public history entry of *action* as its mover sees it (exchanges with colours)."""
    mover = before.to_move
    assert mover is not None
    played = Game(before)
    played.play(action)
    public = played.view(mover).history[-1]
    return {
        "player": public.player,
        "action": str(action),
        "exchanged": public.exchanged,
        "scored": [
            {"player": e.player, "colour": e.colour.letter, "points": e.points}
            for e in public.scored
        ],
    }


def project(entries: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """*entries* as *seat* may see them (``None``: the public): others' exchanges lose their
    colours (spec R4)."""
    out = []
    for item in entries:
        if item["exchanged"] and item["player"] != seat:
            item = {**item, "action": None}
        out.append(item)
    return out


def public_actions(entries: list[dict[str, Any]], seat: int) -> tuple[PublicAction, ...]:
    """The history entries as :class:`~tigeuph.PublicAction` values, for an agent's view."""
    out = []
    for item in project(entries, seat):
        action = None if item["action"] is None else parse_action(item["action"])
        scored = tuple(
            ScoringEvent(e["player"], Colour.from_letter(e["colour"]), e["points"])
            for e in item["scored"]
        )
        out.append(PublicAction(item["player"], action, item["exchanged"], scored))
    return tuple(out)


def append_to_record(record: str, move: int, action: Action) -> str:
    """*record* with *action* added to move *move*'s line (as :meth:`Game.to_record` writes)."""
    if not record.endswith("\n\n"):
        last = record.rstrip("\n").rsplit("\n", 1)[-1]
        if last.startswith(f"{move}. "):
            return f"{record[:-1]} {action}\n"
    return f"{record}{move}. {action}\n"
