"""What a Babel action gains its player (``presentation.gains``, the reason a hint gives): the
pawn, the column, the temple level and the score in words a player checks at the table, and in
random games the scores named are the engine's and the words the same for any deal the mover's
view allows."""

from __future__ import annotations

import random
import re

from helpers.babel_games import sample_states

from tigeuph import GAMES, babel

gains = GAMES["babel"].presentation.gains


def test_the_first_turn_is_told_as_the_table_shows_it() -> None:
    """Travel, colonise and the starting card: where the pawn goes, the column it grows, the
    level built and the score; an illegal action gains nothing."""
    state = babel.new_game(seed=2)
    assert (
        gains(state, babel.parse_action(">H")) == "takes your pawn from the quarry to the Hittites"
    )
    assert gains(state, babel.parse_action("end")) == ""  # B8: not before the starting card
    state = babel.apply(state, babel.parse_action(">H"))
    colonise = next(a for a in babel.legal_actions(state) if str(a).startswith("+"))
    nation = str(colonise)[1]
    assert gains(state, colonise) == (f"grows your column at the Hittites to {nation} (1 card)")
    built = babel.apply(state, colonise)
    assert gains(built, babel.parse_action("#s")) == (
        "builds your starting card, builds level 1 on your temple at the Hittites and raises "
        "your score from 0 to 1"
    )


_SCORE = re.compile(r"(your|seat \d's) score from (\d+) to (\d+)")


def test_in_random_games_scores_are_the_engines_and_nothing_hidden_counts() -> None:
    """Every legal action of sampled states: each score named goes from the engine's score
    before to the one after, and a state dealt again from the mover's view (the other hand and
    the decks changed) gives the same words."""
    rng = random.Random(5)
    for state in sample_states()[::4]:
        mover = state.to_move
        if mover is None:
            continue
        dealt = babel.sample_state(babel.view(state, mover), rng)
        for action in babel.legal_actions(state):
            said = gains(state, action)
            after = babel.apply(state, action)
            for who, was, now in _SCORE.findall(said):
                seat = mover if who == "your" else 1 - mover
                assert (int(was), int(now)) == (state.scores[seat], after.scores[seat]), said
            assert gains(dealt, action) == said, (str(action), said)
