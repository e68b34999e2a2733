"""What the tools measure of Babel: its endings (by score, B30, or at the last temple card,
B31), how often each kind of action is played, and the ways of playing that reach every rule.
Babel has no variants: the interface's default ``variants`` says so. :data:`tigeuph.GAMES`
``["babel"]``'s ``measures`` answers with these."""

from __future__ import annotations

from typing import Final

from .model.state import BabelState
from .records import BabelGame

__all__ = [
    "ENDINGS",
    "EVENT_HEADINGS",
    "PLAY_STYLES",
    "ending",
    "events",
    "leaders",
]

PLAY_STYLES: Final = (("uniform",), ("weighted",), ("greedy", "uniform"))
"""Uniform play, play that builds and the greedy player against uniform play: together they
reach every rule, wins by score included."""

ENDINGS: Final = {"score": "by score", "deck": "at the last temple card"}
"""How a game ends (spec B30, B31), by the word of :func:`ending`."""

_KINDS: Final = (
    "Travel",
    "Colonise",
    "Migrate",
    "Build",
    "SkipBuild",
    "Steal",
    "Destroy",
    "Expel",
    "Switch",
    "Halve",
    "Discard",
    "EndTurn",
)
"""Babel's kinds of action (spec B7-B27), as their classes are named."""

EVENT_HEADINGS: Final = {kind: f"{kind} actions" for kind in _KINDS}
"""How many actions of each kind a game plays."""


def ending(state: BabelState) -> str | None:
    """How the game ended: ``score`` (B30) or ``deck`` (B31); ``None`` while it goes on."""
    return None if state.end is None else state.end.value


def leaders(state: BabelState) -> tuple[int, ...]:
    """The seats with the higher score (both on a draw)."""
    scores = state.scores
    return tuple(seat for seat in (0, 1) if scores[seat] == max(scores))


def events(game: BabelGame) -> tuple[int, dict[str, int]]:
    """The turns of *game* and how many actions of each kind it played."""
    counts = dict.fromkeys(EVENT_HEADINGS, 0)
    for action in game.actions:
        counts[type(action).__name__] += 1
    return game.state.turn, counts
