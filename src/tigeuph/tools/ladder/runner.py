"""Playing the ladder's matches: each deal of the book in all its seatings, the sequential test
after each deal in book order, in this process, in a pool of processes (``jobs``) or on a Dask
cluster (``dask``), with the same games and the same verdicts every way.

The work is cut into tasks of one deal of one match (:class:`DealTask`, a few hundred bytes);
the matches run side by side, so every worker stays busy while some match is undecided. A
worker may play a few deals ahead of its match's test: when the test stops, the games of later
deals are dropped, so that what is kept does not depend on how many workers played.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from attrs import Factory, field, frozen

from ...agents.factory import agents_for_seats, make_agent, release_bots
from ...agents.match import play
from ...core.deals import COMMITMENT_TAG, SALT_TAG
from ...core.extras import require
from ...games import game_named
from .book import BOOK_SALT, commitment, deal_book, seatings
from .cheat import watched_agents
from .ratings import Outcome, pairwise
from .rungs import RUNGS, spec_of
from .sprt import SPRT, Decision

__all__ = [
    "LOCAL",
    "DealTask",
    "LadderGame",
    "MatchResult",
    "Player",
    "deal_score",
    "play_deal",
    "player",
    "run_matches",
]

LOCAL = "local"
"""The *dask* address that starts a Dask ``LocalCluster`` on this machine."""


@frozen
class Player:
    """A player of the ladder: a rung (:data:`~.rungs.RUNGS`) or any agent specification."""

    name: str
    spec: str
    cheat: bool = False


def player(name: str, game: str = "tigris") -> Player:
    """The player *name* names: a rung's name, or an agent specification (``external:...``,
    ``module:factory``...), checked for *game*.

    Raises:
        AgentSpecError: *name* is neither.
    """
    found = RUNGS.get(name)
    if found is not None:
        return Player(found.name, found.spec, found.cheat)
    make_agent(spec_of(name), game=game)
    return Player(name, name)


@frozen
class LadderGame:
    """One game of a match: the deal's place in the book and its seed, each seat's player,
    each seat's rank, why it was stopped (``None``: it ended), its wall-clock time, its
    record."""

    deal: int
    seed: int
    seats: tuple[str, ...]
    ranks: tuple[int, ...]
    stopped: str | None
    seconds: float
    record: str

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.seats, self.ranks)


@frozen
class DealTask:
    """What a worker plays: one deal of the book in every seating of two players."""

    game: str
    players: int
    pair: tuple[Player, Player]
    deal: int
    seed: int


def _seat(who: Player, game: str, seed: int) -> Any:
    """A seat's agent, or for a cheating rung its budget (:func:`~.cheat.watched_agents`)."""
    if who.cheat:
        return int(who.spec.rpartition("=")[2])
    return agents_for_seats([who.spec], game=game)[0]


def play_deal(task: DealTask) -> tuple[LadderGame, ...]:
    """The games of *task*: its deal in each seating (:func:`~.book.seatings`), in order;
    each record carries the book's ``DealSalt`` and ``DealCommitment`` (``tigeuph verify``).
    External bots serve the whole task and are stopped at its end."""
    out = []
    try:
        for seating in seatings(task.players):
            who = [task.pair[k] for k in seating]
            # One agent per seat (an external bot's seats each get their own process).
            agents = [_seat(w, task.game, task.seed) for w in who]
            kept = [a for a in agents if not isinstance(a, int)]
            if len(set(map(id, kept))) < len(kept):
                specs = [w.spec for w in who if not w.cheat]
                fresh = iter(agents_for_seats(specs, game=task.game))
                agents = [a if isinstance(a, int) else next(fresh) for a in agents]
            tags = {
                "Event": "tigeuph ladder",
                SALT_TAG: BOOK_SALT,
                COMMITMENT_TAG: commitment(task.seed),
                **{f"Player{seat}": w.name for seat, w in enumerate(who)},
            }
            start = time.perf_counter()
            record: Any = play(
                watched_agents(agents, task.game, task.seed),
                game=task.game,
                seed=task.seed,
                tags=tags,
            )
            ranks = game_named(task.game).ranks(record.state)
            out.append(
                LadderGame(
                    deal=task.deal,
                    seed=task.seed,
                    seats=tuple(w.name for w in who),
                    ranks=tuple(ranks),
                    stopped=None if record.stopped is None else record.stopped.value,
                    seconds=time.perf_counter() - start,
                    record=record.to_record(),
                )
            )
    finally:
        release_bots()
    return tuple(out)


def deal_score(games: Sequence[LadderGame], first: str) -> float | None:
    """*first*'s share of the pairwise results of a deal's *games* that ended, or ``None``
    when none ended: the upper player's share is its score in the sequential test."""
    total = count = 0.0
    for game in games:
        if game.stopped is not None:
            continue
        for a, _, score, weight in pairwise(game.outcome):
            total += (score if a == first else 1 - score) * weight
            count += weight
    return total / count if count else None


def _stalled(match: MatchResult) -> int:
    return sum(g.stopped is not None for g in match.games)


def _seconds_per_game(match: MatchResult) -> float | None:
    seconds = [g.seconds for g in match.games]
    return sum(seconds) / len(seconds) if seconds else None


@frozen
class MatchResult:
    """A match between two players: the test's decision and the games it kept, in book
    order (its ``deals`` deals of the book). A summary keeps no games but keeps what they
    counted: ``stalled`` and ``seconds_per_game`` are given then, else counted from the
    games."""

    low: str
    high: str
    decision: Decision
    deals: int
    """Deals of the book played and kept (a deal whose games all stalled has no score)."""
    games: tuple[LadderGame, ...]
    stalled: int = field(default=Factory(_stalled, takes_self=True))
    """Games that did not end (stalled, spec D8, or at the action bound)."""
    seconds_per_game: float | None = field(default=Factory(_seconds_per_game, takes_self=True))
    """The games' mean wall-clock time, ``None`` when none was played."""


class _Match:
    """A match under way: the deals played so far, by their place in the book."""

    def __init__(
        self, pair: tuple[Player, Player], limit: int, known: Mapping[int, tuple[LadderGame, ...]]
    ) -> None:
        self.pair, self.limit = pair, limit
        self.results: dict[int, tuple[LadderGame, ...]] = dict(known)
        self.next = 0  # the next deal to hand out
        self.used = 0  # deals read by the test, in book order
        self.scores: list[float] = []
        self.flying = 0
        self.decision: Decision | None = None

    @property
    def finished(self) -> bool:
        return self.decision is not None and (
            self.decision.verdict is not None or self.used >= self.limit
        )

    def absorb(self, test: SPRT) -> None:
        """Read the deals that arrived, in book order, until the test stops."""
        while not self.finished and self.used in self.results:
            score = deal_score(self.results[self.used], self.pair[1].name)
            self.used += 1
            if score is not None:
                self.scores.append(score)
            found = test.run(self.scores)
            if found.verdict is not None or self.used >= self.limit:
                self.decision = found
        if self.decision is None and self.used >= self.limit:
            self.decision = test.run(self.scores)

    def to_next(self) -> int | None:
        """The next deal to play, past those already known; ``None`` when none is needed."""
        while self.next < self.limit and self.next in self.results:
            self.next += 1
        return None if self.finished or self.next >= self.limit else self.next

    def result(self, test: SPRT) -> MatchResult:
        decision = self.decision or test.run(self.scores)
        games = tuple(g for d in range(self.used) for g in self.results.get(d, ()))
        return MatchResult(self.pair[0].name, self.pair[1].name, decision, self.used, games)


def run_matches(
    pairs: Sequence[tuple[Player, Player]],
    game: str,
    players: int,
    *,
    test: SPRT,
    limit: int,
    jobs: int = 1,
    dask: str | None = None,
    known: Mapping[tuple[str, str], Mapping[int, tuple[LadderGame, ...]]] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[str, str, int, tuple[LadderGame, ...]], None] | None = None,
) -> list[MatchResult]:
    """Play each match of *pairs* (lower player first) on the book's deals of *game* for
    *players* until its sequential *test* decides or *limit* deals are played; *known* gives
    deals played already (by a run being resumed), which are not played again.

    *on_progress* is told the games played and the most the run may play (falling as the
    tests decide); *on_deal* each deal's games as they arrive (lower player, upper, deal).
    With *jobs* above 1 the deals are played in that many processes, with
    *dask* on a Dask cluster (``"local"`` starts one here, else the scheduler's address).

    Raises:
        ArgumentError: the book holds no deals for *game* and *players*.
        AgentError: a player misbehaved.
        TigeuphError: *dask* given without the ``dask`` extra.
    """
    seeds = deal_book(game, players)
    limit = min(limit, len(seeds))
    per_deal = len(seatings(players))
    known = known or {}
    matches = [_Match(p, limit, known.get((p[0].name, p[1].name), {})) for p in pairs]
    for m in matches:
        m.absorb(test)
    workers = _workers(jobs, dask)
    window = 1 if workers is None else max(2, 2 * (jobs if dask is None else 8))
    flying: dict[Any, tuple[_Match, int]] = {}

    def report() -> None:
        if on_progress is not None:
            done = sum(len(m.results) for m in matches)
            left = sum(m.flying + (0 if m.finished else m.limit - m.next) for m in matches)
            on_progress(done * per_deal, (done + left) * per_deal)

    try:
        report()
        while True:
            handed = True
            while handed and len(flying) < window:
                handed = False
                for m in sorted(matches, key=lambda m: m.flying):
                    deal = m.to_next()
                    if deal is None or deal - m.used >= window:
                        continue
                    task = DealTask(game, players, m.pair, deal, seeds[deal])
                    flying[_submit(workers, task)] = (m, deal)
                    m.next, m.flying, handed = deal + 1, m.flying + 1, True
                    break
            if not flying:
                break
            for future in _wait(workers, list(flying)):
                m, deal = flying.pop(future)
                m.flying -= 1
                m.results[deal] = future.result()
                if on_deal is not None:
                    on_deal(m.pair[0].name, m.pair[1].name, deal, m.results[deal])
                m.absorb(test)
            report()
    finally:
        _close(workers)
    return [m.result(test) for m in matches]


def _workers(jobs: int, dask: str | None) -> Any:
    """``None`` to play here, a process pool, or a Dask client (and its local cluster)."""
    if dask is not None:
        distributed: Any = require("dask.distributed", "dask")
        if dask == LOCAL:
            cluster = distributed.LocalCluster(
                threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
            )
            return ("dask", distributed, distributed.Client(cluster), cluster)
        return ("dask", distributed, distributed.Client(dask), None)
    if jobs <= 1:
        return None
    # Spawned, not forked: a progress bar's thread must not be copied into the workers.
    spawn = multiprocessing.get_context("spawn")
    return concurrent.futures.ProcessPoolExecutor(jobs, mp_context=spawn)


def _submit(workers: Any, task: DealTask) -> Any:
    if workers is None:
        done: concurrent.futures.Future[tuple[LadderGame, ...]] = concurrent.futures.Future()
        done.set_result(play_deal(task))
        return done
    if isinstance(workers, tuple):
        return workers[2].submit(play_deal, task, pure=False)
    return workers.submit(play_deal, task)


def _wait(workers: Any, futures: list[Any]) -> list[Any]:
    """The futures of *futures* done, once one is."""
    if isinstance(workers, tuple):
        done, _ = workers[1].wait(futures, return_when="FIRST_COMPLETED")
    else:
        done, _ = concurrent.futures.wait(futures, return_when=concurrent.futures.FIRST_COMPLETED)
    return [f for f in futures if f in done]


def _close(workers: Any) -> None:
    if workers is None:
        return
    if isinstance(workers, tuple):
        workers[2].close()
        if workers[3] is not None:
            workers[3].close()
        return
    workers.shutdown(cancel_futures=True)
