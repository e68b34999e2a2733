"""``tigeuph verify RECORD``: check that a finished game was dealt as its server promised.

A server commits to each game's deal when it makes the game, before the first move, by
publishing the SHA-256 of ``tigeuph-deal:SEED:SALT`` (:func:`tigeuph.deal_commitment`); the
record of the finished game gives the seed and the salt. This command replays the record from
its seed's deal, then checks the commitment (:func:`tigeuph.verify_deal`) and says plainly
what it checked and what it could not.
"""

from __future__ import annotations

import argparse
import json
import string
from typing import Any

from ..core.deals import COMMITMENT_TAG, SALT_TAG, verify_deal
from ..core.errors import DealError, NotationError, TigeuphError
from ..games import AnyGame, Record, game_of_record
from .common import file_name, read_file, unwrap_record

__all__ = ["add", "run"]

DESCRIPTION = """\
Check a game record against the deal its server promised. When a server makes a game it shows
a commitment (deal_commitment): the SHA-256 of 'tigeuph-deal:SEED:SALT', which fixes the deal
without telling it. The finished game's record gives the Seed and the DealSalt. verify replays
every action from that seed's deal, checking each is legal, then checks that Seed and DealSalt
give the commitment: the one you pass with --commitment (the one you saw when the game was
made), and the record's own DealCommitment tag. Without --commitment only the record's tag is
there to compare, and the server wrote that tag too: pass the commitment you saw. Exit status 0
when the deal matches, 1 when it does not or cannot be checked (no Seed, no DealSalt, no
commitment to compare), 2 when the record cannot be read or an action in it is illegal."""

_HEX_DIGITS = 64  # a SHA-256 in hex


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``verify`` subcommand."""
    parser = commands.add_parser(
        "verify",
        help="check that a game record was dealt as its server promised",
        description=DESCRIPTION,
    )
    parser.add_argument(
        "record",
        metavar="RECORD",
        help="a finished game's record, of any game, text or JSON, or a server's answer to "
        "GET /api/games/ID/record ('-': stdin)",
    )
    parser.add_argument(
        "--commitment",
        type=_commitment,
        metavar="HEX",
        help="the deal_commitment the server showed when the game was made (64 hex digits)",
    )
    parser.set_defaults(run=run)


def _commitment(text: str) -> str:
    """*text* as a commitment: 64 hexadecimal digits, in lower case."""
    digits = text.strip().lower()
    if len(digits) != _HEX_DIGITS or not set(digits) <= set(string.hexdigits):
        raise argparse.ArgumentTypeError(
            f"{text[:80]!r} is not a commitment: a SHA-256 is {_HEX_DIGITS} hexadecimal digits"
        )
    return digits


def run(args: argparse.Namespace) -> int:
    """Replay the record, check its deal and print the report; 0 when the deal matches."""
    played, game = _record(args.record)
    salt = game.tags.get(SALT_TAG)
    tag = game.tags.get(COMMITMENT_TAG)
    try:
        computed = verify_deal(game, args.commitment)
    except DealError as err:
        print(f"deal NOT verified: {_printable(str(err))}")
        return 1
    if args.commitment is None and tag is None:
        print(
            f"deal NOT verified: nothing to check it against, the record has no "
            f"{COMMITMENT_TAG} tag and no --commitment was given (Seed and {SALT_TAG} give "
            f"{computed}: compare it with the commitment the server showed)"
        )
        return 1
    assert game.seed is not None and salt is not None  # verify_deal checked both
    print("\n".join(_report(played, game, salt, computed, given=args.commitment, tag=tag)))
    return 0


def _record(path: str) -> tuple[AnyGame, Any]:
    """The game the file at *path* is a record of (text or JSON), and the record replayed.

    Raises:
        TigeuphError: the file cannot be read or holds no record of a game.
    """
    name = file_name(path)
    text = unwrap_record(read_file(path), name)
    try:
        game = game_of_record(text)
        if text.lstrip().startswith("{"):
            return game, game.records.record_from_json(text)
        return game, game.records.record_from_text(text)
    except NotationError as err:
        raise TigeuphError(f"{name}: not a game record: {err}") from None
    except (RecursionError, MemoryError):  # the readers bound their input: a last guard
        raise TigeuphError(f"{name}: too deeply nested or too large to read") from None


def _report(
    played: AnyGame, game: Any, salt: str, computed: str, *, given: str | None, tag: str | None
) -> list[str]:
    """The lines saying what was checked of *game*'s deal and what was not."""
    assert game.seed is not None
    matched = []
    if given is not None:
        matched.append("the commitment you gave (--commitment)")
    if tag is not None:
        matched.append(f"the record's {COMMITMENT_TAG} tag")
    lines = [
        f"seed:        {game.seed}",
        f"salt:        {_printable(salt)}",
        f"commitment:  {computed}",
        f"             (the SHA-256 of 'tigeuph-deal:{game.seed}:{_printable(salt)}')",
        f"matches:     {' and '.join(matched)}",
        f"game:        {played.facts.title}",
        f"rules:       {_rules_text(played, game.states[0])}",
        f"actions:     {len(game.actions)}, each legal, replayed from the seed's deal",
        f"result:      {_result_text(played, game)}",
        "",
        "Checked: the game was dealt from this seed, every action in the record is legal, and",
        f"Seed and {SALT_TAG} give the commitment above.",
    ]
    if given is not None:
        lines += [
            "If the commitment you gave is the one the server showed when it made the game,",
            "the deal (the bag and every hand) was fixed then, before the first move, and was",
            "not changed after.",
        ]
    else:
        lines += [
            "NOT checked: that the server showed this commitment when it made the game. The",
            f"{COMMITMENT_TAG} tag was written by the server that wrote the record, so a",
            "cheating server could have written a matching one: pass --commitment HEX with the",
            "deal_commitment you saw when the game was made.",
        ]
    lines += [
        "Not checkable here: that these are the actions that were played (compare them with",
        "the game you saw), how the server chose the seed before committing to it, and that",
        "it kept the deal secret from every player during the game.",
    ]
    return lines


def _printable(text: str) -> str:
    """*text* with every character a terminal would act on (escapes, controls) written as its
    Python escape: a record is the server's text, and must not redraw the report."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def _rules_text(played: AnyGame, first: Any) -> str:
    """The rules the game was played under, as ``key=value`` words (``standard``: none)."""
    rules = played.variants.rules_to_json(played.variants.rules_of(first))
    words = [f"players={played.player_count(first)}"]
    words += [f"{key}={json.dumps(value).strip(chr(34))}" for key, value in rules.items()]
    return " ".join(words)


def _result_text(played: AnyGame, game: Record) -> str:
    """How the game ended (or why it stopped, or that it goes on), in a few words."""
    if game.state.is_over:
        return f"game over: {played.presentation.result_text(game.state)}"
    stopped = game.stopped
    if stopped is not None:
        return f"stopped before its end ({stopped.value})"
    return "not over: the record stops before the end of the game"
