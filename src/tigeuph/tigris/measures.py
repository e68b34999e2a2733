"""What the tools measure of the main game: its endings (R26), its events (revolts, wars,
monuments, buildings, the wonder, catastrophes, treasures), the variants it is played under and
the features a variant may never meet, and the seats ranked first in a game stopped before its
end (D8). :data:`tigeuph.GAMES` ``["tigris"]`` answers with these functions."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any, Final

import attrs

from ..core.errors import ArgumentError
from ..core.measures import Feature
from .model.actions import (
    BuildMonument,
    BuildWonder,
    CommitSupport,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceTile,
    ScoreWonder,
)
from .model.boards import ADVANCED, STANDARD
from .model.cells import Cell
from .model.decisions import Conflict, Revolt
from .model.pieces import Colour
from .model.ruleset import SWITCHES, Rules
from .model.state import GameState
from .records import Game
from .rules.buildings import doubled
from .rules.conflicts import support_counts
from .rules.scoring import scorer
from .stall import standing

__all__ = [
    "BOARDS",
    "ENDINGS",
    "EVENT_HEADINGS",
    "FEATURES",
    "ending",
    "events",
    "leaders",
    "make_rules",
    "rules_for",
    "variants",
]

BOARDS: Final = (STANDARD, ADVANCED)
"""The boards every combination of switches is played on."""

ENDINGS: Final = {"treasures": "by treasures", "bag": "by the bag"}
"""How a game ends (spec R26), by the word of :func:`ending`."""

EVENT_HEADINGS: Final = {
    "revolts": "revolts",
    "wars": "wars",
    "monuments": "monuments built",
    "buildings": "buildings placed/moved",
    "doubled_points": "points doubled by buildings",
    "english_limits": "supports cut by English rules",
    "wonders": "wonders built",
    "wonder_points": "wonder points",
    "catastrophes": "catastrophes",
    "treasures": "treasures taken",
}
"""The events :func:`events` counts, in report order, and their headings."""

FEATURES: Final = (
    Feature("wonder", "wonders", "the wonder was built", "the wonder"),
    Feature("buildings", "buildings", "a building was placed", "the buildings"),
    Feature(
        "english_reinforcement",
        "english_limits",
        "English reinforcement's limit bound a commitment",
        "English reinforcement",
    ),
)
"""The switches whose feature a game may never meet (open scoring is always in play: it only
shows the points)."""


def variants(players: int) -> tuple[Rules, ...]:
    """Every combination of the switches on every board of :data:`BOARDS`, for *players*:
    ``2 ** len(SWITCHES) * len(BOARDS)`` rules, all switches off first.

    >>> variants(3)[0] == Rules(players=3)
    True
    """
    return tuple(
        attrs.evolve(Rules(players=players, board=board), **_flags(flags))
        for board in BOARDS
        for flags in itertools.product((False, True), repeat=len(SWITCHES))
    )


def _flags(values: tuple[bool, ...]) -> dict[str, Any]:
    return dict(zip(SWITCHES, values, strict=True))


def make_rules(settings: Mapping[str, Any]) -> Rules:
    """The rules with *settings* (``board`` a :class:`~tigeuph.Board`, a switch's name on or
    off), the rest standard, for no particular player count (:func:`rules_for` fits them).

    Raises:
        ArgumentError: a name that is no setting of :class:`~tigeuph.Rules`, or a bad value.
    """
    unknown = set(settings) - {"board", *SWITCHES}
    if unknown:
        raise ArgumentError(f"tigris: no such rule {sorted(unknown)[0]!r}")
    try:
        return Rules(**settings)
    except (TypeError, ValueError) as err:
        raise ArgumentError(f"tigris: {err}") from None


def rules_for(rules: Rules, players: int) -> Rules:
    """*rules* for *players*: a rule set's ``players`` left at its default or agreeing.

    Raises:
        ArgumentError: *rules* name another player count.
    """
    if rules.players not in (players, Rules().players):
        raise ArgumentError(f"players={rules.players} disagrees with {players} players")
    return attrs.evolve(rules, players=players)


def ending(state: GameState) -> str | None:
    """How the game ended, ``treasures`` or ``bag`` (spec R26); ``None`` while it goes on."""
    return None if state.ended is None else state.ended.value


def leaders(state: GameState) -> tuple[int, ...]:
    """The seats ranked first were the game scored as it stands (spec R27; D8 for a game
    stopped before its end)."""
    return tuple(r.player for r in standing(state) if r.rank == 1)


def events(game: Game) -> tuple[int, dict[str, int]]:
    """The turns of *game* and its events, counted from its actions: a revolt or war when its
    attacker commits (each conflict asks him first, spec D1), a building when one is put or
    moved, a catastrophe when placed."""
    counts = dict.fromkeys(EVENT_HEADINGS, 0)
    turns = 1
    states = game.states
    for before, action, after in zip(states, game.actions, states[1:], strict=False):
        match action:
            case CommitSupport():
                pending = before.pending
                if isinstance(pending, Conflict) and pending.attacker_support is None:
                    counts["revolts" if isinstance(pending, Revolt) else "wars"] += 1
                if before.rules.english_reinforcement and _limited(before):
                    counts["english_limits"] += 1
            case PlaceTile(colour=colour, cell=cell) if before.rules.buildings:
                counts["doubled_points"] += _doubled(before, after, colour, cell)
            case BuildMonument():
                counts["monuments"] += 1
            case PlaceBuilding():
                counts["buildings"] += 1
            case BuildWonder():
                counts["wonders"] += 1
            case ScoreWonder():
                counts["wonder_points"] += 1
            case PlaceCatastrophe():
                counts["catastrophes"] += 1
        turns += after.active != before.active
    counts["treasures"] = sum(game.state.treasures_taken)
    return turns, counts


def _limited(state: GameState) -> bool:
    """Whether English reinforcement cuts the support counts of the decision pending in
    *state* below what its player holds (spec R28): the variant came into play."""
    conflict = state.pending
    assert isinstance(conflict, Conflict)
    held = state.hands[conflict.player][conflict.colour]
    return len(support_counts(state, conflict, held)) < held + 1


def _doubled(before: GameState, after: GameState, colour: Colour, cell: Cell) -> bool:
    """Whether the tile of *colour* just placed on *cell* scored double: it joined one kingdom
    (spec R13), which holds its colour's building, and somebody scores it (R30). A tile that
    starts wars scores only after them, if it still can: it is not counted."""
    if after.buildings[colour] is None or len(before.analysis().touching(cell)) != 1:
        return False
    kingdom = after.analysis().kingdom_at(cell)
    return doubled(after, colour, kingdom) and scorer(after.leaders, colour, kingdom) is not None
