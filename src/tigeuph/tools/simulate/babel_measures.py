"""What the simulator measures of Babel: its endings (by score, B30, or at the last temple
card, B31) and how often each kind of action is played; Babel has no variants, so a run is its
one rule set, the baseline, with nothing to compare. Found by
:func:`~tigeuph.tools.simulate.measures.measures_of`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...babel.records import BabelGame
from ...babel.state import BabelState, End
from .measures import Event

__all__ = [
    "ENDINGS",
    "EVENTS",
    "FEATURES",
    "PLAYERS",
    "count",
    "describe",
    "ending",
    "for_players",
    "rule_sets",
    "standing",
    "switch_on",
]

PLAYERS: Final = (2,)
"""The player counts a run plays unless told: Babel seats two."""

ENDINGS: Final = (
    (End.SCORE, "ended by score (%)"),
    (End.DECK, "ended at the last temple card (%)"),
)

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

EVENTS: Final = tuple(Event(kind, f"{kind} actions") for kind in _KINDS)
"""How many actions of each kind a game plays."""

FEATURES: Final = ()


def ending(state: BabelState) -> End | None:
    return state.end


def standing(state: BabelState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both scores and the seats ranked first (both on a draw)."""
    scores = state.scores
    return scores, tuple(seat for seat in (0, 1) if scores[seat] == max(scores))


def count(game: BabelGame) -> tuple[int, dict[str, int]]:
    """The turns of *game* and how many actions of each kind it played."""
    counts = dict.fromkeys((e.name for e in EVENTS), 0)
    for action in game.actions:
        counts[type(action).__name__] += 1
    return game.state.turn, counts


def for_players(rules: None, players: int) -> None:
    return None


def switch_on(rules: None, switch: str) -> bool:
    return False


def describe(rules: None, baseline: None = None) -> str:
    return "standard"


def rule_sets(error: Callable[[str], Any], args: Any) -> dict[str, None]:
    """Babel's one rule set: the variants' options ask for what it does not have."""
    if args.board is not None or args.base or args.variant or args.every_switch:
        error("--board, --base, --variant, --every-switch: Babel has no variants")
    return {"standard": None}
