"""perft: how many sequences of legal actions of a given length start from a position
(``tigeuph perft``), the count chess engines publish so that another engine can check itself
against it.

The start is ``new_game(players, seed=seed, rules=rules)``: the seed fixes the bag, so every
draw is decided and the tree holds only the players' choices. Every action ``legal_actions``
lists is one branch: passing, each exchange (once per distinct set of tiles given back),
support, war order, monument, treasure, building and wonder answers alike. A finished game has
no legal actions, so a sequence that ends the game early counts nothing at the depth asked
for, as in chess. The last ply is counted, not played: ``len(legal_actions(state))``.

A count from the start exercises few rules (no conflict can happen in the first three
actions), so a count may also start in the middle of a game: ``--after N`` first plays the
first N actions of the game ``tigeuph bench`` plays with the same seed and rules
(:func:`~tigeuph.tools.bench.seeded_game`).

    tigeuph perft --players 2 --depth 3                 # seed 0, the standard board
    tigeuph perft --players 3 --seed 1 --depth 2 --divide
    tigeuph perft --players 4 --depth 2 --board advanced --variant buildings,wonder
    tigeuph perft --players 2 --depth 2 --after 100    # after 100 actions of that game

``--divide`` prints, for each legal first action in the engine's order, its action notation
and the count below it, then the total. The published counts are in ``docs/perft.rst``.
"""

from __future__ import annotations

import argparse

from ..core.errors import ArgumentError, TigeuphError, expect
from ..tigris.engine.apply import apply
from ..tigris.engine.legal import legal_actions
from ..tigris.interface.variants import BOARD
from ..tigris.model.actions import Action
from ..tigris.model.boards import STANDARD, Board
from ..tigris.model.ruleset import SWITCHES, Rules, parse_switches, switch_word
from ..tigris.model.state import GameState, new_game
from .bench import seeded_game
from .options import Parser

__all__ = ["divide", "main", "perft", "position"]


def _board(text: str) -> Board:
    try:
        board: Board = BOARD.read(text, None)
    except TigeuphError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return board


def _switches(text: str) -> tuple[str, ...]:
    try:
        names = parse_switches(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if not names:
        raise argparse.ArgumentTypeError("an empty list of switches")
    return names


def _depth(depth: object, least: int, where: str) -> int:
    expect(depth, int, "a depth (an int)", f"{where}: depth")
    assert isinstance(depth, int)
    if depth < least:
        raise ArgumentError(f"{where}: depth must be {least} or more, not {depth}")
    return depth


def _count(state: GameState, depth: int) -> int:
    legal = legal_actions(state)
    if depth == 1:
        return len(legal)  # bulk counting: the last ply is listed, not played
    return sum(_count(apply(state, action), depth - 1) for action in legal)


def perft(state: GameState, depth: int) -> int:
    """The number of sequences of *depth* legal actions from *state* (1 for depth 0).

    >>> from tigeuph import new_game
    >>> perft(new_game(2, seed=0), 1) == len(legal_actions(new_game(2, seed=0)))
    True

    Raises:
        ArgumentTypeError: *state* is not a GameState or *depth* not an int.
        ArgumentError: *depth* is negative.
    """
    expect(state, GameState, "a GameState", "perft: state")
    if _depth(depth, 0, "perft") == 0:
        return 1
    return _count(state, depth)


def divide(state: GameState, depth: int) -> list[tuple[Action, int]]:
    """Each legal action of *state*, in the engine's order, with the number of sequences of
    *depth* actions that begin with it; the counts add up to ``perft(state, depth)``.

    Raises:
        ArgumentTypeError: *state* is not a GameState or *depth* not an int.
        ArgumentError: *depth* is less than 1.
    """
    expect(state, GameState, "a GameState", "divide: state")
    _depth(depth, 1, "divide")
    if depth == 1:
        return [(action, 1) for action in legal_actions(state)]
    return [(action, _count(apply(state, action), depth - 1)) for action in legal_actions(state)]


def position(players: int, seed: int, rules: Rules, after: int = 0) -> GameState:
    """The position a count starts from: ``new_game(players, seed=seed, rules=rules)``, then
    the first *after* actions of the benchmark's game from that seed under those rules
    (:func:`~tigeuph.tools.bench.seeded_game`).

    Raises:
        ArgumentTypeError: an argument of the wrong type.
        ArgumentError: a player count other than 2, 3 or 4, *after* negative, or the seeded
            game ends in fewer than *after* actions.
    """
    expect(seed, int, "a seed (an int)", "position: seed")
    expect(after, int, "a number of actions (an int)", "position: after")
    state = new_game(players, seed=seed, rules=rules)
    if after < 0:
        raise ArgumentError(f"position: after must be 0 or more, not {after}")
    if after == 0:
        return state
    played = seeded_game(players, seed, rules)
    if after > len(played):
        raise ArgumentError(
            f"position: the seeded game of seed {seed} ends after {len(played)} actions, "
            f"not {after}"
        )
    for action in played[:after]:
        state = apply(state, action)
    return state


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = Parser(
        prog=prog,
        description="Count the sequences of legal actions of a given length from the seeded "
        "start of a game (perft): the seed fixes the bag, so only the players' choices branch. "
        "Another engine of this game can check itself against these counts.",
    )
    add = parser.add_argument
    add("--players", type=int, required=True, choices=(2, 3, 4), help="the player count")
    add("--seed", type=int, default=0, help="the game's seed, which fixes the bag (default 0)")
    add("--depth", type=int, required=True, help="the length of the sequences, 1 or more")
    add(
        "--board",
        type=_board,
        default=STANDARD,
        help=f"{BOARD.help} (default standard)",
    )
    add(
        "--variant",
        "--switch",
        type=_switches,
        action="append",
        default=[],
        metavar="SWITCH[,SWITCH...]",
        help="variant switches to turn on, repeatable "
        f"({', '.join(switch_word(name) for name in SWITCHES)})",
    )
    add(
        "--after",
        type=int,
        default=0,
        metavar="N",
        help="count from the position after the first N actions of the game 'tigeuph bench' "
        "plays with the same seed and rules (default 0: from the start)",
    )
    add(
        "--divide",
        action="store_true",
        help="split the count by first action: each legal first action in the engine's order, "
        "its count, then the total",
    )
    return parser


def main(argv: list[str] | None = None, prog: str = "python -m tigeuph.tools.perft") -> int:
    """Print the count the command line asks for; 0, or 2 on a bad command line."""
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if args.depth < 1:
        parser.error(f"--depth {args.depth}: give 1 or more")
    on = {name for names in args.variant for name in names}
    rules = Rules(board=args.board, **{name: name in on for name in SWITCHES})
    try:
        state = position(args.players, args.seed, rules, args.after)
    except ArgumentError as err:
        parser.error(f"--after {args.after}: {str(err).removeprefix('position: ')}")
    if not args.divide:
        print(perft(state, args.depth))
        return 0
    total = 0
    for action, count in divide(state, args.depth):
        print(f"{action} {count}", flush=True)
        total += count
    print(f"total {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
