"""What a client (the server, the browser board) gets of a game beyond the game interface:
the ``client`` capability (issue 38).

Every game is served through :class:`tigeuph.GameInterface` alone: its legal moves as notation,
its picture, winners and scores. A game may add its own :class:`ClientExtras`: a described
move's fields (the main game's action id, kind, cell, piece and English label), its actions by
number, the grid its picture is drawn on (so the board lays clickable cells over the picture),
and its outcome's own fields, and the words a client shows for its pieces, decisions and variant
switches (so the browser board names none of a game's own). A game without a grid (Babel's) is
played with its moves' labels as buttons, its notation typed, and the moves whose ``target``
names an element of its picture by clicking it there.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["NO_EXTRAS", "ClientExtras"]


class ClientExtras:
    """A game's fields for clients beyond the game interface's; this class is also the
    default, a game played with its moves' notation alone."""

    action_count: int = 0
    """How many actions the game numbers (``0``: it numbers none)."""
    outcome_schema: dict[str, Any] = {}  # noqa: RUF012 - read only
    """The JSON Schema of each of :meth:`outcome`'s fields (by default none)."""
    words: dict[str, Any] = {}  # noqa: RUF012 - read only
    """What a client calls the game's things, by default nothing: ``colours`` (a tile's letter
    in the moves' ``piece``: its colour's name), ``leaders`` (a leader's letter: its name; its
    colour is its lower-case letter's), ``decisions`` (a pending decision's ``kind``: its
    dialog's ``title`` and ``text``), ``switches`` (the variants a start form offers, each a
    ``rule`` key, the ``value`` it sets and its ``label``), ``symbols`` (an SVG of ``<defs>``
    alone: the pieces' symbols as the pictures draw them) and ``pieces`` (a move's ``piece``:
    the id of its symbol there, ``{seat}`` standing for its owner's seat), so a hand is drawn
    as the board draws its pieces. The server sends them in a game's summary."""

    def move(self, action: Any) -> dict[str, Any]:
        """The fields a described move has beside its ``action`` (notation) and ``label``;
        by default none. A game numbering its actions gives ``id``, ``kind``, ``cell`` and
        ``piece``; one that does not may give ``target``, a CSS selector of the element of
        its picture the move is played by clicking."""
        return {}

    def label(self, action: Any) -> str:
        """The move's label for people; by default its notation."""
        return str(action)

    def action_of_id(self, number: int) -> Any:
        """The action numbered *number* (from 0 to :attr:`action_count` - 1); never asked of
        a game that numbers none."""
        raise AssertionError("no action is numbered here")  # action_count is 0

    def grid(self, state: Any) -> dict[str, Any] | None:
        """The grid the picture is drawn on (``rows``, ``cols``, ``columns``, ``square``,
        ``margin``), or ``None`` when the picture has no cells to click (by default)."""
        return None

    def outcome(self, state: Any) -> dict[str, Any]:
        """The outcome's own fields of a finished (or stopped: not over) game; by default
        none."""
        return {}


NO_EXTRAS: Final = ClientExtras()
"""The extras of a game that has none."""
