"""The players written once for every game play Nim, which gives them nothing but the required
interface (issue 38): random, greedy and search, through ``tigeuph.agents.play``."""

from __future__ import annotations

import random

import pytest

from tigeuph.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent, make_agent, play
from tigeuph.games import AnyGame

from .game import NimState, NimView


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_greedy_and_search_players_play_nim_to_its_end(nim: AnyGame, players: int) -> None:
    lineup: list[Agent] = [RandomAgent(), GreedyAgent(), MCTSAgent(iterations=30)]
    agents = lineup[:players]
    agents += [RandomAgent(weighted=True)] * (players - len(agents))
    record = play(agents, game="nim", seed=players)
    state = record.state
    assert state.is_over and record.stopped is None
    assert len(nim.winners(state)) == 1
    assert sum(nim.scores(state)) == sum(nim.new_game(players, seed=players).heaps)
    assert record.tags["Player1"] == "GreedyAgent()"
    again = play(agents, game="nim", seed=players)
    assert again.actions == record.actions  # the same seed and agents, the same game


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=40"])
def test_the_default_evaluation_takes_a_win_when_there_is_one(nim: AnyGame, spec: str) -> None:
    """With one heap of 2 left, taking both wins: the default evaluation (who won) is enough
    for the greedy player and the search."""
    view = NimView(player=1, heaps=(0, 2, 0), taken=(9, 4), turn=1)
    agent = make_agent(spec, game="nim")
    assert str(agent.act(view, random.Random(0))) == "b2"


@pytest.mark.slow
def test_the_search_beats_random_play_more_often_than_not(nim: AnyGame) -> None:
    """Seats rotated over paired deals: the search, on the default evaluation and uniform
    playouts, wins most of its games against uniform random play."""
    wins = 0
    for seed in range(10):
        for seat in (0, 1):
            agents: list[Agent] = [RandomAgent(), RandomAgent()]
            agents[seat] = MCTSAgent(iterations=200)
            state: NimState = play(agents, game="nim", seed=seed).state
            wins += nim.winners(state) == (seat,)
    assert wins >= 12
