"""The legal actions of a state, as a lazy immutable sequence (spec R5-R31).

A random playout asks for the legal actions of every state it visits but takes only one of
them: a state between actions offers about 300. :class:`LegalActions` therefore holds the masks
of legal cells and the shared action tables (:class:`~tigeuph.tigris.model.cells.CellMap`), and
builds an action only when asked for it: ``len`` adds bit counts, ``seq[i]`` finds the i-th cell of
a mask, ``action in seq`` tests one bit. Iterating or slicing builds the whole tuple once.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple, TypeAlias, final, overload

from ...core.errors import expect
from ..model.actions import (
    END_TURN,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    WITHDRAW_LEADER,
    Action,
    ExchangeTiles,
    PlaceTile,
    exchange,
)
from ..model.cells import Bitboard, Cell, CellMap, nth_of
from ..model.pieces import COLOURS, Colour
from ..model.state import HAND_SIZE, GameState, keep_legal
from ..rules.catastrophes import catastrophe_cells
from ..rules.placement import Masks, masks
from .plays import CHOICES

__all__ = ["CellPart", "FixedPart", "LegalActions", "legal_actions"]


@final  # told apart from a cell part by its type
class FixedPart(NamedTuple):
    """A part of the sequence listed action by action: ending the turn, withdrawals, exchanges,
    the answers to a decision. Most are made once (at import, or once for each hand)."""

    size: int
    actions: tuple[Action, ...]


CellPart: TypeAlias = tuple[int, CellMap[Any], Bitboard, int, Mapping[Cell, tuple[Any, ...]]]
"""A part of the sequence listed cell by cell, ``(size, table, cells, per, by_cell)``: the
values of the action table ``table`` on the cells of the mask ``cells``, ``per`` values for
each cell in the table's order, with the table's groups to read them by (``by_cell``). A plain
tuple, read by unpacking it into those names: a listing makes up to six, and a named tuple or
a class costs a Python call to make (3-4% of an action's instructions)."""

_Part = FixedPart | CellPart


class LegalActions(Sequence[Action]):
    """The legal actions of one state, in a fixed order, built one at a time on demand.

    It behaves as the tuple of those actions would: ``len``, indexing and slicing (a slice is a
    tuple), ``in``, iteration, ``index`` and ``count``; it is immutable, and equal to (and hashed
    as) the tuple of its actions, so ``legal_actions(state) == ()`` says the game is over.
    """

    __slots__ = ("_items", "_len", "_parts")

    _parts: list[_Part]
    _len: int
    _items: tuple[Action, ...]  # unset until as_tuple builds it: most listings never do

    def __init__(self, parts: list[_Part], length: int) -> None:
        _SET_PARTS(self, parts)
        _SET_LEN(self, length)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"LegalActions is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"LegalActions is immutable: cannot delete {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its tuple of actions (a state's cache crosses process boundaries)."""
        items = self.as_tuple()
        return LegalActions, ([FixedPart(len(items), items)], len(items))

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if type(index) is not int:  # a slice, an int-like index, or the tuple's TypeError
            return self.as_tuple()[index]
        i = index + self._len if index < 0 else index
        if 0 <= i < self._len:
            for part in self._parts:
                if type(part) is FixedPart:
                    size, actions = part
                    if i < size:
                        return actions[i]
                else:
                    size, _, cells, per, by_cell = part
                    if i < size:
                        found: Action = by_cell[nth_of(cells, i // per)][i % per]
                        return found
                i -= size
        raise IndexError("legal actions index out of range")

    def __contains__(self, action: object) -> bool:
        for part in self._parts:
            if type(part) is FixedPart:
                if action in part.actions:
                    return True
            else:
                _, table, cells, _, _ = part
                c = table.cell_of(action)
                if c is not None and cells >> c & 1:
                    return True
        return False

    def __iter__(self) -> Iterator[Action]:
        return iter(self.as_tuple())

    def __reversed__(self) -> Iterator[Action]:
        return reversed(self.as_tuple())

    def cell_parts(self) -> Iterator[tuple[CellMap[Any], Bitboard]]:
        """The parts listed cell by cell: each action table with the mask of its legal cells
        (:func:`tigeuph.legal_mask` reads them without building an action)."""
        for part in self._parts:
            if type(part) is not FixedPart:
                _, table, cells, _, _ = part
                yield table, cells

    def fixed_parts(self) -> Iterator[tuple[Action, ...]]:
        """The parts listed action by action (ending the turn, withdrawals, exchanges, the
        answers to a decision)."""
        for part in self._parts:
            if type(part) is FixedPart:
                yield part.actions

    def tile_count(self) -> int:
        """How many of the actions place a tile. Between actions they come right after ending
        the turn, ``self[1 : 1 + n]``, so a random draw among them can read them in place; the
        answers to a decision place none."""
        parts = self._parts
        if len(parts) > 1 and type(tiles := parts[1]) is not FixedPart:
            n, table, _, _, _ = tiles
            if table not in _TILE_TABLES:
                return 0
            if len(parts) > 2 and type(blue := parts[2]) is not FixedPart:
                size, table, _, _, _ = blue
                n += size if table is _BLUE[0] else 0
            return n
        if len(parts) == 1 and type(listed := parts[0]) is FixedPart:  # rebuilt from a pickle
            return sum(1 for action in listed.actions if type(action) is PlaceTile)
        return 0

    def as_tuple(self) -> tuple[Action, ...]:
        """Every action, as a tuple (built once)."""
        try:
            return self._items
        except AttributeError:
            out: list[Action] = []
            for part in self._parts:
                if type(part) is FixedPart:
                    out += part.actions
                else:
                    _, table, cells, _, _ = part
                    table.pick_into(out, cells)
            found = tuple(out)
            object.__setattr__(self, "_items", found)
        return found

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return other is self or self.as_tuple() == other.as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        return f"LegalActions({self.as_tuple()!r})"

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        return self.as_tuple().index(value, start, self._len if stop is None else stop)

    def count(self, value: Any) -> int:
        return self.as_tuple().count(value)


# The slots' own setters: what object.__setattr__ does past a frozen class's guard, at half
# the cost (a listing sets three slots, and every state is listed).
_SET_PARTS: Final = vars(LegalActions)["_parts"].__set__
_SET_LEN: Final = vars(LegalActions)["_len"].__set__

_NONE: Final = LegalActions([], 0)


def legal_actions(state: GameState) -> LegalActions:
    """Every action :func:`~tigeuph.apply` accepts from ``state.to_move``; empty once the game is
    over.

    Between actions they come as: end the turn; tiles (red, green and black cell by cell, then
    blue); leaders (those sharing the same cells together, cell by cell); withdrawals;
    catastrophes; exchanges, fewest tiles first. The sequence is computed once per state and
    builds each action only when asked for it (see :class:`LegalActions`).

    >>> from tigeuph import new_game
    >>> actions = legal_actions(new_game(2, seed=1))
    >>> str(actions[0]), len(actions) > 100
    ('pass', True)

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState`.
    """
    try:
        found = state._legal
    except AttributeError:
        expect(state, GameState, "a GameState", "legal_actions: state")
        raise
    if found is None:
        if state.pending is None and state.ended is None:
            found = _turn_actions(state)
        else:
            found = _legal(state)
        keep_legal(state, found)
    return found  # type: ignore[return-value]  # the slot holds what _legal built


def _legal(state: GameState) -> LegalActions:
    if state.ended is not None:
        return _NONE
    pending = state.pending
    if pending is None:
        return _turn_actions(state)
    # The answers to the decision, as its kind's record lists them.
    found = CHOICES[type(pending)].listed(state, pending)
    return LegalActions([FixedPart(len(found), found)], len(found)) if found else _NONE


_Table = tuple[CellMap[Any], Mapping[Cell, tuple[Any, ...]]]


def _table(actions: CellMap[Any]) -> _Table:
    return actions, actions.groups


@functools.cache
def _land_tiles(held: int) -> _Table:
    """Tile placements of red (bit 0), green (bit 1) and black (bit 2) as *held* says, cell by
    cell."""
    land = (Colour.RED, Colour.GREEN, Colour.BLACK)
    found = _table(CellMap.merge(PLACE_TILE[c] for i, c in enumerate(land) if held >> i & 1))
    _TILE_TABLES.add(found[0])
    return found


def _leader_moves(colours: int) -> _Table:
    """Leader placements of the colours whose bits are set in *colours*, cell by cell."""
    return _table(CellMap.merge(PLACE_LEADER[c] for c in COLOURS if colours >> c & 1))


_LEADER_MOVES: Final = tuple(_leader_moves(n) for n in range(1, 16))
"""``_LEADER_MOVES[colours - 1]``: ``_leader_moves(colours)`` made once, looked up, not called."""


def _all_exchanges(hand: tuple[int, int, int, int]) -> tuple[ExchangeTiles, ...]:
    """Every exchange *hand* allows, fewest tiles first."""
    counts = [c for c in itertools.product(*(range(n + 1) for n in hand)) if 1 <= sum(c) <= 6]
    counts.sort(key=lambda c: (sum(c), tuple(-n for n in c)))
    return tuple(exchange((c[0], c[1], c[2], c[3])) for c in counts)


# What a hand alone decides of the listing: the placements of the land colours it holds and
# how many colours that is (None: it holds none), whether it holds blue, and its exchanges as
# a part.
_Hand = tuple[tuple[CellMap[Any], Mapping[Cell, tuple[Any, ...]], int] | None, int, FixedPart]


def _hand(hand: tuple[int, int, int, int]) -> _Hand:
    found = _HANDS.get(hand)
    if found is None:
        if not _HANDS:  # the first listing: every hand at once
            for r, b, g, k in itertools.product(range(HAND_SIZE + 1), repeat=4):
                if r + b + g + k <= HAND_SIZE:
                    _HANDS[r, b, g, k] = _hand_of((r, b, g, k))
        found = _HANDS.get(hand) or _hand_of(hand)  # a sketch's hand of more than six tiles
    return found


def _hand_of(hand: tuple[int, int, int, int]) -> _Hand:
    held = (hand[0] > 0) | (hand[2] > 0) << 1 | (hand[3] > 0) << 2
    land = (*_land_tiles(held), _COLOURS_IN[held]) if held else None
    exchanges: tuple[Action, ...] = _all_exchanges(hand)
    return land, hand[1], FixedPart(len(exchanges), exchanges)


_COLOUR_BITS: Final = tuple(1 << c for c in COLOURS)
_COLOURS_IN: Final = tuple(n.bit_count() for n in range(16))
"""How many bits of a 4-bit colour set are set."""

# Every hand of six tiles or fewer (210 of them, a few ms), worked out at the first listing: a
# random playout meets new hands for many games, and working one out costs a hundred times a
# look-up.
_HANDS: Final[dict[tuple[int, int, int, int], _Hand]] = {}


_END_TURN: Final = FixedPart(1, (END_TURN,))
_IN_SUPPLY: Final = (None, None, None, None)
_WITHDRAWALS: Final = tuple(
    FixedPart(n.bit_count(), tuple(WITHDRAW_LEADER[c] for c in COLOURS if n >> c & 1))
    for n in range(16)
)
"""The withdrawals of the leaders whose colours' bits are set, as a part."""
_BLUE: Final = _table(PLACE_TILE[Colour.BLUE])
_CATASTROPHES: Final = _table(PLACE_CATASTROPHE)
_TILE_TABLES: Final[set[CellMap[Any]]] = {_BLUE[0]}
"""The tables of tile placements: a part listing one of them lists tiles."""


def _turn_actions(state: GameState) -> LegalActions:
    player = state.active
    hand = state.hands[player]
    land, blue, exchanges = _HANDS.get(hand) or _hand(hand)
    m: Masks = state._masks or masks(state)  # type: ignore[assignment]
    parts: list[_Part] = [_END_TURN]
    total = 1
    # Red, green and black tiles share one mask of legal cells: one part lists all three.
    cells = m.land_tiles
    if land is not None and cells:
        table, by_cell, per = land
        n = cells.bit_count() * per
        parts.append((n, table, cells, per, by_cell))
        total += n
    cells = m.river_tiles
    if blue and cells:
        n = cells.bit_count()
        parts.append((n, _BLUE[0], cells, 1, _BLUE[1]))
        total += n
    # Leaders whose moves share a mask (every leader in supply, and sometimes those on the
    # board) make one part, as they always have: the order decides seeded games.
    row = state.leaders[player]
    supply = m.supply_leaders
    on_board = 0
    if row == _IN_SUPPLY:
        groups = {supply: 0b1111}
    else:
        groups = {}
        base = m.leader_base
        lifted_touch2 = (state._cache or state.analysis()).lifted_touch2
        for colour, now in enumerate(row):
            bit = _COLOUR_BITS[colour]  # added, not or-ed: small sums cost less than shifts
            if now is None:
                cells = supply
            else:
                cells = base & ~lifted_touch2(now)
                on_board += bit
            groups[cells] = groups.get(cells, 0) + bit
    for cells, colours in groups.items():
        if cells:
            per = _COLOURS_IN[colours]
            n = cells.bit_count() * per
            moves, by_cell = _LEADER_MOVES[colours - 1]
            parts.append((n, moves, cells, per, by_cell))
            total += n
    if on_board:
        withdrawals = _WITHDRAWALS[on_board]
        parts.append(withdrawals)
        total += withdrawals.size
    if state.catastrophe_tiles[player]:
        cells = catastrophe_cells(state)
        if cells:
            n = cells.bit_count()
            parts.append((n, _CATASTROPHES[0], cells, 1, _CATASTROPHES[1]))
            total += n
    if exchanges.size:
        parts.append(exchanges)
        total += exchanges.size
    return LegalActions(parts, total)
