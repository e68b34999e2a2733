"""The greedy player's fast scores agree with applying, settling and evaluating every action
(issue 23)."""

from __future__ import annotations

import pytest
from helpers.games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph import Rules
from tigeuph.tigris.analysis.candidates import _Keys, scores
from tigeuph.tigris.analysis.settle import settle

pytestmark = pytest.mark.slow  # the quick loop (pytest -m "not slow") leaves this module out

RULES = {
    "standard": Rules(players=3),
    "every switch": every_switch(3),
    "wonder": Rules(players=2, wonder=True),
    "buildings": Rules(players=4, buildings=True),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_fast_scores_equal_the_full_evaluation(name: str) -> None:
    """For every legal action of many positions of random games, the score of its class is
    the score of the action itself: the shortcut never changes the greedy player's choice."""
    rules = RULES[name]
    checked = 0
    for seed in range(4):
        steps = random_game(rules.players, seed, rules, prefer_tiles=TILES_FIRST)
        for ply, (state, _, _) in enumerate(steps):
            if ply % 9 or state.to_move is None:
                continue
            seat = state.to_move
            legal = tigeuph.legal_actions(state)
            full = [settle(tigeuph.apply(state, action))[seat] for action in legal]
            fast = scores(state, legal, seat)
            for action, want, got in zip(legal, full, fast, strict=True):
                assert got == want, (name, seed, ply, str(action))
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("name", ["standard", "wonder"])
def test_merged_classes_score_alike(name: str) -> None:
    """Actions merged across regions (a revolt's cells, who scores a tile, a leader's temples,
    a catastrophe's crosses) each settle to their class's score (spec R13-R15, R31)."""
    rules = Rules(players=3, wonder=name == "wonder")
    seen: set[int] = set()
    for seed in range(6):
        steps = random_game(rules.players, seed, rules, prefer_tiles=TILES_FIRST)
        for ply, (state, _, _) in enumerate(steps):
            if ply % 4 or state.to_move is None or state.pending is not None:
                continue
            seat = state.to_move
            keys = _Keys(state)
            legal = tigeuph.legal_actions(state)
            fast = scores(state, legal, seat)
            for action, got in zip(legal, fast, strict=True):
                key = keys.key(action)
                if isinstance(key, tuple) and key[0] in (2, 4, 5, 6) and key != (2, 0):
                    seen.add(key[0])
                    want = settle(tigeuph.apply(state, action))[seat]
                    assert got == want, (name, seed, ply, str(action))
    assert {4, 5, 6} <= seen
