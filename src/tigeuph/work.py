"""A mutable scratch copy of a state, used only inside :func:`tigeuph.apply`.

``apply`` validates the action against the frozen state first, then copies the state into a
:class:`Work`, lets the rule modules change the copy, and freezes the result into a new state: the
caller's state is never touched, and a rejected action leaves nothing half done.
"""

from __future__ import annotations

from .cells import Bitboard, Cell
from .pieces import Colour
from .regions import Analysis
from .state import Decision, End, GameState

__all__ = ["Work"]


class Work:
    """The fields of :class:`GameState` as lists and plain attributes."""

    __slots__ = (
        "_analysis",
        "actions_left",
        "active",
        "bag",
        "catastrophe_tiles",
        "catastrophes",
        "declined",
        "ended",
        "flipped",
        "hands",
        "leaders",
        "monuments",
        "pending",
        "points",
        "removed",
        "rules",
        "tiles",
        "treasures",
        "treasures_taken",
        "unification",
    )

    def __init__(self, s: GameState) -> None:
        self.rules = s.rules
        self.tiles = list(s.tiles)
        self.flipped = s.flipped
        self.catastrophes = s.catastrophes
        self.treasures = s.treasures
        self.leaders = [list(row) for row in s.leaders]
        self.monuments = s.monuments
        self.declined = s.declined
        self.unification = s.unification
        self.hands = [list(h) for h in s.hands]
        self.catastrophe_tiles = list(s.catastrophe_tiles)
        self.points = [list(p) for p in s.points]
        self.treasures_taken = list(s.treasures_taken)
        self.bag = s.bag
        self.removed = list(s.removed)
        self.active = s.active
        self.actions_left = s.actions_left
        self.pending: Decision | None = s.pending
        self.ended: End | None = s.ended
        self._analysis = s._cache if isinstance(s._cache, Analysis) else None

    def analysis(self) -> Analysis:
        """The :class:`Analysis` of the board as it stands now."""
        leaders = self.leader_mask
        occupied = self.face_up | self.flipped | leaders
        found = self._analysis
        if found is None or found.occupied != occupied or found.leaders != leaders:
            found = self._analysis = Analysis(occupied, leaders)
        return found

    def freeze(self) -> GameState:
        """The new state (it inherits the board analysis when that is still current)."""
        r, b, g, k = self.tiles
        state = GameState(
            rules=self.rules,
            tiles=(r, b, g, k),
            flipped=self.flipped,
            catastrophes=self.catastrophes,
            treasures=self.treasures,
            leaders=tuple(tuple(row) for row in self.leaders),
            monuments=self.monuments,
            declined=self.declined,
            unification=self.unification,
            hands=tuple((h[0], h[1], h[2], h[3]) for h in self.hands),
            catastrophe_tiles=tuple(self.catastrophe_tiles),
            points=tuple((p[0], p[1], p[2], p[3]) for p in self.points),
            treasures_taken=tuple(self.treasures_taken),
            bag=self.bag,
            removed=(self.removed[0], self.removed[1], self.removed[2], self.removed[3]),
            active=self.active,
            actions_left=self.actions_left,
            pending=self.pending,
            ended=self.ended,
        )
        found = self._analysis
        if (
            found is not None
            and found.leaders == self.leader_mask
            and found.occupied == r | b | g | k | self.flipped | found.leaders
        ):
            object.__setattr__(state, "_cache", found)
        return state

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def leader_mask(self) -> Bitboard:
        out = 0
        for row in self.leaders:
            for c in row:
                if c is not None:
                    out |= 1 << c
        return out

    @property
    def face_up(self) -> Bitboard:
        r, b, g, k = self.tiles
        return r | b | g | k

    @property
    def occupied(self) -> Bitboard:
        return self.face_up | self.flipped | self.leader_mask

    def leaders_in(self, area: Bitboard) -> list[tuple[int, Colour, Cell]]:
        """``(player, colour, cell)`` of every leader standing in *area*."""
        return [
            (player, Colour(colour), c)
            for player, row in enumerate(self.leaders)
            for colour, c in enumerate(row)
            if c is not None and area >> c & 1
        ]

    def owner_of(self, colour: Colour, area: Bitboard) -> int | None:
        """The owner of the *colour* leader standing in *area*, if any."""
        for player, row in enumerate(self.leaders):
            c = row[colour]
            if c is not None and area >> c & 1:
                return player
        return None

    def remove_tiles(self, colour: Colour, cells: Bitboard) -> int:
        """Take the face-up *colour* tiles on *cells* out of the game; how many there were."""
        cells &= self.tiles[colour]
        self.tiles[colour] &= ~cells
        n = cells.bit_count()
        self.removed[colour] += n
        return n

    def draw(self, player: int, n: int) -> bool:
        """*player* draws *n* tiles from the bag; ``False`` when the bag could not meet it."""
        drawn, self.bag = self.bag[:n], self.bag[n:]
        hand = self.hands[player]
        for letter in drawn:
            hand["rbgk".index(letter)] += 1
        return len(drawn) == n

    def after(self, player: int) -> list[int]:
        """The players after *player*, clockwise, ending with *player* itself."""
        n = self.players
        return [(player + i) % n for i in range(1, n + 1)]

