"""What a run can say: whether each variant it compares came into play, whether its games
ended, whether its seats were balanced. A designer reads "no change" from a variant that
never happened, or a seat's advantage from an agent's strength, unless told; these are the
sentences that tell him."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from ...core.measures import Feature
from ...games import DEFAULT_GAME, GAMES, game_named
from .measures import switch_on
from .tally import GameTally

__all__ = ["COVERAGE_SHARE", "FEATURES", "Feature", "balanced", "coverage", "warnings"]

COVERAGE_SHARE: Final = 0.05
"""A switch whose feature came into play in fewer than this share of its games is said to be
untested by the run."""


FEATURES: Final = GAMES[DEFAULT_GAME].measures.features
"""The main game's switches whose feature a game may never meet (open scoring is always in
play: it only shows the points); each game's are its
:attr:`~tigeuph.games.Measures.features`."""


def coverage(
    rules: Any, games: Sequence[GameTally], game: str = DEFAULT_GAME
) -> dict[str, tuple[int, int]]:
    """For each switch on in *rules* of *game* that has a feature
    (:attr:`~tigeuph.games.Measures.features`; the main game's :data:`FEATURES`), in how many
    of *games* its feature came into play, and of how many.

    >>> from tigeuph import Rules
    >>> coverage(Rules(wonder=True), [])
    {'wonder': (0, 0)}
    """
    played = game_named(game, "coverage: game")
    return {
        f.switch: (sum(t.count(f.counter) > 0 for t in games), len(games))
        for f in played.measures.features
        if switch_on(played, rules, f.switch)
    }


def balanced(games: Sequence[GameTally]) -> bool:
    """Whether every agent sat in every seat equally often over *games*, so that the seats'
    shares of wins measure the seats, not the agents in them.

    >>> game = GameTally(1, ("greedy", "random"), 10, 5, "bag", (3, 1), (0,))
    >>> balanced([game]), balanced([game, GameTally(1, ("random", "greedy"), 10, 5, "bag", (1, 3), (1,), 1)])
    (False, True)
    """  # noqa: E501 (a doctest line)
    seats: Counter[tuple[int, str]] = Counter()
    for t in games:
        seats.update(enumerate(t.agents))
    agents = {agent for _, agent in seats}
    players = {len(t.agents) for t in games}
    return all(
        len({seats[seat, agent] for seat in range(n)}) == 1 for n in players for agent in agents
    )


def warnings(
    label: str, rules: Any, games: Sequence[GameTally], game: str = DEFAULT_GAME
) -> list[str]:
    """What the games of *game* played under *rules* cannot say, as sentences: a variant that
    came into play in fewer than :data:`COVERAGE_SHARE` of them, games that stalled (spec D8),
    seats that were not balanced."""
    out = []
    covered = coverage(rules, games, game)
    for f in game_named(game, "warnings: game").measures.features:
        if f.switch not in covered:
            continue
        met, of = covered[f.switch]
        if met < COVERAGE_SHARE * of or of == 0:
            out.append(
                f"{label}: {f.happened} in {met} of {of} games: "
                f"this run says nothing about {f.subject}"
            )
    stalled = sum(t.stalled for t in games)
    if stalled:
        out.append(
            f"{label}: {stalled} of {len(games)} games did not end (they stalled, spec D8, or "
            "reached the action bound) and were scored as they stood"
        )
    if not balanced(games):
        out.append(
            f"{label}: the agents did not sit in every seat equally often, so the seats' shares "
            "of wins say nothing about a seat's advantage"
        )
    return out
