"""A slow, obviously-correct reference implementation of the rules (RULINGS.md R0-R31).

The base rules (R0-R27) and the variants switched by ``state.rules``: English reinforcement
(R28), civilisation buildings (R30) and the wonder (R31); the board (printed, advanced or
custom, R2, R29) comes from ``state.rules.board``.

Written without reading the fast engine: it shares only the data model (``GameState``, the
action classes, the pending decisions). A state is unpacked into a mutable :class:`Game` of
plain dicts, sets and lists of ``(row, col)`` cells; an action mutates it step by step in the
order of ruling 6; the result is packed back into a ``GameState``. Regions are found by BFS.

Legality is one predicate per action (:func:`violation`, raised by :func:`check`);
:func:`ref_legal_actions` is every conceivable action filtered through it, so the two entry
points can never disagree.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tigeuph.core.errors import IllegalActionError
from tigeuph.tigris.model.actions import (
    Action,
    BuildMonument,
    BuildWonder,
    ChooseWar,
    CommitSupport,
    DeclineBuilding,
    DeclineMonument,
    DeclineWonder,
    EndTurn,
    ExchangeTiles,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    ScoreWonder,
    TakeTreasure,
    WithdrawLeader,
)
from tigeuph.tigris.model.cells import CELLS, Cell
from tigeuph.tigris.model.decisions import (
    BuildingChoice,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from tigeuph.tigris.model.pieces import COLOURS, MONUMENTS, Colour
from tigeuph.tigris.model.state import End, GameState, MonumentSite, WonderSite

from .geometry import (
    RC,
    neighbours,
    regions,
    square,
    squares_containing,
    to_cell,
    to_frozenset,
    to_mask,
    to_rc,
    to_set,
)

__all__ = ["Game", "check", "ref_apply", "ref_legal_actions", "violation"]

HAND_SIZE: Final = 6
ACTIONS_PER_TURN: Final = 2
RED, BLUE, GREEN, BLACK = COLOURS

Owner = tuple[int, Colour]
"""A leader: ``(player, colour)``."""


def _four(values: list[int]) -> tuple[int, int, int, int]:
    a, b, c, d = values
    return a, b, c, d


Spot = Cell | None
"""A building's cell, or ``None`` while in supply."""


def _four_cells(values: list[Spot]) -> tuple[Spot, Spot, Spot, Spot]:
    a, b, c, d = values
    return a, b, c, d


@lru_cache(maxsize=1024)
def _leader_cells(
    leaders: tuple[tuple[RC | None, ...], ...], lifted: Owner | None
) -> Mapping[RC, Owner]:
    """Where the leaders stand, leaving out the *lifted* one (cached: callers never mutate)."""
    out: dict[RC, Owner] = {}
    for player, row in enumerate(leaders):
        for colour, rc in zip(COLOURS, row, strict=True):
            if rc is not None and (player, colour) != lifted:
                out[rc] = (player, colour)
    return out


@dataclass
class Game:
    """A position unpacked into plain mutable Python values."""

    state: GameState  # the position unpacked; only its rules are read after unpacking
    tiles: dict[RC, Colour]  # face-up civilisation tiles
    flipped: set[RC]
    catastrophes: set[RC]
    treasures: set[RC]
    leaders: list[list[RC | None]]  # leaders[player][colour]
    monuments: list[MonumentSite]
    declined: set[RC]
    unification: RC | None
    hands: list[list[int]]
    catastrophe_tiles: list[int]
    points: list[list[int]]
    treasures_taken: list[int]
    bag: str
    removed: list[int]  # out of the game in the open: destroyed or committed as support
    discarded: list[list[int]]  # discarded[player]: exchanged face down (R4)
    active: int
    actions_left: int
    pending: Decision | None
    ended: End | None
    river: frozenset[RC]  # from the board: where blue tiles go and leaders never do
    special: frozenset[RC]  # from the board: treasures to take first
    board: frozenset[RC]  # from the board: every cell a piece may stand on (R2)
    buildings: list[RC | None]  # buildings[colour]: its tile, or None in supply (R30)
    wonder: WonderSite | None  # the wonder once built (R31)
    declined_crosses: set[RC]  # centres of crosses declined for the wonder (R31)

    # --- packing ---------------------------------------------------------------------------

    @classmethod
    def unpack(cls, state: GameState) -> Game:
        """The mutable twin of *state*."""
        tiles: dict[RC, Colour] = {}
        for colour in COLOURS:
            for rc in to_set(state.tiles[colour]):
                assert rc not in tiles, f"two tiles on {rc}"
                tiles[rc] = colour
        return cls(
            state=state,
            tiles=tiles,
            flipped=to_set(state.flipped),
            catastrophes=to_set(state.catastrophes),
            treasures=to_set(state.treasures),
            leaders=[[None if c is None else to_rc(c) for c in row] for row in state.leaders],
            monuments=list(state.monuments),
            declined=to_set(state.declined),
            unification=None if state.unification is None else to_rc(state.unification),
            hands=[list(hand) for hand in state.hands],
            catastrophe_tiles=list(state.catastrophe_tiles),
            points=[list(p) for p in state.points],
            treasures_taken=list(state.treasures_taken),
            bag=state.bag,
            removed=list(state.removed),
            discarded=[list(d) for d in state.discarded],
            active=state.active,
            actions_left=state.actions_left,
            pending=state.pending,
            ended=state.ended,
            river=to_frozenset(state.rules.board.river),
            special=to_frozenset(state.rules.board.special),
            board=to_frozenset(state.rules.board.cells),
            buildings=[None if c is None else to_rc(c) for c in state.buildings],
            wonder=state.wonder,
            declined_crosses=to_set(state.declined_crosses),
        )

    def pack(self) -> GameState:
        """The ``GameState`` of this position."""
        layers = [to_mask(rc for rc, c in self.tiles.items() if c == colour) for colour in COLOURS]
        return GameState(
            rules=self.state.rules,
            tiles=_four(layers),
            flipped=to_mask(self.flipped),
            catastrophes=to_mask(self.catastrophes),
            treasures=to_mask(self.treasures),
            leaders=tuple(
                tuple(None if rc is None else to_cell(rc) for rc in row) for row in self.leaders
            ),
            monuments=tuple(self.monuments),
            declined=to_mask(self.declined),
            unification=None if self.unification is None else to_cell(self.unification),
            hands=tuple(_four(hand) for hand in self.hands),
            catastrophe_tiles=tuple(self.catastrophe_tiles),
            points=tuple(_four(p) for p in self.points),
            treasures_taken=tuple(self.treasures_taken),
            bag=self.bag,
            removed=_four(self.removed),
            discarded=tuple(_four(d) for d in self.discarded),
            active=self.active,
            actions_left=self.actions_left,
            pending=self.pending,
            ended=self.ended,
            buildings=_four_cells([None if rc is None else to_cell(rc) for rc in self.buildings]),
            wonder=self.wonder,
            declined_crosses=to_mask(self.declined_crosses),
        )

    # --- board queries ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    def leader_cells(self, lifted: Owner | None = None) -> Mapping[RC, Owner]:
        """Where the leaders stand, leaving out the *lifted* one."""
        return _leader_cells(tuple(tuple(row) for row in self.leaders), lifted)

    def occupied(self, lifted: Owner | None = None, split: bool = False) -> frozenset[RC]:
        """Cells that join regions (R0): tiles of either face and leaders.

        *lifted* leaves one leader out (a leader being moved, R8); *split* leaves out the
        unification tile (R16).
        """
        cells = set(self.tiles) | self.flipped | set(self.leader_cells(lifted))
        if split and self.unification is not None:
            cells.discard(self.unification)
        return frozenset(cells)

    def region(self, rc: RC, split: bool = False) -> frozenset[RC]:
        """The region holding the occupied cell *rc*."""
        return regions(self.occupied(split=split))[rc]

    def adjacent_kingdoms(
        self, rc: RC, lifted: Owner | None = None, split: bool = False
    ) -> list[frozenset[RC]]:
        """The distinct kingdoms (regions with a leader) having a cell next to *rc*."""
        occupied = self.occupied(lifted, split)
        by_cell = regions(occupied)
        leaders = self.leader_cells(lifted)
        found: list[frozenset[RC]] = []
        for n in neighbours(rc):
            if n in occupied:
                region = by_cell[n]
                if region not in found and any(x in leaders for x in region):
                    found.append(region)
        return found

    def is_empty(self, rc: RC, lifted: Owner | None = None) -> bool:
        """No tile of any face, no leader, no catastrophe (R8, R11)."""
        return (
            rc not in self.tiles
            and rc not in self.flipped
            and rc not in self.catastrophes
            and rc not in self.leader_cells(lifted)
        )

    def touches_temple(self, rc: RC) -> bool:
        """Whether a face-up red tile is orthogonally next to *rc*."""
        return any(self.tiles.get(n) == RED for n in neighbours(rc))

    def treasures_in(self, region: frozenset[RC]) -> set[RC]:
        return self.treasures & region

    def built(self) -> set[int]:
        return {site.monument for site in self.monuments}

    # --- flow after an action (R6, R7) -------------------------------------------------------

    def spend_action(self) -> None:
        self.actions_left -= 1

    def next_war(self) -> None:
        """After a unification or a war: the next war, a choice of wars, or the monument step."""
        assert self.unification is not None
        contested = self.contested()
        if not contested:
            placed = self.unification
            self.unification = None
            self.building_step(placed)
        elif len(contested) == 1:
            self.pending = self.make_war(contested[0])
        else:
            self.pending = WarChoice(player=self.active, colours=tuple(contested))

    def war_kingdoms(self) -> list[frozenset[RC]]:
        """Regions next to the unification tile holding a leader, the tile left out (R16)."""
        assert self.unification is not None
        return self.adjacent_kingdoms(self.unification, split=True)

    def contested(self) -> list[Colour]:
        """Colours with leaders in two kingdoms touching the unification tile (R17, R21)."""
        kingdoms = self.war_kingdoms()
        out = []
        for colour in COLOURS:
            holding = [k for k in kingdoms if any(self.has_leader(k, colour, p) for p in self.all)]
            if len(holding) >= 2:
                out.append(colour)
        return out

    @property
    def all(self) -> range:
        return range(self.players)

    def has_leader(self, region: frozenset[RC], colour: Colour, player: int) -> bool:
        rc = self.leaders[player][colour]
        return rc is not None and rc in region

    def clockwise(self) -> list[int]:
        """Players from the active one, clockwise."""
        return [(self.active + i) % self.players for i in self.all]

    def make_war(self, colour: Colour) -> War:
        """The war in *colour*, attacker chosen by R18."""
        kingdoms = self.war_kingdoms()
        owners = [p for p in self.all if any(self.has_leader(k, colour, p) for k in kingdoms)]
        assert len(owners) == 2, f"war in {colour!r} between {owners}"
        attacker = next(p for p in self.clockwise() if p in owners)  # active first
        defender = next(p for p in owners if p != attacker)
        return War(colour=colour, attacker=attacker, defender=defender)

    # --- variants: civilisation buildings (R30) and the wonder (R31) --------------------------

    def run(self, rc: RC, step: RC) -> list[RC]:
        """The straight run of face-up tiles of *rc*'s colour through *rc*, along *step*
        ((0, 1) a row, (1, 0) a column), in board order; empty when *rc* is no face-up tile."""
        colour = self.tiles.get(rc)
        if colour is None:
            return []
        cells = [rc]
        for sign in (1, -1):
            r, c = rc
            while True:
                r, c = r + sign * step[0], c + sign * step[1]
                if self.tiles.get((r, c)) != colour:
                    break
                cells.append((r, c))
        return sorted(cells)

    def longest_run(self, rc: RC) -> int:
        """The length of the longest straight run through *rc* (R30)."""
        return max(len(self.run(rc, step)) for step in ((0, 1), (1, 0)))

    def building_cells(self, placed: RC) -> set[RC]:
        """R30: the tiles of the runs of three or more through the placed tile where its
        colour's building may go: every such run from supply, only a strictly longer run than
        the longest through the building's own tile when it stands on the board."""
        colour = self.tiles.get(placed)
        if colour is None:
            return set()
        current = self.buildings[colour]
        beaten = 0 if current is None else self.longest_run(current)
        out: set[RC] = set()
        for step in ((0, 1), (1, 0)):
            line = self.run(placed, step)
            if len(line) >= 3 and len(line) > beaten:
                out.update(line)
        return out

    def building_step(self, placed: RC) -> None:
        """After the conflicts and the unification marker: the building decision (R6, R30)."""
        cells = self.building_cells(placed) if self.state.rules.buildings else set()
        if cells:
            self.pending = BuildingChoice(
                player=self.active,
                colour=self.tiles[placed],
                cells=tuple(sorted(to_cell(rc) for rc in cells)),
                placed=to_cell(placed),
            )
        else:
            self.wonder_step(placed)

    def cross(self, centre: RC) -> list[RC]:
        """The five cells of the plus-shaped cross centred on *centre*, or ``[]`` when an arm
        would leave the 11x16 grid."""
        arms = neighbours(centre)
        return [centre, *arms] if len(arms) == 4 else []

    def wonder_centres(self, placed: RC) -> set[RC]:
        """R31: centres of the crosses of five face-up tiles of one colour through the placed
        tile, never declined; none once the wonder stands."""
        colour = self.tiles.get(placed)
        if colour is None or self.wonder is not None:
            return set()
        out = set()
        for centre in (placed, *neighbours(placed)):
            five = self.cross(centre)
            if (
                five
                and centre not in self.declined_crosses
                and all(self.tiles.get(rc) == colour for rc in five)
            ):
                out.add(centre)
        return out

    def wonder_step(self, placed: RC) -> None:
        """After the building decision: the wonder decision (R6, R31)."""
        centres = self.wonder_centres(placed) if self.state.rules.wonder else set()
        if centres:
            self.pending = WonderChoice(
                player=self.active,
                centres=tuple(sorted(to_cell(rc) for rc in centres)),
                placed=to_cell(placed),
            )
        else:
            self.monument_step(placed)

    def flip(self, cells: list[RC]) -> None:
        """Turn *cells* face down under a monument or the wonder; a building on one of them
        returns to supply (R22, R23, R30, R31)."""
        for rc in cells:
            del self.tiles[rc]
            self.flipped.add(rc)
        for colour in COLOURS:
            if self.buildings[colour] in cells:
                self.buildings[colour] = None

    def monument_step(self, placed: RC) -> None:
        """Offer the buildable squares through the placed tile (R22), then withdraw."""
        colour = self.tiles.get(placed)
        corners: list[RC] = []
        if colour is not None and any(
            colour in m.colours and m not in self.built() for m in MONUMENTS
        ):
            for corner in squares_containing(placed):
                if corner not in self.declined and all(
                    self.tiles.get(rc) == colour for rc in square(corner)
                ):
                    corners.append(corner)
        if corners:
            cells = sorted(to_cell(rc) for rc in corners)
            self.pending = MonumentChoice(player=self.active, corners=tuple(cells))
        else:
            self.withdraw_step()

    def withdraw_step(self) -> None:
        """Every leader with no face-up temple next to it returns to supply (R10)."""
        for row in self.leaders:
            for colour in COLOURS:
                rc = row[colour]
                if rc is not None and not self.touches_temple(rc):
                    row[colour] = None
        self.treasure_step()

    def treasure_step(self) -> None:
        """Traders in kingdoms with two or more treasures take them (R25); maybe end the turn."""
        if len(self.treasures) >= 2:
            for player in self.clockwise():
                trader = self.leaders[player][GREEN]
                if trader is not None and len(self.treasures_in(self.region(trader))) >= 2:
                    self.pending = TreasureChoice(player=player, trader=to_cell(trader))
                    return
        if self.actions_left == 0:
            self.end_turn()

    def draw(self, player: int, count: int) -> bool:
        """Draw *count* tiles from the bag front into *player*'s hand; whether all came."""
        drawn, self.bag = self.bag[:count], self.bag[count:]
        for letter in drawn:
            self.hands[player][Colour.from_letter(letter)] += 1
        return len(drawn) == count

    def end_turn(self) -> None:
        """R7: the wonder's point first (R31), when the active king stands in its kingdom."""
        king = self.leaders[self.active][BLACK]
        if (
            self.wonder is not None
            and king is not None
            and king in self.region(to_rc(self.wonder.centre))
        ):
            self.pending = WonderPoint(player=self.active)
        else:
            self.finish_turn()

    def finish_turn(self) -> None:
        """Monument points, refills, end of game, next player (R7, R24, R26)."""
        player = self.active
        for site in self.monuments:
            kingdom = self.region(to_rc(site.corner))
            for colour in site.monument.colours:
                if self.has_leader(kingdom, colour, player):
                    self.points[player][colour] += 1
        short = False
        for p in self.clockwise():
            need = HAND_SIZE - sum(self.hands[p])
            if need > 0 and not self.draw(p, need):
                short = True
        if short:
            self.ended = End.BAG
        elif len(self.treasures) <= 2:
            self.ended = End.TREASURES
        else:
            self.active = (self.active + 1) % self.players
            self.actions_left = ACTIONS_PER_TURN

    # --- conflicts ---------------------------------------------------------------------------

    def resolve_revolt(self, revolt: Revolt, defender_support: int) -> None:
        """R15: temples next to each leader plus support; defender wins ties."""
        assert revolt.attacker_support is not None
        a_rc = self.leaders[revolt.attacker][revolt.colour]
        d_rc = self.leaders[revolt.defender][revolt.colour]
        assert a_rc is not None and d_rc is not None
        attack = sum(self.tiles.get(n) == RED for n in neighbours(a_rc)) + revolt.attacker_support
        defence = sum(self.tiles.get(n) == RED for n in neighbours(d_rc)) + defender_support
        winner, loser = (
            (revolt.attacker, revolt.defender)
            if attack > defence
            else (revolt.defender, revolt.attacker)
        )
        self.leaders[loser][revolt.colour] = None
        self.points[winner][RED] += 1
        self.pending = None
        self.withdraw_step()

    def resolve_war(self, war: War, defender_support: int) -> None:
        """R19-R21: tiles of the colour in each side plus support; the loser's side is purged."""
        assert war.attacker_support is not None
        colour = war.colour
        a_rc = self.leaders[war.attacker][colour]
        d_rc = self.leaders[war.defender][colour]
        assert a_rc is not None and d_rc is not None
        a_side = self.region(a_rc, split=True)
        d_side = self.region(d_rc, split=True)
        attack = sum(self.tiles.get(rc) == colour for rc in a_side) + war.attacker_support
        defence = sum(self.tiles.get(rc) == colour for rc in d_side) + defender_support
        if attack > defence:
            winner, loser, side, loser_rc = war.attacker, war.defender, d_side, d_rc
        else:
            winner, loser, side, loser_rc = war.defender, war.attacker, a_side, a_rc
        others = {rc for rc in self.leader_cells() if rc in side and rc != loser_rc}
        lost = []
        for rc in side:
            if self.tiles.get(rc) != colour or rc in self.treasures:
                continue
            if rc in self.buildings:  # R20, R30: the building's tile survives
                continue
            # R20: a red war spares temples beside another leader of the losing side
            if colour == RED and any(n in others for n in neighbours(rc)):
                continue
            lost.append(rc)
        for rc in lost:
            del self.tiles[rc]
        self.removed[colour] += len(lost)
        self.leaders[loser][colour] = None
        self.points[winner][colour] += 1 + len(lost)
        self.pending = None
        self.next_war()

    # --- actions -----------------------------------------------------------------------------

    def perform(self, action: Action) -> None:
        """Carry out *action*, already checked legal, with all its aftermath."""
        me = self.active
        match action:
            case PlaceTile(colour=colour, cell=c):
                self.spend_action()
                rc = to_rc(c)
                kingdoms = self.adjacent_kingdoms(rc)
                self.hands[me][colour] -= 1
                self.tiles[rc] = colour
                if len(kingdoms) == 1:
                    scorer = self.tile_scorer(kingdoms[0], colour)
                    if scorer is not None:
                        self.points[scorer][colour] += self.tile_points(rc, colour)
                if len(kingdoms) == 2:
                    self.unification = rc
                    self.next_war()
                else:
                    self.building_step(rc)
            case PlaceLeader(colour=colour, cell=c):
                self.spend_action()
                rc = to_rc(c)
                self.leaders[me][colour] = rc
                kingdom = self.region(rc)
                rivals = [p for p in self.all if p != me and self.has_leader(kingdom, colour, p)]
                assert len(rivals) <= 1
                if rivals:
                    self.pending = Revolt(colour=colour, attacker=me, defender=rivals[0])
                else:
                    self.withdraw_step()
            case WithdrawLeader(colour=colour):
                self.spend_action()
                self.leaders[me][colour] = None
                self.withdraw_step()
            case PlaceCatastrophe(cell=c):
                self.spend_action()
                rc = to_rc(c)
                self.catastrophe_tiles[me] -= 1
                if rc in self.tiles:
                    self.removed[self.tiles.pop(rc)] += 1
                self.catastrophes.add(rc)
                self.withdraw_step()
            case ExchangeTiles(counts=counts):
                self.spend_action()
                for colour in COLOURS:
                    self.hands[me][colour] -= counts[colour]
                    self.discarded[me][colour] += counts[colour]
                if not self.draw(me, sum(counts)):
                    self.ended = End.BAG
                elif self.actions_left == 0:
                    self.end_turn()
            case EndTurn():
                self.end_turn()
            case CommitSupport(count=n):
                pending = self.pending
                assert isinstance(pending, Revolt | War)
                colour = RED if isinstance(pending, Revolt) else pending.colour
                self.hands[pending.player][colour] -= n
                self.removed[colour] += n
                if pending.attacker_support is None:
                    self.pending = type(pending)(
                        colour=pending.colour,
                        attacker=pending.attacker,
                        defender=pending.defender,
                        attacker_support=n,
                    )
                elif isinstance(pending, Revolt):
                    self.resolve_revolt(pending, n)
                else:
                    self.resolve_war(pending, n)
            case ChooseWar(colour=colour):
                self.pending = self.make_war(colour)
            case BuildMonument(corner=corner, monument=monument):
                rc = to_rc(corner)
                colour = self.tiles[rc]
                self.flip(square(rc))
                self.monuments.append(MonumentSite(monument=monument, corner=corner, colour=colour))
                self.pending = None
                self.withdraw_step()
            case DeclineMonument():
                assert isinstance(self.pending, MonumentChoice)
                self.declined |= {to_rc(c) for c in self.pending.corners}
                self.pending = None
                self.withdraw_step()
            case PlaceBuilding(cell=c):
                building = self.pending
                assert isinstance(building, BuildingChoice)
                self.buildings[building.colour] = to_rc(c)
                self.pending = None
                self.wonder_step(to_rc(building.placed))
            case DeclineBuilding():
                building = self.pending
                assert isinstance(building, BuildingChoice)
                self.pending = None
                self.wonder_step(to_rc(building.placed))
            case BuildWonder(centre=c):
                wonder = self.pending
                assert isinstance(wonder, WonderChoice)
                rc = to_rc(c)
                colour = self.tiles[rc]
                self.flip(self.cross(rc))
                self.wonder = WonderSite(centre=c, colour=colour)
                self.pending = None
                self.monument_step(to_rc(wonder.placed))
            case DeclineWonder():
                wonder = self.pending
                assert isinstance(wonder, WonderChoice)
                self.declined_crosses |= {to_rc(x) for x in wonder.centres}
                self.pending = None
                self.monument_step(to_rc(wonder.placed))
            case ScoreWonder(colour=colour):
                assert isinstance(self.pending, WonderPoint)
                self.points[me][colour] += 1
                self.pending = None
                self.finish_turn()
            case TakeTreasure(cell=c):
                choice = self.pending
                assert isinstance(choice, TreasureChoice)
                self.treasures.discard(to_rc(c))
                self.treasures_taken[choice.player] += 1
                self.pending = None
                if len(self.treasures_in(self.region(to_rc(choice.trader)))) >= 2:
                    self.pending = choice
                else:
                    self.treasure_step()

    def tile_points(self, rc: RC, colour: Colour) -> int:
        """R13, R30: 2 when the building of *colour* stands in the region of the placed tile
        *rc* (its kingdom with any leaderless region it joined), else 1."""
        building = self.buildings[colour]
        if self.state.rules.buildings and building is not None and building in self.region(rc):
            return 2
        return 1

    def support_options(self, conflict: Revolt | War) -> set[int]:
        """How many tiles the player to commit may commit (R15, R19, R28)."""
        colour = RED if isinstance(conflict, Revolt) else conflict.colour
        held = range(self.hands[conflict.player][colour] + 1)
        if not self.state.rules.english_reinforcement:
            return set(held)
        attack, defence = self.board_strengths(conflict)
        if conflict.attacker_support is None:  # nothing, or enough to exceed the defence
            return {n for n in held if n == 0 or attack + n > defence}
        total = attack + conflict.attacker_support  # nothing, or exactly enough to tie
        return {n for n in held if n == 0 or defence + n == total}

    def board_strengths(self, conflict: Revolt | War) -> tuple[int, int]:
        """Attacker's and defender's strength on the board, support left out (R15, R19)."""
        a_rc = self.leaders[conflict.attacker][conflict.colour]
        d_rc = self.leaders[conflict.defender][conflict.colour]
        assert a_rc is not None and d_rc is not None
        if isinstance(conflict, Revolt):
            return (
                sum(self.tiles.get(n) == RED for n in neighbours(a_rc)),
                sum(self.tiles.get(n) == RED for n in neighbours(d_rc)),
            )
        return (
            sum(self.tiles.get(rc) == conflict.colour for rc in self.region(a_rc, split=True)),
            sum(self.tiles.get(rc) == conflict.colour for rc in self.region(d_rc, split=True)),
        )

    def tile_scorer(self, kingdom: frozenset[RC], colour: Colour) -> int | None:
        """R13: the owner of the kingdom's leader of *colour*, else of its king, else nobody."""
        for wanted in (colour, BLACK):
            for player in self.all:
                if self.has_leader(kingdom, wanted, player):
                    return player
        return None

    def treasure_options(self, choice: TreasureChoice) -> set[RC]:
        """R25: the special treasures in the trader's kingdom if any, else all of them."""
        held = self.treasures_in(self.region(to_rc(choice.trader)))
        special = held & self.special
        return special or held


# --- legality ------------------------------------------------------------------------------------


BETWEEN_KINDS: Final = (
    PlaceTile,
    PlaceLeader,
    WithdrawLeader,
    PlaceCatastrophe,
    ExchangeTiles,
    EndTurn,
)
"""The actions a player starts between actions (the others answer a pending decision)."""

Violation = tuple[str, str]
"""Why an action is illegal: the clause and the reason."""


def check(game: Game, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless *action* is legal in *game*."""
    found = violation(game, action)
    if found is not None:
        clause, reason = found
        raise IllegalActionError(clause, f"{action}: {reason} (reference)")


def violation(game: Game, action: Action) -> Violation | None:
    """The first rule *action* breaks in *game*, or ``None`` when it is legal."""
    if game.ended is not None:
        return ("R26", "the game is over")
    pending = game.pending
    me = game.active
    if isinstance(action, BETWEEN_KINDS):
        if pending is not None:
            return ("R6", "a decision is pending")
        if not isinstance(action, EndTurn) and game.actions_left < 1:
            return ("R5", "no action left")
    match action:
        case PlaceTile(colour=colour, cell=c):
            if game.hands[me][colour] < 1:
                return ("R11", "no such tile in hand")
            rc = to_rc(c)
            if rc not in game.board:
                return ("R2", "off the board")
            if (colour == BLUE) != (rc in game.river):
                return ("R11", "blue on rivers, the others on land")
            if not game.is_empty(rc):
                return ("R11", "cell not empty")
            if len(game.adjacent_kingdoms(rc)) >= 3:
                return ("R12", "touches three kingdoms")
        case PlaceLeader(colour=colour, cell=c):
            rc = to_rc(c)
            lifted = (me, colour)
            if game.leaders[me][colour] == rc:
                return ("R8", "already there")
            if rc not in game.board:
                return ("R2", "off the board")
            if rc in game.river or not game.touches_temple(rc) or not game.is_empty(rc, lifted):
                return ("R8", "not an empty land cell next to a temple")
            if len(game.adjacent_kingdoms(rc, lifted)) >= 2:
                return ("R9", "touches two kingdoms")
        case WithdrawLeader(colour=colour):
            if game.leaders[me][colour] is None:
                return ("R5", "leader not on the board")
        case PlaceCatastrophe(cell=c):
            rc = to_rc(c)
            if game.catastrophe_tiles[me] < 1:
                return ("R14", "no catastrophe left")
            if rc not in game.board:
                return ("R2", "off the board")
            if rc in game.buildings:
                return ("R14", "not on a building")
            if (
                rc in game.leader_cells()
                or rc in game.catastrophes
                or rc in game.flipped
                or rc in game.treasures
            ):
                return ("R14", "not on a leader, catastrophe, monument, treasure")
        case ExchangeTiles(counts=counts):
            if not 1 <= sum(counts) <= 6 or any(
                n > game.hands[me][colour] for colour, n in zip(COLOURS, counts, strict=True)
            ):
                return ("R5", "not in hand")
        case EndTurn():
            pass
        case CommitSupport(count=n):
            if not isinstance(pending, Revolt | War):
                return ("R15", "no conflict pending")
            colour = RED if isinstance(pending, Revolt) else pending.colour
            if n > game.hands[pending.player][colour]:
                return ("R15", "not that many tiles in hand")
            if n not in game.support_options(pending):
                return ("R28", "the attacker must exceed, the defender tie exactly")
        case ChooseWar(colour=colour):
            if not isinstance(pending, WarChoice) or colour not in pending.colours:
                return ("R17", "no such war to choose")
        case BuildMonument(corner=corner, monument=monument):
            if not isinstance(pending, MonumentChoice) or corner not in pending.corners:
                return ("R22", "no such square offered")
            if monument in game.built():
                return ("R22", "monument already built")
            if game.tiles.get(to_rc(corner)) not in monument.colours:
                return ("R22", "monument lacks the square's colour")
        case DeclineMonument():
            if not isinstance(pending, MonumentChoice):
                return ("R22", "no monument offered")
        case PlaceBuilding(cell=c):
            if not isinstance(pending, BuildingChoice) or c not in pending.cells:
                return ("R30", "no such tile offered for the building")
        case DeclineBuilding():
            if not isinstance(pending, BuildingChoice):
                return ("R30", "no building offered")
        case BuildWonder(centre=c):
            if not isinstance(pending, WonderChoice) or c not in pending.centres:
                return ("R31", "no such cross offered")
        case DeclineWonder():
            if not isinstance(pending, WonderChoice):
                return ("R31", "no wonder offered")
        case ScoreWonder():
            if not isinstance(pending, WonderPoint):
                return ("R31", "no wonder point to score")
        case TakeTreasure(cell=c):
            if not isinstance(pending, TreasureChoice):
                return ("R25", "no treasure to take")
            if to_rc(c) not in game.treasure_options(pending):
                return ("R25", "not a treasure the trader may take")
    return None


def _between_candidates() -> tuple[Action, ...]:
    out: list[Action] = [EndTurn()]
    for colour in COLOURS:
        out.append(WithdrawLeader(colour))
        out.extend(PlaceTile(colour, c) for c in CELLS)
        out.extend(PlaceLeader(colour, c) for c in CELLS)
    out.extend(PlaceCatastrophe(c) for c in CELLS)
    for counts in itertools.product(range(HAND_SIZE + 1), repeat=4):
        if 1 <= sum(counts) <= HAND_SIZE:
            out.append(ExchangeTiles(counts))
    return tuple(out)


def _decision_candidates() -> tuple[Action, ...]:
    out: list[Action] = [DeclineMonument(), DeclineBuilding(), DeclineWonder()]
    out.extend(ChooseWar(colour) for colour in COLOURS)
    out.extend(ScoreWonder(colour) for colour in COLOURS)
    out.extend(PlaceBuilding(c) for c in CELLS)
    out.extend(BuildWonder(c) for c in CELLS)
    out.extend(TakeTreasure(c) for c in CELLS)
    out.extend(BuildMonument(c, m) for c in CELLS for m in MONUMENTS)
    return tuple(out)


BETWEEN_CANDIDATES: Final = _between_candidates()
"""Every action of the kinds a player may start between actions."""
DECISION_CANDIDATES: Final = _decision_candidates()
"""Every answer to a decision but support (whose counts depend on the hands)."""


def candidates(game: Game) -> list[Action]:
    """Every action of the kinds that could be legal now, before any rule is checked."""
    if game.pending is None:
        return list(BETWEEN_CANDIDATES)
    most = max(max(hand) for hand in game.hands)
    return [*DECISION_CANDIDATES, *(CommitSupport(n) for n in range(most + 1))]


def ref_legal_actions(state: GameState) -> set[Action]:
    """Every legal action in *state*: the candidates that pass :func:`check`."""
    game = Game.unpack(state)
    if game.ended is not None:
        return set()
    return {a for a in candidates(game) if violation(game, a) is None}


def ref_apply(state: GameState, action: Action) -> GameState:
    """The state after *action*.

    Raises:
        IllegalActionError: *action* is illegal in *state*.
    """
    game = Game.unpack(state)
    check(game, action)
    game.perform(action)
    return game.pack()
