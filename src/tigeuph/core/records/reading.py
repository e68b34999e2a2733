"""Reading a text record into a :class:`~tigeuph.core.records.history.History`: the header,
the first game it deals or the position it gives, the moves replayed with their comments, and
the tags the game writes itself checked against the replay; and reading a record's
``Termination`` of a game stopped before its end (in text or JSON)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..errors import ArgumentError, NotationError, expect
from ..limits import Limits, check_limits, check_text
from ..stops import Stop
from .text import SEED, check_written, replay, split_record

if TYPE_CHECKING:
    from .history import History
    from .keeping import Records

__all__ = ["STOPS", "read_record", "read_stop"]

H = TypeVar("H", bound="History[Any, Any, Any]")

STOPS: Final = tuple(stop.value for stop in Stop)
"""The ``Termination`` tags of a game stopped before its end."""


def read_record(
    cls: type[H], keeping: Records[Any, Any, Any, Any], text: str, *, verify: bool, limits: Limits
) -> H:
    """The game the text record *text* describes, replayed into a *cls* kept by *keeping*
    (see :meth:`History.from_record <tigeuph.core.records.history.History.from_record>`)."""
    written = keeping.format
    where = f"{written.class_name}.from_record"
    limits = check_limits(limits, where)
    text = check_text(text, limits, written.noun)
    expect(verify, bool, "True or False", f"{where}: verify")
    tags, position, tokens = split_record(
        text, title=written.title, written=written.written_tags, verify=verify, limits=limits
    )
    game = _first_game(cls, keeping, tags, position, limits)
    replay(game, tokens, game._comment_from_record)
    read_stop(game, tags.get("Termination"), NotationError)
    check_written(tags, game._written())
    return game


def _first_game(
    cls: type[H],
    keeping: Records[Any, Any, Any, Any],
    tags: dict[str, str],
    position: str | None,
    limits: Limits,
) -> H:
    """The game a record's *tags* and first *position* start, before its moves."""
    seed_text = tags.get("Seed")
    if seed_text is not None and not SEED.match(seed_text):
        raise NotationError(f"header: Seed must be a whole number, not {seed_text[:20]!r}")
    seed = None if seed_text is None else int(seed_text)
    if position is not None and seed is not None:
        raise NotationError("a record gives a Seed or a first position, not both")
    start = keeping.start_of(tags, seed, position, limits)
    written = keeping.format.written_tags
    free = {name: value for name, value in tags.items() if name not in written}
    try:
        return cls(start, seed=seed, tags=free, limits=limits, keeping=keeping)
    except ArgumentError as err:
        raise NotationError(f"header: {err}") from None


def read_stop(
    game: History[Any, Any, Any], termination: str | None, error: Callable[[str], Exception]
) -> None:
    """Mark *game* stopped as its record's ``Termination`` says, if it says so of a game that
    goes on; a stall is checked (spec D8). A refusal is *error* of its reason."""
    if termination is None or game.state.is_over:
        return
    if termination not in STOPS:
        raise error(
            f"the Termination tag says {termination!r} of a game that goes on, which "
            f"only {', '.join(STOPS[:-1])} or {STOPS[-1]} may stop"
        )
    if termination == Stop.STALLED.value and not game._is_stalled():
        raise error(f"the game has not stalled: {game.keeping.format.stall_rule}")
    game.stopped = Stop(termination)
