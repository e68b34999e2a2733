"""The final score and ranking (spec R27): each player's points with the treasures given to the
weakest colours, compared between players. Plain arithmetic on numbers, below the state, so
that the words about a finished game (``tigeuph.tigris.describe.words``) can name its winners."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

__all__ = ["PlayerResult", "final_vector", "first_ranked", "rank"]


@frozen
class PlayerResult:
    """One player's final result (spec R27).

    ``vector`` is the player's points per colour once the treasures are given to the weakest
    colours, sorted weakest first; ``score`` is its first entry. Players are ranked by comparing
    vectors; equal vectors share a rank.
    """

    player: int
    points: tuple[int, int, int, int]
    treasures: int
    vector: tuple[int, int, int, int]
    rank: int

    @property
    def score(self) -> int:
        """Points in the weakest colour, treasures included."""
        return self.vector[0]


def final_vector(points: Sequence[int], treasures: int) -> tuple[int, int, int, int]:
    """Points per colour, treasures added one by one to the weakest colour, sorted ascending.

    Giving each treasure to the current weakest colour makes the sorted vector as large as it
    can be, which is what the tie-break compares.

    >>> final_vector((3, 1, 5, 1), 3)
    (2, 3, 3, 5)

    Contracts (PEP 316, checked by CrossHair in CI): the vector is sorted, holds every point
    and treasure, never lowers a colour, and a colour that got treasures ends at the weakest
    level or one above (the treasures fill the weakest colours evenly). The treasures are
    bounded (a board has at most 57, a game far fewer) to keep the symbolic loop short.

    pre: len(points) == 4 and all(p >= 0 for p in points)
    pre: 0 <= treasures <= 12
    post: list(__return__) == sorted(__return__)
    post: sum(__return__) == sum(points) + treasures
    post: all(v >= p for v, p in zip(__return__, sorted(points)))
    post: all(v <= __return__[0] + 1 for v, p in zip(__return__, sorted(points)) if v > p)
    """
    values = sorted(points)
    for _ in range(treasures):
        values[0] += 1
        values.sort()
    a, b, c, d = values
    return a, b, c, d


def rank(points: Sequence[Sequence[int]], treasures: Sequence[int]) -> tuple[PlayerResult, ...]:
    """Every player's result, in seat order, with ranks (1 = best; ties share, spec R27).

    >>> [r.rank for r in rank([(4, 4, 9, 9), (4, 4, 8, 9), (5, 5, 5, 5)], [0, 0, 0])]
    [2, 3, 1]

    Contracts (PEP 316, checked by CrossHair in CI): one result per seat, in seat order; a
    player's rank is one more than the number of players with a better vector, so somebody
    ranks first, and two players share a rank exactly when their vectors are equal.

    pre: 1 <= len(points) == len(treasures) <= 4
    pre: all(len(p) == 4 and min(p) >= 0 for p in points)
    pre: all(0 <= t <= 6 for t in treasures)
    post: [r.player for r in __return__] == list(range(len(points)))
    post: all(r.rank == 1 + sum(o.vector > r.vector for o in __return__) for r in __return__)
    post: min(r.rank for r in __return__) == 1
    post: all((a.rank == b.rank) == (a.vector == b.vector) for a in __return__ for b in __return__)
    """
    vectors = [final_vector(p, t) for p, t in zip(points, treasures, strict=True)]
    results = []
    for player, vector in enumerate(vectors):
        better = sum(1 for other in vectors if other > vector)
        p = points[player]
        results.append(
            PlayerResult(player, (p[0], p[1], p[2], p[3]), treasures[player], vector, better + 1)
        )
    return tuple(results)


def first_ranked(results: Sequence[PlayerResult]) -> tuple[int, ...]:
    """The players *results* rank first: the winners (several on a full tie, spec R27)."""
    return tuple(r.player for r in results if r.rank == 1)
