"""Tournaments between agents, in any game of :data:`tigeuph.GAMES`: seats rotated, deals paired,
win rates with Wilson intervals and Elo-style ratings. :mod:`tigeuph.tools.arena` is its
command line.

Games come in blocks, one game per seat rotation, all on the same deal (``seed + block``): the
agents' lineup (agent *s* mod the number of agents in seat *s*) is turned one seat a game, so
every agent plays every seat of every deal equally often and luck of the deal cancels out. An
agent's *win rate* is its seats' share of first places (a tie for first shares the win) over the
seats it filled; with fewer agents than seats an agent fills several seats, and the fair share
of an agent filling one seat is ``1 / players``.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from attrs import frozen

from ..core.deals import new_seed
from ..core.stats import wilson
from ..games import GAMES, AnyGame, game_named, game_of_record
from .base import Agent, AgentSpecError
from .factory import agents_for_seats, make_agent, release_bots
from .match import play
from .notices import GameEnd

__all__ = [
    "AgentResult",
    "GameResult",
    "elo_ratings",
    "lineups",
    "play_one",
    "read_records",
    "standings",
    "tournament",
]


def lineups(agents: int, players: int, blocks: int, seed: int = 0) -> Iterator[tuple[int, ...]]:
    """``(deal seed, agent index of each seat...)`` of every game: *blocks* blocks of *players*
    games, one per seat rotation, each block on its own deal.

    >>> list(lineups(2, 2, 2, seed=10))
    [(10, 0, 1), (10, 1, 0), (11, 0, 1), (11, 1, 0)]
    """
    base = [seat % agents for seat in range(players)]
    for block in range(blocks):
        for turn in range(players):
            yield (seed + block, *(base[(seat + turn) % players] for seat in range(players)))


@frozen
class GameResult:
    """One tournament game: who sat where, the shares of first place, timing, the record."""

    seed: int
    seats: tuple[int, ...]
    """The agent index of each seat."""
    shares: tuple[float, ...]
    """Each seat's share of first place (1 for a sole winner, split on a tie)."""
    ranks: tuple[int, ...]
    """Each seat's rank (1 is first; tied seats share one)."""
    seconds: tuple[float, ...]
    """Each seat's thinking time in total."""
    decisions: tuple[int, ...]
    """Each seat's number of decisions (every call to ``act``)."""
    record: str
    stopped: str | None = None
    """Why the game was stopped before its end (``stalled``, ``action-limit``: spec D8), or
    ``None``; a stopped game is ranked as it stood, by the game's scores (:func:`ranks`)."""


class _Timed:
    """An agent wrapper that adds up the time its agent thinks."""

    def __init__(self, agent: Agent, name: str) -> None:
        self.agent, self.name, self.seconds, self.decisions = agent, name, 0.0, 0

    def __repr__(self) -> str:
        return self.name

    def act(self, view: Any, rng: Any) -> Any:
        start = time.perf_counter()
        action = self.agent.act(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action

    def end_game(self, end: GameEnd) -> None:
        listener = getattr(self.agent, "end_game", None)
        if callable(listener):
            listener(end)


def play_one(
    specs: Sequence[str], lineup: tuple[int, ...], rules: Any, game_name: str = "tigris"
) -> GameResult:
    """One tournament game of the game called *game_name* under *rules* (its variants, or
    ``None``): ``lineup[0]`` is the deal's seed, the rest each seat's agent index into
    *specs*."""
    seed, seats = lineup[0], lineup[1:]
    game = game_named(game_name, "play_one: game_name")
    chosen = agents_for_seats([specs[i] for i in seats], game=game_name)
    agents = [_Timed(agent, specs[i]) for agent, i in zip(chosen, seats, strict=True)]
    played = play(agents, game=game_name, rules=rules, seed=seed)
    ranked = game.ranks(played.state)
    firsts = [seat for seat, rank in enumerate(ranked) if rank == 1]
    stopped = played.stopped
    return GameResult(
        seed=seed,
        seats=tuple(seats),
        shares=tuple(1 / len(firsts) if s in firsts else 0.0 for s in range(len(seats))),
        ranks=ranked,
        seconds=tuple(a.seconds for a in agents),
        decisions=tuple(a.decisions for a in agents),
        record=played.to_record(),
        stopped=None if stopped is None else stopped.value,
    )


def _play_chunk(
    task: tuple[Sequence[str], Sequence[tuple[int, ...]], Any, str],
) -> list[GameResult]:
    """The games of a chunk of lineups, in one worker: its external bots serve the whole
    chunk, and are stopped at its end (a worker's end runs no clean-up of its own)."""
    specs, chunk, table, game = task
    try:
        return [play_one(specs, lineup, table, game) for lineup in chunk]
    finally:
        release_bots()


def _know(kind: type[AnyGame]) -> None:
    """A worker's registry holds the game played, also one its parent registered
    (``GAMES.register``): a game is a stateless object, made again from its class."""
    if kind.facts.name not in GAMES:
        GAMES.register(kind())


def tournament(
    specs: Sequence[str],
    *,
    players: int | None = None,
    games: int = 100,
    seed: int | None = None,
    rules: Any = None,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    game: str = "tigris",
) -> list[GameResult]:
    """Play a tournament of *game* (a name of :data:`tigeuph.GAMES`: ``tigris``, the default,
    or ``babel``) between the agents *specs* name (:func:`~tigeuph.agents.make_agent`), in
    game order; its records are the game's.

    *players* is the seats a game (by default the game's ``default_players``). *games* is
    rounded up to whole blocks of *players* games (see the module docstring); game blocks use
    deals ``seed``, ``seed + 1``... (without a *seed*, 63 bits drawn from the system's secure
    source, :func:`tigeuph.core.deals.new_seed`, so that no bot can know the deals; each result
    keeps its seed). *rules* are the game's variants (for the main game a
    :class:`~tigeuph.Rules` giving the board and switches, its player count set to
    *players*; ``None``, the standard rules). *on_result* is called as each game finishes
    (for a progress bar). With *jobs* above 1 the games are played in that many processes; a
    user's agent module must then be importable by them.

    Raises:
        AgentSpecError: a specification names no agent, *game* is no game, or the game takes
            no such number of players (checked before any game).
        tigeuph.AgentError: an agent misbehaved; the games before it are lost unless
            *on_result* kept them.
    """
    for spec in specs:
        make_agent(spec, game=game)
    chosen = game_named(game, "tournament: game")
    players = chosen.facts.default_players if players is None else players
    if players not in chosen.facts.players:
        counts = ", ".join(map(str, chosen.facts.players))
        raise AgentSpecError(f"{chosen.facts.title} takes {counts} players, not {players}")
    blocks = max(1, math.ceil(games / players))
    # The variants fitted to this many players (the main game's rules carry their count).
    table = None if rules is None else chosen.variants.rules_for(rules, players)
    first = new_seed() if seed is None else seed
    every = list(lineups(len(specs), players, blocks, first))
    results: list[GameResult] = []
    if jobs <= 1:
        try:
            for lineup in every:
                results.append(play_one(specs, lineup, table, game))
                if on_result is not None:
                    on_result(results[-1])
        finally:
            release_bots()
        return results
    # Chunks of games keep every worker busy to the end, and an external bot's process serving
    # game after game in its worker.
    size = max(1, min(25, len(every) // (jobs * 4)))
    tasks = [(tuple(specs), every[i : i + size], table, game) for i in range(0, len(every), size)]
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(jobs, initializer=_know, initargs=(type(chosen),)) as pool:
        for chunk in pool.imap(_play_chunk, tasks):
            for found in chunk:
                results.append(found)
                if on_result is not None:
                    on_result(found)
    return results


# --- Standings ---------------------------------------------------------------------------------


@frozen
class AgentResult:
    """One agent's results over a tournament."""

    spec: str
    seats: int
    """Seats it filled (games times its seats a game)."""
    wins: float
    """Its seats' shares of first place."""
    low: float
    """The win rate's 95% Wilson interval."""
    high: float
    rating: float
    """Elo-style rating (:func:`elo_ratings`)."""
    seconds_per_move: float
    """Thinking time per decision, mean over every decision."""

    @property
    def win_rate(self) -> float:
        """Share of its seats that ranked first."""
        return self.wins / self.seats if self.seats else 0.0


def elo_ratings(results: Sequence[GameResult], agents: int) -> list[float]:
    """Elo-style ratings of *agents* agents from every pair of seats of different agents in
    every game (1 to the better ranked, ½ each on a tie), fitted as a Bradley-Terry model by
    maximum likelihood and put on the Elo scale (400 points: 10 to 1 odds), the mean 1500.

    Each agent also draws one virtual game with an average player, so an agent that won every
    game still gets a finite rating. An agent alone gets 1500.

    >>> a_beats_b = GameResult(0, (0, 1), (1.0, 0.0), (1, 2), (0, 0), (1, 1), "")
    >>> [round(r) for r in elo_ratings([a_beats_b] * 9, 2)]
    [1782, 1218]
    """
    score = [[0.0] * agents for _ in range(agents)]
    for game in results:
        for i, a in enumerate(game.seats):
            for j, b in enumerate(game.seats):
                if a != b and i != j:
                    r, s = game.ranks[i], game.ranks[j]
                    score[a][b] += 1.0 if r < s else 0.5 if r == s else 0.0
    strength = [1.0] * agents
    for _ in range(500):  # the minorisation-maximisation update of Hunter (2004)
        new = []
        for a in range(agents):
            won = 0.5 + sum(score[a])  # the virtual draw against a player of strength 1
            games = 1.0 / (strength[a] + 1.0)
            for b in range(agents):
                n = score[a][b] + score[b][a]
                if n:
                    games += n / (strength[a] + strength[b])
            new.append(won / games)
        mean = math.exp(sum(math.log(x) for x in new) / agents)
        new = [x / mean for x in new]
        done = max(abs(x - y) for x, y in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    return [1500 + 400 * math.log10(x) for x in strength]


def standings(specs: Sequence[str], results: Sequence[GameResult]) -> list[AgentResult]:
    """Each agent's results, in the order of *specs*."""
    ratings = elo_ratings(results, len(specs))
    out = []
    for index, spec in enumerate(specs):
        seats = wins = decisions = 0.0
        seconds = 0.0
        for game in results:
            for seat, agent in enumerate(game.seats):
                if agent == index:
                    seats += 1
                    wins += game.shares[seat]
                    seconds += game.seconds[seat]
                    decisions += game.decisions[seat]
        interval = wilson(wins, int(seats))
        low, high = interval.low, interval.high
        per_move = seconds / decisions if decisions else 0.0
        out.append(AgentResult(spec, int(seats), wins, low, high, ratings[index], per_move))
    return out


def read_records(text: str) -> list[Any]:
    """The games of a file of records written one after another (as ``--records FILE`` writes
    them), each read by its own game (:func:`tigeuph.games.game_of_record`: a
    :class:`~tigeuph.Game`, a :class:`~tigeuph.babel.BabelGame`): a record begins at a tag
    line that follows a line of moves.

    Raises:
        NotationError: a record cannot be read (``RecordError`` says where).
    """
    chunks: list[list[str]] = []
    previous = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and (not chunks or (previous and not previous.startswith("["))):
            chunks.append([])
        if chunks:
            chunks[-1].append(line)
        if stripped:
            previous = stripped
    texts = ["\n".join(chunk) + "\n" for chunk in chunks]
    return [game_of_record(text).records.record_from_text(text) for text in texts]
