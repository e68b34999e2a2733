"""The ladder's command line: ``tigeuph ladder`` (or ``python -m tigeuph.tools.ladder``).

Runs the rungs' matches for each game and player count asked, one ladder after another, and
keeps them in a results file (``--results``, merged: a ladder of another game or player count
stays). Every deal played goes at once to a journal beside it (``FILE.journal``), so that a
run stopped part way resumes where it stopped; a ladder already in the file is resumed too
(its deals are not played again). ``--place SPEC`` places a player on the ladders of a
results file instead, playing only its own games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ...agents.base import AgentError, AgentSpecError
from ...core.errors import TigeuphError
from ..options import Parser, positive, rich_bar
from .book import BOOK_GAMES
from .build import DEFAULT_DEALS, keep_placed, place, run_ladder
from .report import plot, table
from .results import Ladder, ladder_key, read_results, write_results
from .rungs import RUNGS
from .runner import LOCAL, LadderGame
from .sprt import SPRT

__all__ = ["main"]


def _parser(prog: str) -> Parser:
    parser = Parser(
        prog=prog,
        description="Rank the players on a ladder of fixed rungs (random, greedy, the search at "
        "100, 300, 1000 and 3000 iterations, and the cheating search at 300 that sees every "
        "hand), on the deal book's deals, every deal in every rotation of the seats. Adjacent "
        "rungs are matched by a sequential probability ratio test on deals (it stops as soon as "
        "the order is settled at the stated error rates); every game is then rated together "
        "(Bradley-Terry, 95% intervals). The results file keeps every game as a record "
        "anyone can replay and tigeuph verify.",
        epilog="Examples: tigeuph ladder --game tigris --players 2 --rungs random,greedy,"
        "search-100 --jobs 2 --results ladder.json --plot ladder.png; "
        'tigeuph ladder --place external:"python3 mybot.py" --results ladder.json',
    )
    add = parser.add_argument
    add("--game", choices=(*BOOK_GAMES, "all"), default="tigris", help="the game (default tigris)")
    add("--players", type=int, nargs="+", help="player counts (default: all the book holds)")
    add(
        "--rungs",
        type=lambda text: [r.strip() for r in text.split(",") if r.strip()],
        default=list(RUNGS),
        metavar="RUNG,RUNG...",
        help=f"the rungs to run (default all: {', '.join(RUNGS)})",
    )
    add(
        "--max-deals",
        type=positive,
        default=DEFAULT_DEALS,
        help=f"most deals of the book a match plays (default {DEFAULT_DEALS})",
    )
    default = SPRT()
    add("--alpha", type=float, default=default.alpha, help="chance of a false 'stronger'")
    add("--beta", type=float, default=default.beta, help="chance of a false 'not stronger'")
    add("--elo0", type=float, default=default.elo0, help="H0's Elo difference (default 0)")
    add("--elo1", type=float, default=default.elo1, help="H1's Elo difference (default 100)")
    add("--jobs", type=positive, default=1, help="processes to play on (default 1)")
    add(
        "--dask",
        nargs="?",
        const=LOCAL,
        metavar="ADDRESS",
        help="play on a Dask cluster: a local one, or the scheduler at ADDRESS (tcp://host:8786)",
    )
    add(
        "--results",
        metavar="FILE",
        default="ladder.json",
        help="the results file, kept and resumed (default ladder.json; .gz compressed); "
        "with --place, the published results to place on",
    )
    add("--fresh", action="store_true", help="play every ladder asked again from its first deal")
    add("--summary", metavar="FILE", help="also write the results without the games")
    add("--plot", metavar="FILE", help="draw the ratings (PNG, SVG or PDF; the plot extra)")
    add("--place", metavar="SPEC", help="place this player on the results' ladders")
    add("--out", metavar="FILE", help="with --place: write the ladders with the player placed")
    add("-q", "--quiet", action="store_true", help="no progress bar")
    return parser


@contextmanager
def _progress(label: str, show: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error whose total falls as the tests decide, with the time
    left at the present pace (rich, the ``cli`` extra); nothing drawn unless *show*."""
    if not show:
        yield lambda done, total: None
        return
    bar = rich_bar(
        lambda rp: (
            rp.TextColumn("{task.description}"),
            rp.BarColumn(),
            rp.MofNCompleteColumn(),
            rp.TextColumn("games at most,"),
            rp.TimeElapsedColumn(),
            rp.TextColumn("elapsed,"),
            rp.TimeRemainingColumn(),
            rp.TextColumn("left at most"),
        )
    )
    with bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _journal(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def _read_journal(path: Path, key: str) -> dict[tuple[str, str], dict[int, tuple[LadderGame, ...]]]:
    """The deals of ladder *key* the journal at *path* kept from an interrupted run."""
    known: dict[tuple[str, str], dict[int, tuple[LadderGame, ...]]] = {}
    if not path.exists():
        return known
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:  # a line cut short by the interruption
            continue
        if entry.get("key") == key:
            games = tuple(LadderGame(**g) for g in entry["games"])
            known.setdefault((entry["low"], entry["high"]), {})[entry["deal"]] = games
    return known


def _run(args: argparse.Namespace, game: str, players: int, path: Path, test: SPRT) -> Ladder:
    key = ladder_key(game, players)
    previous = None if args.fresh or not path.exists() else read_results(path).get(key)
    if previous is not None and (previous.test != test or previous.limit != args.max_deals):
        raise TigeuphError(
            f"{path} holds {key} played under another test or --max-deals: resume it with the "
            "same, pass --fresh, or write elsewhere"
        )
    journal = _journal(path)
    kept = {} if args.fresh else _read_journal(journal, key)
    if previous is not None:
        for pair, deals in previous.known().items():
            kept.setdefault(pair, {}).update(deals)

    def keep(low: str, high: str, deal: int, games: tuple[LadderGame, ...]) -> None:
        entry = {"key": key, "low": low, "high": high, "deal": deal}
        entry["games"] = [_game_json(g) for g in games]
        with journal.open("a", encoding="utf-8") as out:
            out.write(json.dumps(entry) + "\n")

    with _progress(key, not args.quiet) as update:
        ladder = run_ladder(
            game,
            players,
            args.rungs,
            test=test,
            limit=args.max_deals,
            jobs=args.jobs,
            dask=args.dask,
            known=kept,
            on_progress=update,
            on_deal=keep,
        )
    if previous is not None:
        ladder = keep_placed(ladder, previous)
    write_results(path, [ladder])
    _forget(journal, key)
    return ladder


def _game_json(g: LadderGame) -> dict[str, Any]:
    return {
        "deal": g.deal,
        "seed": g.seed,
        "seats": list(g.seats),
        "ranks": list(g.ranks),
        "stopped": g.stopped,
        "seconds": g.seconds,
        "record": g.record,
    }


def _forget(journal: Path, key: str) -> None:
    """Drop the deals of ladder *key* from the journal, now in the results file; the journal
    goes when nothing else is in it."""
    if not journal.exists():
        return
    rest = []
    for line in journal.read_text(encoding="utf-8").splitlines():
        try:
            if json.loads(line).get("key") != key:
                rest.append(line)
        except ValueError:
            continue
    if rest:
        journal.write_text("\n".join(rest) + "\n", encoding="utf-8")
    else:
        journal.unlink()


def main(argv: list[str] | None = None, prog: str = "tigeuph ladder") -> int:
    """Run (or place a player on) the ladders the command line asks for; the exit status (2
    for a bad command line, 1 when a player fails or a file cannot be read or written)."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if args.dask is not None and args.jobs > 1:
        parser.error("--dask and --jobs: the cluster decides how many processes play")
    try:
        test = SPRT(args.alpha, args.beta, args.elo0, args.elo1)
    except (TigeuphError, ValueError) as err:
        parser.error(f"the test's bounds: {err}")
    games = list(BOOK_GAMES) if args.game == "all" else [args.game]
    asked = [(g, n) for g in games for n in (args.players or BOOK_GAMES[g])]
    for g, n in asked:
        if n not in BOOK_GAMES[g]:
            held = ", ".join(map(str, BOOK_GAMES[g]))
            parser.error(f"--players: the deal book holds {g} for {held} players, not {n}")
    unknown = [r for r in args.rungs if r not in RUNGS]
    if unknown:
        parser.error(f"--rungs: no rung {unknown[0][:40]!r} (the rungs: {', '.join(RUNGS)})")
    path = Path(args.results)
    done: list[Ladder] = []
    try:
        if args.place is not None:
            done = _place(args, asked, path)
        else:
            done = [_run(args, g, n, path, test) for g, n in asked]
        if args.summary:
            write_results(args.summary, done, games=False)
        if args.plot:
            plot(done, args.plot)
    except AgentSpecError as err:
        parser.error(str(err))
    except (AgentError, TigeuphError, OSError) as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return 1
    print("\n\n".join(table(ladder) for ladder in done))
    if args.place is None:
        print(f"\nresults in {path}")
    return 0


def _place(args: argparse.Namespace, asked: list[tuple[str, int]], path: Path) -> list[Ladder]:
    """The ladders of the results file at *path* with ``--place``'s player placed on each
    one asked (with the default --players: each the file holds for the game)."""
    found = read_results(path)
    chosen = [found[ladder_key(g, n)] for g, n in asked if ladder_key(g, n) in found]
    if args.players is None:
        chosen = [ladder for ladder in found.values() if ladder.game in dict(asked)]
    if not chosen:
        raise TigeuphError(f"{path} holds no ladder of {', '.join(ladder_key(*a) for a in asked)}")
    done = []
    for ladder in chosen:
        with _progress(f"{args.place[:30]} on {ladder.key}", not args.quiet) as update:
            done.append(
                place(args.place, ladder, jobs=args.jobs, dask=args.dask, on_progress=update)
            )
    if args.out:
        write_results(args.out, done)
    return done
