"""Action ids for learning: a bijection onto ``range(ACTION_COUNT)`` laid out as the table in
``tigeuph.encoding`` says, and legal masks that agree with ``legal_actions`` (issue 6)."""

from __future__ import annotations

from functools import cache

import pytest
from games import random_game

import tigeuph
from tigeuph import (
    ACTION_COUNT,
    CELLS,
    BuildMonument,
    ChooseWar,
    Colour,
    CommitSupport,
    DeclineMonument,
    EndTurn,
    ExchangeTiles,
    GameState,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    TakeTreasure,
    WithdrawLeader,
    action_to_id,
    id_to_action,
    legal_actions,
    legal_mask,
    parse_action,
)


@cache
def states(players: int, seed: int) -> tuple[GameState, ...]:
    """Every state but the last of one random game."""
    return tuple(before for before, _, _ in random_game(players, seed))


def test_ids_and_actions_are_a_bijection() -> None:
    """Every id names one action and that action's id is the id again."""
    actions = [id_to_action(i) for i in range(ACTION_COUNT)]
    assert ACTION_COUNT == 3042
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


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_masks_agree_with_legal_actions(players: int, seed: int) -> None:
    """At every step of a random game the mask marks exactly the legal actions, for the state
    and for the view of the player to move; other players' views mark nothing."""
    for state in states(players, seed):
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
