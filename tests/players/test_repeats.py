"""The greedy and search players do not take their seat back to a position its turn began in
(issue 41; spec D8): read from the view's public history, so that a player reused from game to
game, asked once a move, or served over the bot protocol avoids it alike."""

from __future__ import annotations

import random

import pytest

import tigeuph
from tigeuph import Game, PlayerView, parse_action
from tigeuph.agents import GreedyAgent, MCTSAgent, RandomAgent
from tigeuph.games import GAMES

TIGRIS = GAMES["tigris"]

SPOTS = """
tigeuph sketch
rules: players=2 board=standard
player 0: hand=none

     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
 2   .  r$ .  .  ~  .  .  .  .  r  B0 r  ~  .  .  r$
 3   .  .  .  ~  ~  r$ .  .  .  .  r  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  r  r  .  .  .  .  .  r$ ~  ~
 6   .  .  .  .  .  .  r  K0 r  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  r  G0 r  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  r  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .
10   r  R0 r  .  .  r$ .  .  .  .  .  .  .  .  .  .
11   .  r  .  .  .  .  .  .  .  .  r$ .  .  .  .  .
"""
"""Player 0's king on H6 touches four temples, and every other leader of his stands by three;
with no tiles in hand, his best use of an action is a leader on the cell with most temples."""

BACK = parse_action("KH6")


def _king_moved_away() -> Game:
    """The sketch's game after player 0's first action: his king from H6 to C2, by one temple."""
    game = Game(tigeuph.read_sketch(SPOTS).state)
    game.play(parse_action("KC2"))
    return game


def _values(view: PlayerView) -> dict[str, float]:
    state = TIGRIS.sample_state(view, random.Random(0))
    scores = TIGRIS.evaluation.action_values(state, view.legal, view.player)
    return {str(a): s for a, s in zip(view.legal, scores, strict=True)}


def test_the_greedy_player_does_not_move_its_king_back_where_its_turn_began() -> None:
    """The king moved away from H6, moving it back is the one best action; the greedy player
    plays the best of the others instead, whatever its generator."""
    view = _king_moved_away().view(0)
    values = _values(view)
    best = max(values.values())
    assert [a for a, v in values.items() if v == best] == [str(BACK)]
    next_best = max(v for a, v in values.items() if a != str(BACK))
    for seed in range(6):
        action = GreedyAgent().act(view, random.Random(seed))
        assert action != BACK
        assert values[str(action)] == pytest.approx(next_best)


def test_without_the_history_the_move_back_is_no_repetition() -> None:
    """The same position with no history (nothing says where the turn began) gets the move
    back: the player avoids what its history shows, nothing else."""
    state = _king_moved_away().state
    assert GreedyAgent().act(tigeuph.view(state, 0), random.Random(0)) == BACK


def test_the_search_player_does_not_move_its_king_back() -> None:
    view = _king_moved_away().view(0)
    for seed in range(2):
        assert MCTSAgent(iterations=30).act(view, random.Random(seed)) != BACK


def test_repeats_names_the_move_back_alone_and_survives_the_json_view() -> None:
    """``evaluation.repeats`` flags only the move back, on the view and on the view read back
    from its JSON document (what the bot protocol and the server send)."""
    view = _king_moved_away().view(0)
    back = TIGRIS.evaluation.repeats(view, view.legal)
    assert [str(a) for a, b in zip(view.legal, back, strict=True) if b] == [str(BACK)]
    again = TIGRIS.view_from_json(TIGRIS.view_to_json(view))
    assert TIGRIS.evaluation.repeats(again, again.legal) == back


def test_a_change_for_good_forgets_the_earlier_positions() -> None:
    """Once something changes for good (here a catastrophe), the king's old cell is no
    position that can come back: the move back is allowed again."""
    game = Game(tigeuph.read_sketch(SPOTS.replace("hand=none", "hand=r")).state)
    game.play(parse_action("KC2"))
    assert TIGRIS.evaluation.repeats(game.view(0), [BACK]) == [True]
    game.play(parse_action("xA1"))  # a catastrophe far away
    game.play(parse_action("pass"))  # player 1
    assert game.state.to_move == 0
    assert TIGRIS.evaluation.repeats(game.view(0), [BACK]) == [False]


def test_a_game_that_always_ends_repeats_nothing() -> None:
    """Babel never stalls: its evaluation flags no action."""
    game = GAMES["babel"].records.new_record(2, seed=1, rules=None)
    view = game.view(0)
    assert GAMES["babel"].evaluation.repeats(view, view.legal) == [False] * len(view.legal)


@pytest.mark.slow
def test_one_greedy_player_serves_several_games_and_seats() -> None:
    """A player object reused from game to game and seat to seat (as the arena's workers
    reuse them) keeps nothing between its moves: the same deal replays the same game."""
    greedy = GreedyAgent()
    first = tigeuph.play([greedy, greedy], seed=5)
    tigeuph.play([greedy, RandomAgent()], seed=6)
    again = tigeuph.play([greedy, greedy], seed=5)
    assert again.actions == first.actions


@pytest.mark.slow
def test_twenty_three_player_greedy_games_end_without_a_stall() -> None:
    for seed in range(20):
        game = tigeuph.play([GreedyAgent()] * 3, seed=seed)
        assert game.stopped is None and game.state.is_over, seed
