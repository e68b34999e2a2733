"""A slow, obviously-correct reference implementation of the rules (RULINGS.md R0-R27).

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

from tigeuph.actions import (
    Action,
    BuildMonument,
    ChooseWar,
    CommitSupport,
    DeclineMonument,
    EndTurn,
    ExchangeTiles,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
    WithdrawLeader,
)
from tigeuph.cells import CELLS
from tigeuph.errors import IllegalActionError
from tigeuph.pieces import COLOURS, MONUMENTS, Colour
from tigeuph.state import (
    Decision,
    End,
    GameState,
    MonumentChoice,
    MonumentSite,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
)

from .geometry import (
    RC,
    neighbours,
    regions,
    square,
    squares_containing,
    to_cell,
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
    river: set[RC]  # from the board: where blue tiles go and leaders never do
    special: set[RC]  # from the board: treasures to take first

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
            river=to_set(state.rules.board.river),
            special=to_set(state.rules.board.special),
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
            self.monument_step(placed)
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
                        self.points[scorer][colour] += 1
                if len(kingdoms) == 2:
                    self.unification = rc
                    self.next_war()
                else:
                    self.monument_step(rc)
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
                for x in square(rc):
                    del self.tiles[x]
                    self.flipped.add(x)
                self.monuments.append(MonumentSite(monument=monument, corner=corner, colour=colour))
                self.pending = None
                self.withdraw_step()
            case DeclineMonument():
                assert isinstance(self.pending, MonumentChoice)
                self.declined |= {to_rc(c) for c in self.pending.corners}
                self.pending = None
                self.withdraw_step()
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
    out: list[Action] = [DeclineMonument()]
    out.extend(ChooseWar(colour) for colour in COLOURS)
    out.extend(TakeTreasure(c) for c in CELLS)
    out.extend(BuildMonument(c, m) for c in CELLS for m in MONUMENTS)
    return tuple(out)


BETWEEN_CANDIDATES: Final = _between_candidates()
"""Every action of the kinds a player may start between actions."""
DECISION_CANDIDATES: Final = _decision_candidates()
"""Every war choice, monument and treasure take (support counts depend on the hands)."""


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
