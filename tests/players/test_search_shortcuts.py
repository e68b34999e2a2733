"""The search player's shortcuts choose as the plain definitions do (issue 28): the search walks
a node's children instead of every legal action, the rollout policy reads the tile placements
of a :class:`~tigeuph.tigris.engine.legal.LegalActions` in place and keeps the state its choice
leads to, and :func:`tigeuph.sample_state` works out a view's deal once."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from attrs import evolve
from helpers.games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph import Rules
from tigeuph.agents import MCTSAgent, RandomAgent
from tigeuph.agents.mcts import _Node
from tigeuph.games import AnyGame
from tigeuph.tigris.analysis.heuristic import TEMPO, evaluate, progress, values
from tigeuph.tigris.analysis.rollout import RolloutPolicy, rollout_action
from tigeuph.tigris.interface.adapter import TIGRIS

RULES = {
    "standard": Rules(players=2),
    "every switch": every_switch(3),
    "wonder": Rules(players=2, wonder=True),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULES))
def test_the_rollout_policy_draws_alike_from_the_legal_actions_and_their_tuple(
    name: str,
) -> None:
    """Given a state's LegalActions, the tuple of the same actions or the LegalActions rebuilt
    from a pickle, the policy chooses the same action and leaves its generator in the same
    state, and the game's apply and evaluate give what the engine and the evaluation give for
    it."""
    rules = RULES[name]
    checked = 0
    for seed in range(3):
        for ply, (state, _, _) in enumerate(
            random_game(rules.players, seed, rules, prefer_tiles=TILES_FIRST)
        ):
            if ply % 3 or state.to_move is None:
                continue
            legal = tigeuph.legal_actions(state)
            rebuilt = pickle.loads(pickle.dumps(legal))  # its actions in one part
            for draw in range(4):
                lazy, plain, loaded = random.Random(draw), random.Random(draw), random.Random(draw)
                chosen = rollout_action(state, legal, lazy)
                assert chosen == rollout_action(state, legal.as_tuple(), plain)
                assert chosen == rollout_action(state, rebuilt, loaded)
                assert lazy.random() == plain.random() == loaded.random()
                after = TIGRIS.apply(state, chosen)
                assert after == tigeuph.apply(state, chosen)
                assert TIGRIS.evaluation.evaluate(after) == evaluate(after)
                checked += 1
    assert checked > 300


def test_the_games_apply_is_the_engines_for_other_actions() -> None:
    """Once the policy has chosen, the game's apply still applies any other action afresh, and
    its evaluate gives each caller a list of its own."""
    state = tigeuph.new_game(2, seed=5)
    legal = tigeuph.legal_actions(state)
    chosen = rollout_action(state, legal, random.Random(1))
    other = next(a for a in legal if a != chosen)
    assert TIGRIS.apply(state, other) == tigeuph.apply(state, other)
    later = TIGRIS.apply(state, chosen)
    then = tigeuph.legal_actions(later)[0]
    assert TIGRIS.apply(later, then) == tigeuph.apply(later, then)
    weighed = TIGRIS.evaluation.evaluate(later)
    weighed[0] += 100  # a copy: the next caller is not misled
    assert TIGRIS.evaluation.evaluate(later) == evaluate(later)


def test_a_view_deals_alike_however_often_it_is_asked() -> None:
    """The same view and generator give the same state, whether the view's deal was worked out
    just before (the same view again) or afresh (an equal view, another object), with other
    views asked in between."""
    views = [v for views in _views(3, 2, Rules(players=3), (10, 40, 41)) for v in views]
    for n, seen in enumerate(views):
        first = tigeuph.sample_state(seen, random.Random(n))
        again = tigeuph.sample_state(seen, random.Random(n))
        other = tigeuph.sample_state(views[n - 1], random.Random(n))
        copied = tigeuph.sample_state(evolve(seen), random.Random(n))
        assert first == again == copied
        assert other == tigeuph.sample_state(evolve(views[n - 1]), random.Random(n))
        assert tigeuph.view(first, seen.player) == evolve(seen, history=())


def test_the_evaluation_of_two_seats_follows_the_rule() -> None:
    """With two seats, each seat's evaluation is its value less the other's, scaled by the
    progress, as the rule for any number of seats says (the best other seat's value, or the
    second best for the leader)."""
    rules = Rules(players=2, wonder=True)
    for seed in range(2):
        for state, _, _ in random_game(2, seed, rules, prefer_tiles=TILES_FIRST):
            vals = values(state)
            scale = 1.0 + TEMPO * progress(state)
            first, second = sorted(vals, reverse=True)
            want = [(v - (second if v == first else first)) * scale for v in vals]
            assert evaluate(state) == want


class _PlainSearch(MCTSAgent):
    """The search as it was written before issue 28: every legal action is asked whether it is
    a child, and the best child is the first of the legal actions with the highest value."""

    __slots__ = ("ties",)

    def __init__(self, iterations: int) -> None:
        super().__init__(iterations)
        self.ties = 0

    def _iterate(
        self,
        game: AnyGame,
        root: _Node,
        roots: list[Any],
        state: Any,
        base: list[float],
        me: int,
        rng: random.Random,
    ) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            at_root = node is root
            options = roots if at_root else game.legal_actions(state)
            present = [(a, node.children[a]) for a in options if a in node.children]
            for _, child in present:
                child.available += 1
            limit = len(roots) if at_root else 1 + self.widening * math.sqrt(node.visits)
            if len(present) < min(limit, len(options)):
                unseen = [a for a in options if a not in node.children]
                action = (
                    unseen[0]
                    if at_root
                    else game.evaluation.rollout_action(state, tuple(unseen), rng)
                )
                child = _Node()
                child.available = 1
                node.children[action] = child
                state = game.apply(state, action)
                path.append((child, seat))
                node = child
                break
            values = [self._ucb(child) for _, child in present]
            self.ties += values.count(max(values)) > 1
            action, node = max(present, key=lambda ac: self._ucb(ac[1]))
            state = game.apply(state, action)
            path.append((node, seat))
        rewards = self._rollout(game, state, base, rng)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += rewards[seat]


def test_the_policy_keeps_its_choice_and_the_games_apply_is_the_engines() -> None:
    """The main game's apply is the engine's (issue 38): the state a rollout's choice reached
    is kept by the policy, whose next_state gives that very object back, where the game's apply
    builds it again; a search steps through the policy's."""
    game = tigeuph.GAMES["tigris"]
    assert game.apply is tigeuph.apply
    policy = RolloutPolicy()
    state = tigeuph.new_game(2, seed=3)
    legal = tigeuph.legal_actions(state)
    rng = random.Random(0)
    for _ in range(20):  # a draw of the same action twice weighs nothing, and keeps nothing
        chosen = policy(state, legal, rng)
        kept = policy.next_state(state, chosen)
        if policy.next_state(state, chosen) is kept:
            break
    else:
        pytest.fail("the policy never weighed its choice")
    assert kept == tigeuph.apply(state, chosen) and game.apply(state, chosen) is not kept
    assert policy.evaluation(kept) == evaluate(kept)
    assert policy.evaluation(state) == evaluate(state)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "wonder"])
def test_the_search_chooses_as_the_plain_search(name: str) -> None:
    """On positions of random games, the search chooses the plain search's action and leaves
    its generator in the same state, ties between children included."""
    rules = RULES[name]
    plain = _PlainSearch(60)
    for seed in range(2):
        for ply, views in enumerate(_views(2, seed, rules, range(3, 400, 23))):
            view = next(v for v in views if v.legal)
            fast, slow = random.Random(ply), random.Random(ply)
            assert MCTSAgent(60).act(view, fast) == plain.act(view, slow), (seed, ply)
            assert fast.random() == slow.random()
    assert plain.ties > 0


def _views(
    players: int, seed: int, rules: Rules, plies: Iterable[int]
) -> Iterator[list[tigeuph.PlayerView]]:
    """Every seat's view, with its history, at each of *plies* of a random game (those the game
    reaches)."""
    game = tigeuph.play([RandomAgent()] * players, seed=seed, rules=rules)
    replay = tigeuph.Game(game.start, seed=game.seed)
    wanted = set(plies)
    for ply, action in enumerate(game.actions):
        if ply in wanted:
            yield [replay.view(seat) for seat in range(players)]
        replay.play(action)
