"""``tigeuph play``: a game in the terminal, people against agents, or agents watched."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..babel import BabelGame
from ..errors import TigeuphError
from ..records import Game
from .common import add_rules_options, rules_from

__all__ = ["add", "run"]

DESCRIPTION = """\
Play Tigris & Euphrates in the terminal. Each seat is a person ('human') or a computer player:
random, greedy, mcts (mcts:iterations=400 sets its budget) or your own as module:factory.
Without --seats you play seat 0 against greedy players. You see the board in colour, your hand
and points and your legal actions; type actions in action notation (rE5 puts a red tile on E5;
a unique beginning is enough, Tab completes), '?' for help, 'explain ACTION' to ask why an
action is illegal, 'undo' to take back your last action, 'quit' to stop. With no human seat the
game is played for you to watch. A game that stalls (three whole rounds in which nothing but
points changed, spec D8) or reaches --max-actions stops there. The game's record is saved at the
end (--record)."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand."""
    parser = commands.add_parser(
        "play", help="play a game in the terminal, or watch one", description=DESCRIPTION
    )
    parser.add_argument(
        "--game",
        choices=("tigris", "babel"),
        default="tigris",
        help="the game: tigris (Tigris & Euphrates, the default) or babel (2 players, plain "
        "text: type ? for its action notation)",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        metavar="N",
        help="how many players, 2 to 4 (default: 3, or as many as --seats)",
    )
    parser.add_argument(
        "--seats",
        "--agents",
        metavar="SEAT[,SEAT...]",
        help="who plays each seat, seat 0 first: human, random, greedy, mcts, module:factory "
        "(default: human, then greedy players)",
    )
    parser.add_argument(
        "--seed", type=int, metavar="N", help="the seed that deals the game (default: random)"
    )
    add_rules_options(parser)
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="where to save the game record (default: tigeuph-game-SEED.txt)",
    )
    parser.add_argument("--no-record", action="store_true", help="save no record")
    parser.add_argument(
        "--max-actions",
        type=int,
        metavar="N",
        help="stop the game after N actions, its record kept (default: the record's bound; "
        "tigris only)",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="pause between actions in a watched game (default 0.5)",
    )
    parser.set_defaults(run=run)


def _seats(args: argparse.Namespace) -> list[str]:
    if args.seats is None:
        from ..agents import AGENT_NAMES

        other = "greedy" if "greedy" in AGENT_NAMES else "random"
        return ["human"] + [other] * ((args.players or 3) - 1)
    seats = [seat.strip() for seat in args.seats.split(",")]
    if "" in seats:
        raise TigeuphError(f"--seats {args.seats!r}: an empty seat")
    if args.players is not None and args.players != len(seats):
        raise TigeuphError(f"--players {args.players} but --seats names {len(seats)} seats")
    if not 2 <= len(seats) <= 4:
        raise TigeuphError(f"--seats names {len(seats)} seats: a game has 2 to 4")
    return seats


def run(args: argparse.Namespace) -> int:
    """Play the game, then save its record."""
    import random

    from ..terminal import play_in_terminal

    if args.game == "babel" and args.seats is None:
        args.players = args.players or 2
    seats = _seats(args)
    if args.max_actions is not None and (args.game != "tigris" or args.max_actions < 1):
        raise TigeuphError(
            f"--max-actions {args.max_actions}: a number of actions, 1 or more, for tigris only"
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    game: Game | BabelGame
    if args.game == "babel":
        from .babel_play import play_babel_in_terminal

        game = play_babel_in_terminal(seats, seed=seed, delay=args.delay)
    else:
        rules = rules_from(args, len(seats))
        game = play_in_terminal(
            seats, rules=rules, seed=seed, delay=args.delay, max_actions=args.max_actions
        )
    if not args.no_record:
        path = Path(args.record or f"tigeuph-game-{seed}.txt")
        try:
            path.write_text(game.to_record(), encoding="utf-8")
        except OSError as err:
            raise TigeuphError(f"cannot save the record to {path}: {err}") from None
        print(f"record saved to {path} (tigeuph replay {path})")
    return 0
