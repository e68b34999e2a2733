"""Each legal move described for a client: its notation, its label and the game's extra
fields (:class:`tigeuph.games.ClientExtras`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import AnyGame

__all__ = ["moves_of"]


def moves_of(game: AnyGame, actions: Sequence[Any]) -> list[dict[str, Any]]:
    """Each of *game*'s *actions* described for a client: its ``action`` (notation), its
    ``label``, and the game's extra fields."""
    extras = game.client
    return [
        {"action": str(action), "label": extras.label(action), **extras.move(action)}
        for action in actions
    ]
