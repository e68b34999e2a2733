"""The variants (spec R28-R32): every combination of switches plays full games for 2, 3 and 4
players on both printed boards, and each variant's decisions are reached and obeyed."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import tigeuph
from tigeuph import ADVANCED, STANDARD, Action, CommitSupport, GameState, PlaceTile, Rules
from tigeuph.tigris.model.decisions import BuildingChoice, WonderChoice, WonderPoint
from tigeuph.tigris.model.ruleset import SWITCHES

COMBINATIONS = [
    frozenset(chosen)
    for n in range(len(SWITCHES) + 1)
    for chosen in itertools.combinations(SWITCHES, n)
]


def _label(switches: frozenset[str]) -> str:
    return "+".join(sorted(switches)) or "base"


def variant_game(rules: Rules, seed: int) -> Iterator[tuple[GameState, Action, GameState]]:
    """Every step of a random game under *rules*. Tile placements are preferred (4 in 5), so
    that runs, crosses and squares form, and buildings and the wonder are built when offered
    (3 in 4), so that the variants' decisions and their consequences come up."""
    rng = random.Random(seed)
    state = tigeuph.new_game(rules.players, seed=seed, rules=rules)
    while not state.is_over:
        legal = tigeuph.legal_actions(state)
        preferred: list[Action]
        if isinstance(state.pending, BuildingChoice | WonderChoice) and rng.random() < 0.75:
            preferred = list(legal[1:])  # the decline comes first
        else:
            preferred = [a for a in legal if isinstance(a, PlaceTile)]
        action = rng.choice(preferred if preferred and rng.random() < 0.8 else legal)
        after = tigeuph.apply(state, action)
        yield state, action, after
        state = after


@pytest.mark.slow
@pytest.mark.parametrize("board", [STANDARD, ADVANCED], ids=["standard", "advanced"])
@pytest.mark.parametrize("switches", COMBINATIONS, ids=_label)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_combination_plays_full_games(
    players: int, switches: frozenset[str], board: tigeuph.Board
) -> None:
    """A full game under every combination stays consistent at every step and round-trips
    through position notation; decisions of a variant switched off never come up."""
    rules = Rules(players=players, board=board, **{name: name in switches for name in SWITCHES})
    seed = players * 100 + len(switches) * 10 + (board is ADVANCED)
    steps = 0
    for _, action, after in variant_game(rules, seed):
        assert tigeuph.check_state(after) == [], f"after {action}"
        if steps % 8 == 0 or after.is_over:
            assert tigeuph.from_text(tigeuph.to_text(after)) == after
        if "buildings" not in switches:
            assert not isinstance(after.pending, BuildingChoice)
            assert after.buildings == (None, None, None, None)
        if "wonder" not in switches:
            assert not isinstance(after.pending, WonderChoice | WonderPoint)
            assert after.wonder is None
        steps += 1
    assert after.is_over and tigeuph.outcome(after) is not None
    assert after.rules == rules and steps > 50


def test_variant_decisions_come_up_and_both_answers_are_taken() -> None:
    """Over a few games with buildings and the wonder, buildings are placed, moved and declined,
    and the wonder is offered, built and scores (spec R30, R31)."""
    seen: Counter[str] = Counter()
    for seed in range(16):
        rules = Rules(players=2 + seed % 3, buildings=True, wonder=True)
        for before, action, after in variant_game(rules, seed):
            pending = before.pending
            if isinstance(pending, BuildingChoice):
                was = before.buildings[pending.colour]
                now = after.buildings[pending.colour]
                seen["building declined" if now == was else "building placed"] += 1
                if was is not None and now != was:
                    seen["building moved"] += 1
            if isinstance(pending, WonderChoice):
                seen["wonder built" if after.wonder is not None else "wonder declined"] += 1
            if isinstance(pending, WonderPoint):
                seen["wonder point"] += 1
                # The point, then the turn's end goes on with the monument points (spec R7).
                told = tigeuph.explain(before, action)
                scored = sum(n for _, _, n in told.points)
                assert scored == 1 + sum(n for _, _, n in told.monument_points)
    wanted = {
        "building placed",
        "building declined",
        "building moved",
        "wonder built",
        "wonder point",
    }
    assert wanted <= set(seen), seen


def test_english_support_counts_follow_the_rule() -> None:
    """Under English reinforcement every support offered exceeds (attacker) or exactly ties
    (defender), as the conflict's strengths say (spec R28)."""
    checked = 0
    for seed in range(6):
        rules = Rules(players=3, english_reinforcement=True)
        for before, _, _ in variant_game(rules, seed):
            pending = before.pending
            if not isinstance(pending, tigeuph.Revolt | tigeuph.War):
                continue
            info = tigeuph.explain(before, tigeuph.parse_action("+0")).conflict
            assert info is not None
            legal = tigeuph.legal_actions(before)
            counts = [a.count for a in legal if isinstance(a, CommitSupport)]
            assert 0 in counts
            attack, defence = info.attacker_strength, info.defender_strength
            committed = pending.attacker_support
            for n in counts:
                if n and committed is None:
                    assert attack + n > defence
                elif n:
                    assert committed is not None and defence + n == attack + committed
            checked += 1
    assert checked > 20
