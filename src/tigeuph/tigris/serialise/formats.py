"""The documents of states, actions and player views, written and read back exactly, and the
JSON Schema of them all."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any, Final, get_args

import attrs
from attrs import frozen

from ...core.errors import JsonError, PositionError, expect
from ...core.events import ROLE, Event
from ...core.limits import DEFAULT_LIMITS, Limits, summarise
from ...core.serialise.documents import check_indent, dump_document, load_document
from ..checks import check_state
from ..events import TilesDrawn, TilesExchanged
from ..model.actions import Action, ExchangeTiles
from ..model.state import HAND_SIZE, GameState
from ..views import PlayerView, PublicAction, sample_state, scoring, view
from .hooks import CONVERTER
from .schema import event_definitions

__all__ = [
    "ACTION",
    "STATE",
    "VIEW",
    "action_from_json",
    "action_to_json",
    "checked",
    "json_schema",
    "state_from_json",
    "state_to_json",
    "view_from_json",
    "view_to_json",
]

STATE: Final = "tigeuph-state"
ACTION: Final = "tigeuph-action"
VIEW: Final = "tigeuph-view"


def checked(state: GameState) -> GameState:
    """*state*, once :func:`~tigeuph.check_state` finds nothing wrong with it.

    Raises:
        PositionError: the state cannot happen; the message lists every problem.
    """
    problems = check_state(state)
    if problems:
        raise PositionError("impossible position: " + summarise(problems))
    return state


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """*state* as a ``tigeuph-state`` JSON document; compact unless *indent* is given.

    Raises:
        ArgumentTypeError: *state* is not a state, or *indent* not an int or ``None``.
        ArgumentError: *indent* is not 0 to 80.
    """
    expect(state, GameState, "a GameState", "state_to_json: state")
    check_indent(indent, "state_to_json")
    return dump_document(STATE, state, GameState, indent, CONVERTER)


def state_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> GameState:
    """The state in a ``tigeuph-state`` JSON document: ``state_from_json(state_to_json(s)) == s``.

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document; the message names the field.
        PositionError: the document reads, but the state cannot happen.
    """
    return checked(load_document(STATE, text, GameState, limits, CONVERTER))


@frozen
class _ActionDocument:
    action: Action


def action_to_json(action: Action) -> str:
    """*action* as a ``tigeuph-action`` JSON document: its notation in the ``action`` field.

    >>> import tigeuph
    >>> tigeuph.action_to_json(tigeuph.parse_action("~rrg"))
    '{"format":"tigeuph-action","version":1,"action":"~rrg"}'

    Raises:
        ArgumentTypeError: *action* is not an action.
    """
    expect(action, get_args(Action), "an action", "action_to_json: action")
    return dump_document(ACTION, _ActionDocument(action), _ActionDocument, converter=CONVERTER)


def action_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> Action:
    """The action in a ``tigeuph-action`` JSON document.

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document (or the notation is not an action's).
    """
    return load_document(ACTION, text, _ActionDocument, limits, CONVERTER).action


def view_to_json(player_view: PlayerView, *, indent: int | None = None) -> str:
    """*player_view* as a ``tigeuph-view`` JSON document: what a server sends one player.

    Raises:
        ArgumentTypeError: *player_view* is not a view, or *indent* not an int or ``None``.
        ArgumentError: *indent* is not 0 to 80.
    """
    expect(player_view, PlayerView, "a PlayerView", "view_to_json: player_view")
    check_indent(indent, "view_to_json")
    return dump_document(VIEW, player_view, PlayerView, indent, CONVERTER)


def view_from_json(text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> PlayerView:
    """The view in a ``tigeuph-view`` JSON document, for a client or a bot on the other side.

    The position is checked in full: a state drawn from it (:func:`~tigeuph.sample_state`)
    must pass :func:`~tigeuph.check_state` and show the same view, legal actions included. Each
    entry of the history is checked on its own: its seats are the game's, ``exchanged`` is the
    size of its exchange (0 for any other action), another player's exchange has a null
    ``action`` and the viewer's own shows its colours, and no event scores below zero. Its
    ``events`` (an entry of an older document may have none) read strictly, name seats of the
    game and no count below zero, hide the colours of tiles another player drew or exchanged
    while showing the viewer's own (R4), and score what ``scored`` says. Whether the history
    leads to the position is not checked: only a replay from the first state could tell, and
    the view does not hold it.

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not such a document; the message names the field.
        PositionError: the document reads, but no position shows this view.
    """
    found = load_document(VIEW, text, PlayerView, limits, CONVERTER)
    if not 0 <= found.player < len(found.hand_sizes):
        raise JsonError("$.player", f"{found.player} is not a seat (0 to {found.players - 1})")
    sizes = {
        "leaders": len(found.leaders),
        "catastrophe_tiles": len(found.catastrophe_tiles),
        "points": len(found.points),
        "treasures_taken": len(found.treasures_taken),
        "discard_sizes": len(found.discard_sizes),
    }
    for name, size in sizes.items():
        if size != found.players:
            raise JsonError(f"$.{name}", f"{size} entries for {found.players} players")
    for i, entry in enumerate(found.history):
        _check_entry(f"$.history[{i}]", entry, found)
    guess = checked(sample_state(found, random.Random(0)))
    shown = view(guess, found.player)
    for name in attrs.fields_dict(PlayerView):
        if name != "history" and getattr(shown, name) != getattr(found, name):
            raise PositionError(f"impossible view: no position shows this {name}")
    return found


def _check_entry(path: str, entry: PublicAction, seen: PlayerView) -> None:
    """Raise :class:`JsonError` at *path* if the history entry cannot be in *seen* (spec R4)."""
    seats = f"(0 to {seen.players - 1})"
    if not 0 <= entry.player < seen.players:
        raise JsonError(f"{path}.player", f"{entry.player} is not a seat {seats}")
    own = entry.player == seen.player
    if isinstance(entry.action, ExchangeTiles) and not own:
        raise JsonError(f"{path}.action", "another player's exchange shows its colours")
    if entry.action is None and own:
        raise JsonError(f"{path}.action", "the viewer's own exchange must show its colours")
    if entry.action is None:  # another player's exchange: its size only
        if not 1 <= entry.exchanged <= HAND_SIZE:
            raise JsonError(f"{path}.exchanged", f"an exchange is of 1 to {HAND_SIZE} tiles")
    else:
        size = sum(entry.action.counts) if isinstance(entry.action, ExchangeTiles) else 0
        if entry.exchanged != size:
            raise JsonError(f"{path}.exchanged", f"{entry.action} exchanges {size} tiles")
    for j, score in enumerate(entry.scored):
        if not 0 <= score.player < seen.players:
            raise JsonError(f"{path}.scored[{j}].player", f"{score.player} is not a seat {seats}")
        if score.points < 0:
            raise JsonError(f"{path}.scored[{j}].points", f"{score.points} is below zero")
    for j, event in enumerate(entry.events):
        _check_event(f"{path}.events[{j}]", event, seen)
    if entry.events and scoring(entry.events) != entry.scored:
        told = ", ".join(f"{s.points} {s.colour.letter} to seat {s.player}" for s in entry.scored)
        raise JsonError(f"{path}.scored", f"the events do not score {told or 'nothing'}")


def _check_event(path: str, event: Event, seen: PlayerView) -> None:
    """Raise :class:`JsonError` at *path* if *event* cannot be in *seen*'s history: a seat not
    of the game, a count below zero, hidden colours shown to another player (spec R4). The
    viewer's own colours may be left out: a history kept for everyone (a server's) knows
    less than he does, never more."""
    own = event.players[:1] == (seen.player,)
    for f in attrs.fields(type(event)):
        role, value = f.metadata.get(ROLE), getattr(event, f.name)
        at = f"{path}.{f.name}"
        if role == "player":
            for player in value if isinstance(value, tuple) else (value,):
                if player is not None and not 0 <= player < seen.players:
                    raise JsonError(at, f"{player} is not a seat (0 to {seen.players - 1})")
        elif role == "number" and value < 0:
            raise JsonError(at, f"{value} is below zero")
        elif role == "private" and value is not None and not own:
            raise JsonError(at, "another player's tiles: their colours are hidden")
    match event:
        case TilesDrawn(tiles=tuple() as tiles) | TilesExchanged(tiles=tuple() as tiles):
            if sum(tiles) != event.count:
                raise JsonError(f"{path}.tiles", f"{sum(tiles)} tiles for {event.count}")


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every document, shipped as ``data/schema.json``; the
    definitions of the events (``event``, one of ``event_tile_placed`` and the other kinds)
    are built from :mod:`tigeuph.tigris.events`, so that they always list every kind and field."""
    text = resources.files("tigeuph.tigris").joinpath("data/schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    schema["$defs"].update(event_definitions())
    return schema
