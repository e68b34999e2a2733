"""The game state: one frozen, hashable value holding everything about a position."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from attrs import evolve, field, fields, frozen

from ...core.errors import ArgumentError, expect
from .cells import Bitboard, Cell
from .cellset import BoardCells
from .decisions import Decision
from .pieces import COLOURS, TILE_COUNTS, Colour, Monument
from .reads import Reads
from .regions import Analysis
from .ruleset import Rules

__all__ = [
    "FIELDS",
    "TILE_COUNTS",
    "End",
    "GameState",
    "MonumentSite",
    "WonderSite",
    "keep_legal",
    "keep_masks",
    "new_game",
    "release",
]

_DEFAULT_RULES: Final = Rules()
HAND_SIZE: Final = 6
CATASTROPHES: Final = 2
ACTIONS_PER_TURN: Final = 2

Counts: TypeAlias = tuple[int, int, int, int]
"""Four numbers indexed by :class:`Colour`."""


def count_of(colour: Colour, n: int) -> Counts:
    """*n* tiles of *colour*, as counts per colour."""
    counts = [0, 0, 0, 0]
    counts[colour] = n
    return counts[0], counts[1], counts[2], counts[3]


ONE: Final = tuple(count_of(colour, 1) for colour in COLOURS)
"""``ONE[colour]``: one tile of *colour*, as counts per colour."""


class End(enum.Enum):
    """Why the game ended (spec R26)."""

    TREASURES = "treasures"  # one or two treasures left on the board at the end of a turn
    BAG = "bag"  # a draw could not be met in full

    @classmethod
    def _missing_(cls, value: object) -> End:
        raise ArgumentError(f"{str(value)[:20]!r} is not an End (treasures or bag)")


@frozen
class MonumentSite:
    """A built monument: which one, the top-left cell of its square, the square's colour."""

    monument: Monument
    corner: Cell
    colour: Colour


@frozen
class WonderSite:
    """The built wonder (variant, spec R31): the centre of its cross and the cross's colour."""

    centre: Cell
    colour: Colour


NO_BUILDINGS: Final[tuple[Cell | None, Cell | None, Cell | None, Cell | None]] = (None,) * 4


# --- The state ---------------------------------------------------------------------------------


@frozen(slots=True, weakref_slot=False)
class GameState(Reads, BoardCells):
    """Everything about a position, as a frozen value: equal by value, hashable, shareable.

    Board layers are :obj:`~tigeuph.Bitboard` masks, ``int`` values: read one as cell names with
    :class:`~tigeuph.CellSet` (``CellSet(state.treasures)``, or the layer's property ending in
    ``_cells``: ``state.treasure_cells``). Per-colour tuples are indexed by
    :class:`Colour` and per-player tuples by seat (0 plays first). Build one with
    :func:`new_game` or :func:`tigeuph.from_text`; get the next one with :func:`tigeuph.apply`.
    """

    rules: Rules
    tiles: tuple[Bitboard, Bitboard, Bitboard, Bitboard]
    """Face-up civilisation tiles, one mask per colour: read one with
    ``CellSet(state.tiles[colour])`` or :attr:`tile_cells`."""
    flipped: Bitboard
    """Face-down tiles under monuments and the wonder: they connect but have no colour (spec R22,
    R31). Read it with ``CellSet(state.flipped)`` or :attr:`flipped_cells`."""
    catastrophes: Bitboard
    """Catastrophe tiles on the board: read it with ``CellSet(state.catastrophes)`` or
    :attr:`catastrophe_cells`."""
    treasures: Bitboard
    """Cells carrying a treasure still on the board: read it with ``CellSet(state.treasures)`` or
    :attr:`treasure_cells`."""
    leaders: tuple[tuple[Cell | None, ...], ...]
    """``leaders[player][colour]``: the leader's cell, or ``None`` while in supply."""
    monuments: tuple[MonumentSite, ...]
    """Built monuments, in the order they were built."""
    declined: Bitboard
    """Top-left cells of squares declined for a monument: never buildable again (spec R22). Read
    it with ``CellSet(state.declined)`` or :attr:`declined_cells`."""
    unification: Cell | None
    """The tile carrying the unification marker while wars are resolved (spec R16)."""
    hands: tuple[Counts, ...]
    """Tiles in each player's hand, as counts per colour."""
    catastrophe_tiles: tuple[int, ...]
    """Catastrophe tiles each player still holds."""
    points: tuple[Counts, ...]
    """Victory points of each player, per colour."""
    treasures_taken: tuple[int, ...]
    """Treasures each player has taken (wild points)."""
    bag: str
    """The bag in draw order, as colour letters (``r b g k``); the next draw takes the front."""
    removed: Counts
    """Tiles out of the game in the open, per colour: destroyed on the board or committed as
    support."""
    discarded: tuple[Counts, ...]
    """Tiles each player discarded face down by exchanges, per colour: out of the game, and
    their colours known to nobody else (spec R4)."""
    active: int
    """Whose turn it is."""
    actions_left: int
    """Actions the active player may still start this turn."""
    pending: Decision | None = None
    """The decision play waits for, or ``None`` between actions."""
    ended: End | None = None
    """Why the game ended, or ``None`` while it goes on."""
    buildings: tuple[Cell | None, Cell | None, Cell | None, Cell | None] = NO_BUILDINGS
    """``buildings[colour]``: the cell of that colour's building, or ``None`` in supply
    (variant, spec R30)."""
    wonder: WonderSite | None = None
    """The wonder, once built (variant, spec R31)."""
    declined_crosses: Bitboard = 0
    """Centres of crosses declined for the wonder: never buildable again (spec R31). Read it with
    ``CellSet(state.declined_crosses)`` or :attr:`declined_cross_cells`."""
    treasures_set_aside: int = 0
    """Treasures out of the game that no player took: a sketch's treasures its writer left off
    the board (spec D7). Always 0 in a game played from :func:`new_game`."""
    # Derived data, filled on first use (analysis(), legal_actions, the legal masks) and
    # written only through this module (see "Derived slots" below). Logically immutable: a
    # pure function of the fields above, never part of equality or hashing.
    _cache: Analysis | None = field(default=None, init=False, eq=False, hash=False, repr=False)
    _legal: object = field(default=None, init=False, eq=False, hash=False, repr=False)
    _masks: object = field(default=None, init=False, eq=False, hash=False, repr=False)

    def analysis(self) -> Analysis:
        """The kingdoms and what touches them (spec R0), computed once and kept: a pure
        function of the occupied cells and the leaders' cells."""
        found = self._cache
        if found is None:
            found = self.fresh_analysis()
            _KEEP_ANALYSIS(self, found)
        return found

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (spec R26)."""
        return self.ended is not None

    @property
    def to_move(self) -> int | None:
        """The player who must decide now: the active player, a player committing support, or a
        trader's owner taking treasures; ``None`` once the game is over."""
        if self.ended is not None:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.active

    def __str__(self) -> str:
        """The board diagram of position notation, with the turn above and a legend below."""
        from ..describe.words import (
            diagram,  # beside the state, in its layer; it imports this module
        )

        return diagram(self)

    def _repr_svg_(self) -> str:
        """The picture of the position, for notebooks (:func:`tigeuph.tigris.pictures.board`)."""
        from ..pictures import (
            board,  # the notebook hook: the one import upward (docs/architecture.rst)
        )

        return board(self)


# --- Derived slots ------------------------------------------------------------------------
# The one place that writes a frozen state's derived slots. Each setter is the slot's own
# (the member descriptor's __set__): it passes the frozen class's guard as object.__setattr__
# does, at half the cost, and every state is listed and checked. The engine reads the slots
# directly (``state._masks or masks(state)``) and fills them through these.

FIELDS: Final = tuple(a.name for a in fields(GameState) if a.init)
"""The state's fields, in order: every slot but the derived ones (a
:class:`~tigeuph.tigris.model.work.Work` copies exactly these)."""

_KEEP_ANALYSIS: Final[Callable[[GameState, Analysis], None]] = vars(GameState)["_cache"].__set__
keep_legal: Final[Callable[[GameState, object], None]] = vars(GameState)["_legal"].__set__
"""``keep_legal(state, legal)``: *state* keeps its legal actions (``legal_actions`` only)."""
keep_masks: Final[Callable[[GameState, object], None]] = vars(GameState)["_masks"].__set__
"""``keep_masks(state, masks)``: *state* keeps its masks of legal cells (``placement.masks``)."""


def release(state: GameState) -> None:
    """Let *state* drop the legal actions and masks it keeps (they are computed again if asked
    for): a :class:`~tigeuph.Game` keeps every state of its history, not their lists."""
    keep_legal(state, None)
    keep_masks(state, None)


def new_game(
    players: int = 4, *, seed: int | None = None, rules: Rules = _DEFAULT_RULES
) -> GameState:
    """A new game: the board laid out, the bag shuffled from *seed*, hands dealt (spec R1-R4).

    *players* is the player count and sets ``rules.players``; *rules* gives the board and the
    variant switches. A *rules* whose ``players`` was set to another count than the default is
    an error unless it agrees with *players*.

    The seed fixes the whole bag: the same seed always deals the same game, and whoever knows
    the seed knows every tile to come. Without one, 63 bits are drawn from the system's secure
    source (``random.SystemRandom``), which nobody can guess. A small seed (a game number,
    the time) can be found by a player who tries seeds until one deals his own tiles; a server
    should let ``new_game`` draw, and keep the seed, like the record, to itself.

    >>> state = new_game(2, seed=1)
    >>> state.players, state.to_move, sum(state.hands[0]), len(state.bag)
    (2, 0, 6, 131)

    Raises:
        ArgumentTypeError: an argument is not of its type.
        ArgumentError: *players* is not 2, 3 or 4, or disagrees with ``rules.players``.
    """
    expect(players, int, "a player count (an int)", "new_game: players")
    expect(seed, (int, type(None)), "an int or None", "new_game: seed")
    expect(rules, Rules, "a tigeuph.Rules", "new_game: rules")
    if players not in (2, 3, 4):
        raise ArgumentError(f"new_game: players must be 2, 3 or 4, not {players}")
    if rules.players not in (players, _DEFAULT_RULES.players):
        raise ArgumentError(f"players={players} disagrees with rules.players={rules.players}")
    rules = evolve(rules, players=players)
    board = rules.board
    box = list(TILE_COUNTS)
    box[Colour.RED] -= board.temple_count
    bag = list("".join(colour.letter * box[colour] for colour in COLOURS))
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    random.Random(seed).shuffle(bag)
    text = "".join(bag)
    hands = []
    for _ in range(players):
        drawn, text = text[:HAND_SIZE], text[HAND_SIZE:]
        hands.append(count_letters(drawn))
    return GameState(
        rules=rules,
        tiles=(board.temples, 0, 0, 0),
        flipped=0,
        catastrophes=0,
        treasures=board.temples,
        leaders=tuple((None, None, None, None) for _ in range(players)),
        monuments=(),
        declined=0,
        unification=None,
        hands=tuple(hands),
        catastrophe_tiles=(CATASTROPHES,) * players,
        points=((0, 0, 0, 0),) * players,
        treasures_taken=(0,) * players,
        bag=text,
        removed=(0, 0, 0, 0),
        discarded=((0, 0, 0, 0),) * players,
        active=0,
        actions_left=ACTIONS_PER_TURN,
    )


def tiles_outside_bag(
    face_up: Sequence[Bitboard],
    monuments: Sequence[MonumentSite],
    hands: Sequence[Counts],
    removed: Counts,
    discarded: Sequence[Counts],
    wonder: WonderSite | None = None,
) -> Counts:
    """Tiles of each colour found outside the bag: face up, under monuments and the wonder, in
    hands, removed in the open and discarded by exchanges (spec R1: with the bag they make the
    box)."""
    out = [layer.bit_count() for layer in face_up]
    for site in monuments:
        out[site.colour] += 4
    if wonder is not None:
        out[wonder.colour] += 5
    for counts in (*hands, removed, *discarded):
        for i, n in enumerate(counts):
            out[i] += n
    return out[0], out[1], out[2], out[3]


def count_letters(letters: str) -> Counts:
    """Counts per colour of a string of colour letters."""
    return (letters.count("r"), letters.count("b"), letters.count("g"), letters.count("k"))
