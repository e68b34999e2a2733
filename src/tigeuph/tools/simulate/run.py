"""Running an experiment: the same seeded games under every rule set, in this process, in a
pool of processes, or on a Dask distributed cluster, with the same numbers every way.

The work is cut into tasks, each a rule set, the agents and a run of seeds; a task carries only
those (a few hundred bytes) and returns the games' tallies, so a worker needs nothing but
tigeuph installed (and the modules of any ``module:factory`` agent). Before forking a pool the
engine's tables are built once (:func:`~tigeuph.tools.warm.warm_up`), so the workers share them.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from ...agents import make_agent
from ...agents.factory import release_bots
from ...core.deals import new_seed
from ...core.extras import require
from ...games import DEFAULT_GAME, game_named
from ..warm import warm_up
from .measures import label as rules_label
from .report import Report, RuleSetResult
from .tally import DEFAULT_AGENTS, GameTally, play_game, seat_agents

__all__ = ["LOCAL", "describe", "rotations", "simulate"]

LOCAL = "local"
"""The *dask* address that starts a Dask ``LocalCluster`` on this machine."""

Task: TypeAlias = tuple[str, int, Any, tuple[str, ...], tuple[tuple[int, int], ...]]
"""What a worker plays: the game, the player count, the rules, the agents, and each game's
seed and seat rotation."""


def describe(rules: Any, baseline: Any = None, game: str = DEFAULT_GAME) -> str:
    """A short label for *rules* of *game*: the main game's board and switches, or what
    differs from *baseline*.

    >>> from tigeuph import ADVANCED, Rules
    >>> describe(Rules(board=ADVANCED, wonder=True))
    'advanced+wonder'
    >>> describe(Rules(buildings=True, wonder=True), baseline=Rules(wonder=True))
    '+buildings'
    """
    return rules_label(game_named(game, "describe: game"), rules, baseline)


def play_task(task: Task) -> tuple[GameTally, ...]:
    """Play the games of *task* (in a worker): game, players, rules, agents, seeds and
    rotations. An external bot serves every game of the task in one process, stopped at its
    end."""
    game, players, rules, agents, games = task
    try:
        return tuple(
            play_game(rules, seed, agents, rotation, game=game, players=players)
            for seed, rotation in games
        )
    finally:
        release_bots()


def rotations(agents: Sequence[str], players: int) -> int:
    """How many seatings each deal is played in: one when every seat has the same agent,
    else one per rotation of the seats, so that every agent sits in every seat of every deal
    and a seat's advantage cannot be an agent's strength.

    >>> rotations(["greedy"], 3), rotations(["greedy", "random"], 3)
    (1, 3)
    """
    return 1 if len(set(seat_agents(agents, players))) == 1 else players


def simulate(
    rule_sets: Sequence[Any] | Mapping[str, Any],
    games: int,
    players: int | Iterable[int] = 3,
    seed: int | None = None,
    agents: Sequence[str] = DEFAULT_AGENTS,
    jobs: int = 1,
    dask: str | None = None,
    on_progress: Callable[[int], None] | None = None,
    game: str = DEFAULT_GAME,
) -> Report:
    """Play *games* deals (seeds ``seed`` … ``seed + games - 1``) under each rule set, for each
    player count, and report them; the first rule set is the baseline. Without a *seed* the
    first is 63 bits from the system's secure source (:func:`tigeuph.core.deals.new_seed`, so that
    no bot can know the deals); the report keeps it.

    Deal *i* is played as ``play(agents, rules=..., seed=seed + i)`` under every rule set
    alike, so the differences come from the rules, not from the deal. *agents* are
    specifications (:func:`tigeuph.agents.make_agent`) for the first seats, repeated in turn;
    when they differ, every deal is played once per rotation of the seats (:func:`rotations`:
    *n* games a deal for *n* players), so each agent sits in each seat of each deal and the
    report can tell an agent's strength from a seat's advantage. Labels come
    from *rule_sets* when it is a mapping, else from :func:`describe`. A rule set's ``players``
    must be left at its default or agree with every count (as in ``new_game``).

    *game* is any game of :data:`tigeuph.GAMES` (``babel``: its one rule set is ``None``, and
    the agents are its own, ``make_agent(spec, game="babel")``); what a game's tallies count
    comes from its interface (:meth:`~tigeuph.games.Measures.events`, its endings and features).

    With ``jobs > 1`` the games are shared among that many processes; with *dask* they run on
    a Dask distributed cluster (``"local"`` starts one on this machine, else the scheduler's
    address, ``tcp://host:8786``); the report is the same every way. *on_progress* is called
    with the number of games each finished task played.

    >>> from tigeuph import Rules
    >>> report = simulate([Rules(), Rules(open_scoring=True)], games=3, players=2)
    >>> [r.label for r in report.results]
    ['standard', '+open_scoring']
    >>> report.difference(report.results[1], "actions").estimate  # random play never reads scores
    0.0

    Raises:
        ValueError: no rule set, fewer than one game or job, a bad player count.
        AgentSpecError: an agent specification names no agent (before any game).
        TigeuphError: *dask* given without the ``dask`` extra.
    """
    played = game_named(game, "simulate: game")
    named = (
        list(rule_sets.items()) if isinstance(rule_sets, Mapping) else _labelled(rule_sets, game)
    )
    counts = (players,) if isinstance(players, int) else tuple(players)
    if not named:
        raise ValueError("simulate needs at least one rule set (the baseline)")
    if games < 1 or jobs < 1:
        raise ValueError(f"games ({games}) and jobs ({jobs}) must be 1 or more")
    if (
        not counts
        or any(n not in played.facts.players for n in counts)
        or len(set(counts)) < len(counts)
    ):
        among = ", ".join(map(str, played.facts.players))
        raise ValueError(f"players must be distinct counts among {among}, not {counts}")
    specs = tuple(agents)
    if not specs:
        raise ValueError("simulate needs at least one agent")
    for spec in specs:
        make_agent(spec, game=game)
    plan: list[tuple[str, int, Any]] = []
    for n in counts:
        for label, rules in named:
            try:
                plan.append((label, n, played.variants.rules_for(rules, n)))
            except ValueError as err:
                raise ValueError(f"{label}: {err}") from None
    # Chunks of games keep every worker busy to the end; the order of results is kept.
    workers = jobs if dask is None else 8
    seed = new_seed() if seed is None else seed
    tasks: list[Task] = []
    sizes: list[int] = []  # tasks per rule set
    for _, n, rules in plan:
        seated = [(s, r) for s in range(seed, seed + games) for r in range(rotations(specs, n))]
        size = max(1, min(25, -(-len(seated) // (workers * 4))))
        chunks_of = [tuple(seated[i : i + size]) for i in range(0, len(seated), size)]
        tasks += [(game, n, rules, specs, chunk) for chunk in chunks_of]
        sizes.append(len(chunks_of))
    if dask is not None:
        chunks = _on_dask(tasks, dask, on_progress)
    elif jobs == 1:
        chunks = []
        for task in tasks:
            chunks.append(play_task(task))
            if on_progress is not None:
                on_progress(len(task[4]))
    else:
        if multiprocessing.get_start_method() == "fork":
            warm_up()  # the engine's tables, built once here, shared by the forked workers
        with multiprocessing.Pool(jobs) as pool:
            chunks = []
            for found in pool.imap(play_task, tasks, chunksize=1):
                chunks.append(found)
                if on_progress is not None:
                    on_progress(len(found))
    results = []
    first = 0
    for (label, _, rules), count in zip(plan, sizes, strict=True):
        tallies = tuple(t for chunk in chunks[first : first + count] for t in chunk)
        results.append(RuleSetResult(label, rules, tallies))
        first += count
    return Report(tuple(results), seed, specs)


def _labelled(rule_sets: Sequence[Any], game: str) -> list[tuple[str, Any]]:
    if not rule_sets:
        return []
    base = rule_sets[0]
    rest = ((describe(r, base, game), r) for r in rule_sets[1:])
    return [(describe(base, game=game), base), *rest]


def _on_dask(
    tasks: list[Task], address: str, on_progress: Callable[[int], None] | None
) -> list[tuple[GameTally, ...]]:
    """Play *tasks* on the Dask cluster at *address* (``"local"``: a new ``LocalCluster`` of
    one single-threaded worker process per core), in task order."""
    distributed: Any = require("dask.distributed", "dask")
    cluster: Any = None
    if address == LOCAL:
        cluster = distributed.LocalCluster(
            threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
        )
        client = distributed.Client(cluster)
    else:
        client = distributed.Client(address)
    try:
        # pure=False: two equal tasks are still two runs; tasks are distinct anyway.
        futures = client.map(play_task, tasks, pure=False)
        order = {future.key: i for i, future in enumerate(futures)}
        chunks: list[tuple[GameTally, ...] | None] = [None] * len(tasks)
        for future in distributed.as_completed(futures):
            found: tuple[GameTally, ...] = future.result()
            chunks[order[future.key]] = found
            if on_progress is not None:
                on_progress(len(found))
        return [chunk for chunk in chunks if chunk is not None]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
