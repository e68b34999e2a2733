"""Seeded random playouts: the engine's speed benchmark; ``tigeuph bench`` runs the same.

    python benchmarks/playout.py                 # 2, 3 and 4 players, 100 games each
    python benchmarks/playout.py --games 20 --players 2
    python benchmarks/playout.py --board advanced --switch buildings --switch wonder
    python benchmarks/playout.py --games 20 --every-combination   # each board x switches

See :mod:`tigeuph.tools.bench` for what is measured and how.
"""

from __future__ import annotations

from tigeuph.tools.bench import main, playout

__all__ = ["main", "playout"]

if __name__ == "__main__":
    raise SystemExit(main(prog="benchmarks/playout.py"))
