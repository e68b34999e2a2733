"""What a client (the server, the browser board) gets of a game beyond the game interface.

Every game is served through :class:`tigeuph.GameInterface` alone: its legal moves as notation,
its picture, winners and scores. A game may add :class:`ClientExtras`: a described move's
fields (the main game's action id, kind, cell, piece and English label), its actions by number,
the grid its picture is drawn on (so the board lays clickable cells over the picture), and its
outcome's own fields. A game without extras (:data:`NO_EXTRAS`, Babel's) is played with its
moves' notation, as buttons and typed text.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

__all__ = ["NO_EXTRAS", "ClientExtras"]


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


NO_EXTRAS: Final[ClientExtras] = _NoExtras()
"""The extras of a game that has none."""
