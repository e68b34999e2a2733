"""The next state while it is built: a changeable copy of a state, used only inside
:func:`tigeuph.apply`.

``apply`` validates the action against the frozen state first, then copies the state into a
:class:`Work`, lets the rule modules change the copy, and freezes it: the caller's state is
never touched, and a rejected action leaves nothing half done. A ``Work`` has exactly a state's
slots, and freezing it makes that very object the next state (its ``__class__`` becomes
:class:`~tigeuph.GameState`), so an action builds one object, not two.

When :func:`tigeuph.transition` asks, the copy is a :class:`TellingWork`, whose ``events`` is a
list, and the rule modules tell what they do into it as they do it (:mod:`tigeuph.tigris.events`);
a plain ``Work`` answers ``events`` with ``None``, and pays one test per event for the story
it does not tell.

Per-player rows (hands, points, leaders) stay the state's own tuples until a method replaces
one, so an action pays only for what it changes. Every change of a leader goes through
:meth:`Work.move_leader`, which keeps the board analysis current.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ...core.events import Event
from .cells import CELL_BITS, Bitboard, Cell
from .cellset import BoardCells
from .decisions import Decision
from .pieces import Colour
from .ranking import first_ranked, rank
from .reads import Reads
from .regions import Analysis
from .ruleset import Rules
from .state import FIELDS, Counts, End, GameState, MonumentSite, WonderSite, count_letters

__all__ = ["TellingWork", "Work"]


def _copier() -> Callable[[Work, GameState], None]:
    """``Work.__init__``, written from the state's fields
    (:data:`~tigeuph.tigris.model.state.FIELDS`) as attrs writes a class's ``__init__``: one
    plain store a field, as cheap as a hand-written list, and a new field is copied without a
    word here. The derived slots follow: the board
    analysis carries on (every change of the occupied cells goes through a method below that
    updates it or drops it, and tests compare the analysis each state inherits with a fresh
    one); the legal actions and masks are the next state's own, computed on first use."""
    stores = [f"    self.{name} = s.{name}\n" for name in FIELDS]
    derived = "    self._cache = s._cache\n    self._legal = None\n    self._masks = None\n"
    source = "def __init__(self, s):\n" + "".join(stores) + derived
    namespace: dict[str, Any] = {}
    exec(compile(source, "<Work.__init__>", "exec"), namespace)  # our own text, as attrs does
    init: Callable[[Work, GameState], None] = namespace["__init__"]
    init.__doc__ = "A changeable copy of *s*: its fields, and the board analysis it keeps."
    init.__qualname__ = "Work.__init__"
    return init


class Work(Reads, BoardCells):
    """The fields of :class:`~tigeuph.GameState`, changeable: the next state being built.

    A frozen attrs class stores each field through ``object.__setattr__``, about 1.6 µs for a
    state's 27 slots; plain stores take a fifth of that. A ``Work`` has exactly a state's
    slots, without the guard against change, so that ``freeze`` makes this very object the
    next state by ``__class__`` assignment, which Python allows between classes of the same
    layout: an action pays for a new state what a plain class costs.
    """

    __slots__ = GameState.__slots__

    events: list[Event] | None = None
    """What the rules tell as they work: ``None`` here, a list in a :class:`TellingWork`."""

    # The fields' types, for the type checker alone: their values are copied by the __init__
    # written from FIELDS, and a field missing here is an error wherever the rules use it.
    rules: Rules
    tiles: tuple[Bitboard, Bitboard, Bitboard, Bitboard]
    flipped: Bitboard
    catastrophes: Bitboard
    treasures: Bitboard
    leaders: tuple[tuple[Cell | None, ...], ...]
    monuments: tuple[MonumentSite, ...]
    declined: Bitboard
    unification: Cell | None
    hands: tuple[Counts, ...]
    catastrophe_tiles: tuple[int, ...]
    points: tuple[Counts, ...]
    treasures_taken: tuple[int, ...]
    bag: str
    removed: Counts
    discarded: tuple[Counts, ...]
    active: int
    actions_left: int
    pending: Decision | None
    ended: End | None
    buildings: tuple[Cell | None, Cell | None, Cell | None, Cell | None]
    wonder: WonderSite | None
    declined_crosses: Bitboard
    treasures_set_aside: int
    _cache: Analysis | None
    _legal: object
    _masks: object

    if TYPE_CHECKING:

        def __init__(self, s: GameState) -> None:
            """A changeable copy of *s*: its fields, and the board analysis it keeps."""

    else:
        __init__ = _copier()

    # --- players' rows --------------------------------------------------------------------

    def score(self, player: int, colour: Colour, n: int) -> None:
        """*player* scores *n* points of *colour*."""
        self.points = _replaced(self.points, player, _added(self.points[player], colour, n))

    def take_from_hand(self, player: int, counts: Counts) -> None:
        """Tiles leave *player*'s hand (the caller has checked he holds them)."""
        h = self.hands[player]
        self.hands = _replaced(
            self.hands,
            player,
            (h[0] - counts[0], h[1] - counts[1], h[2] - counts[2], h[3] - counts[3]),
        )

    def discard(self, player: int, counts: Counts) -> None:
        """*player* puts *counts* face down out of the game (an exchange, spec R4)."""
        d = self.discarded[player]
        self.discarded = _replaced(
            self.discarded,
            player,
            (d[0] + counts[0], d[1] + counts[1], d[2] + counts[2], d[3] + counts[3]),
        )

    def spend_catastrophe(self, player: int) -> None:
        """*player* plays one of his catastrophe tiles."""
        self.catastrophe_tiles = _replaced(
            self.catastrophe_tiles, player, self.catastrophe_tiles[player] - 1
        )

    def take_treasure(self, player: int, c: Cell) -> None:
        """*player* takes the treasure on *c*."""
        self.treasures ^= CELL_BITS[c]  # the treasure lay there
        self.treasures_taken = _replaced(
            self.treasures_taken, player, self.treasures_taken[player] + 1
        )

    def remove_in_open(self, colour: Colour, n: int) -> None:
        """*n* tiles of *colour* leave the game in the open (support committed, spec R15)."""
        self.removed = _added(self.removed, colour, n)

    def draw(self, player: int, n: int) -> bool:
        """*player* draws *n* tiles from the bag; ``False`` when the bag could not meet it."""
        drawn, self.bag = self.bag[:n], self.bag[n:]
        d = _DRAWS.get(drawn)
        if d is None:  # at most six letters: a few thousand draws, counted once each
            d = _DRAWS[drawn] = count_letters(drawn)
        h = self.hands[player]
        self.hands = _replaced(
            self.hands, player, (h[0] + d[0], h[1] + d[1], h[2] + d[2], h[3] + d[3])
        )
        if self.events is not None and n:
            from ..events import TilesDrawn

            self.events.append(TilesDrawn(player, len(drawn), len(drawn) < n, d))
        return len(drawn) == n

    def end(self, reason: End) -> None:
        """The game ends (spec R26); the players ranked first win (R27)."""
        self.ended = reason
        if self.events is not None:
            from ..events import GameEnded

            winners = first_ranked(rank(self.points, self.treasures_taken))
            self.events.append(GameEnded(reason, winners))

    # --- the board --------------------------------------------------------------------------

    def place_tile(self, player: int, colour: Colour, c: Cell, touching: list[Bitboard]) -> None:
        """*player* puts a *colour* tile from his hand on the empty cell *c*, next to the
        kingdoms *touching* (as the analysis lists them), keeping the analysis current."""
        self.hands = _replaced(self.hands, player, _added(self.hands[player], colour, -1))
        self.tiles = _replaced(self.tiles, colour, self.tiles[colour] | CELL_BITS[c])
        a = self._cache
        if a is not None:
            if len(touching) > 1:
                self._cache = a.united(c)
            else:
                self._cache = a.joined(c, a.leaders, touching[0] if touching else 0)

    def turn_face_down(self, colour: Colour, cells: Bitboard) -> None:
        """The face-up *colour* tiles on *cells* turn face down under a monument or the
        wonder: the cells stay occupied, so the kingdoms do not change (spec R22, R31)."""
        self.tiles = _replaced(self.tiles, colour, self.tiles[colour] & ~cells)
        self.flipped |= cells

    def remove_tiles(self, colour: Colour, cells: Bitboard) -> int:
        """Take the face-up *colour* tiles on *cells* out of the game; how many there were."""
        cells &= self.tiles[colour]
        if not cells:
            return 0
        self.tiles = _replaced(self.tiles, colour, self.tiles[colour] & ~cells)
        if self._cache is not None:
            self._cache = self._cache.without_tiles(cells)  # kingdoms may split
        n = cells.bit_count()
        self.removed = _added(self.removed, colour, n)
        return n

    def move_leader(self, player: int, colour: Colour, c: Cell | None) -> None:
        """Put *player*'s *colour* leader on *c* (``None``: back to supply).

        The board analysis is kept current without a full recomputation when *c* is empty and
        touches at most one kingdom once the leader is lifted, as every legal move does.
        """
        a = self._cache
        leaders = list(self.leaders)  # _replaced twice, without its calls
        row = list(leaders[player])
        was = row[colour]
        row[colour] = c
        leaders[player] = tuple(row)
        self.leaders = tuple(leaders)
        if a is not None:
            if was is not None:
                a = a.without_leader(was)
            if c is not None:
                here = CELL_BITS[c]
                a = None if a.touch2 & here else a.joined(c, a.leaders | here)
        self._cache = a

    def analysis(self) -> Analysis:
        """The kingdoms and what touches them (spec R0), kept current by the changes above,
        or computed afresh once one of them dropped it."""
        found = self._cache
        if found is None:
            found = self._cache = self.fresh_analysis()
        return found

    def freeze(self) -> GameState:
        """This very object, now the next state (it inherits the board analysis when that is
        still current; the rows no rule changed are the old state's own tuples). The work is
        over: nothing may change it any more."""
        self.__class__ = GameState  # type: ignore[assignment]
        return self  # type: ignore[return-value]  # it is one now


class TellingWork(Work):
    """A :class:`Work` whose rules tell what they do into :attr:`events`
    (:func:`tigeuph.transition`): an extra slot, so it freezes into a copy."""

    __slots__ = ("events",)

    def __init__(self, s: GameState, events: list[Event]) -> None:
        super().__init__(s)
        self.events = events

    def freeze(self) -> GameState:
        """A new state holding this one's fields (a plain copy of them, frozen)."""
        # A TellingWork has every field Work's constructor reads off a state.
        return Work(cast(GameState, self)).freeze()


_Row = TypeVar("_Row", bound=tuple[Any, ...])
_DRAWS: dict[str, Counts] = {}
"""The counts of each draw (a string of colour letters) met so far."""


def _replaced(row: _Row, i: int, value: object) -> _Row:
    """*row* with its *i*-th item replaced by *value*: a new tuple of the same shape."""
    items = list(row)  # a third cheaper than joining two slices around the value
    items[i] = value
    return tuple(items)  # type: ignore[return-value]  # the same shape as row


def _added(counts: Counts, colour: Colour, n: int) -> Counts:
    """*counts* with *n* more tiles (or points) of *colour*."""
    c = [counts[0], counts[1], counts[2], counts[3]]
    c[colour] += n
    return c[0], c[1], c[2], c[3]
