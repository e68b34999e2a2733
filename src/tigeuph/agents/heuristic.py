"""The evaluation the greedy and search agents share: how good a position is for each seat.

A seat's *value* weighs its final-score vector (spec R27: points per colour with treasures
given to the weakest colours, sorted weakest first) by :data:`VECTOR_WEIGHTS`, so that a point
in the weakest colour counts most, then adds what should score later: each leader on the board
(:data:`LEADER`), more the more temples stand beside it (:data:`TEMPLE`, up to three: a leader
with few temples is open to a revolt, spec R15), each leader in a kingdom holding a monument of
its colour (:data:`MONUMENT`, a point a turn, spec R24), each leader in a kingdom holding its
colour's building (:data:`BUILDING`, doubled points, variant R30), a king in the wonder's
kingdom (:data:`WONDER`, a point a turn, variant R31), and each catastrophe tile still held
(:data:`CATASTROPHE`). A seat's *evaluation* is its value less the best other seat's value: a
game is won by ranking first.

The evaluation reads only the board, the points, the treasures and the catastrophe tiles. In a
state drawn by :func:`~tigeuph.sample_state` these are all public (hidden points are counted
from the public history), so the evaluation never depends on what the agent cannot see.
"""

from __future__ import annotations

from typing import Final

from ..cells import Cell, neighbours
from ..pieces import COLOURS, Colour
from ..rules.scoring import final_vector
from ..state import GameState

__all__ = [
    "BUILDING",
    "CATASTROPHE",
    "LEADER",
    "MONUMENT",
    "TEMPLE",
    "VECTOR_WEIGHTS",
    "WONDER",
    "evaluate",
    "values",
]

VECTOR_WEIGHTS: Final = (4.0, 2.0, 1.0, 0.5)
"""Weights of the final-score vector, weakest colour first."""
LEADER: Final = 1.5
"""Worth of a leader on the board, which scores the tiles of its colour placed in its kingdom."""
TEMPLE: Final = 0.5
"""Worth of each temple beside a leader, up to three, its strength in a revolt (spec R15)."""
MONUMENT: Final = 1.0
"""Worth of a leader in a kingdom holding a monument of its colour, a point a turn (spec R24)."""
BUILDING: Final = 1.0
"""Worth of a leader in a kingdom holding its colour's building, which doubles its points
(variant R30)."""
WONDER: Final = 1.0
"""Worth of a king in the wonder's kingdom, a point at the end of each turn (variant R31)."""
CATASTROPHE: Final = 0.5
"""A catastrophe tile still in hand."""


def values(state: GameState) -> list[float]:
    """Each seat's value in *state* (see the module docstring)."""
    temples = state.tiles[Colour.RED]
    out = []
    for seat in range(state.players):
        vector = final_vector(state.points[seat], state.treasures_taken[seat])
        a, b, c, d = VECTOR_WEIGHTS
        value = a * vector[0] + b * vector[1] + c * vector[2] + d * vector[3]
        for at in state.leaders[seat]:
            if at is not None:  # temple_count (spec R15), inlined: this runs very often
                value += LEADER + TEMPLE * min((neighbours(1 << at) & temples).bit_count(), 3)
        value += CATASTROPHE * state.catastrophe_tiles[seat]
        out.append(value)
    sites: list[tuple[Cell, tuple[Colour, ...], float]] = [
        (site.corner, site.monument.colours, MONUMENT) for site in state.monuments
    ]
    for colour, at in zip(COLOURS, state.buildings, strict=True):
        if at is not None:
            sites.append((at, (colour,), BUILDING))
    if state.wonder is not None:
        sites.append((state.wonder.centre, (Colour.BLACK,), WONDER))
    if sites:
        kingdoms = state.analysis().kingdoms
        for cell, colours, worth in sites:
            kingdom = next((k for k in kingdoms if k >> cell & 1), 0)
            for seat in range(state.players):
                for colour in colours:
                    at = state.leaders[seat][colour]
                    if at is not None and kingdom >> at & 1:
                        out[seat] += worth
    return out


def evaluate(state: GameState) -> list[float]:
    """Each seat's evaluation in *state*: its value less the best other seat's.

    >>> import tigeuph
    >>> evaluate(tigeuph.new_game(2, seed=1))
    [0.0, 0.0]
    """
    vals = values(state)
    out = []
    for seat, mine in enumerate(vals):
        best = max(v for other, v in enumerate(vals) if other != seat)
        out.append(mine - best)
    return out
