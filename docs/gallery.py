"""Write the pictures of ``docs/pictures.rst``: seeded positions covering every piece and variant,
and Babel's table.

    python docs/gallery.py                     # the SVG files in docs/pictures/
    python docs/gallery.py --png build-pngs    # PNG copies too, 600 px wide (the png extra)

Each position is found by playing seeded random games (``RandomAgent(weighted=True)``, which
builds whenever it may; for Babel, the greedy player against random play) until a state shows
what the picture is about, so the pictures follow the engine and need no hand-written position.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import tigeuph
from tigeuph import GAMES, svg
from tigeuph.agents import RandomAgent, make_agent

HERE = Path(__file__).parent / "pictures"


def _states(rules: tigeuph.Rules, seed: int) -> Iterator[tuple[tigeuph.GameState, tigeuph.Action]]:
    """Every state of one seeded builder game, with the action that led to it."""
    rng = random.Random(seed)
    builder = RandomAgent(weighted=True)
    state = tigeuph.new_game(rules.players, seed=seed, rules=rules)
    while not state.is_over:
        assert state.to_move is not None
        action = builder.act(tigeuph.view(state, state.to_move), rng)
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
    return out | _babel_pictures()


def _babel_game(seed: int) -> Iterator[tuple[Any, Any]]:
    """Every state of one seeded Babel game, the greedy player (seat 0) against random play,
    with the action that led to it."""
    babel, rng = GAMES["babel"], random.Random(seed)
    agents = [make_agent("greedy", game="babel"), make_agent("random", game="babel")]
    state = babel.new_game(2, seed=seed)
    while not state.is_over:
        seat = state.to_move
        action = agents[seat].act(babel.view(state, seat), rng)
        state = babel.apply(state, action)
        yield state, action


def _babel_find(wanted: Callable[[Any], bool]) -> tuple[Any, Any]:
    """The first state of the first seeded Babel game in which *wanted* holds."""
    for seed in range(200):
        for state, action in _babel_game(seed):
            if wanted(state):
                return state, action
    raise SystemExit("no Babel game of the first 200 seeds shows this")


def _babel_pictures() -> dict[str, str]:
    """Babel's pictures, drawn through the game interface as ``tigeuph render`` draws them."""
    babel = GAMES["babel"]
    state, action = _babel_find(lambda s: sum(s.scores) >= 14 and s.pending is None)
    out = {"babel-middle-game": babel.picture(state, size=600, last=action)}
    out["babel-seat-1-view"] = babel.picture(babel.view(state, 1), size=600, last=action)
    state, action = _babel_find(lambda s: s.pending is not None)
    out["babel-halving"] = babel.picture(state, size=600, last=action)
    state, action = _babel_find(lambda s: s.is_over)
    out["babel-game-over"] = babel.picture(state, size=600, last=action)
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
