"""The ladder's deal book and rungs (issue 41): published seeds anyone can derive, every deal
in every rotation of a balanced seating, and a cheating rung no one can seat outside the
ladder."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tigeuph
from tigeuph.agents import AgentSpecError, make_agent
from tigeuph.core.errors import ArgumentError, TigeuphError
from tigeuph.tools.ladder import (
    BOOK_GAMES,
    BOOK_SIZE,
    CheatingSearch,
    book_seed,
    deal_book,
    matches,
    seatings,
    spec_of,
)
from tigeuph.tools.ladder.book import main as book_main


def test_the_book_holds_its_derived_seeds_for_every_game_and_count() -> None:
    """Each game and player count has BOOK_SIZE distinct seeds, deal i the SHA-256 derivation
    of its name, and the committed file checks against its derivation."""
    for game, counts in BOOK_GAMES.items():
        for players in counts:
            seeds = deal_book(game, players)
            assert len(seeds) == len(set(seeds)) == BOOK_SIZE
            assert seeds[7] == book_seed(game, players, 7)
            assert all(0 <= s < 2**63 for s in seeds)
    assert deal_book("tigris", 2) != deal_book("tigris", 3)
    assert book_main(["--check"]) == 0


def test_the_book_refuses_a_count_it_does_not_hold() -> None:
    with pytest.raises(ArgumentError, match="no babel deals for 3 players"):
        deal_book("babel", 3)
    with pytest.raises(ArgumentError):
        deal_book("nim", 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seatings_rotate_every_seat_and_balance_the_players(players: int) -> None:
    """Every rotation of each seating is among the seatings, each player sits in each seat
    equally often, and the two players fill as many seats over the deal."""
    found = seatings(players)
    assert len(set(found)) == len(found)
    for seating in found:
        for turn in range(players):
            assert tuple(seating[(s + turn) % players] for s in range(players)) in found
        assert set(seating) == {0, 1}
    for seat in range(players):
        assert Counter(s[seat] for s in found) == {0: len(found) // 2, 1: len(found) // 2}
    assert Counter(x for s in found for x in s) == {0: len(found) * players // 2} | {
        1: len(found) * players // 2
    }


def test_adjacent_rungs_are_matched_and_the_cheat_with_its_twin() -> None:
    assert matches(("random", "greedy", "search-100", "search-300", "cheat-300")) == (
        ("random", "greedy"),
        ("greedy", "search-100"),
        ("search-100", "search-300"),
        ("search-300", "cheat-300"),
    )


def test_the_cheating_search_plays_nowhere_but_the_ladder() -> None:
    """No specification makes the cheat, the simulator's rung names refuse it, and the agent
    itself refuses to search without the ladder's truth."""
    with pytest.raises(AgentSpecError):
        make_agent("cheat-300")
    with pytest.raises(AgentSpecError, match="ladder"):
        spec_of("cheat-300")
    view = tigeuph.Game.new(2, seed=1).view(0)
    with pytest.raises(TigeuphError, match="ladder"):
        CheatingSearch(5).act(view, random.Random(0))
