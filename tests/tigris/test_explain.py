"""``tigeuph.explain``: the clauses behind an action and what it would cause, on the rulebook's
revolt and war, an illegal tile, a catastrophe, monument points, and random games."""

from __future__ import annotations

import random

import pytest
from helpers.games import position, random_game

import tigeuph
from tigeuph import Colour, GameState, parse_action, parse_cell
from tigeuph.tigris.describe.words import status

RED, GREEN, BLACK = Colour.RED, Colour.GREEN, Colour.BLACK


def play(state: GameState, *actions: str) -> GameState:
    for text in actions:
        state = tigeuph.apply(state, parse_action(text))
    return state


# From the casebook, revolts/rulebook-revolt-tie-goes-to-the-defender.txt
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

# From the casebook, wars/rulebook-war-second-war-vanishes.txt
WAR = position(
    """
 4   ~  ~  ~  ~  .  G0 .  .  .  .  G1 .  .  ~  ~  ~
 5   .  .  .  .  K0 r  g  .  g  g  r  K1 .  r$ ~  ~
 6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
""",
    "player 0: hand=kgggg",
    "player 1: hand=g",
)

# From the casebook, catastrophes/catastrophe-strands-a-leader.txt and
# tiles/red-tile-on-a-river-refused.txt
LONE_KING = position(
    """
 4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  K0 .  .  .  .  .  .  r$ ~  ~
 6   .  .  .  .  .  .  r  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
""",
    "player 0: hand=r",
)

# From the casebook, monuments/rulebook-monument-points-at-turn-end.txt
MONUMENT_ROWS = """
 4   ~  ~  ~  ~  .  r  .  .  r  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  K0 #  #  R1 .  .  .  .  r$ ~  ~
 6   .  .  .  .  .  .  #  #  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
"""
MONUMENT = position(MONUMENT_ROWS, "monuments: rk@G5/r")


def test_a_leader_starting_a_revolt_names_sides_strengths_and_the_attacker_to_commit() -> None:
    """Placing a priest beside another priest's kingdom starts a revolt: temples beside each
    leader, 2 against 1, and the attacker commits first (R8, R9, R15)."""
    before = tigeuph.to_text(REVOLT)
    e = tigeuph.explain(REVOLT, parse_action("RJ6"))
    assert tigeuph.to_text(REVOLT) == before
    assert e.legal and e.clauses == ("R8", "R9", "R15") and e.reason == ""
    assert e.conflict == tigeuph.ConflictInfo(
        "revolt", RED, attacker=0, defender=1, attacker_strength=2, defender_strength=1
    )
    assert e.next_decision is not None
    assert "seat 0" in e.next_decision and "attacker" in e.next_decision
    assert "red revolt" in e.next_decision
    # The status line of the terminal and the pictures words the decision the same way.
    shown = status(tigeuph.apply(REVOLT, parse_action("RJ6")))
    assert shown == e.next_decision[0].upper() + e.next_decision[1:]
    assert e.points == () and e.withdrawn == () and e.removed_tiles == ()
    assert not e.monument_possible and not e.game_over and not e.turn_ends
    assert str(e).startswith("Legal (R8, R9, R15). Red revolt")


def test_the_defenders_support_settles_the_revolt_tie_to_the_defender() -> None:
    """The rulebook's revolt: 2 + 2 against 1 + 3 is a tie, so the defender wins, scores one red
    point and the attacker's priest goes home (R15)."""
    state = play(REVOLT, "RJ6", "+2")
    e = tigeuph.explain(state, parse_action("+3"))
    assert e.legal and e.clauses == ("R15",)
    assert e.conflict is not None
    assert (e.conflict.attacker_strength, e.conflict.attacker_support) == (2, 2)
    assert (e.conflict.defender_strength, e.conflict.defender_support) == (1, 3)
    assert e.conflict.winner == 1
    assert e.points == ((1, RED, 1),)
    assert e.withdrawn == ((0, RED),)
    assert e.removed_tiles == ()  # R15: no board tile is removed
    assert e.next_decision is None and e.next_player == 0
    text = str(e)
    assert "seat 1 wins (ties go to the defender)" in text
    assert "Seat 0's priest returns to supply." in text
    assert "Seat 1 scores 1 red point." in text


def test_the_rulebook_war_strengths_removals_points_and_the_war_that_vanishes() -> None:
    """The rulebook's war: the unification asks for the order (R17); the green war is 1 against
    2 on the board, 5 against 3 with support; the two markets on the loser's side go, the
    winner scores 3, and the kings' war vanishes (R19, R20, R21)."""
    unify = tigeuph.explain(WAR, parse_action("kH5"))
    assert unify.clauses == ("R11", "R12", "R17")
    assert unify.points == () and unify.conflict is None
    assert unify.next_decision == "seat 0 chooses the next war: green or black"

    state = play(WAR, "kH5")
    choose = tigeuph.explain(state, parse_action("!g"))
    assert choose.clauses == ("R17", "R18", "R19")
    assert choose.conflict == tigeuph.ConflictInfo(
        "war", GREEN, attacker=0, defender=1, attacker_strength=1, defender_strength=2
    )

    state = play(state, "!g", "+4")
    e = tigeuph.explain(state, parse_action("+1"))
    assert e.legal and e.clauses == ("R19", "R20", "R21")
    assert e.conflict == tigeuph.ConflictInfo(
        "war",
        GREEN,
        0,
        1,
        attacker_strength=1,
        defender_strength=2,
        attacker_support=4,
        defender_support=1,
        winner=0,
    )
    assert e.removed_tiles == ((parse_cell("I5"), GREEN), (parse_cell("J5"), GREEN))
    assert e.points == ((0, GREEN, 3),)
    assert e.withdrawn == ((1, GREEN),)
    assert e.vanished_wars == (BLACK,)
    assert e.next_decision is None
    text = str(e)
    sides = "seat 0 attacks with 1 + 4 committed = 5, seat 1 defends with 2 + 1 committed = 3"
    assert sides in text
    assert "The black war vanishes" in text
    assert "Tiles leave the board: green on I5, green on J5." in text


def test_an_illegal_tile_gives_the_clause_and_the_reason() -> None:
    """A red tile on a river is illegal under R11; nothing follows from it."""
    e = tigeuph.explain(LONE_KING, parse_action("rE3"))
    assert not e.legal
    assert e.clauses == ("R11",)
    assert "never goes on a river" in e.reason
    assert e.points == () and e.removed_tiles == () and e.withdrawn == ()
    assert e.conflict is None and e.next_decision is None
    assert str(e) == "Illegal (R11): rE3: a red tile never goes on a river (E3)."


def test_a_catastrophe_removes_the_tile_and_strands_the_king() -> None:
    """A catastrophe on the king's only temple removes it and sends the king home (R14, R10)."""
    e = tigeuph.explain(LONE_KING, parse_action("xG6"))
    assert e.legal and e.clauses == ("R14", "R10")
    assert e.removed_tiles == ((parse_cell("G6"), RED),)
    assert e.withdrawn == ((0, BLACK),)
    assert e.points == () and e.conflict is None
    assert "Seat 0's king returns to supply (R10: no temple beside it)." in str(e)


def test_monument_points_at_the_end_of_the_turn_are_told_apart() -> None:
    """Ending the turn scores the king's black monument point (R7, R24)."""
    e = tigeuph.explain(MONUMENT, parse_action("pass"))
    assert e.clauses == ("R5", "R7", "R24")
    assert e.points == e.monument_points == ((0, BLACK, 1),)
    assert e.turn_ends and e.next_player == 1
    assert "from monuments (R24): seat 0 scores 1 black point." in str(e)


def test_a_tile_point_and_a_monument_point_of_one_colour_are_not_a_building() -> None:
    """A black tile scoring 1 as the turn's last action, then the monument's black point, gives
    2 black points without the buildings variant: no double score, so no R30 (R13, R24)."""
    state = play(position(MONUMENT_ROWS, "monuments: rk@G5/r", "player 0: hand=kk"), "kE5")
    e = tigeuph.explain(state, parse_action("kE6"))
    assert e.points == ((0, BLACK, 2),) and e.monument_points == ((0, BLACK, 1),)
    assert e.clauses == ("R11", "R13", "R7", "R24")


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (2, 3), (3, 4), (4, 5)])
def test_explain_agrees_with_the_engine_over_random_games(players: int, seed: int) -> None:
    """Over random legal play, explain never raises, agrees with legal_actions on legality and
    reports exactly the points, treasures, removals and withdrawals that apply causes."""
    rng = random.Random(seed)
    for before, action, after in random_game(players, seed):
        e = tigeuph.explain(before, action)
        assert e.legal and e.clauses and e.reason == "", (action, e)
        gained = {(p, colour): n for p, colour, n in e.points}
        for p in range(players):
            for colour in tigeuph.COLOURS:
                diff = after.points[p][colour] - before.points[p][colour]
                assert gained.get((p, colour), 0) == diff
            taken = after.treasures_taken[p] - before.treasures_taken[p]
            assert dict(e.treasures_taken).get(p, 0) == taken
        for c, colour in e.removed_tiles:
            assert before.tile_at(c) is colour and after.tile_at(c) is None
        for p, colour in e.withdrawn:
            assert before.leaders[p][colour] is not None and after.leaders[p][colour] is None
        assert e.game_over == after.is_over
        assert e.monument_possible == isinstance(after.pending, tigeuph.MonumentChoice)
        assert (e.next_decision is None) == (after.pending is None or after.is_over)
        assert str(e).startswith("Legal (")
        fight = e.conflict
        if fight is not None and fight.winner is not None:  # the engine's strengths (R15, R19)
            assert fight.attacker_support is not None and fight.defender_support is not None
            attack = fight.attacker_strength + fight.attacker_support
            defence = fight.defender_strength + fight.defender_support
            assert fight.winner == (fight.attacker if attack > defence else fight.defender)
        # Any action at all: legal exactly when legal_actions lists it.
        other = tigeuph.id_to_action(rng.randrange(tigeuph.ACTION_COUNT))
        o = tigeuph.explain(before, other)
        assert o.legal == (other in tigeuph.legal_actions(before)), (other, o)
        assert o.legal or (len(o.clauses) == 1 and o.reason)
