"""The OpenSpiel game ``"tigeuph"`` (issue 18): OpenSpiel's own random-simulation checks, draws
as chance nodes with the bag's odds (spec R3, R7), hidden information kept hidden (R4), the
engine's returns, and OpenSpiel's bots."""

from __future__ import annotations

import random
import runpy
from typing import Any

import numpy as np
import pyspiel
import pytest
from helpers.paths import EXAMPLE_BOARDS, EXAMPLES
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

import tigeuph
import tigeuph.tigris.learning.tensors
from tigeuph.adapters.openspiel import TigeuphState
from tigeuph.tigris.model.state import TILE_COUNTS

SETTINGS = [
    {"players": 2},
    {"players": 3, "buildings": True, "wonder": True},
    {"players": 4, "english_reinforcement": True, "open_scoring": True, "board": "advanced"},
]


@pytest.mark.slow
@pytest.mark.parametrize("params", SETTINGS, ids=["2p", "3p-buildings-wonder", "4p-eng-open-adv"])
def test_random_simulation_checks(params: dict[str, Any]) -> None:
    """OpenSpiel's random_sim_test (its Python games' conformance test) passes for 2, 3 and 4
    players and the variants, serialisation included."""
    game = pyspiel.load_game("tigeuph", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _play(state: TigeuphState, rng: random.Random, until: int | None = None) -> None:
    """Random chance outcomes (by their odds) and random legal actions, *until* that many
    player actions were taken, or to the end."""
    taken = 0
    while not state.is_terminal() and (until is None or taken < until):
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            taken += 1


def test_the_deal_is_chance_with_the_bag_odds() -> None:
    """The opening deal is 6 chance nodes a player; each offers the colours left in the bag with
    their shares (spec R3), and the chosen colours make the hands."""
    game = pyspiel.load_game("tigeuph", {"players": 3})
    state = game.new_initial_state()
    temples = tigeuph.STANDARD.temple_count
    left = [TILE_COUNTS[0] - temples, *TILE_COUNTS[1:]]
    picks = "rbgk" * 4 + "kk"
    for letter in picks:
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        odds = dict(state.chance_outcomes())
        assert odds == {i: n / sum(left) for i, n in enumerate(left)}
        state.apply_action("rbgk".index(letter))
        left["rbgk".index(letter)] -= 1
    assert state.current_player() == 0
    assert state.engine.hands == ((2, 2, 1, 1), (1, 1, 2, 2), (1, 1, 1, 3))
    assert len(state.engine.bag) == sum(left)


def test_refills_are_chance_nodes_and_reach_the_hands() -> None:
    """A turn that used two tiles ends in two chance nodes (spec R7), with the odds of the bag
    left, and the drawn colours reach the hand."""
    game = pyspiel.load_game("tigeuph", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)  # both hands all red
    for _ in range(2):  # two red tiles placed
        state.apply_action(min(a for a in state.legal_actions() if a < 704))
    bag = [state.engine.bag.count(letter) for letter in "rbgk"]
    for draw in range(2):
        assert state.is_chance_node()
        assert dict(state.chance_outcomes()) == {
            i: (n - draw * (i == 3)) / (sum(bag) - draw) for i, n in enumerate(bag) if n
        }
        state.apply_action(3)  # black
    assert state.current_player() == 1
    assert state.engine.hands == ((4, 0, 0, 2), (6, 0, 0, 0))


def test_information_hides_other_hands_and_exchanges() -> None:
    """A player's information state and observation are the same whatever the other hands hold
    (spec R4): a state resampled from his information shows him the same."""
    game = pyspiel.load_game("tigeuph", {"players": 3})
    state = game.new_initial_state()
    _play(state, random.Random(2), until=60)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    guess = state.resample_from_infostate(player, sampler)
    assert guess.information_state_string(player) == state.information_state_string(player)
    assert guess.observation_string(player) == state.observation_string(player)
    assert guess.legal_actions() == state.legal_actions()
    others = [p for p in range(3) if p != player]
    assert any(guess.engine.hands[p] != state.engine.hands[p] for p in others)


def test_exchanges_show_their_size_only() -> None:
    """Another player's exchange enters the information state as its size, the mover's own
    with its colours (spec R4)."""
    game = pyspiel.load_game("tigeuph", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    exchanges = [a for a in state.legal_actions() if 1588 <= a < 1797]
    action = exchanges[-1]
    text = str(tigeuph.id_to_action(action))
    state.apply_action(action)
    assert f"0:{text}" in state.information_state_string(0)
    assert f"0:{text}" not in state.information_state_string(1)
    assert f"0:~{len(text) - 1}" in state.information_state_string(1)


def test_observation_tensor_is_the_view_array() -> None:
    """The observation tensor is tigeuph.observation of the player's view."""
    game = pyspiel.load_game("tigeuph", {"players": 2, "wonder": True})
    state = game.new_initial_state()
    _play(state, random.Random(3), until=25)
    for player in range(2):
        expected = tigeuph.observation(tigeuph.view(state.engine, player))
        assert np.array_equal(np.asarray(state.observation_tensor(player)), expected)


def test_returns_are_the_engine_returns() -> None:
    """A finished game's returns are tigeuph.returns of the final state (spec R27)."""
    game = pyspiel.load_game("tigeuph", {"players": 4})
    state = game.new_initial_state()
    _play(state, random.Random(4))
    assert state.engine.is_over
    assert state.returns() == pytest.approx(tigeuph.returns(state.engine))
    assert max(state.returns()) > 0


def test_max_moves_cuts_the_game_off_as_a_draw() -> None:
    """After max_moves player actions the game is terminal and every return is 0."""
    game = pyspiel.load_game("tigeuph", {"players": 2, "max_moves": 7})
    state = game.new_initial_state()
    _play(state, random.Random(6))
    assert state.is_terminal() and not state.engine.is_over
    assert state.returns() == [0.0, 0.0]


def test_a_board_file_sets_the_board() -> None:
    """A board file (spec R2) gives the game its board, and the observation its size; OpenSpiel's
    random-simulation checks pass on it."""
    delta = EXAMPLE_BOARDS / "delta.txt"
    game = pyspiel.load_game("tigeuph", {"players": 3, "board": str(delta)})
    board = tigeuph.load_board(delta)
    assert game.observation_tensor_size() == tigeuph.tigris.learning.tensors.observation_size(board)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_an_unknown_board_is_refused() -> None:
    """The board parameter names standard, advanced or a board file."""
    with pytest.raises(tigeuph.BoardError, match="moon"):
        pyspiel.load_game("tigeuph", {"board": "moon"})


def test_openspiel_bots_choose_legal_actions() -> None:
    """OpenSpiel's MCTS and IS-MCTS bots (random rollouts) pick legal actions."""
    game = pyspiel.load_game("tigeuph", {"players": 2, "max_moves": 40})
    state = game.new_initial_state()
    _play(state, random.Random(7), until=4)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng),
    ]
    for bot in bots:
        assert bot.step(state) in state.legal_actions()


def test_outcome_sampling_mccfr_runs() -> None:
    """OpenSpiel's outcome-sampling MCCFR (a CFR-family method that samples the tree) runs on a
    short horizon and gives an average policy over the legal actions."""
    game = pyspiel.load_game("tigeuph", {"players": 2, "max_moves": 4})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0)


def test_the_mcts_example_plays_a_game() -> None:
    """examples/openspiel_mcts.py plays a game (cut off early) to its returns."""
    example = EXAMPLES / "openspiel_mcts.py"
    play = runpy.run_path(str(example), run_name="example")["play"]
    result = play(players=2, simulations=4, seed=1, max_moves=30)
    assert len(result) == 2 and sum(result) == pytest.approx(0.0)
