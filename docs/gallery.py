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
from tigeuph.tigris.events import ConflictResolved

HERE = Path(__file__).parent / "pictures"


def _states(
    rules: tigeuph.Rules, seed: int
) -> Iterator[tuple[tigeuph.GameState, tigeuph.Action, tigeuph.GameState]]:
    """Every step ``(before, action, after)`` of one seeded builder game."""
    rng = random.Random(seed)
    builder = RandomAgent(weighted=True)
    state = tigeuph.new_game(rules.players, seed=seed, rules=rules)
    while not state.is_over:
        assert state.to_move is not None
        action = builder.act(tigeuph.view(state, state.to_move), rng)
        before, state = state, tigeuph.apply(state, action)
        yield before, action, state


def _find(
    rules: tigeuph.Rules,
    wanted: Callable[[tigeuph.GameState], bool],
    played: Callable[[tigeuph.GameState, tigeuph.Action], bool] = lambda before, action: True,
) -> tuple[tigeuph.GameState, tigeuph.Action, tigeuph.GameState]:
    """The first step ``(before, action, after)`` of the first seeded game in which *wanted*
    holds after *action*, and *played* of the action from the state before it."""
    for seed in range(200):
        for before, action, after in _states(rules, seed):
            if wanted(after) and played(before, action):
                return before, action, after
    raise SystemExit("no game of the first 200 seeds shows this")


def _settles_a_war(before: tigeuph.GameState, action: tigeuph.Action) -> bool:
    """Whether *action* settles a war that removes tiles."""
    if not isinstance(before.pending, tigeuph.War) or before.pending.attacker_support is None:
        return False
    _, events = tigeuph.transition(before, action)
    return any(isinstance(e, ConflictResolved) and e.removed for e in events)


def _around(state: tigeuph.GameState) -> list[tigeuph.Cell]:
    """The cells of *state*'s conflict: its two leaders, and the unification tile."""
    conflict = state.pending
    assert isinstance(conflict, tigeuph.Revolt | tigeuph.War)
    cells = [
        state.leaders[seat][conflict.colour] for seat in (conflict.attacker, conflict.defender)
    ]
    return [c for c in (*cells, state.unification) if c is not None]


def pictures() -> dict[str, str]:
    """Each picture's file stem and its SVG."""
    out = {"opening": svg.board(tigeuph.new_game(4, seed=7), size=600)}

    three = tigeuph.Rules(players=3)
    _, action, state = _find(
        three, lambda s: len(s.monuments) >= 2 and bool(s.catastrophes) and s.pending is None
    )
    out["middle-game"] = svg.board(state, size=600, lastmove=action)

    before, action, state = _find(three, lambda s: isinstance(s.pending, tigeuph.War))
    out["war"] = svg.board(state, size=600, lastmove=action, before=before)
    out["war-cropped"] = svg.board(state, size=600, lastmove=action, crop=_around(state))
    before, action, state = _find(three, lambda s: True, _settles_a_war)
    out["war-settled"] = svg.board(state, size=600, lastmove=action, before=before)
    before, action, state = _find(
        three, lambda s: isinstance(s.pending, tigeuph.Revolt) and s.pending.attacker_support
    )
    out["revolt"] = svg.board(state, size=600, lastmove=action, before=before)

    variants = tigeuph.Rules(players=3, board=tigeuph.ADVANCED, buildings=True, wonder=True)
    _, action, state = _find(
        variants,
        lambda s: s.wonder is not None and sum(b is not None for b in s.buildings) >= 2,
    )
    out["advanced-buildings-wonder"] = svg.board(state, size=600, lastmove=action)
    out["seat-1-view"] = svg.board(tigeuph.view(state, 1), size=600)

    _, _, state = _find(tigeuph.Rules(players=2), lambda s: s.is_over)
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
    out = {"babel-middle-game": babel.presentation.picture(state, size=600, last=action)}
    out["babel-seat-1-view"] = babel.presentation.picture(
        babel.view(state, 1), size=600, last=action
    )
    state, action = _babel_find(lambda s: s.pending is not None)
    out["babel-halving"] = babel.presentation.picture(state, size=600, last=action)
    state, action = _babel_find(lambda s: s.is_over)
    out["babel-game-over"] = babel.presentation.picture(state, size=600, last=action)
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
