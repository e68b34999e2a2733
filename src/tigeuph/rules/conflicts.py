"""Revolts and wars: who fights, their strength, and what the loser loses (spec R15-R21)."""

from __future__ import annotations

from ..cells import Bitboard, Cell, neighbours
from ..pieces import COLOURS, Colour
from ..regions import region
from ..state import Conflict, GameState, Revolt, War, WarChoice
from ..work import Work
from .buildings import protected

__all__ = [
    "board_strengths",
    "contested_colours",
    "finish_revolt",
    "finish_war",
    "revolt_for",
    "start_war",
    "support_counts",
    "war_sides",
    "war_strength",
]


def temple_strength(w: Work | GameState, c: Cell) -> int:
    """Face-up temples orthogonally next to the leader on *c* (spec R15)."""
    return (neighbours(1 << c) & w.tiles[Colour.RED]).bit_count()


def revolt_for(w: Work, player: int, colour: Colour) -> Revolt | None:
    """The revolt set off by *player*'s *colour* leader just placed, if any (spec R15)."""
    at = w.leaders[player][colour]
    assert at is not None
    kingdom = w.analysis().kingdom_at(at)
    for other, row in enumerate(w.leaders):
        c = row[colour]
        if other != player and c is not None and kingdom >> c & 1:
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
        winner, loser = revolt.attacker, revolt.defender
    else:
        winner, loser = revolt.defender, revolt.attacker  # R15: the defender wins ties
    w.move_leader(loser, colour, None)
    w.score(winner, Colour.RED, 1)


def war_sides(w: Work) -> list[Bitboard]:
    """The kingdoms touching the unification tile, which belongs to none of them (R16, R21)."""
    u = w.unification
    assert u is not None
    occupied = w.occupied & ~(1 << u)
    leaders = w.leader_bits
    ends = neighbours(1 << u) & occupied
    sides = []
    while ends:
        side = region(ends & -ends, occupied)
        if side & leaders:
            sides.append(side)
        ends &= ~side
    return sides


def contested_colours(w: Work) -> list[Colour]:
    """Colours with a leader in two of the kingdoms touching the unification tile (R17, R21)."""
    seen = [0, 0, 0, 0]
    for side in war_sides(w):
        for _, colour, _ in w.leaders_in(side):
            seen[colour] += 1
    return [colour for colour in COLOURS if seen[colour] >= 2]


def start_war(w: Work, colour: Colour) -> War:
    """The war in *colour*, its attacker chosen as spec R18 says."""
    u = w.unification
    assert u is not None
    owners = {player for side in war_sides(w) for player, c, _ in w.leaders_in(side) if c == colour}
    # R18: the active player attacks if involved, else the first owner clockwise from him.
    attacker = next(p for p in w.in_turn_order() if p in owners)
    (defender,) = owners - {attacker}
    return War(colour, attacker=attacker, defender=defender)


def war_strength(w: Work | GameState, colour: Colour, at: Cell) -> int:
    """Face-up *colour* tiles on the side of the leader on *at* (spec R19)."""
    u = w.unification
    assert u is not None
    side = region(1 << at, w.occupied & ~(1 << u))
    return (side & w.tiles[colour]).bit_count()


def finish_war(w: Work, war: War, defender_support: int) -> None:
    """Settle *war* once both sides have committed (spec R19, R20)."""
    colour = war.colour
    u = w.unification
    attacker_at = w.leaders[war.attacker][colour]
    defender_at = w.leaders[war.defender][colour]
    assert u is not None and attacker_at is not None and defender_at is not None
    assert war.attacker_support is not None
    attack = war_strength(w, colour, attacker_at) + war.attacker_support
    defence = war_strength(w, colour, defender_at) + defender_support
    if attack > defence:
        winner, loser, loser_at = war.attacker, war.defender, defender_at
    else:
        winner, loser, loser_at = war.defender, war.attacker, attacker_at
    side = region(1 << loser_at, w.occupied & ~(1 << u))
    w.move_leader(loser, colour, None)
    doomed = side & w.tiles[colour] & ~w.treasures & ~protected(w)  # R20: treasures and
    # buildings (R30) stay
    if colour is Colour.RED:
        # R20: a red war spares temples beside another leader of the losing side.
        others = 0
        for _, _, c in w.leaders_in(side):
            others |= 1 << c
        doomed &= ~neighbours(others)
    lost = w.remove_tiles(colour, doomed)
    w.score(winner, colour, 1 + lost)


def board_strengths(state: GameState, conflict: Conflict) -> tuple[int, int]:
    """The attacker's and the defender's strength on the board, before support (R15, R19)."""
    attacker_at = state.leaders[conflict.attacker][conflict.colour]
    defender_at = state.leaders[conflict.defender][conflict.colour]
    assert attacker_at is not None and defender_at is not None
    if isinstance(conflict, Revolt):
        return temple_strength(state, attacker_at), temple_strength(state, defender_at)
    colour = conflict.colour
    return war_strength(state, colour, attacker_at), war_strength(state, colour, defender_at)


def support_counts(state: GameState, conflict: Conflict, held: int) -> range | tuple[int, ...]:
    """The support counts the player to commit may choose, holding *held* tiles of the
    conflict's colour: any number, or under English reinforcement (spec R28) nothing or, for
    the attacker, enough to exceed the defender's board strength, and, for the defender,
    exactly enough to tie."""
    if not state.rules.english_reinforcement:
        return range(held + 1)
    attack, defence = board_strengths(state, conflict)
    if conflict.attacker_support is None:
        return (0, *range(max(1, defence - attack + 1), held + 1))
    tie = attack + conflict.attacker_support - defence
    return (0, tie) if 1 <= tie <= held else (0,)


def next_war(w: Work) -> War | WarChoice | None:
    """What comes after a unification or a war: the next war, a choice of wars, or nothing."""
    colours = contested_colours(w)
    if not colours:
        return None
    if len(colours) == 1:
        return start_war(w, colours[0])
    return WarChoice(w.active, tuple(colours))
