"""A new game: board, bag, hands and seats (spec R1-R4)."""

from __future__ import annotations

import pytest

import tigeuph
from tigeuph import ADVANCED, STANDARD, Colour, Rules, names
from tigeuph.tigris.model.state import TILE_COUNTS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_deals_six_tiles_and_two_catastrophes(players: int) -> None:
    """Each player holds six tiles and two catastrophes; the rest is in the bag (R1, R3)."""
    state = tigeuph.new_game(players, seed=1)
    assert state.players == players and state.rules.players == players
    assert all(sum(hand) == 6 for hand in state.hands)
    assert state.catastrophe_tiles == (2,) * players
    assert len(state.bag) == sum(TILE_COUNTS) - 10 - 6 * players
    assert state.to_move == 0 and state.actions_left == 2 and state.pending is None


def test_standard_board_layout() -> None:
    """Ten starting temples with treasures, four of them special (R2)."""
    state = tigeuph.new_game(2, seed=1)
    assert names(state.tiles[Colour.RED]) == names(STANDARD.temples)
    assert state.treasures == STANDARD.temples
    assert names(STANDARD.special) == ["B2", "P2", "B8", "O9"]
    assert names(STANDARD.temples)[0] == "K1"


def test_advanced_board_bag_holds_43_red_tiles() -> None:
    """The advanced board has 14 temples, so 43 red tiles start in the bag (R1, R2)."""
    state = tigeuph.new_game(2, seed=3, rules=Rules(board=ADVANCED))
    reds = state.bag.count("r") + sum(hand[Colour.RED] for hand in state.hands)
    assert reds == 43
    assert ADVANCED.special.bit_count() == 6


def test_players_must_agree_with_rules() -> None:
    """new_game refuses a player count that contradicts the rules given."""
    with pytest.raises(ValueError, match="disagrees"):
        tigeuph.new_game(2, rules=Rules(players=3))
    assert tigeuph.new_game(3, rules=Rules(players=3)).players == 3


def test_without_a_seed_games_differ() -> None:
    """No seed: a fresh random one is drawn (R4)."""
    assert len({tigeuph.new_game(2).bag for _ in range(5)}) > 1
