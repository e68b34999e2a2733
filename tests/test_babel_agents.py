"""Babel's players: the greedy player and the search player (issue 19)."""

from __future__ import annotations

import random

from tigeuph import babel
from tigeuph.babel.greedy import GreedyAgent, evaluate
from tigeuph.babel.search import SearchAgent


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
