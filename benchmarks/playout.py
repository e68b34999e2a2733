"""Seeded random playouts: the engine's speed benchmark; ``tigeuph bench`` runs the same.

    python benchmarks/playout.py                 # 2, 3 and 4 players, 100 games each
    python benchmarks/playout.py --games 20 --players 2
    python benchmarks/playout.py --board advanced --switch buildings --switch wonder
    python benchmarks/playout.py --games 20 --every-combination   # each board x switches
    python benchmarks/playout.py --write-figures  # and the README's figure: docs/figures.json

See :mod:`tigeuph.tools.bench` for what is measured and how. ``--write-figures`` then times
three runs of 100 two-player games (CPU time) and writes their range as the figure
``engine.actions_per_second`` (:mod:`figures`).
"""

from __future__ import annotations

import sys
import time

from figures import record

from tigeuph.tools.bench import main, playout

__all__ = ["main", "playout", "write_figures"]


def write_figures(games: int = 100, runs: int = 3) -> tuple[float, float]:
    """Actions per second of *runs* runs of *games* two-player playouts, slowest and fastest,
    written to docs/figures.json."""
    speeds = []
    for _ in range(runs):
        start, actions = time.process_time(), 0
        for seed in range(games):
            actions += playout(2, seed)[0]
        speeds.append(actions / (time.process_time() - start))
    record("engine.actions_per_second", min(speeds), max(speeds))
    return min(speeds), max(speeds)


if __name__ == "__main__":
    argv = sys.argv[1:]
    if "--write-figures" in argv:
        argv.remove("--write-figures")
        status = main(argv, prog="benchmarks/playout.py")
        low, high = write_figures()
        print(f"docs/figures.json: {low:,.0f} to {high:,.0f} actions a second")
        raise SystemExit(status)
    raise SystemExit(main(prog="benchmarks/playout.py"))
