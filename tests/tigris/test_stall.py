"""Stalled play (spec D8): games that will not end are stopped, kept and said to be stalled."""

from __future__ import annotations

import json
import random

import pytest

import tigeuph
from tigeuph.agents import RandomAgent, agent_from_function
from tigeuph.core.stops import STALL_ROUNDS, Stop
from tigeuph.tigris.stall import StallWatch, is_stalled


def _pass_when_you_may(view: tigeuph.PlayerView, rng: random.Random) -> tigeuph.Action:
    """Pass whenever passing is legal, else the first legal action."""
    return PASS if PASS in view.legal else view.legal[0]


PASS = tigeuph.parse_action("pass")
ALWAYS_PASS = agent_from_function(_pass_when_you_may)


def passes(players: int, turns: int, seed: int = 1) -> tigeuph.Game:
    """A game in which every player passes *turns* turns in a row from the start."""
    game = tigeuph.Game.new(players, seed=seed)
    for _ in range(turns):
        game.play("pass")
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_stalls_after_three_whole_rounds_of_nothing_but_points(players: int) -> None:
    """Spec D8: ``STALL_ROUNDS`` whole rounds in which nothing but points changed, not fewer."""
    almost = passes(players, STALL_ROUNDS * players - 1)
    assert not is_stalled(almost.states)
    almost.play("pass")
    assert is_stalled(almost.states)


def test_a_change_on_the_board_starts_the_count_again() -> None:
    """A tile placed in the middle of the passing resets the watch (spec D8)."""
    game = passes(2, 5)
    game.play("rH6")  # seed 1 deals seat 1 a red tile
    game.play("pass")
    watch = StallWatch()
    assert [watch.see(s) for s in game.states][-1] is False
    for _ in range(5):
        game.play("pass")
    assert not is_stalled(game.states)
    game.play("pass")
    assert is_stalled(game.states)


def test_points_alone_do_not_stop_the_count() -> None:
    """Only the points differ between the turns of a stall: the still part leaves them out."""
    from tigeuph.tigris.stall import still_part

    state = tigeuph.new_game(2, seed=1)
    richer = tigeuph.from_text(tigeuph.to_text(state).replace("points=r0,b0", "points=r5,b0", 1))
    assert richer.points != state.points
    assert still_part(richer) == still_part(state)


def test_play_stops_a_stalled_game_and_keeps_it() -> None:
    """Agents that always pass make a stalled game, returned with ``stopped`` and a record
    that says so and reads back, never an error."""
    game = tigeuph.play([ALWAYS_PASS, ALWAYS_PASS, ALWAYS_PASS], seed=4)
    assert game.stopped is Stop.STALLED and not game.state.is_over
    assert len(game.actions) == STALL_ROUNDS * 3
    record = game.to_record()
    assert '[Termination "stalled"]' in record and '[Result "*"]' in record
    assert tigeuph.Game.from_record(record).stopped is Stop.STALLED
    assert tigeuph.Game.from_json(game.to_json()).stopped is Stop.STALLED


def test_max_actions_stops_a_game_at_its_bound() -> None:
    game = tigeuph.play([RandomAgent(), RandomAgent()], seed=2, max_actions=25)
    assert game.stopped is Stop.ACTION_LIMIT and len(game.actions) == 25
    assert '[Termination "action-limit"]' in game.to_record()


def test_a_game_that_ends_is_not_stopped() -> None:
    game = tigeuph.play([RandomAgent(), RandomAgent()], seed=2)
    assert game.state.is_over and game.stopped is None


def test_a_record_that_claims_a_stall_it_did_not_play_is_refused() -> None:
    """The Termination tag of a game that goes on is checked like its result."""
    game = passes(2, 3)
    record = game.to_record().replace('[Result "*"]', '[Result "*"]\n[Termination "stalled"]')
    with pytest.raises(tigeuph.NotationError, match="has not stalled"):
        tigeuph.Game.from_record(record)
    document = json.loads(game.to_json())
    document["stopped"] = "stalled"
    with pytest.raises(tigeuph.JsonError, match="has not stalled"):
        tigeuph.Game.from_json(json.dumps(document))
    with pytest.raises(
        tigeuph.NotationError, match="only stalled, action-limit or record-limit may stop"
    ):
        tigeuph.Game.from_record(
            game.to_record().replace("[Result", '[Termination "bored"]\n[Result')
        )


def test_a_stopped_game_plays_on_only_after_undo() -> None:
    game = passes(2, 2 * STALL_ROUNDS)
    game.stop(Stop.STALLED)
    with pytest.raises(tigeuph.ArgumentError, match="stopped"):
        game.play("pass")
    game.undo()
    assert game.stopped is None
    with pytest.raises(tigeuph.ArgumentError, match="has not stalled"):
        game.stop(Stop.STALLED)


def test_without_a_watch_play_goes_on_to_its_bound() -> None:
    """``stall_rounds=None`` never looks for a stall: the action bound stops the game."""
    game = tigeuph.play([ALWAYS_PASS, ALWAYS_PASS], seed=4, stall_rounds=None, max_actions=40)
    assert game.stopped is Stop.ACTION_LIMIT


def test_standing_is_the_outcome_once_the_game_is_over() -> None:
    """The simulator and the arena rank every game by ``standing``: a finished game as its
    outcome does (spec R27), a stopped one as it stood."""
    from tigeuph.tigris.stall import standing

    game = tigeuph.play([RandomAgent(), RandomAgent(), RandomAgent()], seed=5)
    result = tigeuph.outcome(game.state)
    assert result is not None and standing(game.state) == result.results


def test_a_leader_moved_to_and_fro_stalls_the_game_at_the_fourth_same_beginning() -> None:
    """Seat 0 moves his king between two cells by one temple, turn after turn, and seat 1
    passes: no three rounds in a row begin alike (spec D8's first count never fires), but
    once the king is back on B1 for the fourth time, seat 1's turn begins as it began three
    times before, and the game has stalled, as a repetition."""
    state = tigeuph.new_game(2, seed=1)
    watch, rounds_only = StallWatch(), StallWatch(repeats=10**6)
    turns: list[str] = []
    for cell in ["B1", "A2"] * 6:
        for text in (f"K{cell}", "pass", "pass"):
            if watch.see(state):
                break
            rounds_only.see(state)
            state = tigeuph.apply(state, tigeuph.parse_action(text))
        else:
            turns.append(cell)
            continue
        break
    assert watch.repeated and watch.see(state)
    assert turns == ["B1", "A2"] * 3 and state.active == 1
    assert "B1" in state.leader_cells[0] and len(state.leader_cells[0]) == 1
    assert not rounds_only.see(state) and not rounds_only.repeated
