"""Seeded random playouts: the engine's speed benchmark (``tigeuph bench``).

Each game enumerates every legal action at every step, picks one uniformly with a seeded
generator, and applies it, until the game ends. Prints, per player count: actions per second,
games per second, mean actions per game and mean number of legal actions per decision. CPU time
of this process is measured (``time.process_time``), so other load on the machine disturbs the
figures less; a few untimed warm-up games come first (:func:`~tigeuph.tools.warm.warm_up`).
With ``--instructions`` it also counts the CPU instructions an action takes, under valgrind's
callgrind (:mod:`tigeuph.tools.callgrind`): a figure that the machine's load does not move.

    tigeuph bench                 # 2, 3 and 4 players, 100 games each
    tigeuph bench --games 20 --players 2
    tigeuph bench --board advanced --switch buildings --switch wonder
    tigeuph bench --board examples/boards/delta.txt     # a custom board
    tigeuph bench --games 20 --every-combination   # each board x switches
    tigeuph bench --players 2 --instructions       # and instructions per action (valgrind)
    tigeuph bench --games 20 --every-combination --digest   # SHA-256 of the games' actions

With ``--digest`` it times nothing: it prints a SHA-256 over every action of each row's seeded
games (:func:`games_text`), and one over all rows, so that a change to the engine can show it
plays the same games from the same seeds (the published values are in ``docs/perft.rst``).

``benchmarks/playout.py`` runs the same with the same options.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import time
from collections.abc import Iterator, Sequence
from importlib.metadata import PackageNotFoundError, version

from ..core.errors import BoardError, expect
from ..tigris.engine.apply import apply
from ..tigris.engine.legal import legal_actions
from ..tigris.model.actions import Action
from ..tigris.model.boards import BUILT_IN, find_board
from ..tigris.model.ruleset import SWITCHES, Rules
from ..tigris.model.state import new_game
from .callgrind import count_instructions, valgrind
from .warm import warm_up

__all__ = ["games_text", "main", "playout", "rule_set", "seeded_game"]

BASE = Rules()


def playout(players: int, seed: int, rules: Rules = BASE) -> tuple[int, int]:
    """Play one random game under *rules* (its board and switches; *players* sets the count);
    return (actions applied, legal actions listed in total)."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    actions = listed = 0
    while not state.is_over:
        legal = legal_actions(state)  # every legal action, in the engine's order
        listed += len(legal)
        state = apply(state, rng.choice(legal))
        actions += 1
    return actions, listed


def seeded_game(players: int, seed: int, rules: Rules = BASE) -> tuple[Action, ...]:
    """The actions of the game ``playout`` plays from *seed*, in order: the same choices from
    the same generator (kept apart so that the timed loop records nothing)."""
    expect(players, int, "a player count (an int)", "seeded_game: players")
    expect(seed, int, "a seed (an int)", "seeded_game: seed")
    expect(rules, Rules, "a Rules", "seeded_game: rules")
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    played: list[Action] = []
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        played.append(action)
    return tuple(played)


def games_text(players: int, seeds: range, rules: Rules = BASE) -> str:
    """The seeded games of *seeds* as text, what ``--digest`` hashes: for each game in turn, its
    actions in action notation separated by single spaces, and a newline."""
    expect(seeds, range, "a range of seeds", "games_text: seeds")
    return "".join(" ".join(map(str, seeded_game(players, seed, rules))) + "\n" for seed in seeds)


def rule_set(board: str, switches: Sequence[str]) -> Rules:
    """The rules that ``--board`` *board* (``standard``, ``advanced`` or a board file) and the
    ``--switch`` *switches* ask for.

    Raises:
        BoardError: the board file is not a board.
        OSError: the board file cannot be read.
    """
    layout = find_board(board)
    return Rules(board=layout, **{name: name in switches for name in SWITCHES})


def _rule_sets(
    board: str, switches: list[str], every: bool
) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """``(label, board, switches)`` for each set of rules to measure."""
    if not every:
        rules = rule_set(board, switches)
        yield "+".join([rules.board.name, *sorted(switches)]), board, tuple(switches)
        return
    for name in BUILT_IN:
        for n in range(len(SWITCHES) + 1):
            for on in itertools.combinations(SWITCHES, n):
                yield "+".join([name, *on]), name, on


def _version() -> str:
    try:
        return version("tigeuph")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "(not installed)"


def main(argv: list[str] | None = None, prog: str = "tigeuph bench") -> int:
    """Run the benchmark the command line asks for and print its table."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play seeded random games and print the engine's speed: actions and games "
        "per second, actions per game, legal actions per step.",
    )
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--board",
        default="standard",
        help=f"{', '.join(BUILT_IN)}, or a board file (.json or .txt, see docs/boards.rst)",
    )
    parser.add_argument(
        "--switch", action="append", default=[], choices=SWITCHES, help="a variant to turn on"
    )
    parser.add_argument(
        "--every-combination",
        action="store_true",
        help="measure each board with each combination of switches (ignores --board, --switch)",
    )
    parser.add_argument(
        "--instructions",
        type=int,
        nargs="?",
        const=10,
        metavar="GAMES",
        help="also count the CPU instructions per action under valgrind's callgrind, over the "
        "first GAMES of the seeded games (10 when not given); slow: some seconds a game",
    )
    parser.add_argument(
        "--digest",
        action="store_true",
        help="time nothing: print a SHA-256 over every action of each row's seeded games, and "
        "one over all rows, to show that a change to the engine plays the same games",
    )
    args = parser.parse_args(argv)
    if args.digest and args.instructions is not None:
        parser.error("--digest times nothing: leave out --instructions")
    if args.instructions is not None and args.instructions < 1:
        parser.error(f"--instructions {args.instructions}: give 1 game or more")
    try:
        rule_sets = [
            (label, board, on, rule_set(board, on))
            for label, board, on in _rule_sets(args.board, args.switch, args.every_combination)
        ]
    except (OSError, BoardError) as err:
        parser.error(f"--board: {err}")
    if args.digest:
        return _digests(rule_sets, args.players, range(args.seed, args.seed + args.games))
    count = args.instructions is not None
    if count and valgrind() is None:
        print("instructions per action: valgrind is not installed, so they are not counted")
        count = False
    # Untimed games first: the engine builds its action tables on first use (a one-time cost
    # of a few tenths of a second), which is not what a playout costs.
    warm_up(5)
    print(f"tigeuph {_version()}: {args.games} random games per player count")
    if count:
        print(f"instructions per action: callgrind, over the first {args.instructions} games")
    print(
        f"{'rules':<48} {'players':>7} {'actions/s':>10} {'games/s':>8} {'actions/game':>13} "
        f"{'legal/step':>11}" + (f" {'instr/action':>13}" if count else "")
    )
    for label, board, on, rules in rule_sets:
        baseline: int | None = None
        for players in args.players:
            total = listed = 0
            start = time.process_time()
            for seed in range(args.seed, args.seed + args.games):
                actions, seen = playout(players, seed, rules)
                total += actions
                listed += seen
            elapsed = time.process_time() - start
            row = (
                f"{label:<48} {players:>7} {total / elapsed:>10,.0f} {args.games / elapsed:>8.1f} "
                f"{total / args.games:>13.1f} {listed / total:>11.1f}"
            )
            if count:
                found = count_instructions(
                    players, args.seed, args.instructions, board, on, baseline
                )
                baseline = found.baseline
                row += f" {found.per_action:>13,.0f}"
            print(row, flush=True)
    return 0


def _digests(
    rule_sets: list[tuple[str, str, tuple[str, ...], Rules]], counts: list[int], seeds: range
) -> int:
    """Print the SHA-256 of each row's games (:func:`games_text`) and of all rows' together."""
    print(
        f"tigeuph {_version()}: SHA-256 of every action of the seeded games, "
        f"seeds {seeds.start} to {seeds.stop - 1}"
    )
    print(f"{'rules':<48} {'players':>7} sha256")
    everything = hashlib.sha256()
    for label, _, _, rules in rule_sets:
        for players in counts:
            text = games_text(players, seeds, rules).encode()
            everything.update(text)
            print(f"{label:<48} {players:>7} {hashlib.sha256(text).hexdigest()}", flush=True)
    print(f"{'all':<48} {'':>7} {everything.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(prog="python -m tigeuph.tools.bench"))
