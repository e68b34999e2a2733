"""What the simulator measures of the main game: its endings (R26), its events (revolts,
wars, monuments, buildings, the wonder, catastrophes, treasures), the variants a game may never
meet, and its rule sets (a board and switches). Found by
:func:`~tigeuph.tools.simulate.measures.measures_of`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from attrs import evolve

from ...actions import (
    BuildMonument,
    BuildWonder,
    CommitSupport,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceTile,
    ScoreWonder,
)
from ...boards import STANDARD
from ...cells import Cell
from ...decisions import Conflict, Revolt
from ...pieces import Colour
from ...records import Game
from ...rules.buildings import doubled
from ...rules.conflicts import support_counts
from ...rules.scoring import scorer
from ...ruleset import SWITCHES, Rules
from ...stall import standing as stall_standing
from ...state import End, GameState
from .measures import Event, Feature

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

PLAYERS: Final = (3,)
"""The player counts a run plays unless told: Three players unless told otherwise."""

ENDINGS: Final = ((End.TREASURES, "ended by treasures (%)"), (End.BAG, "ended by the bag (%)"))

EVENTS: Final = (
    Event("revolts", "revolts"),
    Event("wars", "wars"),
    Event("monuments", "monuments built"),
    Event("buildings", "buildings placed/moved"),
    Event("doubled_points", "points doubled by buildings"),
    Event("english_limits", "supports cut by English rules"),
    Event("wonders", "wonders built"),
    Event("wonder_points", "wonder points"),
    Event("catastrophes", "catastrophes"),
    Event("treasures", "treasures taken"),
)

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


def ending(state: GameState) -> End | None:
    return state.ended


def standing(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores (spec R27) and the seats ranked first; a stopped game's as it stood."""
    ranked = stall_standing(state)
    return tuple(r.score for r in ranked), tuple(r.player for r in ranked if r.rank == 1)


def count(game: Game) -> tuple[int, dict[str, int]]:
    """The turns of *game* and its events, counted from its actions: a revolt or war when its
    attacker commits (each conflict asks him first, spec D1), a building when one is put or
    moved, a catastrophe when placed."""
    counts = dict.fromkeys((e.name for e in EVENTS), 0)
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


def for_players(rules: Rules, players: int) -> Rules:
    """*rules* for *players*: a rule set's ``players`` left at its default or agreeing."""
    if rules.players not in (players, Rules().players):
        raise ValueError(f"players={rules.players} disagrees with {players} players")
    return evolve(rules, players=players)


def switch_on(rules: Rules, switch: str) -> bool:
    return bool(getattr(rules, switch))


def describe(rules: Rules, baseline: Rules | None = None) -> str:
    """A short label for *rules*: its board and switches, or what differs from *baseline*.

    >>> from tigeuph import ADVANCED
    >>> describe(Rules(board=ADVANCED, wonder=True))
    'advanced+wonder'
    >>> describe(Rules(buildings=True, wonder=True), baseline=Rules(wonder=True))
    '+buildings'
    """
    if baseline is None:
        return "+".join([rules.board.name, *rules.switches])
    parts = [rules.board.name] if rules.board != baseline.board else []
    for name in SWITCHES:
        on, base = getattr(rules, name), getattr(baseline, name)
        if on != base:
            parts.append(f"{'+' if on else '-'}{name}")
    return "".join(parts) or describe(rules)


def rule_sets(error: Callable[[str], Any], args: Any) -> dict[str, Rules]:
    """The baseline (``--board``, ``--base``) and each compared rule set (``--variant``, or
    each switch alone with ``--every-switch`` or without ``--variant``), by label."""
    board = args.board or STANDARD
    base = {name for names in args.base for name in names}
    baseline = Rules(board=board, **{name: name in base for name in SWITCHES})
    compared: list[tuple[str, ...]] = list(args.variant)
    if args.every_switch or not compared:
        compared += [(name,) for name in SWITCHES if name not in base]
    out = {describe(baseline): baseline}
    for names in compared:
        rules = Rules(board=board, **{name: name in base or name in names for name in SWITCHES})
        if rules == baseline:
            error(f"--variant {','.join(names)}: already on in the baseline (--base)")
        out.setdefault(describe(rules, baseline), rules)
    if len(out) == 1:
        error("nothing to compare: every switch is on in the baseline")
    return out
