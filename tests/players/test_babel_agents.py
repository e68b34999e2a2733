"""Babel's players: the random, greedy and search players written once for both games
(issue 19, issue 25)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tigeuph
from tigeuph import ArgumentError, Rules, babel, cli
from tigeuph.agents import (
    Agent,
    AgentError,
    AgentSpecError,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    agent_from_function,
    make_agent,
)
from tigeuph.agents.tournament import read_records, tournament
from tigeuph.babel.analysis.evaluation import evaluate
from tigeuph.tools import arena

SPECS = ("random", "random:weighted=true", "greedy", "mcts:iterations=8")
"""The built-in agents, each of which plays Babel too (the search with a tiny budget)."""


def test_the_greedy_player_beats_random_play() -> None:
    """Seated either side, the greedy player wins at least nine of ten seeded games against
    uniform random play."""
    wins = 0
    for seed in range(10):
        seat = seed % 2
        agents: list[Agent] = [RandomAgent(), RandomAgent()]
        agents[seat] = GreedyAgent()
        game = tigeuph.play(agents, game="babel", seed=seed)
        result = babel.outcome(game.state)
        assert result is not None
        wins += result.winner == seat
    assert wins >= 9


def test_the_evaluation_prefers_higher_temples_and_counts_wins() -> None:
    """A level more is worth more than the cards it took; a won game is worth most."""
    before = babel.from_text(
        "babel position\nturn: 5\nplayer 0: pawn=H row=2\nplayer 0 at H: column=HH temple=1\n"
        "player 1: pawn=A\n"
    )
    after = babel.apply(before, babel.parse_action("#0"))
    assert evaluate(after, 0) > evaluate(before, 0)
    assert evaluate(after, 1) < evaluate(before, 1)
    won = babel.from_text(
        "babel position\nturn: 5\nend: score\nplayer 0: pawn=H\n"
        "player 0 at H: column=- temple=123456\nplayer 0 at A: column=- temple=123456\n"
        "player 0 at P: column=- temple=123456\nplayer 0 at M: column=- temple=12\n"
        "player 1: pawn=A\n"
    )
    assert evaluate(won, 0) == 1000 and evaluate(won, 1) == -1000


def _decisions(seed: int) -> list[babel.BabelView]:
    """The views of the player to move along a random game of Babel: every few plies."""
    game = tigeuph.play([RandomAgent(), RandomAgent()], game="babel", seed=seed)
    views = []
    for ply, state in enumerate(game.states):
        if ply % 7 == 0 and state.to_move is not None:
            views.append(babel.view(state, state.to_move))
    return views


@pytest.mark.parametrize("spec", SPECS)
def test_every_agent_plays_babel_legally_and_deterministically(spec: str) -> None:
    """Each built-in agent answers Babel's decisions with one of the view's legal actions,
    and the same view and generator give the same action."""
    for view in _decisions(4)[::3]:
        action = make_agent(spec, game="babel").act(view, random.Random(3))
        assert action in view.legal
        assert make_agent(spec, game="babel").act(view, random.Random(3)) == action


@pytest.mark.parametrize("spec", SPECS)
def test_agents_cannot_see_babels_hidden_cards(spec: str) -> None:
    """Two states that differ only in what a player may not see (the other hand, the decks)
    give equal views, so every agent plays the same in both."""
    game = tigeuph.play([RandomAgent(), RandomAgent()], game="babel", seed=6)
    for ply in (0, 10, 30):
        state = game.states[ply]
        seat = state.to_move
        assert seat is not None
        real = babel.view(state, seat)
        other = babel.sample_state(real, random.Random(ply))
        assert other != state and babel.view(other, seat) == real
        agent = make_agent(spec, game="babel")
        twin = babel.view(other, seat)
        assert agent.act(real, random.Random(5)) == agent.act(twin, random.Random(5))


def test_the_search_player_plays_whole_games() -> None:
    """With a small budget the search player plays a legal Babel game to its end, and the
    same seed replays the same game."""
    agents: list[Agent] = [MCTSAgent(iterations=4, rollout=3), RandomAgent()]
    first = tigeuph.play(agents, game="babel", seed=3)
    assert babel.outcome(first.state) is not None
    assert tigeuph.play(agents, game="babel", seed=3).actions == first.actions


# --- One protocol for both games (issue 19, issue 25) ------------------------------------------


def test_make_agent_builds_babel_players() -> None:
    """The built-in names mean the same players in Babel, with the same arguments (the
    search's are MCTSAgent's); a bad game is refused."""
    assert isinstance(make_agent("greedy", game="babel"), GreedyAgent)
    search = make_agent("mcts:iterations=7,rollout=2", game="babel")
    assert isinstance(search, MCTSAgent) and (search.iterations, search.rollout) == (7, 2)
    weighted = make_agent("random:weighted=true", game="babel")
    assert isinstance(weighted, RandomAgent) and weighted.weighted
    with pytest.raises(AgentSpecError, match="takes no 'depth'"):
        make_agent("mcts:depth=3", game="babel")
    with pytest.raises(AgentSpecError, match="unknown game"):
        make_agent("greedy", game="chess")


def test_play_plays_babel_and_replays_from_its_seed() -> None:
    """tigeuph.play(agents, game="babel") plays a whole Babel game; the seed replays it."""
    agents = [make_agent("greedy", game="babel"), make_agent("random", game="babel")]
    game = tigeuph.play(agents, game="babel", seed=5)
    assert isinstance(game, babel.BabelGame) and babel.outcome(game.state) is not None
    assert game.tags["Player0"] == "GreedyAgent()"
    assert tigeuph.play(agents, game="babel", seed=5).states == game.states
    assert babel.BabelGame.from_record(game.to_record()).states == game.states


def test_a_misbehaving_babel_agent_stops_the_game() -> None:
    """An illegal action or an exception ends a Babel game with AgentError naming the seat
    and the action; a wrong count of agents, or rules, are argument errors."""
    end = babel.parse_action("end")
    cheat = agent_from_function(lambda view, rng: end)
    with pytest.raises(AgentError, match=r"seat 0 .* played end, which is illegal here") as err:
        tigeuph.play([cheat, RandomAgent()], game="babel", seed=1)
    assert (err.value.reason, err.value.seat, err.value.action) == ("illegal", 0, end)
    assert err.value.game.actions == ()
    main_game = agent_from_function(lambda view, rng: tigeuph.parse_action("pass"))
    with pytest.raises(AgentError, match="not an action of Babel") as err:
        tigeuph.play([RandomAgent(), main_game], game="babel", seed=1)
    assert err.value.seat == 1 and err.value.action is None
    with pytest.raises(ArgumentError, match="Babel takes 2 agents, not 3"):
        tigeuph.play([RandomAgent()] * 3, game="babel")
    with pytest.raises(ArgumentError, match="no variants"):
        tigeuph.play([RandomAgent()] * 2, game="babel", rules=Rules())


def test_tournaments_and_the_arena_play_babel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Babel tournament rotates seats and rates the agents; the arena takes --game babel."""
    results = tournament(["greedy", "random"], games=4, game="babel", seed=0)
    assert [r.seats for r in results] == [(0, 1), (1, 0)] * 2
    assert all(sum(r.shares) == 1 for r in results)
    assert all(r.record.startswith('[Game "babel"]') for r in results)
    with pytest.raises(AgentSpecError, match="2 players"):
        tournament(["greedy"], players=3, games=3, game="babel")
    path = tmp_path / "games.txt"
    argv = ["--game", "babel", "--agents", "greedy,random", "--games", "4", "--seed", "0"]
    assert arena.main([*argv, "--records", str(path)]) == 0
    assert "greedy" in capsys.readouterr().out
    games = read_records(path.read_text(encoding="utf-8"))
    assert [type(g) for g in games] == [babel.BabelGame] * 4
    assert [g.to_record() for g in games] == [r.record for r in results]
    with pytest.raises(SystemExit):
        arena.main([*argv, "--players", "3"])
    assert "Babel takes 2 players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena.main([*argv, "--variant", "wonder"])
    assert "Babel has no variants" in capsys.readouterr().err


def test_the_command_line_plays_and_soaks_babel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """tigeuph play --game babel watches agents and saves a Babel record; tigeuph soak --game
    babel runs Babel's soak."""
    record = tmp_path / "game.txt"
    argv = ["play", "--game", "babel", "--seats", "greedy,random", "--seed", "2", "--delay", "0"]
    assert cli.main([*argv, "--record", str(record)]) == 0
    assert "game over" in capsys.readouterr().out
    assert babel.outcome(babel.BabelGame.from_record(record.read_text()).state) is not None
    assert cli.main(["soak", "--game", "babel", "--games", "2"]) == 0
    assert "violations: 0" in capsys.readouterr().out
