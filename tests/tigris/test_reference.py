"""Differential test: random games where the fast engine must agree with the reference.

At every state of every game, ``legal_actions`` must equal the reference's set; the chosen
action and a sample of other legal ones must give equal states under ``apply``; a sample of
illegal actions of every kind must be refused by both. Play is biased towards unifications,
revolts, monuments and kingdoms so that every rule family is exercised.

Crowded positions reach the rarer paths (three-kingdom cells, monuments completed by the
unification tile after its wars, declined squares completed again): a position from a random
game gets extra tiles, leaders and declined squares, keeping the invariants of real play, and
the engines are compared on its most eventful actions and on every decision that follows.

Variant games and crowded positions run under every combination of the rule switches that
change play (English reinforcement R28, civilisation buildings R30, the wonder R31), on the
printed, the advanced and a custom board; their play is also biased towards runs of three and
crosses of five, and every answer to their decisions is compared.

``TIGEUPH_REF_GAMES=<n>`` plays *n* games instead of the default few (seeds 0 to n-1, player
counts cycling 2, 3, 4), and as many variant games (at least seven, one per combination, seeds
from 6 on); ``TIGEUPH_REF_CROWDED=<n>`` sets the number of crowded positions, base and variant
each (default 10 and 7).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

import attrs
import pytest
from helpers.reference import Game, ref_apply, ref_legal_actions
from helpers.reference.geometry import (
    ALL_CELLS,
    RC,
    neighbours,
    square,
    squares_containing,
    to_cell,
    to_rc,
)

import tigeuph
from tigeuph import (
    ADVANCED,
    CELLS,
    COLOURS,
    STANDARD,
    Action,
    Board,
    BuildMonument,
    BuildWonder,
    ChooseWar,
    Colour,
    CommitSupport,
    DeclineBuilding,
    DeclineMonument,
    DeclineWonder,
    EndTurn,
    ExchangeTiles,
    GameState,
    IllegalActionError,
    Monument,
    MonumentChoice,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    Rules,
    ScoreWonder,
    TakeTreasure,
    War,
    WithdrawLeader,
    board_from_text,
)
from tigeuph.tigris.model.decisions import (
    BuildingChoice,
    Conflict,
    Revolt,
    WonderChoice,
    WonderPoint,
)
from tigeuph.tigris.model.state import WonderSite

GAMES: Final = int(os.environ.get("TIGEUPH_REF_GAMES", "5"))
PLAYERS: Final = (2, 3, 4)
MAX_STEPS: Final = 3000  # a random game ends long before this; a guard against endless passing
OTHER_APPLIES: Final = 2  # legal actions applied besides the chosen one, per state
ILLEGAL_TRIES: Final = 3  # random actions tried per state (the illegal ones are compared)
EVENTS: Final = ("Revolt", "War", "BuildMonument", "TakeTreasure")

CROWDED: Final = int(os.environ.get("TIGEUPH_REF_CROWDED", "10"))
CROWDED_APPLIES: Final = 30  # actions compared in a crowded position (decisions: all of them)

GAME_CASES: Final = [(seed, PLAYERS[seed % len(PLAYERS)]) for seed in range(GAMES)]
CROWDED_STATS: Counter[str] = Counter()  # decisions met in crowded positions

# --- variants: every combination of the switches that change play (R28, R30, R31) -------------

Switches: TypeAlias = tuple[bool, bool, bool]
"""``(english_reinforcement, buildings, wonder)``."""

COMBOS: Final[tuple[Switches, ...]] = tuple(
    (english, buildings, wonder)
    for english in (False, True)
    for buildings in (False, True)
    for wonder in (False, True)
    if english or buildings or wonder  # all off: the base games above
)
CUSTOM: Final = board_from_text(
    "\n".join(
        [
            "T.....~.....",
            "...T..~...T.",
            "......~.....",
            "~~~~~~~~~~~~",  # the river crosses itself on G4: room for a blue wonder
            "......~...T.",
            ".S....~.....",
            "......~...S.",
            "...T..~.....",
        ]
    ),
    name="reference-cross",
)
BOARDS: Final[tuple[Board, ...]] = (STANDARD, STANDARD, ADVANCED, CUSTOM)
VARIANT_GAMES: Final = max(GAMES, len(COMBOS))
VARIANT_LEGAL_EVERY: Final = 4  # between actions, legal sets compared every 4th state
VARIANT_CROWDED: Final = int(os.environ.get("TIGEUPH_REF_CROWDED", str(len(COMBOS))))

Case: TypeAlias = tuple[int, int, Switches, str]
"""A variant game or crowded position: seed, players, switches and board name."""


def variant_case(seed: int) -> Case:
    """The players, switches and board of variant game *seed*: every combination in turn."""
    board = BOARDS[seed % len(BOARDS)]
    return seed, PLAYERS[seed % len(PLAYERS)], COMBOS[seed % len(COMBOS)], board.name


def case_rules(case: Case) -> Rules:
    """The rules of *case*; odd seeds also turn on open scoring, which changes no play (R32)."""
    seed, _, (english, buildings, wonder), board_name = case
    board = next(b for b in BOARDS if b.name == board_name)
    return Rules(
        board=board,
        english_reinforcement=english,
        buildings=buildings,
        wonder=wonder,
        open_scoring=seed % 2 == 1,
    )


def case_id(case: Case) -> str:
    seed, players, _, board = case
    return f"{seed}-{players}-{'+'.join(case_rules(case).switches)}-{board}"


VARIANT_FIRST: Final = 6  # the default seven games (6-12) reach every decision of NEW_DECISIONS
VARIANT_CASES: Final = [variant_case(VARIANT_FIRST + i) for i in range(VARIANT_GAMES)]
VARIANT_CROWDED_CASES: Final = [variant_case(seed) for seed in range(VARIANT_CROWDED)]

NEW_DECISIONS: Final = (
    "compared PlaceBuilding",
    "compared PlaceBuilding moving it",
    "compared DeclineBuilding",
    "compared BuildWonder",
    "compared DeclineWonder",
    "compared ScoreWonder",
    "compared english attacker +0",
    "compared english attacker +n",
    "compared english defender +0",
    "compared english defender +n",
    "refused english support",
    "refused catastrophe on a building",
    "doubled tile point",
)
"""What the default variant games must compare at least once: each answer to each new
decision (a building placed, moved and declined; the wonder built and declined; its point),
both English support answers of each side, a refused support count, a refused catastrophe on a
building and a tile point doubled by a building."""


# --- reporting -----------------------------------------------------------------------------------


def describe(state: GameState) -> str:
    """The fields of *state* that matter for debugging, one per line, then its notation."""
    board = tigeuph.names
    lines = [
        f"rules: {state.rules.switches} board={state.rules.board.name}",
        f"active={state.active} actions_left={state.actions_left} pending={state.pending!r}",
        f"ended={state.ended} unification={state.unification}",
        *(f"tiles[{c.name}]={board(state.tiles[c])}" for c in COLOURS),
        f"flipped={board(state.flipped)} catastrophes={board(state.catastrophes)}",
        f"treasures={board(state.treasures)} declined={board(state.declined)}",
        "leaders="
        + repr(
            [[None if c is None else tigeuph.cell_name(c) for c in row] for row in state.leaders]
        ),
        f"monuments={state.monuments}",
        "buildings="
        + repr([None if c is None else tigeuph.cell_name(c) for c in state.buildings])
        + f" wonder={state.wonder} declined_crosses={board(state.declined_crosses)}",
        f"hands={state.hands} points={state.points} taken={state.treasures_taken}",
        f"catastrophe_tiles={state.catastrophe_tiles} removed={state.removed}",
        f"discarded={state.discarded} bag={len(state.bag)}",
    ]
    try:
        lines.append("--- position:\n" + tigeuph.to_text(state))
    except Exception as err:  # a crowded position may break what the notation checks
        lines.append(f"(no position notation: {err})")
    return "\n".join(lines)


def state_diff(engine: GameState, reference: GameState) -> str:
    """The fields on which two states differ."""
    out = []
    for f in attrs.fields(GameState):
        if f.name.startswith("_"):
            continue
        mine, theirs = getattr(engine, f.name), getattr(reference, f.name)
        if mine != theirs:
            if isinstance(mine, int) and isinstance(theirs, int) and f.name != "active":
                mine, theirs = tigeuph.names(mine), tigeuph.names(theirs)
            out.append(f"  {f.name}: engine={mine!r} reference={theirs!r}")
    return "\n".join(out)


def where(seed: int, players: int, step: int, history: list[Action]) -> str:
    moves = " ".join(str(a) for a in history[-12:])
    return f"seed={seed} players={players} step={step} (last actions: {moves})"


# --- biased random play -----------------------------------------------------------------------


def _kingdom_ids(game: Game, rc: RC) -> int:
    return len(game.adjacent_kingdoms(rc))


def _completes_square(game: Game, action: PlaceTile) -> bool:
    rc = to_rc(action.cell)
    for corner in squares_containing(rc):
        cells = [x for x in square(corner) if x != rc]
        if all(game.tiles.get(x) == action.colour for x in cells):
            return True
    return False


def _revolt_move(game: Game, action: PlaceLeader) -> bool:
    lifted = (game.active, action.colour)
    for kingdom in game.adjacent_kingdoms(to_rc(action.cell), lifted):
        for player in range(game.players):
            if player != game.active and game.has_leader(kingdom, action.colour, player):
                return True
    return False


def _next_to_same_colour(game: Game, action: PlaceTile) -> bool:
    return any(game.tiles.get(n) == action.colour for n in neighbours(to_rc(action.cell)))


def _run_after(game: Game, action: PlaceTile) -> int:
    """The longest straight run of the tile's colour through it, once placed (R30)."""
    rc = to_rc(action.cell)
    best = 1
    for dr, dc in ((0, 1), (1, 0)):
        length = 1
        for sign in (1, -1):
            r, c = rc
            while game.tiles.get((r := r + sign * dr, c := c + sign * dc)) == action.colour:
                length += 1
        best = max(best, length)
    return best


def _cross_after(game: Game, action: PlaceTile) -> int:
    """The most tiles of the tile's colour, once placed, in a cross of five through it whose
    other cells are empty and of the right ground (R31); 0 when there is none."""
    rc = to_rc(action.cell)
    best = 0
    for centre in (rc, *neighbours(rc)):
        five = [centre, *neighbours(centre)]
        if len(five) < 5 or any(x not in game.board for x in five):
            continue
        count = 0
        for x in five:
            if x == rc or game.tiles.get(x) == action.colour:
                count += 1
            elif not game.is_empty(x) or (x in game.river) != (action.colour == Colour.BLUE):
                count = -1
                break
        best = max(best, count)
    return best


def _outruns_building(game: Game, action: PlaceTile) -> bool:
    """Whether the tile makes a run of three or more longer than any through its colour's
    building on the board, which may then move (R30)."""
    building = game.buildings[action.colour]
    return building is not None and _run_after(game, action) > max(2, game.longest_run(building))


def _king_to_wonder(game: Game, action: PlaceLeader) -> bool:
    """Whether a king goes beside the wonder's region, to score its point (R31)."""
    if action.colour != Colour.BLACK or game.wonder is None:
        return False
    region = game.region(to_rc(game.wonder.centre))
    return any(n in region for n in neighbours(to_rc(action.cell)))


def choose(state: GameState, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, biased half of the time towards conflicts and monuments, and
    under the variants towards runs of three and crosses of five."""
    if state.pending is not None:
        if isinstance(state.pending, MonumentChoice) and rng.random() < 0.8:
            builds = [a for a in legal if isinstance(a, BuildMonument)]
            if builds:
                return rng.choice(builds)
        if isinstance(state.pending, BuildingChoice | WonderChoice) and rng.random() < 0.6:
            places = [a for a in legal if isinstance(a, PlaceBuilding | BuildWonder)]
            return rng.choice(places)
        return rng.choice(legal)
    if rng.random() < 0.5:
        return rng.choice(legal)
    game = Game.unpack(state)
    tiles = [a for a in legal if isinstance(a, PlaceTile)]
    leaders = [a for a in legal if isinstance(a, PlaceLeader)]
    kinds: list[tuple[float, Callable[[], Sequence[Action]]]] = [
        (4.0, lambda: [a for a in tiles if _kingdom_ids(game, to_rc(a.cell)) == 2]),
        (3.0, lambda: [a for a in leaders if _revolt_move(game, a)]),
        (4.0, lambda: [a for a in tiles if _completes_square(game, a)]),
        (2.0, lambda: [a for a in tiles if _next_to_same_colour(game, a)]),
        (3.0, lambda: [a for a in tiles if _kingdom_ids(game, to_rc(a.cell)) == 1]),
        (2.0, lambda: [a for a in leaders if _kingdom_ids(game, to_rc(a.cell)) == 1]),
        (1.0, lambda: leaders),
    ]
    if state.rules.buildings:
        kinds.append((4.0, lambda: [a for a in tiles if _run_after(game, a) >= 3]))
        kinds.append((3.0, lambda: [a for a in tiles if _outruns_building(game, a)]))
    if state.wonder is not None:
        kinds.append((3.0, lambda: [a for a in leaders if _king_to_wonder(game, a)]))
    if state.rules.wonder and state.wonder is None:
        crosses: dict[PlaceTile, int] = {}

        def cross(a: PlaceTile) -> int:
            if a not in crosses:
                crosses[a] = _cross_after(game, a)
            return crosses[a]

        kinds.append((6.0, lambda: [a for a in tiles if cross(a) == 5]))
        kinds.append((5.0, lambda: [a for a in tiles if cross(a) >= 3]))
    while kinds:
        weights = [w for w, _ in kinds]
        index = rng.choices(range(len(kinds)), weights)[0]
        found = kinds.pop(index)[1]()
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def random_action(rng: random.Random, variants: bool = False) -> Action:
    """Any well-formed action, mostly illegal in a given state; with *variants*, also the
    answers to the variants' decisions."""
    colour = rng.choice(COLOURS)
    c = rng.choice(CELLS)
    kind = rng.randrange(16 if variants else 11)
    if kind == 0:
        return PlaceTile(colour, c)
    if kind == 1:
        return PlaceLeader(colour, c)
    if kind == 2:
        return WithdrawLeader(colour)
    if kind == 3:
        return PlaceCatastrophe(c)
    if kind == 4:
        counts = [0, 0, 0, 0]
        for _ in range(rng.randint(1, 6)):
            counts[rng.randrange(4)] += 1
        return ExchangeTiles((counts[0], counts[1], counts[2], counts[3]))
    if kind == 5:
        return EndTurn()
    if kind == 6:
        return CommitSupport(rng.randrange(9))
    if kind == 7:
        return ChooseWar(colour)
    if kind == 8:
        return BuildMonument(c, rng.choice(list(Monument)))
    if kind == 9:
        return DeclineMonument()
    if kind == 10:
        return TakeTreasure(c)
    if kind == 11:
        return PlaceBuilding(c)
    if kind == 12:
        return DeclineBuilding()
    if kind == 13:
        return BuildWonder(c)
    if kind == 14:
        return DeclineWonder()
    return ScoreWonder(colour)


def pointed(state: GameState) -> list[Action]:
    """Actions aimed at the variants' refusals in *state*: a catastrophe on each building and
    on the wonder (R14), every support count in hand (R28), the building's own tile (R30)."""
    out: list[Action] = []
    pending = state.pending
    if pending is None and state.actions_left > 0 and state.catastrophe_tiles[state.active] > 0:
        out.extend(PlaceCatastrophe(c) for c in state.buildings if c is not None)
        if state.wonder is not None:
            out.append(PlaceCatastrophe(state.wonder.centre))
    elif isinstance(pending, Conflict):
        colour = Colour.RED if isinstance(pending, Revolt) else pending.colour
        out.extend(CommitSupport(n) for n in range(state.hands[pending.player][colour] + 1))
    elif isinstance(pending, BuildingChoice):
        here = state.buildings[pending.colour]
        out.extend(PlaceBuilding(c) for c in (here, pending.placed) if c is not None)
    return out


def record(stats: Counter[str], before: GameState, action: Action, after: GameState) -> None:
    """Count what the comparison of *action* in *before* exercised of the variants."""
    name = type(action).__name__
    pending = before.pending
    if isinstance(pending, BuildingChoice | WonderChoice | WonderPoint):
        stats[f"compared {name}"] += 1
    if isinstance(after.pending, BuildingChoice | WonderChoice | WonderPoint):
        stats[f"{type(after.pending).__name__} after {name}"] += 1
    if isinstance(pending, BuildingChoice | WonderChoice) and isinstance(
        after.pending, MonumentChoice
    ):
        stats["MonumentChoice after a variant decision"] += 1
    if (
        isinstance(action, PlaceBuilding)
        and isinstance(pending, BuildingChoice)
        and before.buildings[pending.colour] is not None
    ):
        stats["compared PlaceBuilding moving it"] += 1
    if isinstance(action, BuildMonument | BuildWonder) and any(
        c is not None and after.buildings[colour] is None
        for colour, c in zip(COLOURS, before.buildings, strict=True)
    ):
        stats[f"building returned to supply by {name}"] += 1
    if isinstance(action, CommitSupport) and isinstance(pending, Conflict):
        if before.rules.english_reinforcement:
            role = "attacker" if pending.attacker_support is None else "defender"
            stats[f"compared english {role} +{'0' if action.count == 0 else 'n'}"] += 1
            stats[f"compared english {type(pending).__name__}"] += 1
        if isinstance(pending, War) and pending.attacker_support is not None:
            _record_war(stats, before, pending, after)
    if isinstance(action, PlaceTile):
        _record_tile(stats, before, action, after)


def _record_war(stats: Counter[str], before: GameState, war: War, after: GameState) -> None:
    """A war with the building of its colour on the losing side, which it must spare."""
    building = before.buildings[war.colour]
    if building is None:
        return
    loser = war.attacker if after.leaders[war.attacker][war.colour] is None else war.defender
    game = Game.unpack(before)
    at = game.leaders[loser][war.colour]
    assert at is not None
    if to_rc(building) in game.region(at, split=True):
        stats["war with the building on the losing side"] += 1


def _record_tile(
    stats: Counter[str], before: GameState, action: PlaceTile, after: GameState
) -> None:
    """A point doubled by the building (also from a joined leaderless region) or not, a cross
    completed (also a declined one)."""
    game = Game.unpack(before)
    rc = to_rc(action.cell)
    kingdoms = game.adjacent_kingdoms(rc)
    building = before.buildings[action.colour]
    done = Game.unpack(after)
    if len(kingdoms) == 1 and game.tile_scorer(kingdoms[0], action.colour) is not None:
        if building is None:
            pass
        elif rc in done.tiles and to_rc(building) in done.region(rc):
            stats["doubled tile point"] += 1
            if to_rc(building) not in kingdoms[0]:
                stats["doubled by a building in a joined region"] += 1
        else:
            stats["single point with the building elsewhere"] += 1
    if before.rules.wonder and rc in done.tiles and after.unification is None:
        for centre in (rc, *neighbours(rc)):
            five = done.cross(centre)
            if five and all(done.tiles.get(x) == action.colour for x in five):
                declined = centre in done.declined_crosses
                stats["declined cross completed again" if declined else "cross completed"] += 1


# --- the comparison ---------------------------------------------------------------------------


def compare_apply(state: GameState, action: Action, context: str) -> GameState:
    """``apply`` and ``ref_apply`` of a legal action agree; the engine's result."""
    expected = ref_apply(state, action)
    got = tigeuph.apply(state, action)
    assert got == expected, (
        f"apply({action}) differs at {context}\n{state_diff(got, expected)}\n"
        f"--- state before:\n{describe(state)}"
    )
    return got


def compare_illegal(state: GameState, action: Action, context: str) -> None:
    """Both engines refuse *action*."""
    with pytest.raises(IllegalActionError):
        ref_apply(state, action)
    try:
        tigeuph.apply(state, action)
    except IllegalActionError:
        return
    raise AssertionError(
        f"engine accepted {action}, illegal for the reference, at {context}\n{describe(state)}"
    )


def compare_legal(state: GameState, context: str) -> set[Action]:
    """``legal_actions`` and ``ref_legal_actions`` agree; the legal actions."""
    engine_legal = set(tigeuph.legal_actions(state))
    reference_legal = ref_legal_actions(state)
    assert engine_legal == reference_legal, (
        f"legal actions differ at {context}\n"
        f"engine only: {sorted(map(str, engine_legal - reference_legal))}\n"
        f"reference only: {sorted(map(str, reference_legal - engine_legal))}\n"
        f"{describe(state)}"
    )
    return engine_legal


def play(seed: int, players: int, stats: Counter[str], rules: Rules | None = None) -> None:
    """Play one biased random game, comparing the engines at every state.

    Under variant *rules* the legal sets are compared at every decision and every
    ``VARIANT_LEGAL_EVERY``-th state between actions (the variants change little there), every
    answer to every decision is applied by both, and the variants' refusals are aimed at.
    """
    rng = random.Random(seed)
    variants = rules is not None
    state = tigeuph.new_game(players, seed=seed, rules=rules or Rules())
    history: list[Action] = []
    for step in range(MAX_STEPS):
        context = where(seed, players, step, history)
        if not variants or state.pending is not None or step % VARIANT_LEGAL_EVERY == 0:
            engine_legal = compare_legal(state, context)
        else:
            engine_legal = set(tigeuph.legal_actions(state))
        if state.pending is not None:
            stats[type(state.pending).__name__] += 1
        for _ in range(ILLEGAL_TRIES):
            candidate = random_action(rng, variants)
            if candidate not in engine_legal:
                compare_illegal(state, candidate, context)
        if variants and state.ended is None:
            for candidate in pointed(state):
                if candidate not in engine_legal:
                    compare_illegal(state, candidate, context)
                    if isinstance(candidate, CommitSupport) and state.rules.english_reinforcement:
                        stats["refused english support"] += 1
                    if isinstance(candidate, PlaceCatastrophe):
                        stats["refused catastrophe on a building"] += 1
        if state.ended is not None:
            stats["games"] += 1
            stats[f"ended-{state.ended.value}"] += 1
            return
        legal = sorted(engine_legal, key=str)
        if variants and state.pending is not None:
            others = legal  # every answer to a decision
        else:
            others = rng.sample(legal, min(OTHER_APPLIES, len(legal)))
        results = {}
        for other in others:
            results[other] = compare_apply(state, other, context)
            if variants:
                record(stats, state, other, results[other])
        action = choose(state, legal, rng)
        stats[type(action).__name__] += 1
        following = results.get(action)
        if following is None:
            following = compare_apply(state, action, context)
            if variants:
                record(stats, state, action, following)
        state = following
        history.append(action)
    raise AssertionError(f"game seed={seed} did not end in {MAX_STEPS} steps")


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "players"), GAME_CASES)
def test_random_game_agrees_with_reference(seed: int, players: int) -> None:
    """The engine and the reference agree at every state of a random game (R0-R27)."""
    play(seed, players, Counter())


_VARIANT_STATS: dict[Case, Counter[str]] = {}


def variant_game(case: Case) -> Counter[str]:
    """Play the variant game *case* comparing the engines (once per session); what it met."""
    if case not in _VARIANT_STATS:
        stats: Counter[str] = Counter()
        seed, players, _, _ = case
        play(seed, players, stats, case_rules(case))
        _VARIANT_STATS[case] = stats
    return _VARIANT_STATS[case]


@pytest.mark.slow
@pytest.mark.parametrize("case", VARIANT_CASES, ids=case_id)
def test_random_variant_game_agrees_with_reference(case: Case) -> None:
    """Under every combination of the variant switches, on the printed, advanced and a custom
    board, the engine and the reference agree at every compared state of a random game, on
    every answer to every decision (spec R2, R6, R7, R14, R20, R28, R29, R30, R31, R32)."""
    variant_game(case)


@pytest.mark.slow
def test_variant_games_compare_every_new_decision() -> None:
    """The default variant games compare both answers to the building and wonder decisions,
    the wonder point, both English support answers of each side, a refused support count, a
    refused catastrophe on a building and a doubled tile point (spec R28, R30, R31, D1)."""
    stats: Counter[str] = Counter()
    for case in VARIANT_CASES:
        stats.update(variant_game(case))
    missing = [event for event in NEW_DECISIONS if stats[event] == 0]
    assert not missing, f"never compared: {missing}; seen: {dict(stats)}"


@pytest.mark.slow
def test_biased_games_reach_every_rule_family() -> None:
    """The biased random play the comparisons use reaches revolts, wars, monuments and
    treasure takes (played here with the engine alone, so the test stands on its own)."""
    stats: Counter[str] = Counter()
    for seed, players in GAME_CASES:
        rng = random.Random(seed)
        state = tigeuph.new_game(players, seed=seed)
        while not state.is_over:
            if state.pending is not None:
                stats[type(state.pending).__name__] += 1
            action = choose(state, sorted(tigeuph.legal_actions(state), key=str), rng)
            stats[type(action).__name__] += 1
            state = tigeuph.apply(state, action)
    missing = [event for event in EVENTS if stats[event] == 0]
    assert not missing, f"never reached: {missing}; seen: {dict(stats)}"


# --- crowded positions ------------------------------------------------------------------------


def consistent(game: Game) -> bool:
    """Whether *game* keeps the invariants of real play that crowding could break.

    Leaders stand on land beside a face-up temple, and no region holds two leaders of one
    colour (revolts and wars always settle that).
    """
    by_cell = game.leader_cells()
    if any(rc in game.river or not game.touches_temple(rc) for rc in by_cell):
        return False
    seen: set[tuple[frozenset[RC], int]] = set()
    for rc, (_, colour) in by_cell.items():
        key = (game.region(rc), colour)
        if key in seen:
            return False
        seen.add(key)
    return True


def _free_cross(game: Game, rng: random.Random) -> list[RC]:
    """The five cells of a random cross of empty land cells, or ``[]``."""
    centres = [
        rc
        for rc in sorted(game.board)
        if len(neighbours(rc)) == 4
        and all(
            x in game.board and x not in game.river and game.is_empty(x)
            for x in (rc, *neighbours(rc))
        )
    ]
    if not centres:
        return []
    centre = rng.choice(centres)
    return [centre, *neighbours(centre)]


def crowd_variants(game: Game, rng: random.Random) -> None:
    """Under the variants: near-complete crosses, a wonder, buildings, declined crosses."""
    rules = game.state.rules
    if rules.wonder:
        for _ in range(rng.randrange(1, 4)):  # four tiles of a cross, one cell left empty
            five = _free_cross(game, rng)
            if five:
                colour = rng.choice([Colour.RED, Colour.GREEN, Colour.BLACK])
                for rc in rng.sample(five, 4):
                    game.tiles[rc] = colour
                    if not consistent(game):
                        del game.tiles[rc]
                if rng.random() < 0.3:  # declined before: never offered again
                    game.declined_crosses.add(five[0])
        if rng.random() < 0.4:
            five = _free_cross(game, rng)
            if five:
                game.flipped |= set(five)
                colour = rng.choice([Colour.RED, Colour.GREEN, Colour.BLACK])
                game.wonder = WonderSite(centre=to_cell(five[0]), colour=colour)
                if not consistent(game):
                    game.flipped -= set(five)
                    game.wonder = None
        for _ in range(rng.randrange(3)):
            game.declined_crosses.add(rng.choice(sorted(game.tiles)))
    if rules.buildings:  # on a run of three, where play puts them
        for colour in COLOURS:
            runs = sorted(
                rc for rc, c in game.tiles.items() if c == colour and game.longest_run(rc) >= 3
            )
            if runs and rng.random() < 0.7:
                game.buildings[colour] = rng.choice(runs)


def crowd(state: GameState, rng: random.Random) -> GameState:
    """*state* with extra tiles, leaders from supply and declined squares, still consistent;
    under the variants also crosses, the wonder, buildings and declined crosses."""
    game = Game.unpack(state)
    focus = rng.choice([Colour.RED, Colour.GREEN, Colour.BLACK])
    empty = [rc for rc in ALL_CELLS if game.is_empty(rc) and rc in game.board]
    for rc in rng.sample(empty, min(len(empty), rng.randrange(10, 45))):
        land = rng.choice([focus, focus, focus, Colour.RED, Colour.GREEN, Colour.BLACK])
        game.tiles[rc] = Colour.BLUE if rc in game.river else land
        if not consistent(game):
            del game.tiles[rc]
    crowd_variants(game, rng)
    for _ in range(rng.randrange(4)):
        game.declined.add(rng.choice(sorted(game.tiles)))
    for row in game.leaders:
        for colour in COLOURS:
            if row[colour] is None and rng.random() < 0.4:
                free = [
                    rc
                    for rc in ALL_CELLS
                    if game.is_empty(rc) and game.touches_temple(rc) and rc in game.board
                ]
                if free:
                    row[colour] = rng.choice(free)
                    if not consistent(game):
                        row[colour] = None
    return game.pack()


def eventful(state: GameState, legal: set[Action], rng: random.Random) -> list[Action]:
    """Up to CROWDED_APPLIES legal actions, unifications, squares, crosses, runs and revolts
    first."""
    game = Game.unpack(state)
    ordered = sorted(legal, key=str)
    rng.shuffle(ordered)

    def rank(action: Action) -> int:
        if isinstance(action, PlaceTile):
            kingdoms = _kingdom_ids(game, to_rc(action.cell))
            if kingdoms == 2 or _completes_square(game, action):
                return 0
            if state.rules.wonder and _cross_after(game, action) == 5:
                return 0
            if state.rules.buildings and _run_after(game, action) >= 3:
                return 1
            return 2
        if isinstance(action, PlaceLeader):
            return 1 if _revolt_move(game, action) else 3
        return 4

    return sorted(ordered, key=rank)[:CROWDED_APPLIES]


def settle(state: GameState, rng: random.Random, context: str, stats: Counter[str]) -> None:
    """Compare every answer to every decision from *state* on, following random ones."""
    for depth in range(50):
        if state.pending is None or state.ended is not None:
            return
        stats[type(state.pending).__name__] += 1
        here = f"{context} decision {depth}"
        legal = sorted(compare_legal(state, here), key=str)
        for action in pointed(state):
            if action not in legal:
                compare_illegal(state, action, here)
        results = [compare_apply(state, action, here) for action in legal]
        for action, result in zip(legal, results, strict=True):
            record(stats, state, action, result)
        if isinstance(state.pending, War) and any(
            isinstance(r.pending, MonumentChoice) for r in results
        ):
            stats["monument after war"] += 1
        state = rng.choice(results)
    raise AssertionError(f"decisions did not settle at {context}")


def crowded_run(seed: int, players: int, rules: Rules, stats: Counter[str]) -> None:
    """Crowd a position of a random game and compare its eventful actions and what follows."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed, rules=rules)
    for _ in range(rng.randrange(20, 150)):
        options = sorted(tigeuph.legal_actions(state), key=str)
        following = tigeuph.apply(state, choose(state, options, rng))
        if following.ended is not None:
            break
        state = following
    while state.pending is not None:
        state = tigeuph.apply(state, sorted(tigeuph.legal_actions(state), key=str)[0])
    crowded = crowd(state, rng)
    context = f"crowded position seed={seed} players={players} rules={rules.switches}"
    legal = compare_legal(crowded, context)
    for action in pointed(crowded):
        if action not in legal:
            compare_illegal(crowded, action, context)
    for action in eventful(crowded, legal, rng):
        after = compare_apply(crowded, action, context)
        record(stats, crowded, action, after)
        settle(after, rng, f"{context} after {action}", stats)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(CROWDED))
def test_crowded_position_agrees_with_reference(seed: int) -> None:
    """The engines agree on the eventful actions of a crowded position and what follows."""
    crowded_run(seed, PLAYERS[seed % len(PLAYERS)], Rules(), CROWDED_STATS)


@pytest.mark.slow
@pytest.mark.parametrize("case", VARIANT_CROWDED_CASES, ids=case_id)
def test_crowded_variant_position_agrees_with_reference(case: Case) -> None:
    """Under the variant switches, the engines agree on the eventful actions of a crowded
    position (near-complete crosses, a wonder, buildings, declined crosses) and on every
    answer to every decision that follows (spec R14, R20, R28, R30, R31)."""
    seed, players, _, _ = case
    crowded_run(seed, players, case_rules(case), CROWDED_STATS)
