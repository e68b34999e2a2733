"""The invariants themselves (:mod:`tigeuph.testing.invariants`): each check finds the breakage
it is for, naming its clause, and finds nothing in reachable states."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import attrs
import pytest

import tigeuph
from tigeuph import (
    Colour,
    End,
    GameState,
    Monument,
    MonumentChoice,
    MonumentSite,
    Revolt,
    Rules,
    TreasureChoice,
    War,
    WarChoice,
    WonderSite,
)
from tigeuph.testing.invariants import (
    every_rules,
    round_trip_problems,
    snapshot,
    state_problems,
    step_problems,
    switches,
)
from tigeuph.tigris.model.cells import STRIDE, Cell, cells_of, neighbours
from tigeuph.tigris.model.regions import Analysis


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
    assert names == tigeuph.SWITCHES  # the engine's own list agrees
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
    ("red tiles instead of", lambda s: attrs.evolve(s, bag=s.bag + "r")),
    ("catastrophes on the board", lambda s: attrs.evolve(s, catastrophe_tiles=(1,) * s.players)),
    ("tiles, more than 6", lambda s: attrs.evolve(s, hands=((7, 0, 0, 0), *s.hands[1:]))),
    (
        "blue tile on land",
        lambda s: attrs.evolve(
            s, tiles=(s.tiles[0], s.tiles[1] | 1 << free_land(s)[0], *s.tiles[2:])
        ),
    ),
    (
        "stands on the river",
        lambda s: with_leader(s, 0, Colour.RED, cells_of(s.rules.board.river & ~s.occupied)[0]),
    ),
    (
        "holds more than one piece",
        lambda s: with_leader(
            with_leader(s, 0, Colour.RED, free_land(s)[0]), 1, Colour.RED, free_land(s)[0]
        ),
    ),
    ("under no monument", lambda s: attrs.evolve(s, flipped=1 << free_land(s)[0])),
    (
        "not on a starting temple",
        lambda s: attrs.evolve(s, treasures=s.treasures | 1 << free_land(s)[0]),
    ),
    ("while no war is pending", lambda s: attrs.evolve(s, unification=cells_of(s.tiles[0])[0])),
    ("between actions 0 actions", lambda s: attrs.evolve(s, actions_left=0)),
    ("[R10]", lambda s: with_leader(s, 0, Colour.BLUE, free_land(s)[0])),
]


def found(fragment: str, state: GameState) -> bool:
    """Whether one of the problems :func:`state_problems` finds in *state* says *fragment*."""
    return any(fragment in problem for problem in state_problems(state))


@pytest.mark.parametrize(("fragment", "breaking"), BROKEN_STATES, ids=[c for c, _ in BROKEN_STATES])
def test_state_problems_report_check_state_first(
    fragment: str, breaking: Callable[[GameState], GameState]
) -> None:
    """A state broken on purpose is reported through check_state, each problem marked so, and
    nothing more is checked of a malformed state (spec R1-R26)."""
    state = find(lambda s: s.leader_mask != 0 and bool(s.hands[0][0]))
    assert state_problems(state) == []
    broken = breaking(state)
    problems = state_problems(broken)
    assert problems and all(p.startswith("check_state: ") for p in problems), problems
    assert found(fragment, broken), problems


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
    assert found("[R15]", broken), state_problems(broken)


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


def test_a_state_that_does_not_read_back_is_found() -> None:
    """A state whose text and JSON do not read back is reported (spec R4)."""
    state = steps()[10][2]
    assert round_trip_problems(state) == []
    broken = round_trip_problems(attrs.evolve(state, bag=state.bag + "r"))
    read = [p for p in broken if p.startswith(("to_text/", "state_to_json/"))]
    assert len(read) == 2 and all("does not read back" in p for p in read)
    # The views cannot be sampled back either: they count one tile more than there are.
    assert all("view" in p for p in broken if p not in read) and len(broken) > 2


# --- decisions, ends and treasures (issue 5 audit) ---------------------------------------------


def test_leaders_need_a_temple_at_every_decision() -> None:
    """No decision waits with a leader stranded, even with the wonder built (spec R6, R10):
    the wonder covers the tile just placed, so no monument decision follows it."""
    state = find(lambda s: s.leader_mask != 0)
    stranded = with_leader(state, 0, Colour.BLUE, free_land(state)[0])
    for pending in (
        MonumentChoice(state.active, (cells_of(state.tiles[0])[0],)),
        TreasureChoice(0, cells_of(state.tiles[0])[0]),
    ):
        broken = attrs.evolve(
            stranded, pending=pending, wonder=WonderSite(cells_of(state.tiles[0])[0], Colour.RED)
        )
        assert found("[R10]", broken), state_problems(broken)


def test_only_the_conflicts_leaders_share_a_kingdom() -> None:
    """While a revolt is fought only its two leaders share a kingdom (spec R15); a revolt in
    another colour does not excuse two kings."""
    state = find(lambda s: rival_king_spot(s) is not None)
    spot = rival_king_spot(state)
    assert spot is not None
    seat, c = spot
    doubled = with_leader(state, seat, Colour.BLACK, c)
    kingdom = Analysis(doubled.occupied, doubled.leader_mask).kingdom_at(c)
    other = next(
        s for s, row in enumerate(doubled.leaders) if s != seat and kingdom >> (row[3] or 0) & 1
    )
    fought = attrs.evolve(doubled, pending=Revolt(Colour.BLACK, seat, other), actions_left=1)
    assert not found("[R15]", fought), state_problems(fought)
    wrong = attrs.evolve(fought, pending=Revolt(Colour.RED, seat, other))
    assert found("[R15]", wrong), state_problems(wrong)


def test_a_war_must_be_due() -> None:
    """A war pending is one due across the unification tile, between the owners of its two
    leaders (spec R17, R18, R21)."""
    state = next(s for s, _, _ in steps() if isinstance(s.pending, War))
    war = state.pending
    assert isinstance(war, War) and state_problems(state) == []
    other = next(c for c in Colour if c is not war.colour)
    wrong = attrs.evolve(state, pending=attrs.evolve(war, colour=other))
    assert found("war", wrong), state_problems(wrong)  # not due, or its leaders not there
    choice = attrs.evolve(state, pending=WarChoice(state.active, (war.colour, other)))
    assert found("[R17, R21]", choice), state_problems(choice)


def test_an_end_must_be_one_the_rules_give() -> None:
    """A game ends with one or two treasures left and every hand full, or with the bag empty
    and a hand short (spec R26)."""
    state = find(lambda s: True)
    assert found("[R26]", attrs.evolve(state, ended=End.TREASURES))
    assert found("[R26]", attrs.evolve(state, ended=End.BAG))


def test_monuments_lie_on_their_colours_terrain() -> None:
    """A monument's square and the wonder's cross lie on land, or all on the river for blue
    (spec R11, R22, R31)."""
    state = find(lambda s: True)
    river = cells_of(state.rules.board.river & ~state.occupied & ~state.catastrophes)
    corner = next(c for c in river if all(c + d in river for d in (1, STRIDE, STRIDE + 1)))
    square = sum(1 << (corner + d) for d in (0, 1, STRIDE, STRIDE + 1))
    red = attrs.evolve(
        state,
        flipped=square,
        monuments=(MonumentSite(Monument.RK, corner, Colour.RED),),
        bag=state.bag.replace("r", "", 4),
    )
    assert found("[R11, R22, R31]", red), state_problems(red)
    blue = attrs.evolve(
        red,
        monuments=(MonumentSite(Monument.BG, corner, Colour.BLUE),),
        bag=state.bag.replace("b", "", 4),
    )
    assert not found("R11", blue) and not found("R22", blue), state_problems(blue)


def scenario_state(name: str, plays: int) -> GameState:
    """The state a variant scenario reaches after its first *plays* actions."""
    from helpers import scenario

    case = scenario.read(scenario.SCENARIOS / "variants" / f"{name}.txt")
    state = tigeuph.from_text(case.position)
    for text in case.play[:plays]:
        state = tigeuph.apply(state, tigeuph.parse_action(text))
    return state


def test_a_building_is_offered_only_runs_of_three_longer_than_its_own() -> None:
    """A building decision offers runs of three or more, longer than the building's own run
    through its tile, both at once: a run of two beating a run cut to one is no offer (R30)."""
    name = "building-not-moved-to-a-run-of-two-after-a-catastrophe"
    before = scenario_state(name, 4)  # the palace on B5, alone since xC5; black F5 on the board
    after = tigeuph.apply(before, tigeuph.parse_action("kG5"))
    assert after.pending is None and state_problems(after) == []
    g5 = tigeuph.parse_cell("G5")
    cut_to_two = attrs.evolve(
        after,
        pending=tigeuph.BuildingChoice(0, Colour.BLACK, (tigeuph.parse_cell("F5"), g5), g5),
        actions_left=1,
    )
    assert any(p.startswith("R30:") for p in clauses(cut_to_two)), clauses(cut_to_two)


def test_a_building_offer_of_a_run_of_three_is_sound() -> None:
    """The run of three that beats a building's cut run is offered whole (R30)."""
    state = scenario_state("building-not-moved-to-a-run-of-two-after-a-monument", 5)
    assert isinstance(state.pending, tigeuph.BuildingChoice)
    assert state_problems(state) == []
    short = attrs.evolve(state, pending=attrs.evolve(state.pending, cells=state.pending.cells[:2]))
    assert any(p.startswith("R30:") for p in clauses(short)), clauses(short)
