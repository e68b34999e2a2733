"""What a client gets of a game beyond the one game interface: the fields the browser board
clicks with and the main game's API has always answered.

Every game is served through :class:`tigeuph.GameInterface` alone: its legal moves as notation,
its picture, winners and scores. A game may add :class:`ClientExtras`: a described move's
fields (the main game's action id, kind, cell, piece and English label), its actions by number,
the grid its picture is drawn on (so the board lays clickable cells over the picture), and its
outcome's own fields. A game without extras (:data:`NONE`, Babel's) is played with its moves'
notation, as buttons and typed text.

The interface has no hook for these yet, so :func:`extras_of` asks the game for a
``client_extras`` attribute, and meanwhile finds the main game's in :data:`_WAITING` (issue 25:
once the lead adds ``GameInterface.client_extras``, the main game's implementation returns
:data:`TIGRIS_EXTRAS` and the table goes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from .. import ACTION_COUNT, id_to_action, outcome, svg
from ..cells import COLUMN_LETTERS
from ..games import AnyGame
from ..state import End
from .moves import describe

__all__ = ["NONE", "TIGRIS_EXTRAS", "ClientExtras", "extras_of", "moves_of"]


class ClientExtras(Protocol):
    """A game's fields for clients beyond the game interface's."""

    action_count: int
    """How many actions the game numbers (``0``: it numbers none)."""
    outcome_schema: dict[str, Any]
    """The JSON Schema of each of :meth:`outcome`'s fields."""

    def move(self, action: Any) -> dict[str, Any]:
        """The fields a described move has beside its ``action`` (notation) and ``label``."""
        ...

    def label(self, action: Any) -> str:
        """The move's label for people."""
        ...

    def action_of_id(self, number: int) -> Any:
        """The action numbered *number* (from 0 to :attr:`action_count` - 1)."""
        ...

    def grid(self, state: Any) -> dict[str, Any] | None:
        """The grid the picture is drawn on (``rows``, ``cols``, ``columns``, ``square``,
        ``margin``), or ``None`` when the picture has no cells to click."""
        ...

    def outcome(self, state: Any) -> dict[str, Any]:
        """The outcome's own fields of a finished (or stopped: not over) game."""
        ...


class _NoExtras:
    """A game played with its moves' notation alone."""

    action_count = 0
    outcome_schema: dict[str, Any] = {}  # noqa: RUF012 - read only

    def move(self, action: Any) -> dict[str, Any]:
        return {}

    def label(self, action: Any) -> str:
        return str(action)

    def action_of_id(self, number: int) -> Any:
        raise AssertionError("no action is numbered here")  # action_count is 0

    def grid(self, state: Any) -> None:
        return None

    def outcome(self, state: Any) -> dict[str, Any]:
        return {}


class _TigrisExtras:
    """The main game's: its actions' ids and the board the page clicks on."""

    action_count = ACTION_COUNT
    outcome_schema: dict[str, Any] = {  # noqa: RUF012 - read only
        "end": {"oneOf": [{"enum": [end.value for end in End]}, {"type": "null"}]},
        "results": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {key: {"type": "integer"} for key in ("player", "rank", "score")},
                "required": ["player", "rank", "score"],
                "additionalProperties": False,
            },
        },
        "points": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
    }

    def move(self, action: Any) -> dict[str, Any]:
        described = describe(action)
        return {key: described[key] for key in ("id", "kind", "cell", "piece")}

    def label(self, action: Any) -> str:
        label: str = describe(action)["label"]
        return label

    def action_of_id(self, number: int) -> Any:
        return id_to_action(number)

    def grid(self, state: Any) -> dict[str, Any]:
        board = state.rules.board
        return {
            "rows": board.rows,
            "cols": board.cols,
            "columns": COLUMN_LETTERS[: board.cols],
            "square": svg.SQUARE,
            "margin": svg.MARGIN,
        }

    def outcome(self, state: Any) -> dict[str, Any]:
        result = outcome(state)
        points = [list(p) for p in state.points]
        if result is None:
            return {"end": None, "results": [], "points": points}
        return {
            "end": result.end.value,
            "results": [
                {"player": r.player, "rank": r.rank, "score": r.score} for r in result.results
            ],
            "points": points,
        }


NONE: Final[ClientExtras] = _NoExtras()
"""The extras of a game that has none."""
TIGRIS_EXTRAS: Final[ClientExtras] = _TigrisExtras()
"""The main game's extras."""
_WAITING: Final[Mapping[str, ClientExtras]] = {"tigris": TIGRIS_EXTRAS}
"""Until ``GameInterface.client_extras`` exists (see the module)."""


def extras_of(game: AnyGame) -> ClientExtras:
    """*game*'s :class:`ClientExtras` (:data:`NONE` for a game without)."""
    found: ClientExtras | None = getattr(game, "client_extras", None)
    if found is not None:
        return found
    return _WAITING.get(game.name, NONE)


def moves_of(game: AnyGame, actions: Sequence[Any]) -> list[dict[str, Any]]:
    """Each of *game*'s *actions* described for a client: its ``action`` (notation), its
    ``label``, and the game's extra fields."""
    extras = extras_of(game)
    return [
        {"action": str(action), "label": extras.label(action), **extras.move(action)}
        for action in actions
    ]
