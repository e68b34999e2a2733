"""Revolts and wars: who fights, their strength, and what the loser loses (spec R15-R21)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from attrs import evolve

from ..model.cells import (  # noqa: F401 (GUARDS, STRIDE: the contracts)
    CELL_BITS,
    CELL_NEIGHBOURS,
    GUARDS,
    STRIDE,
    Bitboard,
    Cell,
    cells_of,
    neighbours,
)
from ..model.decisions import Conflict, Revolt, War, WarChoice
from ..model.pieces import COLOURS, RED, Colour
from ..model.reads import Position
from ..model.regions import region
from ..model.state import GameState, count_of
from ..model.work import Work
from .buildings import protected

if TYPE_CHECKING:  # imported where the event is told (see tigeuph.tigris.events)
    from ..events import ConflictBegun

__all__ = [
    "board_strengths",
    "choose_war",
    "commit_support",
    "conflict_begun",
    "contested_colours",
    "english_counts",
    "finish_revolt",
    "finish_war",
    "revolt_for",
    "start_war",
    "support_colour",
    "support_counts",
    "support_problem",
    "temple_count",
    "war_choice_problem",
    "war_losses",
    "war_side",
    "war_sides",
    "war_strength",
]

# The contracts below (PEP 316, checked by CrossHair in CI) bound masks to the first 40 bits
# (rows 1 and 2 and part of row 3), as in tigeuph.tigris.model.regions: Python integers as 187-bit
# boards make the symbolic search slow. The Hypothesis tests and the reference engine cover the
# board.


def temple_count(at: Cell, temples: Bitboard) -> int:
    """The face-up temples orthogonally next to *at*: a leader's strength in a revolt (R15).

    >>> from tigeuph.tigris.model.cells import mask, parse_cell
    >>> temple_count(parse_cell("B2"), mask("B1", "A2", "B2", "C3"))
    2

    Contracts: each of the four sides counts once when it holds a temple, and nothing else
    counts (a temple on *at* itself, or on a diagonal, is no neighbour).

    pre: 0 <= at < 40 and at % STRIDE != STRIDE - 1
    pre: 0 <= temples < 1 << 40 and temples & GUARDS == 0
    post: 0 <= __return__ <= 4
    post: __return__ == sum(1 for n in (at - 1, at + 1, at - STRIDE, at + STRIDE) if n >= 0 and temples >> n & 1)
    """  # noqa: E501 (a contract is one line)
    return (neighbours(1 << at) & temples).bit_count()


def temple_strength(pos: Position, c: Cell) -> int:
    """Face-up temples orthogonally next to the leader on *c* (spec R15)."""
    return temple_count(c, pos.tiles[RED])


def war_side(at: Cell, occupied: Bitboard, unification: Cell) -> Bitboard:
    """The side of the leader on *at* in a war: the region holding it once the unification
    tile is left out (spec R16, R19).

    >>> from tigeuph.tigris.model.cells import mask, names, parse_cell
    >>> names(war_side(parse_cell("A1"), mask("A1", "B1", "C1", "D1"), parse_cell("C1")))
    ['A1', 'B1']

    Contracts: the side holds the leader, never the unification tile, only occupied cells,
    and every occupied cell touching it, but for the unification tile.

    pre: 0 <= occupied < 1 << 40 and occupied & GUARDS == 0
    pre: 0 <= at < 40 and 0 <= unification < 40 and at != unification
    pre: occupied >> at & 1 and occupied >> unification & 1
    post: __return__ >> at & 1
    post: not __return__ >> unification & 1
    post: __return__ & ~occupied == 0
    post: neighbours(__return__) & occupied & ~__return__ & ~(1 << unification) == 0
    """
    return region(1 << at, occupied & ~(1 << unification))


def war_losses(
    side: Bitboard, tiles: Bitboard, kept: Bitboard, others: Bitboard, red: bool
) -> Bitboard:
    """The tiles the losing side of a war loses (spec R20): the face-up *tiles* of the war's
    colour on its *side*, but for those in *kept* (a treasure, the colour's building, R30) and,
    in a *red* war, temples beside another leader of the side (on *others*).

    >>> from tigeuph.tigris.model.cells import mask, names
    >>> side = mask("A1", "B1", "C1", "D1", "E1")
    >>> names(war_losses(side, mask("A1", "B1", "D1"), mask("A1"), mask("E1"), red=True))
    ['B1']

    Contracts: only tiles of the colour on the side go, none kept, and in a red war none beside
    another leader; every other tile of the colour on the side goes.

    pre: 0 <= side < 1 << 40 and 0 <= tiles < 1 << 40 and 0 <= kept < 1 << 40
    pre: 0 <= others < 1 << 40 and side & GUARDS == 0 and tiles & GUARDS == 0
    pre: kept & GUARDS == 0 and others & GUARDS == 0
    post: __return__ & ~(side & tiles) == 0
    post: __return__ & kept == 0
    post: not red or __return__ & neighbours(others) == 0
    post: side & tiles & ~kept & ~__return__ & ~(neighbours(others) if red else 0) == 0
    """
    doomed = side & tiles & ~kept
    if red:
        doomed &= ~neighbours(others)
    return doomed


def revolt_for(pos: Position, player: int, colour: Colour) -> Revolt | None:
    """The revolt set off by *player*'s *colour* leader just placed, if any (spec R15)."""
    at = pos.leaders[player][colour]
    assert at is not None
    kingdom = pos.analysis().kingdom_at(at)
    for other, row in enumerate(pos.leaders):
        c = row[colour]
        if other != player and c is not None and kingdom & CELL_BITS[c]:
            return Revolt(colour, attacker=player, defender=other)
    return None


def finish_revolt(w: Work, revolt: Revolt, defender_support: int) -> None:
    """Settle *revolt* once both sides have committed (spec R15)."""
    colour = revolt.colour
    attacker_at = w.leaders[revolt.attacker][colour]
    defender_at = w.leaders[revolt.defender][colour]
    assert attacker_at is not None and defender_at is not None
    assert revolt.attacker_support is not None
    attack = temple_strength(w, attacker_at) + revolt.attacker_support
    defence = temple_strength(w, defender_at) + defender_support
    if attack > defence:
        winner, loser, loser_at = revolt.attacker, revolt.defender, defender_at
    else:  # R15: the defender wins ties
        winner, loser, loser_at = revolt.defender, revolt.attacker, attacker_at
    w.move_leader(loser, colour, None)
    w.score(winner, Colour.RED, 1)
    if w.events is not None:
        from ..events import ConflictResolved

        strengths = (attack, defence) if winner == revolt.attacker else (defence, attack)
        w.events.append(ConflictResolved("revolt", colour, winner, loser, *strengths, loser_at))


def war_sides(pos: Position) -> list[Bitboard]:
    """The kingdoms touching the unification tile, which belongs to none of them (R16, R21)."""
    u = pos.unification
    assert u is not None
    occupied = pos.occupied & ~(1 << u)
    leaders = pos.leader_mask
    ends = CELL_NEIGHBOURS[u] & occupied
    sides = []
    while ends:
        side = region(ends & -ends, occupied)
        if side & leaders:
            sides.append(side)
        ends &= ~side
    return sides


def contested_colours(pos: Position) -> list[Colour]:
    """Colours with a leader in two of the kingdoms touching the unification tile (R17, R21)."""
    seen = [0, 0, 0, 0]
    for side in war_sides(pos):
        for _, colour, _ in pos.leaders_in(side):
            seen[colour] += 1
    return [colour for colour in COLOURS if seen[colour] >= 2]


def start_war(pos: Position, colour: Colour) -> War:
    """The war in *colour*, its attacker chosen as spec R18 says."""
    u = pos.unification
    assert u is not None
    owners = {
        player for side in war_sides(pos) for player, c, _ in pos.leaders_in(side) if c == colour
    }
    # R18: the active player attacks if involved, else the first owner clockwise from him.
    attacker = next(p for p in pos.in_turn_order() if p in owners)
    (defender,) = owners - {attacker}
    return War(colour, attacker=attacker, defender=defender)


def war_strength(pos: Position, colour: Colour, at: Cell) -> int:
    """Face-up *colour* tiles on the side of the leader on *at* (spec R19)."""
    u = pos.unification
    assert u is not None
    return (war_side(at, pos.occupied, u) & pos.tiles[colour]).bit_count()


def finish_war(w: Work, war: War, defender_support: int) -> None:
    """Settle *war* once both sides have committed (spec R19, R20)."""
    colour = war.colour
    u = w.unification
    attacker_at = w.leaders[war.attacker][colour]
    defender_at = w.leaders[war.defender][colour]
    assert u is not None and attacker_at is not None and defender_at is not None
    assert war.attacker_support is not None
    due = contested_colours(w) if w.events is not None else []  # R21: the wars still to fight
    attack = war_strength(w, colour, attacker_at) + war.attacker_support
    defence = war_strength(w, colour, defender_at) + defender_support
    if attack > defence:
        winner, loser, loser_at = war.attacker, war.defender, defender_at
    else:
        winner, loser, loser_at = war.defender, war.attacker, attacker_at
    side = war_side(loser_at, w.occupied, u)
    w.move_leader(loser, colour, None)
    others = 0  # the losing side's other leaders, whose temples a red war spares (R20)
    for _, _, c in w.leaders_in(side):
        others |= 1 << c
    kept = w.treasures | protected(w)  # R20, R30: treasures and buildings stay
    doomed = war_losses(side, w.tiles[colour], kept, others, colour is Colour.RED)
    lost = w.remove_tiles(colour, doomed)
    w.score(winner, colour, 1 + lost)
    if w.events is not None:
        from ..events import ConflictResolved, WarCancelled

        strengths = (attack, defence) if winner == war.attacker else (defence, attack)
        removed = tuple(cells_of(doomed))
        w.events.append(
            ConflictResolved("war", colour, winner, loser, *strengths, loser_at, removed, 1 + lost)
        )
        left = contested_colours(w)
        w.events.extend(WarCancelled(c) for c in due if c != colour and c not in left)


def board_strengths(state: Position, conflict: Conflict) -> tuple[int, int]:
    """The attacker's and the defender's strength on the board, before support (R15, R19)."""
    attacker_at = state.leaders[conflict.attacker][conflict.colour]
    defender_at = state.leaders[conflict.defender][conflict.colour]
    assert attacker_at is not None and defender_at is not None
    if isinstance(conflict, Revolt):
        return temple_strength(state, attacker_at), temple_strength(state, defender_at)
    colour = conflict.colour
    return war_strength(state, colour, attacker_at), war_strength(state, colour, defender_at)


def conflict_begun(pos: Position, conflict: Conflict) -> ConflictBegun:
    """The event of *conflict* beginning, with both sides' board strengths (R15, R18)."""
    from ..events import ConflictBegun

    attacker_at = pos.leaders[conflict.attacker][conflict.colour]
    defender_at = pos.leaders[conflict.defender][conflict.colour]
    assert attacker_at is not None and defender_at is not None
    attack, defence = board_strengths(pos, conflict)
    return ConflictBegun(
        conflict.kind,
        conflict.colour,
        conflict.attacker,
        conflict.defender,
        attacker_at,
        defender_at,
        attack,
        defence,
    )


def support_counts(state: GameState, conflict: Conflict, held: int) -> range | tuple[int, ...]:
    """The support counts the player to commit may choose, holding *held* tiles of the
    conflict's colour: any number, or under English reinforcement what :func:`english_counts`
    allows (spec R15, R19, R28)."""
    if not state.rules.english_reinforcement:
        return range(held + 1)
    attack, defence = board_strengths(state, conflict)
    return english_counts(attack, defence, conflict.attacker_support, held)


def english_counts(attack: int, defence: int, committed: int | None, held: int) -> tuple[int, ...]:
    """The support counts English reinforcement allows (spec R28), the sides' board strengths
    being *attack* and *defence*: the attacker (*committed* ``None``) commits nothing or enough
    to exceed the defence; the defender, once the attacker has *committed*, nothing or exactly
    enough to tie. Never more than the *held* tiles of the colour.

    >>> english_counts(2, 4, None, 4), english_counts(2, 4, 3, 6), english_counts(2, 4, 1, 6)
    ((0, 3, 4), (0, 1), (0,))

    Contracts: zero is always allowed, the counts are sorted, distinct and within the hand;
    every count but zero meets the rule and every count of the hand that meets it is allowed.

    pre: 0 <= attack <= 60 and 0 <= defence <= 60 and 0 <= held <= 6
    pre: committed is None or 0 <= committed <= 6
    post: __return__[0] == 0
    post: list(__return__) == sorted(set(__return__)) and __return__[-1] <= held
    post: committed is not None or all(n == 0 or attack + n > defence for n in __return__)
    post: committed is not None or all(n in __return__ for n in range(held + 1) if attack + n > defence)
    post: committed is None or all(n == 0 or defence + n == attack + committed for n in __return__)
    post: committed is None or all(n in __return__ for n in range(held + 1) if defence + n == attack + committed)
    """  # noqa: E501 (a contract is one line)
    if committed is None:
        return (0, *range(max(1, defence - attack + 1), held + 1))
    tie = attack + committed - defence
    return (0, tie) if 1 <= tie <= held else (0,)


def next_war(pos: Position) -> War | WarChoice | None:
    """What comes after a unification or a war: the next war, a choice of wars, or nothing."""
    colours = contested_colours(pos)
    if not colours:
        return None
    if len(colours) == 1:
        return start_war(pos, colours[0])
    return WarChoice(pos.active, tuple(colours))


def support_colour(conflict: Conflict) -> Colour:
    """The colour of the tiles committed to *conflict*: red in a revolt (R15), the war's colour
    in a war (R19)."""
    return conflict.support


def support_problem(state: GameState, conflict: Conflict, count: int) -> tuple[str, str] | None:
    """``(clause, reason)`` when the player to commit may not commit *count* tiles, else
    ``None``: he holds too few (R15, R19), or English reinforcement forbids it (R28)."""
    colour = support_colour(conflict)
    held = state.hands[conflict.player][colour]
    if count > held:
        clause = "R15" if isinstance(conflict, Revolt) else "R19"
        return clause, f"player {conflict.player} holds only {held} {colour.name.lower()}"
    if count in support_counts(state, conflict, held):
        return None
    attack, defence = board_strengths(state, conflict)
    if conflict.attacker_support is None:
        return "R28", (
            f"under English reinforcement the attacker commits nothing or enough to exceed the "
            f"defender's {defence} on the board (he has {attack})"
        )
    total = attack + conflict.attacker_support
    return "R28", (
        f"under English reinforcement the defender commits nothing or exactly enough to tie "
        f"the attacker's {total} (he has {defence} on the board)"
    )


def commit_support(w: Work, conflict: Revolt | War, count: int) -> None:
    """The player to commit puts *count* tiles into *conflict*; they leave the game (R15, R20).
    The attacker's commitment makes the defender's turn to commit; the defender's settles it."""
    colour = support_colour(conflict)
    w.take_from_hand(conflict.player, count_of(colour, count))
    w.remove_in_open(colour, count)
    if w.events is not None:
        from ..events import SupportCommitted

        side: Literal["attacker", "defender"] = (
            "attacker" if conflict.attacker_support is None else "defender"
        )
        w.events.append(
            SupportCommitted(conflict.kind, conflict.colour, conflict.player, side, count)
        )
    if conflict.attacker_support is None:
        w.pending = evolve(conflict, attacker_support=count)
    elif isinstance(conflict, Revolt):
        finish_revolt(w, conflict, count)
    else:
        finish_war(w, conflict, count)


def war_choice_problem(choice: WarChoice, colour: Colour) -> tuple[str, str] | None:
    """``(clause, reason)`` when no war of *colour* is due, else ``None`` (R17)."""
    if colour in choice.colours:
        return None
    return "R17", f"there is no {colour.name.lower()} war to fight"


def choose_war(w: Work, colour: Colour) -> None:
    """The active player picks the war of *colour* to fight next (R17)."""
    w.pending = war = start_war(w, colour)
    if w.events is not None:
        w.events.append(conflict_begun(w, war))
