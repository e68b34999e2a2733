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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from .boards import Board
from .cells import ROWS, STRIDE, Bitboard
from .decisions import (
    BuildingChoice,
    Conflict,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from .engine import outcome
from .errors import ArgumentError, expect
from .extras import require
from .pieces import COLOURS, MONUMENTS
from .rules.monuments import square
from .rules.wonder import cross
from .ruleset import SWITCHES
from .state import GameState
from .views import PlayerView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "DECISIONS",
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

DECISIONS: Final = (
    "none",
    "revolt",
    "war",
    "war choice",
    "building",
    "wonder",
    "monument",
    "treasure",
    "wonder point",
)
"""The kinds of pending decision, as the ``decision`` field's one-hot order."""

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
    ("decision", len(DECISIONS)),  # one-hot kind of the pending decision
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
_PLANE: Final = {name: i for i, name in enumerate(PLANES)}


def observation_size(board: Board) -> int:
    """The length of :func:`observation`'s array for games on *board*."""
    return len(PLANES) * board.rows * board.cols + VECTOR_SIZE


def _numpy() -> Any:
    return require("numpy", "tensors")


def observation(view: PlayerView) -> NDArray[np.float32]:
    """*view* as a flat ``float32`` numpy array: the planes, then the vector (see
    ``tigeuph.tensors.PLANES`` and ``VECTOR``, and ``docs/adapters.rst``); seats relative to
    the viewer.

    Raises:
        ArgumentTypeError: *view* is not a :class:`~tigeuph.PlayerView`.
        TigeuphError: numpy is not installed (the ``tensors`` extra).
    """
    expect(view, PlayerView, "a PlayerView", "observation: view")
    xp = _numpy()
    board = view.rules.board
    rows, cols = board.rows, board.cols
    masks = [0] * len(PLANES)  # one bitboard a plane, unpacked all at once at the end
    players, viewer = view.players, view.player

    def put(name: str, cells: Bitboard) -> None:
        masks[_PLANE[name]] |= cells

    def rel(seat: int) -> int:
        return (seat - viewer) % players

    for letter, layer in zip(_LETTERS, view.tiles, strict=True):
        put(f"tile {letter}", layer)
    put("face-down", view.flipped)
    put("treasure", view.treasures)
    put("special treasure", view.treasures & board.special)
    put("catastrophe", view.catastrophes)
    for seat, row in enumerate(view.leaders):
        for letter, at in zip(_LETTERS, row, strict=True):
            if at is not None:
                put(f"leader {rel(seat)} {letter}", 1 << at)
    for site in view.monuments:
        put(f"monument {site.monument.code}", square(site.corner))
    for letter, at in zip(_LETTERS, view.buildings, strict=True):
        if at is not None:
            put(f"building {letter}", 1 << at)
    if view.wonder is not None:
        put("wonder", cross(view.wonder.centre))
    if view.unification is not None:
        put("unification", 1 << view.unification)
    put("river", board.river)
    put("declined square", view.declined)
    put("declined cross", view.declined_crosses)
    put("decision", _decision_cells(view))
    raw = xp.frombuffer(b"".join(m.to_bytes(_BYTES, "little") for m in masks), dtype=xp.uint8)
    bits = xp.unpackbits(raw.reshape(len(PLANES), _BYTES), axis=1, bitorder="little")
    grid = bits[:, : ROWS * STRIDE].reshape(len(PLANES), ROWS, STRIDE)[:, :rows, :cols]

    vector = [0.0] * VECTOR_SIZE

    def field(name: str, values: Sequence[float], at: int = 0) -> None:
        start = _OFFSETS[name] + at
        vector[start : start + len(values)] = values

    def one_hot(name: str, index: int) -> None:
        vector[_OFFSETS[name] + index] = 1.0

    field("hand", view.hand)
    field("discarded", view.discarded)
    for seat in range(players):
        slot = rel(seat)
        one_hot("seats", slot)
        field("hand sizes", [view.hand_sizes[seat]], slot)
        field("discard sizes", [view.discard_sizes[seat]], slot)
        field("catastrophes left", [view.catastrophe_tiles[seat]], slot)
        field("treasures taken", [view.treasures_taken[seat]], slot)
        points = view.points[seat]
        if points is not None:
            one_hot("points shown", slot)
            field("points", points, slot * 4)
    one_hot("active", rel(view.active))
    if view.to_move is not None:
        one_hot("to move", rel(view.to_move))
    field("actions left", [view.actions_left])
    field("bag size", [view.bag_size])
    field("removed", view.removed)
    pending = view.pending
    one_hot("decision", _decision_kind(view))
    if isinstance(pending, Conflict):
        one_hot("conflict colour", pending.colour)
        one_hot("attacker", rel(pending.attacker))
        one_hot("defender", rel(pending.defender))
        if pending.attacker_support is not None:
            field("attacker support", [pending.attacker_support])
            one_hot("attacker committed", 0)
    elif isinstance(pending, WarChoice):
        for colour in pending.colours:
            one_hot("wars to choose", colour)
    elif isinstance(pending, BuildingChoice):
        one_hot("building colour", pending.colour)
    if view.wonder is not None:
        one_hot("wonder colour", view.wonder.colour)
    if view.is_over:
        one_hot("game over", 0)
    field("switches", [float(getattr(view.rules, name)) for name in SWITCHES])
    out = xp.concatenate([grid.reshape(-1), xp.array(vector, dtype=xp.float32)], dtype=xp.float32)
    return cast("NDArray[np.float32]", out)


_BYTES: Final = (ROWS * STRIDE + 7) // 8


def _decision_kind(view: PlayerView) -> int:
    pending = view.pending
    kinds: list[tuple[type, str]] = [
        (Revolt, "revolt"),
        (War, "war"),
        (WarChoice, "war choice"),
        (BuildingChoice, "building"),
        (WonderChoice, "wonder"),
        (MonumentChoice, "monument"),
        (TreasureChoice, "treasure"),
        (WonderPoint, "wonder point"),
    ]
    for kind, name in kinds:
        if isinstance(pending, kind):
            return DECISIONS.index(name)
    return 0


def _decision_cells(view: PlayerView) -> Bitboard:
    """The cells the pending decision is about: the two leaders in a conflict, the squares'
    corners, the building's cells, the crosses' centres, the trader."""
    pending = view.pending
    cells: Sequence[int] = ()
    if isinstance(pending, Conflict):
        found = (
            view.leaders[pending.attacker][pending.colour],
            view.leaders[pending.defender][pending.colour],
        )
        cells = [c for c in found if c is not None]
    elif isinstance(pending, MonumentChoice):
        cells = pending.corners
    elif isinstance(pending, BuildingChoice):
        cells = pending.cells
    elif isinstance(pending, WonderChoice):
        cells = pending.centres
    elif isinstance(pending, TreasureChoice):
        cells = (pending.trader,)
    out = 0
    for c in cells:
        out |= 1 << c
    return out


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
