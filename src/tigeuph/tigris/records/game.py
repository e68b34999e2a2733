"""The :class:`Game`: a game's history, undo and replay, and its records as text or JSON (the
format is described in ``tigeuph.tigris.records``). The history itself is every game's
(``tigeuph.core.records.history.History``); the main game's parts of it are
:data:`~tigeuph.tigris.records.keeping.TIGRIS_RECORDS`, which the class names."""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping
from typing import Final

from ...core.errors import expect
from ...core.limits import DEFAULT_LIMITS, Limits
from ...core.records.history import History
from ..model.actions import Action
from ..model.ruleset import Rules
from ..model.state import GameState, new_game
from ..views import PlayerView
from .keeping import TIGRIS_RECORDS

__all__ = ["Game"]

_DEFAULT_RULES: Final = Rules()


class Game(History[GameState, Action, PlayerView]):
    """A game's history: its first state, the actions played, every state since.

    Build one with :meth:`new` (from a seed, so that records stay short) or from any state;
    :meth:`play` an action, :meth:`undo` the last one. ``tags`` are the record's free header
    (``Date``, ``Player0``...). Unlike a state, a game changes as it is played.

    A game keeps to its ``limits`` (:class:`~tigeuph.Limits`): it refuses a tag, a comment or an
    action beyond them, so that whatever it writes reads back under the same limits.
    """

    __slots__ = ()

    kept_by = TIGRIS_RECORDS

    @classmethod
    def new(
        cls,
        players: int = 4,
        *,
        seed: int | None = None,
        rules: Rules = _DEFAULT_RULES,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Game:
        """A new game, as :func:`~tigeuph.new_game` deals it; without a seed one is drawn and
        kept, so that the record can replay the game. The tags start with ``Date``, today's
        date in ISO format (``2025-01-31``), unless *tags* give one.

        The seed drawn comes from the system's secure source (``random.SystemRandom``),
        63 bits of it, so nobody can guess the bag; a small seed given here could be found by a
        player trying seeds against his own draws.
        """
        expect(tags, (Mapping, type(None)), "a mapping of str to str or None", "Game.new: tags")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        dated = {"Date": datetime.date.today().isoformat(), **(tags or {})}
        return cls(new_game(players, seed=seed, rules=rules), seed=seed, tags=dated, limits=limits)

    def __repr__(self) -> str:
        seed = "" if self.seed is None else f", seed {self.seed}"
        return f"<Game: {self.start.players} players{seed}, {len(self._actions)} actions>"
