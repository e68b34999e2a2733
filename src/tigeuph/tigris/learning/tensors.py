"""Tensors and returns for learning: a player's view as one numpy array, a game's result as numbers.

:func:`observation` turns a :class:`~tigeuph.PlayerView` into a flat ``float32`` array: the
board planes first (:data:`PLANES`, each ``rows x cols`` of the board, in C order), then the
vector fields (:data:`VECTOR`). Its length, :func:`observation_size`, depends only on the
board's size, not on the player count or the variants: a 2-player game fills
slots 2 and 3 with zeros. Seats are *relative to the viewer*: slot 0 is the viewer, slot 1 the
player after him in turn order, and so on, so one network serves every seat. The layout is
stable: a change would be a new major version. The full table is in ``docs/adapters.rst``;
:func:`split_observation` cuts an array back into named pieces.

The view holds only what its player may know (spec R4, R32), so the array does too: two
states that differ only in hidden information give equal arrays.

numpy comes with the ``tensors`` extra (and with ``openspiel``, ``pettingzoo``,
``gymnasium``); it is imported when first needed, so ``import tigeuph`` never needs it.

>>> import tigeuph
>>> view = tigeuph.view(tigeuph.new_game(2, seed=1), 0)
>>> obs = tigeuph.observation(view)
>>> obs.shape, obs.dtype, observation_size(view.rules.board)
((7142,), dtype('float32'), 7142)
>>> planes, vector = split_observation(obs, view.rules.board)
>>> planes["tile r"].sum() == 10, list(vector["hand"]) == list(view.hand)
(np.True_, True)
"""

from __future__ import annotations

import functools
import operator
import struct
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from ...core.errors import ArgumentError, expect
from ...core.extras import require
from ..engine.apply import outcome
from ..model.boards import Board
from ..model.cells import ROWS, STRIDE, Cell
from ..model.decisions import (
    BuildingChoice,
    Conflict,
    Decision,
    MonumentChoice,
    TreasureChoice,
    WarChoice,
    WonderChoice,
)
from ..model.kinds import DECISIONS
from ..model.pieces import COLOURS, MONUMENTS
from ..model.ruleset import SWITCHES
from ..model.state import GameState
from ..rules.monuments import square
from ..rules.wonder import cross
from ..views import PlayerView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "DECISION_ORDER",
    "PLANES",
    "SEATS",
    "VECTOR",
    "observation",
    "observation_size",
    "returns",
    "split_observation",
]

SEATS: Final = 4
"""Seat slots in the array: the most players a game may have."""

_LETTERS: Final = tuple(colour.letter for colour in COLOURS)

PLANES: Final[tuple[str, ...]] = (
    *(f"tile {c}" for c in _LETTERS),  # face-up civilisation tiles (temples are red tiles)
    "face-down",  # tiles under monuments and the wonder
    "treasure",
    "special treasure",
    "catastrophe",
    *(f"leader {seat} {c}" for seat in range(SEATS) for c in _LETTERS),  # seat relative
    *(f"monument {m.code}" for m in MONUMENTS),  # the four cells of its square
    *(f"building {c}" for c in _LETTERS),
    "wonder",  # the five cells of its cross
    "unification",
    "river",
    "declined square",  # top-left cells of squares declined for a monument
    "declined cross",  # centres of crosses declined for the wonder
    "decision",  # the cells the pending decision is about
)
"""The board planes, in order: each is ``rows x cols``, 1.0 where the plane's piece stands."""

DECISION_ORDER: Final = ("none", *(kind.name for kind in DECISIONS))
"""The ``decision`` field's one-hot order: ``none``, then each kind of decision by its name,
in the order of the one list of them (:data:`tigeuph.tigris.model.kinds.DECISIONS`); a test
pins it, since reordering that list would change the layout."""

VECTOR: Final[tuple[tuple[str, int], ...]] = (
    ("hand", 4),  # the viewer's hand, tiles per colour
    ("discarded", 4),  # the viewer's own exchanged tiles, per colour
    ("seats", SEATS),  # 1 where the slot is a player of the game
    ("hand sizes", SEATS),
    ("discard sizes", SEATS),
    ("catastrophes left", SEATS),
    ("points shown", SEATS),  # 1 where the view shows that player's points
    ("points", SEATS * 4),  # slot-major: points[slot * 4 + colour], 0 where hidden
    ("treasures taken", SEATS),
    ("active", SEATS),  # one-hot: whose turn it is
    ("to move", SEATS),  # one-hot: who decides now (all zero once the game is over)
    ("actions left", 1),
    ("bag size", 1),
    ("removed", 4),  # tiles out of the game in the open, per colour
    ("decision", len(DECISION_ORDER)),  # one-hot kind of the pending decision
    ("conflict colour", 4),  # a revolt's or war's colour
    ("attacker", SEATS),
    ("defender", SEATS),
    ("attacker support", 1),  # tiles the attacker committed, once he has
    ("attacker committed", 1),
    ("wars to choose", 4),  # colours of the wars the active player may pick from
    ("building colour", 4),  # the colour of the building the pending choice is about
    ("wonder colour", 4),  # the colour of the built wonder's cross
    ("game over", 1),
    ("switches", len(SWITCHES)),  # the variants in play, in tigeuph.SWITCHES order
)
"""The vector fields after the planes, in order, as ``(name, length)``: counts as plain numbers
(not scaled), one-hots and flags as 0.0 or 1.0; seat slots are relative to the viewer."""

VECTOR_SIZE: Final = sum(size for _, size in VECTOR)
_OFFSETS: Final = {name: sum(size for _, size in VECTOR[:i]) for i, (name, _) in enumerate(VECTOR)}


def observation_size(board: Board) -> int:
    """The length of :func:`observation`'s array for games on *board*."""
    return len(PLANES) * board.rows * board.cols + VECTOR_SIZE


def _numpy() -> Any:
    """numpy, imported on first use: ``import tigeuph`` never needs it."""
    return sys.modules.get("numpy") or require("numpy", "tensors")


def observation(view: PlayerView) -> NDArray[np.float32]:
    """*view* as a flat ``float32`` numpy array: the planes, then the vector (see
    ``tigeuph.tigris.learning.tensors.PLANES`` and ``VECTOR``, and ``docs/adapters.rst``); seats
    relative to the viewer.

    Raises:
        ArgumentTypeError: *view* is not a :class:`~tigeuph.PlayerView`.
        TigeuphError: numpy is not installed (the ``tensors`` extra).
    """
    expect(view, PlayerView, "a PlayerView", "observation: view")
    xp = _numpy()
    board = view.rules.board
    rows, cols = board.rows, board.cols
    bits = xp.unpackbits(xp.frombuffer(_plane_bits(view), dtype=xp.uint8), bitorder="little")
    # Each board row of each plane read as one item of *cols* bytes, a row's bits being
    # contiguous: copying those items drops the guard bits and the cells beyond the board, a
    # row at a time rather than a cell at a time.
    row_items = xp.ndarray((len(PLANES), rows), _row_type(cols), bits, 0, (_BITS, STRIDE))
    size = len(PLANES) * rows * cols
    out = xp.empty(size + VECTOR_SIZE, dtype=xp.float32)
    out[:size] = xp.ascontiguousarray(row_items).view(xp.uint8).reshape(size)
    _VECTOR_FLOATS.pack_into(out, size * 4, *_vector(view))
    return cast("NDArray[np.float32]", out)


def _plane_bits(view: PlayerView) -> bytes:
    """Every plane as a bitboard of ``_BYTES`` bytes, little-endian, in :data:`PLANES` order."""
    board = view.rules.board
    treasures = view.treasures
    red, blue, green, black = view.tiles
    viewer = view.player
    single = _SINGLE
    # Seat-relative leaders: the viewer's first, then those after him in turn order.
    leaders = view.leaders[viewer:] + view.leaders[:viewer]
    if view.monuments:
        monuments = [_ZERO] * len(MONUMENTS)
        for site in view.monuments:
            monuments[_MONUMENT_SLOTS[site.monument]] = _SQUARES[site.corner]
        monument_planes = b"".join(monuments)
    else:
        monument_planes = _NO_MONUMENTS
    wonder = view.wonder
    decision = 0
    if view.pending is not None:
        for c in _decision_cells(view):
            decision |= 1 << c
    return b"".join(
        [
            red.to_bytes(_BYTES, "little"),
            blue.to_bytes(_BYTES, "little"),
            green.to_bytes(_BYTES, "little"),
            black.to_bytes(_BYTES, "little"),
            view.flipped.to_bytes(_BYTES, "little"),
            treasures.to_bytes(_BYTES, "little"),
            (treasures & board.special).to_bytes(_BYTES, "little"),
            view.catastrophes.to_bytes(_BYTES, "little"),
            *[single[at] for row in leaders for at in row],
            _EMPTY_SEATS[len(leaders)],
            monument_planes,
            *[single[at] for at in view.buildings],
            _ZERO if wonder is None else _CROSSES[wonder.centre],
            single[view.unification],
            board.river.to_bytes(_BYTES, "little"),
            view.declined.to_bytes(_BYTES, "little"),
            view.declined_crosses.to_bytes(_BYTES, "little"),
            decision.to_bytes(_BYTES, "little"),
        ]
    )


_BYTES: Final = (ROWS * STRIDE + 7) // 8
_BITS: Final = _BYTES * 8
_CELL_BITS: Final = range(_BITS)
_ALL_BITS: Final = (1 << _BITS) - 1
_ZERO: Final = bytes(_BYTES)
_SINGLE: Final[dict[int | None, bytes]] = {None: _ZERO} | {
    c: (1 << c).to_bytes(_BYTES, "little") for c in _CELL_BITS
}
"""The plane of one piece on cell ``c`` (none for ``None``)."""
_SQUARES: Final = {c: (square(Cell(c)) & _ALL_BITS).to_bytes(_BYTES, "little") for c in _CELL_BITS}
"""The plane of a monument whose square has its top-left cell on ``c``."""
_CROSSES: Final = {c: (cross(Cell(c)) & _ALL_BITS).to_bytes(_BYTES, "little") for c in _CELL_BITS}
"""The plane of the wonder centred on ``c``."""
_NO_MONUMENTS: Final = _ZERO * len(MONUMENTS)
_EMPTY_SEATS: Final = tuple(_ZERO * len(COLOURS) * (SEATS - n) for n in range(SEATS + 1))
"""The leader planes of the seat slots a game of ``n`` players leaves empty."""


@functools.cache
def _row_type(cols: int) -> Any:
    """The numpy type of a board row's bits, one byte each: *cols* bytes, no meaning."""
    return _numpy().dtype(f"V{cols}")


_MONUMENT_SLOTS: Final = {m: i for i, m in enumerate(MONUMENTS)}

_SEATS: Final = tuple(tuple(float(slot < n) for slot in range(SEATS)) for n in range(SEATS + 1))
_KINDS: Final[dict[type, int]] = {
    kind.decision: DECISION_ORDER.index(kind.name) for kind in DECISIONS
}


def _vector(view: PlayerView) -> list[float]:
    """The vector part of :func:`observation`, in :data:`VECTOR` order."""
    players, viewer = view.players, view.player
    pad = _PADS[players]
    # The fields up to "treasures taken" are full: they are listed in order, seat fields turned
    # so that the viewer comes first; the rest are mostly zeros, set where they are not.
    sizes, discards, catastrophes = view.hand_sizes, view.discard_sizes, view.catastrophe_tiles
    taken = view.treasures_taken
    seen = view.points[viewer:] + view.points[:viewer]
    points: list[float] = []
    for counts in seen:
        points += _NO_POINTS if counts is None else counts
    vector: list[float] = [
        *view.hand,
        *view.discarded,
        *_SEATS[players],
        *sizes[viewer:],
        *sizes[:viewer],
        *pad,
        *discards[viewer:],
        *discards[:viewer],
        *pad,
        *catastrophes[viewer:],
        *catastrophes[:viewer],
        *pad,
        *[0.0 if counts is None else 1.0 for counts in seen],
        *pad,
        *points,
        *_NO_POINTS * len(pad),
        *taken[viewer:],
        *taken[:viewer],
        *pad,
        *_TAIL,
    ]
    vector[_ACTIVE + (view.active - viewer) % players] = 1.0
    to_move = view.to_move
    if to_move is not None:
        vector[_TO_MOVE + (to_move - viewer) % players] = 1.0
    vector[_ACTIONS_LEFT] = view.actions_left
    vector[_BAG_SIZE] = view.bag_size
    vector[_REMOVED : _REMOVED + 4] = view.removed
    pending = view.pending
    if pending is None:
        vector[_DECISION_KIND] = 1.0
    else:
        vector[_DECISION_KIND + _decision_kind(pending)] = 1.0
        if isinstance(pending, Conflict):
            vector[_CONFLICT_COLOUR + pending.colour] = 1.0
            vector[_ATTACKER + (pending.attacker - viewer) % players] = 1.0
            vector[_DEFENDER + (pending.defender - viewer) % players] = 1.0
            if pending.attacker_support is not None:
                vector[_ATTACKER_SUPPORT] = pending.attacker_support
                vector[_ATTACKER_COMMITTED] = 1.0
        elif isinstance(pending, WarChoice):
            for colour in pending.colours:
                vector[_WARS + colour] = 1.0
        elif isinstance(pending, BuildingChoice):
            vector[_BUILDING_COLOUR + pending.colour] = 1.0
    if view.wonder is not None:
        vector[_WONDER_COLOUR + view.wonder.colour] = 1.0
    if view.ended is not None:
        vector[_GAME_OVER] = 1.0
    vector[_SWITCHES:] = _switches(view.rules)
    return vector


_PADS: Final = tuple((0.0,) * (SEATS - n) for n in range(SEATS + 1))
_NO_POINTS: Final = (0.0, 0.0, 0.0, 0.0)
_switches: Final = operator.attrgetter(*SWITCHES)
_HEAD: Final = _OFFSETS["treasures taken"] + SEATS
_TAIL: Final = (0.0,) * (VECTOR_SIZE - _HEAD)
_VECTOR_FLOATS: Final = struct.Struct(f"={VECTOR_SIZE}f")


_ACTIVE: Final = _OFFSETS["active"]
_TO_MOVE: Final = _OFFSETS["to move"]
_ACTIONS_LEFT: Final = _OFFSETS["actions left"]
_BAG_SIZE: Final = _OFFSETS["bag size"]
_REMOVED: Final = _OFFSETS["removed"]
_DECISION_KIND: Final = _OFFSETS["decision"]
_CONFLICT_COLOUR: Final = _OFFSETS["conflict colour"]
_ATTACKER: Final = _OFFSETS["attacker"]
_DEFENDER: Final = _OFFSETS["defender"]
_ATTACKER_SUPPORT: Final = _OFFSETS["attacker support"]
_ATTACKER_COMMITTED: Final = _OFFSETS["attacker committed"]
_WARS: Final = _OFFSETS["wars to choose"]
_BUILDING_COLOUR: Final = _OFFSETS["building colour"]
_WONDER_COLOUR: Final = _OFFSETS["wonder colour"]
_GAME_OVER: Final = _OFFSETS["game over"]
_SWITCHES: Final = _OFFSETS["switches"]


def _decision_kind(pending: Decision) -> int:
    """The index in :data:`DECISION_ORDER` of *pending*'s kind."""
    found = _KINDS.get(type(pending))
    if found is None:  # a subclass: the first kind it is an instance of
        found = next((i for kind, i in _KINDS.items() if isinstance(pending, kind)), 0)
    return found


def _decision_cells(view: PlayerView) -> Sequence[Cell]:
    """The cells the pending decision is about: the two leaders in a conflict, the squares'
    corners, the building's cells, the crosses' centres, the trader."""
    pending = view.pending
    if pending is None:
        return ()
    if isinstance(pending, Conflict):
        found = (
            view.leaders[pending.attacker][pending.colour],
            view.leaders[pending.defender][pending.colour],
        )
        return [c for c in found if c is not None]
    if isinstance(pending, MonumentChoice):
        return pending.corners
    if isinstance(pending, BuildingChoice):
        return pending.cells
    if isinstance(pending, WonderChoice):
        return pending.centres
    if isinstance(pending, TreasureChoice):
        return (pending.trader,)
    return ()


def split_observation(
    obs: NDArray[np.float32], board: Board
) -> tuple[dict[str, NDArray[np.float32]], dict[str, NDArray[np.float32]]]:
    """*obs* cut into named pieces: ``(planes, vector)``, each a dict from the names of
    :data:`PLANES` (``rows x cols`` arrays) and :data:`VECTOR` to views into *obs*.

    Raises:
        ArgumentError: *obs* does not have :func:`observation_size` entries for *board*.
    """
    size = observation_size(board)
    if obs.shape != (size,):
        raise ArgumentError(
            f"an observation on a {board.rows}x{board.cols} board has {size} entries"
        )
    area = board.rows * board.cols
    grid = obs[: len(PLANES) * area].reshape(len(PLANES), board.rows, board.cols)
    planes = {name: grid[i] for i, name in enumerate(PLANES)}
    rest = obs[len(PLANES) * area :]
    vector = {name: rest[_OFFSETS[name] : _OFFSETS[name] + n] for name, n in VECTOR}
    return planes, vector


def returns(state: GameState) -> tuple[float, ...]:
    """Each player's result as a number: the winners share a win, zero-sum (spec R27).

    A player ranked first among *k* winners of an *n*-player game gets ``n / k - 1`` divided
    by ``n - 1``, everyone else ``-1 / (n - 1)``: a sole winner gets +1, the results sum to 0,
    and a tie between all players gives everyone 0. 2 players: +1 and -1, or 0 and 0 on a tie;
    4 players: +1 and three times -1/3. While the game goes on every player gets 0 (as
    OpenSpiel's ``returns`` does before the end).

    >>> import tigeuph
    >>> returns(tigeuph.new_game(3, seed=1))
    (0.0, 0.0, 0.0)
    """
    result = outcome(state)
    if result is None:
        return (0.0,) * state.players
    n, winners = state.players, result.winners
    win = (n / len(winners) - 1) / (n - 1)
    lose = -1 / (n - 1)
    return tuple(win if seat in winners else lose for seat in range(n))
