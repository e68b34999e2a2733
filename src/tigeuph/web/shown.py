"""What the site's pages show of a position, as JSON-friendly values: its picture, the grid its
cells are clicked on, its legal moves with their labels and cells, a decision's summary in
plain words and the seats' names. Nothing here knows one game from another: everything is
asked of the game's interface and its client extras (:class:`tigeuph.games.ClientExtras`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any, Final

from ..core.dynasties import dynasty
from ..games import AnyGame

__all__ = ["grid", "moves", "picture", "plain", "seat_names"]

_STYLE: Final = re.compile(r"<style\b[^>]*>[^<]*</style>")
_MARKUP: Final = re.compile(r"(?<!\\)\[/?[a-z#0-9 ._=-]*\]")


def picture(
    game: AnyGame,
    position: Any,
    *,
    last: Any = None,
    before: Any = None,
    aids: Collection[str] = (),
) -> str:
    """*position* drawn by its game at its natural size, its last action marked, with the
    game's *aids*, without the picture's ``<style>`` element (a page under a
    Content-Security-Policy refuses inline styles; the pages' stylesheet has its rule)."""
    drawn = game.presentation.picture(position, size=None, last=last, before=before, aids=aids)
    return _STYLE.sub("", drawn, count=1)


def grid(game: AnyGame, state: Any) -> dict[str, Any] | None:
    """The grid *game*'s picture of *state* is drawn on, to click its cells, or ``None``."""
    return game.client.grid(state)


def moves(game: AnyGame, actions: Sequence[Any]) -> list[dict[str, Any]]:
    """Each of *actions* for a page: its ``action`` (notation), ``label`` and ``cell`` (the
    cell to click for it, or ``None``)."""
    extras = game.client
    return [
        {
            "action": str(action),
            "label": extras.label(action),
            "cell": extras.move(action).get("cell"),
        }
        for action in actions
    ]


def plain(markup: str | None) -> str:
    """A game's ``rich`` console markup (its descriptions and summaries) as plain text."""
    if not markup:
        return ""
    return _MARKUP.sub("", markup).replace("\\[", "[")


def seat_names(players: int) -> list[str]:
    """The seats as the pictures draw them: ``the lion (seat 0)``."""
    return [dynasty(seat).title(seat) for seat in range(players)]
