"""Consistency checks of a :class:`~tigeuph.state.GameState`: every problem, in words.

``GameState`` carries no validators, since it is rebuilt on every action; this module checks one
in full when it comes from outside (:func:`tigeuph.from_text`) and in the tests.

>>> from tigeuph import new_game
>>> check_state(new_game(3, seed=1))
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cells import CELLS, STRIDE, Bitboard, Cell, cell_name, cells_of, names, neighbours
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
from .errors import expect
from .pieces import COLOURS, Colour, Monument
from .regions import kingdoms
from .rules.buildings import building_cells
from .rules.monuments import available, complete_squares, square
from .rules.wonder import cross, wonder_centres
from .shapes import shape_problems
from .state import ACTIONS_PER_TURN, CATASTROPHES, HAND_SIZE, TILE_COUNTS, End, GameState

__all__ = ["check_state"]

_CELLS: Final = frozenset(CELLS)
_ACTIVE_DECIDES: Final[dict[type, str]] = {
    WarChoice: "R17",
    BuildingChoice: "R30",
    WonderChoice: "R31",
    MonumentChoice: "R22",
    WonderPoint: "R31",
}
"""The decisions only the active player takes, and the clause that says so."""


def check_state(state: GameState) -> list[str]:
    """Every problem of *state*, each saying what is wrong and where; empty when consistent.

    ``check_state`` checks **consistency, not reachability**: that the state holds together, so
    that the engine can play on from it, not that some game leads to it. It checks, in order:

    - the shape: every field of its declared type, counts from 0 to
      ``tigeuph.shapes.MAX_COUNT``, one entry per seat (if the shape is wrong, it stops
      there, so that the other checks can read the state safely);
    - the counts: hands of at most six tiles, 0 to 2 catastrophe tiles, the turn's seat and
      actions (R3-R5);
    - the board: one piece per cell, every piece on the board and on its terrain, monuments and
      the wonder on squares and crosses of their colour's terrain, buildings on tiles of their
      colour (R2, R8, R11, R14, R22, R30, R31);
    - conservation: every tile, catastrophe and treasure of the box exactly once, on the board,
      under a monument, in a hand, the bag, removed, discarded or taken (R1-R3);
    - the turn and the end (R5-R7, R26) and the pending decision: the one the rules would ask,
      of the player they would ask (R15-R31);
    - the kingdoms: leaders beside temples (R10), one leader per colour per kingdom (R15), no
      trader keeping two treasures (R25), with the piece that set off a pending conflict left
      out (spec R6).

    What it cannot check is history, which a state does not hold: points scored on a board where
    nothing was ever played, a treasure taken where no trader ever stood, the bag's order or a
    player's discards all pass if they add up, since some game could explain each of them. A
    position proves only that it is consistent. To know that a game was really played, replay
    it: :meth:`tigeuph.Game.from_record` (``verify=True``, the default) accepts only records
    dealt by :func:`~tigeuph.new_game` from their seed and played by the rules.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState`.
    """
    expect(state, GameState, "a GameState", "check_state: state")
    problems = shape_problems(state)
    if problems:
        return problems
    problems += _counts(state)
    if problems:  # the board checks index per-player tuples by seat: stop before they fail
        return problems
    problems += _board(state)
    problems += _monuments(state)
    problems += _buildings(state)
    problems += _conservation(state)
    problems += _flow(state)
    # Kingdoms are computed from the masks: only once every piece is a cell of the board.
    sane = _on_board(state)
    problems += _pending(state, sane)
    if sane:
        problems += _kingdoms(state)
    return problems


def _on_board(state: GameState) -> bool:
    layers = [*state.tiles, state.flipped, state.catastrophes, state.treasures]
    area = _area(state)
    return all(layer >= 0 and not layer & ~area for layer in layers) and all(
        c in _CELLS and area >> c & 1 for _, _, c in _leader_cells(state)
    )


def _area(state: GameState) -> Bitboard:
    """The cells of the state's board (a custom board may be smaller than 11 x 16)."""
    return state.rules.board.cells


def _seat_row_problems(name: str, rows: Sequence[object], players: int) -> list[str]:
    if len(rows) != players:
        return [f"{name} has {len(rows)} entries for {players} players"]
    return []


def _counts(state: GameState) -> list[str]:
    """Per-player tuples, hands, points, bag and turn counters (spec R3-R5)."""
    out: list[str] = []
    n = state.rules.players
    for name, rows in (
        ("leaders", state.leaders),
        ("hands", state.hands),
        ("catastrophe_tiles", state.catastrophe_tiles),
        ("points", state.points),
        ("treasures_taken", state.treasures_taken),
        ("discarded", state.discarded),
    ):
        out += _seat_row_problems(name, rows, n)
    if out:
        return out
    for seat in range(n):
        if len(state.leaders[seat]) != len(COLOURS):
            out.append(f"seat {seat} has {len(state.leaders[seat])} leaders, not 4")
        hand = state.hands[seat]
        if len(hand) != 4 or any(k < 0 for k in hand):
            out.append(f"seat {seat}'s hand {hand} is not 4 non-negative counts")
        elif sum(hand) > HAND_SIZE:
            out.append(f"seat {seat} holds {sum(hand)} tiles, more than {HAND_SIZE}")
        if not 0 <= state.catastrophe_tiles[seat] <= CATASTROPHES:
            out.append(
                f"seat {seat} holds {state.catastrophe_tiles[seat]} catastrophe tiles, "
                f"not 0 to {CATASTROPHES}"
            )
        points = state.points[seat]
        if len(points) != 4 or any(k < 0 for k in points):
            out.append(f"seat {seat}'s points {points} are not 4 non-negative counts")
        discarded = state.discarded[seat]
        if len(discarded) != 4 or any(k < 0 for k in discarded):
            out.append(f"seat {seat}'s discards {discarded} are not 4 non-negative counts")
        if state.treasures_taken[seat] < 0:
            out.append(f"seat {seat} has taken {state.treasures_taken[seat]} treasures")
    if len(state.removed) != 4 or any(k < 0 for k in state.removed):
        out.append(f"removed {state.removed} is not 4 non-negative counts")
    if not 0 <= state.active < n:
        out.append(f"active seat {state.active} is not 0 to {n - 1}")
    if not 0 <= state.actions_left <= ACTIONS_PER_TURN:
        out.append(f"{state.actions_left} actions left, not 0 to {ACTIONS_PER_TURN}")
    strays = sorted(set(state.bag) - set("rbgk"))
    if strays:
        out.append(f"the bag holds {', '.join(map(repr, strays))}: only r, b, g, k are tiles")
    return out


def _leader_cells(state: GameState) -> list[tuple[int, Colour, Cell]]:
    return [
        (seat, Colour(colour), c)
        for seat, row in enumerate(state.leaders)
        for colour, c in enumerate(row)
        if c is not None
    ]


def _leader(seat: int, colour: Colour) -> str:
    return f"seat {seat}'s {colour.leader}"


def _board(state: GameState) -> list[str]:
    """One piece per cell, all on the board, on the right terrain (spec R8, R11, R14)."""
    out: list[str] = []
    river = state.rules.board.river
    layers: list[tuple[str, Bitboard]] = [
        (f"{colour.name.lower()} tile", layer)
        for colour, layer in zip(COLOURS, state.tiles, strict=True)
    ]
    layers += [("face-down tile", state.flipped), ("catastrophe", state.catastrophes)]
    for seat, colour, c in _leader_cells(state):
        if c not in _CELLS or not _area(state) >> c & 1:
            out.append(f"{_leader(seat, colour)} stands on {_name(c)}, off the board")
            continue
        layers.append((_leader(seat, colour), 1 << c))
        if river >> c & 1:
            out.append(f"{_leader(seat, colour)} stands on the river at {cell_name(c)}")
    extra = [
        ("treasure", state.treasures),
        ("declined", state.declined),
        ("declined cross", state.declined_crosses),
    ]
    for what, layer in [*layers, *extra]:
        if layer < 0 or layer & ~_area(state):
            out.append(f"a {what} lies off the board")
    seen = twice = 0
    for _, layer in layers:
        twice |= seen & layer
        seen |= layer
    for c in cells_of(twice & _area(state)):
        here = [what for what, layer in layers if layer >> c & 1]
        out.append(f"{cell_name(c)} holds more than one piece: {', '.join(here)}")
    red, blue, green, black = state.tiles
    if blue & ~river & _area(state):
        out.append(f"blue tile on land at {', '.join(names(blue & ~river & _area(state)))}")
    for colour, layer in ((Colour.RED, red), (Colour.GREEN, green), (Colour.BLACK, black)):
        if layer & river:
            where = ", ".join(names(layer & river))
            out.append(f"{colour.name.lower()} tile on the river at {where}")
    loose = state.treasures & ~(red | state.flipped) & _area(state)
    if loose:
        out.append(
            f"treasure at {', '.join(names(loose))} is not on a face-up red tile "
            "or a face-down tile"
        )
    strays = state.treasures & ~state.rules.board.temples & _area(state)
    if strays:
        out.append(f"treasure at {', '.join(names(strays))} is not on a starting temple")
    return out


def _monuments(state: GameState) -> list[str]:
    """Face-down tiles are exactly the built monuments' squares and the wonder's cross (spec
    R22, R31)."""
    out: list[str] = []
    union = 0
    wonder = state.wonder
    if wonder is not None:
        where = _name(wonder.centre)
        if not state.rules.wonder:
            out.append(f"a wonder stands on {where}, but the rules have no wonder")
        centre = wonder.centre
        if centre not in _CELLS or centre < STRIDE or cross(centre) & ~_area(state):
            out.append(f"the wonder's cross at {where} runs off the board")
        else:
            union = cross(wonder.centre)
            if state.declined_crosses >> wonder.centre & 1:
                out.append(f"the cross at {where} is both declined and built")
            out += _terrain(state, f"the wonder at {where}", union, wonder.colour)
    built: set[Monument] = set()
    for site in state.monuments:
        where = cell_name(site.corner) if site.corner in _CELLS else str(site.corner)
        code = site.monument.code
        if site.monument in built:
            out.append(f"monument {code} is built twice (again at {where})")
        built.add(site.monument)
        if site.colour not in site.monument.colours:
            out.append(f"monument {code} at {where} stands on a {site.colour.name.lower()} square")
        if site.corner not in _CELLS or square(site.corner) & ~_area(state):
            out.append(f"monument {code} at {where}: its square runs off the board")
            continue
        sq = square(site.corner)
        out += _terrain(state, f"monument {code} at {where}", sq, site.colour)
        if union & sq:
            out.append(f"monument {code} at {where} overlaps another monument or the wonder")
        union |= sq
        if state.declined >> site.corner & 1:
            out.append(f"the square at {where} is both declined and built")
    if union != state.flipped:
        if state.flipped & ~union:
            where = ", ".join(names(state.flipped & ~union))
            out.append(f"face-down tile at {where} is under no monument and not the wonder's")
        if union & ~state.flipped:
            where = ", ".join(names(union & ~state.flipped))
            out.append(f"monument or wonder tile at {where} is not face down")
    river = state.rules.board.river
    for corner in cells_of(state.declined & _area(state)):
        if square(corner) & ~_area(state):
            out.append(f"declined square at {cell_name(corner)} runs off the board")
        elif square(corner) & river not in (0, square(corner)):
            out.append(
                f"declined square at {cell_name(corner)} lies on land and river, so it was "
                "never of one colour [R11, R22]"
            )
    if state.declined_crosses and not state.rules.wonder:
        out.append("crosses are declined for the wonder, but the rules have no wonder")
    for centre in cells_of(state.declined_crosses & _area(state)):
        if centre < STRIDE or cross(centre) & ~_area(state):
            out.append(f"declined cross at {cell_name(centre)} runs off the board")
        elif cross(centre) & river not in (0, cross(centre)):
            out.append(
                f"declined cross at {cell_name(centre)} lies on land and river, so it was "
                "never of one colour [R11, R31]"
            )
    return out


def _terrain(state: GameState, what: str, cells: Bitboard, colour: Colour) -> list[str]:
    """The tiles under a monument or the wonder were of its recorded *colour*: all on the river
    for blue, all on land for the others (spec R11, R22, R31)."""
    river = state.rules.board.river
    wrong = cells & ~river if colour is Colour.BLUE else cells & river
    if not wrong:
        return []
    terrain = "land" if colour is Colour.BLUE else "the river"
    return [
        f"{what} covers {colour.name.lower()} tiles, yet {', '.join(names(wrong))} "
        f"{'lies' if wrong.bit_count() == 1 else 'lie'} on {terrain} [R11, R22, R31]"
    ]


def _buildings(state: GameState) -> list[str]:
    """Each building stands on a face-up tile of its colour (variant, spec R30)."""
    out: list[str] = []
    if len(state.buildings) != len(COLOURS):
        return [f"{len(state.buildings)} buildings listed, not 4"]
    for colour, c in zip(COLOURS, state.buildings, strict=True):
        if c is None:
            continue
        if not state.rules.buildings:
            out.append(f"the {colour.building} stands on {_name(c)}, but the rules have none")
        if c not in _CELLS or not state.tiles[colour] >> c & 1:
            out.append(
                f"the {colour.building} on {_name(c)} is not on a face-up "
                f"{colour.name.lower()} tile"
            )
    return out


def _conservation(state: GameState) -> list[str]:
    """Every tile, catastrophe and treasure of the box is somewhere, exactly once (spec R1-R3)."""
    out: list[str] = []
    played = sum(CATASTROPHES - held for held in state.catastrophe_tiles)
    on_board = (state.catastrophes & _area(state)).bit_count()
    if on_board != played:
        out.append(
            f"{on_board} catastrophes on the board, but the players have played {played} "
            f"(each starts with {CATASTROPHES})"
        )
    board = state.rules.board
    on_board = (state.treasures & _area(state)).bit_count()
    taken = sum(state.treasures_taken)
    aside = state.treasures_set_aside
    if aside < 0:
        out.append(f"{aside} treasures set aside")
    elif on_board + taken + aside != board.temple_count:
        also = f" and {aside} set aside" if aside else ""
        out.append(
            f"{on_board} treasures on the board and {taken} taken{also}, but the {board.name} "
            f"board starts with {board.temple_count}"
        )
    for colour in COLOURS:
        on_board = (state.tiles[colour] & _area(state)).bit_count()
        under = 4 * sum(1 for site in state.monuments if site.colour is colour)
        if state.wonder is not None and state.wonder.colour is colour:
            under += 5
        hands = sum(hand[colour] for hand in state.hands)
        bag = state.bag.count(colour.letter)
        removed = state.removed[colour]
        discarded = sum(d[colour] for d in state.discarded)
        total = on_board + under + hands + bag + removed + discarded
        if total != TILE_COUNTS[colour]:
            out.append(
                f"{total} {colour.name.lower()} tiles instead of {TILE_COUNTS[colour]}: "
                f"{on_board} face up, {under} under monuments or the wonder, {hands} in hands, "
                f"{bag} in the "
                f"bag, {removed} removed, {discarded} discarded"
            )
    return out


def _flow(state: GameState) -> list[str]:
    """Actions left for the phase of the turn, and why a finished game ended (spec R5-R7, R26).

    Every action but ending the turn spends one at once, and the last one ends the turn, so
    between actions one or two are left; a decision other than the wonder's point (asked at the
    end of the turn, R31) follows an action, so at most one is left. A game ends by treasures at
    the end of a turn, once every hand is refilled, with one or two on the board; by the bag when
    a draw takes the last tiles and falls short. No treasure is taken that is the last of its
    kingdom, so one always stays on the board (R25).
    """
    out: list[str] = []
    pending, left = state.pending, state.actions_left
    on_board = (state.treasures & _area(state)).bit_count()
    if on_board == 0 and not state.treasures_set_aside:  # a sketch may draw none (D7)
        out.append("no treasure is left on the board: the last one of a kingdom stays [R25]")
    if state.ended is None:
        if pending is None and left == 0:
            out.append("between actions 0 actions are left: the last action ends the turn [R5, R7]")
        elif pending is not None and not isinstance(pending, WonderPoint) and left == 2:
            out.append(
                f"{type(pending).__name__} is pending with 2 actions left, but decisions follow "
                "an action [R5, R6]"
            )
    elif state.ended is End.TREASURES:
        if on_board > 2:
            out.append(
                f"the game ended by treasures with {on_board} on the board, not 1 or 2 [R26]"
            )
        short = [seat for seat, hand in enumerate(state.hands) if sum(hand) != HAND_SIZE]
        if short:
            out.append(
                f"the game ended by treasures, after the refills, yet seat {short[0]} holds "
                f"{sum(state.hands[short[0]])} tiles, not {HAND_SIZE} [R7, R26]"
            )
    elif state.bag:
        out.append(
            f"the game ended because a draw could not be met, yet the bag holds "
            f"{len(state.bag)} tiles: the drawer takes what is left [R26]"
        )
    elif all(sum(hand) == HAND_SIZE for hand in state.hands):
        out.append(
            f"the game ended because a draw could not be met, yet every hand holds {HAND_SIZE} "
            "tiles [R26]"
        )
    return out


def _pending(state: GameState, sane: bool) -> list[str]:
    """The pending decision names seats in range and leaders on the board, and is the one the
    position calls for (spec R15-R31)."""
    out: list[str] = []
    n = state.players
    pending = state.pending
    u = state.unification
    marked = False  # the marker is on a face-up tile, so the war sides can be found
    if u is not None:
        if not isinstance(pending, War | WarChoice):
            out.append(f"unification marker on {_name(u)} while no war is pending")
        elif u not in _CELLS or not state.face_up >> u & 1:
            out.append(f"unification marker on {_name(u)}, which holds no face-up tile")
        elif state.treasures >> u & 1:
            out.append(
                f"unification marker on {cell_name(u)}, which carries a treasure: the marker "
                "is on the tile just placed [R16]"
            )
        else:
            marked = sane
    if pending is None:
        return out
    if state.ended is not None:
        out.append(f"the game is over, yet {type(pending).__name__} is pending")
    seats = (
        [pending.attacker, pending.defender] if isinstance(pending, Conflict) else [pending.player]
    )
    bad = [seat for seat in seats if not 0 <= seat < n]
    if bad:
        return [*out, f"pending {type(pending).__name__} names seat {bad[0]}, not 0 to {n - 1}"]
    # The active player decides the war order, the building, the wonder and the monument, and
    # takes the wonder's point; support and treasures may fall to others (R15, R19, R25).
    clause = _ACTIVE_DECIDES.get(type(pending))
    if clause is not None and pending.player != state.active:
        kind = type(pending).__name__
        out.append(f"{kind} for seat {pending.player}, whose turn it is not [{clause}]")
    if isinstance(pending, Conflict):
        kind = type(pending).__name__.lower()
        if pending.attacker == pending.defender:
            out.append(f"{kind}: seat {pending.attacker} attacks itself")
        if pending.attacker_support is not None and pending.attacker_support < 0:
            out.append(f"{kind}: attacker support {pending.attacker_support} is negative")
        cells = [state.leaders[seat][pending.colour] for seat in seats]
        for seat, c in zip(seats, cells, strict=True):
            if c is None:
                out.append(f"{kind}: {_leader(seat, pending.colour)} is not on the board")
        a, d = cells
        if isinstance(pending, Revolt):
            if sane and a is not None and d is not None:
                out += _revolt(state, pending, a, d)
        elif u is None:
            out.append("war pending without a unification marker")
        elif marked and a is not None and d is not None:
            out += _war(state, pending, u)
    elif isinstance(pending, WarChoice):
        if len(set(pending.colours)) != len(pending.colours) or len(pending.colours) < 2:
            out.append(f"war choice between {len(pending.colours)} colours")
        if u is None:
            out.append("war choice pending without a unification marker")
        elif marked:
            due = _wars_due(_war_holders(state, u), u, out)
            if set(pending.colours) != set(due):
                out.append(
                    f"war choice between {_colours(pending.colours)}, but the wars due across "
                    f"the unification tile on {cell_name(u)} are in {_colours(due)} [R17, R21]"
                )
    elif isinstance(pending, MonumentChoice):
        out += _monument_choice(state, pending)
    elif isinstance(pending, BuildingChoice):
        layer = state.tiles[pending.colour]
        if not state.rules.buildings:
            out.append("building choice pending, but the rules have no buildings")
        wrong = [
            c for c in (pending.placed, *pending.cells) if c not in _CELLS or not layer >> c & 1
        ]
        for c in wrong:
            out.append(
                f"building choice: {_name(c)} holds no face-up {pending.colour.name.lower()} tile"
            )
        if not wrong and state.rules.buildings:
            allowed = cells_of(building_cells(state, pending.placed)[1])
            if set(pending.cells) != set(allowed):
                out.append(
                    f"building choice: the {pending.colour.building} may go on "
                    f"{_cells(allowed)} after a tile on {cell_name(pending.placed)}, "
                    f"not on {_cells(pending.cells)} [R30]"
                )
    elif isinstance(pending, WonderChoice):
        if not state.rules.wonder or state.wonder is not None:
            out.append("wonder choice pending, but no wonder may be built")
        problems = len(out)
        for centre in pending.centres:
            shape = cross(centre) if centre in _CELLS and centre >= STRIDE else -1
            if not any(layer & shape == shape for layer in state.tiles if shape > 0):
                out.append(f"wonder choice: the cross at {_name(centre)} is not one colour")
            elif state.declined_crosses >> centre & 1:
                out.append(f"wonder choice: the cross at {_name(centre)} was declined")
        if len(out) == problems and pending.placed in _CELLS:
            centres = wonder_centres(state, pending.placed)
            if set(pending.centres) != set(centres):
                out.append(
                    f"wonder choice: after a tile on {cell_name(pending.placed)} the wonder may "
                    f"go on the crosses at {_cells(centres)}, not at {_cells(pending.centres)} "
                    "[R31]"
                )
    elif isinstance(pending, WonderPoint):
        king = state.leaders[pending.player][Colour.BLACK]
        if state.wonder is None:
            out.append("wonder point pending, but no wonder is built")
        elif king is None or (sane and not _kingdom_at(state, state.wonder.centre) >> king & 1):
            king_name = _leader(pending.player, Colour.BLACK)
            out.append(f"wonder point: {king_name} is not in the wonder's kingdom")
    elif isinstance(pending, TreasureChoice):
        trader = state.leaders[pending.player][Colour.GREEN]
        if trader != pending.trader:
            out.append(
                f"treasure choice: {_leader(pending.player, Colour.GREEN)} is not on "
                f"{_name(pending.trader)}"
            )
        elif sane and trader is not None:
            here = _kingdom_at(state, trader) & state.treasures
            if here.bit_count() < 2:
                out.append(f"treasure choice: the trader on {_name(trader)} has under 2 treasures")
    return out


def _colours(colours: Sequence[Colour]) -> str:
    return ", ".join(colour.name.lower() for colour in colours) or "no colour"


def _cells(cells: Sequence[Cell]) -> str:
    return ", ".join(_name(c) for c in cells) or "no cell"


def _revolt(state: GameState, revolt: Revolt, a: Cell, d: Cell) -> list[str]:
    """The attacking leader, just positioned, shares the defender's kingdom (spec R15) and
    touched one kingdom at most (R9)."""
    out: list[str] = []
    if not _kingdom_at(state, a) >> d & 1:
        out.append(
            f"revolt: the {revolt.colour.leader}s on {_name(a)} and {_name(d)} "
            "are in different kingdoms"
        )
    lifted = ~(1 << a)
    touched = [
        k
        for k in kingdoms(state.occupied & lifted, state.leader_mask & lifted)
        if neighbours(1 << a) & k
    ]
    if len(touched) > 1:
        out.append(
            f"revolt: the attacking {revolt.colour.leader} on {cell_name(a)} joins "
            f"{len(touched)} kingdoms, but a leader may touch one at most [R9]"
        )
    return out


def _war_holders(state: GameState, u: Cell) -> list[list[tuple[int, Cell]]]:
    """For each colour, the leaders of that colour standing in the kingdoms that touch the
    unification tile on *u*, which belongs to none of them (spec R16, R21)."""
    occupied = state.occupied & ~(1 << u)
    sides = 0
    for k in kingdoms(occupied, state.leader_mask):
        if neighbours(1 << u) & k:
            sides |= k
    holders: list[list[tuple[int, Cell]]] = [[], [], [], []]
    for seat, colour, c in _leader_cells(state):
        if sides >> c & 1:
            holders[colour].append((seat, c))
    return holders


def _wars_due(holders: list[list[tuple[int, Cell]]], u: Cell, out: list[str]) -> list[Colour]:
    """The colours with a leader on two sides of the unification tile on *u*, from
    :func:`_war_holders` (spec R17, R21); a colour on three sides goes to *out* (R12: a tile
    joins two kingdoms at most)."""
    for colour in COLOURS:
        if len(holders[colour]) > 2:
            out.append(
                f"{len(holders[colour])} {colour.leader}s stand in kingdoms touching the "
                f"unification tile on {cell_name(u)}, but a tile joins two kingdoms at most [R12]"
            )
    return [colour for colour in COLOURS if len(holders[colour]) >= 2]


def _war(state: GameState, war: War, u: Cell) -> list[str]:
    """The war is due across the unification tile, between the owners of its leaders, the
    attacker chosen as spec R18 says."""
    out: list[str] = []
    colour = war.colour
    holders = _war_holders(state, u)
    if colour not in _wars_due(holders, u, out):
        out.append(
            f"war in {colour.name.lower()}, but no two {colour.leader}s stand in kingdoms "
            f"touching the unification tile on {cell_name(u)} [R17, R21]"
        )
        return out
    owners = {seat for seat, _ in holders[colour]}
    if owners != {war.attacker, war.defender}:
        out.append(
            f"war: the {colour.leader}s across the unification tile on {cell_name(u)} belong "
            f"to seats {', '.join(map(str, sorted(owners)))}, not to seats {war.attacker} and "
            f"{war.defender} [R18]"
        )
        return out
    clockwise = [(state.active + i) % state.players for i in range(state.players)]
    first = next(seat for seat in clockwise if seat in owners)
    if war.attacker != first:
        out.append(
            f"war: seat {first} attacks, as the active player or the first involved clockwise "
            f"from him, not seat {war.attacker} [R18]"
        )
    return out


def _monument_choice(state: GameState, pending: MonumentChoice) -> list[str]:
    """The squares offered are every square of one colour through the tile just placed that
    may hold a monument (spec R22)."""
    out: list[str] = []
    colours: set[Colour] = set()
    common = _area(state)
    for corner in pending.corners:
        if corner not in _CELLS or square(corner) & ~_area(state):
            out.append(f"monument choice: the square at {_name(corner)} is off the board")
            continue
        sq = square(corner)
        found = [colour for colour in COLOURS if state.tiles[colour] & sq == sq]
        if not found:
            out.append(f"monument choice: the square at {_name(corner)} is not one colour")
        colours.update(found)
        common &= sq
        if state.declined >> corner & 1:
            out.append(f"monument choice: the square at {_name(corner)} was declined")
    if out:
        return out
    where = _cells(pending.corners)
    if not pending.corners:
        out.append("monument choice between no squares [R22]")
    elif len(colours) > 1 or not common:
        out.append(
            f"monument choice: the squares at {where} are not all of one colour through the "
            "tile just placed [R22]"
        )
    else:
        (colour,) = colours
        if not available(state, colour):
            out.append(f"monument choice: every monument with {colour.name.lower()} is built [R22]")
        elif not any(
            set(complete_squares(state.tiles[colour], p, state.declined)) == set(pending.corners)
            for p in cells_of(common)
        ):
            out.append(
                f"monument choice: the squares at {where} leave out another {colour.name.lower()} "
                "square through the tile just placed [R22]"
            )
    return out


def _kingdoms_of(state: GameState) -> list[Bitboard]:
    """The kingdoms, computed afresh: a stale cached analysis must not hide a problem."""
    return kingdoms(state.occupied, state.leader_mask)


def _kingdom_at(state: GameState, c: Cell) -> Bitboard:
    return next((k for k in _kingdoms_of(state) if k >> c & 1), 0)


def _name(c: Cell) -> str:
    return cell_name(c) if c in _CELLS else str(c)


def _kingdoms(state: GameState) -> list[str]:
    """Leaders beside temples (R10), one leader per colour per kingdom (R15), and no trader's
    kingdom keeping two treasures (R25), as the rules order an action's consequences (R6).

    Every leader touches a face-up temple at every point play can stop: a catastrophe or a
    monument that strands one is followed by its withdrawal before any decision, no war strands
    one (spec note on R6 and R20), and the wonder, which can, is built on the tile just placed,
    so no monument decision follows it. One leader per colour per kingdom holds once conflicts
    are resolved; while a revolt is fought it holds with the attacking leader left out, and while
    wars are fought with the unification tile left out (R16): the board the action found, less
    what the wars removed. Treasures are handed out last: a trader's kingdom may keep two only
    while a building, wonder, monument or treasure decision waits.
    """
    out: list[str] = []
    beside_temple = neighbours(state.tiles[Colour.RED])
    for seat, colour, c in _leader_cells(state):
        if not beside_temple >> c & 1:
            out.append(
                f"{_leader(seat, colour)} on {cell_name(c)} touches no face-up red tile [R10]"
            )
    occupied, leader_mask, context = state.occupied, state.leader_mask, ""
    pending, u = state.pending, state.unification
    if isinstance(pending, Revolt) and 0 <= pending.attacker < state.players:
        a = state.leaders[pending.attacker][pending.colour]
        if a is not None:
            occupied &= ~(1 << a)
            leader_mask &= ~(1 << a)
            context = f"with the attacking {pending.colour.leader} on {cell_name(a)} left out, "
    elif isinstance(pending, War | WarChoice) and u is not None and state.face_up >> u & 1:
        occupied &= ~(1 << u)
        context = f"with the unification tile on {cell_name(u)} left out, "
    settled = pending is None or isinstance(pending, Conflict | WarChoice | WonderPoint)
    leaders = [
        (seat, colour, c) for seat, colour, c in _leader_cells(state) if leader_mask >> c & 1
    ]
    for kingdom in kingdoms(occupied, leader_mask):
        inside = [(seat, colour, c) for seat, colour, c in leaders if kingdom >> c & 1]
        for colour in COLOURS:
            same = [cell_name(c) for _, col, c in inside if col is colour]
            if len(same) > 1:
                out.append(
                    f"{context}one kingdom holds {len(same)} {colour.leader}s: "
                    f"{', '.join(same)} [R15]"
                )
        treasures = kingdom & state.treasures
        traders = [c for _, col, c in inside if col is Colour.GREEN]
        if settled and traders and treasures.bit_count() > 1:
            out.append(
                f"{context}the trader on {cell_name(traders[0])} has {treasures.bit_count()} "
                f"treasures in his kingdom: {', '.join(names(treasures))} [R25]"
            )
    return out
