"""Final scoring and ranking (spec R27)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tigeuph.tigris.rules.scoring import final_vector, rank


def test_rulebook_example_ranking() -> None:
    """The rulebook's example: pottery wins with 11; lion and buffalo tie on their two weakest
    colours (10 and 10) and the third decides (12 against 11); the bow, with 22 black points, is
    last (R27)."""
    pottery = (11, 12, 13, 14)
    lion = (10, 10, 12, 13)
    buffalo = (10, 10, 11, 15)
    bow = (22, 4, 9, 9)
    results = rank([pottery, lion, buffalo, bow], [0, 0, 0, 0])
    assert [r.rank for r in results] == [1, 2, 3, 4]
    assert [r.score for r in results] == [11, 10, 10, 4]


def test_treasures_fill_the_weakest_colours() -> None:
    """Treasures are wild points given to the weakest colours (R27)."""
    assert final_vector((5, 2, 3, 9), 0) == (2, 3, 5, 9)
    assert final_vector((5, 2, 3, 9), 4) == (4, 5, 5, 9)
    assert final_vector((5, 2, 3, 9), 5) == (5, 5, 5, 9)
    assert final_vector((5, 2, 3, 9), 6) == (5, 5, 6, 9)


def test_full_tie_shares_the_rank() -> None:
    """Players equal in every colour share their rank; the next rank is skipped (R27)."""
    results = rank([(3, 4, 5, 6), (6, 5, 4, 3), (1, 9, 9, 9)], [0, 0, 1])
    assert [r.rank for r in results] == [1, 1, 3]


@given(
    st.lists(st.tuples(*[st.integers(0, 30)] * 4), min_size=2, max_size=4),
    st.data(),
)
def test_greedy_treasures_are_optimal(
    points: list[tuple[int, int, int, int]], data: st.DataObject
) -> None:
    """No other way of spending the treasures gives a better sorted vector (R27)."""
    for p in points:
        t = data.draw(st.integers(0, 6))
        best = final_vector(p, t)
        for a in range(t + 1):
            for b in range(t + 1 - a):
                for c in range(t + 1 - a - b):
                    d = t - a - b - c
                    other = tuple(sorted((p[0] + a, p[1] + b, p[2] + c, p[3] + d)))
                    assert other <= best
