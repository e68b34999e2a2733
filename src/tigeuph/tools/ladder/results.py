"""A ladder's results: its players, its matches with their games, its ratings, and the JSON
file that keeps them (``tigeuph-ladder``, version 1), whose games are records anyone can
replay and ``tigeuph verify``.

A results file holds one ladder per game and player count (``tigris-3``...); writing a ladder
into a file keeps the file's other ladders, so that the published ladder can be run one game
and player count at a time. A file ending in ``.gz`` is compressed. A *summary* is the same
file without the games (the ratings and the tests' verdicts): the package keeps one, the
published ladder's, for the simulator's report (:func:`published`).
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from attrs import evolve, frozen

from ...core.errors import TigeuphError
from .ratings import Rating, bradley_terry
from .runner import LadderGame, MatchResult, Player
from .sprt import SPRT, Decision

__all__ = [
    "FORMAT",
    "PUBLISHED_FILE",
    "Ladder",
    "ladder_key",
    "published",
    "read_results",
    "write_results",
]

FORMAT: Final = "tigeuph-ladder"
PUBLISHED_FILE: Final = "published.json"
"""The summary of the published ladder, inside this package (absent until it is run)."""


def ladder_key(game: str, players: int) -> str:
    """The name of a ladder in a results file: ``tigris-3``, ``babel-2``."""
    return f"{game}-{players}"


@frozen
class Ladder:
    """The ladder of one game and player count: its players, its matches (each with its
    test's decision and, unless read from a summary, its games) and their ratings."""

    game: str
    players: int
    test: SPRT
    limit: int
    """The most deals of the book a match may play."""
    entrants: tuple[Player, ...]
    matches: tuple[MatchResult, ...]
    ratings: tuple[Rating, ...]
    placed: tuple[str, ...] = ()
    """Players placed on the published ladder (``--place``), not among its rungs."""
    reference: str = "greedy"
    """The player rated 0, from whom the others are measured: greedy when it plays."""

    @classmethod
    def rated(
        cls,
        game: str,
        players: int,
        test: SPRT,
        limit: int,
        entrants: Sequence[Player],
        matches: Sequence[MatchResult],
        placed: Sequence[str] = (),
    ) -> Ladder:
        """The ladder of *matches*, every game that ended rated together
        (:func:`~.ratings.bradley_terry`)."""
        ended = [g.outcome for m in matches for g in m.games if g.stopped is None]
        names = [p.name for p in entrants]
        reference = "greedy" if "greedy" in names else names[0]
        ratings = bradley_terry(ended, names, reference)
        return cls(
            game, players, test, limit, tuple(entrants), tuple(matches), tuple(ratings),
            tuple(placed), reference,
        )  # fmt: skip

    @property
    def key(self) -> str:
        return ladder_key(self.game, self.players)

    @property
    def games(self) -> tuple[LadderGame, ...]:
        return tuple(g for m in self.matches for g in m.games)

    @property
    def stalled(self) -> int:
        """Games that did not end (stalled, spec D8, or at the action bound): kept, not rated."""
        return sum(m.stalled for m in self.matches)

    def rating(self, name: str) -> Rating | None:
        return next((r for r in self.ratings if r.player == name), None)

    def known(self) -> dict[tuple[str, str], dict[int, tuple[LadderGame, ...]]]:
        """The games of each match by deal, for a run that resumes this one."""
        out: dict[tuple[str, str], dict[int, tuple[LadderGame, ...]]] = {}
        for m in self.matches:
            deals: dict[int, list[LadderGame]] = {}
            for g in m.games:
                deals.setdefault(g.deal, []).append(g)
            out[(m.low, m.high)] = {d: tuple(gs) for d, gs in deals.items()}
        return out

    def to_json(self, *, games: bool = True) -> dict[str, Any]:
        """The ladder as JSON-ready data; without *games*, a summary."""
        return {
            "game": self.game,
            "players": self.players,
            "sprt": self.test.to_json(),
            "max_deals": self.limit,
            "entrants": [{"name": p.name, "spec": p.spec, "cheat": p.cheat} for p in self.entrants],
            "placed": list(self.placed),
            "reference": self.reference,
            "ratings": [
                {"player": r.player, "elo": r.elo, "low": r.low, "high": r.high, "games": r.games}
                for r in self.ratings
            ],
            "stalled": self.stalled,
            "matches": [_match_json(m, games) for m in self.matches],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ladder:
        """The ladder *data* holds (:meth:`to_json`)."""
        matches = []
        for m in data["matches"]:
            d = m["decision"]
            games = tuple(
                LadderGame(
                    g["deal"],
                    g["seed"],
                    tuple(g["seats"]),
                    tuple(g["ranks"]),
                    g["stopped"],
                    g["seconds"],
                    g["record"],
                )
                for g in m.get("games", ())
            )
            decision = Decision(d["verdict"], d["llr"], d["deals"], d["score"])
            match = MatchResult(m["low"], m["high"], decision, m["deals"], games)
            if not games:  # a summary: what the games counted is kept beside them
                match = evolve(match, stalled=m["stalled"], seconds_per_game=m["seconds_per_game"])
            matches.append(match)
        return cls(
            data["game"],
            data["players"],
            SPRT(**data["sprt"]),
            data["max_deals"],
            tuple(Player(p["name"], p["spec"], p["cheat"]) for p in data["entrants"]),
            tuple(matches),
            tuple(Rating(**r) for r in data["ratings"]),
            tuple(data.get("placed", ())),
            data["reference"],
        )


def _match_json(m: MatchResult, games: bool) -> dict[str, Any]:
    d = m.decision
    out: dict[str, Any] = {
        "low": m.low,
        "high": m.high,
        "decision": {"verdict": d.verdict, "llr": d.llr, "deals": d.deals, "score": d.score},
        "deals": m.deals,
        "stalled": m.stalled,
        "seconds_per_game": m.seconds_per_game,
    }
    if games:
        out["games"] = [
            {
                "deal": g.deal,
                "seed": g.seed,
                "seats": list(g.seats),
                "ranks": list(g.ranks),
                "stopped": g.stopped,
                "seconds": round(g.seconds, 3),
                "record": g.record,
            }
            for g in m.games
        ]
    return out


def _read(path: Path) -> str:
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode("utf-8")
    return path.read_text(encoding="utf-8")


def read_results(path: str | Path) -> dict[str, Ladder]:
    """The ladders of the results file at *path*, by key (:func:`ladder_key`).

    Raises:
        TigeuphError: the file cannot be read or is no ladder results file.
    """
    try:
        data = json.loads(_read(Path(path)))
        if data.get("format") != FORMAT:
            raise TigeuphError(f"{path}: not a ladder results file (format {FORMAT!r})")
        return {key: Ladder.from_json(value) for key, value in data["ladders"].items()}
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise TigeuphError(f"{path}: cannot read ladder results: {err}") from None


def write_results(path: str | Path, ladders: Sequence[Ladder], *, games: bool = True) -> None:
    """Write *ladders* into the results file at *path*, keeping the file's other ladders;
    without *games*, a summary. The file is replaced whole (written beside, then renamed),
    so an interrupted run never leaves half a file."""
    target = Path(path)
    kept: dict[str, Any] = {}
    if target.exists():
        kept = {k: v.to_json(games=games) for k, v in read_results(target).items()}
    for ladder in ladders:
        kept[ladder.key] = ladder.to_json(games=games)
    document = {"format": FORMAT, "version": 1, "ladders": dict(sorted(kept.items()))}
    text = json.dumps(document, indent=1 if not games else None) + "\n"
    data = gzip.compress(text.encode("utf-8")) if target.suffix == ".gz" else text.encode()
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(data)
    os.replace(partial, target)


@cache
def published() -> dict[str, Ladder]:
    """The published ladder's summary, by key; empty until the published ladder is run."""
    found = resources.files(__package__).joinpath(PUBLISHED_FILE)
    if not found.is_file():
        return {}
    with resources.as_file(found) as path:
        return read_results(path)
