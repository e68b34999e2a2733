"""Babel's engine through the public API: set-up, chance, turns, the end (spec B0-B32)."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers.babel_games import random_game, sample_states
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import IllegalActionError, TigeuphError, babel
from tigeuph.babel.checks import check_state
from tigeuph.babel.model.cards import TEMPLE_COUNTS, parse_nations
from tigeuph.babel.rules import runs


def test_new_game_deals_the_cards() -> None:
    """60 people cards, 12 a nation; 45 temple cards by level; 5 dealt each, seat 0 has drawn
    his 3; two level-1 starting cards held, 43 temple cards in the deck (spec B1, B2, B4)."""
    state = babel.new_game(seed=11)
    assert [sum(side.hand) for side in state.sides] == [8, 5]
    assert len(state.people) == 47 and state.discard == ()
    assert Counter(state.people) + sum(
        (Counter({n: side.hand[n.index] for n in babel.NATIONS}) for side in state.sides),
        Counter(),
    ) == Counter({n: 12 for n in babel.NATIONS})
    assert len(state.temple_deck) == 43
    levels = Counter(state.temple_deck)
    levels[1] += 2
    assert levels == Counter(TEMPLE_COUNTS)
    assert all(side.starting and side.pawn is None and side.row == () for side in state.sides)
    assert check_state(state) == []


def test_each_side_has_five_sites_and_a_pawn_on_the_quarry() -> None:
    """Five locations, a column and a temple site for each player at each (spec B3)."""
    state = babel.new_game(seed=1)
    for side in state.sides:
        assert len(side.columns) == len(side.temples) == len(babel.NATIONS) == 5
        assert side.pawn is None and side.score == 0


def test_same_seed_same_game() -> None:
    """The seed and the actions fix the game, reshuffles included (spec B6)."""
    first = list(random_game(5))
    again = list(random_game(5))
    assert first == again
    assert first[-1].shuffles > 2  # the game went through at least one reshuffle
    assert babel.new_game(5) != babel.new_game(6)


def test_no_seed_draws_a_fresh_one() -> None:
    """new_game() without a seed draws a secure random seed, kept in the state (spec B6)."""
    one, two = babel.new_game(), babel.new_game()
    assert one.seed != two.seed
    assert babel.new_game(one.seed) == one


def test_seat_zero_starts_and_turns_alternate() -> None:
    """Seat 0 plays turn 1; each EndTurn passes the turn to the other seat (spec B5, B40)."""
    states = list(random_game(3))
    assert states[0].active == 0 and states[0].turn == 1
    for state in states:
        if state.end is None:
            assert state.active == (state.turn - 1) % 2


def test_runs_are_maximal_blocks_of_three_or_more() -> None:
    """A run is a maximal same-nation block of at least three (spec B0)."""
    found = runs(parse_nations("HHAAAAPPHHHS"))
    assert [(r.start, r.length, r.nation.value) for r in found] == [(2, 4, "A"), (8, 3, "H")]
    assert runs(parse_nations("HHAHH")) == ()


def test_random_games_end_by_score_or_deck_only() -> None:
    """Every game ends, by score (B30) or at the last temple card (B31), and no other way
    (spec B32); an over game has no legal action."""
    for seed in range(20):
        *_, last = random_game(seed)
        result = babel.outcome(last)
        assert result is not None and result.reason in (babel.End.SCORE, babel.End.DECK)
        assert babel.legal_actions(last) == () and last.is_over


@given(st.sampled_from(sample_states()), st.integers(0, 10_000))
def test_legal_actions_are_exactly_those_apply_accepts(state: babel.BabelState, pick: int) -> None:
    """Every listed action applies; a refused one raises IllegalActionError naming a clause
    and leaves the state as it was (spec B42)."""
    legal = babel.legal_actions(state)
    if legal:
        babel.apply(state, legal[pick % len(legal)])
    before = babel.to_text(state)
    for text in (
        ">H",
        "+A",
        "#0",
        "#1",
        "#s",
        "~HA",
        "A@0",
        "H@0",
        "M@0:S",
        "S@0",
        "P@0#0",
        "%A@0",
        "-HA",
        "end",
    ):
        action = babel.parse_action(text)
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as err:
            babel.apply(state, action)
        assert err.value.clause.startswith("B")
        assert isinstance(err.value, TigeuphError)
    assert babel.to_text(state) == before


def test_card_counts_are_conserved_over_whole_games() -> None:
    """People and temple cards are conserved at every step of random games (spec B1, B2)."""
    for seed in range(8):
        for state in random_game(seed):
            assert check_state(state) == []
