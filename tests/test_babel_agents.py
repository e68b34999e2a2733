"""Babel's players: the greedy player and the search player (issue 19)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tigeuph
from tigeuph import ArgumentError, babel, cli
from tigeuph.agents import (
    AgentError,
    AgentSpecError,
    RandomAgent,
    agent_from_function,
    make_agent,
)
from tigeuph.agents.tournament import tournament
from tigeuph.babel.greedy import GreedyAgent, evaluate
from tigeuph.babel.search import SearchAgent
from tigeuph.tools import arena


def _game(seed: int, agents: list[object]) -> babel.BabelState:
    state = babel.new_game(seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in (0, 1)]
    while state.to_move is not None:
        seat = state.to_move
        seen = babel.view(state, seat)
        agent = agents[seat]
        action = rngs[seat].choice(seen.legal) if agent is None else agent.act(seen, rngs[seat])  # type: ignore[attr-defined]
        assert action in seen.legal
        state = babel.apply(state, action)
    return state


def test_the_greedy_player_beats_random_play() -> None:
    """Seated either side, the greedy player wins at least nine of ten seeded games against
    uniform random play."""
    wins = 0
    for seed in range(10):
        seat = seed % 2
        agents: list[object] = [None, None]
        agents[seat] = GreedyAgent()
        result = babel.outcome(_game(seed, agents))
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


def test_the_search_player_plays_whole_games() -> None:
    """With a small budget the search player plays a legal game to its end, and the same
    seeds replay the same game."""
    agents: list[object] = [SearchAgent(iterations=4, depth=3), None]
    first = _game(3, agents)
    assert babel.outcome(first) is not None
    assert _game(3, agents) == first


# --- One protocol for both games (issue 19) ----------------------------------------------------


def test_make_agent_builds_babel_players() -> None:
    """The built-in names mean Babel's players with game="babel"; a bad game is refused."""
    assert isinstance(make_agent("greedy", game="babel"), GreedyAgent)
    search = make_agent("mcts:iterations=7,depth=2", game="babel")
    assert isinstance(search, SearchAgent) and search.iterations == 7
    assert isinstance(make_agent("random", game="babel"), RandomAgent)
    with pytest.raises(AgentSpecError, match="takes no 'rollout'"):
        make_agent("mcts:rollout=3", game="babel")
    with pytest.raises(AgentSpecError, match="unknown game"):
        make_agent("greedy", game="chess")


def test_play_plays_babel_and_replays_from_its_seed() -> None:
    """tigeuph.play(agents, game="babel") plays a whole Babel game; the seed replays it."""
    agents = [make_agent("greedy", game="babel"), make_agent("random", game="babel")]
    game = tigeuph.play(agents, game="babel", seed=5)
    assert isinstance(game, babel.BabelGame) and babel.outcome(game.state) is not None
    assert game.tags["Player0"] == "babel.GreedyAgent()"
    assert tigeuph.play(agents, game="babel", seed=5).states == game.states
    assert babel.BabelGame.from_record(game.to_record()).states == game.states


def test_a_misbehaving_babel_agent_stops_the_game() -> None:
    """An illegal action or an exception ends a Babel game with AgentError naming the seat."""
    cheat = agent_from_function(lambda view, rng: babel.parse_action("end"))  # type: ignore[arg-type,return-value]
    with pytest.raises(AgentError, match=r"seat 0 .* played end, which is illegal here") as err:
        tigeuph.play([cheat, RandomAgent()], game="babel", seed=1)
    assert err.value.reason == "illegal" and err.value.seat == 0
    with pytest.raises(ValueError, match="Babel takes 2 agents"):
        tigeuph.play([RandomAgent()] * 3, game="babel")


def test_tournaments_and_the_arena_play_babel(capsys: pytest.CaptureFixture[str]) -> None:
    """A Babel tournament rotates seats and rates the agents; the arena takes --game babel."""
    results = tournament(["greedy", "random"], games=4, game="babel")
    assert [r.seats for r in results] == [(0, 1), (1, 0)] * 2
    assert all(sum(r.shares) == 1 for r in results)
    assert all(r.record.startswith('[Game "babel"]') for r in results)
    with pytest.raises(AgentSpecError, match="2 players"):
        tournament(["greedy"], players=3, games=3, game="babel")
    assert arena.main(["--game", "babel", "--agents", "greedy,random", "--games", "4"]) == 0
    assert "greedy" in capsys.readouterr().out


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


def test_the_search_player_needs_iterations() -> None:
    """Babel's search player refuses to search with no iterations."""
    with pytest.raises(ArgumentError, match="iterations must be"):
        SearchAgent(iterations=0)
