"""The invariants themselves (:mod:`tigeuph.invariants`): each check finds the breakage it is
for, naming its clause, and finds nothing in reachable states."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import attrs
import pytest

import tigeuph
from tigeuph import Colour, GameState, Rules
from tigeuph.cells import Cell, cells_of, neighbours
from tigeuph.invariants import (
    every_rules,
    round_trip_problems,
    snapshot,
    state_problems,
    step_problems,
    switches,
)
from tigeuph.regions import Analysis


def game(players: int, seed: int) -> Iterator[tuple[GameState, tigeuph.Action, GameState]]:
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed)
    while not state.is_over:
        action = rng.choice(tigeuph.legal_actions(state))
        after = tigeuph.apply(state, action)
        yield state, action, after
        state = after


@cache
def steps() -> tuple[tuple[GameState, tigeuph.Action, GameState], ...]:
    return tuple(game(3, 4))


def find(test: Callable[[GameState], bool]) -> GameState:
    """The first state of the sample game between actions that passes *test*."""
    return next(s for s, _, _ in steps() if s.pending is None and not s.is_over and test(s))


def free_land(state: GameState) -> list[Cell]:
    """Empty land cells with no piece and no temple next to them."""
    board = state.rules.board
    busy = state.occupied | state.catastrophes
    return cells_of(board.land & ~busy & ~neighbours(busy))


def with_leader(state: GameState, seat: int, colour: Colour, c: Cell | None) -> GameState:
    row = list(state.leaders[seat])
    row[colour] = c
    leaders = list(state.leaders)
    leaders[seat] = tuple(row)
    return attrs.evolve(state, leaders=tuple(leaders))


def clauses(state: GameState) -> list[str]:
    return state_problems(state, with_check_state=False)


def test_switches_are_the_boolean_fields_of_rules() -> None:
    """Every boolean field of Rules is a switch, and every combination is played on both
    boards, all switches off first (spec R29, R32)."""
    names = switches()
    assert "open_scoring" in names and "players" not in names and "board" not in names
    assert names == tigeuph.ruleset.SWITCHES  # the engine's own list agrees
    rules = every_rules(4)
    assert len(rules) == 2 * 2 ** len(names) == len(set(rules))
    assert rules[0] == Rules() and all(r.players == 4 for r in rules)
    assert {r.board.name for r in rules} == {"standard", "advanced"}


def test_reachable_states_have_no_problem() -> None:
    """A random game's states and steps obey every invariant (spec R0-R27)."""
    for before, action, after in steps()[::5]:
        assert state_problems(after) == []
        assert step_problems(before, action, after) == []


BROKEN_STATES: list[tuple[str, Callable[[GameState], GameState]]] = [
    ("R1:", lambda s: attrs.evolve(s, bag=s.bag + "r")),
    ("R14:", lambda s: attrs.evolve(s, catastrophe_tiles=(1,) * s.players)),
    ("R5:", lambda s: attrs.evolve(s, hands=((7, 0, 0, 0), *s.hands[1:]))),
    (
        "R11:",
        lambda s: attrs.evolve(
            s, tiles=(s.tiles[0], s.tiles[1] | 1 << free_land(s)[0], *s.tiles[2:])
        ),
    ),
    (
        "R8, R11:",
        lambda s: with_leader(s, 0, Colour.RED, cells_of(s.rules.board.river & ~s.occupied)[0]),
    ),
    (
        "R3:",
        lambda s: with_leader(
            with_leader(s, 0, Colour.RED, free_land(s)[0]), 1, Colour.RED, free_land(s)[0]
        ),
    ),
    ("R22:", lambda s: attrs.evolve(s, flipped=1 << free_land(s)[0])),
    ("R23, R25:", lambda s: attrs.evolve(s, treasures=s.treasures | 1 << free_land(s)[0])),
    ("R16:", lambda s: attrs.evolve(s, unification=cells_of(s.tiles[0])[0])),
    ("R5: between actions", lambda s: attrs.evolve(s, actions_left=0)),
    ("R10:", lambda s: with_leader(s, 0, Colour.BLUE, free_land(s)[0])),
]


@pytest.mark.parametrize(("clause", "breaking"), BROKEN_STATES, ids=[c for c, _ in BROKEN_STATES])
def test_each_state_check_finds_its_breakage(
    clause: str, breaking: Callable[[GameState], GameState]
) -> None:
    """A state broken on purpose is reported, naming the clause it breaks."""
    state = find(lambda s: s.leader_mask != 0 and bool(s.hands[0][0]))
    assert clauses(state) == []
    broken = breaking(state)
    assert any(p.startswith(clause) for p in clauses(broken)), clauses(broken)
    assert state_problems(broken) != []  # check_state or the second statement finds it


def rival_king_spot(state: GameState) -> tuple[int, Cell] | None:
    """A seat without its king on the board and a free land cell beside a king's kingdom."""
    kings = [row[Colour.BLACK] for row in state.leaders]
    for kingdom in Analysis(state.occupied, state.leader_mask).kingdoms:
        if not any(king is not None and kingdom >> king & 1 for king in kings):
            continue
        spots = cells_of(
            neighbours(kingdom) & state.rules.board.land & ~(state.occupied | state.catastrophes)
        )
        seats = [i for i, other in enumerate(state.leaders) if other[Colour.BLACK] is None]
        if spots and seats:
            return seats[0], spots[0]
    return None


def test_two_leaders_of_a_colour_in_one_kingdom() -> None:
    """Between actions no kingdom holds two leaders of one colour (spec R15-R21)."""
    state = find(lambda s: rival_king_spot(s) is not None)
    spot = rival_king_spot(state)
    assert spot is not None
    broken = with_leader(state, spot[0], Colour.BLACK, spot[1])
    assert any(p.startswith("R15-R21:") for p in clauses(broken)), clauses(broken)


def test_a_stale_kingdom_analysis_is_found() -> None:
    """The kingdom analysis a state carries is the one it would compute (spec R0)."""
    state = attrs.evolve(find(lambda s: s.leader_mask != 0))
    object.__setattr__(state, "_cache", Analysis(0, 0))
    assert any(p.startswith("R0:") for p in clauses(state))


def test_each_step_check_finds_its_breakage() -> None:
    """A step broken on purpose is reported, naming the clause it breaks."""
    before, action, after = next(
        (b, a, s) for b, a, s in steps() if s.active == b.active and any(map(any, b.points))
    )
    assert step_problems(before, action, after) == []

    def problems(after: GameState, action: tigeuph.Action = action) -> list[str]:
        return step_problems(before, action, after, round_trip=False)

    lower = tuple((0, 0, 0, 0) for _ in after.points)
    assert any(p.startswith("R13-R24:") for p in problems(attrs.evolve(after, points=lower)))
    gone = attrs.evolve(after, treasures=after.treasures & (after.treasures - 1))
    assert any(p.startswith("R25:") for p in problems(gone))
    assert any(p.startswith("R4:") for p in problems(attrs.evolve(after, bag="r" + after.bag)))
    back = tuple(n + 1 for n in after.catastrophe_tiles)
    assert any(p.startswith("R14:") for p in problems(attrs.evolve(after, catastrophe_tiles=back)))
    listed = tigeuph.legal_actions(before)
    unlisted = next(a for s, _, _ in steps() for a in tigeuph.legal_actions(s) if a not in listed)
    assert any(p.startswith("R5: apply accepted") for p in problems(after, unlisted))
    changed = step_problems(before, action, after, before_snapshot=snapshot(after))
    assert any("changed its input" in p for p in changed)


def test_a_turn_must_refill_every_hand() -> None:
    """When the turn passes, every hand holds six tiles again (spec R7)."""
    before, action, after = next(
        (b, a, s) for b, a, s in steps() if s.active != b.active and not s.is_over
    )
    short = attrs.evolve(after, hands=((1, 0, 0, 0), *after.hands[1:]))
    assert any(p.startswith("R7:") for p in step_problems(before, action, short))


def test_a_state_that_does_not_read_back_is_found() -> None:
    """A state whose text and JSON do not read back is reported (spec R4)."""
    state = steps()[10][2]
    assert round_trip_problems(state) == []
    broken = round_trip_problems(attrs.evolve(state, bag=state.bag + "r"))
    assert len(broken) == 2 and all("does not read back" in p for p in broken)
