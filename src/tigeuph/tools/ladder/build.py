"""The two ways a ladder is made: run its rungs' matches (:func:`run_ladder`), or place a new
player on a ladder already run (:func:`place`), without playing its rungs again."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...core.errors import ArgumentError
from .results import Ladder
from .rungs import LADDER, RUNGS, matches
from .runner import LadderGame, player, run_matches
from .sprt import H1, SPRT

__all__ = ["DEFAULT_DEALS", "keep_placed", "place", "run_ladder"]

DEFAULT_DEALS = 200
"""The most deals of the book a match plays unless told otherwise: enough for the test to
settle rungs 100 Elo points or more apart at the default error rates."""


def run_ladder(
    game: str,
    players: int,
    rungs: Sequence[str] = tuple(RUNGS),
    *,
    test: SPRT | None = None,
    limit: int = DEFAULT_DEALS,
    jobs: int = 1,
    dask: str | None = None,
    known: Mapping[tuple[str, str], Mapping[int, tuple[LadderGame, ...]]] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[str, str, int, tuple[LadderGame, ...]], None] | None = None,
) -> Ladder:
    """The ladder of *rungs* (names of :data:`~.rungs.RUNGS`) for *game* and *players*: each
    match of :func:`~.rungs.matches` played on the book's deals until its sequential *test*
    (by default :class:`~.sprt.SPRT`'s) decides or *limit* deals are played, every game that
    ended rated together. *known* gives the games of deals already played, by match (lower
    player first) and deal (as :meth:`~.results.Ladder.known`: of a run resumed under the same
    test and limit), which are not played again; *on_deal* is told each deal played (for a
    journal), *on_progress* the games played and the most still to play.

    Raises:
        ArgumentError: an unknown rung.
        AgentError: a player misbehaved.
    """
    test = test or SPRT()
    unknown = [r for r in rungs if r not in RUNGS]
    if unknown:
        raise ArgumentError(f"no rung {unknown[0]!r}: the rungs are {', '.join(RUNGS)}")
    ordered = tuple(r for r in RUNGS if r in rungs)
    entrants = [player(r, game) for r in ordered]
    pairs = [(player(a, game), player(b, game)) for a, b in matches(ordered)]
    played = run_matches(
        pairs,
        game,
        players,
        test=test,
        limit=limit,
        jobs=jobs,
        dask=dask,
        known=known,
        on_progress=on_progress,
        on_deal=on_deal,
    )
    return Ladder.rated(game, players, test, limit, entrants, played)


def place(
    spec: str,
    ladder: Ladder,
    *,
    jobs: int = 1,
    dask: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Ladder:
    """*ladder* with the player *spec* (an agent specification: ``external:COMMAND``,
    ``module:factory``...) placed on it: matched, under the ladder's own test and deals, with
    its honest rungs from the bottom up while the test finds it stronger (H1), then rated
    together with every game of the ladder, which are not played again. A player the ladder
    rates already (placed before, or a rung) is not played again either: *ladder* is returned
    as it is, so a placement run a second time plays nothing, as a ladder run again resumes.

    Raises:
        AgentSpecError: *spec* names no agent.
        ArgumentError: *ladder* is a summary (its games are needed).
        AgentError: the player misbehaved.
    """
    if not ladder.games:
        raise ArgumentError(
            f"{ladder.key}: a summary without games cannot place a player: give the full "
            "results file"
        )
    if spec in (p.name for p in ladder.entrants):
        return ladder
    placed = player(spec, ladder.game)  # a rung the ladder did not run may be placed too
    if placed.cheat:
        raise ArgumentError(f"{spec} sees every hand: it is a rung, run it with the ladder")
    rungs = [p for p in ladder.entrants if p.name in LADDER]
    found = []
    for rung in rungs:
        (match,) = run_matches(
            [(rung, placed)],
            ladder.game,
            ladder.players,
            test=ladder.test,
            limit=ladder.limit,
            jobs=jobs,
            dask=dask,
            on_progress=on_progress,
        )
        found.append(match)
        if match.decision.verdict != H1:
            break
    return Ladder.rated(
        ladder.game,
        ladder.players,
        ladder.test,
        ladder.limit,
        [*ladder.entrants, placed],
        [*ladder.matches, *found],
        [*ladder.placed, spec],
    )


def keep_placed(ladder: Ladder, previous: Ladder) -> Ladder:
    """*ladder*, the rungs of *previous* run again (resumed, or with a rung added), with the
    players placed on *previous* kept: their matches as they were, every game rated together
    again. (A placed player does not climb a rung added since: its matches stand.)"""
    if not previous.placed:
        return ladder
    placed = set(previous.placed)
    return Ladder.rated(
        ladder.game,
        ladder.players,
        ladder.test,
        ladder.limit,
        [*ladder.entrants, *(p for p in previous.entrants if p.name in placed)],
        [*ladder.matches, *(m for m in previous.matches if {m.low, m.high} & placed)],
        previous.placed,
    )
