"""Time the readers on the hostile inputs of issue 11, at growing sizes.

    .venv/bin/python benchmarks/readers.py [--scale 1]

Each line is one input: the reader, what the input is, its size, the CPU time the reader took
(``time.process_time``), the peak memory it allocated (``tracemalloc``) and what it answered.
Reading is linear when the time grows as the size does; ``--scale`` multiplies every size.
"""

from __future__ import annotations

import argparse
import json
import re
import time
import tracemalloc
from collections.abc import Callable

import tigeuph
from tigeuph import Game, TigeuphError, babel

STATE = tigeuph.new_game(2, seed=1)
RECORD = Game.new(2, seed=1, tags={"Date": "2025-01-31"}).to_record()
POSITION = tigeuph.to_text(STATE)
BABEL_RECORD = babel.BabelGame.new(1).to_record()


def bad_monuments(n: int) -> str:
    document = json.loads(tigeuph.state_to_json(STATE))
    document["monuments"] = ["x"] * n
    return json.dumps(document)


def long_bag(n: int) -> str:
    return re.sub(r"bag: \w+", "bag: " + "r" * n, POSITION)


def passes(n: int) -> str:
    moves = " ".join(f"{i + 1}. pass" for i in range(n))
    return f'[Rules "players=2 board=standard"]\n[Seed "1"]\n\n{moves}\n'


CASES: list[tuple[str, Callable[[str], object], Callable[[int], str]]] = [
    ("record ending in a run of '{'", Game.from_record, lambda n: RECORD + "{" * n),
    ("record with a long tag value", Game.from_record, lambda n: f'[Event "{"a" * n}"]\n' + RECORD),
    ("record of passes", Game.from_record, lambda n: passes(n // 10)),
    ("Babel record with a long tag value", babel.BabelGame.from_record,
     lambda n: f'[Event "{"a" * n}"]\n' + BABEL_RECORD),
    ("Babel record ending in a run of '{'", babel.BabelGame.from_record,
     lambda n: BABEL_RECORD + "{" * n),
    ("state with bad monuments", tigeuph.state_from_json, lambda n: bad_monuments(n // 4)),
    ("position with a long bag line", tigeuph.from_text, lambda n: long_bag(n)),
    ("JSON nested n deep", tigeuph.state_from_json, lambda n: "[" * n),
    ("action with a long support count", tigeuph.parse_action, lambda n: "+" + "9" * n),
]  # fmt: skip


def measure(read: Callable[[str], object], text: str) -> tuple[float, float, str]:
    """CPU seconds, peak MB and the answer's type (with the limit's name for a LimitError)."""
    tracemalloc.start()
    start = time.process_time()
    try:
        read(text)
        answer = "read"
    except TigeuphError as err:
        limit = getattr(err, "limit", None)
        answer = type(err).__name__ + (f" ({limit})" if limit else "")
    spent = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return spent, peak, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every size by this")
    args = parser.parse_args()
    print(f"tigeuph {tigeuph.__version__}: readers on hostile input")
    print(f"{'input':<36} {'bytes':>11} {'seconds':>8} {'peak MB':>8}  answer")
    for label, read, make in CASES:
        for size in (10_000, 100_000, 900_000, 10_000_000):
            text = make(int(size * args.scale))
            spent, peak, answer = measure(read, text)
            print(f"{label:<36} {len(text):>11,} {spent:>8.3f} {peak:>8.1f}  {answer}")


if __name__ == "__main__":
    main()
