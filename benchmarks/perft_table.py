"""The perft tables of ``docs/perft.rst``: counts for every player count, both built-in boards,
no switch, each switch alone and all of them, at depths 1 to ``--depth``; from the seeded start
and from the position after the first ``--after`` actions of the benchmark's seeded game.

    python benchmarks/perft_table.py                 # depths 1-3: about 5 minutes
    python benchmarks/perft_table.py --depth 2       # a few seconds
    python benchmarks/perft_table.py --positions docs/perft-positions.txt

Prints both tables as reStructuredText on standard output, ready to paste into the page, and
each row's CPU seconds per depth (``time.process_time``) on standard error. ``--positions FILE``
also writes the actions that lead to each middle-game position, in action notation, one row a
line, for engines that cannot replay the benchmark's random choices.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator

from tigeuph.tigris.model.boards import BUILT_IN
from tigeuph.tigris.model.ruleset import SWITCHES, switch_word
from tigeuph.tools.bench import rule_set, seeded_game
from tigeuph.tools.perft import perft, position

__all__ = ["main", "rows"]

HEADINGS = ("players", "seed", "board", "variant", "after")


def rows() -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """``(players, board, switches)`` for each row, in the tables' order."""
    variants = [(), *((name,) for name in SWITCHES), SWITCHES]
    for players in (2, 3, 4):
        for board in BUILT_IN:
            for on in variants:
                yield players, board, on


def _table(headings: list[str], lines: list[list[str]]) -> str:
    widths = [max(len(cell) for cell in column) for column in zip(headings, *lines, strict=True)]
    rule = "  ".join("=" * width for width in widths)

    def row(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    return "\n".join([rule, row(headings), rule, *map(row, lines), rule])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3, help="the deepest column (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="the games' seed (default 0)")
    parser.add_argument(
        "--after", type=int, default=100, help="actions played before the middle-game counts"
    )
    parser.add_argument("--positions", metavar="FILE", help="write the middle-game positions")
    args = parser.parse_args(argv)
    depths = range(1, args.depth + 1)
    headings = [*HEADINGS, *(f"depth {depth}" for depth in depths)]
    positions: list[str] = []
    for after in (0, args.after):
        lines: list[list[str]] = []
        for players, board, on in rows():
            rules = rule_set(board, on)
            state = position(players, args.seed, rules, after)
            counts: list[str] = []
            seconds: list[str] = []
            for depth in depths:
                start = time.process_time()
                counts.append(str(perft(state, depth)))
                seconds.append(f"{time.process_time() - start:.2f}")
            variant = ",".join(switch_word(name) for name in on) or "none"
            row = [str(players), str(args.seed), board, variant, str(after)]
            lines.append([*row, *counts])
            print(f"{' '.join(row)}: {' '.join(seconds)} s", file=sys.stderr, flush=True)
            if after:
                played = seeded_game(players, args.seed, rules)[:after]
                positions.append(" ".join(row) + ": " + " ".join(map(str, played)))
        print(_table(headings, lines), end="\n\n", flush=True)
    if args.positions:
        with open(args.positions, "w", encoding="utf-8") as out:
            out.write("\n".join(positions) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
