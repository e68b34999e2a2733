"""The game's invariants, as lists of problems: what every state reached by legal play obeys,
and what every step of :func:`~tigeuph.apply` obeys (issue 5).

:func:`state_problems` checks one state: :func:`~tigeuph.check_state` first, then a second,
independent statement of the rules' invariants, some of which hold only once the conflicts of
an action are resolved. :func:`step_problems` checks one step ``before -> action -> after``:
what never decreases, what only the rules' own actions change, turn flow, value semantics and
round trips. :func:`checked_apply` applies an action and checks both. Each problem names the
spec clause it breaks, so a report says which rule is at stake:

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=1)
>>> after, problems = checked_apply(state, tigeuph.legal_actions(state)[0])
>>> problems, after.to_move
([], 1)

The tests (``tests/test_machine.py``, ``tests/test_games.py``, ``tests/test_fuzz.py``) and the
soak command (``python -m tigeuph.soak``) share these functions. Every variant switch is a
boolean field of :class:`~tigeuph.Rules`: :func:`switches` finds them, so a new switch is played
and checked by :func:`every_rules` without touching this module.
"""

from __future__ import annotations

import itertools
from typing import Any, Final

import attrs

from .actions import Action, TakeTreasure, parse_action
from .boards import ADVANCED, STANDARD
from .cells import (
    COLS,
    ROWS,
    STRIDE,
    Bitboard,
    Cell,
    cell_col,
    cell_name,
    cell_row,
    names,
    neighbours,
)
from .checks import check_state
from .decisions import BuildingChoice, Revolt, TreasureChoice, War, WarChoice, WonderPoint
from .engine import apply, outcome
from .errors import TigeuphError
from .legal import legal_actions
from .notation import from_text, to_text
from .pieces import COLOURS, Colour
from .regions import Analysis, analyse
from .ruleset import Rules
from .serialise import action_from_json, action_to_json, state_from_json, state_to_json
from .state import ACTIONS_PER_TURN, CATASTROPHES, HAND_SIZE, TILE_COUNTS, End, GameState

__all__ = [
    "BOARDS",
    "Snapshot",
    "checked_apply",
    "every_rules",
    "round_trip_problems",
    "snapshot",
    "state_problems",
    "step_problems",
    "switches",
]

BOARDS: Final = (STANDARD, ADVANCED)
"""The boards every combination of switches is played on."""

Snapshot = tuple[object, ...]
"""The compared fields of a state, taken before :func:`~tigeuph.apply` (see :func:`snapshot`)."""


def switches() -> tuple[str, ...]:
    """The names of the variant switches: every boolean field of :class:`~tigeuph.Rules`.

    >>> "open_scoring" in switches()
    True
    """
    return tuple(f.name for f in attrs.fields(Rules) if f.type in (bool, "bool"))


def every_rules(players: int) -> tuple[Rules, ...]:
    """Every combination of the switches on every board of :data:`BOARDS`, for *players*:
    ``2 ** len(switches()) * len(BOARDS)`` rules, all switches off first.

    >>> every_rules(3)[0] == Rules(players=3)
    True
    """
    names = switches()
    return tuple(
        attrs.evolve(Rules(players=players, board=board), **_flags(names, flags))
        for board in BOARDS
        for flags in itertools.product((False, True), repeat=len(names))
    )


def _flags(names: tuple[str, ...], values: tuple[bool, ...]) -> dict[str, Any]:
    return dict(zip(names, values, strict=True))


def snapshot(state: GameState) -> Snapshot:
    """The fields of *state* that equality compares (its caches left out): take one before
    :func:`~tigeuph.apply` and pass it to :func:`step_problems` to check that the input was
    left alone."""
    return tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.eq)


def checked_apply(
    state: GameState, action: Action, *, round_trip: bool = True
) -> tuple[GameState, list[str]]:
    """The state after *action* and every problem of the step and of the new state.

    Raises:
        IllegalActionError: the rules forbid *action* (as :func:`~tigeuph.apply`).
    """
    taken = snapshot(state)
    after = apply(state, action)
    problems = step_problems(state, action, after, before_snapshot=taken, round_trip=round_trip)
    return after, problems + state_problems(after)


# --- one state ----------------------------------------------------------------------------------


def _square(corner: Cell) -> Bitboard:
    """The 2x2 square whose top-left cell is *corner*."""
    top = 0b11 << corner
    return top | top << STRIDE


def _cross(centre: Cell) -> Bitboard:
    """The cross of five centred on *centre* (its arms trimmed to the board)."""
    return 1 << centre | neighbours(1 << centre)


def _leaders(state: GameState) -> list[tuple[int, Colour, Cell]]:
    return [
        (seat, colour, c)
        for seat, row in enumerate(state.leaders)
        for colour, c in zip(COLOURS, row, strict=True)
        if c is not None
    ]


def state_problems(state: GameState, *, with_check_state: bool = True) -> list[str]:
    """Every invariant *state* breaks, each problem citing its clause; empty when none.

    The problems of :func:`~tigeuph.check_state` come first (prefixed ``check_state:``); when
    there are any, the state is malformed and nothing more is checked. Then, independently:
    tiles conserved per colour (R1); pieces one per cell, on the board and the right terrain
    (R8, R11); leaders each on the board or in supply once (R3); hands and catastrophes (R3,
    R5); monuments on four face-down tiles of one of their colours, on that colour's terrain,
    and nothing else face down (R11, R22, R31); treasures on temples (R23, R25); the
    unification marker only while wars are fought (R16); a building decision offering exactly
    the runs the rules allow (R30); actions left for the phase of the
    turn and a consistent end (R5-R7, R26); leaders beside temples always (R10); one leader of
    a colour per kingdom, but for the two leaders of a pending revolt and those of the wars due
    across the unification tile (R15-R21); and no trader's kingdom keeping two treasures once
    they are handed out (R25). The kingdom analysis a state inherited is the one it would
    compute (R0).

    With *with_check_state* false only the second statement runs (the tests use it to show that
    each of its checks can fail); it assumes a well-formed state: four leaders and counts per
    seat, the seats' tuples as long as the player count.
    """
    if with_check_state:
        found = check_state(state)
        if found:
            return [f"check_state: {problem}" for problem in found]
    out: list[str] = []
    out += _conservation(state)
    out += _pieces(state)
    out += _face_down(state)
    out += _resolved(state)
    out += _building_offer(state)
    return out


def _conservation(state: GameState) -> list[str]:
    """Tiles of each colour are all somewhere, once (spec R1); catastrophes too (R3, R14)."""
    out: list[str] = []
    for colour in COLOURS:
        where = {
            "face up": state.tiles[colour].bit_count(),
            # variants: the wonder holds five tiles of its colour face down (R31).
            "face down": 4 * sum(site.colour is colour for site in state.monuments)
            + (5 if state.wonder is not None and state.wonder.colour is colour else 0),
            "in hands": sum(hand[colour] for hand in state.hands),
            "in the bag": state.bag.count(colour.letter),
            "removed": state.removed[colour],
            "discarded": sum(d[colour] for d in state.discarded),
        }
        if sum(where.values()) != TILE_COUNTS[colour]:
            parts = ", ".join(f"{n} {what}" for what, n in where.items())
            out.append(f"R1: {TILE_COUNTS[colour]} {colour.name.lower()} tiles in the box: {parts}")
    played = sum(CATASTROPHES - held for held in state.catastrophe_tiles)
    if state.catastrophes.bit_count() != played or not all(
        0 <= held <= CATASTROPHES for held in state.catastrophe_tiles
    ):
        out.append(
            f"R14: {state.catastrophes.bit_count()} catastrophes on the board, players hold "
            f"{list(state.catastrophe_tiles)} of {CATASTROPHES} each"
        )
    for seat, hand in enumerate(state.hands):
        if min(hand) < 0 or sum(hand) > HAND_SIZE:
            out.append(f"R5: seat {seat} holds {hand}, not 0 to {HAND_SIZE} tiles")
    return out


def _pieces(state: GameState) -> list[str]:
    """One piece per cell on the board's cells; terrain (spec R3, R8, R11)."""
    out: list[str] = []
    board = state.rules.board
    cells = board.land | board.river
    river = board.river
    leaders = _leaders(state)
    for seat, row in enumerate(state.leaders):
        if len(row) != len(COLOURS):
            out.append(f"R3: seat {seat} has {len(row)} leaders, not one of each colour")
    spots = [c for _, _, c in leaders]
    if len(set(spots)) != len(spots):
        out.append(f"R3: two leaders share a cell: {sorted(cell_name(c) for c in spots)}")
    leader_mask = sum(1 << c for c in set(spots))
    layers = [*state.tiles, state.flipped, state.catastrophes, leader_mask]
    seen = 0
    for layer in layers:
        if layer & seen or layer & ~cells:
            out.append(
                f"R8, R11, R14: pieces overlap or lie off the board at "
                f"{names(layer & (seen | ~cells))}"
            )
        seen |= layer
    red, blue, green, black = state.tiles
    if blue & ~river:
        out.append(f"R11: blue tiles on land at {names(blue & ~river)}")
    if (red | green | black | leader_mask) & river:
        out.append(
            f"R8, R11: a red, green or black tile or a leader on the river at "
            f"{names((red | green | black | leader_mask) & river)}"
        )
    for colour, c in zip(COLOURS, state.buildings, strict=True):
        # variants: a building stands on a face-up tile of its colour (R30).
        if c is not None and not state.tiles[colour] >> c & 1:
            out.append(
                f"R30: the {colour.building} on {cell_name(c)} is on no {colour.name.lower()} tile"
            )
    if state.treasures & ~(red | state.flipped) or state.treasures & ~board.temples:
        out.append(f"R23, R25: treasures off the starting temples at {names(state.treasures)}")
    return out


def _face_down(state: GameState) -> list[str]:
    """Monuments on four face-down tiles of one of their colours; nothing else face down
    but the wonder (spec R22, R31)."""
    out: list[str] = []
    cells = state.rules.board.land | state.rules.board.river
    under = 0
    built = [site.monument for site in state.monuments]
    if len(set(built)) != len(built):
        out.append(f"R22: a monument is built twice: {[m.code for m in built]}")
    for site in state.monuments:
        sq = _square(site.corner)
        if site.colour not in site.monument.colours or sq & under or sq & ~cells:
            out.append(
                f"R22: monument {site.monument.code} on {cell_name(site.corner)} "
                f"({site.colour.name.lower()} square) is misplaced"
            )
        elif sq & ~_terrain(state, site.colour):
            out.append(
                f"R11, R22: the {site.colour.name.lower()} square of monument "
                f"{site.monument.code} on {cell_name(site.corner)} lies partly on the wrong terrain"
            )
        under |= sq
    # variants: the wonder's cross is face down too (R31).
    if state.wonder is not None:
        shape = _cross(state.wonder.centre)
        if shape.bit_count() != 5 or shape & under or shape & ~cells:
            out.append(f"R31: the wonder on {cell_name(state.wonder.centre)} is misplaced")
        elif shape & ~_terrain(state, state.wonder.colour):
            out.append(
                f"R11, R31: the {state.wonder.colour.name.lower()} cross of the wonder on "
                f"{cell_name(state.wonder.centre)} lies partly on the wrong terrain"
            )
        under |= shape
    if under != state.flipped:
        out.append(
            f"R22: face-down tiles at {names(state.flipped)}, "
            f"but the monuments (and wonder) cover {names(under)}"
        )
    return out


def _terrain(state: GameState, colour: Colour) -> Bitboard:
    """Where tiles of *colour* go: blue on the river, the others on land (spec R11)."""
    board = state.rules.board
    return board.river if colour is Colour.BLUE else board.land


def _resolved(state: GameState) -> list[str]:
    """The pending decision, the turn, the end, and what holds of the kingdoms at every point
    play can stop (spec R5-R7, R10, R15-R21, R25, R26); the inherited kingdom analysis (R0)."""
    out: list[str] = []
    pending = state.pending
    if state.unification is not None and not isinstance(pending, War | WarChoice):
        out.append(f"R16: unification marker on {cell_name(state.unification)} with no war pending")
    if state.is_over:
        if pending is not None:
            out.append(f"R26: the game is over, yet {type(pending).__name__} is pending")
        out += _ended(state)
    elif pending is None and not 1 <= state.actions_left <= ACTIONS_PER_TURN:
        # Between actions the turn has an action left: the last one ends it (R5, R7).
        out.append(f"R5: between actions {state.actions_left} actions are left, not 1 or 2")
    elif pending is not None and not isinstance(pending, WonderPoint) and state.actions_left > 1:
        # R6: a decision follows an action, which spent one; only the wonder's point comes at
        # the end of a turn, which may be ended at once (R31).
        out.append(f"R5, R6: {type(pending).__name__} pending with {state.actions_left} left")
    fresh = Analysis(state.occupied, state.leader_mask)
    inherited = analyse(state)
    if sorted(inherited.kingdoms) != sorted(fresh.kingdoms) or inherited.counter != fresh.counter:
        out.append("R0: the kingdom analysis carried from the parent state is stale")
    leaders = _leaders(state)
    # R10: a stranded leader is withdrawn right after the monument decision (R6), and nothing
    # strands one before a decision: a catastrophe or a monument has none after it, no war
    # strands one (spec note on R6 and R20), and the wonder covers the tile just placed, so no
    # monument decision follows it (R31).
    beside = neighbours(state.tiles[Colour.RED])
    for seat, colour, c in leaders:
        if not beside >> c & 1:
            out.append(f"R10: seat {seat}'s {colour.leader} on {cell_name(c)} has no temple")
    treasures_settled = pending is None or isinstance(pending, WonderPoint)
    doubled: list[tuple[Colour, list[tuple[int, Cell]]]] = []
    for kingdom in fresh.kingdoms:
        inside = [(seat, colour, c) for seat, colour, c in leaders if kingdom >> c & 1]
        for colour in COLOURS:
            same = [(seat, c) for seat, col, c in inside if col is colour]
            if len(same) > 1:
                doubled.append((colour, same))
        traders = [c for _, col, c in inside if col is Colour.GREEN]
        if treasures_settled and traders and (kingdom & state.treasures).bit_count() > 1:
            out.append(
                f"R25: the trader on {cell_name(traders[0])} keeps treasures on "
                f"{names(kingdom & state.treasures)}"
            )
    out += _doubled(state, doubled)
    return out


def _straight_runs(layer: Bitboard, c: Cell) -> list[list[Cell]]:
    """The row and the column of *layer* through *c*, unbroken, walked cell by cell."""
    out = []
    for d_row, d_col in ((0, 1), (1, 0)):
        line = [c]
        for sign in (1, -1):
            row, col = cell_row(c) + sign * d_row, cell_col(c) + sign * d_col
            while 0 <= row < ROWS and 0 <= col < COLS and layer >> (row * STRIDE + col) & 1:
                line.append(Cell(row * STRIDE + col))
                row, col = row + sign * d_row, col + sign * d_col
        out.append(line)
    return out


def _building_offer(state: GameState) -> list[str]:
    """A building decision offers exactly the tiles of the straight runs of three or more
    through the placed tile, and, for a building on the board, only runs strictly longer than
    the longest through its own tile: both conditions at once (spec R30)."""
    pending = state.pending
    if not isinstance(pending, BuildingChoice):
        return []
    layer = state.tiles[pending.colour]
    if not layer >> pending.placed & 1:
        return [f"R30: the building decision's tile {cell_name(pending.placed)} is not face up"]
    at = state.buildings[pending.colour]
    own = 0 if at is None else max(len(line) for line in _straight_runs(layer, at))
    expected = {
        c
        for line in _straight_runs(layer, pending.placed)
        if len(line) >= 3 and len(line) > own
        for c in line
    }
    offered = set(pending.cells)
    if offered != expected:
        return [
            f"R30: the {pending.colour.building} is offered {sorted(map(cell_name, offered))}, "
            f"the runs allow {sorted(map(cell_name, expected))}"
        ]
    return []


def _doubled(state: GameState, doubled: list[tuple[Colour, list[tuple[int, Cell]]]]) -> list[str]:
    """Two leaders of a colour share a kingdom only while their conflict is fought (spec
    R15-R21): during a revolt, the revolt's two leaders; during wars, a leader of each colour at
    war on either side of the unification tile, every war due in the decision (R17)."""
    pending = state.pending
    allowed: set[tuple[Colour, frozenset[int]]] = set()
    if isinstance(pending, Revolt):
        allowed.add((pending.colour, frozenset((pending.attacker, pending.defender))))
    sides: list[Bitboard] = []  # while wars are fought, the kingdoms without the marked tile
    if isinstance(pending, War | WarChoice) and state.unification is not None:
        sides = Analysis(state.occupied & ~(1 << state.unification), state.leader_mask).kingdoms
    out: list[str] = []
    for colour, same in doubled:
        seats = frozenset(seat for seat, _ in same)
        if len(same) == 2 and (colour, seats) in allowed:
            continue
        # R16: two leaders at war stand on different sides once the marked tile is left out.
        if len(same) == 2 and sides and not any(all(k >> c & 1 for _, c in same) for k in sides):
            continue
        where = sorted(cell_name(c) for _, c in same)
        out.append(f"R15-R21: one kingdom holds {len(same)} {colour.leader}s: {where}")
    if isinstance(pending, War | WarChoice):
        due = {colour for colour, same in doubled if len(same) == 2}
        listed = {pending.colour} if isinstance(pending, War) else set(pending.colours)
        if not listed <= due or (isinstance(pending, WarChoice) and listed != due):
            out.append(
                f"R17, R21: wars due in {sorted(c.name.lower() for c in due)}, "
                f"but {type(pending).__name__} lists {sorted(c.name.lower() for c in listed)}"
            )
        if isinstance(pending, War):
            owners = {
                seat for colour, same in doubled if colour is pending.colour for seat, _ in same
            }
            if owners and owners != {pending.attacker, pending.defender}:
                out.append(
                    f"R18: the war's leaders belong to seats {sorted(owners)}, not {pending}"
                )
    elif isinstance(pending, Revolt) and not any(
        (colour, frozenset(seat for seat, _ in same)) in allowed for colour, same in doubled
    ):
        out.append(f"R15: {pending}, but no kingdom holds both leaders")
    return out


def _ended(state: GameState) -> list[str]:
    """A game ends with one or two treasures left and every hand refilled, or when a draw
    empties the bag short (spec R7, R26)."""
    left = state.treasures.bit_count()
    if state.ended is End.TREASURES and not (
        1 <= left <= 2 and all(sum(hand) == HAND_SIZE for hand in state.hands)
    ):
        return [f"R26: ended by treasures with {left} left and hands {list(state.hands)}"]
    if state.ended is End.BAG and (
        state.bag or all(sum(hand) == HAND_SIZE for hand in state.hands)
    ):
        return [f"R26: ended by the bag with {len(state.bag)} in it, hands {list(state.hands)}"]
    return []


# --- one step -----------------------------------------------------------------------------------


def _lost(before: Bitboard, after: Bitboard) -> bool:
    """Whether cells of *before* are missing from *after*."""
    return before & ~after != 0


def step_problems(
    before: GameState,
    action: Action,
    after: GameState,
    *,
    before_snapshot: Snapshot | None = None,
    round_trip: bool = True,
) -> list[str]:
    """Every invariant the step ``after = apply(before, action)`` breaks, citing its clause.

    Checks that *action* was listed by :func:`~tigeuph.legal_actions` (R5); that *before* was
    left alone (when *before_snapshot*, taken by :func:`snapshot` before the call, is given);
    that points, taken treasures, removed and discarded tiles, catastrophes, monuments and
    declined squares never decrease, the bag only loses its front, and treasures leave the
    board only one at a time to a trader's owner, from his kingdom, special ones first, never
    the last (R1, R13-R25);
    the turn flow (R5, R7, R26); that ``==`` and ``hash`` agree; and, when *round_trip* is true
    (the costly part), that the new state reads back from its text and JSON and the action
    from its notation and JSON (:func:`round_trip_problems`).
    """
    out: list[str] = []
    legal = legal_actions(before)
    # The engine shares action values, so identity finds a listed action at once.
    if not any(a is action for a in legal) and action not in legal:
        out.append(f"R5: apply accepted {action}, which legal_actions does not list")
    if before_snapshot is not None and snapshot(before) != before_snapshot:
        out.append(f"apply({action}) changed its input state")
    out += _monotone(before, after)
    out += _treasures(before, action, after)
    out += _turn(before, after)
    twin = attrs.evolve(after)  # the same fields, no caches
    if twin != after or hash(twin) != hash(after):
        out.append("equal states differ in == or hash")
    if round_trip:
        out += round_trip_problems(after)
    out += _action_round_trip(action)
    return out


def _monotone(before: GameState, after: GameState) -> list[str]:
    """What only grows: points, pieces out of the game, catastrophes, monuments (R1, R13-R24)."""
    out: list[str] = []
    for seat, (old, new) in enumerate(zip(before.points, after.points, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            out.append(f"R13-R24: seat {seat}'s points fell from {old} to {new}")
    if any(n < o for o, n in zip(before.treasures_taken, after.treasures_taken, strict=True)):
        out.append(
            f"R25: taken treasures fell: {before.treasures_taken} to {after.treasures_taken}"
        )
    if any(n < o for o, n in zip(before.removed, after.removed, strict=True)):
        out.append(f"R1: removed tiles fell: {before.removed} to {after.removed}")
    for seat, (old, new) in enumerate(zip(before.discarded, after.discarded, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            out.append(f"R5: seat {seat}'s discards fell from {old} to {new}")
    if not before.bag.endswith(after.bag):
        out.append("R4: the bag changed other than by draws from its front")
    if _lost(before.catastrophes, after.catastrophes) or any(
        n > o for o, n in zip(before.catastrophe_tiles, after.catastrophe_tiles, strict=True)
    ):
        out.append("R14: a catastrophe left the board or came back to a hand")
    if after.monuments[: len(before.monuments)] != before.monuments:
        out.append("R22: a built monument moved or vanished")
    for what, was, now in (
        ("face-down tiles", before.flipped, after.flipped),
        ("declined squares", before.declined, after.declined),
        ("declined crosses", before.declined_crosses, after.declined_crosses),
    ):
        if _lost(was, now):
            out.append(f"R22, R31: {what} vanished at {names(was & ~now)}")
    if before.wonder is not None and after.wonder != before.wonder:
        out.append("R31: the wonder moved or vanished")
    return out


def _treasures(before: GameState, action: Action, after: GameState) -> list[str]:
    """Treasures leave the board one at a time, only when a trader's owner takes one of two or
    more in his kingdom, the special ones first, and never the last there (spec R25)."""
    out: list[str] = []
    gone = before.treasures & ~after.treasures
    if after.treasures & ~before.treasures:
        out.append(f"R25: treasures appeared at {names(after.treasures & ~before.treasures)}")
    gained = [n - o for o, n in zip(before.treasures_taken, after.treasures_taken, strict=True)]
    if not isinstance(action, TakeTreasure):
        if gone or any(gained):
            out.append(f"R25: {action} moved treasures (from {names(gone)})")
        return out
    pending = before.pending
    expected = [0] * before.players
    if isinstance(pending, TreasureChoice):
        expected[pending.player] = 1
        kingdom = next((k for k in analyse(before).kingdoms if k >> pending.trader & 1), 0)
        if not after.treasures & kingdom:
            out.append(f"R25: {action} took the last treasure of the trader's kingdom")
        if not kingdom >> action.cell & 1:
            out.append(f"R25: {action} took a treasure outside the trader's kingdom")
        special = before.rules.board.special
        if not special >> action.cell & 1 and kingdom & before.treasures & special:
            where = names(kingdom & before.treasures & special)
            out.append(f"R25: {action} took an ordinary treasure, leaving the special ones {where}")
    if gone != 1 << action.cell or gained != expected:
        out.append(f"R25: {action} took {names(gone)}, counts {gained} (expected {expected})")
    return out


def _turn(before: GameState, after: GameState) -> list[str]:
    """Whose turn, how many actions, refills and the end (spec R5, R7, R26)."""
    out: list[str] = []
    legal = legal_actions(after)
    if after.is_over:
        if legal or outcome(after) is None or after.to_move is not None:
            out.append("R26: a finished game still has moves or no outcome")
        return out
    if not legal or after.to_move is None or not 0 <= after.to_move < after.players:
        out.append(f"R5: player {after.to_move} is to move but has no legal action")
    if after.active != before.active:
        # R7: the turn passed: next seat, two actions, every hand refilled, treasures remain.
        if after.active != (before.active + 1) % before.players:
            out.append(f"R7: the turn passed from seat {before.active} to {after.active}")
        if after.actions_left != ACTIONS_PER_TURN or after.pending is not None:
            out.append(f"R7: a turn begins with {after.actions_left} actions, {after.pending}")
        short = [seat for seat, hand in enumerate(after.hands) if sum(hand) != HAND_SIZE]
        if short:
            out.append(f"R7: seats {short} were not refilled to {HAND_SIZE} tiles")
        if after.treasures.bit_count() <= 2:
            out.append("R26: a turn began with two treasures or fewer on the board")
    elif after.actions_left > before.actions_left:
        out.append(f"R5: actions left rose from {before.actions_left} to {after.actions_left}")
    return out


def round_trip_problems(state: GameState) -> list[str]:
    """Whether *state* reads back, equal and with the same hash, from its position notation and
    its JSON (spec R4: a position is the whole game)."""
    out: list[str] = []
    for what, write, read in (
        ("to_text/from_text", to_text, from_text),
        ("state_to_json/state_from_json", state_to_json, state_from_json),
    ):
        try:
            again = read(write(state))
        except TigeuphError as err:
            out.append(f"{what}: the state does not read back: {err}")
            continue
        if again != state or hash(again) != hash(state):
            out.append(f"{what}: the state reads back different")
    return out


_ROUND_TRIPPED: set[Action] = set()
"""Actions whose notation and JSON were found to read back: a pure function of the action,
checked once per process (actions are finite)."""


def _action_round_trip(action: Action) -> list[str]:
    if action in _ROUND_TRIPPED:
        return []
    try:
        if (
            parse_action(str(action)) != action
            or action_from_json(action_to_json(action)) != action
        ):
            return [f"action notation: {action} reads back different"]
    except TigeuphError as err:
        return [f"action notation: {action} does not read back: {err}"]
    _ROUND_TRIPPED.add(action)
    return []
