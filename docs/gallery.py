"""Write the pictures of ``docs/pictures.rst``: seeded positions covering every piece and variant.

    python docs/gallery.py                     # the SVG files in docs/pictures/
    python docs/gallery.py --png build-pngs    # PNG copies too, 600 px wide (the png extra)

Each position is found by playing seeded random games (the simulator's "builder" policy, which
builds whenever it may) until a state shows what the picture is about, so the pictures follow
the engine and need no hand-written position.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import tigeuph
from tigeuph import svg
from tigeuph.simulate import choose_action

HERE = Path(__file__).parent / "pictures"


def _states(rules: tigeuph.Rules, seed: int) -> Iterator[tuple[tigeuph.GameState, tigeuph.Action]]:
    """Every state of one seeded builder game, with the action that led to it."""
    rng = random.Random(seed)
    state = tigeuph.new_game(rules.players, seed=seed, rules=rules)
    while not state.is_over:
        action = choose_action(state, rng, "builder")
        state = tigeuph.apply(state, action)
        yield state, action


def _find(
    rules: tigeuph.Rules, wanted: Callable[[tigeuph.GameState], bool]
) -> tuple[tigeuph.GameState, tigeuph.Action]:
    """The first state of the first seeded game in which *wanted* holds."""
    for seed in range(200):
        for state, action in _states(rules, seed):
            if wanted(state):
                return state, action
    raise SystemExit("no game of the first 200 seeds shows this")


def pictures() -> dict[str, str]:
    """Each picture's file stem and its SVG."""
    out = {"opening": svg.board(tigeuph.new_game(4, seed=7), size=600)}

    three = tigeuph.Rules(players=3)
    state, action = _find(
        three, lambda s: len(s.monuments) >= 2 and bool(s.catastrophes) and s.pending is None
    )
    out["middle-game"] = svg.board(state, size=600, lastmove=action)

    state, action = _find(three, lambda s: isinstance(s.pending, tigeuph.War))
    out["war"] = svg.board(state, size=600, lastmove=action)

    variants = tigeuph.Rules(players=3, board=tigeuph.ADVANCED, buildings=True, wonder=True)
    state, action = _find(
        variants,
        lambda s: s.wonder is not None and sum(b is not None for b in s.buildings) >= 2,
    )
    out["advanced-buildings-wonder"] = svg.board(state, size=600, lastmove=action)
    out["seat-1-view"] = svg.board(tigeuph.view(state, 1), size=600)

    state, _ = _find(tigeuph.Rules(players=2), lambda s: s.is_over)
    out["game-over"] = svg.board(state, size=600)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, help="also write PNG files into this directory")
    parser.add_argument("--out", type=Path, default=HERE, help="where the SVG files go")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, picture in pictures().items():
        (args.out / f"{name}.svg").write_text(picture + "\n", encoding="utf-8")
        if args.png is not None:
            args.png.mkdir(parents=True, exist_ok=True)
            (args.png / f"{name}.png").write_bytes(svg.to_png(picture))
        print(name)


if __name__ == "__main__":
    main()
