"""What a Babel player may know: views, sampling and the no-leak property (spec B28, B57)."""

from __future__ import annotations

import random

from attrs import evolve
from helpers.babel_games import sample_states, states
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import babel
from tigeuph.testing.invariants import round_trip_problems


def _reshuffled(state: babel.BabelState, seat: int, rng: random.Random) -> babel.BabelState:
    """*state* with all that *seat* may not see changed: the opponent's hand dealt afresh from
    his hand and the people deck, both decks reordered, another seed."""
    other = 1 - seat
    hand = state.sides[other].hand
    pool = [n for n in babel.NATIONS for _ in range(hand[n.index])] + list(state.people)
    rng.shuffle(pool)
    k = sum(hand)
    c = [pool[:k].count(n) for n in babel.NATIONS]
    theirs = (c[0], c[1], c[2], c[3], c[4])
    side = evolve(state.sides[other], hand=theirs)
    temples = list(state.temple_deck)
    rng.shuffle(temples)
    return evolve(
        state.replace_side(other, side),
        people=tuple(pool[k:]),
        temple_deck=tuple(temples),
        seed=rng.getrandbits(63),
    )


@given(states(), st.integers(0, 1), st.integers(0, 2**32))
def test_what_a_player_may_not_see_never_changes_his_view(
    state: babel.BabelState, seat: int, seed: int
) -> None:
    """Changing the opponent's hand, the decks' order or the seed leaves the view as it was,
    legal actions included (spec B28)."""
    rng = random.Random(seed)
    other = _reshuffled(state, seat, rng)
    for _ in range(100):  # during his first turn, his hand must still let him build (B8)
        if not babel.check_state(other):
            break
        other = _reshuffled(state, seat, rng)
    assert babel.check_state(other) == []
    assert babel.view(other, seat) == babel.view(state, seat)


@given(states(), st.integers(0, 1), st.integers(0, 2**32))
def test_a_sampled_state_shows_the_same_view(state: babel.BabelState, seat: int, seed: int) -> None:
    """sample_state gives a possible state with the same view (spec B57)."""
    seen = babel.view(state, seat)
    guess = babel.sample_state(seen, random.Random(seed))
    assert babel.check_state(guess) == []
    assert babel.view(guess, seat) == seen


def test_a_view_shows_what_the_player_may_know() -> None:
    """His own hand, both hand sizes, deck sizes, every column, temple and row, the discard
    pile; his legal actions only when he is to move (spec B28, B29, B49)."""
    for state in sample_states():
        for seat in (0, 1):
            seen = babel.view(state, seat)
            assert seen.hand == state.sides[seat].hand
            assert seen.hand_sizes == tuple(sum(s.hand) for s in state.sides)
            assert (seen.people_size, seen.temple_size) == (
                len(state.people),
                len(state.temple_deck),
            )
            assert seen.discard == state.discard and seen.scores == state.scores
            for public, side in zip(seen.sides, state.sides, strict=True):
                assert (public.columns, public.temples, public.row, public.pawn) == (
                    side.columns,
                    side.temples,
                    side.row,
                    side.pawn,
                )
            to_move = state.to_move == seat
            assert seen.legal == (babel.legal_actions(state) if to_move else ())
            assert seen.to_move == state.to_move


def test_a_view_during_the_opponents_first_turn_deals_him_a_hand_that_can_still_build() -> None:
    """Found by the soak (seed 639): seat 1, in his first turn, has built from a row where his
    pawn stands; from seat 0's view, a sampled hand must still let him build his starting
    card elsewhere, or the view would read as impossible (spec B8, B57)."""
    state = babel.new_game(639)
    rng = random.Random(639)
    for _ in range(17):
        state = babel.apply(state, rng.choice(babel.legal_actions(state)))
    assert state.active == 1 and state.sides[1].starting
    assert round_trip_problems(state) == []
    seen = babel.view(state, 0)
    for seed in range(20):
        guess = babel.sample_state(seen, random.Random(seed))
        assert babel.check_state(guess) == [] and babel.view(guess, 0) == seen
