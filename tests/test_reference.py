"""Differential test: random games where the fast engine must agree with the reference.

At every state of every game, ``legal_actions`` must equal the reference's set; the chosen
action and a sample of other legal ones must give equal states under ``apply``; a sample of
illegal actions of every kind must be refused by both. Play is biased towards unifications,
revolts, monuments and kingdoms so that every rule family is exercised.

Crowded positions reach the rarer paths (three-kingdom cells, monuments completed by the
unification tile after its wars, declined squares completed again): a position from a random
game gets extra tiles, leaders and declined squares, keeping the invariants of real play, and
the engines are compared on its most eventful actions and on every decision that follows.

``TIGEUPH_REF_GAMES=<n>`` plays *n* games instead of the default few (seeds 0 to n-1, player
counts cycling 2, 3, 4); ``TIGEUPH_REF_CROWDED=<n>`` sets the number of crowded positions.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import attrs
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from reference import Game, ref_apply, ref_legal_actions
from reference.geometry import ALL_CELLS, RC, neighbours, square, squares_containing, to_rc

import tigeuph
from tigeuph import (
    CELLS,
    COLOURS,
    Action,
    BuildMonument,
    ChooseWar,
    Colour,
    CommitSupport,
    DeclineMonument,
    EndTurn,
    ExchangeTiles,
    GameState,
    IllegalActionError,
    Monument,
    MonumentChoice,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
    War,
    WithdrawLeader,
)

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


# --- reporting -----------------------------------------------------------------------------------


def describe(state: GameState) -> str:
    """The fields of *state* that matter for debugging, one per line."""
    board = tigeuph.names
    lines = [
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
        f"hands={state.hands} points={state.points} taken={state.treasures_taken}",
        f"catastrophe_tiles={state.catastrophe_tiles} removed={state.removed}",
        f"discarded={state.discarded} bag={len(state.bag)}",
    ]
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


def choose(state: GameState, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, biased half of the time towards conflicts and monuments."""
    if state.pending is not None:
        if isinstance(state.pending, MonumentChoice) and rng.random() < 0.8:
            builds = [a for a in legal if isinstance(a, BuildMonument)]
            if builds:
                return rng.choice(builds)
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
    while kinds:
        weights = [w for w, _ in kinds]
        index = rng.choices(range(len(kinds)), weights)[0]
        found = kinds.pop(index)[1]()
        if found:
            return rng.choice(found)
    return rng.choice(legal)


def random_action(rng: random.Random) -> Action:
    """Any well-formed action, mostly illegal in a given state."""
    colour = rng.choice(COLOURS)
    c = rng.choice(CELLS)
    kind = rng.randrange(11)
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
    return TakeTreasure(c)


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


def play(seed: int, players: int, stats: Counter[str]) -> None:
    """Play one biased random game, comparing the engines at every state."""
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed)
    history: list[Action] = []
    for step in range(MAX_STEPS):
        context = where(seed, players, step, history)
        engine_legal = compare_legal(state, context)
        if state.pending is not None:
            stats[type(state.pending).__name__] += 1
        for _ in range(ILLEGAL_TRIES):
            candidate = random_action(rng)
            if candidate not in engine_legal:
                compare_illegal(state, candidate, context)
        if state.ended is not None:
            stats["games"] += 1
            stats[f"ended-{state.ended.value}"] += 1
            return
        legal = sorted(engine_legal, key=str)
        for other in rng.sample(legal, min(OTHER_APPLIES, len(legal))):
            compare_apply(state, other, context)
        action = choose(state, legal, rng)
        stats[type(action).__name__] += 1
        state = compare_apply(state, action, context)
        history.append(action)
    raise AssertionError(f"game seed={seed} did not end in {MAX_STEPS} steps")


@pytest.mark.parametrize(("seed", "players"), GAME_CASES)
def test_random_game_agrees_with_reference(seed: int, players: int) -> None:
    """The engine and the reference agree at every state of a random game (R0-R27)."""
    play(seed, players, Counter())


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


def crowd(state: GameState, rng: random.Random) -> GameState:
    """*state* with extra tiles, leaders from supply and declined squares, still consistent."""
    game = Game.unpack(state)
    focus = rng.choice([Colour.RED, Colour.GREEN, Colour.BLACK])
    empty = [rc for rc in ALL_CELLS if game.is_empty(rc)]
    for rc in rng.sample(empty, min(len(empty), rng.randrange(10, 45))):
        land = rng.choice([focus, focus, focus, Colour.RED, Colour.GREEN, Colour.BLACK])
        game.tiles[rc] = Colour.BLUE if rc in game.river else land
        if not consistent(game):
            del game.tiles[rc]
    for _ in range(rng.randrange(4)):
        game.declined.add(rng.choice(sorted(game.tiles)))
    for row in game.leaders:
        for colour in COLOURS:
            if row[colour] is None and rng.random() < 0.4:
                free = [rc for rc in ALL_CELLS if game.is_empty(rc) and game.touches_temple(rc)]
                if free:
                    row[colour] = rng.choice(free)
                    if not consistent(game):
                        row[colour] = None
    return game.pack()


def eventful(state: GameState, legal: set[Action], rng: random.Random) -> list[Action]:
    """Up to CROWDED_APPLIES legal actions, unifications, squares and revolts first."""
    game = Game.unpack(state)
    ordered = sorted(legal, key=str)
    rng.shuffle(ordered)

    def rank(action: Action) -> int:
        if isinstance(action, PlaceTile):
            kingdoms = _kingdom_ids(game, to_rc(action.cell))
            return 0 if kingdoms == 2 or _completes_square(game, action) else 2
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
        results = [compare_apply(state, action, here) for action in legal]
        if isinstance(state.pending, War) and any(
            isinstance(r.pending, MonumentChoice) for r in results
        ):
            stats["monument after war"] += 1
        state = rng.choice(results)
    raise AssertionError(f"decisions did not settle at {context}")


@pytest.mark.parametrize("seed", range(CROWDED))
def test_crowded_position_agrees_with_reference(seed: int) -> None:
    """The engines agree on the eventful actions of a crowded position and what follows."""
    rng = random.Random(seed)
    players = PLAYERS[seed % len(PLAYERS)]
    state = tigeuph.new_game(players, seed=seed)
    for _ in range(rng.randrange(20, 150)):
        options = sorted(tigeuph.legal_actions(state), key=str)
        following = tigeuph.apply(state, choose(state, options, rng))
        if following.ended is not None:
            break
        state = following
    while state.pending is not None:
        state = tigeuph.apply(state, sorted(tigeuph.legal_actions(state), key=str)[0])
    crowded = crowd(state, rng)
    context = f"crowded position seed={seed} players={players}"
    legal = compare_legal(crowded, context)
    for action in eventful(crowded, legal, rng):
        after = compare_apply(crowded, action, context)
        settle(after, rng, f"{context} after {action}", CROWDED_STATS)
