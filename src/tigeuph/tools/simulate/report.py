"""What the simulator reports: a figure per game (:class:`Metric`), each rule set's games
(:class:`RuleSetResult`) and the whole comparison (:class:`Report`), with 95% intervals that
are right at any number of games (:mod:`tigeuph.core.stats`)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from attrs import frozen

from ...core.stats import Interval, mean_interval, wilson
from ...games import DEFAULT_GAME, game_named
from .coverage import balanced, coverage, warnings
from .tally import GameTally

__all__ = ["METRICS", "Metric", "Report", "RuleSetResult", "game_metrics", "metrics"]


@frozen
class Metric:
    """One figure measured on every game; the report gives its mean over the games."""

    name: str
    heading: str
    of: Callable[[GameTally], float]
    share: bool = False
    """True for a share of games (0 or 1 a game, split on ties), shown as a percentage with a
    Wilson interval; otherwise a mean with a Student's t interval."""


def _seat_wins(seat: int) -> Callable[[GameTally], float]:
    """A win of *seat* per game; a tie for first splits the win among the winners."""
    return lambda t: 1 / len(t.winners) if seat in t.winners else 0.0


_HEAD: Final = (
    Metric("actions", "actions per game", lambda t: t.actions),
    Metric("turns", "turns per game", lambda t: t.turns),
)
_SCORES: Final = (
    Metric("stalled", "did not end (%)", lambda t: t.stalled, True),
    Metric("winner_score", "winner's score", lambda t: t.scores[t.winners[0]]),
    Metric("mean_score", "mean score", lambda t: statistics.fmean(t.scores)),
    Metric("margin", "winning margin", lambda t: t.margin),
)


def _ended(end: str) -> Callable[[GameTally], float]:
    return lambda t: t.end == end


def _counted(event: str) -> Callable[[GameTally], float]:
    return lambda t: t.count(event)


def game_metrics(game: str = DEFAULT_GAME) -> tuple[Metric, ...]:
    """The figures of every game of *game*, in report order: length, each ending's share,
    the scores, then the game's events; :func:`metrics` adds each seat's wins.

    >>> [m.name for m in game_metrics("babel")][:4]
    ['actions', 'turns', 'end_score', 'end_deck']
    """
    played = game_named(game, "game_metrics: game")
    endings = tuple(
        Metric(f"end_{end}", f"ended {how} (%)", _ended(end), True)
        for end, how in played.measures.endings.items()
    )
    events = tuple(
        Metric(name, heading, _counted(name))
        for name, heading in played.measures.event_headings.items()
    )
    return (*_HEAD, *endings, *_SCORES, *events)


METRICS: Final = game_metrics()
"""The figures of every game of the main game, in report order; :func:`metrics` adds each
seat's wins."""

_SEATS: Final = tuple(
    Metric(f"wins_seat_{seat}", f"won by seat {seat} (%)", _seat_wins(seat), True)
    for seat in range(4)
)


def metrics(players: int, game: str = DEFAULT_GAME) -> tuple[Metric, ...]:
    """The figures reported for games of *game* for *players*: :func:`game_metrics`, with
    each seat's share of wins after the scores (``wins_seat_0`` plays first).

    >>> [m.name for m in metrics(2)][7:10]
    ['margin', 'wins_seat_0', 'wins_seat_1']
    """
    figures = game_metrics(game)
    split = next(i for i, m in enumerate(figures) if m.name == "margin") + 1
    return (*figures[:split], *_SEATS[:players], *figures[split:])


def _metric(name: str, game: str = DEFAULT_GAME) -> Metric:
    known = {m.name: m for m in metrics(len(_SEATS), game)}
    if name not in known:
        raise ValueError(f"unknown metric {name!r}: choose from {', '.join(known)}")
    return known[name]


@frozen
class RuleSetResult:
    """The games played under one rule set for one player count."""

    label: str
    rules: Any
    """The rules played (the main game's ``players`` included; ``None`` for a game without
    variants)."""
    games: tuple[GameTally, ...]
    """One tally per seed, in seed order."""

    @property
    def game(self) -> str:
        """The game played, as its name in :data:`tigeuph.GAMES`."""
        return self.games[0].game if self.games else DEFAULT_GAME

    @property
    def players(self) -> int:
        if self.games:
            return len(self.games[0].agents)
        return int(getattr(self.rules, "players", game_named(self.game).facts.default_players))

    def values(self, metric: str) -> tuple[float, ...]:
        """The figure *metric* (a :class:`Metric` name) of each game, in seed order.

        Raises:
            ValueError: an unknown metric.
        """
        of = _metric(metric, self.game).of
        return tuple(float(of(t)) for t in self.games)

    def mean(self, metric: str) -> float:
        """The mean of *metric* over the games."""
        return statistics.fmean(self.values(metric))

    def interval(self, metric: str) -> Interval:
        """The mean of *metric* with its 95% interval: Wilson for a share, Student's t else."""
        values = self.values(metric)
        if _metric(metric, self.game).share:
            return wilson(sum(values), len(values))
        return mean_interval(values)

    @property
    def agents(self) -> tuple[str, ...]:
        """The agent specifications that played, in the order they first sat."""
        return tuple(dict.fromkeys(a for t in self.games for a in t.agents))

    def agent_wins(self) -> dict[str, Interval]:
        """Each agent's share of first places over the seats it filled (a tie for first
        shares the win), with its Wilson 95% interval; its fair share is one in the number of
        players."""
        wins: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        seats: dict[str, int] = dict.fromkeys(self.agents, 0)
        for t in self.games:
            for seat, agent in enumerate(t.agents):
                seats[agent] += 1
                wins[agent] += 1 / len(t.winners) if seat in t.winners else 0.0
        return {agent: wilson(wins[agent], seats[agent]) for agent in self.agents}

    @property
    def balanced(self) -> bool:
        """Whether every agent sat in every seat equally often (always so for the simulator's
        own runs): only then do the seats' shares of wins measure the seats."""
        return balanced(self.games)

    @property
    def stalled(self) -> int:
        """Games that did not end (spec D8), scored as they stood."""
        return sum(t.stalled for t in self.games)

    def coverage(self) -> dict[str, tuple[int, int]]:
        """For each switch on whose feature a game may miss, the games it came into play in,
        and of how many: the wonder built, a building placed, English reinforcement binding."""
        return coverage(self.rules, self.games, self.game)

    def warnings(self) -> list[str]:
        """What these games cannot say, as sentences: a variant that came into play in fewer
        than 5% of them, games that did not end, seats not balanced."""
        return warnings(self.label, self.rules, self.games, self.game)


@frozen
class Report:
    """Every rule set's games, grouped by player count; each group's first is its baseline."""

    results: tuple[RuleSetResult, ...]
    seed: int
    agents: tuple[str, ...]
    """The agent specifications, given for the first seats and repeated in turn."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(r.players for r in self.results))

    def group(self, players: int) -> tuple[RuleSetResult, ...]:
        """The results for *players*, the baseline first."""
        return tuple(r for r in self.results if r.players == players)

    def baseline(self, players: int) -> RuleSetResult:
        return self.group(players)[0]

    def difference(self, result: RuleSetResult, metric: str) -> Interval | None:
        """*result*'s mean of *metric* minus its baseline's, over the same seeds, with the
        Student's t 95% interval of the per-seed differences; ``None`` for the baseline."""
        base = self.baseline(result.players)
        if result is base:
            return None
        paired = zip(base.values(metric), result.values(metric), strict=True)
        return mean_interval([b - a for a, b in paired])

    def table(self) -> str:
        """The report as text: a block per player count, a column per rule set with each
        figure's 95% interval, each compared rule set's difference from the baseline below
        (``*`` where the interval leaves out 0), then what changed and what did not."""
        return "\n\n".join(self._block(n) for n in self.player_counts)

    def _block(self, players: int) -> str:
        group = self.group(players)
        games = len(group[0].games)
        seeds = sorted({t.seed for t in group[0].games}) or [self.seed]
        seatings = games // len(seeds) if group[0].games else 1
        deals = f"{len(seeds)} deals (seeds {seeds[0]}-{seeds[-1]})"
        if seatings > 1:
            deals += f" x {seatings} rotations of the seats"
        head = (
            f"{players} players, {games} games per rule set: {deals}; agents "
            f"{', '.join(_seats(self.agents, players))}; baseline: {group[0].label}"
        )
        rows = [["", *(r.label for r in group)]]
        changed: list[str] = []
        unchanged: list[str] = []
        for metric in metrics(players, group[0].game):
            scale = 100.0 if metric.share else 1.0
            cells = [metric.heading]
            for r in group:
                i = r.interval(metric.name)
                cells.append(
                    f"{i.estimate * scale:.2f} [{_end(i.low, scale)}, {_end(i.high, scale)}]"
                )
            rows.append(cells)
            diffs = ["  vs baseline", ""]
            for r in group[1:]:
                d = self.difference(r, metric.name)
                assert d is not None
                star = " *" if d.excludes_zero else "  "
                diffs.append(f"{d.estimate * scale:+.2f} ±{_end(d.half_width, scale)}{star}")
                said = f"{r.label}: {metric.heading} {d.estimate * scale:+.2f}"
                if d.excludes_zero:
                    changed.append(said)
                elif math.isfinite(d.half_width) and d.half_width > 0:
                    unchanged.append(f"{r.label}: {metric.heading}")
            if len(group) > 1:
                rows.append(diffs)
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [head]
        for row in rows:
            text = row[0].ljust(widths[0])
            text += "".join(f"  {cell:>{w}}" for cell, w in zip(row[1:], widths[1:], strict=True))
            lines.append(text.rstrip())
        lines.append(
            "[low, high]: the 95% interval (Wilson for shares, Student's t for means); "
            "* the difference's interval leaves out 0"
        )
        fair = 100 / players
        for r in group:
            if len(r.agents) > 1:
                shares = ", ".join(
                    f"{agent} {i.estimate * 100:.1f}% [{i.low * 100:.1f}, {i.high * 100:.1f}]"
                    for agent, i in r.agent_wins().items()
                )
                lines.append(f"{r.label}: wins by agent (fair {fair:.1f}% a seat): {shares}")
        for r in group:
            i = r.interval("wins_seat_0")
            if r.balanced and (i.low * 100 > fair or i.high * 100 < fair):
                side = "more" if i.low * 100 > fair else "less"
                lines.append(
                    f"{r.label}: the first player wins {side} than a fair {fair:.1f}% "
                    f"({i.estimate * 100:.1f}% [{i.low * 100:.1f}, {i.high * 100:.1f}]; "
                    "every agent sat in every seat equally often)"
                )
        if len(group) > 1:
            lines.append("Changed (95%): " + ("; ".join(changed) or "nothing"))
            lines.append(
                "Not significant at 95% (the interval holds 0: no evidence of a change with "
                f"{games} games): " + ("; ".join(unchanged) or "nothing")
            )
        cautions = [w for r in group for w in r.warnings()]
        if cautions:
            lines.append("Warnings:")
            lines += [f"  {w}" for w in cautions]
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        """The report's means, intervals and differences as JSON-ready data (the games
        themselves left out, see :meth:`rows`); an infinite interval's ends are ``None``."""
        out: list[dict[str, object]] = []
        for r in self.results:
            names = [m.name for m in metrics(r.players, r.game)]
            diffs: dict[str, object] | None = None
            if r is not self.baseline(r.players):
                diffs = {}
                for name in names:
                    d = self.difference(r, name)
                    assert d is not None
                    diffs[name] = _interval_json(d)
            out.append(
                {
                    "label": r.label,
                    "players": r.players,
                    **_rules_json(r),
                    "baseline": diffs is None,
                    "games": len(r.games),
                    "means": {name: _interval_json(r.interval(name)) for name in names},
                    "differences": diffs,
                    "agent_wins": {a: _interval_json(i) for a, i in r.agent_wins().items()},
                    "balanced": r.balanced,
                    "stalled": r.stalled,
                    "coverage": {s: {"games": k, "of": n} for s, (k, n) in r.coverage().items()},
                    "warnings": r.warnings(),
                }
            )
        return {
            "format": "tigeuph-simulation",
            "version": 3,
            "seed": self.seed,
            "agents": list(self.agents),
            "results": out,
        }

    def rows(self) -> Iterator[dict[str, Any]]:
        """One row per game, for a notebook: the rule set, the seed, the agents, each figure,
        and each seat's score (``score_0``...; empty past the player count)."""
        for r in self.results:
            for t in r.games:
                row: dict[str, Any] = {
                    "rule_set": r.label,
                    "players": r.players,
                    **{k: v if k == "board" else " ".join(v) for k, v in _rules_json(r).items()},
                    "seed": t.seed,
                    "rotation": t.rotation,
                    "agents": " ".join(t.agents),
                    "end": t.end or "",
                    "winners": " ".join(map(str, t.winners)),
                    "stalled": t.stalled,
                    "seconds": round(t.seconds, 4),
                }
                for metric in game_metrics(r.game):
                    if not metric.share:
                        row[metric.name] = metric.of(t)
                for seat in range(4):
                    row[f"score_{seat}"] = t.scores[seat] if seat < len(t.scores) else ""
                yield row


def _rules_json(result: RuleSetResult) -> dict[str, Any]:
    """The board (``None`` for a game without boards) and the switches on."""
    rules = game_named(result.game).variants.rules_to_json(result.rules)
    return {
        "board": rules.get("board"),
        "switches": [k for k, v in rules.items() if isinstance(v, bool) and v],
    }


def _seats(agents: Sequence[str], players: int) -> list[str]:
    return [agents[seat % len(agents)] for seat in range(players)]


def _end(x: float, scale: float) -> str:
    return f"{x * scale:.2f}" if math.isfinite(x) else "inf"


def _interval_json(i: Interval) -> dict[str, float | None]:
    def finite(x: float) -> float | None:
        return x if math.isfinite(x) else None

    return {"mean": i.estimate, "low": finite(i.low), "high": finite(i.high)}
