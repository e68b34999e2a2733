"""What an action gains its player (``presentation.gains``, the reason a hint gives): the
rulebook's revolt in words a player checks (the strengths, the leader beside temples, the
point), a catastrophe that strands a rival's leader, and random games where every number
named is the engine's and nothing hidden changes the words."""

from __future__ import annotations

import random
import re

import pytest
from helpers.games import position, random_game

import tigeuph
from tigeuph import COLOURS, Colour, GameState, parse_action

gains = tigeuph.GAMES["tigris"].presentation.gains

# The rulebook's revolt, as tests/tigris/test_explain.py sets it.
REVOLT = position(
    """
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  .  R1 .  .  .  .  .  r$ ~  ~
 6   .  .  .  .  .  .  .  r  r  .  r  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
""",
    "player 0: hand=rrkk",
    "player 1: hand=rrrg",
)


def lone_king(mover: int) -> GameState:
    """Seat 0's king on G5 with one temple beside it, on G6; *mover* to play."""
    return position(
        """
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  K0 .  .  .  .  .  .  r$ ~  ~
 6   .  .  .  .  .  .  r  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
""",
        f"turn: player={mover} actions=2",
        "player 0: hand=r",
    )


def play(state: GameState, *actions: str) -> GameState:
    for text in actions:
        state = tigeuph.apply(state, parse_action(text))
    return state


def test_the_rulebook_revolt_is_told_with_its_strengths_and_the_point_it_scores() -> None:
    """Seat 0's priest placed on J6 starts the red revolt, 2 temples against 1; seat 1's 1 + 3
    against 2 + 2 wins it (ties go to the defender), sends the priest home and scores a red
    point."""
    started = gains(REVOLT, parse_action("RJ6"))
    assert started == (
        "starts a red revolt against seat 1's priest: 2 temples against 1 on the board and "
        "places your priest on J6, beside 2 temples (its strength in a revolt), in a kingdom "
        "of 6 pieces"
    )
    committed = gains(play(REVOLT, "RJ6"), parse_action("+2"))
    assert committed == (
        "commits 2 red tiles to your attack: 4 against seat 1's 1 on the board, before his support"
    )
    assert gains(play(REVOLT, "RJ6", "+2"), parse_action("+3")) == (
        "wins the red revolt 4 to 4: seat 0's priest leaves J6 and scores you 1 red point "
        "(red 0 to 1)"
    )


def test_a_catastrophe_names_the_tile_and_the_rival_leader_it_sends_home() -> None:
    """Seat 1's catastrophe on G6 destroys the one temple beside seat 0's king, which goes
    home (R14, R10); seat 0 dropping it himself is told as a cost."""
    assert gains(lone_king(1), parse_action("xG6")) == (
        "destroys the red tile on G6 from the kingdom of seat 0 and sends seat 0's king home "
        "from G5 (no temple beside it)"
    )
    assert gains(lone_king(0), parse_action("xG6")) == (
        "gains you nothing at once, though your king on G5 goes home and 1 tile of your "
        "kingdoms leaves the board (G6)"
    )


def test_an_action_that_gains_nothing_says_so_by_being_empty() -> None:
    state = tigeuph.new_game(2, seed=7)
    assert gains(state, parse_action("kF4")) == ""  # no leader near: it scores for nobody
    assert gains(state, parse_action("rE1")) == ""  # illegal: explain says why
    assert gains(state, parse_action("pass")) == "keeps your tiles in hand"


_POINTS = re.compile(r"(red|blue|green|black) (\d+) to (\d+)\)")


def _numbers_agree(before: GameState, after: GameState, said: str) -> None:
    """Each colour's points are told from the count before to the count after."""
    mover = before.to_move
    assert mover is not None
    told: dict[Colour, list[tuple[int, int]]] = {}
    for colour, was, now in _POINTS.findall(said):
        told.setdefault(Colour[colour.upper()], []).append((int(was), int(now)))
    for colour in COLOURS:
        gained = after.points[mover][colour] - before.points[mover][colour]
        steps = told.get(colour, [])
        assert bool(steps) == (gained > 0), said
        if steps:
            assert steps[0][0] == before.points[mover][colour], said
            assert steps[-1][1] == after.points[mover][colour], said


@pytest.mark.parametrize("seed", [3, 11])
def test_in_random_games_the_numbers_are_the_engines_and_nothing_hidden_counts(seed: int) -> None:
    """In every step of two random games the points named are the engine's, the words never
    fall back on the evaluation, and the same words come from a state dealt again from the
    mover's view (other hands, the bag and hidden points changed): they tell nothing hidden."""
    rng = random.Random(seed)
    for step, (before, action, after) in enumerate(random_game(3, seed)):
        said = gains(before, action)
        _numbers_agree(before, after, said)
        assert "evaluation" not in said and "rates" not in said
        if step % 4 == 0:
            mover = before.to_move
            assert mover is not None
            dealt = tigeuph.sample_state(tigeuph.view(before, mover), rng)
            assert gains(dealt, action) == said, (step, str(action))
