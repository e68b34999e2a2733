"""The greedy player ends its games and uses the variants (issue 23; spec R26, R30, R31)."""

from __future__ import annotations

import random

import pytest

import tigeuph
from tigeuph import BuildWonder, PlaceBuilding, Rules
from tigeuph.agents import GreedyAgent, MCTSAgent

CROSS = """
tigeuph sketch
rules: players=2 board=standard wonder
player 0: hand=rrgggb

     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
 2   .  r$ .  .  ~  .  .  .  .  .  .  .  ~  .  .  r$
 3   .  .  .  ~  ~  r$ .  .  .  .  .  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  r  .  .  .  .  .  .  r$ ~  ~
 6   .  .  .  .  .  r  r  .  K0 .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  r  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .
10   .  .  .  .  .  r$ .  .  .  .  .  .  .  .  .  .
11   .  .  .  .  .  .  .  .  .  .  r$ .  .  .  .  .
"""
"""rH6 completes a red cross around G6 and joins it to player 0's king's kingdom."""

RUN = """
tigeuph sketch
rules: players=2 board=standard buildings
player 0: hand=kgggbb

     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
 2   .  r$ .  .  ~  .  .  .  .  .  .  .  ~  .  .  r$
 3   .  .  .  ~  ~  r$ .  .  .  .  .  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  k  .  k  .  .  .  .  .  .  .  .  .  r$ ~  ~
 6   .  r  K0 .  .  .  .  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .
10   .  .  .  .  .  r$ .  .  .  .  .  .  .  .  .  .
11   .  .  .  .  .  .  .  .  .  .  r$ .  .  .  .  .
"""
"""kC5 makes a run of three black tiles in player 0's king's kingdom."""


def _state(text: str) -> tigeuph.GameState:
    return tigeuph.read_sketch(text).state


@pytest.mark.slow
@pytest.mark.parametrize("wonder", [False, True])
def test_greedy_games_of_seed_17_end(wonder: bool) -> None:
    """Two greedy players on the deal that once made them pass forever end the game (spec
    R26): income in a colour that is not the weakest no longer pays for passing."""
    game = tigeuph.play(
        [GreedyAgent(), GreedyAgent()], seed=17, rules=Rules(players=2, wonder=wonder)
    )
    assert game.state.is_over
    assert len(game.actions) < 1000


def test_greedy_completes_a_cross_and_builds_the_wonder() -> None:
    """Offered a tile that completes a cross of five in its king's kingdom, the greedy player
    places it, then builds the wonder there (spec R31)."""
    state = _state(CROSS)
    for seed in range(3):
        action = GreedyAgent().act(tigeuph.view(state, 0), random.Random(seed))
        assert action == tigeuph.parse_action("rH6")
    after = tigeuph.apply(state, tigeuph.parse_action("rH6"))
    for agent in (GreedyAgent(), MCTSAgent(iterations=30)):
        action = agent.act(tigeuph.view(after, 0), random.Random(1))
        assert isinstance(action, BuildWonder) and str(action) == "wG6"


def test_greedy_places_a_building_on_a_run_of_three() -> None:
    """Offered its colour's building on a run of three in its king's kingdom, the greedy and
    the search players place it (spec R30)."""
    after = tigeuph.apply(_state(RUN), tigeuph.parse_action("kC5"))
    for agent in (GreedyAgent(), MCTSAgent(iterations=30)):
        for seed in range(3):
            choice = agent.act(tigeuph.view(after, 0), random.Random(seed))
            assert isinstance(choice, PlaceBuilding)
