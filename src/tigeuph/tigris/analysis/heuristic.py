"""The evaluation the greedy and search agents share: how good a position is for each seat.

A seat's *value* counts what wins (spec R27): its final-score vector (points per colour with
treasures given to the weakest colours, sorted weakest first), each colour capped at
:data:`CAP` points above the weakest, since a point far above the weakest colour changes
neither the score nor, most likely, the tie-break, weighted by :data:`VECTOR_WEIGHTS`. The
active player's end-of-turn income (monument points, spec R24; the wonder's point, a wild
point, variant R31) counts as if scored: ending the turn early gains nothing. To that it adds
what should score later: each leader on the board (:data:`LEADER`), more the more temples
stand beside it (:data:`TEMPLE`, up to three: a leader with few temples is open to a revolt,
spec R15), each leader in a kingdom holding a monument of its colour (:data:`MONUMENT`), each
leader in a kingdom holding its colour's building (:data:`BUILDING`, doubled points, variant
R30), a king in the wonder's kingdom (:data:`WONDER`), each catastrophe tile still held
(:data:`CATASTROPHE`), and the plans of :mod:`tigeuph.tigris.analysis.plans`: crosses and runs its
leaders' kingdoms nearly complete.

A seat's *evaluation* is its value less the best other seat's value, a game being won by
ranking first, scaled by ``1 + TEMPO * progress`` where *progress* (0 to 1) says how near the
game is to its end (the tiles the bag can still give, the treasures left, spec R26): a lead
grows in worth as the end nears, so the leader of the race wants the game to end and a player
behind wants time, and nobody gains by passing turn after turn.

The evaluation reads only the board, the points, the treasures, the catastrophe tiles and the
sizes of the bag and the hands. In a state drawn by :func:`~tigeuph.sample_state` these are all
public (hidden points are counted from the public history), so the evaluation never depends on
what the agent cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..model.cells import ROWS, STRIDE, Cell, neighbours
from ..model.pieces import COLOURS, Colour
from ..model.state import HAND_SIZE, NO_BUILDINGS, GameState
from ..rules.scoring import final_vector
from .plans import plan_credits

__all__ = [
    "BUILDING",
    "CAP",
    "CATASTROPHE",
    "LEADER",
    "MONUMENT",
    "TEMPLE",
    "TEMPO",
    "VECTOR_WEIGHTS",
    "WONDER",
    "evaluate",
    "progress",
    "values",
]

VECTOR_WEIGHTS: Final = (4.0, 2.0, 1.0, 0.5)
"""Weights of the final-score vector, weakest colour first."""
CAP: Final = 5
"""Points of a colour above the weakest colour's that still count."""
LEADER: Final = 1.5
"""Worth of a leader on the board, which scores the tiles of its colour placed in its kingdom."""
TEMPLE: Final = 0.5
"""Worth of each temple beside a leader, up to three, its strength in a revolt (spec R15)."""
MONUMENT: Final = 1.0
"""Worth of a leader in a kingdom holding a monument of its colour, a point a turn (spec R24)."""
BUILDING: Final = 2.0
"""Worth of a leader in a kingdom holding its colour's building, which doubles its points
(variant R30)."""
WONDER: Final = 4.0
"""Worth of a king in the wonder's kingdom: a point of any colour at the end of each of his
turns (variant R31), so a point of the weakest colour."""
CATASTROPHE: Final = 0.5
"""A catastrophe tile still in hand."""
TEMPO: Final = 1.0
"""How much more a lead is worth at the end of the game than at its start."""
_NOTHING, _MONUMENT, _WILD = 0, 1, 2
_NO_INCOME: Final = [0, 0, 0, 0]
_NEIGHBOURS: Final = tuple(neighbours(1 << c) for c in range(ROWS * STRIDE))
BAG_SCALE: Final = 130
"""About the tiles a bag holds at the start (131 with 2 players, 119 with 4)."""


def values(state: GameState) -> list[float]:
    """Each seat's value in *state* (see the module docstring)."""
    points_of = state.points
    players = len(points_of)
    leaders = state.leaders
    temples = state.tiles[Colour.RED]
    income = _NO_INCOME
    wild = 0
    extra: Sequence[float] = _NO_EXTRA[players]
    rules = state.rules
    plans = rules.wonder or rules.buildings
    if state.monuments or state.wonder is not None or plans or state.buildings != NO_BUILDINGS:
        gains = [0.0] * players
        extra = gains
        a = state.analysis()
        active = state.active if state.ended is None else -1
        # (cell, colours, worth, what the active player scores at the end of his turn there)
        sites: list[tuple[Cell, tuple[Colour, ...], float, int]] = [
            (site.corner, site.monument.colours, MONUMENT, _MONUMENT) for site in state.monuments
        ]
        for colour, at in zip(COLOURS, state.buildings, strict=True):
            if at is not None:
                sites.append((at, (colour,), BUILDING, _NOTHING))
        if state.wonder is not None:
            sites.append((state.wonder.centre, (Colour.BLACK,), WONDER, _WILD))
        if sites:
            income = [0, 0, 0, 0]
            kingdom_at = a.kingdom_at
            for cell, colours, worth, pays in sites:
                kingdom = kingdom_at(cell)
                if not kingdom & a.leaders:
                    continue  # no leader stands in it (a site always lies in some region)
                for seat in range(players):
                    row = leaders[seat]
                    for colour in colours:
                        at = row[colour]
                        if at is not None and kingdom >> at & 1:
                            gains[seat] += worth
                            if seat == active:  # R24, R31: scored at the end of this turn
                                if pays == _WILD:
                                    wild += 1
                                elif pays == _MONUMENT:
                                    income[colour] += 1
        if plans:
            for seat, credit in enumerate(plan_credits(state, a)):
                gains[seat] += credit
    out = []
    active = state.active
    treasures_of = state.treasures_taken
    catastrophes = state.catastrophe_tiles
    for seat in range(players):
        points = points_of[seat]
        treasures = treasures_of[seat]
        if seat == active and (wild or income != _NO_INCOME):
            points = (
                points[0] + income[0],
                points[1] + income[1],
                points[2] + income[2],
                points[3] + income[3],
            )
            treasures += wild
        value = _VECTORS.get((points, treasures))
        if value is None:
            value = _vector_value(points, treasures)
        # The terms are multiples of 1/4 far below 2**50: exact, so their order is free.
        for at in leaders[seat]:
            if at is not None:  # temple_count (spec R15), inlined: this runs very often
                value += _LEADER_WORTH[(_NEIGHBOURS[at] & temples).bit_count()]
        out.append(value + CATASTROPHE * catastrophes[seat] + extra[seat])
    return out


_VECTORS: dict[tuple[tuple[int, ...], int], float] = {}
_NO_EXTRA: Final = tuple((0.0,) * players for players in range(5))
_LEADER_WORTH: Final = tuple(LEADER + TEMPLE * min(n, 3) for n in range(5))


def _vector_value(points: tuple[int, ...], treasures: int) -> float:
    """The weighted, capped final-score vector of *points* and *treasures*, remembered: most
    states an agent evaluates share their scores."""
    if treasures:
        v0, v1, v2, v3 = final_vector(points, treasures)
    else:
        v0, v1, v2, v3 = sorted(points)
    w0, w1, w2, w3 = VECTOR_WEIGHTS
    top = v0 + CAP
    value = w0 * v0 + w1 * min(v1, top) + w2 * min(v2, top) + w3 * min(v3, top)
    if len(_VECTORS) >= 65536:
        _VECTORS.clear()
    _VECTORS[points, treasures] = value
    return value


def progress(state: GameState) -> float:
    """How near *state* is to the end of the game, from 0 to 1 (spec R26): by the tiles the bag
    can still give once every hand is full, or by the treasures left (two left end it)."""
    held = 0
    for hand in state.hands:
        held += hand[0] + hand[1] + hand[2] + hand[3]
    remaining = len(state.bag) - (HAND_SIZE * len(state.hands) - held)
    by_bag = 1.0 - max(remaining, 0) / BAG_SCALE
    left = state.treasures.bit_count()
    total = left + sum(state.treasures_taken) + state.treasures_set_aside
    by_treasures = (total - left) / (total - 2) if total > 2 else 1.0
    return min(max(by_bag, by_treasures, 0.0), 1.0)


def evaluate(state: GameState) -> list[float]:
    """Each seat's evaluation in *state*: its value less the best other seat's, the more so
    the nearer the end.

    >>> import tigeuph
    >>> evaluate(tigeuph.new_game(2, seed=1))
    [0.0, 0.0]
    """
    vals = values(state)
    scale = 1.0 + TEMPO * progress(state)
    if len(vals) == 2:  # the rule below, for two (a rollout evaluates often)
        v0, v1 = vals
        return [(v0 - v1) * scale, (v1 - v0) * scale]
    ranked = sorted(vals, reverse=True)
    first, second = ranked[0], ranked[1]
    return [(v - (second if v == first else first)) * scale for v in vals]
