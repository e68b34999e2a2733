"""The JSON record: a ``tigeuph-record`` document holding the tags, the seed or first state,
the moves with their comments and events and the result, written from a game and checked on
reading."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from attrs import frozen
from cattrs.gen import make_dict_unstructure_fn, override

from ...core.errors import ArgumentError, JsonError, LimitError
from ...core.events import Event
from ...core.limits import Limits
from ...core.records.text import check_comment, check_tag
from ...core.serialise.converter import object_of
from ...core.serialise.documents import dump_document, load_document
from ...core.stops import Stop
from ..engine.apply import outcome
from ..model.actions import Action
from ..model.ruleset import Rules
from ..model.state import End, GameState, new_game
from ..serialise.formats import checked
from ..serialise.hooks import CONVERTER, write_event

if TYPE_CHECKING:
    from ...core.records.history import History
    from ..views import PlayerView

__all__ = ["RECORD", "WRITTEN", "check_events", "check_result", "read_json", "write_json"]

RECORD: Final = "tigeuph-record"
"""The ``format`` of a JSON record."""

WRITTEN: Final = ("Rules", "Seed", "Result", "Termination")
"""The tags the game writes itself; every other tag is free."""


@frozen
class Move:
    """The JSON shape of one move: the action, the comment after it, and what it did."""

    action: Action
    comment: str | None = None
    events: tuple[Event, ...] | None = None
    """Every event of the action, hidden colours included, without their words (the record
    is full information); ``None`` in a document written before events were kept."""


def _read_events(value: Any, _: Any) -> tuple[Event, ...] | None:
    return None if value is None else CONVERTER.structure(value, tuple[Event, ...])


def _write_events(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    return [write_event(event, words=False) for event in events]


CONVERTER.register_unstructure_hook(
    Move,
    make_dict_unstructure_fn(
        Move, CONVERTER, events=override(omit_if_default=True, unstruct_hook=_write_events)
    ),
)
CONVERTER.register_structure_hook(
    Move, object_of(Move, CONVERTER, events=override(struct_hook=_read_events))
)


@frozen
class Record:
    """The JSON shape of a record."""

    tags: dict[str, str]
    rules: Rules
    seed: int | None
    start: GameState | None
    comment: str | None
    moves: tuple[Move, ...]
    winners: tuple[int, ...] | None
    end: End | None
    stopped: Stop | None = None
    """Why a game that goes on was stopped (spec D8); written only when it was."""


CONVERTER.register_unstructure_hook(
    Record, make_dict_unstructure_fn(Record, CONVERTER, stopped=override(omit_if_default=True))
)


def write_json(game: History[GameState, Action, PlayerView], indent: int | None) -> str:
    """*game* as a ``tigeuph-record`` document (see :meth:`tigeuph.Game.to_json`)."""
    for name, value in game.tags.items():
        check_tag(name, value, WRITTEN, game.limits)
    result = outcome(game.state)
    comments = game.comments
    document = Record(
        tags=dict(game.tags),
        rules=game.start.rules,
        seed=game.seed,
        start=None if game.seed is not None else game.start,
        comment=comments[0],
        moves=tuple(
            Move(action, comment, events)
            for action, comment, events in zip(game.actions, comments[1:], game.events, strict=True)
        ),
        winners=None if result is None else result.winners,
        end=None if result is None else result.end,
        stopped=game.stopped,
    )
    return dump_document(RECORD, document, Record, indent, CONVERTER)


def read_json(text: str | bytes, *, verify: bool, limits: Limits) -> tuple[Record, GameState]:
    """The record in *text* and the state it starts from, every field checked but the moves'
    legality and the result (see :meth:`tigeuph.Game.from_json`)."""
    document = load_document(RECORD, text, Record, limits, CONVERTER)
    if len(document.moves) > limits.max_record_actions:
        raise LimitError(
            "max_record_actions", len(document.moves), limits.max_record_actions, "a record"
        )
    for name, value in document.tags.items():
        with _at(f"$.tags[{name[:20]!r}]"):
            check_tag(name, value, WRITTEN, limits)
    with _at("$.comment"):
        check_comment(document.comment, limits)
    for i, move in enumerate(document.moves):
        with _at(f"$.moves[{i}].comment"):
            check_comment(move.comment, limits)
    if document.start is not None:
        if verify:
            raise JsonError(
                "$.start",
                "the record starts from a state, which proves nothing about how it was "
                "reached; read it with verify=False to accept it",
            )
        if document.seed is not None:
            raise JsonError("$.seed", "a record gives a seed or a first state, not both")
        if document.start.rules != document.rules:
            raise JsonError("$.rules", "the rules disagree with the first state's")
        return document, checked(document.start)
    if document.seed is None:
        raise JsonError("$.seed", "a record needs a seed or a first state (start)")
    rules = document.rules
    return document, new_game(rules.players, seed=document.seed, rules=rules)


def check_events(ply: int, move: Move, replayed: tuple[Event, ...]) -> None:
    """Refuse a move whose events, when the record gives them, are not what its replay did.

    Raises:
        JsonError: they disagree; the message says the first event that differs.
    """
    if move.events is None or move.events == replayed:
        return
    path = f"$.moves[{ply - 1}].events"
    for i, (found, told) in enumerate(zip(move.events, replayed, strict=False)):
        if found != told:
            raise JsonError(f"{path}[{i}]", f"the replay tells: {told}")
    more, fewer = len(move.events) - len(replayed), len(replayed) - len(move.events)
    if more > 0:
        raise JsonError(f"{path}[{len(replayed)}]", "the replay tells no more events")
    raise JsonError(path, f"{fewer} events short: the replay tells {replayed[-fewer]}")


def check_result(document: Record, state: GameState) -> None:
    """Refuse a record whose winners or end disagree with the game's last *state*.

    Raises:
        JsonError: they disagree.
    """
    result = outcome(state)
    winners, end = (None, None) if result is None else (result.winners, result.end)
    if document.winners != winners:
        raise JsonError("$.winners", f"the game gives {winners}")
    if document.end != end:
        raise JsonError("$.end", f"the game gives {None if end is None else end.value}")


@contextlib.contextmanager
def _at(path: str) -> Iterator[None]:
    """Turn the error of a check into a :class:`JsonError` naming the field at *path*."""
    try:
        yield
    except LimitError:
        raise
    except (ArgumentError, TypeError) as err:
        raise JsonError(path, str(err)) from None
