"""``tigeuph play``: a game in the terminal, people against agents, or agents watched; any game
of :data:`tigeuph.GAMES`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from ..core.deals import new_seed
from ..core.errors import TigeuphError
from ..games import GAMES, AnyGame, game_named, player_counts
from ..tools.options import add_rules_options, rule_settings
from .common import read_file

__all__ = ["add", "run"]

DESCRIPTION = """\
Play a game in the terminal: Tigris & Euphrates (--game tigris, the default) or Babel (--game
babel). Each seat is a person ('human') or a computer player: random, greedy, mcts
(mcts:iterations=400 sets its budget), your own as module:factory, or a bot program in any
language as external:COMMAND (docs/protocol.rst). Without --seats you play
seat 0 against greedy players. You see the position as your seat sees it (the board in colour,
your hand and points) and your legal actions; type actions in the game's notation (rE5 puts a
red tile on E5, >H travels to the Hittites; a unique beginning is enough, Tab completes), '?'
for help, 'explain ACTION' to ask why an action is illegal, 'hint' for a greedy player's
choice, 'undo' to take back your last action, 'quit' to stop. With no human seat the game is
played for you to watch. A game that stalls (three whole rounds in which nothing but points
changed, or a turn beginning for the fourth time in the same position, spec D8) or reaches
--max-actions stops there. The game's record is saved at the end
(--record)."""

_TABLE: Final = 3
"""The players seated when neither --players nor --seats says: three where the game takes
three, else the nearest number it takes."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand."""
    parser = commands.add_parser(
        "play", help="play a game in the terminal, or watch one", description=DESCRIPTION
    )
    parser.add_argument(
        "--game",
        choices=tuple(GAMES),
        default=GAMES.default,
        help=f"the game: {', '.join(f'{name} ({g.facts.title})' for name, g in GAMES.items())}; "
        f"default {GAMES.default}",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=sorted({n for game in GAMES.values() for n in game.facts.players}),
        metavar="N",
        help="how many players, as the game allows (default: 3 where the game takes "
        "three, else as many as it takes, or as many as --seats)",
    )
    parser.add_argument(
        "--seats",
        "--agents",
        metavar="SEAT[,SEAT...]",
        help="who plays each seat, seat 0 first: human, random, greedy, mcts, module:factory, "
        "external:COMMAND (a bot program) (default: human, then greedy players)",
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
        help="stop the game after N actions, its record kept (default: the record's bound)",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="pause between actions in a watched game (default 0.5)",
    )
    parser.set_defaults(run=run)


def _seats(args: argparse.Namespace, game: AnyGame) -> list[str]:
    if args.seats is None:
        from ..agents import AGENT_NAMES

        other = "greedy" if "greedy" in AGENT_NAMES else "random"
        players = args.players or min(max(_TABLE, game.facts.players[0]), game.facts.players[-1])
        seats = ["human"] + [other] * (players - 1)
    else:
        seats = [seat.strip() for seat in args.seats.split(",")]
        if "" in seats:
            raise TigeuphError(f"--seats {args.seats!r}: an empty seat")
        if args.players is not None and args.players != len(seats):
            raise TigeuphError(f"--players {args.players} but --seats names {len(seats)} seats")
    if len(seats) not in game.facts.players:
        raise TigeuphError(
            f"{len(seats)} seats: {game.facts.title} is a game for {player_counts(game)} players"
        )
    return seats


def _rules(args: argparse.Namespace, game: AnyGame, players: int) -> object:
    """The rules ``--variant`` and the game's rule options (``--board``) ask for; ``None``
    (the game's standard rules) when they ask for none.

    Raises:
        TigeuphError: a setting the game does not have (one line naming what it takes), or a
            board file that cannot be read.
    """
    settings = rule_settings(game, args, args.variant, read_file)
    if not settings:
        return None
    return game.variants.rules_for(game.variants.make_rules(settings), players)


def run(args: argparse.Namespace) -> int:
    """Play the game, then save its record."""
    from ..terminal import play_in_terminal

    game = game_named(args.game, "--game")
    seats = _seats(args, game)
    rules = _rules(args, game, len(seats))
    if args.max_actions is not None and args.max_actions < 1:
        raise TigeuphError(f"--max-actions {args.max_actions}: a number of actions, 1 or more")
    seed = args.seed if args.seed is not None else new_seed()
    record = play_in_terminal(
        seats,
        game=game.facts.name,
        rules=rules,
        seed=seed,
        delay=args.delay,
        max_actions=args.max_actions,
    )
    if not args.no_record:
        path = Path(args.record or f"tigeuph-game-{seed}.txt")
        try:
            path.write_text(record.to_record(), encoding="utf-8")
        except OSError as err:
            raise TigeuphError(f"cannot save the record to {path}: {err}") from None
        print(f"record saved to {path} (tigeuph replay {path})")
    return 0
