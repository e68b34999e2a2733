"""The search player's backups for 3 and 4 players (issue 41): max^n, paranoid, best-reply."""

from __future__ import annotations

import random

import pytest

import tigeuph
from tigeuph.agents import AgentSpecError, MCTSAgent, make_agent
from tigeuph.agents.mcts import BACKUPS, DEFAULT_BACKUP
from tigeuph.core.errors import ArgumentError


def _to_move(game: tigeuph.Game) -> int:
    seat = game.state.to_move
    assert seat is not None
    return seat


def test_the_backup_is_an_option_of_the_specification() -> None:
    for backup in BACKUPS:
        agent = make_agent(f"mcts:iterations=40,backup={backup}")
        assert isinstance(agent, MCTSAgent)
        assert agent.backup == backup
    assert (
        repr(make_agent("mcts:backup=paranoid")) == "MCTSAgent(iterations=300, backup='paranoid')"
    )
    assert repr(make_agent("mcts")) == "MCTSAgent(iterations=300)"
    assert MCTSAgent().backup == DEFAULT_BACKUP


def test_an_unknown_backup_is_refused() -> None:
    with pytest.raises(AgentSpecError, match="backup must be one of maxn, paranoid, best-reply"):
        make_agent("mcts:backup=optimistic")
    with pytest.raises(ArgumentError):
        MCTSAgent(backup="minimax")


@pytest.mark.slow
def test_the_default_backup_plays_as_before() -> None:
    """Naming the default changes nothing: the same moves from the same generator."""
    game = tigeuph.Game.new(3, seed=2)
    for _ in range(6):
        view = game.view(_to_move(game))
        plain = MCTSAgent(iterations=40).act(view, random.Random(1))
        named = MCTSAgent(iterations=40, backup=DEFAULT_BACKUP).act(view, random.Random(1))
        assert plain == named
        game.play(plain)


@pytest.mark.slow
@pytest.mark.parametrize("backup", ["paranoid", "best-reply"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_backup_plays_legal_moves(backup: str, players: int) -> None:
    """Each backup answers every decision of the first turns with a legal action, and replays
    from its generator."""
    game = tigeuph.Game.new(players, seed=5)
    agent = MCTSAgent(iterations=40, backup=backup)
    for turn in range(2 * players):
        view = game.view(_to_move(game))
        action = agent.act(view, random.Random(turn))
        assert action in view.legal
        assert agent.act(view, random.Random(turn)) == action
        game.play(action)


@pytest.mark.slow
def test_a_paranoid_search_reads_rivals_differently_from_max_n() -> None:
    """Over a few 3-player positions the backups do not all choose alike: the option reaches
    the search."""
    differ = 0
    game = tigeuph.Game.new(3, seed=11)
    for _ in range(12):
        view = game.view(_to_move(game))
        moves = {
            backup: MCTSAgent(iterations=120, rollout=2, backup=backup).act(view, random.Random(3))
            for backup in BACKUPS
        }
        differ += len(set(moves.values())) > 1
        game.play(moves[DEFAULT_BACKUP])
    assert differ > 0
