"""Calls per second of the learning encoders, and a digest of everything they produce.

Plays seeded games of uniformly random legal actions, for 2, 3 and 4 players, on the standard
board and on the advanced board with every switch on, and keeps every decision's state and the
view of the player to move. It then times, over all those positions, :func:`tigeuph.observation`
of the view, :func:`tigeuph.legal_mask` of the state and :func:`tigeuph.legal_mask` of the view,
in calls per second of CPU time of this process (``time.process_time``), each after one untimed
pass; the legal actions are listed before timing (a state keeps its own), so the masks are
timed, not the rules. Each row ends with a SHA-256 of every array or mask the function produced,
in order: a faster encoder must leave the digests as they were.

    python benchmarks/observation.py                  # 2 games a setting, 3 timed passes
    python benchmarks/observation.py --games 4 --repeat 5
    python benchmarks/observation.py --only observation

Needs the ``tensors`` extra (numpy).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

import tigeuph


def positions(
    players: int, seed: int, switched: bool
) -> list[tuple[tigeuph.GameState, tigeuph.PlayerView]]:
    """Every decision of one seeded random game, as the state and the mover's view."""
    rules = tigeuph.Rules(players=players)
    if switched:
        rules = tigeuph.Rules(
            players=players, board=tigeuph.ADVANCED, **{n: True for n in tigeuph.SWITCHES}
        )
    rng = random.Random(seed)
    state = tigeuph.new_game(players, seed=seed, rules=rules)
    out = []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        legal = tigeuph.legal_actions(state)
        out.append((state, tigeuph.view(state, mover)))
        state = tigeuph.apply(state, rng.choice(legal))
    return out


Result: TypeAlias = bytes | NDArray[np.float32]


def encode(value: Result) -> bytes:
    """The bytes a result is digested as: a mask as it is, an array as its raw float32 data."""
    return value if isinstance(value, bytes) else value.tobytes()


def measure(call: Callable[[Any], Result], inputs: Sequence[Any], repeat: int) -> tuple[float, str]:
    """Calls per second of CPU time over *repeat* passes of *call* over *inputs*, and the digest
    of every result of one pass (the untimed one: the timed passes keep no result alive, so
    that they time the call and not the memory of thousands of arrays)."""
    digest = hashlib.sha256()
    for value in inputs:
        digest.update(encode(call(value)))
    start = time.process_time()
    for _ in range(repeat):
        for value in inputs:
            call(value)
    return len(inputs) * repeat / (time.process_time() - start), digest.hexdigest()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per setting")
    parser.add_argument("--repeat", type=int, default=3, help="timed passes over the positions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--only", choices=["observation", "legal_mask"], help="time one function only"
    )
    args = parser.parse_args(argv)
    found: list[tuple[tigeuph.GameState, tigeuph.PlayerView]] = []
    for players in (2, 3, 4):
        for switched in (False, True):
            for game in range(args.games):
                found += positions(players, args.seed + game, switched)
    states = [state for state, _ in found]
    views = [seen for _, seen in found]
    rows: list[tuple[str, Callable[[Any], Result], Sequence[Any]]] = []
    if args.only != "legal_mask":
        rows.append(("observation(view)", tigeuph.observation, views))
    if args.only != "observation":
        rows.append(("legal_mask(state)", tigeuph.legal_mask, states))
        rows.append(("legal_mask(view)", tigeuph.legal_mask, views))
    print(
        f"tigeuph {tigeuph.__version__}: {len(found)} positions from {args.games} games "
        "a setting (2-4 players; standard, advanced with every switch)"
    )
    print(f"{'function':<20}{'calls/s':>10}  sha256 of the results")
    for label, call, inputs in rows:
        rate, digest = measure(call, inputs, args.repeat)
        print(f"{label:<20}{rate:>10,.0f}  {digest}")


if __name__ == "__main__":
    main()
