"""Action ids for learning: a bijection onto ``range(ACTION_COUNT)`` laid out as the table in
``tigeuph.tigris.learning.encoding`` says, and legal masks that agree with ``legal_actions`` (issue
6)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Sequence
from functools import cache

import pytest
from attrs import evolve
from helpers.games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph import (
    ACTION_COUNT,
    CELLS,
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
    Monument,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    ScoreWonder,
    TakeTreasure,
    WithdrawLeader,
    action_to_id,
    id_to_action,
    legal_actions,
    legal_mask,
    parse_action,
)


@cache
def states(players: int, seed: int, variants: bool = False) -> tuple[GameState, ...]:
    """Every state but the last of one random game; with *variants*, every variant on, tiles
    placed beside their colour more often so that the variants' decisions come up."""
    if not variants:
        return tuple(before for before, _, _ in random_game(players, seed))
    rules = every_switch(players)
    return tuple(
        before for before, _, _ in random_game(players, seed, rules, prefer_tiles=TILES_FIRST)
    )


def test_ids_and_actions_are_a_bijection() -> None:
    """Every id names one action and that action's id is the id again."""
    actions = [id_to_action(i) for i in range(ACTION_COUNT)]
    assert ACTION_COUNT == 3400
    assert len(set(actions)) == ACTION_COUNT
    assert [action_to_id(a) for a in actions] == list(range(ACTION_COUNT))
    # Ids survive the notation: an action read back from text has the same id.
    assert all(action_to_id(parse_action(str(a))) == i for i, a in enumerate(actions))


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (PlaceTile(Colour.RED, CELLS[0]), 0),
        (PlaceTile(Colour.BLACK, CELLS[175]), 703),
        (PlaceLeader(Colour.RED, CELLS[0]), 704),
        (PlaceLeader(Colour.BLACK, CELLS[175]), 1407),
        (WithdrawLeader(Colour.RED), 1408),
        (PlaceCatastrophe(CELLS[0]), 1412),
        (ExchangeTiles((0, 0, 0, 1)), 1588),
        (ExchangeTiles((6, 0, 0, 0)), 1796),
        (EndTurn(), 1797),
        (CommitSupport(0), 1798),
        (CommitSupport(6), 1804),
        (ChooseWar(Colour.RED), 1805),
        (BuildMonument(CELLS[0], Monument.RB), 1809),
        (BuildMonument(CELLS[175], Monument.GK), 2864),
        (DeclineMonument(), 2865),
        (TakeTreasure(CELLS[0]), 2866),
        (TakeTreasure(CELLS[175]), 3041),
        (PlaceBuilding(CELLS[0]), 3042),
        (PlaceBuilding(CELLS[175]), 3217),
        (DeclineBuilding(), 3218),
        (BuildWonder(CELLS[0]), 3219),
        (BuildWonder(CELLS[175]), 3394),
        (DeclineWonder(), 3395),
        (ScoreWonder(Colour.RED), 3396),
        (ScoreWonder(Colour.BLACK), 3399),
    ],
)
def test_ids_follow_the_documented_table(action: tigeuph.Action, expected: int) -> None:
    """The first and last id of each kind are where the module's table puts them."""
    assert action_to_id(action) == expected
    assert id_to_action(expected) == action


def test_exchanges_cover_every_count_vector() -> None:
    """Ids 1588-1796 are the 209 exchanges of 1 to 6 tiles, in increasing (r, b, g, k) order."""
    counts = [id_to_action(i) for i in range(1588, 1797)]
    assert all(isinstance(a, ExchangeTiles) for a in counts)
    vectors = [a.counts for a in counts if isinstance(a, ExchangeTiles)]
    assert vectors == sorted(vectors) and len(set(vectors)) == 209
    assert all(1 <= sum(v) <= 6 for v in vectors)


def test_actions_without_an_id_are_refused() -> None:
    """Support beyond six tiles has no id, and ids outside the range name no action."""
    with pytest.raises(ValueError, match="no action id"):
        action_to_id(CommitSupport(7))
    for bad in (-1, ACTION_COUNT):
        with pytest.raises(ValueError, match="not an action id"):
            id_to_action(bad)


def test_the_variants_ids_come_after_the_base_games() -> None:
    """The base game's 3042 ids are as they were before the variants; the variants' actions
    fill the ids from 3042 on, by kind, cells in CELLS order (spec R30, R31)."""
    kinds = [type(id_to_action(i)) for i in range(ACTION_COUNT)]
    variants = {PlaceBuilding, DeclineBuilding, BuildWonder, DeclineWonder, ScoreWonder}
    assert not variants & set(kinds[:3042])
    assert set(kinds[3042:]) == variants
    assert [id_to_action(3042 + i) for i in range(176)] == [PlaceBuilding(c) for c in CELLS]
    assert [id_to_action(3219 + i) for i in range(176)] == [BuildWonder(c) for c in CELLS]
    assert [id_to_action(3396 + c) for c in range(4)] == [ScoreWonder(c) for c in Colour]


@pytest.mark.parametrize(
    ("players", "seed", "variants"),
    [(2, 0, False), (3, 1, False), (4, 2, False), (2, 17, True), (3, 19, True), (4, 16, True)],
)
def test_masks_agree_with_legal_actions(players: int, seed: int, variants: bool) -> None:
    """At every step of a random game the mask marks exactly the legal actions, for the state
    and for the view of the player to move; other players' views mark nothing. With every
    variant on, the variants' decisions are among them (spec R28-R31)."""
    marked = set()
    for state in states(players, seed, variants):
        legal = {action_to_id(a) for a in legal_actions(state)}
        mask = legal_mask(state)
        assert len(mask) == ACTION_COUNT
        assert {i for i, bit in enumerate(mask) if bit} == legal
        assert set(mask) <= {0, 1}
        mover = state.to_move
        assert mover is not None
        assert legal_mask(tigeuph.view(state, mover)) == mask
        other = (mover + 1) % players
        assert not any(legal_mask(tigeuph.view(state, other)))
        marked |= {type(id_to_action(i)) for i in legal}
    if variants:
        assert {PlaceBuilding, DeclineBuilding, BuildWonder, DeclineWonder, ScoreWonder} <= marked


def _plain_mask(actions: Sequence[tigeuph.Action]) -> bytes:
    """The mask built the plain way: one id at a time."""
    out = bytearray(ACTION_COUNT)
    for action in actions:
        out[action_to_id(action)] = 1
    return bytes(out)


def test_masks_are_the_same_however_often_asked() -> None:
    """Asked again for the same states, and for states of other games in between (the ids of
    the shared action tables and tuples are remembered), the masks stay those built one id at
    a time."""
    positions = [s for seed in (3, 4) for s in states(2, seed)] + list(states(4, 16, True))
    first = [legal_mask(s) for s in positions]
    assert first == [_plain_mask(legal_actions(s)) for s in positions]
    assert [legal_mask(s) for s in reversed(positions)] == first[::-1]


def test_equal_actions_that_are_not_the_shared_ones_are_marked() -> None:
    """A view whose legal actions were copied (equal values, not the engine's shared ones, as
    after unpickling) gives the same mask."""
    for state in states(3, 1)[::10]:
        mover = state.to_move
        assert mover is not None
        seen = tigeuph.view(state, mover)
        copied = evolve(seen, legal=tuple(copy.deepcopy(a) for a in seen.legal))
        assert (
            legal_mask(copied) == legal_mask(seen) == legal_mask(pickle.loads(pickle.dumps(seen)))
        )
